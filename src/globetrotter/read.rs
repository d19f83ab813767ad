//! Read-only access to the Globetrotter state for code outside the engine (tests, tools, the
//! client): the fields themselves are private to the crate, so only the rules change them,
//! through `apply_into`. The pieces ([`Space`], [`PlayerState`], [`Planet`], [`OrbitRover`])
//! are plain values, read through these borrows. A test or tool sets up a position with
//! [`super::position::Position`], as a scenario file does, and forces dice with
//! [`State::force_dice`].
use super::state::{Config, OrbitRover, Outcome, Phase, Planet, PlayerState, Space, State};
use crate::ids::PlayerId;

impl State {
    /// The table: players, planets, variant, turn limit.
    pub fn config(&self) -> Config {
        self.config
    }
    /// Setup (placing the first rovers) or play.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The player to act (or to place, during setup).
    pub fn active(&self) -> PlayerId {
        self.active
    }
    /// The player who took the first turn.
    pub fn first_player(&self) -> PlayerId {
        self.first_player
    }
    /// Player turns started so far (1 during the first turn of play; 0 in setup).
    pub fn turn_number(&self) -> u16 {
        self.turn
    }
    /// Action points left in the active player's turn (G9).
    pub fn actions_left(&self) -> u8 {
        self.actions
    }
    /// The active player has spent Treasury points this turn (then they may not save, G9).
    pub fn spent_treasury(&self) -> bool {
        self.spent
    }
    /// How the game stands (G10).
    pub fn standing(&self) -> Outcome {
        self.outcome
    }
    /// Every planet's spaces, `planet * FACE_COUNT + face`.
    pub fn spaces(&self) -> &[Space] {
        &self.spaces
    }
    /// Per-planet counters, by planet.
    pub fn planets(&self) -> &[Planet] {
        &self.planets
    }
    /// Per-player counters, in seat order.
    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }
    /// The shared orbit, in arrival order (G8, G13).
    pub fn orbit(&self) -> &[OrbitRover] {
        &self.orbit
    }
    /// Forced dice not rolled yet.
    pub fn forced_dice(&self) -> impl ExactSizeIterator<Item = u8> + '_ {
        self.forced_dice.iter().copied()
    }
}

impl State {
    /// Queues die results to use before the seeded generator, as a scenario's `dice:` does.
    pub fn force_dice(&mut self, results: impl IntoIterator<Item = u8>) {
        self.forced_dice.extend(results);
    }
}
