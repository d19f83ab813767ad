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
/// The allowed values of a numeric card field. The card database checks them and the JSON
/// Schema (`orbitals schema`) carries them, so an editor and the loader agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    pub min: u8,
    pub max: u8,
}

/// Every numeric card field's [`Limit`].
pub mod limit {
    use super::Limit;
    /// A spacecraft's or an upgrade's construction cost.
    pub const COST: Limit = Limit { min: 1, max: 60 };
    /// An asset's construction cost (0: it cannot be built as a project).
    pub const ASSET_COST: Limit = Limit { min: 0, max: 60 };
    pub const ARMOR: Limit = Limit { min: 1, max: 30 };
    pub const BOMBARDMENT_POWER: Limit = Limit { min: 0, max: 30 };
    pub const DELTA_VEE: Limit = Limit { min: 0, max: 20 };
    pub const ACCURACY: Limit = Limit { min: 0, max: 12 };
    pub const POPULATION: Limit = Limit { min: 0, max: 30 };
    pub const CONSTRUCTION_POWER: Limit = Limit { min: 0, max: 20 };
    pub const BOMBARDMENT_RESISTANCE: Limit = Limit { min: 1, max: 60 };
    /// One transfer cost or one orbital's entry cost.
    pub const COST_PER_STEP: Limit = Limit { min: 0, max: 20 };
    /// How many transfer costs an asset lists (O7).
    pub const TRANSFER_COSTS: Limit = Limit { min: 1, max: 4 };
    /// How many orbitals an asset has.
    pub const ORBITALS: Limit = Limit { min: 1, max: 8 };
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
    #[schemars(range(min = limit::COST.min, max = limit::COST.max))]
    pub construction_cost: u8,
    #[schemars(range(min = limit::ARMOR.min, max = limit::ARMOR.max))]
    pub armor: u8,
    #[schemars(range(min = limit::BOMBARDMENT_POWER.min, max = limit::BOMBARDMENT_POWER.max))]
    pub bombardment_power: u8,
    #[schemars(range(min = limit::DELTA_VEE.min, max = limit::DELTA_VEE.max))]
    pub delta_vee: u8,
    #[schemars(range(min = limit::ACCURACY.min, max = limit::ACCURACY.max))]
    pub accuracy: u8,
    #[schemars(range(min = limit::POPULATION.min, max = limit::POPULATION.max))]
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
    #[schemars(range(min = limit::ASSET_COST.min, max = limit::ASSET_COST.max))]
    pub construction_cost: u8,
    #[schemars(range(min = limit::CONSTRUCTION_POWER.min, max = limit::CONSTRUCTION_POWER.max))]
    pub construction_power: u8,
    /// 1 to 4 transfer costs, clockwise (O7).
    #[schemars(length(min = limit::TRANSFER_COSTS.min, max = limit::TRANSFER_COSTS.max), inner(range(min = limit::COST_PER_STEP.min, max = limit::COST_PER_STEP.max)))]
    pub transfer_costs: Vec<u8>,
    /// Entry cost of each orbital, lowest first (O8).
    #[schemars(length(min = limit::ORBITALS.min, max = limit::ORBITALS.max), inner(range(min = limit::COST_PER_STEP.min, max = limit::COST_PER_STEP.max)))]
    pub orbitals: Vec<u8>,
    #[schemars(range(min = limit::BOMBARDMENT_RESISTANCE.min, max = limit::BOMBARDMENT_RESISTANCE.max))]
    pub bombardment_resistance: u8,
    #[serde(default)]
    pub factories: Vec<Class>,
    #[schemars(range(min = limit::POPULATION.min, max = limit::POPULATION.max))]
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
    #[schemars(range(min = limit::COST.min, max = limit::COST.max))]
    pub construction_cost: u8,
    #[schemars(range(min = limit::BOMBARDMENT_RESISTANCE.min, max = limit::BOMBARDMENT_RESISTANCE.max))]
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
