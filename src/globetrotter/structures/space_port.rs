//! Space Port and the shared orbit (G8, G13).
//!
//! A rover moving into its owner's Space Port enters orbit (see [`super::super::movement`]).
//! Descending is one action by a rover in orbit, onto any planet that was not destroyed (G13),
//! onto a space that
//!
//! * holds no rover, no building and no enemy fortification ("unoccupied": a rover may share a
//!   space with its owner's fortification, G3), and
//! * either borders no enemy fortification (the unused region's borders are nobody's
//!   fortifications and do not count), or is next to its owner's Space Port.
//!
//! A rover in orbit needs no Space Port to descend onto a space bordering no enemy
//! fortification; only the "next to the Space Port" option needs the Space Port to still stand.
//! With the facing variant the descending rover may face any edge. Rovers in orbit keep their
//! hit points, cannot be shot and count as rovers for G10. The orbit is shared by all planets and
//! survives a planet's destruction.
use super::super::error::RuleError;
use super::super::event::{Event, EventSink};
use super::super::state::{Loc, Rover, State, Structure};
use crate::globe::Board;

/// Is `at` next to the active player's Space Port?
fn next_to_space_port(s: &State, at: Loc) -> bool {
    s.structure_of(s.active, Structure::SpacePort)
        .is_some_and(|sp| sp.planet == at.planet && Board::get().are_adjacent(sp.face, at.face))
}

/// Does `at` border a fortification that is not the active player's?
pub fn borders_enemy_fort(s: &State, at: Loc) -> bool {
    let spaces = s.planet_spaces(at.planet);
    Board::get()
        .neighbours(at.face)
        .iter()
        .any(|n| spaces[n.index()].fort.is_some_and(|o| o != s.active))
}

pub fn validate_descend(
    s: &State,
    rover: u8,
    at: Loc,
    facing: Option<u8>,
) -> Result<(), RuleError> {
    s.in_play("descend")?;
    let r = s
        .orbit
        .get(rover as usize)
        .ok_or(RuleError::NoOrbitRover(rover))?;
    if r.owner != s.active {
        return Err(RuleError::NotYourOrbitRover(rover, r.owner));
    }
    s.playable(at)?;
    s.enterable(at).map_err(|_| RuleError::Blocked(at))?;
    if !next_to_space_port(s, at) && borders_enemy_fort(s, at) {
        return Err(RuleError::BordersEnemyFort(at));
    }
    s.new_facing(at.face, facing)?;
    Ok(())
}

pub(crate) fn apply_descend(
    s: &mut State,
    rover: u8,
    at: Loc,
    facing: Option<u8>,
    ev: &mut impl EventSink,
) {
    let facing = s.new_facing(at.face, facing).unwrap_or(0);
    let r = s.orbit.remove(rover as usize);
    s.space_mut(at).rover = Some(Rover {
        owner: r.owner,
        hp: r.hp,
        facing,
    });
    ev.push(Event::Descended {
        player: r.owner,
        at,
    });
    if s.config.facing {
        ev.push(Event::Faced { at, facing });
    }
}
