//! The MCTS agent: seeds, threads (one tree each, root visits summed), the move chosen, and
//! the trees kept between one player's moves (`reuse=1`).
use super::search::grow;
use super::tree::Tree;
use super::MctsConfig;
use crate::agent::game::{child_rng, Game, Heuristic};
use crate::agent::Agent;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// The MCTS agent.
pub struct MctsAgent<G: Game, H: Heuristic<G> + Clone> {
    pub config: MctsConfig,
    heuristic: H,
    rng: ChaCha8Rng,
    name: String,
    buf: Vec<G::Move>,
    /// Iterations run over all decisions (for benchmarks).
    pub iterations: u64,
    /// Root visits carried into decisions from kept trees ([`MctsConfig::reuse`]), over all
    /// decisions.
    pub carried: u64,
    /// With [`MctsConfig::reuse`]: the last decision's trees (one per thread), each with the
    /// node of the move played, and the [`Game::ply`] and player of that decision.
    pub(super) kept: Option<Kept<G::Move>>,
}

/// Trees kept from one decision for the next ([`MctsConfig::reuse`]).
pub(super) struct Kept<M> {
    pub(super) trees: Vec<(Tree<M>, u32)>,
    pub(super) ply: u64,
    pub(super) player: usize,
}

impl<G: Game, H: Heuristic<G> + Clone> MctsAgent<G, H> {
    pub fn new(config: MctsConfig, heuristic: H, seed: u64, name: impl Into<String>) -> Self {
        MctsAgent {
            config,
            heuristic,
            rng: ChaCha8Rng::seed_from_u64(seed),
            name: name.into(),
            buf: Vec::new(),
            iterations: 0,
            carried: 0,
            kept: None,
        }
    }

    /// Root moves with summed visits and mean value (first tree's order).
    pub fn analyse(&mut self, state: &G) -> Vec<(G::Move, u32, f32)> {
        self.grow_trees(state, None).0
    }

    /// Searches `state` with one tree per thread (each from its kept tree in `start`, if
    /// given), and returns the merged root moves and the trees.
    #[allow(clippy::type_complexity)]
    fn grow_trees(
        &mut self,
        state: &G,
        start: Option<&[(Tree<G::Move>, u32)]>,
    ) -> (Vec<(G::Move, u32, f32)>, Vec<Tree<G::Move>>) {
        let threads = self.config.threads.max(1);
        let mut rngs: Vec<ChaCha8Rng> = (0..threads).map(|_| child_rng(&mut self.rng)).collect();
        let (h, cfg) = (&self.heuristic, &self.config);
        let from = |i: usize| start.and_then(|s| s.get(i));
        let grown: Vec<Option<(Tree<G::Move>, u64)>> = if threads == 1 {
            vec![grow(state, h, cfg, &mut rngs[0], from(0))]
        } else {
            rngs.par_iter_mut()
                .enumerate()
                .map(|(i, r)| grow(state, h, cfg, r, from(i)))
                .collect()
        };
        let mut merged: Vec<(G::Move, u32, f32)> = Vec::new();
        let mut trees = Vec::with_capacity(grown.len());
        for (tree, iterations) in grown.into_iter().flatten() {
            self.iterations += iterations;
            let visits = tree.root_visits();
            if start.is_some() {
                let real: u64 = visits.iter().map(|v| u64::from(v.1)).sum();
                self.carried += real.saturating_sub(iterations);
            }
            for (m, v, q) in visits {
                match merged.iter_mut().find(|e| e.0 == m) {
                    Some(e) => {
                        let total = e.2 * e.1 as f32 + q * v as f32;
                        e.1 += v;
                        e.2 = total / e.1.max(1) as f32;
                    }
                    None => merged.push((m, v, q)),
                }
            }
            trees.push(tree);
        }
        (merged, trees)
    }

    /// Keeps `trees` for the next decision, each moved down from its node to the child that
    /// plays `mv` (the move about to be played at `state`); trees without that child are
    /// dropped. Nothing is kept for a game that does not count its moves ([`Game::ply`]).
    fn keep(&mut self, state: &G, trees: Vec<(Tree<G::Move>, u32)>, mv: G::Move) {
        let Some(ply) = state.ply() else {
            return;
        };
        let trees: Vec<_> = trees
            .into_iter()
            .filter_map(|(t, node)| t.child(node, mv).map(|id| (t, id)))
            .collect();
        if !trees.is_empty() {
            self.kept = Some(Kept {
                trees,
                ply,
                player: state.current_player(),
            });
        }
    }

    /// The kept trees if `state` is the position right after the kept decision's move, by the
    /// same player; the kept trees are dropped either way.
    pub(super) fn take_kept(&mut self, state: &G) -> Option<Vec<(Tree<G::Move>, u32)>> {
        let kept = self.kept.take()?;
        let follows =
            state.ply() == Some(kept.ply.wrapping_add(1)) && state.current_player() == kept.player;
        follows.then_some(kept.trees)
    }
}

impl<G: Game, H: Heuristic<G> + Clone> Agent<G> for MctsAgent<G, H> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, state: &G) -> G::Move {
        state.legal_moves(&mut self.buf);
        if self.buf.len() == 1 {
            // Played without a search: kept trees that reach `state` follow the move down.
            let only = self.buf[0];
            if let Some(trees) = self.take_kept(state) {
                self.keep(state, trees, only);
            }
            return only;
        }
        let start = self.take_kept(state);
        let (merged, trees) = self.grow_trees(state, start.as_deref());
        // Most visits; ties by mean value, then by legal order (stable).
        let mut best: Option<(G::Move, u32, f32)> = None;
        for e in merged {
            let better = match best {
                None => true,
                Some(b) => e.1 > b.1 || (e.1 == b.1 && e.2 > b.2),
            };
            if better {
                best = Some(e);
            }
        }
        let chosen = best.map(|b| b.0).unwrap_or(self.buf[0]);
        if self.config.reuse {
            self.keep(state, trees.into_iter().map(|t| (t, 0)).collect(), chosen);
        }
        chosen
    }
}
