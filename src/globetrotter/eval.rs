//! A simple evaluation of Globetrotter positions for the greedy and MCTS agents
//! ([`GlobetrotterHeuristic`]), and a cheap playout policy.
//!
//! A player's score (higher is better, in "points" where a full-health rover is about 22) adds:
//!
//! * **material**: each rover (on a planet or in orbit) 12 + 2 per hit point; each fortification
//!   1; each building a base value (Factory 30, Drill Cannon 12, Space Port 10, Treasury 8) + 2
//!   per hit point; 2.5 per stored Treasury point; Drill Cannon ready 1, aimed at an enemy piece 3;
//! * **building progress**: for the best empty HQ the player could still build on (no enemy
//!   piece in its ring, a structure kind left to build), 10 × (share of its ring held)²;
//! * **pressure**: 0.4 per enemy piece within shooting range of each rover, and −0.1 per space
//!   of distance from each rover to the nearest enemy rover or building on its planet (capped),
//!   so rovers close in rather than idle.
//!
//! A player who has lost scores −1000. Globetrotter has no hidden information, so `viewer` does
//! not matter.
use super::command::Command;
use super::state::{Drill, Loc, State, Structure};
use crate::agent::game::Heuristic;
use crate::globe::{Board, Distances, MAX_RANGE};
use crate::ids::PlayerId;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Score difference worth about a 73% chance to win.
pub const TEMPERATURE: f32 = 15.0;

/// The Globetrotter heuristic.
#[derive(Clone, Copy, Debug, Default)]
pub struct GlobetrotterHeuristic;

fn structure_value(k: Structure) -> f32 {
    match k {
        Structure::Factory => 30.0,
        Structure::DrillCannon => 12.0,
        Structure::SpacePort => 10.0,
        Structure::Treasury => 8.0,
    }
}

/// Scores of every player (one entry per player in `out`).
pub fn scores(s: &State, out: &mut [f32]) {
    out.iter_mut().for_each(|v| *v = 0.0);
    let n = out.len().min(s.config.players as usize);
    let d = Distances::get();
    let board = Board::get();
    let add = |out: &mut [f32], p: PlayerId, v: f32| {
        if let Some(x) = out.get_mut(p.index()) {
            *x += v;
        }
    };
    for r in &s.orbit {
        add(out, r.owner, 12.0 + 2.0 * f32::from(r.hp));
    }
    let mut owned = [[false; 4]; 8];
    for (at, sp) in s.occupied() {
        if let Some(o) = sp.fort {
            add(out, o, 1.0);
        }
        if let Some(b) = sp.building {
            add(
                out,
                b.owner,
                structure_value(b.kind) + 2.0 * f32::from(b.hp),
            );
            if let Some(k) = owned.get_mut(b.owner.index()) {
                k[b.kind as usize] = true;
            }
        }
        let Some(r) = sp.rover else { continue };
        add(out, r.owner, 12.0 + 2.0 * f32::from(r.hp));
        let mut nearest = 12u8;
        let spaces = s.planet_spaces(at.planet);
        for &f in board.spaces() {
            let t = &spaces[f.index()];
            let enemy_rover_or_building = t.rover.is_some_and(|x| x.owner != r.owner)
                || t.building.is_some_and(|b| b.owner != r.owner);
            let enemy_fort = t.fort.is_some_and(|o| o != r.owner);
            if !enemy_rover_or_building && !enemy_fort {
                continue;
            }
            let dist = d.distance(at.face, f).unwrap_or(u8::MAX);
            if dist <= MAX_RANGE {
                add(out, r.owner, 0.4);
            }
            if enemy_rover_or_building {
                nearest = nearest.min(dist);
            }
        }
        add(out, r.owner, -0.1 * f32::from(nearest));
    }
    for p in s.player_ids().take(n) {
        let ps = s.player(p);
        if ps.lost {
            out[p.index()] = -1000.0;
            continue;
        }
        out[p.index()] += 2.5 * f32::from(ps.treasury);
        out[p.index()] += match ps.drill {
            Drill::Idle => 0.0,
            Drill::Ready => 1.0,
            Drill::Aimed(f) => match s.structure_of(p, Structure::DrillCannon) {
                Some(c) => {
                    let t = s.space(c.with(f));
                    let enemy = t.rover.is_some_and(|r| r.owner != p)
                        || t.building.is_some_and(|b| b.owner != p)
                        || t.fort.is_some_and(|o| o != p);
                    if enemy {
                        3.0
                    } else {
                        1.0
                    }
                }
                None => 0.0,
            },
        };
        if owned.get(p.index()).is_some_and(|k| k.iter().all(|&b| b)) {
            continue;
        }
        out[p.index()] += 10.0 * best_progress(s, p).powi(2);
    }
}

/// The largest share of an empty HQ's ring held by `p` with no enemy piece in it.
fn best_progress(s: &State, p: PlayerId) -> f32 {
    let board = Board::get();
    let mut best = 0.0f32;
    for planet in s.planet_ids().filter(|x| !s.planet(*x).destroyed) {
        let spaces = s.planet_spaces(planet);
        for &hq in board.hqs() {
            let h = &spaces[hq.index()];
            if h.building.is_some() || h.fort.is_some_and(|o| o != p) {
                continue;
            }
            let ring = board.neighbours(hq);
            let mut held = 0;
            let mut blocked = false;
            for n in ring {
                let t = &spaces[n.index()];
                if t.fort == Some(p) || t.rover.is_some_and(|r| r.owner == p) {
                    held += 1;
                } else if t.fort.is_some() || t.rover.is_some() {
                    blocked = true;
                }
            }
            if !blocked && !ring.is_empty() {
                best = best.max(held as f32 / ring.len() as f32);
            }
        }
    }
    best
}

impl Heuristic<State> for GlobetrotterHeuristic {
    fn scores(&self, g: &State, _viewer: usize, out: &mut [f32]) {
        scores(g, out);
    }

    fn temperature(&self) -> f32 {
        TEMPERATURE
    }

    /// Build when possible, often shoot, otherwise a random action (rarely pass or demolish).
    fn playout_move(&self, _g: &State, legal: &[Command], rng: &mut ChaCha8Rng) -> Command {
        if let Some(m) = legal.iter().find(|m| matches!(m, Command::Build { .. })) {
            return *m;
        }
        if rng.gen_bool(0.5) {
            let shots: Vec<&Command> = legal
                .iter()
                .filter(|m| matches!(m, Command::Shoot { .. } | Command::Fire))
                .collect();
            if !shots.is_empty() {
                return *shots[rng.gen_range(0..shots.len())];
            }
        }
        for _ in 0..6 {
            let m = legal[rng.gen_range(0..legal.len())];
            if !matches!(m, Command::Pass | Command::Destroy { .. }) {
                return m;
            }
        }
        legal[0]
    }
}

/// Where a located command acts (for tools that display agent choices).
pub fn command_loc(c: &Command) -> Option<Loc> {
    match *c {
        Command::Place { at, .. }
        | Command::Turn { at, .. }
        | Command::Build { at, .. }
        | Command::Produce { at, .. }
        | Command::Heal { at }
        | Command::Aim { at }
        | Command::Descend { at, .. }
        | Command::Destroy { at } => Some(at),
        Command::Move { from, .. }
        | Command::Fortify { from, .. }
        | Command::Shoot { from, .. } => Some(from),
        Command::Ready | Command::Fire | Command::Save | Command::Spend | Command::Pass => None,
    }
}
