//! The planet inset under the hex map (key G): the planet as the project's globe (the
//! renderer of [`crate::client::globe`]), the hex map wrapped onto the half facing the viewer
//! with its land and sea at the current tide, a pin on every ship's landing site in its
//! controller's colour (stranded ones grey, a captured one ringed in gold), and the orbit
//! around it holding the ships still waiting to land (turn 1) and those that took off, each
//! rising from its landing site into orbit when it lifts off. Beside the globe, a line per
//! ship says where it is. Clicking one's own ship's pin selects that ship.
use super::hexmap::terrain_colour;
use crate::client::globe::mesh::{self, Batch, FaceLook, Geo, Placed};
use crate::client::globe::planet::{rise, OrbitPath};
use crate::client::globe::view3d::{upright, View};
use crate::client::paint::{fade, mix, Painter};
use crate::client::theme::{self, hex};
use crate::globe::FACE_COUNT;
use crate::ids::PlayerId;
use crate::mothership::state::{Phase, ShipStatus};
use crate::mothership::tide::Tide;
use crate::mothership::{Cell, ShipId, State};
use macroquad::prelude::*;

/// Half the longitude (radians) the hex map spans on the globe.
const SPAN: f32 = 0.8;
/// Height of a hex row in hex widths (pointy top).
const ROW: f32 = 0.866_025_4;
/// Seconds a ship takes to rise into orbit.
const RISE: f32 = 1.6;

/// The inset's state: its batch, where it was drawn, and the ships rising into orbit.
#[derive(Default)]
pub struct PlanetView {
    batch: Batch,
    /// The inset's rectangle in the last frame.
    pub rect: Option<Rect>,
    /// Screen points of the landed ships' pins in the last frame.
    pins: Vec<(ShipId, Vec2)>,
    /// Each ship's status when last seen, and how long ago it lifted off.
    seen: Vec<(ShipStatus, f32)>,
}

/// The globe's frame facing the camera: front (towards the eye), right and up.
#[derive(Clone, Copy)]
struct Frame {
    front: Vec3,
    right: Vec3,
    up: Vec3,
}

impl Frame {
    fn facing(eye: Vec3) -> Frame {
        let front = eye.normalize_or_zero();
        let right = Vec3::Y.cross(front).normalize_or_zero();
        Frame {
            front,
            right,
            up: front.cross(right),
        }
    }
    fn dir(&self, lon: f32, lat: f32) -> Vec3 {
        (self.front * lon.cos() + self.right * lon.sin()) * lat.cos() + self.up * lat.sin()
    }
    fn lon_lat(&self, d: Vec3) -> (f32, f32) {
        let lat = d.dot(self.up).clamp(-1.0, 1.0).asin();
        (d.dot(self.right).atan2(d.dot(self.front)), lat)
    }
}

/// How the hex map lies on the globe: cell centres in hex widths, and the latitude span that
/// keeps the map's proportions at the equator.
#[derive(Clone, Copy)]
struct Wrap {
    w: f32,
    h: f32,
    lat_span: f32,
}

impl Wrap {
    fn of(s: &State) -> Wrap {
        let w = f32::from(s.map().width) + 0.5;
        let h = f32::from(s.map().height.max(1) - 1) * ROW + 1.0;
        Wrap {
            w,
            h,
            lat_span: SPAN * h / w,
        }
    }
    /// Longitude and latitude of a cell's centre.
    fn cell(&self, s: &State, c: Cell) -> (f32, f32) {
        let (col, row) = s.map().col_row(c);
        let x = f32::from(col) + if row & 1 == 1 { 0.5 } else { 0.0 } + 0.25;
        let y = f32::from(row) * ROW + 0.5;
        (
            (x / self.w - 0.5) * 2.0 * SPAN,
            (0.5 - y / self.h) * 2.0 * self.lat_span,
        )
    }
    /// The cell at a longitude and latitude, if the map covers it.
    fn at(&self, s: &State, lon: f32, lat: f32) -> Option<Cell> {
        let x = (lon / (2.0 * SPAN) + 0.5) * self.w - 0.25;
        let y = (0.5 - lat / (2.0 * self.lat_span)) * self.h - 0.5;
        if x < -0.5 || y < -0.5 || x > self.w || y > self.h {
            return None;
        }
        let row = (y / ROW).round() as i64;
        let col = (x - if row & 1 == 1 { 0.5 } else { 0.0 }).round() as i64;
        s.map().cell(col, row)
    }
}

/// Where a ship is, in a few words.
pub fn ship_line(s: &State, x: ShipId, name: impl Fn(crate::mothership::Seat) -> String) -> String {
    let ship = s.ship(x);
    let who = name(ship.controller);
    let at = s.cell_name(ship.dome);
    match ship.status {
        ShipStatus::Orbiting => format!("{who}: in orbit, to land"),
        ShipStatus::Landed => match ship.captor {
            Some(_) => format!("{who}: captured ship at {at}"),
            None => format!("{who}: landed at {at}"),
        },
        ShipStatus::Departed => format!("{who}: took off from {at}, scores {}", ship.score),
        ShipStatus::Stranded => format!("{who}: stranded at {at}"),
    }
}

impl PlanetView {
    /// The height of the inset strip under a map drawn in `area`: the room the map leaves at
    /// full width, at least 110 and at most 170 pixels.
    pub fn strip(s: &State, area: Rect) -> f32 {
        let (w, h) = (f32::from(s.map().width), f32::from(s.map().height));
        let needed = area.w / (w + 0.5) / 1.732_050_8 * (1.5 * h + 0.5);
        (area.h - needed - 6.0).clamp(110.0, 170.0)
    }

    /// Own ship whose pin is under `p`, if any.
    pub fn pick(&self, p: Vec2) -> Option<ShipId> {
        self.pins
            .iter()
            .filter(|(_, q)| q.distance(p) < 11.0)
            .min_by(|a, b| a.1.distance(p).total_cmp(&b.1.distance(p)))
            .map(|(x, _)| *x)
    }

    /// Draws the inset into `rect`: the globe at the left, a line per ship at the
    /// right. `dt` advances the lift-off animations.
    pub fn draw(
        &mut self,
        s: &State,
        rect: Rect,
        dt: f32,
        time: f32,
        name: impl Fn(crate::mothership::Seat) -> String,
        painter: &mut Painter,
    ) {
        self.rect = Some(rect);
        draw_rectangle(rect.x, rect.y, rect.w, rect.h, hex(0x070a12));
        draw_rectangle_lines(rect.x, rect.y, rect.w, rect.h, 1.0, hex(0x2a3550));
        let square = Rect::new(rect.x, rect.y, (rect.h * 1.3).min(rect.w), rect.h);
        self.track(s, dt);

        let r = 1.0;
        let view = View {
            rect: square,
            eye: vec3(0.0, 1.35, 4.5),
            target: vec3(0.0, -0.05, 0.0),
            fovy: 0.62,
        };
        let frame = Frame::facing(view.eye);
        let wrap = Wrap::of(s);
        let tide = if matches!(s.phase(), Phase::Landing | Phase::Deploy) {
            Tide::Normal
        } else {
            s.tide()
        };
        let placed = Placed {
            centre: Vec3::ZERO,
            radius: r,
            rot: Quat::from_rotation_y(0.3) * upright(),
        };
        let light = mesh::light_for(view.eye, placed.centre);
        let fills = face_fills(s, &frame, &wrap, &placed, tide);

        set_camera(&view.camera(screen_height()));
        let mut b = std::mem::take(&mut self.batch);
        b.seen_from(&view);
        crate::client::table::stars(square, time, |q, c| b.screen_square(q, c));
        mesh::globe(&mut b, &placed, view.eye, light, |f| FaceLook {
            fill: fills[f],
            border: hex(0x0b1422),
            band: 0.05,
            glow: false,
        });
        let orbit = OrbitPath::around(&placed);
        let axis = Quat::from_rotation_x(orbit.tilt) * Vec3::Y;
        b.ring(orbit.centre, axis, orbit.rx, 0.025, [90, 120, 170, 200]);
        let up_of = |x: ShipId| {
            let (lon, lat) = wrap.cell(s, s.ship(x).dome);
            frame.dir(lon, lat)
        };
        let aloft: Vec<ShipId> = s
            .ship_ids()
            .filter(|&x| {
                matches!(
                    s.ship(x).status,
                    ShipStatus::Orbiting | ShipStatus::Departed
                )
            })
            .collect();
        let slot = |x: ShipId| {
            let i = aloft.iter().position(|&y| y == x).unwrap_or(0) as f32;
            let a = time * 0.15 + 1.3 + i / aloft.len().max(1) as f32 * std::f32::consts::TAU;
            orbit.point(a, 0.0)
        };
        self.pins.clear();
        let mut pins = Vec::new();
        for x in s.ship_ids() {
            let ship = s.ship(x);
            let col = theme::seat(PlayerId(ship.controller.0));
            match ship.status {
                ShipStatus::Landed | ShipStatus::Stranded => {
                    let up = up_of(x);
                    let at = placed.point(Vec3::ZERO) + up * r;
                    let c = if ship.status == ShipStatus::Landed {
                        col
                    } else {
                        hex(0x8b8f99)
                    };
                    landed_ship(&mut b, (at, up, r), c, ship.captor.is_some(), light);
                    if ship.status == ShipStatus::Landed {
                        pins.push((x, at));
                    }
                }
                ShipStatus::Orbiting => b.gem(slot(x), r * 0.1, mix(col, WHITE, 0.2), light),
                ShipStatus::Departed => {
                    let age = self.seen.get(usize::from(x.0)).map_or(RISE, |v| v.1);
                    let up = up_of(x);
                    let from = up * r;
                    let p = rise(from, up, slot(x), r, age / RISE * 0.75);
                    b.gem(p, r * 0.1, col, light);
                    if age < RISE {
                        b.ribbon(&[from, p], view.eye, r * 0.03, [255, 200, 120, 200]);
                    }
                }
            }
        }
        b.flush();
        self.batch = b;
        set_default_camera();
        for (x, at) in pins {
            if let Some(q) = view.project(at) {
                self.pins.push((x, q));
            }
        }

        // A line per ship beside the globe.
        ship_list(s, rect, square.right() + 12.0, name, painter);
    }

    /// Notes lift-offs (a ship that was on the planet and is now in orbit starts rising).
    fn track(&mut self, s: &State, dt: f32) {
        let n = s.ship_ids().count();
        if self.seen.len() != n {
            // First sight: ships already gone are drawn in orbit at once.
            self.seen = s.ship_ids().map(|x| (s.ship(x).status, RISE)).collect();
        }
        for (i, x) in s.ship_ids().enumerate() {
            let now = s.ship(x).status;
            let (was, age) = &mut self.seen[i];
            if *was == ShipStatus::Landed && now == ShipStatus::Departed {
                *age = 0.0;
            } else {
                *age = (*age + dt).min(RISE);
            }
            *was = now;
        }
    }
}

/// The colour of each face of the globe: the terrain under it (at the tide shown), sampled at
/// its centre and towards its corners; deep sea where no cell is.
fn face_fills(
    s: &State,
    frame: &Frame,
    wrap: &Wrap,
    placed: &Placed,
    tide: Tide,
) -> [Color; FACE_COUNT] {
    let geo = Geo::get();
    let mut fills = [Color::default(); FACE_COUNT];
    let deep = hex(0x123252);
    for (f, fill) in fills.iter_mut().enumerate() {
        let m = geo.centres[f];
        let samples = std::iter::once(m).chain(geo.corners[f].iter().map(|&c| m + (c - m) * 0.6));
        let (mut sum, mut n) = (Vec3::ZERO, 0.0);
        for p in samples {
            let (lon, lat) = frame.lon_lat(placed.dir(p).normalize_or_zero());
            let c = wrap
                .at(s, lon, lat)
                .map_or(deep, |c| terrain_colour(s.map().terrain(c), tide));
            sum += vec3(c.r, c.g, c.b);
            n += 1.0;
        }
        let v = sum / n;
        *fill = Color::new(v.x, v.y, v.z, 1.0);
    }
    fills
}

/// A ship on the planet at `at` (facing `up`, on a globe of radius `r`): a dark base, its
/// colour on top, and a warning ring when it was captured.
fn landed_ship(
    b: &mut Batch,
    (at, up, r): (Vec3, Vec3, f32),
    colour: Color,
    captured: bool,
    light: Vec3,
) {
    b.puck(at, up, r * 0.11, r * 0.07, hex(0x0b0f18), light);
    b.puck(at + up * r * 0.07, up, r * 0.085, r * 0.05, colour, light);
    if captured {
        let [cr, cg, cb, _]: [u8; 4] = theme::WARN.into();
        b.ring(
            at + up * r * 0.13,
            up,
            r * 0.15,
            r * 0.035,
            [cr, cg, cb, 255],
        );
    }
}

/// A line per ship beside the globe, from `x0`, under a title.
fn ship_list(
    s: &State,
    rect: Rect,
    x0: f32,
    name: impl Fn(crate::mothership::Seat) -> String,
    painter: &mut Painter,
) {
    let width = rect.right() - x0 - 8.0;
    painter.text(
        "Planet and orbit (G)",
        x0,
        rect.y + 18.0,
        14.0,
        true,
        theme::TEXT,
    );
    let mut y = rect.y + 38.0;
    for x in s.ship_ids() {
        let ship = s.ship(x);
        let col = match ship.status {
            ShipStatus::Stranded => hex(0x8b8f99),
            _ => theme::seat(PlayerId(ship.controller.0)),
        };
        draw_circle(x0 + 5.0, y - 4.5, 5.0, col);
        let line = ship_line(s, x, &name);
        let fit = painter.fit(&line, width - 16.0, 13.0, false);
        painter.text(&fit, x0 + 16.0, y, 13.0, false, fade(theme::TEXT, 0.95));
        y += 19.0;
        if y > rect.bottom() - 4.0 {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mothership::scenario::{state_of, Scenario};

    #[test]
    fn cells_wrap_onto_the_globe_and_back() {
        for players in [2u8, 4] {
            let s = state_of(&Scenario::fresh(players, 1)).unwrap();
            let w = Wrap::of(&s);
            for c in s.map().cells() {
                let (lon, lat) = w.cell(&s, c);
                assert!(lon.abs() <= SPAN && lat.abs() <= w.lat_span, "{c:?}");
                assert_eq!(w.at(&s, lon, lat), Some(c), "{c:?}");
            }
            assert_eq!(w.at(&s, SPAN * 1.3, 0.0), None);
        }
    }

    #[test]
    fn the_frame_faces_the_eye() {
        let f = Frame::facing(vec3(0.0, 1.5, 4.9));
        let d = f.dir(0.3, -0.2);
        let (lon, lat) = f.lon_lat(d);
        assert!((lon - 0.3).abs() < 1e-4 && (lat + 0.2).abs() < 1e-4);
        assert!(f.dir(0.0, 0.0).dot(vec3(0.0, 1.5, 4.9)) > 0.0);
    }
}
