//! The search's unit tests: reproducible play, kept trees, halving, horizons, pruning.
use super::prior::prior_visits;
use super::search::{grow, playout, tree_moves};
use super::tree::Tree;
use super::*;
use crate::agent::eval::OrbitalsHeuristic;
use crate::agent::game::Game;
use crate::agent::greedy::OnePly;
use crate::agent::testkit::{new_state, play_random};
use crate::agent::Agent;
use crate::ids::CardRef;
use crate::rules::Command;
use crate::state::{Outcome, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn agent(seed: u64) -> MctsAgent<State, OrbitalsHeuristic> {
    let cfg = MctsConfig {
        iterations: 200,
        ..MctsConfig::default()
    };
    MctsAgent::new(cfg, OrbitalsHeuristic::default(), seed, "mcts")
}

/// Two agents with the same seed play `steps` commands of one game: both choose the same
/// legal command every time.
fn plays_legal_commands_reproducibly(
    mut a: MctsAgent<State, OrbitalsHeuristic>,
    mut b: MctsAgent<State, OrbitalsHeuristic>,
    steps: usize,
) {
    let mut s = new_state(7);
    for _ in 0..steps {
        if s.outcome != Outcome::Ongoing {
            break;
        }
        let c = a.choose(&s);
        assert_eq!(c, b.choose(&s), "same seed, same state: same choice");
        assert!(s.is_legal(&c), "{c:?}");
        s.apply(c);
    }
}

#[test]
fn mcts_plays_legal_commands_reproducibly() {
    plays_legal_commands_reproducibly(agent(3), agent(3), 60);
}

/// Searches `s` with `cfg` and returns the result and its total real root visits.
fn searched(s: &State, cfg: &MctsConfig, seed: u64) -> (SearchResult<Command>, u32) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let r = search(s, &OrbitalsHeuristic::default(), cfg, &mut rng);
    let total = r.visits.iter().map(|v| v.1).sum();
    (r, total)
}

#[test]
fn search_visits_add_up() {
    let s = new_state(8);
    let cfg = MctsConfig {
        iterations: 300,
        ..MctsConfig::default()
    };
    let (r, total) = searched(&s, &cfg, 1);
    assert_eq!(r.iterations, 300);
    assert_eq!(total, 300);
}

fn busy_position() -> State {
    busy_position_from(0)
}

fn reusing(iterations: u32) -> MctsConfig {
    MctsConfig {
        iterations,
        reuse: true,
        ..MctsConfig::default()
    }
}

/// The real visits of a tree's root children.
fn real_visits(tree: &Tree<Command>) -> u32 {
    tree.root_visits().iter().map(|v| v.1).sum()
}

#[test]
fn reuse_goes_on_from_the_subtree_of_the_move_played() {
    let cfg = reusing(400);
    let h = OrbitalsHeuristic::default();
    // A busy position whose chosen move leaves the same player to move.
    let (s, c, tree, node) = (0..20)
        .find_map(|seed| {
            let s = busy_position_from(seed);
            let mut a = MctsAgent::new(cfg.clone(), h, seed, "mcts");
            let c = a.choose(&s);
            let mut next = s.clone();
            next.apply(c);
            let kept = a.kept.take()?;
            assert_eq!(kept.ply, s.ply().unwrap());
            let (tree, node) = kept.trees.into_iter().next()?;
            (next.current_player() == s.current_player()).then_some((next, c, tree, node))
        })
        .expect("a busy position where the mover moves again");
    assert_eq!(
        tree.nodes[node as usize].mv, c,
        "the kept node is the move played"
    );
    let mut legal = Vec::new();
    tree_moves(&s, &cfg, &mut legal);
    let sub = tree.subtree(node, s.current_player(), &legal);
    let carried = real_visits(&sub);
    assert!(carried > 0, "the subtree carries visits");
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (grown, it) = grow(&s, &h, &cfg, &mut rng, Some(&(tree, node))).unwrap();
    assert_eq!(it, 400);
    assert_eq!(
        real_visits(&grown),
        carried + 400,
        "kept visits plus the new ones"
    );
    for (m, _, _) in grown.root_visits() {
        assert!(legal.contains(&m), "{m:?} is a legal root move");
    }
}

#[test]
fn a_subtree_keeps_its_statistics_and_order() {
    let mut t = Tree::new(Command::Pass, 0, 8);
    let a = t.add_child(0, Command::Pass, 0, 3, 1.5);
    let x = t.add_child(a, Command::Research { asset: CardRef(1) }, 0, 2, 1.0);
    t.add_child(a, Command::Research { asset: CardRef(2) }, 0, 1, 0.25);
    t.add_child(x, Command::Pass, 1, 1, 0.5);
    let legal = [
        Command::Research { asset: CardRef(1) },
        Command::Research { asset: CardRef(2) },
    ];
    let sub = t.subtree(a, 0, &legal);
    let kids: Vec<_> = sub.root_visits();
    assert_eq!(
        kids,
        vec![(legal[0], 2, 0.5), (legal[1], 1, 0.25)],
        "children in their order, with their visits and means"
    );
    let x2 = sub.child(0, legal[0]).unwrap();
    assert_eq!(
        sub.child(x2, Command::Pass)
            .map(|g| sub.nodes[g as usize].player),
        Some(1)
    );
    // A root child the mover cannot play now is left out, with its subtree.
    let only = t.subtree(a, 0, &legal[1..]);
    assert_eq!(only.root_visits().len(), 1);
    assert_eq!(only.nodes.len(), 2);
}

#[test]
fn kept_trees_are_dropped_unless_the_position_follows() {
    let s = busy_position();
    let mut a = MctsAgent::new(reusing(200), OrbitalsHeuristic::default(), 1, "mcts");
    a.choose(&s);
    assert!(a.kept.is_some());
    assert!(
        a.take_kept(&s).is_none(),
        "the same position again does not follow"
    );
    assert!(a.kept.is_none());
}

#[test]
fn reuse_plays_legal_commands_reproducibly() {
    let h = OrbitalsHeuristic::default();
    let a = MctsAgent::new(reusing(100), h, 3, "mcts");
    let b = MctsAgent::new(reusing(100), h, 3, "mcts");
    plays_legal_commands_reproducibly(a, b, 80);
}

#[test]
fn halving_spends_the_budget_on_its_candidates() {
    let s = busy_position();
    let cfg = MctsConfig {
        iterations: 400,
        halving: 4,
        ..MctsConfig::default()
    };
    let (r, total) = searched(&s, &cfg, 5);
    assert!(
        r.visits.len() > 4,
        "the position needs more than 4 root moves"
    );
    assert_eq!(total, 400);
    let searched: Vec<_> = r.visits.iter().filter(|v| v.1 > 0).collect();
    assert_eq!(searched.len(), 4, "only the candidates are searched");
    assert!(
        searched.iter().any(|v| v.0 == Command::Pass),
        "a pass is always a candidate"
    );
    // Two rounds of 200: 50 iterations each for 4 candidates, then 100 each for the best 2.
    let mut counts: Vec<u32> = searched.iter().map(|v| v.1).collect();
    counts.sort();
    assert_eq!(counts, vec![50, 50, 150, 150]);
}

#[test]
fn horizon_playouts_reach_the_next_turn() {
    let s = new_state(9);
    let cfg = MctsConfig {
        iterations: 100,
        horizon: 1,
        ..MctsConfig::default()
    };
    let (_, total) = searched(&s, &cfg, 2);
    assert_eq!(total, 100);
    let mut a = MctsAgent::new(cfg, OrbitalsHeuristic::default(), 4, "mcts");
    assert!(s.is_legal(&a.choose(&s)));
}

#[test]
fn greedy_playouts_end_at_the_searchers_next_turn() {
    let cfg = MctsConfig::default();
    assert!(cfg.greedy_playout && cfg.horizon == 2, "the normal preset");
    let h = OrbitalsHeuristic::default();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut legal, mut outs) = (Vec::new(), OnePly::default());
    let mut ongoing = 0;
    for seed in 0..4 {
        let s = busy_position_from(seed);
        let mut g = s.clone();
        playout(
            &mut g,
            &h,
            &cfg,
            Some(s.turn() + 2),
            &mut rng,
            &mut legal,
            &mut outs,
        );
        if g.outcome == Outcome::Ongoing {
            ongoing += 1;
            assert_eq!(g.turn(), s.turn() + 2, "stops as the turn begins");
            assert_eq!(
                g.current_player(),
                s.current_player(),
                "the searcher moves next"
            );
        }
    }
    assert!(
        ongoing >= 2,
        "the playouts must mostly stop at the horizon, not at game end"
    );
}

/// A random game's position where the player to move can only pass, and passing ends the
/// turn.
fn turn_ending_pass() -> State {
    for seed in 0..20 {
        let mut s = new_state(30 + seed);
        let mut legal = Vec::new();
        for step in 0..600 {
            if s.outcome != Outcome::Ongoing {
                break;
            }
            s.legal_moves(&mut legal);
            if legal == [Command::Pass] && step > 40 {
                let mut next = s.clone();
                next.apply(Command::Pass);
                if next.turn() == s.turn() + 1 && next.outcome == Outcome::Ongoing {
                    return s;
                }
            }
            play_random(&mut s, 1, seed * 1000 + step);
        }
    }
    panic!("no turn-ending pass in twenty random games");
}

#[test]
fn the_tree_stops_at_the_horizon() {
    // Horizon 1: leaves at the start of the next player's turn. The root's only move
    // reaches it, so the tree must not grow past it into that player's choices.
    let s = turn_ending_pass();
    let cfg = MctsConfig {
        iterations: 60,
        horizon: 1,
        stop_at_horizon: true,
        ..MctsConfig::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (tree, iterations) =
        grow(&s, &OrbitalsHeuristic::default(), &cfg, &mut rng, None).expect("a legal move");
    assert_eq!(iterations, 60);
    assert_eq!(tree.nodes.len(), 2, "the root and its pass, nothing beyond");
    assert_eq!(tree.nodes[1].visits, 60 + cfg.prior);
    // By default the tree runs on into the next player's turn.
    let overrun = MctsConfig {
        stop_at_horizon: false,
        ..cfg
    };
    let (tree, _) = grow(&s, &OrbitalsHeuristic::default(), &overrun, &mut rng, None).unwrap();
    assert!(tree.nodes.len() > 2);
}

#[test]
fn a_prior_share_caps_the_virtual_visits_of_a_wide_root() {
    let cfg = MctsConfig {
        iterations: 1000,
        prior: 50,
        prior_share: 0.5,
        ..MctsConfig::default()
    };
    // 500 visits in all: 50 each up to ten moves, fewer beyond, never none.
    assert_eq!(prior_visits(&cfg, 1), 50);
    assert_eq!(prior_visits(&cfg, 10), 50);
    assert_eq!(prior_visits(&cfg, 20), 25);
    assert_eq!(prior_visits(&cfg, 40), 12);
    assert_eq!(prior_visits(&cfg, 1000), 1);
    // Off by default, and off without a prior.
    let plain = MctsConfig {
        prior_share: 0.0,
        ..cfg.clone()
    };
    assert_eq!(prior_visits(&plain, 40), 50);
    let none = MctsConfig { prior: 0, ..cfg };
    assert_eq!(prior_visits(&none, 40), 0);
}

/// `prune=1`: a root with prunable moves (attacks that cannot hit, O13, and scuttles)
/// searches every other legal move and none of those; without it they are searched too.
#[test]
fn prune_leaves_out_prunable_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut legal = Vec::new();
    let mut s = crate::agent::testkit::new_state(2);
    let mut found = 0;
    for step in 0..30_000u64 {
        if s.status() != super::super::game::Status::Ongoing {
            s = crate::agent::testkit::new_state(step);
        }
        s.legal_moves(&mut legal);
        if legal.iter().any(|m| s.prunable(m)) && found < 5 {
            found += 1;
            let h = OrbitalsHeuristic::default();
            for prune in [true, false] {
                let cfg = MctsConfig {
                    iterations: 40,
                    prune,
                    ..MctsConfig::default()
                };
                let r = search(&s, &h, &cfg, &mut rng);
                let mut searched: Vec<Command> = r.visits.iter().map(|v| v.0).collect();
                let mut want: Vec<Command> = legal
                    .iter()
                    .copied()
                    .filter(|m| !prune || !s.prunable(m))
                    .collect();
                searched.sort_by_key(|m| format!("{m:?}"));
                want.sort_by_key(|m| format!("{m:?}"));
                assert_eq!(searched, want, "prune {prune}");
            }
        }
        let m = legal[rng.gen_range(0..legal.len())];
        s.apply(m);
    }
    assert_eq!(found, 5);
}

#[test]
fn root_visits_leave_out_the_prior_given() {
    let s = busy_position_from(3);
    let cfg = MctsConfig {
        iterations: 100,
        prior: 50,
        prior_share: 0.5,
        ..MctsConfig::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (tree, iterations) =
        grow(&s, &OrbitalsHeuristic::default(), &cfg, &mut rng, None).expect("a legal move");
    let mut legal = Vec::new();
    s.legal_moves(&mut legal);
    assert_eq!(tree.prior, prior_visits(&cfg, legal.len()));
    assert!(tree.prior < 50, "{} root moves", legal.len());
    let real: u32 = tree.root_visits().iter().map(|v| v.1).sum();
    assert_eq!(real as u64, iterations);
}

/// A position of a random game (seed `seed`) where the player to move has a pass and at
/// least five other choices.
fn busy_position_from(seed: u64) -> State {
    let mut s = new_state(8 + seed);
    let mut legal = Vec::new();
    for step in 0..400 {
        s.legal_moves(&mut legal);
        if legal.len() >= 6 && legal.contains(&Command::Pass) {
            return s;
        }
        play_random(&mut s, 1, step + 1000 * seed);
    }
    panic!("no busy position in 400 random commands");
}
