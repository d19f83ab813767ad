//! Move (G4), with the Space Port's entry into orbit (G8), and the facing variant's Move and Turn
//! (G12).
//!
//! A rover moves to an adjacent space with no rover, no building and no enemy fortification; it
//! may share a space with its owner's fortification. The one building a rover may move into is
//! its owner's own Space Port: the rover leaves the board and enters the shared orbit (an enemy
//! Space Port is a building like any other).
//!
//! With the facing variant the rover may only move through the edge it faces (an edge to an
//! unused face is the edge of the board and blocks it), and then faces one of the two edges of
//! its new space nearest its old facing, chosen by `side` (see [`super::facing`]). Entering orbit
//! takes no side: a rover in orbit has no facing.
use super::error::RuleError;
use super::event::{Event, EventSink};
use super::facing;
use super::state::{Loc, OrbitRover, Side, State, Structure};
use crate::globe::{Board, FaceId};

/// Is `to` the active player's own Space Port?
fn own_space_port(s: &State, to: Loc) -> bool {
    s.space(to)
        .building
        .is_some_and(|b| b.owner == s.active && b.kind == Structure::SpacePort)
}

pub fn validate_move(
    s: &State,
    from: Loc,
    to: FaceId,
    side: Option<Side>,
) -> Result<(), RuleError> {
    s.in_play("move")?;
    let rover = s.own_rover(from)?;
    if s.config.facing {
        let ahead = facing::faced(from.face, rover.facing);
        if ahead != Some(to) {
            return match ahead {
                Some(a) if Board::get().is_playable(a) => Err(RuleError::NotFacing {
                    from,
                    to: from.with(to),
                    facing: from.with(a),
                }),
                _ => Err(RuleError::FacingWall(from)),
            };
        }
    }
    let to = s.adjacent(from, to, "G4")?;
    if own_space_port(s, to) {
        if side.is_some() {
            return Err(RuleError::Facing("a rover entering orbit takes no side"));
        }
        return Ok(());
    }
    if s.space(to)
        .building
        .is_some_and(|b| b.kind == Structure::SpacePort)
    {
        // G15: only the rover's own Space Port leads to orbit.
        return Err(RuleError::EnemySpacePort(to));
    }
    s.side_arg(side)?;
    s.enterable(to)
}

pub(crate) fn apply_move(
    s: &mut State,
    from: Loc,
    to: FaceId,
    side: Option<Side>,
    ev: &mut impl EventSink,
) {
    let to = from.with(to);
    let Some(mut rover) = s.space_mut(from).rover.take() else {
        return;
    };
    if own_space_port(s, to) {
        s.orbit.push(OrbitRover {
            owner: rover.owner,
            hp: rover.hp,
        });
        ev.push(Event::EnteredOrbit {
            player: rover.owner,
            from,
        });
        return;
    }
    ev.push(Event::Moved { from, to });
    if let (true, Some(side)) = (s.config.facing, side) {
        rover.facing = facing::after_move(from.face, to.face, side);
        ev.push(Event::Faced {
            at: to,
            facing: rover.facing,
        });
    }
    s.space_mut(to).rover = Some(rover);
}

/// Moves a rover that the caller has checked may enter `to` (used by the free move before
/// building, G7), with the variant's facing rule.
pub(crate) fn step(
    s: &mut State,
    from: Loc,
    to: FaceId,
    side: Option<Side>,
    ev: &mut impl EventSink,
) {
    apply_move(s, from, to, side, ev)
}

pub fn validate_turn(s: &State, at: Loc, _side: Side) -> Result<(), RuleError> {
    s.in_play("turn")?;
    if !s.config.facing {
        return Err(RuleError::Facing(
            "Turn is an action of the facing variant only",
        ));
    }
    s.own_rover(at)?;
    Ok(())
}

pub(crate) fn apply_turn(s: &mut State, at: Loc, side: Side, ev: &mut impl EventSink) {
    if let Some(r) = s.space_mut(at).rover.as_mut() {
        r.facing = facing::turned(at.face, r.facing, side);
        let facing = r.facing;
        ev.push(Event::Faced { at, facing });
    }
}
