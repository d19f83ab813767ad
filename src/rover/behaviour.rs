//! How the rules drive the entities (R15, R22, R24–R26, R32–R34): waking, chasing (ram, fire,
//! step), wandering by a d4, and factories spawning wardens. Entities ignore energy and
//! durability.
use super::damage;
use super::dice::Die;
use super::entity::Entity;
use super::event::{Actor, Event, EventSink};
use super::geom::{Dir, Pos};
use super::ids::EntityId;
use super::kinds::Behaviour;
use super::module::{Ability, Class};
use super::state::State;
use super::targeting::{hit, rover_in_line};

/// R32: right after the rover's action, every sleeping chaser within its wake distance wakes.
pub(crate) fn wake(s: &mut State, ev: &mut impl EventSink) {
    let at = s.rover.at;
    for i in 0..s.entities.len() {
        let e = s.entities[i];
        if !e.alive || e.awake {
            continue;
        }
        if let Behaviour::Chase { wake } = s.db.kind(e.kind).behaviour {
            if e.at.manhattan(at) <= wake as u32 {
                s.entities[i].awake = true;
                ev.push(Event::Woke { id: e.id });
            }
        }
    }
}

/// One entity's slot of the entity phase (R33): it acts if awake, then its stall and short
/// marks expire.
#[inline]
pub(crate) fn take_slot(s: &mut State, id: EntityId, ev: &mut impl EventSink) {
    let e = *s.entity(id);
    if e.alive && e.awake {
        match s.db.kind(e.kind).behaviour {
            Behaviour::Chase { .. } => chase(s, &e, ev),
            Behaviour::Wander => wander(s, &e, ev),
            Behaviour::Inert | Behaviour::Factory { .. } => {}
        }
    }
    let e = s.entity_mut(id);
    e.stalled = false;
    e.shorted = false;
}

fn adjacent(s: &State, e: &Entity) -> Option<Dir> {
    e.at.dir_to(s.rover.at)
}

/// R21: a ram is a local attack of damage 0.
fn ram(s: &mut State, e: &Entity, ev: &mut impl EventSink) {
    if hit(s, Actor::Entity(e.id), Actor::Rover, Class::Local, ev) {
        damage::deal(s, Actor::Entity(e.id), Actor::Rover, 0, ev);
    }
}

/// R25: the chaser's ranged module, if it has the rover in line within range.
fn fire(s: &mut State, e: &Entity, ev: &mut impl EventSink) -> bool {
    let Some(m) = s.db.kind(e.kind).module else {
        return false;
    };
    let def = s.db.module(m).clone();
    if rover_in_line(s, e.at, def.range).is_none() {
        return false;
    }
    if hit(s, Actor::Entity(e.id), Actor::Rover, def.class, ev) {
        let n = def
            .abilities
            .iter()
            .find_map(|a| match a {
                Ability::Damage(n) => Some(*n as i32),
                _ => None,
            })
            .unwrap_or(0);
        damage::deal(s, Actor::Entity(e.id), Actor::Rover, n, ev);
    }
    true
}

fn try_step(s: &mut State, e: &Entity, d: Dir, ev: &mut impl EventSink) -> bool {
    match e.at.step(d, s.width(), s.height()) {
        Some(p) if s.free_for_entity(p) => {
            s.move_entity(e.id, p);
            ev.push(Event::Moved {
                who: Actor::Entity(e.id),
                dir: d,
                to: p,
            });
            true
        }
        _ => false,
    }
}

/// R25: step along the larger gap (tie: horizontal); if blocked, the other axis when its gap
/// is not zero; else stay.
fn step_toward(s: &mut State, e: &Entity, to: Pos, ev: &mut impl EventSink) {
    let dx = to.x as i32 - e.at.x as i32;
    let dy = to.y as i32 - e.at.y as i32;
    let h = if dx > 0 { Dir::E } else { Dir::W };
    let v = if dy > 0 { Dir::S } else { Dir::N };
    let (first, second, second_gap) = if dx.abs() >= dy.abs() {
        (h, v, dy)
    } else {
        (v, h, dx)
    };
    if !try_step(s, e, first, ev) && second_gap != 0 {
        try_step(s, e, second, ev);
    }
}

fn chase(s: &mut State, e: &Entity, ev: &mut impl EventSink) {
    let near = adjacent(s, e).is_some();
    if e.shorted {
        if !near {
            step_toward(s, e, s.rover.at, ev);
        }
        return;
    }
    if near {
        ram(s, e, ev);
        return;
    }
    if fire(s, e, ev) || e.stalled {
        return;
    }
    step_toward(s, e, s.rover.at, ev);
}

/// R24, R39: an adjacent mite rams (no d4); otherwise a d4 picks the step, and a blocked
/// cell, water, a place or the edge keeps it where it is.
fn wander(s: &mut State, e: &Entity, ev: &mut impl EventSink) {
    if adjacent(s, e).is_some() {
        if !e.shorted {
            ram(s, e, ev);
        }
        return;
    }
    if e.stalled {
        return;
    }
    let value = s.dice.roll(Die::D4);
    ev.push(Event::Wander { id: e.id, value });
    let d = Dir::ALL[(value as usize - 1).min(3)];
    try_step(s, e, d, ev);
}

/// R26, R34: at the end of a round divisible by `every`, each working factory in id order
/// places a warden on its first free N/E/S/W cell, if fewer than `max` of its own are alive.
#[inline]
pub(crate) fn spawn(s: &mut State, ev: &mut impl EventSink) {
    let n = s.entities.len();
    for i in 0..n {
        let f = s.entities[i];
        if !f.alive || f.shut_down {
            continue;
        }
        let Behaviour::Factory { spawn, every, max } = s.db.kind(f.kind).behaviour else {
            continue;
        };
        if !s.round.is_multiple_of(every as u32) {
            continue;
        }
        let alive = s
            .entities
            .iter()
            .filter(|e| e.alive && e.parent == Some(f.id))
            .count();
        if alive >= max as usize {
            continue;
        }
        let Some(at) = Dir::ALL
            .into_iter()
            .filter_map(|d| f.at.step(d, s.width(), s.height()))
            .find(|p| s.free_for_entity(*p))
        else {
            continue;
        };
        let mut w = Entity::new(&s.db, EntityId(0), spawn, at);
        w.parent = Some(f.id);
        let id = s.spawn(w);
        ev.push(Event::Spawned { id, by: f.id, at });
    }
}
