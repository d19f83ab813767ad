//! Engine benchmarks: random legal commands (generation + apply) over whole random games of
//! eight seeds, state clone, and the legal commands of a mid-game position.
//! Run with `cargo bench --no-default-features --bench engine`.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use orbitals::data::{CardDb, Deck};
use orbitals::rules::{self, legal_commands_into};
use orbitals::state::{Outcome, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

fn setup() -> (Arc<CardDb>, Vec<Deck>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let db = Arc::new(CardDb::load_dir(&root.join("cards")).unwrap());
    let decks = ["vanguard", "bastion"]
        .iter()
        .map(|d| Deck::load(&root.join(format!("decks/{d}.yaml")), &db).unwrap())
        .collect();
    (db, decks)
}

/// Plays random legal commands until the game ends; returns the number applied.
fn random_game(db: &Arc<CardDb>, decks: &[Deck], seed: u64, buf: &mut Vec<rules::Command>) -> u64 {
    let mut s = State::from_decks(db.clone(), decks, seed);
    rules::start(&mut s, &mut ());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut n = 0;
    while s.standing() == Outcome::Ongoing {
        legal_commands_into(&s, buf);
        let c = buf[rng.gen_range(0..buf.len())];
        rules::apply_into(&mut s, c, &mut ());
        n += 1;
    }
    n
}

fn mid_game(db: &Arc<CardDb>, decks: &[Deck]) -> State {
    let mut s = State::from_decks(db.clone(), decks, 3);
    rules::start(&mut s, &mut ());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut buf = Vec::new();
    while s.turn_number() < 60 && s.standing() == Outcome::Ongoing {
        legal_commands_into(&s, &mut buf);
        let c = buf[rng.gen_range(0..buf.len())];
        rules::apply_into(&mut s, c, &mut ());
    }
    s
}

fn engine(c: &mut Criterion) {
    let (db, decks) = setup();
    let mut buf = Vec::new();
    // Eight seeds per iteration, so the figure is not one game's.
    const SEEDS: std::ops::Range<u64> = 1..9;
    let per_round: u64 = SEEDS
        .map(|seed| random_game(&db, &decks, seed, &mut buf))
        .sum();
    let mut g = c.benchmark_group("engine");
    g.throughput(Throughput::Elements(per_round));
    g.sample_size(10);
    g.bench_function("random_game_commands", |b| {
        b.iter(|| {
            SEEDS
                .map(|seed| random_game(&db, &decks, seed, &mut buf))
                .sum::<u64>()
        })
    });
    g.finish();
    let s = mid_game(&db, &decks);
    c.bench_function("state_clone", |b| b.iter(|| black_box(&s).clone()));
    c.bench_function("legal_commands_mid_game", |b| {
        b.iter(|| {
            legal_commands_into(black_box(&s), &mut buf);
            buf.len()
        })
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
