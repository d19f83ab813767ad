//! Whole games between agents, for every ruleset: the loop shared by matches, benches, tests
//! and the client's autoplay.
//!
//! An agent that chooses an illegal command has a bug: the game stops with an [`IllegalMove`]
//! naming the agent, the seed, the command, the ruling and the position, so it can be
//! reproduced. Nothing is substituted.
use super::ruleset::{RuleViolation, Ruleset};
use super::Outcome;
use crate::agent::Agent;
use crate::sink::Sink;

/// A finished game: everything needed to replay it.
#[derive(Clone, Debug)]
pub struct GameRecord<R: Ruleset> {
    pub seed: u64,
    pub commands: Vec<R::Move>,
    pub outcome: Outcome,
    /// Player turns (or rounds, in a one-seat game) played.
    pub turns: u32,
    /// The seat that moved first.
    pub first_seat: usize,
    pub final_state: R,
    /// The slowest decision of each seat's agent, in seconds (wall time).
    pub slowest: Vec<f64>,
}

/// An agent chose a command the rules reject.
#[derive(Clone, Debug, thiserror::Error)]
#[error(
    "agent `{agent}` (seat {seat}) chose an illegal command, game seed {seed}, command {index}: \
     `{command}` ({rule}: {message})\nposition:\n{position}"
)]
pub struct IllegalMove {
    pub agent: String,
    pub seat: usize,
    pub seed: u64,
    /// How many commands had been played.
    pub index: usize,
    pub command: String,
    pub rule: &'static str,
    pub message: String,
    /// The position before the command (the ruleset's printed view).
    pub position: String,
}

/// Plays `state` to the end: `agents[seat]` chooses for each seat. `seed` is recorded (it is
/// the seed the state was set up with).
pub fn play_game<R: Ruleset, S: Sink<R::Event>>(
    mut state: R,
    labels: &R::Labels,
    seed: u64,
    agents: &mut [Box<dyn Agent<R>>],
    events: &mut S,
) -> Result<GameRecord<R>, Box<IllegalMove>> {
    let first_seat = state.first_seat();
    let mut commands = Vec::new();
    let mut slowest = vec![0.0f64; agents.len()];
    while state.outcome() == Outcome::Ongoing {
        let seat = state.current_player();
        let Some(agent) = agents.get_mut(seat) else {
            return Err(Box::new(IllegalMove {
                agent: "none".into(),
                seat,
                seed,
                index: commands.len(),
                command: String::new(),
                rule: "kit",
                message: format!("no agent for seat {seat} ({} agents)", agents.len()),
                position: String::new(),
            }));
        };
        let clock = std::time::Instant::now();
        let cmd = agent.choose(&state);
        if let Some(t) = slowest.get_mut(seat) {
            *t = t.max(clock.elapsed().as_secs_f64());
        }
        if let Err(e) = state.validate(&cmd) {
            return Err(Box::new(IllegalMove {
                agent: agent.name(),
                seat,
                seed,
                index: commands.len(),
                command: state.format_command(labels, &cmd),
                rule: e.rule(),
                message: state.describe_error(labels, &e),
                position: serde_yaml::to_string(&state.view(labels)).unwrap_or_default(),
            }));
        }
        state.apply_into(cmd, events);
        commands.push(cmd);
    }
    Ok(GameRecord {
        seed,
        commands,
        outcome: state.outcome(),
        turns: state.turn(),
        first_seat,
        final_state: state,
        slowest,
    })
}
