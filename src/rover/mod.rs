//! RoveR: one rover explores a planet, survives hostile entities and gathers data (rules
//! `docs/rules/rover.md`, rulings R1–R39). One seat: the rover; every other entity is driven by
//! the rules.
//!
//! The engine has the shape of every ruleset here: [`validate`] is pure and names the ruling a
//! command breaks ([`RuleError::rule`]); [`apply_into`] is the only door for state changes and
//! reports [`Event`]s; [`legal_commands_into`] lists the legal commands; the outcome is a
//! one-seat [`crate::core::Outcome::Solo`]. Dice come from the state's forced queues, then its
//! seeded ChaCha8 generator, rolled only when a rule uses them (R39).
//!
//! * Content (R5, R7, R15, R18, R19): [`content`] reads `assets/rover/*.yaml`; levels (R1, R20,
//!   R30): [`map`]; [`generator`] makes a fair level from a seed.
//! * Rules: [`command`] (validation), [`actions`] and [`abilities`] (the rover's action),
//!   [`targeting`] (R9, R10), [`damage`] (R12), [`data`] (R13), [`behaviour`] (entities),
//!   [`round`] (the rest of the round), [`invariants`].
//! * Text: [`notation`], [`view`], [`scenario`]. Agents: [`game_impl`], [`eval`].
pub mod abilities;
pub mod actions;
pub mod behaviour;
pub mod chassis;
pub mod command;
pub mod content;
pub mod damage;
pub mod data;
pub mod dice;
pub mod encoding;
pub mod entity;
pub mod error;
pub mod eval;
pub mod event;
pub mod game_impl;
pub mod generator;
pub mod geom;
pub mod ids;
pub mod invariants;
pub mod kinds;
pub mod legal;
pub mod map;
pub mod module;
pub mod nav;
pub mod notation;
pub mod preview;
mod read;
pub mod round;
pub mod scenario;
pub mod series;
pub mod state;
pub mod targeting;
pub mod vehicle;
pub mod view;

pub use command::{validate, Command};
pub use content::Db;
pub use error::RuleError;
pub use event::{Event, EventSink};
pub use geom::{Dir, Pos};
pub use legal::{legal_commands, legal_commands_into};
pub use map::LevelSpec;
pub use state::State;

use std::sync::Arc;

/// A new game on the default level (R20) with the built-in content.
pub fn default_game(seed: u64) -> State {
    let db = Db::builtin();
    let spec = LevelSpec::default_level(&db);
    State::new(db, &spec, seed)
}

/// A new game on a generated level (see [`generator`]).
pub fn generated_game(level_seed: u64, dice_seed: u64) -> State {
    let db = Db::builtin();
    let spec = generator::generate(&db, level_seed);
    State::new(Arc::clone(&db), &spec, dice_seed)
}

/// Performs a command that [`validate`] accepted, writing its events into `ev`.
pub fn apply_into(s: &mut State, cmd: Command, ev: &mut impl EventSink) {
    match cmd {
        Command::Move(d) => actions::drive(s, d, ev),
        Command::Ram(d) => actions::ram(s, d, ev),
        Command::Access(d) => actions::access(s, d, ev),
        Command::Use(slot, d) => abilities::use_module(s, slot, d, ev),
        Command::Wait => actions::wait(s, ev),
        Command::Install { bay, slot } => actions::install(s, bay, slot, ev),
        Command::Remove(slot) => actions::remove(s, slot, ev),
        Command::Refit => actions::refit(s, ev),
    }
    round::after_action(s, ev);
    debug_assert!(
        invariants::check(s).is_ok(),
        "{:?}",
        invariants::check(s).err()
    );
}

/// Validates, then applies. On error the state is unchanged.
pub fn play(s: &mut State, cmd: Command) -> Result<Vec<Event>, RuleError> {
    crate::core::Ruleset::play(s, cmd)
}
