//! Refit (O14): a ship in orbital 0 of a friendly, non-destroyed asset swaps, for free, with a
//! spacecraft card in hand of the same class and construction cost. The new ship has full
//! delta-vee and cannot maneuver this turn; the old card returns to hand undamaged. The swap must
//! keep population within the limit (O22, see docs/rules/orbitals.md).
use crate::ids::CardRef;
use crate::rules::{Command, Event, EventSink, RuleError};
use crate::state::{flag, CardBits, Phase, State, Zone};

fn matches(s: &State, old: CardRef, new: CardRef) -> bool {
    let (a, b) = (s.card_of(old), s.card_of(new));
    match (a.ship(), b.ship()) {
        (Some(x), Some(y)) => x.class == y.class && a.construction_cost == b.construction_cost,
        _ => false,
    }
}

fn population_after(s: &State, old: CardRef, new: CardRef) -> Result<(), RuleError> {
    let p = s.inst(old).owner;
    let pop = |r: CardRef| s.card_of(r).ship().map(|x| x.population).unwrap_or(0);
    let used = s.population_used(p).saturating_sub(pop(old));
    let limit = s.population_limit(p);
    if used as u16 + pop(new) as u16 > limit as u16 && pop(new) > pop(old) {
        return Err(RuleError::Population {
            limit,
            used,
            needs: pop(new),
        });
    }
    Ok(())
}

pub fn validate(s: &State, ship: CardRef, with: CardRef) -> Result<(), RuleError> {
    s.in_phase(Phase::Maneuvers, "refit")?;
    let c = s.own_ship(ship)?;
    let host = s.inst(CardRef(c.host));
    if c.orbital != 0 || host.owner != c.owner || host.has(flag::DESTROYED) {
        return Err(RuleError::RefitPlace);
    }
    let w = s.checked(with)?;
    if w.zone != Zone::Hand || w.owner != c.owner {
        // The swap partner must be in the owner's hand (O14), whatever zone it is in.
        return Err(RuleError::RefitMismatch);
    }
    if !matches(s, ship, with) {
        return Err(RuleError::RefitMismatch);
    }
    population_after(s, ship, with)
}

pub fn apply(s: &mut State, ship: CardRef, with: CardRef, ev: &mut impl EventSink) {
    let old = *s.inst(ship);
    let order = s.next_order;
    s.next_order = s.next_order.wrapping_add(1);
    {
        s.set_zone(with, Zone::Ship);
        s.set_host(with, old.host);
        let n = s.inst_mut(with);
        n.orbital = old.orbital;
        n.damage = 0;
        n.flags = flag::FRESH;
    }
    {
        s.set_zone(ship, Zone::Hand);
        s.set_host(ship, crate::state::NONE);
        let o = s.inst_mut(ship);
        o.orbital = 0;
        o.damage = 0;
        o.dv = 0;
        o.flags = 0;
        o.order = order;
    }
    let dv = s.max_dv(with);
    s.inst_mut(with).dv = dv;
    ev.push(Event::Refitted {
        old: ship,
        new: with,
    });
}

/// Legal refits of one ship; `hand` holds its owner's hand.
pub(crate) fn legal<B: CardBits>(s: &State, ship: CardRef, hand: B, out: &mut Vec<Command>) {
    let c = s.inst(ship);
    if c.orbital != 0 {
        return;
    }
    let host = s.inst(CardRef(c.host));
    if host.owner != c.owner || host.has(flag::DESTROYED) {
        return;
    }
    for with in hand.cards() {
        if matches(s, ship, with) && population_after(s, ship, with).is_ok() {
            out.push(Command::Refit { ship, with });
        }
    }
}
