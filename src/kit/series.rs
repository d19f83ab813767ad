//! AI-vs-AI series of every ruleset: N seats rotating, reproducible, in parallel.
//!
//! A series has one agent per side. With `n` seats, games come in groups of `n` sharing one
//! game seed; in game `i`, seat `s` is taken by side `(s + i) mod n`, so every side sits in
//! every seat once per group (two seats: they swap every game). Agent seeds derive from the
//! series seed, the game index and the side, so results never depend on how many games run
//! at once. The ruleset's [`Table`] sets each game up (decks, planets, map, level) and gives
//! the scenario a replay starts from.
use super::play::{play_game, GameRecord, IllegalMove};
use super::ruleset::Ruleset;
use super::scenario::replay_yaml_final;
use super::summary::GameResult;
use super::Outcome;
use crate::agent::AgentSpec;
use rayon::prelude::*;

pub use crate::core::table::{rotation, Start, Table};

/// What to play: one agent per side.
#[derive(Clone, Debug)]
pub struct Series {
    pub agents: Vec<AgentSpec>,
    pub games: u32,
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
}

/// One finished game of a series.
#[derive(Clone, Debug)]
pub struct SeriesGame<R: Ruleset> {
    pub index: u32,
    /// `sides[seat]`: which side sat in that seat.
    pub sides: Vec<usize>,
    pub scenario: R::Scenario,
    pub labels: R::Labels,
    /// The position before the first command (commands are written from their own position).
    pub start: R,
    pub record: GameRecord<R>,
    /// Side 0's label in this game ([`Table::side_label`]).
    pub label: Option<String>,
}

impl<R: Ruleset> SeriesGame<R> {
    /// The game as the statistics see it.
    pub fn result(&self) -> GameResult {
        let mut r = GameResult::of(
            self.record.outcome,
            &self.sides,
            self.record.first_seat,
            self.record.turns,
        );
        // Seat to side.
        r.slowest = vec![0.0; self.sides.len()];
        for (seat, &side) in self.sides.iter().enumerate() {
            if let (Some(t), Some(&x)) = (r.slowest.get_mut(side), self.record.slowest.get(seat)) {
                *t = x;
            }
        }
        r
    }

    /// The game as a scenario file that replays it exactly and expects its outcome.
    pub fn replay_yaml(&self) -> String {
        self.replay_yaml_from(&self.scenario)
    }

    /// [`SeriesGame::replay_yaml`] with its setup given (see [`Table::replay_scenario`]).
    pub fn replay_yaml_from(&self, scenario: &R::Scenario) -> String {
        // Each command in the notation of the position it was played in (RoveR names modules
        // by what the bay holds at the time).
        let mut at = self.start.clone();
        let lines: Vec<String> = self
            .record
            .commands
            .iter()
            .map(|&c| {
                let line = at.format_command(&self.labels, &c);
                at.apply_into(c, &mut ());
                line
            })
            .collect();
        replay_yaml_final::<R>(scenario, &lines, &self.record.final_state, &self.labels)
    }
}

/// splitmix64: decorrelates derived seeds.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The seed of game `index`: one per group of `n` games.
pub fn game_seed(series_seed: u64, index: u32, n: usize) -> u64 {
    series_seed.wrapping_add(index as u64 / n.max(1) as u64)
}

/// The seed of `side`'s agent in game `index`.
pub fn agent_seed(series_seed: u64, index: u32, side: usize) -> u64 {
    mix(series_seed ^ mix(((index as u64) << 3) | side as u64))
}

/// Why a series could not be played.
#[derive(Clone, Debug, thiserror::Error)]
pub enum SeriesError {
    #[error("{seats} seats need {seats} agents, got {agents}")]
    Agents { seats: usize, agents: usize },
    #[error("game {index}: {message}")]
    Setup { index: u32, message: String },
    #[error("game {index}: {error}")]
    Illegal { index: u32, error: Box<IllegalMove> },
    #[error("cannot start {0} worker threads")]
    Threads(usize),
}

/// Plays game `index` of a series.
pub fn play_one<R: Ruleset, T: Table<R>>(
    table: &T,
    s: &Series,
    index: u32,
) -> Result<SeriesGame<R>, SeriesError> {
    let n = table.seats();
    let sides = rotation(index, n);
    let seed = game_seed(s.seed, index, n);
    let start = table
        .start(index, &sides, seed)
        .map_err(|message| SeriesError::Setup { index, message })?;
    let mut agents: Vec<_> = sides
        .iter()
        .map(|&side| s.agents[side].for_ruleset::<R>(agent_seed(s.seed, index, side)))
        .collect();
    let first = start.state.clone();
    let record = play_game(start.state, &start.labels, seed, &mut agents, &mut ())
        .map_err(|error| SeriesError::Illegal { index, error })?;
    Ok(SeriesGame {
        index,
        label: table.side_label(index, 0),
        sides,
        scenario: start.scenario,
        labels: start.labels,
        start: first,
        record,
    })
}

/// Plays a whole series on `jobs` threads, calling `progress` after each game. Results come
/// back in game order.
pub fn run<R: Ruleset, T: Table<R>>(
    table: &T,
    s: &Series,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<SeriesGame<R>>, SeriesError> {
    if s.agents.len() != table.seats() {
        return Err(SeriesError::Agents {
            seats: table.seats(),
            agents: s.agents.len(),
        });
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(s.jobs.max(1))
        .build()
        .map_err(|_| SeriesError::Threads(s.jobs))?;
    pool.install(|| {
        (0..s.games)
            .into_par_iter()
            .map(|i| {
                let g = play_one(table, s, i);
                progress();
                g
            })
            .collect()
    })
}

/// Did side `side` win this game? (For a one-seat game: did the player win.)
pub fn side_won(outcome: Outcome, sides: &[usize], side: usize) -> bool {
    match outcome {
        Outcome::Winner(seat) => sides.get(seat) == Some(&side),
        Outcome::Solo { won, .. } => won && sides.first() == Some(&side),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_side_sits_in_every_seat_once_per_group() {
        assert_eq!(rotation(0, 2), [0, 1]);
        assert_eq!(rotation(1, 2), [1, 0]);
        assert_eq!(rotation(4, 3), [1, 2, 0]);
        assert_eq!(game_seed(10, 5, 3), 11);
        assert_eq!(rotation(7, 1), [0]);
        assert_ne!(agent_seed(1, 0, 1), agent_seed(1, 1, 0));
    }
}
