//! RoveR for agents and the kit: [`Game`] (the autopilot's view) and [`Ruleset`] (scenarios,
//! matches, replays) on [`State`].
//!
//! * **Hidden information.** None: the whole map is visible (R18). [`Game::determinize`] is the
//!   same position with the dice reseeded (forced results dropped), so no agent knows future
//!   rolls.
//! * **Chance.** Hit rolls and the mites' wander rolls (R10, R24). A command's outcomes are
//!   sampled through reseeded copies, at most [`MAX_SAMPLES`] of them.
use super::command::Command;
use super::eval::RoverHeuristic;
use super::scenario::Scenario;
use super::state::State;
use super::{apply_into, legal_commands_into, view};
use crate::agent::game::Game;
use crate::core::game::Outcomes;
use crate::core::ruleset::InvariantBroken;
use crate::core::{Outcome, Ruleset};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Most reseeded copies an agent samples per command.
pub const MAX_SAMPLES: usize = 4;

impl Game for State {
    type Move = Command;
    type Hidden = ();

    fn num_players(&self) -> usize {
        1
    }
    fn current_player(&self) -> usize {
        0
    }
    crate::game_rules_from_ruleset!();
    fn legal_moves(&self, out: &mut Vec<Command>) {
        legal_commands_into(self, out);
    }
    /// Random when some hostile could roll a die this round (an awake or wandering one, or
    /// one the rover could wake), or the command attacks.
    fn is_random(&self, m: &Command) -> bool {
        matches!(m, Command::Ram(_) | Command::Use(..))
            || self
                .entities
                .iter()
                .any(|e| e.alive && self.db.kind(e.kind).hostile)
    }
    fn reseed(&mut self, seed: u64) {
        self.dice.reseed(seed);
    }
    fn turn(&self) -> u32 {
        self.round
    }
    fn outcomes(
        &self,
        m: Command,
        samples: usize,
        rng: &mut ChaCha8Rng,
        out: &mut Outcomes<State>,
    ) {
        let n = if self.is_random(&m) {
            samples.clamp(1, MAX_SAMPLES)
        } else {
            1
        };
        let w = 1.0 / n as f32;
        for _ in 0..n {
            let g = out.push_copy(w, self);
            g.reseed(rng.gen());
            apply_into(g, m, &mut ());
        }
    }
}

impl Ruleset for State {
    const NAME: &'static str = "rover";
    type Scenario = Scenario;
    type Heuristic = RoverHeuristic;
    crate::ruleset_from_module!(rover, |file, source, events| file.to_state(source.dir()));
    fn outcome(&self) -> Outcome {
        self.outcome
    }
    fn unused_forced_dice(&self) -> usize {
        use super::dice::Die;
        [Die::D20, Die::D12, Die::D6, Die::D4]
            .into_iter()
            .map(|d| self.dice.forced_left(d))
            .sum()
    }
    fn view(&self, _labels: &()) -> serde_yaml::Value {
        view::view(self)
    }
    fn check_invariants(&self) -> Result<(), InvariantBroken> {
        super::invariants::check(self)
    }
}
