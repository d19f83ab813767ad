//! Maneuvers (O9–O15): one module per maneuver, each with its validation, its effect and its
//! legal-command generator. Maneuvers happen only in the Maneuvers phase, by ships of the active
//! player that did not enter play this turn.
pub mod bombard;
pub mod burn;
pub mod combat;
pub mod refit;
pub mod scuttle;

use crate::rules::Command;
use crate::state::{flag, CardBits, State, Zone};

/// Appends every legal maneuver of the active player. The assets in play and the ships of
/// every player are gathered once for all of the player's ships.
pub fn legal(s: &State, out: &mut Vec<Command>) {
    let me = s.active;
    match (
        s.zone_words(me, [Zone::Ship, Zone::Hand]),
        s.table_words([Zone::Asset, Zone::Ship]),
    ) {
        (Some(mine), Some(table)) => legal_in(s, mine, table, out),
        _ => legal_in(
            s,
            s.zone_sets(me, [Zone::Ship, Zone::Hand]),
            s.table_sets([Zone::Asset, Zone::Ship]),
            out,
        ),
    }
}

/// [`legal`] with the active player's ships and hand, and every player's assets and ships.
#[inline(always)]
fn legal_in<B: CardBits>(
    s: &State,
    [mine, hand]: [B; 2],
    [assets, ships]: [B; 2],
    out: &mut Vec<Command>,
) {
    if mine.none() {
        return;
    }
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
