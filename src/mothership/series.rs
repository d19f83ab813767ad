//! Mothership's table for the kit's series ([`crate::kit::series`]): every game is a fresh
//! game for the given number of players on the map for that count (M1); the seeded first
//! player (M4) varies with each game's seed, as seats rotate.
use super::scenario::Scenario;
use super::state::State;
use crate::core::table::{Start, Table};

/// Fresh games for `players` players.
#[derive(Clone, Copy, Debug)]
pub struct MothershipTable {
    pub players: u8,
}

impl Table<State> for MothershipTable {
    fn seats(&self) -> usize {
        self.players as usize
    }
    fn start(&self, _index: u32, _sides: &[usize], seed: u64) -> Result<Start<State>, String> {
        Start::from_scenario(Scenario::fresh(self.players, seed))
    }
}
