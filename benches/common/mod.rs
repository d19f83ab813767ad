//! The card game's mid-game position that `benches/ai.rs` measures and
//! `examples/workload.rs` counts: random play of Vanguard against Bastion (seed 3) to turn 40 or
//! later, at a position with a real choice (at least four legal commands), so that decisions
//! measured there are searches, not forced moves.
use orbitals::data::{CardDb, Deck};
use orbitals::rules::{self, legal_commands_into};
use orbitals::state::{Outcome, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::Arc;

/// The shipped cards, and the Vanguard and Bastion decks.
pub fn vanguard_and_bastion() -> (Arc<CardDb>, Vec<Deck>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let db = Arc::new(CardDb::load_dir(&root.join("cards")).expect("the shipped cards load"));
    let decks = ["vanguard", "bastion"]
        .iter()
        .map(|d| Deck::load(&root.join(format!("decks/{d}.yaml")), &db).expect("shipped deck"))
        .collect();
    (db, decks)
}

/// The mid-game position (see the module's text).
pub fn mid_game(db: &Arc<CardDb>, decks: &[Deck]) -> State {
    let mut s = State::from_decks(db.clone(), decks, 3);
    rules::start(&mut s, &mut ());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut buf = Vec::new();
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
