//! The ruleset kit: what every game shares.
//!
//! A game is its rules plus one [`Ruleset`] impl on its state type. Everything around the rules
//! is written once here, against that trait: the one-seat and many-seat [`Outcome`], scenario
//! files (`game:` picks the ruleset), whole games between agents, N-seat series, replays, and
//! the registry the command line dispatches through. See `docs/architecture.md`.
pub mod outcome;
pub mod ruleset;

pub use outcome::Outcome;
pub use ruleset::{RuleViolation, Ruleset, ScenarioSpec};
