//! Carriers (M8, M30, M32): loading a unit or ore from an adjacent cell, unloading to an
//! adjacent empty land cell or into an adjacent carrier (transship), 1 point each; inside a
//! ship, loading and unloading are free (§9.1).
use super::check::{in_play_phase, may_enter, no_mountain_pair, operational, own, points};
use super::command::{Cargo, Item, Target};
use super::error::{ensure, no, RuleError};
use super::event::{Event, EventSink};
use super::ids::{Cell, UnitId};
use super::map::Terrain;
use super::state::{Loc, Slot, State};
use super::stats::{Element, Kind};
use super::turn::pay;
use super::zones::Zones;

fn slot_of(c: Cargo) -> Slot {
    match c {
        Cargo::Unit(u) => Slot::Unit(u),
        Cargo::Ore => Slot::Ore,
    }
}

/// The cost of a load or unload by this carrier: free inside a ship.
fn cost(s: &State, carrier: UnitId) -> u16 {
    match s.unit(carrier).loc {
        Loc::Ship(_) => 0,
        _ => 1,
    }
}

/// M8: `load`.
pub fn validate_load(s: &State, z: &Zones, carrier: UnitId, item: Item) -> Result<(), RuleError> {
    in_play_phase(s, "load")?;
    own(s, carrier)?;
    if let Loc::Ship(ship) = s.unit(carrier).loc {
        let Item::Unit(u) = item else {
            return Err(no("M9", "ore inside a ship never leaves it"));
        };
        own(s, u)?;
        ensure(u != carrier, "M8", "a carrier cannot load itself")?;
        ensure(
            s.unit(u).loc == Loc::Ship(ship),
            "M8",
            "inside a ship, load a unit of the same ship",
        )?;
        return ensure(
            s.has_room_for(carrier, Slot::Unit(u)),
            "M8",
            "no room for it",
        );
    }
    let at = operational(s, z, carrier)?;
    let p = s.active;
    match item {
        Item::Unit(u) => {
            own(s, u)?;
            let Loc::Map(c) = s.unit(u).loc else {
                return Err(no("M8", "load a unit from an adjacent cell"));
            };
            ensure(
                s.map.adjacent(at, c),
                "M8",
                "load a unit from an adjacent cell",
            )?;
            ensure(
                s.in_element(u),
                "M30",
                "a stuck or aground unit cannot be loaded",
            )?;
            ensure(!z.opponent(c, p), "M8", "the unit is under opponent fire")?;
            ensure(
                s.has_room_for(carrier, Slot::Unit(u)),
                "M8",
                "no room for it",
            )?;
            ensure(
                !(s.unit(u).kind == Kind::BigTank && s.terrain(at) == Terrain::Mountain),
                "M2",
                "a big tank never enters a mountain, even carried",
            )?;
        }
        Item::Ore(c) => {
            ensure(c.index() < s.map.len(), "M1", "the cell is off the map")?;
            ensure(
                s.map.adjacent(at, c),
                "M8",
                "load ore from an adjacent cell",
            )?;
            ensure(s.ore[c.index()], "M32", "no ore on that cell")?;
            ensure(
                s.element_at(c) == Element::Land,
                "M32",
                "ore loads only from a cell that is land now",
            )?;
            ensure(!z.opponent(c, p), "M8", "the ore is under opponent fire")?;
            ensure(s.has_room_for(carrier, Slot::Ore), "M8", "no room for ore")?;
        }
    }
    points(s, 1)
}

pub(crate) fn apply_load(s: &mut State, carrier: UnitId, item: Item, ev: &mut impl EventSink) {
    pay(s, cost(s, carrier), false);
    match item {
        Item::Unit(u) => {
            s.relocate(u, Loc::Cargo(carrier));
            ev.push(Event::Loaded {
                carrier,
                unit: Some(u),
            });
        }
        Item::Ore(c) => {
            s.take_ore(c);
            s.add_slot(carrier, Slot::Ore);
            ev.push(Event::Loaded {
                carrier,
                unit: None,
            });
        }
    }
}

/// M8, M30: `unload`.
pub fn validate_unload(
    s: &State,
    z: &Zones,
    carrier: UnitId,
    cargo: Cargo,
    to: Target,
) -> Result<(), RuleError> {
    in_play_phase(s, "unload")?;
    own(s, carrier)?;
    let slot = slot_of(cargo);
    ensure(
        s.unit(carrier).cargo().any(|x| x == slot),
        "M8",
        "the carrier does not hold that",
    )?;
    if let Loc::Ship(ship) = s.unit(carrier).loc {
        return match to {
            Target::Ship => Ok(()),
            Target::Carrier(v) => {
                own(s, v)?;
                ensure(
                    s.unit(v).loc == Loc::Ship(ship) && v != carrier,
                    "M8",
                    "inside a ship, transship to a carrier of the same ship",
                )?;
                ensure(s.has_room_for(v, slot), "M8", "no room for it")
            }
            Target::Cell(_) => Err(no("M9", "leave the ship through a pod first")),
        };
    }
    let at = operational(s, z, carrier)?;
    let p = s.active;
    match to {
        Target::Ship => Err(no(
            "M9",
            "enter the ship with the carrier to bring its load in",
        )),
        Target::Cell(c) => {
            ensure(c.index() < s.map.len(), "M1", "the cell is off the map")?;
            ensure(s.map.adjacent(at, c), "M8", "unload to an adjacent cell")?;
            ensure(s.is_empty(c), "M30", "unload to an empty cell")?;
            ensure(
                s.element_at(c) == Element::Land,
                "M30",
                "unload to a cell that is land now",
            )?;
            if let Cargo::Unit(u) = cargo {
                may_enter(s, z, u, c, false)?;
                no_mountain_pair(s, p, s.unit(u).kind, c, None)?;
            } else {
                ensure(!z.opponent(c, p), "M25", "the cell is under opponent fire")?;
            }
            points(s, 1)
        }
        Target::Carrier(v) => {
            own(s, v)?;
            ensure(v != carrier, "M8", "a carrier cannot transship to itself")?;
            let Loc::Map(c) = s.unit(v).loc else {
                return Err(no("M8", "transship to a carrier on an adjacent cell"));
            };
            ensure(
                s.map.adjacent(at, c),
                "M8",
                "transship to an adjacent carrier",
            )?;
            ensure(s.in_element(v), "M30", "the carrier is stuck or aground")?;
            ensure(
                !z.opponent(c, p),
                "M8",
                "the carrier is under opponent fire",
            )?;
            ensure(s.has_room_for(v, slot), "M8", "no room for it")?;
            if let Cargo::Unit(u) = cargo {
                ensure(
                    !(s.unit(u).kind == Kind::BigTank && s.terrain(c) == Terrain::Mountain),
                    "M2",
                    "a big tank never enters a mountain, even carried",
                )?;
            }
            points(s, 1)
        }
    }
}

pub fn apply_unload(
    s: &mut State,
    carrier: UnitId,
    cargo: Cargo,
    to: Target,
    ev: &mut impl EventSink,
) {
    pay(s, cost(s, carrier), false);
    let unit = match cargo {
        Cargo::Unit(u) => Some(u),
        Cargo::Ore => None,
    };
    match (cargo, to) {
        (Cargo::Unit(u), Target::Cell(c)) => s.relocate(u, Loc::Map(c)),
        (Cargo::Unit(u), Target::Carrier(v)) => s.relocate(u, Loc::Cargo(v)),
        (Cargo::Unit(u), Target::Ship) => {
            if let Loc::Ship(x) = s.unit(carrier).loc {
                s.relocate(u, Loc::Ship(x));
            }
        }
        (Cargo::Ore, Target::Cell(c)) => {
            s.remove_slot(carrier, Slot::Ore);
            s.ore[c.index()] = true;
        }
        (Cargo::Ore, Target::Carrier(v)) => {
            s.remove_slot(carrier, Slot::Ore);
            s.add_slot(v, Slot::Ore);
        }
        (Cargo::Ore, Target::Ship) => {}
    }
    ev.push(Event::Unloaded { carrier, unit });
}

/// Cells a carrier on `at` could unload to (used by the command lister).
pub fn unload_cells(s: &State, at: Cell) -> impl Iterator<Item = Cell> + '_ {
    s.map.neighbours(at)
}
