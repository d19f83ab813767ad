//! Unit tests for the snub dodecahedron geometry (G1 board shape).

use super::*;
use crate::globe::ids::{EDGE_COUNT, PENTAGON_COUNT, TRIANGLE_COUNT};
use crate::globe::vec3::norm;

fn globe() -> &'static Globe {
    Globe::get()
}

fn pentagon_count(g: &Globe, faces: &[FaceId]) -> usize {
    faces.iter().filter(|&&f| g.face(f).is_pentagon()).count()
}

#[test]
fn g1_snub_dodecahedron_has_60_vertices_150_edges_92_faces() {
    let g = globe();
    assert_eq!(g.vertices().len(), VERTEX_COUNT);
    assert_eq!(g.edges().len(), EDGE_COUNT);
    assert_eq!(g.faces().len(), FACE_COUNT);
    let pentagons = g.faces().iter().filter(|f| f.is_pentagon()).count();
    assert_eq!(
        (pentagons, FACE_COUNT - pentagons),
        (PENTAGON_COUNT, TRIANGLE_COUNT)
    );
    for f in g.faces() {
        assert_eq!(f.vertices().len(), f.kind().sides());
        assert_eq!(f.neighbours().len(), f.kind().sides());
    }
}

#[test]
fn g1_euler_characteristic_is_two() {
    let g = globe();
    let (v, e, f) = (g.vertices().len(), g.edges().len(), g.faces().len());
    assert_eq!(v + f, e + 2);
}

#[test]
fn g1_each_vertex_has_four_triangles_and_one_pentagon() {
    let g = globe();
    for v in VertexId::all() {
        let around = g.vertex_faces(v);
        assert_eq!(around.len(), 5);
        assert!(g.face(around[0]).is_pentagon());
        assert_eq!(pentagon_count(g, around), 1);
        let containing = g.faces().iter().filter(|f| f.vertices().contains(&v));
        assert_eq!(containing.count(), 5);
        for &f in around {
            assert!(g.face(f).vertices().contains(&v));
        }
        // Consecutive faces around a vertex share an edge and turn
        // counter-clockwise seen from outside.
        let p = g.position(v);
        for k in 0..5 {
            let (f, next) = (around[k], around[(k + 1) % 5]);
            assert!(g.are_adjacent(f, next));
            let (a, b) = (sub(g.face(f).centre(), p), sub(g.face(next).centre(), p));
            assert!(dot(cross(a, b), p) > 0.0);
        }
    }
}

#[test]
fn g1_sixty_pentagon_triangle_edges_and_ninety_triangle_triangle_edges() {
    let g = globe();
    let mixed = g
        .edges()
        .iter()
        .filter(|e| pentagon_count(g, &e.faces) == 1)
        .count();
    let triangle_only = g
        .edges()
        .iter()
        .filter(|e| pentagon_count(g, &e.faces) == 0)
        .count();
    assert_eq!((mixed, triangle_only), (60, 90));
}

#[test]
fn g1_sixty_triangles_touch_one_pentagon_twenty_touch_only_triangles() {
    let g = globe();
    let triangles: Vec<FaceId> = FaceId::all()
        .filter(|&f| !g.face(f).is_pentagon())
        .collect();
    let touching = |n| {
        triangles
            .iter()
            .filter(|&&t| pentagon_count(g, g.neighbours(t)) == n)
            .count()
    };
    assert_eq!((touching(1), touching(0), touching(2)), (60, 20, 0));
    // Pentagons only border triangles.
    for f in g.faces().iter().filter(|f| f.is_pentagon()) {
        assert_eq!(pentagon_count(g, f.neighbours()), 0);
    }
}

#[test]
fn g1_edges_and_adjacency_are_consistent() {
    let g = globe();
    for e in g.edges() {
        let [a, b] = e.faces;
        assert!(a < b && e.vertices[0] < e.vertices[1]);
        assert!(g.are_adjacent(a, b) && g.are_adjacent(b, a));
        for f in [a, b] {
            assert!(e.vertices.iter().all(|v| g.face(f).vertices().contains(v)));
        }
    }
    for (i, f) in g.faces().iter().enumerate() {
        let id = FaceId::from_index(i);
        let n = f.vertices().len();
        for k in 0..n {
            let other = g.face(f.neighbours()[k]);
            let (a, b) = (f.vertices()[k], f.vertices()[(k + 1) % n]);
            assert!(other.vertices().contains(&a) && other.vertices().contains(&b));
            assert!(other.neighbours().contains(&id));
        }
    }
}

#[test]
fn g1_vertices_on_unit_sphere_and_edges_equal() {
    let g = globe();
    for &p in g.vertices() {
        assert!((norm(p) - 1.0).abs() < 1e-12);
    }
    // Edge length of the unit-circumradius snub dodecahedron.
    assert!((g.edge_length() - 0.463_856_880_645).abs() < 1e-9);
    for e in g.edges() {
        let len = distance(g.position(e.vertices[0]), g.position(e.vertices[1]));
        assert!((len - g.edge_length()).abs() < 1e-12);
    }
}

#[test]
fn g1_faces_are_planar_regular_and_face_outward() {
    let g = globe();
    for f in g.faces() {
        let corners: Vec<Vec3> = f.vertices().iter().map(|&v| g.position(v)).collect();
        let n = corners.len();
        let offset = dot(f.normal(), f.centre());
        assert!(offset > 0.5, "normal must point outward");
        assert!((norm(f.normal()) - 1.0).abs() < 1e-12);
        // Normal parallel to the centre direction (regular face on a sphere).
        assert!(norm(cross(f.normal(), normalize(f.centre()))) < 1e-12);
        for k in 0..n {
            let (a, b) = (corners[k], corners[(k + 1) % n]);
            assert!((dot(f.normal(), a) - offset).abs() < 1e-12, "planar");
            assert!((distance(a, b) - g.edge_length()).abs() < 1e-12, "regular");
            assert!((distance(a, f.centre()) - distance(b, f.centre())).abs() < 1e-12);
            // Counter-clockwise seen from outside.
            let turn = cross(sub(a, f.centre()), sub(b, f.centre()));
            assert!(dot(turn, f.normal()) > 0.0);
        }
        let lowest = f.vertices().iter().min();
        assert_eq!(f.vertices().first(), lowest);
    }
}

#[test]
fn g1_face_zero_is_bottom_pole_and_numbering_runs_bottom_to_top() {
    let g = globe();
    let pole = g.face(FaceId::POLE);
    assert!(pole.is_pentagon());
    let c = normalize(pole.centre());
    assert!(norm(sub(c, [0.0, 0.0, -1.0])) < 1e-12);
    let top = g.faces().last().map(Face::centre).unwrap_or([0.0; 3]);
    assert!(norm(sub(normalize(top), [0.0, 0.0, 1.0])) < 1e-12);
    // Faces 1-5 share an edge with the pole; face 1 sits at longitude 0.
    let mut around_pole = pole.neighbours().to_vec();
    around_pole.sort();
    assert_eq!(
        around_pole,
        (1..=5).filter_map(FaceId::new).collect::<Vec<_>>()
    );
    assert!(g.faces()[1].centre()[1].abs() < 1e-12 && g.faces()[1].centre()[0] > 0.0);
    // Bands and longitudes never decrease along the numbering.
    for pair in g.faces().windows(2) {
        assert!(pair[0].band() <= pair[1].band());
        assert!(pair[0].centre()[2] <= pair[1].centre()[2] + BAND_TOLERANCE);
    }
    let pentagons: Vec<u8> = FaceId::all()
        .filter(|&f| g.face(f).is_pentagon())
        .map(FaceId::get)
        .collect();
    assert_eq!(pentagons, [0, 26, 27, 28, 29, 30, 61, 62, 63, 64, 65, 91]);
    assert_eq!(g.faces()[91].band(), 17);
}

#[test]
fn g1_numbering_is_stable() {
    // Rebuilding gives bit-identical output.
    assert_eq!(&Globe::build(), globe());
    // Golden values pinning the numbering scheme.
    let g = globe();
    let ids = |f: u8| -> Vec<u8> {
        FaceId::new(f)
            .map(|f| g.neighbours(f).iter().map(|n| n.get()).collect())
            .unwrap_or_default()
    };
    assert_eq!(ids(0), [1, 5, 4, 3, 2]);
    assert_eq!(ids(1), [6, 15, 0]);
    assert_eq!(ids(26), [17, 37, 41, 21, 7]);
    assert_eq!(ids(91), [87, 88, 89, 90, 86]);
    let corners: Vec<u8> = g.faces()[61].vertices().iter().map(|v| v.get()).collect();
    assert_eq!(corners, [30, 35, 45, 50, 44]);
}

#[test]
fn g1_numbering_has_margin_against_float_noise() {
    // Distinct bands are far apart compared with BAND_TOLERANCE, and no two
    // points of a band have nearly equal longitudes, so rounding noise cannot
    // reorder anything.
    let g = globe();
    let centres: Vec<Vec3> = g.faces().iter().map(Face::centre).collect();
    for points in [g.vertices(), &centres[..]] {
        let bands = latitude_bands(points);
        for a in 0..points.len() {
            for b in a + 1..points.len() {
                let dz = (points[a][2] - points[b][2]).abs();
                if bands[a] == bands[b] {
                    assert!(dz < 1e-12);
                    let gap = (longitude(points[a]) - longitude(points[b])).abs();
                    assert!(gap > 1e-3, "longitudes too close in a band");
                } else {
                    assert!(dz > 1e-3, "bands too close");
                }
            }
        }
        for &p in points {
            // Points off the axis are clear of the 2π seam (or exactly at 0).
            if p[0].hypot(p[1]) > 1e-9 {
                let lon = longitude(p);
                assert!(lon < 1e-12 || lon < std::f64::consts::TAU - 1e-3);
            }
        }
    }
}
