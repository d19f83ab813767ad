//! How close each player's rovers are to the enemy: the pressure of the closest ones
//! ([`pressure`]), the way down from orbit ([`landing_distance`]) and the chase of an enemy
//! about to lose ([`hunt`]).
use super::census::{faces, Census, Kind, Spots};
use super::{FAR, NEAREST_SEARCHED, PLAYERS, PRESSING, USEFUL_ROVERS};
use crate::globe::{Board, Distances};
use crate::globetrotter::state::{State, Structure};
use crate::ids::PlayerId;

/// The pressure of one player's rovers, given each rover's (distance to the nearest enemy
/// target, enemy pieces in its range): the closest [`PRESSING`] rovers count.
fn pressure(rovers: &mut [(f32, u8)]) -> f32 {
    rovers.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    rovers
        .iter()
        .take(PRESSING)
        .map(|&(dist, in_range)| 0.15 * f32::from(in_range) - 0.25 * dist)
        .sum()
}

/// Every rover's (distance to the nearest enemy target, enemy pieces in its range), with its
/// owner, in the order the evaluation meets them (orbit first, then the planets).
#[derive(Default)]
pub(super) struct Press {
    rovers: Vec<(PlayerId, f32, u8)>,
}

impl Press {
    pub fn push(&mut self, owner: PlayerId, (dist, in_range): (f32, u8)) {
        self.rovers.push((owner, dist, in_range));
    }

    /// Adds each player's [`pressure`] to its entry of `out`.
    pub fn add_to(&self, out: &mut [f32]) {
        let mut mine: Vec<(f32, u8)> = Vec::with_capacity(self.rovers.len());
        for (p, x) in out.iter_mut().enumerate() {
            mine.clear();
            mine.extend(
                self.rovers
                    .iter()
                    .filter(|r| r.0.index() == p)
                    .map(|r| (r.1, r.2)),
            );
            *x += pressure(&mut mine);
        }
    }
}

/// Weight of each space between a player's nearest rover and the nearest rover of an enemy
/// about to lose ([`hunt`]).
const HUNT: f32 = 2.0;
/// Extra worth of each rover of a player without a Factory: one of their last lives (G10).
const LAST_LIVES: f32 = 10.0;

/// The chase of an enemy about to lose (G10: no Factory, no rover in orbit): the viewer loses
/// [`HUNT`] per space between its rovers and that enemy's nearest rover on the same planet.
/// It counts for the viewer only: counted for every player, the hunted player would gain by
/// running away instead of building a Factory. Without it a player whose rovers hold a
/// half-built ring would rather keep the ring than walk across the planet to finish the game.
/// Each such rover is also worth [`LAST_LIVES`] more to its owner (a player short of
/// [`USEFUL_ROVERS`] loses that much per missing rover), so killing one pays although the chase
/// goes on, and a player never gains by demolishing its own Factory.
pub(super) fn hunt(s: &State, c: &Census, spots: &Spots, viewer: usize, out: &mut [f32]) {
    let d = Distances::get();
    for q in s.player_ids() {
        let qi = q.index();
        if s.has_lost(q) || qi >= PLAYERS || c.owned[qi][Structure::Factory as usize].is_some() {
            continue;
        }
        if let Some(x) = out.get_mut(qi) {
            *x -= LAST_LIVES * f32::from(USEFUL_ROVERS.saturating_sub(c.rovers[qi]));
        }
        if c.in_orbit[qi] > 0 {
            continue;
        }
        for p in s
            .player_ids()
            .filter(|&p| p != q && p.index() == viewer && !s.has_lost(p))
        {
            let mut nearest = FAR;
            for i in s.planet_ids().map(|x| x.index()) {
                let here = spots.on(i);
                let prey = here.of(q, Kind::Rover);
                for at in faces(here.of(p, Kind::Rover)) {
                    if let Some(dist) = d.nearest_in(at, prey, NEAREST_SEARCHED) {
                        nearest = nearest.min(f32::from(dist));
                    }
                }
            }
            if let Some(x) = out.get_mut(p.index()) {
                *x -= HUNT * nearest;
            }
        }
    }
}

/// How far a rover of `p` in orbit is from an enemy target: one action to descend (G8, G13)
/// onto the best space of any planet where an enemy has a rover or building, plus that space's
/// distance to the nearest such target; [`FAR`] when there is none.
pub(super) fn landing_distance(s: &State, c: &Census, p: PlayerId, spots: &Spots) -> f32 {
    // A landing space is empty of rovers and buildings, so no target is nearer than this.
    const NEAREST: f32 = 2.0;
    let board = Board::get();
    let d = Distances::get();
    let port = c.building(p, Structure::SpacePort);
    let mut best = FAR;
    for planet in s.planet_ids().filter(|x| !s.planet(*x).destroyed) {
        let targets = spots.on(planet.index()).enemy_targets(p);
        if targets == 0 {
            continue;
        }
        let spaces = s.planet_spaces(planet);
        for &f in board.spaces() {
            if !spaces[f.index()].enterable_by(p) {
                continue;
            }
            let by_port = port.is_some_and(|l| l.planet == planet && board.are_adjacent(l.face, f));
            let near_enemy_fort = board
                .neighbours(f)
                .iter()
                .any(|n| spaces[n.index()].fort.is_some_and(|o| o != p));
            if near_enemy_fort && !by_port {
                continue;
            }
            if let Some(dist) = d.nearest_in(f, targets, NEAREST_SEARCHED) {
                best = best.min(1.0 + f32::from(dist));
            }
            if best <= NEAREST {
                return best;
            }
        }
    }
    best
}
