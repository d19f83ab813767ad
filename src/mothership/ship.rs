//! The ship (M9, M15, M16, M37): entering and leaving through the pods, ore stored inside, the
//! capture of a ship whose three turrets are destroyed by another player's tank or big tank,
//! and turret repair by the captor.
use super::check::{in_play_phase, may_enter, no_mountain_pair, operational, own, points};
use super::error::{ensure, no, RuleError};
use super::event::{Event, EventSink};
use super::ids::{Cell, ShipId, UnitId};
use super::state::{Loc, Slot, State, SHOTS};
use super::stats::{stats, Element};
use super::turn::pay;
use super::zones::{neutralized, zones, Zones};

/// The ship with a pod on `c`, and the pod's index.
pub fn pod_at(s: &State, c: Cell) -> Result<(ShipId, usize), RuleError> {
    ensure(c.index() < s.map.len(), "M1", "the cell is off the map")?;
    let x = s.ship_on(c).ok_or(no("M9", "no pod there"))?;
    let i = s
        .ship(x)
        .pod_index(c)
        .ok_or(no("M9", "the dome has no access; use a pod"))?;
    ensure(s.ship(x).on_planet(), "M9", "the ship is not on the planet")?;
    Ok((x, i))
}

/// M9, M15: `enter`.
pub fn validate_enter(s: &State, z: &Zones, u: UnitId, pod: Cell) -> Result<(), RuleError> {
    in_play_phase(s, "enter")?;
    let at = operational(s, z, u)?;
    let (x, _) = pod_at(s, pod)?;
    ensure(
        s.map.adjacent(at, pod),
        "M9",
        "enter from a cell next to the pod",
    )?;
    ensure(
        stats().of(s.unit(u).kind).element == Element::Land,
        "M37",
        "naval units never leave the sea",
    )?;
    let ship = s.ship(x);
    if ship.controller != s.active {
        ensure(
            s.unit(u).kind.is_tank(),
            "M15",
            "only a tank or a big tank enters another player's ship, to capture it",
        )?;
        ensure(
            ship.destroyed_turrets() == 3,
            "M15",
            "a ship is captured only with its three turrets destroyed",
        )?;
    }
    points(s, 1)
}

pub(crate) fn apply_enter(s: &mut State, u: UnitId, pod: Cell, ev: &mut impl EventSink) {
    let Ok((x, _)) = pod_at(s, pod) else { return };
    pay(s, 1, false);
    let capture = s.ship(x).controller != s.active;
    s.relocate(u, Loc::Ship(x));
    s.recolour(u, x);
    let ore = s.unit(u).ore() as u16;
    if ore > 0 {
        for _ in 0..ore {
            s.remove_slot(u, Slot::Ore);
        }
        s.ships[x.index()].ore += ore;
        ev.push(Event::OreStored { ship: x, ore });
    }
    ev.push(Event::Entered { unit: u, ship: x });
    if capture {
        capture_ship(s, x, ev);
    }
}

/// M15: the ship and every unit of its colour pass to the active player, +5 points now; the
/// units gained under opponent fire may retreat once, free (M27); they have 2 shots (M28).
fn capture_ship(s: &mut State, x: ShipId, ev: &mut impl EventSink) {
    let p = s.active;
    let ship = &mut s.ships[x.index()];
    ship.controller = p;
    ship.captor = Some(p);
    ship.turret_shots = [SHOTS; 3];
    s.player_mut(p).points += 5;
    ev.push(Event::ShipCaptured { ship: x, by: p });
    for i in 0..s.units.len() {
        let u = UnitId(i as u16);
        if s.unit(u).colour == x && s.unit(u).loc != Loc::Gone {
            let unit = s.unit_mut(u);
            unit.shots = SHOTS;
            unit.retreated = false;
        }
    }
    let z = zones(s);
    s.free_retreats = s
        .unit_ids()
        .filter(|&u| s.unit(u).colour == x && s.in_element(u) && neutralized(s, &z, u))
        .collect();
}

/// M9: `leave`.
pub fn validate_leave(
    s: &State,
    z: &Zones,
    u: UnitId,
    pod: Cell,
    to: Cell,
) -> Result<(), RuleError> {
    in_play_phase(s, "leave")?;
    own(s, u)?;
    let (x, i) = pod_at(s, pod)?;
    ensure(
        s.unit(u).loc == Loc::Ship(x),
        "M9",
        "the unit is not inside that ship",
    )?;
    ensure(
        s.ship(x).turrets[i],
        "M9",
        "no unit leaves through a pod whose turret is destroyed",
    )?;
    ensure(to.index() < s.map.len(), "M1", "the cell is off the map")?;
    ensure(
        s.map.adjacent(pod, to),
        "M9",
        "leave to a cell next to the pod",
    )?;
    may_enter(s, z, u, to, false)?;
    no_mountain_pair(s, s.active, s.unit(u).kind, to, None)?;
    points(s, 1)
}

pub(crate) fn apply_leave(s: &mut State, u: UnitId, to: Cell, ev: &mut impl EventSink) {
    pay(s, 1, false);
    s.relocate(u, Loc::Map(to));
    ev.push(Event::Left { unit: u, to });
}

/// M16: `repair`.
pub fn validate_repair(s: &State, z: &Zones, pod: Cell) -> Result<(), RuleError> {
    in_play_phase(s, "repair")?;
    let (x, i) = pod_at(s, pod)?;
    let ship = s.ship(x);
    ensure(
        ship.controller == s.active && ship.captor == Some(s.active),
        "M16",
        "only the player who captured the ship repairs its turrets",
    )?;
    ensure(!ship.turrets[i], "M16", "the turret is intact")?;
    ensure(
        !z.opponent(pod, s.active),
        "M16",
        "the pod is under opponent fire",
    )?;
    points(s, 2)
}

pub(crate) fn apply_repair(s: &mut State, pod: Cell, ev: &mut impl EventSink) {
    let Ok((x, i)) = pod_at(s, pod) else { return };
    pay(s, 2, false);
    let ship = &mut s.ships[x.index()];
    ship.turrets[i] = true;
    ship.turret_shots[i] = SHOTS;
    ev.push(Event::Repaired { ship: x, pod });
}
