//! The printed position (scenario expectations `expect: state:`, reports): round, outcome, the
//! rover, every living entity by id, the pickups and the map rows as they stand.
use super::map::{Pickup, Terrain};
use super::state::State;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Serialize)]
struct ModuleView {
    module: String,
    durability: u8,
}

#[derive(Serialize)]
struct RoverView {
    at: String,
    chassis: String,
    energy: i32,
    integrity: i32,
    shielding: i32,
    data: i32,
    uploaded: i32,
    stalled: bool,
    shorted: bool,
    destroyed: bool,
    /// By slot number, filled slots only.
    slots: BTreeMap<String, ModuleView>,
    bay: Vec<ModuleView>,
}

#[derive(Serialize)]
struct EntityView {
    kind: String,
    at: String,
    integrity: i32,
    shielding: i32,
    data: i32,
    awake: bool,
    stalled: bool,
    shorted: bool,
    shut_down: bool,
}

#[derive(Serialize)]
struct View {
    round: u32,
    outcome: String,
    rover: RoverView,
    /// Living entities by id (`e1` ...).
    entities: BTreeMap<String, EntityView>,
    /// Destroyed entities' ids.
    destroyed: Vec<String>,
    /// `x,y` → what the pickup holds (`empty` for a taken cache).
    pickups: BTreeMap<String, String>,
    rows: Vec<String>,
    /// Forced die results not rolled yet (scenarios), by die.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    unused_dice: BTreeMap<String, usize>,
}

/// The map as level rows, the rover as `R`.
pub fn rows(s: &State) -> Vec<String> {
    let mut out = Vec::with_capacity(s.height() as usize);
    for y in 0..s.height() {
        let mut row = String::with_capacity(s.width() as usize);
        for x in 0..s.width() {
            let p = super::geom::Pos::new(x, y);
            let c = if p == s.rover.at {
                'R'
            } else if let Some(id) = s.entity_at(p) {
                s.db.kind(s.entity(id).kind).glyph
            } else if p == s.level.pod {
                'P'
            } else if let Some(i) = s.pickup_at(p) {
                match s.pickups[i].1 {
                    Pickup::Chassis(_) => 'H',
                    Pickup::Cache(_) => 'K',
                }
            } else if s.level.terrain(p) == Terrain::Water {
                '~'
            } else {
                '.'
            };
            row.push(c);
        }
        out.push(row);
    }
    out
}

/// The state as YAML.
pub fn view(s: &State) -> serde_yaml::Value {
    let mv = |m: &super::module::ModuleInst| ModuleView {
        module: s.db.module(m.module).id.clone(),
        durability: m.durability,
    };
    let r = &s.rover;
    let v = View {
        round: s.round,
        outcome: s.outcome.notation(),
        rover: RoverView {
            at: r.at.to_string(),
            chassis: s.rover_chassis().id.clone(),
            energy: r.energy,
            integrity: r.integrity,
            shielding: r.shielding,
            data: r.data,
            uploaded: r.uploaded,
            stalled: r.stalled,
            shorted: r.shorted,
            destroyed: r.destroyed,
            slots: r
                .slots
                .iter()
                .enumerate()
                .filter_map(|(i, m)| m.as_ref().map(|m| ((i + 1).to_string(), mv(m))))
                .collect(),
            bay: r.bay.iter().flatten().map(mv).collect(),
        },
        entities: s
            .entities
            .iter()
            .filter(|e| e.alive)
            .map(|e| {
                (
                    e.id.to_string(),
                    EntityView {
                        kind: s.db.kind(e.kind).id.clone(),
                        at: e.at.to_string(),
                        integrity: e.integrity,
                        shielding: e.shielding,
                        data: e.data,
                        awake: e.awake,
                        stalled: e.stalled,
                        shorted: e.shorted,
                        shut_down: e.shut_down,
                    },
                )
            })
            .collect(),
        destroyed: s
            .entities
            .iter()
            .filter(|e| !e.alive)
            .map(|e| e.id.to_string())
            .collect(),
        pickups: s
            .pickups
            .iter()
            .map(|(p, k)| {
                let what = match k {
                    Pickup::Chassis(c) => s.db.chassis(*c).id.clone(),
                    Pickup::Cache(Some(m)) => s.db.module(*m).id.clone(),
                    Pickup::Cache(None) => "empty".into(),
                };
                (p.to_string(), what)
            })
            .collect(),
        rows: rows(s),
        unused_dice: super::dice::Die::ALL
            .into_iter()
            .map(|d| (d.to_string(), s.dice.forced_left(d)))
            .filter(|(_, n)| *n > 0)
            .collect(),
    };
    serde_yaml::to_value(v).unwrap_or(serde_yaml::Value::Null)
}
