//! Public-API checks for `orbitals::globe` (rulings G1, G2, G6), as the rules
//! engine and client see it.

use orbitals::globe::{
    distance, every_cheapest_path_passes_through, Board, Distances, FaceId, FaceKind, Globe,
    FACE_COUNT, HQ_COUNT, MAX_RANGE, PLAYABLE_COUNT,
};

fn face(raw: u8) -> FaceId {
    FaceId::new(raw).expect("valid test face")
}

#[test]
fn g1_public_board_facts() {
    let globe = Globe::get();
    assert_eq!(globe.faces().len(), FACE_COUNT);
    assert_eq!(globe.face(FaceId::POLE).kind(), FaceKind::Pentagon);
    let board = Board::get();
    assert_eq!(board.spaces().len(), PLAYABLE_COUNT);
    assert_eq!(board.hqs().len(), HQ_COUNT);
    assert_eq!(board.adjacencies().len(), 120);
    // Faces 0-15 are the unused region, 16-91 the playable board.
    let unused: Vec<u8> = board.unused().iter().map(|f| f.get()).collect();
    assert_eq!(unused, (0..16).collect::<Vec<u8>>());
    assert!(!board.is_playable(FaceId::POLE));
    assert!(board.is_hq(face(91)) && !board.is_hq(face(90)));
    assert_eq!(FaceId::new(92), None);
}

#[test]
fn g2_public_distance_and_g6_query() {
    assert_eq!(distance(face(91), face(86)), Some(1));
    assert_eq!(distance(face(86), face(91)), Some(2));
    assert_eq!(distance(FaceId::POLE, face(91)), None);
    let table = Distances::get();
    assert!(table.in_range(face(66), face(76)));
    assert_eq!(table.distance(face(66), face(76)), Some(MAX_RANGE));
    // Two cheapest paths 66 -> 76: through HQ 61, or round the corner via 71, 77.
    let fortified = |f: FaceId| f == face(61);
    assert_eq!(
        every_cheapest_path_passes_through(face(66), face(76), fortified),
        Some(false)
    );
    let both = |f: FaceId| f == face(61) || f == face(77);
    assert_eq!(
        every_cheapest_path_passes_through(face(66), face(76), both),
        Some(true)
    );
}
