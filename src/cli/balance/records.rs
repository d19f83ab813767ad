//! Balance runs kept game by game, and merged. A report written with `--json` holds every
//! game it played (which pairing, who sat where, who won, the cards each side put into play),
//! the decks card by card and a fingerprint of the card definitions, so that runs played with
//! other seeds, at other times or on other machines can be added together
//! (`orbitals balance --merge A.json B.json …`) into one matrix with the intervals of all their
//! games. Runs merge only when they played the same agent, turn limit, decks and cards, with
//! different seeds.
use anyhow::{bail, Context, Result};
use orbitals::data::{CardDb, Deck};
use orbitals::ids::CardId;
use orbitals::kit::summary::GameResult;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One game of a balance run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairGame {
    /// The pairing: indices into the report's decks, the lower first (equal in a mirror).
    pub pair: [usize; 2],
    /// `sides[seat]`: the side in that seat; side 0 plays `pair[0]`'s deck, side 1 `pair[1]`'s.
    pub sides: [usize; 2],
    /// The winning side; none for a draw.
    pub winner: Option<usize>,
    /// The side that moved first.
    pub first_side: usize,
    pub turns: u16,
    /// Each side's cards put into play (started as a project or built), by card id, sorted.
    pub played: [Vec<String>; 2],
}

impl PairGame {
    /// The game as the series statistics see it.
    pub fn result(&self) -> GameResult {
        GameResult {
            sides: self.sides.to_vec(),
            winner: self.winner,
            first_side: self.first_side,
            turns: self.turns,
            score: None,
            decided: self.winner.is_some(),
            slowest: Vec::new(),
        }
    }

    /// Side `k`'s score: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn score(&self, k: usize) -> f64 {
        match self.winner {
            Some(w) if w == k => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// Everything a report is built from: the settings, the decks and every game.
pub struct Run {
    pub agent: String,
    /// The seed of each run added together (one for a single run).
    pub seeds: Vec<u64>,
    pub games_per_pair: u32,
    pub turn_limit: u16,
    pub decks: Vec<Deck>,
    pub games: Vec<PairGame>,
    /// Seconds spent playing (reused games not counted).
    pub seconds: f64,
    /// Games taken from an earlier report rather than played (`--reuse`).
    pub reused: u32,
}

/// A fingerprint of the card definitions (FNV-1a over each card's full definition in table
/// order, but not the file it was read from): two runs with the same fingerprint played the
/// same cards, wherever their card folder was.
pub fn cards_fingerprint(db: &CardDb) -> String {
    // Each card's place is its position in this order.
    fingerprint(db, db.iter().map(|(id, _)| (id, false)))
}

/// A fingerprint of the definitions of the cards of deck `d` (its homeworld and each distinct
/// card once, with its place in the card table), as [`cards_fingerprint`] is of them all. A
/// pairing's games read no other card, so two runs whose decks have the same fingerprints
/// played that pairing with the same cards even if other cards of the table changed.
pub fn deck_fingerprint(db: &CardDb, d: &Deck) -> String {
    let mut ids: Vec<CardId> = std::iter::once(d.homeworld)
        .chain(d.cards.iter().copied())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    fingerprint(db, ids.into_iter().map(|id| (id, true)))
}

/// FNV-1a over the full definition (but not the file) of each card of `ids`, after its table
/// index where the flag says so.
fn fingerprint(db: &CardDb, ids: impl Iterator<Item = (CardId, bool)>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (id, indexed) in ids {
        let card = orbitals::data::Card {
            source: PathBuf::new(),
            ..db.card(id).clone()
        };
        let index = if indexed {
            format!("{}:", id.index())
        } else {
            String::new()
        };
        for b in format!("{index}{card:?}").bytes().chain([0xff]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// A deck as card ids, homeworld first, then the 30 cards in draw order.
pub fn deck_cards(db: &CardDb, d: &Deck) -> Vec<String> {
    std::iter::once(d.homeworld)
        .chain(d.cards.iter().copied())
        .map(|id| db.card(id).id.clone())
        .collect()
}

/// The parts of a `balance --json` report a merge reads.
#[derive(Deserialize)]
pub(super) struct RunFile {
    pub agent: String,
    pub games_per_pair: u32,
    pub seeds: Vec<u64>,
    pub turn_limit: u16,
    pub decks: Vec<String>,
    pub deck_cards: Vec<Vec<String>>,
    pub cards_fingerprint: String,
    /// Each deck's [`deck_fingerprint`]; absent from reports older than it.
    #[serde(default)]
    pub deck_fingerprints: Vec<String>,
    pub game_results: Vec<PairGame>,
    seconds: f64,
    /// Absent from reports older than `--reuse`.
    #[serde(default)]
    reused_games: u32,
}

/// A `balance --json` report, read and checked against its own decks and the cards in `db`.
pub(super) fn read_checked(path: &Path, db: &CardDb) -> Result<RunFile> {
    let f = read(path)?;
    let name = path.display();
    if f.deck_cards.len() != f.decks.len() {
        bail!(
            "{name}: {} decks but {} deck lists",
            f.decks.len(),
            f.deck_cards.len()
        );
    }
    check_games(&f, db).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    Ok(f)
}

fn read(path: &Path) -> Result<RunFile> {
    let text = std::fs::read_to_string(path).with_context(|| format!("{}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}: line {} column {}: {e} (a merge reads the reports of `orbitals balance --json`)",
            path.display(),
            e.line(),
            e.column()
        )
    })
}

/// Checks one run's games against its decks and the card table; the first problem, if any.
fn check_games(f: &RunFile, db: &CardDb) -> std::result::Result<(), String> {
    let n = f.decks.len();
    for (k, g) in f.game_results.iter().enumerate() {
        let game = k + 1;
        if g.pair[0] > g.pair[1] || g.pair[1] >= n {
            return Err(format!(
                "game {game}: pair {:?} is not two of the {n} decks, lower first",
                g.pair
            ));
        }
        if g.sides != [0, 1] && g.sides != [1, 0] {
            return Err(format!(
                "game {game}: sides {:?} is not a seating of sides 0 and 1",
                g.sides
            ));
        }
        if g.winner.is_some_and(|w| w > 1) || g.first_side > 1 {
            return Err(format!(
                "game {game}: winner or first side is not side 0 or 1"
            ));
        }
        if let Some(c) = g.played.iter().flatten().find(|c| db.lookup(c).is_none()) {
            return Err(format!("game {game}: card `{c}` is not in the card table"));
        }
    }
    Ok(())
}

/// The runs in `files` added together, checked against each other and against the cards in
/// `db` (which every run must have played with).
pub fn merge(files: &[PathBuf], db: &CardDb) -> Result<Run> {
    let fingerprint = cards_fingerprint(db);
    let mut runs: Vec<(&PathBuf, RunFile)> = Vec::new();
    for p in files {
        let f = read_checked(p, db)?;
        let name = p.display();
        if f.cards_fingerprint != fingerprint {
            bail!(
                "{name}: played with other card definitions than the cards loaded now \
                 (fingerprint {} here, {fingerprint} now): runs merge only over the same cards",
                f.cards_fingerprint
            );
        }
        if let Some((q, first)) = runs.first() {
            let q = q.display();
            if f.agent != first.agent {
                bail!(
                    "{name}: agent `{}`, but {q} played `{}`",
                    f.agent,
                    first.agent
                );
            }
            if f.turn_limit != first.turn_limit {
                bail!(
                    "{name}: turn limit {}, but {q} played to {}",
                    f.turn_limit,
                    first.turn_limit
                );
            }
            if f.decks != first.decks {
                bail!(
                    "{name}: decks {:?}, but {q} played {:?}",
                    f.decks,
                    first.decks
                );
            }
            if let Some(k) = (0..f.decks.len()).find(|&k| f.deck_cards[k] != first.deck_cards[k]) {
                bail!(
                    "{name}: its {} deck holds other cards than {q}'s",
                    f.decks[k]
                );
            }
        }
        for (q, other) in &runs {
            if let Some(s) = f.seeds.iter().find(|s| other.seeds.contains(s)) {
                bail!(
                    "{name} and {} both ran seed {s}: they played the same games; give each run \
                     its own --seed",
                    q.display()
                );
            }
        }
        runs.push((p, f));
    }
    let Some((_, first)) = runs.first() else {
        bail!("--merge: no reports given");
    };
    let decks = first
        .decks
        .iter()
        .zip(&first.deck_cards)
        .map(|(name, ids)| deck_of(db, name, ids))
        .collect::<Result<Vec<_>>>()?;
    let n = decks.len();
    let mut run = Run {
        agent: first.agent.clone(),
        seeds: Vec::new(),
        games_per_pair: 0,
        turn_limit: first.turn_limit,
        decks,
        games: Vec::new(),
        seconds: 0.0,
        reused: 0,
    };
    for (_, f) in runs {
        run.seeds.extend(f.seeds);
        run.games_per_pair += f.games_per_pair;
        run.games.extend(f.game_results);
        run.seconds += f.seconds;
        run.reused += f.reused_games;
    }
    for i in 0..n {
        for j in i..n {
            if !run.games.iter().any(|g| g.pair == [i, j]) {
                bail!(
                    "--merge: no game of {} against {} in these reports",
                    run.decks[i].name,
                    run.decks[j].name
                );
            }
        }
    }
    Ok(run)
}

/// A deck from its name and card ids (homeworld first), as a report lists it.
fn deck_of(db: &CardDb, name: &str, ids: &[String]) -> Result<Deck> {
    let mut cards = Vec::with_capacity(ids.len());
    for id in ids {
        let Some(c) = db.lookup(id) else {
            bail!("deck {name}: card `{id}` is not in the card table");
        };
        cards.push(c);
    }
    let Some((&homeworld, rest)) = cards.split_first() else {
        bail!("deck {name}: no cards listed");
    };
    Ok(Deck {
        name: name.to_string(),
        description: String::new(),
        homeworld,
        cards: rest.to_vec(),
    })
}

/// Card ids in a sorted, deduplicated list.
pub fn card_ids(db: &CardDb, ids: impl IntoIterator<Item = CardId>) -> Vec<String> {
    let mut v: Vec<CardId> = ids.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    v.into_iter().map(|id| db.card(id).id.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fingerprint follows what the cards say, not where their files are.
    #[test]
    fn the_fingerprint_is_of_the_cards_not_their_folder() {
        let here = CardDb::load_dir(Path::new("cards")).unwrap();
        let full = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let there = CardDb::load_dir(&full).unwrap();
        assert_eq!(cards_fingerprint(&here), cards_fingerprint(&there));
        // In name order, as a folder is read.
        let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(&full)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .map(|p| {
                let t = std::fs::read_to_string(&p).unwrap();
                (p, t)
            })
            .collect();
        files.sort();
        let sources: Vec<(&Path, &str)> = files
            .iter()
            .map(|(p, t)| (p.as_path(), t.as_str()))
            .collect();
        let same = CardDb::from_sources(&sources).unwrap();
        assert_eq!(cards_fingerprint(&same), cards_fingerprint(&here));
        // One number changed: another fingerprint.
        let (k, changed) = files
            .iter()
            .enumerate()
            .find_map(|(k, (_, t))| {
                t.contains("construction_cost: 2\n").then(|| {
                    (
                        k,
                        t.replacen("construction_cost: 2\n", "construction_cost: 3\n", 1),
                    )
                })
            })
            .expect("a card of cost 2");
        let mut sources = sources;
        sources[k].1 = &changed;
        let other = CardDb::from_sources(&sources).unwrap();
        assert_ne!(cards_fingerprint(&other), cards_fingerprint(&here));
    }
}
