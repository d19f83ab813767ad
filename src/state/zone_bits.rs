//! Bit sets of cards ([`CardSet`]), and building them by zone in one branch-free pass over a
//! slice of the table: the reference the kept zone sets ([`super::zone_masks`]) are checked
//! against, and what answers while they are not kept (a state just read from a file).
use super::{State, Zone, MAX_CARDS};
use crate::ids::CardRef;
use std::ops::Range;

/// 64-bit words of a bit set over one player's slice (a slice holds at most [`MAX_CARDS`]).
pub(super) const WORDS: usize = MAX_CARDS.div_ceil(64);

/// One bit set over a player's slice of the table: bit `i` is the card at `start + i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CardSet {
    start: usize,
    words: [u64; WORDS],
}

impl CardSet {
    /// The set over the whole table whose bit `i` is the card at table index `i`.
    #[inline]
    pub(crate) fn from_words(words: [u64; WORDS]) -> CardSet {
        CardSet { start: 0, words }
    }

    /// How many cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cards of this set over the whole table (as [`State::table_sets`] gives) whose
    /// table indices lie in `r`: one player's cards of it, with `r` that player's range.
    #[inline]
    pub(crate) fn within(&self, r: Range<usize>) -> CardSet {
        debug_assert_eq!(self.start, 0, "a set over the whole table");
        let mut words = self.words;
        for (w, m) in words.iter_mut().zip(super::zone_masks::range_words(r)) {
            *w &= m;
        }
        CardSet { start: 0, words }
    }

    /// The cards in both sets (two sets over the whole table, as [`State::table_sets`] gives).
    #[inline]
    pub(crate) fn and(mut self, o: &CardSet) -> CardSet {
        debug_assert_eq!((self.start, o.start), (0, 0), "sets over the whole table");
        for (w, m) in self.words.iter_mut().zip(&o.words) {
            *w &= m;
        }
        self
    }

    /// The first word: the whole set on a table of at most 64 cards.
    #[inline(always)]
    pub(crate) fn first_word(&self) -> u64 {
        debug_assert_eq!(self.start, 0, "a set over the whole table");
        self.words[0]
    }

    /// No card.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The cards of the set in table order.
    #[inline]
    pub fn iter(&self) -> Cards<&[u64; WORDS]> {
        Cards {
            cur: self.words[0],
            base: self.start,
            rest: later_words(&self.words),
            start: self.start,
            words: &self.words,
        }
    }

    /// The cards of the set in table order, the set moved into the iterator (for an iterator
    /// that outlives the set's owner).
    #[inline]
    pub fn into_cards(self) -> Cards<[u64; WORDS]> {
        Cards {
            cur: self.words[0],
            base: self.start,
            rest: later_words(&self.words),
            start: self.start,
            words: self.words,
        }
    }
}

/// Bit `w` set for each word `w` after the first that holds a card: the words an iterator still
/// has to read. A two-player table fits in the first word, so its iterators stop as soon as that
/// word is spent instead of reading three empty ones.
#[inline(always)]
fn later_words(words: &[u64; WORDS]) -> u32 {
    if words[1..].iter().fold(0, |a, w| a | w) == 0 {
        return 0;
    }
    let mut rest = 0;
    for (w, &word) in words.iter().enumerate().skip(1) {
        rest |= u32::from(word != 0) << w;
    }
    rest
}

/// The cards of a [`CardSet`], in table order. The word being read and its first card's index
/// are scalars (registers in a loop); the other words are read once each, from the set itself.
/// (A copy of the words here would be read back in other pieces than the set was just written
/// in, and wait on those writes: a set is often built right before it is iterated.)
pub(crate) struct Cards<W> {
    cur: u64,
    base: usize,
    /// The words not read yet that hold cards ([`later_words`]).
    rest: u32,
    /// The index of the first word's first card.
    start: usize,
    words: W,
}

impl<W: std::borrow::Borrow<[u64; WORDS]>> Iterator for Cards<W> {
    type Item = CardRef;

    #[inline]
    fn next(&mut self) -> Option<CardRef> {
        while self.cur == 0 {
            if self.rest == 0 {
                return None;
            }
            let w = self.rest.trailing_zeros() as usize;
            self.rest &= self.rest - 1;
            self.cur = self.words.borrow()[w % WORDS];
            self.base = self.start + 64 * w;
        }
        let i = self.cur.trailing_zeros() as usize;
        self.cur &= self.cur - 1;
        Some(CardRef((self.base + i) as u8))
    }
}

impl State {
    /// The cards of `r` in each of `zones`, one [`CardSet`] per zone, in one pass over them.
    pub(super) fn sets_over<const N: usize>(
        &self,
        r: Range<usize>,
        zones: [Zone; N],
    ) -> [CardSet; N] {
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
                    for p in s.players() {
                        let mine: Vec<CardRef> = s.zone(p, z).map(|(r, _)| r).collect();
                        let cut = set.within(s.player_range(p));
                        assert_eq!(cut.iter().collect::<Vec<_>>(), mine, "{p:?} {z:?}");
                        assert_eq!(cut.len(), mine.len());
                    }
                }
                play_random(&mut s, 25, seed * 100 + step);
            }
        }
    }
}
