//! Scenario and replay files (docs/scenarios.md): cards, seed, forced dice, a setup (decks or a
//! full position), commands in text notation and optional expectations. `orbitals scenario run`
//! and the scenario tests use [`run_file`]; `orbitals match --save` writes the same format.
pub mod deal;
pub mod encoding;
pub mod eval;
pub mod game_impl;
pub mod handles;
pub mod notation;
pub mod position;
pub mod ruleset;
pub mod sample;
pub mod table;

pub use crate::kit::{Expect, ScenarioError};
pub use handles::Handles;
pub use position::Position;

use crate::core::SourceFile;
use crate::data::raw::RawDeck;
use crate::data::{CardDb, Deck, LoadErrors};
use crate::kit;
use crate::rules::{self, Event};
use crate::state::State;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A card-game scenario run by the kit.
pub type Run = kit::scenario::Run<State>;

/// A deck in a setup: a path to a deck file, or the deck written inline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum DeckSource {
    Path(String),
    Inline(RawDeck),
}

/// The setup: exactly one of `decks` (a fresh game, O3) or `position`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decks: Option<Vec<DeckSource>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
}

fn default_game() -> String {
    ruleset::NAME.into()
}

crate::scenario_file! {
    /// A scenario or replay file.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    pub struct ScenarioFile {
        /// Card directory, relative to the scenario file; by default the nearest `cards/` found in
        /// the scenario's directory or above it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub cards: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub turn_limit: Option<u16>,
        /// Forced dice results, used before the RNG.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub dice: Vec<u8>,
        pub setup: Setup,
    }
}

fn find_cards_dir(start: &Path) -> Option<PathBuf> {
    // Absolute, so that "above it" also works for a file named relative to the working directory.
    let start = if start.as_os_str().is_empty() {
        Path::new(".")
    } else {
        start
    };
    let start = std::fs::canonicalize(start).unwrap_or_else(|_| start.to_path_buf());
    start
        .ancestors()
        .map(|a| a.join("cards"))
        .find(|c| c.is_dir())
}

impl ScenarioFile {
    /// The starting state this file describes (`dir` is its folder), its handles, and the
    /// events of a fresh setup. Every problem is listed, card and deck errors with file and
    /// line.
    pub fn to_state(
        &self,
        source: &SourceFile,
        events: &mut Vec<Event>,
    ) -> Result<(State, Handles), Vec<String>> {
        let dir = source.dir();
        let cards = match &self.cards {
            Some(c) => dir.join(c),
            None => find_cards_dir(dir).ok_or_else(|| {
                vec!["no `cards:` given and no cards/ directory found".to_string()]
            })?,
        };
        let db = Arc::new(CardDb::load_dir(&cards).map_err(load_problems)?);
        self.to_state_with(db, source, events)
    }

    /// As [`ScenarioFile::to_state`], with the card database already loaded.
    pub fn to_state_with(
        &self,
        db: Arc<CardDb>,
        source: &SourceFile,
        events: &mut Vec<Event>,
    ) -> Result<(State, Handles), Vec<String>> {
        let dir = source.dir();
        let (mut state, handles) = match (&self.setup.decks, &self.setup.position) {
            (Some(decks), None) => {
                let mut checked = Vec::new();
                let mut problems = Vec::new();
                for d in decks {
                    let deck = match d {
                        DeckSource::Path(p) => Deck::load(&dir.join(p), &db),
                        DeckSource::Inline(raw) => {
                            let src = crate::data::locate::Source {
                                path: source.path,
                                text: source.text,
                            };
                            Deck::check(&src, raw, &db)
                        }
                    };
                    match deck {
                        Ok(deck) => checked.push(deck),
                        Err(e) => problems.extend(load_problems(e)),
                    }
                }
                if !problems.is_empty() {
                    return Err(problems);
                }
                crate::state::setup::check_capacity(&checked).map_err(|e| vec![e.to_string()])?;
                let mut s = State::from_decks(db.clone(), &checked, self.seed);
                if let Some(l) = self.turn_limit {
                    s.turn_limit = l;
                }
                s.forced_dice = self.dice.iter().copied().collect();
                let h = Handles::defaults(&s);
                rules::start(&mut s, events);
                (s, h)
            }
            (None, Some(pos)) => {
                let (mut s, h) = pos.to_state(db.clone(), self.seed)?;
                if let Some(l) = self.turn_limit {
                    s.turn_limit = l;
                }
                if s.turn > s.turn_limit {
                    return Err(vec![format!(
                        "position: turn: {} is above the turn limit {} (O25)",
                        s.turn, s.turn_limit
                    )]);
                }
                s.forced_dice = self.dice.iter().copied().collect();
                (s, h)
            }
            _ => return Err(vec!["give exactly one of `decks` or `position`".into()]),
        };
        if self.turn_limit == Some(0) {
            return Err(vec!["turn_limit: must be at least 1 (O25)".into()]);
        }
        if let Some(bad) = state.forced_dice.iter().find(|d| !(1..=6).contains(*d)) {
            return Err(vec![format!("dice: {bad} is not a d6 result")]);
        }
        state.forced_dice.shrink_to_fit();
        Ok((state, handles))
    }
}

/// Card and deck errors, one line each (each names its file and line).
fn load_problems(e: LoadErrors) -> Vec<String> {
    e.to_string().lines().map(str::to_string).collect()
}

/// Runs a card-game scenario file through the kit and checks its expectations.
pub fn run_file(path: &Path) -> Result<Run, ScenarioError> {
    kit::scenario::run_file::<State>(path)
}

impl ScenarioFile {
    /// A fresh game's file: the decks written inline, the card folder `cards` (relative to
    /// where the file will be written), no commands.
    pub fn fresh(cards: &str, seed: u64, turn_limit: u16, decks: &[Deck], db: &CardDb) -> Self {
        let decks = decks
            .iter()
            .map(|d| {
                DeckSource::Inline(RawDeck {
                    name: d.name.clone(),
                    description: String::new(),
                    homeworld: db.card(d.homeworld).id.clone(),
                    cards: d.cards.iter().map(|c| db.card(*c).id.clone()).collect(),
                })
            })
            .collect();
        ScenarioFile {
            game: default_game(),
            cards: Some(cards.to_string()),
            seed,
            turn_limit: Some(turn_limit),
            dice: Vec::new(),
            setup: Setup {
                decks: Some(decks),
                position: None,
            },
            commands: String::new(),
            expect: None,
            save: None,
        }
    }
}

/// A replay of a played game in scenario format: decks inline, seed, commands, the outcome
/// expected.
pub fn replay_yaml(
    cards: &str,
    seed: u64,
    turn_limit: u16,
    decks: &[Deck],
    db: &CardDb,
    commands: &[String],
    outcome: &str,
) -> String {
    let file = ScenarioFile::fresh(cards, seed, turn_limit, decks, db);
    kit::scenario::replay_yaml::<State>(&file, commands, outcome)
}
