//! Destruction (M11): two destroyers of the player, each with a shot left and outside opponent
//! fire (turrets may fire from inside it), both reaching the target: 2 points, and everything
//! on the cell is destroyed (units with their cargo, ore, a turret). Never a dome, a pod, a
//! ship's contents or one's own units. The assault moves a unit into fire and fires (3 points).
use super::check::{in_play_phase, may_enter, no_mountain_pair, operational, points};
use super::command::Shooter;
use super::error::{ensure, no, RuleError};
use super::event::{Event, EventSink};
use super::ids::{Cell, UnitId};
use super::state::{Loc, State};
use super::stats::stats;
use super::turn::pay;
use super::zones::{reach, zones, Zones};

/// Is there something the active player may fire at on `c`?
pub fn validate_target(s: &State, c: Cell) -> Result<(), RuleError> {
    ensure(c.index() < s.map.len(), "M1", "the cell is off the map")?;
    if let Some(x) = s.ship_on(c) {
        let ship = s.ship(x);
        let pod = ship
            .pod_index(c)
            .ok_or(no("M11", "the dome is indestructible"))?;
        ensure(
            ship.turrets[pod],
            "M11",
            "the turret there is already destroyed",
        )?;
        return ensure(
            ship.controller != s.active,
            "M11",
            "never fire at your own units",
        );
    }
    if let Some(u) = s.unit_at(c) {
        return ensure(
            s.controller(u) != Some(s.active),
            "M11",
            "never fire at your own units",
        );
    }
    ensure(s.ore[c.index()], "M11", "nothing to fire at there")
}

/// A shooter of the active player with a shot left reaching `target` from `from` (its own
/// cell when `None`); `outside` also requires it to be outside opponent fire.
pub fn validate_shooter(
    s: &State,
    z: &Zones,
    sh: Shooter,
    from: Option<Cell>,
    target: Cell,
    outside: bool,
) -> Result<(), RuleError> {
    match sh {
        Shooter::Unit(u) => {
            let at = operational(s, z, u)?;
            let at = from.unwrap_or(at);
            let unit = s.unit(u);
            ensure(unit.kind.is_destroyer(), "M11", "only destroyers fire")?;
            ensure(
                unit.shots > 0,
                "M11",
                "the destroyer has no shot left this turn",
            )?;
            ensure(
                s.map.distance(at, target) <= reach(s, unit.kind, at),
                "M11",
                "the target is out of reach",
            )
        }
        Shooter::Turret(pod) => {
            ensure(pod.index() < s.map.len(), "M1", "the cell is off the map")?;
            let x = s.ship_on(pod).ok_or(no("M11", "no turret there"))?;
            let ship = s.ship(x);
            let i = ship.pod_index(pod).ok_or(no("M11", "no turret there"))?;
            ensure(
                ship.on_planet() && ship.controller == s.active,
                "M14",
                "the turret does not obey you",
            )?;
            ensure(ship.turrets[i], "M11", "the turret is destroyed")?;
            ensure(
                ship.turret_shots[i] > 0,
                "M11",
                "the turret has no shot left this turn",
            )?;
            ensure(
                s.map.distance(pod, target) <= u16::from(stats().turret_range),
                "M11",
                "the target is out of reach",
            )?;
            if outside {
                ensure(
                    !z.opponent(pod, s.active),
                    "M11",
                    "the turret is under opponent fire",
                )?;
            }
            Ok(())
        }
    }
}

/// M11: `fire`.
pub fn validate_fire(
    s: &State,
    z: &Zones,
    a: Shooter,
    b: Shooter,
    target: Cell,
) -> Result<(), RuleError> {
    in_play_phase(s, "fire")?;
    ensure(a != b, "M11", "two different destroyers fire")?;
    validate_target(s, target)?;
    validate_shooter(s, z, a, None, target, false)?;
    validate_shooter(s, z, b, None, target, false)?;
    points(s, 2)
}

fn spend_shot(s: &mut State, sh: Shooter) {
    match sh {
        Shooter::Unit(u) => {
            let x = s.unit_mut(u);
            x.shots = x.shots.saturating_sub(1);
        }
        Shooter::Turret(pod) => {
            if let Some(x) = s.ship_on(pod) {
                let ship = &mut s.ships[x.index()];
                if let Some(i) = ship.pod_index(pod) {
                    ship.turret_shots[i] = ship.turret_shots[i].saturating_sub(1);
                }
            }
        }
    }
}

/// Destroys everything destructible on `c`.
pub(crate) fn strike(s: &mut State, c: Cell, ev: &mut impl EventSink) {
    ev.push(Event::Fired { target: c });
    if let Some(x) = s.ship_on(c) {
        let ship = &mut s.ships[x.index()];
        if let Some(i) = ship.pod_index(c) {
            ship.turrets[i] = false;
            ship.turret_shots[i] = 0;
            ev.push(Event::TurretDestroyed { ship: x, pod: c });
        }
        return;
    }
    if let Some(u) = s.unit_at(c) {
        s.destroy(u, ev);
    }
    if s.ore[c.index()] {
        s.take_ore(c);
        ev.push(Event::OreDestroyed { at: c });
    }
}

pub(crate) fn apply_fire(
    s: &mut State,
    a: Shooter,
    b: Shooter,
    target: Cell,
    ev: &mut impl EventSink,
) {
    pay(s, 2, false);
    spend_shot(s, a);
    spend_shot(s, b);
    strike(s, target, ev);
}

/// M11: `assault`.
pub fn validate_assault(
    s: &State,
    z: &Zones,
    u: UnitId,
    to: Cell,
    with: Shooter,
    target: Cell,
) -> Result<(), RuleError> {
    in_play_phase(s, "assault")?;
    ensure(
        with != Shooter::Unit(u),
        "M11",
        "two different destroyers fire",
    )?;
    let from = operational(s, z, u)?;
    ensure(to.index() < s.map.len(), "M1", "the cell is off the map")?;
    ensure(
        s.map.adjacent(from, to),
        "M11",
        "the assault moves one cell",
    )?;
    may_enter(s, z, u, to, true)?;
    no_mountain_pair(s, s.active, s.unit(u).kind, to, Some(u))?;
    validate_target(s, target)?;
    validate_shooter(s, z, Shooter::Unit(u), Some(to), target, false)?;
    validate_shooter(s, z, with, None, target, true)?;
    points(s, 3)?;
    if z.opponent(to, s.active) {
        let mut after = s.clone();
        after.relocate(u, Loc::Map(to));
        strike(&mut after, target, &mut ());
        ensure(
            !zones(&after).opponent(to, s.active),
            "M11",
            "the cell entered is still under opponent fire after the shot",
        )?;
    }
    Ok(())
}

pub fn apply_assault(
    s: &mut State,
    u: UnitId,
    to: Cell,
    with: Shooter,
    target: Cell,
    ev: &mut impl EventSink,
) {
    pay(s, 3, false);
    s.relocate(u, Loc::Map(to));
    ev.push(Event::Moved { unit: u, to });
    spend_shot(s, Shooter::Unit(u));
    spend_shot(s, with);
    strike(s, target, ev);
}
