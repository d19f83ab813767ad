//! Test helpers: the shipped cards and decks, fresh games and random play.
use crate::data::{CardDb, Deck};
use crate::rules::{self, legal_commands_into};
use crate::state::{Outcome, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::Arc;

pub fn db_and_decks() -> (Arc<CardDb>, Vec<Deck>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let db = Arc::new(CardDb::load_dir(&root.join("cards")).expect("cards load"));
    let decks = ["vanguard", "bastion"]
        .iter()
        .map(|d| Deck::load(&root.join(format!("decks/{d}.yaml")), &db).expect("deck loads"))
        .collect();
    (db, decks)
}

/// A fresh game between the vanguard and bastion decks, first turn started.
pub fn new_state(seed: u64) -> State {
    let (db, decks) = db_and_decks();
    rules::new_game(db, &decks, seed).0
}

/// Plays up to `steps` random commands (stops early if the game ends).
pub fn play_random(s: &mut State, steps: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut buf = Vec::new();
    for _ in 0..steps {
        if s.outcome != Outcome::Ongoing {
            return;
        }
        legal_commands_into(s, &mut buf);
        let c = buf[rng.gen_range(0..buf.len())];
        rules::apply_into(s, c, &mut ());
    }
}
