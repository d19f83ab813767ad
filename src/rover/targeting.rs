//! Targeting and hit rolls (R9, R10, R25, R35, R39): which entities a module reaches, whether a
//! hostile's line of fire reaches the rover, and the attacker's roll against the target's
//! sensitivity.
use super::dice::Die;
use super::event::{Actor, Event, EventSink, HitRoll};
use super::geom::{Dir, Pos};
use super::ids::EntityId;
use super::module::Class;
use super::state::State;

/// The entities the rover's module of `class` and `range` reaches in `dir` (R9), nearest first
/// (R29). Transport and internal modules reach none.
pub fn rover_targets(s: &State, class: Class, range: u8, dir: Option<Dir>) -> Vec<EntityId> {
    let from = s.rover.at;
    match (class, dir) {
        (Class::Local, Some(d)) => from
            .step(d, s.width(), s.height())
            .and_then(|p| s.entity_at(p))
            .into_iter()
            .collect(),
        (Class::Ranged, Some(d)) => line(s, from, d, range).into_iter().take(1).collect(),
        (Class::Piercing, Some(d)) => line(s, from, d, range),
        (Class::Burst, _) => {
            let mut v: Vec<(u32, EntityId)> = s
                .entities
                .iter()
                .filter(|e| e.alive && e.at.manhattan(from) <= range as u32)
                .map(|e| (e.at.manhattan(from), e.id))
                .collect();
            v.sort();
            v.into_iter().map(|(_, id)| id).collect()
        }
        _ => Vec::new(),
    }
}

/// Every entity within `range` cells straight from `from` in `d`, nearest first. Water and
/// places do not stop the line (R35); the caller takes the first for a ranged module.
fn line(s: &State, from: Pos, d: Dir, range: u8) -> Vec<EntityId> {
    let mut out = Vec::new();
    let mut p = from;
    for _ in 0..range {
        match p.step(d, s.width(), s.height()) {
            Some(q) => p = q,
            None => break,
        }
        if let Some(id) = s.entity_at(p) {
            out.push(id);
        }
    }
    out
}

/// Does a hostile on `from` have the rover in line of fire within `range` (R25, R35): in the
/// same row or column, no blocking entity between?
pub fn rover_in_line(s: &State, from: Pos, range: u8) -> Option<Dir> {
    let to = s.rover.at;
    if (from.x != to.x && from.y != to.y) || from.manhattan(to) > range as u32 {
        return None;
    }
    let d = Dir::ALL.into_iter().find(|d| {
        let (dx, dy) = d.delta();
        (to.x as i32 - from.x as i32).signum() == dx && (to.y as i32 - from.y as i32).signum() == dy
    })?;
    let mut p = from;
    loop {
        p = p.step(d, s.width(), s.height())?;
        if p == to {
            return Some(d);
        }
        if s.entity_at(p).is_some() {
            return None;
        }
    }
}

/// The die of a class's hit roll (R10); `None` for classes that never miss.
pub fn hit_die(class: Class) -> Option<Die> {
    match class {
        Class::Local => Some(Die::D20),
        Class::Ranged => Some(Die::D12),
        Class::Piercing => Some(Die::D6),
        _ => None,
    }
}

/// Sensitivity of the rover or an entity.
pub fn sensitivity(s: &State, a: Actor) -> i32 {
    match a {
        Actor::Rover => s.rover_chassis().sensitivity as i32,
        Actor::Entity(id) => s.db.kind(s.entity(id).kind).sensitivity as i32,
    }
}

/// The hit roll of R10: misses if attacker sensitivity + die < target sensitivity (ties hit).
/// The die is rolled only when the result can go either way (R39).
pub fn hit(
    s: &mut State,
    attacker: Actor,
    target: Actor,
    class: Class,
    ev: &mut impl EventSink,
) -> bool {
    let Some(die) = hit_die(class) else {
        return true;
    };
    let base = sensitivity(s, attacker);
    let need = sensitivity(s, target);
    if base + 1 >= need {
        return true;
    }
    if base + die.sides() as i32 >= need {
        let value = s.dice.roll(die);
        let total = base + value as i32;
        let hit = total >= need;
        ev.push(Event::Roll(HitRoll {
            attacker,
            target,
            die,
            value,
            total,
            need,
            hit,
        }));
        return hit;
    }
    ev.push(Event::Missed { attacker, target });
    false
}
