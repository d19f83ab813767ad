//! `orbitals balance`: every deck against every deck (mirrors included), seat-swapped, with one
//! agent on both sides, through the kit's series runner. Prints a win-rate matrix with Wilson
//! intervals, draw rates and the first-mover edge, a per-card report, and writes JSON and an SVG
//! heatmap.
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
use orbitals::kit::Outcome;
use orbitals::scenario::table::DeckTable;
use orbitals::state::{State, Zone, DEFAULT_TURN_LIMIT};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
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
    pub seed: u64,
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
}

/// One side's view of one game: its deck, its score, the cards it put into play.
struct SideGame {
    deck: usize,
    score: f64,
    played: Vec<CardId>,
}

fn side_games(g: &SeriesGame<State>, decks: [usize; 2]) -> Vec<SideGame> {
    let s = &g.record.final_state;
    (0..2)
        .map(|seat| {
            let side = g.sides[seat];
            let score = match g.record.outcome {
                Outcome::Winner(w) if w == seat => 1.0,
                Outcome::Winner(_) => 0.0,
                _ => 0.5,
            };
            let mut played: Vec<CardId> = s.cards()[s.player_range(PlayerId(seat as u8))]
                .iter()
                .filter(|c| !matches!(c.zone, Zone::Deck | Zone::Hand))
                .map(|c| c.card)
                .collect();
            played.sort_unstable();
            played.dedup();
            SideGame {
                deck: decks[side],
                score,
                played,
            }
        })
        .collect()
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
    if a.games == 0 || a.run.jobs == 0 {
        bail!("--games and --jobs must be at least 1");
    }
    if let Some(p) = &a.out.svg {
        if p.exists() && !a.out.force {
            bail!(
                "{}: already exists; pass --force to replace it",
                p.display()
            );
        }
    }
    let agent = AgentSpec::parse(&a.agent).map_err(|e| anyhow::anyhow!("--agent: {e}"))?;
    let turn_limit = a.run.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT);
    if turn_limit == 0 {
        bail!("--turn-limit: must be at least 1");
    }
    let db = load_db(cards)?;
    let decks = deck_files(&a.decks)?
        .iter()
        .map(|p| Deck::load(p, &db).map_err(|e| anyhow::anyhow!("{e}")))
        .collect::<Result<Vec<_>>>()?;
    if decks.is_empty() {
        bail!("no decks to compare");
    }
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
    let mut results: BTreeMap<(usize, usize), Vec<GameResult>> = BTreeMap::new();
    let mut sides: Vec<SideGame> = Vec::new();
    for &(i, j) in &pairs {
        let table = DeckTable {
            db: db.clone(),
            decks: [decks[i].clone(), decks[j].clone()],
            turn_limit,
            swap_decks: false,
            mirror: Vec::new(),
            cross: Vec::new(),
            cards: cards.to_path_buf(),
        };
        let games =
            series::run(&table, &series, &|| bar.inc(1)).map_err(|e| anyhow::anyhow!("{e}"))?;
        for g in &games {
            sides.extend(side_games(g, [i, j]));
        }
        results.insert((i, j), games.iter().map(SeriesGame::result).collect());
    }
    bar.finish_and_clear();
    let report = build_report(&a, &db, &decks, turn_limit, &results, &sides, started);
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

fn build_report(
    a: &BalanceArgs,
    db: &CardDb,
    decks: &[Deck],
    turn_limit: u16,
    results: &BTreeMap<(usize, usize), Vec<GameResult>>,
    sides: &[SideGame],
    started: Instant,
) -> Report {
    let n = decks.len();
    let names: Vec<String> = decks.iter().map(|d| d.name.clone()).collect();
    let matrix: Vec<Vec<Cell>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let (lo, hi, row) = if i <= j { (i, j, 0) } else { (j, i, 1) };
                    let l = Lineup {
                        agents: vec![a.agent.clone(); 2],
                        decks: vec![names[lo].clone(), names[hi].clone()],
                        seed: a.run.seed,
                        turn_limit,
                    };
                    cell(&l, &results[&(lo, hi)], started, row)
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
        agents: vec![a.agent.clone(); 2],
        decks: vec![String::new(); 2],
        seed: a.run.seed,
        turn_limit,
    };
    let total = summarize_results(&l, &all, started);
    Report {
        agent: a.agent.clone(),
        games_per_pair: a.games,
        seed: a.run.seed,
        turn_limit,
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
        turn_limit_games: all.iter().filter(|g| g.turns >= turn_limit).count() as u32,
        mean_turns: total.mean_turns,
        cards: card_rows(db, decks, sides),
        seconds: started.elapsed().as_secs_f64(),
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

fn pct(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

fn range(r: &Rate) -> String {
    format!("{} [{}-{}]", pct(r.rate), pct(r.ci_low), pct(r.ci_high))
}

/// The report as text tables.
pub fn text(r: &Report) -> String {
    let mut o = String::new();
    let w = r.decks.iter().map(|d| d.len()).max().unwrap_or(4).max(8);
    let cw = 15;
    writeln!(
        o,
        "agent {} on both sides, {} games per pair (seats swapped), seed {}, turn limit {}\n",
        r.agent, r.games_per_pair, r.seed, r.turn_limit
    )
    .ok();
    writeln!(
        o,
        "win rate of the row deck (draws count half) [95% Wilson]:"
    )
    .ok();
    let mut head = format!("{:<w$}", "");
    for d in &r.decks {
        write!(head, " {d:>cw$}").ok();
    }
    writeln!(o, "{head} {:>cw$}", "overall").ok();
    for (i, row) in r.matrix.iter().enumerate() {
        let mut line = format!("{:<w$}", r.decks[i]);
        for c in row {
            write!(line, " {:>cw$}", range(&c.win_rate)).ok();
        }
        writeln!(o, "{line} {:>cw$}", range(&r.overall[i])).ok();
    }
    writeln!(o, "\ndraw rate / first-mover win rate / mean turns:").ok();
    writeln!(o, "{head}").ok();
    for (i, row) in r.matrix.iter().enumerate() {
        let mut line = format!("{:<w$}", r.decks[i]);
        for c in row {
            let s = format!(
                "{}/{}/{:.0}",
                pct(c.draw_rate),
                pct(c.first_mover.rate),
                c.mean_turns
            );
            write!(line, " {s:>cw$}").ok();
        }
        writeln!(o, "{line}").ok();
    }
    writeln!(
        o,
        "\ngames: {}  draws: {} ({})  at the turn limit: {}  mean turns: {:.1}",
        r.games,
        r.draws,
        pct(r.draws as f64 / r.games.max(1) as f64),
        r.turn_limit_games,
        r.mean_turns
    )
    .ok();
    writeln!(o, "first mover win rate: {}", range(&r.first_mover)).ok();
    writeln!(
        o,
        "\ncards (win rate of the decks holding it; of the games it was played in):"
    )
    .ok();
    writeln!(
        o,
        "{:<22} {:>6} {:>15} {:>6} {:>15}  decks",
        "card", "games", "in deck", "played", "when played"
    )
    .ok();
    for c in &r.cards {
        writeln!(
            o,
            "{:<22} {:>6} {:>15} {:>6} {:>15}  {}",
            c.name,
            c.games_in_deck,
            range(&c.in_deck),
            c.games_played,
            range(&c.played),
            c.decks.join(", ")
        )
        .ok();
    }
    writeln!(o, "\nseconds: {:.1}", r.seconds).ok();
    o
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The win-rate matrix as an SVG heatmap: red where the row deck loses, blue where it wins.
pub fn heatmap_svg(r: &Report) -> String {
    let n = r.decks.len();
    let (cell, left, top) = (72.0, 110.0, 110.0);
    let width = left + cell * n as f64 + 20.0;
    let height = top + cell * n as f64 + 50.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{left}\" y=\"20\" font-size=\"14\">Win rate of the row deck ({}, {} games per pair)</text>\n",
        esc(&r.agent),
        r.games_per_pair
    );
    for (i, d) in r.decks.iter().enumerate() {
        let y = top + cell * (i as f64 + 0.5);
        let x = left + cell * (i as f64 + 0.5);
        writeln!(
            s,
            "<text x=\"{}\" y=\"{y}\" text-anchor=\"end\" dominant-baseline=\"middle\">{}</text>",
            left - 6.0,
            esc(d)
        )
        .ok();
        writeln!(
            s,
            "<text x=\"{x}\" y=\"{}\" text-anchor=\"start\" transform=\"rotate(-45 {x} {})\">{}</text>",
            top - 8.0,
            top - 8.0,
            esc(d)
        )
        .ok();
    }
    for (i, row) in r.matrix.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            let v = c.win_rate.rate;
            // White at 50%, blue towards 100%, red towards 0%.
            let t = ((v - 0.5).abs() * 2.0).min(1.0);
            let fade = |full: f64| (255.0 - (255.0 - full) * t).round() as u8;
            let (rr, gg, bb) = if v >= 0.5 {
                (fade(40.0), fade(90.0), fade(200.0))
            } else {
                (fade(210.0), fade(50.0), fade(40.0))
            };
            let (x, y) = (left + cell * j as f64, top + cell * i as f64);
            writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" \
                 fill=\"rgb({rr},{gg},{bb})\" stroke=\"#888\"/>\n\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\">{}–{} · d {}</text>",
                x + cell / 2.0,
                y + cell / 2.0,
                pct(v),
                x + cell / 2.0,
                y + cell / 2.0 + 16.0,
                pct(c.win_rate.ci_low),
                pct(c.win_rate.ci_high),
                pct(c.draw_rate)
            )
            .ok();
        }
    }
    writeln!(
        s,
        "<text x=\"{left}\" y=\"{}\">first mover {}, draws {} of {} games</text>\n</svg>",
        top + cell * n as f64 + 30.0,
        esc(&range(&r.first_mover)),
        r.draws,
        r.games
    )
    .ok();
    s
}
