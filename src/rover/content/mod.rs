//! The content database (R7, R19, R15, R5, R18): modules, chassis, entity types and the start
//! loadout, read from YAML (`assets/rover/`) through the plain [`raw`] layer and checked here.
//! Every problem is reported at once, each with its file and line.
pub mod locate;
pub mod raw;

use super::chassis::{ChassisDef, MAX_SLOTS};
use super::ids::{ChassisId, KindId, ModuleId};
use super::kinds::{Behaviour, KindDef};
use super::module::{Ability, Class, ModuleDef};
use locate::{item_lines, key_line, top_key_line};
use raw::{RawBehaviour, RawChassis, RawKind, RawModule, RawStart};
use serde::de::DeserializeOwned;
use std::fmt;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// Most modules the bay holds (R14).
pub const BAY_SIZE: usize = 6;

/// The content files, in the order they are read.
pub const FILES: [&str; 4] = [
    "modules.yaml",
    "chassis.yaml",
    "entities.yaml",
    "start.yaml",
];

const BUILTIN: [&str; 4] = [
    include_str!("../../../assets/rover/modules.yaml"),
    include_str!("../../../assets/rover/chassis.yaml"),
    include_str!("../../../assets/rover/entities.yaml"),
    include_str!("../../../assets/rover/start.yaml"),
];

/// One problem in a content or level file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// Every problem found, one a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}

/// The start loadout (R18), checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    pub chassis: ChassisId,
    pub slots: Vec<ModuleId>,
    pub bay: Vec<ModuleId>,
}

/// The checked content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Db {
    pub modules: Vec<ModuleDef>,
    pub chassis: Vec<ChassisDef>,
    pub kinds: Vec<KindDef>,
    pub start: Start,
}

/// Reads a YAML file into its raw form; a syntax or key error names the line.
pub fn parse_yaml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, LoadError> {
    serde_yaml::from_str(text).map_err(|e| LoadError {
        file: file.into(),
        line: e.location().map(|l| l.line()).unwrap_or(1),
        message: e.to_string(),
    })
}

struct Problems<'a> {
    file: &'a str,
    text: &'a str,
    out: &'a mut Vec<LoadError>,
}

impl Problems<'_> {
    fn at(&mut self, line: usize, message: String) {
        self.out.push(LoadError {
            file: self.file.into(),
            line,
            message,
        });
    }
    fn key(&mut self, item: usize, key: &str, message: String) {
        let line = key_line(self.text, item, key);
        self.at(line, message);
    }
}

impl Db {
    /// The starter content of R18–R20 (compiled in; checked once).
    pub fn builtin() -> Arc<Db> {
        static DB: OnceLock<Arc<Db>> = OnceLock::new();
        DB.get_or_init(|| {
            let files: Vec<(&str, &str)> = FILES.iter().copied().zip(BUILTIN).collect();
            match Db::from_sources(&files) {
                Ok(db) => Arc::new(db),
                Err(e) => panic!("the built-in RoveR content is invalid:\n{e}"),
            }
        })
        .clone()
    }

    /// Reads the content files of a folder (`modules.yaml`, `chassis.yaml`, `entities.yaml`,
    /// `start.yaml`).
    pub fn load_dir(dir: &Path) -> Result<Db, LoadErrors> {
        let mut texts = Vec::new();
        let mut errs = Vec::new();
        for f in FILES {
            let p = dir.join(f);
            match std::fs::read_to_string(&p) {
                Ok(t) => texts.push((p.display().to_string(), t)),
                Err(e) => errs.push(LoadError {
                    file: p.display().to_string(),
                    line: 1,
                    message: e.to_string(),
                }),
            }
        }
        if !errs.is_empty() {
            return Err(LoadErrors(errs));
        }
        let refs: Vec<(&str, &str)> = texts
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        Db::from_sources(&refs)
    }

    /// Checks the four content texts, given as (file name, text) in [`FILES`] order.
    pub fn from_sources(files: &[(&str, &str)]) -> Result<Db, LoadErrors> {
        let mut errs = Vec::new();
        if files.len() != FILES.len() {
            return Err(LoadErrors(vec![LoadError {
                file: "content".into(),
                line: 1,
                message: format!("expected the files {}", FILES.join(", ")),
            }]));
        }
        let (mf, mt) = files[0];
        let (cf, ct) = files[1];
        let (ef, et) = files[2];
        let (sf, st) = files[3];
        let raw_modules: Vec<RawModule> = parse_yaml(mf, mt).unwrap_or_else(|e| {
            errs.push(e);
            Vec::new()
        });
        let raw_chassis: Vec<RawChassis> = parse_yaml(cf, ct).unwrap_or_else(|e| {
            errs.push(e);
            Vec::new()
        });
        let raw_kinds: Vec<RawKind> = parse_yaml(ef, et).unwrap_or_else(|e| {
            errs.push(e);
            Vec::new()
        });
        let raw_start: Option<RawStart> = parse_yaml(sf, st).map_err(|e| errs.push(e)).ok();
        let parsed_ok = errs.is_empty();
        let modules = check_modules(
            &raw_modules,
            &mut Problems {
                file: mf,
                text: mt,
                out: &mut errs,
            },
        );
        let chassis = check_chassis(
            &raw_chassis,
            &mut Problems {
                file: cf,
                text: ct,
                out: &mut errs,
            },
        );
        let kinds = check_kinds(
            &raw_kinds,
            &modules,
            &mut Problems {
                file: ef,
                text: et,
                out: &mut errs,
            },
        );
        let start = raw_start.and_then(|s| {
            check_start(
                &s,
                &modules,
                &chassis,
                &mut Problems {
                    file: sf,
                    text: st,
                    out: &mut errs,
                },
            )
        });
        match start {
            Some(start) if errs.is_empty() && parsed_ok => Ok(Db {
                modules,
                chassis,
                kinds,
                start,
            }),
            _ => Err(LoadErrors(errs)),
        }
    }

    pub fn module(&self, id: ModuleId) -> &ModuleDef {
        &self.modules[id.0 as usize]
    }
    pub fn chassis(&self, id: ChassisId) -> &ChassisDef {
        &self.chassis[id.0 as usize]
    }
    pub fn kind(&self, id: KindId) -> &KindDef {
        &self.kinds[id.0 as usize]
    }
    pub fn module_id(&self, id: &str) -> Option<ModuleId> {
        self.modules
            .iter()
            .position(|m| m.id == id)
            .map(|i| ModuleId(i as u8))
    }
    pub fn chassis_id(&self, id: &str) -> Option<ChassisId> {
        self.chassis
            .iter()
            .position(|m| m.id == id)
            .map(|i| ChassisId(i as u8))
    }
    pub fn kind_id(&self, id: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|m| m.id == id)
            .map(|i| KindId(i as u8))
    }
    pub fn kind_by_glyph(&self, g: char) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.glyph == g)
            .map(|i| KindId(i as u8))
    }
}

fn line_of(lines: &[usize], i: usize) -> usize {
    lines.get(i).copied().unwrap_or(1)
}

fn dup_id(seen: &mut Vec<String>, id: &str) -> bool {
    if seen.iter().any(|s| s == id) {
        return true;
    }
    seen.push(id.to_string());
    false
}

fn check_modules(raw: &[RawModule], p: &mut Problems) -> Vec<ModuleDef> {
    let lines = item_lines(p.text);
    let mut seen = Vec::new();
    let mut out = Vec::new();
    if raw.len() > 250 {
        p.at(1, format!("{} modules; at most 250", raw.len()));
    }
    for (i, m) in raw.iter().enumerate().take(250) {
        let item = line_of(&lines, i);
        if m.id.trim().is_empty() || dup_id(&mut seen, &m.id) {
            p.key(
                item,
                "id",
                format!("module id `{}` is empty or repeated", m.id),
            );
        }
        if m.durability < 1 {
            p.key(
                item,
                "durability",
                format!("{}: durability must be at least 1 (R7)", m.id),
            );
        }
        let range_ok = match m.class {
            Class::Transport | Class::Internal => m.range == 0,
            Class::Local => m.range == 1,
            _ => m.range >= 1,
        };
        if !range_ok {
            p.key(
                item,
                "range",
                format!(
                    "{}: range {} does not fit a {} module (R7: 0 transport/internal, 1 local, \
                     at least 1 else)",
                    m.id,
                    m.range,
                    m.class.name()
                ),
            );
        }
        let mut abilities = Vec::new();
        for a in &m.abilities {
            match Ability::parse(a) {
                Ok(ab) if abilities.contains(&ab) => {
                    p.key(item, "abilities", format!("{}: `{a}` is repeated", m.id))
                }
                Ok(ab) => abilities.push(ab),
                Err(e) => p.key(item, "abilities", format!("{}: {e} (R7)", m.id)),
            }
        }
        if m.abilities.is_empty() {
            p.key(item, "abilities", format!("{}: no abilities (R7)", m.id));
        }
        let has_move = abilities.contains(&Ability::Move);
        if has_move != (m.class == Class::Transport) {
            p.key(
                item,
                "abilities",
                format!("{}: `move` goes exactly on transport modules (R7)", m.id),
            );
        }
        if matches!(m.class, Class::Transport | Class::Internal)
            && abilities.iter().any(|a| a.targeted())
        {
            p.key(
                item,
                "abilities",
                format!(
                    "{}: a {} module has no target abilities (R7)",
                    m.id,
                    m.class.name()
                ),
            );
        }
        out.push(ModuleDef {
            id: m.id.clone(),
            name: m.name.clone(),
            class: m.class,
            energy: m.energy,
            durability: m.durability.max(1),
            range: m.range,
            data: m.data,
            abilities,
        });
    }
    out
}

fn check_chassis(raw: &[RawChassis], p: &mut Problems) -> Vec<ChassisDef> {
    let lines = item_lines(p.text);
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for (i, c) in raw.iter().enumerate().take(250) {
        let item = line_of(&lines, i);
        if c.id.trim().is_empty() || dup_id(&mut seen, &c.id) {
            p.key(
                item,
                "id",
                format!("chassis id `{}` is empty or repeated", c.id),
            );
        }
        if !(1..=MAX_SLOTS as u8).contains(&c.slots) {
            p.key(
                item,
                "slots",
                format!("{}: slots must be 1 to 3 (R5)", c.id),
            );
        }
        if c.integrity < 1 || c.integrity > 10_000 {
            p.key(
                item,
                "integrity",
                format!("{}: integrity must be 1 to 10000", c.id),
            );
        }
        if c.energy < 2 || c.energy > 10_000 {
            p.key(
                item,
                "energy",
                format!("{}: energy must be 2 to 10000", c.id),
            );
        }
        if c.move_cost < 1 {
            p.key(
                item,
                "move",
                format!("{}: move cost must be at least 1 (R4)", c.id),
            );
        }
        out.push(ChassisDef {
            id: c.id.clone(),
            name: c.name.clone(),
            slots: c.slots.clamp(1, MAX_SLOTS as u8),
            power: c.power,
            integrity: c.integrity.max(1),
            energy: c.energy.max(2),
            move_cost: c.move_cost.max(1),
            shield_max: c.shield_max,
            sensitivity: c.sensitivity,
            data_max: c.data_max,
        });
    }
    out
}

/// Glyphs the level rows reserve for terrain and places (R1).
pub const RESERVED_GLYPHS: &str = ".~PHKR";

fn check_kinds(raw: &[RawKind], modules: &[ModuleDef], p: &mut Problems) -> Vec<KindDef> {
    let lines = item_lines(p.text);
    let mut seen = Vec::new();
    let mut glyphs = Vec::new();
    let mut out = Vec::new();
    let raw = &raw[..raw.len().min(250)];
    for (i, k) in raw.iter().enumerate() {
        let item = line_of(&lines, i);
        if k.id.trim().is_empty() || dup_id(&mut seen, &k.id) {
            p.key(
                item,
                "id",
                format!("entity id `{}` is empty or repeated", k.id),
            );
        }
        if RESERVED_GLYPHS.contains(k.glyph) || k.glyph.is_whitespace() || glyphs.contains(&k.glyph)
        {
            p.key(
                item,
                "glyph",
                format!("{}: glyph `{}` is reserved or repeated (R1)", k.id, k.glyph),
            );
        }
        glyphs.push(k.glyph);
        if k.integrity < 1 {
            p.key(
                item,
                "integrity",
                format!("{}: integrity must be at least 1", k.id),
            );
        }
        let module = k.module.as_ref().and_then(|m| {
            let found = modules.iter().position(|d| &d.id == m);
            match found {
                None => {
                    p.key(item, "module", format!("{}: unknown module `{m}`", k.id));
                    None
                }
                Some(j) if modules[j].class != Class::Ranged => {
                    p.key(
                        item,
                        "module",
                        format!("{}: `{m}` is not a ranged module (R15)", k.id),
                    );
                    None
                }
                Some(j) => Some(ModuleId(j as u8)),
            }
        });
        let extra = |p: &mut Problems, key: &str, present: bool| {
            if present {
                p.key(
                    item,
                    key,
                    format!("{}: `{key}` does not apply to this behaviour", k.id),
                );
            }
        };
        let behaviour = match k.behaviour {
            RawBehaviour::Inert | RawBehaviour::Wander => {
                extra(p, "wake", k.wake.is_some());
                extra(p, "module", k.module.is_some());
                extra(p, "spawn", k.spawn.is_some());
                extra(p, "every", k.every.is_some());
                extra(p, "max", k.max.is_some());
                if k.behaviour == RawBehaviour::Inert {
                    Behaviour::Inert
                } else {
                    Behaviour::Wander
                }
            }
            RawBehaviour::Chase => {
                extra(p, "spawn", k.spawn.is_some());
                extra(p, "every", k.every.is_some());
                extra(p, "max", k.max.is_some());
                let wake = k.wake.unwrap_or_else(|| {
                    p.key(item, "behaviour", format!("{}: chase needs `wake`", k.id));
                    0
                });
                Behaviour::Chase { wake }
            }
            RawBehaviour::Factory => {
                extra(p, "wake", k.wake.is_some());
                extra(p, "module", k.module.is_some());
                let spawn = match &k.spawn {
                    None => {
                        p.key(
                            item,
                            "behaviour",
                            format!("{}: factory needs `spawn`", k.id),
                        );
                        KindId(0)
                    }
                    Some(s) => match raw.iter().position(|r| &r.id == s) {
                        Some(j)
                            if raw[j].behaviour != RawBehaviour::Factory
                                && raw[j].behaviour != RawBehaviour::Inert =>
                        {
                            KindId(j as u8)
                        }
                        _ => {
                            p.key(
                                item,
                                "spawn",
                                format!("{}: `{s}` is not a chasing or wandering entity", k.id),
                            );
                            KindId(0)
                        }
                    },
                };
                let every = k.every.filter(|e| *e >= 1).unwrap_or_else(|| {
                    p.key(
                        item,
                        "every",
                        format!("{}: factory needs `every` ≥ 1", k.id),
                    );
                    1
                });
                let max = k.max.filter(|m| *m >= 1).unwrap_or_else(|| {
                    p.key(item, "max", format!("{}: factory needs `max` ≥ 1", k.id));
                    1
                });
                Behaviour::Factory { spawn, every, max }
            }
        };
        out.push(KindDef {
            id: k.id.clone(),
            name: k.name.clone(),
            glyph: k.glyph,
            hostile: k.hostile,
            integrity: k.integrity.max(1),
            shield: k.shield,
            power: k.power,
            sensitivity: k.sensitivity,
            data: k.data,
            behaviour,
            module,
        });
    }
    out
}

fn check_start(
    s: &RawStart,
    modules: &[ModuleDef],
    chassis: &[ChassisDef],
    p: &mut Problems,
) -> Option<Start> {
    let before = p.out.len();
    let c = chassis.iter().position(|c| c.id == s.chassis);
    if c.is_none() {
        let l = top_key_line(p.text, "chassis");
        p.at(l, format!("unknown chassis `{}` (R18)", s.chassis));
    }
    let mut ids = |key: &str, list: &[String]| -> Vec<ModuleId> {
        let l = top_key_line(p.text, key);
        list.iter()
            .filter_map(|m| match modules.iter().position(|d| &d.id == m) {
                Some(j) => Some(ModuleId(j as u8)),
                None => {
                    p.at(l, format!("{key}: unknown module `{m}`"));
                    None
                }
            })
            .collect()
    };
    let slots = ids("slots", &s.slots);
    let bay = ids("bay", &s.bay);
    if let Some(c) = c {
        if s.slots.len() > chassis[c].slots as usize {
            let l = top_key_line(p.text, "slots");
            p.at(
                l,
                format!(
                    "{} modules for {} slots (R5)",
                    s.slots.len(),
                    chassis[c].slots
                ),
            );
        }
    }
    if s.bay.len() > BAY_SIZE {
        let l = top_key_line(p.text, "bay");
        p.at(
            l,
            format!("{} modules; the bay holds {BAY_SIZE} (R14)", s.bay.len()),
        );
    }
    let c = c?;
    (p.out.len() == before).then_some(Start {
        chassis: ChassisId(c as u8),
        slots,
        bay,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_content_has_the_starter_set() {
        let db = Db::builtin();
        assert_eq!(db.modules.len(), 11, "R19");
        assert_eq!(db.chassis.len(), 3, "R5");
        assert_eq!(db.kinds.len(), 7, "R15");
        let al = db.chassis(db.start.chassis);
        assert_eq!((al.id.as_str(), al.slots, al.energy), ("aluminum", 3, 100));
        let gl = db.module(db.module_id("gas_laser").unwrap());
        assert_eq!((gl.class, gl.energy, gl.range), (Class::Ranged, 2, 2));
        assert_eq!(gl.abilities, vec![Ability::Damage(1)]);
    }

    #[test]
    fn every_problem_is_reported_with_its_line() {
        let modules = "- id: a\n  name: A\n  class: internal\n  energy: 1\n  durability: 0\n  range: 2\n  abilities: [damage 1, fly]\n";
        let files = [
            ("modules.yaml", modules),
            ("chassis.yaml", BUILTIN[1]),
            ("entities.yaml", BUILTIN[2]),
            ("start.yaml", BUILTIN[3]),
        ];
        let errs = Db::from_sources(&files).unwrap_err().0;
        let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert!(
            text.iter().any(|e| e.starts_with("modules.yaml:5:")),
            "{text:?}"
        );
        assert!(
            text.iter().any(|e| e.starts_with("modules.yaml:6:")),
            "{text:?}"
        );
        assert!(text
            .iter()
            .any(|e| e.starts_with("modules.yaml:7:") && e.contains("fly")));
        // The start loadout names modules that no longer exist.
        assert!(
            text.iter().any(|e| e.starts_with("start.yaml:")),
            "{text:?}"
        );
    }
}
