//! The random agent: uniform over legal commands.
use super::game::Game;
use super::Agent;
use crate::state::State;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Picks uniformly among the legal moves of any [`Game`].
pub struct RandomAgent<G: Game = State> {
    rng: ChaCha8Rng,
    buf: Vec<G::Move>,
}

impl<G: Game> RandomAgent<G> {
    pub fn new(seed: u64) -> RandomAgent<G> {
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
            buf: Vec::new(),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G> {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, state: &G) -> G::Move {
        state.legal_moves(&mut self.buf);
        // Only called while the game is ongoing, so there is at least one legal move.
        self.buf[self.rng.gen_range(0..self.buf.len())]
    }
}
