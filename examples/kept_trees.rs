//! How much search a kept tree carries into the next decision (`mcts:…,reuse=1`): one game of
//! two `hard` searches that keep their trees, Vanguard against Bastion from the given seed,
//! printing the iterations each side ran and the root visits its kept trees carried in.
//!
//! ```sh
//! cargo run --release --no-default-features --example kept_trees -- 1
//! ```
#[path = "../benches/common/mod.rs"]
#[allow(dead_code)]
mod common;

use orbitals::agent::eval::OrbitalsHeuristic;
use orbitals::agent::game::{Game, Status};
use orbitals::agent::mcts::{MctsAgent, MctsConfig};
use orbitals::agent::Agent;
use orbitals::rules;

fn main() {
    let seed: u64 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 1,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("kept_trees: the seed is not a number: {e}");
            std::process::exit(2);
        }
    };
    let (db, decks) = common::vanguard_and_bastion();
    let mut s = rules::new_game(db, &decks, seed).0;
    let cfg = MctsConfig {
        iterations: 2000,
        c: 0.1,
        prior: 50,
        reuse: true,
        ..MctsConfig::default()
    };
    let h = OrbitalsHeuristic::default();
    let mut sides = [
        MctsAgent::new(cfg.clone(), h, seed, "first"),
        MctsAgent::new(cfg, h, seed + 1, "second"),
    ];
    let mut searched = [0u64; 2];
    let mut legal = Vec::new();
    while s.status() == Status::Ongoing {
        s.legal_moves(&mut legal);
        let p = s.current_player();
        searched[p] += u64::from(legal.len() > 1);
        let m = sides[p].choose(&s);
        s.apply(m);
    }
    println!("{:?} after {} turns", s.status(), s.turn());
    for (p, a) in sides.iter().enumerate() {
        println!(
            "seat {}: {} searched decisions, {} iterations, {} root visits carried in ({:.2} per iteration)",
            p + 1,
            searched[p],
            a.iterations,
            a.carried,
            a.carried as f64 / a.iterations.max(1) as f64
        );
    }
}
