//! Data (R13, R28): analyzing and destroying entities yields data up to the rover's capacity;
//! modules and `access` spend it; ending an action on the pod uploads it all to the score,
//! which wins at 30 (R17).
use super::event::{Event, EventSink};
use super::ids::EntityId;
use super::state::{State, WIN_DATA};
use crate::core::Outcome;

/// Moves up to `n` data from entity `id` to the rover, capped by its free capacity (R13).
pub(crate) fn analyze(s: &mut State, id: EntityId, n: i32, ev: &mut impl EventSink) {
    let free = s.rover.free_data(&s.db);
    let e = s.entity_mut(id);
    let amount = n.min(e.data).min(free).max(0);
    e.data -= amount;
    s.rover.data += amount;
    ev.push(Event::DataGained { from: id, amount });
}

/// A destroyed entity's remaining data goes to the rover, capped (R13).
pub(crate) fn salvage(s: &mut State, id: EntityId, ev: &mut impl EventSink) {
    let left = s.entity(id).data;
    if left > 0 {
        analyze(s, id, left, ev);
    }
}

/// Spends data (module use, access: R8, R13).
pub(crate) fn spend(s: &mut State, amount: i32, ev: &mut impl EventSink) {
    if amount > 0 {
        s.rover.data -= amount;
        ev.push(Event::DataSpent { amount });
    }
}

/// The pod (R4, R13, R28): an action ending there refills energy and uploads all data; 30
/// uploaded wins at once. Returns whether the game is won.
pub(crate) fn at_pod(s: &mut State, ev: &mut impl EventSink) -> bool {
    if s.rover.at != s.level.pod || s.rover.destroyed {
        return false;
    }
    let max = s.rover_chassis().energy as i32;
    if s.rover.energy < max {
        s.rover.energy = max;
        ev.push(Event::Refilled { energy: max });
    }
    if s.rover.data > 0 {
        let amount = s.rover.data;
        s.rover.data = 0;
        s.rover.uploaded += amount;
        ev.push(Event::Uploaded {
            amount,
            total: s.rover.uploaded,
        });
    }
    if s.rover.uploaded >= WIN_DATA {
        let score = s.rover.uploaded;
        s.outcome = Outcome::Solo {
            won: true,
            score: score as i64,
        };
        ev.push(Event::Won { score });
        return true;
    }
    false
}
