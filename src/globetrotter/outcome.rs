//! Losing and the end of the game (G10), and the turn limit.
//!
//! After every command each player still in the game who has no rover (on any planet or in
//! orbit) and no Factory loses. If that leaves exactly one player, they win; if it leaves nobody
//! (everyone remaining lost at once, e.g. with a destroyed planet), the game is a draw. Lost
//! players take no more turns; their remaining pieces stay where they are. Setup is exempt: a
//! player who has not placed yet has no rover but has not lost.
use super::event::{Event, EventSink};
use super::state::{Outcome, Phase, State, Structure};
use crate::ids::PlayerId;

/// G10: does `p` still have a rover or a Factory?
pub fn is_alive(s: &State, p: PlayerId) -> bool {
    s.has_rover(p) || s.structure_of(p, Structure::Factory).is_some()
}

/// Applies G10 after a command; returns true when the game ended.
pub(crate) fn check_losses(s: &mut State, ev: &mut impl EventSink) -> bool {
    if s.outcome != Outcome::Ongoing || s.phase != Phase::Play {
        return s.outcome != Outcome::Ongoing;
    }
    let mut newly = 0u8;
    let mut remaining = 0u8;
    let mut last = None;
    for p in s.player_ids() {
        if s.has_lost(p) {
            continue;
        }
        if is_alive(s, p) {
            remaining += 1;
            last = Some(p);
        } else {
            newly |= 1 << p.0;
        }
    }
    if newly == 0 {
        return false;
    }
    for p in s.player_ids() {
        if newly & (1 << p.0) != 0 {
            s.player_mut(p).lost = true;
            ev.push(Event::PlayerLost { player: p });
        }
    }
    let outcome = match (remaining, last) {
        (0, _) => Outcome::Draw,
        (1, Some(w)) => Outcome::Winner(w),
        _ => return false,
    };
    end(s, outcome, ev);
    true
}

/// Ends the game.
pub(crate) fn end(s: &mut State, outcome: Outcome, ev: &mut impl EventSink) {
    s.outcome = outcome;
    s.actions = 0;
    ev.push(Event::GameOver { outcome });
}
