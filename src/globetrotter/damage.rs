//! Wounds and removal of pieces (G6, G8), shared by shooting, the Drill Cannon, demolition and the
//! destruction of a planet.
//!
//! Removing a building also ends what it held: a Treasury's stored points are lost (G9), a Drill
//! Cannon's Ready/Aim state is cleared (a rebuilt cannon starts over). A planet's fire count stays
//! with the planet.
use super::event::{Event, EventSink, RollKind};
use super::state::{Drill, Loc, PieceKind, PlanetId, State, Structure};
use crate::globe::Board;

/// The die needed to wound (G6, G8).
pub const WOUND_ON: u8 = 3;

/// Rolls to wound the piece of `kind` on `at` and applies the wound (G6: 3+). The piece must be
/// there.
pub(crate) fn roll_to_wound(s: &mut State, at: Loc, kind: PieceKind, ev: &mut impl EventSink) {
    let roll = s.roll_d6();
    let success = roll >= WOUND_ON;
    ev.push(Event::Rolled {
        kind: RollKind::Wound,
        roll,
        need: WOUND_ON,
        success,
    });
    if success {
        wound(s, at, kind, ev);
    }
}

/// Removes one hit point from the piece of `kind` on `at`, removing it at zero.
pub(crate) fn wound(s: &mut State, at: Loc, kind: PieceKind, ev: &mut impl EventSink) {
    let sp = s.space_mut(at);
    let (owner, hp) = match kind {
        PieceKind::Rover => match sp.rover.as_mut() {
            Some(r) => {
                r.hp = r.hp.saturating_sub(1);
                (r.owner, r.hp)
            }
            None => return,
        },
        PieceKind::Building => match sp.building.as_mut() {
            Some(b) => {
                b.hp = b.hp.saturating_sub(1);
                (b.owner, b.hp)
            }
            None => return,
        },
        PieceKind::Fort => match sp.fort {
            Some(o) => (o, 0),
            None => return,
        },
    };
    ev.push(Event::Wounded {
        at,
        piece: kind,
        owner,
        hp,
    });
    if hp == 0 {
        remove(s, at, kind, ev);
    }
}

/// Takes the piece of `kind` off `at` (no-op when there is none).
pub(crate) fn remove(s: &mut State, at: Loc, kind: PieceKind, ev: &mut impl EventSink) {
    let sp = s.space_mut(at);
    let (owner, building) = match kind {
        PieceKind::Rover => (sp.rover.take().map(|r| r.owner), None),
        PieceKind::Fort => (sp.fort.take(), None),
        PieceKind::Building => {
            let b = sp.building.take();
            (b.map(|b| b.owner), b)
        }
    };
    if let Some(owner) = owner {
        ev.push(Event::Removed {
            at,
            piece: kind,
            owner,
        });
    }
    if let Some(b) = building {
        building_gone(s, b.owner, b.kind, ev);
    }
}

/// What a building takes with it when it leaves the board.
pub(crate) fn building_gone(
    s: &mut State,
    owner: crate::ids::PlayerId,
    kind: Structure,
    ev: &mut impl EventSink,
) {
    let ps = s.player_mut(owner);
    match kind {
        Structure::Treasury => {
            let points = std::mem::take(&mut ps.treasury);
            if points > 0 {
                ev.push(Event::TreasuryLost {
                    player: owner,
                    points,
                });
            }
        }
        Structure::DrillCannon => ps.drill = Drill::Idle,
        Structure::SpacePort | Structure::Factory => {}
    }
}

/// G8: the planet and everything on it is destroyed. The orbit is not part of any planet.
pub(crate) fn destroy_planet(s: &mut State, planet: PlanetId, ev: &mut impl EventSink) {
    for &f in Board::get().spaces() {
        let at = Loc::new(planet, f);
        for kind in [PieceKind::Rover, PieceKind::Fort, PieceKind::Building] {
            remove(s, at, kind, ev);
        }
    }
    s.planets[planet.index()].destroyed = true;
    ev.push(Event::PlanetDestroyed { planet });
}
