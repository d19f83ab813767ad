//! Mothership: the landing-ship wargame (the spaceship rules and rulings M1–M37; the player's
//! rule book is `docs/rules/mothership.md`). Players land a ship on a hex map, mine ore under
//! shifting tides, fight with fire zones of two destroyers, capture units and ships, and take
//! off at turn 21 or 25 with as much as they can carry.
//!
//! The engine has the kit's shape: [`validate`] is pure and names the ruling that forbids a
//! command; [`apply_into`] is the only door for state changes and reports [`Event`]s;
//! [`legal::legal_commands_into`] lists every legal command; [`outcome`] decides the game.
//!
//! * Board and data: [`map`] (M1, M24, M20), [`tide`] (M2, M3, M33), [`stats`] (M5).
//! * State: [`state`], [`ops`] (index-keeping changes), [`zones`] (M10, M12), [`turn`] (M4,
//!   M6, M34).
//! * Rules: [`setup`] (M18, M19, M31), [`movement`] (M7, M25–M27, M29), [`cargo`] (M8, M30,
//!   M32), [`combat`] (M11), [`capture`] (M13, M28), [`ship`] (M9, M15, M16, M37), [`build`]
//!   (M17), [`takeoff`] (M21, M35, M36), [`outcome`] (M22).
//! * Text and files: [`notation`], [`scenario`]; checks: [`invariants`].
//! * Agents: [`game_impl`] (the kit's `Ruleset` and the agents' `Game`, M23), [`eval`] (the
//!   heuristic), [`planner`] (the agents' macro commands).
pub mod build;
pub mod capture;
pub mod cargo;
pub mod check;
pub mod combat;
pub mod command;
pub mod encoding;
pub mod error;
pub mod eval;
pub mod event;
pub mod game_impl;
pub mod ids;
pub mod invariants;
pub mod legal;
pub mod map;
pub mod movement;
pub mod notation;
mod ops;
pub mod outcome;
pub mod planner;
pub mod query;
mod read;
pub mod scenario;
pub mod series;
pub mod setup;
pub mod ship;
pub mod state;
pub mod stats;
pub mod takeoff;
pub mod tide;
pub mod turn;
pub mod zones;

pub use command::{Cargo, Command, Item, Shooter, Target};
pub use error::RuleError;
pub use event::{Event, EventSink};
pub use ids::{Cell, Seat, ShipId, UnitId};
pub use legal::legal_commands_into;
pub use state::State;

use zones::Zones;

/// Is the command legal now? Pure: never changes the state.
pub fn validate(s: &State, cmd: &Command) -> Result<(), RuleError> {
    if s.outcome.is_over() {
        return Err(RuleError::GameOver);
    }
    let z = zones::cached(s);
    validate_with(s, &z, cmd)
}

/// [`validate`] with the fire zones already computed.
pub fn validate_with(s: &State, z: &Zones, cmd: &Command) -> Result<(), RuleError> {
    if s.outcome.is_over() {
        return Err(RuleError::GameOver);
    }
    if s.phase == state::Phase::Choose && !matches!(cmd, Command::Seal { .. }) {
        return Err(RuleError::Phase {
            rule: "M21",
            command: cmd.name(),
            phase: s.phase,
        });
    }
    match *cmd {
        Command::Land { dome, orient } => setup::validate_land(s, dome, orient),
        Command::Deploy { unit, to } => setup::validate_deploy(s, z, unit, to),
        Command::Move { unit, to } => movement::validate_move(s, z, unit, to),
        Command::Go { unit, to } => movement::validate_go(s, z, unit, to),
        Command::Load { carrier, item } => cargo::validate_load(s, z, carrier, item),
        Command::Unload { carrier, cargo, to } => cargo::validate_unload(s, z, carrier, cargo, to),
        Command::Enter { unit, pod } => ship::validate_enter(s, z, unit, pod),
        Command::Leave { unit, pod, to } => ship::validate_leave(s, z, unit, pod, to),
        Command::Fire { a, b, target } => combat::validate_fire(s, z, a, b, target),
        Command::Assault {
            unit,
            to,
            with,
            target,
        } => combat::validate_assault(s, z, unit, to, with, target),
        Command::Capture { a, b, target } => capture::validate_capture(s, z, a, b, target),
        Command::Retreat { unit, to } => movement::validate_retreat(s, z, unit, to),
        Command::Build { layer, kind, to } => build::validate_build(s, z, layer, kind, to),
        Command::Repair { pod } => ship::validate_repair(s, z, pod),
        Command::TakeOff { ship } => takeoff::validate_takeoff(s, ship),
        Command::Seal { leave } => takeoff::validate_seal(s, leave),
        Command::End => turn::validate_end(s),
        Command::Plan { style } => planner::validate_plan(s, style),
    }
}

/// Applies a command that [`validate`] accepted, writing its events into `ev`.
pub fn apply_into(s: &mut State, cmd: Command, ev: &mut impl EventSink) {
    s.zone_cache = Default::default();
    match cmd {
        Command::Land { dome, orient } => setup::apply_land(s, dome, orient, ev),
        Command::Deploy { unit, to } => setup::apply_deploy(s, unit, to, ev),
        Command::Move { unit, to } => movement::apply_move(s, unit, to, ev),
        Command::Go { unit, to } => movement::apply_go(s, unit, to, ev),
        Command::Load { carrier, item } => cargo::apply_load(s, carrier, item, ev),
        Command::Unload { carrier, cargo, to } => cargo::apply_unload(s, carrier, cargo, to, ev),
        Command::Enter { unit, pod } => ship::apply_enter(s, unit, pod, ev),
        Command::Leave { unit, to, .. } => ship::apply_leave(s, unit, to, ev),
        Command::Fire { a, b, target } => combat::apply_fire(s, a, b, target, ev),
        Command::Assault {
            unit,
            to,
            with,
            target,
        } => combat::apply_assault(s, unit, to, with, target, ev),
        Command::Capture { a, target, .. } => capture::apply_capture(s, a, target, ev),
        Command::Retreat { unit, to } => movement::apply_retreat(s, unit, to, ev),
        Command::Build { layer, kind, to } => build::apply_build(s, layer, kind, to, ev),
        Command::Repair { pod } => ship::apply_repair(s, pod, ev),
        Command::TakeOff { ship } => takeoff::apply_takeoff(s, ship, ev),
        Command::Seal { leave } => takeoff::apply_seal(s, leave, ev),
        Command::End => turn::apply_end(s, ev),
        Command::Plan { style } => planner::apply_plan(s, style, ev),
    }
    s.zone_cache = Default::default();
    outcome::check(s, ev);
    if !s.outcome.is_over() && s.phase == state::Phase::Play && !s.in_play(s.active) {
        turn::advance(s, ev);
    }
    debug_assert!(
        s.check().is_ok(),
        "invariant broken after {cmd:?}: {:?}",
        s.check()
    );
}

/// Validates, then applies. On error the state is unchanged.
pub fn play(s: &mut State, cmd: Command) -> Result<Vec<Event>, RuleError> {
    crate::core::Ruleset::play(s, cmd)
}
