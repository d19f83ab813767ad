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
use super::{card_term, finish, project_open, scores_with, Ctx, OrbitalsHeuristic, DEBRIS_SLOTS};
use crate::core::game::MAX_PLAYERS;
use crate::ids::PlayerId;
use crate::state::{flag, Inst, Phase, State, Zone};

/// Most changed cards scored from a base position; more are scored in full.
const MOST_CHANGED: usize = 8;

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
    /// The viewer has projects (their terms read the viewer's free population).
    viewer_projects: bool,
}

impl NearEval {
    /// Keeps the first pass and card terms of `s` as `viewer` sees it with `h` (in the memory
    /// of the base kept before, if any).
    pub fn prepare(&mut self, s: &State, viewer: usize, h: &OrbitalsHeuristic) {
        let (mut cards, mut ctx, mut debris, mut scored, mut terms, mut before, mut slot) =
            match self.base.take() {
                Some(b) => (
                    b.cards, b.ctx, b.debris, b.scored, b.terms, b.before, b.slot,
                ),
                None => Default::default(),
            };
        debris.clear();
        if h.hazard {
            debris.resize(DEBRIS_SLOTS, 0);
        }
        ctx.gather(s, viewer, h, &mut debris);
        cards.clone_from(&s.cards);
        scored.clear();
        terms.clear();
        before.clear();
        slot.clear();
        slot.resize(s.cards.len(), NO_SLOT);
        let mut seg = [0u16; MAX_PLAYERS + 1];
        let mut total = [0.0f32; MAX_PLAYERS];
        for p in 0..ctx.n {
            let mut free_pop = None;
            let mut sum = 0.0f32;
            for i in s.player_range(PlayerId(p as u8)) {
                if let Some(t) = card_term(s, i, p, &ctx, &debris, &mut free_pop) {
                    slot[i] = scored.len() as u16;
                    scored.push(i as u8);
                    terms.push(t);
                    before.push(sum);
                    sum += t;
                }
            }
            seg[p + 1] = scored.len() as u16;
            total[p] = sum;
        }
        let count = scored.len() as u16;
        seg[ctx.n + 1..].iter_mut().for_each(|k| *k = count);
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
            seg,
            terms,
            before,
            total,
            slot,
            viewer_projects: s
                .zone(PlayerId(viewer as u8), Zone::Project)
                .next()
                .is_some(),
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
    /// Are `s`'s table, viewer, heuristic, players, phase and turn those of the base?
    fn fits(&self, s: &State, viewer: usize, h: &OrbitalsHeuristic) -> bool {
        self.db == table_address(s)
            && self.viewer == viewer
            && self.h == *h
            && self.num_players == s.num_players
            && self.active == s.active
            && self.phase == s.phase
            && self.turn == s.turn
            && self.turn_limit == s.turn_limit
            && self.cards.len() == s.cards.len()
    }

    /// Writes `s`'s scores if every card that differs from the base changed in a way that leaves
    /// the first pass as it was (see [`unchanged_pass`]); false (nothing written) otherwise.
    fn scores(&self, s: &State, h: &OrbitalsHeuristic, out: &mut [f32]) -> bool {
        // (slot, new term or `None` for a card that no longer scores), in table order.
        let mut changed = [(0u16, None::<f32>); MOST_CHANGED];
        let mut at = [0u8; MOST_CHANGED];
        let Some(count) = differing(&self.cards, &s.cards, &mut at) else {
            return false;
        };
        for (k, &i) in at[..count].iter().enumerate() {
            let i = i as usize;
            let (a, c) = (&self.cards[i], &s.cards[i]);
            let slot = self.slot[i];
            if slot == NO_SLOT {
                return false;
            }
            changed[k] = match self.change(s, a, c) {
                Change::Rescore => {
                    let p = c.owner.index();
                    match card_term(s, i, p, &self.ctx, &self.debris, &mut None) {
                        Some(t) => (slot, Some(t)),
                        None => return false,
                    }
                }
                Change::Leaves => (slot, None),
                Change::Other => return false,
            };
        }
        let changed = &changed[..count];
        let n = self.ctx.n.min(out.len());
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
        finish(s, &self.ctx, h, out);
        true
    }
}

/// What a card that differs from the base does to the evaluation.
enum Change {
    /// Its own term changes, nothing else: score it again.
    Rescore,
    /// It leaves the cards that score, and nothing else changes.
    Leaves,
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
    /// population counts for nothing (the viewer's own spacecraft projects read it).
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
            (Zone::Ship, Zone::Debris)
                if !self.h.hazard && (c.owner.index() != viewer || !self.viewer_projects) =>
            {
                return Change::Leaves;
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
mod tests {
    use super::*;
    use crate::agent::greedy::GreedyAgent;
    use crate::agent::testkit::{new_state, play_random};
    use crate::agent::Agent;
    use crate::core::game::{Game, Outcomes};
    use crate::state::Outcome;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The heuristics the agents use: the default, and every term switched on.
    fn heuristics() -> [OrbitalsHeuristic; 2] {
        [
            OrbitalsHeuristic::default(),
            OrbitalsHeuristic {
                endgame: 120,
                siege: 2.0,
                approach: 0.7,
                late_approach: 0.9,
                hazard: true,
                tempo: true,
                ..OrbitalsHeuristic::default()
            },
        ]
    }

    fn full(s: &State, viewer: usize, h: &OrbitalsHeuristic) -> [u32; 2] {
        let mut out = [0.0f32; 2];
        scores_with(s, viewer, h, &mut out);
        out.map(f32::to_bits)
    }

    fn near(e: &NearEval, s: &State, viewer: usize, h: &OrbitalsHeuristic) -> ([u32; 2], bool) {
        let mut out = [0.0f32; 2];
        let hit = matches!(&e.base, Some(b) if b.fits(s, viewer, h) && b.scores(s, h, &mut out));
        e.scores(s, viewer, h, &mut out);
        (out.map(f32::to_bits), hit)
    }

    /// The blockwise comparison finds exactly the cards a card-by-card one finds, wherever they
    /// are (in one block, across blocks, in the short last block) and whatever the table's
    /// length, and gives up past [`MOST_CHANGED`].
    #[test]
    fn differing_finds_every_changed_card() {
        use rand::Rng;
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let s = new_state(1);
        for len in 0..s.cards.len().min(90) {
            for _ in 0..20 {
                let a = s.cards[..len].to_vec();
                let mut b = a.clone();
                for _ in 0..rng.gen_range(0..=MOST_CHANGED + 2) {
                    if len > 0 {
                        let i = rng.gen_range(0..len);
                        match rng.gen_range(0..3) {
                            0 => b[i].damage = b[i].damage.wrapping_add(1),
                            1 => b[i].order = b[i].order.wrapping_add(1),
                            _ => b[i].link = b[i].link.wrapping_add(1),
                        }
                    }
                }
                let want: Vec<u8> = (0..len)
                    .filter(|&i| a[i] != b[i])
                    .map(|i| i as u8)
                    .collect();
                let mut out = [0u8; MOST_CHANGED];
                match differing(&a, &b, &mut out) {
                    Some(k) => assert_eq!(out[..k], want[..], "length {len}"),
                    None => assert!(want.len() > MOST_CHANGED, "length {len}: {want:?}"),
                }
            }
        }
    }

    /// Every outcome of every legal command of positions along random and greedy games, for
    /// both viewers and both heuristics: the near scores are the full scores to the bit, and
    /// most of them come from the kept base.
    #[test]
    fn near_scores_are_the_full_scores_of_every_outcome() {
        let (mut hits, mut total) = (0usize, 0usize);
        let mut legal = Vec::new();
        let mut outs = Outcomes::new();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut e = NearEval::default();
        for seed in 0..12u64 {
            let mut s = new_state(seed);
            let mut greedy: GreedyAgent<State, _> =
                GreedyAgent::new(OrbitalsHeuristic::default(), seed);
            for step in 0..400 {
                if s.outcome != Outcome::Ongoing {
                    break;
                }
                s.legal_moves(&mut legal);
                if step % 3 == 0 {
                    for h in &heuristics() {
                        for viewer in 0..2 {
                            e.prepare(&s, viewer, h);
                            assert_eq!(near(&e, &s, viewer, h), (full(&s, viewer, h), true));
                            for &m in &legal {
                                outs.clear();
                                s.outcomes(m, 4, &mut rng, &mut outs);
                                for (_, g) in &outs {
                                    let (v, hit) = near(&e, g, viewer, h);
                                    assert_eq!(
                                        v,
                                        full(g, viewer, h),
                                        "{m:?} seed {seed} step {step}"
                                    );
                                    hits += hit as usize;
                                    total += 1;
                                }
                            }
                        }
                    }
                }
                // Greedy games reach the positions searches meet; random ones the odd corners.
                let c = if seed % 2 == 0 {
                    greedy.choose(&s)
                } else {
                    legal[step * 7 % legal.len()]
                };
                s.apply(c);
            }
        }
        assert!(total > 10_000, "{total}");
        assert!(hits * 3 > total, "{hits} of {total} from the base");
    }

    /// A base position and any later position of the same game: whatever lies between them, the
    /// near scores are the full ones (the checks do not assume a single move).
    #[test]
    fn near_scores_hold_for_any_two_positions() {
        let mut hits = 0;
        for seed in 0..80u64 {
            let mut s = new_state(100 + seed);
            play_random(&mut s, 40 + (seed as usize * 13) % 150, seed);
            let mut e = NearEval::default();
            for h in &heuristics() {
                let viewer = (seed % 2) as usize;
                e.prepare(&s, viewer, h);
                let mut later = s.clone();
                let mut legal = Vec::new();
                for k in 0..12 {
                    // Moves that act (not the pass first in the list) mostly stay in the
                    // phase, so many of the later positions are still near the base.
                    later.legal_moves(&mut legal);
                    if later.outcome != Outcome::Ongoing || legal.is_empty() {
                        break;
                    }
                    let m = match legal.len() {
                        1 => legal[0],
                        n => legal[1 + (seed as usize + k) * 7 % (n - 1)],
                    };
                    later.apply(m);
                    let (v, hit) = near(&e, &later, viewer, h);
                    assert_eq!(v, full(&later, viewer, h), "seed {seed} after {k}");
                    hits += hit as usize;
                }
            }
        }
        assert!(hits >= 10, "{hits}");
    }

    /// A ship destroyed into debris leaves the cards that score; the near scores skip it as
    /// the full pass does.
    #[test]
    fn a_destroyed_ship_leaves_the_sum() {
        let h = OrbitalsHeuristic::default();
        let mut checked = 0;
        for seed in 0..30u64 {
            let mut s = new_state(200 + seed);
            play_random(&mut s, 60 + seed as usize * 5, seed);
            let Some(i) = (0..s.cards.len()).find(|&i| s.cards[i].zone == Zone::Ship) else {
                continue;
            };
            let viewer = 1 - s.cards[i].owner.index();
            let mut e = NearEval::default();
            e.prepare(&s, viewer, &h);
            let mut g = s.clone();
            g.set_zone(crate::ids::CardRef(i as u8), Zone::Debris);
            let (v, hit) = near(&e, &g, viewer, &h);
            assert!(hit, "seed {seed}");
            assert_eq!(v, full(&g, viewer, &h));
            assert_ne!(v, full(&s, viewer, &h), "the ship counted");
            checked += 1;
        }
        assert!(checked > 10, "{checked}");
    }
}
