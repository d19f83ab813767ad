//! Fixed workloads of the card game's engine and search, for instruction-counting profilers
//! (`valgrind --tool=callgrind`), where a timed bench would measure a different amount of work
//! on every run: the mid-game position of `benches/ai.rs` (`benches/common/mod.rs`), then `N`
//! repetitions of one workload.
//!
//! ```sh
//! cargo build --release --no-default-features --example workload
//! valgrind --tool=callgrind target/release/examples/workload normal 5
//! ```
//!
//! Workloads: `normal` (one `mcts:normal` search of 200 iterations), `played` (the same search
//! from the position of a greedy game that `orbitals bench` times as its played position, with
//! far fewer projects than random play's), `easy` (200 iterations,
//! leaves evaluated directly), `eval` (10,000 evaluations), `determinize` (10,000
//! determinizations as a search makes them: the deal prepared once, each one into a kept
//! state), `random` (N random games from seed 1, choices drawn as `orbitals bench` draws them).
#[path = "../benches/common/mod.rs"]
mod common;

use orbitals::agent::eval::{self, OrbitalsHeuristic};
use orbitals::agent::game::Game;
use orbitals::agent::mcts::{self, MctsConfig};
use orbitals::rules::{self, legal_commands_into};
use orbitals::state::{Outcome, State};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map(String::as_str).unwrap_or("normal");
    let n: u64 = match args.get(2).map(|a| a.parse()) {
        None => 1,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("workload: the count {:?} is not a number: {e}", args[2]);
            std::process::exit(2);
        }
    };
    let (db, decks) = common::vanguard_and_bastion();
    let s = common::mid_game(&db, &decks);
    let played = if what == "played" {
        Some(orbitals::scenario::sample::played_position(&db, &decks, 1))
    } else {
        None
    };
    let h = OrbitalsHeuristic::default();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // Random play draws its choices as `orbitals bench` does, from a small fast generator.
    let mut chooser = SmallRng::seed_from_u64(1);
    let mut total = 0u64;
    for _ in 0..n {
        total += match what {
            "normal" => mcts::search(&s, &h, &MctsConfig::default(), &mut rng).iterations,
            "played" => {
                let p = played.as_ref().unwrap_or(&s);
                mcts::search(p, &h, &MctsConfig::default(), &mut rng).iterations
            }
            "easy" => {
                let cfg = MctsConfig {
                    horizon: 0,
                    greedy_playout: false,
                    ..MctsConfig::default()
                };
                mcts::search(&s, &h, &cfg, &mut rng).iterations
            }
            "eval" => {
                let viewer = s.active().index();
                for _ in 0..10_000 {
                    black_box(eval::advantage(black_box(&s), viewer));
                }
                10_000
            }
            "determinize" => {
                let viewer = s.active().index();
                let mut plan = Default::default();
                s.prepare_hidden(viewer, &mut plan);
                let mut kept = s.clone();
                for _ in 0..10_000 {
                    s.determinize_prepared(viewer, black_box(&plan), &mut rng, &mut kept);
                    black_box(&kept);
                }
                10_000
            }
            "random" => {
                let mut g = State::from_decks(db.clone(), &decks, 1 + total);
                rules::start(&mut g, &mut ());
                let mut buf = Vec::new();
                let mut moves = 0;
                while g.standing() == Outcome::Ongoing {
                    legal_commands_into(&g, &mut buf);
                    let c = buf[chooser.gen_range(0..buf.len())];
                    rules::apply_into(&mut g, c, &mut ());
                    moves += 1;
                }
                moves
            }
            other => {
                eprintln!(
                    "workload: unknown workload {other:?} (normal, played, easy, eval, determinize, random)"
                );
                std::process::exit(2);
            }
        };
    }
    println!("{what}: {total} units");
}
