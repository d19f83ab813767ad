//! Globetrotter on the kit: [`Ruleset`] (rules, notation, scenario files) and the agents'
//! [`Game`] for the engine's [`State`] with [`Command`]s as moves, so the kit's runners and the
//! generic random, greedy and MCTS agents play it.
//!
//! * **Hidden information.** None: every piece, hit point, structure state, the orbit and the
//!   Treasuries are public. [`Game::determinize`] is the identity apart from reseeding the dice
//!   (and dropping forced dice), so no agent knows future rolls.
//! * **Chance.** Shooting and firing roll dice ([`Command::rolls_dice`]). A shot's outcomes are
//!   enumerated exactly (miss / hit without wound / wound, with their probabilities, forced
//!   through the dice queue); a Drill Cannon's fire (several wound rolls and the 2d6) is sampled.
use super::command::Command;
use super::damage::WOUND_ON;
use super::eval::GlobetrotterHeuristic;
use super::position::Position;
use super::scenario::ScenarioFile;
use super::shoot::rover_to_hit;
use super::state::{Loc, Outcome, PieceKind, State};
use super::{apply_into, RuleError};
use crate::agent::game::Game;
use crate::core::game::Outcomes;
use crate::core::preset::GLOBETROTTER_PRESETS;
use crate::core::ruleset::InvariantBroken;
use crate::core::{RuleViolation, Ruleset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The `game:` key and `--game` name.
pub const NAME: &str = "globetrotter";

impl RuleViolation for RuleError {
    fn rule(&self) -> &'static str {
        RuleError::rule(self)
    }
}

impl Ruleset for State {
    const NAME: &'static str = NAME;
    type Scenario = ScenarioFile;
    type Heuristic = GlobetrotterHeuristic;
    /// Longer playouts than the card game's (see [`GLOBETROTTER_PRESETS`]).
    const PRESETS: &'static [crate::core::preset::Preset] = &GLOBETROTTER_PRESETS;
    crate::ruleset_from_module!(
        globetrotter,
        |file, source, events| file.to_state(events),
        stateless
    );
    fn outcome(&self) -> crate::core::Outcome {
        match self.outcome {
            Outcome::Ongoing => crate::core::Outcome::Ongoing,
            Outcome::Winner(p) => crate::core::Outcome::Winner(p.index()),
            Outcome::Draw => crate::core::Outcome::Draw,
        }
    }
    /// The roll-off's winner (G11), who also places first.
    fn first_seat(&self) -> usize {
        self.first_player.index()
    }
    fn unused_forced_dice(&self) -> usize {
        self.forced_dice.len()
    }
    fn view(&self, _: &()) -> serde_yaml::Value {
        serde_yaml::to_value(Position::from_state(self)).unwrap_or(serde_yaml::Value::Null)
    }
    fn check_invariants(&self) -> Result<(), InvariantBroken> {
        match self.invariant_violations().into_iter().next() {
            Some(v) => Err(v.into()),
            None => Ok(()),
        }
    }
}

impl Game for State {
    type Move = Command;
    type Hidden = ();

    fn num_players(&self) -> usize {
        self.config.players as usize
    }
    fn current_player(&self) -> usize {
        self.active.index()
    }
    crate::game_rules_from_ruleset!();
    /// The legal commands less those no agent needs ([`super::plan::agent_moves`]).
    fn legal_moves(&self, out: &mut Vec<Command>) {
        super::plan::agent_moves(self, out);
    }
    fn is_random(&self, m: &Command) -> bool {
        m.rolls_dice()
    }
    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.forced_dice.clear();
    }
    fn turn(&self) -> u32 {
        u32::from(self.turn)
    }

    fn outcomes(
        &self,
        m: Command,
        samples: usize,
        rng: &mut ChaCha8Rng,
        out: &mut Outcomes<State>,
    ) {
        // Every outcome starts from this position with the same new generator.
        let seed = rng.gen();
        match m {
            Command::Shoot { from, to, target } => {
                let p_wound = f32::from(7 - WOUND_ON) / 6.0;
                let p_hit = match target {
                    PieceKind::Rover => {
                        let need = rover_to_hit(self, self.active, from, Loc { face: to, ..from });
                        f32::from(7 - need) / 6.0
                    }
                    PieceKind::Fort | PieceKind::Building => 1.0,
                };
                let rover = target == PieceKind::Rover;
                let mut forced = |p: f32, dice: &[u8]| {
                    let g = out.push_copy(p, self);
                    g.reseed(seed);
                    g.forced_dice.extend(dice.iter().copied());
                    apply_into(g, m, &mut ());
                    g.forced_dice.clear();
                };
                if rover {
                    forced(1.0 - p_hit, &[1]);
                    forced(p_hit * (1.0 - p_wound), &[6, 1]);
                    forced(p_hit * p_wound, &[6, 6]);
                } else {
                    forced(1.0 - p_wound, &[1]);
                    forced(p_wound, &[6]);
                }
            }
            Command::Fire if samples > 1 => {
                let w = 1.0 / samples as f32;
                for _ in 0..samples {
                    let g = out.push_copy(w, self);
                    g.reseed(rng.gen());
                    apply_into(g, m, &mut ());
                }
            }
            _ => {
                let g = out.push_copy(1.0, self);
                g.reseed(seed);
                apply_into(g, m, &mut ());
            }
        }
    }
}
