//! Plays the RoveR autopilot through the kit's series runner over seeded generated levels and
//! prints its win rate (with a 95% Wilson interval), mean score and mean rounds.
//!
//! ```text
//! cargo run --release --no-default-features --example rover_autopilot -- AGENT GAMES [SEED] [default]
//! ```
//! AGENT is an agent spec (`random`, `greedy`, `mcts:normal`, ...). Each game's level is
//! generated from its game seed (derived from the series SEED); `default` plays the default
//! level instead. With `ROVER_TRACE=N` set it prints the first game round by round instead (the
//! events from round N on) and its final map.
use orbitals::agent::spec::AgentSpec;
use orbitals::kit::series::{run, Series, Table};
use orbitals::kit::{Outcome, Ruleset};
use orbitals::rover::series::RoverTable;
use orbitals::rover::State;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().map(String::as_str).unwrap_or("greedy");
    let games: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let table = if args.get(3).map(String::as_str) == Some("default") {
        RoverTable::Default
    } else {
        RoverTable::Generated
    };
    let agent = match AgentSpec::parse(spec) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if let Some(from) = std::env::var("ROVER_TRACE")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        trace(&agent, table, seed, from);
        return;
    }
    let series = Series {
        agents: vec![agent],
        games,
        seed,
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let results = match run(&table, &series, &|| {}) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let n = results.len() as f64;
    let mut wins = 0.0;
    let mut score = 0.0;
    let mut rounds = 0.0;
    for g in &results {
        if let Outcome::Solo { won, score: s } = g.record.outcome {
            wins += f64::from(u8::from(won));
            score += s as f64;
        }
        rounds += f64::from(g.record.turns);
    }
    let p = wins / n;
    let z = 1.96;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    println!(
        "{spec}: {games} {table:?} levels, series seed {seed}: won {wins} ({:.1}%, 95% CI \
         {:.1}–{:.1}%), mean score {:.1}, mean rounds {:.0}",
        100.0 * p,
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0),
        score / n,
        rounds / n
    );
}

/// Prints one game, a line per round (with its events from round `from` on), then the map.
fn trace(agent: &AgentSpec, table: RoverTable, seed: u64, from: u32) {
    use orbitals::agent::game::Game;
    let mut s = match table.start(0, &[0], seed) {
        Ok(st) => st.state,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    let mut a = agent.for_ruleset::<State>(seed);
    let h = orbitals::rover::eval::RoverHeuristic::default();
    while !s.status().is_over() {
        let m = a.choose(&s);
        let r = s.rover();
        println!(
            "round {:3} at {:5} energy {:3} integrity {:2} shielding {} data {:2} uploaded {:2} \
             value {:7.1}: {}",
            s.round(),
            r.at.to_string(),
            r.energy,
            r.integrity,
            r.shielding,
            r.data,
            r.uploaded,
            h.value(&s),
            s.format_command(&(), &m)
        );
        let mut ev = Vec::new();
        Ruleset::apply_into(&mut s, m, &mut ev);
        if s.round() >= from {
            for e in &ev {
                println!("    {}", s.format_event(&(), e));
            }
        }
    }
    println!("{}", s.standing().notation());
    for row in orbitals::rover::view::rows(&s) {
        println!("{row}");
    }
}
