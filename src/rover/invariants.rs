//! The state's invariants: the rover's energy, integrity, shielding and data within their
//! maxima (R5, R11–R13), entities within their types' stats, the occupancy grid agreeing with
//! the entities, slots and bay within bounds (R5, R14), and the outcome agreeing with the
//! rover (R17). Checked by `debug_assert!` after every command and by the property tests.
use super::chassis::MAX_SLOTS;
use super::content::BAY_SIZE;
use super::state::{State, ROUND_LIMIT, WIN_DATA};
use crate::core::ruleset::InvariantBroken;
use crate::core::Outcome;

/// `Err` names the first broken invariant.
pub fn check(s: &State) -> Result<(), InvariantBroken> {
    let r = &s.rover;
    let c = s.rover_chassis();
    let within = |name: &str, v: i32, max: i32| {
        if (0..=max).contains(&v) {
            Ok(())
        } else {
            Err(InvariantBroken::from(format!(
                "rover {name} {v} outside 0..={max}"
            )))
        }
    };
    within("energy", r.energy, c.energy as i32)?;
    within("integrity", r.integrity, c.integrity as i32)?;
    within("shielding", r.shielding, c.shield_max as i32)?;
    within("data", r.data, c.data_max as i32)?;
    if r.uploaded < 0 {
        return Err("negative uploaded data".into());
    }
    if !r.destroyed && (r.energy == 0 || r.integrity == 0) {
        return Err("a rover without energy or integrity is not destroyed".into());
    }
    for (i, m) in r.slots.iter().enumerate() {
        if let Some(m) = m {
            if i >= c.slots as usize {
                return Err(format!("slot {} beyond the chassis's {}", i + 1, c.slots).into());
            }
            let max = s.db.module(m.module).durability;
            if m.durability == 0 || m.durability > max {
                return Err(format!("slot {} durability {}", i + 1, m.durability).into());
            }
        }
    }
    debug_assert!(r.slots.len() == MAX_SLOTS);
    let n = r.bay_len();
    if r.bay[n.min(BAY_SIZE)..].iter().any(|m| m.is_some()) {
        return Err("the bay is not packed".into());
    }
    for m in r.bay.iter().flatten() {
        if m.durability == 0 || m.durability > s.db.module(m.module).durability {
            return Err("a bay module's durability is out of range".into());
        }
    }
    let mut seen = 0usize;
    for (i, e) in s.entities.iter().enumerate() {
        if e.id.index() != i {
            return Err(format!("entity {} at index {i}", e.id).into());
        }
        let k = s.db.kind(e.kind);
        if !e.alive {
            continue;
        }
        seen += 1;
        if !(1..=k.integrity as i32).contains(&e.integrity)
            || !(0..=k.shield as i32).contains(&e.shielding)
            || !(0..=k.data as i32).contains(&e.data)
        {
            return Err(format!("{} stats out of range", e.id).into());
        }
        if s.occ[s.level.cell(e.at)] != e.id.0 {
            return Err(format!("{} not on the occupancy grid", e.id).into());
        }
        if e.at == r.at {
            return Err(format!("{} shares the rover's cell", e.id).into());
        }
        if s.level.terrain(e.at) != super::map::Terrain::Floor {
            return Err(format!("{} stands in water", e.id).into());
        }
    }
    if s.occ.iter().filter(|&&v| v != 0).count() != seen {
        return Err("the occupancy grid holds dead entities".into());
    }
    match s.outcome {
        Outcome::Ongoing => {
            if r.destroyed || r.uploaded >= WIN_DATA || s.round > ROUND_LIMIT {
                return Err("the game should be over".into());
            }
        }
        Outcome::Solo { won, score } => {
            if score != r.uploaded as i64 || (won && (r.destroyed || r.uploaded < WIN_DATA)) {
                return Err("the outcome disagrees with the rover".into());
            }
        }
        _ => return Err("a one-seat game ends Solo".into()),
    }
    Ok(())
}
