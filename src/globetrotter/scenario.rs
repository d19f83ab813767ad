//! Globetrotter scenario files (`game: globetrotter`, format in docs/globetrotter.md): the table
//! (players, planets, variant), seed, forced dice, a fresh setup or a full [`Position`], commands
//! in the [`notation`](super::notation) and expectations (outcome, the ruling of an expected
//! illegal command, events in order, absent events, a subset of the printed state).
//!
//! The kit's scenario runner ([`crate::kit::scenario`]) loads, plays and checks the files;
//! this module is the file's shape and how it sets a game up.
use super::position::Position;
use super::ruleset::NAME;
use super::setup::{check_config, start};
use super::state::{Config, State, DEFAULT_TURN_LIMIT};
use super::Event;
use crate::kit::scenario::Run;
pub use crate::kit::{Expect, ScenarioError};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The ruleset's rule variant.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    #[default]
    None,
    /// G12.
    Facing,
}

fn two() -> u8 {
    2
}
fn one() -> u8 {
    1
}

crate::scenario_file! {
    /// A Globetrotter scenario file.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    pub struct ScenarioFile {
        /// Forced d6 results, used before the RNG (the roll-off uses them first in a fresh setup).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub dice: Vec<u8>,
        #[serde(default = "two")]
        pub players: u8,
        #[serde(default = "one")]
        pub planets: u8,
        #[serde(default)]
        pub variant: Variant,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub turn_limit: Option<u16>,
        /// A full position; without one the game starts fresh (roll-off, then `place` commands).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub position: Option<Position>,
    }
}

impl ScenarioFile {
    /// A fresh game's file for `config` (no position, no commands).
    pub fn fresh(config: Config, seed: u64) -> ScenarioFile {
        ScenarioFile {
            game: NAME.into(),
            seed,
            dice: Vec::new(),
            players: config.players,
            planets: config.planets,
            variant: if config.facing {
                Variant::Facing
            } else {
                Variant::None
            },
            turn_limit: Some(config.turn_limit),
            position: None,
            commands: String::new(),
            expect: None,
            save: None,
        }
    }

    /// The starting state this file describes, with the events of a fresh setup.
    pub fn to_state(&self, events: &mut Vec<Event>) -> Result<State, Vec<String>> {
        if let Some(bad) = self.dice.iter().find(|d| !(1..=6).contains(*d)) {
            return Err(vec![format!("dice: {bad} is not a d6 result")]);
        }
        let config = Config {
            players: self.players,
            planets: self.planets,
            facing: self.variant == Variant::Facing,
            turn_limit: self.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT),
        };
        check_config(&config).map_err(|e| vec![e.to_string()])?;
        Ok(match &self.position {
            None => {
                let mut s = State::empty(config, self.seed);
                s.forced_dice = self.dice.iter().copied().collect();
                start(&mut s, events);
                s
            }
            Some(pos) => {
                let mut s = pos.to_state(config, self.seed)?;
                s.forced_dice = self.dice.iter().copied().collect();
                s
            }
        })
    }
}

/// Runs a Globetrotter scenario file through the kit and checks its expectations.
pub fn run_scenario_file(path: impl AsRef<Path>) -> Result<Run<State>, ScenarioError> {
    crate::kit::scenario::run_file::<State>(path.as_ref())
}
