//! The Globetrotter board's geometry (rulings G1, G2), pure maths with no
//! rendering dependency.
//!
//! * [`geometry`]: the snub dodecahedron (60 vertices, 150 edges, 92 faces),
//!   generated in code, on the unit sphere, canonically numbered.
//! * [`board`]: which faces are playable spaces (G1) and their adjacency.
//! * [`distance`](mod@distance): the G2 shooting distance between playable spaces and
//!   queries about cheapest paths (used by the G6 shooting rule).
//! * [`ids`]: the validated [`FaceId`] / [`VertexId`] newtypes.
//! * [`vec3`]: the few vector helpers the geometry needs (`[f64; 3]`).
//!
//! Everything is built once on first use and shared as `&'static` data:
//! [`Globe::get`], [`Board::get`], [`Distances::get`].

pub mod board;
pub mod distance;
pub mod geometry;
pub mod ids;
pub mod vec3;

pub use board::{Board, HQ_COUNT, PLAYABLE_COUNT, PLAYABLE_TRIANGLE_COUNT};
pub use distance::{
    distance, every_cheapest_path_passes_through, Distances, HQ_ENTRY_COST, MAX_RANGE,
    TRIANGLE_ENTRY_COST,
};
pub use geometry::{Edge, Face, FaceKind, Globe};
pub use ids::{
    FaceId, IdOutOfRange, VertexId, EDGE_COUNT, FACE_COUNT, PENTAGON_COUNT, TRIANGLE_COUNT,
    VERTEX_COUNT,
};
pub use vec3::Vec3;
