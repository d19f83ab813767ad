//! The card game as a [`Game`]: the engine's [`State`] with [`Command`]s as moves, and
//! [`determinize`], the hidden-information view of ruling O26.
//!
//! # What a player can see (O26)
//! Everything in play is public: assets, ships, upgrades, debris, damage, delta-vee, and the
//! points and host of every project. A player's own hand, deck order and projects are known to
//! them. Of an opponent, only the *number* of cards in hand and deck is known, and the identity
//! of their face-down projects is not.
//!
//! Decklists are public knowledge in this game's CLI setup, so the viewer knows the multiset of
//! an opponent's unseen cards: their 31 cards minus the ones visible in play or removed from the
//! game (removed cards are assumed to have been shown as they left). The agent does not remember
//! cards it saw earlier (a refitted ship going back to hand), which loses a little information
//! but never gains any.
use crate::core::game::{Game, Outcomes};
use crate::data::HotKind;
use crate::ids::{CardId, PlayerId};
use crate::maneuver::combat;
use crate::rules::{self, Command};
use crate::state::{State, Zone, MAX_CARDS, NONE};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

impl Game for State {
    type Move = Command;

    fn num_players(&self) -> usize {
        self.num_players as usize
    }
    fn current_player(&self) -> usize {
        self.active.index()
    }
    crate::game_rules_from_ruleset!();
    fn legal_moves(&self, out: &mut Vec<Command>) {
        rules::legal_commands_into(self, out);
    }
    fn is_random(&self, m: &Command) -> bool {
        matches!(m, Command::Combat { .. })
    }
    fn is_pass(&self, m: &Command) -> bool {
        matches!(m, Command::Pass)
    }
    /// An attack that cannot hit: no dice (accuracy 0), or none that can show less than range
    /// minus defence (O13); it only spends the attacker's delta-vee. And a scuttle: the search
    /// scuttles ships to leave debris that only its greedy playouts walk into (docs/ai.md,
    /// "Attacks that cannot hit, and a scuttle the playouts reward"), and plays measurably
    /// better without them.
    fn prunable(&self, m: &Command) -> bool {
        match *m {
            Command::Scuttle { .. } => true,
            Command::Combat { ship, target, x } => !combat::attack(self, ship, target, x).can_hit(),
            _ => false,
        }
    }
    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.forced_dice.clear();
    }
    fn determinize(&self, viewer: usize, rng: &mut ChaCha8Rng) -> State {
        determinize(self, PlayerId(viewer as u8), rng)
    }
    fn determinize_into(&self, viewer: usize, rng: &mut ChaCha8Rng, out: &mut State) {
        determinize_into(self, PlayerId(viewer as u8), rng, out)
    }
    fn turn(&self) -> u32 {
        self.turn as u32
    }

    /// Combat is enumerated exactly: every number of hits that matters, with its binomial
    /// probability, forced through the dice queue. Other commands have one outcome.
    fn outcomes(
        &self,
        m: Command,
        _samples: usize,
        rng: &mut ChaCha8Rng,
        out: &mut Outcomes<State>,
    ) {
        // No command but combat rolls dice, and combat's dice are forced below: the outcome
        // states never draw from their generator, so it is not reseeded (the seed is still
        // drawn, so the caller's generator moves on as before).
        let _seed: u64 = rng.gen();
        let Command::Combat { ship, target, x } = m else {
            let g = out.push_copy(1.0, self);
            g.forced_dice.clear();
            g.apply(m);
            return;
        };
        let atk = combat::attack(self, ship, target, x);
        let p = atk.hit_chance();
        let n = atk.accuracy as usize;
        let t = self.inst(target);
        let need = (self.armor(target).saturating_sub(t.damage)).max(1) as usize;
        let mut outcome = |prob: f64, h: usize| {
            let g = out.push_copy(prob as f32, self);
            g.forced_dice.clear();
            g.forced_dice.extend(std::iter::repeat_n(1, h));
            g.forced_dice.extend(std::iter::repeat_n(6, n - h));
            g.apply(m);
            g.forced_dice.clear();
        };
        // Hit counts at or above `need` all destroy the target: one outcome for them.
        let mut kill = 0.0f64;
        for h in 0..=n {
            let prob = binomial(n, h) * p.powi(h as i32) * (1.0 - p).powi((n - h) as i32);
            if prob <= 0.0 {
                continue;
            }
            if h >= need {
                kill += prob;
            } else {
                outcome(prob, h);
            }
        }
        if kill > 0.0 {
            outcome(kill, need);
        }
    }
}

/// `n choose k` as a float.
fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Could card `card` be the face-down project `slot` as far as anyone can see?
#[cfg(test)]
fn plausible_project(s: &State, slot: usize, card: CardId) -> bool {
    Slot::of(s, slot).fits(&Facts::of(s.db.hot(card)))
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
    deal_hidden(&mut s, viewer, rng);
    s
}

/// [`determinize`] into `out`, which keeps its allocations (the search determinizes once per
/// iteration): the same state for the same `rng`.
pub fn determinize_into(state: &State, viewer: PlayerId, rng: &mut ChaCha8Rng, out: &mut State) {
    out.clone_from(state);
    deal_hidden(out, viewer, rng);
}

/// Deals the hidden cards of every player but `viewer` again, in place (see [`determinize`]).
fn deal_hidden(s: &mut State, viewer: PlayerId, rng: &mut ChaCha8Rng) {
    // A player's cards are one slice of at most `MAX_CARDS` cards: fixed buffers, no allocation.
    let mut pool = Pool {
        cards: [CardId(0); MAX_CARDS],
        len: 0,
    };
    let mut free = [0u8; MAX_CARDS];
    let mut projects = [0u8; MAX_CARDS];
    for p in s.players() {
        if p == viewer {
            continue;
        }
        pool.len = 0;
        let (mut nf, mut np) = (0, 0);
        for i in s.player_range(p) {
            let c = &s.cards[i];
            match c.zone {
                Zone::Hand | Zone::Deck => {
                    free[nf] = i as u8;
                    nf += 1;
                }
                Zone::Project => {
                    projects[np] = i as u8;
                    np += 1;
                }
                _ => continue,
            }
            pool.cards[pool.len] = c.card;
            pool.len += 1;
        }
        pool.as_mut().sort_unstable();
        deal_projects(s, &projects[..np], &mut pool, rng);
        pool.as_mut().shuffle(rng);
        for (&slot, &card) in free[..nf].iter().zip(pool.as_mut().iter()) {
            s.cards[slot as usize].card = card;
        }
        // The dealt cards' triggered abilities fire where they lie now.
        s.reindex_triggers_at(&free[..nf]);
        s.reindex_triggers_at(&projects[..np]);
    }
    s.rng = ChaCha8Rng::seed_from_u64(rng.gen());
    s.forced_dice.clear();
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
        for i in 0..self.len {
            if keep(i) {
                self.cards[n] = self.cards[i];
                n += 1;
            }
        }
        self.len = n;
    }
}

/// Deals plausible identities to face-down projects, removing them from `pool`: a random
/// perfect matching of projects to pool cards over a shuffled order of the pool. Each project
/// in turn takes the first free card that fits it in that order (a card drawn at random from
/// those that fit and are left); only a project that finds none moves earlier ones along an
/// augmenting path (Kuhn's algorithm), so a plausible deal is found whenever one exists. The
/// true deal is always plausible in a state the rules produced, so no project ever gets a card
/// that could not lie there. Should none exist (a hand-written position), the projects keep
/// their cards: nothing that does not fit the public facts is ever dealt.
fn deal_projects(s: &mut State, projects: &[u8], pool: &mut Pool, rng: &mut ChaCha8Rng) {
    if projects.is_empty() {
        return;
    }
    let mut order = [0u8; MAX_CARDS];
    let order = &mut order[..pool.len];
    for (k, o) in order.iter_mut().enumerate() {
        *o = k as u8;
    }
    order.shuffle(rng);
    // The facts `Slot::fits` reads of each pool card, in the shuffled order, looked up once.
    let mut facts = [Facts::default(); MAX_CARDS];
    for (f, &i) in facts.iter_mut().zip(order.iter()) {
        *f = Facts::of(s.db.hot(pool.cards[i as usize]));
    }
    let facts = &facts[..order.len()];
    // fits[k]: the positions in `order` of the pool cards that fit project k, as bits.
    // Projects with the same public facts accept the same cards: each distinct set of facts is
    // checked against the pool once, and its projects share the result. (Up to `KINDS`
    // distinct sets are remembered; past that, each further project is checked itself.)
    const KINDS: usize = 16;
    let mut fits = Fits::new(projects.len());
    let mut kinds = [(Slot::default(), 0usize); KINDS];
    let mut nk = 0;
    for (k, &at) in projects.iter().enumerate() {
        let slot = Slot::of(s, at as usize);
        if let Some(&(_, e)) = kinds[..nk].iter().find(|(x, _)| *x == slot) {
            fits.copy(k, e);
            continue;
        }
        if nk < KINDS {
            kinds[nk] = (slot, k);
            nk += 1;
        }
        let mut row = [0u64; WORDS];
        for (j, f) in facts.iter().enumerate() {
            row[j / 64] |= u64::from(slot.fits(f)) << (j % 64);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::{new_state, play_random};

    fn hidden_multiset(s: &State, p: PlayerId) -> Vec<CardId> {
        let mut v: Vec<CardId> = s
            .cards
            .iter()
            .filter(|c| c.owner == p && matches!(c.zone, Zone::Hand | Zone::Deck | Zone::Project))
            .map(|c| c.card)
            .collect();
        v.sort();
        v
    }

    #[test]
    fn o26_determinize_keeps_public_facts_and_own_cards() {
        let mut s = new_state(3);
        play_random(&mut s, 400, 9);
        let viewer = s.active;
        let opp = s.next_player(viewer);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let d = determinize(&s, viewer, &mut rng);
        assert_eq!(hidden_multiset(&s, opp), hidden_multiset(&d, opp));
        for (a, b) in s.cards.iter().zip(&d.cards) {
            assert_eq!(a.zone, b.zone);
            assert_eq!((a.host, a.points, a.order), (b.host, b.points, b.order));
            let hidden =
                a.owner == opp && matches!(a.zone, Zone::Hand | Zone::Deck | Zone::Project);
            if !hidden {
                assert_eq!(a.card, b.card, "visible or own card changed");
            }
        }
        for (i, c) in d.cards.iter().enumerate() {
            if c.owner == opp && c.zone == Zone::Project {
                assert!(plausible_project(&d, i, c.card));
            }
        }
        assert_ne!(s.rng, d.rng, "dice must be reseeded");
    }

    /// Finding of issue 28: determinization dealt cards that do not fit the public facts when a
    /// few random tries found no plausible deal (a spacecraft into a project on an asset with no
    /// factory). Here p2's Ares may build the Wasp or the Shield Grid, Ceres Mine only the
    /// Shield Grid: every deal must find the one plausible assignment.
    #[test]
    fn determinization_deals_only_cards_that_fit_the_public_facts() {
        let (db, _) = crate::agent::testkit::db_and_decks();
        let pos: crate::scenario::Position = serde_yaml::from_str(
            "players:\n\
             - assets: [{card: terra}]\n\
             - assets:\n\
             \x20   - {card: ares, projects: [{card: wasp}]}\n\
             \x20   - {card: ceres_mine, projects: [{card: shield_grid}]}\n",
        )
        .expect("position parses");
        let (s, _) = pos.to_state(db, 1).expect("position is valid");
        for seed in 0..2000 {
            let d = determinize(&s, PlayerId(0), &mut ChaCha8Rng::seed_from_u64(seed));
            for (i, c) in d.cards.iter().enumerate() {
                if c.zone == Zone::Project {
                    assert!(plausible_project(&d, i, c.card), "seed {seed}: card #{i}");
                }
            }
            assert!(d.invariant_violations().is_empty(), "seed {seed}");
        }
    }

    /// The search's per-iteration determinization into a kept state deals exactly what a
    /// fresh one does, whatever the kept state held before.
    #[test]
    fn o26_determinize_into_a_kept_state_deals_the_same() {
        let mut s = new_state(6);
        play_random(&mut s, 350, 4);
        let mut kept = new_state(7);
        for seed in 0..20 {
            let viewer = PlayerId((seed % 2) as u8);
            let fresh = determinize(&s, viewer, &mut ChaCha8Rng::seed_from_u64(seed));
            determinize_into(&s, viewer, &mut ChaCha8Rng::seed_from_u64(seed), &mut kept);
            assert_eq!(fresh, kept, "seed {seed}");
        }
    }

    #[test]
    fn o26_determinize_ignores_the_true_hidden_order() {
        let mut s = new_state(4);
        play_random(&mut s, 300, 2);
        let viewer = s.active;
        let opp = s.next_player(viewer);
        let mut t = s.clone();
        let deck = t.deck(opp);
        let hand = t.hand(opp);
        // Swap the identity of a hand card with the bottom deck card, and reverse the deck.
        if let (Some(&h), Some(&d)) = (hand.first(), deck.last()) {
            let (a, b) = (t.inst(h).card, t.inst(d).card);
            t.inst_mut(h).card = b;
            t.inst_mut(d).card = a;
        }
        let ids: Vec<CardId> = deck.iter().map(|r| t.inst(*r).card).collect();
        for (r, id) in deck.iter().zip(ids.into_iter().rev()) {
            t.inst_mut(*r).card = id;
        }
        t.rng = ChaCha8Rng::seed_from_u64(777);
        let a = determinize(&s, viewer, &mut ChaCha8Rng::seed_from_u64(1));
        let b = determinize(&t, viewer, &mut ChaCha8Rng::seed_from_u64(1));
        assert_eq!(a, b);
    }

    #[test]
    fn combat_outcomes_are_a_probability_distribution() {
        let mut s = new_state(11);
        let mut buf = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut checked = 0;
        for step in 0..20_000 {
            if s.outcome != crate::state::Outcome::Ongoing {
                s = new_state(step);
            }
            s.legal_moves(&mut buf);
            if let Some(&m) = buf.iter().find(|m| matches!(m, Command::Combat { .. })) {
                let mut out = Outcomes::new();
                s.outcomes(m, 4, &mut rng, &mut out);
                let total: f32 = out.iter().map(|(p, _)| p).sum();
                assert!((total - 1.0).abs() < 1e-4, "{total}");
                checked += 1;
            }
            let m = buf[rng.gen_range(0..buf.len())];
            s.apply(m);
        }
        assert!(checked > 0);
    }

    /// O13: an attack may be pruned exactly when no die can hit, so that every outcome leaves
    /// the target's damage as it was; a scuttle may always be pruned, no other command ever.
    #[test]
    fn o13_prunable_moves_are_attacks_that_cannot_hit_and_scuttles() {
        let mut s = new_state(5);
        let mut buf = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let (mut futile, mut useful, mut scuttles) = (0, 0, 0);
        for step in 0..20_000 {
            if s.outcome != crate::state::Outcome::Ongoing {
                s = new_state(step);
            }
            s.legal_moves(&mut buf);
            for &m in &buf {
                let target = match m {
                    Command::Combat { target, .. } => target,
                    Command::Scuttle { .. } => {
                        assert!(s.prunable(&m));
                        scuttles += 1;
                        continue;
                    }
                    _ => {
                        assert!(!s.prunable(&m), "{m:?}");
                        continue;
                    }
                };
                let mut out = Outcomes::new();
                s.outcomes(m, 1, &mut rng, &mut out);
                let before = s.inst(target).damage;
                let unchanged = out.iter().all(|(_, g)| {
                    g.inst(target).zone == Zone::Ship && g.inst(target).damage == before
                });
                assert_eq!(s.prunable(&m), unchanged, "{m:?}");
                if unchanged {
                    futile += 1;
                } else {
                    useful += 1;
                }
            }
            let m = buf[rng.gen_range(0..buf.len())];
            s.apply(m);
        }
        assert!(
            futile > 0 && useful > 0 && scuttles > 0,
            "{futile}, {useful}, {scuttles}"
        );
    }

    /// O27 in a determinized state: the triggered abilities of the cards dealt to a slot fire
    /// from it (the trigger masks follow the new deal, as a full reindex would build them).
    #[test]
    fn o27_determinized_cards_keep_their_triggers() {
        use crate::data::hot::{TRIGGER_END_OF_TURN, TRIGGER_UPKEEP};
        let mut moved = 0;
        for seed in 0..12 {
            let mut s = new_state(seed);
            play_random(&mut s, 150, seed);
            let viewer = s.active;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let d = determinize(&s, viewer, &mut rng);
            let mut fresh = d.clone();
            fresh.reindex();
            for p in d.players() {
                for bit in [TRIGGER_UPKEEP, TRIGGER_END_OF_TURN] {
                    let got: Vec<usize> = d.trigger_cards(p, bit).collect();
                    assert_eq!(got, fresh.trigger_cards(p, bit).collect::<Vec<_>>());
                    moved += usize::from(got != s.trigger_cards(p, bit).collect::<Vec<_>>());
                }
            }
        }
        assert!(
            moved > 0,
            "no deal moved a triggered card: the test checks nothing"
        );
    }
}
