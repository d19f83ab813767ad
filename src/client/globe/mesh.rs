//! Building 3D meshes on the CPU: the snub dodecahedron as a solid, flat-shaded globe with
//! visible face edges ([`globe`]), simple lit solids for pieces (pucks, prisms, walls, arrows,
//! rings), and the [`Batch`] that collects their triangles into as few `draw_mesh` calls as
//! possible. Lighting is computed here into vertex colours (flat shading from each face's
//! normal against a light direction), so the default macroquad material is enough.
use crate::globe::{Globe, FACE_COUNT};
use macroquad::models::{Mesh, Vertex};
use macroquad::prelude::*;
use std::sync::OnceLock;

/// The globe's faces in single precision, in the geometry's own frame (unit circumradius).
pub struct Geo {
    pub corners: Vec<Vec<Vec3>>,
    pub centres: Vec<Vec3>,
    pub normals: Vec<Vec3>,
}

impl Geo {
    pub fn get() -> &'static Geo {
        static GEO: OnceLock<Geo> = OnceLock::new();
        GEO.get_or_init(|| {
            let g = Globe::get();
            let v = |p: [f64; 3]| vec3(p[0] as f32, p[1] as f32, p[2] as f32);
            Geo {
                corners: g
                    .faces()
                    .iter()
                    .map(|f| f.vertices().iter().map(|&id| v(g.position(id))).collect())
                    .collect(),
                centres: g.faces().iter().map(|f| v(f.centre())).collect(),
                normals: g.faces().iter().map(|f| v(f.normal())).collect(),
            }
        })
    }

    /// Midpoint of edge `e` of a face (corner `e` to corner `e + 1`).
    pub fn edge_mid(&self, f: usize, e: usize) -> Vec3 {
        let c = &self.corners[f];
        (c[e % c.len()] + c[(e + 1) % c.len()]) * 0.5
    }
}

/// A globe placed in the world: centre, radius and turn.
#[derive(Clone, Copy, Debug)]
pub struct Placed {
    pub centre: Vec3,
    pub radius: f32,
    pub rot: Quat,
}

impl Placed {
    /// World position of a point given in the geometry's frame.
    pub fn point(&self, local: Vec3) -> Vec3 {
        self.centre + self.rot * (local * self.radius)
    }
    /// World direction of a direction given in the geometry's frame.
    pub fn dir(&self, local: Vec3) -> Vec3 {
        self.rot * local
    }
}

/// Flat shading: ambient plus diffuse from the light, and a touch of specular.
pub fn shade(c: Color, normal: Vec3, light: Vec3) -> [u8; 4] {
    let d = normal.dot(light).max(0.0);
    let k = 0.38 + 0.72 * d;
    let spec = d.powi(24) * 0.25;
    let f = |x: f32| ((x * k + spec).clamp(0.0, 1.0) * 255.0) as u8;
    [f(c.r), f(c.g), f(c.b), (c.a.clamp(0.0, 1.0) * 255.0) as u8]
}

/// Triangles waiting to be drawn with the current camera.
pub struct Batch {
    mesh: Mesh,
    /// The camera the batch is drawn with, when known ([`Batch::seen_from`]): rings then get
    /// as many segments as their size on screen needs and leave out the parts outside the view,
    /// and gems leave out their faces turned away from the eye.
    view: Option<View>,
}

impl Default for Batch {
    fn default() -> Self {
        Batch {
            mesh: Mesh {
                vertices: Vec::with_capacity(8192),
                indices: Vec::with_capacity(16384),
                texture: None,
            },
            view: None,
        }
    }
}

/// Segments of a circle `radius_px` pixels in radius so that its chords stray at most
/// [`RING_TOLERANCE_PX`] from the true circle.
pub fn circle_segments(radius_px: f32) -> usize {
    if radius_px <= RING_TOLERANCE_PX {
        return RING_MIN_SEGMENTS;
    }
    let step = (1.0 - RING_TOLERANCE_PX / radius_px).acos();
    ((std::f32::consts::PI / step).ceil() as usize).clamp(RING_MIN_SEGMENTS, RING_MAX_SEGMENTS)
}

/// How far (pixels) a ring's chords may stray from the circle: 56 segments, as fixed before,
/// for a ring 190 pixels in radius.
const RING_TOLERANCE_PX: f32 = 0.3;
const RING_MIN_SEGMENTS: usize = 12;
const RING_MAX_SEGMENTS: usize = 96;

/// The camera of a batch: its view, the view-projection matrix and the viewport in pixels.
#[derive(Clone, Copy)]
struct View {
    eye: Vec3,
    matrix: Mat4,
    rect: Rect,
    /// Pixels per world unit at distance 1 from the eye.
    focal: f32,
    /// From clip space back to the world, and the viewport in whole pixels (top-left origin),
    /// as the camera rounds it: for squares given in screen pixels ([`Batch::screen_square`]).
    inverse: Mat4,
    viewport: Rect,
}

impl View {
    /// Screen position of a world point (`None` behind the eye).
    fn project(&self, p: Vec3) -> Option<Vec2> {
        super::view3d::project(&self.matrix, self.rect, p)
    }
}

impl Batch {
    /// Draws the coming triangles for this camera (see [`Batch`]'s `view`).
    pub fn seen_from(&mut self, view: &super::view3d::View) {
        // The viewport as `View::camera` rounds it (its bottom edge counted from the bottom of a
        // window a whole number of pixels high), from the top.
        let r = view.rect;
        let (w, h) = (r.w.round().max(1.0), r.h.round().max(1.0));
        let viewport = Rect::new(r.x.round(), (r.y + r.h).round() - h, w, h);
        let matrix = view.matrix();
        self.view = Some(View {
            eye: view.eye,
            matrix,
            rect: view.rect,
            focal: view.scale_at(view.eye + (view.target - view.eye).normalize_or_zero()),
            inverse: matrix.inverse(),
            viewport,
        });
    }

    /// A square given in screen pixels (a star), far behind everything else in the scene:
    /// it covers the same pixels as the same square drawn in 2D, and lets the scene's
    /// background go out in the scene's batch. Needs a camera ([`Batch::seen_from`]).
    pub fn screen_square(&mut self, r: Rect, color: Color) {
        let Some(v) = self.view else {
            return;
        };
        // Clip-space depth near the far plane.
        const FAR: f32 = 0.999;
        let vp = v.viewport;
        let at = |x: f32, y: f32| {
            let n = vec4(
                (x - vp.x) / vp.w * 2.0 - 1.0,
                1.0 - (y - vp.y) / vp.h * 2.0,
                FAR,
                1.0,
            );
            let p = v.inverse * n;
            p.truncate() / p.w
        };
        let c: [u8; 4] = color.into();
        self.quad(
            at(r.x, r.y),
            at(r.right(), r.y),
            at(r.right(), r.bottom()),
            at(r.x, r.bottom()),
            c,
        );
    }

    fn room(&mut self, n: usize) {
        if self.mesh.vertices.len() + n > 16_000 {
            self.flush();
        }
    }

    #[cfg(test)]
    fn flush_for_test(&mut self) {
        self.mesh.vertices.clear();
        self.mesh.indices.clear();
    }

    /// Draws what was collected (with the camera set now) and empties the batch.
    pub fn flush(&mut self) {
        if !self.mesh.indices.is_empty() {
            draw_mesh(&self.mesh);
        }
        self.mesh.vertices.clear();
        self.mesh.indices.clear();
    }

    fn vertex(&mut self, p: Vec3, color: [u8; 4]) -> u16 {
        self.mesh.vertices.push(Vertex {
            position: p,
            uv: Vec2::ZERO,
            color,
            normal: Vec4::ZERO,
        });
        (self.mesh.vertices.len() - 1) as u16
    }

    /// A convex polygon in one colour (fan from its first corner).
    pub fn polygon(&mut self, corners: &[Vec3], color: [u8; 4]) {
        if corners.len() < 3 {
            return;
        }
        self.room(corners.len());
        let base = self.mesh.vertices.len() as u16;
        for &c in corners {
            self.vertex(c, color);
        }
        for i in 1..corners.len() as u16 - 1 {
            self.mesh
                .indices
                .extend_from_slice(&[base, base + i, base + i + 1]);
        }
    }

    /// A quad `a b c d` in order.
    pub fn quad(&mut self, a: Vec3, b: Vec3, c: Vec3, d: Vec3, color: [u8; 4]) {
        self.polygon(&[a, b, c, d], color);
    }

    /// A polyline as a flat ribbon `width` wide, turned toward `eye` (lines in 3D that batch
    /// with the solids instead of needing draw calls of their own): one strip, its pieces
    /// sharing their ends.
    pub fn ribbon(&mut self, pts: &[Vec3], eye: Vec3, width: f32, color: [u8; 4]) {
        let n = pts.len();
        if n < 2 {
            return;
        }
        self.room(2 * n);
        let base = self.mesh.vertices.len() as u16;
        for i in 0..n {
            let (p, q) = (pts[i.saturating_sub(1)], pts[(i + 1).min(n - 1)]);
            let side = (q - p).cross(eye - pts[i]).normalize_or_zero() * (width * 0.5);
            self.vertex(pts[i] - side, color);
            self.vertex(pts[i] + side, color);
        }
        for i in 0..n as u16 - 1 {
            let k = base + 2 * i;
            self.mesh
                .indices
                .extend_from_slice(&[k, k + 2, k + 3, k, k + 3, k + 1]);
        }
    }

    /// A prism standing on a polygon: base corners lifted by `height` along `up`, lit sides.
    pub fn prism(&mut self, base: &[Vec3], up: Vec3, height: f32, c: Color, light: Vec3) {
        let top: Vec<Vec3> = base.iter().map(|&p| p + up * height).collect();
        let centre = base.iter().copied().sum::<Vec3>() / base.len().max(1) as f32;
        for i in 0..base.len() {
            let j = (i + 1) % base.len();
            let mid = (base[i] + base[j]) * 0.5;
            let out = (mid - centre).normalize_or_zero();
            self.quad(base[i], base[j], top[j], top[i], shade(c, out, light));
        }
        self.polygon(&top, shade(c, up, light));
    }

    /// A round puck (a prism on a regular polygon) centred at `at` on a surface with normal `up`.
    pub fn puck(&mut self, at: Vec3, up: Vec3, radius: f32, height: f32, c: Color, light: Vec3) {
        let (t1, t2) = up.any_orthonormal_pair();
        let base: Vec<Vec3> = (0..14)
            .map(|i| {
                let a = i as f32 / 14.0 * std::f32::consts::TAU;
                at + (t1 * a.cos() + t2 * a.sin()) * radius
            })
            .collect();
        self.prism(&base, up, height, c, light);
    }

    /// A flat ring (annulus) around `centre` in the plane with normal `axis`, as one strip of
    /// triangles. Without a camera ([`Batch::seen_from`]) small rings (marks around a piece) get
    /// 20 segments and others 56; with one, as many as its size on screen needs, and the
    /// segments outside the view are left out.
    pub fn ring(&mut self, centre: Vec3, axis: Vec3, radius: f32, width: f32, color: [u8; 4]) {
        let (t1, t2) = axis.normalize_or_zero().any_orthonormal_pair();
        let n = match &self.view {
            Some(v) => {
                let d = (centre - v.eye).length().max(1e-3);
                circle_segments(radius * v.focal / d)
            }
            None if radius < 0.5 => 20,
            None => 56,
        };
        let (r0, r1) = (radius - width * 0.5, radius + width * 0.5);
        let dir = |i: usize| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            t1 * a.cos() + t2 * a.sin()
        };
        let Some(view) = self.view else {
            self.room(2 * (n + 1));
            let base = self.mesh.vertices.len() as u16;
            for i in 0..=n {
                let d = dir(i);
                self.vertex(centre + d * r0, color);
                self.vertex(centre + d * r1, color);
            }
            self.strip(base, n);
            return;
        };
        // Screen points of the ring's middle line; a segment is drawn when its box, widened
        // by the ring's width and a margin, meets the view.
        let dirs: Vec<Vec3> = (0..=n).map(dir).collect();
        let scr: Vec<Option<Vec2>> = dirs
            .iter()
            .map(|&d| view.project(centre + d * radius))
            .collect();
        let d = (centre - view.eye).length().max(1e-3);
        let pad = width * view.focal / d + 2.0;
        let area = Rect::new(
            view.rect.x - pad,
            view.rect.y - pad,
            view.rect.w + 2.0 * pad,
            view.rect.h + 2.0 * pad,
        );
        let seen = |i: usize| match (scr[i], scr[i + 1]) {
            (Some(a), Some(b)) => {
                let (lo, hi) = (a.min(b), a.max(b));
                hi.x >= area.x && lo.x <= area.right() && hi.y >= area.y && lo.y <= area.bottom()
            }
            _ => true,
        };
        let mut i = 0;
        while i < n {
            if !seen(i) {
                i += 1;
                continue;
            }
            // A run of segments in view, drawn as one strip.
            let start = i;
            while i < n && seen(i) {
                i += 1;
            }
            self.room(2 * (i - start + 1));
            let base = self.mesh.vertices.len() as u16;
            for &d in &dirs[start..=i] {
                self.vertex(centre + d * r0, color);
                self.vertex(centre + d * r1, color);
            }
            self.strip(base, i - start);
        }
    }

    /// Indices of a strip of `pieces` quads over vertex pairs from `base` (inner, outer).
    fn strip(&mut self, base: u16, pieces: usize) {
        for i in 0..pieces as u16 {
            let k = base + 2 * i;
            self.mesh
                .indices
                .extend_from_slice(&[k, k + 2, k + 3, k, k + 3, k + 1]);
        }
    }

    /// A small lit octahedron (a marker floating in space). With a camera
    /// ([`Batch::seen_from`]) the faces turned away from it, hidden behind the others, are
    /// left out.
    pub fn gem(&mut self, at: Vec3, size: f32, c: Color, light: Vec3) {
        let ax = [Vec3::X, Vec3::Y, Vec3::Z];
        let eye = self.view.map(|v| v.eye);
        for sx in [-1.0f32, 1.0] {
            for sy in [-1.0f32, 1.0] {
                for sz in [-1.0f32, 1.0] {
                    let (a, b, d) = (ax[0] * sx, ax[1] * sy, ax[2] * sz);
                    let n = (a + b + d).normalize();
                    // The face's plane passes through `at + a * size`.
                    if eye.is_some_and(|e| (at + a * size - e).dot(n) >= 0.0) {
                        continue;
                    }
                    let tri = [at + a * size, at + b * size, at + d * size];
                    self.polygon(&tri, shade(c, n, light));
                }
            }
        }
    }
}

/// How one face looks.
#[derive(Clone, Copy, Debug)]
pub struct FaceLook {
    pub fill: Color,
    /// The face's own border band (its edges): dark normally, a highlight colour when lit.
    pub border: Color,
    /// Width of the border band, as a share of the face (0.04–0.2).
    pub band: f32,
    /// The border glows (unshaded): highlights read on the dark side too.
    pub glow: bool,
}

/// Adds a whole globe: each face an inset polygon in its fill colour surrounded by a band in its
/// border colour, both flat-shaded from the face normal against `light` (world direction).
/// Faces turned away from `eye` are hidden behind the solid and are left out.
pub fn globe(b: &mut Batch, g: &Placed, eye: Vec3, light: Vec3, look: impl Fn(usize) -> FaceLook) {
    let geo = Geo::get();
    for f in 0..FACE_COUNT {
        let n = g.dir(geo.normals[f]);
        if (g.point(geo.centres[f]) - eye).dot(n) >= 0.0 {
            continue;
        }
        let l = look(f);
        let fill = shade(l.fill, n, light);
        let border = if l.glow {
            let c = l.border;
            [c.r, c.g, c.b, c.a].map(|x| (x.clamp(0.0, 1.0) * 255.0) as u8)
        } else {
            shade(l.border, n, light)
        };
        let m = geo.centres[f];
        let k = geo.corners[f].len().min(5);
        let (mut outer, mut inner) = ([Vec3::ZERO; 5], [Vec3::ZERO; 5]);
        for (i, &c) in geo.corners[f].iter().take(5).enumerate() {
            outer[i] = g.point(c);
        }
        if l.band <= 0.0 {
            // No border band: the plain face (cheaper, for small globes).
            b.polygon(&outer[..k], fill);
            continue;
        }
        for (i, &c) in geo.corners[f].iter().take(5).enumerate() {
            inner[i] = g.point(m + (c - m) * (1.0 - l.band));
        }
        b.polygon(&inner[..k], fill);
        for i in 0..k {
            let j = (i + 1) % k;
            b.quad(outer[i], outer[j], inner[j], inner[i], border);
        }
    }
}

/// The light for a globe seen from `eye`: from the viewer's upper left.
pub fn light_for(eye: Vec3, centre: Vec3) -> Vec3 {
    let to_eye = (eye - centre).normalize_or_zero();
    (to_eye * 1.0 + vec3(-0.55, 0.65, 0.0)).normalize_or_zero()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shading_is_brighter_toward_the_light() {
        let c = Color::new(0.5, 0.5, 0.5, 1.0);
        let lit = shade(c, Vec3::Z, Vec3::Z);
        let dark = shade(c, -Vec3::Z, Vec3::Z);
        assert!(lit[0] > dark[0]);
        assert!(dark[0] > 0, "ambient keeps the far side visible");
    }

    fn camera() -> super::super::view3d::View {
        super::super::view3d::View {
            rect: Rect::new(100.0, 0.0, 400.0, 600.0),
            eye: vec3(0.0, 3.0, 6.0),
            target: Vec3::ZERO,
            fovy: 0.7,
        }
    }

    #[test]
    fn circles_get_segments_by_size() {
        assert_eq!(circle_segments(190.0), 56);
        assert!(circle_segments(60.0) < circle_segments(120.0));
        assert_eq!(circle_segments(0.1), RING_MIN_SEGMENTS);
        assert_eq!(circle_segments(1e6), RING_MAX_SEGMENTS);
    }

    #[test]
    fn rings_are_strips_cut_to_the_view() {
        let view = camera();
        let mut b = Batch::default();
        b.seen_from(&view);
        // In view: the whole ring, two triangles per segment over shared vertices.
        b.ring(Vec3::ZERO, Vec3::Y, 1.0, 0.05, [255; 4]);
        let n = b.mesh.indices.len() / 6;
        assert!(n >= RING_MIN_SEGMENTS);
        assert_eq!(b.mesh.vertices.len(), 2 * (n + 1));
        // Far to the side, out of view: nothing.
        b.flush_for_test();
        b.ring(vec3(40.0, 0.0, 0.0), Vec3::Y, 1.0, 0.05, [255; 4]);
        assert!(b.mesh.indices.is_empty());
        // Across the edge of the view: only part of it.
        let edge = view.ray(vec2(100.0, 300.0));
        let at = edge.0 + edge.1 * (view.eye.length() - 0.3);
        b.ring(at, Vec3::Y, 1.0, 0.05, [255; 4]);
        let part = b.mesh.indices.len() / 6;
        assert!(
            part > 0 && part < circle_segments(view.scale_at(at)),
            "{part}"
        );
    }

    #[test]
    fn gems_leave_out_their_hidden_faces() {
        let mut b = Batch::default();
        b.gem(Vec3::ZERO, 0.1, WHITE, Vec3::Y);
        assert_eq!(b.mesh.indices.len(), 8 * 3);
        b.flush_for_test();
        b.seen_from(&camera());
        b.gem(Vec3::ZERO, 0.1, WHITE, Vec3::Y);
        assert!(b.mesh.indices.len() <= 4 * 3 && !b.mesh.indices.is_empty());
    }

    #[test]
    fn screen_squares_cover_their_pixels() {
        let view = camera();
        let mut b = Batch::default();
        b.seen_from(&view);
        let r = Rect::new(230.0, 410.0, 2.0, 2.0);
        b.screen_square(r, WHITE);
        let corners = [r.point(), vec2(r.right(), r.y), vec2(r.right(), r.bottom())];
        for (v, want) in b.mesh.vertices.iter().zip(corners) {
            let got = view.project(v.position).unwrap();
            assert!((got - want).length() < 1e-2, "{got} {want}");
            // Behind the scene: farther than anything near the target.
            assert!((v.position - view.eye).length() > 20.0);
        }
    }

    #[test]
    fn globe_mesh_has_every_face() {
        let mut b = Batch::default();
        let p = Placed {
            centre: Vec3::ZERO,
            radius: 1.0,
            rot: Quat::IDENTITY,
        };
        let look = |_| FaceLook {
            fill: WHITE,
            border: BLACK,
            band: 0.1,
            glow: false,
        };
        // Seen from two opposite sides, every face is drawn exactly once:
        // 12 pentagons and 80 triangles, each inset plus one quad per side.
        globe(&mut b, &p, Vec3::Z * 50.0, Vec3::Z, look);
        let front = b.mesh.vertices.len();
        globe(&mut b, &p, -Vec3::Z * 50.0, Vec3::Z, look);
        let verts = 12 * (5 + 5 * 4) + 80 * (3 + 3 * 4);
        assert_eq!(b.mesh.vertices.len(), verts);
        assert!(
            front > verts / 3 && front < verts * 2 / 3,
            "{front} of {verts}"
        );
        assert!(b.mesh.indices.iter().all(|&i| (i as usize) < verts));
    }
}
