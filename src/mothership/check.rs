//! Checks shared by several commands: the acting unit is the player's and can act (M12, M14,
//! M26), points (M6), where a unit may stand (M2, M7, M25, M26, M29, M32).
use super::error::{ensure, no, RuleError};
use super::ids::{Cell, Seat, UnitId};
use super::map::Terrain;
use super::state::{Loc, Phase, Slot, State};
use super::stats::{stats, Kind};
use super::zones::{neutralized, Zones};

/// The command belongs to the play phase.
pub fn in_play_phase(s: &State, command: &'static str) -> Result<(), RuleError> {
    if s.phase != Phase::Play {
        return Err(RuleError::Phase {
            rule: "M4",
            command,
            phase: s.phase,
        });
    }
    Ok(())
}

/// The unit exists and the player to move controls it (M14).
pub fn own(s: &State, u: UnitId) -> Result<(), RuleError> {
    if u.index() >= s.units.len() || s.unit(u).loc == Loc::Gone {
        return Err(RuleError::Unknown {
            rule: "M5",
            what: "unit",
        });
    }
    ensure(
        s.controller(u) == Some(s.active),
        "M14",
        "the unit does not obey you",
    )
}

/// Own, on the map, in its element and not under opponent fire (M2, M12, M26).
pub fn operational(s: &State, z: &Zones, u: UnitId) -> Result<Cell, RuleError> {
    own(s, u)?;
    let Loc::Map(c) = s.unit(u).loc else {
        return Err(no(
            "M8",
            "the unit is not on the map (carried units are neutralized)",
        ));
    };
    ensure(
        s.in_element(u),
        "M2",
        "the unit is out of its element (stuck or aground) and does nothing",
    )?;
    ensure(
        !neutralized(s, z, u),
        "M12",
        "the unit is under opponent fire",
    )?;
    Ok(c)
}

/// The player has `need` points (M6).
pub fn points(s: &State, need: u16) -> Result<(), RuleError> {
    let have = s.player(s.active).points;
    if have < need {
        return Err(RuleError::Points { need, have });
    }
    Ok(())
}

/// Does `u` (with its cargo) carry a big tank at any depth?
pub fn carries_big_tank(s: &State, u: UnitId) -> bool {
    s.unit(u).cargo().any(|c| match c {
        Slot::Unit(v) => s.unit(v).kind == Kind::BigTank || carries_big_tank(s, v),
        Slot::Ore => false,
    })
}

/// May `u` enter cell `c` now: on the map, empty, of its element now (M26), mountains (M2),
/// not under opponent fire unless `fire_ok` (M25).
pub fn may_enter(s: &State, z: &Zones, u: UnitId, c: Cell, fire_ok: bool) -> Result<(), RuleError> {
    ensure(!s.ore[c.index()], "M32", "ore fills its cell")?;
    ensure(s.is_empty(c), "M7", "the cell is not empty")?;
    may_stand(s, u, c)?;
    if !fire_ok {
        let p = s.controller(u).unwrap_or(s.active);
        ensure(!z.opponent(c, p), "M25", "the cell is under opponent fire")?;
    }
    Ok(())
}

/// Element and mountains only (M2, M26).
pub fn may_stand(s: &State, u: UnitId, c: Cell) -> Result<(), RuleError> {
    let kind = s.unit(u).kind;
    ensure(
        s.element_at(c) == stats().of(kind).element,
        "M26",
        "the cell is not of the unit's element now",
    )?;
    if s.terrain(c) == Terrain::Mountain {
        ensure(
            stats().of(kind).mountains,
            "M2",
            "this unit never enters a mountain",
        )?;
        ensure(
            !carries_big_tank(s, u),
            "M2",
            "a big tank never enters a mountain, even carried",
        )?;
    }
    Ok(())
}

/// M29: would a tank of `p` standing on `c` (a mountain) have another of `p`'s tanks on an
/// adjacent mountain? `ignore` is the unit that leaves its cell in the same command.
pub fn mountain_pair(s: &State, p: Seat, kind: Kind, c: Cell, ignore: Option<UnitId>) -> bool {
    if kind != Kind::Tank || s.terrain(c) != Terrain::Mountain {
        return false;
    }
    s.map.neighbours(c).any(|n| {
        s.terrain(n) == Terrain::Mountain
            && s.unit_at(n).is_some_and(|v| {
                Some(v) != ignore && s.unit(v).kind == Kind::Tank && s.controller(v) == Some(p)
            })
    })
}

/// M29 as an error.
pub fn no_mountain_pair(
    s: &State,
    p: Seat,
    kind: Kind,
    c: Cell,
    ignore: Option<UnitId>,
) -> Result<(), RuleError> {
    ensure(
        !mountain_pair(s, p, kind, c, ignore),
        "M29",
        "two of your tanks would stand on adjacent mountains",
    )
}

/// The cell named by a command is on the map.
pub fn on_map(s: &State, c: Cell) -> Result<(), RuleError> {
    ensure(c.index() < s.map.len(), "M1", "the cell is off the map")
}
