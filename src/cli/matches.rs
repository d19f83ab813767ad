//! `orbitals match` (seat-swapped AI-vs-AI series with statistics, JSON, an SVG chart and
//! replays) and the headless demo.
use super::load_db;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use orbitals::agent::chart;
use orbitals::agent::stats::format_p;
use orbitals::agent::tournament::{self, Series, SeriesGame, Summary};
use orbitals::agent::{parse_agent, AgentSpec};
use orbitals::data::Deck;
use orbitals::play::play_game;
use orbitals::scenario::{self, notation, Handles};
use orbitals::state::{State, DEFAULT_TURN_LIMIT};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Which ruleset a match plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameKind {
    /// The card game.
    Orbitals,
    /// The rover game on the globe.
    Globetrotter,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Ruleset.
    #[arg(long, value_enum, default_value_t = GameKind::Orbitals)]
    pub game: GameKind,
    /// Deck of side 1 (the --p1 agent keeps it when seats swap, unless --swap-decks).
    #[arg(long, default_value = "decks/vanguard.yaml")]
    pub deck1: PathBuf,
    /// Deck of side 2.
    #[arg(long, default_value = "decks/bastion.yaml")]
    pub deck2: PathBuf,
    /// Agent of side 1: `random`, `greedy`, `mcts`, `mcts:easy|normal|hard`, or
    /// `mcts:iters=N,ms=N,c=X,playout=N,threads=N`.
    #[arg(long, default_value = "random")]
    pub p1: String,
    /// Agent of side 2 (same syntax).
    #[arg(long, default_value = "random")]
    pub p2: String,
    /// Globetrotter with more players: agents of sides 3 to 6 (default random).
    #[arg(long)]
    pub p3: Option<String>,
    #[arg(long)]
    pub p4: Option<String>,
    #[arg(long)]
    pub p5: Option<String>,
    #[arg(long)]
    pub p6: Option<String>,
    /// Globetrotter: players (2 to 6); seats rotate every game.
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Globetrotter: planets (1 or more).
    #[arg(long, default_value_t = 1)]
    pub planets: u8,
    /// Globetrotter: play the facing variant (G12).
    #[arg(long)]
    pub facing: bool,
    /// Games to play; seats swap every other game (rotate every game with more players).
    #[arg(long, default_value_t = 1)]
    pub games: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Player turns before the game is a draw (default: 200 for the card game, 400 for
    /// Globetrotter).
    #[arg(long)]
    pub turn_limit: Option<u16>,
    /// Games played in parallel.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Decks follow the seats, not the agents: each agent plays both decks (fair agent
    /// comparison when the decks differ).
    #[arg(long, conflicts_with = "mirror")]
    pub swap_decks: bool,
    /// Mirror matches: both seats play the same deck, game pairs taking turns over these decks
    /// (comma-separated; --deck1/--deck2 are then not used).
    #[arg(long, value_delimiter = ',', num_args = 1..)]
    pub mirror: Vec<PathBuf>,
    /// Save the first game as a replay in scenario format.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Save every game as a replay (`game-0001.yaml`, …) in this directory.
    #[arg(long)]
    pub save_dir: Option<PathBuf>,
    /// Print the results as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Draw the win rates with their 95% intervals into this SVG file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

/// Path of `target` written relative to the directory of `from_file`, if both resolve.
fn relative_to(target: &Path, from_file: &Path) -> String {
    let t = std::fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf());
    let dir = from_file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let d = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let (tc, dc): (Vec<_>, Vec<_>) = (t.components().collect(), d.components().collect());
    let common = tc.iter().zip(&dc).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..dc.len() {
        out.push("..");
    }
    for c in &tc[common..] {
        out.push(c);
    }
    out.to_string_lossy().into_owned()
}

/// Writes one game as a replay file (scenario format).
fn save_replay(
    cards: &Path,
    db: &std::sync::Arc<orbitals::data::CardDb>,
    g: &SeriesGame,
    turn_limit: u16,
    path: &Path,
) -> Result<()> {
    let r = &g.record;
    let s = State::from_decks(db.clone(), &g.decks, r.seed);
    let h = Handles::defaults(&s);
    let lines: Vec<String> = r
        .commands
        .iter()
        .map(|c| notation::format_command(c, &h))
        .collect();
    let text = scenario::replay_yaml(
        &relative_to(cards, path),
        r.seed,
        turn_limit,
        &g.decks,
        db,
        &lines,
        &notation::format_outcome(r.outcome),
    );
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

fn spec(flag: &str, s: &str) -> Result<AgentSpec> {
    AgentSpec::parse(s).map_err(|e| anyhow::anyhow!("{flag} `{s}`: {e}"))
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The human-readable results table.
fn print_table(s: &Summary) {
    let wins: Vec<String> = s
        .sides
        .iter()
        .enumerate()
        .map(|(i, x)| format!("p{} ({}) wins: {}", i + 1, x.agent, x.wins))
        .collect();
    println!(
        "games: {}  {}  draws: {}",
        s.games,
        wins.join("  "),
        s.draws
    );
    println!();
    let w = s
        .sides
        .iter()
        .map(|x| x.agent.len())
        .max()
        .unwrap_or(5)
        .max(5);
    let dw = s
        .sides
        .iter()
        .chain(&s.by_deck)
        .map(|x| x.deck.len())
        .max()
        .unwrap_or(4)
        .max(4);
    println!(
        "{:<w$}  {:<dw$}  {:>5}  {:>6}  {:>5}  {:>8}  {:>17}  {:>9}  {:>10}",
        "agent",
        "deck",
        "wins",
        "losses",
        "draws",
        "win rate",
        "95% CI (Wilson)",
        if s.sides.len() == 2 {
            "p vs 50%"
        } else {
            "p vs 1/n"
        },
        "moving 1st"
    );
    let row = |x: &tournament::SideSummary| {
        println!(
            "{:<w$}  {:<dw$}  {:>5}  {:>6}  {:>5}  {:>8}  {:>17}  {:>9}  {:>10}",
            x.agent,
            x.deck,
            x.wins,
            x.losses,
            x.draws,
            pct(x.win_rate),
            format!("[{}, {}]", pct(x.ci_low), pct(x.ci_high)),
            format_p(x.p_value),
            format!("{} ({})", pct(x.first_win_rate), x.first_games),
        );
    };
    s.sides.iter().for_each(row);
    if !s.by_deck.is_empty() {
        println!();
        println!("by deck of p1 ({}):", s.sides[0].agent);
        s.by_deck.iter().for_each(row);
    }
    println!();
    println!(
        "first-seat (first mover) win rate: {} [{}, {}]",
        pct(s.first_mover_win_rate),
        pct(s.first_mover_ci_low),
        pct(s.first_mover_ci_high)
    );
    println!(
        "game length: mean {:.1} turns, max {} turns (limit {})",
        s.mean_turns, s.max_turns, s.turn_limit
    );
    println!(
        "mean turns: {:.1}  games/s: {:.2}  seconds: {:.1}",
        s.mean_turns, s.games_per_sec, s.seconds
    );
}

/// A progress bar on a terminal, nothing otherwise.
fn progress_bar(games: u32) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(games as u64);
    b.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({per_sec}, eta {eta})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    b
}

/// Writes the chart and prints the table or JSON.
fn report(a: &MatchArgs, summary: &Summary) -> Result<()> {
    if let Some(path) = &a.svg {
        std::fs::write(path, chart::svg(summary))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(summary)?);
    } else {
        print_table(summary);
    }
    Ok(())
}

pub fn run(cards: &Path, a: MatchArgs) -> Result<()> {
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    if a.jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    if let Some(dir) = &a.save_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    match a.game {
        GameKind::Orbitals => run_orbitals(cards, a),
        GameKind::Globetrotter => run_globetrotter(a),
    }
}

/// `match --game globetrotter`.
fn run_globetrotter(a: MatchArgs) -> Result<()> {
    use orbitals::globetrotter::{series, setup::check_config, Config};
    let extra: Vec<String> = [&a.p3, &a.p4, &a.p5, &a.p6]
        .iter()
        .enumerate()
        .filter(|(i, p)| p.is_some() && i + 3 > a.players as usize)
        .map(|(i, _)| format!("--p{}", i + 3))
        .collect();
    if !extra.is_empty() {
        bail!("{} given for a {}-player game", extra.join(", "), a.players);
    }
    let config = Config {
        players: a.players,
        planets: a.planets,
        facing: a.facing,
        turn_limit: a
            .turn_limit
            .unwrap_or(orbitals::globetrotter::state::DEFAULT_TURN_LIMIT),
    };
    check_config(&config).map_err(|e| anyhow::anyhow!("--players/--planets: {e}"))?;
    let given = [
        Some(&a.p1),
        Some(&a.p2),
        a.p3.as_ref(),
        a.p4.as_ref(),
        a.p5.as_ref(),
        a.p6.as_ref(),
    ];
    let mut agents = Vec::new();
    for (i, p) in given.iter().take(a.players as usize).enumerate() {
        let text = p.map(String::as_str).unwrap_or("random");
        agents.push(spec(&format!("--p{}", i + 1), text)?);
    }
    let s = series::Series {
        agents,
        config,
        games: a.games,
        seed: a.seed,
        jobs: a.jobs,
    };
    let bar = progress_bar(a.games);
    let started = Instant::now();
    let games = series::run(&s, &|| bar.inc(1)).map_err(anyhow::Error::msg)?;
    bar.finish_and_clear();
    let table = format!(
        "{} planet{}{}",
        a.planets,
        if a.planets == 1 { "" } else { "s" },
        if a.facing { ", facing" } else { "" }
    );
    let lineup = tournament::Lineup {
        agents: s.agents.iter().map(|x| x.to_string()).collect(),
        decks: vec![table; s.agents.len()],
        seed: a.seed,
        turn_limit: config.turn_limit,
    };
    let results: Vec<_> = games.iter().map(|g| g.result()).collect();
    let summary = tournament::summarize_results(&lineup, &results, started);
    let write = |g: &series::SeriesGame, path: &Path| {
        std::fs::write(path, g.replay_yaml()).with_context(|| format!("writing {}", path.display()))
    };
    if let Some(path) = &a.save {
        write(&games[0], path)?;
    }
    if let Some(dir) = &a.save_dir {
        for g in &games {
            write(g, &dir.join(format!("game-{:04}.yaml", g.index + 1)))?;
        }
    }
    report(&a, &summary)
}

/// `match` for the card game.
fn run_orbitals(cards: &Path, a: MatchArgs) -> Result<()> {
    let turn_limit = a.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT);
    if a.p3.is_some() || a.p4.is_some() || a.p5.is_some() || a.p6.is_some() || a.players != 2 {
        bail!(
            "the card game is for two players: --players and --p3 to --p6 need --game globetrotter"
        );
    }
    if a.planets != 1 || a.facing {
        bail!("--planets and --facing need --game globetrotter");
    }
    let agents = [spec("--p1", &a.p1)?, spec("--p2", &a.p2)?];
    let db = load_db(cards)?;
    let d1 = Deck::load(&a.deck1, &db).map_err(|e| anyhow::anyhow!("{e}"))?;
    let d2 = Deck::load(&a.deck2, &db).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mirror = a
        .mirror
        .iter()
        .map(|p| Deck::load(p, &db).map_err(|e| anyhow::anyhow!("{e}")))
        .collect::<Result<Vec<_>>>()?;
    let series = Series {
        agents,
        decks: [d1, d2],
        games: a.games,
        seed: a.seed,
        turn_limit,
        jobs: a.jobs,
        swap_decks: a.swap_decks,
        mirror,
    };
    let bar = progress_bar(a.games);
    let started = Instant::now();
    let games = tournament::run(&db, &series, &|| bar.inc(1)).map_err(anyhow::Error::msg)?;
    bar.finish_and_clear();
    let summary = tournament::summarize(&series, &games, started);
    if let Some(path) = &a.save {
        save_replay(cards, &db, &games[0], turn_limit, path)?;
    }
    if let Some(dir) = &a.save_dir {
        for g in &games {
            let path = dir.join(format!("game-{:04}.yaml", g.index + 1));
            save_replay(cards, &db, g, turn_limit, &path)?;
        }
    }
    report(&a, &summary)
}

/// Plays one random-vs-random game and prints its event log.
pub fn demo(cards: &Path, seed: u64) -> Result<()> {
    let db = load_db(cards)?;
    let d1 =
        Deck::load(Path::new("decks/vanguard.yaml"), &db).map_err(|e| anyhow::anyhow!("{e}"))?;
    let d2 =
        Deck::load(Path::new("decks/bastion.yaml"), &db).map_err(|e| anyhow::anyhow!("{e}"))?;
    let decks = [d1, d2];
    let mut agents = vec![
        parse_agent("random", seed).map_err(anyhow::Error::msg)?,
        parse_agent("random", seed + 1).map_err(anyhow::Error::msg)?,
    ];
    let mut events = Vec::new();
    let r = play_game(
        db.clone(),
        &decks,
        seed,
        DEFAULT_TURN_LIMIT,
        &mut agents,
        &mut events,
    );
    let h = Handles::defaults(&State::from_decks(db, &decks, seed));
    for e in &events {
        println!("{}", notation::format_event(e, &h));
    }
    println!(
        "result: {} after {} turns",
        notation::format_outcome(r.outcome),
        r.turns
    );
    Ok(())
}
