//! Effective stats: printed values plus ability modifiers (O27).
//!
//! A spacecraft gets its own modifiers plus the `to: orbiting` modifiers of the friendly,
//! non-destroyed asset it orbits and of that asset's upgrade. An asset gets its own modifiers plus
//! its upgrade's; a destroyed asset gives nothing (O16).
use super::{flag, State, Zone};
use crate::data::Mods;
use crate::ids::{CardRef, PlayerId};

fn clamp(base: u8, m: i8) -> u8 {
    (base as i16 + m as i16).clamp(0, u8::MAX as i16) as u8
}

impl State {
    /// Summed modifiers acting on a spacecraft in play.
    pub fn ship_mods(&self, ship: CardRef) -> Mods {
        let s = self.inst(ship);
        let mut m = self.db.card(s.card).self_mods;
        if s.zone == Zone::Ship && s.host != super::NONE {
            let host = self.inst(CardRef(s.host));
            if host.owner == s.owner && !host.has(flag::DESTROYED) {
                m.add(&self.db.card(host.card).orbit_mods);
                if let Some(u) = self.upgrade_of(CardRef(s.host)) {
                    m.add(&self.db.card(self.inst(u).card).orbit_mods);
                }
            }
        }
        m
    }

    /// Summed modifiers acting on an asset (zero when destroyed, O16).
    pub fn asset_mods(&self, asset: CardRef) -> Mods {
        let a = self.inst(asset);
        if a.has(flag::DESTROYED) {
            return Mods::default();
        }
        let mut m = self.db.card(a.card).self_mods;
        if let Some(u) = self.upgrade_of(asset) {
            m.add(&self.db.card(self.inst(u).card).self_mods);
        }
        m
    }

    /// Maximum delta-vee of a ship, with modifiers.
    pub fn max_dv(&self, ship: CardRef) -> u8 {
        let base = self.card_of(ship).ship().map(|s| s.delta_vee).unwrap_or(0);
        clamp(base, self.ship_mods(ship).delta_vee)
    }

    pub fn armor(&self, ship: CardRef) -> u8 {
        let base = self.card_of(ship).ship().map(|s| s.armor).unwrap_or(1);
        clamp(base, self.ship_mods(ship).armor).max(1)
    }

    pub fn accuracy(&self, ship: CardRef) -> u8 {
        let base = self.card_of(ship).ship().map(|s| s.accuracy).unwrap_or(0);
        clamp(base, self.ship_mods(ship).accuracy)
    }

    pub fn bombardment_power(&self, ship: CardRef) -> u8 {
        let base = self
            .card_of(ship)
            .ship()
            .map(|s| s.bombardment_power)
            .unwrap_or(0);
        clamp(base, self.ship_mods(ship).bombardment)
    }

    /// Construction power of an asset in play (0 if destroyed).
    pub fn construction_power(&self, asset: CardRef) -> u8 {
        if self.is_destroyed(asset) {
            return 0;
        }
        let base = self
            .card_of(asset)
            .asset()
            .map(|a| a.construction_power)
            .unwrap_or(0);
        clamp(base, self.asset_mods(asset).construction_power)
    }

    /// Cards drawn when this asset researches (O19).
    pub fn research_draws(&self, asset: CardRef) -> u8 {
        clamp(1, self.asset_mods(asset).research_draws)
    }

    /// Damage removed when this asset repairs (O20).
    pub fn repair_amount(&self, asset: CardRef) -> u8 {
        clamp(1, self.asset_mods(asset).repair)
    }

    /// Bombardment resistance of an asset or upgrade.
    pub fn resistance(&self, target: CardRef) -> u8 {
        let c = self.card_of(target);
        c.asset()
            .map(|a| a.bombardment_resistance)
            .or_else(|| c.upgrade().map(|u| u.bombardment_resistance))
            .unwrap_or(1)
    }

    /// Population limit (O22): non-destroyed assets plus modifiers.
    pub fn population_limit(&self, p: PlayerId) -> u8 {
        let mut total: i16 = 0;
        for (r, c) in self.zone(p, Zone::Asset) {
            if c.has(flag::DESTROYED) {
                continue;
            }
            let base = self
                .db
                .card(c.card)
                .asset()
                .map(|a| a.population)
                .unwrap_or(0);
            total += base as i16 + self.asset_mods(r).population as i16;
        }
        total.clamp(0, u8::MAX as i16) as u8
    }

    /// Population used (O22): spacecraft in play.
    pub fn population_used(&self, p: PlayerId) -> u8 {
        let total: u16 = self
            .zone(p, Zone::Ship)
            .map(|(_, c)| {
                self.db
                    .card(c.card)
                    .ship()
                    .map(|s| s.population)
                    .unwrap_or(0) as u16
            })
            .sum();
        total.min(u8::MAX as u16) as u8
    }

    /// Current transfer cost of an asset (O7).
    pub fn transfer_cost(&self, asset: CardRef) -> u8 {
        self.card_of(asset)
            .asset()
            .map(|a| a.transfer_cost(self.orbit_counter))
            .unwrap_or(0)
    }

    /// Number of orbitals of an asset.
    pub fn orbital_count(&self, asset: CardRef) -> u8 {
        self.card_of(asset)
            .asset()
            .map(|a| a.orbitals.len() as u8)
            .unwrap_or(0)
    }

    /// Entry cost of one orbital of an asset.
    pub fn entry_cost(&self, asset: CardRef, orbital: u8) -> u8 {
        self.card_of(asset)
            .asset()
            .and_then(|a| a.orbitals.get(orbital as usize).copied())
            .unwrap_or(0)
    }
}
