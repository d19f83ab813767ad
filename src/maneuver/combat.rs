//! Combat (O13): pay X delta-vee, roll one d6 per point of accuracy; a roll hits when it is lower
//! than max range minus the target's defence. Each hit deals 1 damage.
use crate::ids::CardRef;
use crate::rules::{Command, Event, EventSink, RuleError};
use crate::state::{Phase, State, TableBits, Zone};

/// The numbers of one attack, before any die is rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    pub range: i16,
    pub accuracy: u8,
    pub defence: i16,
}

impl Attack {
    /// A roll hits when it is strictly lower than this.
    pub fn threshold(&self) -> i16 {
        self.range - self.defence
    }

    /// Chance that one die hits: a d6 roll below [`Attack::threshold`].
    pub fn hit_chance(&self) -> f64 {
        (self.threshold() - 1).clamp(0, 6) as f64 / 6.0
    }

    /// Can the attack hit at all: at least one die, and a roll that hits?
    pub fn can_hit(&self) -> bool {
        self.accuracy > 0 && self.threshold() > 1
    }
}

/// Orbitals strictly between two orbitals: `max(|i - j| - 1, 0)`.
pub fn between(a: u8, b: u8) -> u8 {
    (a as i16 - b as i16).unsigned_abs().saturating_sub(1) as u8
}

/// Range, accuracy and defence for an attack paying `x` (O13).
pub fn attack(s: &State, ship: CardRef, target: CardRef, x: u8) -> Attack {
    let (a, t) = (s.inst(ship), s.inst(target));
    let btw = between(a.orbital, t.orbital) as i16;
    let range = x as i16
        + if t.orbital > a.orbital { btw } else { 0 }
        + s.ship_mod(ship, |m| m.range) as i16;
    let accuracy = (s.accuracy(ship) as i16 + if t.orbital < a.orbital { btw } else { 0 })
        .clamp(0, u8::MAX as i16) as u8;
    let defence = t.dv as i16 + s.ship_mod(target, |m| m.defence) as i16;
    Attack {
        range,
        accuracy,
        defence,
    }
}

pub fn validate(s: &State, ship: CardRef, target: CardRef, x: u8) -> Result<(), RuleError> {
    s.in_phase(Phase::Maneuvers, "combat")?;
    let a = s.own_ship(ship)?;
    let t = s.checked(target)?;
    if t.zone != Zone::Ship {
        return Err(RuleError::NotAShip {
            card: target,
            zone: t.zone,
        });
    }
    if t.owner == a.owner {
        return Err(RuleError::NotEnemy);
    }
    if t.host != a.host {
        return Err(RuleError::NotSameAsset);
    }
    if x == 0 || x > a.dv {
        return Err(RuleError::BadX { have: a.dv });
    }
    Ok(())
}

pub fn apply(s: &mut State, ship: CardRef, target: CardRef, x: u8, ev: &mut impl EventSink) {
    let atk = attack(s, ship, target, x);
    let c = s.inst_mut(ship);
    c.dv = c.dv.saturating_sub(x);
    ev.push(Event::CombatDeclared {
        ship,
        target,
        x,
        range: atk.range,
        accuracy: atk.accuracy,
        defence: atk.defence,
    });
    let mut hits = 0u8;
    for _ in 0..atk.accuracy {
        let roll = s.roll_d6();
        let hit = (roll as i16) < atk.threshold();
        hits += hit as u8;
        ev.push(Event::DieRolled { roll, hit });
    }
    s.damage_ship(target, hits, ev);
}

/// Legal attacks of one ship: every enemy ship at the same asset, every X.
/// Legal attacks of one ship; `ships` holds every ship in play.
pub(crate) fn legal<B: TableBits>(s: &State, ship: CardRef, ships: B, out: &mut Vec<Command>) {
    let a = *s.inst(ship);
    if a.dv == 0 {
        return;
    }
    for target in ships.at_hosts(s, a.host, a.host).cards() {
        let t = s.inst(target);
        if t.host == a.host && t.owner != a.owner {
            for x in 1..=a.dv {
                out.push(Command::Combat { ship, target, x });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::between;

    #[test]
    fn o13_between_counts_orbitals_strictly_between() {
        assert_eq!(between(0, 0), 0);
        assert_eq!(between(0, 1), 0);
        assert_eq!(between(0, 2), 1);
        assert_eq!(between(3, 0), 2);
    }
}
