//! Tides (M2) and the tide deck (M3, M33): which cells are land now, the pile of cards turned
//! from turn 3, the six cards set aside unseen, and the forecast a weather layer gives.
use super::map::Terrain;
use super::stats::Element;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A tide card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Tide {
    Low,
    Normal,
    High,
}

impl Tide {
    pub fn name(self) -> &'static str {
        match self {
            Tide::Low => "low",
            Tide::Normal => "normal",
            Tide::High => "high",
        }
    }
}

/// Is `t` land at tide `tide` (M2)? Low: reef and swamp are land; normal: swamp only; high:
/// neither.
pub fn is_land(t: Terrain, tide: Tide) -> bool {
    match t {
        Terrain::Sea => false,
        Terrain::Plain | Terrain::Mountain => true,
        Terrain::Swamp => tide != Tide::High,
        Terrain::Reef => tide == Tide::Low,
    }
}

/// The element of a terrain at a tide.
pub fn element_of(t: Terrain, tide: Tide) -> Element {
    if is_land(t, tide) {
        Element::Land
    } else {
        Element::Sea
    }
}

/// Cards per tide (M3).
pub const PER_TIDE: usize = 5;
/// Cards set aside unseen (M3).
pub const ASIDE: usize = 6;

/// The tide deck: `pile` is turned from its end; `aside` is never seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TideDeck {
    pub pile: Vec<Tide>,
    pub aside: Vec<Tide>,
}

fn full_deck() -> Vec<Tide> {
    let mut v = Vec::with_capacity(3 * PER_TIDE);
    for t in [Tide::Low, Tide::Normal, Tide::High] {
        v.extend(std::iter::repeat_n(t, PER_TIDE));
    }
    v
}

impl TideDeck {
    /// A shuffled deck: 6 aside, 9 to turn (M3).
    pub fn new(rng: &mut ChaCha8Rng) -> TideDeck {
        let mut cards = full_deck();
        cards.shuffle(rng);
        let aside = cards.split_off(cards.len() - ASIDE);
        TideDeck { pile: cards, aside }
    }

    /// A forced order (scenarios): `order[0]` is turned first.
    pub fn forced(order: &[Tide]) -> TideDeck {
        TideDeck {
            pile: order.iter().rev().copied().collect(),
            aside: Vec::new(),
        }
    }

    /// The next card to be turned (the weather layer's forecast, M3).
    pub fn next(&self) -> Option<Tide> {
        self.pile.last().copied()
    }

    /// Turns the top card; when it was the last, remakes the pile from every card but the one
    /// turned and sets 6 aside (M33).
    pub fn turn(&mut self, rng: &mut ChaCha8Rng) -> Tide {
        let card = self.pile.pop().unwrap_or(Tide::Normal);
        if self.pile.is_empty() {
            let mut cards = full_deck();
            if let Some(i) = cards.iter().position(|&t| t == card) {
                cards.swap_remove(i);
            }
            cards.shuffle(rng);
            self.aside = cards.split_off(cards.len() - ASIDE);
            self.pile = cards;
        }
        card
    }

    /// Reshuffles every unseen card (pile and aside), keeping the pile's size, and the top card
    /// when `keep_next` (a viewer with a forecast, M23).
    pub fn resample(&mut self, keep_next: bool, rng: &mut ChaCha8Rng) {
        let kept = if keep_next { self.pile.pop() } else { None };
        let n = self.pile.len();
        let mut unseen: Vec<Tide> = self.pile.drain(..).chain(self.aside.drain(..)).collect();
        unseen.shuffle(rng);
        self.aside = unseen.split_off(n.min(unseen.len()));
        self.pile = unseen;
        if let Some(t) = kept {
            self.pile.push(t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn m3_deck_sizes_and_remake() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut d = TideDeck::new(&mut rng);
        assert_eq!((d.pile.len(), d.aside.len()), (9, 6));
        for _ in 0..8 {
            d.turn(&mut rng);
        }
        assert_eq!(d.pile.len(), 1);
        d.turn(&mut rng);
        assert_eq!((d.pile.len(), d.aside.len()), (8, 6));
        assert!(d.next().is_some());
    }

    #[test]
    fn m2_land_by_tide() {
        assert!(is_land(Terrain::Reef, Tide::Low));
        assert!(!is_land(Terrain::Reef, Tide::Normal));
        assert!(is_land(Terrain::Swamp, Tide::Normal));
        assert!(!is_land(Terrain::Swamp, Tide::High));
        assert!(!is_land(Terrain::Sea, Tide::Low));
    }
}
