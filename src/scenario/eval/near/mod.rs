//! Scores of positions near a base position, from the base's card terms: what a one-ply search
//! (greedy, the playouts of `mcts:normal`) asks for every move of the position it searches.
//!
//! [`super::scores_with`] scores a position in two passes: [`Ctx::gather`] over the whole table
//! (targets, hands, decks, projects, debris), then one term per card ([`card_term`]), summed per
//! player in table order. Most moves change one or two cards in ways that leave the first pass
//! as it was: a ship burns, transfers, fights or bombards; an asset is damaged or repaired or
//! taps; a project gains points. [`NearEval`] keeps the base position's first pass and card
//! terms, finds the cards that differ in the new position, and if every difference is of that
//! kind, works out the terms of those cards only and sums the kept terms with them in the same
//! order; a ship destroyed into debris just leaves the sum. The result is
//! [`super::scores_with`]'s to the bit; any other difference (a card drawn, started or
//! deployed, another phase or turn, an asset destroyed or upgraded) scores the position in
//! full.
use super::{
    card_term, finish, free_population, in_turn, only_asset_starts, project_open, scores_with, Ctx,
    OrbitalsHeuristic, DEBRIS_SLOTS,
};
use crate::core::game::MAX_PLAYERS;
use crate::data::HotKind;
use crate::ids::PlayerId;
use crate::state::{flag, Inst, Phase, State, Zone, NONE};

/// Most changed cards scored from a base position; more are scored in full.
const MOST_CHANGED: usize = 8;

/// Most assets of the player to move rescored when only the phase changed; more score the
/// position in full.
const MOST_ASSETS: usize = 16;

/// No slot: a card whose place scores nothing (deck, hand, discard, debris).
const NO_SLOT: u16 = u16::MAX;

/// A base position's first pass and card terms ([`NearEval::prepare`]), to score positions
/// near it ([`NearEval::scores`]).
#[derive(Clone, Debug, Default)]
pub struct NearEval {
    base: Option<Base>,
}

#[derive(Clone, Debug)]
struct Base {
    h: OrbitalsHeuristic,
    viewer: usize,
    /// The address of the state's card table: only to tell tables apart.
    db: usize,
    num_players: u8,
    active: PlayerId,
    phase: Phase,
    turn: u16,
    turn_limit: u16,
    cards: Vec<Inst>,
    ctx: Box<Ctx>,
    debris: Vec<u8>,
    /// Table indices of the cards that score, player by player, in table order.
    scored: Vec<u8>,
    /// Each player's part of `scored` (and `terms`).
    seg: [u16; MAX_PLAYERS + 1],
    /// The term of each card of `scored`.
    terms: Vec<f32>,
    /// For each card of `scored`: the sum of the terms before it in its player's part, added
    /// in table order as [`super::scores_with`] adds them; a sum near the base starts at its
    /// first changed card.
    before: Vec<f32>,
    /// Each player's sum of terms.
    total: [f32; MAX_PLAYERS],
    /// Per table index: its place in `scored`, or [`NO_SLOT`].
    slot: Vec<u16>,
    /// The viewer's free population (O22) in the base; only worked out (and read) while the
    /// viewer has spacecraft projects.
    free_pop: i16,
    /// The populations of the viewer's spacecraft projects, in table order: they share the
    /// free population first fit ([`card_term`]).
    project_pops: Vec<u8>,
    /// For each card of `scored`: the population the viewer's spacecraft projects before it
    /// left unclaimed (`None` before the first), which its term reads if it is one of them.
    pop_left: Vec<Option<i16>>,
    /// The slots of the assets of the player to move: their terms read the phase.
    active_assets: Vec<u16>,
}

impl Base {
    /// A base with empty buffers, before the first [`NearEval::prepare`] fills it.
    fn empty() -> Base {
        Base {
            h: OrbitalsHeuristic::default(),
            viewer: 0,
            db: 0,
            num_players: 0,
            active: PlayerId(0),
            phase: Phase::Upkeep,
            turn: 0,
            turn_limit: 0,
            cards: Vec::new(),
            ctx: Box::default(),
            debris: Vec::new(),
            scored: Vec::new(),
            seg: [0; MAX_PLAYERS + 1],
            terms: Vec::new(),
            before: Vec::new(),
            total: [0.0; MAX_PLAYERS],
            slot: Vec::new(),
            free_pop: 0,
            project_pops: Vec::new(),
            pop_left: Vec::new(),
            active_assets: Vec::new(),
        }
    }
}

impl NearEval {
    /// Keeps the first pass and card terms of `s` as `viewer` sees it with `h` (in the memory
    /// of the base kept before, if any).
    pub fn prepare(&mut self, s: &State, viewer: usize, h: &OrbitalsHeuristic) {
        // The previous base is reused in place: its buffers are cleared, not dropped, so
        // preparing allocates nothing once a base has been kept.
        let mut b = self.base.take().unwrap_or_else(Base::empty);
        b.pop_left.clear();
        b.project_pops.clear();
        b.active_assets.clear();
        b.debris.clear();
        if h.hazard {
            b.debris.resize(DEBRIS_SLOTS, 0);
        }
        b.ctx.gather_any(s, viewer, h, &mut b.debris);
        b.cards.clone_from(&s.cards);
        b.scored.clear();
        b.terms.clear();
        b.before.clear();
        b.slot.clear();
        b.slot.resize(s.cards.len(), NO_SLOT);
        b.seg = [0u16; MAX_PLAYERS + 1];
        b.total = [0.0f32; MAX_PLAYERS];
        let in_play = s.in_play_or_built();
        for p in 0..b.ctx.n {
            let mut free_pop = None;
            let mut sum = 0.0f32;
            for r in in_play.within(s.player_range(PlayerId(p as u8))).iter() {
                let i = r.index();
                let left = free_pop;
                if let Some(t) = card_term(s, i, p, &b.ctx, &b.debris, &mut free_pop) {
                    if p == viewer && s.cards[i].zone == Zone::Project {
                        let card = s.db.hot(s.cards[i].card);
                        if card.kind == HotKind::Spacecraft {
                            b.project_pops.push(card.population);
                        }
                    }
                    b.pop_left.push(left);
                    if p == b.ctx.active && s.cards[i].zone == Zone::Asset {
                        b.active_assets.push(b.scored.len() as u16);
                    }
                    b.slot[i] = b.scored.len() as u16;
                    b.scored.push(i as u8);
                    b.terms.push(t);
                    b.before.push(sum);
                    sum += t;
                }
            }
            b.seg[p + 1] = b.scored.len() as u16;
            b.total[p] = sum;
        }
        let (count, n) = (b.scored.len() as u16, b.ctx.n);
        b.seg[n + 1..].iter_mut().for_each(|k| *k = count);
        b.h = *h;
        b.viewer = viewer;
        b.db = table_address(s);
        b.num_players = s.num_players;
        b.active = s.active;
        b.phase = s.phase;
        b.turn = s.turn;
        b.turn_limit = s.turn_limit;
        b.free_pop = if b.project_pops.is_empty() {
            0
        } else {
            free_population(s, viewer)
        };
        self.base = Some(b);
    }

    /// [`scores_with`] of `s`, from the kept base where `s` is near it.
    pub fn scores(&self, s: &State, viewer: usize, h: &OrbitalsHeuristic, out: &mut [f32]) {
        match &self.base {
            Some(b) if b.fits(s, viewer, h) && b.scores(s, h, out) => {}
            _ => scores_with(s, viewer, h, out),
        }
    }
}

/// The address of `s`'s card table, which identifies it for as long as the process runs.
fn table_address(s: &State) -> usize {
    std::ptr::from_ref(s.db) as usize
}

impl Base {
    /// Are `s`'s table, viewer, heuristic, players and turn those of the base, and its phase
    /// the base's or another one of the same player's turn (see [`Base::scores`])?
    fn fits(&self, s: &State, viewer: usize, h: &OrbitalsHeuristic) -> bool {
        self.db == table_address(s)
            && self.viewer == viewer
            && self.h == *h
            && self.num_players == s.num_players
            && self.active == s.active
            && (self.phase == s.phase || (in_turn(self.phase) && in_turn(s.phase)))
            && self.turn == s.turn
            && self.turn_limit == s.turn_limit
            && self.cards.len() == s.cards.len()
    }

    /// Writes `s`'s scores if every card that differs from the base changed in a way that leaves
    /// the first pass as it was (see [`Base::change`]); false (nothing written) otherwise. When
    /// the phase moved on within the turn (a pass), the only terms that read it, those of the
    /// assets of the player to move, are scored again too.
    fn scores(&self, s: &State, h: &OrbitalsHeuristic, out: &mut [f32]) -> bool {
        let mut at = [0u8; MOST_CHANGED];
        let Some(count) = differing(&self.cards, &s.cards, &mut at) else {
            return false;
        };
        let new_phase;
        let (ctx, extra): (&Ctx, &[u16]) = if s.phase == self.phase {
            (&self.ctx, &[])
        } else {
            if self.active_assets.len() > MOST_ASSETS {
                return false;
            }
            new_phase = Ctx {
                phase: s.phase,
                ..(*self.ctx).clone()
            };
            (&new_phase, &self.active_assets)
        };
        // (slot, new term or `None` for a card that no longer scores), in table order: the
        // differing cards merged with `extra`.
        let mut changed = [(0u16, None::<f32>); MOST_CHANGED + MOST_ASSETS];
        let (mut len, mut e) = (0, 0);
        // A ship of the viewer left play: the free population grew.
        let mut freed = false;
        for &i in &at[..count] {
            let i = i as usize;
            let (a, c) = (&self.cards[i], &s.cards[i]);
            let slot = self.slot[i];
            if slot == NO_SLOT {
                return false;
            }
            while e < extra.len() && extra[e] < slot {
                let Some(t) = self.rescore(s, extra[e], ctx) else {
                    return false;
                };
                changed[len] = (extra[e], Some(t));
                (len, e) = (len + 1, e + 1);
            }
            if e < extra.len() && extra[e] == slot {
                e += 1;
            }
            changed[len] = match self.change(s, a, c) {
                Change::Rescore => match self.rescore(s, slot, ctx) {
                    Some(t) => (slot, Some(t)),
                    None => return false,
                },
                Change::Leaves => (slot, None),
                Change::Frees => {
                    freed = true;
                    (slot, None)
                }
                Change::Other => return false,
            };
            len += 1;
        }
        for &slot in &extra[e..] {
            let Some(t) = self.rescore(s, slot, ctx) else {
                return false;
            };
            changed[len] = (slot, Some(t));
            len += 1;
        }
        if freed && !self.same_waiting(s) {
            return false;
        }
        let changed = &changed[..len];
        let n = ctx.n.min(out.len());
        out.iter_mut().for_each(|v| *v = 0.0);
        // The changed slots are in table order, as the kept terms are.
        let mut next = changed.iter().peekable();
        for (p, o) in out.iter_mut().enumerate().take(n) {
            let end = self.seg[p + 1] as usize;
            // The sum up to the player's first changed card is the base's.
            let first = match next.peek() {
                Some(&&(slot, _)) if (slot as usize) < end => slot as usize,
                _ => {
                    *o = self.total[p];
                    continue;
                }
            };
            let mut sum = self.before[first];
            for j in first..end {
                match next.peek() {
                    Some(&&(slot, t)) if slot as usize == j => {
                        next.next();
                        if let Some(t) = t {
                            sum += t;
                        }
                    }
                    _ => sum += self.terms[j],
                }
            }
            *o = sum;
        }
        finish(s, ctx, h, out);
        true
    }

    /// The term in `s` of the card at `slot`, with the first pass `ctx`; `None` if it no
    /// longer scores where it is.
    fn rescore(&self, s: &State, slot: u16, ctx: &Ctx) -> Option<f32> {
        let i = self.scored[slot as usize] as usize;
        let p = s.cards[i].owner.index();
        let mut left = self.pop_left[slot as usize];
        card_term(s, i, p, ctx, &self.debris, &mut left)
    }

    /// After ships of the viewer left play: does every spacecraft project of the viewer still
    /// fit, or still not fit, in the free population (O22), so that its term is the base's?
    fn same_waiting(&self, s: &State) -> bool {
        let now = free_population(s, self.viewer);
        let fits = |free: i16| {
            let mut left = free;
            self.project_pops.iter().map(move |&pop| {
                let fit = pop as i16 <= left;
                if fit {
                    left -= pop as i16;
                }
                fit
            })
        };
        fits(self.free_pop).eq(fits(now))
    }
}

/// What a card that differs from the base does to the evaluation.
enum Change {
    /// Its own term changes, nothing else: score it again.
    Rescore,
    /// It leaves the cards that score, and nothing else changes.
    Leaves,
    /// A ship of the viewer leaves the cards that score, freeing population: the terms of the
    /// viewer's spacecraft projects stay if each still fits, or still does not fit.
    Frees,
    /// The first pass or other cards' terms may change: score the position in full.
    Other,
}

impl Base {
    /// How card `a` of the base becoming `c` changes the evaluation. [`Change::Rescore`]: a
    /// ship that stays a ship (it moves, fights, bombards, takes damage); an asset that stays
    /// an undestroyed or destroyed asset with the same upgrade (damage, repair, tapping: other
    /// cards read only an asset's owner, card, destruction and upgrade); a project that stays on
    /// the same asset and stays open or finished (its points). [`Change::Leaves`]: a ship
    /// destroyed into debris, when debris is not counted (`hazard` off) and the owner's free
    /// population counts for nothing; [`Change::Frees`] when it does (a ship of the viewer
    /// while the viewer has spacecraft projects, whose terms read it).
    /// [`Change::Other`] too for a ship that leaves an asset or arrives at one whose term reads
    /// its orbiters ([`Base::reads_orbiters`]).
    fn change(&self, s: &State, a: &Inst, c: &Inst) -> Change {
        if a.card != c.card || a.owner != c.owner {
            return Change::Other;
        }
        let viewer = self.viewer;
        // A ship that leaves an asset or arrives at one may change whether that asset can
        // build an asset project (no enemy spacecraft in orbit, O21).
        if a.zone == Zone::Ship
            && (a.host != c.host || c.zone != Zone::Ship)
            && (self.reads_orbiters(s, a.host, a.owner.index())
                || self.reads_orbiters(s, c.host, a.owner.index()))
        {
            return Change::Other;
        }
        let rescore = match (a.zone, c.zone) {
            (Zone::Ship, Zone::Ship) => true,
            (Zone::Asset, Zone::Asset) => {
                a.has(flag::DESTROYED) == c.has(flag::DESTROYED) && a.link == c.link
            }
            (Zone::Project, Zone::Project) => {
                let p = c.owner.index();
                a.host == c.host && project_open(s, a, p, viewer) == project_open(s, c, p, viewer)
            }
            (Zone::Ship, Zone::Debris) if !self.h.hazard => {
                return if c.owner.index() != viewer || self.project_pops.is_empty() {
                    Change::Leaves
                } else {
                    Change::Frees
                };
            }
            _ => false,
        };
        if rescore {
            Change::Rescore
        } else {
            Change::Other
        }
    }

    /// May the term of the asset at table index `host` depend on whether a ship of `mover`
    /// orbits it: is it another player's asset whose only buildable start is an asset project
    /// ([`only_asset_starts`])?
    fn reads_orbiters(&self, s: &State, host: u8, mover: usize) -> bool {
        let Some(asset) = s.cards.get(host as usize).filter(|_| host != NONE) else {
            return false;
        };
        let owner = asset.owner.index();
        owner != mover
            && asset.zone == Zone::Asset
            && only_asset_starts(
                s.db.hot(asset.card).factories,
                self.ctx.starts[owner.min(MAX_PLAYERS - 1)],
            )
    }
}

/// Writes into `out` the table indices at which `a` and `b` (tables of the same length)
/// differ, in order, and returns how many there are, or `None` past `out`'s length. The tables
/// are compared 64 bytes at a time (four 128-bit words XORed together, faster here than 16 or
/// 128 bytes and than slice comparisons). A block whose four words are all equal, as most are,
/// is passed after one test; in a block that differs, each differing word's first and last
/// differing bytes give the cards to compare (a move changes one card or two of the sixty or so
/// of a table).
fn differing(a: &[Inst], b: &[Inst], out: &mut [u8; MOST_CHANGED]) -> Option<usize> {
    const BLOCK: usize = 64;
    const WORD: usize = 16;
    const SIZE: usize = std::mem::size_of::<Inst>();
    let len = a.len().min(b.len());
    let (x, y) = (Inst::table_bytes(&a[..len]), Inst::table_bytes(&b[..len]));
    let mut k = 0;
    // Records the differing cards among those with bytes `lo..=hi`, once each.
    let mut record = |lo: usize, hi: usize, k: &mut usize| -> bool {
        for i in lo / SIZE..=hi / SIZE {
            let (p, q) = (&x[i * SIZE..i * SIZE + SIZE], &y[i * SIZE..i * SIZE + SIZE]);
            if (*k > 0 && out[*k - 1] as usize == i) || p == q {
                continue;
            }
            if *k == MOST_CHANGED {
                return false;
            }
            out[*k] = i as u8;
            *k += 1;
        }
        true
    };
    let mut o = 0;
    while o < x.len() {
        let end = (o + BLOCK).min(x.len());
        match (
            <[u8; BLOCK]>::try_from(&x[o..end]),
            <[u8; BLOCK]>::try_from(&y[o..end]),
        ) {
            (Ok(p), Ok(q)) => {
                // 128-bit words, not a slice comparison: the compiler calls `bcmp` for those.
                let word = |b: [u8; BLOCK], k: usize| {
                    let mut w = [0u8; WORD];
                    w.copy_from_slice(&b[k * WORD..k * WORD + WORD]);
                    u128::from_le_bytes(w)
                };
                let d: [u128; BLOCK / WORD] = std::array::from_fn(|w| word(p, w) ^ word(q, w));
                // Most blocks are equal: one test for the four words before looking at each.
                if d.iter().fold(0, |acc, &w| acc | w) == 0 {
                    o = end;
                    continue;
                }
                for (w, &d) in d.iter().enumerate().filter(|(_, d)| **d != 0) {
                    // Little-endian: the lowest set bit is in the first differing byte.
                    let at = o + w * WORD;
                    let lo = at + d.trailing_zeros() as usize / 8;
                    let hi = at + WORD - 1 - d.leading_zeros() as usize / 8;
                    if !record(lo, hi, &mut k) {
                        return None;
                    }
                }
            }
            _ => {
                if x[o..end] != y[o..end] && !record(o, end - 1, &mut k) {
                    return None;
                }
            }
        }
        o = end;
    }
    Some(k)
}

#[cfg(test)]
mod tests;
