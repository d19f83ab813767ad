//! The game-neutral core every layer above builds on: what a game is to the rest of the
//! program, and nothing that plays one.
//!
//! * [`Ruleset`] (with [`ScenarioSpec`] and [`RuleViolation`]): the one trait a game
//!   implements, on its state type; the macros that write its routine parts;
//! * [`game::Game`] and [`game::Heuristic`]: the agent-facing view of a ruleset (legal moves,
//!   determinization, evaluation), which the agents in [`crate::agent`] are written against;
//! * [`Outcome`], [`Expect`] (what a scenario file checks), the notation reader
//!   ([`notation::Words`], [`NotationError`]), input guards for loaders ([`guard`]), the
//!   tensor encoding of positions ([`encode`]), a series' [`table::Table`], the `save:` block
//!   of save files ([`save_info::SaveInfo`]); event sinks are [`crate::sink`].
//!
//! The layers (see `docs/architecture.md`): core → rulesets → agents → the kit's runners
//! ([`crate::kit`]: scenarios, series, sessions, replays) → frontends. This module uses none
//! of the layers after it.
pub mod encode;
pub mod expect;
pub mod game;
pub mod guard;
pub mod notation;
pub mod outcome;
pub mod outcomes;
pub mod preset;
pub mod ruleset;
pub mod save_info;
pub mod table;

pub use encode::{Encoding, Shape};
pub use expect::Expect;
pub use notation::NotationError;
pub use outcome::Outcome;
pub use ruleset::{RuleViolation, Ruleset, ScenarioSpec, SourceFile};
