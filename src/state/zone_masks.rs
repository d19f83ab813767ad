//! Every card's zone as bit sets over the whole table, kept up to date as cards move
//! ([`State::set_zone`]) rather than rebuilt from the table on every question: the legal-command
//! lists, drawing, deploying and the evaluation read a player's cards by zone millions of times
//! in random playouts and searches.
//!
//! The eight zones are three bits of a card: the sets keep one bit plane per bit (bit `i` of a
//! plane is that bit of the zone of the card at table index `i`), so a zone's set is three
//! words ANDed a word of the table, and the planes are a small part of a state to clone. A
//! player's cards in a zone are the zone's set cut to the player's slice of the table. The sets are not part of the game's value
//! (not serialized, not compared): [`State::reindex`] builds them, and until then (a state just
//! read from a file) every question falls back to a pass over the table.
//!
//! Beside them, the host byte of each of the first 64 cards as eight bit planes, kept as
//! cards move between assets ([`State::set_host`]): on a table of one word the cards at an
//! asset (its projects, the ships in its orbit, the debris there) are a few operations.
use super::zone_bits::{CardSet, WORDS};
use super::{Inst, State, Zone};
use crate::ids::{CardRef, PlayerId};
use std::ops::Range;

/// Bits of a zone number ([`Zone::ALL`] has eight zones).
const PLANES: usize = 3;
const _: () = assert!(Zone::ALL.len() <= 1 << PLANES);

/// Is zone `z` one of [`State::in_play_or_built`]'s, by its number's two upper bits?
const fn upper_bits_differ(z: Zone) -> bool {
    let z = z as u8;
    (z >> 1 ^ z >> 2) & 1 == 1
}
const _: () = {
    let mut k = 0;
    while k < Zone::ALL.len() {
        let z = Zone::ALL[k];
        let built = matches!(z, Zone::Ship | Zone::Asset | Zone::Upgrade | Zone::Project);
        assert!(upper_bits_differ(z) == built);
        k += 1;
    }
};

/// The zones of every card over the whole table, as bit planes of the zone numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ZoneMasks {
    /// False until built for the current table (see the module comment).
    pub(super) valid: bool,
    pub(super) planes: [[u64; WORDS]; PLANES],
    /// The host byte of each of the table's first 64 cards, as eight bit planes: on a table
    /// of one word ([`State::one_word`]) the cards on or at an asset are eight operations
    /// ([`State::hosted_word`]) instead of a pass over a zone's cards.
    hosts: [u64; 8],
}

impl ZoneMasks {
    /// The sets of `cards`, built from scratch.
    pub(crate) fn of(cards: &[Inst]) -> ZoneMasks {
        let mut m = ZoneMasks {
            valid: true,
            ..ZoneMasks::default()
        };
        for (i, c) in cards.iter().enumerate().take(WORDS * 64) {
            m.put(i, c.zone);
            m.put_host(i, c.host);
        }
        m
    }

    /// Card `i` is now on or at `host`.
    #[inline]
    fn put_host(&mut self, i: usize, host: u8) {
        if i < 64 {
            let bit = 1u64 << i;
            for (k, plane) in self.hosts.iter_mut().enumerate() {
                let on = (host as u64 >> k) & 1;
                *plane = (*plane & !bit) | (bit * on);
            }
        }
    }

    /// Card `i` is now in zone `z`.
    #[inline]
    fn put(&mut self, i: usize, z: Zone) {
        let (w, bit) = (i / 64, 1u64 << (i % 64));
        if w < WORDS {
            for (k, plane) in self.planes.iter_mut().enumerate() {
                let on = (z as u64 >> k) & 1;
                plane[w] = (plane[w] & !bit) | (bit * on);
            }
        }
    }

    /// The cards of zone `z` among the bits of `within`, whose words from `USED` on are empty
    /// (and stay so).
    #[inline(always)]
    pub(super) fn of_zone<const USED: usize>(&self, z: Zone, within: [u64; WORDS]) -> [u64; WORDS] {
        let mut out = within;
        for (k, plane) in self.planes.iter().enumerate() {
            // All ones where the plane's bit must be set, all zeros where it must be clear.
            let flip = ((z as u64 >> k) & 1).wrapping_sub(1);
            for (o, p) in out.iter_mut().zip(plane).take(USED) {
                *o &= p ^ flip;
            }
        }
        out
    }
}

/// The bits `r.start..r.end` of a set over the table: two rows of [`BELOW`].
#[inline]
pub(super) fn range_words(r: Range<usize>) -> [u64; WORDS] {
    let (lo, hi) = (&BELOW[r.start.min(BITS)], &BELOW[r.end.min(BITS)]);
    let mut out = [0u64; WORDS];
    for ((o, l), h) in out.iter_mut().zip(lo).zip(hi) {
        *o = h & !l;
    }
    out
}

/// Bits of a set over the table.
const BITS: usize = WORDS * 64;

/// Row `n`: the set of the first `n` bits (every legal-command list cuts sets to a player's
/// range; a table lookup is cheaper than working the masks out each time).
static BELOW: [[u64; WORDS]; BITS + 1] = {
    let mut rows = [[0u64; WORDS]; BITS + 1];
    let mut n = 0;
    while n <= BITS {
        let mut w = 0;
        while w < WORDS {
            let base = w * 64;
            rows[n][w] = if n >= base + 64 {
                !0
            } else if n <= base {
                0
            } else {
                (1u64 << (n - base)) - 1
            };
            w += 1;
        }
        n += 1;
    }
    rows
};

impl State {
    /// Moves card `r` to zone `z`, keeping the zone sets up to date. Every change of a card's
    /// zone goes through here (or is followed by [`State::reindex`]).
    #[inline]
    pub fn set_zone(&mut self, r: CardRef, z: Zone) {
        self.cards[r.index()].zone = z;
        self.zones.put(r.index(), z);
    }

    /// Puts card `r` on or at `host` (an asset's table index, or [`super::NONE`]), keeping the
    /// host planes up to date. Every change of a card's host goes through here (or is
    /// followed by [`State::reindex`]).
    #[inline]
    pub fn set_host(&mut self, r: CardRef, host: u8) {
        self.cards[r.index()].host = host;
        self.zones.put_host(r.index(), host);
    }

    /// The cards of the table whose host is `host`, as one word, on a table for which
    /// [`State::one_word`] holds: each host plane kept where `host` has its bit, flipped where
    /// it has not.
    #[inline(always)]
    pub(crate) fn hosted_word(&self, host: u8) -> u64 {
        debug_assert!(self.one_word());
        let mut out = !0u64;
        for (k, plane) in self.zones.hosts.iter().enumerate() {
            let flip = ((host as u64 >> k) & 1).wrapping_sub(1);
            out &= plane ^ flip;
        }
        out
    }

    /// Rebuilds the zone sets from the table.
    pub(crate) fn rebuild_zones(&mut self) {
        self.zones = ZoneMasks::of(&self.cards);
    }

    /// True while the kept zone sets are those a rebuild would give (or not kept at all).
    pub(crate) fn zones_agree(&self) -> bool {
        !self.zones.valid || self.zones == ZoneMasks::of(&self.cards)
    }

    /// `p`'s cards in each of `zones`, one [`CardSet`] per zone. Inlined everywhere: a call
    /// would cost as much as the few operations on one word that most tables need.
    #[inline(always)]
    pub(crate) fn zone_sets<const N: usize>(&self, p: PlayerId, zones: [Zone; N]) -> [CardSet; N] {
        let r = self.player_range(p);
        if !self.zones.valid {
            return self.sets_over_cold(r, zones);
        }
        self.kept_sets(range_words(r), zones)
    }

    /// [`State::sets_over`] out of line: the zone questions asked on every command inline
    /// only the kept sets' path.
    #[cold]
    #[inline(never)]
    fn sets_over_cold<const N: usize>(&self, r: Range<usize>, zones: [Zone; N]) -> [CardSet; N] {
        self.sets_over(r, zones)
    }

    /// Every player's cards in each of `zones`.
    #[inline]
    pub(crate) fn table_sets<const N: usize>(&self, zones: [Zone; N]) -> [CardSet; N] {
        if !self.zones.valid {
            return self.sets_over_cold(0..self.cards.len(), zones);
        }
        self.kept_sets(range_words(0..self.cards.len()), zones)
    }

    /// Every card in play or under construction (zones ship, asset, upgrade and project): the
    /// cards whose place the evaluation scores. From the kept sets, one operation a word: those
    /// four zones are exactly the zone numbers whose two upper bits differ.
    #[inline]
    pub(crate) fn in_play_or_built(&self) -> CardSet {
        self.combined_planes(|[_, one, two]| one ^ two)
    }

    /// Every card in play (zones ship, asset and upgrade): [`State::in_play_or_built`]
    /// without the projects (zone number `0b101`).
    #[inline]
    pub(crate) fn in_play(&self) -> CardSet {
        self.combined_planes(|[zero, one, two]| (one ^ two) & !(zero & two))
    }

    /// The cards of the table whose zone bits (one word of each plane) `f` keeps.
    #[inline(always)]
    fn combined_planes(&self, f: impl Fn([u64; PLANES]) -> u64) -> CardSet {
        // Not kept (a state just read from a file): the same planes, built from the table.
        let built;
        let planes = if self.zones.valid {
            &self.zones.planes
        } else {
            built = ZoneMasks::of(&self.cards);
            &built.planes
        };
        let mut words = range_words(0..self.cards.len());
        for (k, w) in words.iter_mut().enumerate() {
            *w &= f([planes[0][k], planes[1][k], planes[2][k]]);
        }
        CardSet::from_words(words)
    }

    /// The kept sets of `zones` cut to `mask`. A plain loop: `[_; N]::map` calls its closure
    /// out of line here, and these sets are asked for on every legal-command list.
    #[inline(always)]
    fn kept_sets<const N: usize>(&self, mask: [u64; WORDS], zones: [Zone; N]) -> [CardSet; N] {
        let mut out = [CardSet::default(); N];
        if self.cards.len() <= 64 {
            // A table of one word (two players' decks): the other words of `mask` are empty,
            // and skipping them is most of the work saved.
            for (o, &z) in out.iter_mut().zip(&zones) {
                *o = CardSet::from_words(self.zones.of_zone::<1>(z, mask));
            }
            return out;
        }
        for (o, &z) in out.iter_mut().zip(&zones) {
            *o = CardSet::from_words(self.zones.of_zone::<WORDS>(z, mask));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::{new_state, play_random};

    #[test]
    fn range_words_cover_exactly_the_range() {
        for (lo, hi) in [
            (0, 0),
            (0, 1),
            (3, 64),
            (60, 70),
            (64, 128),
            (5, 248),
            (200, 248),
        ] {
            let m = range_words(lo..hi);
            for i in 0..WORDS * 64 {
                let set = m[i / 64] >> (i % 64) & 1 == 1;
                assert_eq!(set, (lo..hi).contains(&i), "{lo}..{hi} bit {i}");
            }
        }
    }

    fn in_play_or_built(s: &State) -> Vec<CardRef> {
        s.in_play_or_built().iter().collect()
    }

    fn built_by_search(s: &State) -> Vec<CardRef> {
        let zones = [Zone::Ship, Zone::Asset, Zone::Upgrade, Zone::Project];
        s.refs()
            .filter(|(_, c)| zones.contains(&c.zone))
            .map(|(r, _)| r)
            .collect()
    }

    /// The kept sets always equal the ones rebuilt from scratch, and answer every zone question
    /// as a search of the table does, through random games and after a serde round trip (which
    /// drops them until the state is reindexed).
    #[test]
    fn kept_sets_equal_rebuilt_ones() {
        for seed in 0..6 {
            let mut s = new_state(seed);
            for step in 0..40 {
                assert!(s.zones.valid);
                assert!(s.zones_agree(), "seed {seed} step {step}");
                for p in s.players() {
                    let kept = s.zone_sets(p, Zone::ALL);
                    let built = s.sets_over(s.player_range(p), Zone::ALL);
                    for (k, b) in kept.iter().zip(&built) {
                        assert_eq!(k.iter().collect::<Vec<_>>(), b.iter().collect::<Vec<_>>());
                    }
                }
                assert_eq!(in_play_or_built(&s), built_by_search(&s));
                let in_play: Vec<CardRef> = s.in_play().iter().collect();
                let searched: Vec<CardRef> = s
                    .refs()
                    .filter(|(_, c)| matches!(c.zone, Zone::Ship | Zone::Asset | Zone::Upgrade))
                    .map(|(r, _)| r)
                    .collect();
                assert_eq!(in_play, searched, "seed {seed} step {step}");
                play_random(&mut s, 25, seed * 100 + step);
            }
            let text = serde_yaml::to_string(&s).unwrap();
            let back: State = serde_yaml::from_str(&text).unwrap();
            assert!(!back.zones.valid);
            for p in s.players() {
                for z in Zone::ALL {
                    assert!(back
                        .zone(p, z)
                        .map(|(r, _)| r)
                        .eq(s.zone(p, z).map(|(r, _)| r)));
                }
            }
            assert_eq!(in_play_or_built(&back), built_by_search(&s));
            let back = back.with_db(s.table.clone());
            assert!(back.zones.valid && back.zones == s.zones);
        }
    }
}
