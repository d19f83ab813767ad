//! AI benchmarks: MCTS simulations per second on one core (leaves evaluated directly, and the
//! `mcts:normal` settings), one `mcts:normal` decision, one greedy decision, a determinization
//! and one evaluation, all from the same mid-game position (turn 40 or later, with at least four
//! legal commands). Run with `cargo bench --no-default-features --bench ai`.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use orbitals::agent::eval::{self, OrbitalsHeuristic};
use orbitals::agent::greedy::GreedyAgent;
use orbitals::agent::mcts::{self, MctsAgent, MctsConfig};
use orbitals::agent::{determinize, Agent};
use orbitals::data::{CardDb, Deck};
use orbitals::rules::{self, legal_commands_into};
use orbitals::state::{Outcome, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

fn mid_game() -> State {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let db = Arc::new(CardDb::load_dir(&root.join("cards")).unwrap());
    let decks: Vec<Deck> = ["vanguard", "bastion"]
        .iter()
        .map(|d| Deck::load(&root.join(format!("decks/{d}.yaml")), &db).unwrap())
        .collect();
    let mut s = State::from_decks(db, &decks, 3);
    rules::start(&mut s, &mut ());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut buf = Vec::new();
    // Turn 40 or later, at a position with a real choice (at least 4 legal commands), so that
    // the decisions measured are searches, not forced moves.
    loop {
        legal_commands_into(&s, &mut buf);
        if s.standing() != Outcome::Ongoing || (s.turn_number() >= 40 && buf.len() >= 4) {
            break;
        }
        let c = buf[rng.gen_range(0..buf.len())];
        rules::apply_into(&mut s, c, &mut ());
    }
    assert_eq!(
        s.standing(),
        Outcome::Ongoing,
        "the bench game ended before turn 40"
    );
    s
}

fn ai(c: &mut Criterion) {
    let s = mid_game();
    let h = OrbitalsHeuristic::default();
    let cfg = MctsConfig::default();
    // Leaves evaluated directly (the `mcts:easy` shape), and `mcts:normal` (greedy playouts to
    // the searcher's next turn): one search of `cfg.iterations` each.
    let tree = MctsConfig {
        horizon: 0,
        greedy_playout: false,
        ..cfg.clone()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for (name, cfg) in [("simulations", &tree), ("normal_simulations", &cfg)] {
        let mut g = c.benchmark_group("mcts");
        g.throughput(Throughput::Elements(cfg.iterations as u64));
        g.sample_size(20);
        g.bench_function(name, |b| {
            b.iter(|| mcts::search(black_box(&s), &h, cfg, &mut rng).iterations)
        });
        g.finish();
    }
    let mut agent = MctsAgent::<State, _>::new(cfg, h, 1, "mcts:normal");
    c.bench_function("mcts_normal_decision", |b| {
        b.iter(|| agent.choose(black_box(&s)))
    });
    let mut greedy = GreedyAgent::<State, _>::new(h, 1);
    c.bench_function("greedy_decision", |b| {
        b.iter(|| greedy.choose(black_box(&s)))
    });
    let viewer = s.active();
    c.bench_function("determinize", |b| {
        b.iter(|| determinize(black_box(&s), viewer, &mut rng))
    });
    c.bench_function("evaluate", |b| {
        b.iter(|| eval::advantage(black_box(&s), viewer.index()))
    });
}

criterion_group!(benches, ai);
criterion_main!(benches);
