//! Maneuvers (O9–O15): one module per maneuver, each with its validation, its effect and its
//! legal-command generator. Maneuvers happen only in the Maneuvers phase, by ships of the active
//! player that did not enter play this turn.
pub mod bombard;
pub mod burn;
pub mod combat;
pub mod refit;
pub mod scuttle;

use crate::rules::Command;
use crate::state::{flag, State, Zone};

/// Appends every legal maneuver of the active player. The assets in play and the ships of
/// every player are gathered once for all of the player's ships.
pub fn legal(s: &State, out: &mut Vec<Command>) {
    let [mine, hand] = s.zone_sets(s.active, [Zone::Ship, Zone::Hand]);
    if mine.is_empty() {
        return;
    }
    let [assets, ships] = s.table_sets([Zone::Asset, Zone::Ship]);
    for ship in mine.iter() {
        if s.inst(ship).has(flag::FRESH) {
            continue;
        }
        burn::legal(s, ship, &assets, out);
        combat::legal(s, ship, &ships, out);
        bombard::legal(s, ship, out);
        refit::legal(s, ship, &hand, out);
        scuttle::legal(s, ship, out);
    }
}
