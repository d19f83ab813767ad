//! What an attack would do, before it is made (read-only; no die is rolled): the targets a
//! module or a ram reaches, each with the hit chance of R10 (die, the roll needed, the chance
//! in percent) and the damage of R12 (raw, what shielding takes, what integrity loses).
//! Frontends show these numbers before the player commits.
use super::damage::power;
use super::dice::Die;
use super::event::Actor;
use super::geom::Dir;
use super::ids::{EntityId, Slot};
use super::module::{Ability, Class};
use super::state::State;
use super::targeting::{hit_die, rover_targets, sensitivity};

/// The chance of one hit roll (R10, R39).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitChance {
    /// The die rolled, `None` when nothing is rolled (a class that never misses, or a sure
    /// hit or sure miss, R39).
    pub die: Option<Die>,
    /// The lowest die face that hits (with `die`).
    pub need: u8,
    /// Chance to hit, in whole percent (0 to 100).
    pub percent: u8,
}

/// The hit chance of an attacker with `base` sensitivity against a target with `target`
/// sensitivity, for a module of `class` (R10: misses if base + die < target; ties hit).
pub fn hit_chance(class: Class, base: i32, target: i32) -> HitChance {
    let Some(die) = hit_die(class) else {
        return HitChance {
            die: None,
            need: 0,
            percent: 100,
        };
    };
    let sides = die.sides() as i32;
    let need = target - base;
    if need <= 1 {
        return HitChance {
            die: None,
            need: 1,
            percent: 100,
        };
    }
    if need > sides {
        return HitChance {
            die: None,
            need: need.min(255) as u8,
            percent: 0,
        };
    }
    let faces = sides - need + 1;
    HitChance {
        die: Some(die),
        need: need as u8,
        percent: ((faces * 100 + sides / 2) / sides) as u8,
    }
}

/// One target of a planned attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetPreview {
    pub id: EntityId,
    /// Cells from the rover (Manhattan).
    pub distance: u32,
    pub chance: HitChance,
    /// Raw damage on a hit (0 for a module without damage; a ram deals the rover's power).
    pub raw: i32,
    /// Of it, what the target's shielding takes now.
    pub absorbed: i32,
    /// The target's integrity now.
    pub integrity: i32,
}

/// The targets a planned attack reaches, nearest first, with their numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackPreview {
    pub class: Class,
    /// Range in cells (1 for local modules and rams).
    pub range: u8,
    pub targets: Vec<TargetPreview>,
}

fn target(s: &State, class: Class, id: EntityId, damage: Option<i32>) -> TargetPreview {
    let e = s.entity(id);
    let raw = damage.map(|d| d + power(s, Actor::Rover)).unwrap_or(0);
    TargetPreview {
        id,
        distance: e.at.manhattan(s.rover.at),
        chance: hit_chance(
            class,
            sensitivity(s, Actor::Rover),
            sensitivity(s, Actor::Entity(id)),
        ),
        raw,
        absorbed: raw.min(e.shielding).max(0),
        integrity: e.integrity,
    }
}

/// What using the module in `slot` toward `dir` would reach (R9, R10, R12); `None` for an
/// empty slot or a module that targets nothing (transport, internal).
pub fn use_preview(s: &State, slot: Slot, dir: Option<Dir>) -> Option<AttackPreview> {
    let m = s.rover.slot(slot)?;
    let def = s.db.module(m.module);
    if matches!(def.class, Class::Transport | Class::Internal) {
        return None;
    }
    let damage = def.abilities.iter().find_map(|a| match a {
        Ability::Damage(n) => Some(*n as i32),
        _ => None,
    });
    let targets = rover_targets(s, def.class, def.range, dir)
        .into_iter()
        .map(|id| target(s, def.class, id, damage))
        .collect();
    Some(AttackPreview {
        class: def.class,
        range: def.range,
        targets,
    })
}

/// What ramming toward `dir` would do (R6, R21: a local attack dealing the rover's power).
pub fn ram_preview(s: &State, dir: Dir) -> AttackPreview {
    let targets = rover_targets(s, Class::Local, 1, Some(dir))
        .into_iter()
        .map(|id| target(s, Class::Local, id, Some(0)))
        .collect();
    AttackPreview {
        class: Class::Local,
        range: 1,
        targets,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rover::scenario::Scenario;
    use std::path::Path;

    #[test]
    fn chances_follow_r10() {
        // Rover sensitivity 5 against a LunoRove's 6 with a local module: 5 + d20 >= 6 always.
        assert_eq!(hit_chance(Class::Local, 5, 6).percent, 100);
        // Against a warden's 8 with a ranged module: needs 3+ on a d12 = 10/12.
        let c = hit_chance(Class::Ranged, 5, 8);
        assert_eq!((c.die, c.need, c.percent), (Some(Die::D12), 3, 83));
        // A dust mite's 10 with piercing: needs 5+ on a d6 = 2/6; ties hit.
        let c = hit_chance(Class::Piercing, 5, 10);
        assert_eq!((c.die, c.need, c.percent), (Some(Die::D6), 5, 33));
        // Out of reach: 3 + d6 < 10 always.
        assert_eq!(hit_chance(Class::Piercing, 3, 10).percent, 0);
        // Burst never misses.
        assert_eq!(hit_chance(Class::Burst, 0, 20).percent, 100);
    }

    fn state(rows: &str, slots: &[&str]) -> State {
        let mut f = Scenario::fresh(crate::rover::series::RoverTable::Default, 1);
        f.level = None;
        f.rows = Some(rows.into());
        f.rover = Some(crate::rover::scenario::RoverSetup {
            slots: Some(slots.iter().map(|s| Some(s.to_string())).collect()),
            ..Default::default()
        });
        f.to_state(Path::new(".")).unwrap()
    }

    #[test]
    fn ranged_preview_names_the_first_target_with_damage() {
        // Gas Laser (range 2, damage 1) east: the mite at distance 2 is the first entity.
        let s = state("P.c#\n....\n", &["magnetic_piston", "gas_laser"]);
        let p = use_preview(&s, Slot(1), Some(Dir::E)).unwrap();
        assert_eq!(p.targets.len(), 1);
        let t = p.targets[0];
        assert_eq!(t.distance, 2);
        // Aluminum power 4 + damage 1; a mite has no shielding.
        assert_eq!((t.raw, t.absorbed), (5, 0));
        // Mite sensitivity 10 against 5: 5+ on a d12.
        assert_eq!(t.chance.need, 5);
        assert_eq!(t.chance.die, Some(Die::D12));
        // Nothing to the south.
        assert!(use_preview(&s, Slot(1), Some(Dir::S))
            .unwrap()
            .targets
            .is_empty());
        // The same numbers validation uses: the laser is legal east, not south.
        assert!(
            crate::rover::validate(&s, &crate::rover::Command::Use(Slot(1), Some(Dir::E))).is_ok()
        );
    }

    #[test]
    fn ram_deals_power_against_shielding() {
        let s = state("Pm..\n....\n", &["magnetic_piston"]);
        let p = ram_preview(&s, Dir::E);
        // PropRove shield 1: 4 raw, 1 absorbed.
        assert_eq!((p.targets[0].raw, p.targets[0].absorbed), (4, 1));
        assert!(ram_preview(&s, Dir::S).targets.is_empty());
    }
}
