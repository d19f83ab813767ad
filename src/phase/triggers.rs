//! Triggered abilities (O27) of the active player's cards in play, fired at upkeep or end of turn
//! in card order. A destroyed asset has no abilities (O16).
//!
//! `clear_debris` is the one effect added to O27's set beyond the seed: debris it removes leaves
//! the game (see the rule book, "Clearing debris").
use crate::data::{TriggerEffect, When};
use crate::ids::CardRef;
use crate::rules::{Event, EventSink};
use crate::state::{by_shape, flag, State, TableBits, Zone};

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
/// orbitals, lowest first, each orbital's in table order. `card` is the card whose ability
/// fires. Allocates nothing: a homeworld's sweep fires every turn, mostly over clean orbitals.
fn clear_debris(
    s: &mut State,
    card: CardRef,
    asset: CardRef,
    only: Option<u8>,
    n: u8,
    ev: &mut impl EventSink,
) {
    // The orbital being swept and the pieces taken from it so far.
    let mut swept: Option<(u8, u8)> = None;
    for _ in 0..n {
        // The debris set as it is now: a piece removed below has left the zone.
        let next = by_shape!(s, next_debris(s, asset, only));
        let Some((r, orbital)) = next else { break };
        s.set_zone(r, Zone::Removed);
        s.set_host(r, crate::state::NONE);
        let c = s.inst_mut(r);
        c.orbital = 0;
        c.damage = 0;
        swept = match swept {
            Some((o, count)) if o == orbital => Some((o, count + 1)),
            Some(done) => {
                cleared(asset, done, ev);
                Some((orbital, 1))
            }
            None => {
                ev.push(Event::AbilityTriggered { card });
                Some((orbital, 1))
            }
        };
    }
    if let Some(done) = swept {
        cleared(asset, done, ev);
    }
}

/// The piece a sweep takes next, with its orbital: at `asset` (in `only` if given), in the
/// lowest orbital, the first in table order there.
#[inline(always)]
fn next_debris<B: TableBits>(s: &State, asset: CardRef, only: Option<u8>) -> Option<(CardRef, u8)> {
    let [debris] = B::table(s, [Zone::Debris]);
    let mut best: Option<(CardRef, u8)> = None;
    for r in debris.at_hosts(s, asset.0, asset.0).cards() {
        let c = &s.cards[r.index()];
        if c.host != asset.0 || only.is_some_and(|o| c.orbital != o) {
            continue;
        }
        if best.is_none_or(|(_, o)| c.orbital < o) {
            best = Some((r, c.orbital));
            // Nothing later in table order comes before a piece in the lowest orbital there
            // can be.
            if only.is_some() || c.orbital == 0 {
                break;
            }
        }
    }
    best
}

/// The event of one orbital's sweep: `count` pieces taken from `orbital`.
fn cleared(asset: CardRef, (orbital, count): (u8, u8), ev: &mut impl EventSink) {
    ev.push(Event::DebrisCleared {
        asset,
        orbital,
        count,
    });
}
