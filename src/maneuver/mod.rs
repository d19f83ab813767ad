//! Maneuvers (O9–O15): one module per maneuver, each with its validation, its effect and its
//! legal-command generator. Maneuvers happen only in the Maneuvers phase, by ships of the active
//! player that did not enter play this turn.
pub mod bombard;
pub mod burn;
pub mod combat;
pub mod refit;
pub mod scuttle;

use crate::rules::Command;
use crate::state::{by_shape, flag, State, TableBits, Zone};

/// Appends every legal maneuver of the active player. The assets in play and the ships of
/// every player are gathered once for all of the player's ships.
pub fn legal(s: &State, out: &mut Vec<Command>) {
    by_shape!(s, legal_in(s, out))
}

/// [`legal`] with the table's sets read as `B`.
#[inline(always)]
fn legal_in<B: TableBits>(s: &State, out: &mut Vec<Command>) {
    let [mine, hand] = B::player(s, s.active, [Zone::Ship, Zone::Hand]);
    if mine.none() {
        return;
    }
    let [assets, ships] = B::table(s, [Zone::Asset, Zone::Ship]);
    for ship in mine.cards() {
        if s.inst(ship).has(flag::FRESH) {
            continue;
        }
        burn::legal(s, ship, assets, out);
        combat::legal(s, ship, ships, out);
        bombard::legal(s, ship, out);
        refit::legal(s, ship, hand, out);
        scuttle::legal(s, ship, out);
    }
}
