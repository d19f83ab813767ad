//! Positions of the card game that the benches and profiles measure, fixed by a seed: the
//! position of a greedy game (`orbitals bench`'s played figures, `examples/workload.rs`'s
//! `played` workload).
use crate::agent::eval::OrbitalsHeuristic;
use crate::agent::greedy::GreedyAgent;
use crate::agent::Agent;
use crate::data::{CardDb, Deck};
use crate::rules::{self, legal_commands_into};
use crate::state::{Outcome, State};
use std::sync::Arc;

/// A position of the kind a search meets in play: greedy against greedy (seed `seed`, `decks`)
/// to the first choice of three or more commands from turn 10 on, or the position where that
/// game ended. Random play starts every project it can, so its tables hold many more projects
/// than this one.
pub fn played_position(db: &Arc<CardDb>, decks: &[Deck], seed: u64) -> State {
    let h = OrbitalsHeuristic::default();
    let mut game = State::from_decks(db.clone(), decks, seed);
    rules::start(&mut game, &mut ());
    let mut greedy = GreedyAgent::<State, _>::new(h, seed);
    let mut buf = Vec::new();
    while game.standing() == Outcome::Ongoing {
        legal_commands_into(&game, &mut buf);
        if game.turn_number() >= 10 && buf.len() >= 3 {
            break;
        }
        let c = greedy.choose(&game);
        rules::apply_into(&mut game, c, &mut ());
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::db_and_decks;

    #[test]
    fn the_played_position_is_a_choice_from_turn_ten_on_fixed_by_its_seed() {
        let (db, decks) = db_and_decks();
        let p = played_position(&db, &decks, 1);
        assert_eq!(p.standing(), Outcome::Ongoing);
        let mut legal = Vec::new();
        legal_commands_into(&p, &mut legal);
        assert!(p.turn_number() >= 10, "turn {}", p.turn_number());
        assert!(legal.len() >= 3, "{legal:?}");
        let again = played_position(&db, &decks, 1);
        assert_eq!(again.cards, p.cards, "the seed fixes the position");
    }
}
