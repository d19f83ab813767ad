//! Seat-swapped AI-vs-AI series: playing them (in parallel, reproducibly) and summing them up.
//!
//! Games come in pairs with the same seed: in the first game side A sits in seat 1 and side B
//! in seat 2, in the second they swap seats (each side keeps its deck). The seeded first-player
//! draw (O3) then gives the first move to a different side in each game of a pair. Agent seeds
//! are derived from the series seed, the game index and the side, so a series is reproducible
//! whatever `jobs` is.
use super::spec::AgentSpec;
use super::stats::{binomial_p_value, binomial_p_value_at, wilson};
use crate::data::{CardDb, Deck};
use crate::play::{play_game, GameRecord};
use crate::state::Outcome;
use rayon::prelude::*;
use serde::Serialize;
use std::sync::Arc;
use std::time::Instant;

/// What to play.
#[derive(Clone, Debug)]
pub struct Series {
    /// Side A and side B.
    pub agents: [AgentSpec; 2],
    /// Deck of side A and of side B.
    pub decks: [Deck; 2],
    pub games: u32,
    pub seed: u64,
    pub turn_limit: u16,
    /// Games played at once.
    pub jobs: usize,
    /// Decks follow the seats instead of the sides: seat 1 always plays deck A, so each agent
    /// plays both decks (for comparing agents rather than decks).
    pub swap_decks: bool,
    /// Mirror matches over a pool of decks: when not empty, both seats of game pair `k` play
    /// `mirror[k % len]` (and `decks` is not used).
    pub mirror: Vec<Deck>,
}

/// One finished game of a series.
#[derive(Clone, Debug)]
pub struct SeriesGame {
    pub index: u32,
    /// `sides[seat]`: which side (0 = A, 1 = B) sat in that seat.
    pub sides: [usize; 2],
    /// The decks in seat order, as the game was set up.
    pub decks: Vec<Deck>,
    pub record: GameRecord,
}

impl SeriesGame {
    /// The winning side, if any.
    pub fn winner(&self) -> Option<usize> {
        match self.record.outcome {
            Outcome::Winner(p) => Some(self.sides[p.index()]),
            _ => None,
        }
    }
    /// The side that moved first.
    pub fn first_side(&self) -> usize {
        self.sides[self.record.final_state.first_player.index()]
    }
}

/// splitmix64: decorrelates derived seeds.
pub(crate) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Plays game `index` of a series.
pub fn play_one(db: &Arc<CardDb>, s: &Series, index: u32) -> SeriesGame {
    let swapped = index % 2 == 1;
    let sides = if swapped { [1, 0] } else { [0, 1] };
    let seed = s.seed.wrapping_add((index / 2) as u64);
    let decks: Vec<Deck> = if !s.mirror.is_empty() {
        let d = &s.mirror[(index / 2) as usize % s.mirror.len()];
        vec![d.clone(), d.clone()]
    } else if s.swap_decks {
        s.decks.to_vec()
    } else {
        sides.iter().map(|&side| s.decks[side].clone()).collect()
    };
    let mut agents: Vec<_> = sides
        .iter()
        .map(|&side| {
            let agent_seed = mix(s.seed ^ mix(((index as u64) << 1) | side as u64));
            s.agents[side].build(agent_seed)
        })
        .collect();
    let record = play_game(db.clone(), &decks, seed, s.turn_limit, &mut agents, &mut ());
    SeriesGame {
        index,
        sides,
        decks,
        record,
    }
}

/// Plays a whole series on `jobs` threads, calling `progress` after each game. Results come
/// back in game order.
pub fn run(
    db: &Arc<CardDb>,
    s: &Series,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<SeriesGame>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(s.jobs.max(1))
        .build()
        .map_err(|e| format!("cannot start {} worker threads: {e}", s.jobs))?;
    Ok(pool.install(|| {
        (0..s.games)
            .into_par_iter()
            .map(|i| {
                let g = play_one(db, s, i);
                progress();
                g
            })
            .collect()
    }))
}

/// One finished game of any ruleset, as the statistics need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// `sides[seat]`: which side sat in that seat.
    pub sides: Vec<usize>,
    /// The winning side; `None` for a draw.
    pub winner: Option<usize>,
    /// The side that moved first.
    pub first_side: usize,
    /// Player turns played.
    pub turns: u16,
}

impl SeriesGame {
    /// The game as the statistics see it.
    pub fn result(&self) -> GameResult {
        GameResult {
            sides: self.sides.to_vec(),
            winner: self.winner(),
            first_side: self.first_side(),
            turns: self.record.turns,
        }
    }
}

/// Who played a series: one entry per side.
#[derive(Clone, Debug)]
pub struct Lineup {
    /// Agent spec of each side.
    pub agents: Vec<String>,
    /// Deck (or other label) of each side.
    pub decks: Vec<String>,
    pub seed: u64,
    pub turn_limit: u16,
}

/// Results of one side.
#[derive(Clone, Debug, Serialize)]
pub struct SideSummary {
    pub agent: String,
    pub deck: String,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// (wins + draws / 2) / games.
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub ci_low: f64,
    pub ci_high: f64,
    /// Two sides: exact two-sided binomial test of wins vs losses against 50% (draws left
    /// out). More sides: exact two-sided binomial test of wins in all games against 1/sides.
    pub p_value: f64,
    /// Games in which this side moved first, and its win rate in them.
    pub first_games: u32,
    pub first_win_rate: f64,
}

/// Results of a series.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub games: u32,
    pub seed: u64,
    pub turn_limit: u16,
    pub sides: Vec<SideSummary>,
    pub draws: u32,
    /// Win rate of the player who moved first, draws as halves, with its Wilson 95% interval.
    pub first_mover_win_rate: f64,
    pub first_mover_ci_low: f64,
    pub first_mover_ci_high: f64,
    pub mean_turns: f64,
    pub max_turns: u16,
    pub seconds: f64,
    pub games_per_sec: f64,
    /// Side A's results by the deck it played (only when it played more than one).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub by_deck: Vec<SideSummary>,
}

/// Sums up a finished card-game series.
pub fn summarize(s: &Series, games: &[SeriesGame], started: Instant) -> Summary {
    let lineup = Lineup {
        agents: s.agents.iter().map(|a| a.to_string()).collect(),
        decks: (0..2)
            .map(|k| {
                if !s.mirror.is_empty() {
                    "mirror".into()
                } else if s.swap_decks {
                    "both".into()
                } else {
                    s.decks[k].name.clone()
                }
            })
            .collect(),
        seed: s.seed,
        turn_limit: s.turn_limit,
    };
    let results: Vec<GameResult> = games.iter().map(SeriesGame::result).collect();
    let mut sum = summarize_results(&lineup, &results, started);
    // Side A's deck in each game, in order of first appearance.
    let deck_of = |g: &SeriesGame| {
        let seat = g.sides.iter().position(|&x| x == 0).unwrap_or(0);
        g.decks[seat].name.clone()
    };
    let mut names: Vec<String> = Vec::new();
    for g in games {
        let d = deck_of(g);
        if !names.contains(&d) {
            names.push(d);
        }
    }
    if names.len() > 1 {
        for name in names {
            let part: Vec<GameResult> = games
                .iter()
                .filter(|g| deck_of(g) == name)
                .map(SeriesGame::result)
                .collect();
            let mut side = summarize_results(&lineup, &part, started)
                .sides
                .swap_remove(0);
            side.deck = name;
            sum.by_deck.push(side);
        }
    }
    sum
}

/// Score of `side` in one game: 1 for a win, ½ for a draw, 0 for a loss.
fn score(g: &GameResult, side: usize) -> f64 {
    match g.winner {
        Some(w) if w == side => 1.0,
        None => 0.5,
        _ => 0.0,
    }
}

fn rate(score: f64, n: usize) -> f64 {
    if n > 0 {
        score / n as f64
    } else {
        0.0
    }
}

/// Sums up a finished series of any ruleset.
pub fn summarize_results(l: &Lineup, games: &[GameResult], started: Instant) -> Summary {
    let seconds = started.elapsed().as_secs_f64();
    let n = games.len() as u32;
    let sides = l.agents.len();
    let draws = games.iter().filter(|g| g.winner.is_none()).count() as u32;
    let side = |k: usize| {
        let wins = games.iter().filter(|g| g.winner == Some(k)).count() as u32;
        let losses = n - wins - draws;
        let total: f64 = games.iter().map(|g| score(g, k)).sum();
        let (lo, hi) = wilson(total, n as f64, 1.96);
        let first: Vec<&GameResult> = games.iter().filter(|g| g.first_side == k).collect();
        let first_score: f64 = first.iter().map(|g| score(g, k)).sum();
        SideSummary {
            agent: l.agents[k].clone(),
            deck: l.decks.get(k).cloned().unwrap_or_default(),
            wins,
            losses,
            draws,
            win_rate: rate(total, n as usize),
            ci_low: lo,
            ci_high: hi,
            p_value: if sides == 2 {
                binomial_p_value(wins as u64, (wins + losses) as u64)
            } else {
                binomial_p_value_at(wins as u64, n as u64, 1.0 / sides as f64)
            },
            first_games: first.len() as u32,
            first_win_rate: rate(first_score, first.len()),
        }
    };
    let first_score: f64 = games.iter().map(|g| score(g, g.first_side)).sum();
    let (flo, fhi) = wilson(first_score, n as f64, 1.96);
    let turns: u64 = games.iter().map(|g| g.turns as u64).sum();
    Summary {
        games: n,
        seed: l.seed,
        turn_limit: l.turn_limit,
        sides: (0..sides).map(side).collect(),
        draws,
        first_mover_win_rate: rate(first_score, n as usize),
        first_mover_ci_low: flo,
        first_mover_ci_high: fhi,
        mean_turns: rate(turns as f64, n as usize),
        max_turns: games.iter().map(|g| g.turns).max().unwrap_or(0),
        seconds,
        games_per_sec: if seconds > 0.0 {
            n as f64 / seconds
        } else {
            0.0
        },
        by_deck: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::db_and_decks;

    fn series(games: u32, jobs: usize) -> (Arc<CardDb>, Series) {
        let (db, decks) = db_and_decks();
        let s = Series {
            agents: [AgentSpec::Greedy, AgentSpec::Random],
            decks: [decks[0].clone(), decks[1].clone()],
            games,
            seed: 9,
            turn_limit: 60,
            jobs,
            swap_decks: false,
            mirror: Vec::new(),
        };
        (db, s)
    }

    #[test]
    fn seats_swap_every_other_game_and_jobs_do_not_change_results() {
        let (db, s) = series(4, 1);
        let a = run(&db, &s, &|| {}).unwrap();
        let (_, s2) = series(4, 2);
        let b = run(&db, &s2, &|| {}).unwrap();
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.record.commands, y.record.commands);
        }
        assert_eq!(a[0].sides, [0, 1]);
        assert_eq!(a[1].sides, [1, 0]);
        assert_eq!(a[0].record.seed, a[1].record.seed);
        assert_ne!(a[0].first_side(), a[1].first_side());
        assert_eq!(
            a[0].decks[0].name, a[1].decks[1].name,
            "decks stay with their side"
        );
        let sum = summarize(&s, &a, Instant::now());
        assert_eq!(sum.games, 4);
        let s0 = &sum.sides[0];
        assert_eq!(s0.wins + s0.losses + s0.draws, 4);
        assert_eq!(s0.wins, sum.sides[1].losses);
        assert_eq!(s0.first_games + sum.sides[1].first_games, 4);
    }

    #[test]
    fn swapped_decks_follow_the_seats() {
        let (db, mut s) = series(2, 1);
        s.swap_decks = true;
        let a = run(&db, &s, &|| {}).unwrap();
        assert_eq!(a[0].decks[0].name, a[1].decks[0].name);
        let sum = summarize(&s, &a, Instant::now());
        assert_eq!(sum.sides[0].deck, "both");
        assert_eq!(sum.by_deck.len(), 2, "side A played both decks");
        assert_eq!(sum.by_deck[0].deck, a[0].decks[0].name);
        assert_eq!(
            sum.by_deck[0].wins + sum.by_deck[0].losses + sum.by_deck[0].draws,
            1
        );
    }

    #[test]
    fn mirror_pairs_rotate_over_the_pool() {
        let (db, mut s) = series(6, 2);
        s.mirror = s.decks.to_vec();
        let a = run(&db, &s, &|| {}).unwrap();
        let names: Vec<(&str, &str)> = a
            .iter()
            .map(|g| (g.decks[0].name.as_str(), g.decks[1].name.as_str()))
            .collect();
        let (x, y) = (s.decks[0].name.as_str(), s.decks[1].name.as_str());
        assert_eq!(names, vec![(x, x), (x, x), (y, y), (y, y), (x, x), (x, x)]);
        let sum = summarize(&s, &a, Instant::now());
        assert_eq!(sum.sides[0].deck, "mirror");
        let by: Vec<(&str, u32)> = sum
            .by_deck
            .iter()
            .map(|d| (d.deck.as_str(), d.wins + d.losses + d.draws))
            .collect();
        assert_eq!(by, vec![(x, 4), (y, 2)]);
    }
}
