//! Bit sets of one player's cards by zone, built in one branch-free pass over the player's
//! slice of the table. The legal-command lists, drawing and deploying read them instead of
//! matching every card's zone one by one: random playouts and searches list legal commands
//! millions of times, and a zone match per card is a badly predicted branch.
use super::{State, Zone, MAX_CARDS};
use crate::ids::{CardRef, PlayerId};
use std::ops::Range;

/// 64-bit words of a bit set over one player's slice (a slice holds at most [`MAX_CARDS`]).
const WORDS: usize = MAX_CARDS.div_ceil(64);

/// One bit set over a player's slice of the table: bit `i` is the card at `start + i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CardSet {
    start: usize,
    words: [u64; WORDS],
}

impl CardSet {
    /// No card.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The cards of the set in table order.
    pub fn iter(&self) -> Cards {
        Cards {
            start: self.start,
            words: self.words,
            word: 0,
        }
    }
}

/// The cards of a [`CardSet`], in table order.
pub(crate) struct Cards {
    start: usize,
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for Cards {
    type Item = CardRef;

    #[inline]
    fn next(&mut self) -> Option<CardRef> {
        while self.word < WORDS {
            let m = &mut self.words[self.word];
            if *m != 0 {
                let i = m.trailing_zeros() as usize;
                *m &= *m - 1;
                return Some(CardRef((self.start + self.word * 64 + i) as u8));
            }
            self.word += 1;
        }
        None
    }
}

impl State {
    /// `p`'s cards in each of `zones`, one [`CardSet`] per zone, in one pass over their slice.
    pub(crate) fn zone_sets<const N: usize>(&self, p: PlayerId, zones: [Zone; N]) -> [CardSet; N] {
        self.sets_over(self.player_range(p), zones)
    }

    /// Every player's cards in each of `zones`, in one pass over the whole table.
    pub(crate) fn table_sets<const N: usize>(&self, zones: [Zone; N]) -> [CardSet; N] {
        self.sets_over(0..self.cards.len(), zones)
    }

    fn sets_over<const N: usize>(&self, r: Range<usize>, zones: [Zone; N]) -> [CardSet; N] {
        let mut sets = [CardSet {
            start: r.start,
            words: [0; WORDS],
        }; N];
        // 64 cards at a time into registers, one word of every set per chunk.
        for (w, chunk) in self.cards[r].chunks(64).enumerate().take(WORDS) {
            let mut acc = [0u64; N];
            for (i, c) in chunk.iter().enumerate() {
                for (a, &z) in acc.iter_mut().zip(&zones) {
                    *a |= u64::from(c.zone == z) << i;
                }
            }
            for (set, a) in sets.iter_mut().zip(acc) {
                set.words[w] = a;
            }
        }
        sets
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::{new_state, play_random};

    /// The sets hold exactly the cards a zone search finds, in table order, for every player
    /// and zone through random games.
    #[test]
    fn sets_agree_with_a_zone_search() {
        let zones = Zone::ALL;
        for seed in 0..6 {
            let mut s = new_state(seed);
            for step in 0..40 {
                for p in s.players() {
                    let sets = s.zone_sets(p, zones);
                    for (set, &z) in sets.iter().zip(&zones) {
                        let want: Vec<CardRef> = s.zone(p, z).map(|(r, _)| r).collect();
                        let got: Vec<CardRef> = set.iter().collect();
                        assert_eq!(got, want, "seed {seed} step {step} {p:?} {z:?}");
                        assert_eq!(set.is_empty(), want.is_empty());
                    }
                }
                let sets = s.table_sets(zones);
                for (set, &z) in sets.iter().zip(&zones) {
                    let want: Vec<CardRef> = s
                        .refs()
                        .filter(|(_, c)| c.zone == z)
                        .map(|(r, _)| r)
                        .collect();
                    assert_eq!(set.iter().collect::<Vec<_>>(), want, "seed {seed} {z:?}");
                }
                play_random(&mut s, 25, seed * 100 + step);
            }
        }
    }
}
