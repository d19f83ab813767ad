//! Drawing one Globetrotter planet: the globe's faces (HQ pentagons, triangles, the unused
//! bottom region shaded), highlights, fortifications, rovers (with their facing in the
//! variant), buildings, the Drill Cannon's aim, flashes and shot tracers, rovers dropping from
//! orbit or rising into it, and hit-point labels for the 2D pass. A destroyed planet is drawn
//! as drifting, charred shards.
use super::mesh::{self, shade, Batch, FaceLook, Geo, Placed};
use super::session::{Flash, Hop, Slide, Tracer, FLASH_TIME, HOP_TIME, SLIDE_TIME};
use super::view3d::View;
use crate::client::paint::{fade, mix, rrect, Painter};
use crate::client::theme::{self, hex};
use crate::globe::{Board, FaceId, FACE_COUNT};
use crate::globetrotter::{Building, Drill, Loc, PlanetId, Rover, State, Structure};
use crate::ids::PlayerId;
use macroquad::prelude::*;

/// Why a face is lit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Move, descend, place, produce: the piece goes there.
    Go,
    Fortify,
    Shoot,
    /// The Drill Cannon may aim there.
    Aim,
    /// The selected piece.
    Selected,
    /// The AI's announced move.
    Announce,
}

impl Mark {
    pub fn color(self) -> Color {
        match self {
            // The colour-blind palette keeps the four apart by brightness as well as hue.
            Mark::Go => theme::target(),
            Mark::Fortify => theme::pick(theme::DV, hex(0x0072b2)),
            Mark::Shoot => theme::attack(),
            Mark::Aim => theme::pick(theme::WARN, hex(0xcc79a7)),
            Mark::Selected => theme::SELECT,
            Mark::Announce => hex(0xf5f5ff),
        }
    }
}

/// Player colours for up to six seats.
pub fn seat_color(p: PlayerId) -> Color {
    match p.0 % 6 {
        0 => hex(0x4fa3ff),
        1 => hex(0xff8a4f),
        2 => hex(0xb67cff),
        3 => hex(0x5fe08a),
        4 => hex(0xffd84f),
        _ => hex(0xff5fb0),
    }
}

pub const TRIANGLE: Color = hex(0x2f6d86);
pub const HQ: Color = hex(0xc2a25e);
pub const UNUSED: Color = hex(0x343a46);
pub const EDGE: Color = hex(0x0b1422);

/// A text to draw in the 2D pass at a screen point (centred).
#[derive(Clone, Debug)]
pub struct Label {
    pub at: Vec2,
    pub text: String,
    pub color: Color,
    pub size: f32,
}

impl Label {
    /// Draws the label centred on its point, on a dark chip of opacity `back`.
    pub fn draw(&self, p: &mut Painter, back: f32) {
        self.draw_at(p, back, self.at.x);
    }

    /// Like [`Label::draw`], moved sideways as little as needed to stay inside `bounds` (a
    /// name near the edge of a narrow view is not cut).
    pub fn draw_inside(&self, p: &mut Painter, back: f32, bounds: Rect) {
        let half = p.measure(&self.text, self.size, true) / 2.0 + 6.0;
        let (lo, hi) = (bounds.x + half, bounds.right() - half);
        let x = if lo <= hi {
            self.at.x.clamp(lo, hi)
        } else {
            self.at.x
        };
        self.draw_at(p, back, x);
    }

    fn draw_at(&self, p: &mut Painter, back: f32, x: f32) {
        let at = vec2(x, self.at.y);
        let w = p.measure(&self.text, self.size, true);
        rrect(
            Rect::new(
                at.x - w / 2.0 - 4.0,
                at.y - self.size * 0.62,
                w + 8.0,
                self.size * 1.25,
            ),
            4.0,
            fade(BLACK, back),
        );
        p.text(
            &self.text,
            at.x - w / 2.0,
            at.y + self.size * 0.36,
            self.size,
            true,
            self.color,
        );
    }
}

/// What to draw for one planet.
pub struct PlanetDraw<'a> {
    pub state: &'a State,
    pub planet: PlanetId,
    pub placed: Placed,
    pub view: &'a View,
    pub marks: &'a [Option<Mark>; FACE_COUNT],
    pub hover: Option<FaceId>,
    pub flashes: &'a [Flash],
    pub tracers: &'a [Tracer],
    pub slides: &'a [Slide],
    pub hops: &'a [Hop],
    /// The orbit drawn around this planet, where descending rovers come from.
    pub orbit: Option<OrbitPath>,
    pub time: f32,
    /// Hit points and building letters (off for thumbnails).
    pub labels: bool,
}

pub fn structure_letter(k: Structure) -> &'static str {
    match k {
        Structure::SpacePort => "SP",
        Structure::Factory => "F",
        Structure::DrillCannon => "DC",
        Structure::Treasury => "T",
    }
}

/// Adds the planet to the batch and its labels to `labels`: its faces, then each space's
/// building and rover, the Drill Cannons' aims and the shots' tracers.
pub fn draw(b: &mut Batch, d: &PlanetDraw, labels: &mut Vec<Label>) {
    let st = d.state;
    let g = &d.placed;
    let light = mesh::light_for(d.view.eye, g.centre);
    if st
        .planets()
        .get(d.planet.index())
        .is_some_and(|p| p.destroyed)
    {
        shattered(b, g, light, d.time);
        return;
    }
    let pulse = 0.5 + 0.5 * (d.time * 4.0).sin();
    faces(b, d, light, pulse);
    let spaces = st.planet_spaces(d.planet);
    for &face in Board::get().spaces() {
        let sp = &spaces[face.index()];
        if let Some(bd) = sp.building {
            building(b, d, face, bd, light, labels);
        }
        if let Some(r) = sp.rover {
            rover(b, d, face, r, light, labels);
        }
    }
    drill_aims(b, d, light, pulse);
    tracers(b, d);
}

/// The globe's faces: fortified, lit (marks), hovered and flashing ones coloured.
fn faces(b: &mut Batch, d: &PlanetDraw, light: Vec3, pulse: f32) {
    let board = Board::get();
    let spaces = d.state.planet_spaces(d.planet);
    let flash_at = |f: usize| {
        d.flashes
            .iter()
            .find(|x| x.at.planet == d.planet && x.at.face.index() == f)
    };
    mesh::globe(b, &d.placed, d.view.eye, light, |f| {
        let face = FaceId::from_index(f);
        let mut fill = if !board.is_playable(face) {
            UNUSED
        } else if board.is_hq(face) {
            HQ
        } else {
            TRIANGLE
        };
        let mut border = EDGE;
        let mut band = 0.07;
        let mut glow = false;
        if let Some(o) = spaces[f].fort {
            fill = mix(fill, seat_color(o), 0.55);
            border = mix(seat_color(o), BLACK, 0.25);
            band = 0.16;
        }
        if let Some(m) = d.marks[f] {
            border = m.color();
            band = 0.14;
            glow = true;
            fill = mix(fill, m.color(), 0.18 + 0.17 * pulse);
        }
        if d.hover == Some(face) && board.is_playable(face) {
            fill = mix(fill, WHITE, 0.28);
        }
        if let Some(x) = flash_at(f) {
            let k = 1.0 - x.age / FLASH_TIME;
            fill = mix(fill, if x.bad { theme::BAD } else { WHITE }, 0.6 * k);
        }
        FaceLook {
            fill,
            border,
            band,
            glow,
        }
    });
}

/// A building on `face`: a prism with a roof marker in its owner's colour, and its letter and
/// hit points (with the Drill Cannon's state) as a label.
fn building(
    b: &mut Batch,
    d: &PlanetDraw,
    face: FaceId,
    bd: Building,
    light: Vec3,
    labels: &mut Vec<Label>,
) {
    let (g, geo) = (&d.placed, Geo::get());
    let f = face.index();
    let up = g.dir(geo.normals[f]);
    let centre = g.point(geo.centres[f]);
    let inr = inradius(f) * g.radius;
    let c = mix(seat_color(bd.owner), hex(0x20242c), 0.25);
    let m = geo.centres[f];
    let base: Vec<Vec3> = geo.corners[f]
        .iter()
        .map(|&p| g.point(m + (p - m) * 0.62))
        .collect();
    b.prism(&base, up, 0.07 * g.radius, c, light);
    // A roof marker in the owner's colour.
    b.puck(
        centre + up * 0.07 * g.radius,
        up,
        inr * 0.3,
        0.02 * g.radius,
        seat_color(bd.owner),
        light,
    );
    if d.labels && d.view.faces_camera(centre, up) {
        let mut text = format!("{} {}", structure_letter(bd.kind), bd.hp);
        if bd.kind == Structure::DrillCannon {
            match d.state.player(bd.owner).drill {
                Drill::Idle => {}
                Drill::Ready => text.push_str(" ready"),
                Drill::Aimed(_) => text.push_str(" aimed"),
            }
        }
        label(d, labels, centre + up * 0.12 * g.radius, text, WHITE);
    }
}

/// A rover on `face`: a puck in its owner's colour (sliding in or dropping from orbit when it
/// just arrived), its facing in the variant, and its hit points.
fn rover(
    b: &mut Batch,
    d: &PlanetDraw,
    face: FaceId,
    r: Rover,
    light: Vec3,
    labels: &mut Vec<Label>,
) {
    let (g, geo) = (&d.placed, Geo::get());
    let f = face.index();
    let inr = inradius(f) * g.radius;
    let (centre, up) = rover_place(b, d, face, r, light);
    b.puck(
        centre,
        up,
        inr * 0.55,
        0.045 * g.radius,
        seat_color(r.owner),
        light,
    );
    let top = centre + up * 0.047 * g.radius;
    if d.state.config().facing {
        let mid = g.point(geo.edge_mid(f, r.facing as usize));
        let dir = (mid - centre).normalize_or_zero();
        let side = up.cross(dir).normalize_or_zero();
        let tip = top + dir * inr * 0.95;
        let tri = [
            tip,
            top + side * inr * 0.32 - dir * inr * 0.05,
            top - side * inr * 0.32 - dir * inr * 0.05,
        ];
        b.polygon(&tri, shade(WHITE, up, light));
    }
    let front = d
        .view
        .faces_camera(g.point(geo.centres[f]), g.dir(geo.normals[f]));
    if d.labels && front {
        label(d, labels, top, format!("{}", r.hp), WHITE);
    }
}

/// Where a rover is drawn and which way is up there: on its space, sliding over from its old
/// space, or dropping from the orbit (with a trail of fading ghosts, added to the batch).
fn rover_place(b: &mut Batch, d: &PlanetDraw, face: FaceId, r: Rover, light: Vec3) -> (Vec3, Vec3) {
    let (g, geo) = (&d.placed, Geo::get());
    let f = face.index();
    let up = g.dir(geo.normals[f]);
    let centre = g.point(geo.centres[f]);
    let inr = inradius(f) * g.radius;
    let here = Loc::new(d.planet, face);
    // A rover that just moved slides over from its old space.
    let slide = d
        .slides
        .iter()
        .find(|m| m.to == here && m.from.planet == d.planet);
    // A rover that just descended drops from orbit height onto its space.
    let drop = d.hops.iter().find(|h| h.down && h.at == here);
    match (slide, drop) {
        (_, Some(h)) => {
            // From the nearest point of the orbit (straight above the space when the orbit is
            // not drawn), over and down onto the space.
            let top = match &d.orbit {
                Some(o) => o.nearest(centre),
                None => g.point(geo.centres[f] * (1.0 + ORBIT_LIFT)),
            };
            let at = |age: f32| between(centre, up, top, g.radius, 1.0 - ease(age / HOP_TIME));
            // A short trail of fading ghosts shows where it came from.
            for (i, back) in [0.24f32, 0.16, 0.08].into_iter().enumerate() {
                let a = h.age - back * HOP_TIME;
                if a > 0.0 {
                    let ghost = mix(seat_color(r.owner), BLACK, 0.6 - 0.15 * i as f32);
                    b.gem(at(a), inr * (0.2 + 0.07 * i as f32), ghost, light);
                }
            }
            (at(h.age), up)
        }
        (Some(m), None) => {
            let k = (m.age / SLIDE_TIME).clamp(0.0, 1.0);
            let k = k * k * (3.0 - 2.0 * k);
            let a = m.from.face.index();
            let p = geo.centres[a].lerp(geo.centres[f], k);
            let n = geo.normals[a].lerp(geo.normals[f], k).normalize_or_zero();
            (
                g.point(p + n * 0.03 * (1.0 - (2.0 * k - 1.0).powi(2))),
                g.dir(n),
            )
        }
        (None, None) => (centre, up),
    }
}

/// The Drill Cannons' aims on this planet: a target ring over the face.
fn drill_aims(b: &mut Batch, d: &PlanetDraw, light: Vec3, pulse: f32) {
    let (st, g, geo) = (d.state, &d.placed, Geo::get());
    for p in st.player_ids() {
        if let Drill::Aimed(face) = st.player(p).drill {
            let on_this = st
                .structure_of(p, Structure::DrillCannon)
                .is_some_and(|l| l.planet == d.planet);
            if on_this {
                let f = face.index();
                let up = g.dir(geo.normals[f]);
                let c = g.point(geo.centres[f]) + up * 0.03 * g.radius;
                let r = inradius(f) * g.radius * (0.75 + 0.1 * pulse);
                let col = shade(mix(theme::BAD, seat_color(p), 0.3), up, light);
                b.ring(c, up, r, 0.018 * g.radius, col);
                b.ring(c, up, r * 0.45, 0.014 * g.radius, col);
            }
        }
    }
}

/// Shots on this planet: a fading red arc from the shooter to the target.
fn tracers(b: &mut Batch, d: &PlanetDraw) {
    let (g, geo) = (&d.placed, Geo::get());
    for t in d.tracers {
        if t.from.planet != d.planet || t.to.planet != d.planet {
            continue;
        }
        let a = g.point(geo.centres[t.from.face.index()] * 1.06);
        let z = g.point(geo.centres[t.to.face.index()] * 1.06);
        let k = 1.0 - t.age / FLASH_TIME;
        let col = fade(theme::BAD, k);
        b.flush();
        for i in 0..12 {
            // An arc over the surface, in short straight pieces.
            let s0 = i as f32 / 12.0;
            let s1 = (i + 1) as f32 / 12.0;
            let arc = |s: f32| {
                let p = a.lerp(z, s) - g.centre;
                g.centre + p.normalize_or_zero() * g.radius * (1.06 + 0.25 * s * (1.0 - s))
            };
            draw_line_3d(arc(s0), arc(s1), col);
        }
    }
}

fn label(d: &PlanetDraw, labels: &mut Vec<Label>, at: Vec3, text: String, color: Color) {
    if let Some(s) = d.view.project(at) {
        let size = (d.view.scale_at(at) * 0.085 * d.placed.radius).clamp(10.0, 20.0);
        labels.push(Label {
            at: s,
            text,
            color,
            size,
        });
    }
}

/// How far above the surface (in planet radii) the shared orbit is drawn: rovers hop between
/// it and the surface.
pub const ORBIT_LIFT: f32 = 0.55;

/// Smooth start and stop over `k` in 0..1.
pub fn ease(k: f32) -> f32 {
    let k = k.clamp(0.0, 1.0);
    k * k * (3.0 - 2.0 * k)
}

/// A point of the hop between `surface` (a point on a planet, `up` its outward direction) and
/// `orbit` (a point on the orbit): `k` 0 is the surface, 1 the orbit. The path leaves the
/// surface straight up, then bends over to the orbit.
pub fn between(surface: Vec3, up: Vec3, orbit: Vec3, radius: f32, k: f32) -> Vec3 {
    let mid = surface + up * radius * ORBIT_LIFT * 1.1;
    let a = surface.lerp(mid, k);
    let b = mid.lerp(orbit, k);
    a.lerp(b, k)
}

/// Where a rover rising from `from` into the orbit at `to` is drawn `age` seconds after it
/// entered orbit.
pub fn rise(from: Vec3, up: Vec3, to: Vec3, radius: f32, age: f32) -> Vec3 {
    between(from, up, to, radius, ease(age / HOP_TIME))
}

/// Radius of the circle inside a face (unit globe).
pub fn inradius(f: usize) -> f32 {
    let geo = Geo::get();
    let m = geo.centres[f];
    (0..geo.corners[f].len())
        .map(|e| (geo.edge_mid(f, e) - m).length())
        .fold(f32::MAX, f32::min)
}

/// A destroyed planet: its faces pushed apart and charred, slowly drifting.
pub fn shattered(b: &mut Batch, g: &Placed, light: Vec3, t: f32) {
    let geo = Geo::get();
    for f in 0..FACE_COUNT {
        let h = ((f * 7919) % 97) as f32 / 97.0;
        let push = 0.08 + 0.22 * h + 0.02 * (t * 0.7 + h * 6.0).sin();
        let n = geo.normals[f];
        let m = geo.centres[f];
        let corners: Vec<Vec3> = geo.corners[f]
            .iter()
            .map(|&c| g.point(m + (c - m) * 0.8 + n * push))
            .collect();
        let col = mix(hex(0x2a1a16), hex(0x8a2d1c), h * h);
        b.polygon(&corners, shade(col, g.dir(n), light));
    }
    // A glowing core.
    b.gem(g.centre, g.radius * 0.35, hex(0xff7a3d), light);
}

/// The shared orbit's path: an ellipse around `centre` (a circle around one planet, a wide
/// ellipse around the whole system), tilted toward the viewer by `tilt`.
#[derive(Clone, Copy, Debug)]
pub struct OrbitPath {
    pub centre: Vec3,
    pub rx: f32,
    pub rz: f32,
    pub tilt: f32,
    /// Size of the markers.
    pub scale: f32,
}

impl OrbitPath {
    /// Around one globe.
    pub fn around(g: &Placed) -> OrbitPath {
        OrbitPath {
            centre: g.centre,
            rx: g.radius * 1.55,
            rz: g.radius * 1.55,
            tilt: 0.42,
            scale: g.radius,
        }
    }

    fn axes(&self) -> (Vec3, Vec3, Vec3) {
        let q = Quat::from_rotation_x(self.tilt);
        (q * Vec3::Y, Vec3::X, q * Vec3::Z)
    }

    /// The point of the path nearest in direction to `p` (seen from the path's centre).
    pub fn nearest(&self, p: Vec3) -> Vec3 {
        let (_, t1, t2) = self.axes();
        let d = p - self.centre;
        let a = (d.dot(t2) / self.rz).atan2(d.dot(t1) / self.rx);
        self.point(a, 0.0)
    }

    /// The point at angle `a`, pushed out by `d`.
    pub fn point(&self, a: f32, d: f32) -> Vec3 {
        let (_, t1, t2) = self.axes();
        self.centre + t1 * a.cos() * (self.rx + d) + t2 * a.sin() * (self.rz + d)
    }
}

/// The orbit's path with its rovers on it as gems (in arrival order) at `points` (see
/// [`orbit_points`]; a rover rising into orbit is drawn on its way).
pub fn orbit(
    b: &mut Batch,
    st: &State,
    o: &OrbitPath,
    light: Vec3,
    points: &[Vec3],
    sel: Option<usize>,
) {
    let (axis, _, _) = o.axes();
    let col = shade(fade(theme::DV, 0.8), axis, light);
    let w = o.scale * 0.012;
    let n = 72;
    for i in 0..n {
        let a0 = i as f32 / n as f32 * std::f32::consts::TAU;
        let a1 = (i + 1) as f32 / n as f32 * std::f32::consts::TAU;
        b.quad(
            o.point(a0, -w),
            o.point(a1, -w),
            o.point(a1, w),
            o.point(a0, w),
            col,
        );
    }
    for (i, (&p, r)) in points.iter().zip(st.orbit()).enumerate() {
        let owner = r.owner;
        let size = o.scale * if sel == Some(i) { 0.11 } else { 0.075 };
        b.gem(p, size, seat_color(owner), light);
    }
}

/// Where the orbit's rovers are drawn.
pub fn orbit_points(st: &State, o: &OrbitPath, t: f32) -> Vec<Vec3> {
    let n = st.orbit().len().max(1) as f32;
    (0..st.orbit().len())
        .map(|i| o.point(t * 0.12 + i as f32 / n * std::f32::consts::TAU, 0.0))
        .collect()
}

/// Which piece a label or tooltip names at a loc.
pub fn describe(st: &State, at: Loc, name: impl Fn(PlayerId) -> String) -> String {
    let names = |p| {
        let n = name(p);
        if n == "You" {
            "Your".to_string()
        } else {
            format!("{n}'s")
        }
    };
    let sp = st.space(at);
    let mut parts = Vec::new();
    if let Some(r) = sp.rover {
        parts.push(format!("{} rover ({} hp)", names(r.owner), r.hp));
    }
    if let Some(b) = sp.building {
        parts.push(format!(
            "{} {} ({} hp)",
            names(b.owner),
            super::gt_words::structure_name(b.kind),
            b.hp
        ));
    }
    if let Some(o) = sp.fort {
        parts.push(format!("{} fortification", names(o)));
    }
    let place = super::gt_words::place(st, at);
    if parts.is_empty() {
        format!("{place}: empty")
    } else {
        format!("{place}: {}", parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hop_runs_from_the_surface_over_to_the_orbit() {
        let surface = vec3(0.0, 0.0, 1.0);
        let up = Vec3::Z;
        let orbit = vec3(1.55, 0.0, 0.2);
        assert!((between(surface, up, orbit, 1.0, 0.0) - surface).length() < 1e-5);
        assert!((between(surface, up, orbit, 1.0, 1.0) - orbit).length() < 1e-5);
        // It leaves the surface outward first (never through the planet).
        for i in 1..10 {
            let p = between(surface, up, orbit, 1.0, i as f32 / 10.0);
            assert!(p.length() > 1.0, "step {i} is inside the planet: {p}");
        }
        assert_eq!(ease(0.0), 0.0);
        assert_eq!(ease(1.0), 1.0);
        assert_eq!(ease(2.0), 1.0);
    }

    #[test]
    fn the_nearest_orbit_point_is_on_the_path_toward_the_point() {
        let o = OrbitPath {
            centre: vec3(1.0, 0.0, 0.0),
            rx: 1.55,
            rz: 1.55,
            tilt: 0.42,
            scale: 1.0,
        };
        for dir in [Vec3::X, Vec3::Z, vec3(-1.0, 0.3, 0.5)] {
            let p = o.nearest(o.centre + dir);
            assert!(((p - o.centre).length() - 1.55).abs() < 1e-4);
            // On the side of the path that faces the point.
            assert!((p - o.centre).dot(dir) > 0.0, "{dir}: {p}");
        }
    }
}
