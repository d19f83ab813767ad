//! Monte Carlo tree search with determinization, for any [`Game`].
//!
//! * **Hidden information:** every iteration starts from a fresh [`Game::determinize`] of the
//!   root for the searching player, so opponents' hands, deck orders and face-down cards are
//!   sampled, never read (single-observer information-set MCTS, "SO-ISMCTS").
//! * **Chance:** the tree is open-loop: nodes are sequences of moves, not states. Each
//!   iteration replays the moves on its own determinized state with its own dice, so a node's
//!   statistics average over dice outcomes and hidden cards.
//! * **Legal moves differ between iterations** (an opponent's hand, a ship that died in one
//!   roll): selection only considers children legal in the current iteration and uses their
//!   *availability* count instead of the parent's visits in UCB1.
//! * **Multi-move turns:** every node stores the player who made its move; rewards are backed
//!   up per player, so a node is always judged by the player who chose it.
//! * **Playouts:** from each leaf both sides play on, greedily by default (every move the
//!   one-ply best by the heuristic, as the greedy agent plays) or by the heuristic's light
//!   policy, until `horizon` turns after the root's turn have begun (2, the default: the
//!   searcher's next turn, after the opponent's whole reply; 4, `hard`'s: the searcher's turn
//!   after next), or for `playout` moves when there is no horizon; then the position is
//!   evaluated. The leaf value of each player is `sigmoid((advantage - root advantage) /
//!   temperature)`: centred on the root, so the search stays sensitive however far ahead or
//!   behind the player is. Finished games give 1/0/draw.
//!   With `stop_at_horizon` (`stop=1`, off by default) the tree ends at the horizon too;
//!   measured weaker for `hard` (docs/ai.md, "A sharper `hard`").
//!
//! * **Root halving** (`halving = k`, off by default): instead of UCB1 at the root, sequential
//!   halving over a pass and the best root moves by prior, `k` in all: each round shares its
//!   iterations equally among the survivors, and the better half by mean value goes on.
//!
//! The move played is the root child with the most visits. With `threads > 1` several
//! independent trees (root parallelization) run on the rayon pool and their root visits are
//! summed; each tree has its own seed, so the result is reproducible.
mod agent;
mod halving;
mod prior;
mod search;
mod tree;

pub use agent::MctsAgent;
pub use search::search;

use std::time::Duration;

/// Search budget and parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations per tree (and per decision), unless `time` is set.
    pub iterations: u32,
    /// Wall-time budget per decision; overrides `iterations` when set.
    pub time: Option<Duration>,
    /// UCB1 exploration constant (rewards are in `[0, 1]`).
    pub c: f32,
    /// Most playout moves after leaving the tree before evaluating.
    pub playout: u32,
    /// Turn boundaries: when above 0, playouts run (with the light policy, whatever `playout`
    /// says) until `horizon` turns after the root's turn have begun, so every leaf is evaluated
    /// at the same point of the game (1: the start of the next player's turn). 0 disables.
    pub horizon: u32,
    /// Independent trees searched in parallel (root parallelization).
    pub threads: usize,
    /// Virtual visits given to each root move, valued by its exact one-ply expectation (the
    /// greedy agent's knowledge, combat odds enumerated); 0 disables this prior.
    pub prior: u32,
    /// When above 0, the root prior's visits are at most this share of the iteration budget in
    /// all (`share=`): each root move gets `min(prior, share × iterations / moves)` virtual
    /// visits, at least 1, so a root with many moves is not held to the prior. 0: `prior` each.
    pub prior_share: f32,
    /// Sequential halving at the root over this many candidates (a pass and the best by root
    /// prior): rounds share the iterations equally among the survivors, and the better half by
    /// mean value goes on. 0: UCB1 at the root too. Needs an iteration budget.
    pub halving: u32,
    /// Playouts (and horizon playouts) choose every move greedily (one-ply best by the
    /// heuristic, as the greedy agent does) instead of by the heuristic's light policy.
    pub greedy_playout: bool,
    /// The tree ends at the horizon too (`stop=1`): a path that reaches it is a leaf, so every
    /// leaf is judged at the same point of the game. Off by default: the tree may run on past
    /// the horizon through turns with few moves (measured stronger for `hard`).
    pub stop_at_horizon: bool,
    /// Leave the moves the game calls prunable ([`Game::prunable`]: in the card game, attacks
    /// that cannot hit and scuttles) out of the tree (`prune=1`). On by default (the `normal`
    /// and `hard` presets), off for `easy`.
    pub prune: bool,
    /// Keep the tree between one player's moves (`reuse=1`): when the next decision is the
    /// same player's, right after the move played ([`Game::ply`]), the search starts from the
    /// subtree under that move instead of an empty tree, less the root moves no longer legal.
    pub reuse: bool,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 200,
            time: None,
            c: 0.2,
            playout: 0,
            horizon: 2,
            threads: 1,
            prior: 10,
            prior_share: 0.0,
            halving: 0,
            greedy_playout: true,
            stop_at_horizon: false,
            prune: true,
            reuse: false,
        }
    }
}

/// Result of one search: the root moves with their visit counts, and the iterations run.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    pub visits: Vec<(M, u32, f32)>,
    pub iterations: u64,
}

#[cfg(test)]
mod tests;
