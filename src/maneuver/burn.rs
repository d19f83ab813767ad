//! Burn (O11): one orbital up or down, or from the outermost orbital a transfer to the outermost
//! orbital of another asset in play, paying its current transfer cost plus that orbital's entry cost.
use crate::ids::CardRef;
use crate::rules::{Command, Event, EventSink, RuleError};
use crate::state::{CardBits, Phase, State, Zone};

/// Delta-vee a burn to `to` costs, if `to` is one orbital away.
pub fn burn_cost(s: &State, ship: CardRef, to: u8) -> Result<u8, RuleError> {
    let c = s.inst(ship);
    let host = CardRef(c.host);
    if to >= s.orbital_count(host) {
        return Err(RuleError::NoSuchOrbital(to));
    }
    if (to as i16 - c.orbital as i16).abs() != 1 {
        return Err(RuleError::NotAdjacentOrbital);
    }
    Ok(s.entry_cost(host, to))
}

/// Delta-vee a transfer to `to` costs (O7, O11).
pub fn transfer_cost(s: &State, ship: CardRef, to: CardRef) -> Result<u8, RuleError> {
    let c = s.inst(ship);
    let host = CardRef(c.host);
    if c.orbital + 1 != s.orbital_count(host) {
        return Err(RuleError::NotOutermost);
    }
    let target = s.checked(to)?;
    if target.zone != Zone::Asset {
        return Err(RuleError::NotAnAsset(to));
    }
    if to == host {
        return Err(RuleError::SameAsset);
    }
    let outer = s.orbital_count(to).saturating_sub(1);
    Ok(s.transfer_cost(to).saturating_add(s.entry_cost(to, outer)))
}

fn afford(s: &State, ship: CardRef, cost: u8) -> Result<(), RuleError> {
    let have = s.inst(ship).dv;
    if have < cost {
        return Err(RuleError::NotEnoughDeltaVee {
            rule: "O11",
            need: cost,
            have,
        });
    }
    Ok(())
}

pub fn validate_burn(s: &State, ship: CardRef, to: u8) -> Result<(), RuleError> {
    s.in_phase(Phase::Maneuvers, "burn")?;
    s.own_ship(ship)?;
    afford(s, ship, burn_cost(s, ship, to)?)
}

pub fn validate_transfer(s: &State, ship: CardRef, to: CardRef) -> Result<(), RuleError> {
    s.in_phase(Phase::Maneuvers, "transfer")?;
    s.own_ship(ship)?;
    afford(s, ship, transfer_cost(s, ship, to)?)
}

pub fn apply_burn(s: &mut State, ship: CardRef, to: u8, ev: &mut impl EventSink) {
    let cost = burn_cost(s, ship, to).unwrap_or(0);
    let c = s.inst_mut(ship);
    let from = c.orbital;
    c.dv = c.dv.saturating_sub(cost);
    c.orbital = to;
    ev.push(Event::Burned {
        ship,
        from,
        to,
        cost,
    });
}

pub fn apply_transfer(s: &mut State, ship: CardRef, to: CardRef, ev: &mut impl EventSink) {
    let cost = transfer_cost(s, ship, to).unwrap_or(0);
    let outer = s.orbital_count(to).saturating_sub(1);
    let from = CardRef(s.inst(ship).host);
    s.set_host(ship, to.0);
    let c = s.inst_mut(ship);
    c.dv = c.dv.saturating_sub(cost);
    c.orbital = outer;
    ev.push(Event::Transferred {
        ship,
        from,
        to,
        cost,
    });
}

/// Legal burns and transfers of one ship; `assets` holds every asset in play.
pub(crate) fn legal<B: CardBits>(s: &State, ship: CardRef, assets: B, out: &mut Vec<Command>) {
    let c = s.inst(ship);
    let host = CardRef(c.host);
    let n = s.orbital_count(host);
    for to in [c.orbital.wrapping_sub(1), c.orbital + 1] {
        if to < n && s.entry_cost(host, to) <= c.dv {
            out.push(Command::Burn {
                ship,
                to_orbital: to,
            });
        }
    }
    if c.orbital + 1 == n {
        for a in assets.cards() {
            if a != host
                && transfer_cost(s, ship, a)
                    .map(|t| t <= c.dv)
                    .unwrap_or(false)
            {
                out.push(Command::Transfer { ship, to: a });
            }
        }
    }
}
