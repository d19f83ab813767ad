//! `orbitals bench`: engine speed for a fixed seed, single-threaded: one `name: value` line per
//! figure (the unit is the name's last word), or one JSON object with `--json` for scripts.
//!
//! Times are the measuring thread's CPU time where the system reports it (Linux), so a machine
//! shared with other work gives figures close to an idle one's; elsewhere, wall time.
use super::load_db;
use anyhow::Result;
use clap::Args;
use orbitals::agent::eval::OrbitalsHeuristic;
use orbitals::agent::greedy::GreedyAgent;
use orbitals::agent::mcts::{self, MctsAgent, MctsConfig};
use orbitals::agent::Agent;
use orbitals::core::game::Heuristic;
use orbitals::data::{CardDb, Deck};
use orbitals::kit::series::Table;
use orbitals::kit::Ruleset;
use orbitals::rules;
use orbitals::state::{Outcome, State};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// CPU time this thread has run, in nanoseconds (Linux: `/proc/thread-self/schedstat`).
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// A stopwatch of the thread's CPU time, or of wall time where that is not available.
struct Clock {
    wall: Instant,
    cpu: Option<u64>,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: thread_cpu_ns(),
        }
    }

    fn secs(&self) -> f64 {
        match (self.cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => b.saturating_sub(a) as f64 / 1e9,
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

/// Mean nanoseconds of one call of `f`, over batches of calls until `seconds` have passed.
///
/// The thread's CPU clock advances in scheduler ticks (a few milliseconds on some kernels), so
/// a fixed count of fast calls can read a tick too many or too few; timing for a set span keeps
/// that error below half a percent at a second or more. Each batch doubles the calls so far, so
/// the clock is read only a few dozen times.
fn ns_per_call(seconds: f64, mut f: impl FnMut()) -> f64 {
    let (mut calls, mut batch, t) = (0u64, 1024u64, Clock::start());
    loop {
        for _ in 0..batch {
            f();
        }
        calls += batch;
        batch = calls;
        let secs = t.secs();
        if secs >= seconds {
            return secs * 1e9 / calls as f64;
        }
    }
}

/// Mean nanoseconds of one clone of `s`, timed for `seconds`.
fn clone_ns<T: Clone>(s: &T, seconds: f64) -> f64 {
    ns_per_call(seconds, || {
        std::hint::black_box(std::hint::black_box(s).clone());
    })
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 2.0)]
    pub seconds: f64,
    /// Decks of the random games and of the timed game against greedy.
    #[arg(long, default_value = "decks/vanguard.yaml")]
    pub deck1: PathBuf,
    #[arg(long, default_value = "decks/bastion.yaml")]
    pub deck2: PathBuf,
    /// Print one JSON object (figure name → value) instead of lines.
    #[arg(long)]
    pub json: bool,
}

/// The figures of one run, in the order measured.
#[derive(Default)]
struct Figures(Vec<(String, f64, usize)>);

impl Figures {
    /// Records `value`, printed with `decimals` places.
    fn add(&mut self, name: impl Into<String>, value: f64, decimals: usize) {
        self.0.push((name.into(), value, decimals));
    }

    fn print(&self, json: bool) -> Result<()> {
        if json {
            let map: serde_json::Map<String, serde_json::Value> = self
                .0
                .iter()
                .map(|(k, v, _)| (k.clone(), serde_json::json!(v)))
                .collect();
            outln!("{}", serde_json::Value::Object(map));
        } else {
            for (k, v, d) in &self.0 {
                outln!("{k}: {v:.d$}");
            }
        }
        Ok(())
    }
}

/// Simulations per second of `cfg` on one core, from `s`.
fn simulations_per_sec(s: &State, cfg: &MctsConfig, seconds: f64) -> f64 {
    let h = OrbitalsHeuristic::default();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut sims, start) = (0u64, Clock::start());
    while start.secs() < seconds {
        sims += mcts::search(s, &h, cfg, &mut rng).iterations;
    }
    sims as f64 / start.secs()
}

/// MCTS on one core from the mid-game position `s`:
/// * `mcts_simulations_per_sec`: iterations (determinize, select, expand, evaluate the leaf,
///   back up) of the tree search with leaves evaluated directly (the `mcts:easy` shape);
/// * `mcts_normal_simulations_per_sec`: iterations with the `mcts:normal` settings, each of
///   which also plays both sides greedily to the start of the searcher's next turn;
/// * `evaluation_played_ns`: one evaluation of a position of a greedy game
///   ([`orbitals::scenario::sample::played_position`]), which holds far fewer projects than the random-play position of
///   `evaluation_ns`;
/// * `mcts_normal_played_simulations_per_sec`: iterations with the `mcts:normal` settings from
///   that position;
/// * `mcts_normal_decision_ms`: mean time of one `mcts:normal` decision from `s`;
/// * `mcts_normal_decision_max_ms`: slowest `mcts:normal` decision of one whole game against
///   greedy (seed `seed`, the bench's decks).
fn mcts(f: &mut Figures, s: &State, seconds: f64, db: &Arc<CardDb>, decks: &[Deck], seed: u64) {
    let tree = MctsConfig {
        horizon: 0,
        greedy_playout: false,
        ..MctsConfig::default()
    };
    f.add(
        "mcts_simulations_per_sec",
        simulations_per_sec(s, &tree, seconds),
        0,
    );
    let cfg = MctsConfig::default();
    f.add(
        "mcts_normal_simulations_per_sec",
        simulations_per_sec(s, &cfg, seconds),
        0,
    );
    let played = orbitals::scenario::sample::played_position(db, decks, seed);
    f.add(
        "evaluation_played_ns",
        evaluation_ns(&played, seconds / 2.0),
        1,
    );
    f.add(
        "mcts_normal_played_simulations_per_sec",
        simulations_per_sec(&played, &cfg, seconds),
        0,
    );
    let h = OrbitalsHeuristic::default();
    let t = Clock::start();
    let mut agent = MctsAgent::<State, _>::new(cfg.clone(), h, 7, "mcts:normal");
    let decisions = 20;
    for _ in 0..decisions {
        std::hint::black_box(agent.choose(s));
    }
    f.add(
        "mcts_normal_decision_ms",
        t.secs() * 1000.0 / decisions as f64,
        2,
    );
    let mut game = State::from_decks(db.clone(), decks, seed);
    rules::start(&mut game, &mut ());
    let mut greedy = GreedyAgent::<State, _>::new(h, 8);
    let mut slowest = 0.0f64;
    while game.standing() == Outcome::Ongoing {
        let c = if game.active().index() == 0 {
            let t = Clock::start();
            let c = agent.choose(&game);
            slowest = slowest.max(t.secs());
            c
        } else {
            greedy.choose(&game)
        };
        rules::apply_into(&mut game, c, &mut ());
    }
    f.add("mcts_normal_decision_max_ms", slowest * 1000.0, 2);
}

/// Mean time of one evaluation of `s` (every player's score, as the player to move sees it),
/// timed for `seconds`.
fn evaluation_ns(s: &State, seconds: f64) -> f64 {
    let viewer = s.active().index();
    ns_per_call(seconds, || {
        std::hint::black_box(orbitals::agent::eval::advantage(
            std::hint::black_box(s),
            viewer,
        ));
    })
}

pub fn run(cards: &Path, a: BenchArgs) -> Result<()> {
    let db = load_db(cards)?;
    let d1 = Deck::load(&a.deck1, &db).map_err(|e| anyhow::anyhow!("{e}"))?;
    let d2 = Deck::load(&a.deck2, &db).map_err(|e| anyhow::anyhow!("{e}"))?;
    let decks = [d1, d2];
    if !(a.seconds.is_finite() && a.seconds > 0.0) {
        anyhow::bail!(
            "--seconds: {} is not a positive number of seconds",
            a.seconds
        );
    }
    let mut f = Figures::default();
    let deal = |g: u64| {
        let mut s = State::from_decks(db.clone(), &decks, a.seed.wrapping_add(g));
        rules::start(&mut s, &mut ());
        Ok(s)
    };
    let (commands, games, secs) = random_play(deal, a.seed, a.seconds)?;
    f.add("random_commands_per_sec", commands as f64 / secs, 0);
    f.add("random_games_per_sec", games as f64 / secs, 1);
    // The mid-game position: turn 40 or later, with a choice to make.
    let mid = random_position(deal, a.seed, |s: &State, legal, _| {
        s.turn_number() >= 40 && legal > 1
    })?;
    let s = mid.unwrap_or_else(|| State::from_decks(db.clone(), &decks, a.seed));
    f.add("state_clone_ns", clone_ns(&s, a.seconds / 2.0), 1);
    f.add("evaluation_ns", evaluation_ns(&s, a.seconds / 2.0), 1);
    mcts(&mut f, &s, a.seconds, &db, &decks, a.seed);
    // The other games, through the kit: a quarter of the time per figure.
    let quick = a.seconds / 4.0;
    use orbitals::globetrotter::{series::GlobeTable, Config};
    game_lines(
        &mut f,
        "globetrotter",
        &GlobeTable(Config::default()),
        quick,
        a.seed,
    )?;
    // A crowded table, where the evaluation has the most pieces to weigh.
    let six = Config {
        players: 6,
        ..Config::default()
    };
    game_lines(&mut f, "globetrotter_6p", &GlobeTable(six), quick, a.seed)?;
    let ms = orbitals::mothership::series::MothershipTable { players: 2 };
    game_lines(&mut f, "mothership", &ms, quick, a.seed)?;
    game_lines(
        &mut f,
        "rover",
        &orbitals::rover::series::RoverTable::Generated,
        quick,
        a.seed,
    )?;
    f.print(a.json)
}

/// Plays `s` on at random, each command drawn uniformly from the legal list by `rng`, until
/// the game ends or `stop(state, legal commands, commands played so far)` says so. Returns the
/// commands played and whether `stop` ended the play.
fn play_out<R: Ruleset>(
    s: &mut R,
    rng: &mut impl Rng,
    buf: &mut Vec<R::Move>,
    mut stop: impl FnMut(&R, usize, u32) -> bool,
) -> (u32, bool) {
    let mut n = 0u32;
    while !s.outcome().is_over() {
        s.legal_commands_into(buf);
        if buf.is_empty() {
            break;
        }
        if stop(s, buf.len(), n) {
            return (n, true);
        }
        let c = buf[rng.gen_range(0..buf.len())];
        s.apply_into(c, &mut ());
        n += 1;
    }
    (n, false)
}

/// Random play for `seconds` of the measuring thread's time: games dealt by `deal(g)` for
/// g = 0, 1, …, played out by [`play_out`]. Returns the commands applied, the games finished
/// and the seconds taken. The choices come from a small fast generator (xoshiro,
/// [`SmallRng`]): the figure is the engine's, listing and applying, and a cryptographic stream
/// cipher drawing each choice would be a tenth of the time measured.
fn random_play<R: Ruleset>(
    mut deal: impl FnMut(u64) -> Result<R>,
    seed: u64,
    seconds: f64,
) -> Result<(u64, u64, f64)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buf = Vec::new();
    let (mut commands, mut games) = (0u64, 0u64);
    let start = Clock::start();
    while start.secs() < seconds {
        let mut s = deal(games)?;
        commands += u64::from(play_out(&mut s, &mut rng, &mut buf, |_, _, _| false).0);
        games += 1;
    }
    Ok((commands, games, start.secs()))
}

/// The first position of random play that `pick(state, legal commands, commands played in
/// the game)` accepts, in games dealt as [`random_play`] deals them and with choices drawn
/// from a ChaCha8 generator seeded with `seed`: the position the clone, evaluation and
/// search figures are measured at, fixed by the seed alone. `None` if twenty games pass
/// without one.
fn random_position<R: Ruleset>(
    mut deal: impl FnMut(u64) -> Result<R>,
    seed: u64,
    mut pick: impl FnMut(&R, usize, u32) -> bool,
) -> Result<Option<R>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut buf = Vec::new();
    for g in 0..20 {
        let mut s = deal(g)?;
        if play_out(&mut s, &mut rng, &mut buf, &mut pick).1 {
            return Ok(Some(s));
        }
    }
    Ok(None)
}

/// One game's figures, prefixed by its name: random legal commands per second (whole games,
/// legal list then apply), the clone and the evaluation (every player's score) of a mid-game
/// state (20 random commands per seat in), and `mcts:normal` simulations per second from it.
fn game_lines<R: Ruleset, T: Table<R>>(
    f: &mut Figures,
    name: &str,
    table: &T,
    seconds: f64,
    seed: u64,
) -> Result<()> {
    let sides: Vec<usize> = (0..table.seats()).collect();
    let deal = |g: u64| {
        table
            .start(g as u32, &sides, seed.wrapping_add(g))
            .map(|t| t.state)
            .map_err(anyhow::Error::msg)
    };
    let (commands, _, secs) = random_play(deal, seed, seconds)?;
    f.add(
        format!("{name}_random_commands_per_sec"),
        commands as f64 / secs,
        0,
    );
    let mid = random_position(deal, seed, |_: &R, legal, n| {
        n as usize >= 20 * sides.len() && legal > 1
    })?;
    let s = match mid {
        Some(s) => s,
        None => {
            table
                .start(0, &sides, seed)
                .map_err(anyhow::Error::msg)?
                .state
        }
    };
    f.add(
        format!("{name}_state_clone_ns"),
        clone_ns(&s, seconds / 2.0),
        1,
    );
    let h = R::Heuristic::default();
    let mut scores = vec![0.0f32; s.num_players()];
    let eval = ns_per_call(seconds / 2.0, || {
        h.scores(std::hint::black_box(&s), 0, &mut scores);
        std::hint::black_box(&scores);
    });
    f.add(format!("{name}_evaluation_ns"), eval, 1);
    let cfg = MctsConfig::default();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut sims, start) = (0u64, Clock::start());
    while start.secs() < seconds {
        sims += mcts::search(&s, &h, &cfg, &mut rng).iterations;
    }
    f.add(
        format!("{name}_mcts_normal_simulations_per_sec"),
        sims as f64 / start.secs(),
        0,
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_is_timed_over_the_whole_span() {
        let mut calls = 0u64;
        let ns = ns_per_call(0.05, || {
            calls += 1;
            std::hint::black_box(calls);
        });
        assert!(ns.is_finite() && ns > 0.0, "{ns}");
        // At least 50 ms of calls, in doubling batches from 1024.
        assert!(calls >= 1024 && calls.is_power_of_two(), "{calls}");
        assert!(ns * calls as f64 >= 0.05e9 * 0.99, "{ns} ns × {calls}");
    }
}
