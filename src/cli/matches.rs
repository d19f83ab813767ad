//! `orbitals match` (seat-rotated AI-vs-AI series of any registered game, with statistics,
//! JSON, an SVG chart and replays) and the headless demo.
//!
//! One code path plays every game: the game's options build its [`Table`], then the kit's
//! series runner plays, sums up and writes replays.
use super::load_db;
use anyhow::{bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use orbitals::agent::stats::format_p;
use orbitals::agent::{parse_agent, AgentSpec};
use orbitals::data::Deck;
use orbitals::kit::chart;
use orbitals::kit::play::play_game;
use orbitals::kit::series::{self, Series, Table};
use orbitals::kit::summary::{self, Lineup, SideSummary, Summary};
use orbitals::kit::Ruleset;
use orbitals::scenario::table::DeckTable;
use orbitals::state::{State, DEFAULT_TURN_LIMIT};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The options every series command shares: the seed, the turn limit and the parallel jobs.
#[derive(clap::Args, Clone, Debug)]
pub struct RunArgs {
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Player turns before the game is a draw (default: the game's own).
    #[arg(long)]
    pub turn_limit: Option<u16>,
    /// Games played in parallel.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
}

/// How every series command reports: JSON or tables, an SVG chart, overwriting files.
#[derive(clap::Args, Clone, Debug)]
pub struct OutputArgs {
    /// Print the results as JSON instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Draw the win rates into this SVG file (`match`: each side's rate with its 95%
    /// interval; `balance`: the deck-against-deck matrix as a heatmap).
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Replace existing output files (without it, an existing file is an error).
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The game: orbitals (the card game), globetrotter, mothership or rover.
    #[arg(long, default_value = "orbitals")]
    pub game: String,
    /// Card game: deck of side 1 (the --p1 agent keeps it when seats swap, unless
    /// --swap-decks). Default decks/vanguard.yaml.
    #[arg(long)]
    pub deck1: Option<PathBuf>,
    /// Card game: deck of side 2. Default decks/bastion.yaml.
    #[arg(long)]
    pub deck2: Option<PathBuf>,
    /// Agent of side 1: `random`, `greedy`, `mcts`, `mcts:easy|normal|hard`, or
    /// `mcts:iters=N,ms=N,c=X,playout=N,threads=N`.
    #[arg(long, default_value = "random")]
    pub p1: String,
    /// Agent of side 2 (same syntax).
    #[arg(long, default_value = "random")]
    pub p2: String,
    /// Games with more players: agents of sides 3 to 6 (default random).
    #[arg(long)]
    pub p3: Option<String>,
    #[arg(long)]
    pub p4: Option<String>,
    #[arg(long)]
    pub p5: Option<String>,
    #[arg(long)]
    pub p6: Option<String>,
    /// Players, for games with a choice (Globetrotter: 2 to 6, Mothership: 2 to 4); seats rotate
    /// every game.
    #[arg(long)]
    pub players: Option<u8>,
    /// Globetrotter: planets (1 or more).
    #[arg(long)]
    pub planets: Option<u8>,
    /// RoveR: `generated` (a new level from each game's seed; the default) or `default` (the
    /// level of R20 every game).
    #[arg(long)]
    pub level: Option<String>,
    /// Globetrotter: play the facing variant (G12).
    #[arg(long)]
    pub facing: bool,
    /// Games to play; seats swap every other game (rotate every game with more players).
    #[arg(long, default_value_t = 1)]
    pub games: u32,
    #[command(flatten)]
    pub run: RunArgs,
    /// Decks follow the seats, not the agents: each agent plays both decks (fair agent
    /// comparison when the decks differ).
    #[arg(long, conflicts_with_all = ["mirror", "cross"])]
    pub swap_decks: bool,
    /// Mirror matches: both seats play the same deck, game pairs taking turns over these decks
    /// (comma-separated; --deck1/--deck2 are then not used).
    #[arg(long, value_delimiter = ',', num_args = 1..)]
    pub mirror: Vec<PathBuf>,
    /// Crossed matches over two or more decks (comma-separated): game pairs take every ordered
    /// pair of two different decks in turn, the decks following the seats, so each agent plays
    /// every deck against every other in both seats (--deck1/--deck2 are then not used).
    #[arg(long, value_delimiter = ',', num_args = 1.., conflicts_with = "mirror")]
    pub cross: Vec<PathBuf>,
    /// Save the first game as a replay in scenario format.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Save every game as a replay (`game-0001.yaml`, …) in this directory.
    #[arg(long)]
    pub save_dir: Option<PathBuf>,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Checks before any game is played that each output file can be written: an existing file
/// needs `--force`, and its folder must accept a new file. Results are never lost to a bad path
/// at the end of a long series.
fn check_outputs(a: &MatchArgs) -> Result<()> {
    for path in a.save.iter().chain(&a.out.svg) {
        if path.is_dir() {
            bail!("{}: is a directory, not a file", path.display());
        }
        if path.exists() && !a.out.force {
            bail!(
                "{}: already exists; pass --force to replace it",
                path.display()
            );
        }
        let dir = parent_dir(path);
        let probe = temp_path(path);
        std::fs::write(&probe, b"")
            .and_then(|()| std::fs::remove_file(&probe))
            .with_context(|| format!("{}: cannot write in {}", path.display(), dir.display()))?;
    }
    if let Some(dir) = &a.save_dir {
        if !dir.is_dir() {
            bail!("--save-dir {}: not a directory", dir.display());
        }
    }
    Ok(())
}

/// The folder a file is written in (`.` for a bare name).
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A temporary name next to `path`, for writing it atomically.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    parent_dir(path).join(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes a file atomically (the kit's temporary file and rename), naming it in errors.
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    orbitals::kit::save::write_atomic(path, text)
        .with_context(|| format!("writing {}", path.display()))
}

fn spec(flag: &str, s: &str) -> Result<AgentSpec> {
    AgentSpec::parse(s).map_err(|e| anyhow::anyhow!("{flag} `{s}`: {e}"))
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The results of a one-seat game's series (RoveR): wins, score, rounds.
fn solo_text(s: &Summary) -> String {
    let x = &s.sides[0];
    let mut o = format!(
        "games: {}  agent: {}  {}\nwins: {}  losses: {}  win rate: {} [{}, {}] (95% Wilson)\n",
        s.games,
        x.agent,
        x.deck,
        x.wins,
        x.losses,
        pct(x.win_rate),
        pct(x.ci_low),
        pct(x.ci_high)
    );
    if let Some(m) = s.mean_score {
        o.push_str(&format!(
            "mean score: {:.1} [{:.1}, {:.1}]\n",
            m.mean, m.ci_low, m.ci_high
        ));
    }
    o.push_str(&format!(
        "rounds: mean {:.1}, max {} (limit {})  games/s: {:.2}  seconds: {:.1}\n",
        s.mean_turns, s.max_turns, s.turn_limit, s.games_per_sec, s.seconds
    ));
    o
}

/// The human-readable results table.
fn table_text(s: &Summary) -> String {
    if s.sides.len() == 1 {
        return solo_text(s);
    }
    use std::fmt::Write;
    let mut o = String::new();
    let wins: Vec<String> = s
        .sides
        .iter()
        .enumerate()
        .map(|(i, x)| format!("p{} ({}) wins: {}", i + 1, x.agent, x.wins))
        .collect();
    writeln!(
        o,
        "games: {}  {}  draws: {}",
        s.games,
        wins.join("  "),
        s.draws
    )
    .ok();
    o.push('\n');
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
    writeln!(
        o,
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
    )
    .ok();
    let row = |o: &mut String, x: &SideSummary| {
        writeln!(
            o,
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
        )
        .ok();
    };
    for x in &s.sides {
        row(&mut o, x);
    }
    if !s.by_deck.is_empty() {
        o.push('\n');
        writeln!(o, "by deck of p1 ({}):", s.sides[0].agent).ok();
        for x in &s.by_deck {
            row(&mut o, x);
        }
    }
    o.push('\n');
    writeln!(
        o,
        "first-seat (first mover) win rate: {} [{}, {}]",
        pct(s.first_mover_win_rate),
        pct(s.first_mover_ci_low),
        pct(s.first_mover_ci_high)
    )
    .ok();
    writeln!(
        o,
        "game length: mean {:.1} turns, max {} turns (limit {})",
        s.mean_turns, s.max_turns, s.turn_limit
    )
    .ok();
    let slowest: Vec<String> = s
        .sides
        .iter()
        .enumerate()
        .filter_map(|(i, x)| {
            let ms = x.slowest_decision_ms?;
            Some(format!("p{} ({}) {ms:.0} ms", i + 1, x.agent))
        })
        .collect();
    if !slowest.is_empty() {
        writeln!(o, "slowest decision: {}", slowest.join(", ")).ok();
    }
    if let Some(m) = s.mean_score {
        writeln!(
            o,
            "mean score: {:.1} [{:.1}, {:.1}]",
            m.mean, m.ci_low, m.ci_high
        )
        .ok();
    }
    writeln!(
        o,
        "mean turns: {:.1}  games/s: {:.2}  seconds: {:.1}",
        s.mean_turns, s.games_per_sec, s.seconds
    )
    .ok();
    o
}

/// A progress bar on a terminal, nothing otherwise.
pub(super) fn progress_bar(games: u32) -> ProgressBar {
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
    if let Some(path) = &a.out.svg {
        write_atomic(path, &chart::svg(summary))?;
    }
    if a.out.json {
        outln!("{}", serde_json::to_string_pretty(summary)?);
    } else {
        outln!("{}", table_text(summary).trim_end_matches('\n'));
    }
    Ok(())
}

/// Which options belong to which games (`--p1`, `--p2`, `--games`... belong to all).
const GAME_OPTIONS: &[(&str, &[&str])] = &[
    ("--deck1", &["orbitals"]),
    ("--deck2", &["orbitals"]),
    ("--swap-decks", &["orbitals"]),
    ("--mirror", &["orbitals"]),
    ("--cross", &["orbitals"]),
    ("--planets", &["globetrotter"]),
    ("--facing", &["globetrotter"]),
    ("--players", &["globetrotter", "mothership"]),
    ("--level", &["rover"]),
];

/// The game-specific options given on the command line.
fn given_options(a: &MatchArgs) -> Vec<&'static str> {
    let given = [
        a.deck1.is_some(),
        a.deck2.is_some(),
        a.swap_decks,
        !a.mirror.is_empty(),
        !a.cross.is_empty(),
        a.planets.is_some(),
        a.facing,
        a.players.is_some(),
        a.level.is_some(),
    ];
    GAME_OPTIONS
        .iter()
        .zip(given)
        .filter(|(_, g)| *g)
        .map(|((name, _), _)| *name)
        .collect()
}

pub fn run(cards: &Path, a: MatchArgs) -> Result<()> {
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    if a.run.jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    if orbitals::games::find(&a.game).is_none() {
        bail!(
            "--game `{}`: unknown game (games: {})",
            a.game,
            orbitals::games::names()
        );
    }
    for name in given_options(&a) {
        let games = GAME_OPTIONS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, g)| *g)
            .unwrap_or(&[]);
        if !games.contains(&a.game.as_str()) {
            bail!(
                "{name} does not apply to --game {} (only to {})",
                a.game,
                games.join(", ")
            );
        }
    }
    if let Some(dir) = &a.save_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    match a.game.as_str() {
        "globetrotter" => globetrotter_match(a),
        "mothership" => mothership_match(a),
        "rover" => rover_match(a),
        _ => orbitals_match(cards, a),
    }
}

/// The agents of the first `seats` sides, from --p1 to --p6.
fn agents(a: &MatchArgs, seats: usize) -> Result<Vec<AgentSpec>> {
    let given = [
        Some(&a.p1),
        Some(&a.p2),
        a.p3.as_ref(),
        a.p4.as_ref(),
        a.p5.as_ref(),
        a.p6.as_ref(),
    ];
    let extra: Vec<String> = given
        .iter()
        .enumerate()
        .skip(seats.max(2))
        .filter(|(_, p)| p.is_some())
        .map(|(i, _)| format!("--p{}", i + 1))
        .collect();
    if !extra.is_empty() {
        bail!("{} given for a {seats}-player game", extra.join(", "));
    }
    if seats > given.len() {
        bail!("at most {} players", given.len());
    }
    given
        .iter()
        .take(seats)
        .enumerate()
        .map(|(i, p)| {
            spec(
                &format!("--p{}", i + 1),
                p.map(String::as_str).unwrap_or("random"),
            )
        })
        .collect()
}

/// Plays a series of any game through the kit, then reports it and writes its replays.
fn play_series<R: Ruleset, T: Table<R>>(
    a: &MatchArgs,
    table: &T,
    side_names: Vec<String>,
    turn_limit: u16,
) -> Result<()> {
    check_outputs(a)?;
    let s = Series {
        agents: agents(a, table.seats())?,
        games: a.games,
        seed: a.run.seed,
        jobs: a.run.jobs,
    };
    let bar = progress_bar(a.games);
    let started = Instant::now();
    let games = series::run(table, &s, &|| bar.inc(1)).map_err(|e| anyhow::anyhow!("{e}"))?;
    bar.finish_and_clear();
    let lineup = Lineup {
        agents: s.agents.iter().map(|x| x.to_string()).collect(),
        decks: side_names,
        seed: a.run.seed,
        turn_limit,
    };
    let summary = summary::summarize(&lineup, &games, started);
    let write = |g: &series::SeriesGame<R>, path: &Path| {
        let text = g.replay_yaml_from(&table.replay_scenario(&g.scenario, path));
        write_atomic(path, &text)
    };
    if let Some(path) = &a.save {
        write(&games[0], path)?;
    }
    if let Some(dir) = &a.save_dir {
        for g in &games {
            write(g, &dir.join(format!("game-{:04}.yaml", g.index + 1)))?;
        }
        eprintln!(
            "replays in {}: watch them with `orbitals --replay {}`",
            dir.display(),
            dir.display()
        );
    }
    report(a, &summary)
}

/// `match --game globetrotter`.
fn globetrotter_match(a: MatchArgs) -> Result<()> {
    use orbitals::globetrotter::{series::GlobeTable, setup::check_config, Config};
    let planets = a.planets.unwrap_or(1);
    let config = Config {
        players: a.players.unwrap_or(2),
        planets,
        facing: a.facing,
        turn_limit: a
            .run
            .turn_limit
            .unwrap_or(orbitals::globetrotter::state::DEFAULT_TURN_LIMIT),
    };
    if config.turn_limit == 0 {
        bail!("--turn-limit: must be at least 1");
    }
    check_config(&config).map_err(|e| anyhow::anyhow!("--players/--planets: {e}"))?;
    let label = format!(
        "{} planet{}{}",
        planets,
        if planets == 1 { "" } else { "s" },
        if a.facing { ", facing" } else { "" }
    );
    let names = vec![label; config.players as usize];
    play_series(&a, &GlobeTable(config), names, config.turn_limit)
}

/// `match --game mothership` (2 to 4 players, M4).
fn mothership_match(a: MatchArgs) -> Result<()> {
    use orbitals::mothership::series::MothershipTable;
    let players = a.players.unwrap_or(2);
    if !(2..=4).contains(&players) {
        bail!("--players: Mothership takes 2 to 4 players (M4)");
    }
    let map = if players == 2 { "duel" } else { "sector" };
    let names = vec![map.to_string(); players as usize];
    play_series(
        &a,
        &MothershipTable { players },
        names,
        u16::from(orbitals::mothership::state::LAST_TURN),
    )
}

/// `match --game rover`: the autopilot `--p1` plays one level per game (one seat, R17).
fn rover_match(a: MatchArgs) -> Result<()> {
    use orbitals::rover::series::RoverTable;
    let table = match a.level.as_deref() {
        None | Some("generated") => RoverTable::Generated,
        Some("default") => RoverTable::Default,
        Some(other) => bail!("--level `{other}`: `generated` or `default`"),
    };
    let label = format!("{table:?} level").to_lowercase();
    play_series(
        &a,
        &table,
        vec![label],
        orbitals::rover::state::ROUND_LIMIT as u16,
    )
}

/// `match` for the card game.
fn orbitals_match(cards: &Path, a: MatchArgs) -> Result<()> {
    let turn_limit = a.run.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT);
    if turn_limit == 0 {
        bail!("--turn-limit: must be at least 1");
    }
    let db = load_db(cards)?;
    let load = |p: &Path| Deck::load(p, &db).map_err(|e| anyhow::anyhow!("{e}"));
    let mirror = a
        .mirror
        .iter()
        .map(|p| load(p))
        .collect::<Result<Vec<_>>>()?;
    if a.cross.len() == 1 {
        bail!("--cross: needs two or more decks (one deck against itself is --mirror)");
    }
    let cross = a
        .cross
        .iter()
        .map(|p| load(p))
        .collect::<Result<Vec<_>>>()?;
    // With a mirror or crossed pool the two side decks are not played: the defaults are not
    // read then (they need not exist), and decks given are still checked.
    let pool = cross.first().or(mirror.first());
    let side = |given: Option<&Path>, default: &str| match (given, pool) {
        (None, Some(d)) => Ok(d.clone()),
        (given, _) => load(given.unwrap_or(Path::new(default))),
    };
    let d1 = side(a.deck1.as_deref(), "decks/vanguard.yaml")?;
    let d2 = side(a.deck2.as_deref(), "decks/bastion.yaml")?;
    let table = DeckTable {
        db: db.clone(),
        decks: [d1, d2],
        turn_limit,
        swap_decks: a.swap_decks,
        mirror,
        cross,
        cards: cards.to_path_buf(),
    };
    play_series(&a, &table, table.side_names(), turn_limit)
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
        parse_agent("random", seed.wrapping_add(1)).map_err(anyhow::Error::msg)?,
    ];
    let mut state = State::from_decks(db, &decks, seed);
    let handles = orbitals::scenario::Handles::defaults(&state);
    let mut events = Vec::new();
    orbitals::rules::start(&mut state, &mut events);
    let r = play_game(state, &handles, seed, &mut agents, &mut events)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    for e in &events {
        outln!("{}", r.final_state.format_event(&handles, e));
    }
    outln!("result: {} after {} turns", r.outcome.notation(), r.turns);
    Ok(())
}
