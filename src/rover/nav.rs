//! Distance fields of a level, for the autopilot's evaluation ([`super::eval`]) and the level
//! generator's fairness checks: steps from every cell to the drop pod and to a cell beside each
//! archive and factory. Water is impassable, archives and factories are walls, and a rock costs
//! extra steps (it can be rammed away). No rule reads these fields.
use super::content::Db;
use super::entity::Entity;
use super::geom::{Dir, Pos};
use super::ids::EntityId;
use super::kinds::Behaviour;
use super::map::{Level, Terrain};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// An unreachable cell.
pub const FAR: u16 = u16::MAX;
/// Steps a rock on the way counts for (ramming it down takes several rounds).
pub const ROCK_COST: u16 = 6;

/// The level's distance fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nav {
    pub width: u8,
    /// Steps to the pod from each cell.
    pub pod: Vec<u16>,
    /// Steps from each cell to a cell beside each archive or factory, by its id.
    pub targets: Vec<(EntityId, Vec<u16>)>,
}

impl Nav {
    pub fn new(db: &Db, level: &Level, entities: &[Entity]) -> Nav {
        let n = level.terrain.len();
        // Cost to enter each cell: FAR for water and standing walls.
        let mut cost = vec![1u16; n];
        for (i, t) in level.terrain.iter().enumerate() {
            if *t == Terrain::Water {
                cost[i] = FAR;
            }
        }
        let mut targets = Vec::new();
        for e in entities.iter().filter(|e| e.alive) {
            let k = db.kind(e.kind);
            let c = level.cell(e.at);
            match k.behaviour {
                Behaviour::Inert if k.data == 0 => cost[c] = ROCK_COST,
                Behaviour::Inert | Behaviour::Factory { .. } => {
                    cost[c] = FAR;
                    targets.push(e.id);
                }
                _ => {}
            }
        }
        let pod = field(level, &cost, &[level.pod]);
        let targets = targets
            .into_iter()
            .map(|id| {
                let at = entities[id.index()].at;
                let beside: Vec<Pos> = Dir::ALL
                    .iter()
                    .filter_map(|d| at.step(*d, level.width, level.height))
                    .filter(|p| cost[level.cell(*p)] != FAR)
                    .collect();
                (id, field(level, &cost, &beside))
            })
            .collect();
        Nav {
            width: level.width,
            pod,
            targets,
        }
    }

    pub fn at(field: &[u16], width: u8, p: Pos) -> u16 {
        field[p.y as usize * width as usize + p.x as usize]
    }

    pub fn to_pod(&self, p: Pos) -> u16 {
        Nav::at(&self.pod, self.width, p)
    }

    /// Steps from `p` to beside entity `id`, if it has a field.
    pub fn to_target(&self, id: EntityId, p: Pos) -> Option<u16> {
        self.targets
            .iter()
            .find(|(t, _)| *t == id)
            .map(|(_, f)| Nav::at(f, self.width, p))
    }
}

/// Least total cost from any source to every cell (the sources cost nothing).
pub fn field(level: &Level, cost: &[u16], sources: &[Pos]) -> Vec<u16> {
    let mut dist = vec![FAR; cost.len()];
    let mut heap = BinaryHeap::new();
    for &s in sources {
        let c = level.cell(s);
        dist[c] = 0;
        heap.push(Reverse((0u16, s)));
    }
    while let Some(Reverse((d, p))) = heap.pop() {
        if d > dist[level.cell(p)] {
            continue;
        }
        for dir in Dir::ALL {
            let Some(q) = p.step(dir, level.width, level.height) else {
                continue;
            };
            let qc = level.cell(q);
            if cost[qc] == FAR {
                continue;
            }
            let nd = d.saturating_add(cost[qc]);
            if nd < dist[qc] {
                dist[qc] = nd;
                heap.push(Reverse((nd, q)));
            }
        }
    }
    dist
}
