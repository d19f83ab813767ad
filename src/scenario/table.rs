//! The card game's table for the kit's series ([`crate::kit::series`]): which decks sit at the
//! table in each game.
//!
//! Two sides, A and B. By default each side keeps its deck when seats swap; with
//! `swap_decks` the decks follow the seats instead (seat 1 always plays deck A, so each agent
//! plays both decks); with a `mirror` pool both seats of game pair `k` play `mirror[k % len]`;
//! with a `cross` pool game pairs take every ordered pair of two different decks of the pool in
//! turn, the decks following the seats, so that each agent plays each deck of every pairing in
//! both seats (an agent comparison over the whole pool that is not only mirrors).
//! The seeded first-player draw (O3) gives the first move to a different side in each game of
//! a pair.
use super::{Handles, ScenarioFile};
use crate::core::table::{Start, Table};
use crate::core::SourceFile;
use crate::data::{CardDb, Deck};
use crate::rules;
use crate::state::State;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Which decks play.
#[derive(Clone, Debug)]
pub struct DeckTable {
    pub db: Arc<CardDb>,
    /// Deck of side A and of side B.
    pub decks: [Deck; 2],
    pub turn_limit: u16,
    pub swap_decks: bool,
    /// Mirror matches over a pool of decks (when not empty, `decks` is not used).
    pub mirror: Vec<Deck>,
    /// Crossed matches over a pool of at least two decks (when not empty, `decks` and
    /// `mirror` are not used): see [`DeckTable::cross_pair`].
    pub cross: Vec<Deck>,
    /// The card folder; replays name it relative to where they are written.
    pub cards: PathBuf,
}

/// Path of `target` written relative to the directory of `from_file`, if both resolve.
pub fn relative_to(target: &Path, from_file: &Path) -> String {
    let t = std::fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf());
    let dir = from_file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let d = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let (tc, dc): (Vec<_>, Vec<_>) = (t.components().collect(), d.components().collect());
    let common = tc.iter().zip(&dc).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..dc.len() {
        out.push("..");
    }
    for c in &tc[common..] {
        out.push(c);
    }
    out.to_string_lossy().into_owned()
}

impl DeckTable {
    /// The decks of game `index` in seat order.
    pub fn decks_of(&self, index: u32, sides: &[usize]) -> Vec<Deck> {
        if let Some((x, y)) = self.cross_pair(index) {
            vec![self.cross[x].clone(), self.cross[y].clone()]
        } else if !self.mirror.is_empty() {
            let d = &self.mirror[(index / 2) as usize % self.mirror.len()];
            vec![d.clone(), d.clone()]
        } else if self.swap_decks {
            self.decks.to_vec()
        } else {
            sides.iter().map(|&side| self.decks[side].clone()).collect()
        }
    }

    /// With a `cross` pool of `n` decks, the pool indices of the decks of seats 1 and 2 in game
    /// `index`: game pair `k` plays ordered pair `k mod n(n-1)`, the pairs listed by their two
    /// decks `i < j` in order, `(i, j)` and then `(j, i)`. `None` without a pool of two or more.
    pub fn cross_pair(&self, index: u32) -> Option<(usize, usize)> {
        let n = self.cross.len();
        if n < 2 {
            return None;
        }
        let k = (index / 2) as usize % (n * (n - 1));
        let mut left = k / 2;
        for i in 0..n {
            let row = n - 1 - i;
            if left < row {
                let j = i + 1 + left;
                return Some(if k.is_multiple_of(2) { (i, j) } else { (j, i) });
            }
            left -= row;
        }
        None
    }

    /// What each side plays, for the results table.
    pub fn side_names(&self) -> Vec<String> {
        (0..2)
            .map(|k| {
                if self.cross.len() >= 2 {
                    "crossed".into()
                } else if !self.mirror.is_empty() {
                    "mirror".into()
                } else if self.swap_decks {
                    "both".into()
                } else {
                    self.decks[k].name.clone()
                }
            })
            .collect()
    }
}

impl Table<State> for DeckTable {
    fn seats(&self) -> usize {
        2
    }
    fn start(&self, index: u32, sides: &[usize], seed: u64) -> Result<Start<State>, String> {
        let decks = self.decks_of(index, sides);
        crate::state::setup::check_capacity(&decks).map_err(|e| e.to_string())?;
        let cards = self.cards.to_string_lossy();
        let scenario = ScenarioFile::fresh(&cards, seed, self.turn_limit, &decks, &self.db);
        let mut state = State::from_decks(self.db.clone(), &decks, seed);
        state.turn_limit = self.turn_limit;
        let labels = Handles::defaults(&state);
        rules::start(&mut state, &mut ());
        Ok(Start {
            state,
            labels,
            scenario,
        })
    }
    fn side_label(&self, index: u32, side: usize) -> Option<String> {
        let sides = crate::core::table::rotation(index, 2);
        let seat = sides.iter().position(|&s| s == side)?;
        Some(self.decks_of(index, &sides)[seat].name.clone())
    }
    fn replay_scenario(&self, scenario: &ScenarioFile, dest: &Path) -> ScenarioFile {
        ScenarioFile {
            cards: Some(relative_to(&self.cards, dest)),
            ..scenario.clone()
        }
    }
}

/// Checks that a replay's setup gives the same start as the table's (used by tests).
pub fn replay_start(file: &ScenarioFile, db: Arc<CardDb>) -> Result<State, Vec<String>> {
    let source = SourceFile {
        path: Path::new("replay.yaml"),
        text: "",
    };
    file.to_state_with(db, &source, &mut Vec::new())
        .map(|(s, _)| s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::db_and_decks;
    use crate::agent::AgentSpec;
    use crate::kit::series::{run, Series, SeriesGame};
    use crate::kit::summary::{summarize, Lineup};
    use std::time::Instant;

    fn series(games: u32, jobs: usize) -> (DeckTable, Series) {
        let (db, decks) = db_and_decks();
        let t = DeckTable {
            db,
            decks: [decks[0].clone(), decks[1].clone()],
            turn_limit: 60,
            swap_decks: false,
            mirror: Vec::new(),
            cross: Vec::new(),
            cards: PathBuf::from("cards"),
        };
        let s = Series {
            agents: vec![AgentSpec::Greedy, AgentSpec::Random],
            games,
            seed: 9,
            jobs,
        };
        (t, s)
    }

    fn lineup(t: &DeckTable, s: &Series) -> Lineup {
        Lineup {
            agents: s.agents.iter().map(|a| a.to_string()).collect(),
            decks: t.side_names(),
            seed: s.seed,
            turn_limit: t.turn_limit,
        }
    }

    fn decks(t: &DeckTable, g: &SeriesGame<State>) -> Vec<String> {
        t.decks_of(g.index, &g.sides)
            .iter()
            .map(|d| d.name.clone())
            .collect()
    }

    #[test]
    fn seats_swap_every_other_game_and_jobs_do_not_change_results() {
        let (t, s) = series(4, 1);
        let a = run(&t, &s, &|| {}).unwrap();
        let (_, s2) = series(4, 2);
        let b = run(&t, &s2, &|| {}).unwrap();
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.record.commands, y.record.commands);
        }
        assert_eq!(a[0].sides, [0, 1]);
        assert_eq!(a[1].sides, [1, 0]);
        assert_eq!(a[0].record.seed, a[1].record.seed);
        assert_ne!(a[0].result().first_side, a[1].result().first_side);
        assert_eq!(
            decks(&t, &a[0])[0],
            decks(&t, &a[1])[1],
            "decks stay with their side"
        );
        let sum = summarize(&lineup(&t, &s), &a, Instant::now());
        assert_eq!(sum.games, 4);
        let s0 = &sum.sides[0];
        assert_eq!(s0.wins + s0.losses + s0.draws, 4);
        assert_eq!(s0.wins, sum.sides[1].losses);
        assert_eq!(s0.first_games + sum.sides[1].first_games, 4);
    }

    #[test]
    fn swapped_decks_follow_the_seats() {
        let (mut t, s) = series(2, 1);
        t.swap_decks = true;
        let a = run(&t, &s, &|| {}).unwrap();
        assert_eq!(decks(&t, &a[0])[0], decks(&t, &a[1])[0]);
        let sum = summarize(&lineup(&t, &s), &a, Instant::now());
        assert_eq!(sum.sides[0].deck, "both");
        assert_eq!(sum.by_deck.len(), 2, "side A played both decks");
        assert_eq!(sum.by_deck[0].deck, decks(&t, &a[0])[0]);
        let d = &sum.by_deck[0];
        assert_eq!(d.wins + d.losses + d.draws, 1);
    }

    #[test]
    fn mirror_pairs_rotate_over_the_pool() {
        let (mut t, s) = series(6, 2);
        t.mirror = t.decks.to_vec();
        let a = run(&t, &s, &|| {}).unwrap();
        let names: Vec<Vec<String>> = a.iter().map(|g| decks(&t, g)).collect();
        let (x, y) = (t.decks[0].name.clone(), t.decks[1].name.clone());
        let pair = |d: &String| vec![d.clone(), d.clone()];
        assert_eq!(
            names,
            vec![pair(&x), pair(&x), pair(&y), pair(&y), pair(&x), pair(&x)]
        );
        let sum = summarize(&lineup(&t, &s), &a, Instant::now());
        assert_eq!(sum.sides[0].deck, "mirror");
        let by: Vec<(&str, u32)> = sum
            .by_deck
            .iter()
            .map(|d| (d.deck.as_str(), d.wins + d.losses + d.draws))
            .collect();
        assert_eq!(by, vec![(x.as_str(), 4), (y.as_str(), 2)]);
    }

    #[test]
    fn crossed_pairs_take_every_ordered_pairing_with_decks_following_the_seats() {
        let (mut t, _) = series(2, 1);
        let mut third = t.decks[0].clone();
        third.name = "Third".into();
        t.cross = vec![t.decks[0].clone(), t.decks[1].clone(), third];
        let pairs: Vec<_> = (0..14).map(|g| t.cross_pair(g).unwrap()).collect();
        assert_eq!(
            pairs,
            vec![
                (0, 1),
                (0, 1),
                (1, 0),
                (1, 0),
                (0, 2),
                (0, 2),
                (2, 0),
                (2, 0),
                (1, 2),
                (1, 2),
                (2, 1),
                (2, 1),
                (0, 1),
                (0, 1)
            ]
        );
        assert_eq!(t.side_names(), vec!["crossed", "crossed"]);
        // Seats keep their decks within a pair; the agents swap seats.
        let s = Series {
            agents: vec![AgentSpec::Greedy, AgentSpec::Random],
            games: 4,
            seed: 9,
            jobs: 2,
        };
        let a = run(&t, &s, &|| {}).unwrap();
        let names: Vec<Vec<String>> = a.iter().map(|g| decks(&t, g)).collect();
        let (x, y) = (t.cross[0].name.clone(), t.cross[1].name.clone());
        assert_eq!(
            names,
            vec![
                vec![x.clone(), y.clone()],
                vec![x.clone(), y.clone()],
                vec![y.clone(), x.clone()],
                vec![y.clone(), x.clone()]
            ]
        );
        assert_eq!(a[0].sides, [0, 1]);
        assert_eq!(a[1].sides, [1, 0]);
        // Side A played each deck of the pairing twice, once in each seat.
        let sum = summarize(&lineup(&t, &s), &a, Instant::now());
        let by: Vec<(&str, u32)> = sum
            .by_deck
            .iter()
            .map(|d| (d.deck.as_str(), d.wins + d.losses + d.draws))
            .collect();
        assert_eq!(by, vec![(x.as_str(), 2), (y.as_str(), 2)]);
        // A pool of one deck is not crossed.
        t.cross.truncate(1);
        assert_eq!(t.cross_pair(0), None);
    }

    #[test]
    fn a_replay_sets_up_the_same_game() {
        let (t, s) = series(1, 1);
        let g = run(&t, &s, &|| {}).unwrap().remove(0);
        let start = replay_start(&g.scenario, t.db.clone()).unwrap();
        let fresh = t.start(0, &g.sides, g.record.seed).unwrap().state;
        let view = |s: &State| {
            serde_yaml::to_string(&super::super::Position::from_state(s, &g.labels)).unwrap()
        };
        assert_eq!(view(&start), view(&fresh));
    }
}
