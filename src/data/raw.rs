//! The first data layer: plain serde structs mirroring the YAML files in `cards/` and `decks/`.
//!
//! Every struct denies unknown fields, so a typo is a load error. Range and cross-reference
//! checks happen in the second layer, [`super::db`].
use super::ability::Ability;
use serde::{Deserialize, Serialize};

/// Spacecraft classes (factory classes of assets).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Fighter,
    Corvette,
    Frigate,
    Capital,
}

impl Class {
    pub const ALL: [Class; 4] = [
        Class::Fighter,
        Class::Corvette,
        Class::Frigate,
        Class::Capital,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Class::Fighter => "fighter",
            Class::Corvette => "corvette",
            Class::Frigate => "frigate",
            Class::Capital => "capital",
        }
    }

    /// Bit for a factory-class set.
    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// One file in `cards/`: any mix of the three sections.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawCardFile {
    #[serde(default)]
    pub spacecraft: Vec<RawSpacecraft>,
    #[serde(default)]
    pub assets: Vec<RawAsset>,
    #[serde(default)]
    pub upgrades: Vec<RawUpgrade>,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawSpacecraft {
    pub id: String,
    pub name: String,
    pub class: Class,
    pub construction_cost: u8,
    pub armor: u8,
    pub bombardment_power: u8,
    pub delta_vee: u8,
    pub accuracy: u8,
    pub population: u8,
    #[serde(default)]
    pub abilities: Vec<Ability>,
    #[serde(default)]
    pub text: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawAsset {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub homeworld: bool,
    pub construction_cost: u8,
    pub construction_power: u8,
    /// 1 to 4 transfer costs, clockwise (O7).
    pub transfer_costs: Vec<u8>,
    /// Entry cost of each orbital, lowest first (O8).
    pub orbitals: Vec<u8>,
    pub bombardment_resistance: u8,
    #[serde(default)]
    pub factories: Vec<Class>,
    pub population: u8,
    #[serde(default)]
    pub abilities: Vec<Ability>,
    #[serde(default)]
    pub text: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawUpgrade {
    pub id: String,
    pub name: String,
    pub construction_cost: u8,
    pub bombardment_resistance: u8,
    #[serde(default)]
    pub abilities: Vec<Ability>,
    #[serde(default)]
    pub text: String,
}

/// One file in `decks/`: a homeworld and 30 card ids in draw order (O2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawDeck {
    pub name: String,
    /// One line on the deck's strategy, shown in the menu and the deck builder.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    pub homeworld: String,
    pub cards: Vec<String>,
}
