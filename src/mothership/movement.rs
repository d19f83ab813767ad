//! Movement (M7, M25, M26, M29): one cell for 1 point into an adjacent empty cell of the
//! unit's element, never into opponent fire; `go` chains moves along a shortest legal path;
//! retreat out of fire at the turn start (M12, M27).
use super::check::{in_play_phase, may_enter, no_mountain_pair, operational, own, points};
use super::error::{ensure, no, RuleError};
use super::event::{Event, EventSink};
use super::ids::{Cell, UnitId};
use super::state::{Loc, State};
use super::turn::pay;
use super::zones::{neutralized, Zones};
use std::collections::VecDeque;

/// M7: `move`.
pub fn validate_move(s: &State, z: &Zones, u: UnitId, to: Cell) -> Result<(), RuleError> {
    in_play_phase(s, "move")?;
    let from = operational(s, z, u)?;
    ensure(to.index() < s.map.len(), "M1", "the cell is off the map")?;
    ensure(
        s.map.adjacent(from, to),
        "M7",
        "a move enters an adjacent cell",
    )?;
    may_enter(s, z, u, to, false)?;
    no_mountain_pair(s, s.active, s.unit(u).kind, to, Some(u))?;
    points(s, 1)
}

pub(crate) fn apply_move(s: &mut State, u: UnitId, to: Cell, ev: &mut impl EventSink) {
    pay(s, 1, false);
    s.relocate(u, Loc::Map(to));
    ev.push(Event::Moved { unit: u, to });
}

/// The shortest path of legal single moves from the unit's cell to `to` (cells after the
/// start), at most `limit` long.
pub fn path(s: &State, z: &Zones, u: UnitId, to: Cell, limit: u16) -> Option<Vec<Cell>> {
    let from = s.unit(u).cell()?;
    let n = s.map.len();
    let mut prev = vec![u16::MAX; n];
    let mut dist = vec![u16::MAX; n];
    dist[from.index()] = 0;
    let mut q = VecDeque::from([from]);
    let kind = s.unit(u).kind;
    while let Some(c) = q.pop_front() {
        if c == to {
            break;
        }
        if dist[c.index()] >= limit {
            continue;
        }
        for nb in s.map.neighbours(c) {
            if dist[nb.index()] != u16::MAX {
                continue;
            }
            if may_enter(s, z, u, nb, false).is_err()
                || no_mountain_pair(s, s.active, kind, nb, Some(u)).is_err()
            {
                continue;
            }
            dist[nb.index()] = dist[c.index()] + 1;
            prev[nb.index()] = c.0;
            q.push_back(nb);
        }
    }
    if dist[to.index()] == u16::MAX || to == from {
        return None;
    }
    let mut p = vec![to];
    let mut c = to;
    while prev[c.index()] != from.0 {
        c = Cell(prev[c.index()]);
        p.push(c);
    }
    p.reverse();
    Some(p)
}

/// `go`: moves repeated along a shortest legal path.
pub fn validate_go(s: &State, z: &Zones, u: UnitId, to: Cell) -> Result<(), RuleError> {
    in_play_phase(s, "go")?;
    operational(s, z, u)?;
    ensure(to.index() < s.map.len(), "M1", "the cell is off the map")?;
    let have = s.player(s.active).points;
    ensure(have > 0, "M6", "no points left")?;
    path(s, z, u, to, have).ok_or(no(
        "M7",
        "no path of legal moves reaches that cell with the points left",
    ))?;
    Ok(())
}

pub(crate) fn apply_go(s: &mut State, u: UnitId, to: Cell, ev: &mut impl EventSink) {
    let z = super::zones::zones(s);
    let have = s.player(s.active).points;
    for c in path(s, &z, u, to, have).unwrap_or_default() {
        apply_move(s, u, c, ev);
    }
}

/// M12, M27: `retreat`.
pub fn validate_retreat(s: &State, z: &Zones, u: UnitId, to: Cell) -> Result<(), RuleError> {
    in_play_phase(s, "retreat")?;
    own(s, u)?;
    let Loc::Map(from) = s.unit(u).loc else {
        return Err(no("M27", "only units on the map retreat"));
    };
    ensure(
        s.in_element(u),
        "M27",
        "a stuck or aground unit cannot retreat",
    )?;
    ensure(
        neutralized(s, z, u),
        "M27",
        "only a neutralized unit retreats",
    )?;
    let free = s.free_retreats.contains(&u);
    ensure(
        free || (s.retreats_open && !s.unit(u).retreated),
        "M27",
        "retreats come first in the turn, once per unit",
    )?;
    ensure(to.index() < s.map.len(), "M1", "the cell is off the map")?;
    ensure(s.map.adjacent(from, to), "M27", "a retreat goes one cell")?;
    may_enter(s, z, u, to, false)?;
    no_mountain_pair(s, s.active, s.unit(u).kind, to, Some(u))?;
    if !free {
        points(s, 1)?;
    }
    Ok(())
}

pub(crate) fn apply_retreat(s: &mut State, u: UnitId, to: Cell, ev: &mut impl EventSink) {
    if let Some(i) = s.free_retreats.iter().position(|&v| v == u) {
        s.free_retreats.swap_remove(i);
    } else {
        pay(s, 1, true);
    }
    s.relocate(u, Loc::Map(to));
    s.unit_mut(u).retreated = true;
    ev.push(Event::Retreated { unit: u, to });
}
