//! Unit tests for the G2 shooting distance and the G6 cheapest-path query.

use super::*;

fn dist() -> &'static Distances {
    Distances::get()
}

fn face(raw: u8) -> FaceId {
    FaceId::new(raw).expect("test face ids are below 92")
}

fn d(a: u8, b: u8) -> Option<u8> {
    dist().distance(face(a), face(b))
}

fn pairs() -> impl Iterator<Item = (FaceId, FaceId)> {
    let spaces = dist().board().spaces();
    spaces
        .iter()
        .flat_map(move |&a| spaces.iter().map(move |&b| (a, b)))
}

/// Every simple path of playable spaces from `from` to `to` costing at most
/// `limit`, by exhaustive search (independent of the precomputed table).
fn brute_force_paths(from: FaceId, to: FaceId, limit: u8) -> Vec<(u8, Vec<FaceId>)> {
    fn walk(
        path: &mut Vec<FaceId>,
        cost: u8,
        to: FaceId,
        limit: u8,
        out: &mut Vec<(u8, Vec<FaceId>)>,
    ) {
        let Some(&last) = path.last() else { return };
        if last == to {
            out.push((cost, path.clone()));
            return;
        }
        for &n in dist().board().neighbours(last) {
            let step = dist().entry_cost(n).unwrap_or(u8::MAX);
            if !path.contains(&n) && cost + step <= limit {
                path.push(n);
                walk(path, cost + step, to, limit, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    if dist().board().is_playable(from) {
        walk(&mut vec![from], 0, to, limit, &mut out);
    }
    out
}

#[test]
fn g2_distance_to_self_is_zero() {
    for &a in dist().board().spaces() {
        assert_eq!(dist().distance(a, a), Some(0));
        assert!(dist().in_range(a, a));
        assert!(dist().cheapest_paths(a, a) == [[a]]);
    }
}

#[test]
fn g2_unused_spaces_have_no_distance() {
    let board = dist().board();
    for &u in board.unused() {
        assert_eq!(dist().entry_cost(u), None);
        for f in FaceId::all() {
            assert_eq!(dist().distance(u, f), None);
            assert_eq!(dist().distance(f, u), None);
            assert_eq!(
                dist().every_cheapest_path_passes_through(f, u, |_| true),
                None
            );
            assert!(dist().cheapest_paths(f, u).is_empty());
        }
    }
}

#[test]
fn g2_all_playable_spaces_reach_each_other() {
    assert!(pairs().all(|(a, b)| dist().distance(a, b).is_some()));
    let longest = pairs().filter_map(|(a, b)| dist().distance(a, b)).max();
    assert_eq!(longest, Some(12));
}

#[test]
fn g2_adjacent_triangle_is_1_and_adjacent_hq_is_2() {
    let board = dist().board();
    for &[a, b] in board.adjacencies() {
        for (from, to) in [(a, b), (b, a)] {
            let expected = if board.is_hq(to) { 2 } else { 1 };
            assert_eq!(dist().distance(from, to), Some(expected));
        }
    }
    assert_eq!(d(26, 21), Some(1), "HQ to adjacent triangle");
    assert_eq!(d(21, 26), Some(2), "triangle into adjacent HQ");
}

#[test]
fn g2_distance_is_symmetric_between_spaces_of_the_same_kind() {
    let board = dist().board();
    for (a, b) in pairs() {
        if board.is_hq(a) == board.is_hq(b) {
            assert_eq!(dist().distance(a, b), dist().distance(b, a));
        }
    }
}

#[test]
fn g2_asymmetry_is_the_entry_cost_difference() {
    for (a, b) in pairs() {
        let there = dist().distance(a, b).zip(dist().entry_cost(a));
        let back = dist().distance(b, a).zip(dist().entry_cost(b));
        let total = |(x, y): (u8, u8)| x + y;
        assert_eq!(there.map(total), back.map(total), "{a} {b}");
    }
}

#[test]
fn g2_triangle_inequality() {
    let spaces = dist().board().spaces();
    for (a, c) in pairs() {
        let direct = dist().distance(a, c).unwrap_or(u8::MAX);
        for &b in spaces {
            let via = dist().distance(a, b).zip(dist().distance(b, c));
            assert!(via.is_some_and(|(x, y)| direct <= x + y));
        }
    }
}

#[test]
fn g2_examples() {
    assert_eq!(d(31, 36), Some(1));
    assert_eq!(d(91, 86), Some(1));
    assert_eq!(d(86, 91), Some(2));
    // Top HQ to an upper-ring HQ: two triangles then the HQ.
    assert_eq!(d(91, 61), Some(4));
    assert_eq!(d(61, 62), Some(4));
    // Around the unused region the board is a thin ring.
    assert_eq!(d(16, 25), Some(3));
    assert_eq!(d(21, 25), Some(4));
    assert_eq!(d(26, 30), Some(4));
    // Two triangles flanking an HQ corner: through the HQ (2 + 1) or round
    // the corner (1 + 1 + 1) tie.
    assert_eq!(d(66, 76), Some(3));
    let via = |path: &[u8]| path.iter().map(|&f| face(f)).collect::<Vec<_>>();
    assert_eq!(
        dist().cheapest_paths(face(66), face(76)),
        [via(&[66, 61, 76]), via(&[66, 71, 77, 76])]
    );
    let within: Vec<(u8, u8)> = dist()
        .within(face(91), 2)
        .map(|(f, d)| (f.get(), d))
        .collect();
    // From the top HQ: its 5 triangles at 1, the ring of 10 below them at 2.
    let expected: Vec<(u8, u8)> = (76..=85)
        .map(|f| (f, 2))
        .chain((86..=90).map(|f| (f, 1)))
        .collect();
    assert_eq!(within, expected);
}

#[test]
fn g2_distances_match_brute_force_and_avoid_unused_spaces() {
    for (a, b) in pairs() {
        let Some(expected) = dist().distance(a, b) else {
            continue;
        };
        if expected > MAX_RANGE + 1 {
            continue;
        }
        let mut brute: Vec<Vec<FaceId>> = brute_force_paths(a, b, expected)
            .into_iter()
            .map(|(cost, path)| {
                assert_eq!(cost, expected);
                path
            })
            .collect();
        brute.sort();
        assert!(!brute.is_empty());
        assert_eq!(dist().cheapest_paths(a, b), brute, "{a} -> {b}");
        for path in &brute {
            assert!(path.iter().all(|&f| dist().board().is_playable(f)));
        }
        for &m in dist().board().spaces() {
            let on_some = brute
                .iter()
                .any(|p| p.len() > 2 && p[1..p.len() - 1].contains(&m));
            assert_eq!(
                dist().on_cheapest_path(a, b, m),
                on_some,
                "{a} -> {b} via {m}"
            );
        }
    }
}

#[test]
fn g6_every_cheapest_path_passes_through_matches_enumeration() {
    let board = dist().board();
    let mut predicates: Vec<Box<dyn Fn(FaceId) -> bool>> = vec![
        Box::new(|f| board.is_hq(f)),
        Box::new(|_| true),
        Box::new(|_| false),
    ];
    for seed in 0..6u32 {
        predicates.push(Box::new(move |f| {
            (u32::from(f.get()) * 37 + seed * 11) % 5 == 0
        }));
    }
    for &m in board.spaces() {
        predicates.push(Box::new(move |f| f == m));
    }
    let mut interesting = 0;
    for (a, b) in pairs() {
        match dist().distance(a, b) {
            Some(x) if x <= MAX_RANGE + 1 => {}
            _ => continue,
        }
        let paths = dist().cheapest_paths(a, b);
        for blocked in &predicates {
            let expected = a != b
                && paths
                    .iter()
                    .all(|p| p[1..p.len() - 1].iter().any(|&f| blocked(f)));
            let got = dist().every_cheapest_path_passes_through(a, b, blocked);
            assert_eq!(got, Some(expected), "{a} -> {b}");
            interesting += usize::from(expected);
        }
    }
    assert!(interesting > 0);
}

#[test]
fn g6_target_and_start_are_not_passed_through() {
    let board = dist().board();
    for &[a, b] in board.adjacencies() {
        // Adjacent: nothing in between, whatever the predicate says.
        assert_eq!(
            dist().every_cheapest_path_passes_through(a, b, |_| true),
            Some(false)
        );
    }
    let (t1, hq, t2, corner) = (face(66), face(61), face(76), [face(71), face(77)]);
    let only = |set: Vec<FaceId>| move |f: FaceId| set.contains(&f);
    assert_eq!(
        every_cheapest_path_passes_through(t1, t2, only(vec![hq])),
        Some(false)
    );
    assert_eq!(
        every_cheapest_path_passes_through(t1, t2, only(vec![corner[0]])),
        Some(false)
    );
    assert_eq!(
        every_cheapest_path_passes_through(t1, t2, only(vec![hq, corner[1]])),
        Some(true)
    );
    assert_eq!(
        every_cheapest_path_passes_through(t1, t2, only(vec![t1, t2])),
        Some(false)
    );
    // Works through a trait object too.
    let dyn_pred: &dyn Fn(FaceId) -> bool = &|f| f == hq || f == corner[0];
    assert_eq!(
        every_cheapest_path_passes_through(t1, t2, dyn_pred),
        Some(true)
    );
    assert_eq!(
        every_cheapest_path_passes_through(t1, t1, |_| true),
        Some(false)
    );
}

/// Distances over the whole globe, optionally letting paths enter unused
/// faces (costing 2 for a pentagon and 1 for a triangle), by Bellman-Ford.
fn whole_globe_distances(through_unused: bool) -> Vec<Vec<u32>> {
    let board = dist().board();
    let globe = board.globe();
    let cost = |f: FaceId| if globe.face(f).is_pentagon() { 2 } else { 1 };
    let passable = |f: FaceId| through_unused || board.is_playable(f);
    FaceId::all()
        .map(|source| {
            let mut best = vec![u32::MAX; FACE_COUNT];
            best[source.index()] = 0;
            for _ in 0..FACE_COUNT {
                for f in FaceId::all() {
                    if best[f.index()] == u32::MAX {
                        continue;
                    }
                    for &n in globe.neighbours(f).iter().filter(|&&n| passable(n)) {
                        let via = best[f.index()] + cost(n);
                        best[n.index()] = best[n.index()].min(via);
                    }
                }
            }
            best
        })
        .collect()
}

#[test]
fn g1_g2_unused_spaces_cannot_be_shot_through() {
    let restricted = whole_globe_distances(false);
    let open = whole_globe_distances(true);
    let mut shortcuts = 0;
    for (a, b) in pairs() {
        let table = dist().distance(a, b).map(u32::from);
        assert_eq!(table, Some(restricted[a.index()][b.index()]));
        shortcuts += usize::from(open[a.index()][b.index()] < restricted[a.index()][b.index()]);
    }
    // Without the G1 restriction some distances would be shorter (80
    // ordered pairs), though none of them is within shooting range either way.
    assert_eq!(shortcuts, 80);
    for (a, b) in pairs() {
        if open[a.index()][b.index()] <= u32::from(MAX_RANGE) + 1 {
            assert_eq!(open[a.index()][b.index()], restricted[a.index()][b.index()]);
        }
    }
}

#[test]
fn balls_hold_the_spaces_within_each_radius() {
    let spaces = dist().board().spaces();
    for &from in spaces.iter().step_by(3) {
        for r in 0..BALL_RADII as u8 {
            for &to in spaces {
                let inside = dist().ball(from, r) & 1u128 << to.index() != 0;
                assert_eq!(inside, dist().distance(from, to).is_some_and(|d| d <= r));
            }
        }
        let set = 1u128 << face(91).index() | 1u128 << face(40).index();
        let plain = [face(91), face(40)]
            .iter()
            .filter_map(|&t| dist().distance(from, t))
            .min();
        assert_eq!(dist().nearest_in(from, set, 15), plain);
        assert_eq!(dist().nearest_in(from, 0, 15), None);
        if let Some(d) = plain.filter(|&d| d > 0) {
            assert_eq!(dist().nearest_in(from, set, d - 1), None);
        }
    }
}
