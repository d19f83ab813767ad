//! Tests of the deck editing model against the real card files.
use super::*;
use crate::data::deck::DECK_SIZE;

fn db() -> CardDb {
    CardDb::load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")).unwrap()
}

fn deck_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("decks")
        .join(name)
}

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("orbitals-deck-edit-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn ids(d: &DeckDraft) -> Vec<&str> {
    d.cards.iter().map(String::as_str).collect()
}

#[test]
fn every_shipped_deck_round_trips() {
    let db = db();
    for f in deck_files(&deck_path("")).unwrap() {
        let deck = Deck::load(&f, &db).unwrap();
        let opened = DeckDraft::open(&f).unwrap();
        assert!(
            opened.notes.is_empty(),
            "{}: {:?}",
            f.display(),
            opened.notes
        );
        let text = opened.draft.to_yaml();
        // Load → save → load gives the identical deck, and the header comment is kept.
        let again = Deck::parse(&f, &text, &db).unwrap();
        assert_eq!(again, deck, "{}", f.display());
        assert_eq!(DeckDraft::from_yaml(&text).unwrap().draft, opened.draft);
        assert!(
            text.starts_with('#'),
            "{}: header comment kept",
            f.display()
        );
        // From the checked deck too.
        let d2 = DeckDraft::from_deck(&deck, &db);
        assert_eq!(Deck::parse(&f, &d2.to_yaml(), &db).unwrap(), deck);
    }
}

#[test]
fn awkward_names_are_quoted_and_round_trip() {
    let db = db();
    let base = DeckDraft::open(&deck_path("bastion.yaml")).unwrap().draft;
    for name in [
        "Plain name",
        "true",
        "123",
        "null",
        "a: b # c",
        "- dash",
        "quote \" and \\ slash",
        "ünïcödé ✦",
        "tab\tand\nnewline",
        "'single'",
        "  spaces  ",
    ] {
        let mut d = base.clone();
        d.name = name.to_string();
        let text = d.to_yaml();
        let back = Deck::parse(Path::new("x.yaml"), &text, &db)
            .unwrap_or_else(|e| panic!("{name:?}: {e}\n{text}"));
        assert_eq!(back.name, name, "{text}");
    }
}

#[test]
fn saved_file_loads_back_identically() {
    let db = db();
    let dir = scratch("roundtrip");
    let opened = DeckDraft::open(&deck_path("swarm.yaml")).unwrap().draft;
    let path = dir.join(file_name_for(&opened.name));
    save_atomic(&path, &opened.to_yaml(), false).unwrap();
    let loaded = Deck::load(&path, &db).unwrap();
    assert_eq!(loaded, Deck::load(&deck_path("swarm.yaml"), &db).unwrap());
    assert_eq!(DeckDraft::open(&path).unwrap().draft, opened);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_never_overwrites_silently_and_leaves_no_temp_file() {
    let dir = scratch("atomic");
    let path = dir.join("mine.yaml");
    save_atomic(&path, "name: one\n", false).unwrap();
    // A second save without confirmation is refused, and the file is untouched.
    assert_eq!(
        save_atomic(&path, "name: two\n", false),
        Err(SaveError::Exists(path.clone()))
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "name: one\n");
    // Confirmed: replaced whole.
    save_atomic(&path, "name: two\n", true).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "name: two\n");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        vec!["mine.yaml".to_string()],
        "no temporary files left"
    );
    // A directory that does not exist: an error, nothing written, no panic.
    let bad = dir.join("missing").join("x.yaml");
    assert!(matches!(
        save_atomic(&bad, "x", false),
        Err(SaveError::Io(_))
    ));
    assert!(!bad.exists());
    // A directory in the way of the name.
    std::fs::create_dir(dir.join("taken.yaml")).unwrap();
    assert!(save_atomic(&dir.join("taken.yaml"), "x", false).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn editing_operations() {
    let mut d = DeckDraft::default();
    for c in ["a", "b", "c", "d"] {
        d.push(c);
    }
    assert_eq!(d.duplicate(1), Some(2));
    assert_eq!(ids(&d), ["a", "b", "b", "c", "d"]);
    assert_eq!(d.remove(0).as_deref(), Some("a"));
    assert_eq!(d.remove(9), None);
    assert_eq!(ids(&d), ["b", "b", "c", "d"]);
    assert_eq!(d.move_up(0), None);
    assert_eq!(d.move_down(3), None);
    assert_eq!(d.move_down(1), Some(2));
    assert_eq!(ids(&d), ["b", "c", "b", "d"]);
    assert_eq!(d.move_up(3), Some(2));
    assert_eq!(ids(&d), ["b", "c", "d", "b"]);
    // Drag the top card between the 3rd and 4th rows.
    assert_eq!(d.move_before(0, 3), Some(2));
    assert_eq!(ids(&d), ["c", "d", "b", "b"]);
    // Drag the bottom card to the top, then to the very bottom.
    assert_eq!(d.move_before(3, 0), Some(0));
    assert_eq!(d.move_before(0, 4), Some(3));
    assert_eq!(d.move_card(7, 0), None);
    assert_eq!(d.insert(99, "z"), 4);
    assert_eq!(d.insert(1, "y"), 1);
    assert_eq!(ids(&d), ["c", "y", "d", "b", "b", "z"]);
    assert_eq!(d.count("b"), 2);
}

#[test]
fn undo_and_redo() {
    let mut d = DeckDraft::default();
    let mut h = History::default();
    h.record(&d);
    d.push("a");
    h.record(&d);
    d.push("b");
    assert!(h.undo(&mut d));
    assert_eq!(ids(&d), ["a"]);
    assert!(h.undo(&mut d));
    assert!(d.cards.is_empty());
    assert!(!h.undo(&mut d));
    assert!(h.redo(&mut d));
    assert!(h.redo(&mut d));
    assert_eq!(ids(&d), ["a", "b"]);
    assert!(!h.can_redo());
    h.record(&d);
    d.remove(0);
    assert!(!h.can_redo(), "a new change drops the redo list");
}

#[test]
fn validation_comes_from_the_engine_and_is_placed() {
    let db = db();
    let path = Path::new("decks/test.yaml");
    let good = DeckDraft::open(&deck_path("vanguard.yaml")).unwrap().draft;
    let c = good.check(path, &db);
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    assert_eq!(c.deck.unwrap().cards.len(), DECK_SIZE);

    let mut bad = good.clone();
    bad.cards.pop();
    bad.cards[3] = "no_such_card".into();
    bad.homeworld = "wasp".into();
    bad.name = " ".into();
    let c = bad.check(path, &db);
    assert!(c.deck.is_none());
    assert_eq!(c.at(Place::Count).count(), 1);
    assert!(c
        .at(Place::Count)
        .next()
        .unwrap()
        .message
        .contains("found 29"));
    assert_eq!(c.at(Place::Slot(3)).count(), 1);
    assert!(c
        .at(Place::Slot(3))
        .next()
        .unwrap()
        .message
        .contains("no_such_card"));
    assert!(c
        .at(Place::Homeworld)
        .next()
        .unwrap()
        .message
        .contains("homeworld"));
    assert_eq!(c.at(Place::Name).count(), 1);

    let mut none = good.clone();
    none.homeworld.clear();
    let c = none.check(path, &db);
    assert!(c
        .at(Place::Homeworld)
        .next()
        .unwrap()
        .message
        .contains("choose"));
}

#[test]
fn broken_files_open_with_notes_and_never_panic() {
    let o = DeckDraft::from_yaml("name: X\nhomeworld: terra\ncards: [wasp, {a: 1}, 7]\nextra: 1\n")
        .unwrap();
    assert_eq!(o.draft.cards, ["wasp", "7"]);
    assert_eq!(o.notes.len(), 2, "{:?}", o.notes);
    assert!(DeckDraft::from_yaml("- just\n- a list\n").is_err());
    assert!(DeckDraft::from_yaml(": : :\n  - [").is_err());
    let empty = DeckDraft::from_yaml("{}").unwrap().draft;
    assert_eq!(empty, DeckDraft::default());
    assert!(DeckDraft::open(Path::new("/nonexistent/deck.yaml")).is_err());
    // An empty draft still checks (with problems) and serializes.
    let db = db();
    let c = DeckDraft::default().check(Path::new("x.yaml"), &db);
    assert!(c.deck.is_none() && !c.problems.is_empty());
}

#[test]
fn stats_of_a_shipped_deck() {
    let db = db();
    let d = DeckDraft::open(&deck_path("bastion.yaml")).unwrap().draft;
    let s = DeckStats::compute(&d, &db);
    assert_eq!(s.cards, 30);
    assert_eq!(s.spacecraft + s.assets + s.upgrades, 30);
    assert_eq!(s.curve.iter().sum::<usize>(), 30);
    assert_eq!(s.classes.iter().sum::<usize>(), s.spacecraft);
    // Ares Prime: population 6, construction power 3.
    assert_eq!((s.population_home, s.power_home), (6, 3));
    let needed: u32 = d
        .cards
        .iter()
        .filter_map(|c| {
            db.card(db.lookup(c).unwrap())
                .ship()
                .map(|s| s.population as u32)
        })
        .sum();
    assert_eq!(s.population_needed, needed);
    assert!(
        s.population_provided > s.population_home,
        "assets and habitat rings add"
    );
    assert!(s.power_total > s.power_home);
    assert_eq!(s.draws_per_turn, 1);
    assert!(s.average_cost() > 0.0);
}

#[test]
fn stats_flag_classes_nothing_builds() {
    let db = db();
    let mut d = DeckDraft::new("t", &db);
    d.homeworld = "terra".into(); // no capital yards
    let capital = db
        .iter()
        .find(|(_, c)| c.ship().map(|s| s.class == Class::Capital).unwrap_or(false))
        .map(|(_, c)| c.id.clone())
        .unwrap();
    d.push(&capital);
    d.push("nonsense");
    let s = DeckStats::compute(&d, &db);
    assert_eq!(s.unbuildable, vec![Class::Capital]);
    assert_eq!(s.unknown, 1);
}

#[test]
fn draw_turns_follow_o3_and_o19() {
    assert_eq!(draw_turn(0, 1), None);
    assert_eq!(draw_turn(4, 1), None);
    assert_eq!(draw_turn(5, 1), Some(1));
    assert_eq!(draw_turn(29, 1), Some(25));
    assert_eq!(draw_turn(6, 2), Some(1));
    assert_eq!(draw_turn(7, 2), Some(2));
    assert_eq!(draw_turn(7, 0), Some(3));
}

#[test]
fn library_filters() {
    let db = db();
    let all = library(&db, &LibraryFilter::default());
    assert_eq!(all.len(), db.len());
    let ships = library(
        &db,
        &LibraryFilter {
            kind: Some(KindFilter::Spacecraft),
            ..Default::default()
        },
    );
    assert!(!ships.is_empty() && ships.iter().all(|c| db.card(*c).ship().is_some()));
    let homes = library(
        &db,
        &LibraryFilter {
            kind: Some(KindFilter::Homeworld),
            ..Default::default()
        },
    );
    assert_eq!(homes.len(), homeworlds(&db).len());
    assert!(homes.iter().all(|h| homeworlds(&db).contains(h)));
    let frig = library(
        &db,
        &LibraryFilter {
            class: Some(Class::Frigate),
            ..Default::default()
        },
    );
    assert!(frig.iter().all(|c| match &db.card(*c).kind {
        CardKind::Spacecraft(s) => s.class == Class::Frigate,
        CardKind::Asset(a) => a.has_factory(Class::Frigate),
        CardKind::Upgrade(_) => false,
    }));
    let cheap = library(
        &db,
        &LibraryFilter {
            cost_max: 3,
            ..Default::default()
        },
    );
    assert!(cheap.iter().all(|c| db.card(*c).construction_cost <= 3));
    let named = library(
        &db,
        &LibraryFilter {
            text: "ARES".into(),
            ..Default::default()
        },
    );
    assert_eq!(named, vec![db.lookup("ares").unwrap()]);
}

#[test]
fn file_names_from_deck_names() {
    assert_eq!(file_name_for("My Deck!"), "my_deck.yaml");
    assert_eq!(file_name_for("  "), "deck.yaml");
    assert_eq!(file_name_for("../../etc"), "etc.yaml");
    assert_eq!(file_name_for("Ünï 2"), "n_2.yaml");
}

/// Finding of the bad-input review: open → save changed values (`1e3` → `1000.0`, `0x1F` →
/// `31`, `~` → `""`) and dropped comments. A save keeps every line it did not edit.
#[test]
fn save_keeps_every_line_it_did_not_edit() {
    let text = "# my deck\nname: 1e3 # named after a number\nhomeworld: terra\n\
                cards:\n  # first the fighters\n  - 0x1F\n  - 1e3\n  - wasp\n# the end\nextra: ~\n";
    let opened = DeckDraft::from_yaml(text).unwrap().draft;
    assert_eq!(opened.name, "1e3");
    assert_eq!(opened.cards, vec!["0x1F", "1e3", "wasp"]);
    assert_eq!(opened.to_yaml(), text, "open → save changes nothing");
    let mut d = opened.clone();
    d.cards.push("mite".into());
    let saved = d.to_yaml();
    for kept in [
        "# my deck",
        "name: 1e3 # named after a number",
        "homeworld: terra",
        "  # first the fighters",
        "# the end",
        "extra: ~",
    ] {
        assert!(saved.lines().any(|l| l == kept), "lost `{kept}`:\n{saved}");
    }
    assert!(saved.contains("  - mite"), "{saved}");
    assert_eq!(DeckDraft::from_yaml(&saved).unwrap().draft.cards, d.cards);
    let null_name = "name: ~\nhomeworld: terra\ncards: []\n";
    let mut n = DeckDraft::from_yaml(null_name).unwrap().draft;
    assert_eq!(n.to_yaml(), null_name);
    n.homeworld = "ares".into();
    assert!(
        n.to_yaml().starts_with("name: ~\nhomeworld: ares\n"),
        "{}",
        n.to_yaml()
    );
}

#[test]
fn description_is_kept_edited_and_added_under_the_name() {
    let db = db();
    let path = deck_path("blitz.yaml");
    let mut d = DeckDraft::open(&path).unwrap().draft;
    let shipped = Deck::load(&path, &db).unwrap();
    assert!(d.description.starts_with("Rush"), "{}", d.description);
    assert_eq!(d.description, shipped.description);
    d.description = "Rush: all in by turn ten.".into();
    let text = d.to_yaml();
    assert!(
        text.contains("description: \"Rush: all in by turn ten.\"\n"),
        "{text}"
    );
    assert_eq!(
        Deck::parse(&path, &text, &db).unwrap().description,
        "Rush: all in by turn ten."
    );
    // A file without a description gets one on the line after `name:`.
    let bare = "name: Bare\nhomeworld: terra\ncards: [wasp]\n";
    let mut b = DeckDraft::from_yaml(bare).unwrap().draft;
    assert_eq!(b.description, "");
    b.description = "Fighters".into();
    assert!(b
        .to_yaml()
        .starts_with("name: Bare\ndescription: Fighters\nhomeworld: terra\n"));
    // A description is one line: a multi-line one is reported at the name.
    b.description = "two\nlines".into();
    let checked = b.check(&path, &db);
    assert!(checked
        .at(Place::Name)
        .any(|p| p.message.contains("one line")));
}
