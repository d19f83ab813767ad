//! AI benchmarks: MCTS simulations per second on one core (leaves evaluated directly, and the
//! `mcts:normal` settings), one `mcts:normal` decision, one greedy decision, a determinization
//! and one evaluation, all from the same mid-game position (turn 40 or later, with at least four
//! legal commands). Run with `cargo bench --no-default-features --bench ai`.
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use orbitals::agent::eval::{self, OrbitalsHeuristic};
use orbitals::agent::game::Game;
use orbitals::agent::greedy::GreedyAgent;
use orbitals::agent::mcts::{self, MctsAgent, MctsConfig};
use orbitals::agent::{determinize, Agent};
use orbitals::state::State;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn ai(c: &mut Criterion) {
    let (db, decks) = common::vanguard_and_bastion();
    let s = common::mid_game(&db, &decks);
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
    // As the search determinizes: the deal prepared once, each determinization into a kept state.
    let mut plan = Default::default();
    s.prepare_hidden(viewer.index(), &mut plan);
    let mut kept = s.clone();
    c.bench_function("determinize_prepared", |b| {
        b.iter(|| {
            s.determinize_prepared(viewer.index(), black_box(&plan), &mut rng, &mut kept);
            black_box(&kept);
        })
    });
    c.bench_function("evaluate", |b| {
        b.iter(|| eval::advantage(black_box(&s), viewer.index()))
    });
}

criterion_group!(benches, ai);
criterion_main!(benches);
