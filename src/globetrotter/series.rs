//! Globetrotter AI-vs-AI series for `orbitals match --game globetrotter`: playing them (in
//! parallel, reproducibly), their results for the shared statistics
//! ([`crate::agent::tournament::summarize_results`]) and their replays in the scenario format.
//!
//! With `n` players, games come in groups of `n` with one seed; in game `i` of a group, seat
//! `s` is taken by side `(s + i) mod n`, so every side sits in every seat once per group (for
//! two players: seats swap every other game). The seeded roll-off (G11) then gives the first
//! move to a different side in each game of a group. Agent seeds derive from the series seed,
//! the game index and the side, so results do not depend on `jobs`.
use super::eval::GlobetrotterHeuristic;
use super::notation::{format_command, format_outcome};
use super::scenario::{Expect, ScenarioFile, Variant};
use super::state::{Config, Outcome, State};
use super::{apply_into, legal_commands, new_game, validate, Command};
use crate::agent::tournament::{mix, GameResult};
use crate::agent::{Agent, AgentSpec};
use rayon::prelude::*;

/// What to play.
#[derive(Clone, Debug)]
pub struct Series {
    /// One agent per side; as many sides as `config.players`.
    pub agents: Vec<AgentSpec>,
    pub config: Config,
    pub games: u32,
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
}

/// One finished game: everything needed to replay it.
#[derive(Clone, Debug)]
pub struct SeriesGame {
    pub index: u32,
    /// `sides[seat]`: which side sat in that seat.
    pub sides: Vec<usize>,
    pub seed: u64,
    pub config: Config,
    pub commands: Vec<Command>,
    pub outcome: Outcome,
    /// Player turns played.
    pub turns: u16,
    /// The seat that moved first.
    pub first_seat: usize,
}

impl SeriesGame {
    /// The game as the statistics see it.
    pub fn result(&self) -> GameResult {
        GameResult {
            sides: self.sides.clone(),
            winner: match self.outcome {
                Outcome::Winner(p) => Some(self.sides[p.index()]),
                _ => None,
            },
            first_side: self.sides[self.first_seat],
            turns: self.turns,
        }
    }

    /// The game as a scenario file (`game: globetrotter`) that replays it exactly and
    /// expects its outcome.
    pub fn replay_yaml(&self) -> String {
        let file = ScenarioFile {
            game: "globetrotter".into(),
            seed: self.seed,
            dice: Vec::new(),
            players: self.config.players,
            planets: self.config.planets,
            variant: if self.config.facing {
                Variant::Facing
            } else {
                Variant::None
            },
            turn_limit: Some(self.config.turn_limit),
            position: None,
            commands: self
                .commands
                .iter()
                .map(format_command)
                .collect::<Vec<_>>()
                .join("\n"),
            expect: Some(Expect {
                outcome: Some(format_outcome(self.outcome)),
                ..Expect::default()
            }),
        };
        serde_yaml::to_string(&file).unwrap_or_else(|e| format!("# cannot write replay: {e}\n"))
    }
}

/// Plays one game with `agents[seat]` in each seat. An agent's illegal choice (a bug in that
/// agent) is replaced by the first legal command, so the game still finishes.
pub fn play_game(
    config: Config,
    seed: u64,
    agents: &mut [Box<dyn Agent<State>>],
) -> Result<(State, Vec<Command>), String> {
    let (mut s, _) = new_game(config, seed).map_err(|e| e.to_string())?;
    let mut commands = Vec::new();
    while s.outcome == Outcome::Ongoing {
        let seat = s.active.index();
        let mut cmd = agents[seat].choose(&s);
        if validate(&s, &cmd).is_err() {
            cmd = *legal_commands(&s)
                .first()
                .ok_or_else(|| format!("no legal command on turn {}", s.turn))?;
        }
        apply_into(&mut s, cmd, &mut ());
        commands.push(cmd);
    }
    Ok((s, commands))
}

/// Plays game `index` of a series.
pub fn play_one(s: &Series, index: u32) -> Result<SeriesGame, String> {
    let n = s.agents.len().max(1);
    let shift = index as usize % n;
    let sides: Vec<usize> = (0..n).map(|seat| (seat + shift) % n).collect();
    let seed = s.seed.wrapping_add(index as u64 / n as u64);
    let mut agents: Vec<Box<dyn Agent<State>>> = sides
        .iter()
        .map(|&side| {
            let agent_seed = mix(s.seed ^ mix(((index as u64) << 3) | side as u64));
            s.agents[side].build_for(GlobetrotterHeuristic, agent_seed)
        })
        .collect();
    let (state, commands) = play_game(s.config, seed, &mut agents)?;
    Ok(SeriesGame {
        index,
        sides,
        seed,
        config: s.config,
        commands,
        outcome: state.outcome,
        turns: state.turn,
        first_seat: state.first_player.index(),
    })
}

/// Plays a whole series on `jobs` threads, calling `progress` after each game. Results come
/// back in game order.
pub fn run(s: &Series, progress: &(dyn Fn() + Sync)) -> Result<Vec<SeriesGame>, String> {
    if s.agents.len() != s.config.players as usize {
        return Err(format!(
            "{} players need {} agents, got {}",
            s.config.players,
            s.config.players,
            s.agents.len()
        ));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(s.jobs.max(1))
        .build()
        .map_err(|e| format!("cannot start {} worker threads: {e}", s.jobs))?;
    pool.install(|| {
        (0..s.games)
            .into_par_iter()
            .map(|i| {
                let g = play_one(s, i);
                progress();
                g
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::globetrotter::scenario::run_loaded;

    fn series(players: u8, games: u32, jobs: usize) -> Series {
        Series {
            agents: (0..players)
                .map(|i| {
                    if i == 0 {
                        AgentSpec::Greedy
                    } else {
                        AgentSpec::Random
                    }
                })
                .collect(),
            config: Config {
                players,
                planets: 1,
                facing: false,
                turn_limit: 60,
            },
            games,
            seed: 4,
            jobs,
        }
    }

    #[test]
    fn seats_rotate_and_jobs_do_not_change_results() {
        let a = run(&series(3, 3, 1), &|| {}).unwrap();
        let b = run(&series(3, 3, 2), &|| {}).unwrap();
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.commands, y.commands);
        }
        assert_eq!(a[0].sides, [0, 1, 2]);
        assert_eq!(a[1].sides, [1, 2, 0]);
        assert_eq!(a[2].sides, [2, 0, 1]);
        assert!(a.iter().all(|g| g.seed == a[0].seed));
        // Same seed, same first seat: a different side moves first in each game of a group.
        let firsts: Vec<usize> = a.iter().map(|g| g.result().first_side).collect();
        assert_eq!(firsts.len(), 3);
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    }

    #[test]
    fn replay_reproduces_the_game() {
        let g = run(&series(2, 1, 1), &|| {}).unwrap().remove(0);
        let dir = std::env::temp_dir().join(format!("gt-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("replay.yaml");
        std::fs::write(&path, g.replay_yaml()).unwrap();
        let loaded = crate::globetrotter::scenario::load(&path).unwrap();
        let run = run_loaded(loaded).unwrap();
        assert_eq!(run.state.outcome, g.outcome);
        assert_eq!(run.state.turn, g.turns);
        assert_eq!(run.applied, g.commands.len());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn wrong_number_of_agents_is_an_error() {
        let mut s = series(2, 1, 1);
        s.agents.pop();
        assert!(run(&s, &|| {}).is_err());
    }
}
