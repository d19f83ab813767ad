//! Tests of the near scores: every near score is the full score to the bit, and the moves
//! searches meet most are scored from the base.
use super::*;
use crate::agent::greedy::GreedyAgent;
use crate::agent::testkit::{new_state, play_random};
use crate::agent::Agent;
use crate::core::game::{Game, Outcomes};
use crate::state::Outcome;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The heuristics the agents use: the default, and every term switched on.
fn heuristics() -> [OrbitalsHeuristic; 2] {
    [
        OrbitalsHeuristic::default(),
        OrbitalsHeuristic {
            endgame: 120,
            siege: 2.0,
            approach: 0.7,
            late_approach: 0.9,
            hazard: true,
            tempo: true,
            ..OrbitalsHeuristic::default()
        },
    ]
}

fn full(s: &State, viewer: usize, h: &OrbitalsHeuristic) -> [u32; 2] {
    let mut out = [0.0f32; 2];
    scores_with(s, viewer, h, &mut out);
    out.map(f32::to_bits)
}

fn near(e: &NearEval, s: &State, viewer: usize, h: &OrbitalsHeuristic) -> ([u32; 2], bool) {
    let mut out = [0.0f32; 2];
    let hit = matches!(&e.base, Some(b) if b.fits(s, viewer, h) && b.scores(s, h, &mut out));
    e.scores(s, viewer, h, &mut out);
    (out.map(f32::to_bits), hit)
}

/// The blockwise comparison finds exactly the cards a card-by-card one finds, wherever they
/// are (in one block, across blocks, in the short last block) and whatever the table's
/// length, and gives up past [`MOST_CHANGED`].
#[test]
fn differing_finds_every_changed_card() {
    use rand::Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let s = new_state(1);
    for len in 0..s.cards.len().min(90) {
        for _ in 0..20 {
            let a = s.cards[..len].to_vec();
            let mut b = a.clone();
            for _ in 0..rng.gen_range(0..=MOST_CHANGED + 2) {
                if len > 0 {
                    let i = rng.gen_range(0..len);
                    // The first, middle and last bytes of a card.
                    match rng.gen_range(0..5) {
                        0 => b[i].damage = b[i].damage.wrapping_add(1),
                        1 => b[i].order = b[i].order.wrapping_add(1),
                        2 => b[i].card.0 = b[i].card.0.wrapping_add(1),
                        3 => b[i].owner.0 = b[i].owner.0.wrapping_add(1),
                        _ => b[i].link = b[i].link.wrapping_add(1),
                    }
                }
            }
            let want: Vec<u8> = (0..len)
                .filter(|&i| a[i] != b[i])
                .map(|i| i as u8)
                .collect();
            let mut out = [0u8; MOST_CHANGED];
            match differing(&a, &b, &mut out) {
                Some(k) => assert_eq!(out[..k], want[..], "length {len}"),
                None => assert!(want.len() > MOST_CHANGED, "length {len}: {want:?}"),
            }
        }
    }
}

/// Every outcome of every legal command of positions along random and greedy games, for
/// both viewers and both heuristics: the near scores are the full scores to the bit, and
/// most of them come from the kept base.
#[test]
fn near_scores_are_the_full_scores_of_every_outcome() {
    let (mut hits, mut total) = (0usize, 0usize);
    let mut legal = Vec::new();
    let mut outs = Outcomes::new();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut e = NearEval::default();
    for seed in 0..12u64 {
        let mut s = new_state(seed);
        let mut greedy: GreedyAgent<State, _> =
            GreedyAgent::new(OrbitalsHeuristic::default(), seed);
        for step in 0..400 {
            if s.outcome != Outcome::Ongoing {
                break;
            }
            s.legal_moves(&mut legal);
            if step % 3 == 0 {
                for h in &heuristics() {
                    for viewer in 0..2 {
                        e.prepare(&s, viewer, h);
                        assert_eq!(near(&e, &s, viewer, h), (full(&s, viewer, h), true));
                        for &m in &legal {
                            outs.clear();
                            s.outcomes(m, 4, &mut rng, &mut outs);
                            for (_, g) in &outs {
                                let (v, hit) = near(&e, g, viewer, h);
                                assert_eq!(v, full(g, viewer, h), "{m:?} seed {seed} step {step}");
                                hits += hit as usize;
                                total += 1;
                            }
                        }
                    }
                }
            }
            // Greedy games reach the positions searches meet; random ones the odd corners.
            let c = if seed % 2 == 0 {
                greedy.choose(&s)
            } else {
                legal[step * 7 % legal.len()]
            };
            s.apply(c);
        }
    }
    assert!(total > 10_000, "{total}");
    assert!(hits * 3 > total, "{hits} of {total} from the base");
}

/// A base position and any later position of the same game: whatever lies between them, the
/// near scores are the full ones (the checks do not assume a single move).
#[test]
fn near_scores_hold_for_any_two_positions() {
    let mut hits = 0;
    for seed in 0..80u64 {
        let mut s = new_state(100 + seed);
        play_random(&mut s, 40 + (seed as usize * 13) % 150, seed);
        let mut e = NearEval::default();
        for h in &heuristics() {
            let viewer = (seed % 2) as usize;
            e.prepare(&s, viewer, h);
            let mut later = s.clone();
            let mut legal = Vec::new();
            for k in 0..12 {
                // Moves that act (not the pass first in the list) mostly stay in the
                // phase, so many of the later positions are still near the base.
                later.legal_moves(&mut legal);
                if later.outcome != Outcome::Ongoing || legal.is_empty() {
                    break;
                }
                let m = match legal.len() {
                    1 => legal[0],
                    n => legal[1 + (seed as usize + k) * 7 % (n - 1)],
                };
                later.apply(m);
                let (v, hit) = near(&e, &later, viewer, h);
                assert_eq!(v, full(&later, viewer, h), "seed {seed} after {k}");
                hits += hit as usize;
            }
        }
    }
    assert!(hits >= 10, "{hits}");
}

/// A pass that moves the phase on within the turn is scored from the base (the assets of
/// the player to move, whose terms read the phase, are scored again), to the bit.
#[test]
fn a_pass_within_the_turn_is_scored_from_the_base() {
    let (mut checked, mut hits) = (0, 0);
    for seed in 0..60u64 {
        let mut s = new_state(300 + seed);
        play_random(&mut s, 20 + seed as usize * 7, seed);
        if s.outcome != Outcome::Ongoing {
            continue;
        }
        let mut g = s.clone();
        g.apply(crate::rules::Command::Pass);
        if g.phase == s.phase || !in_turn(g.phase) || !in_turn(s.phase) || g.turn != s.turn {
            continue;
        }
        for h in &heuristics() {
            for viewer in 0..2 {
                let mut e = NearEval::default();
                e.prepare(&s, viewer, h);
                let (v, hit) = near(&e, &g, viewer, h);
                assert_eq!(v, full(&g, viewer, h), "seed {seed}");
                checked += 1;
                hits += hit as usize;
            }
        }
    }
    assert!(checked >= 40, "{checked}");
    assert!(hits * 4 >= checked * 3, "{hits} of {checked} from the base");
}

/// A ship of the viewer destroyed while the viewer builds spacecraft: the near scores are
/// the full ones, from the base while every project still fits (or still does not fit) in
/// the population the ship freed (O22), in full otherwise.
#[test]
fn a_ship_lost_beside_projects_keeps_their_terms_while_they_fit_as_before() {
    let h = OrbitalsHeuristic::default();
    let (mut hits, mut misses) = (0, 0);
    for seed in 0..200u64 {
        let mut s = new_state(500 + seed);
        play_random(&mut s, 40 + seed as usize * 3, seed);
        let viewer = s.active.index();
        let me = PlayerId(viewer as u8);
        let has_projects = s
            .zone(me, Zone::Project)
            .any(|(_, c)| s.db.hot(c.card).kind == HotKind::Spacecraft);
        let ships: Vec<_> = s.zone(me, Zone::Ship).map(|(r, _)| r).take(8).collect();
        if !has_projects || ships.is_empty() {
            continue;
        }
        let mut e = NearEval::default();
        e.prepare(&s, viewer, &h);
        // One ship lost, then all of them (more population freed).
        for lost in [&ships[..1], &ships[..]] {
            let mut g = s.clone();
            for &r in lost {
                g.set_zone(r, Zone::Debris);
            }
            let (v, hit) = near(&e, &g, viewer, &h);
            assert_eq!(v, full(&g, viewer, &h), "seed {seed}");
            let b = e.base.as_ref().unwrap();
            // Scored from the base unless a waiting project changes side, or a lost ship leaves
            // an enemy asset that may then build an asset project (O21).
            let orbiters = lost
                .iter()
                .any(|&r| b.reads_orbiters(&s, s.inst(r).host, viewer));
            assert_eq!(hit, b.same_waiting(&g) && !orbiters, "seed {seed}");
            if hit {
                hits += 1;
            } else {
                misses += 1;
            }
        }
    }
    assert!(hits >= 5, "{hits} from the base, {misses} in full");
}

/// Ships of the viewer lost so that a waiting spacecraft project now fits in the freed
/// population (O22): its term changes, so the position is scored in full.
#[test]
fn a_project_that_fits_once_ships_are_lost_is_scored_in_full() {
    let h = OrbitalsHeuristic::default();
    let mut checked = 0;
    for seed in 0..100u64 {
        let mut s = new_state(700 + seed);
        play_random(&mut s, 40 + seed as usize * 3, seed);
        let viewer = s.active.index();
        let me = PlayerId(viewer as u8);
        let (Some(hw), Some(need)) = (
            s.homeworld(me),
            s.zone(me, Zone::Project)
                .map(|(_, c)| s.db.hot(c.card))
                .filter(|c| c.kind == HotKind::Spacecraft)
                .map(|c| c.population as i16)
                .min(),
        ) else {
            continue;
        };
        // Fill the population with ships from the deck until the project would wait.
        let mut base = s.clone();
        let mut added = Vec::new();
        let deck: Vec<_> = s.zone(me, Zone::Deck).map(|(r, _)| r).collect();
        for r in deck {
            if free_population(&base, viewer) < need || added.len() == MOST_CHANGED {
                break;
            }
            if s.db.hot(s.cards[r.index()].card).kind == HotKind::Spacecraft {
                base.set_host(r, hw.0);
                base.cards[r.index()].orbital = 0;
                base.set_zone(r, Zone::Ship);
                added.push(r);
            }
        }
        if free_population(&base, viewer) >= need || free_population(&s, viewer) < need {
            continue;
        }
        let mut e = NearEval::default();
        e.prepare(&base, viewer, &h);
        let mut g = base.clone();
        for &r in &added {
            g.set_zone(r, Zone::Debris);
        }
        let (v, hit) = near(&e, &g, viewer, &h);
        assert!(!hit, "seed {seed}");
        assert_eq!(v, full(&g, viewer, &h), "seed {seed}");
        checked += 1;
    }
    assert!(checked >= 3, "{checked}");
}

/// A ship destroyed into debris leaves the cards that score; the near scores skip it as
/// the full pass does.
#[test]
fn a_destroyed_ship_leaves_the_sum() {
    let h = OrbitalsHeuristic::default();
    let mut checked = 0;
    for seed in 0..30u64 {
        let mut s = new_state(200 + seed);
        play_random(&mut s, 60 + seed as usize * 5, seed);
        let Some(i) = (0..s.cards.len()).find(|&i| s.cards[i].zone == Zone::Ship) else {
            continue;
        };
        let viewer = 1 - s.cards[i].owner.index();
        let mut e = NearEval::default();
        e.prepare(&s, viewer, &h);
        let mut g = s.clone();
        g.set_zone(crate::ids::CardRef(i as u8), Zone::Debris);
        let (v, hit) = near(&e, &g, viewer, &h);
        assert!(hit, "seed {seed}");
        assert_eq!(v, full(&g, viewer, &h));
        assert_ne!(v, full(&s, viewer, &h), "the ship counted");
        checked += 1;
    }
    assert!(checked > 10, "{checked}");
}

/// An enemy ship that leaves an asset whose only buildable start is an asset project lets it
/// build again (O21): that asset's term changes, so the position is scored in full. A burn
/// within the orbitals changes nothing of it and is scored from the base.
#[test]
fn an_enemy_ship_leaving_an_asset_that_waits_to_build_an_asset_is_scored_in_full() {
    let h = OrbitalsHeuristic::default();
    let mut s = new_state(4);
    while s.phase != Phase::Research {
        crate::rules::apply(&mut s, crate::rules::Command::Pass);
    }
    let me = s.active;
    let viewer = me.index();
    let (home, _) = s.zone(me, Zone::Asset).next().unwrap();
    let (away, _) = s
        .zone(PlayerId(1 - viewer as u8), Zone::Asset)
        .next()
        .unwrap();
    crate::scenario::eval::tests::only_an_asset_in_hand(&mut s, me);
    // An enemy ship in the homeworld's outer orbital.
    let (enemy, _) = s
        .zone(PlayerId(1 - viewer as u8), Zone::Deck)
        .find(|(_, c)| s.db.hot(c.card).kind == HotKind::Spacecraft)
        .unwrap();
    s.set_zone(enemy, Zone::Ship);
    s.set_host(enemy, home.0);
    let e_inst = s.inst_mut(enemy);
    e_inst.orbital = 1;
    e_inst.dv = 1;
    let mut e = NearEval::default();
    e.prepare(&s, viewer, &h);
    assert!(e
        .base
        .as_ref()
        .unwrap()
        .reads_orbiters(&s, home.0, 1 - viewer));

    let mut left = s.clone();
    left.set_host(enemy, away.0);
    let (v, hit) = near(&e, &left, viewer, &h);
    assert!(!hit, "the homeworld may build the asset again");
    assert_eq!(v, full(&left, viewer, &h));
    assert_ne!(v, full(&s, viewer, &h), "the homeworld's term changed");

    let mut burned = s.clone();
    burned.inst_mut(enemy).orbital = 0;
    let (v, hit) = near(&e, &burned, viewer, &h);
    assert!(hit, "a burn at the same asset is scored from the base");
    assert_eq!(v, full(&burned, viewer, &h));
}
