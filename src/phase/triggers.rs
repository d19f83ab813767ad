//! Triggered abilities (O27) of the active player's cards in play, fired at upkeep or end of turn
//! in card order. A destroyed asset has no abilities (O16).
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
    let db = std::sync::Arc::clone(&s.db);
    // The iterator holds no borrow of the state: effects below may change it.
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
            }
        }
    }
}
