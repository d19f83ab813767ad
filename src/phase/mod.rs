//! The six phases of a turn (O4) and the flow between them: starting a turn, passing, ending a
//! turn, losing. Upkeep and End of turn run by themselves; the other four wait for commands until
//! the active player passes.
pub mod construction;
pub mod end_of_turn;
pub mod repair;
pub mod research;
pub mod triggers;
pub mod upkeep;

use crate::ids::PlayerId;
use crate::rules::{Event, EventSink, LossReason};
use crate::state::{Outcome, Phase, State};

/// Starts the active player's turn: upkeep, then the Maneuvers phase (or the game ends).
pub fn begin_turn(s: &mut State, ev: &mut impl EventSink) {
    loop {
        if s.outcome != Outcome::Ongoing {
            return;
        }
        if s.turn >= s.turn_limit {
            finish(s, Outcome::Draw, ev);
            return;
        }
        s.turn += 1;
        s.turn_commands = 0;
        ev.push(Event::TurnStarted {
            player: s.active,
            turn: s.turn,
        });
        enter(s, Phase::Upkeep, ev);
        if upkeep::run(s, ev) {
            enter(s, Phase::Maneuvers, ev);
            return;
        }
        // The active player lost at upkeep (O6); the next player still in the game goes on.
        if s.outcome != Outcome::Ongoing {
            return;
        }
        s.active = s.next_player(s.active);
    }
}

fn enter(s: &mut State, phase: Phase, ev: &mut impl EventSink) {
    s.phase = phase;
    ev.push(Event::PhaseStarted { phase });
}

/// The active player passes: the phase ends and the next begins (O4).
pub fn pass(s: &mut State, ev: &mut impl EventSink) {
    ev.push(Event::Passed { phase: s.phase });
    match s.phase.next() {
        Some(Phase::EndOfTurn) | None => {
            enter(s, Phase::EndOfTurn, ev);
            end_of_turn::run(s, ev);
            s.active = s.next_player(s.active);
            begin_turn(s, ev);
        }
        Some(next) => {
            enter(s, next, ev);
            if next == Phase::Construction {
                construction::deploy_waiting(s, ev);
            }
        }
    }
}

/// Removes a player from the game; ends it when at most one player is left (O25).
pub fn eliminate(s: &mut State, p: PlayerId, reason: LossReason, ev: &mut impl EventSink) {
    if s.has_lost(p) {
        return;
    }
    s.lost |= p.bit();
    ev.push(Event::PlayerLost { player: p, reason });
    let mut left = s.players().filter(|q| !s.has_lost(*q));
    match (left.next(), left.next()) {
        (Some(w), None) => finish(s, Outcome::Winner(w), ev),
        (None, _) => finish(s, Outcome::Draw, ev),
        _ => {}
    }
}

fn finish(s: &mut State, outcome: Outcome, ev: &mut impl EventSink) {
    s.outcome = outcome;
    ev.push(Event::GameOver { outcome });
}
