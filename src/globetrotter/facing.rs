//! The facing variant's geometry (G12).
//!
//! A rover faces one edge of its space, given as an index into the face's edge list:
//! [`Face::neighbours`](crate::globe::Face::neighbours) entry `i` lies across the edge from corner
//! `i` to corner `i + 1`, corners counter-clockwise seen from outside. So "left" (counter-clockwise
//! seen from outside, the rover's left when the globe is seen from outside) is edge `i + 1`.
//!
//! **Facing after a move.** Straight ahead from the crossed edge, through the new space's centre,
//! lies one of its corners (triangles and pentagons have an odd number of sides), so the two edges
//! meeting at that corner are *equally* near the old facing. The seed says "toward either of the
//! edges ... closest to your facing", so the mover chooses: [`Side::Left`] or [`Side::Right`]. Entering
//! a face with `n` sides through edge `k`, the corner straight ahead is `o = k + (n + 1) / 2`; the
//! left edge is `o` and the right edge `o - 1` (mod `n`). The unit tests check this against the
//! 3-D geometry.
use super::state::Side;
use crate::globe::{FaceId, Globe};

/// The face across edge `facing` of `face` (possibly an unused face: the edge of the board).
pub fn faced(face: FaceId, facing: u8) -> Option<FaceId> {
    Globe::get()
        .face(face)
        .neighbours()
        .get(facing as usize)
        .copied()
}

/// The edge of `face` shared with `other`, if they are adjacent.
pub fn edge_towards(face: FaceId, other: FaceId) -> Option<u8> {
    Globe::get()
        .face(face)
        .neighbours()
        .iter()
        .position(|&g| g == other)
        .map(|i| i as u8)
}

/// The facing in `to` after moving into it from the adjacent `from`, veering to `side`.
pub fn after_move(from: FaceId, to: FaceId, side: Side) -> u8 {
    let n = Globe::get().face(to).neighbours().len() as u8;
    let k = edge_towards(to, from).unwrap_or(0);
    let ahead = (k + n.div_ceil(2)) % n;
    match side {
        Side::Left => ahead,
        Side::Right => (ahead + n - 1) % n,
    }
}

/// The facing after turning once to `side` (G12 Turn).
pub fn turned(face: FaceId, facing: u8, side: Side) -> u8 {
    let n = Globe::get().face(face).neighbours().len() as u8;
    match side {
        Side::Left => (facing + 1) % n,
        Side::Right => (facing + n - 1) % n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::globe::vec3::{add, cross, dot, normalize, scale, sub};
    use crate::globe::{Board, Vec3};

    fn edge_mid(f: FaceId, i: usize) -> Vec3 {
        let g = Globe::get();
        let vs = g.face(f).vertices();
        let a = g.position(vs[i]);
        let b = g.position(vs[(i + 1) % vs.len()]);
        scale(add(a, b), 0.5)
    }

    /// Cosine between the travel direction (old centre to the crossed edge, in the new face's
    /// plane) and the direction from the new centre to each edge midpoint.
    fn alignment(from: FaceId, to: FaceId) -> (Vec<f64>, Vec3) {
        let g = Globe::get();
        let k = edge_towards(from, to).unwrap() as usize;
        let d = sub(edge_mid(from, k), g.face(from).centre());
        let n = g.face(to).normal();
        let d = normalize(sub(d, scale(n, dot(d, n))));
        let cos = (0..g.face(to).neighbours().len())
            .map(|j| dot(d, normalize(sub(edge_mid(to, j), g.face(to).centre()))))
            .collect();
        (cos, d)
    }

    #[test]
    fn g12_both_choices_are_the_nearest_edges_and_left_is_left() {
        let g = Globe::get();
        for &from in Board::get().spaces() {
            for &to in Board::get().neighbours(from) {
                let (cos, d) = alignment(from, to);
                let best = cos.iter().cloned().fold(f64::MIN, f64::max);
                let l = after_move(from, to, Side::Left) as usize;
                let r = after_move(from, to, Side::Right) as usize;
                assert_ne!(l, r);
                assert!((cos[l] - best).abs() < 1e-9, "{from}->{to} left");
                assert!((cos[r] - best).abs() < 1e-9, "{from}->{to} right");
                let others = (0..cos.len()).filter(|&j| j != l && j != r);
                for j in others {
                    assert!(cos[j] < best - 1e-6);
                }
                let n = g.face(to).normal();
                let left = sub(edge_mid(to, l), g.face(to).centre());
                assert!(dot(cross(d, left), n) > 0.0, "left edge lies to the left");
            }
        }
    }

    #[test]
    fn g12_turning_left_then_right_is_identity() {
        for &f in Board::get().spaces() {
            let n = Globe::get().face(f).neighbours().len() as u8;
            for e in 0..n {
                assert_eq!(turned(f, turned(f, e, Side::Left), Side::Right), e);
            }
            assert_eq!(turned(f, n - 1, Side::Left), 0);
        }
    }
}
