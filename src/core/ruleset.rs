//! The one trait a game implements to get scenarios, matches, series, replays, saves and the
//! agents for free.
//!
//! The shape follows "one door for every state change": [`Ruleset::validate`] is pure and runs
//! first; [`Ruleset::apply_into`] is the only function that changes the state, and reports
//! what happened as events. Agents see the game through the [`Game`] super-trait
//! (determinization for hidden information and dice), so a ruleset is also playable by the
//! random, greedy and MCTS agents as soon as it has a [`Heuristic`]
//! ([`crate::agent::AgentSpec::for_ruleset`] builds them).
use super::game::{Game, Heuristic};
use super::save_info::SaveInfo;
use super::{Expect, NotationError, Outcome};
use crate::sink::Sink;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;
use std::path::Path;

/// A scenario file being set up: its path and its text.
#[derive(Clone, Copy, Debug)]
pub struct SourceFile<'a> {
    pub path: &'a Path,
    pub text: &'a str,
}

impl SourceFile<'_> {
    /// The file's folder, against which relative paths in it are read.
    pub fn dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }
}

/// A state invariant that does not hold: always a bug in the engine, never bad input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invariant broken: {what}")]
pub struct InvariantBroken {
    /// Which invariant, with the pieces involved.
    pub what: String,
}

impl From<String> for InvariantBroken {
    fn from(what: String) -> InvariantBroken {
        InvariantBroken { what }
    }
}

impl From<&str> for InvariantBroken {
    fn from(what: &str) -> InvariantBroken {
        InvariantBroken { what: what.into() }
    }
}

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
    fn expect(&self) -> Option<&Expect>;
    /// Replaces the commands (the replay writer and saves write them).
    fn set_commands(&mut self, commands: String);
    /// Replaces the expectations (a replay expects the outcome it reached).
    fn set_expect(&mut self, expect: Option<Expect>);
    /// The `save:` block of a save file (seats), if any.
    fn save(&self) -> Option<&SaveInfo>;
    fn set_save(&mut self, save: Option<SaveInfo>);
}

/// Implements [`ScenarioSpec`] for a scenario file struct with the fields `game: String`,
/// `seed: u64`, `commands: String`, `expect: Option<Expect>` and `save: Option<SaveInfo>`.
#[macro_export]
macro_rules! impl_scenario_spec {
    ($file:ty) => {
        impl $crate::core::ScenarioSpec for $file {
            fn game(&self) -> &str {
                &self.game
            }
            fn seed(&self) -> u64 {
                self.seed
            }
            fn commands(&self) -> &str {
                &self.commands
            }
            fn expect(&self) -> Option<&$crate::core::Expect> {
                self.expect.as_ref()
            }
            fn set_commands(&mut self, commands: String) {
                self.commands = commands;
            }
            fn set_expect(&mut self, expect: Option<$crate::core::Expect>) {
                self.expect = expect;
            }
            fn save(&self) -> Option<&$crate::core::save_info::SaveInfo> {
                self.save.as_ref()
            }
            fn set_save(&mut self, save: Option<$crate::core::save_info::SaveInfo>) {
                self.save = save;
            }
        }
    };
}

/// Declares a game's scenario file struct: the keys every game shares (`game`, `seed`, then
/// the game's own fields, then `commands`, `expect`, `save`), with unknown keys rejected, and
/// its [`ScenarioSpec`] impl. Derives are the caller's (serde's `Serialize` and `Deserialize`
/// among them). An absent `game:` key reads as empty and means the card game.
///
/// ```ignore
/// orbitals::scenario_file! {
///     #[derive(Clone, Debug, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
///     pub struct ScenarioFile {
///         #[serde(default)]
///         pub players: u8,
///     }
/// }
/// ```
#[macro_export]
macro_rules! scenario_file {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$fmeta:meta])* pub $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[serde(deny_unknown_fields)]
        pub struct $name {
            /// Which game the file is for (absent: the card game).
            #[serde(default)]
            pub game: String,
            /// The seed of the game's generator.
            #[serde(default)]
            pub seed: u64,
            $( $(#[$fmeta])* pub $field: $ty, )*
            /// One command per line; `#` starts a comment.
            #[serde(default)]
            pub commands: String,
            /// What must hold after the commands.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub expect: Option<$crate::core::Expect>,
            /// Who sits where, in a save file.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub save: Option<$crate::core::save_info::SaveInfo>,
        }
        $crate::impl_scenario_spec!($name);
    };
}

/// A game's rules. Implemented once per game, on its state type.
/// The three rule methods of a [`Ruleset`] impl, from a game's rules module `$rules`, which
/// has `validate`, `apply_into` and `legal_commands_into` as free functions on the state (the
/// form the rest of the engine calls them in). Write it inside `impl Ruleset for State`.
#[macro_export]
macro_rules! ruleset_rules_from {
    ($rules:path) => {
        fn validate(&self, command: &Self::Move) -> Result<(), Self::Error> {
            use $rules as rules;
            rules::validate(self, command)
        }
        fn apply_into<S: $crate::sink::Sink<Self::Event>>(
            &mut self,
            command: Self::Move,
            events: &mut S,
        ) {
            use $rules as rules;
            rules::apply_into(self, command, events)
        }
        fn legal_commands_into(&self, out: &mut Vec<Self::Move>) {
            use $rules as rules;
            rules::legal_commands_into(self, out)
        }
    };
}

/// The notation methods of a [`Ruleset`] impl whose `Labels` are `()`, from a game's notation
/// module `$notation` with `parse_command`, `format_command` and `format_event` as free
/// functions taking the state first; with `stateless`, functions that need no state (their
/// text names every piece itself). Write it inside `impl Ruleset for State`.
#[macro_export]
macro_rules! ruleset_notation_from {
    ($notation:path) => {
        $crate::ruleset_notation_from!(@impl $notation, |s| (s,));
    };
    ($notation:path, stateless) => {
        $crate::ruleset_notation_from!(@impl $notation, |_s| ());
    };
    (@impl $notation:path, |$s:ident| ($($state:ident,)?)) => {
        fn parse_command(
            &self,
            _: &(),
            text: &str,
        ) -> Result<Self::Move, $crate::core::NotationError> {
            use $notation as notation;
            let $s = self;
            notation::parse_command($($state,)? text)
        }
        fn format_command(&self, _: &(), command: &Self::Move) -> String {
            use $notation as notation;
            let $s = self;
            notation::format_command($($state,)? command)
        }
        fn format_event(&self, _: &(), event: &Self::Event) -> String {
            use $notation as notation;
            let $s = self;
            notation::format_event($($state,)? event)
        }
    };
}

/// What a [`Ruleset`] impl takes straight from a game module `crate::$game` laid out as the
/// kit expects: `type Event` and `type Error` are the module's `Event` and `RuleError`, the
/// notation needs no labels (`type Labels = ()`), `from_scenario` is the setup expression
/// (`|file, source, events| ...` giving the state or every problem), the rules are the
/// module's free functions ([`ruleset_rules_from!`](crate::ruleset_rules_from)) and the
/// notation its `notation` module's ([`ruleset_notation_from!`](crate::ruleset_notation_from),
/// with `stateless` when the notation reads no state). Write it inside `impl Ruleset for State`.
#[macro_export]
macro_rules! ruleset_from_module {
    ($game:ident, |$file:ident, $source:ident, $events:ident| $setup:expr $(, $stateless:ident)?) => {
        type Event = $crate::$game::Event;
        type Error = $crate::$game::RuleError;
        type Labels = ();
        fn from_scenario(
            $file: &Self::Scenario,
            $source: &$crate::core::SourceFile,
            $events: &mut Vec<Self::Event>,
        ) -> Result<(Self, ()), Vec<String>> {
            let _ = (&$source, &$events);
            $setup.map(|state| (state, ()))
        }
        $crate::ruleset_rules_from!($crate::$game);
        $crate::ruleset_notation_from!($crate::$game::notation $(, $stateless)?);
    };
}

/// The agent-facing [`Game`] methods every ruleset answers the same way: the status is the
/// ruleset's [`Ruleset::outcome`], a move is legal when [`Ruleset::validate`] accepts it, and
/// playing it is [`Ruleset::apply_into`] with the events dropped. Write it inside a game's
/// `impl Game for State { ... }` so that agents and the kit can never disagree on the rules.
#[macro_export]
macro_rules! game_rules_from_ruleset {
    () => {
        fn status(&self) -> $crate::core::Outcome {
            <Self as $crate::core::Ruleset>::outcome(self)
        }
        fn is_legal(&self, m: &Self::Move) -> bool {
            <Self as $crate::core::Ruleset>::validate(self, m).is_ok()
        }
        fn apply(&mut self, m: Self::Move) {
            <Self as $crate::core::Ruleset>::apply_into(self, m, &mut ())
        }
    };
}

pub trait Ruleset: Game + Sized + 'static {
    /// The `game:` key of its files and the `--game` name on the command line.
    const NAME: &'static str;
    type Event: Clone + Debug + Send + Sync + 'static;
    type Error: RuleViolation;
    /// Its scenario/save/replay file.
    type Scenario: ScenarioSpec;
    /// Names the notation needs beyond the state, fixed when a scenario is set up (the card
    /// game's card handles); `()` for games whose notation reads the state alone.
    type Labels: Clone + Debug + Default + Send + Sync;
    /// The evaluation the greedy and MCTS agents use for this game.
    type Heuristic: Heuristic<Self> + Clone + Default + 'static;
    /// What the agent levels (`mcts:easy`, `normal`, `hard`) mean in this game.
    const PRESETS: &'static [super::preset::Preset] = &super::preset::BASE_PRESETS;

    /// The starting state of a scenario file, with its labels and the events of setting it
    /// up. `source` is the file's path (its folder resolves relative paths) and text (for
    /// line numbers in errors). Every problem is reported, one string each.
    fn from_scenario(
        file: &Self::Scenario,
        source: &SourceFile,
        events: &mut Vec<Self::Event>,
    ) -> Result<(Self, Self::Labels), Vec<String>>;

    /// Is `command` legal now? Pure: never changes the state.
    fn validate(&self, command: &Self::Move) -> Result<(), Self::Error>;
    /// Plays a command that [`Ruleset::validate`] accepted. The only door for state changes.
    fn apply_into<S: Sink<Self::Event>>(&mut self, command: Self::Move, events: &mut S);
    /// Validates, then applies, collecting the events. On error the state is unchanged.
    fn play(&mut self, command: Self::Move) -> Result<Vec<Self::Event>, Self::Error> {
        self.validate(&command)?;
        let mut events = Vec::new();
        self.apply_into(command, &mut events);
        Ok(events)
    }
    /// Every legal command of the seat to move, into `out` (cleared first).
    fn legal_commands_into(&self, out: &mut Vec<Self::Move>);
    fn outcome(&self) -> Outcome;
    /// The seat that moves first in this game (statistics of first-mover advantage). By
    /// default the seat to move.
    fn first_seat(&self) -> usize {
        self.current_player()
    }

    /// Reads a command in the game's notation.
    fn parse_command(&self, labels: &Self::Labels, text: &str)
        -> Result<Self::Move, NotationError>;
    fn format_command(&self, labels: &Self::Labels, command: &Self::Move) -> String;
    fn format_event(&self, labels: &Self::Labels, event: &Self::Event) -> String;
    /// A rule error as players read it, naming pieces as the notation does (the card game:
    /// handle and card name). By default the error's own text.
    fn describe_error(&self, _labels: &Self::Labels, error: &Self::Error) -> String {
        error.to_string()
    }
    /// The printed position (scenario reports, `expect: state:`), as YAML.
    fn view(&self, labels: &Self::Labels) -> serde_yaml::Value;
    /// Forced dice a scenario gave that no roll has used yet (the runner warns about them:
    /// a scenario whose dice are not all used probably tests less than it says).
    fn unused_forced_dice(&self) -> usize {
        0
    }
    /// The state's invariants; `Err` names the first one broken. Checked by `debug_assert!`
    /// after every command and by the property tests.
    fn check_invariants(&self) -> Result<(), InvariantBroken>;
}
