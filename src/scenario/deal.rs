//! Dealing the hidden cards again (O26), the heart of [`determinize`]: every other player's
//! hand, deck and face-down projects get new identities, drawn at random from that player's
//! unseen cards, keeping every public fact.
//!
//! A search determinizes the same position once per iteration, so the work that depends only on
//! the position is done once ([`DealPlan::prepare`]): which slots are hidden, the unseen cards
//! sorted, and which of them could lie in each face-down project. Each determinization then only
//! shuffles and matches ([`DealPlan::deal`]).
use crate::data::HotKind;
use crate::ids::{CardId, PlayerId};
use crate::state::{State, Zone, MAX_CARDS, NONE};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A state consistent with what `viewer` sees (O26): for every other player, the identities of
/// the cards in their hand, deck and face-down projects are dealt again at random from the pool
/// of those cards, keeping every slot's public facts (zone, hand arrival order, deck position,
/// project host and points) and each project plausible (see [`Slot::fits`]). The state's
/// generator is reseeded and forced dice dropped, so the future dice are unknown too.
///
/// The result depends only on public information, the viewer's own cards and `rng`: the pool is
/// sorted before dealing, so two states that differ only in an opponent's hidden cards give the
/// same result for the same `rng`.
pub fn determinize(state: &State, viewer: PlayerId, rng: &mut ChaCha8Rng) -> State {
    let mut s = state.clone();
    DealPlan::of(state, viewer).deal(&mut s, rng);
    s
}

/// Could card `card` be the face-down project `slot` as far as anyone can see?
#[cfg(test)]
pub(super) fn plausible_project(s: &State, slot: usize, card: CardId) -> bool {
    Slot::of(s, slot).fits(&Facts::of(s.db.hot(card)))
}

/// What a determinization of one position for one viewer deals: for each other player, the
/// hidden slots and the cards to deal to them. Depends only on what the viewer sees.
#[derive(Clone, Debug, Default)]
pub struct DealPlan {
    players: Vec<Hidden>,
}

/// One player's hidden slots and unseen cards (see [`DealPlan`]).
#[derive(Clone, Debug, Default)]
struct Hidden {
    /// Table indices of the hand and deck cards, in table order.
    free: Vec<u8>,
    /// Table indices of the face-down projects, in table order.
    projects: Vec<u8>,
    /// The cards of all those slots, sorted by id.
    pool: Vec<CardId>,
    /// For each project, its entry in `accepts`.
    kind: Vec<u8>,
    /// For each distinct set of a project's public facts ([`Slot`]), the positions in `pool`
    /// of the cards that could lie there, as bits.
    accepts: Vec<[u64; WORDS]>,
}

impl DealPlan {
    /// The plan for `viewer` in `s`.
    pub fn of(s: &State, viewer: PlayerId) -> DealPlan {
        let mut plan = DealPlan::default();
        plan.prepare(s, viewer);
        plan
    }

    /// Works out the plan for `viewer` in `s` again, keeping the allocations.
    pub fn prepare(&mut self, s: &State, viewer: PlayerId) {
        let others = s.players().filter(|&p| p != viewer).count();
        self.players.resize_with(others, Hidden::default);
        for (h, p) in self
            .players
            .iter_mut()
            .zip(s.players().filter(|&p| p != viewer))
        {
            h.prepare(s, p);
        }
    }

    /// Deals the hidden cards of `s`, the position the plan was prepared for (or a copy of it),
    /// again from `rng`, in place, and reseeds its generator (see [`determinize`]).
    pub fn deal(&self, s: &mut State, rng: &mut ChaCha8Rng) {
        for h in &self.players {
            let mut pool = Pool {
                cards: [CardId(0); MAX_CARDS],
                len: h.pool.len(),
            };
            pool.cards[..h.pool.len()].copy_from_slice(&h.pool);
            deal_projects(s, h, &mut pool, rng);
            pool.as_mut().shuffle(rng);
            for (&slot, &card) in h.free.iter().zip(pool.as_mut().iter()) {
                s.cards[slot as usize].card = card;
            }
            // The dealt cards' triggered abilities fire where they lie now.
            s.reindex_triggers_at(h.free.iter().chain(&h.projects).map(|&i| usize::from(i)));
        }
        s.rng = ChaCha8Rng::seed_from_u64(rng.gen());
        s.forced_dice.clear();
        // A dealt project may be a finished spacecraft waiting for population.
        s.maybe_waiting = u8::MAX;
    }
}

impl Hidden {
    fn prepare(&mut self, s: &State, p: PlayerId) {
        self.free.clear();
        self.projects.clear();
        self.pool.clear();
        for i in s.player_range(p) {
            let c = &s.cards[i];
            match c.zone {
                Zone::Hand | Zone::Deck => self.free.push(i as u8),
                Zone::Project => self.projects.push(i as u8),
                _ => continue,
            }
            self.pool.push(c.card);
        }
        self.pool.sort_unstable();
        // Projects with the same public facts accept the same cards: each distinct set of facts
        // is checked against the pool once.
        self.kind.clear();
        self.accepts.clear();
        let mut slots: Vec<Slot> = Vec::new();
        for &at in &self.projects {
            let slot = Slot::of(s, at as usize);
            let k = match slots.iter().position(|x| *x == slot) {
                Some(k) => k,
                None => {
                    let mut row = [0u64; WORDS];
                    for (j, &card) in self.pool.iter().enumerate() {
                        let fits = slot.fits(&Facts::of(s.db.hot(card)));
                        row[j / 64] |= u64::from(fits) << (j % 64);
                    }
                    slots.push(slot);
                    self.accepts.push(row);
                    slots.len() - 1
                }
            };
            self.kind.push(k as u8);
        }
    }
}

/// The public facts of a face-down project that decide which cards could lie there.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Slot {
    points: u8,
    /// On the asset field (an asset project).
    field: bool,
    /// The factory classes of the asset it is on (0 when that is not an asset).
    factories: u8,
}

impl Slot {
    fn of(s: &State, slot: usize) -> Slot {
        let inst = &s.cards[slot];
        let field = inst.host == NONE;
        let factories = if field {
            0
        } else {
            let host = s.db.hot(s.cards[inst.host as usize].card);
            if host.kind == HotKind::Asset {
                host.factories
            } else {
                0
            }
        };
        Slot {
            points: inst.points,
            field,
            factories,
        }
    }

    /// Could a card with the facts `c` be this project as far as anyone can see?
    #[inline]
    fn fits(self, c: &Facts) -> bool {
        if self.points >= c.cost && c.kind != HotKind::Spacecraft {
            // Only a finished spacecraft waiting for population stays face down (O21, O22).
            return false;
        }
        match (c.kind, self.field) {
            (HotKind::Asset, true) => !c.homeworld,
            (_, true) => false,
            (HotKind::Asset, false) => false,
            (HotKind::Upgrade, false) => true,
            (HotKind::Spacecraft, false) => self.factories & c.class_bit != 0,
        }
    }
}

/// What [`Slot::fits`] reads of a card.
#[derive(Clone, Copy)]
struct Facts {
    kind: HotKind,
    cost: u8,
    homeworld: bool,
    class_bit: u8,
}

impl Default for Facts {
    fn default() -> Facts {
        Facts {
            kind: HotKind::Upgrade,
            cost: 0,
            homeworld: false,
            class_bit: 0,
        }
    }
}

impl Facts {
    fn of(c: &crate::data::Hot) -> Facts {
        Facts {
            kind: c.kind,
            cost: c.cost,
            homeworld: c.homeworld,
            class_bit: c.class.bit(),
        }
    }
}

/// The cards still to deal, in a fixed buffer.
struct Pool {
    cards: [CardId; MAX_CARDS],
    len: usize,
}

impl Pool {
    fn as_mut(&mut self) -> &mut [CardId] {
        &mut self.cards[..self.len]
    }

    /// Keeps the cards whose index `keep` accepts, in order.
    fn retain(&mut self, keep: impl Fn(usize) -> bool) {
        let mut n = 0;
        // Without a branch: which cards go is random, and a branch on it would be mispredicted.
        for i in 0..self.len {
            self.cards[n] = self.cards[i];
            n += usize::from(keep(i));
        }
        self.len = n;
    }
}

/// Deals plausible identities to `h`'s face-down projects, removing them from `pool`: a random
/// perfect matching of projects to pool cards over a shuffled order of the pool. Each project
/// in turn takes the first free card that fits it in that order (a card drawn at random from
/// those that fit and are left); only a project that finds none moves earlier ones along an
/// augmenting path (Kuhn's algorithm), so a plausible deal is found whenever one exists. The
/// true deal is always plausible in a state the rules produced, so no project ever gets a card
/// that could not lie there. Should none exist (a hand-written position), the projects keep
/// their cards: nothing that does not fit the public facts is ever dealt.
fn deal_projects(s: &mut State, h: &Hidden, pool: &mut Pool, rng: &mut ChaCha8Rng) {
    let projects = &h.projects[..];
    if projects.is_empty() {
        return;
    }
    let mut order = [0u8; MAX_CARDS];
    let order = &mut order[..pool.len];
    for (k, o) in order.iter_mut().enumerate() {
        *o = k as u8;
    }
    order.shuffle(rng);
    // fits[k]: the positions in `order` of the pool cards that fit project k, as bits: the
    // plan's sets over the sorted pool, read in the shuffled order. Projects of one kind share
    // their set.
    let mut fits = Fits::new(projects.len());
    let mut first = [NONE; MAX_CARDS];
    for k in 0..projects.len() {
        let kind = h.kind[k] as usize;
        if first[kind] != NONE {
            fits.copy(k, first[kind] as usize);
            continue;
        }
        first[kind] = k as u8;
        let accepts = &h.accepts[kind];
        let mut row = [0u64; WORDS];
        // A word at a time, in a register: or-ing each bit into memory would make every
        // step wait for the one before.
        for (word, chunk) in row.iter_mut().zip(order.chunks(64)) {
            let mut bits = 0u64;
            for (b, &o) in chunk.iter().enumerate() {
                let o = o as usize;
                bits |= ((accepts[o / 64] >> (o % 64)) & 1) << b;
            }
            *word = bits;
        }
        fits.rows_mut()[k] = row;
    }
    // owner[j]: the project holding the pool card at position j of `order`; `held`: the
    // positions that have one, as bits, so that a project's first free card is found a word
    // at a time (a scan of `owner` instead costs a tenth more per determinization).
    let mut owner = [NONE; MAX_CARDS];
    let mut held = [0u64; WORDS];
    for k in 0..projects.len() {
        if let Some(j) = fits.next(k, &held, 0) {
            owner[j] = k as u8;
            held[j / 64] |= 1 << (j % 64);
            continue;
        }
        let mut seen = [0u64; WORDS];
        match augment(k as u8, &fits, &mut owner, &mut seen) {
            Some(j) => held[j / 64] |= 1 << (j % 64),
            None => {
                // No plausible deal: keep the projects as they are, and their cards out of
                // the pool.
                for &slot in projects {
                    let card = s.cards[slot as usize].card;
                    if let Some(i) = pool.as_mut().iter().position(|&c| c == card) {
                        pool.retain(|x| x != i);
                    }
                }
                return;
            }
        }
    }
    let mut taken = [false; MAX_CARDS];
    for (j, &o) in owner[..pool.len].iter().enumerate() {
        if o != NONE {
            let i = order[j] as usize;
            s.cards[projects[o as usize] as usize].card = pool.cards[i];
            taken[i] = true;
        }
    }
    pool.retain(|i| !taken[i]);
}

/// 64-bit words of a set of pool positions.
const WORDS: usize = MAX_CARDS.div_ceil(64);

/// Which pool cards fit each project (see [`deal_projects`]): one bit set of positions in the
/// shuffled order per project. Up to [`Fits::INLINE`] projects (every real table) are held in
/// place, so that a determinization allocates nothing; more go to the heap.
struct Fits {
    inline: [[u64; WORDS]; Fits::INLINE],
    heap: Vec<[u64; WORDS]>,
}

impl Fits {
    /// Projects whose sets are held in place.
    const INLINE: usize = 32;

    fn new(projects: usize) -> Fits {
        Fits {
            inline: [[0u64; WORDS]; Fits::INLINE],
            heap: if projects > Fits::INLINE {
                vec![[0u64; WORDS]; projects]
            } else {
                Vec::new()
            },
        }
    }
    fn rows(&self) -> &[[u64; WORDS]] {
        if self.heap.is_empty() {
            &self.inline
        } else {
            &self.heap
        }
    }
    fn rows_mut(&mut self) -> &mut [[u64; WORDS]] {
        if self.heap.is_empty() {
            &mut self.inline
        } else {
            &mut self.heap
        }
    }
    /// Project `k` accepts the cards project `e` accepts.
    fn copy(&mut self, k: usize, e: usize) {
        let rows = self.rows_mut();
        rows[k] = rows[e];
    }
    /// The first position at or after `from` that fits project `k` and is not in `seen`.
    fn next(&self, k: usize, seen: &[u64; WORDS], from: usize) -> Option<usize> {
        let mut w = from / 64;
        let row = &self.rows()[k];
        let mut m = row.get(w)? & !seen[w] & (!0u64 << (from % 64));
        loop {
            if m != 0 {
                return Some(w * 64 + m.trailing_zeros() as usize);
            }
            w += 1;
            m = row.get(w)? & !seen[w];
        }
    }
}

/// Kuhn's augmenting path from project `k` (see [`deal_projects`]): the positions that fit it
/// in order, skipping those already seen in this search. On success, the position that was
/// free and is now held.
fn augment(
    k: u8,
    fits: &Fits,
    owner: &mut [u8; MAX_CARDS],
    seen: &mut [u64; WORDS],
) -> Option<usize> {
    let mut from = 0;
    while let Some(j) = fits.next(k as usize, seen, from) {
        seen[j / 64] |= 1 << (j % 64);
        let freed = if owner[j] == NONE {
            Some(j)
        } else {
            augment(owner[j], fits, owner, seen)
        };
        if freed.is_some() {
            owner[j] = k;
            return freed;
        }
        from = j + 1;
    }
    None
}
