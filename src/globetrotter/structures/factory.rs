//! Factory (G8): produce a rover on an adjacent space, or heal an adjacent rover by 1 hit point
//! (up to 5). Each is one action of the player.
//!
//! * Produce: the new rover (5 hit points) appears on a space next to the player's Factory that a
//!   rover may enter (no rover, no building, no enemy fortification, as G4). With the facing
//!   variant it may face any edge. There is no limit on the number of rovers.
//! * Heal: only the player's own rover next to their own Factory, and only when it has lost a hit
//!   point (healing a rover at 5 would be a wasted action, so it is refused).
use super::super::error::RuleError;
use super::super::event::{Event, EventSink};
use super::super::state::{Loc, Rover, State, Structure, MAX_HP};
use crate::globe::Board;

/// Errors unless `at` is next to the active player's Factory.
fn next_to_factory(s: &State, at: Loc) -> Result<(), RuleError> {
    let f = s.own_structure(Structure::Factory)?;
    if f.planet == at.planet && Board::get().are_adjacent(f.face, at.face) {
        Ok(())
    } else {
        Err(RuleError::NotNextTo {
            at,
            kind: Structure::Factory,
        })
    }
}

pub fn validate_produce(s: &State, at: Loc, facing: Option<u8>) -> Result<(), RuleError> {
    s.in_play("produce")?;
    s.playable(at)?;
    next_to_factory(s, at)?;
    s.enterable(at).map_err(|_| RuleError::Blocked(at))?;
    s.new_facing(at.face, facing)?;
    Ok(())
}

pub(crate) fn apply_produce(s: &mut State, at: Loc, facing: Option<u8>, ev: &mut impl EventSink) {
    let facing = s.new_facing(at.face, facing).unwrap_or(0);
    let player = s.active;
    s.space_mut(at).rover = Some(Rover {
        owner: player,
        hp: MAX_HP,
        facing,
    });
    ev.push(Event::Produced { player, at });
    if s.config.facing {
        ev.push(Event::Faced { at, facing });
    }
}

pub fn validate_heal(s: &State, at: Loc) -> Result<(), RuleError> {
    s.in_play("heal")?;
    let r = s.own_rover(at)?;
    next_to_factory(s, at)?;
    if r.hp >= MAX_HP {
        return Err(RuleError::FullHealth(at));
    }
    Ok(())
}

pub(crate) fn apply_heal(s: &mut State, at: Loc, ev: &mut impl EventSink) {
    if let Some(r) = s.space_mut(at).rover.as_mut() {
        r.hp = (r.hp + 1).min(MAX_HP);
        let hp = r.hp;
        ev.push(Event::Healed { at, hp });
    }
}
