//! The turn and its action points (G9), and the Treasury's Save and Spend (G8, G9).
//!
//! # Turn structure
//!
//! A turn starts with **1 action point**. Every *action* command (move, turn, fortify, shoot,
//! build, produce, heal, ready, aim, fire, descend, destroy, save) costs one point. Two commands
//! are not actions:
//!
//! * `spend` takes one point out of the player's Treasury and adds it to this turn's points
//!   (any number of times, while the Treasury holds points);
//! * `pass` ends the turn at once; unused points are lost.
//!
//! Save and Spend live in [`super::structures::treasury`].
//!
//! When the points reach 0 the turn passes by itself to the next player still in the game. So
//! a player with a Treasury holding 3 points can act up to 4 times in a turn (spend before the
//! last point is used). `save` stores the turn's point in the Treasury (at most 3 stored); it is
//! not allowed in a turn where the player has spent, so a point cannot be cycled, and since a
//! turn has only one point of its own it always ends the turn.
//!
//! After every command the losing rule (G10) is applied; a player who loses on their own turn
//! ends it. When turn `turn_limit + 1` would start, the game is a draw.
use super::error::RuleError;
use super::event::{Event, EventSink};
use super::outcome::{check_losses, end};
use super::state::{Outcome, State};

pub fn validate_pass(s: &State) -> Result<(), RuleError> {
    s.in_play("pass")
}

pub(crate) fn apply_pass(s: &mut State, ev: &mut impl EventSink) {
    ev.push(Event::Passed { player: s.active });
    s.actions = 0;
}

/// Runs after every command of the play phase: G10, then the end of the turn when its points
/// are used up or the active player is out.
pub(crate) fn after_command(s: &mut State, action: bool, ev: &mut impl EventSink) {
    if action {
        s.actions = s.actions.saturating_sub(1);
    }
    if check_losses(s, ev) {
        return;
    }
    if s.actions == 0 || s.has_lost(s.active) {
        next_turn(s, ev);
    }
}

/// Starts the next player's turn (or ends the game at the turn limit).
pub(crate) fn next_turn(s: &mut State, ev: &mut impl EventSink) {
    if s.outcome != Outcome::Ongoing {
        return;
    }
    if s.turn >= s.config.turn_limit {
        end(s, Outcome::Draw, ev);
        return;
    }
    s.active = s.next_player(s.active);
    s.turn += 1;
    s.actions = 1;
    s.spent = false;
    ev.push(Event::TurnStarted {
        player: s.active,
        turn: s.turn,
    });
}

/// Starts the first turn of play (after setup, or for a position set up in play).
pub(crate) fn first_turn(s: &mut State, ev: &mut impl EventSink) {
    s.active = s.first_player;
    s.turn = 1;
    s.actions = 1;
    s.spent = false;
    ev.push(Event::TurnStarted {
        player: s.active,
        turn: 1,
    });
}
