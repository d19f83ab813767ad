//! Numbers that describe a deck draft: the cost curve, classes, population, construction power
//! and the turn on which each card is drawn (O3, O19), shared by `orbitals deck stats` and the
//! deck builder.
use super::{DeckDraft, OPENING_HAND};
use crate::data::db::{Card, CardDb, CardKind};
use crate::data::deck::DECK_SIZE;
use crate::data::raw::Class;
use crate::ids::CardId;

/// Homeworld cards of the database, in database order.
pub fn homeworlds(db: &CardDb) -> Vec<CardId> {
    db.iter()
        .filter(|(_, c)| c.asset().map(|a| a.homeworld).unwrap_or(false))
        .map(|(id, _)| id)
        .collect()
}

/// Cards researched per turn by the homeworld alone (O19 plus its research-draw modifiers).
pub fn draws_per_turn(homeworld: Option<&Card>) -> usize {
    homeworld
        .map(|c| 1 + c.self_mods.research_draws.max(0) as usize)
        .unwrap_or(1)
}

/// The turn (1-based, the owner's own turns) on which the card at draw position `i` is drawn
/// when only the homeworld researches, `per_turn` cards a turn; `None` for the opening hand.
pub fn draw_turn(i: usize, per_turn: usize) -> Option<usize> {
    (i >= OPENING_HAND).then(|| (i - OPENING_HAND) / per_turn.max(1) + 1)
}

/// Cost-curve buckets: construction cost 0–1, 2, …, 9, and 10 or more.
pub const CURVE_BUCKETS: usize = 10;

/// Label of a cost-curve bucket.
pub fn curve_label(b: usize) -> String {
    match b {
        0 => "≤1".into(),
        b if b + 1 >= CURVE_BUCKETS => format!("{}+", CURVE_BUCKETS),
        b => (b + 1).to_string(),
    }
}

/// Numbers that describe a draft (unknown ids are counted apart and otherwise ignored).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeckStats {
    pub cards: usize,
    pub spacecraft: usize,
    pub assets: usize,
    pub upgrades: usize,
    pub unknown: usize,
    /// Spacecraft per class, in [`Class::ALL`] order.
    pub classes: [usize; 4],
    /// Cards per construction-cost bucket (see [`curve_label`]).
    pub curve: [usize; CURVE_BUCKETS],
    pub total_cost: u32,
    /// Population all the deck's spacecraft need together (O22).
    pub population_needed: u32,
    /// Population of the homeworld (with its modifiers).
    pub population_home: i32,
    /// Population of the homeworld plus every asset and population upgrade in the deck.
    pub population_provided: i32,
    /// Construction power of the homeworld (with its modifiers).
    pub power_home: i32,
    /// Construction power of the homeworld plus every asset and power upgrade in the deck.
    pub power_total: i32,
    /// Classes the deck's spacecraft need that no asset of the deck (homeworld included) builds.
    pub unbuildable: Vec<Class>,
    /// Cards researched per turn by the homeworld alone.
    pub draws_per_turn: usize,
    /// Construction cost of the opening hand.
    pub opening_cost: u32,
}

impl DeckStats {
    pub fn compute(d: &DeckDraft, db: &CardDb) -> DeckStats {
        let mut s = DeckStats {
            cards: d.cards.len(),
            ..DeckStats::default()
        };
        let home = db.lookup(&d.homeworld).map(|id| db.card(id));
        let mut factories = 0u8;
        if let Some(a) = home.and_then(|c| c.asset()) {
            let m = &home.map(|c| c.self_mods).unwrap_or_default();
            s.population_home = a.population as i32 + m.population as i32;
            s.power_home = a.construction_power as i32 + m.construction_power as i32;
            factories |= a.factories;
        }
        s.population_provided = s.population_home;
        s.power_total = s.power_home;
        s.draws_per_turn = draws_per_turn(home);
        let mut needs = 0u8;
        for (i, id) in d.cards.iter().enumerate() {
            let Some(card) = db.lookup(id).map(|c| db.card(c)) else {
                s.unknown += 1;
                continue;
            };
            let cost = card.construction_cost as usize;
            s.curve[cost.saturating_sub(1).min(CURVE_BUCKETS - 1)] += 1;
            s.total_cost += cost as u32;
            if i < OPENING_HAND {
                s.opening_cost += cost as u32;
            }
            let m = card.self_mods;
            match &card.kind {
                CardKind::Spacecraft(sc) => {
                    s.spacecraft += 1;
                    s.classes[sc.class as usize] += 1;
                    s.population_needed += sc.population as u32;
                    needs |= sc.class.bit();
                }
                CardKind::Asset(a) => {
                    s.assets += 1;
                    s.population_provided += a.population as i32 + m.population as i32;
                    s.power_total += a.construction_power as i32 + m.construction_power as i32;
                    factories |= a.factories;
                }
                CardKind::Upgrade(_) => {
                    s.upgrades += 1;
                    s.population_provided += m.population as i32;
                    s.power_total += m.construction_power as i32;
                }
            }
        }
        s.unbuildable = Class::ALL
            .into_iter()
            .filter(|c| needs & c.bit() != 0 && factories & c.bit() == 0)
            .collect();
        s
    }

    /// Mean construction cost of the known cards.
    pub fn average_cost(&self) -> f32 {
        let n = self.cards - self.unknown;
        if n == 0 {
            0.0
        } else {
            self.total_cost as f32 / n as f32
        }
    }

    /// True when the deck holds exactly [`DECK_SIZE`] cards.
    pub fn full(&self) -> bool {
        self.cards == DECK_SIZE
    }
}
