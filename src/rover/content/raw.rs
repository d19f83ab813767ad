//! The plain serde layer of the content files (R7): every key known, nothing checked beyond
//! types. [`super::Db`] checks the meaning and reports every problem with file and line.
use crate::rover::module::Class;
use serde::{Deserialize, Serialize};

/// One entry of `modules.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawModule {
    pub id: String,
    pub name: String,
    pub class: Class,
    pub energy: u8,
    pub durability: u8,
    pub range: u8,
    #[serde(default)]
    pub data: u8,
    /// `move`, `repair N`, `shield N`, `generate N`, `damage N`, `analyze N`, `stall`, `short`,
    /// `teleport`.
    pub abilities: Vec<String>,
}

/// One entry of `chassis.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawChassis {
    pub id: String,
    pub name: String,
    pub slots: u8,
    pub power: u8,
    pub integrity: u16,
    pub energy: u16,
    #[serde(rename = "move")]
    pub move_cost: u8,
    pub shield_max: u8,
    pub sensitivity: u8,
    pub data_max: u8,
}

/// How an entity type acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RawBehaviour {
    Inert,
    Chase,
    Wander,
    Factory,
}

/// One entry of `entities.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawKind {
    pub id: String,
    pub name: String,
    pub glyph: char,
    #[serde(default)]
    pub hostile: bool,
    pub integrity: u16,
    #[serde(default)]
    pub shield: u8,
    #[serde(default)]
    pub power: u8,
    #[serde(default)]
    pub sensitivity: u8,
    #[serde(default)]
    pub data: u8,
    pub behaviour: RawBehaviour,
    /// Chase: wake distance.
    #[serde(default)]
    pub wake: Option<u8>,
    /// Chase: a ranged module id it fires.
    #[serde(default)]
    pub module: Option<String>,
    /// Factory: the entity type it spawns.
    #[serde(default)]
    pub spawn: Option<String>,
    /// Factory: spawns in rounds divisible by this.
    #[serde(default)]
    pub every: Option<u16>,
    /// Factory: most of its spawns alive at once.
    #[serde(default)]
    pub max: Option<u8>,
}

/// `start.yaml`: the rover's loadout at the start (R18).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawStart {
    pub chassis: String,
    pub slots: Vec<String>,
    #[serde(default)]
    pub bay: Vec<String>,
}

/// A level file (R1, R30).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawLevel {
    pub name: String,
    /// One string per row, top row first (R1 glyphs).
    pub rows: String,
    /// What each `H` and `K` holds, in reading order (R30).
    #[serde(default)]
    pub pickups: Vec<String>,
}
