//! Where things go in the card game's globe view, as pure maths: each asset in play is a globe,
//! its orbitals are concentric rings at increasing heights, ships and debris sit on the rings
//! at evenly spread angles, the viewer's assets form the near row and the opponent's the far
//! row, and transfer routes are arcs between outermost rings.
use macroquad::prelude::*;

/// Radius of an asset's globe.
pub const GLOBE_R: f32 = 0.55;

/// Radius of orbital `i` (0 is the lowest) around a globe.
pub fn ring_radius(i: u8) -> f32 {
    GLOBE_R + 0.32 + 0.24 * i as f32
}

/// The outer extent of an asset with `rings` orbitals.
pub fn extent(rings: u8) -> f32 {
    if rings == 0 {
        GLOBE_R + 0.1
    } else {
        ring_radius(rings - 1) + 0.08
    }
}

/// The ring's axis: tilted toward the viewer so rings read as ellipses.
pub fn ring_axis() -> Vec3 {
    (Quat::from_rotation_x(0.55) * Vec3::Y).normalize()
}

/// Angles (radians) of `n` things spread on a ring, starting at `phase`; ships first, then
/// debris uses its own phase so the two do not overlap.
pub fn slots(n: usize, phase: f32) -> Vec<f32> {
    (0..n)
        .map(|i| phase + i as f32 / n.max(1) as f32 * std::f32::consts::TAU)
        .collect()
}

/// A point on a ring around `centre` at `angle`.
pub fn on_ring(centre: Vec3, radius: f32, angle: f32) -> Vec3 {
    let (t1, t2) = ring_axis().any_orthonormal_pair();
    centre + (t1 * angle.cos() + t2 * angle.sin()) * radius
}

/// Centres of the assets: `far` (the opponent's) in a row behind, `near` (the viewer's) in
/// front, each row centred on x = 0 and spaced by the assets' extents.
pub fn rows(far: &[u8], near: &[u8]) -> (Vec<Vec3>, Vec<Vec3>) {
    let row = |rings: &[u8], z: f32| {
        let widths: Vec<f32> = rings.iter().map(|&r| 2.0 * extent(r) + 0.25).collect();
        let total: f32 = widths.iter().sum();
        let mut x = -total / 2.0;
        widths
            .iter()
            .map(|w| {
                let c = vec3(x + w / 2.0, 0.0, z);
                x += w;
                c
            })
            .collect::<Vec<_>>()
    };
    let depth = far
        .iter()
        .chain(near)
        .map(|&r| extent(r))
        .fold(1.0f32, f32::max);
    (row(far, -depth - 0.2), row(near, depth + 0.2))
}

/// Points of an arc from `a` to `b` rising `lift` above the straight line at its middle.
pub fn arc(a: Vec3, b: Vec3, lift: f32, pieces: usize) -> Vec<Vec3> {
    (0..=pieces)
        .map(|i| arc_at(a, b, lift, i as f32 / pieces.max(1) as f32))
        .collect()
}

/// The point at `s` (0 at `a`, 1 at `b`) of the arc from `a` to `b` rising `lift`.
pub fn arc_at(a: Vec3, b: Vec3, lift: f32, s: f32) -> Vec3 {
    a.lerp(b, s) + Vec3::Y * lift * 4.0 * s * (1.0 - s)
}

/// Distance in pixels from `p` to the polyline `pts` (screen space).
pub fn polyline_distance(p: Vec2, pts: &[Vec2]) -> f32 {
    pts.windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let ab = b - a;
            let t = ((p - a).dot(ab) / ab.length_squared().max(1e-6)).clamp(0.0, 1.0);
            (a + ab * t - p).length()
        })
        .fold(f32::MAX, f32::min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rings_rise_and_clear_the_globe() {
        assert!(ring_radius(0) > GLOBE_R);
        for i in 0..6 {
            assert!(ring_radius(i + 1) > ring_radius(i));
        }
        assert!(extent(3) > ring_radius(2));
    }

    #[test]
    fn slots_are_evenly_spread() {
        let s = slots(4, 0.3);
        assert_eq!(s.len(), 4);
        let step = std::f32::consts::TAU / 4.0;
        for w in s.windows(2) {
            assert!((w[1] - w[0] - step).abs() < 1e-5);
        }
        assert!(slots(0, 0.0).is_empty());
    }

    #[test]
    fn points_on_a_ring_are_at_its_radius() {
        let c = vec3(1.0, 2.0, 3.0);
        for a in [0.0, 1.0, 2.5] {
            assert!(((on_ring(c, 1.3, a) - c).length() - 1.3).abs() < 1e-5);
        }
    }

    #[test]
    fn rows_do_not_overlap() {
        let (far, near) = rows(&[3, 2], &[4, 1, 2]);
        assert_eq!((far.len(), near.len()), (2, 3));
        assert!(far.iter().all(|p| p.z < 0.0) && near.iter().all(|p| p.z > 0.0));
        let ext = [4u8, 1, 2].map(extent);
        for i in 0..2 {
            let gap = near[i + 1].x - near[i].x;
            assert!(
                gap >= ext[i] + ext[i + 1],
                "assets {i} and {} overlap",
                i + 1
            );
        }
        // Rows are far enough apart for the largest asset.
        assert!(near[0].z - far[0].z >= 2.0 * extent(4));
    }

    #[test]
    fn arcs_rise_between_their_ends() {
        let a = arc(Vec3::ZERO, vec3(2.0, 0.0, 0.0), 0.5, 8);
        assert_eq!(a.first(), Some(&Vec3::ZERO));
        assert_eq!(a.last(), Some(&vec3(2.0, 0.0, 0.0)));
        assert!((a[4].y - 0.5).abs() < 1e-5);
    }

    #[test]
    fn distance_to_a_polyline() {
        let pts = [vec2(0.0, 0.0), vec2(10.0, 0.0), vec2(10.0, 10.0)];
        assert!((polyline_distance(vec2(5.0, 3.0), &pts) - 3.0).abs() < 1e-5);
        assert!((polyline_distance(vec2(12.0, 5.0), &pts) - 2.0).abs() < 1e-5);
    }
}
