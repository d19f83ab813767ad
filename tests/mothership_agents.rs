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
        let (status, _) = play(&[a.as_str(), b.as_str()], 1 + g, rot);
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
