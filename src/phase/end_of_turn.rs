//! End of turn (O23): untap, end-of-turn triggers, then debris damage (O18).
use super::triggers;
use crate::data::When;
use crate::ids::CardRef;
use crate::rules::{Event, EventSink};
use crate::state::{flag, State, Zone};

pub fn run(s: &mut State, ev: &mut impl EventSink) {
    let p = s.active;
    // Only cards in play carry these flags: assets are tapped, ships fresh.
    for r in s.in_play_cards(p) {
        s.cards[r.index()].flags &= !(flag::TAPPED | flag::FRESH);
    }
    ev.push(Event::Untapped { player: p });
    triggers::fire(s, When::EndOfTurn, ev);
    debris_damage(s, ev);
}

/// O18: each of the active player's ships with 0 delta-vee takes 1 damage per debris in its
/// orbital. Debris is counted before any of this damage, so ships destroyed here add debris only
/// for later turns (docs/rules/orbitals.md).
pub fn debris_damage(s: &mut State, ev: &mut impl EventSink) {
    let p = s.active;
    let mut hits: Vec<(CardRef, u8)> = Vec::new();
    for (r, c) in s.zone(p, Zone::Ship) {
        if c.dv == 0 {
            let n = s
                .debris_at(CardRef(c.host), c.orbital)
                .min(u8::MAX as usize) as u8;
            if n > 0 {
                hits.push((r, n));
            }
        }
    }
    for (r, n) in hits {
        ev.push(Event::DebrisDamage { ship: r, debris: n });
        s.damage_ship(r, n, ev);
    }
}
