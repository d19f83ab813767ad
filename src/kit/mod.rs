//! The ruleset kit: what every game shares.
//!
//! A game is its rules plus one [`Ruleset`] impl on its state type. Everything around the rules
//! is written once here, against that trait: the one-seat and many-seat [`Outcome`], scenario
//! and replay files ([`scenario`]: `game:` picks the ruleset), whole games between agents
//! ([`play`]), N-seat series ([`series`]), and the expectations of scenario tests
//! ([`Expect`]). See `docs/architecture.md`.
pub mod encode;
pub mod expect;
pub mod guard;
pub mod notation;
pub mod outcome;
pub mod play;
pub mod replay;
pub mod ruleset;
pub mod save;
pub mod scenario;
pub mod series;
pub mod session;
pub mod summary;
pub mod worker;

pub use encode::{Encoding, Shape};
pub use expect::Expect;
pub use notation::NotationError;
pub use outcome::Outcome;
pub use ruleset::{RuleViolation, Ruleset, ScenarioSpec, SourceFile};
pub use scenario::ScenarioError;
