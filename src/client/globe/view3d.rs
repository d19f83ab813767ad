//! The 3D camera of a globe view and its pure maths: a perspective camera looking into a
//! screen rectangle ([`View`]), projection of world points to the screen, rays from screen
//! points, ray–polygon picking ([`ray_polygon`]), and the turning state of one spinning globe
//! ([`Spin`]: drag, keys, wheel zoom, smooth motion, centring a face).
//!
//! World space is right-handed with `+y` up. A globe's own geometry (see [`crate::globe`]) has
//! `+z` up; [`Spin::rotation`] includes the turn that stands it upright.
use macroquad::prelude::*;

/// A perspective camera that renders into `rect` (screen pixels, top-left origin).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub rect: Rect,
    pub eye: Vec3,
    pub target: Vec3,
    pub fovy: f32,
}

impl View {
    /// A camera on the `+z` axis at `distance` from `target`.
    pub fn looking_at(rect: Rect, target: Vec3, distance: f32) -> View {
        View {
            rect,
            eye: target + vec3(0.0, 0.0, distance),
            target,
            fovy: 0.62,
        }
    }

    fn aspect(&self) -> f32 {
        (self.rect.w / self.rect.h.max(1.0)).max(0.01)
    }

    /// View-projection matrix (the same one macroquad builds for [`View::camera`]).
    pub fn matrix(&self) -> Mat4 {
        Mat4::perspective_rh_gl(self.fovy, self.aspect(), 0.05, 200.0)
            * Mat4::look_at_rh(self.eye, self.target, Vec3::Y)
    }

    /// The macroquad camera drawing into `rect` of a window `screen_h` pixels high.
    pub fn camera(&self, screen_h: f32) -> Camera3D {
        let r = self.rect;
        Camera3D {
            position: self.eye,
            target: self.target,
            up: Vec3::Y,
            fovy: self.fovy,
            aspect: Some(self.aspect()),
            viewport: Some((
                r.x.round() as i32,
                (screen_h - r.y - r.h).round() as i32,
                r.w.round().max(1.0) as i32,
                r.h.round().max(1.0) as i32,
            )),
            z_near: 0.05,
            z_far: 200.0,
            ..Default::default()
        }
    }

    /// Screen position of a world point, or `None` behind the camera.
    pub fn project(&self, p: Vec3) -> Option<Vec2> {
        project(&self.matrix(), self.rect, p)
    }

    /// Pixels per world unit at the distance of `p` (for sizing labels).
    pub fn scale_at(&self, p: Vec3) -> f32 {
        let d = (p - self.eye).length().max(0.01);
        self.rect.h / (2.0 * d * (self.fovy / 2.0).tan())
    }

    /// The ray through a screen point: origin on the near plane and unit direction.
    pub fn ray(&self, screen: Vec2) -> (Vec3, Vec3) {
        let nx = (screen.x - self.rect.x) / self.rect.w.max(1.0) * 2.0 - 1.0;
        let ny = 1.0 - (screen.y - self.rect.y) / self.rect.h.max(1.0) * 2.0;
        let inv = self.matrix().inverse();
        let a = inv * vec4(nx, ny, -1.0, 1.0);
        let b = inv * vec4(nx, ny, 1.0, 1.0);
        let (a, b) = (a.truncate() / a.w, b.truncate() / b.w);
        (a, (b - a).normalize_or_zero())
    }

    /// Is the world point's side of a surface with this outward normal turned to the camera?
    pub fn faces_camera(&self, p: Vec3, normal: Vec3) -> bool {
        normal.dot(self.eye - p) > 0.0
    }
}

/// Distance along the ray to a convex planar polygon (corners in order), if the ray hits it
/// from either side.
pub fn ray_polygon(origin: Vec3, dir: Vec3, corners: &[Vec3]) -> Option<f32> {
    if corners.len() < 3 {
        return None;
    }
    let n = (corners[1] - corners[0]).cross(corners[2] - corners[0]);
    let denom = n.dot(dir);
    if denom.abs() < 1e-9 {
        return None;
    }
    let t = n.dot(corners[0] - origin) / denom;
    if t < 0.0 {
        return None;
    }
    let p = origin + dir * t;
    let k = corners.len();
    for i in 0..k {
        let (a, b) = (corners[i], corners[(i + 1) % k]);
        if (b - a).cross(p - a).dot(n) < -1e-7 {
            return None;
        }
    }
    Some(t)
}

/// Distance along the ray to a sphere, if it hits.
pub fn ray_sphere(origin: Vec3, dir: Vec3, centre: Vec3, radius: f32) -> Option<f32> {
    let oc = origin - centre;
    let b = oc.dot(dir);
    let c = oc.length_squared() - radius * radius;
    let disc = b * b - c;
    if disc < 0.0 {
        return None;
    }
    let t = -b - disc.sqrt();
    (t >= 0.0).then_some(t)
}

/// How one globe is turned and zoomed: yaw about the vertical axis, then pitch toward the
/// viewer, so the pole stays upright; the goal the user asked for and the smoothed state that
/// is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Spin {
    pub yaw: f32,
    pub pitch: f32,
    pub yaw_goal: f32,
    pub pitch_goal: f32,
    /// Camera distance in globe radii (drawn) and its goal.
    pub zoom: f32,
    pub zoom_goal: f32,
}

/// Stands the geometry's `+z` pole up (`+y`).
pub fn upright() -> Quat {
    Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)
}

const PITCH_LIMIT: f32 = 1.45;

impl Default for Spin {
    fn default() -> Self {
        // A little tilt toward the viewer so the top and the playable northern half read.
        Spin {
            yaw: 0.0,
            pitch: 0.45,
            yaw_goal: 0.0,
            pitch_goal: 0.45,
            zoom: 4.4,
            zoom_goal: 4.4,
        }
    }
}

impl Spin {
    pub const MIN_ZOOM: f32 = 2.2;
    pub const MAX_ZOOM: f32 = 9.0;

    /// The turn applied to the globe's geometry (drawn).
    pub fn rot(&self) -> Quat {
        Self::rotation(self.yaw, self.pitch)
    }

    fn rotation(yaw: f32, pitch: f32) -> Quat {
        Quat::from_rotation_x(pitch) * Quat::from_rotation_y(yaw) * upright()
    }

    /// Turns at once (dragging) by `yaw` about the vertical axis and `pitch` toward the viewer.
    pub fn turn(&mut self, yaw: f32, pitch: f32) {
        self.nudge(yaw, pitch);
        self.yaw = self.yaw_goal;
        self.pitch = self.pitch_goal;
    }

    /// Turns smoothly (keys): only the goal moves.
    pub fn nudge(&mut self, yaw: f32, pitch: f32) {
        self.yaw_goal += yaw;
        self.pitch_goal = (self.pitch_goal + pitch).clamp(-PITCH_LIMIT, PITCH_LIMIT);
    }

    /// Zooms by wheel notches (positive: closer).
    pub fn wheel(&mut self, notches: f32) {
        self.zoom_goal =
            (self.zoom_goal * 0.9f32.powf(notches)).clamp(Self::MIN_ZOOM, Self::MAX_ZOOM);
    }

    /// Heads for the turn that shows the geometry's direction `local` (a face normal) to the
    /// camera (`+z`), the pole kept upright.
    pub fn centre_on(&mut self, local: Vec3) {
        let u = upright() * local;
        if !u.is_finite() || u.length_squared() < 1e-9 {
            return;
        }
        let yaw = -u.x.atan2(u.z);
        let flat = (u.x * u.x + u.z * u.z).sqrt();
        let pitch = u.y.atan2(flat).clamp(-PITCH_LIMIT, PITCH_LIMIT);
        // The shortest way round from the current yaw.
        let tau = std::f32::consts::TAU;
        let d = (yaw - self.yaw_goal).rem_euclid(tau);
        let d = if d > tau / 2.0 { d - tau } else { d };
        self.yaw_goal += d;
        self.pitch_goal = pitch;
    }

    /// Moves the drawn state toward the goal (frame-rate independent).
    pub fn update(&mut self, dt: f32) {
        let k = 1.0 - (-dt * 9.0).exp();
        self.yaw += (self.yaw_goal - self.yaw) * k;
        self.pitch += (self.pitch_goal - self.pitch) * k;
        self.zoom += (self.zoom_goal - self.zoom) * k;
    }
}

/// Screen position of a world point through the view-projection `matrix` into the viewport
/// `rect`, or `None` behind the camera.
pub fn project(matrix: &Mat4, rect: Rect, p: Vec3) -> Option<Vec2> {
    let c = *matrix * p.extend(1.0);
    if c.w <= 1e-5 {
        return None;
    }
    let n = c.truncate() / c.w;
    Some(vec2(
        rect.x + (n.x + 1.0) * 0.5 * rect.w,
        rect.y + (1.0 - n.y) * 0.5 * rect.h,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> View {
        View::looking_at(Rect::new(100.0, 50.0, 800.0, 600.0), Vec3::ZERO, 4.0)
    }

    #[test]
    fn projection_and_ray_agree() {
        let v = view();
        let p = vec3(0.3, -0.2, 0.5);
        let s = v.project(p).unwrap();
        let (o, d) = v.ray(s);
        // The ray passes through the point.
        let t = (p - o).dot(d);
        assert!((o + d * t - p).length() < 1e-3);
        // The target is the centre of the rectangle.
        let c = v.project(Vec3::ZERO).unwrap();
        assert!((c - vec2(500.0, 350.0)).length() < 1e-3);
    }

    #[test]
    fn ray_hits_the_nearest_polygon() {
        let square = |z: f32| {
            vec![
                vec3(-1.0, -1.0, z),
                vec3(1.0, -1.0, z),
                vec3(1.0, 1.0, z),
                vec3(-1.0, 1.0, z),
            ]
        };
        let o = vec3(0.2, 0.3, 5.0);
        let d = vec3(0.0, 0.0, -1.0);
        let hit = [(1, square(0.0)), (2, square(1.0)), (3, square(-1.0))]
            .into_iter()
            .filter_map(|(id, c)| ray_polygon(o, d, &c).map(|t| (id, t)))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        assert_eq!(hit.map(|h| h.0), Some(2));
        assert!((hit.unwrap().1 - 4.0).abs() < 1e-5);
        // Outside the polygon, or behind the origin: no hit.
        assert_eq!(ray_polygon(vec3(3.0, 0.0, 5.0), d, &square(0.0)), None);
        assert_eq!(ray_polygon(o, -d, &square(0.0)), None);
    }

    #[test]
    fn picks_the_face_under_the_centre_of_the_view() {
        let g = crate::globe::Globe::get();
        let mut spin = Spin::default();
        let f = crate::globe::FaceId::from_index(40);
        let n = g.face(f).normal();
        spin.centre_on(vec3(n[0] as f32, n[1] as f32, n[2] as f32));
        for _ in 0..200 {
            spin.update(0.05);
        }
        let v = view();
        let (o, d) = v.ray(vec2(500.0, 350.0));
        let faces = g.faces().iter().enumerate().map(|(i, face)| {
            let c = face
                .vertices()
                .iter()
                .map(|&vid| {
                    let p = g.position(vid);
                    spin.rot() * vec3(p[0] as f32, p[1] as f32, p[2] as f32)
                })
                .collect::<Vec<_>>();
            (i, c)
        });
        let hit = faces
            .filter_map(|(id, c)| ray_polygon(o, d, &c).map(|t| (id, t)))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        assert_eq!(hit.map(|h| h.0), Some(40));
    }

    #[test]
    fn sphere_hit_and_miss() {
        let t = ray_sphere(vec3(0.0, 0.0, 5.0), vec3(0.0, 0.0, -1.0), Vec3::ZERO, 1.0);
        assert!((t.unwrap() - 4.0).abs() < 1e-5);
        assert!(ray_sphere(vec3(2.0, 0.0, 5.0), vec3(0.0, 0.0, -1.0), Vec3::ZERO, 1.0).is_none());
    }

    #[test]
    fn zoom_is_clamped() {
        let mut s = Spin::default();
        s.wheel(100.0);
        assert_eq!(s.zoom_goal, Spin::MIN_ZOOM);
        s.wheel(-100.0);
        assert_eq!(s.zoom_goal, Spin::MAX_ZOOM);
    }
}
