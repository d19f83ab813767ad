//! RoveR scenario files (`game: rover`): a level (inline `rows` with `pickups`, `level:
//! default`, a level file, or `generate: SEED`), optional changes to the rover and entities,
//! forced d20/d12/d6/d4 results, the commands and the expectations (the kit's
//! [`crate::kit::Expect`]; outcomes read `ongoing`, `won score N`, `lost score N`).
use super::content::{Db, LoadErrors};
use super::dice::Die;
use super::map::LevelSpec;
use super::module::ModuleInst;
use super::state::{State, ROUND_LIMIT};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// Forced die results, used before the generator, per die.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForcedDice {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub d20: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub d12: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub d6: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub d4: Vec<u8>,
}

/// Changes to the starting rover (R18 otherwise).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoverSetup {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chassis: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub energy: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub integrity: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shielding: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uploaded: Option<i32>,
    /// Module ids by slot (`id` or `id N` with N durability left); `~` leaves a slot empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slots: Option<Vec<Option<String>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bay: Option<Vec<String>>,
    #[serde(default)]
    pub stalled: bool,
    #[serde(default)]
    pub shorted: bool,
}

/// Changes to an entity (by id, `e3`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EntitySetup {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub integrity: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shielding: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awake: Option<bool>,
    #[serde(default)]
    pub stalled: bool,
    #[serde(default)]
    pub shorted: bool,
    #[serde(default)]
    pub shut_down: bool,
}

crate::scenario_file! {
    /// A RoveR scenario, save or replay file (`game: rover`).
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    pub struct Scenario {
        /// `default` (R20) or a level file relative to the scenario.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub level: Option<String>,
        /// A generated level's seed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub generate: Option<u64>,
        /// Inline level rows (R1 glyphs, `R` for the rover's start if not the pod).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub rows: Option<String>,
        /// What the inline level's `H` and `K` hold, in reading order (R30).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub pickups: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub round: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub rover: Option<RoverSetup>,
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        pub entities: BTreeMap<String, EntitySetup>,
        #[serde(default)]
        pub dice: ForcedDice,
    }
}

fn errs(e: LoadErrors) -> Vec<String> {
    e.0.iter().map(|e| e.to_string()).collect()
}

impl Scenario {
    /// The level the file names.
    fn level(&self, db: &Db, dir: &Path) -> Result<LevelSpec, Vec<String>> {
        let given = [
            self.level.is_some(),
            self.generate.is_some(),
            self.rows.is_some(),
        ];
        if given.iter().filter(|g| **g).count() != 1 {
            return Err(vec![
                "give exactly one of `level`, `generate` and `rows`".into()
            ]);
        }
        if !self.pickups.is_empty() && self.rows.is_none() {
            return Err(vec!["`pickups` go with inline `rows`".into()]);
        }
        if let Some(rows) = &self.rows {
            return LevelSpec::from_rows(db, "scenario", rows, &self.pickups, "rows", 0, 0)
                .map_err(errs);
        }
        if let Some(seed) = self.generate {
            return Ok(super::generator::generate(db, seed));
        }
        match self.level.as_deref() {
            Some("default") => Ok(LevelSpec::default_level(db)),
            Some(f) => {
                let p = dir.join(f);
                let text = std::fs::read_to_string(&p)
                    .map_err(|e| vec![format!("{}: {e}", p.display())])?;
                LevelSpec::parse_file(db, &p.display().to_string(), &text).map_err(errs)
            }
            None => Err(vec!["no level".into()]),
        }
    }

    /// The starting state. Every problem is reported.
    pub fn to_state(&self, dir: &Path) -> Result<State, Vec<String>> {
        let mut problems = Vec::new();
        if self.game != "rover" {
            problems.push(format!("game `{}` is not rover", self.game));
        }
        for (die, v) in [
            (Die::D20, &self.dice.d20),
            (Die::D12, &self.dice.d12),
            (Die::D6, &self.dice.d6),
            (Die::D4, &self.dice.d4),
        ] {
            if let Some(bad) = v.iter().find(|x| !(1..=die.sides()).contains(*x)) {
                problems.push(format!("dice: {bad} is not a {die} result"));
            }
        }
        let db = Db::builtin();
        let spec = match self.level(&db, dir) {
            Ok(s) => s,
            Err(mut e) => {
                problems.append(&mut e);
                return Err(problems);
            }
        };
        let mut s = State::new(db.clone(), &spec, self.seed);
        if let Some(r) = self.round {
            if (1..=ROUND_LIMIT).contains(&r) {
                s.round = r;
            } else {
                problems.push(format!("round: {r} is not 1 to {ROUND_LIMIT}"));
            }
        }
        if let Some(r) = &self.rover {
            self.setup_rover(&mut s, r, &mut problems);
        }
        for (key, e) in &self.entities {
            let id = key
                .strip_prefix('e')
                .and_then(|n| n.parse::<u16>().ok())
                .filter(|n| *n >= 1 && (*n as usize) <= s.entities.len());
            let Some(id) = id else {
                problems.push(format!(
                    "entities: `{key}` is not an entity id (e1, e2, ...)"
                ));
                continue;
            };
            let i = id as usize - 1;
            let k = db.kind(s.entities[i].kind).clone();
            let ent = &mut s.entities[i];
            let mut set = |name: &str, v: Option<i32>, max: i32, min: i32, to: &mut i32| {
                if let Some(v) = v {
                    if (min..=max).contains(&v) {
                        *to = v;
                    } else {
                        problems.push(format!("entities.{key}.{name}: {v} is not {min} to {max}"));
                    }
                }
            };
            set(
                "integrity",
                e.integrity,
                k.integrity as i32,
                1,
                &mut ent.integrity,
            );
            set(
                "shielding",
                e.shielding,
                k.shield as i32,
                0,
                &mut ent.shielding,
            );
            set("data", e.data, k.data as i32, 0, &mut ent.data);
            if let Some(a) = e.awake {
                ent.awake = a;
            }
            ent.stalled = e.stalled;
            ent.shorted = e.shorted;
            if e.shut_down && !k.is_factory() {
                problems.push(format!("entities.{key}.shut_down: not a factory"));
            }
            ent.shut_down = e.shut_down;
        }
        let mut dice = s.dice.clone();
        dice.force(Die::D20, self.dice.d20.iter().copied());
        dice.force(Die::D12, self.dice.d12.iter().copied());
        dice.force(Die::D6, self.dice.d6.iter().copied());
        dice.force(Die::D4, self.dice.d4.iter().copied());
        s.dice = dice;
        if problems.is_empty() {
            if let Err(e) = super::invariants::check(&s) {
                problems.push(format!("the position is not valid: {e}"));
            }
        }
        if problems.is_empty() {
            Ok(s)
        } else {
            Err(problems)
        }
    }

    fn setup_rover(&self, s: &mut State, r: &RoverSetup, problems: &mut Vec<String>) {
        let db = s.db.clone();
        if let Some(c) = &r.chassis {
            match db.chassis_id(c) {
                Some(id) => {
                    let def = db.chassis(id);
                    s.rover.chassis = id;
                    s.rover.energy = def.energy as i32;
                    s.rover.integrity = def.integrity as i32;
                }
                None => problems.push(format!("rover.chassis: unknown chassis `{c}`")),
            }
        }
        let c = db.chassis(s.rover.chassis).clone();
        let mut set = |name: &str, v: Option<i32>, min: i32, max: i32, to: &mut i32| {
            if let Some(v) = v {
                if (min..=max).contains(&v) {
                    *to = v;
                } else {
                    problems.push(format!("rover.{name}: {v} is not {min} to {max}"));
                }
            }
        };
        set("energy", r.energy, 1, c.energy as i32, &mut s.rover.energy);
        set(
            "integrity",
            r.integrity,
            1,
            c.integrity as i32,
            &mut s.rover.integrity,
        );
        set(
            "shielding",
            r.shielding,
            0,
            c.shield_max as i32,
            &mut s.rover.shielding,
        );
        set("data", r.data, 0, c.data_max as i32, &mut s.rover.data);
        set("uploaded", r.uploaded, 0, 29, &mut s.rover.uploaded);
        // `id` or `id N` (N: durability left, 1 to the module's).
        let inst = |text: &str, problems: &mut Vec<String>| {
            let mut w = text.split_whitespace();
            let m = w.next().unwrap_or("");
            let Some(id) = db.module_id(m) else {
                problems.push(format!("rover: unknown module `{m}`"));
                return None;
            };
            let max = db.module(id).durability;
            let durability = match w.next().map(|d| d.parse::<u8>()) {
                None => max,
                Some(Ok(d)) if (1..=max).contains(&d) && w.next().is_none() => d,
                _ => {
                    problems.push(format!("rover: `{text}`: durability is 1 to {max}"));
                    return None;
                }
            };
            Some(ModuleInst {
                module: id,
                durability,
            })
        };
        if let Some(slots) = &r.slots {
            if slots.len() > c.slots as usize {
                problems.push(format!(
                    "rover.slots: {} for {} slots",
                    slots.len(),
                    c.slots
                ));
            }
            s.rover.slots = [None; 3];
            for (i, m) in slots.iter().enumerate().take(c.slots as usize) {
                s.rover.slots[i] = m.as_deref().and_then(|m| inst(m, problems));
            }
        } else {
            for k in c.slots as usize..3 {
                s.rover.slots[k] = None;
            }
        }
        if let Some(bay) = &r.bay {
            if bay.len() > super::content::BAY_SIZE {
                problems.push(format!("rover.bay: {} modules; it holds 6", bay.len()));
            }
            s.rover.bay = [None; 6];
            for m in bay.iter().take(6) {
                if let Some(i) = inst(m, problems) {
                    s.rover.bay_push(i);
                }
            }
        }
        s.rover.stalled = r.stalled;
        s.rover.shorted = r.shorted;
    }
}
