//! Minimal 3-vector arithmetic on `[f64; 3]` for the globe geometry (kept
//! local so the module needs no maths or rendering crate).

/// A point or direction in 3-space.
pub type Vec3 = [f64; 3];

/// `a + b`.
pub fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `a − b`.
pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `s · a`.
pub fn scale(a: Vec3, s: f64) -> Vec3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

/// Dot product.
pub fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Cross product (right-handed).
pub fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// Euclidean length.
pub fn norm(a: Vec3) -> f64 {
    dot(a, a).sqrt()
}

/// `a` scaled to unit length (callers never pass the zero vector).
pub fn normalize(a: Vec3) -> Vec3 {
    scale(a, 1.0 / norm(a))
}

/// Euclidean distance between two points.
pub fn distance(a: Vec3, b: Vec3) -> f64 {
    norm(sub(a, b))
}

/// Converts to single precision, e.g. for a renderer's vertex buffer.
pub fn to_f32(a: Vec3) -> [f32; 3] {
    a.map(|x| x as f32)
}
