//! Repair (O20): an untapped, non-destroyed, damaged asset taps to remove 1 (+ modifiers) damage.
use crate::ids::CardRef;
use crate::rules::{Command, Event, EventSink, RuleError};
use crate::state::{flag, Phase, State, Zone};

pub fn validate(s: &State, asset: CardRef) -> Result<(), RuleError> {
    s.in_phase(Phase::Repair, "repair")?;
    let c = s.own_ready_asset(asset, "O20")?;
    if c.damage == 0 {
        return Err(RuleError::NoDamage(asset));
    }
    Ok(())
}

pub fn apply(s: &mut State, asset: CardRef, ev: &mut impl EventSink) {
    let amount = s.repair_amount(asset).min(s.inst(asset).damage);
    let c = s.inst_mut(asset);
    c.set(flag::TAPPED, true);
    c.damage -= amount;
    ev.push(Event::Repaired { asset, amount });
}

pub fn legal(s: &State, out: &mut Vec<Command>) {
    for (asset, c) in s.zone(s.active, Zone::Asset) {
        if !c.has(flag::TAPPED | flag::DESTROYED) && c.damage > 0 {
            out.push(Command::Repair { asset });
        }
    }
}
