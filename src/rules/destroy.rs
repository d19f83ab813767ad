//! Damage and destruction of spacecraft (O17), assets (O16) and upgrades.
use super::event::{Event, EventSink};
use crate::ids::CardRef;
use crate::state::{flag, State, Zone};

impl State {
    /// Deals damage to a ship in play; destroys it at damage ≥ armor (O13, O18).
    pub fn damage_ship(&mut self, ship: CardRef, amount: u8, ev: &mut impl EventSink) {
        if amount == 0 || self.inst(ship).zone != Zone::Ship {
            return;
        }
        let armor = self.armor(ship);
        let c = self.inst_mut(ship);
        c.damage = c.damage.saturating_add(amount);
        let total = c.damage;
        ev.push(Event::Damaged {
            card: ship,
            amount,
            total,
        });
        if total >= armor {
            self.destroy_ship(ship, ev);
        }
    }

    /// Turns a ship into debris where it was (O17).
    pub fn destroy_ship(&mut self, ship: CardRef, ev: &mut impl EventSink) {
        self.set_zone(ship, Zone::Debris);
        let c = self.inst_mut(ship);
        c.dv = 0;
        c.damage = 0;
        c.flags = 0;
        let (asset, orbital) = (CardRef(c.host), c.orbital);
        ev.push(Event::ShipDestroyed {
            ship,
            asset,
            orbital,
        });
    }

    /// Deals bombardment damage to an asset or upgrade; destroys it at damage ≥ resistance (O15).
    pub fn damage_structure(&mut self, target: CardRef, amount: u8, ev: &mut impl EventSink) {
        if amount == 0 {
            return;
        }
        let resistance = self.resistance(target);
        let c = self.inst_mut(target);
        c.damage = c.damage.saturating_add(amount);
        let total = c.damage;
        ev.push(Event::Damaged {
            card: target,
            amount,
            total,
        });
        if total >= resistance {
            match self.inst(target).zone {
                Zone::Asset => self.destroy_asset(target, ev),
                Zone::Upgrade => self.destroy_upgrade(target, ev),
                _ => {}
            }
        }
    }

    /// O16: the asset turns upside down, its projects leave the game and its upgrade is destroyed.
    pub fn destroy_asset(&mut self, asset: CardRef, ev: &mut impl EventSink) {
        if self.is_destroyed(asset) {
            return;
        }
        self.inst_mut(asset).set(flag::DESTROYED, true);
        ev.push(Event::AssetDestroyed { asset });
        for i in 0..self.cards.len() {
            let c = self.cards[i];
            if c.host != asset.0 {
                continue;
            }
            let r = CardRef(i as u8);
            match c.zone {
                Zone::Project => {
                    self.set_zone(r, Zone::Removed);
                    self.set_host(r, crate::state::NONE);
                    ev.push(Event::ProjectRemoved { project: r });
                }
                Zone::Upgrade => self.destroy_upgrade(r, ev),
                _ => {}
            }
        }
    }

    /// Destroyed upgrades leave the game (O17).
    pub fn destroy_upgrade(&mut self, upgrade: CardRef, ev: &mut impl EventSink) {
        let host = self.inst(upgrade).host;
        if let Some(h) = self.cards.get_mut(host as usize) {
            if h.link == upgrade.0 {
                h.link = crate::state::NONE;
            }
        }
        self.set_zone(upgrade, Zone::Removed);
        self.set_host(upgrade, crate::state::NONE);
        self.inst_mut(upgrade).damage = 0;
        ev.push(Event::UpgradeDestroyed { upgrade });
    }
}
