//! Agents: players that pick a [`Command`] from what their seat may see.
//!
//! Every agent builds its choice from [`crate::rules::legal_commands`], so it can never cheat on
//! the rules. The spec strings used by the CLI (`random`) are parsed by [`parse_agent`].
pub mod random;

use crate::rules::Command;
use crate::state::State;

/// A player of the card game.
pub trait Agent: Send {
    /// Short name for tables and logs.
    fn name(&self) -> String;
    /// Picks a legal command for the active player. Only called while the game is ongoing.
    fn choose(&mut self, state: &State) -> Command;
}

/// Builds an agent from a CLI spec such as `random`, seeded for reproducible play.
pub fn parse_agent(spec: &str, seed: u64) -> Result<Box<dyn Agent>, String> {
    match spec {
        "random" => Ok(Box::new(random::RandomAgent::new(seed))),
        other => Err(format!("unknown agent `{other}` (available: random)")),
    }
}
