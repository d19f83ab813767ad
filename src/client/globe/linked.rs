//! The card game's globe view, linked both ways with the table: every asset in play is a globe
//! with its orbitals as rings (ships and debris on them; destroyed assets scarred), the
//! viewer's assets in the near row and the opponent's behind, transfer routes as arcs labelled
//! with their current cost. Beside the table ([`Mode::Split`], key G) the camera centres on the
//! selected asset or ship; the system view ([`Mode::System`], key Y) shows everything at once
//! over the table. Selection is the table's own [`Interaction`]: clicking a ship, ring or
//! globe here is the same as clicking it on the table, and the table's marks (legal burns,
//! transfers, targets) light the rings and ships here.
use super::glide::Glide;
use super::linked_scene::{fit_distance, pick, scene, ship_pos, ships_on, Body};
use super::mesh::{self, shade, Batch, FaceLook, Placed};
use super::orbits::{self, GLOBE_R};
use super::planet::Label;
use super::view3d::{upright, View};
use crate::client::game::Game;
use crate::client::interact::{Interaction, Mark, Sel};
use crate::client::paint::{fade, mix, rrect_lines, Painter};
use crate::client::table::layout::{panel_width, Hit, Layout};
use crate::client::theme::{self, hex};
use crate::client::words::card_name;
use crate::ids::CardRef;
use crate::state::{State, Zone};
use macroquad::prelude::*;

/// Where the globe view is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    #[default]
    Off,
    /// A column beside the table.
    Split,
    /// Over the whole table.
    System,
}

pub struct Linked {
    pub mode: Mode,
    target: Vec3,
    dist: f32,
    /// Extra zoom from the wheel (multiplies the fitted distance).
    zoom: f32,
    batch: Batch,
    time: f32,
    hover: Option<Hit>,
    focus: Option<CardRef>,
    /// Each ship's motion: burns spiral to the new orbital, transfers fly the route's arc.
    glides: std::collections::HashMap<CardRef, Glide>,
    dt: f32,
    /// What [`Linked::overlay`] draws over the scene: names, costs and the view's texts.
    labels: Vec<Label>,
    title: String,
    rect: Option<Rect>,
    /// The window is too narrow for the table and the globe side by side: the split view
    /// takes the table's place instead (see [`Linked::fit`]).
    narrow: bool,
}

impl Default for Linked {
    fn default() -> Self {
        Linked {
            mode: Mode::Off,
            target: Vec3::ZERO,
            dist: 8.0,
            zoom: 1.0,
            batch: Batch::default(),
            time: 0.0,
            hover: None,
            focus: None,
            glides: Default::default(),
            dt: 0.0,
            labels: Vec::new(),
            title: String::new(),
            rect: None,
            narrow: false,
        }
    }
}

/// What the toggles asked for.
pub fn toggle_keys(mode: Mode) -> Mode {
    if is_key_pressed(KeyCode::G) {
        return if mode == Mode::Split {
            Mode::Off
        } else {
            Mode::Split
        };
    }
    if is_key_pressed(KeyCode::Y) {
        return if mode == Mode::System {
            Mode::Off
        } else {
            Mode::System
        };
    }
    mode
}

/// The two toggle buttons (egui), at the bottom right of the table.
pub fn toggles(ctx: &egui_macroquad::egui::Context, mode: &mut Mode, right: f32) {
    use egui_macroquad::egui;
    let bottom = ctx.screen_rect().bottom();
    egui::Area::new(egui::Id::new("globe-toggles"))
        .fixed_pos(egui::pos2(
            right - crate::client::table::layout::TOGGLES_W + 6.0,
            bottom - 30.0,
        ))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let split = ui.selectable_label(*mode == Mode::Split, "🌐 Globe view (G)");
                let system = ui.selectable_label(*mode == Mode::System, "System (Y)");
                if split.clicked() {
                    *mode = if *mode == Mode::Split {
                        Mode::Off
                    } else {
                        Mode::Split
                    };
                }
                if system.clicked() {
                    *mode = if *mode == Mode::System {
                        Mode::Off
                    } else {
                        Mode::System
                    };
                }
            });
        });
}

/// The narrowest table shown beside the split view (below it the table's text gets tiny).
pub const MIN_TABLE_W: f32 = 720.0;
/// The narrowest split view; a window with less room shows the globe in the table's place.
pub const MIN_GLOBE_W: f32 = 240.0;

/// The split view's width in a window `sw` wide, or `None` when it does not fit beside a
/// readable table.
fn fitted_split(sw: f32) -> Option<f32> {
    let room = sw - panel_width(sw) - MIN_TABLE_W;
    let w = (sw * 0.3).clamp(280.0, 620.0).min(room);
    (w >= MIN_GLOBE_W).then_some(w)
}

fn hash(x: u32) -> f32 {
    let h = x
        .wrapping_mul(2_654_435_761)
        .rotate_left(13)
        .wrapping_mul(40503);
    (h >> 8) as f32 / (1u32 << 24) as f32
}

impl Linked {
    /// Width the split view takes from the table (none when it takes the table's place).
    pub fn width(&self, sw: f32) -> f32 {
        match self.mode {
            Mode::Split => fitted_split(sw).unwrap_or(0.0),
            _ => 0.0,
        }
    }

    /// Decides, once a frame, how the split view fits a window this wide: the table keeps at
    /// least [`MIN_TABLE_W`] so its text stays readable, and the globe gets what is left up to
    /// its usual share; when that is under [`MIN_GLOBE_W`] the globe view is shown in the
    /// table's place instead (G switches back).
    pub fn fit(&mut self, sw: f32) {
        self.narrow = fitted_split(sw).is_none();
    }

    /// The system view hides the table; so does the globe view in a narrow window.
    pub fn covers_table(&self) -> bool {
        self.mode == Mode::System || (self.mode == Mode::Split && self.narrow)
    }
    /// Handles the view's clicks and draws its scene into `rect`; its texts come with
    /// [`Linked::overlay`].
    ///
    /// Call it first in the frame, before anything else is drawn: switching to the 3D camera
    /// and back makes macroquad submit what was queued before, so with nothing queued the
    /// scene, with the stars behind it, costs one batch, and the table drawn afterwards keeps
    /// its own batches. `input`: the pointer is free (not over egui, not
    /// a screenshot run).
    #[allow(clippy::too_many_arguments)]
    pub fn frame(
        &mut self,
        dt: f32,
        game: &mut Game,
        inter: &mut Interaction,
        layout: &Layout,
        rect: Rect,
        mouse: Vec2,
        input: bool,
    ) {
        self.rect = None;
        if self.mode == Mode::Off || rect.w < 50.0 {
            return;
        }
        self.rect = Some(rect);
        self.time += dt;
        self.dt = dt;
        let st = game.state();
        let bodies = scene(st, game.viewer);
        // Centre on the selection (a ship centres on its asset), but only when it is not well
        // inside the view already: the camera stays still while the player aims from it.
        let sel_asset = match inter.sel {
            Some(Sel::Asset(a)) => Some(a),
            Some(Sel::Ship(s)) => st.inst(s).host_ref(),
            _ => None,
        };
        if let Some(a) = sel_asset.filter(|a| self.focus != Some(*a)) {
            if !self.shows(&bodies, a, rect) {
                self.focus = Some(a);
            }
        }
        let fit = fit_distance(&bodies, rect);
        let (goal, goal_d) = match (
            self.mode,
            self.focus
                .and_then(|a| bodies.iter().find(|b| b.asset == a)),
        ) {
            (Mode::Split, Some(b)) => (b.centre, close_up(orbits::extent(b.rings), rect)),
            _ => (Vec3::ZERO, fit),
        };
        let k = 1.0 - (-dt * 6.0).exp();
        self.target = self.target.lerp(goal, k);
        self.dist += (goal_d * self.zoom - self.dist) * k;
        let view = self.view(rect);
        if input && rect.contains(mouse) {
            let w = mouse_wheel().1;
            if w.abs() > 0.0 {
                self.zoom = (self.zoom * 0.9f32.powf(w.signum())).clamp(0.3, 2.5);
            }
        }
        // Pointer: ships, then rings, then globes.
        self.hover = if rect.contains(mouse) {
            let lit = |h: Hit| matches!(inter.mark(h), Some(Mark::Target | Mark::Attack));
            pick(st, &bodies, &view, mouse, self.time, lit)
        } else {
            None
        };
        // A click on empty space keeps the selection (a near miss must not drop an aim).
        let clicked = input && is_mouse_button_pressed(MouseButton::Left);
        if clicked && rect.contains(mouse) && self.hover.is_some() {
            inter.click(self.hover, layout, game);
            if let Some(Hit::Asset(a)) = self.hover {
                self.focus = Some(a);
            }
            inter.refresh(game);
        }
        let st = game.state();

        // Drawing.
        // The window is cleared to the background colour and the table is not drawn under
        // the view: only the stars are added, in the scene's batch, behind everything.
        set_camera(&view.camera(screen_height()));
        let mut b = std::mem::take(&mut self.batch);
        b.seen_from(&view);
        crate::client::table::stars(rect, self.time, |r, c| b.screen_square(r, c));
        let mut labels = std::mem::take(&mut self.labels);
        labels.clear();
        self.glides
            .retain(|r, _| st.get(*r).is_some_and(|i| i.zone == Zone::Ship));
        for body in &bodies {
            self.draw_body(&mut b, st, inter, body, &view, &mut labels);
        }
        self.routes(&mut b, st, inter, &bodies, &view, &mut labels);
        b.flush();
        self.batch = b;
        set_default_camera();
        self.labels = labels;
        self.title.clear();
        use std::fmt::Write;
        let _ = write!(
            self.title,
            "{} — orbit counter {}",
            if self.mode == Mode::System {
                "System view"
            } else {
                "Globe view"
            },
            st.orbit_counter
        );
        if self.covers_table() && self.mode == Mode::Split {
            self.title
                .push_str(" · in the table's place: the window is narrow (G: back to the table)");
        }
    }

    /// The camera as it stands.
    fn view(&self, rect: Rect) -> View {
        View {
            rect,
            eye: self.target + vec3(0.0, 0.62, 1.0).normalize() * self.dist,
            target: self.target,
            fovy: FOVY,
        }
    }

    /// Whether asset `a`'s globe and rings are well inside the view now (a margin of a tenth
    /// of the view on every side), so that nothing of it is cut at the edge.
    fn shows(&self, bodies: &[Body], a: CardRef, rect: Rect) -> bool {
        let Some(b) = bodies.iter().find(|b| b.asset == a) else {
            return true;
        };
        let view = self.view(rect);
        let m = vec2(rect.w, rect.h) * 0.1;
        let inner = Rect::new(
            rect.x + m.x,
            rect.y + m.y,
            rect.w - 2.0 * m.x,
            rect.h - 2.0 * m.y,
        );
        let r = orbits::extent(b.rings);
        [
            Vec3::X,
            Vec3::NEG_X,
            Vec3::Y,
            Vec3::NEG_Y,
            Vec3::Z,
            Vec3::NEG_Z,
        ]
        .iter()
        .all(|d| {
            view.project(b.centre + *d * r)
                .is_some_and(|p| inner.contains(p))
        })
    }

    /// The view's labels, title and frame, over the scene drawn by [`Linked::frame`]. Nothing
    /// else is drawn over them, so they go into the painter's current layer (the table's first
    /// one) without a flush.
    pub fn overlay(&self, p: &mut Painter) {
        let Some(rect) = self.rect else {
            return;
        };
        for l in &self.labels {
            l.draw_inside(p, 0.6, rect);
        }
        p.text(
            &self.title,
            rect.x + 12.0,
            rect.y + 62.0,
            15.0,
            true,
            theme::TEXT,
        );
        p.text(
            "click a ship, ring or globe · wheel: zoom",
            rect.x + 12.0,
            rect.y + rect.h - 12.0,
            12.0,
            false,
            theme::TEXT_DIM,
        );
        rrect_lines(rect, 0.0, 1.0, fade(theme::CARD_EDGE, 0.8));
    }

    fn draw_body(
        &mut self,
        b: &mut Batch,
        st: &State,
        inter: &Interaction,
        body: &Body,
        view: &View,
        labels: &mut Vec<Label>,
    ) {
        let a = body.asset;
        let inst = st.inst(a);
        let owner = inst.owner;
        let destroyed = st.is_destroyed(a);
        let seed = a.0 as u32 * 97 + inst.card.0 as u32;
        let hue = mix(theme::seat(owner), hex(0x3a6f5a), 0.35 + 0.3 * hash(seed));
        let rot = Quat::from_rotation_y(self.time * 0.12 + hash(seed) * 6.0) * upright();
        let g = Placed {
            centre: body.centre,
            radius: GLOBE_R,
            rot,
        };
        let light = mesh::light_for(view.eye, g.centre);
        let mark = inter.mark(Hit::Asset(a));
        let hovered = self.hover == Some(Hit::Asset(a));
        mesh::globe(b, &g, view.eye, light, |f| {
            let h = hash(seed ^ (f as u32 * 7919));
            let mut fill = mix(hue, hex(0xd8d0b0), 0.25 * h);
            let mut border = hex(0x0b1422);
            if destroyed && h < 0.45 {
                fill = mix(hex(0x1a1210), hex(0x5a1e12), h * 2.0);
                border = hex(0xff5a2a);
            }
            if hovered {
                fill = mix(fill, WHITE, 0.2);
            }
            if let Some(m) = mark {
                border = mark_color(m);
            }
            FaceLook {
                fill,
                border,
                band: if mark.is_some() || destroyed {
                    0.14
                } else {
                    0.0
                },
                glow: mark.is_some(),
            }
        });
        let axis = orbits::ring_axis();
        for i in 0..body.rings {
            let hit = Hit::Band {
                asset: a,
                orbital: i,
            };
            let r = orbits::ring_radius(i);
            let (col, w) = match inter.mark(hit) {
                Some(m) => (mark_color(m), 0.045),
                None if self.hover == Some(hit) => (theme::TEXT, 0.03),
                None => (fade(theme::DV, 0.55), 0.018),
            };
            b.ring(g.centre, axis, r, w, shade(col, axis, light));
            // Debris on this orbital.
            let n = st.debris_at(a, i);
            for ang in orbits::slots(n, 0.4 + i as f32) {
                let pos = orbits::on_ring(g.centre, r, ang);
                b.gem(pos, 0.035, theme::DEBRIS, light);
            }
        }
        for (ship, inst) in ships_on(st, a) {
            let goal = ship_pos(st, a, ship, body.centre, self.time);
            let place = (a, inst.orbital);
            let pos = self
                .glides
                .entry(ship)
                .or_insert_with(|| Glide::at(place, body.centre, goal))
                .step(place, body.centre, goal, self.dt);
            let m = inter.mark(Hit::Ship(ship));
            let size = if m == Some(Mark::Selected) { 0.1 } else { 0.07 };
            b.gem(pos, size, theme::seat(inst.owner), light);
            if let Some(m) = m {
                b.ring(
                    pos,
                    view.eye - pos,
                    size * 1.7,
                    0.02,
                    shade(mark_color(m), Vec3::Y, light),
                );
            }
            if self.hover == Some(Hit::Ship(ship)) {
                b.ring(pos, view.eye - pos, size * 1.9, 0.015, [255, 255, 255, 255]);
            }
        }
        // Labels alternate below and above the globes so that long names do not collide.
        let below = body.index.is_multiple_of(2);
        let at = if below {
            g.centre - Vec3::Y * (GLOBE_R + 0.15)
        } else {
            g.centre + Vec3::Y * (GLOBE_R + 0.2)
        };
        if let Some(s) = view.project(at) {
            let name = card_name(st, a);
            let text = if destroyed {
                format!("{name} (destroyed)")
            } else {
                name
            };
            labels.push(Label {
                at: s + vec2(0.0, if below { 10.0 } else { -10.0 }),
                text,
                color: if destroyed { theme::BAD } else { theme::TEXT },
                size: 12.0,
            });
        }
    }

    /// Transfer routes: from the selected ship's asset to each legal destination (lit, with
    /// the command's cost), or from the focused asset to every other asset (faint, with the
    /// current transfer cost of the destination).
    fn routes(
        &self,
        b: &mut Batch,
        st: &State,
        inter: &Interaction,
        bodies: &[Body],
        view: &View,
        labels: &mut Vec<Label>,
    ) {
        let find = |a: CardRef| bodies.iter().find(|b| b.asset == a);
        let outer = |b: &Body, toward: Vec3| {
            let d = (toward - b.centre).normalize_or_zero();
            b.centre + d * orbits::extent(b.rings)
        };
        let mut draw = |from: &Body, to: &Body, cost: u8, lit: bool| {
            let a = outer(from, to.centre);
            let z = outer(to, from.centre);
            let pts = orbits::arc(a, z, 0.35 + 0.1 * (a - z).length(), 16);
            let (col, width) = if lit {
                (theme::target(), 0.03)
            } else {
                (fade(theme::DV, 0.35), 0.015)
            };
            let rgba = [col.r, col.g, col.b, col.a].map(|x| (x.clamp(0.0, 1.0) * 255.0) as u8);
            b.ribbon(&pts, view.eye, width, rgba);
            if let Some(s) = view.project(pts[8]) {
                labels.push(Label {
                    at: s,
                    text: format!("Δv {cost}"),
                    color: if lit { theme::target() } else { theme::DV },
                    size: if lit { 14.0 } else { 11.0 },
                });
            }
        };
        if let Some(Sel::Ship(ship)) = inter.sel {
            let from = st.inst(ship).host_ref().and_then(find);
            let lit: Vec<CardRef> = legal_transfers(st, inter, ship);
            if let (Some(from), false) = (from, lit.is_empty()) {
                for to in lit {
                    let cost = crate::maneuver::burn::transfer_cost(st, ship, to).unwrap_or(0);
                    if let Some(tb) = find(to) {
                        draw(from, tb, cost, true);
                    }
                }
                return;
            }
        }
        let Some(from) = self.focus.and_then(find) else {
            return;
        };
        for to in bodies {
            if to.asset == from.asset || st.is_destroyed(to.asset) {
                continue;
            }
            let outer_i = to.rings.saturating_sub(1);
            let cost = st
                .transfer_cost(to.asset)
                .saturating_add(st.entry_cost(to.asset, outer_i));
            draw(from, to, cost, false);
        }
    }
}

/// The camera's vertical field of view, in radians.
const FOVY: f32 = 0.7;

/// The camera's distance for a close-up of one asset whose rings reach `extent`: near enough
/// to see it well, far enough that its outer ring, with a margin, fits the narrower side of the
/// view (the split view is tall and narrow), so that no selected ship is cut at the edge.
fn close_up(extent: f32, rect: Rect) -> f32 {
    let half_v = (FOVY / 2.0).tan();
    let half = half_v.min(half_v * rect.w / rect.h.max(1.0));
    (extent * 5.6).max(extent * 1.3 / half).max(4.0)
}

fn mark_color(m: Mark) -> Color {
    match m {
        Mark::Selected => theme::SELECT,
        Mark::Target => theme::target(),
        Mark::Attack => theme::attack(),
        Mark::Ready => mix(theme::TEXT, theme::SELECT, 0.4),
    }
}

/// The ship's legal transfer destinations (from the table's marks, i.e. the legal commands).
fn legal_transfers(st: &State, inter: &Interaction, ship: CardRef) -> Vec<CardRef> {
    let host = st.inst(ship).host_ref();
    inter
        .marks
        .iter()
        .filter_map(|(h, m)| match (h, m) {
            (Hit::Band { asset, .. }, Mark::Target) if Some(*asset) != host => Some(*asset),
            _ => None,
        })
        .collect()
}
