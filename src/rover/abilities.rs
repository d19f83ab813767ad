//! Using a module (R8, R11): pay its energy and data and one durability, then its abilities in
//! the order of R11 — move, repair, shield, generate; teleport with the nearest hit target; per
//! hit target analyze, short, stall, damage — capped at the rover's maxima (R27).
use super::actions::{enter, step_rover};
use super::damage;
use super::data;
use super::event::{Actor, Event, EventSink};
use super::geom::Dir;
use super::ids::Slot;
use super::module::{Ability, Class};
use super::state::State;
use super::targeting::{hit, rover_targets};

/// Uses the module in `slot` (validated).
pub(crate) fn use_module(s: &mut State, slot: Slot, dir: Option<Dir>, ev: &mut impl EventSink) {
    let Some(mut inst) = s.rover.slot(slot) else {
        return;
    };
    let db = s.db.clone();
    let def = db.module(inst.module);
    s.rover.energy -= def.energy as i32;
    ev.push(Event::Paid {
        energy: def.energy as u16,
    });
    ev.push(Event::Used {
        slot,
        module: inst.module,
    });
    data::spend(s, def.data as i32, ev);
    inst.durability = inst.durability.saturating_sub(1);
    s.rover.slots[slot.0 as usize] = (inst.durability > 0).then_some(inst);
    // A shorted rover may only move (R11, R33).
    let shorted = s.rover.shorted;
    let has = |a: Ability| def.abilities.contains(&a);
    if let (true, Some(d)) = (has(Ability::Move), dir) {
        step_rover(s, d, ev);
    }
    if !shorted {
        let c = s.rover_chassis().clone();
        for a in &def.abilities {
            let r = &mut s.rover;
            match *a {
                Ability::Repair(n) => {
                    let before = r.integrity;
                    r.integrity = (r.integrity + n as i32).min(c.integrity as i32);
                    ev.push(Event::Repaired {
                        amount: r.integrity - before,
                    });
                }
                Ability::Shield(n) => {
                    let before = r.shielding;
                    r.shielding = (r.shielding + n as i32).min(c.shield_max as i32);
                    ev.push(Event::Shielded {
                        amount: r.shielding - before,
                    });
                }
                Ability::Generate(n) => {
                    let before = r.energy;
                    r.energy = (r.energy + n as i32).min(c.energy as i32);
                    ev.push(Event::Generated {
                        amount: r.energy - before,
                    });
                }
                _ => {}
            }
        }
        if def.class != Class::Transport && def.class != Class::Internal {
            let targets = rover_targets(s, def.class, def.range, dir);
            let mut hits = Vec::with_capacity(targets.len());
            for t in targets {
                if hit(s, Actor::Rover, Actor::Entity(t), def.class, ev) {
                    hits.push(t);
                }
            }
            if let (true, Some(&t)) = (has(Ability::Teleport), hits.first()) {
                let (a, b) = (s.rover.at, s.entity(t).at);
                s.move_entity(t, a);
                s.rover.at = b;
                ev.push(Event::Teleported { with: t, to: b });
                enter(s, ev);
            }
            for t in hits {
                for a in &def.abilities {
                    if !s.entity(t).alive {
                        break;
                    }
                    match *a {
                        Ability::Analyze(n) => data::analyze(s, t, n as i32, ev),
                        Ability::Short => {
                            s.entity_mut(t).shorted = true;
                            ev.push(Event::Shorted {
                                target: Actor::Entity(t),
                            });
                        }
                        Ability::Stall => {
                            s.entity_mut(t).stalled = true;
                            ev.push(Event::Stalled {
                                target: Actor::Entity(t),
                            });
                        }
                        _ => {}
                    }
                }
                if let Some(n) = def.abilities.iter().find_map(|a| match a {
                    Ability::Damage(n) => Some(*n),
                    _ => None,
                }) {
                    if s.entity(t).alive {
                        damage::deal(s, Actor::Rover, Actor::Entity(t), n as i32, ev);
                    }
                }
            }
        }
    }
    if inst.durability == 0 {
        ev.push(Event::Disintegrated {
            slot,
            module: inst.module,
        });
    }
}
