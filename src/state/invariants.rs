//! Invariants every reachable state keeps; checked by the property tests after every command.
use super::{flag, State, Zone, NONE};
use crate::ids::CardRef;

impl State {
    /// Lists every broken invariant (empty when the state is consistent).
    pub fn invariant_violations(&self) -> Vec<String> {
        let mut v = Vec::new();
        let is_live_asset = |h: u8| -> bool {
            self.cards
                .get(h as usize)
                .map(|a| a.zone == Zone::Asset)
                .unwrap_or(false)
        };
        let mut upgrades = vec![0u8; self.cards.len()];
        for (r, c) in self.refs() {
            let name = format!("card #{} ({:?})", r.0, c.zone);
            if c.owner.0 >= self.num_players {
                v.push(format!("{name}: owner {} out of range", c.owner));
            }
            if self.db.get(c.card).is_none() {
                v.push(format!("{name}: unknown card id"));
                continue;
            }
            let card = self.db.card(c.card);
            if c.has(flag::FRESH) && c.zone != Zone::Ship {
                v.push(format!("{name}: only ships in play can be fresh"));
            }
            match c.zone {
                Zone::Ship | Zone::Debris => {
                    if card.ship().is_none() {
                        v.push(format!("{name}: not a spacecraft card"));
                    }
                    if !is_live_asset(c.host) {
                        v.push(format!("{name}: host is not an asset in play"));
                    } else if c.orbital >= self.orbital_count(CardRef(c.host)) {
                        v.push(format!("{name}: orbital {} does not exist", c.orbital));
                    }
                    if c.zone == Zone::Ship && c.damage >= self.armor(r) {
                        v.push(format!(
                            "{name}: damage {} ≥ armor but not destroyed",
                            c.damage
                        ));
                    }
                }
                Zone::Upgrade => {
                    if card.upgrade().is_none() {
                        v.push(format!("{name}: not an upgrade card"));
                    }
                    if !is_live_asset(c.host) || self.is_destroyed(CardRef(c.host)) {
                        v.push(format!("{name}: installed on a missing or destroyed asset"));
                    } else {
                        upgrades[c.host as usize] += 1;
                        if self.inst(CardRef(c.host)).owner != c.owner {
                            v.push(format!("{name}: installed on another player's asset"));
                        }
                    }
                    if c.damage >= self.resistance(r) {
                        v.push(format!("{name}: damage ≥ resistance but not destroyed"));
                    }
                }
                Zone::Asset => {
                    if card.asset().is_none() {
                        v.push(format!("{name}: not an asset card"));
                    }
                    if c.host != NONE {
                        v.push(format!("{name}: an asset has no host"));
                    }
                    if !c.has(flag::DESTROYED) && c.damage >= self.resistance(r) {
                        v.push(format!("{name}: damage ≥ resistance but not destroyed"));
                    }
                }
                Zone::Project => match (&card.asset(), c.host) {
                    (Some(_), NONE) => {}
                    (Some(_), _) => v.push(format!("{name}: asset project on an asset")),
                    (None, h) => {
                        if !is_live_asset(h) || self.is_destroyed(CardRef(h)) {
                            v.push(format!("{name}: project on a missing or destroyed asset"));
                        }
                    }
                },
                Zone::Hand | Zone::Deck | Zone::Removed => {
                    if c.host != NONE {
                        v.push(format!("{name}: has a host"));
                    }
                }
            }
        }
        if let Some(i) = upgrades.iter().position(|n| *n > 1) {
            v.push(format!("asset #{i} has {} upgrades", upgrades[i]));
        }
        for (r, c) in self.refs() {
            let linked = (c.link != NONE).then_some(c.link);
            let actual = self
                .refs()
                .find(|(_, u)| u.zone == Zone::Upgrade && u.host == r.0)
                .map(|(u, _)| u.0);
            if c.zone == Zone::Asset && linked != actual {
                v.push(format!(
                    "asset #{}: upgrade link {linked:?} but upgrade {actual:?}",
                    r.0
                ));
            }
            if c.zone != Zone::Asset && linked.is_some() {
                v.push(format!(
                    "card #{} is not an asset but links an upgrade",
                    r.0
                ));
            }
        }
        if self.turn > 0 && !(1..=4).contains(&self.orbit_counter) {
            v.push(format!(
                "orbit counter {} outside 1..=4 (O5)",
                self.orbit_counter
            ));
        }
        if self.cards.windows(2).any(|w| w[0].owner > w[1].owner) {
            v.push("the card table is not grouped by owner in seat order".into());
        }
        for (r, c) in self.refs() {
            let finished_ship = c.zone == Zone::Project
                && self.db.get(c.card).is_some_and(|card| {
                    card.ship().is_some() && c.points >= card.construction_cost
                });
            let hinted = self.maybe_waiting & c.owner.bit() != 0;
            if finished_ship && !hinted {
                v.push(format!(
                    "card #{}: a finished spacecraft waits, but its owner's waiting bit is clear",
                    r.0
                ));
            }
        }
        for p in self.players() {
            if self.deck_kept_sorted(p) && !self.deck_in_draw_order(self.player_range(p)) {
                v.push(format!("{p:?}: deck marked in draw order but it is not"));
            }
        }
        if !self.zones_agree() {
            v.push("the kept zone sets differ from the table's zones".into());
        }
        if self.active.0 >= self.num_players {
            v.push("active player out of range".into());
        }
        v
    }
}
