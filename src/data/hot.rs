//! The compact, `Copy` view of each card that the engine reads in its hot loops: every number the
//! rules need, in one small struct per [`crate::ids::CardId`], built once when the database loads.
use super::ability::Mods;
use super::db::{Card, CardKind, MAX_ORBITALS};
use super::raw::Class;

/// What kind of card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HotKind {
    Spacecraft,
    Asset,
    Upgrade,
}

/// Trigger bit: the card has an upkeep trigger.
pub const TRIGGER_UPKEEP: u8 = 1;
/// Trigger bit: the card has an end-of-turn trigger.
pub const TRIGGER_END_OF_TURN: u8 = 2;

/// Printed stats and summed modifiers of one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hot {
    pub kind: HotKind,
    pub class: Class,
    pub cost: u8,
    pub armor: u8,
    pub bombardment_power: u8,
    pub delta_vee: u8,
    pub accuracy: u8,
    pub population: u8,
    pub construction_power: u8,
    pub resistance: u8,
    pub factories: u8,
    pub homeworld: bool,
    pub orbital_count: u8,
    pub entry_costs: [u8; MAX_ORBITALS],
    pub transfer_len: u8,
    pub transfer_costs: [u8; 4],
    pub triggers: u8,
    pub self_mods: Mods,
    pub orbit_mods: Mods,
    pub has_orbit_mods: bool,
}

impl Hot {
    pub fn from_card(c: &Card) -> Hot {
        let mut h = Hot {
            kind: HotKind::Upgrade,
            class: Class::Fighter,
            cost: c.construction_cost,
            armor: 1,
            bombardment_power: 0,
            delta_vee: 0,
            accuracy: 0,
            population: 0,
            construction_power: 0,
            resistance: 1,
            factories: 0,
            homeworld: false,
            orbital_count: 0,
            entry_costs: [0; MAX_ORBITALS],
            transfer_len: 0,
            transfer_costs: [0; 4],
            triggers: ((!c.upkeep.is_empty() as u8) * TRIGGER_UPKEEP)
                | ((!c.end_of_turn.is_empty() as u8) * TRIGGER_END_OF_TURN),
            self_mods: c.self_mods,
            orbit_mods: c.orbit_mods,
            has_orbit_mods: c.orbit_mods != Mods::default(),
        };
        match &c.kind {
            CardKind::Spacecraft(s) => {
                h.kind = HotKind::Spacecraft;
                h.class = s.class;
                h.armor = s.armor;
                h.bombardment_power = s.bombardment_power;
                h.delta_vee = s.delta_vee;
                h.accuracy = s.accuracy;
                h.population = s.population;
            }
            CardKind::Asset(a) => {
                h.kind = HotKind::Asset;
                h.construction_power = a.construction_power;
                h.resistance = a.bombardment_resistance;
                h.factories = a.factories;
                h.homeworld = a.homeworld;
                h.population = a.population;
                h.orbital_count = a.orbitals.len().min(MAX_ORBITALS) as u8;
                for (i, e) in a.orbitals.iter().take(MAX_ORBITALS).enumerate() {
                    h.entry_costs[i] = *e;
                }
                h.transfer_len = a.transfer_costs.len().min(4) as u8;
                for (i, t) in a.transfer_costs.iter().take(4).enumerate() {
                    h.transfer_costs[i] = *t;
                }
            }
            CardKind::Upgrade(u) => {
                h.resistance = u.bombardment_resistance;
            }
        }
        h
    }

    /// Current transfer cost for an orbit counter value (O7).
    pub fn transfer_cost(&self, counter: u8) -> u8 {
        let len = self.transfer_len.max(1) as usize;
        self.transfer_costs[(counter.max(1) as usize - 1) % len]
    }

    pub fn has_factory(&self, class: Class) -> bool {
        self.factories & class.bit() != 0
    }
}
