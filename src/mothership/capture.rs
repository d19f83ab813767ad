//! Capture of units (M13, M28): two of the player's destroyers next to a unit controlled by
//! another player or by nobody, all three outside opponent fire, 1 point; the unit and its
//! cargo take the first destroyer's colour and act at once with 2 shots.
use super::check::{in_play_phase, mountain_pair, operational, points};
use super::error::{ensure, no, RuleError};
use super::event::{Event, EventSink};
use super::ids::UnitId;
use super::state::{Loc, Slot, State, SHOTS};
use super::turn::pay;
use super::zones::Zones;

/// M13: `capture`.
pub fn validate_capture(
    s: &State,
    z: &Zones,
    a: UnitId,
    b: UnitId,
    target: UnitId,
) -> Result<(), RuleError> {
    in_play_phase(s, "capture")?;
    ensure(a != b, "M13", "two different destroyers capture")?;
    let ca = operational(s, z, a)?;
    let cb = operational(s, z, b)?;
    ensure(
        s.unit(a).kind.is_destroyer() && s.unit(b).kind.is_destroyer(),
        "M13",
        "only destroyers capture",
    )?;
    ensure(target.index() < s.units.len(), "M13", "no such unit")?;
    let Loc::Map(t) = s.unit(target).loc else {
        return Err(no("M13", "capture a unit on the map"));
    };
    ensure(
        s.controller(target) != Some(s.active),
        "M28",
        "capture a unit controlled by another player or by nobody",
    )?;
    ensure(
        s.map.adjacent(ca, t) && s.map.adjacent(cb, t),
        "M13",
        "both destroyers stand next to the unit",
    )?;
    ensure(
        !z.opponent(t, s.active),
        "M13",
        "the unit is under opponent fire",
    )?;
    ensure(
        !mountain_pair(s, s.active, s.unit(target).kind, t, Some(target)),
        "M29",
        "two of your tanks would stand on adjacent mountains",
    )?;
    points(s, 1)
}

pub(crate) fn apply_capture(s: &mut State, a: UnitId, target: UnitId, ev: &mut impl EventSink) {
    pay(s, 1, false);
    let colour = s.unit(a).colour;
    s.recolour(target, colour);
    give_shots(s, target);
    ev.push(Event::Captured {
        unit: target,
        colour,
    });
}

/// M28: a captured unit and its cargo have 2 shots this turn.
pub(crate) fn give_shots(s: &mut State, u: UnitId) {
    s.unit_mut(u).shots = SHOTS;
    let cargo: Vec<Slot> = s.unit(u).cargo().collect();
    for c in cargo {
        if let Slot::Unit(v) = c {
            give_shots(s, v);
        }
    }
}
