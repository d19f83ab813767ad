//! Mothership's tensors for learning agents ([`Encoding`]); layout in `docs/python.md`.
//!
//! The full command list (every unit's moves and paths, every pair of shooters, assaults,
//! captures) is far too large for a fixed action space, so the learner chooses among the
//! agents' moves ([`agent_moves`]): a planner style during play and deployment, one of the
//! best landing sites, a sealed take-off choice (M21) and, at turn 25, which ship takes off.
//! Each of those has a fixed index whatever the position.
//!
//! Hidden information (M23): the tide pile and the cards set aside (only the next card, and
//! only while the looking seat's weather layer forecasts it, M3) and the other players'
//! sealed turn-21 choices (whether they have sealed is seen, not what) never reach an
//! observation. Seats are written relative to the looking seat (it comes first).
use super::command::Command;
use super::game_impl::{agent_moves, forecasts};
use super::ids::{Cell, Seat, ShipId};
use super::map::Terrain;
use super::planner::STYLES;
use super::state::{Phase, ShipStatus, Slot, State, LAST_TURN, MAX_CARGO, SHOTS};
use super::stats::{Element, Kind};
use super::tide::Tide;
use crate::kit::encode::layout::{one_hot, Blocks};
use crate::kit::encode::{Encoding, Shape};

const KINDS: usize = Kind::ALL.len();
/// Per cell, besides the per-seat parts (unit controller, ship controller): terrain (5), land
/// now, ore, unit kind (6), cargo ore, cargo units, shots left, dome, pod, turret standing.
const CELL_FIXED: usize = 5 + 2 + KINDS + 3 + 3;
/// Per ship, besides the per-seat parts (controller, captor): status (4), ore, score, turrets
/// standing, units inside by kind.
const SHIP_FIXED: usize = 4 + 2 + 1 + KINDS;
/// Per seat: points, reserve, lost, sealed, to move, pending budget.
const SEAT: usize = 6;
/// Turn, phase (5), tide (3), forecast (3), reserve tanks and crabs, retreats open, free
/// retreats.
const GLOBAL: usize = 1 + 5 + 3 + 3 + 2 + 2;

const PLAN: usize = 0;
const LAND: usize = 1;
const SEAL: usize = 2;
const TAKEOFF: usize = 3;

fn layout(s: &State) -> Blocks {
    let mut b = Blocks::new();
    b.add(&[usize::from(STYLES)]);
    b.add(&[s.map.ore.len(), 2]);
    b.add(&[1 << s.ships.len().min(8)]);
    b.add(&[s.ships.len()]);
    b
}

fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}

fn terrain_index(t: Terrain) -> usize {
    match t {
        Terrain::Sea => 0,
        Terrain::Reef => 1,
        Terrain::Swamp => 2,
        Terrain::Plain => 3,
        Terrain::Mountain => 4,
    }
}

fn tide_index(t: Tide) -> usize {
    match t {
        Tide::Low => 0,
        Tide::Normal => 1,
        Tide::High => 2,
    }
}

fn status_index(s: ShipStatus) -> usize {
    match s {
        ShipStatus::Orbiting => 0,
        ShipStatus::Landed => 1,
        ShipStatus::Departed => 2,
        ShipStatus::Stranded => 3,
    }
}

fn phase_index(p: Phase) -> usize {
    match p {
        Phase::Landing => 0,
        Phase::Deploy => 1,
        Phase::Choose => 2,
        Phase::Play => 3,
        Phase::Over => 4,
    }
}

impl Encoding for State {
    const EVERY_LEGAL_COMMAND: bool = false;

    fn shape(&self) -> Shape {
        let p = self.players.len();
        let ships = self.ships.len();
        Shape {
            observation: GLOBAL
                + ships
                + p * SEAT
                + ships * (SHIP_FIXED + 2 * p)
                + self.map.ore.len() * (CELL_FIXED + 2 * p),
            actions: layout(self).len(),
        }
    }

    fn observe(&self, seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        let p = self.players.len();
        let rel = |q: Seat| (q.index() + p - seat % p.max(1)) % p.max(1);
        let me = Seat(seat as u8);
        out[0] = f32::from(self.turn) / f32::from(LAST_TURN);
        let mut at = one_hot(out, 1, 5, phase_index(self.phase));
        at = one_hot(out, at, 3, tide_index(self.tide));
        let next = self.deck.next().filter(|_| forecasts(self, me));
        at = one_hot(out, at, 3, next.map_or(3, tide_index));
        out[at] = f32::from(self.reserve_units[0]) / 10.0;
        out[at + 1] = f32::from(self.reserve_units[1]) / 10.0;
        out[at + 2] = flag(self.retreats_open);
        out[at + 3] = self.free_retreats.len() as f32 / 5.0;
        at += 4;
        let sealed = self.players.get(seat).and_then(|pl| pl.sealed).unwrap_or(0);
        for x in self.ship_ids() {
            out[at + x.index()] = flag(sealed & (1 << x.0) != 0);
        }
        at += self.ships.len();
        for k in 0..p {
            let q = Seat(((seat + k) % p) as u8);
            let pl = self.player(q);
            let f = &mut out[at..at + SEAT];
            f[0] = f32::from(pl.points) / 20.0;
            f[1] = f32::from(pl.reserve) / 20.0;
            f[2] = flag(pl.lost);
            f[3] = flag(pl.sealed.is_some());
            f[4] = flag(self.active == q);
            f[5] = f32::from(pl.pending.unwrap_or(0)) / 50.0;
            at += SEAT;
        }
        let ship_len = SHIP_FIXED + 2 * p;
        for (i, ship) in self.ships.iter().enumerate() {
            let f = &mut out[at + i * ship_len..at + (i + 1) * ship_len];
            f[rel(ship.controller)] = 1.0;
            if let Some(c) = ship.captor {
                f[p + rel(c)] = 1.0;
            }
            let b = 2 * p;
            f[b + status_index(ship.status)] = 1.0;
            f[b + 4] = f32::from(ship.ore) / 50.0;
            f[b + 5] = f32::from(ship.score) / 100.0;
            f[b + 6] = (3 - ship.destroyed_turrets()) as f32 / 3.0;
            for u in self.units_in_ship(ShipId(i as u8)) {
                f[b + 7 + self.unit(u).kind.index()] += 0.1;
            }
        }
        at += self.ships.len() * ship_len;
        let cell_len = CELL_FIXED + 2 * p;
        for i in 0..self.map.ore.len() {
            let c = Cell(i as u16);
            let f = &mut out[at + i * cell_len..at + (i + 1) * cell_len];
            f[terrain_index(self.terrain(c))] = 1.0;
            f[5] = flag(self.element_at(c) == Element::Land);
            f[6] = flag(self.ore[i]);
            if let Some(u) = self.unit_at(c) {
                let unit = self.unit(u);
                f[7 + unit.kind.index()] = 1.0;
                f[7 + KINDS] = unit.ore() as f32 / MAX_CARGO as f32;
                f[8 + KINDS] = unit.cargo().filter(|s| matches!(s, Slot::Unit(_))).count() as f32
                    / MAX_CARGO as f32;
                f[9 + KINDS] = f32::from(unit.shots) / f32::from(SHOTS);
                if let Some(q) = self.controller(u) {
                    f[CELL_FIXED + rel(q)] = 1.0;
                }
            }
            if let Some(x) = self.ship_on(c) {
                let ship = self.ship(x);
                match ship.pod_index(c) {
                    None => f[10 + KINDS] = 1.0,
                    Some(k) => {
                        f[11 + KINDS] = 1.0;
                        f[12 + KINDS] = flag(ship.turrets[k]);
                    }
                }
                f[CELL_FIXED + p + rel(ship.controller)] = 1.0;
            }
        }
    }

    fn action_index(&self, command: &Command) -> Option<usize> {
        let b = layout(self);
        match *command {
            Command::Plan { style } => b.index(PLAN, &[usize::from(style)]),
            Command::Land { dome, orient } => b.index(LAND, &[dome.index(), usize::from(orient)]),
            Command::Seal { leave } => b.index(SEAL, &[usize::from(leave)]),
            Command::TakeOff { ship } => b.index(TAKEOFF, &[ship.index()]),
            _ => None,
        }
    }

    fn command_at(&self, index: usize) -> Option<Command> {
        let mut d = [0usize; 2];
        Some(match layout(self).decode(index, &mut d)? {
            PLAN => Command::Plan { style: d[0] as u8 },
            LAND => Command::Land {
                dome: Cell(d[0] as u16),
                orient: d[1] as u8,
            },
            SEAL => Command::Seal { leave: d[0] as u8 },
            _ => Command::TakeOff {
                ship: ShipId(d[0] as u8),
            },
        })
    }

    fn action_commands_into(&self, out: &mut Vec<Command>) {
        agent_moves(self, out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::series::MothershipTable;
    use crate::kit::encode::check_games;
    use crate::kit::series::Table;

    #[test]
    fn every_agent_move_round_trips_and_hidden_tides_and_seals_stay_hidden() {
        for (players, seed) in [(2, 7), (3, 8)] {
            let start = MothershipTable { players }
                .start(0, &[0], seed)
                .unwrap()
                .state;
            check_games(&start, seed, 1, 400).unwrap();
        }
    }
}
