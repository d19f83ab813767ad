//! Scores of positions near a base position, from the base's card terms: what a one-ply search
//! (greedy, the playouts of `mcts:normal`) asks for every move of the position it searches.
//!
//! [`super::scores_with`] scores a position in two passes: [`Ctx::gather`] over the whole table
//! (targets, hands, decks, projects, debris), then one term per card ([`card_term`]), summed per
//! player. Most moves change one or two cards in ways that leave the first pass
//! as it was: a ship burns, transfers, fights or bombards; an asset is damaged or repaired or
//! taps; a project gains points. [`NearEval`] keeps the base position's first pass and card
//! terms, finds the cards that differ in the new position, and if every difference is of that
//! kind, works out the terms of those cards only and moves each player's kept sum by the
//! difference; a ship destroyed into debris just leaves the sum. Terms are summed in fixed
//! point ([`super::fixed`]), where the order of additions does not matter, so the result is
//! [`super::scores_with`]'s to the bit; any other difference (a card drawn, started or
//! deployed, a turn passing, an asset destroyed or upgraded) scores the position in full.
use super::{
    card_term, finish, fixed, free_population, in_turn, points, project_open, scores_with, Ctx,
    OrbitalsHeuristic, DEBRIS_SLOTS,
};
use crate::core::game::MAX_PLAYERS;
use crate::data::HotKind;
use crate::ids::PlayerId;
use crate::state::{flag, Inst, Phase, State, Zone};

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
    /// The term of each card of `scored`, in fixed point.
    terms: Vec<i64>,
    /// Each player's sum of terms, in fixed point.
    total: [i64; MAX_PLAYERS],
    /// Per table index: its place in `scored`, or [`NO_SLOT`].
    slot: Vec<u16>,
    /// The viewer has projects (their terms read the viewer's free population).
    viewer_projects: bool,
    /// The viewer's free population (O22) in the base.
    free_pop: i16,
    /// The populations of the viewer's spacecraft projects, a bit per value (their terms
    /// compare it with the free population), or `None` if one is past 63.
    project_pops: Option<u64>,
    /// The slots of the assets of the player to move: their terms read the phase.
    active_assets: Vec<u16>,
}

impl NearEval {
    /// Keeps the first pass and card terms of `s` as `viewer` sees it with `h` (in the memory
    /// of the base kept before, if any).
    pub fn prepare(&mut self, s: &State, viewer: usize, h: &OrbitalsHeuristic) {
        let (mut cards, mut ctx, mut debris, mut scored, mut terms, mut slot) =
            match self.base.take() {
                Some(b) => (b.cards, b.ctx, b.debris, b.scored, b.terms, b.slot),
                None => Default::default(),
            };
        let mut active_assets = Vec::new();
        debris.clear();
        if h.hazard {
            debris.resize(DEBRIS_SLOTS, 0);
        }
        ctx.gather(s, viewer, h, &mut debris);
        cards.clone_from(&s.cards);
        scored.clear();
        terms.clear();
        slot.clear();
        slot.resize(s.cards.len(), NO_SLOT);
        let mut total = [0i64; MAX_PLAYERS];
        for (p, sum) in total.iter_mut().enumerate().take(ctx.n) {
            let mut free_pop = None;
            for i in s.player_range(PlayerId(p as u8)) {
                if let Some(t) = card_term(s, i, p, &ctx, &debris, &mut free_pop) {
                    if p == ctx.active && s.cards[i].zone == Zone::Asset {
                        active_assets.push(scored.len() as u16);
                    }
                    slot[i] = scored.len() as u16;
                    scored.push(i as u8);
                    terms.push(fixed(t));
                    *sum += fixed(t);
                }
            }
        }
        let mut project_pops = Some(0u64);
        for (_, c) in s.zone(PlayerId(viewer as u8), Zone::Project) {
            let card = s.db.hot(c.card);
            if card.kind == HotKind::Spacecraft {
                project_pops = project_pops
                    .filter(|_| card.population < 64)
                    .map(|b| b | 1 << card.population);
            }
        }
        self.base = Some(Base {
            h: *h,
            viewer,
            db: table_address(s),
            num_players: s.num_players,
            active: s.active,
            phase: s.phase,
            turn: s.turn,
            turn_limit: s.turn_limit,
            cards,
            ctx,
            debris,
            scored,
            terms,
            total,
            slot,
            viewer_projects: s
                .zone(PlayerId(viewer as u8), Zone::Project)
                .next()
                .is_some(),
            free_pop: free_population(s, viewer),
            project_pops,
            active_assets,
        });
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
        let ctx: &Ctx = if s.phase == self.phase {
            &self.ctx
        } else {
            if self.active_assets.len() > MOST_ASSETS {
                return false;
            }
            new_phase = Ctx {
                phase: s.phase,
                ..(*self.ctx).clone()
            };
            &new_phase
        };
        let extra: &[u16] = if s.phase == self.phase {
            &[]
        } else {
            &self.active_assets
        };
        // (slot, new term or `None` for a card that no longer scores): the differing cards
        // merged with `extra` in table order, so that a slot in both is scored once.
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
                Change::Rescore => {
                    let p = c.owner.index();
                    match card_term(s, i, p, ctx, &self.debris, &mut None) {
                        Some(t) => (slot, Some(t)),
                        None => return false,
                    }
                }
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
        let mut sums = self.total;
        for &(slot, t) in &changed[..len] {
            let p = s.cards[self.scored[slot as usize] as usize].owner.index();
            sums[p] += t.map_or(0, fixed) - self.terms[slot as usize];
        }
        let n = ctx.n.min(out.len());
        out.iter_mut().for_each(|v| *v = 0.0);
        for (o, &sum) in out.iter_mut().zip(&sums).take(n) {
            *o = points(sum);
        }
        finish(s, ctx, h, out);
        true
    }

    /// The term in `s` of the unchanged card at `slot`, with the first pass `ctx`.
    fn rescore(&self, s: &State, slot: u16, ctx: &Ctx) -> Option<f32> {
        let i = self.scored[slot as usize] as usize;
        let p = s.cards[i].owner.index();
        card_term(s, i, p, ctx, &self.debris, &mut None)
    }

    /// After ships of the viewer left play: does every spacecraft project of the viewer still
    /// fit, or still not fit, in the free population (O22), so that its term is the base's?
    fn same_waiting(&self, s: &State) -> bool {
        let Some(pops) = self.project_pops else {
            return false;
        };
        let now = free_population(s, self.viewer);
        let (lo, hi) = (self.free_pop.min(now), self.free_pop.max(now));
        // A project of population `pop` fits while `pop <= free`: it changes side if
        // `lo < pop <= hi`.
        (lo + 1..=hi).all(|pop| !(0..64).contains(&pop) || pops >> pop & 1 == 0)
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
    /// population counts for nothing; [`Change::Frees`] when it does (the viewer's own
    /// spacecraft projects read it).
    fn change(&self, s: &State, a: &Inst, c: &Inst) -> Change {
        if a.card != c.card || a.owner != c.owner {
            return Change::Other;
        }
        let viewer = self.viewer;
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
                return if c.owner.index() != viewer || !self.viewer_projects {
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
}

/// Writes into `out` the table indices at which `a` and `b` (tables of the same length)
/// differ, in order, and returns how many there are, or `None` past `out`'s length. The tables
/// are compared 64 bytes at a time (four 128-bit words XORed together, faster here than 16 or
/// 128 bytes and than slice comparisons), and only the cards of a differing block one by one (a
/// move changes one card or two of the sixty or so of a table).
fn differing(a: &[Inst], b: &[Inst], out: &mut [u8; MOST_CHANGED]) -> Option<usize> {
    const BLOCK: usize = 64;
    const SIZE: usize = std::mem::size_of::<Inst>();
    let len = a.len().min(b.len());
    let (x, y) = (Inst::table_bytes(&a[..len]), Inst::table_bytes(&b[..len]));
    // Cards before `next` have been compared.
    let (mut k, mut next) = (0usize, 0usize);
    let mut o = 0;
    while o < x.len() {
        let end = (o + BLOCK).min(x.len());
        // 128-bit words, not a slice comparison: the compiler calls `bcmp` for those.
        let same = match (
            <[u8; BLOCK]>::try_from(&x[o..end]),
            <[u8; BLOCK]>::try_from(&y[o..end]),
        ) {
            (Ok(p), Ok(q)) => {
                let word = |b: [u8; BLOCK], k: usize| {
                    let mut w = [0u8; 16];
                    w.copy_from_slice(&b[k * 16..k * 16 + 16]);
                    u128::from_ne_bytes(w)
                };
                (0..BLOCK / 16).fold(0, |d, k| d | (word(p, k) ^ word(q, k))) == 0
            }
            _ => x[o..end] == y[o..end],
        };
        if !same {
            // The cards this block overlaps (blocks share cards: each card once).
            for i in (o / SIZE).max(next)..end.div_ceil(SIZE) {
                if a[i] != b[i] {
                    if k == MOST_CHANGED {
                        return None;
                    }
                    out[k] = i as u8;
                    k += 1;
                }
            }
            next = end.div_ceil(SIZE);
        }
        o = end;
    }
    Some(k)
}

#[cfg(test)]
mod tests;
