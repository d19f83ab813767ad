//! Playing whole games between agents: the loop shared by the CLI, benches and tests.
use crate::agent::Agent;
use crate::data::{CardDb, Deck};
use crate::rules::{self, Command, EventSink};
use crate::state::{Outcome, State};
use std::sync::Arc;

/// A finished game: everything needed to replay it.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub seed: u64,
    pub commands: Vec<Command>,
    pub outcome: Outcome,
    /// Player turns played.
    pub turns: u16,
    pub final_state: State,
}

/// Plays a game to the end. `agents[i]` plays seat `i`. Commands an agent gets wrong are a bug
/// in that agent: they are replaced by `Pass` so the game still finishes.
pub fn play_game(
    db: Arc<CardDb>,
    decks: &[Deck],
    seed: u64,
    turn_limit: u16,
    agents: &mut [Box<dyn Agent>],
    ev: &mut impl EventSink,
) -> GameRecord {
    let mut s = State::from_decks(db, decks, seed);
    s.turn_limit = turn_limit;
    rules::start(&mut s, ev);
    let mut commands = Vec::new();
    while s.outcome == Outcome::Ongoing {
        let seat = s.active.index();
        let mut cmd = agents[seat].choose(&s);
        if rules::validate(&s, &cmd).is_err() {
            cmd = Command::Pass;
        }
        rules::apply_into(&mut s, cmd, ev);
        commands.push(cmd);
    }
    GameRecord {
        seed,
        commands,
        outcome: s.outcome,
        turns: s.turn,
        final_state: s,
    }
}
