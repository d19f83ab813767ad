//! Dice: forced results first (tests, scenarios), then the state's seeded RNG.
use crate::state::State;
use rand::Rng;

impl State {
    /// Rolls one six-sided die.
    pub fn roll_d6(&mut self) -> u8 {
        match self.forced_dice.pop_front() {
            Some(r) => r,
            None => self.rng.gen_range(1..=6),
        }
    }
}
