//! Triggered abilities (O27) of the active player's cards in play, fired at upkeep or end of turn
//! in card order. A destroyed asset has no abilities (O16).
//!
//! `clear_debris` is the one effect added to O27's set beyond the seed: debris it removes leaves
//! the game (see the rule book, "Clearing debris").
use crate::data::{TriggerEffect, When};
use crate::ids::CardRef;
use crate::rules::{Event, EventSink};
use crate::state::{flag, State, Zone};

pub fn fire(s: &mut State, when: When, ev: &mut impl EventSink) {
    let p = s.active;
    let bit = match when {
        When::Upkeep => crate::data::hot::TRIGGER_UPKEEP,
        When::EndOfTurn => crate::data::hot::TRIGGER_END_OF_TURN,
    };
    // The table is kept for the process: a copy of the reference borrows nothing of the
    // state, and the iterator holds no borrow of it either, so effects below may change it.
    let db = s.db;
    for i in s.trigger_cards(p, bit) {
        let c = s.cards[i];
        let r = CardRef(i as u8);
        // The asset whose orbit the effect concerns, and the orbital for ship effects.
        let (asset, ship_orbital) = match c.zone {
            Zone::Asset if !c.has(flag::DESTROYED) => (r, None),
            Zone::Upgrade => (CardRef(c.host), None),
            Zone::Ship => (CardRef(c.host), Some(c.orbital)),
            _ => continue,
        };
        if db.hot(c.card).triggers & bit == 0 {
            continue;
        }
        let card = db.card(c.card);
        let effects = match when {
            When::Upkeep => &card.upkeep,
            When::EndOfTurn => &card.end_of_turn,
        };
        for &t in effects {
            // A card destroyed by an earlier effect fires nothing more.
            if s.cards[i].zone != c.zone {
                break;
            }
            match t {
                TriggerEffect::Draw(n) => {
                    ev.push(Event::AbilityTriggered { card: r });
                    for _ in 0..n {
                        if let Some(d) = s.draw(p) {
                            ev.push(Event::CardDrawn { player: p, card: d });
                        }
                    }
                }
                TriggerEffect::RepairAsset(n) => {
                    let a = s.inst_mut(asset);
                    let amount = n.min(a.damage);
                    if amount > 0 {
                        a.damage -= amount;
                        ev.push(Event::AbilityTriggered { card: r });
                        ev.push(Event::Repaired { asset, amount });
                    }
                }
                TriggerEffect::DamageEnemyShips { amount, orbital } => {
                    let only = ship_orbital.or(orbital);
                    let targets: Vec<CardRef> = s
                        .ships_at(asset)
                        .filter(|(_, t)| t.owner != p && only.is_none_or(|o| t.orbital == o))
                        .map(|(t, _)| t)
                        .collect();
                    if !targets.is_empty() {
                        ev.push(Event::AbilityTriggered { card: r });
                    }
                    for t in targets {
                        s.damage_ship(t, amount, ev);
                    }
                }
                TriggerEffect::ClearDebris(n) => clear_debris(s, r, asset, ship_orbital, n, ev),
            }
        }
    }
}

/// Removes up to `n` debris from the game: in `only` (a ship's orbital) or in the asset's
/// orbitals, lowest first. `card` is the card whose ability fires.
fn clear_debris(
    s: &mut State,
    card: CardRef,
    asset: CardRef,
    only: Option<u8>,
    n: u8,
    ev: &mut impl EventSink,
) {
    let mut left = n;
    let mut cleared: Vec<(u8, u8)> = Vec::new();
    let orbitals: Vec<u8> = match only {
        Some(o) => vec![o],
        None => {
            let mut v: Vec<u8> = s
                .cards
                .iter()
                .filter(|c| c.zone == Zone::Debris && c.host == asset.0)
                .map(|c| c.orbital)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        }
    };
    for o in orbitals {
        let mut count = 0u8;
        for i in 0..s.cards.len() {
            if left == 0 {
                break;
            }
            let c = s.cards[i];
            if c.zone == Zone::Debris && c.host == asset.0 && c.orbital == o {
                s.set_zone(CardRef(i as u8), Zone::Removed);
                let c = &mut s.cards[i];
                c.host = crate::state::NONE;
                c.orbital = 0;
                c.damage = 0;
                left -= 1;
                count += 1;
            }
        }
        if count > 0 {
            cleared.push((o, count));
        }
    }
    if !cleared.is_empty() {
        ev.push(Event::AbilityTriggered { card });
    }
    for (orbital, count) in cleared {
        ev.push(Event::DebrisCleared {
            asset,
            orbital,
            count,
        });
    }
}
