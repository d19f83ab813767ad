//! Invariants every reachable state keeps; the property tests check them after every command.
use super::state::{sides, Drill, Loc, Phase, State, Structure, MAX_HP, TREASURY_CAP};
use crate::globe::{Board, FaceId};

impl State {
    /// Lists every broken invariant (empty when the state is consistent).
    pub fn invariant_violations(&self) -> Vec<String> {
        let mut v = Vec::new();
        let board = Board::get();
        let n = self.config.players;
        let mut owned = vec![[0u8; 4]; n as usize];
        if self.spaces.len() != self.planets.len() * crate::globe::FACE_COUNT
            || self.planets.len() != self.config.planets as usize
            || self.players.len() != n as usize
        {
            v.push("table sizes do not match the config".into());
            return v;
        }
        for p in self.planet_ids() {
            let destroyed = self.planet(p).destroyed;
            for f in FaceId::all() {
                let at = Loc::new(p, f);
                let s = self.space(at);
                if s.is_empty() {
                    continue;
                }
                if destroyed {
                    v.push(format!("{at}: piece on a destroyed planet"));
                }
                if !board.is_playable(f) {
                    v.push(format!("{at}: piece on an unused space (G1)"));
                }
                if s.rover.is_some() && s.building.is_some() {
                    v.push(format!("{at}: rover and building together (G3)"));
                }
                if s.fort.is_some() && s.building.is_some() {
                    v.push(format!("{at}: fortification and building together (G3)"));
                }
                if let (Some(r), Some(o)) = (s.rover, s.fort) {
                    if r.owner != o {
                        v.push(format!("{at}: rover with an enemy fortification (G3)"));
                    }
                }
                if let Some(r) = s.rover {
                    if r.owner.0 >= n {
                        v.push(format!("{at}: rover of unknown player"));
                    }
                    if !(1..=MAX_HP).contains(&r.hp) {
                        v.push(format!("{at}: rover with {} hit points", r.hp));
                    }
                    if r.facing >= sides(f) || (!self.config.facing && r.facing != 0) {
                        v.push(format!("{at}: rover faces edge {}", r.facing));
                    }
                }
                if s.fort.is_some_and(|o| o.0 >= n) {
                    v.push(format!("{at}: fortification of unknown player"));
                }
                if let Some(b) = s.building {
                    if !board.is_hq(f) {
                        v.push(format!("{at}: building off an HQ"));
                    }
                    if !(1..=MAX_HP).contains(&b.hp) {
                        v.push(format!("{at}: building with {} hit points", b.hp));
                    }
                    match owned.get_mut(b.owner.index()) {
                        Some(k) => k[b.kind as usize] += 1,
                        None => v.push(format!("{at}: building of unknown player")),
                    }
                }
            }
        }
        for (i, k) in owned.iter().enumerate() {
            for kind in Structure::ALL {
                if k[kind as usize] > 1 {
                    v.push(format!("p{}: {} {:?}s (G7)", i + 1, k[kind as usize], kind));
                }
            }
        }
        for r in &self.orbit {
            if r.owner.0 >= n || !(1..=MAX_HP).contains(&r.hp) {
                v.push(format!("orbit: bad rover {r:?}"));
            }
        }
        for p in self.player_ids() {
            let ps = self.player(p);
            if ps.treasury > TREASURY_CAP {
                v.push(format!("{p}: treasury holds {}", ps.treasury));
            }
            if ps.treasury > 0 && self.structure_of(p, Structure::Treasury).is_none() {
                v.push(format!("{p}: stored points without a Treasury"));
            }
            if ps.drill != Drill::Idle && self.structure_of(p, Structure::DrillCannon).is_none() {
                v.push(format!("{p}: drill state without a Drill Cannon"));
            }
            if let Drill::Aimed(f) = ps.drill {
                if !board.is_playable(f) {
                    v.push(format!("{p}: aimed at unused space {f}"));
                }
            }
        }
        if self.outcome == super::Outcome::Ongoing {
            if self.active.0 >= n || self.has_lost(self.active) {
                v.push(format!("active player {} is not in the game", self.active));
            }
            if self.phase == Phase::Play && self.actions == 0 {
                v.push("a turn in play with no action points".into());
            }
            if self.phase == Phase::Play && self.turn > self.config.turn_limit {
                v.push("turn beyond the limit".into());
            }
        }
        v
    }
}
