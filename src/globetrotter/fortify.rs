//! Fortify (G5): a rover places its owner's fortification on an adjacent space that has no
//! fortification, no building and no enemy rover (a friendly rover may stand there, G3). The
//! rover's own space is not adjacent to itself. There is no limit on the number of
//! fortifications, and the facing variant does not restrict which neighbour is fortified.
use super::error::RuleError;
use super::event::{Event, EventSink};
use super::state::{Loc, State};
use crate::globe::FaceId;

pub fn validate(s: &State, from: Loc, to: FaceId) -> Result<(), RuleError> {
    s.in_play("fortify")?;
    s.own_rover(from)?;
    let at = s.adjacent(from, to, "G5")?;
    let sp = s.space(at);
    let why = if sp.fort.is_some() {
        "it already holds a fortification"
    } else if sp.building.is_some() {
        "it holds a building"
    } else if sp.rover.is_some_and(|r| r.owner != s.active) {
        "it holds an enemy rover"
    } else {
        return Ok(());
    };
    Err(RuleError::Fortify { at, why })
}

pub(crate) fn apply(s: &mut State, from: Loc, to: FaceId, ev: &mut impl EventSink) {
    let at = from.with(to);
    let player = s.active;
    s.space_mut(at).fort = Some(player);
    ev.push(Event::Fortified { player, at });
}
