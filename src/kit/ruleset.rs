//! The one trait a game implements to get scenarios, matches, series, replays, saves and the
//! agents for free.
//!
//! The shape follows "one door for every state change": [`Ruleset::validate`] is pure and runs
//! first; [`Ruleset::apply_into`] is the only function that changes the state, and reports
//! what happened as events. Agents see the game through the [`Game`] super-trait
//! (determinization for hidden information and dice), so a ruleset is also playable by the
//! random, greedy and MCTS agents as soon as it has a [`crate::agent::game::Heuristic`].
use super::Outcome;
use crate::agent::game::Game;
use crate::sink::Sink;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;
use std::path::Path;

/// An illegal command's reason. Every reason names the ruling that forbids the move.
pub trait RuleViolation: std::error::Error + Clone + Send + Sync + 'static {
    /// The ruling id, e.g. `"O13"`, `"G4"`, `"M25"`, `"R8"`.
    fn rule(&self) -> &'static str;
}

/// The game-specific part of a scenario, save or replay file: a serde struct with
/// `deny_unknown_fields` holding the common keys (`game`, `seed`, `commands`, `expect`) and the
/// game's own (table, decks, map, level, position, forced dice...). The kit reads the file,
/// reports YAML errors with file and line, plays the commands and checks the expectations.
pub trait ScenarioSpec: Serialize + DeserializeOwned + Clone + Debug + Send + Sync {
    /// The `game:` key.
    fn game(&self) -> &str;
    fn seed(&self) -> u64;
    /// The command lines (one command a line, `#` starts a comment).
    fn commands(&self) -> &str;
    fn expect(&self) -> Option<&crate::scenario::Expect>;
    /// Replaces the commands (the replay writer and saves append to them).
    fn set_commands(&mut self, commands: String);
}

/// A game's rules. Implemented once per game, on its state type.
pub trait Ruleset: Game + Sized + 'static {
    /// The `game:` key of its files and the `--game` name on the command line.
    const NAME: &'static str;
    type Event: Clone + Debug + Send + Sync + 'static;
    type Error: RuleViolation;
    /// Its scenario/save/replay file.
    type Scenario: ScenarioSpec;

    /// The starting state of a scenario file (`dir` is the file's folder, for relative paths),
    /// with the events of setting it up. Every problem is reported, one string each.
    fn from_scenario(
        file: &Self::Scenario,
        dir: &Path,
        events: &mut Vec<Self::Event>,
    ) -> Result<Self, Vec<String>>;

    /// Is `command` legal now? Pure: never changes the state.
    fn validate(&self, command: &Self::Move) -> Result<(), Self::Error>;
    /// Plays a command that [`Ruleset::validate`] accepted. The only door for state changes.
    fn apply_into<S: Sink<Self::Event>>(&mut self, command: Self::Move, events: &mut S);
    /// Every legal command of the seat to move, into `out` (cleared first).
    fn legal_commands_into(&self, out: &mut Vec<Self::Move>);
    fn outcome(&self) -> Outcome;

    /// Reads a command in the game's notation.
    fn parse_command(&self, text: &str) -> Result<Self::Move, String>;
    fn format_command(&self, command: &Self::Move) -> String;
    fn format_event(&self, event: &Self::Event) -> String;
    /// The printed position (scenario reports, `expect: state:`), as YAML.
    fn view(&self) -> serde_yaml::Value;
    /// The state's invariants; `Err` names the first one broken. Checked by `debug_assert!`
    /// after every command and by the property tests.
    fn check_invariants(&self) -> Result<(), String>;
}
