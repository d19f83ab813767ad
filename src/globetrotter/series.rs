//! Globetrotter's table for the kit's series ([`crate::kit::series`]): every game of a series
//! is a fresh game with the same [`Config`] (players, planets, variant, turn limit); the
//! seeded roll-off (G11) then gives the first move to a different side in each game of a
//! group, as seats rotate.
use super::scenario::ScenarioFile;
use super::state::{Config, State};
use crate::core::table::{Start, Table};

/// Fresh games with one configuration.
#[derive(Clone, Copy, Debug)]
pub struct GlobeTable(pub Config);

impl Table<State> for GlobeTable {
    fn seats(&self) -> usize {
        self.0.players as usize
    }
    fn start(&self, _index: u32, _sides: &[usize], seed: u64) -> Result<Start<State>, String> {
        Start::from_scenario(ScenarioFile::fresh(self.0, seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::AgentSpec;
    use crate::core::Ruleset;
    use crate::kit::series::{run, Series};

    fn series(players: u8, games: u32, jobs: usize) -> (GlobeTable, Series) {
        let table = GlobeTable(Config {
            players,
            planets: 1,
            facing: false,
            turn_limit: 60,
        });
        let agents = (0..players)
            .map(|i| {
                if i == 0 {
                    AgentSpec::Greedy
                } else {
                    AgentSpec::Random
                }
            })
            .collect();
        let s = Series {
            agents,
            games,
            seed: 4,
            jobs,
        };
        (table, s)
    }

    #[test]
    fn seats_rotate_and_jobs_do_not_change_results() {
        let (t, s) = series(3, 3, 1);
        let a = run(&t, &s, &|| {}).unwrap();
        let (t2, s2) = series(3, 3, 2);
        let b = run(&t2, &s2, &|| {}).unwrap();
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.record.commands, y.record.commands);
        }
        assert_eq!(a[0].sides, [0, 1, 2]);
        assert_eq!(a[1].sides, [1, 2, 0]);
        assert_eq!(a[2].sides, [2, 0, 1]);
        assert!(a.iter().all(|g| g.record.seed == a[0].record.seed));
        // Same seed, same first seat: a different side moves first in each game of a group.
        let firsts: Vec<usize> = a.iter().map(|g| g.result().first_side).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    }

    #[test]
    fn replay_reproduces_the_game() {
        let (t, s) = series(2, 1, 1);
        let g = run(&t, &s, &|| {}).unwrap().remove(0);
        let dir = std::env::temp_dir().join(format!("gt-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("replay.yaml");
        std::fs::write(&path, g.replay_yaml()).unwrap();
        let run = crate::kit::scenario::run_file::<State>(&path).unwrap();
        assert_eq!(run.state.outcome(), g.record.outcome);
        assert_eq!(run.applied, g.record.commands.len());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn wrong_number_of_agents_is_an_error() {
        let (t, mut s) = series(2, 1, 1);
        s.agents.pop();
        assert!(run(&t, &s, &|| {}).is_err());
    }
}
