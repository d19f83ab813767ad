//! The evaluation of Globetrotter positions for the greedy and MCTS agents
//! ([`GlobetrotterHeuristic`]), and a cheap playout policy.
//!
//! A player is out when they have no rover and no Factory (G10), and a Factory with its ring
//! held can always be rebuilt (demolish and build again, or build again after it falls), so the
//! evaluation is built around those two facts. A player's score (higher is better; a
//! full-health rover is worth about 30) adds:
//!
//! * **material**: each rover (on a planet or in orbit) 15 + 3 per hit point, nothing for
//!   rovers beyond the fourth ([`USEFUL_ROVERS`]); each fortification 0.5; each building other
//!   than the Factory a base value + 1 per hit point; 2.5 per stored Treasury point;
//! * **the Factory and its ring** ([`factory_value`]): a held ring (one empty ring space still
//!   counts, a Factory can fill it at once) makes the Factory worth [`FACTORY_SAFE`] whatever
//!   its hit points, so shooting it is wasted; a broken ring makes hit points count and each
//!   enemy piece on the ring costs 5. An opponent gains by breaking the ring and standing on it;
//! * **building progress**, towards the structure the player needs next (a Factory; then a
//!   Space Port; then a Drill Cannon where an opponent stands; then a Treasury): for the best
//!   empty HQ with no enemy rover in its ring, W × p, where p is the share of the ring held
//!   (half for a space held only by a rover, which must leave to fortify the rest; 1 for a
//!   complete ring), less half a space per enemy fortification on the HQ or its ring (it must
//!   be shot away first), plus [`REFILL`] of a space for an empty ring space next to one of
//!   the player's rovers (one Fortify fills it, so a fortification there is little lost when
//!   shot), plus a little for the nearest own rover's closeness;
//! * **pressure** ([`pressure`]): for the player's three rovers closest to an enemy, 0.15 per
//!   enemy piece within shooting range and −0.25 per space to the nearest enemy rover or
//!   building on its planet. A rover on a planet without enemies counts its way through its
//!   own Space Port there and the best landing ([`landing_distance`]), a rover in orbit its
//!   best landing, so rovers cross to another planet when the enemy is elsewhere;
//! * **the hunt** ([`hunt`], for the viewer only): −2 per space to the nearest rover of an
//!   enemy without a Factory, who loses 10 for each rover it is short of four;
//! * **the Drill Cannon plan**, for the viewer only ([`drill_value`]).
//!
//! A player who has lost scores [`LOST`]; when every planet is destroyed the players left all
//! score 0 ([`dead_end`]: the game can no longer end before its turn limit). A player without a
//! Factory has only its rovers' hit points between it and losing, so below [`LIFE`] of them its
//! score slides towards [`LOST`] with each one: every wound shows part of the worth of knocking
//! it out, not only the last.
//!
//! With three or more players an agent weighs its score against the others' mean as much as
//! against the leader's ([`FIELD_WEIGHT`]): judged against the leader alone, shooting anyone
//! else gains nothing, and a table of players who each wait for the leader to be attacked
//! never ends. Globetrotter has no hidden information; `viewer` only
//! picks whose Drill Cannon plan and hunt are counted.
use super::command::Command;
use super::state::{Drill, Loc, State, Structure, MAX_HP};
use crate::agent::game::Heuristic;
use crate::globe::{Board, Distances, FaceId, MAX_RANGE};
use crate::ids::PlayerId;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

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

/// Most players and planets the tables below hold (G17).
const PLAYERS: usize = 8;
const PLANETS: usize = 8;

/// Distance counted for a rover that cannot reach any enemy.
const FAR: f32 = 14.0;
/// Rovers whose closeness to the enemy counts: the closest ones. Were every rover to count, a
/// player with many rovers would lose more closeness by killing the last enemy piece on a
/// planet than it gains by the kill.
const PRESSING: usize = 3;
/// Rovers worth having (G9: more rovers give no more actions).
const USEFUL_ROVERS: u8 = 4;

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

/// Weight of each space between a player's nearest rover and the nearest rover of an enemy
/// about to lose ([`hunt`]).
const HUNT: f32 = 2.0;
/// Extra worth of each rover of a player without a Factory: one of their last lives (G10).
const LAST_LIVES: f32 = 10.0;

/// The chase of an enemy about to lose (G10: no Factory, no rover in orbit): the viewer loses
/// [`HUNT`] per space between its rovers and that enemy's nearest rover on the same planet.
/// It counts for the viewer only: counted for every player, the hunted player would gain by
/// running away instead of building a Factory. Without it a player whose rovers hold a half-built ring would rather keep the ring
/// than walk across the planet to finish the game. Each such rover is also worth
/// [`LAST_LIVES`] more to its owner (a player short of [`USEFUL_ROVERS`] loses that much per
/// missing rover), so killing one pays although the chase goes on, and a player never gains by
/// demolishing its own Factory.
fn hunt(s: &State, c: &Census, rovers_at: &[(PlayerId, Loc)], viewer: usize, out: &mut [f32]) {
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
            for &(_, prey) in rovers_at.iter().filter(|(o, _)| *o == q) {
                for &(_, at) in rovers_at
                    .iter()
                    .filter(|(o, at)| *o == p && at.planet == prey.planet)
                {
                    let dist = d.distance(at.face, prey.face).unwrap_or(u8::MAX);
                    nearest = nearest.min(f32::from(dist));
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
fn landing_distance(
    s: &State,
    p: PlayerId,
    targets: &[Vec<(PlayerId, FaceId)>; PLANETS],
    alive: &impl Fn(PlayerId) -> bool,
) -> f32 {
    let board = Board::get();
    let d = Distances::get();
    let port = s.structure_of(p, Structure::SpacePort);
    let mut best = FAR;
    for planet in s.planet_ids().filter(|x| !s.planet(*x).destroyed) {
        let Some(ts) = targets.get(planet.index()) else {
            continue;
        };
        if !ts.iter().any(|&(o, _)| o != p && alive(o)) {
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
            for &(o, t) in ts {
                if o != p && alive(o) {
                    let dist = f32::from(d.distance(f, t).unwrap_or(u8::MAX));
                    best = best.min(1.0 + dist);
                }
            }
        }
    }
    best
}

/// Every planet is destroyed while the game goes on: the players left have rovers in orbit
/// and nowhere to land, so no one can lose any more and the game runs to its turn limit, a
/// draw (G17). Every player still in scores the same.
fn dead_end(s: &State) -> bool {
    s.planet_ids().all(|x| s.planet(x).destroyed)
}

/// Buildings other than the Factory ([`factory_value`]).
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

/// What each player has where.
struct Census {
    /// Planets (bits) where the player has a rover.
    rovers_on: [u16; PLAYERS],
    /// Planets (bits) where the player has a rover or a building (something to attack).
    present_on: [u16; PLAYERS],
    /// The player's buildings by kind.
    owned: [[Option<Loc>; 4]; PLAYERS],
    /// Rovers in orbit per player.
    in_orbit: [u8; PLAYERS],
    /// Rovers per player, on planets and in orbit.
    rovers: [u8; PLAYERS],
    /// Hit points of each player's rovers, on planets and in orbit.
    life: [u8; PLAYERS],
}

fn census(s: &State) -> Census {
    let mut c = Census {
        rovers_on: [0; PLAYERS],
        present_on: [0; PLAYERS],
        owned: [[None; 4]; PLAYERS],
        in_orbit: [0; PLAYERS],
        rovers: [0; PLAYERS],
        life: [0; PLAYERS],
    };
    for r in &s.orbit {
        if let Some(x) = c.life.get_mut(r.owner.index()) {
            *x = x.saturating_add(r.hp);
        }
        if let Some(x) = c.in_orbit.get_mut(r.owner.index()) {
            *x += 1;
        }
        if let Some(x) = c.rovers.get_mut(r.owner.index()) {
            *x += 1;
        }
    }
    for (at, sp) in s.occupied() {
        let bit = 1u16 << at.planet.index().min(15);
        if let Some(r) = sp.rover {
            if let Some(x) = c.rovers.get_mut(r.owner.index()) {
                *x = x.saturating_add(1);
            }
            if let Some(x) = c.life.get_mut(r.owner.index()) {
                *x = x.saturating_add(r.hp);
            }
            if let Some(x) = c.rovers_on.get_mut(r.owner.index()) {
                *x |= bit;
            }
            if let Some(x) = c.present_on.get_mut(r.owner.index()) {
                *x |= bit;
            }
        }
        if let Some(b) = sp.building {
            if let Some(x) = c.present_on.get_mut(b.owner.index()) {
                *x |= bit;
            }
            if let Some(k) = c.owned.get_mut(b.owner.index()) {
                k[b.kind as usize] = Some(at);
            }
        }
    }
    c
}

/// Scores of every player (one entry per player in `out`), as `viewer` sees them: the Drill
/// Cannon plan counts for the viewer only (see [`drill_value`]).
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
    let c = census(s);
    let alive = |p: PlayerId| !s.has_lost(p);
    let (targets, pieces) = spots(s);
    let add = |out: &mut [f32], p: PlayerId, v: f32| {
        if let Some(x) = out.get_mut(p.index()) {
            *x += v;
        }
    };
    // Each rover's way to the nearest enemy target and the enemy pieces in its range, per
    // player; only the closest PRESSING rovers count (see `pressure`).
    let mut press: [Vec<(f32, u8)>; PLAYERS] = Default::default();
    let mut rovers_at: Vec<(PlayerId, Loc)> = Vec::new();
    let mut landing: [Option<f32>; PLAYERS] = [None; PLAYERS];
    let mut land = |p: PlayerId| -> f32 {
        let i = p.index().min(PLAYERS - 1);
        *landing[i].get_or_insert_with(|| landing_distance(s, p, &targets, &alive))
    };
    for r in &s.orbit {
        add(out, r.owner, rover_value(r.hp));
        let d = land(r.owner);
        if let Some(v) = press.get_mut(r.owner.index()) {
            v.push((d, 0));
        }
    }
    for (at, sp) in s.occupied() {
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
        rovers_at.push((me, at));
        let healable = c.owned[me.index()][Structure::Factory as usize]
            .is_some_and(|f| f.planet == at.planet && Board::get().are_adjacent(f.face, at.face));
        add(
            out,
            me,
            if healable {
                healable_rover_value(r.hp)
            } else {
                rover_value(r.hp)
            },
        );
        let mut nearest = FAR;
        let mut in_range = 0u8;
        for &(o, f) in &pieces[at.planet.index()] {
            if o == me || !alive(o) {
                continue;
            }
            let dist = d.distance(at.face, f).unwrap_or(u8::MAX);
            if dist <= MAX_RANGE {
                in_range = in_range.saturating_add(1);
            }
        }
        for &(o, f) in &targets[at.planet.index()] {
            if o == me || !alive(o) {
                continue;
            }
            let dist = f32::from(d.distance(at.face, f).unwrap_or(u8::MAX));
            nearest = nearest.min(dist);
        }
        if nearest >= FAR {
            // No enemy on this planet: the way out is the player's own Space Port here.
            if let Some(port) =
                c.owned[me.index()][Structure::SpacePort as usize].filter(|l| l.planet == at.planet)
            {
                let dp = f32::from(d.distance(at.face, port.face).unwrap_or(u8::MAX));
                nearest = nearest.min(dp + land(me));
            }
        }
        if let Some(v) = press.get_mut(me.index()) {
            v.push((nearest, in_range));
        }
    }
    for (p, v) in press.iter_mut().enumerate().take(n) {
        out[p] += pressure(v);
    }
    hunt(s, &c, &rovers_at, viewer, out);
    for p in s.player_ids().take(n) {
        if s.has_lost(p) {
            out[p.index()] = LOST;
            continue;
        }
        out[p.index()] += plans_value(s, &c, p, viewer);
        if crowded(s) && c.owned[p.index()][Structure::Factory as usize].is_none() {
            let share = (f32::from(c.life[p.index()]) / LIFE).min(1.0);
            out[p.index()] = LOST + (out[p.index()] - LOST) * share;
        }
    }
}

/// A table of three or more players. Two-player play keeps the weights its series were measured
/// with (docs/ai.md); what only crowded tables need is switched on here: a Factory-less player's
/// score sliding with its hit points ([`LIFE`]), refillable ring spaces ([`REFILL`]), the first
/// shots on a planet fired early ([`PRELOAD`]) and a way to the Space Port that never makes
/// having the Drill Cannon look worse than not having it ([`SAFE_PLAN`]).
fn crowded(s: &State) -> bool {
    s.config.players >= 3
}

/// Rover hit points at which a player without a Factory is as safe as its pieces say: with
/// fewer, its score slides towards [`LOST`] with each hit point, since those hit points are all
/// that stands between it and losing (G10). Counted per wound, an attacker sees the whole worth
/// of knocking a player out spread over the shots it takes, not only at the last one.
const LIFE: f32 = 10.0;

/// Pieces per planet, as (owner, face).
type Spots = [Vec<(PlayerId, FaceId)>; PLANETS];

/// The targets (rovers and buildings) and every piece (with fortifications) on each planet.
fn spots(s: &State) -> (Spots, Spots) {
    let mut targets: Spots = Default::default();
    let mut pieces: Spots = Default::default();
    for (at, sp) in s.occupied() {
        let Some(t) = targets.get_mut(at.planet.index()) else {
            continue;
        };
        let pc = &mut pieces[at.planet.index()];
        if let Some(r) = sp.rover {
            t.push((r.owner, at.face));
            pc.push((r.owner, at.face));
        }
        if let Some(b) = sp.building {
            t.push((b.owner, at.face));
            pc.push((b.owner, at.face));
        }
        if let Some(o) = sp.fort {
            pc.push((o, at.face));
        }
    }
    (targets, pieces)
}

/// What a player still in the game has besides its pieces: the Treasury's points, the Drill
/// Cannon plan (for the viewer only), progress towards the next structure it lacks, less the
/// rovers that add nothing.
fn plans_value(s: &State, c: &Census, p: PlayerId, viewer: usize) -> f32 {
    let alive = |p: PlayerId| !s.has_lost(p);
    // Does `p` have an enemy anywhere (alive, with something on a live planet or in orbit)?
    let enemy_elsewhere = |p: PlayerId| {
        s.player_ids()
            .any(|q| q != p && alive(q) && (c.present_on[q.index()] & c.rovers_on[p.index()]) == 0)
    };
    let ps = s.player(p);
    let mut v = 2.5 * f32::from(ps.treasury);
    if p.index() == viewer {
        v += drill_value(s, c, p);
    }
    let owned = &c.owned[p.index()];
    let want = if owned[Structure::Factory as usize].is_none() {
        Some((Structure::Factory, FACTORY_WANT))
    } else if owned[Structure::SpacePort as usize].is_none() {
        Some((
            Structure::SpacePort,
            if enemy_elsewhere(p) { 18.0 } else { 15.0 },
        ))
    } else if owned[Structure::DrillCannon as usize].is_none() {
        Some((Structure::DrillCannon, 15.0))
    } else if owned[Structure::Treasury as usize].is_none() {
        Some((Structure::Treasury, 5.0))
    } else {
        None
    };
    if let Some((kind, w)) = want {
        // A Drill Cannon is worth building only where an opponent stands (G15: it aims at
        // its own planet).
        let planets = if kind == Structure::DrillCannon {
            s.player_ids()
                .filter(|&q| q != p && alive(q))
                .fold(0u16, |m, q| m | c.present_on[q.index()])
        } else {
            u16::MAX
        };
        v += w * best_progress(s, p, planets);
    }
    // Rovers beyond the fourth add nothing: more rovers give no more actions (G9), and a
    // player who keeps producing them never attacks.
    let rovers = c.rovers[p.index()];
    if rovers > USEFUL_ROVERS {
        v -= (rover_value(MAX_HP) + 1.0) * f32::from(rovers - USEFUL_ROVERS);
    }
    v
}

/// The Drill Cannon plan (G8, G10): a planet that breaks takes everything on it, so a player
/// who is safe elsewhere (a rover in orbit, or a rover or building on another planet) gains
/// with every step towards the next shot at a planet that holds everything some opponent has
/// left (nothing of theirs in orbit or elsewhere), as long as the game can go on after the break
/// (another planet is left) or the break takes every opponent. Each of Ready, Aim and Fire is
/// worth 5, and being safe while holding such a cannon is worth [`SAFE_PLAN`] (12 with two
/// players); otherwise a ready cannon is worth 1 and one aimed at an enemy piece 3.
///
/// The plan is counted for the viewer only: an agent presses its own attack but does not hide
/// its rovers in orbit from an opponent's cannon. Were both sides to keep a rover in orbit, no
/// one could ever be eliminated on one planet, and the game would run to its turn limit.
fn drill_value(s: &State, c: &Census, p: PlayerId) -> f32 {
    let Some(cannon) = c.owned[p.index()][Structure::DrillCannon as usize] else {
        return 0.0;
    };
    let bit = 1u16 << cannon.planet.index().min(15);
    let doomed_q = |q: PlayerId| c.in_orbit[q.index()] == 0 && c.present_on[q.index()] == bit;
    let opponents = || s.player_ids().filter(|&q| q != p && !s.has_lost(q));
    // With no other live planet, the break must take every opponent at once: an opponent who
    // survives in orbit and the viewer would be left with nowhere to land, a game that cannot
    // end (see `dead_end`).
    let other_live = s
        .planet_ids()
        .any(|x| x != cannon.planet && !s.planet(x).destroyed);
    let doomed = opponents().any(doomed_q) && (other_live || opponents().all(doomed_q));
    let safe = c.in_orbit[p.index()] > 0 || c.present_on[p.index()] & !bit != 0;
    let stage = match s.player(p).drill {
        Drill::Idle => 0.0,
        Drill::Ready => 1.0,
        Drill::Aimed(_) => 2.0,
    };
    let safe_plan = if crowded(s) { SAFE_PLAN } else { TWO_SAFE_PLAN };
    if doomed && safe {
        let fired = f32::from(s.planet(cannon.planet).fired.min(12));
        return safe_plan + 5.0 * (3.0 * fired + stage);
    }
    // Not safe yet: the way to safety is a rover into orbit through the player's Space Port.
    let to_port = match (doomed, c.owned[p.index()][Structure::SpacePort as usize]) {
        (true, Some(port)) => {
            let d = Distances::get();
            s.rovers_of(p)
                .filter(|(at, _)| at.planet == port.planet)
                .filter_map(|(at, _)| d.distance(at.face, port.face))
                .min()
                .map_or(0.0, |x| {
                    let way = -TO_PORT * f32::from(x);
                    if crowded(s) {
                        (safe_plan + way).max(0.0)
                    } else {
                        way
                    }
                })
        }
        _ => 0.0,
    };
    // The first shots on a planet cannot break it (2d6 is never below 2), so with three or
    // more players, where no one is eliminated while every Factory stands, firing them early
    // brings the break closer for when the player is safe.
    let preload = if doomed && crowded(s) {
        PRELOAD * f32::from(s.planet(cannon.planet).fired.min(FREE_FIRES))
    } else {
        0.0
    };
    to_port
        + preload
        + match s.player(p).drill {
            Drill::Aimed(f) => {
                let t = s.space(cannon.with(f));
                let enemy = t.rover.is_some_and(|r| r.owner != p)
                    || t.building.is_some_and(|b| b.owner != p)
                    || t.fort.is_some_and(|o| o != p);
                if enemy {
                    3.0
                } else {
                    1.0
                }
            }
            _ => stage,
        }
}

/// Shots on a planet that cannot break it ([`drill_value`]), and the worth of each one fired.
const FREE_FIRES: u8 = 2;
const PRELOAD: f32 = 4.0;

/// Being safe (a rover in orbit or on another planet) while holding a Drill Cannon that could
/// break a planet with all an opponent has left on it ([`drill_value`]).
const SAFE_PLAN: f32 = 24.0;
/// The same with two players, whose way to the port is not bounded below ([`crowded`]).
const TWO_SAFE_PLAN: f32 = 12.0;
/// Worth of each space between a player's nearest rover and its own Space Port while that plan
/// waits for safety: more than a rover's pressure on the enemy, so the rover heads for orbit
/// instead of trading shots. The way counts down from [`SAFE_PLAN`] and never below nothing, so
/// building the cannon never looks worse than not having it.
const TO_PORT: f32 = 3.0;

/// A Factory whose ring its owner holds ([`factory_value`]).
const FACTORY_SAFE: f32 = 50.0;
/// Building towards a Factory, at a complete ring.
const FACTORY_WANT: f32 = 35.0;

/// A Factory and its ring (G7). With the ring held the owner rebuilds it in one action after it
/// falls (or demolishes and builds again), so its hit points do not matter: shooting it is
/// wasted. One empty ring space still counts as held, since the Factory can produce a rover
/// onto it at once (G8), so shooting a single fortification of the ring is wasted too. The
/// ring is broken by an enemy piece on it (a rover standing there, or a fortification) or by
/// two empty spaces; then hit points count and each enemy piece on the ring costs more.
fn factory_value(s: &State, p: PlayerId, factory: Loc, hp: u8) -> f32 {
    let board = Board::get();
    let ring = board.neighbours(factory.face);
    let hp = f32::from(hp);
    let mut held = 0;
    let mut empty = 0;
    let mut enemy = 0;
    for &n in ring {
        let t = s.space(factory.with(n));
        if t.fort == Some(p) || t.rover.is_some_and(|r| r.owner == p) {
            held += 1;
        } else if t.is_empty() {
            empty += 1;
        }
        if t.fort.is_some_and(|o| o != p) || t.rover.is_some_and(|r| r.owner != p) {
            enemy += 1;
        }
    }
    if held == ring.len() {
        FACTORY_SAFE
    } else if held + 1 == ring.len() && empty == 1 {
        FACTORY_SAFE - 0.5
    } else {
        20.0 + 3.0 * hp + 12.0 * held as f32 / ring.len() as f32 - 5.0 * enemy as f32
    }
}

/// Share of a ring space counted for an empty one next to the player's rover ([`best_progress`]):
/// one Fortify fills it, so shooting away the fortification that stood there gains an attacker
/// little, and two players trading a shot for a refill every turn while the others play on is
/// not what either wants.
const REFILL: f32 = 0.6;

/// Share of a ring space lost to each enemy fortification on an HQ or its ring ([`best_progress`]).
const CONTESTED: f32 = 0.5;

/// The best progress of `p` towards a ring on an empty HQ with no enemy rover on it or its
/// ring: the share of the ring held, less [`CONTESTED`] per enemy fortification to shoot away
/// first, plus a little for the nearest own rover's closeness to the HQ. Counted as a block, an
/// enemy fortification would leave a crowded planet with no HQ to work towards, and a player
/// would trade shots at rings that are refilled every turn instead of building.
fn best_progress(s: &State, p: PlayerId, planets: u16) -> f32 {
    let board = Board::get();
    let d = Distances::get();
    let mut best = 0.0f32;
    for planet in s
        .planet_ids()
        .filter(|x| !s.planet(*x).destroyed && planets & (1 << x.index().min(15)) != 0)
    {
        let spaces = s.planet_spaces(planet);
        let mine: Vec<FaceId> = board
            .spaces()
            .iter()
            .copied()
            .filter(|f| spaces[f.index()].rover.is_some_and(|r| r.owner == p))
            .collect();
        if mine.is_empty() {
            continue;
        }
        for &hq in board.hqs() {
            let h = &spaces[hq.index()];
            if h.building.is_some() || h.rover.is_some_and(|r| r.owner != p) {
                continue;
            }
            let ring = board.neighbours(hq);
            let mut held = 0;
            // Ring spaces held by a rover only: it has to leave them to fortify the rest.
            let mut by_rover = 0.0f32;
            // Enemy fortifications on the HQ or its ring: each costs a shot before the space
            // can be fortified (G5, G7), so it holds the ring back without closing it.
            let mut contested = u8::from(h.fort.is_some_and(|o| o != p));
            let mut blocked = false;
            // Empty ring spaces next to one of the player's rovers: one Fortify fills them.
            let mut refillable = 0.0f32;
            for n in ring {
                let t = &spaces[n.index()];
                if t.fort == Some(p) || t.rover.is_some_and(|r| r.owner == p) {
                    held += 1;
                    if t.fort != Some(p) {
                        by_rover += 0.5;
                    }
                } else if t.rover.is_some() {
                    blocked = true;
                } else if t.fort.is_some() {
                    contested += 1;
                } else if crowded(s)
                    && t.is_empty()
                    && mine.iter().any(|&m| board.are_adjacent(m, *n))
                {
                    refillable += REFILL;
                }
            }
            if blocked || ring.is_empty() {
                continue;
            }
            let near = mine
                .iter()
                .filter_map(|&f| d.distance(f, hq))
                .min()
                .map_or(0.0, |x| (1.0 - f32::from(x) / 8.0).max(0.0));
            let missing = (ring.len() - held) as f32;
            // A complete ring is one action from the building.
            let prog = if held == ring.len() && contested == 0 {
                1.0
            } else {
                let open = held as f32 - by_rover - CONTESTED * f32::from(contested) + refillable;
                ((open + near.min(missing)) / (ring.len() as f32 + 1.0)).max(0.0)
            };
            best = best.max(prog);
        }
    }
    best
}

impl Heuristic<State> for GlobetrotterHeuristic {
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
    /// keeps a `normal` decision of five or six players near a second.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::globetrotter::notation::parse_command;
    use crate::globetrotter::scenario::ScenarioFile;
    use crate::globetrotter::state::Config;

    fn position(commands: &str) -> State {
        let cfg = Config {
            players: 2,
            planets: 2,
            facing: false,
            turn_limit: 400,
        };
        let mut s = ScenarioFile::fresh(cfg, 1)
            .to_state(&mut Vec::new())
            .unwrap();
        for line in commands.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let c = parse_command(line).unwrap();
            crate::globetrotter::play(&mut s, c).unwrap();
        }
        s
    }

    /// A position of a scenario file (YAML) with `players` players on one planet.
    fn setup(players: u8, position: &str) -> State {
        let text = format!("game: globetrotter\nplayers: {players}\nposition:\n{position}");
        let file: ScenarioFile = serde_yaml::from_str(&text).unwrap();
        file.to_state(&mut Vec::new()).unwrap()
    }

    /// A drill cannon's value to p1 in a three-player game on one planet where p1 waits in
    /// orbit, its cannon aimed, p2 has everything on the planet, and p3 has `p3_orbit`.
    fn cannon_plan(p3_orbit: bool) -> f32 {
        let orbit = if p3_orbit { "[p1, p3]" } else { "[p1]" };
        let p3 = if p3_orbit { "" } else { ", 40: rover p3" };
        let s = setup(
            3,
            &format!(
                "  players:\n    - drill: aim 61\n  orbit: {orbit}\n  planets:\n    - fired: 2\n      \
                 spaces: {{91: drill_cannon p1, 61: rover p2, 46: fort p2{p3}}}\n"
            ),
        );
        drill_value(&s, &census(&s), PlayerId(0))
    }

    /// G8, G10: on the last planet, breaking it pays only if it takes every opponent; an
    /// opponent waiting in orbit would be left with the breaker in an orbit with nowhere to
    /// land, a game that cannot end.
    #[test]
    fn breaking_the_last_planet_pays_only_when_no_opponent_survives() {
        assert!(cannon_plan(false) > 30.0, "{}", cannon_plan(false));
        assert!(cannon_plan(true) < 5.0, "{}", cannon_plan(true));
    }

    /// With every planet destroyed nobody can lose any more: the players left score the same,
    /// and a player who lost scores LOST.
    #[test]
    fn a_dead_end_scores_every_player_left_the_same() {
        let s = setup(
            3,
            "  players:\n    - {}\n    - lost: true\n  orbit: [p1, p3 hp 2]\n  planets:\n    \
             - destroyed: true\n",
        );
        let mut v = [1.0f32; 3];
        scores(&s, 0, &mut v);
        assert_eq!(v, [0.0, LOST, 0.0]);
    }

    /// With three players, shooting the player who is not ahead still raises the shooter's
    /// advantage (FIELD_WEIGHT): judged against the leader only, it would gain nothing.
    #[test]
    fn with_three_players_harming_any_opponent_pays() {
        let table = |p3_hp: u8| {
            setup(
                3,
                &format!(
                    "  planets:\n    - spaces: {{26: rover p1, 27: rover p2, 62: rover p2, \
                     28: rover p3 hp {p3_hp}}}\n"
                ),
            )
        };
        let h = GlobetrotterHeuristic;
        let mut before = [0.0f32; 3];
        let mut after = [0.0f32; 3];
        crate::agent::game::advantages(&h, &table(3), 0, &mut before);
        crate::agent::game::advantages(&h, &table(2), 0, &mut after);
        assert!(after[0] > before[0], "{after:?} vs {before:?}");
    }

    /// G10: the rovers of a player without a Factory are all that keeps it in the game, so
    /// each hit point of them weighs far more than a hit point of a Factory owner's rover, and
    /// an attacker sees the worth of knocking a player out in every wound, not only the last.
    #[test]
    fn without_a_factory_every_hit_point_is_part_of_a_life() {
        let p2_score = |hp: u8, factory: bool| {
            let f = if factory { ", 91: factory p2" } else { "" };
            let s = setup(
                3,
                &format!(
                    "  planets:\n    - spaces: {{26: rover p1, 62: rover p2 hp {hp}, \
                     28: rover p3{f}}}\n"
                ),
            );
            let mut v = [0.0f32; 3];
            scores(&s, 0, &mut v);
            v[1]
        };
        let bare = p2_score(5, false) - p2_score(4, false);
        let safe = p2_score(5, true) - p2_score(4, true);
        assert!(bare > 2.0 * safe, "{bare} vs {safe}");
        assert!(p2_score(1, false) > LOST && p2_score(1, false) < p2_score(2, false));
    }

    /// The planet spaces text of a position where p1's rover stands on HQ `hq` and p1 has a
    /// fortification on the first `forts` spaces of its ring.
    fn ring_position(forts: usize) -> (State, FaceId) {
        let board = Board::get();
        let hq = board.hqs()[3];
        let mut spaces = format!("{}: rover p1", hq.index());
        for n in board.neighbours(hq).iter().take(forts) {
            spaces.push_str(&format!(", {}: fort p1", n.index()));
        }
        let s = setup(
            3,
            &format!("  planets:\n    - spaces: {{{spaces}, 91: rover p2, 87: rover p3}}\n"),
        );
        (s, hq)
    }

    /// A fortification its owner's rover can put back with one Fortify is worth little to shoot
    /// away: the ring loses much less than a whole space of progress.
    #[test]
    fn a_fort_its_owner_can_refill_at_once_is_little_lost() {
        let (four, hq) = ring_position(4);
        let (three, _) = ring_position(3);
        let share = 1.0 / (Board::get().neighbours(hq).len() as f32 + 1.0);
        let lost = best_progress(&four, PlayerId(0), u16::MAX)
            - best_progress(&three, PlayerId(0), u16::MAX);
        assert!(lost > 0.0 && lost < 0.5 * share, "{lost} of {share}");
    }

    /// Building a Drill Cannon never lowers its plan's worth below nothing, however far the
    /// player's rovers are from its Space Port; the nearer, the more it is worth.
    #[test]
    fn the_way_to_the_port_is_never_worth_less_than_no_cannon() {
        let plan = |rover: u8| {
            let s = setup(
                3,
                &format!(
                    "  planets:\n    - spaces: {{91: drill_cannon p1, 26: space_port p1, \
                     {rover}: rover p1, 61: rover p2, 62: rover p3}}\n"
                ),
            );
            drill_value(&s, &census(&s), PlayerId(0))
        };
        let near = plan(21);
        let far = plan(87);
        assert!(far >= 0.0 && near > far, "{near} vs {far}");
    }

    /// With three or more players the first two shots on a planet, which cannot break it, are
    /// worth firing while every opponent has everything there: the break comes closer.
    #[test]
    fn the_shots_that_cannot_break_a_planet_are_worth_firing_early() {
        let plan = |fired: u8| {
            let s = setup(
                3,
                &format!(
                    "  planets:\n    - fired: {fired}\n      spaces: {{91: drill_cannon p1, \
                     26: rover p1, 61: rover p2, 62: rover p3}}\n"
                ),
            );
            drill_value(&s, &census(&s), PlayerId(0))
        };
        assert!(
            plan(1) > plan(0) && plan(2) > plan(1),
            "{} {} {}",
            plan(0),
            plan(1),
            plan(2)
        );
        assert_eq!(plan(3), plan(2), "the third shot can break the planet");
    }

    /// Horizons count rounds of two players, for the players still in, at most doubled.
    #[test]
    fn horizons_stretch_with_the_players_still_in() {
        let h = GlobetrotterHeuristic;
        // Every player has a rover, except p2 when it has lost.
        let table = |players: u8, p2_lost: bool| {
            let faces = [26, 27, 28, 61, 62, 91];
            let rovers: Vec<String> = (0..players as usize)
                .filter(|&i| !(p2_lost && i == 1))
                .map(|i| format!("{}: rover p{}", faces[i], i + 1))
                .collect();
            let p2 = if p2_lost { "lost: true" } else { "{}" };
            setup(
                players,
                &format!(
                    "  players:\n    - {{}}\n    - {p2}\n  planets:\n    - spaces: {{{}}}\n",
                    rovers.join(", ")
                ),
            )
        };
        assert_eq!(h.horizon_turns(&table(2, false), 6), 6);
        assert_eq!(h.horizon_turns(&table(3, false), 6), 9);
        assert_eq!(h.horizon_turns(&table(3, true), 6), 6);
        assert_eq!(h.horizon_turns(&table(6, false), 6), 12);
        assert_eq!(h.horizon_turns(&table(4, false), 12), 24);
    }

    fn advantage(s: &State, p: usize) -> f32 {
        let mut v = [0.0f32; 2];
        scores(s, p, &mut v);
        v[p] - v[1 - p]
    }

    /// G10: a player without a Factory is one step from losing, so demolishing one's own
    /// Factory (its ring held, four rovers out) never looks better than keeping it.
    #[test]
    fn demolishing_ones_own_factory_never_pays() {
        let s = position(
            "place 2 26\nplace 2 27\nfortify 2 26 17\nfortify 2 27 18\nfortify 2 26 21\n\
             fortify 2 27 38\nfortify 2 26 41\nfortify 2 27 42\nbuild 2 26 factory exit 37\n\
             build 2 27 factory exit 22\nproduce 2 17\nproduce 2 18\nproduce 2 21\n\
             produce 2 42\nproduce 2 41\nproduce 2 38",
        );
        let p = s.active.index();
        let mut after = s.clone();
        crate::globetrotter::play(&mut after, parse_command("destroy 2 26").unwrap()).unwrap();
        assert!(advantage(&after, p) < advantage(&s, p));
    }
}
