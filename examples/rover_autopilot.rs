//! Plays the RoveR autopilot over seeded generated levels and prints its win rate (with a 95%
//! Wilson interval), mean score and mean rounds.
//!
//! ```text
//! cargo run --release --no-default-features --example rover_autopilot -- AGENT GAMES [FIRST_SEED]
//! ```
//! AGENT is an agent spec (`random`, `greedy`, `mcts:normal`, ...). Level `i` is generated from
//! seed `FIRST_SEED + i`; its dice and the agent are seeded from the same number.
use orbitals::agent::game::Game;
use orbitals::agent::spec::AgentSpec;
use orbitals::kit::Outcome;
use orbitals::rover::eval::RoverHeuristic;
use orbitals::rover::generated_game;
use rayon::prelude::*;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().map(String::as_str).unwrap_or("greedy");
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let first: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let agent = match AgentSpec::parse(spec) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if std::env::var_os("ROVER_TRACE").is_some() {
        let from = std::env::var("ROVER_TRACE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(u32::MAX);
        trace(&agent, first, from);
        return;
    }
    let results: Vec<(bool, i64, u32)> = (first..first + games)
        .into_par_iter()
        .map(|seed| {
            let mut s = generated_game(seed, seed.wrapping_mul(7919) + 1);
            let mut a = agent.build_for(RoverHeuristic::default(), seed);
            while !s.status().is_over() {
                let m = a.choose(&s);
                s.apply(m);
            }
            match s.status() {
                Outcome::Solo { won, score } => (won, score, s.round),
                _ => (false, 0, s.round),
            }
        })
        .collect();
    let n = results.len() as f64;
    let wins = results.iter().filter(|r| r.0).count() as f64;
    let score = results.iter().map(|r| r.1 as f64).sum::<f64>() / n;
    let rounds = results.iter().map(|r| r.2 as f64).sum::<f64>() / n;
    let p = wins / n;
    let z = 1.96;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    println!(
        "{spec}: {games} levels from seed {first}: won {wins} ({:.1}%, 95% CI {:.1}–{:.1}%), \
         mean score {score:.1}, mean rounds {rounds:.0}",
        100.0 * p,
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0)
    );
}

/// Prints one game, a line per round (with its events from round `ROVER_TRACE` on), then the
/// final map.
fn trace(agent: &AgentSpec, seed: u64, from: u32) {
    use orbitals::kit::Ruleset;
    let mut s = generated_game(seed, seed.wrapping_mul(7919) + 1);
    let mut a = agent.build_for(RoverHeuristic::default(), seed);
    let h = RoverHeuristic::default();
    while !s.status().is_over() {
        let m = a.choose(&s);
        let r = &s.rover;
        println!(
            "round {:3} at {:5} energy {:3} integrity {:2} shielding {} data {:2} uploaded {:2} value {:7.1}: {}",
            s.round,
            r.at.to_string(),
            r.energy,
            r.integrity,
            r.shielding,
            r.data,
            r.uploaded,
            h.value(&s),
            s.format_command(&m)
        );
        let mut ev = Vec::new();
        Ruleset::apply_into(&mut s, m, &mut ev);
        if s.round >= from {
            for e in &ev {
                println!("    {}", s.format_event(e));
            }
        }
    }
    println!("{}", s.outcome.notation());
    for row in orbitals::rover::view::rows(&s) {
        println!("{row}");
    }
}
