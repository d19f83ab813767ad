//! The seeded level generator: every seed gives a new 32×32 level with a rock border, water and
//! rock clusters, the drop pod, a factory, archives, hostiles, a chassis and module caches. A
//! level is fair: every archive and the factory have a free side reachable from the pod, every
//! hostile, chassis and cache stands on a cell reachable from the pod, and no hostile starts
//! within `safe` steps of the pod. Layouts that fail are redrawn from the same generator.
use super::content::Db;
use super::geom::Pos;
use super::ids::KindId;
use super::map::{Level, LevelSpec, Pickup, Terrain, MAX_SIDE};
use super::nav::{field, FAR};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What a generated level holds (the numbers the win rates were tuned with: see
/// `docs/rules/rover.md`).
#[derive(Clone, Debug, PartialEq)]
pub struct GenConfig {
    /// (entity id, how many).
    pub entities: Vec<(&'static str, usize)>,
    /// Water pools and rock clusters inside the border.
    pub pools: usize,
    pub clusters: usize,
    /// No hostile starts closer to the pod (Manhattan).
    pub safe: u32,
    /// Archives and the factory start at least this far from the pod...
    pub far: u32,
    /// ... and archives at most this far (a round trip must fit in a battery).
    pub near: u32,
    /// Chassis pickups drawn from these ids.
    pub chassis: Vec<&'static str>,
    /// Module caches: how many, drawn from these ids.
    pub caches: usize,
    pub cache_modules: Vec<&'static str>,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            entities: vec![
                ("factory", 1),
                ("archive", 4),
                ("proprove", 3),
                ("lunorove", 1),
                ("dust_mite", 3),
            ],
            pools: 5,
            clusters: 8,
            safe: 9,
            far: 6,
            near: 14,
            chassis: vec!["titanium", "polyethylene"],
            caches: 3,
            cache_modules: vec![
                "chilling_blaster",
                "helical_railgun",
                "photovoltaic_generator",
                "treaded_drive",
                "area_charge",
                "free_electron_transporter",
            ],
        }
    }
}

/// A level for `seed` with the default configuration.
pub fn generate(db: &Db, seed: u64) -> LevelSpec {
    generate_with(db, &GenConfig::default(), seed)
}

/// A level for `seed`. Ids the content lacks are skipped.
pub fn generate_with(db: &Db, cfg: &GenConfig, seed: u64) -> LevelSpec {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        if let Some(l) = attempt(db, cfg, &mut rng) {
            return l;
        }
    }
}

const N: usize = MAX_SIDE;

fn attempt(db: &Db, cfg: &GenConfig, rng: &mut ChaCha8Rng) -> Option<LevelSpec> {
    let mut terrain = vec![Terrain::Floor; N * N];
    // Cell contents while building: 0 empty, 1 rock, 2 archive or factory, 3 place, 4 hostile.
    let mut used = vec![0u8; N * N];
    let idx = |p: Pos| p.y as usize * N + p.x as usize;
    let rock = db.kind_id("rock")?;
    let mut entities: Vec<(KindId, Pos)> = Vec::new();
    for y in 0..N {
        for x in 0..N {
            if x == 0 || y == 0 || x == N - 1 || y == N - 1 {
                used[y * N + x] = 1;
            }
        }
    }
    for _ in 0..cfg.pools {
        let (w, h) = (rng.gen_range(2..=5), rng.gen_range(1..=4));
        let (x0, y0) = (rng.gen_range(2..N - 2 - w), rng.gen_range(2..N - 2 - h));
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                terrain[y * N + x] = Terrain::Water;
            }
        }
    }
    for _ in 0..cfg.clusters {
        let (w, h) = (rng.gen_range(1..=3), rng.gen_range(1..=2));
        let (x0, y0) = (rng.gen_range(2..N - 2 - w), rng.gen_range(2..N - 2 - h));
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                if terrain[y * N + x] == Terrain::Floor {
                    used[y * N + x] = 1;
                }
            }
        }
    }
    let free = |used: &[u8], terrain: &[Terrain], p: Pos| {
        used[idx(p)] == 0 && terrain[idx(p)] == Terrain::Floor
    };
    let any_cell = |rng: &mut ChaCha8Rng| {
        Pos::new(rng.gen_range(1..N as u8 - 1), rng.gen_range(1..N as u8 - 1))
    };
    let pod = (0..200)
        .map(|_| any_cell(rng))
        .find(|p| free(&used, &terrain, *p))?;
    used[idx(pod)] = 3;
    // Reachability from the pod over floor, rocks and statics as walls.
    let level = |terrain: &[Terrain]| Level {
        name: String::new(),
        width: N as u8,
        height: N as u8,
        terrain: terrain.to_vec(),
        pod,
    };
    let walls = |used: &[u8], terrain: &[Terrain]| -> Vec<u16> {
        (0..N * N)
            .map(|i| {
                if terrain[i] == Terrain::Water || used[i] == 1 || used[i] == 2 {
                    FAR
                } else {
                    1
                }
            })
            .collect()
    };
    let lv = level(&terrain);
    let reach = field(&lv, &walls(&used, &terrain), &[pod]);
    let mut cells: Vec<Pos> = lv
        .positions()
        .filter(|p| reach[idx(*p)] != FAR && *p != pod)
        .collect();
    if cells.len() < 300 {
        return None;
    }
    cells.shuffle(rng);
    let mut take = |used: &mut Vec<u8>, min: u32, max: u32, mark: u8| -> Option<Pos> {
        let i = cells
            .iter()
            .position(|p| used[idx(*p)] == 0 && (min..=max).contains(&p.manhattan(pod)))?;
        let p = cells.swap_remove(i);
        used[idx(p)] = mark;
        Some(p)
    };
    for &(id, n) in &cfg.entities {
        let Some(k) = db.kind_id(id) else { continue };
        let kd = db.kind(k);
        let (min, max) = match (kd.hostile, kd.is_factory()) {
            (true, _) => (cfg.safe, u32::MAX),
            (false, true) => (cfg.far, u32::MAX),
            (false, false) => (cfg.far, cfg.near),
        };
        let mark = if kd.hostile { 4 } else { 2 };
        for _ in 0..n {
            entities.push((k, take(&mut used, min, max, mark)?));
        }
    }
    let mut pickups = Vec::new();
    if let Some(c) = cfg.chassis.choose(rng).and_then(|c| db.chassis_id(c)) {
        pickups.push((take(&mut used, 3, u32::MAX, 3)?, Pickup::Chassis(c)));
    }
    for _ in 0..cfg.caches {
        if let Some(m) = cfg.cache_modules.choose(rng).and_then(|m| db.module_id(m)) {
            pickups.push((take(&mut used, 3, u32::MAX, 3)?, Pickup::Cache(Some(m))));
        }
    }
    // Fairness: everything still reachable with the statics placed.
    let reach = field(&lv, &walls(&used, &terrain), &[pod]);
    for &(k, p) in &entities {
        let ok = if db.kind(k).hostile {
            reach[idx(p)] != FAR
        } else {
            super::geom::Dir::ALL
                .iter()
                .filter_map(|d| p.step(*d, N as u8, N as u8))
                .any(|q| reach[idx(q)] != FAR)
        };
        if !ok {
            return None;
        }
    }
    if pickups.iter().any(|(p, _)| reach[idx(*p)] == FAR) {
        return None;
    }
    // Rocks are entities too; all in reading order (R23).
    for (i, _) in used.iter().enumerate().filter(|(_, u)| **u == 1) {
        entities.push((rock, Pos::new((i % N) as u8, (i / N) as u8)));
    }
    entities.sort_by_key(|(_, p)| (p.y, p.x));
    pickups.sort_by_key(|(p, _)| (p.y, p.x));
    Some(LevelSpec {
        level: Level {
            name: "generated".into(),
            ..level(&terrain)
        },
        entities,
        pickups,
        rover: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_levels_are_fair_and_differ() {
        let db = Db::builtin();
        let a = generate(&db, 1);
        let b = generate(&db, 2);
        assert_ne!(a, b);
        assert_eq!(a, generate(&db, 1), "same seed, same level");
        for seed in 0..20 {
            let l = generate(&db, seed);
            let count = |id: &str| {
                l.entities
                    .iter()
                    .filter(|(k, _)| db.kind(*k).id == id)
                    .count()
            };
            assert_eq!((count("factory"), count("archive")), (1, 4));
            assert_eq!(l.pickups.len(), 4);
            let s = super::super::State::new(db.clone(), &l, 0);
            for (id, _) in &s.nav.targets {
                let p = s.entity(*id).at;
                let beside = super::super::geom::Dir::ALL
                    .iter()
                    .filter_map(|d| p.step(*d, 32, 32))
                    .any(|q| s.nav.to_pod(q) != FAR);
                assert!(beside, "seed {seed}: {id} cannot be reached");
            }
            assert!(super::super::invariants::check(&s).is_ok());
        }
    }
}
