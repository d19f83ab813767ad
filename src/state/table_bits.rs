//! Sets of cards in the shape a table needs: one register ([`Word`]) on a table of at most 64
//! cards (every two-player game), the four-word [`CardSet`] on any other. The hot questions of
//! the rules and the evaluation are written once against [`TableBits`] and run on either; the
//! caller picks the shape once per call ([`State::one_word`]). A one-word table answers a zone
//! question in a few register operations, where a [`CardSet`] is written to the stack and read
//! back.
use super::zone_bits::{CardSet, Cards, WORDS};
use super::zone_masks::range_words;
use super::{State, Zone};
use crate::ids::{CardRef, PlayerId};
use std::ops::Range;

/// A set of cards of a table of at most 64 cards: bit `i` is the card at table index `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Word(pub(crate) u64);

/// The cards of a [`Word`], in table order.
pub(crate) struct WordCards(u64);

impl Iterator for WordCards {
    type Item = CardRef;

    #[inline]
    fn next(&mut self) -> Option<CardRef> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(CardRef(i as u8))
    }
}

/// Runs a function generic over [`TableBits`] with the shape the table takes
/// ([`State::one_word`]): `by_shape!(s, legal_in(s, out))` is `legal_in::<Word>(s, out)` on a
/// one-word table and `legal_in::<CardSet>(s, out)` on any other; `by_shape!(s, x.f(a))` calls
/// a method the same way.
macro_rules! by_shape {
    ($s:expr, $f:ident($($arg:expr),* $(,)?)) => {
        if $s.one_word() {
            $f::<$crate::state::Word>($($arg),*)
        } else {
            $f::<$crate::state::CardSet>($($arg),*)
        }
    };
    ($s:expr, $x:ident.$f:ident($($arg:expr),* $(,)?)) => {
        if $s.one_word() {
            $x.$f::<$crate::state::Word>($($arg),*)
        } else {
            $x.$f::<$crate::state::CardSet>($($arg),*)
        }
    };
}
pub(crate) use by_shape;

/// The cards of one zone from a [`Word`] or a [`CardSet`], for the iterators a caller keeps one
/// type of ([`State::zone`]): the branch between the two is the same on every step.
pub(crate) enum ZoneCards {
    Word(WordCards),
    Set(Cards<[u64; WORDS]>),
}

impl ZoneCards {
    /// The cards of `word` if there is one, else of the set `set` gives.
    #[inline(always)]
    pub(crate) fn of(word: Option<Word>, set: impl FnOnce() -> CardSet) -> ZoneCards {
        match word {
            Some(w) => ZoneCards::Word(w.cards()),
            None => ZoneCards::Set(set().cards()),
        }
    }
}

impl Iterator for ZoneCards {
    type Item = CardRef;

    #[inline(always)]
    fn next(&mut self) -> Option<CardRef> {
        match self {
            ZoneCards::Word(w) => w.next(),
            ZoneCards::Set(c) => c.next(),
        }
    }
}

/// What the rules and the evaluation ask of a set of cards.
pub(crate) trait CardBits: Copy {
    type Cards: Iterator<Item = CardRef>;
    /// The cards in table order.
    fn cards(self) -> Self::Cards;
    /// No card.
    fn none(self) -> bool;
    /// How many cards.
    fn count(self) -> usize;
    /// The cards whose table indices lie in `r` (one player's, with `r` that player's range).
    fn within(self, r: Range<usize>) -> Self;
}

/// A [`CardBits`] that a state's kept zone sets can be read into: the type parameter of the
/// code written once for both shapes.
pub(crate) trait TableBits: CardBits {
    /// Table indices the shape holds: a table of this shape has at most this many cards.
    const CAPACITY: usize;
    /// Every player's cards in each of `zones`.
    fn table<const N: usize>(s: &State, zones: [Zone; N]) -> [Self; N];
    /// `p`'s cards in each of `zones`.
    fn player<const N: usize>(s: &State, p: PlayerId, zones: [Zone; N]) -> [Self; N];
    /// [`State::in_play_or_built`].
    fn in_play_or_built(s: &State) -> Self;
    /// This set's cards on or at the asset at table index `a` or `b` (either may be
    /// [`super::NONE`]: a project on the field) and, for a [`CardSet`], the others too: the
    /// caller still checks each card's host, and a [`Word`] spares it the cards elsewhere.
    fn at_hosts(self, s: &State, a: u8, b: u8) -> Self;
}

impl CardBits for Word {
    type Cards = WordCards;

    #[inline(always)]
    fn cards(self) -> WordCards {
        WordCards(self.0)
    }

    #[inline(always)]
    fn none(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline(always)]
    fn within(self, r: Range<usize>) -> Word {
        Word(self.0 & range_words(r)[0])
    }
}

impl CardBits for CardSet {
    type Cards = Cards<[u64; WORDS]>;

    #[inline]
    fn cards(self) -> Self::Cards {
        self.into_cards()
    }

    #[inline]
    fn none(self) -> bool {
        self.is_empty()
    }

    #[inline]
    fn count(self) -> usize {
        self.len()
    }

    #[inline]
    fn within(self, r: Range<usize>) -> CardSet {
        CardSet::within(&self, r)
    }
}

/// Read from the kept sets of a table for which [`State::one_word`] holds: the callers choose
/// [`Word`] only then.
impl TableBits for Word {
    const CAPACITY: usize = 64;

    #[inline(always)]
    fn table<const N: usize>(s: &State, zones: [Zone; N]) -> [Word; N] {
        s.words_of(range_words(0..s.cards.len())[0], zones)
    }

    #[inline(always)]
    fn player<const N: usize>(s: &State, p: PlayerId, zones: [Zone; N]) -> [Word; N] {
        s.words_of(range_words(s.player_range(p))[0], zones)
    }

    #[inline(always)]
    fn in_play_or_built(s: &State) -> Word {
        debug_assert!(s.one_word());
        Word(State::in_play_or_built(s).first_word())
    }

    #[inline(always)]
    fn at_hosts(self, s: &State, a: u8, b: u8) -> Word {
        let hosted = if a == b {
            s.hosted_word(a)
        } else {
            s.hosted_word(a) | s.hosted_word(b)
        };
        Word(self.0 & hosted)
    }
}

impl TableBits for CardSet {
    const CAPACITY: usize = WORDS * 64;

    #[inline(always)]
    fn table<const N: usize>(s: &State, zones: [Zone; N]) -> [CardSet; N] {
        s.table_sets(zones)
    }

    #[inline(always)]
    fn player<const N: usize>(s: &State, p: PlayerId, zones: [Zone; N]) -> [CardSet; N] {
        s.zone_sets(p, zones)
    }

    #[inline(always)]
    fn in_play_or_built(s: &State) -> CardSet {
        State::in_play_or_built(s)
    }

    #[inline(always)]
    fn at_hosts(self, _: &State, _: u8, _: u8) -> CardSet {
        self
    }
}

impl State {
    /// Does the table fit in one [`Word`] (at most 64 cards), with its zone sets kept? Code
    /// written against [`TableBits`] runs with [`Word`] then, with [`CardSet`] otherwise.
    #[inline(always)]
    pub(crate) fn one_word(&self) -> bool {
        self.zones.valid && self.cards.len() <= 64
    }

    /// `p`'s cards in each of `zones` as one [`Word`] each, if [`State::one_word`] holds;
    /// `None` on any other table (ask [`State::zone_sets`] then).
    #[inline(always)]
    pub(crate) fn zone_words<const N: usize>(
        &self,
        p: PlayerId,
        zones: [Zone; N],
    ) -> Option<[Word; N]> {
        let mask = || range_words(self.player_range(p))[0];
        self.one_word().then(|| self.words_of(mask(), zones))
    }

    /// Every player's cards in each of `zones` as one [`Word`] each, as
    /// [`State::zone_words`] gives a player's.
    #[inline(always)]
    pub(crate) fn table_words<const N: usize>(&self, zones: [Zone; N]) -> Option<[Word; N]> {
        let mask = || range_words(0..self.cards.len())[0];
        self.one_word().then(|| self.words_of(mask(), zones))
    }

    /// The kept sets of `zones` cut to `mask`, on a table for which [`State::one_word`] holds.
    #[inline(always)]
    fn words_of<const N: usize>(&self, mask: u64, zones: [Zone; N]) -> [Word; N] {
        debug_assert!(self.one_word());
        let mut out = [Word(0); N];
        for (o, &z) in out.iter_mut().zip(&zones) {
            *o = Word(self.zones.of_zone::<1>(z, [mask, 0, 0, 0])[0]);
        }
        out
    }

    /// [`State::in_play`] as one [`Word`], on a table of at most 64 cards whose sets are kept.
    #[inline(always)]
    pub(crate) fn in_play_word(&self) -> Option<Word> {
        if !self.one_word() {
            return None;
        }
        let [zero, one, two] = self.zones.planes.map(|p| p[0]);
        Some(Word(
            range_words(0..self.cards.len())[0] & (one ^ two) & !(zero & two),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::{new_state, play_random};

    /// The one-word sets of a table of at most 64 cards hold the cards of the kept sets; a
    /// larger table, or one whose sets are not kept, has none (its questions take the sets).
    #[test]
    fn words_equal_sets_on_small_tables_only() {
        use crate::state::CardBits;
        let cards = |w: Word| w.cards().collect::<Vec<_>>();
        for seed in 0..4 {
            let mut s = new_state(seed);
            assert!(s.cards.len() <= 64);
            for step in 0..30 {
                for p in s.players() {
                    let words = s.zone_words(p, Zone::ALL).expect("a two-player table");
                    let sets = s.zone_sets(p, Zone::ALL);
                    for (w, set) in words.iter().zip(&sets) {
                        assert_eq!(cards(*w), set.iter().collect::<Vec<_>>(), "{seed} {step}");
                        assert_eq!(w.none(), set.is_empty());
                    }
                }
                let words = s.table_words(Zone::ALL).expect("a two-player table");
                for (w, set) in words.iter().zip(&s.table_sets(Zone::ALL)) {
                    assert_eq!(cards(*w), set.iter().collect::<Vec<_>>(), "{seed} {step}");
                }
                // The host planes: every card on or at each asset, and on no asset.
                let all = Word(range_words(0..s.cards.len())[0]);
                let hosts = (0..s.cards.len() as u8).chain([crate::state::NONE]);
                for (h, g) in hosts.clone().zip(hosts.skip(1)) {
                    let searched = |h: u8| s.refs().filter(move |(_, c)| c.host == h);
                    let want: Vec<CardRef> = searched(h).map(|(r, _)| r).collect();
                    assert_eq!(cards(Word(all.0 & s.hosted_word(h))), want, "{seed} {step}");
                    let mut both: Vec<CardRef> =
                        searched(h).chain(searched(g)).map(|(r, _)| r).collect();
                    both.sort_unstable_by_key(|r| r.index());
                    assert_eq!(cards(all.at_hosts(&s, h, g)), both, "{seed} {step} {h} {g}");
                }
                play_random(&mut s, 25, seed * 100 + step);
            }
            let text = serde_yaml::to_string(&s).unwrap();
            let back: State = serde_yaml::from_str(&text).unwrap();
            assert!(back.zone_words(PlayerId(0), [Zone::Hand]).is_none());
            assert!(back.table_words([Zone::Ship]).is_none());
        }
        let (db, decks) = crate::agent::testkit::db_and_decks();
        let three = [decks[0].clone(), decks[1].clone(), decks[0].clone()];
        let s = crate::rules::new_game(db, &three, 1).0;
        assert!(s.cards.len() > 64);
        assert!(s.zone_words(PlayerId(0), [Zone::Hand]).is_none());
        assert!(s.table_words([Zone::Hand]).is_none());
        for p in s.players() {
            let [hand] = s.zone_sets(p, [Zone::Hand]);
            assert!(s.zone(p, Zone::Hand).map(|(r, _)| r).eq(hand.iter()));
        }
    }
}
