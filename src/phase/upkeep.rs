//! Upkeep (O6): homeworld check, orbit counter (O5), ship damage cleared (O24), delta-vee restored,
//! then upkeep triggers (O27).
use super::triggers;
use crate::data::When;
use crate::rules::{Event, EventSink, LossReason};
use crate::state::{State, Zone};

/// Runs the active player's upkeep. Returns false if they lost.
pub fn run(s: &mut State, ev: &mut impl EventSink) -> bool {
    let p = s.active;
    if !s.has_homeworld(p) {
        super::eliminate(s, p, LossReason::NoHomeworld, ev);
        return false;
    }
    s.orbit_counter = s.orbit_counter % 4 + 1;
    ev.push(Event::OrbitCounter {
        value: s.orbit_counter,
    });
    // Restoring changes no zone.
    for r in s.zone_cards(p, Zone::Ship) {
        let dv = s.max_dv(r);
        let c = s.inst_mut(r);
        c.damage = 0;
        c.dv = dv;
    }
    ev.push(Event::ShipsRestored { player: p });
    triggers::fire(s, When::Upkeep, ev);
    true
}
