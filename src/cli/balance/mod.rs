//! `orbitals balance`: every deck against every deck (mirrors included), seat-swapped, with one
//! agent on both sides, through the kit's series runner. Prints a win-rate matrix with Wilson
//! intervals, draw rates and the first-mover edge, a per-card report, and writes JSON and an SVG
//! heatmap. Every game is kept in the JSON report, so runs merge (`--merge`, [`records`]) and a
//! later run plays only the pairings whose decks or their cards changed (`--reuse`, [`reuse`]).
mod records;
mod render;
mod reuse;

pub use render::{heatmap_svg, text};

use super::load_db;
use super::matches::{progress_bar, write_atomic, OutputArgs, RunArgs};
use anyhow::{bail, Result};
use clap::Args;
use orbitals::agent::stats::wilson;
use orbitals::agent::AgentSpec;
use orbitals::data::{CardDb, Deck};
use orbitals::ids::{CardId, PlayerId};
use orbitals::kit::series::{self, Series, SeriesGame};
use orbitals::kit::summary::{summarize_results, GameResult, Lineup};
use orbitals::scenario::table::DeckTable;
use orbitals::state::{State, Zone, DEFAULT_TURN_LIMIT};
use records::{PairGame, Run};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct BalanceArgs {
    /// Deck files (default: every `*.yaml` in decks/).
    pub decks: Vec<PathBuf>,
    /// Agent on both sides: `random`, `greedy`, `mcts:easy|normal|hard`, ...
    #[arg(long, default_value = "greedy")]
    pub agent: String,
    /// Games per deck pair (seats swap every game; an even number gives each deck each seat
    /// equally often).
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// Add up the games of earlier `balance --json` reports instead of playing (same agent,
    /// turn limit, decks and cards; each with its own seed) and report them as one run.
    #[arg(long, num_args = 1.., value_name = "REPORT",
          conflicts_with_all = ["decks", "agent", "games", "seed", "turn_limit", "jobs"])]
    pub merge: Vec<PathBuf>,
    /// Take the games of every pairing whose two decks and their cards are unchanged from this
    /// earlier `balance --json` report (same agent, seed, games and turn limit, played by the
    /// same program) and play only the others: a round that changes one deck, or a card of
    /// one deck, replays only its pairings.
    #[arg(long, value_name = "REPORT", conflicts_with = "merge")]
    pub reuse: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// A win rate with its Wilson 95% interval.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Rate {
    pub rate: f64,
    pub ci_low: f64,
    pub ci_high: f64,
}

impl Rate {
    fn of(score: f64, n: u32) -> Rate {
        let (lo, hi) = wilson(score, n as f64, 1.96);
        Rate {
            rate: if n > 0 { score / n as f64 } else { 0.0 },
            ci_low: lo,
            ci_high: hi,
        }
    }
}

/// One deck against another: the row deck's results.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    pub deck: String,
    pub against: String,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Wins plus half the draws, over games.
    pub win_rate: Rate,
    pub draw_rate: f64,
    /// Win rate of whoever moved first in these games.
    pub first_mover: Rate,
    pub mean_turns: f64,
}

/// One card's share in the results.
#[derive(Clone, Debug, Serialize)]
pub struct CardRow {
    pub card: String,
    pub name: String,
    /// Decks holding the card (homeworld or one of the 30).
    pub decks: Vec<String>,
    /// Games played by a deck holding the card, and its win rate in them.
    pub games_in_deck: u32,
    pub in_deck: Rate,
    /// Games in which at least one copy was put into play (started as a project or built),
    /// and the win rate in them.
    pub games_played: u32,
    pub played: Rate,
}

/// Everything `balance` measured.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub agent: String,
    pub games_per_pair: u32,
    /// The first run's seed.
    pub seed: u64,
    /// Every run's seed: one, or those of the reports merged.
    pub seeds: Vec<u64>,
    pub turn_limit: u16,
    pub decks: Vec<String>,
    /// `matrix[i][j]`: deck i against deck j (the diagonal: mirrors, seat 1's deck counted).
    pub matrix: Vec<Vec<Cell>>,
    /// Each deck over all its games against the other decks (mirrors left out).
    pub overall: Vec<Rate>,
    pub games: u32,
    pub draws: u32,
    pub first_mover: Rate,
    /// Games that reached the turn limit.
    pub turn_limit_games: u32,
    pub mean_turns: f64,
    pub cards: Vec<CardRow>,
    pub seconds: f64,
    /// Games taken from an earlier report (`--reuse`) rather than played by this run.
    pub reused_games: u32,
    /// Each deck's cards by id: the homeworld, then the 30 in draw order.
    pub deck_cards: Vec<Vec<String>>,
    /// The card definitions played with ([`records::cards_fingerprint`]).
    pub cards_fingerprint: String,
    /// The definitions of each deck's cards ([`records::deck_fingerprint`]).
    pub deck_fingerprints: Vec<String>,
    /// Every game, for merging runs.
    pub game_results: Vec<PairGame>,
}

/// One side's view of one game: its deck, its score, the cards it put into play.
struct SideGame {
    deck: usize,
    score: f64,
    played: Vec<CardId>,
}

/// A played game of pairing `pair` as the report keeps it.
fn pair_game(db: &CardDb, g: &SeriesGame<State>, pair: [usize; 2]) -> PairGame {
    let s = &g.record.final_state;
    let r = g.result();
    let mut played: [Vec<String>; 2] = Default::default();
    for (seat, &side) in g.sides.iter().enumerate().take(2) {
        let cards = &s.cards()[s.player_range(PlayerId(seat as u8))];
        played[side] = records::card_ids(
            db,
            cards
                .iter()
                .filter(|c| !matches!(c.zone, Zone::Deck | Zone::Hand))
                .map(|c| c.card),
        );
    }
    PairGame {
        pair,
        sides: [g.sides[0], g.sides[1]],
        winner: r.winner,
        first_side: r.first_side,
        turns: r.turns,
        played,
    }
}

/// Deck files given, or every deck in `decks/`.
fn deck_files(given: &[PathBuf]) -> Result<Vec<PathBuf>> {
    if !given.is_empty() {
        return Ok(given.to_vec());
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir("decks")?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")))
        .collect();
    files.sort();
    Ok(files)
}

pub fn run(cards: &Path, a: BalanceArgs) -> Result<()> {
    if let Some(p) = &a.out.svg {
        if p.exists() && !a.out.force {
            bail!(
                "{}: already exists; pass --force to replace it",
                p.display()
            );
        }
    }
    let db = load_db(cards)?;
    let run = if a.merge.is_empty() {
        play(cards, &db, &a)?
    } else {
        records::merge(&a.merge, &db)?
    };
    let report = build_report(&db, run);
    if let Some(p) = &a.out.svg {
        write_atomic(p, &heatmap_svg(&report))?;
    }
    if a.out.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        outln!("{}", text(&report).trim_end());
    }
    Ok(())
}

/// Plays every pairing of the decks given, mirrors included.
fn play(cards: &Path, db: &std::sync::Arc<CardDb>, a: &BalanceArgs) -> Result<Run> {
    if a.games == 0 || a.run.jobs == 0 {
        bail!("--games and --jobs must be at least 1");
    }
    let agent = AgentSpec::parse(&a.agent).map_err(|e| anyhow::anyhow!("--agent: {e}"))?;
    let turn_limit = a.run.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT);
    if turn_limit == 0 {
        bail!("--turn-limit: must be at least 1");
    }
    let decks = deck_files(&a.decks)?
        .iter()
        .map(|p| Deck::load(p, db).map_err(|e| anyhow::anyhow!("{e}")))
        .collect::<Result<Vec<_>>>()?;
    if decks.is_empty() {
        bail!("no decks to compare");
    }
    let reuse = match &a.reuse {
        Some(p) => {
            let now = reuse::Settings {
                agent: &a.agent,
                seed: a.run.seed,
                games: a.games,
                turn_limit,
            };
            Some(reuse::Reuse::load(p, db, &now)?)
        }
        None => None,
    };
    let n = decks.len();
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|i| (i..n).map(move |j| (i, j))).collect();
    let bar = progress_bar(a.games * pairs.len() as u32);
    let started = Instant::now();
    let series = Series {
        agents: vec![agent.clone(), agent.clone()],
        games: a.games,
        seed: a.run.seed,
        jobs: a.run.jobs,
    };
    let mut games = Vec::new();
    let mut reused = 0;
    for &(i, j) in &pairs {
        if let Some(kept) = reuse
            .as_ref()
            .and_then(|r| r.games(db, &decks[i], &decks[j], [i, j]))
        {
            reused += kept.len() as u32;
            bar.inc(kept.len() as u64);
            games.extend(kept);
            continue;
        }
        let table = DeckTable {
            db: db.clone(),
            decks: [decks[i].clone(), decks[j].clone()],
            turn_limit,
            swap_decks: false,
            mirror: Vec::new(),
            cross: Vec::new(),
            cards: cards.to_path_buf(),
        };
        let played =
            series::run(&table, &series, &|| bar.inc(1)).map_err(|e| anyhow::anyhow!("{e}"))?;
        games.extend(played.iter().map(|g| pair_game(db, g, [i, j])));
    }
    bar.finish_and_clear();
    Ok(Run {
        agent: a.agent.clone(),
        seeds: vec![a.run.seed],
        games_per_pair: a.games,
        turn_limit,
        decks,
        games,
        seconds: started.elapsed().as_secs_f64(),
        reused,
    })
}

fn cell(l: &Lineup, games: &[GameResult], started: Instant, row_side: usize) -> Cell {
    let s = summarize_results(l, games, started);
    let x = &s.sides[row_side];
    let n = s.games;
    Cell {
        deck: x.deck.clone(),
        against: s.sides[1 - row_side].deck.clone(),
        games: n,
        wins: x.wins,
        losses: x.losses,
        draws: x.draws,
        win_rate: Rate {
            rate: x.win_rate,
            ci_low: x.ci_low,
            ci_high: x.ci_high,
        },
        draw_rate: if n > 0 {
            s.draws as f64 / n as f64
        } else {
            0.0
        },
        first_mover: Rate {
            rate: s.first_mover_win_rate,
            ci_low: s.first_mover_ci_low,
            ci_high: s.first_mover_ci_high,
        },
        mean_turns: s.mean_turns,
    }
}

fn build_report(db: &CardDb, run: Run) -> Report {
    let decks = &run.decks;
    let n = decks.len();
    let names: Vec<String> = decks.iter().map(|d| d.name.clone()).collect();
    let mut results: BTreeMap<(usize, usize), Vec<GameResult>> = BTreeMap::new();
    let mut sides: Vec<SideGame> = Vec::new();
    for g in &run.games {
        results
            .entry((g.pair[0], g.pair[1]))
            .or_default()
            .push(g.result());
        for k in 0..2 {
            let mut played: Vec<CardId> = g.played[k].iter().filter_map(|c| db.lookup(c)).collect();
            played.sort_unstable();
            sides.push(SideGame {
                deck: g.pair[k],
                score: g.score(k),
                played,
            });
        }
    }
    let started = Instant::now();
    let seed = run.seeds.first().copied().unwrap_or(0);
    let no_games = Vec::new();
    let matrix: Vec<Vec<Cell>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let (lo, hi, row) = if i <= j { (i, j, 0) } else { (j, i, 1) };
                    let l = Lineup {
                        agents: vec![run.agent.clone(); 2],
                        decks: vec![names[lo].clone(), names[hi].clone()],
                        seed,
                        turn_limit: run.turn_limit,
                    };
                    let games = results.get(&(lo, hi)).unwrap_or(&no_games);
                    cell(&l, games, started, row)
                })
                .collect()
        })
        .collect();
    let overall = (0..n)
        .map(|i| {
            let (mut score, mut games) = (0.0, 0);
            for (j, c) in matrix[i].iter().enumerate() {
                if j != i {
                    score += c.win_rate.rate * c.games as f64;
                    games += c.games;
                }
            }
            Rate::of(score, games)
        })
        .collect();
    let all: Vec<GameResult> = results.values().flatten().cloned().collect();
    let l = Lineup {
        agents: vec![run.agent.clone(); 2],
        decks: vec![String::new(); 2],
        seed,
        turn_limit: run.turn_limit,
    };
    let total = summarize_results(&l, &all, started);
    Report {
        agent: run.agent.clone(),
        games_per_pair: run.games_per_pair,
        seed,
        seeds: run.seeds.clone(),
        turn_limit: run.turn_limit,
        decks: names,
        matrix,
        overall,
        games: total.games,
        draws: total.draws,
        first_mover: Rate {
            rate: total.first_mover_win_rate,
            ci_low: total.first_mover_ci_low,
            ci_high: total.first_mover_ci_high,
        },
        turn_limit_games: all.iter().filter(|g| g.turns >= run.turn_limit).count() as u32,
        mean_turns: total.mean_turns,
        cards: card_rows(db, decks, &sides),
        seconds: run.seconds,
        reused_games: run.reused,
        deck_cards: decks.iter().map(|d| records::deck_cards(db, d)).collect(),
        cards_fingerprint: records::cards_fingerprint(db),
        deck_fingerprints: decks
            .iter()
            .map(|d| records::deck_fingerprint(db, d))
            .collect(),
        game_results: run.games,
    }
}

/// The per-card report, in card-database order; cards in no deck are left out.
fn card_rows(db: &CardDb, decks: &[Deck], sides: &[SideGame]) -> Vec<CardRow> {
    let mut rows = Vec::new();
    for k in 0..db.len() {
        let id = CardId(k as u16);
        let holders: Vec<usize> = (0..decks.len())
            .filter(|&d| decks[d].homeworld == id || decks[d].cards.contains(&id))
            .collect();
        if holders.is_empty() {
            continue;
        }
        let mut in_deck = (0.0, 0u32);
        let mut played = (0.0, 0u32);
        for g in sides.iter().filter(|g| holders.contains(&g.deck)) {
            in_deck = (in_deck.0 + g.score, in_deck.1 + 1);
            if g.played.binary_search(&id).is_ok() {
                played = (played.0 + g.score, played.1 + 1);
            }
        }
        let card = db.card(id);
        rows.push(CardRow {
            card: card.id.clone(),
            name: card.name.clone(),
            decks: holders.iter().map(|&d| decks[d].name.clone()).collect(),
            games_in_deck: in_deck.1,
            in_deck: Rate::of(in_deck.0, in_deck.1),
            games_played: played.1,
            played: Rate::of(played.0, played.1),
        });
    }
    rows
}
