//! The one door for every state change.
//!
//! [`validate`] is pure and says whether a [`Command`] is legal, naming the ruling if not;
//! [`apply`] performs a validated command and reports [`Event`]s; [`play`] does both.
//! [`legal_commands`] lists every legal command (conceding excepted) and [`outcome`] says how the
//! game stands. The rules themselves live in [`crate::maneuver`] and [`crate::phase`].
mod check;
mod command;
mod destroy;
mod dice;
mod error;
mod event;

pub use command::Command;
pub use error::RuleError;
pub use event::{Event, EventSink, LossReason};

use crate::data::{CardDb, Deck};
use crate::maneuver::{bombard, burn, combat, refit, scuttle};
use crate::phase::{self, construction, repair, research};
use crate::state::{Outcome, Phase, State, MAX_TURN_COMMANDS};
use std::sync::Arc;

/// A fresh game (O3) with its first turn started.
pub fn new_game(db: Arc<CardDb>, decks: &[Deck], seed: u64) -> (State, Vec<Event>) {
    let mut s = State::from_decks(db, decks, seed);
    let mut ev = Vec::new();
    start(&mut s, &mut ev);
    (s, ev)
}

/// Starts the first turn of a state made by [`State::from_decks`].
pub fn start(s: &mut State, ev: &mut impl EventSink) {
    if s.turn == 0 && s.phase == Phase::Upkeep {
        phase::begin_turn(s, ev);
    }
}

/// Is the command legal now? Pure: never changes the state.
pub fn validate(s: &State, cmd: &Command) -> Result<(), RuleError> {
    if s.outcome != Outcome::Ongoing {
        return Err(RuleError::GameOver);
    }
    match *cmd {
        Command::Pass => Ok(()),
        Command::Concede { player } => {
            if player.0 >= s.num_players || s.has_lost(player) {
                Err(RuleError::NotInGame)
            } else {
                Ok(())
            }
        }
        Command::Burn { ship, to_orbital } => burn::validate_burn(s, ship, to_orbital),
        Command::Transfer { ship, to } => burn::validate_transfer(s, ship, to),
        Command::Scuttle { ship } => scuttle::validate(s, ship),
        Command::Combat { ship, target, x } => combat::validate(s, ship, target, x),
        Command::Refit { ship, with } => refit::validate(s, ship, with),
        Command::Bombard { ship, target } => bombard::validate(s, ship, target),
        Command::Research { asset } => research::validate(s, asset),
        Command::Repair { asset } => repair::validate(s, asset),
        Command::Start { card, host } => construction::validate_start(s, card, host),
        Command::Contribute { asset, project } => {
            construction::validate_contribute(s, asset, project)
        }
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
    let turn = s.turn;
    apply_command(s, cmd, ev);
    if s.turn == turn && s.outcome == Outcome::Ongoing {
        s.turn_commands = s.turn_commands.saturating_add(1);
        if s.turn_commands >= MAX_TURN_COMMANDS {
            // O30: a runaway turn ends as if the player passed every remaining phase.
            while s.turn == turn && s.outcome == Outcome::Ongoing {
                phase::pass(s, ev);
            }
        }
    }
    debug_assert!(
        s.invariant_violations().is_empty(),
        "after {cmd:?}: {:?}",
        s.invariant_violations()
    );
}

fn apply_command(s: &mut State, cmd: Command, ev: &mut impl EventSink) {
    match cmd {
        Command::Pass => phase::pass(s, ev),
        Command::Concede { player } => {
            let was_active = player == s.active;
            phase::eliminate(s, player, LossReason::Conceded, ev);
            if was_active && s.outcome == Outcome::Ongoing {
                s.active = s.next_player(player);
                phase::begin_turn(s, ev);
            }
        }
        Command::Burn { ship, to_orbital } => burn::apply_burn(s, ship, to_orbital, ev),
        Command::Transfer { ship, to } => burn::apply_transfer(s, ship, to, ev),
        Command::Scuttle { ship } => scuttle::apply(s, ship, ev),
        Command::Combat { ship, target, x } => combat::apply(s, ship, target, x, ev),
        Command::Refit { ship, with } => refit::apply(s, ship, with, ev),
        Command::Bombard { ship, target } => bombard::apply(s, ship, target, ev),
        Command::Research { asset } => research::apply(s, asset, ev),
        Command::Repair { asset } => repair::apply(s, asset, ev),
        Command::Start { card, host } => construction::apply_start(s, card, host, ev),
        Command::Contribute { asset, project } => {
            construction::apply_contribute(s, asset, project, ev)
        }
    }
}

/// Validates, then applies. On error the state is unchanged.
pub fn play(s: &mut State, cmd: Command) -> Result<Vec<Event>, RuleError> {
    validate(s, &cmd)?;
    Ok(apply(s, cmd))
}

/// Every legal command of the active player, `Pass` first. Conceding is always legal and not
/// listed.
pub fn legal_commands(s: &State) -> Vec<Command> {
    let mut out = Vec::with_capacity(32);
    legal_commands_into(s, &mut out);
    out
}

/// [`legal_commands`] into a reused buffer (cleared first).
pub fn legal_commands_into(s: &State, out: &mut Vec<Command>) {
    out.clear();
    if s.outcome != Outcome::Ongoing {
        return;
    }
    out.push(Command::Pass);
    match s.phase {
        Phase::Maneuvers => crate::maneuver::legal(s, out),
        Phase::Research => research::legal(s, out),
        Phase::Repair => repair::legal(s, out),
        Phase::Construction => construction::legal(s, out),
        Phase::Upkeep | Phase::EndOfTurn => {}
    }
}

/// How the game stands (O25).
pub fn outcome(s: &State) -> Outcome {
    s.outcome
}
