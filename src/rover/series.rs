//! RoveR in the kit's series runner: a [`Table`] that sets every game of a series up on a level
//! generated from the game's seed (or on the default level of R20), one seat.
use super::scenario::Scenario;
use super::state::State;
use crate::core::table::{Start, Table};

/// Which level the games of a series are played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoverTable {
    /// A new generated level per game, from the game's seed.
    Generated,
    /// The default level of R20 every game (dice from the game's seed).
    Default,
}

impl Scenario {
    /// A fresh game file: `generate: level_seed` or `level: default`, dice from `seed`.
    pub fn fresh(table: RoverTable, seed: u64) -> Scenario {
        Scenario {
            game: "rover".into(),
            seed,
            level: (table == RoverTable::Default).then(|| "default".into()),
            generate: (table == RoverTable::Generated).then_some(seed),
            rows: None,
            pickups: Vec::new(),
            round: None,
            rover: None,
            entities: Default::default(),
            dice: Default::default(),
            commands: String::new(),
            expect: None,
            save: None,
        }
    }
}

impl Table<State> for RoverTable {
    fn seats(&self) -> usize {
        1
    }
    fn start(&self, _index: u32, _sides: &[usize], seed: u64) -> Result<Start<State>, String> {
        Start::from_scenario(Scenario::fresh(*self, seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::AgentSpec;
    use crate::core::Outcome;
    use crate::kit::series::{run, Series};

    #[test]
    fn a_greedy_series_plays_every_level_to_the_end() {
        let s = Series {
            agents: vec![AgentSpec::parse("greedy").unwrap()],
            games: 3,
            seed: 5,
            jobs: 1,
        };
        let games = run(&RoverTable::Generated, &s, &|| {}).unwrap();
        assert_eq!(games.len(), 3);
        for g in &games {
            assert!(matches!(g.record.outcome, Outcome::Solo { .. }));
            assert!(g.record.turns >= 1);
            assert_eq!(g.scenario.generate, Some(g.record.seed));
        }
    }
}
