//! `orbitals bench`: engine speed for a fixed seed, one `name: value unit` line per figure.
use super::load_db;
use anyhow::Result;
use clap::Args;
use orbitals::agent::eval::OrbitalsHeuristic;
use orbitals::agent::greedy::GreedyAgent;
use orbitals::agent::mcts::{self, MctsAgent, MctsConfig};
use orbitals::agent::Agent;
use orbitals::data::{CardDb, Deck};
use orbitals::rules::{self, legal_commands_into};
use orbitals::state::{Outcome, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

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
}

/// Simulations per second of `cfg` on one core, from `s`.
fn simulations_per_sec(s: &State, cfg: &MctsConfig, seconds: f64) -> f64 {
    let h = OrbitalsHeuristic::default();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut sims, start) = (0u64, Instant::now());
    while start.elapsed().as_secs_f64() < seconds {
        sims += mcts::search(s, &h, cfg, &mut rng).iterations;
    }
    sims as f64 / start.elapsed().as_secs_f64()
}

/// MCTS on one core from the mid-game position `s`:
/// * `mcts_simulations_per_sec`: iterations (determinize, select, expand, evaluate the leaf,
///   back up) of the tree search with leaves evaluated directly (the `mcts:easy` shape);
/// * `mcts_normal_simulations_per_sec`: iterations with the `mcts:normal` settings, each of
///   which also plays both sides greedily to the start of the searcher's next turn;
/// * `mcts_normal_decision_ms`: mean time of one `mcts:normal` decision from `s`;
/// * `mcts_normal_decision_max_ms`: slowest `mcts:normal` decision of one whole game against
///   greedy (seed `seed`, the bench's decks).
fn mcts(s: &State, seconds: f64, db: &Arc<CardDb>, decks: &[Deck], seed: u64) -> Result<()> {
    let tree = MctsConfig {
        horizon: 0,
        greedy_playout: false,
        ..MctsConfig::default()
    };
    outln!(
        "mcts_simulations_per_sec: {:.0}",
        simulations_per_sec(s, &tree, seconds)
    );
    let cfg = MctsConfig::default();
    outln!(
        "mcts_normal_simulations_per_sec: {:.0}",
        simulations_per_sec(s, &cfg, seconds)
    );
    let h = OrbitalsHeuristic::default();
    let t = Instant::now();
    let mut agent = MctsAgent::<State, _>::new(cfg.clone(), h, 7, "mcts:normal");
    let decisions = 20;
    for _ in 0..decisions {
        std::hint::black_box(agent.choose(s));
    }
    outln!(
        "mcts_normal_decision_ms: {:.2}",
        t.elapsed().as_secs_f64() * 1000.0 / decisions as f64
    );
    let mut game = State::from_decks(db.clone(), decks, seed);
    rules::start(&mut game, &mut ());
    let mut greedy = GreedyAgent::<State, _>::new(h, 8);
    let mut slowest = 0.0f64;
    while game.outcome == Outcome::Ongoing {
        let c = if game.active.index() == 0 {
            let t = Instant::now();
            let c = agent.choose(&game);
            slowest = slowest.max(t.elapsed().as_secs_f64());
            c
        } else {
            greedy.choose(&game)
        };
        rules::apply_into(&mut game, c, &mut ());
    }
    outln!("mcts_normal_decision_max_ms: {:.2}", slowest * 1000.0);
    Ok(())
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
    let mut rng = ChaCha8Rng::seed_from_u64(a.seed);
    let mut buf = Vec::new();
    let (mut commands, mut games) = (0u64, 0u64);
    let start = Instant::now();
    let mut mid = None;
    while start.elapsed().as_secs_f64() < a.seconds {
        let mut s = State::from_decks(db.clone(), &decks, a.seed.wrapping_add(games));
        rules::start(&mut s, &mut ());
        while s.outcome == Outcome::Ongoing {
            legal_commands_into(&s, &mut buf);
            // The mid-game position: turn 40 or later, with a choice to make.
            if mid.is_none() && s.turn >= 40 && buf.len() > 1 {
                mid = Some(s.clone());
            }
            let c = buf[rng.gen_range(0..buf.len())];
            rules::apply_into(&mut s, c, &mut ());
            commands += 1;
        }
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    outln!("random_commands_per_sec: {:.0}", commands as f64 / secs);
    outln!("random_games_per_sec: {:.1}", games as f64 / secs);
    let s = mid.unwrap_or_else(|| State::from_decks(db.clone(), &decks, a.seed));
    let n = 1_000_000u32;
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box(std::hint::black_box(&s).clone());
    }
    outln!(
        "state_clone_ns: {:.1}",
        t.elapsed().as_nanos() as f64 / n as f64
    );
    mcts(&s, a.seconds, &db, &decks, a.seed)
}
