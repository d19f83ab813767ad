//! Globetrotter: a rover strategy game on a snub dodecahedron globe (rules, with the facing
//! variant and the ruling ids G1–G18: `docs/rules/globetrotter.md`). The board geometry is [`crate::globe`]; this module is the ruleset.
//!
//! The engine follows the card game's shape: a [`Command`] is checked by the pure [`validate`]
//! (an illegal one gives a [`RuleError`] naming its ruling, the state untouched) and performed by
//! [`apply`] / [`apply_into`], which report [`Event`]s; [`play`] does both. [`legal_commands`]
//! lists every legal command and [`outcome()`] says how the game stands. Dice come from the state's
//! `forced_dice` queue first, then its seeded ChaCha8 generator.
//!
//! * Setup (G11): [`new_game`] checks the table and rolls off; players then `place` in turn order.
//! * Turn (G9): one action point per turn, plus Treasury points; see [`actions`].
//! * Rules: [`movement`] (G4, G12), [`fortify`] (G5), [`shoot`] (G2, G6), [`build`] (G7),
//!   [`structures`] (G8, G13), [`destroy`], [`outcome`](mod@outcome) (G10).
//! * Text: [`notation`] (commands and events), [`position`] and [`scenario`] (scenario files,
//!   `docs/globetrotter.md`).
//! * Agents: [`ruleset`] implements the kit's [`crate::core::Ruleset`] and the agents' [`crate::agent::game::Game`] for [`State`];
//!   [`eval::GlobetrotterHeuristic`] is its evaluation and playout policy.
pub mod actions;
pub mod build;
mod check;
pub mod command;
mod damage;
pub mod destroy;
pub mod encoding;
pub mod error;
pub mod eval;
pub mod event;
pub mod facing;
pub mod fortify;
pub mod invariants;
pub mod legal;
pub mod movement;
pub mod notation;
pub mod outcome;
pub mod plan;
pub mod position;
mod read;
pub mod ruleset;
pub mod scenario;
pub mod series;
pub mod setup;
pub mod shoot;
pub mod state;
pub mod structures;

pub use command::{Command, Exit};
pub use error::RuleError;
pub use event::{Event, EventSink, RollKind};
pub use legal::{legal_commands, legal_commands_into};
pub use setup::new_game;
pub use state::{
    Building, Config, Drill, Loc, OrbitRover, Outcome, Phase, PieceKind, Planet, PlanetId,
    PlayerState, Rover, Side, Space, State, Structure,
};

use structures::{drill_cannon, factory, space_port, treasury};

/// Is the command legal now? Pure: never changes the state.
pub fn validate(s: &State, cmd: &Command) -> Result<(), RuleError> {
    if s.outcome != Outcome::Ongoing {
        return Err(RuleError::GameOver);
    }
    match *cmd {
        Command::Place { at, facing } => setup::validate_place(s, at, facing),
        Command::Move { from, to, side } => movement::validate_move(s, from, to, side),
        Command::Turn { at, side } => movement::validate_turn(s, at, side),
        Command::Fortify { from, to } => fortify::validate(s, from, to),
        Command::Shoot { from, to, target } => shoot::validate(s, from, to, target),
        Command::Build { at, kind, exit } => build::validate(s, at, kind, exit),
        Command::Produce { at, facing } => factory::validate_produce(s, at, facing),
        Command::Heal { at } => factory::validate_heal(s, at),
        Command::Ready => drill_cannon::validate_ready(s),
        Command::Aim { at } => drill_cannon::validate_aim(s, at),
        Command::Fire => drill_cannon::validate_fire(s),
        Command::Descend { rover, at, facing } => {
            space_port::validate_descend(s, rover, at, facing)
        }
        Command::Destroy { at } => destroy::validate(s, at),
        Command::Save => treasury::validate_save(s),
        Command::Spend => treasury::validate_spend(s),
        Command::Pass => actions::validate_pass(s),
    }
}

/// Applies a command that [`validate`] accepted, returning what happened.
pub fn apply(s: &mut State, cmd: Command) -> Vec<Event> {
    let mut ev = Vec::new();
    apply_into(s, cmd, &mut ev);
    ev
}

/// Applies a validated command, writing events into `ev` (use `&mut ()` to drop them).
pub fn apply_into(s: &mut State, cmd: Command, ev: &mut impl EventSink) {
    if let Command::Place { at, facing } = cmd {
        // Setup (G11): a placement is no action and ends no turn.
        setup::apply_place(s, at, facing, ev);
    } else {
        apply_play(s, cmd, ev);
        actions::after_command(s, cmd.is_action(), ev);
    }
    debug_assert!(
        s.invariant_violations().is_empty(),
        "after {cmd:?}: {:?}",
        s.invariant_violations()
    );
}

/// One command of play (every command but a setup placement).
fn apply_play(s: &mut State, cmd: Command, ev: &mut impl EventSink) {
    match cmd {
        Command::Place { .. } => {}
        Command::Move { from, to, side } => movement::apply_move(s, from, to, side, ev),
        Command::Turn { at, side } => movement::apply_turn(s, at, side, ev),
        Command::Fortify { from, to } => fortify::apply(s, from, to, ev),
        Command::Shoot { from, to, target } => shoot::apply(s, from, to, target, ev),
        Command::Build { at, kind, exit } => build::apply(s, at, kind, exit, ev),
        Command::Produce { at, facing } => factory::apply_produce(s, at, facing, ev),
        Command::Heal { at } => factory::apply_heal(s, at, ev),
        Command::Ready => drill_cannon::apply_ready(s, ev),
        Command::Aim { at } => drill_cannon::apply_aim(s, at, ev),
        Command::Fire => drill_cannon::apply_fire(s, ev),
        Command::Descend { rover, at, facing } => {
            space_port::apply_descend(s, rover, at, facing, ev)
        }
        Command::Destroy { at } => destroy::apply(s, at, ev),
        Command::Save => treasury::apply_save(s, ev),
        Command::Spend => treasury::apply_spend(s, ev),
        Command::Pass => actions::apply_pass(s, ev),
    }
}

/// Validates, then applies. On error the state is unchanged.
pub fn play(s: &mut State, cmd: Command) -> Result<Vec<Event>, RuleError> {
    validate(s, &cmd)?;
    Ok(apply(s, cmd))
}

/// How the game stands (G10).
pub fn outcome(s: &State) -> Outcome {
    s.outcome
}
