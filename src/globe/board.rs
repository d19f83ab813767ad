//! The Globetrotter board (ruling G1): which faces of the snub dodecahedron
//! are playable spaces, which are HQs, and how playable spaces connect.
//!
//! The bottom pole pentagon ([`FaceId::POLE`]) and the 15 triangles sharing at
//! least one vertex with it (5 share an edge, 10 only a vertex) are unused:
//! they cannot be entered, targeted or shot through. The remaining 76 faces
//! (11 pentagons = HQs, 65 triangles) are the playable spaces; two spaces are
//! adjacent when they share an edge.
//!
//! With the canonical numbering of [`geometry`](super::geometry) the unused
//! faces are exactly 0–15 and the playable spaces 16–91; the HQs are 26–30
//! (the five next to the unused region, with 4 playable neighbours each),
//! 61–65 and 91 (the top pole).

use std::sync::OnceLock;

use super::geometry::Globe;
use super::ids::{FaceId, FACE_COUNT};

/// Number of playable spaces (G1).
pub const PLAYABLE_COUNT: usize = 76;
/// Number of playable HQ (pentagon) spaces.
pub const HQ_COUNT: usize = 11;
/// Number of playable triangle spaces.
pub const PLAYABLE_TRIANGLE_COUNT: usize = 65;

/// The playable part of the globe and its adjacency.
#[derive(Debug, Clone)]
pub struct Board {
    globe: &'static Globe,
    playable: [bool; FACE_COUNT],
    spaces: Vec<FaceId>,
    hqs: Vec<FaceId>,
    unused: Vec<FaceId>,
    neighbours: Vec<Vec<FaceId>>,
    /// `neighbours` as sets of faces (bit `f` for face `f`).
    neighbour_sets: Vec<u128>,
    adjacencies: Vec<[FaceId; 2]>,
}

impl Board {
    /// The shared, lazily built board.
    pub fn get() -> &'static Board {
        static BOARD: OnceLock<Board> = OnceLock::new();
        BOARD.get_or_init(|| Board::new(Globe::get()))
    }

    /// Builds the board on `globe` (prefer [`Board::get`]).
    pub fn new(globe: &'static Globe) -> Board {
        let mut playable = [true; FACE_COUNT];
        for f in FaceId::all() {
            if globe.share_vertex(f, FaceId::POLE) {
                playable[f.index()] = false;
            }
        }
        let spaces: Vec<FaceId> = FaceId::all().filter(|f| playable[f.index()]).collect();
        let hqs = spaces
            .iter()
            .copied()
            .filter(|&f| globe.face(f).is_pentagon())
            .collect();
        let unused = FaceId::all().filter(|f| !playable[f.index()]).collect();
        let neighbours: Vec<Vec<FaceId>> = FaceId::all()
            .map(|f| {
                if !playable[f.index()] {
                    return Vec::new();
                }
                globe
                    .neighbours(f)
                    .iter()
                    .copied()
                    .filter(|g| playable[g.index()])
                    .collect()
            })
            .collect();
        let adjacencies = globe
            .edges()
            .iter()
            .map(|e| e.faces)
            .filter(|[a, b]| playable[a.index()] && playable[b.index()])
            .collect();
        let neighbour_sets = neighbours
            .iter()
            .map(|ns| ns.iter().fold(0u128, |set, n| set | 1u128 << n.index()))
            .collect();
        Board {
            globe,
            playable,
            spaces,
            hqs,
            unused,
            neighbours,
            neighbour_sets,
            adjacencies,
        }
    }

    /// The underlying geometry.
    pub fn globe(&self) -> &'static Globe {
        self.globe
    }

    /// True for the 76 playable spaces.
    pub fn is_playable(&self, f: FaceId) -> bool {
        self.playable[f.index()]
    }

    /// True for the 11 playable pentagons (the unused pole is not an HQ).
    pub fn is_hq(&self, f: FaceId) -> bool {
        self.is_playable(f) && self.globe.face(f).is_pentagon()
    }

    /// True for the 65 playable triangles.
    pub fn is_playable_triangle(&self, f: FaceId) -> bool {
        self.is_playable(f) && !self.globe.face(f).is_pentagon()
    }

    /// The playable spaces, in increasing id order.
    pub fn spaces(&self) -> &[FaceId] {
        &self.spaces
    }

    /// The playable HQ spaces, in increasing id order.
    pub fn hqs(&self) -> &[FaceId] {
        &self.hqs
    }

    /// The 16 unused faces (the pole first), in increasing id order.
    pub fn unused(&self) -> &[FaceId] {
        &self.unused
    }

    /// Playable spaces sharing an edge with `f` (empty when `f` is unused),
    /// in the face's edge order.
    pub fn neighbours(&self, f: FaceId) -> &[FaceId] {
        &self.neighbours[f.index()]
    }

    /// [`Board::neighbours`] of `f` as a set of faces: bit `n` for face `n`.
    pub fn neighbour_set(&self, f: FaceId) -> u128 {
        self.neighbour_sets.get(f.index()).copied().unwrap_or(0)
    }

    /// True when `a` and `b` are both playable and share an edge.
    pub fn are_adjacent(&self, a: FaceId, b: FaceId) -> bool {
        self.neighbour_set(a) & 1u128 << b.index() != 0
    }

    /// The 120 edges between two playable spaces, as sorted face pairs.
    pub fn adjacencies(&self) -> &[[FaceId; 2]] {
        &self.adjacencies
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> &'static Board {
        Board::get()
    }

    fn count_where(faces: &[FaceId], pred: impl Fn(FaceId) -> bool) -> usize {
        faces.iter().filter(|&&f| pred(f)).count()
    }

    #[test]
    fn g1_board_has_76_playable_spaces() {
        let b = board();
        assert_eq!(b.spaces().len(), PLAYABLE_COUNT);
        assert_eq!(b.hqs().len(), HQ_COUNT);
        assert_eq!(
            count_where(b.spaces(), |f| b.is_playable_triangle(f)),
            PLAYABLE_TRIANGLE_COUNT
        );
        assert_eq!(b.unused().len(), 16);
        assert!(b.spaces().iter().all(|&f| b.is_playable(f)));
        assert!(b.unused().iter().all(|&f| !b.is_playable(f) && !b.is_hq(f)));
    }

    #[test]
    fn g1_bottom_pole_is_unused_and_not_an_hq() {
        let b = board();
        assert!(!b.is_playable(FaceId::POLE));
        assert!(!b.is_hq(FaceId::POLE));
        assert_eq!(b.unused().first(), Some(&FaceId::POLE));
        assert!(b.neighbours(FaceId::POLE).is_empty());
    }

    #[test]
    fn g1_unused_triangles_five_share_an_edge_ten_only_a_vertex() {
        let b = board();
        let g = b.globe();
        let triangles: Vec<FaceId> = b.unused()[1..].to_vec();
        assert_eq!(triangles.len(), 15);
        assert!(triangles.iter().all(|&f| !g.face(f).is_pentagon()));
        let by_edge = count_where(&triangles, |f| g.are_adjacent(f, FaceId::POLE));
        let by_vertex_only = count_where(&triangles, |f| {
            !g.are_adjacent(f, FaceId::POLE) && g.share_vertex(f, FaceId::POLE)
        });
        assert_eq!((by_edge, by_vertex_only), (5, 10));
        // Faces 1-5 are exactly the ones sharing an edge with the pole.
        assert_eq!(g.neighbours(FaceId::POLE).len(), 5);
        assert!(g
            .neighbours(FaceId::POLE)
            .iter()
            .all(|f| (1..=5).contains(&f.get())));
    }

    #[test]
    fn g1_board_has_120_playable_shared_edges() {
        let b = board();
        assert_eq!(b.adjacencies().len(), 120);
        let degree_sum: usize = b.spaces().iter().map(|&f| b.neighbours(f).len()).sum();
        assert_eq!(degree_sum, 2 * 120);
        for &[x, y] in b.adjacencies() {
            assert!(x < y && b.are_adjacent(x, y) && b.are_adjacent(y, x));
        }
    }

    #[test]
    fn g1_six_hqs_have_five_neighbours_and_five_have_four() {
        let b = board();
        let degree = |n| count_where(b.hqs(), |f| b.neighbours(f).len() == n);
        assert_eq!((degree(5), degree(4)), (6, 5));
        // The five with 4 playable neighbours are the ones next to the unused
        // region.
        for &hq in b.hqs() {
            let touches_unused = b.globe().neighbours(hq).iter().any(|&n| !b.is_playable(n));
            assert_eq!(touches_unused, b.neighbours(hq).len() == 4);
        }
    }

    #[test]
    fn g1_sixty_triangles_have_three_neighbours_and_five_have_two() {
        let b = board();
        let degree = |n| {
            count_where(b.spaces(), |f| {
                b.is_playable_triangle(f) && b.neighbours(f).len() == n
            })
        };
        assert_eq!((degree(3), degree(2)), (60, 5));
        assert_eq!(degree(1) + degree(0), 0);
    }

    #[test]
    fn g1_playable_neighbours_are_a_subset_of_geometric_neighbours() {
        let b = board();
        for &f in b.spaces() {
            for n in b.neighbours(f) {
                assert!(b.globe().neighbours(f).contains(n));
                assert!(b.is_playable(*n));
            }
        }
    }

    #[test]
    fn g1_playable_region_is_connected() {
        let b = board();
        let mut seen = [false; FACE_COUNT];
        let mut stack = vec![b.spaces()[0]];
        seen[b.spaces()[0].index()] = true;
        while let Some(f) = stack.pop() {
            for &n in b.neighbours(f) {
                if !seen[n.index()] {
                    seen[n.index()] = true;
                    stack.push(n);
                }
            }
        }
        assert_eq!(seen.iter().filter(|&&s| s).count(), PLAYABLE_COUNT);
    }
}
