//! The ruleset kit's runners: what every game gets once it implements
//! [`crate::core::Ruleset`], written once against that trait: scenario and replay files
//! ([`scenario`]: `game:` picks the ruleset), whole games between agents ([`play`]), N-seat
//! series ([`series`]) and their statistics ([`summary`], [`chart`]), sessions for frontends
//! ([`session`], [`worker`]), replays ([`replay`]) and saves ([`save`]). The kit sits above
//! the agents (it seats them); the game-neutral types it re-exports live in [`crate::core`].
//! See `docs/architecture.md`.
pub mod chart;
pub mod play;
pub mod replay;
pub mod save;
pub mod scenario;
pub mod series;
pub mod session;
pub mod summary;
pub mod worker;

/// The core's modules under their kit paths.
pub use crate::core::{encode, expect, guard, notation, outcome, ruleset};
pub use crate::core::{
    Encoding, Expect, NotationError, Outcome, RuleViolation, Ruleset, ScenarioSpec, Shape,
    SourceFile,
};
pub use scenario::ScenarioError;
