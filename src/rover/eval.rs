//! The autopilot's evaluation of a RoveR position ([`Heuristic`] for the greedy and MCTS
//! agents): uploaded data first, then data carried, integrity, shielding and energy, minus the
//! way still to go — home to the pod when the rover carries enough to win, is full or runs low
//! on energy, else to the nearest source of data (an archive or factory by the level's distance
//! fields, a hostile by Manhattan distance).
use super::kinds::Behaviour;
use super::state::{State, WIN_DATA};
use crate::agent::game::Heuristic;

/// Evaluation weights.
#[derive(Clone, Debug, PartialEq)]
pub struct RoverHeuristic {
    pub uploaded: f32,
    pub carried: f32,
    pub integrity: f32,
    pub shielding: f32,
    pub energy: f32,
    /// Per step of the way home when heading home.
    pub home: f32,
    /// Per step to the nearest data source when gathering.
    pub seek: f32,
    /// Per point of damage a target still needs (finishing attacks pays off).
    pub wound: f32,
    /// Energy kept in reserve beyond the way home.
    pub reserve: f32,
    /// Per installed module (so modules are not shuffled to the bay for nothing).
    pub module: f32,
    /// Below this integrity every further point lost counts double.
    pub danger: i32,
    /// Hostiles farther than this (in steps) are not sought out.
    pub hunt: u32,
}

impl Default for RoverHeuristic {
    fn default() -> Self {
        RoverHeuristic {
            uploaded: 10.0,
            carried: 6.0,
            integrity: 2.0,
            shielding: 0.3,
            energy: 0.04,
            home: 0.6,
            seek: 0.3,
            wound: 0.15,
            reserve: 30.0,
            module: 2.0,
            danger: 12,
            hunt: 6,
        }
    }
}

impl RoverHeuristic {
    /// The position's value (higher is better).
    pub fn value(&self, s: &State) -> f32 {
        let r = &s.rover;
        let c = s.rover_chassis();
        let mut v = self.uploaded * r.uploaded as f32
            + self.carried * r.data as f32
            + self.integrity * r.integrity as f32
            + self.shielding * r.shielding as f32
            + self.energy * r.energy as f32
            + self.integrity * (r.integrity - self.danger).min(0) as f32
            + self.module * r.slots.iter().flatten().count() as f32;
        let home = s.nav.to_pod(r.at).min(200) as f32;
        let trip = home * c.move_cost as f32 + self.reserve;
        let full = r.data >= c.data_max as i32 || r.uploaded + r.data >= WIN_DATA;
        let low = (r.energy as f32) < trip;
        // Low integrity also sends it home to bank what it has.
        let hurt = r.data > 0 && r.integrity * 4 < c.integrity as i32;
        if full || low || hurt {
            v -= self.home * home * (1.0 + r.data as f32 / 4.0);
            if low {
                // Every step home must be worth far more than the energy it costs.
                v -= 4.0 * home;
            }
            return v;
        }
        let mut best = f32::INFINITY;
        let mut best_left = 0.0f32;
        let step = c.move_cost as f32;
        for e in s.entities.iter().filter(|e| e.alive && e.data > 0) {
            let k = s.db.kind(e.kind);
            let d = match k.behaviour {
                Behaviour::Inert | Behaviour::Factory { .. } => match s.nav.to_target(e.id, r.at) {
                    Some(d) if d < 1000 => d as f32,
                    _ => continue,
                },
                // Chasers come to the rover; only hunt the ones close by.
                _ if e.at.manhattan(r.at) <= self.hunt => e.at.manhattan(r.at) as f32 - 1.0,
                _ => continue,
            };
            // Only targets it can reach, work and still come home from on this battery.
            if (r.energy as f32) < (2.0 * d + home) * step + self.reserve {
                continue;
            }
            // Worth: data per point of integrity left to break.
            let cost = d + (e.integrity + e.shielding) as f32 * 0.25 - e.data as f32;
            if cost < best {
                best = cost;
                best_left = (e.integrity + e.shielding) as f32;
            }
        }
        if best.is_finite() {
            v -= self.seek * best + self.wound * best_left;
        } else {
            // Nothing worth the trip on this battery: home to refill.
            v -= self.home * home;
        }
        // Data carried wants to go home a little, too.
        v -= 0.05 * r.data as f32 * home;
        v
    }
}

impl Heuristic<State> for RoverHeuristic {
    type Near = ();

    fn scores(&self, g: &State, _viewer: usize, out: &mut [f32]) {
        let v = self.value(g);
        for x in out.iter_mut() {
            *x = v;
        }
    }
    fn temperature(&self) -> f32 {
        2.0
    }
}
