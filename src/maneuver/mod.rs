//! Maneuvers (O9–O15): one module per maneuver, each with its validation, its effect and its
//! legal-command generator. Maneuvers happen only in the Maneuvers phase, by ships of the active
//! player that did not enter play this turn.
pub mod bombard;
pub mod burn;
pub mod combat;
pub mod refit;
pub mod scuttle;

use crate::ids::CardRef;
use crate::rules::Command;
use crate::state::{flag, State, Zone};

/// Appends every legal maneuver of the active player.
pub fn legal(s: &State, out: &mut Vec<Command>) {
    for i in s.player_range(s.active) {
        let c = &s.cards[i];
        if c.zone != Zone::Ship || c.has(flag::FRESH) {
            continue;
        }
        let ship = CardRef(i as u8);
        burn::legal(s, ship, out);
        combat::legal(s, ship, out);
        bombard::legal(s, ship, out);
        refit::legal(s, ship, out);
        scuttle::legal(s, ship, out);
    }
}
