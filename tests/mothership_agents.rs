//! The generic agents play Mothership through its `Game` implementation: games with 2, 3 and
//! 4 players finish with only legal moves; determinization never peeks at the unseen tide
//! cards or other players' sealed turn-21 choices (M23); greedy beats random.
use orbitals::agent::game::{Game, Status};
use orbitals::agent::spec::AgentSpec;
use orbitals::agent::Agent;
use orbitals::mothership::game_impl::MothershipHeuristic;
use orbitals::mothership::map::default_for;
use orbitals::mothership::setup::new_game;
use orbitals::mothership::State;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn agents(specs: &[&str], seed: u64) -> Vec<Box<dyn Agent<State>>> {
    specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            AgentSpec::parse(s)
                .unwrap()
                .build_for(MothershipHeuristic, seed * 10 + i as u64)
        })
        .collect()
}

/// Plays one game; seat `i` is played by `specs[(i + rot) % n]`. Returns the status.
pub fn play(specs: &[&str], seed: u64, rot: usize) -> (Status, State) {
    let n = specs.len();
    let mut s = new_game(n, default_for(n as u8), seed);
    let mut ag = agents(specs, seed);
    let mut moves = 0;
    while s.status() == Status::Ongoing {
        let p = s.current_player();
        let m = ag[(p + rot) % n].choose(&s);
        assert!(s.is_legal(&m), "{m:?} illegal");
        s.apply(m);
        moves += 1;
        assert!(moves < 5000, "game does not end");
    }
    (s.status(), s)
}

#[test]
fn games_of_two_three_and_four_players_finish() {
    for n in 2..=4 {
        let specs: Vec<&str> = (0..n)
            .map(|i| if i % 2 == 0 { "greedy" } else { "random" })
            .collect();
        let (status, s) = play(&specs, 7 + n as u64, 0);
        assert!(status.is_over());
        assert!(s.check().is_ok());
    }
}

#[test]
fn greedy_beats_random() {
    let mut wins = 0;
    let games = 12;
    for g in 0..games {
        let rot = (g % 2) as usize;
        let (status, _) = play(&["greedy", "random"], 100 + g, rot);
        if status == Status::Winner(rot) {
            wins += 1;
        }
    }
    assert!(wins * 10 >= games * 8, "greedy won {wins} of {games}");
}

#[test]
fn determinize_reshuffles_unseen_tides_only() {
    let s = new_game(2, default_for(2), 5);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut differs = false;
    for _ in 0..20 {
        let d = s.determinize(0, &mut rng);
        let mut a = d.deck.pile.clone();
        a.extend(d.deck.aside.iter().copied());
        let mut b = s.deck.pile.clone();
        b.extend(s.deck.aside.iter().copied());
        a.sort_by_key(|t| *t as u8);
        b.sort_by_key(|t| *t as u8);
        assert_eq!(a, b, "the same unseen cards");
        assert_eq!(d.deck.pile.len(), s.deck.pile.len());
        differs |= d.deck.pile != s.deck.pile;
        assert_eq!(d.units, s.units);
        assert_eq!(d.ships, s.ships);
    }
    assert!(differs, "the unseen pile is reshuffled");
}

#[test]
#[ignore]
fn measure_series() {
    let a = std::env::var("P1").unwrap_or("greedy".into());
    let b = std::env::var("P2").unwrap_or("random".into());
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(20);
    let (mut w, mut l, mut d) = (0, 0, 0);
    let t = std::time::Instant::now();
    for g in 0..games {
        let rot = (g % 2) as usize;
        let (status, s) = play(&[a.as_str(), b.as_str()], 1 + g, rot);
        if std::env::var("VERBOSE").is_ok() {
            let sc: Vec<String> = s
                .ships
                .iter()
                .map(|x| {
                    format!(
                        "{:?} {} score {} ore {}",
                        x.status, x.controller, x.score, x.ore
                    )
                })
                .collect();
            println!("game {g} rot {rot}: {status:?} turn {} {sc:?}", s.turn);
        }
        match status {
            Status::Winner(x) if x == rot => w += 1,
            Status::Winner(_) => l += 1,
            _ => d += 1,
        }
    }
    println!(
        "{a} vs {b}: {w} wins {l} losses {d} draws in {games} games, {:?}",
        t.elapsed()
    );
}

#[test]
#[ignore]
fn trace_game() {
    use orbitals::kit::Ruleset;
    let a = std::env::var("P1").unwrap_or("greedy".into());
    let b = std::env::var("P2").unwrap_or("random".into());
    let specs = [a.as_str(), b.as_str()];
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(1);
    let mut s = new_game(2, default_for(2), seed);
    let mut ag = agents(&specs, seed);
    while s.status() == Status::Ongoing {
        let p = s.current_player();
        let m = ag[p].choose(&s);
        let mut sc = [0.0f32; 2];
        orbitals::mothership::eval::scores(&s, &mut sc);
        let mut legal = Vec::new();
        s.legal_moves(&mut legal);
        println!(
            "t{} p{} {} eval {:?} pts {} of {}",
            s.turn,
            p + 1,
            s.format_command(&(), &m),
            sc,
            s.players[p].points,
            legal.len()
        );
        s.apply(m);
    }
    println!("{:?}", s.status());
}

#[test]
#[ignore]
fn styles_head_to_head() {
    use orbitals::mothership::Command;
    let fixed = |st: u8, s: &State| -> Command {
        let mut v = Vec::new();
        s.legal_moves(&mut v);
        if v.iter().any(|m| *m == Command::Plan { style: st })
            && s.phase == orbitals::mothership::state::Phase::Play
        {
            Command::Plan { style: st }
        } else {
            v[0]
        }
    };
    for a in 1..5u8 {
        for b in 1..5u8 {
            if a >= b {
                continue;
            }
            let (mut wa, mut wb) = (0, 0);
            for g in 0..10u64 {
                let mut s = new_game(2, default_for(2), 50 + g);
                let rot = (g % 2) as usize;
                while s.status() == Status::Ongoing {
                    let p = s.current_player();
                    let st = if (p + rot) % 2 == 0 { a } else { b };
                    let m = fixed(st, &s);
                    s.apply(m);
                }
                match s.status() {
                    Status::Winner(x) if (x + rot) % 2 == 0 => wa += 1,
                    Status::Winner(_) => wb += 1,
                    _ => {}
                }
            }
            println!("style {a} vs {b}: {wa}-{wb}");
        }
    }
}

#[test]
#[ignore]
fn root_values() {
    use orbitals::agent::mcts::{search, MctsConfig};
    let mut s = new_game(2, default_for(2), 3);
    let mut ag = agents(&["greedy", "greedy"], 3);
    while s.turn < 8 {
        let p = s.current_player();
        let m = ag[p].choose(&s);
        s.apply(m);
    }
    let cfg = MctsConfig {
        horizon: 1,
        ..MctsConfig::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let r = search(&s, &MothershipHeuristic, &cfg, &mut rng);
    for (m, v, q) in r.visits {
        println!("{m:?} visits {v} value {q}");
    }
    let g = ag[s.current_player()].choose(&s);
    println!("greedy: {g:?}");
}
