//! Building (M17, M31): a weather layer holding ore makes a tank or a crab from the shared
//! reserve, unloaded to an adjacent cell (1 point); at most 2 per layer per turn, never 2 crabs.
//! The new unit has the layer's colour and acts at once.
use super::check::{in_play_phase, mountain_pair, operational, points};
use super::error::{ensure, RuleError};
use super::event::{Event, EventSink};
use super::ids::{Cell, UnitId};
use super::state::{Loc, Slot, State, Unit};
use super::stats::{Element, Kind};
use super::turn::pay;
use super::zones::Zones;

fn reserve_index(k: Kind) -> Option<usize> {
    match k {
        Kind::Tank => Some(0),
        Kind::Crab => Some(1),
        _ => None,
    }
}

/// M17: `build`.
pub fn validate_build(
    s: &State,
    z: &Zones,
    layer: UnitId,
    kind: Kind,
    to: Cell,
) -> Result<(), RuleError> {
    in_play_phase(s, "build")?;
    let at = operational(s, z, layer)?;
    let l = s.unit(layer);
    ensure(
        l.kind == Kind::WeatherLayer,
        "M17",
        "only a weather layer builds",
    )?;
    ensure(l.ore() > 0, "M17", "the weather layer holds no ore")?;
    let r = reserve_index(kind).ok_or(RuleError::Forbidden {
        rule: "M17",
        why: "a weather layer builds a tank or a crab",
    })?;
    ensure(s.reserve_units[r] > 0, "M31", "the reserve has none left")?;
    ensure(
        l.builds < 2,
        "M17",
        "a weather layer builds at most 2 units a turn",
    )?;
    ensure(
        !(kind == Kind::Crab && l.built_crab),
        "M17",
        "never 2 crabs from one layer in a turn",
    )?;
    ensure(to.index() < s.map.len(), "M1", "the cell is off the map")?;
    ensure(
        s.map.adjacent(at, to),
        "M17",
        "the new unit goes to an adjacent cell",
    )?;
    ensure(s.is_empty(to), "M30", "unload to an empty cell")?;
    ensure(
        s.element_at(to) == Element::Land,
        "M30",
        "unload to a cell that is land now",
    )?;
    ensure(
        !z.opponent(to, s.active),
        "M25",
        "the cell is under opponent fire",
    )?;
    ensure(
        super::stats::stats().of(kind).mountains || s.terrain(to) != super::map::Terrain::Mountain,
        "M2",
        "this unit never enters a mountain",
    )?;
    ensure(
        !mountain_pair(s, s.active, kind, to, None),
        "M29",
        "two of your tanks would stand on adjacent mountains",
    )?;
    points(s, 1)
}

pub(crate) fn apply_build(
    s: &mut State,
    layer: UnitId,
    kind: Kind,
    to: Cell,
    ev: &mut impl EventSink,
) {
    pay(s, 1, false);
    s.remove_slot(layer, Slot::Ore);
    let colour = s.unit(layer).colour;
    {
        let l = s.unit_mut(layer);
        l.builds += 1;
        l.built_crab |= kind == Kind::Crab;
    }
    if let Some(r) = reserve_index(kind) {
        s.reserve_units[r] -= 1;
    }
    let u = UnitId(s.units.len() as u16);
    s.units.push(Unit::new(kind, colour, Loc::Gone));
    s.attach(u, Loc::Map(to));
    ev.push(Event::Built {
        unit: u,
        kind,
        at: to,
    });
}
