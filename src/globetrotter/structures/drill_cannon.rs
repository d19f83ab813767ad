//! Drill Cannon (G8): Ready, Aim, Fire, each one action.
//!
//! * Ready: only when the cannon is not ready or aimed already.
//! * Aim: at any playable space of the cannon's own planet (the seed's "anywhere on the board");
//!   needs the cannon ready; re-aiming is allowed before firing.
//! * Fire: needs an aim. Every piece on the aimed space (the player's own included) is hit
//!   automatically and wounded on 3+, rover, then fortification, then building. The planet's fire
//!   count goes up by one, then 2d6 are rolled: if the total is less than the count, the planet
//!   and everything on it is destroyed. The cannon then starts over (it must be readied again).
//!
//! The fire count belongs to the planet: it counts every Drill Cannon's shots there and survives
//! the cannon's destruction. A destroyed or demolished cannon loses its Ready/Aim state.
use super::super::damage::{self, roll_to_wound};
use super::super::error::RuleError;
use super::super::event::{Event, EventSink};
use super::super::state::{Drill, Loc, PieceKind, State, Structure};

pub fn validate_ready(s: &State) -> Result<(), RuleError> {
    s.in_play("ready")?;
    s.own_structure(Structure::DrillCannon)?;
    match s.player(s.active).drill {
        Drill::Idle => Ok(()),
        Drill::Ready | Drill::Aimed(_) => Err(RuleError::AlreadyReady),
    }
}

pub(crate) fn apply_ready(s: &mut State, ev: &mut impl EventSink) {
    let player = s.active;
    s.player_mut(player).drill = Drill::Ready;
    ev.push(Event::Readied { player });
}

pub fn validate_aim(s: &State, at: Loc) -> Result<(), RuleError> {
    s.in_play("aim")?;
    let cannon = s.own_structure(Structure::DrillCannon)?;
    if s.player(s.active).drill == Drill::Idle {
        return Err(RuleError::NotReady);
    }
    if at.planet != cannon.planet {
        return Err(RuleError::AimOffPlanet(cannon.planet));
    }
    s.playable(at)
}

pub(crate) fn apply_aim(s: &mut State, at: Loc, ev: &mut impl EventSink) {
    let player = s.active;
    s.player_mut(player).drill = Drill::Aimed(at.face);
    ev.push(Event::Aimed { player, at });
}

pub fn validate_fire(s: &State) -> Result<(), RuleError> {
    s.in_play("fire")?;
    s.own_structure(Structure::DrillCannon)?;
    match s.player(s.active).drill {
        Drill::Aimed(_) => Ok(()),
        Drill::Idle => Err(RuleError::NotReady),
        Drill::Ready => Err(RuleError::NotAimed),
    }
}

pub(crate) fn apply_fire(s: &mut State, ev: &mut impl EventSink) {
    let player = s.active;
    let (Some(cannon), Drill::Aimed(face)) = (
        s.structure_of(player, Structure::DrillCannon),
        s.player(player).drill,
    ) else {
        return;
    };
    let at = cannon.with(face);
    let planet = at.planet;
    s.player_mut(player).drill = Drill::Idle;
    let count = {
        let p = &mut s.planets[planet.index()];
        p.fired = p.fired.saturating_add(1);
        p.fired
    };
    ev.push(Event::Fired { player, at, count });
    for kind in [PieceKind::Rover, PieceKind::Fort, PieceKind::Building] {
        if super::super::shoot::piece_owner(s, at, kind).is_some() {
            roll_to_wound(s, at, kind, ev);
        }
    }
    let dice = [s.roll_d6(), s.roll_d6()];
    ev.push(Event::PlanetRoll {
        planet,
        dice,
        count,
    });
    if dice[0] + dice[1] < count {
        damage::destroy_planet(s, planet, ev);
    }
}
