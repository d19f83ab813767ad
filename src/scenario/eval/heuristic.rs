//! [`OrbitalsHeuristic`]: the evaluation's settings, and the card game's [`Heuristic`] (scores,
//! near scores, temperature, the light playout policy).
use super::{scores_with, NearEval, APPROACH, TEMPERATURE};
use crate::core::game::{advantages, Heuristic, MAX_PLAYERS};
use crate::rules::Command;
use crate::state::{State, Zone};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The card game's heuristic: [`scores`] through a sigmoid, and a light playout policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrbitalsHeuristic {
    /// Probability that a playout passes when it has other moves.
    pub pass_prob: f32,
    /// Turns before the turn limit over which material fades (0: never); see
    /// [`material_weight`].
    pub endgame: u16,
    /// Weight (in turns of net damage) of the [`siege`] term; 0 turns it off.
    pub siege: f32,
    /// Share of a ship's bombardment power counted as threat while it orbits an enemy asset
    /// too high to bombard it at full power (the rest needs lower orbitals).
    pub approach: f32,
    /// The share `approach` moves to as the end-game fade goes on (equal to `approach`: no
    /// change), so that ships press the attack when the turn limit nears.
    pub late_approach: f32,
    /// Count a ship of the player to move as lost when debris will destroy it at the end of
    /// the turn and it cannot bombard where it is (see [`doomed`]).
    pub hazard: bool,
    /// Also count the build or research potential of the assets of players not to move (their
    /// next turn), so that a leaf's value does not jump when the turn passes.
    pub tempo: bool,
}

impl Default for OrbitalsHeuristic {
    fn default() -> Self {
        OrbitalsHeuristic {
            pass_prob: 1.0,
            endgame: 0,
            siege: 0.0,
            approach: APPROACH,
            late_approach: APPROACH,
            hazard: false,
            tempo: false,
        }
    }
}

impl Heuristic<State> for OrbitalsHeuristic {
    type Near = NearEval;

    fn prepare_near(&self, base: &State, viewer: usize, near: &mut NearEval) {
        near.prepare(base, viewer, self);
    }

    fn scores_near(&self, near: &NearEval, g: &State, viewer: usize, out: &mut [f32]) {
        near.scores(g, viewer, self, out);
    }

    fn scores(&self, g: &State, viewer: usize, out: &mut [f32]) {
        scores_with(g, viewer, self, out);
    }

    fn temperature(&self) -> f32 {
        TEMPERATURE
    }

    /// Bombard, contribute and repair when possible, research with assets that have nothing to
    /// build or repair, never scuttle, otherwise random with a bias to pass.
    fn playout_move(&self, g: &State, legal: &[Command], rng: &mut ChaCha8Rng) -> Command {
        if legal.len() > 1 {
            if let Some(m) = legal.iter().find(|m| {
                matches!(
                    m,
                    Command::Bombard { .. } | Command::Contribute { .. } | Command::Repair { .. }
                )
            }) {
                return *m;
            }
            if let Some(m) = legal.iter().find(|m| match m {
                Command::Research { asset } => {
                    let i = asset.0 as usize;
                    g.cards[i].damage == 0
                        && !g
                            .cards
                            .iter()
                            .any(|c| c.zone == Zone::Project && c.host as usize == i)
                }
                _ => false,
            }) {
                return *m;
            }
            if rng.gen::<f32>() >= self.pass_prob {
                for _ in 0..4 {
                    let m = legal[rng.gen_range(1..legal.len())];
                    if !matches!(m, Command::Scuttle { .. }) {
                        return m;
                    }
                }
            }
        }
        legal[0]
    }
}

/// Convenience: a player's advantage (own score minus the best other score) as `viewer` sees it.
pub fn advantage(s: &State, player: usize) -> f32 {
    let mut v = [0.0f32; MAX_PLAYERS];
    let n = (s.num_players as usize).clamp(1, MAX_PLAYERS);
    advantages(&OrbitalsHeuristic::default(), s, player, &mut v[..n]);
    v[player]
}
