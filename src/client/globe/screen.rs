//! The Globetrotter screen: the focused planet as a large spinning globe with the shared orbit
//! around it, thumbnails of every planet (one click switches focus), a system view with all
//! planets at once, the side panel ([`super::gt_panel`]), and the input: drag / arrow keys to
//! spin, wheel to zoom, hover and click to pick faces (ray cast), keys for tools. The drawing
//! itself is in `gt_draw`.
use super::choice::{self, Click, Sel, Tool};
use super::gt_draw::announce_loc;
use super::gt_panel::{self, PanelAct};
use super::mesh::{Batch, Geo, Placed};
use super::planet;
use super::session::Session;
use super::view3d::{self, Spin, View};
use crate::client::game_screen::Frame;
use crate::client::paint::Painter;
use crate::client::table::draw_background;
use crate::client::theme;
use crate::globe::{Board, FaceId, FACE_COUNT};
use crate::globetrotter::{Command, Loc, PlanetId, Side};
use crate::PlayerId;
use egui_macroquad::egui;
use macroquad::prelude::*;

/// Leaving the screen.
pub enum Exit {
    Menu,
    Quit,
}

pub struct GtScreen {
    pub session: Session,
    pub(super) spins: Vec<Spin>,
    pub focus: PlanetId,
    /// All planets side by side instead of one large.
    pub system: bool,
    pub sel: Sel,
    pub tool: Tool,
    pub veer: Side,
    pub(super) hover: Option<Loc>,
    /// Drag in progress: last point and distance moved.
    drag: Option<(Vec2, f32, Option<PlanetId>)>,
    pub(super) batch: Batch,
    pub(super) time: f32,
    seen: u64,
    /// The person whose turn the camera last turned to (see `centre_at_turn_start`).
    turn_of: Option<PlayerId>,
    egui_pointer: bool,
    /// Follow the AI's moves with the camera.
    pub follow: bool,
}

const THUMB: f32 = 92.0;

/// The views of one frame.
pub(super) struct Views {
    pub(super) area: Rect,
    pub(super) main: View,
    pub(super) thumbs: Vec<(PlanetId, View)>,
}

impl GtScreen {
    pub fn new(session: Session) -> GtScreen {
        let n = session.state().config().planets as usize;
        GtScreen {
            spins: vec![Spin::default(); n],
            focus: PlanetId(0),
            system: false,
            sel: Sel::None,
            tool: Tool::Move,
            veer: Side::Left,
            hover: None,
            drag: None,
            batch: Batch::default(),
            time: 0.0,
            seen: session.game.version(),
            turn_of: None,
            egui_pointer: false,
            follow: true,
            session,
        }
    }

    pub(super) fn spin(&self, p: PlanetId) -> Spin {
        self.spins.get(p.index()).copied().unwrap_or_default()
    }

    fn views(&self, sw: f32, sh: f32, panel: f32) -> Views {
        let area = Rect::new(0.0, 0.0, (sw - panel).max(200.0), sh);
        let n = self.session.state().config().planets as usize;
        let main = if self.system {
            // Planets in a row, 3 units apart, inside the orbit's ellipse; the camera far
            // enough for all of it.
            let rx = 1.5 * (n.max(1) as f32 - 1.0) + 2.2;
            let aspect = area.w / area.h.max(1.0);
            let fit = (rx / ((0.31f32).tan() * aspect).max(0.05) + 1.9).max(4.2) * 0.88;
            // The wheel zooms the system view too.
            let d = fit * self.spin(self.focus).zoom / Spin::default().zoom;
            let mut v = View::looking_at(area, Vec3::ZERO, d);
            v.eye = vec3(0.0, d * 0.45, d);
            v
        } else {
            View::looking_at(area, Vec3::ZERO, self.spin(self.focus).zoom)
        };
        let thumbs = if n > 1 && !self.system {
            (0..n)
                .map(|i| {
                    let r = Rect::new(
                        area.x + 12.0 + i as f32 * (THUMB + 8.0),
                        area.y + 52.0,
                        THUMB,
                        THUMB,
                    );
                    (PlanetId(i as u8), View::looking_at(r, Vec3::ZERO, 3.3))
                })
                .collect()
        } else {
            Vec::new()
        };
        Views { area, main, thumbs }
    }

    /// Where a planet's globe is in the main view.
    pub(super) fn placed(&self, p: PlanetId) -> Placed {
        let n = self.session.state().config().planets as f32;
        let centre = if self.system {
            vec3((p.0 as f32 - (n - 1.0) / 2.0) * 3.0, 0.0, 0.0)
        } else {
            Vec3::ZERO
        };
        Placed {
            centre,
            radius: 1.0,
            rot: self.spin(p).rot(),
        }
    }

    pub(super) fn main_planets(&self) -> Vec<PlanetId> {
        if self.system {
            self.session.state().planet_ids().collect()
        } else {
            vec![self.focus]
        }
    }

    /// The face under a screen point in the main view, with the nearest edge of the face.
    fn pick(&self, v: &View, at: Vec2) -> Option<(Loc, Option<u8>)> {
        if !v.rect.contains(at) {
            return None;
        }
        let (o, d) = v.ray(at);
        let mut best: Option<(Loc, f32, Vec3, Placed)> = None;
        for p in self.main_planets() {
            if self.session.state().planet(p).destroyed {
                continue;
            }
            let g = self.placed(p);
            if view3d::ray_sphere(o, d, g.centre, g.radius * 1.01).is_none() {
                continue;
            }
            let geo = Geo::get();
            for f in 0..FACE_COUNT {
                let mut c = [Vec3::ZERO; 5];
                let k = geo.corners[f].len().min(5);
                for (i, &v) in geo.corners[f].iter().take(5).enumerate() {
                    c[i] = g.point(v);
                }
                if let Some(t) = view3d::ray_polygon(o, d, &c[..k]) {
                    if best.as_ref().is_none_or(|b| t < b.1) {
                        best = Some((Loc::new(p, FaceId::from_index(f)), t, o + d * t, g));
                    }
                }
            }
        }
        let (loc, _, hit, g) = best?;
        let geo = Geo::get();
        let f = loc.face.index();
        let local = g.rot.inverse() * ((hit - g.centre) / g.radius);
        let edge = (0..geo.corners[f].len())
            .min_by(|&a, &b| {
                let da = (geo.edge_mid(f, a) - local).length();
                let db = (geo.edge_mid(f, b) - local).length();
                da.total_cmp(&db)
            })
            .map(|e| e as u8);
        Some((loc, edge))
    }

    /// Turns the globe to a rover of the player to move (the selected one first).
    pub fn centre_on_mine(&mut self) {
        let st = self.session.state();
        let picked = match self.sel {
            Sel::Rover(l) => Some(l),
            _ => None,
        };
        if let Some(l) = picked.or_else(|| st.rovers_of(st.active()).map(|r| r.0).next()) {
            self.centre_on(l);
        }
    }

    /// At the start of a person's turn the globe turns to their pieces, once: the camera
    /// never moves while they aim.
    fn centre_at_turn_start(&mut self) {
        let active = self.session.state().active();
        let mine = self.session.human_to_act();
        if mine && self.turn_of != Some(active) {
            self.centre_on_mine();
        }
        self.turn_of = mine.then_some(active);
    }

    /// Turns the focused planet so that `at` faces the viewer.
    pub fn centre_on(&mut self, at: Loc) {
        if at.planet != self.focus && !self.system {
            self.focus = at.planet;
        }
        let n = Geo::get().normals[at.face.index()];
        if let Some(s) = self.spins.get_mut(at.planet.index()) {
            s.centre_on(n);
        }
    }

    crate::client::game_screen::screen_frame!(Exit);

    /// The frame after the clock and the session advanced: input, then drawing.
    fn run_frame(&mut self, f: &Frame, painter: &mut Painter) -> Option<Exit> {
        let (dt, zoom, fake_mouse) = (f.dt, f.zoom, f.fake_mouse);
        for s in &mut self.spins {
            s.update(dt);
        }
        if self.session.game.version() != self.seen {
            self.seen = self.session.game.version();
            self.after_move();
        }
        self.centre_at_turn_start();
        if self.follow {
            if let Some((cmd, age, _)) = self.session.announce() {
                if age == 0.0 || age < dt * 1.5 {
                    if let Some(l) = announce_loc(&cmd) {
                        self.centre_on(l);
                    }
                }
            }
        }
        let (sw, sh) = (screen_width(), screen_height());
        let panel_pts = gt_panel::WIDTH;
        let mouse = f.mouse();

        // The panel (egui).
        let mut act = None;
        let mut pointer = false;
        let hover_text = self
            .hover
            .map(|l| planet::describe(self.session.state(), l, |p| self.session.name(p)));
        egui_macroquad::ui(|ctx| {
            act = gt_panel::show(ctx, self, hover_text.as_deref());
            pointer = ctx.is_pointer_over_area() || ctx.wants_pointer_input();
        });
        self.egui_pointer = pointer;
        if let Some(a) = act {
            match a {
                PanelAct::Play(c) => self.play(c),
                PanelAct::Select(s) => self.select(s),
                PanelAct::Focus(p) => {
                    self.focus = p;
                    self.system = false;
                }
                PanelAct::System(on) => self.system = on,
                PanelAct::Menu => return Some(Exit::Menu),
                PanelAct::Undo => {
                    if self.session.undo() {
                        self.sel = Sel::None;
                    }
                }
                PanelAct::Centre => self.centre_on_mine(),
                PanelAct::Rematch => {
                    let s = self.session.rematch();
                    *self = GtScreen::new(s);
                    return None;
                }
                PanelAct::Quit => return Some(Exit::Quit),
            }
        }

        // Pointer and keys.
        let views = self.views(sw, sh, panel_pts * zoom);
        let free = !self.egui_pointer && fake_mouse.is_none();
        let thumb_hit = views
            .thumbs
            .iter()
            .find(|(_, v)| v.rect.contains(mouse))
            .map(|(p, _)| *p);
        let picked = if thumb_hit.is_none() && !self.egui_pointer {
            self.pick(&views.main, mouse)
        } else {
            None
        };
        self.hover = picked
            .map(|p| p.0)
            .filter(|l| Board::get().is_playable(l.face));
        if free {
            self.input(&views, mouse, picked, thumb_hit);
        }
        if !self.egui_pointer {
            let keys_ok = true;
            if keys_ok {
                self.keys(dt);
            }
        }

        self.draw(painter, &views, sh);
        None
    }

    fn draw(&mut self, painter: &mut Painter, views: &Views, sh: f32) {
        draw_background(views.area, self.time);
        let mut labels = Vec::new();
        self.draw_main(&views.main, sh, &mut labels);
        for (p, v) in &views.thumbs {
            self.draw_thumb(*p, v, sh);
        }
        set_default_camera();
        self.draw_2d(painter, views, &labels);
    }

    /// Draws the game as it stands, taking no input and playing nothing (the replay
    /// viewer), with `panel_px` pixels on the right left free.
    pub fn draw_still(&mut self, dt: f32, painter: &mut Painter, panel_px: f32) {
        self.time += dt;
        for s in &mut self.spins {
            s.update(dt);
        }
        let (sw, sh) = (screen_width(), screen_height());
        let views = self.views(sw, sh, panel_px);
        self.draw(painter, &views, sh);
    }

    fn after_move(&mut self) {
        // A selection that can no longer do anything is dropped.
        let st = self.session.state();
        let legal = self.session.legal();
        let alive = match self.sel {
            Sel::None => true,
            s => {
                !choice::face_targets(st, s, legal).is_empty()
                    || !choice::buttons(s, legal).iter().all(|c| {
                        matches!(
                            c,
                            Command::Ready | Command::Fire | Command::Save | Command::Spend
                        )
                    })
            }
        };
        if !alive || !self.session.human_to_act() {
            self.sel = Sel::None;
        }
        // Keep a moved rover selected.
        if self.session.human_to_act() && self.sel == Sel::None {
            let me = self.session.state().active();
            let mine: Vec<Loc> = self.session.state().rovers_of(me).map(|r| r.0).collect();
            if mine.len() == 1 {
                let s = Sel::Rover(mine[0]);
                if !choice::face_targets(self.session.state(), s, legal).is_empty() {
                    self.sel = s;
                }
            }
        }
    }

    fn play(&mut self, c: Command) {
        self.session.submit(c);
    }

    fn select(&mut self, s: Sel) {
        self.sel = s;
        if let Sel::Rover(l)
        | Sel::Factory(l)
        | Sel::Cannon(l)
        | Sel::Hq(l)
        | Sel::Exit { at: l, .. } = s
        {
            if l.planet != self.focus {
                self.centre_on(l);
            }
        }
    }

    fn input(
        &mut self,
        views: &Views,
        mouse: Vec2,
        picked: Option<(Loc, Option<u8>)>,
        thumb: Option<PlanetId>,
    ) {
        let (_, wheel) = mouse_wheel();
        if wheel.abs() > 0.0 && views.area.contains(mouse) {
            let notches = wheel.signum();
            if let Some(s) = self.spins.get_mut(self.focus.index()) {
                s.wheel(notches);
            }
        }
        if is_mouse_button_pressed(MouseButton::Left) && views.area.contains(mouse) {
            let target = if self.system {
                picked.map(|p| p.0.planet)
            } else {
                Some(self.focus)
            };
            self.drag = Some((mouse, 0.0, target));
        }
        if let Some((last, dist, target)) = self.drag {
            let d = mouse - last;
            let dist = dist + d.length();
            if dist > 4.0 {
                let target = target.unwrap_or(self.focus);
                if let Some(s) = self.spins.get_mut(target.index()) {
                    s.turn(d.x * 0.009, d.y * 0.009);
                }
            }
            self.drag = Some((mouse, dist, target));
            if is_mouse_button_released(MouseButton::Left) {
                self.drag = None;
                if dist <= 4.0 {
                    if let Some(p) = thumb {
                        self.focus = p;
                    } else if let Some((at, edge)) = picked {
                        self.click(at, edge);
                    }
                }
            }
        }
        if is_mouse_button_pressed(MouseButton::Right) {
            self.sel = Sel::None;
        }
    }

    fn click(&mut self, at: Loc, edge: Option<u8>) {
        if self.system {
            self.focus = at.planet;
        }
        if !self.session.human_to_act() {
            return;
        }
        let s = &self.session;
        match choice::click(
            s.state(),
            self.sel,
            self.tool,
            self.veer,
            s.legal(),
            at,
            edge,
        ) {
            Click::Play(c) => self.play(c),
            Click::Select(sel) => self.sel = sel,
        }
    }

    fn keys(&mut self, dt: f32) {
        if is_key_pressed(KeyCode::C) && self.session.human_to_act() {
            self.centre_on_mine();
        }
        let k = 1.8 * dt;
        let i = self.focus.index().min(self.spins.len().saturating_sub(1));
        let Some(s) = self.spins.get_mut(i) else {
            return;
        };
        if is_key_down(KeyCode::Left) {
            s.nudge(-k, 0.0);
        }
        if is_key_down(KeyCode::Right) {
            s.nudge(k, 0.0);
        }
        if is_key_down(KeyCode::Up) {
            s.nudge(0.0, -k);
        }
        if is_key_down(KeyCode::Down) {
            s.nudge(0.0, k);
        }
        if is_key_pressed(KeyCode::Equal) || is_key_pressed(KeyCode::KpAdd) {
            s.wheel(1.0);
        }
        if is_key_pressed(KeyCode::Minus) || is_key_pressed(KeyCode::KpSubtract) {
            s.wheel(-1.0);
        }
        if is_key_pressed(KeyCode::Escape) {
            self.sel = Sel::None;
        }
        let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
        if ctrl && is_key_pressed(KeyCode::Z) && self.session.undo() {
            self.sel = Sel::None;
        }
        if ctrl && is_key_pressed(KeyCode::Y) && self.session.redo() {
            self.sel = Sel::None;
        }
        if is_key_pressed(KeyCode::M) {
            self.tool = Tool::Move;
        }
        if is_key_pressed(KeyCode::F) {
            self.tool = Tool::Fortify;
        }
        if is_key_pressed(KeyCode::S) {
            self.tool = Tool::Shoot;
        }
        if is_key_pressed(KeyCode::Tab) {
            let n = self.session.state().config().planets.max(1);
            self.focus = PlanetId((self.focus.0 + 1) % n);
        }
        if is_key_pressed(KeyCode::V) {
            self.system = !self.system;
        }
        if is_key_pressed(KeyCode::Space) && self.session.legal().contains(&Command::Pass) {
            self.play(Command::Pass);
        }
        if let Sel::Rover(at) = self.sel {
            for (key, side) in [(KeyCode::Q, Side::Left), (KeyCode::E, Side::Right)] {
                let c = Command::Turn { at, side };
                if is_key_pressed(key) && self.session.legal().contains(&c) {
                    self.play(c);
                }
            }
        }
    }
}

/// Used by the panel: the egui colour of a seat.
pub fn seat_egui(p: crate::ids::PlayerId) -> egui::Color32 {
    theme::egui_color(planet::seat_color(p))
}
