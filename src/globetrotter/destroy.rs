//! Destroy (the seed's last action): "return an HQ building to an empty HQ space; surrounding
//! fortifications are not destroyed".
//!
//! Read as demolition: the player removes one of **their own** buildings, on any live planet,
//! for one action, leaving the HQ empty (so the structure can be built again elsewhere within the
//! one-of-each limit, G7). The surrounding fortifications stay. A demolished Treasury loses its
//! stored points; a demolished Drill Cannon loses its Ready/Aim state; the planet's fire count
//! stays. Demolishing one's last Factory with no rover left loses the game (G10).
use super::damage;
use super::error::RuleError;
use super::event::{Event, EventSink};
use super::state::{Loc, PieceKind, State};

pub fn validate(s: &State, at: Loc) -> Result<(), RuleError> {
    s.in_play("destroy")?;
    s.playable(at)?;
    match s.space(at).building {
        Some(b) if b.owner == s.active => Ok(()),
        _ => Err(RuleError::NotYourBuilding(at)),
    }
}

pub(crate) fn apply(s: &mut State, at: Loc, ev: &mut impl EventSink) {
    let Some(b) = s.space(at).building else {
        return;
    };
    ev.push(Event::Demolished {
        player: b.owner,
        at,
        kind: b.kind,
    });
    damage::remove(s, at, PieceKind::Building, ev);
}
