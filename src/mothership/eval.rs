//! The evaluation of Mothership positions for the greedy and MCTS agents: a player's projected
//! score (M22). Departed ships count their score; a ship on the planet counts 2 per ore inside,
//! 2 per intact turret and 1 per unit inside, plus a stake for holding a ship at all and a
//! little for the ore lying within 8 cells of its dome and nearer to it than to another dome; units
//! outside count as future cargo and fighting strength, half as much where two enemy
//! destroyers could fire at them next turn; carried ore as ore on its way. A
//! landed ship is worth nothing once its controller has played turn 25 (it will be stranded). Miners
//! gain for standing near ore (with room) or near their ship (holding ore). Everything evaluated is public (M23).
use super::game_impl::MothershipHeuristic;
use super::ids::{Cell, Seat, ShipId, UnitId};
use super::outcome::{contents, score};
use super::state::{Loc, ShipStatus, Slot, State, LAST_TURN};
use super::stats::Kind;
use crate::agent::game::Heuristic;

/// Score difference worth about a 73% chance to win. A turn moves the projected scores by
/// several points (an ore brought in is 2, a unit lost 1–2), so a narrower scale saturates the
/// search's leaf values after one exchange of turns and hides the differences between plans.
pub const TEMPERATURE: f32 = 4.0;

/// Worth of an ore cell a ship may call its own ([`ore_share`]).
const ORE_PROSPECT: f32 = 0.3;

fn unit_value(k: Kind) -> f32 {
    match k {
        Kind::Tank => 1.3,
        Kind::BigTank => 1.6,
        Kind::PatrolBoat => 1.1,
        Kind::Crab => 1.6,
        Kind::Barge => 1.1,
        Kind::WeatherLayer => 1.8,
    }
}

/// Share of a unit's worth kept where two enemy destroyers could fire at it next turn, and
/// the share the enemy gains.
const EXPOSED_KEEP: f32 = 0.5;
const EXPOSED_BONUS: f32 = 0.15;

/// Reach of a destroyer next turn: it may move 2 cells first.
const STRIDE: u16 = 2;

/// For each cell, how many destroyers of each seat could fire at it next turn (seat-major).
fn threats(s: &State) -> Vec<u8> {
    let n = s.map.len();
    let mut t = vec![0u8; n * s.num_players()];
    super::zones::destroyers(s, |p, c, r| {
        let r = if s.ship_on(c).is_some() {
            r
        } else {
            r + STRIDE
        };
        for x in s.map.ball(c, r) {
            let k = p.index() * n + x.index();
            t[k] = t[k].saturating_add(1);
        }
    });
    t
}

/// Has `p` played its turn 25 already (its ships still down will be stranded)?
fn played_last_turn(s: &State, p: Seat) -> bool {
    if s.turn < LAST_TURN {
        return false;
    }
    let seq = super::turn::order(s, s.turn);
    let at = |q: Seat| seq.iter().position(|&x| x == q).unwrap_or(0);
    at(p) < at(s.active)
}

/// Ore cells within 8 of `dome` (beyond `inner`) and nearer to it than to any other landed
/// ship's dome (shared on ties, `except` not counted as a rival): ore another ship reaches
/// first is contested, not this dome's.
pub fn ore_share(s: &State, dome: Cell, inner: u16, except: Option<ShipId>) -> f32 {
    let mut n = 0.0;
    for c in s.map.ball(dome, 8).filter(|c| s.ore[c.index()]) {
        let d = s.map.distance(dome, c);
        if d <= inner {
            continue;
        }
        let mut rivals = 0u8;
        let mut nearer = false;
        for y in s
            .ship_ids()
            .filter(|&y| Some(y) != except && s.ship(y).on_planet())
        {
            let e = s.map.distance(s.ship(y).dome, c);
            nearer |= e < d;
            rivals += u8::from(e == d);
        }
        if !nearer {
            n += 1.0 / f32::from(1 + rivals);
        }
    }
    n
}

/// The ore a ship may call its own ([`ore_share`]), worth a little as its prospects.
fn ore_nearby(s: &State, x: ShipId) -> f32 {
    ORE_PROSPECT * ore_share(s, s.ship(x).dome, 0, Some(x)).min(30.0)
}

/// How far a miner has come: with room, near ore; holding ore, near one of its ships' pods.
fn miner_progress(s: &State, p: Seat, u: UnitId, c: Cell, ore: &[Cell]) -> f32 {
    let unit = s.unit(u);
    let closeness = |d: Option<u16>| d.map_or(0.0, |d| 1.0 - f32::from(d.min(12)) / 12.0);
    let mut v = 0.0;
    if unit.ore() > 0 {
        let d = s
            .ships
            .iter()
            .filter(|x| x.on_planet() && x.controller == p)
            .flat_map(|x| x.pods)
            .map(|pod| s.map.distance(c, pod))
            .min();
        v += 0.5 * unit.ore() as f32 * closeness(d);
    }
    if s.has_room_for(u, Slot::Ore) {
        let d = ore.iter().map(|&o| s.map.distance(c, o)).min();
        v += 0.4 * closeness(d);
    }
    v
}

/// Projected scores of every player.
pub fn scores(s: &State, out: &mut [f32]) {
    for (i, v) in out.iter_mut().enumerate() {
        let p = Seat(i as u8);
        *v = if i >= s.num_players() || s.player(p).lost {
            -1000.0
        } else {
            f32::from(score(s, p))
        };
    }
    for x in s.ship_ids() {
        let ship = s.ship(x);
        if ship.status != ShipStatus::Landed {
            continue;
        }
        let Some(v) = out.get_mut(ship.controller.index()) else {
            continue;
        };
        let (ore, units) = contents(s, x);
        let mut worth =
            2.0 * f32::from(ore) + f32::from(units) + 2.0 * f32::from(3 - ship.destroyed_turrets());
        if played_last_turn(s, ship.controller) {
            continue;
        }
        if s.turn >= LAST_TURN {
            worth *= 0.9;
        }
        *v += worth + 6.0 + ore_nearby(s, x);
    }
    let t = threats(s);
    let n = s.map.len();
    let ore_cells: Vec<Cell> = s.map.cells().filter(|c| s.ore[c.index()]).collect();
    for u in s.unit_ids() {
        let unit = s.unit(u);
        if !matches!(unit.loc, Loc::Map(_) | Loc::Cargo(_)) {
            continue;
        }
        let Some(p) = s.controller(u) else { continue };
        if p.index() >= out.len() {
            continue;
        }
        let late = match s.turn {
            0..=22 => 1.0,
            23 | 24 => 0.7,
            _ => 0.3,
        };
        let worth = late * unit_value(unit.kind) + 1.4 * unit.ore() as f32;
        let mut exposed = false;
        if let Some(c) = unit.cell() {
            for q in s.seats().filter(|&q| q != p) {
                if t[q.index() * n + c.index()] >= 2 {
                    exposed = true;
                    if let Some(w) = out.get_mut(q.index()) {
                        *w += EXPOSED_BONUS * worth;
                    }
                }
            }
        }
        let v = &mut out[p.index()];
        *v += if exposed { EXPOSED_KEEP * worth } else { worth };
        if let (Some(c), true) = (
            unit.cell(),
            matches!(unit.kind, Kind::Crab | Kind::WeatherLayer),
        ) {
            *v += miner_progress(s, p, u, c, &ore_cells);
        }
    }
}

impl Heuristic<State> for MothershipHeuristic {
    type Near = ();

    fn scores(&self, g: &State, _viewer: usize, out: &mut [f32]) {
        scores(g, out);
    }
    fn temperature(&self) -> f32 {
        TEMPERATURE
    }
}
