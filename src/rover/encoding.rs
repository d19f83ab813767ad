//! RoveR's tensors for learning agents ([`Encoding`]); layout in `docs/python.md`.
//!
//! The level is drawn on a fixed 32 × 32 grid (the largest level, [`MAX_SIDE`]) so that
//! generated levels of every size share one shape; the action space is the list of commands
//! [`super::legal`] tries, in its order. RoveR hides nothing but future dice.
use super::chassis::MAX_SLOTS;
use super::command::Command;
use super::content::BAY_SIZE;
use super::geom::{Dir, Pos};
use super::ids::Slot;
use super::map::{Pickup, Terrain, MAX_SIDE};
use super::module::ModuleInst;
use super::state::{State, ROUND_LIMIT, WIN_DATA};
use crate::kit::encode::{Encoding, Shape};

/// Numbers per grid cell: inside the level, water, pod, rover, entity, entity awake, entity
/// kind (index + 1) / kinds, entity integrity / 10, entity data / 10, chassis pickup, full
/// module cache, empty cache.
const CELL: usize = 12;
/// Rover numbers: energy, integrity, shielding, data, uploaded (each / 30), round / limit,
/// stalled, shorted, chassis (index + 1) / chassis count.
const ROVER: usize = 9;
/// Per slot and bay place: module (index + 1) / modules, durability / 10.
const MODULE: usize = 2;
/// Commands per slot: use without and with each direction, remove, install from each bay
/// place (the order of [`super::legal`]).
const PER_SLOT: usize = 1 + 4 + 1 + BAY_SIZE;
/// Wait, then move, ram and access in each direction.
const HEAD: usize = 1 + 3 * 4;
const ACTIONS: usize = HEAD + MAX_SLOTS * PER_SLOT + 1;

fn dir_index(d: Dir) -> usize {
    Dir::ALL.iter().position(|&x| x == d).unwrap_or(0)
}

fn module(out: &mut [f32], m: Option<ModuleInst>, modules: usize) {
    if let Some(m) = m {
        out[0] = (usize::from(m.module.0) + 1) as f32 / modules.max(1) as f32;
        out[1] = f32::from(m.durability) / 10.0;
    }
}

impl Encoding for State {
    fn shape(&self) -> Shape {
        Shape {
            observation: MAX_SIDE * MAX_SIDE * CELL + ROVER + (MAX_SLOTS + BAY_SIZE) * MODULE,
            actions: ACTIONS,
        }
    }

    fn observe(&self, _seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        let (w, h) = (self.level.width as usize, self.level.height as usize);
        let kinds = self.db.kinds.len().max(1) as f32;
        let cell = |x: usize, y: usize| (y * MAX_SIDE + x) * CELL;
        for y in 0..h.min(MAX_SIDE) {
            for x in 0..w.min(MAX_SIDE) {
                let p = Pos::new(x as u8, y as u8);
                let f = &mut out[cell(x, y)..cell(x, y) + CELL];
                f[0] = 1.0;
                f[1] = f32::from(u8::from(self.level.terrain(p) == Terrain::Water));
                f[2] = f32::from(u8::from(self.level.pod == p));
                f[3] = f32::from(u8::from(self.rover.at == p));
                let id = self.occ[self.level.cell(p)];
                if id != 0 {
                    if let Some(e) = self.entities.iter().find(|e| e.id.0 == id && e.alive) {
                        f[4] = 1.0;
                        f[5] = f32::from(u8::from(e.awake));
                        f[6] = (usize::from(e.kind.0) + 1) as f32 / kinds;
                        f[7] = e.integrity as f32 / 10.0;
                        f[8] = e.data as f32 / 10.0;
                    }
                }
            }
        }
        for &(p, pickup) in &self.pickups {
            let (x, y) = (p.x as usize, p.y as usize);
            if x < MAX_SIDE && y < MAX_SIDE {
                let k = match pickup {
                    Pickup::Chassis(_) => 9,
                    Pickup::Cache(Some(_)) => 10,
                    Pickup::Cache(None) => 11,
                };
                out[cell(x, y) + k] = 1.0;
            }
        }
        let mut at = MAX_SIDE * MAX_SIDE * CELL;
        let r = &self.rover;
        let scale = WIN_DATA as f32;
        let f = &mut out[at..at + ROVER];
        f[0] = r.energy as f32 / scale;
        f[1] = r.integrity as f32 / scale;
        f[2] = r.shielding as f32 / scale;
        f[3] = r.data as f32 / scale;
        f[4] = r.uploaded as f32 / scale;
        f[5] = self.round as f32 / ROUND_LIMIT as f32;
        f[6] = f32::from(u8::from(r.stalled));
        f[7] = f32::from(u8::from(r.shorted));
        f[8] = (usize::from(r.chassis.0) + 1) as f32 / self.db.chassis.len().max(1) as f32;
        at += ROVER;
        let modules = self.db.modules.len();
        for m in r.slots.iter().chain(r.bay.iter()) {
            module(&mut out[at..at + MODULE], *m, modules);
            at += MODULE;
        }
    }

    fn action_index(&self, command: &Command) -> Option<usize> {
        let slot =
            |s: Slot| (usize::from(s.0) < MAX_SLOTS).then(|| HEAD + usize::from(s.0) * PER_SLOT);
        Some(match *command {
            Command::Wait => 0,
            Command::Move(d) => 1 + dir_index(d),
            Command::Ram(d) => 5 + dir_index(d),
            Command::Access(d) => 9 + dir_index(d),
            Command::Use(s, None) => slot(s)?,
            Command::Use(s, Some(d)) => slot(s)? + 1 + dir_index(d),
            Command::Remove(s) => slot(s)? + 5,
            Command::Install { bay, slot: s } => {
                let b = usize::from(bay);
                (b < BAY_SIZE).then_some(())?;
                slot(s)? + 6 + b
            }
            Command::Refit => ACTIONS - 1,
        })
    }

    fn command_at(&self, index: usize) -> Option<Command> {
        let c = match index {
            0 => Command::Wait,
            1..=4 => Command::Move(Dir::ALL[index - 1]),
            5..=8 => Command::Ram(Dir::ALL[index - 5]),
            9..=12 => Command::Access(Dir::ALL[index - 9]),
            i if i == ACTIONS - 1 => Command::Refit,
            i if i < ACTIONS => {
                let (s, k) = ((i - HEAD) / PER_SLOT, (i - HEAD) % PER_SLOT);
                let s = Slot(s as u8);
                match k {
                    0 => Command::Use(s, None),
                    1..=4 => Command::Use(s, Some(Dir::ALL[k - 1])),
                    5 => Command::Remove(s),
                    _ => Command::Install {
                        bay: (k - 6) as u8,
                        slot: s,
                    },
                }
            }
            _ => return None,
        };
        Some(c)
    }
}

#[cfg(test)]
mod tests {
    use crate::kit::encode::check_games;
    use crate::kit::series::Table;
    use crate::rover::series::RoverTable;

    #[test]
    fn every_legal_command_round_trips_on_generated_and_default_levels() {
        for (table, seed) in [(RoverTable::Generated, 5), (RoverTable::Default, 6)] {
            let start = table.start(0, &[0], seed).unwrap().state;
            check_games(&start, seed, 3, 300).unwrap();
        }
    }
}
