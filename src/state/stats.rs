//! Effective stats: printed values plus ability modifiers (O27).
//!
//! A spacecraft gets its own modifiers plus the `to: orbiting` modifiers of the friendly,
//! non-destroyed asset it orbits and of that asset's upgrade. An asset gets its own modifiers plus
//! its upgrade's; a destroyed asset gives nothing (O16). All reads go through the compact
//! [`crate::data::Hot`] table.
use super::{flag, State, Zone, NONE};
use crate::data::{Hot, Mods};
use crate::ids::{CardRef, PlayerId};

fn clamp(base: u8, m: i8) -> u8 {
    (base as i16 + m as i16).clamp(0, u8::MAX as i16) as u8
}

impl State {
    /// Compact stats of the card `r` shows.
    #[inline]
    pub fn hot(&self, r: CardRef) -> &Hot {
        self.db.hot(self.inst(r).card)
    }

    /// One modifier acting on a spacecraft in play (`field` picks which): its own, plus the
    /// `to: orbiting` ones of the friendly, non-destroyed asset it orbits and of that asset's
    /// upgrade, saturating. One field at a time: the stat getters below each read one, many
    /// times per search step.
    #[inline]
    pub fn ship_mod(&self, ship: CardRef, field: impl Fn(&Mods) -> i8) -> i8 {
        let s = self.inst(ship);
        let mut m = field(&self.db.hot(s.card).self_mods);
        if s.zone == Zone::Ship && s.host != NONE {
            let host = self.inst(CardRef(s.host));
            if host.owner == s.owner && !host.has(flag::DESTROYED) {
                let h = self.db.hot(host.card);
                if h.has_orbit_mods {
                    m = m.saturating_add(field(&h.orbit_mods));
                }
                if host.link != NONE {
                    let u = self.db.hot(self.cards[host.link as usize].card);
                    if u.has_orbit_mods {
                        m = m.saturating_add(field(&u.orbit_mods));
                    }
                }
            }
        }
        m
    }

    /// One modifier acting on an asset (`field` picks which): its own plus its upgrade's,
    /// saturating; 0 when destroyed (O16).
    #[inline]
    pub fn asset_mod(&self, asset: CardRef, field: impl Fn(&Mods) -> i8) -> i8 {
        let a = self.inst(asset);
        if a.has(flag::DESTROYED) {
            return 0;
        }
        let own = field(&self.db.hot(a.card).self_mods);
        if a.link == NONE {
            return own;
        }
        own.saturating_add(field(
            &self.db.hot(self.cards[a.link as usize].card).self_mods,
        ))
    }

    /// Maximum delta-vee of a ship, with modifiers.
    pub fn max_dv(&self, ship: CardRef) -> u8 {
        clamp(
            self.hot(ship).delta_vee,
            self.ship_mod(ship, |m| m.delta_vee),
        )
    }

    pub fn armor(&self, ship: CardRef) -> u8 {
        clamp(self.hot(ship).armor, self.ship_mod(ship, |m| m.armor)).max(1)
    }

    pub fn accuracy(&self, ship: CardRef) -> u8 {
        clamp(self.hot(ship).accuracy, self.ship_mod(ship, |m| m.accuracy))
    }

    pub fn bombardment_power(&self, ship: CardRef) -> u8 {
        clamp(
            self.hot(ship).bombardment_power,
            self.ship_mod(ship, |m| m.bombardment),
        )
    }

    /// Construction power of an asset in play (0 if destroyed).
    pub fn construction_power(&self, asset: CardRef) -> u8 {
        if self.is_destroyed(asset) {
            return 0;
        }
        clamp(
            self.hot(asset).construction_power,
            self.asset_mod(asset, |m| m.construction_power),
        )
    }

    /// Cards drawn when this asset researches (O19).
    pub fn research_draws(&self, asset: CardRef) -> u8 {
        clamp(1, self.asset_mod(asset, |m| m.research_draws))
    }

    /// Damage removed when this asset repairs (O20).
    pub fn repair_amount(&self, asset: CardRef) -> u8 {
        clamp(1, self.asset_mod(asset, |m| m.repair))
    }

    /// Bombardment resistance of an asset or upgrade.
    pub fn resistance(&self, target: CardRef) -> u8 {
        self.hot(target).resistance
    }

    /// What one undestroyed asset adds to its owner's population limit (O22): its population
    /// plus its and its upgrade's modifiers.
    #[inline]
    pub fn asset_population(&self, asset: CardRef) -> i16 {
        self.hot(asset).population as i16 + self.asset_mod(asset, |m| m.population) as i16
    }

    /// Population limit (O22): non-destroyed assets plus modifiers.
    pub fn population_limit(&self, p: PlayerId) -> u8 {
        let mut total: i16 = 0;
        for (r, c) in self.zone(p, Zone::Asset) {
            if c.has(flag::DESTROYED) {
                continue;
            }
            total += self.asset_population(r);
        }
        total.clamp(0, u8::MAX as i16) as u8
    }

    /// Population used (O22): spacecraft in play.
    pub fn population_used(&self, p: PlayerId) -> u8 {
        let total: u16 = self
            .zone(p, Zone::Ship)
            .map(|(_, c)| self.db.hot(c.card).population as u16)
            .sum();
        total.min(u8::MAX as u16) as u8
    }

    /// Current transfer cost of an asset (O7).
    pub fn transfer_cost(&self, asset: CardRef) -> u8 {
        self.hot(asset).transfer_cost(self.orbit_counter)
    }

    /// Number of orbitals of an asset.
    pub fn orbital_count(&self, asset: CardRef) -> u8 {
        self.hot(asset).orbital_count
    }

    /// Entry cost of one orbital of an asset.
    pub fn entry_cost(&self, asset: CardRef, orbital: u8) -> u8 {
        self.hot(asset)
            .entry_costs
            .get(orbital as usize)
            .copied()
            .unwrap_or(0)
    }
}
