//! Damage and shielding (R12, R21): raw damage is the ability's amount plus the attacker's
//! power; shielding absorbs it one for one and is spent; the rest comes off integrity. An
//! entity at 0 integrity is destroyed and its remaining data goes to the rover (R13); the
//! rover at 0 integrity is destroyed and the game lost (R17).
use super::data;
use super::event::{Actor, Event, EventSink, LossReason};
use super::state::State;
use crate::core::Outcome;

/// Power of the rover or an entity (R12).
pub fn power(s: &State, a: Actor) -> i32 {
    match a {
        Actor::Rover => s.rover_chassis().power as i32,
        Actor::Entity(id) => s.db.kind(s.entity(id).kind).power as i32,
    }
}

/// Deals `amount` + the attacker's power to `target` (R12).
pub(crate) fn deal(
    s: &mut State,
    attacker: Actor,
    target: Actor,
    amount: i32,
    ev: &mut impl EventSink,
) {
    let raw = amount + power(s, attacker);
    match target {
        Actor::Rover => {
            let r = &mut s.rover;
            let absorbed = raw.min(r.shielding).max(0);
            r.shielding -= absorbed;
            r.integrity -= raw - absorbed;
            ev.push(Event::Damaged {
                target,
                raw,
                absorbed,
                integrity: r.integrity.max(0),
            });
            if r.integrity <= 0 {
                r.integrity = 0;
                r.destroyed = true;
                ev.push(Event::Destroyed { target });
                lose(s, LossReason::NoIntegrity, ev);
            }
        }
        Actor::Entity(id) => {
            let e = s.entity_mut(id);
            let absorbed = raw.min(e.shielding).max(0);
            e.shielding -= absorbed;
            e.integrity -= raw - absorbed;
            let left = e.integrity.max(0);
            ev.push(Event::Damaged {
                target,
                raw,
                absorbed,
                integrity: left,
            });
            if left == 0 {
                e.integrity = 0;
                s.remove_entity(id);
                ev.push(Event::Destroyed { target });
                data::salvage(s, id, ev);
            }
        }
    }
}

/// Ends the game lost (R17).
pub(crate) fn lose(s: &mut State, reason: LossReason, ev: &mut impl EventSink) {
    let score = s.rover.uploaded;
    s.outcome = Outcome::Solo {
        won: false,
        score: score as i64,
    };
    ev.push(Event::Lost { reason, score });
}
