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
use super::game::{advantages_near, child_rng, Game, Heuristic, Outcomes, MAX_PLAYERS};
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
    scratch: OnePly<G, H>,
}

/// What a one-ply search keeps from one call to the next: the outcome states it copies
/// positions into, and the heuristic's memory of the position it searches
/// ([`Heuristic::prepare_near`]).
pub struct OnePly<G: Game, H: Heuristic<G> + ?Sized> {
    pub outcomes: Outcomes<G>,
    pub near: H::Near,
}

impl<G: Game, H: Heuristic<G> + ?Sized> Default for OnePly<G, H> {
    fn default() -> Self {
        OnePly {
            outcomes: Outcomes::new(),
            near: H::Near::default(),
        }
    }
}

impl<G: Game, H: Heuristic<G>> GreedyAgent<G, H> {
    pub fn new(heuristic: H, seed: u64) -> Self {
        GreedyAgent {
            heuristic,
            rng: ChaCha8Rng::seed_from_u64(seed),
            samples: 8,
            moves: Vec::new(),
            scratch: OnePly::default(),
        }
    }

    /// Expected advantage of every legal move for the player to move, in legal-move order.
    pub fn move_values(&mut self, state: &G) -> Vec<(G::Move, f32)> {
        state.legal_moves(&mut self.moves);
        let view = state.determinize(state.current_player(), &mut self.rng);
        let mut rng = child_rng(&mut self.rng);
        let mut out = Vec::with_capacity(self.moves.len());
        let me = view.current_player();
        self.heuristic
            .prepare_near(&view, me, &mut self.scratch.near);
        for &m in &self.moves {
            let v = expected_advantage(
                &view,
                &self.heuristic,
                m,
                self.samples,
                &mut rng,
                &mut self.scratch,
            );
            out.push((m, v));
        }
        out
    }
}

/// Expected advantage of `m` for the player to move in `view` (a state the player may see in
/// full, e.g. a determinization), over the move's outcomes. The outcomes are scored near the
/// position last given to [`Heuristic::prepare_near`] in `scratch` (the same values as scored
/// in full; [`best_move`] gives it `view`).
pub fn expected_advantage<G: Game, H: Heuristic<G> + ?Sized>(
    view: &G,
    h: &H,
    m: G::Move,
    samples: usize,
    rng: &mut ChaCha8Rng,
    scratch: &mut OnePly<G, H>,
) -> f32 {
    let OnePly { outcomes, near } = scratch;
    let me = view.current_player();
    let n = view.num_players().clamp(1, MAX_PLAYERS);
    let mut adv = [0.0f32; MAX_PLAYERS];
    outcomes.clear();
    view.outcomes(m, samples, rng, outcomes);
    let mut total = 0.0f32;
    let mut weight = 0.0f32;
    for (p, g) in outcomes.iter() {
        advantages_near(h, near, g, me, &mut adv[..n]);
        total += p * adv[me];
        weight += p;
    }
    total / weight.max(f32::MIN_POSITIVE)
}

/// The greedy choice among `legal` (non-empty) in `view`: the best expected advantage, ties to
/// the earlier move.
pub fn best_move<G: Game, H: Heuristic<G> + ?Sized>(
    view: &G,
    h: &H,
    legal: &[G::Move],
    samples: usize,
    rng: &mut ChaCha8Rng,
    scratch: &mut OnePly<G, H>,
) -> G::Move {
    let mut best = legal[0];
    if legal.len() == 1 {
        return best;
    }
    // Preparing costs about one evaluation in full, and the first move (a pass, where there is
    // one) is scored in full: it pays from three moves on.
    if legal.len() > 2 {
        h.prepare_near(view, view.current_player(), &mut scratch.near);
    }
    let mut best_v = expected_advantage(view, h, best, samples, rng, scratch);
    for &m in &legal[1..] {
        let v = expected_advantage(view, h, m, samples, rng, scratch);
        if v > best_v + 1e-4 {
            best = m;
            best_v = v;
        }
    }
    best
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
        let view = state.determinize(state.current_player(), &mut self.rng);
        let mut rng = child_rng(&mut self.rng);
        best_move(
            &view,
            &self.heuristic,
            &self.moves,
            self.samples,
            &mut rng,
            &mut self.scratch,
        )
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

    #[test]
    fn best_move_takes_the_first_best_expected_advantage() {
        let h = OrbitalsHeuristic::default();
        let mut s = new_state(6);
        let mut legal = Vec::new();
        let mut outs = OnePly::default();
        let mut checked = 0;
        for step in 0..300 {
            if s.outcome != Outcome::Ongoing {
                break;
            }
            s.legal_moves(&mut legal);
            if legal.len() > 2 {
                let mut rng = ChaCha8Rng::seed_from_u64(step);
                let values: Vec<f32> = legal
                    .iter()
                    .map(|&m| expected_advantage(&s, &h, m, 8, &mut rng, &mut outs))
                    .collect();
                let best = best_move(&s, &h, &legal, 8, &mut rng, &mut outs);
                let i = legal.iter().position(|m| *m == best).unwrap();
                let top = values.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
                assert!(values[i] >= top - 1e-3, "{best:?}: {} < {top}", values[i]);
                assert!(
                    values[..i].iter().all(|v| *v <= values[i] + 1e-4),
                    "ties go first"
                );
                checked += 1;
            }
            crate::agent::testkit::play_random(&mut s, 1, step);
        }
        assert!(checked > 20, "only {checked} positions with a choice");
    }
}
