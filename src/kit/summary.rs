//! Statistics of a finished series, for every ruleset: wins, losses and draws per side with
//! Wilson intervals and exact binomial tests, first-mover advantage, turns, one-seat scores,
//! and side 0's results by what it played (deck) when that varied.
use super::ruleset::Ruleset;
use super::series::SeriesGame;
use super::Outcome;
use crate::agent::stats::{binomial_p_value, binomial_p_value_at, wilson};
use serde::Serialize;
use std::time::Instant;

/// One finished game of any ruleset, as the statistics need it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// `sides[seat]`: which side sat in that seat.
    pub sides: Vec<usize>,
    /// The winning side; `None` for a draw.
    pub winner: Option<usize>,
    /// The side that moved first.
    pub first_side: usize,
    /// Player turns played.
    pub turns: u16,
    /// A one-seat game's score.
    pub score: Option<i64>,
    /// Someone won (or, in a one-seat game, the game was won or lost): not a draw.
    pub decided: bool,
    /// Each side's slowest decision in seconds, when it was timed (empty otherwise).
    pub slowest: Vec<f64>,
}

impl GameResult {
    /// The result of a game that ended with `outcome`, `sides[seat]` in each seat.
    pub fn of(outcome: Outcome, sides: &[usize], first_seat: usize, turns: u32) -> GameResult {
        let winner = match outcome {
            Outcome::Winner(seat) => sides.get(seat).copied(),
            Outcome::Solo { won: true, .. } => sides.first().copied(),
            _ => None,
        };
        GameResult {
            sides: sides.to_vec(),
            winner,
            first_side: sides.get(first_seat).copied().unwrap_or(0),
            turns: turns.min(u16::MAX as u32) as u16,
            score: match outcome {
                Outcome::Solo { score, .. } => Some(score),
                _ => None,
            },
            decided: !matches!(outcome, Outcome::Draw | Outcome::Ongoing),
            slowest: Vec::new(),
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
    /// The slowest decision of this side's agent over the series, in milliseconds (wall time,
    /// so other work on the machine counts too); absent when no game was timed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slowest_decision_ms: Option<f64>,
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
    /// One-seat games: the mean score with its 95% interval (normal approximation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_score: Option<MeanScore>,
    /// Side A's results by the deck it played (only when it played more than one).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub by_deck: Vec<SideSummary>,
}

/// Score of `side` in one game: 1 for a win, ½ for a draw, 0 for a loss.
fn score(g: &GameResult, side: usize) -> f64 {
    match g.winner {
        Some(w) if w == side => 1.0,
        None if !g.decided => 0.5,
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
    let draws = games.iter().filter(|g| !g.decided).count() as u32;
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
            slowest_decision_ms: games
                .iter()
                .filter_map(|g| g.slowest.get(k))
                .map(|&t| t * 1000.0)
                .reduce(f64::max),
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
        mean_score: MeanScore::of(games),
        by_deck: Vec::new(),
    }
}

/// A mean score with its 95% interval.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct MeanScore {
    pub mean: f64,
    pub ci_low: f64,
    pub ci_high: f64,
}

impl MeanScore {
    fn of(games: &[GameResult]) -> Option<MeanScore> {
        let scores: Vec<f64> = games
            .iter()
            .filter_map(|g| g.score)
            .map(|x| x as f64)
            .collect();
        if scores.is_empty() {
            return None;
        }
        let n = scores.len() as f64;
        let mean = scores.iter().sum::<f64>() / n;
        let var = if n > 1.0 {
            scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let half = 1.96 * (var / n).sqrt();
        Some(MeanScore {
            mean,
            ci_low: mean - half,
            ci_high: mean + half,
        })
    }
}

/// Sums up a finished series of ruleset `R`, adding side 0's results by label (deck) when it
/// played more than one.
pub fn summarize<R: Ruleset>(l: &Lineup, games: &[SeriesGame<R>], started: Instant) -> Summary {
    let results: Vec<GameResult> = games.iter().map(SeriesGame::result).collect();
    let mut sum = summarize_results(l, &results, started);
    let mut names: Vec<&str> = Vec::new();
    for g in games {
        if let Some(d) = g.label.as_deref() {
            if !names.contains(&d) {
                names.push(d);
            }
        }
    }
    if names.len() > 1 {
        for name in names {
            let part: Vec<GameResult> = games
                .iter()
                .filter(|g| g.label.as_deref() == Some(name))
                .map(SeriesGame::result)
                .collect();
            let mut side = summarize_results(l, &part, started).sides.swap_remove(0);
            side.deck = name.to_string();
            sum.by_deck.push(side);
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solo_losses_are_not_draws_and_scores_are_averaged() {
        let games = [
            GameResult::of(
                Outcome::Solo {
                    won: true,
                    score: 30,
                },
                &[0],
                0,
                90,
            ),
            GameResult::of(
                Outcome::Solo {
                    won: false,
                    score: 10,
                },
                &[0],
                0,
                40,
            ),
        ];
        let l = Lineup {
            agents: vec!["greedy".into()],
            decks: vec![String::new()],
            seed: 1,
            turn_limit: 600,
        };
        let s = summarize_results(&l, &games, Instant::now());
        assert_eq!((s.sides[0].wins, s.sides[0].losses, s.draws), (1, 1, 0));
        assert_eq!(s.mean_score.map(|m| m.mean), Some(20.0));
    }

    #[test]
    fn the_slowest_decision_is_the_worst_of_every_game_per_side() {
        let mut a = GameResult::of(Outcome::Winner(0), &[0, 1], 0, 12);
        a.slowest = vec![0.120, 0.002];
        let mut b = GameResult::of(Outcome::Draw, &[1, 0], 0, 400);
        b.slowest = vec![0.090, 0.004];
        let untimed = GameResult::of(Outcome::Draw, &[0, 1], 0, 400);
        let l = Lineup {
            agents: vec!["mcts:normal".into(), "greedy".into()],
            decks: vec![String::new(); 2],
            seed: 1,
            turn_limit: 400,
        };
        let s = summarize_results(&l, &[a, b, untimed.clone()], Instant::now());
        assert_eq!(s.sides[0].slowest_decision_ms, Some(120.0));
        assert_eq!(s.sides[1].slowest_decision_ms, Some(4.0));
        let s = summarize_results(&l, &[untimed], Instant::now());
        assert_eq!(
            s.sides[0].slowest_decision_ms, None,
            "not timed, not reported"
        );
    }

    #[test]
    fn two_seat_results_follow_the_sides() {
        let g = GameResult::of(Outcome::Winner(0), &[1, 0], 1, 12);
        assert_eq!((g.winner, g.first_side, g.decided), (Some(1), 0, true));
        let d = GameResult::of(Outcome::Draw, &[0, 1], 0, 200);
        assert_eq!((d.winner, d.decided), (None, false));
    }
}
