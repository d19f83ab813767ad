//! Shooting distance (ruling G2) between playable spaces, and cheapest-path
//! queries for the G6 shooting rule.
//!
//! The distance from a shooter's space `a` to a target space `b` is the cost of
//! the cheapest chain of edge-adjacent playable spaces from `a` to `b`, where
//! each space *entered* costs [`HQ_ENTRY_COST`] (2) for an HQ and
//! [`TRIANGLE_ENTRY_COST`] (1) for a triangle; the target is entered, the
//! start is not. Unused spaces are never entered. Range is at most
//! [`MAX_RANGE`].
//!
//! Because only entered spaces count, the distance is **not symmetric** when
//! exactly one end is an HQ: `d(a, b) + cost(a) == d(b, a) + cost(b)` for all
//! playable `a`, `b` (e.g. from a triangle into an adjacent HQ is 2, from the
//! HQ back to the triangle is 1). It is symmetric between spaces of the same
//! kind.
//!
//! Distances for all pairs are precomputed once (Dijkstra from every space)
//! into a flat 92 × 92 table, so [`Distances::distance`] is a lookup. With the
//! counting convention above, `m` lies on some cheapest path from `a` to `b`
//! exactly when `d(a, m) + d(m, b) == d(a, b)`; the cheapest-path queries walk
//! that shortest-path DAG.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::OnceLock;

use super::board::Board;
use super::ids::{FaceId, FACE_COUNT};

/// Maximum shooting range (G2).
pub const MAX_RANGE: u8 = 3;
/// Cost of entering an HQ (pentagon) space.
pub const HQ_ENTRY_COST: u8 = 2;
/// Cost of entering a triangle space.
pub const TRIANGLE_ENTRY_COST: u8 = 1;

/// Table marker for "no path" (unused space at either end).
const UNREACHABLE: u8 = u8::MAX;

/// All-pairs G2 distances over the playable board.
#[derive(Debug, Clone)]
pub struct Distances {
    board: &'static Board,
    table: Vec<u8>,
    /// For each space, the set of spaces (bit `f` for face `f`) within each radius
    /// `0..BALL_RADII` ([`Distances::ball`]).
    balls: Vec<[u128; BALL_RADII]>,
}

/// Radii [`Distances::ball`] answers for exactly: 0 to 15, beyond every shooting range and
/// the searches of the evaluation.
pub const BALL_RADII: usize = 16;

impl Distances {
    /// The shared, lazily built table.
    pub fn get() -> &'static Distances {
        static DISTANCES: OnceLock<Distances> = OnceLock::new();
        DISTANCES.get_or_init(|| Distances::new(Board::get()))
    }

    /// Computes the table for `board` (prefer [`Distances::get`]).
    pub fn new(board: &'static Board) -> Distances {
        let mut table = vec![UNREACHABLE; FACE_COUNT * FACE_COUNT];
        for &source in board.spaces() {
            let row = &mut table[source.index() * FACE_COUNT..][..FACE_COUNT];
            let mut best = [u32::MAX; FACE_COUNT];
            best[source.index()] = 0;
            let mut queue = BinaryHeap::from([Reverse((0u32, source))]);
            while let Some(Reverse((d, f))) = queue.pop() {
                if d > best[f.index()] {
                    continue;
                }
                for &n in board.neighbours(f) {
                    let nd = d + u32::from(cost(board, n));
                    if nd < best[n.index()] {
                        best[n.index()] = nd;
                        queue.push(Reverse((nd, n)));
                    }
                }
            }
            for (cell, d) in row.iter_mut().zip(best) {
                if d != u32::MAX {
                    // The board's diameter is far below 255.
                    *cell = u8::try_from(d).unwrap_or(UNREACHABLE - 1);
                }
            }
        }
        let balls = (0..FACE_COUNT)
            .map(|i| {
                let row = &table[i * FACE_COUNT..][..FACE_COUNT];
                let mut ball = [0u128; BALL_RADII];
                for (r, set) in ball.iter_mut().enumerate() {
                    *set = row
                        .iter()
                        .enumerate()
                        .filter(|&(_, &d)| usize::from(d) <= r)
                        .fold(0, |s, (f, _)| s | 1u128 << f);
                }
                ball
            })
            .collect();
        Distances {
            board,
            table,
            balls,
        }
    }

    /// The board the distances are measured on.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// Cost of entering `f`: 2 for an HQ, 1 for a triangle, `None` if unused.
    pub fn entry_cost(&self, f: FaceId) -> Option<u8> {
        self.board.is_playable(f).then(|| cost(self.board, f))
    }

    /// G2 distance from a shooter on `from` to a target on `to`; `None` when
    /// either space is unused. `distance(a, a) == Some(0)`.
    pub fn distance(&self, from: FaceId, to: FaceId) -> Option<u8> {
        let d = self.table[from.index() * FACE_COUNT + to.index()];
        (d != UNREACHABLE).then_some(d)
    }

    /// The spaces at most `r` from `from` (`from` included), as a set of faces: bit `f` for
    /// face `f`. Radii beyond [`BALL_RADII`] give the largest one's set.
    pub fn ball(&self, from: FaceId, r: u8) -> u128 {
        let r = usize::from(r).min(BALL_RADII - 1);
        self.balls.get(from.index()).map_or(0, |b| b[r])
    }

    /// The distance from `from` to the nearest space of `set` (bit `f` for face `f`), if one
    /// is at most `limit` away.
    pub fn nearest_in(&self, from: FaceId, set: u128, limit: u8) -> Option<u8> {
        if set == 0 {
            return None;
        }
        let balls = self.balls.get(from.index())?;
        let last = usize::from(limit).min(BALL_RADII - 1);
        (0..=last).find(|&r| balls[r] & set != 0).map(|r| r as u8)
    }

    /// True when `to` is at most [`MAX_RANGE`] from `from` (including
    /// `from == to`, at distance 0).
    pub fn in_range(&self, from: FaceId, to: FaceId) -> bool {
        self.distance(from, to).is_some_and(|d| d <= MAX_RANGE)
    }

    /// Spaces other than `from` at distance at most `range` from it, with
    /// their distance, in increasing id order.
    pub fn within(&self, from: FaceId, range: u8) -> impl Iterator<Item = (FaceId, u8)> + '_ {
        self.board.spaces().iter().filter_map(move |&to| {
            let d = self.distance(from, to)?;
            (to != from && d <= range).then_some((to, d))
        })
    }

    /// True when `via` is strictly between `from` and `to` on at least one
    /// cheapest path (`via` is neither end).
    pub fn on_cheapest_path(&self, from: FaceId, to: FaceId, via: FaceId) -> bool {
        if via == from || via == to {
            return false;
        }
        match (
            self.distance(from, to),
            self.distance(from, via),
            self.distance(via, to),
        ) {
            (Some(total), Some(d1), Some(d2)) => u16::from(d1) + u16::from(d2) == u16::from(total),
            _ => false,
        }
    }

    /// Whether **every** cheapest path from `from` to `to` passes through a
    /// space satisfying `blocked`, counting only the spaces strictly between
    /// the two ends (neither the shooter's start nor the target is "passed
    /// through"). This is the G6 question "does every cheapest path pass
    /// through an enemy fortification?".
    ///
    /// Returns `None` when there is no path (either end unused), and
    /// `Some(false)` when `from == to` or the spaces are adjacent (the direct
    /// step passes through nothing). Range is not checked here.
    pub fn every_cheapest_path_passes_through<P>(
        &self,
        from: FaceId,
        to: FaceId,
        blocked: P,
    ) -> Option<bool>
    where
        P: Fn(FaceId) -> bool,
    {
        let total = self.distance(from, to)?;
        if from == to {
            return Some(false);
        }
        // Depth-first search for a cheapest path avoiding blocked spaces,
        // over the DAG of steps that stay on some cheapest path.
        let mut visited: u128 = 1 << from.index();
        let mut stack = vec![from];
        while let Some(u) = stack.pop() {
            for n in self.cheapest_steps(from, to, total, u) {
                if n == to {
                    return Some(false);
                }
                let bit = 1u128 << n.index();
                if visited & bit == 0 && !blocked(n) {
                    visited |= bit;
                    stack.push(n);
                }
            }
        }
        Some(true)
    }

    /// All cheapest paths from `from` to `to`, each listing the spaces from
    /// `from` to `to` inclusive, in lexicographic order of face ids. Empty when
    /// there is no path; `[[from]]` when `from == to`. The number of paths
    /// grows quickly with distance; meant for pairs within shooting range.
    pub fn cheapest_paths(&self, from: FaceId, to: FaceId) -> Vec<Vec<FaceId>> {
        let mut paths = Vec::new();
        if let Some(total) = self.distance(from, to) {
            let mut path = vec![from];
            self.collect_paths(from, to, total, &mut path, &mut paths);
        }
        paths
    }

    fn collect_paths(
        &self,
        from: FaceId,
        to: FaceId,
        total: u8,
        path: &mut Vec<FaceId>,
        out: &mut Vec<Vec<FaceId>>,
    ) {
        let Some(&last) = path.last() else {
            return;
        };
        if last == to {
            out.push(path.clone());
            return;
        }
        let mut steps: Vec<FaceId> = self.cheapest_steps(from, to, total, last).collect();
        steps.sort_unstable();
        for n in steps {
            path.push(n);
            self.collect_paths(from, to, total, path, out);
            path.pop();
        }
    }

    /// Playable neighbours `n` of `u` (itself on a cheapest `from`→`to` path,
    /// reached at cost `d(from, u)`) such that stepping into `n` stays on a
    /// cheapest path of cost `total`.
    fn cheapest_steps(
        &self,
        from: FaceId,
        to: FaceId,
        total: u8,
        u: FaceId,
    ) -> impl Iterator<Item = FaceId> + '_ {
        let so_far = self.distance(from, u).map_or(u16::MAX, u16::from);
        self.board.neighbours(u).iter().copied().filter(move |&n| {
            let rest = self.distance(n, to).map_or(u16::MAX, u16::from);
            so_far.saturating_add(u16::from(cost(self.board, n)).saturating_add(rest))
                == u16::from(total)
        })
    }
}

/// G2 distance on the shared board, see [`Distances::distance`].
pub fn distance(from: FaceId, to: FaceId) -> Option<u8> {
    Distances::get().distance(from, to)
}

/// G6 helper on the shared board, see
/// [`Distances::every_cheapest_path_passes_through`].
pub fn every_cheapest_path_passes_through<P>(from: FaceId, to: FaceId, blocked: P) -> Option<bool>
where
    P: Fn(FaceId) -> bool,
{
    Distances::get().every_cheapest_path_passes_through(from, to, blocked)
}

/// Entry cost of a playable space (no playability check).
fn cost(board: &Board, f: FaceId) -> u8 {
    if board.is_hq(f) {
        HQ_ENTRY_COST
    } else {
        TRIANGLE_ENTRY_COST
    }
}

#[cfg(test)]
mod tests;
