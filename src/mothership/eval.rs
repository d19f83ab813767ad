//! The evaluation of Mothership positions for the greedy and MCTS agents: a player's projected
//! score (M22). Departed ships count their score; a ship on the planet counts 2 per ore inside,
//! 1 per intact turret and 1 per unit inside, plus a stake for holding a ship at all; units
//! outside count as future cargo and fighting strength; carried ore as ore on its way. A
//! landed ship at turn 25 is worth half (it will be stranded unless it takes off). Carriers
//! gain a little for standing near ore. Everything evaluated is public (M23).
use super::game_impl::MothershipHeuristic;
use super::ids::Seat;
use super::outcome::{contents, score};
use super::state::{Loc, ShipStatus, State, LAST_TURN};
use super::stats::Kind;
use crate::agent::game::Heuristic;

/// Score difference worth about a 73% chance to win.
pub const TEMPERATURE: f32 = 4.0;

fn unit_value(k: Kind) -> f32 {
    match k {
        Kind::Tank => 1.3,
        Kind::BigTank => 1.6,
        Kind::PatrolBoat => 0.8,
        Kind::Crab => 1.4,
        Kind::Barge => 0.6,
        Kind::WeatherLayer => 1.6,
    }
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
            2.0 * f32::from(ore) + f32::from(units) + f32::from(3 - ship.destroyed_turrets());
        if s.turn >= LAST_TURN {
            worth *= 0.5;
        }
        *v += worth + 6.0;
    }
    for u in s.unit_ids() {
        let unit = s.unit(u);
        if !matches!(unit.loc, Loc::Map(_) | Loc::Cargo(_)) {
            continue;
        }
        let Some(p) = s.controller(u) else { continue };
        let Some(v) = out.get_mut(p.index()) else {
            continue;
        };
        *v += 0.5 * unit_value(unit.kind) + 1.4 * unit.ore() as f32;
        if let (Some(c), true) = (
            unit.cell(),
            matches!(unit.kind, Kind::Crab | Kind::WeatherLayer),
        ) {
            let near_ore = s.map.ball(c, 3).filter(|n| s.ore[n.index()]).count();
            *v += 0.05 * near_ore.min(3) as f32;
        }
    }
}

impl Heuristic<State> for MothershipHeuristic {
    fn scores(&self, g: &State, _viewer: usize, out: &mut [f32]) {
        scores(g, out);
    }
    fn temperature(&self) -> f32 {
        TEMPERATURE
    }
}
