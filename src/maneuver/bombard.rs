//! Bombardment (O15): a ship with full delta-vee spends all of it to damage the enemy asset it
//! orbits, or that asset's upgrade, by its bombardment power minus its orbital index.
use crate::ids::CardRef;
use crate::rules::{Command, Event, EventSink, RuleError};
use crate::state::{Phase, State};

/// Damage a bombardment from this ship would deal.
pub fn power(s: &State, ship: CardRef) -> u8 {
    s.bombardment_power(ship)
        .saturating_sub(s.inst(ship).orbital)
}

pub fn validate(s: &State, ship: CardRef, target: CardRef) -> Result<(), RuleError> {
    s.in_phase(Phase::Maneuvers, "bombard")?;
    let c = s.own_ship(ship)?;
    let max = s.max_dv(ship);
    if c.dv != max {
        return Err(RuleError::NotFullDeltaVee { max, have: c.dv });
    }
    let host = CardRef(c.host);
    if s.inst(host).owner == c.owner {
        return Err(RuleError::BombardTarget);
    }
    if s.is_destroyed(host) {
        return Err(RuleError::Destroyed(host));
    }
    if target != host && Some(target) != s.upgrade_of(host) {
        return Err(RuleError::BombardTarget);
    }
    Ok(())
}

pub fn apply(s: &mut State, ship: CardRef, target: CardRef, ev: &mut impl EventSink) {
    let power = power(s, ship);
    s.inst_mut(ship).dv = 0;
    ev.push(Event::Bombarded {
        ship,
        target,
        power,
    });
    s.damage_structure(target, power, ev);
}

/// Legal bombardments of one ship.
pub fn legal(s: &State, ship: CardRef, out: &mut Vec<Command>) {
    let c = s.inst(ship);
    let host = CardRef(c.host);
    let h = s.inst(host);
    if h.owner == c.owner || s.is_destroyed(host) || c.dv != s.max_dv(ship) {
        return;
    }
    out.push(Command::Bombard { ship, target: host });
    if let Some(u) = s.upgrade_of(host) {
        out.push(Command::Bombard { ship, target: u });
    }
}
