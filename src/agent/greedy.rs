//! The greedy agent: one-ply search with the evaluation function.
//!
//! For every legal move it takes the expected advantage (own score minus the best other score,
//! see [`super::eval`]) over the move's random outcomes — enumerated exactly for combat in the
//! card game, sampled through reseeded clones for games that cannot enumerate — and plays the
//! best. Ties go to the earlier move in the legal list (in the card game: `Pass` first), so the
//! agent only acts when acting helps and every game keeps moving forward.
//!
//! It searches a determinized copy of the state ([`Game::determinize`]), so it never sees the
//! opponents' hidden cards or the future dice.
use super::game::{advantages, child_rng, Game, Heuristic, MAX_PLAYERS};
use super::Agent;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One-ply search over a [`Heuristic`].
pub struct GreedyAgent<G: Game, H: Heuristic<G>> {
    heuristic: H,
    rng: ChaCha8Rng,
    /// Samples per random move for games without exact outcomes.
    samples: usize,
    moves: Vec<G::Move>,
    outcomes: Vec<(f32, G)>,
}

impl<G: Game, H: Heuristic<G>> GreedyAgent<G, H> {
    pub fn new(heuristic: H, seed: u64) -> Self {
        GreedyAgent {
            heuristic,
            rng: ChaCha8Rng::seed_from_u64(seed),
            samples: 8,
            moves: Vec::new(),
            outcomes: Vec::new(),
        }
    }

    /// Expected advantage of every legal move for the player to move, in legal-move order.
    pub fn move_values(&mut self, state: &G) -> Vec<(G::Move, f32)> {
        state.legal_moves(&mut self.moves);
        let me = state.current_player();
        let n = state.num_players().clamp(1, MAX_PLAYERS);
        let view = state.determinize(me, &mut self.rng);
        let mut rng = child_rng(&mut self.rng);
        let mut adv = [0.0f32; MAX_PLAYERS];
        let mut out = Vec::with_capacity(self.moves.len());
        for &m in &self.moves {
            self.outcomes.clear();
            view.outcomes(m, self.samples, &mut rng, &mut self.outcomes);
            let mut total = 0.0f32;
            let mut weight = 0.0f32;
            for (p, g) in &self.outcomes {
                advantages(&self.heuristic, g, me, &mut adv[..n]);
                total += p * adv[me];
                weight += p;
            }
            out.push((m, total / weight.max(f32::MIN_POSITIVE)));
        }
        out
    }
}

impl<G: Game, H: Heuristic<G>> Agent<G> for GreedyAgent<G, H> {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, state: &G) -> G::Move {
        state.legal_moves(&mut self.moves);
        if self.moves.len() == 1 {
            return self.moves[0];
        }
        let values = self.move_values(state);
        let mut best = values[0];
        for &(m, v) in &values[1..] {
            if v > best.1 + 1e-4 {
                best = (m, v);
            }
        }
        best.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::eval::OrbitalsHeuristic;
    use crate::agent::testkit::new_state;
    use crate::rules::Command;
    use crate::state::{Outcome, Phase, State};

    #[test]
    fn greedy_plays_legal_commands_and_builds() {
        let mut s = new_state(5);
        let mut a: GreedyAgent<State, _> = GreedyAgent::new(OrbitalsHeuristic::default(), 1);
        let mut started = false;
        for _ in 0..300 {
            if s.outcome != Outcome::Ongoing {
                break;
            }
            let c = a.choose(&s);
            assert!(s.is_legal(&c), "{c:?}");
            started |= matches!(c, Command::Start { .. } | Command::Contribute { .. });
            s.apply(c);
        }
        assert!(started, "greedy never built anything");
        assert!(s.turn > 4, "greedy must pass phases: turn {}", s.turn);
        assert!(Phase::ALL.contains(&s.phase));
    }
}
