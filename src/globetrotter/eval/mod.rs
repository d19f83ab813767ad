//! The evaluation of Globetrotter positions for the greedy and MCTS agents
//! ([`GlobetrotterHeuristic`]), and a cheap playout policy.
//!
//! A player is out when they have no rover and no Factory (G10), and a Factory with its ring held
//! can always be rebuilt (demolish and build again, or build again after it falls), so the
//! evaluation is built around those two facts. A player's score (higher is better; a full-health
//! rover is worth about 30) adds:
//!
//! * **material**: each rover (on a planet or in orbit) 15 + 3 per hit point, nothing for rovers
//!   beyond the fourth ([`USEFUL_ROVERS`]); each fortification 0.5; each building other than the
//!   Factory a base value + 1 per hit point; 2.5 per stored Treasury point;
//! * **the Factory and its ring** ([`factory_value`](plans::factory_value)): a held ring (one empty
//!   ring space still counts, a Factory can fill it at once) makes the Factory worth
//!   [`FACTORY_SAFE`](plans::FACTORY_SAFE) whatever its hit points, so shooting it is wasted; a
//!   broken ring makes hit points count and each enemy piece on the ring costs 5. An opponent gains
//!   by breaking the ring and standing on it;
//! * **building progress**, towards the structure the player needs next (a Factory; then a Space
//!   Port; then a Drill Cannon where an opponent stands; then a Treasury): for the best empty HQ
//!   with no enemy rover in its ring, W × p, where p is the share of the ring held (half for a
//!   space held only by a rover, which must leave to fortify the rest; 1 for a complete ring), less
//!   half a space per enemy fortification on the HQ or its ring (it must be shot away first), plus
//!   [`REFILL`](plans::REFILL) of a space for an empty ring space next to one of the player's
//!   rovers (one Fortify fills it, so a fortification there is little lost when shot), plus a
//!   little for the nearest own rover's closeness;
//! * **pressure** ([`pressure`](reach::pressure)): for the player's three rovers closest to an
//!   enemy, 0.15 per enemy piece within shooting range and −0.25 per space to the nearest enemy
//!   rover or building on its planet. A rover on a planet without enemies counts its way through
//!   its own Space Port there and the best landing ([`landing_distance`](reach::landing_distance)),
//!   a rover in orbit its best landing, so rovers cross to another planet when the enemy is
//!   elsewhere;
//! * **the hunt** ([`hunt`](reach::hunt), for the viewer only): −2 per space to the nearest rover
//!   of an enemy without a Factory, who loses 10 for each rover it is short of four;
//! * **the Drill Cannon plan**, for the viewer only ([`drill_value`](plans::drill_value)).
//!
//! A player who has lost scores [`LOST`]; when every planet is destroyed the players left all score
//! 0 ([`dead_end`]: the game can no longer end before its turn limit). A player without a Factory
//! has only its rovers' hit points between it and losing, so below [`LIFE`] of them its score
//! slides towards [`LOST`] with each one: every wound shows part of the worth of knocking it out,
//! not only the last.
//!
//! With three or more players an agent weighs its score against the others' mean as much as against
//! the leader's ([`FIELD_WEIGHT`]): judged against the leader alone, shooting anyone else gains
//! nothing, and a table of players who each wait for the leader to be attacked never ends.
//! Globetrotter has no hidden information; `viewer` only picks whose Drill Cannon plan and hunt are
//! counted.
mod census;
mod plans;
mod reach;
#[cfg(test)]
mod tests;

use super::command::Command;
use super::state::{Loc, State, Structure};
use crate::agent::game::Heuristic;
use crate::globe::{Board, Distances, MAX_RANGE};
use crate::ids::PlayerId;
use census::{census, faces, Spots};
use plans::{factory_value, plans_value};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use reach::{hunt, landing_distance, Press};

/// The score of a player who has lost: far below any player still in (a last rover alone is
/// worth about 30), yet not so far that knocking one opponent out of a game of three or more
/// outweighs everything else through the others' mean ([`FIELD_WEIGHT`]).
pub const LOST: f32 = -60.0;

/// With more than two players, the share of the others' mean score (against the best other
/// score) in a player's advantage ([`Heuristic::field_weight`]).
pub const FIELD_WEIGHT: f32 = 0.5;

/// Score difference worth about a 73% chance to win.
pub const TEMPERATURE: f32 = 15.0;

/// The Globetrotter heuristic.
#[derive(Clone, Copy, Debug, Default)]
pub struct GlobetrotterHeuristic;

/// Most players the tables below hold (G17 allows six).
const PLAYERS: usize = 8;

/// Distance counted for a rover that cannot reach any enemy.
const FAR: f32 = 14.0;
/// The farthest distance a search for the nearest enemy looks: anything farther counts as
/// [`FAR`].
const NEAREST_SEARCHED: u8 = FAR as u8 - 1;
/// Rovers whose closeness to the enemy counts: the closest ones. Were every rover to count, a
/// player with many rovers would lose more closeness by killing the last enemy piece on a
/// planet than it gains by the kill.
const PRESSING: usize = 3;
/// Rovers worth having (G9: more rovers give no more actions).
const USEFUL_ROVERS: u8 = 4;

/// Every planet is destroyed while the game goes on: the players left have rovers in orbit
/// and nowhere to land, so no one can lose any more and the game runs to its turn limit, a
/// draw (G17). Every player still in scores the same.
fn dead_end(s: &State) -> bool {
    s.planet_ids().all(|x| s.planet(x).destroyed)
}

/// Buildings other than the Factory ([`factory_value`](plans::factory_value)).
fn structure_value(k: Structure, hp: u8) -> f32 {
    let hp = f32::from(hp);
    match k {
        Structure::Factory => 25.0 + 3.0 * hp,
        Structure::SpacePort => 20.0 + hp,
        Structure::Treasury => 8.0 + hp,
        Structure::DrillCannon => 20.0 + hp,
    }
}

fn rover_value(hp: u8) -> f32 {
    15.0 + 3.0 * f32::from(hp)
}

/// A rover next to its owner's Factory: each missing hit point costs one Heal.
fn healable_rover_value(hp: u8) -> f32 {
    rover_value(5) - 0.6 * f32::from(5u8.saturating_sub(hp))
}

/// Scores of every player (one entry per player in `out`), as `viewer` sees them: the Drill
/// Cannon plan counts for the viewer only (see [`drill_value`](plans::drill_value)).
pub fn scores(s: &State, viewer: usize, out: &mut [f32]) {
    out.iter_mut().for_each(|v| *v = 0.0);
    let n = out.len().min(s.config.players as usize).min(PLAYERS);
    if dead_end(s) {
        for p in s.player_ids().take(n).filter(|&p| s.has_lost(p)) {
            out[p.index()] = LOST;
        }
        return;
    }
    let d = Distances::get();
    let board = Board::get();
    let (c, spots) = census(s);
    let add = |out: &mut [f32], p: PlayerId, v: f32| {
        if let Some(x) = out.get_mut(p.index()) {
            *x += v;
        }
    };
    // Each rover's way to the nearest enemy target and the enemy pieces in its range, per
    // player; only the closest PRESSING rovers count (see `pressure`).
    let mut press = Press::default();
    let mut landing: [Option<f32>; PLAYERS] = [None; PLAYERS];
    let mut land = |p: PlayerId| -> f32 {
        let i = p.index().min(PLAYERS - 1);
        *landing[i].get_or_insert_with(|| landing_distance(s, &c, p, &spots))
    };
    for r in &s.orbit {
        add(out, r.owner, rover_value(r.hp));
        let d = land(r.owner);
        press.push(r.owner, (d, 0));
    }
    let occupied = s.planet_ids().flat_map(|planet| {
        let spaces = s.planet_spaces(planet);
        faces(spots.on(planet.index()).occupied)
            .map(move |f| (Loc::new(planet, f), &spaces[f.index()]))
    });
    for (at, sp) in occupied {
        if let Some(o) = sp.fort {
            add(out, o, 0.5);
        }
        if let Some(b) = sp.building {
            let v = if b.kind == Structure::Factory {
                factory_value(s, b.owner, at, b.hp)
            } else {
                structure_value(b.kind, b.hp)
            };
            add(out, b.owner, v);
        }
        let Some(r) = sp.rover else { continue };
        let me = r.owner;
        let healable = c
            .building(me, Structure::Factory)
            .is_some_and(|f| f.planet == at.planet && board.are_adjacent(f.face, at.face));
        add(
            out,
            me,
            if healable {
                healable_rover_value(r.hp)
            } else {
                rover_value(r.hp)
            },
        );
        let (nearest, in_range) = closest_enemy(&spots, at, me);
        let mut nearest = FAR.min(f32::from(nearest));
        if nearest >= FAR {
            // No enemy on this planet: the way out is the player's own Space Port here.
            if let Some(port) = c
                .building(me, Structure::SpacePort)
                .filter(|l| l.planet == at.planet)
            {
                let dp = f32::from(d.distance(at.face, port.face).unwrap_or(u8::MAX));
                nearest = nearest.min(dp + land(me));
            }
        }
        press.push(me, (nearest, in_range));
    }
    press.add_to(&mut out[..n]);
    hunt(s, &c, &spots, viewer, out);
    for p in s.player_ids().take(n) {
        if s.has_lost(p) {
            out[p.index()] = LOST;
            continue;
        }
        out[p.index()] += plans_value(s, &c, &spots, p, viewer);
        if crowded(s) && c.owned[p.index()][Structure::Factory as usize].is_none() {
            let share = (f32::from(c.life[p.index()]) / LIFE).min(1.0);
            out[p.index()] = LOST + (out[p.index()] - LOST) * share;
        }
    }
}

/// For a rover of `me` on `at`: the distance to the nearest enemy target (rover or building)
/// on its planet, `u8::MAX` when none is nearer than [`FAR`], and the enemy pieces (with
/// fortifications) within [`MAX_RANGE`].
fn closest_enemy(spots: &Spots, at: Loc, me: PlayerId) -> (u8, u8) {
    let d = Distances::get();
    let here = spots.on(at.planet.index());
    let in_range = here.enemies_within(me, d.ball(at.face, MAX_RANGE));
    let nearest = d.nearest_in(at.face, here.enemy_targets(me), NEAREST_SEARCHED);
    (
        nearest.unwrap_or(u8::MAX),
        u8::try_from(in_range).unwrap_or(u8::MAX),
    )
}

/// A table of three or more players. Two-player play keeps the weights its series were measured
/// with (docs/ai.md); what only crowded tables need is switched on here: a Factory-less player's
/// score sliding with its hit points ([`LIFE`]), refillable ring spaces
/// ([`REFILL`](plans::REFILL)), the first shots on a planet fired early
/// ([`PRELOAD`](plans::PRELOAD)) and a way to the Space Port that never makes having the Drill
/// Cannon look worse than not having it ([`SAFE_PLAN`](plans::SAFE_PLAN)).
fn crowded(s: &State) -> bool {
    s.config.players >= 3
}

/// Rover hit points at which a player without a Factory is as safe as its pieces say: with
/// fewer, its score slides towards [`LOST`] with each hit point, since those hit points are all
/// that stands between it and losing (G10). Counted per wound, an attacker sees the whole worth
/// of knocking a player out spread over the shots it takes, not only at the last one.
const LIFE: f32 = 10.0;

impl Heuristic<State> for GlobetrotterHeuristic {
    type Near = ();

    fn scores(&self, g: &State, viewer: usize, out: &mut [f32]) {
        scores(g, viewer, out);
    }

    fn temperature(&self) -> f32 {
        TEMPERATURE
    }

    fn field_weight(&self) -> f32 {
        FIELD_WEIGHT
    }

    /// The presets' horizons are counted in rounds of two players: with `n` players still in,
    /// a horizon of `h` turns becomes `h · n / 2`, at most `2h`, so `normal` sees three rounds
    /// at tables of up to four. Six turns of a five-player game are not even two rounds: a ring
    /// finished and built on, or a cannon readied, aimed and fired, lies beyond them. The cap
    /// keeps a `normal` decision of five or six players within a second (about half a second
    /// on the positions measured in docs/ai.md).
    fn horizon_turns(&self, g: &State, horizon: u32) -> u32 {
        let live = g.player_ids().filter(|&p| !g.has_lost(p)).count() as u32;
        (horizon * live.max(2) / 2).min(2 * horizon)
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
