//! Build (G7): put a structure on an HQ.
//!
//! * The HQ is a playable pentagon of a live planet with no building and no enemy
//!   fortification. The builder's own fortification on it is absorbed by the building (G3 never
//!   lets the two share a space, and there is no other way to remove one's own fortification).
//! * Every playable neighbour of the HQ holds the builder's fortification or the builder's rover
//!   (the unused region's borders count as indestructible fortifications, so southern HQs need
//!   only 4, G1).
//! * The player does not already own a building of that kind on any planet (G7, G13).
//! * If the builder's rover stands on the HQ it first makes a free move (`exit`) to a neighbour
//!   it may enter (G4), and the ring is checked after that move (G14): the rover may complete
//!   the ring by stepping onto its one missing space; with
//!   the facing variant the move goes through any edge (the seed says "in any direction") and
//!   `side` sets the new facing as after a Move (G12). An enemy rover on the HQ makes it
//!   not empty.
//!
//! Building costs one action; the player acts, not a particular rover.
use super::command::Exit;
use super::damage;
use super::error::RuleError;
use super::event::{Event, EventSink};
use super::movement;
use super::state::{Building, Loc, PieceKind, State, Structure, MAX_HP};
use crate::globe::Board;

pub fn validate(s: &State, at: Loc, kind: Structure, exit: Option<Exit>) -> Result<(), RuleError> {
    s.in_play("build")?;
    s.playable(at)?;
    let board = Board::get();
    if !board.is_hq(at.face) {
        return Err(RuleError::BuildNotHq(at));
    }
    let sp = s.space(at);
    if sp.building.is_some() {
        return Err(RuleError::BuildNotEmpty {
            at,
            why: "it holds a building",
        });
    }
    if sp.fort.is_some_and(|o| o != s.active) {
        return Err(RuleError::BuildNotEmpty {
            at,
            why: "it holds an enemy fortification",
        });
    }
    if sp.rover.is_some_and(|r| r.owner != s.active) {
        return Err(RuleError::BuildNotEmpty {
            at,
            why: "an enemy rover stands on it",
        });
    }
    if s.structure_of(s.active, kind).is_some() {
        return Err(RuleError::AlreadyOwn { kind });
    }
    let exit_to = match (sp.rover.is_some(), exit) {
        (false, None) => None,
        (false, Some(_)) => {
            return Err(RuleError::Exit(
                "no rover stands on the HQ, so there is no free move",
            ))
        }
        (true, None) => {
            return Err(RuleError::Exit(
                "your rover stands on the HQ: name its free move out (`exit`)",
            ))
        }
        (true, Some(e)) => {
            if !board.are_adjacent(at.face, e.to) {
                return Err(RuleError::Exit(
                    "the free move goes to a neighbour of the HQ",
                ));
            }
            s.enterable(at.with(e.to))
                .map_err(|_| RuleError::Exit("the rover cannot enter that neighbour (G4)"))?;
            s.side_arg(e.side)?;
            Some(e.to)
        }
    };
    // G14: the ring is checked after the free move, so the rover may complete it.
    for &n in board.neighbours(at.face) {
        let ns = s.space(at.with(n));
        let ours = Some(n) == exit_to
            || ns.fort == Some(s.active)
            || ns.rover.is_some_and(|r| r.owner == s.active);
        if !ours {
            return Err(RuleError::NotSurrounded(at.with(n)));
        }
    }
    Ok(())
}

pub(crate) fn apply(
    s: &mut State,
    at: Loc,
    kind: Structure,
    exit: Option<Exit>,
    ev: &mut impl EventSink,
) {
    if let Some(e) = exit {
        movement::step(s, at, e.to, e.side, ev);
    }
    if s.space(at).fort.is_some() {
        damage::remove(s, at, PieceKind::Fort, ev);
    }
    let player = s.active;
    s.space_mut(at).building = Some(Building {
        owner: player,
        kind,
        hp: MAX_HP,
    });
    ev.push(Event::Built { player, at, kind });
}
