//! Construction (O21, O22): starting projects from hand, contributing construction power, and
//! completing spacecraft, upgrades and assets.
use crate::data::{CardKind, HotKind};
use crate::ids::CardRef;
use crate::rules::{Command, Event, EventSink, RuleError};
use crate::state::{by_shape, flag, Phase, State, TableBits, Zone, NONE};

fn has_factory_for(s: &State, asset: CardRef, ship: CardRef) -> bool {
    match (s.card_of(asset).asset(), s.card_of(ship).ship()) {
        (Some(a), Some(sh)) => a.has_factory(sh.class),
        _ => false,
    }
}

pub fn validate_start(s: &State, card: CardRef, host: Option<CardRef>) -> Result<(), RuleError> {
    s.in_phase(Phase::Construction, "start")?;
    let c = s.checked(card)?;
    if c.zone != Zone::Hand || c.owner != s.active {
        return Err(RuleError::NotInHand(card));
    }
    match (&s.db.card(c.card).kind, host) {
        (CardKind::Asset(_), None) => Ok(()),
        (CardKind::Asset(_), Some(_)) => Err(RuleError::Project(
            "an asset project goes on the asset field, not on an asset",
        )),
        (_, None) => Err(RuleError::Project(
            "a spacecraft or upgrade project is placed on one of your assets",
        )),
        (CardKind::Spacecraft(_), Some(a)) => {
            s.own_asset(a)?;
            if !has_factory_for(s, a, card) {
                return Err(RuleError::NoFactory { asset: a });
            }
            Ok(())
        }
        (CardKind::Upgrade(_), Some(a)) => s.own_asset(a).map(|_| ()),
    }
}

pub fn apply_start(s: &mut State, card: CardRef, host: Option<CardRef>, ev: &mut impl EventSink) {
    s.set_zone(card, Zone::Project);
    s.set_host(card, host.map_or(NONE, |h| h.0));
    s.inst_mut(card).points = 0;
    ev.push(Event::ProjectStarted { card, host });
    complete_if_done(s, card, ev);
}

pub fn validate_contribute(s: &State, asset: CardRef, project: CardRef) -> Result<(), RuleError> {
    s.in_phase(Phase::Construction, "contribute")?;
    s.own_ready_asset(asset, "O21")?;
    let p = s.checked(project)?;
    if p.zone != Zone::Project || p.owner != s.active {
        return Err(RuleError::Project("that card is not one of your projects"));
    }
    if p.points >= s.card_of(project).construction_cost {
        return Err(RuleError::Project("that project is already complete"));
    }
    if s.construction_power(asset) == 0 {
        return Err(RuleError::Project("this asset has no construction power"));
    }
    match s.card_of(project).kind {
        CardKind::Asset(_) => {
            if s.ships_at(asset).any(|(_, c)| c.owner != s.active) {
                return Err(RuleError::EnemyInOrbit);
            }
        }
        CardKind::Spacecraft(_) => {
            if p.host != asset.0 {
                return Err(RuleError::Project(
                    "a spacecraft project is built only by the asset it is on",
                ));
            }
            if !has_factory_for(s, asset, project) {
                return Err(RuleError::NoFactory { asset });
            }
        }
        CardKind::Upgrade(_) => {
            if p.host != asset.0 {
                return Err(RuleError::Project(
                    "an upgrade project is built only by the asset it is on",
                ));
            }
        }
    }
    Ok(())
}

pub fn apply_contribute(s: &mut State, asset: CardRef, project: CardRef, ev: &mut impl EventSink) {
    let points = s.construction_power(asset);
    s.inst_mut(asset).set(flag::TAPPED, true);
    let p = s.inst_mut(project);
    p.points = p.points.saturating_add(points);
    let total = p.points;
    ev.push(Event::Contributed {
        asset,
        project,
        points,
        total,
    });
    complete_if_done(s, project, ev);
}

/// True if a finished spacecraft fits in the population limit (O22).
fn fits(s: &State, ship: CardRef) -> bool {
    let p = s.inst(ship).owner;
    let need = s.card_of(ship).ship().map(|x| x.population).unwrap_or(0);
    s.population_used(p) as u16 + need as u16 <= s.population_limit(p) as u16
}

/// Completes a project whose points reached its cost (O21).
fn complete_if_done(s: &mut State, project: CardRef, ev: &mut impl EventSink) {
    let p = *s.inst(project);
    let card = s.db.card(p.card);
    if p.points < card.construction_cost {
        return;
    }
    match card.kind {
        CardKind::Spacecraft(_) => {
            if fits(s, project) {
                enter_ship(s, project, ev);
            } else {
                s.maybe_waiting |= p.owner.bit();
                ev.push(Event::ProjectWaiting { project });
            }
        }
        CardKind::Upgrade(_) => {
            let asset = CardRef(p.host);
            if let Some(old) = s.upgrade_of(asset) {
                s.destroy_upgrade(old, ev);
            }
            s.set_zone(project, Zone::Upgrade);
            let u = s.inst_mut(project);
            u.damage = 0;
            u.points = 0;
            s.inst_mut(asset).link = project.0;
            ev.push(Event::UpgradeInstalled {
                upgrade: project,
                asset,
            });
        }
        CardKind::Asset(_) => {
            s.set_zone(project, Zone::Asset);
            s.set_host(project, NONE);
            let a = s.inst_mut(project);
            a.damage = 0;
            a.points = 0;
            // O28: a new asset enters untapped and may act at once, even contribute in this
            // same Construction phase.
            a.flags = 0;
            ev.push(Event::AssetEntered { asset: project });
        }
    }
}

fn enter_ship(s: &mut State, ship: CardRef, ev: &mut impl EventSink) {
    s.set_zone(ship, Zone::Ship);
    let c = s.inst_mut(ship);
    c.orbital = 0;
    c.damage = 0;
    c.points = 0;
    c.flags = flag::FRESH;
    let asset = CardRef(c.host);
    let dv = s.max_dv(ship);
    s.inst_mut(ship).dv = dv;
    ev.push(Event::ShipEntered { ship, asset });
}

/// At the start of the Construction phase, finished spacecraft that were waiting for population
/// enter play, in card order, while they fit (O21, O22).
pub fn deploy_waiting(s: &mut State, ev: &mut impl EventSink) {
    let me = s.active;
    let bit = me.bit();
    if s.maybe_waiting & bit == 0 {
        return;
    }
    let [projects] = s.zone_sets(me, [Zone::Project]);
    let mut still_waiting = false;
    // Population used and limit, read at the first finished spacecraft: ships entering here
    // use population but change no limit.
    let mut room: Option<(u16, u16)> = None;
    for r in projects.iter() {
        let c = *s.inst(r);
        let h = s.db.hot(c.card);
        if h.kind != HotKind::Spacecraft || c.points < h.cost {
            continue;
        }
        let need = h.population as u16;
        let (used, limit) = *room
            .get_or_insert_with(|| (s.population_used(me) as u16, s.population_limit(me) as u16));
        if used + need <= limit {
            enter_ship(s, r, ev);
            room = Some((used + need, limit));
        } else {
            still_waiting = true;
        }
    }
    if !still_waiting {
        s.maybe_waiting &= !bit;
    }
}

pub fn legal(s: &State, out: &mut Vec<Command>) {
    by_shape!(s, legal_in(s, out))
}

/// [`legal`] with the table's sets read as `B` (the hot path of random playouts: no
/// allocation, no repeated scans).
#[inline(always)]
fn legal_in<B: TableBits>(s: &State, out: &mut Vec<Command>) {
    let zones = [Zone::Hand, Zone::Asset, Zone::Project];
    let [hand, assets, projects] = B::player(s, s.active, zones);
    let me = s.active;
    for card in hand.cards() {
        let h = s.db.hot(s.inst(card).card);
        match h.kind {
            HotKind::Asset => out.push(Command::Start { card, host: None }),
            HotKind::Spacecraft | HotKind::Upgrade => {
                for asset in assets.cards() {
                    let a = s.inst(asset);
                    let ok = !a.has(flag::DESTROYED)
                        && (h.kind == HotKind::Upgrade || s.db.hot(a.card).has_factory(h.class));
                    if ok {
                        out.push(Command::Start {
                            card,
                            host: Some(asset),
                        });
                    }
                }
            }
        }
    }
    if projects.none() {
        return;
    }
    for asset in assets.cards() {
        let a = s.inst(asset);
        if a.has(flag::TAPPED | flag::DESTROYED) || s.construction_power(asset) == 0 {
            continue;
        }
        let factories = s.db.hot(a.card);
        let mut enemy_here = None;
        for project in projects.at_hosts(s, asset.0, NONE).cards() {
            // An asset project lies on the field (no host); the others are built only by the
            // asset they are on, so most projects are passed over on their host alone.
            let p = s.inst(project);
            if p.host != NONE && p.host != asset.0 {
                continue;
            }
            let h = s.db.hot(p.card);
            if p.points >= h.cost {
                continue;
            }
            let ok = match h.kind {
                // O21: no asset project is built while an enemy ship orbits the asset.
                HotKind::Asset => !*enemy_here
                    .get_or_insert_with(|| s.ships_at(asset).any(|(_, c)| c.owner != me)),
                HotKind::Spacecraft => factories.has_factory(h.class),
                HotKind::Upgrade => true,
            };
            if ok {
                out.push(Command::Contribute { asset, project });
            }
        }
    }
}
