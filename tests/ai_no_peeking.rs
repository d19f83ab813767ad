//! O26: agents decide only from what their player can see. Two states that differ only in the
//! opponent's hidden cards (hand contents, deck order, face-down project identities) and in the
//! future dice must give identical decisions for the same agent seed and budget.
use orbitals::agent::eval::OrbitalsHeuristic;
use orbitals::agent::game::Game;
use orbitals::agent::greedy::GreedyAgent;
use orbitals::agent::mcts::MctsAgent;
use orbitals::agent::AgentSpec;
use orbitals::data::{CardDb, CardKind, Deck};
use orbitals::rules;
use orbitals::state::{Outcome, Phase, State, Zone};
use orbitals::{CardRef, PlayerId};
use std::path::Path;
use std::sync::Arc;

fn setup() -> (Arc<CardDb>, Vec<Deck>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let db = Arc::new(CardDb::load_dir(&root.join("cards")).expect("cards"));
    let decks = ["vanguard", "bastion"]
        .iter()
        .map(|d| Deck::load(&root.join(format!("decks/{d}.yaml")), &db).expect("deck"))
        .collect();
    (db, decks)
}

/// Positions from greedy self-play: every few commands, where the player to move has a choice.
fn positions(seed: u64, count: usize) -> Vec<State> {
    let (db, decks) = setup();
    let (mut s, _) = rules::new_game(db, &decks, seed);
    let mut agents = [
        AgentSpec::Greedy.build(seed),
        AgentSpec::Greedy.build(seed + 1),
    ];
    let mut out = Vec::new();
    let mut step = 0;
    while s.standing() == Outcome::Ongoing && out.len() < count {
        if step % 7 == 3 && rules::legal_commands(&s).len() > 1 {
            out.push(s.clone());
        }
        let c = agents[s.active().index()].choose(&s);
        rules::apply_into(&mut s, c, &mut ());
        step += 1;
    }
    out
}

/// The same position with the opponent's hidden cards rearranged and new dice: a hand card
/// swapped with a different deck card, the deck reversed, and face-down projects swapped with a
/// hand card of the same kind when there is one.
fn rearranged(s: &State) -> State {
    let mut t = s.clone();
    let opp = t.next_player(t.active());
    let hand = t.hand(opp);
    let deck = t.deck(opp);
    if let Some(&h) = hand.first() {
        if let Some(&d) = deck.iter().find(|d| t.inst(**d).card != t.inst(h).card) {
            let (a, b) = (t.inst(h).card, t.inst(d).card);
            t.inst_mut(h).card = b;
            t.inst_mut(d).card = a;
        }
    }
    let ids: Vec<_> = deck.iter().map(|r| t.inst(*r).card).collect();
    for (r, id) in deck.iter().zip(ids.into_iter().rev()) {
        t.inst_mut(*r).card = id;
    }
    let projects: Vec<CardRef> = t
        .refs()
        .filter(|(_, c)| c.owner == opp && c.zone == Zone::Project)
        .map(|(r, _)| r)
        .collect();
    for p in projects {
        let same_kind =
            |a: &CardKind, b: &CardKind| std::mem::discriminant(a) == std::mem::discriminant(b);
        let kind = t.card_of(p).kind.clone();
        let swap = t.hand(opp).into_iter().find(|h| {
            let c = t.card_of(*h);
            same_kind(&c.kind, &kind)
                && c.construction_cost > t.inst(p).points
                && t.inst(*h).card != t.inst(p).card
        });
        if let Some(h) = swap {
            let host = t.inst(p).host;
            let ok = match &t.card_of(h).kind {
                CardKind::Spacecraft(sh) => {
                    host != u8::MAX
                        && t.card_of(CardRef(host))
                            .asset()
                            .is_some_and(|a| a.has_factory(sh.class))
                }
                _ => true,
            };
            if ok {
                let (a, b) = (t.inst(p).card, t.inst(h).card);
                t.inst_mut(p).card = b;
                t.inst_mut(h).card = a;
            }
        }
    }
    t.reseed(0xDEAD_BEEF);
    t
}

fn hidden_differs(s: &State, t: &State, opp: PlayerId) -> bool {
    s.cards()
        .iter()
        .zip(t.cards())
        .any(|(a, b)| a.owner == opp && a.card != b.card)
}

fn check(spec: &str, seed: u64, count: usize) {
    let spec = AgentSpec::parse(spec).expect("spec");
    let mut differing = 0;
    for (i, s) in positions(seed, count).iter().enumerate() {
        let t = rearranged(s);
        let opp = s.next_player(s.active());
        differing += hidden_differs(s, &t, opp) as usize;
        let a = spec.build(1000 + i as u64).choose(s);
        let b = spec.build(1000 + i as u64).choose(&t);
        assert_eq!(a, b, "{spec}: position {i} decided differently");
    }
    assert!(differing > 0, "the test positions must really differ");
}

/// Stronger than equal decisions: the whole root statistics of the search (visits and mean value
/// of every move) must be equal. Positions are taken late in a turn, so that the search reaches
/// the opponent's turn, where their hand and deck matter.
#[test]
fn o26_mcts_search_statistics_ignore_hidden_cards() {
    let spec = AgentSpec::parse("mcts:iters=1500").expect("spec");
    let AgentSpec::Mcts(cfg, _) = spec else {
        unreachable!()
    };
    let mut checked = 0;
    for (i, s) in positions(8, 60).iter().enumerate() {
        if s.phase() != Phase::Construction && s.phase() != Phase::Repair {
            continue;
        }
        let t = rearranged(s);
        let h = OrbitalsHeuristic::default();
        let mut a = MctsAgent::<State, _>::new(cfg.clone(), h, i as u64, "a");
        let mut b = MctsAgent::<State, _>::new(cfg.clone(), h, i as u64, "b");
        assert_eq!(a.analyse(s), b.analyse(&t), "position {i}");
        let mut ga = GreedyAgent::<State, _>::new(h, i as u64);
        let mut gb = GreedyAgent::<State, _>::new(h, i as u64);
        assert_eq!(ga.move_values(s), gb.move_values(&t), "position {i}");
        checked += 1;
        if checked == 4 {
            break;
        }
    }
    assert!(checked > 0, "no late-turn positions found");
}

#[test]
fn o26_greedy_does_not_peek() {
    check("greedy", 3, 12);
}

#[test]
fn o26_mcts_does_not_peek() {
    check("mcts:iters=300", 4, 8);
}

#[test]
fn o26_mcts_with_threads_does_not_peek() {
    check("mcts:iters=150,threads=2", 5, 4);
}

#[test]
fn o26_random_differs_only_by_seed() {
    check("random", 6, 8);
}
