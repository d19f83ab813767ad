//! Read-only access to the card game's state for code outside the engine (tests, benches,
//! learners, tools): the fields themselves are private to the crate, so only the rules change
//! them, through `apply`.
use super::{Inst, Outcome, Phase, State};
use crate::data::CardDb;
use crate::ids::PlayerId;
use std::sync::Arc;

impl State {
    /// The card database the state plays with.
    pub fn card_db(&self) -> &Arc<CardDb> {
        self.table
    }
    /// Every card instance on the table, grouped by owner (index = `CardRef`).
    pub fn cards(&self) -> &[Inst] {
        &self.cards
    }
    /// The player whose turn it is.
    pub fn active(&self) -> PlayerId {
        self.active
    }
    /// The player who took the first turn.
    pub fn first_player(&self) -> PlayerId {
        self.first_player
    }
    /// The phase of the active player's turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The orbit counter (O5): 0 before the first turn, then 1 to 4.
    pub fn orbit_counter(&self) -> u8 {
        self.orbit_counter
    }
    /// Player turns started so far (1 during the first turn).
    pub fn turn_number(&self) -> u16 {
        self.turn
    }
    /// Player turns before the game is a draw.
    pub fn turn_limit(&self) -> u16 {
        self.turn_limit
    }
    /// How the game stands (O25).
    pub fn standing(&self) -> Outcome {
        self.outcome
    }
}

impl State {
    /// Sets the number of player turns before the game is a draw (a table setting, chosen
    /// before the first turn).
    pub fn set_turn_limit(&mut self, turns: u16) {
        self.turn_limit = turns;
    }
}
