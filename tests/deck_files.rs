//! Deck files survive the deck builder: every shipped deck and a set of hand-written decks with
//! comments, quotes and odd spacing open and save unchanged, and each edit changes only the
//! lines of what was edited.
use orbitals::data::db::CardDb;
use orbitals::data::deck::Deck;
use orbitals::data::deck_edit::DeckDraft;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn db() -> CardDb {
    CardDb::load_dir(&root().join("cards")).unwrap()
}

/// Every shipped deck and every hand-written fixture.
fn deck_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["decks", "tests/fixtures/commented_decks"] {
        for e in std::fs::read_dir(root().join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "yaml") {
                files.push(p);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 9, "{files:?}");
    files
}

/// A named change to a draft.
type Edit = fn(&mut DeckDraft);

/// Lines of `before` that are missing from `after` (counted as a multiset).
fn lost_lines(before: &str, after: &str) -> Vec<String> {
    let mut have: HashMap<&str, i32> = HashMap::new();
    for l in after.lines() {
        *have.entry(l).or_default() += 1;
    }
    let mut lost = Vec::new();
    for l in before.lines() {
        let n = have.entry(l).or_default();
        if *n > 0 {
            *n -= 1;
        } else {
            lost.push(l.to_string());
        }
    }
    lost
}

/// Saves `draft`, checks the text loads back as the same deck, and returns it.
fn save(path: &Path, draft: &DeckDraft, db: &CardDb) -> String {
    let text = draft.to_yaml();
    let deck = Deck::parse(path, &text, db)
        .unwrap_or_else(|e| panic!("{}: saved text does not load: {e}\n{text}", path.display()));
    let ids: Vec<&str> = deck.cards.iter().map(|c| db.card(*c).id.as_str()).collect();
    let want: Vec<&str> = draft.cards.iter().map(|c| c.trim()).collect();
    assert_eq!(ids, want, "{}", path.display());
    assert_eq!(deck.name, draft.name.trim(), "{}", path.display());
    assert_eq!(db.card(deck.homeworld).id, draft.homeworld.trim());
    text
}

#[test]
fn every_deck_file_opens_and_saves_unchanged() {
    let db = db();
    for path in deck_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        Deck::load(&path, &db).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let draft = DeckDraft::open(&path).unwrap().draft;
        assert_eq!(save(&path, &draft, &db), text, "{}", path.display());
    }
}

#[test]
fn card_edits_keep_every_other_line_and_comment() {
    let db = db();
    for path in deck_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let opened = DeckDraft::open(&path).unwrap().draft;
        let edits: [(&str, Edit); 4] = [
            ("swap one card for another", |d| {
                d.remove(7);
                d.push("wasp");
            }),
            ("move a card down", |d| {
                d.move_card(2, 9);
            }),
            ("replace a card in place", |d| {
                d.cards[12] = "mite".into();
            }),
            ("rename and change homeworld", |d| {
                d.name = "Renamed deck".into();
                d.homeworld = if d.homeworld == "terra" {
                    "ares"
                } else {
                    "terra"
                }
                .into();
            }),
        ];
        for (what, edit) in edits {
            let mut d = opened.clone();
            edit(&mut d);
            let saved = save(&path, &d, &db);
            let lost = lost_lines(&text, &saved);
            for l in &lost {
                let t = l.trim_start();
                assert!(
                    !t.starts_with('#') && !t.is_empty(),
                    "{} ({what}): lost the comment or blank line `{l}`:\n{saved}",
                    path.display()
                );
            }
            assert!(
                lost.len() <= 2,
                "{} ({what}): {} lines rewritten: {lost:?}",
                path.display(),
                lost.len()
            );
        }
    }
}

#[test]
fn hand_written_spellings_survive_next_to_an_edit() {
    let db = db();
    let path = root().join("tests/fixtures/commented_decks/raiders_notes.yaml");
    let mut d = DeckDraft::open(&path).unwrap().draft;
    assert_eq!(d.name, "Raiders (my notes)");
    assert_eq!(d.cards[1], "stinger");
    d.homeworld = "terra".into();
    d.cards.swap(20, 21);
    let saved = save(&path, &d, &db);
    for kept in [
        "name: 'Raiders (my notes)'   # quoted with single quotes on purpose",
        "  - \"stinger\"        # double-quoted id",
        "  - habitat_ring   # population before the second wave",
        "  # --- late game ---",
        "# end of list",
        "homeworld: terra # shallow orbit, cheap transfers",
    ] {
        assert!(saved.lines().any(|l| l == kept), "lost `{kept}`:\n{saved}");
    }
    // A folded description edited becomes one line; the lines around it stay.
    d.description = "Raiders, edited.".into();
    let saved = save(&path, &d, &db);
    assert!(
        saved.contains("\ndescription: \"Raiders, edited.\"\nhomeworld: terra"),
        "{saved}"
    );
    assert!(
        saved.contains("# Every comment here must survive"),
        "{saved}"
    );
}
