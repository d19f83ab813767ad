//! Shoot (G2, G6): a rover shoots an enemy rover, fortification or building within range 3.
//!
//! * Range is the G2 distance **from the shooter to the target** (entering an HQ costs 2, a
//!   triangle 1; not symmetric) and must be at most 3. Unused spaces are never crossed.
//! * A rover is hit on a d6 of 3+, or 4+ when every cheapest path from the shooter to the target
//!   passes through a space holding a fortification that is not the shooter's (the shooter's and
//!   the target's spaces do not count); then a second d6 of 3+ wounds.
//! * Fortifications and buildings are hit automatically; a d6 of 3+ wounds.
//! * A wound removes 1 hit point; rovers and buildings have 5, fortifications 1 (G6).
//!
//! Only rovers shoot (buildings have their own actions, G8). A space may hold an enemy rover and
//! its owner's fortification together, so the command names which one is the target.
use super::damage::{roll_to_wound, WOUND_ON};
use super::error::RuleError;
use super::event::{Event, EventSink, RollKind};
use super::state::{Loc, PieceKind, State};
use crate::globe::{every_cheapest_path_passes_through, Distances, FaceId, MAX_RANGE};
use crate::ids::PlayerId;

/// To-hit number against a rover in the open (G6).
pub const HIT_ON: u8 = 3;
/// To-hit number against a rover when every cheapest path passes an enemy fortification (G6).
pub const HIT_ON_FORTIFIED: u8 = 4;

/// The owner of the piece of `kind` on `at`, if there is one.
pub fn piece_owner(s: &State, at: Loc, kind: PieceKind) -> Option<PlayerId> {
    let sp = s.space(at);
    match kind {
        PieceKind::Rover => sp.rover.map(|r| r.owner),
        PieceKind::Fort => sp.fort,
        PieceKind::Building => sp.building.map(|b| b.owner),
    }
}

/// The to-hit number for a shot by `shooter` from `from` at a rover on `to` (G6).
pub fn rover_to_hit(s: &State, shooter: PlayerId, from: Loc, to: Loc) -> u8 {
    let spaces = s.planet_spaces(from.planet);
    let blocked = |f: FaceId| spaces[f.index()].fort.is_some_and(|o| o != shooter);
    if every_cheapest_path_passes_through(from.face, to.face, blocked).unwrap_or(false) {
        HIT_ON_FORTIFIED
    } else {
        HIT_ON
    }
}

pub fn validate(s: &State, from: Loc, to: FaceId, target: PieceKind) -> Result<(), RuleError> {
    s.in_play("shoot")?;
    s.own_rover(from)?;
    let at = from.with(to);
    s.playable(at)?;
    match piece_owner(s, at, target) {
        None => return Err(RuleError::NoTarget { at, kind: target }),
        Some(o) if o == s.active => return Err(RuleError::NotEnemy { at, kind: target }),
        Some(_) => {}
    }
    let distance = Distances::get().distance(from.face, to).unwrap_or(u8::MAX);
    if distance > MAX_RANGE {
        return Err(RuleError::OutOfRange {
            from,
            to: at,
            distance,
        });
    }
    Ok(())
}

pub(crate) fn apply(
    s: &mut State,
    from: Loc,
    to: FaceId,
    target: PieceKind,
    ev: &mut impl EventSink,
) {
    let at = from.with(to);
    let need = match target {
        PieceKind::Rover => rover_to_hit(s, s.active, from, at),
        PieceKind::Fort | PieceKind::Building => 0,
    };
    ev.push(Event::Shot {
        from,
        to: at,
        target,
        need,
    });
    if need > 0 {
        let roll = s.roll_d6();
        let success = roll >= need;
        ev.push(Event::Rolled {
            kind: RollKind::Hit,
            roll,
            need,
            success,
        });
        if !success {
            return;
        }
    }
    debug_assert_eq!(WOUND_ON, 3);
    roll_to_wound(s, at, target, ev);
}
