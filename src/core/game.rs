//! The small game abstraction every agent is written against.
//!
//! An agent never touches the card game's engine directly: it sees a [`Game`] (state, legal
//! moves, apply, outcome, player to move, and a hidden-information view) and a [`Heuristic`]
//! (evaluation and playout policy). A second ruleset only has to implement these two traits to
//! reuse the random, greedy and MCTS agents.
//!
//! Hidden information and chance are both handled through [`Game::determinize`]: it returns a
//! state that agrees with everything `viewer` can see, with every hidden part (opponents' hands,
//! deck orders, face-down cards) and the random number generator resampled from the agent's own
//! randomness. Agents search only determinized states, so they cannot peek.
pub use super::outcomes::Outcomes;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How a game stands, with players as seat indices: the kit's [`Outcome`], which also covers
/// one-seat games.
pub use super::outcome::Outcome as Status;

/// A turn-based game for any number of players, possibly with chance and hidden information.
pub trait Game: Clone + Send + Sync {
    /// One decision of the player to move.
    type Move: Copy + Eq + std::fmt::Debug + Send + Sync;

    fn num_players(&self) -> usize;
    /// The seat that decides the next move. The same player may move several times in a row.
    fn current_player(&self) -> usize;
    fn status(&self) -> Status;
    /// Every legal move of the player to move, into a reused buffer (cleared first). Empty only
    /// when the game is over.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Is this move legal now?
    fn is_legal(&self, m: &Self::Move) -> bool;
    /// Applies a legal move. Chance (dice) is drawn from the state's own generator.
    fn apply(&mut self, m: Self::Move);
    /// Can applying `m` have more than one outcome? Agents sample such moves several times.
    fn is_random(&self, _m: &Self::Move) -> bool {
        true
    }
    /// Does `m` end the mover's current phase or turn without acting? (MCTS's root halving
    /// always keeps stopping among its candidates.)
    fn is_pass(&self, _m: &Self::Move) -> bool {
        false
    }
    /// May a search leave the legal move `m` out (`mcts:…,prune=1`)? For moves that can change
    /// nothing but spend the mover's means (in the card game, an attack that cannot hit), and
    /// moves the game's search is measured to misuse (a scuttle). None by default.
    fn prunable(&self, _m: &Self::Move) -> bool {
        false
    }
    /// Replaces the state's random generator, so no agent can know future dice.
    fn reseed(&mut self, seed: u64);
    /// A state consistent with what `viewer` can see: hidden cards of the other players are
    /// resampled and the generator reseeded, all from `rng`. Must depend only on information
    /// visible to `viewer` (and on `rng`), never on the true hidden parts. By default, for
    /// games without hidden information, the same position reseeded ([`reseeded`]).
    fn determinize(&self, _viewer: usize, rng: &mut ChaCha8Rng) -> Self {
        reseeded(self, rng)
    }
    /// What a search that determinizes one position again and again works out once
    /// ([`Game::prepare_hidden`]), for [`Game::determinize_prepared`]; `()` for games whose
    /// determinization needs nothing prepared.
    type Hidden: Default;
    /// Works out into `out` what [`Game::determinize_prepared`] needs of this position for
    /// `viewer`. Must read only what `viewer` can see.
    fn prepare_hidden(&self, _viewer: usize, _out: &mut Self::Hidden) {}
    /// [`Game::determinize`] into `out`, with what [`Game::prepare_hidden`] worked out for this
    /// same position and viewer: must give the same state for the same `rng`. Games whose
    /// states keep allocations override it to reuse `out`'s.
    fn determinize_prepared(
        &self,
        viewer: usize,
        _hidden: &Self::Hidden,
        rng: &mut ChaCha8Rng,
        out: &mut Self,
    ) {
        *out = self.determinize(viewer, rng);
    }
    /// Player turns played so far (for playout horizons and statistics).
    fn turn(&self) -> u32;
    /// A count that goes up by exactly one with every move applied within a player's turn
    /// (a search that keeps its tree between one player's moves checks that the position it
    /// is asked about follows the one it answered). `None`, the default: not counted, and no
    /// tree is kept.
    fn ply(&self) -> Option<u64> {
        None
    }

    /// The outcomes of `m` with their probabilities, appended to `out` (whose kept states they
    /// reuse). The default samples `samples` reseeded copies when [`Game::is_random`] says so;
    /// games may enumerate exactly.
    fn outcomes(
        &self,
        m: Self::Move,
        samples: usize,
        rng: &mut ChaCha8Rng,
        out: &mut Outcomes<Self>,
    ) {
        let n = if !self.is_random(&m) || samples <= 1 {
            1
        } else {
            samples
        };
        let w = 1.0 / n as f32;
        for _ in 0..n {
            let g = out.push_copy(w, self);
            g.reseed(rng.gen());
            g.apply(m);
        }
    }
}

/// Knowledge about a game that is not in its rules: how good a position is, and a cheap policy
/// for playouts.
pub trait Heuristic<G: Game>: Send + Sync {
    /// Raw scores of every player in an ongoing game (higher is better, unbounded), written into
    /// `out` (one entry per player). `viewer` is the player whose knowledge the evaluation may
    /// use (its own hidden cards); other players' hidden cards must not change the result.
    fn scores(&self, g: &G, viewer: usize, out: &mut [f32]);

    /// What [`Heuristic::scores_near`] keeps of a base position (`()` for a heuristic that
    /// scores every position in full).
    type Near: Default + Send;

    /// Keeps in `near` what [`Heuristic::scores_near`] needs of `base`: a one-ply search
    /// calls it once for the position it searches, then scores every move's outcomes near it.
    fn prepare_near(&self, _base: &G, _viewer: usize, _near: &mut Self::Near) {}

    /// [`Heuristic::scores`] of `g`, the same to the bit, for a heuristic that can reuse the
    /// work of a base position given to [`Heuristic::prepare_near`] for a position a move away
    /// from it (any other position is scored in full). By default, `scores`.
    fn scores_near(&self, _near: &Self::Near, g: &G, viewer: usize, out: &mut [f32]) {
        self.scores(g, viewer, out)
    }

    /// Score difference that is worth about a 73% chance to win (the sigmoid's scale).
    fn temperature(&self) -> f32 {
        1.0
    }

    /// With more than two players, how much the mean of the other players' scores counts in a
    /// player's advantage next to the best other score ([`advantages`]): 0 (the default) judges
    /// a player against the leader among the others only, 1 against their mean. Against the
    /// leader alone, harming any other player gains nothing, so a table of cautious players can
    /// sit still; a share of the mean rewards pressing anyone.
    fn field_weight(&self) -> f32 {
        0.0
    }

    /// The player turns a horizon playout of `horizon` turns ([`crate::agent::mcts`]) plays on
    /// from `g`. The presets' horizons are set for two players; a game whose rounds grow with
    /// its players may stretch them so a search sees as many rounds. Unchanged by default.
    fn horizon_turns(&self, _g: &G, horizon: u32) -> u32 {
        horizon
    }

    /// A move for a playout, from the legal moves `legal` (non-empty). Uniform by default.
    fn playout_move(&self, _g: &G, legal: &[G::Move], rng: &mut ChaCha8Rng) -> G::Move {
        legal[rng.gen_range(0..legal.len())]
    }
}

/// Most players the agents handle.
pub const MAX_PLAYERS: usize = 8;

/// Advantage of each player over the best other player (raw scores; in a one-seat game the raw
/// score itself), or a large ±value in a finished game. `out` has one entry per player. With
/// more than two players the best other score is blended with the others' mean by
/// [`Heuristic::field_weight`].
pub fn advantages<G: Game, H: Heuristic<G> + ?Sized>(h: &H, g: &G, viewer: usize, out: &mut [f32]) {
    advantages_from(h, g, out, |sc| h.scores(g, viewer, sc));
}

/// [`advantages`] with the scores of `g` from [`Heuristic::scores_near`] (the same values).
pub fn advantages_near<G: Game, H: Heuristic<G> + ?Sized>(
    h: &H,
    near: &H::Near,
    g: &G,
    viewer: usize,
    out: &mut [f32],
) {
    advantages_from(h, g, out, |sc| h.scores_near(near, g, viewer, sc));
}

/// [`advantages`] with the raw scores written by `scores` (called only in an ongoing game).
fn advantages_from<G: Game, H: Heuristic<G> + ?Sized>(
    h: &H,
    g: &G,
    out: &mut [f32],
    scores: impl FnOnce(&mut [f32]),
) {
    const DECIDED: f32 = 1.0e6;
    match g.status() {
        Status::Winner(w) => {
            for (i, v) in out.iter_mut().enumerate() {
                *v = if i == w { DECIDED } else { -DECIDED };
            }
        }
        Status::Draw => out.iter_mut().for_each(|v| *v = 0.0),
        Status::Solo { won, .. } => {
            let v = if won { DECIDED } else { -DECIDED };
            out.iter_mut().for_each(|x| *x = v);
        }
        Status::Ongoing => {
            let n = out.len().min(MAX_PLAYERS);
            let mut sc = [0.0f32; MAX_PLAYERS];
            scores(&mut sc[..n]);
            let field = if n > 2 {
                h.field_weight().clamp(0.0, 1.0)
            } else {
                0.0
            };
            let total: f32 = sc[..n].iter().sum();
            for p in 0..n {
                let mut best = (0..n)
                    .filter(|&q| q != p)
                    .map(|q| sc[q])
                    .fold(f32::NEG_INFINITY, f32::max);
                if field > 0.0 {
                    let mean = (total - sc[p]) / (n - 1) as f32;
                    best = (1.0 - field) * best + field * mean;
                }
                // One seat: the raw score is the advantage (there is no other player).
                out[p] = if best.is_finite() {
                    sc[p] - best
                } else {
                    sc[p]
                };
            }
        }
    }
}

/// Terminal values: 1 for the winner, 0 for the others, 1/n each for a draw.
pub fn terminal_values(status: Status, out: &mut [f32]) -> bool {
    match status {
        Status::Ongoing => false,
        Status::Winner(w) => {
            for (i, v) in out.iter_mut().enumerate() {
                *v = if i == w { 1.0 } else { 0.0 };
            }
            true
        }
        Status::Draw => {
            let n = out.len().max(1) as f32;
            out.iter_mut().for_each(|v| *v = 1.0 / n);
            true
        }
        Status::Solo { won, .. } => {
            let v = if won { 1.0 } else { 0.0 };
            out.iter_mut().for_each(|x| *x = v);
            true
        }
    }
}

/// The same position with its generator reseeded from `rng`: [`Game::determinize`] of a game
/// without hidden information (only future dice are unknown).
pub fn reseeded<G: Game>(g: &G, rng: &mut ChaCha8Rng) -> G {
    let mut s = g.clone();
    s.reseed(rng.gen());
    s
}

/// A fresh generator for a sub-task, drawn from a parent generator.
pub fn child_rng(rng: &mut ChaCha8Rng) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(rng.gen())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_values_for_win_and_draw() {
        let mut v = [0.5f32; 2];
        assert!(!terminal_values(Status::Ongoing, &mut v));
        assert!(terminal_values(Status::Winner(1), &mut v));
        assert_eq!(v, [0.0, 1.0]);
        assert!(terminal_values(Status::Draw, &mut v));
        assert_eq!(v, [0.5, 0.5]);
        let mut solo = [0.5f32];
        assert!(terminal_values(
            Status::Solo {
                won: true,
                score: 3
            },
            &mut solo
        ));
        assert_eq!(solo, [1.0]);
        assert!(terminal_values(
            Status::Solo {
                won: false,
                score: 3
            },
            &mut solo
        ));
        assert_eq!(solo, [0.0]);
    }
}
