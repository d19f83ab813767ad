//! The generic agents play Globetrotter through its `Game` implementation: every game runs to
//! an end (win, draw or turn limit) with only legal moves, determinization hides nothing it
//! should not (there is nothing hidden: it is the same position), and the greedy agent with
//! the Globetrotter heuristic beats the random agent.
use orbitals::agent::game::{Game, Status};
use orbitals::agent::greedy::GreedyAgent;
use orbitals::agent::mcts::{MctsAgent, MctsConfig};
use orbitals::agent::random::RandomAgent;
use orbitals::agent::Agent;
use orbitals::globetrotter::eval::GlobetrotterHeuristic;
use orbitals::globetrotter::{new_game, Config, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn play_match(agents: &mut [Box<dyn Agent<State>>], config: Config, seed: u64) -> Status {
    let (mut s, _) = new_game(config, seed).unwrap();
    while s.status() == Status::Ongoing {
        let p = s.current_player();
        let m = agents[p].choose(&s);
        assert!(s.is_legal(&m), "{m:?}");
        s.apply(m);
    }
    s.status()
}

#[test]
fn determinize_is_the_same_position_with_new_dice() {
    let (s, _) = new_game(Config::default(), 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let d = s.determinize(0, &mut rng);
    assert_eq!(d.spaces(), s.spaces());
    assert_eq!(d.orbit(), s.orbit());
    assert_eq!(d.players(), s.players());
    assert_eq!(
        (d.active(), d.turn_number(), d.actions_left()),
        (s.active(), s.turn_number(), s.actions_left())
    );
}

#[test]
fn greedy_beats_random() {
    let config = Config {
        turn_limit: 300,
        ..Config::default()
    };
    let (mut greedy_wins, mut random_wins) = (0, 0);
    for seed in 0..6u64 {
        let g = seed as usize % 2;
        let mut agents: Vec<Box<dyn Agent<State>>> = vec![
            Box::new(RandomAgent::<State>::new(seed)),
            Box::new(RandomAgent::<State>::new(seed + 100)),
        ];
        agents[g] = Box::new(GreedyAgent::new(GlobetrotterHeuristic, seed));
        match play_match(&mut agents, config, seed) {
            Status::Winner(w) if w == g => greedy_wins += 1,
            Status::Winner(_) => random_wins += 1,
            _ => {}
        }
    }
    eprintln!("greedy {greedy_wins}, random {random_wins}");
    assert!(greedy_wins > random_wins);
}

#[test]
fn mcts_plays_legal_games_with_several_players_and_planets() {
    let config = Config {
        players: 3,
        planets: 2,
        facing: true,
        turn_limit: 30,
    };
    let mcts = MctsConfig {
        iterations: 60,
        ..MctsConfig::default()
    };
    let mut agents: Vec<Box<dyn Agent<State>>> = vec![
        Box::new(MctsAgent::new(
            mcts.clone(),
            GlobetrotterHeuristic,
            1,
            "mcts",
        )),
        Box::new(GreedyAgent::new(GlobetrotterHeuristic, 2)),
        Box::new(RandomAgent::<State>::new(3)),
    ];
    let status = play_match(&mut agents, config, 5);
    assert_ne!(status, Status::Ongoing);
}
