//! Agents: players that pick a move from what their seat may see.
//!
//! Agents are written against the core's small [`game::Game`] trait (implemented for the card
//! game's [`State`] in [`orbitals_game`]) and a [`game::Heuristic`] (the card game's is
//! [`eval`]), so every ruleset reuses all of them:
//!
//! * [`random`]: uniform over legal moves;
//! * [`greedy`]: one-ply search with the evaluation function, expected value over dice;
//! * [`mcts`]: Monte Carlo tree search with determinization (hidden cards, dice).
//!
//! Every agent builds its choice from the legal moves, so it can never break the rules, and
//! the searching agents only look at [`game::Game::determinize`]d copies, so they never see
//! hidden cards (O26). CLI spec strings (`mcts:hard`) are parsed by [`spec::AgentSpec`];
//! the kit's runners (series, sessions) sit above the agents and seat them.
//!
//! The agents use only the core ([`crate::core`]) and, for the card game's presets, the card
//! game's heuristic; never the kit.
pub mod greedy;
pub mod mcts;
pub mod random;
pub mod spec;
pub mod stats;
#[cfg(test)]
pub(crate) mod testkit;

use crate::state::State;
use game::Game;

/// The core's agent-facing traits, under the path the agents have always used.
pub use crate::core::game;
/// The card game's agent glue and evaluation, which live with the card game.
pub use crate::scenario::{eval, game_impl as orbitals_game};

pub use orbitals_game::determinize;
pub use spec::{AgentSpec, SpecError};

/// A player of a [`Game`]; by default of the card game.
pub trait Agent<G: Game = State>: Send {
    /// Short name for tables and logs.
    fn name(&self) -> String;
    /// Picks a legal move for the player to move. Only called while the game is ongoing.
    fn choose(&mut self, state: &G) -> G::Move;
}

/// Builds a card-game agent from a CLI spec such as `random`, `greedy` or `mcts:normal`,
/// seeded for reproducible play.
pub fn parse_agent(spec: &str, seed: u64) -> Result<Box<dyn Agent>, String> {
    AgentSpec::parse(spec)
        .map(|s| s.build(seed))
        .map_err(|e| e.to_string())
}
