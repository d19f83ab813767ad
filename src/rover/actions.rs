//! The rover's actions besides `use` (R3–R6, R13, R14, R27, R38): drive, ram, access, wait,
//! install, remove and refit, and what entering a cell does (module caches, R14).
use super::content::BAY_SIZE;
use super::damage;
use super::data;
use super::event::{Actor, Event, EventSink};
use super::geom::Dir;
use super::ids::Slot;
use super::map::Pickup;
use super::module::Class;
use super::state::{State, ACCESS_DATA};
use super::targeting::hit;

/// Pays an action's energy (R4, R27).
pub(crate) fn pay(s: &mut State, energy: i32, ev: &mut impl EventSink) {
    s.rover.energy -= energy;
    ev.push(Event::Paid {
        energy: energy as u16,
    });
}

/// Moves the rover one cell in `d` (validated free) and enters it.
pub(crate) fn step_rover(s: &mut State, d: Dir, ev: &mut impl EventSink) {
    if let Some(p) = s.rover.at.step(d, s.width(), s.height()) {
        s.rover.at = p;
        ev.push(Event::Moved {
            who: Actor::Rover,
            dir: d,
            to: p,
        });
        enter(s, ev);
    }
}

/// Entering a cell: a module cache's module goes to the bay if there is room (R14).
pub(crate) fn enter(s: &mut State, ev: &mut impl EventSink) {
    let Some(i) = s.pickup_at(s.rover.at) else {
        return;
    };
    if let Pickup::Cache(Some(m)) = s.pickups[i].1 {
        let inst = super::module::ModuleInst {
            module: m,
            durability: s.db.module(m).durability,
        };
        if s.rover.bay_push(inst) {
            s.pickups[i].1 = Pickup::Cache(None);
            ev.push(Event::PickedUp { module: m });
        } else {
            ev.push(Event::BayFull { module: m });
        }
    }
}

pub(crate) fn drive(s: &mut State, d: Dir, ev: &mut impl EventSink) {
    let c = s.rover_chassis().move_cost as i32;
    pay(s, c, ev);
    step_rover(s, d, ev);
}

/// R6, R21: a local attack of damage 0 (raw = power).
pub(crate) fn ram(s: &mut State, d: Dir, ev: &mut impl EventSink) {
    let c = s.rover_chassis().move_cost as i32;
    pay(s, c, ev);
    let Some(t) = s
        .rover
        .at
        .step(d, s.width(), s.height())
        .and_then(|p| s.entity_at(p))
    else {
        return;
    };
    if hit(s, Actor::Rover, Actor::Entity(t), Class::Local, ev) {
        damage::deal(s, Actor::Rover, Actor::Entity(t), 0, ev);
    }
}

/// R13: spends 5 data to shut the adjacent factory down.
pub(crate) fn access(s: &mut State, d: Dir, ev: &mut impl EventSink) {
    pay(s, 1, ev);
    let Some(t) = s
        .rover
        .at
        .step(d, s.width(), s.height())
        .and_then(|p| s.entity_at(p))
    else {
        return;
    };
    data::spend(s, ACCESS_DATA, ev);
    s.entity_mut(t).shut_down = true;
    ev.push(Event::ShutDown { factory: t });
}

pub(crate) fn wait(s: &mut State, ev: &mut impl EventSink) {
    pay(s, 1, ev);
    ev.push(Event::Waited);
}

/// R14: the `bay`th bay module into `slot`.
pub(crate) fn install(s: &mut State, bay: u8, slot: Slot, ev: &mut impl EventSink) {
    pay(s, 1, ev);
    if let Some(m) = s.rover.bay_take(bay as usize) {
        s.rover.slots[slot.0 as usize] = Some(m);
        ev.push(Event::Installed {
            module: m.module,
            slot,
        });
    }
}

/// R14: a slot's module into the bay.
pub(crate) fn remove(s: &mut State, slot: Slot, ev: &mut impl EventSink) {
    pay(s, 1, ev);
    if let Some(m) = s.rover.slots[slot.0 as usize].take() {
        s.rover.bay_push(m);
        ev.push(Event::Removed {
            module: m.module,
            slot,
        });
    }
}

/// R5, R27, R38: swap chassis with the pickup underfoot; values capped, modules of the slots
/// the new chassis lacks to the bay, the old chassis left behind.
pub(crate) fn refit(s: &mut State, ev: &mut impl EventSink) {
    pay(s, 1, ev);
    let Some(i) = s.pickup_at(s.rover.at) else {
        return;
    };
    let Pickup::Chassis(to) = s.pickups[i].1 else {
        return;
    };
    let from = s.rover.chassis;
    s.pickups[i].1 = Pickup::Chassis(from);
    s.rover.chassis = to;
    let c = s.db.chassis(to).clone();
    let r = &mut s.rover;
    for k in c.slots as usize..r.slots.len() {
        if let Some(m) = r.slots[k].take() {
            let fits = r.bay_len() < BAY_SIZE;
            debug_assert!(fits, "R38: validated");
            r.bay_push(m);
        }
    }
    r.energy = r.energy.min(c.energy as i32);
    r.integrity = r.integrity.min(c.integrity as i32);
    r.shielding = r.shielding.min(c.shield_max as i32);
    r.data = r.data.min(c.data_max as i32);
    ev.push(Event::Refitted { from, to });
}
