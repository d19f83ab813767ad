//! Snub dodecahedron geometry (placeholder until the geometry module lands).
