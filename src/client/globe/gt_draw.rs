//! Drawing the Globetrotter screen: the main view (planets with their pieces and marks, the
//! shared orbit), the planet thumbnails, and the 2D layer (hit-point labels, planet names, the
//! status bar with the action count, the AI's announced move).
use super::choice::{self, Sel};
use super::mesh::{self, Placed};
use super::planet::{self, Label, Mark, PlanetDraw};
use super::screen::{GtScreen, Views};
use super::session::HOP_TIME;
use super::view3d::View;
use crate::client::paint::{fade, mix, rrect, Painter};
use crate::client::theme;
use crate::globe::FACE_COUNT;
use crate::globetrotter::eval::command_loc;
use crate::globetrotter::{Command, Loc, Phase, PlanetId};
use macroquad::prelude::*;

impl GtScreen {
    pub(super) fn marks(&self, p: PlanetId) -> [Option<Mark>; FACE_COUNT] {
        let s = &self.session;
        let mut m = choice::marks(s.state(), p, self.sel, self.tool, s.legal());
        if let Some((cmd, _, _)) = s.announce() {
            for l in announce_locs(&cmd) {
                if l.planet == p {
                    m[l.face.index()] = Some(Mark::Announce);
                }
            }
        }
        m
    }

    pub(super) fn draw_main(&mut self, v: &View, sh: f32, labels: &mut Vec<Label>) {
        set_camera(&v.camera(sh));
        let orbit_sel = match self.sel {
            Sel::Orbit(i) => Some(i as usize),
            _ => None,
        };
        let planets = self.main_planets();
        let around = self.orbit_path();
        let mut batch = std::mem::take(&mut self.batch);
        for &p in &planets {
            let marks = self.marks(p);
            let hover = self.hover.filter(|l| l.planet == p).map(|l| l.face);
            let d = PlanetDraw {
                state: self.session.state(),
                planet: p,
                placed: self.placed(p),
                view: v,
                marks: &marks,
                hover,
                flashes: &self.session.flashes,
                tracers: &self.session.effects.tracers,
                slides: &self.session.effects.slides,
                hops: &self.session.effects.hops,
                orbit: Some(around),
                time: self.time,
                labels: true,
            };
            planet::draw(&mut batch, &d, labels);
        }
        // The shared orbit: around the focused planet, or around the whole system.
        let light = mesh::light_for(v.eye, around.centre);
        let (points, trail) = self.orbit_points(&around, &planets);
        planet::orbit(
            &mut batch,
            self.session.state(),
            &around,
            light,
            &points,
            orbit_sel,
        );
        for (p, size, c) in trail {
            batch.gem(p, size * around.scale, c, light);
        }
        batch.flush();
        self.batch = batch;
        // Orbit rovers' hit points.
        for (i, &p) in points.iter().enumerate() {
            if let (Some(s), Some(r)) = (v.project(p), self.session.state().orbit().get(i)) {
                labels.push(Label {
                    at: s + vec2(0.0, -16.0),
                    text: format!("{}", r.hp),
                    color: planet::seat_color(r.owner),
                    size: 13.0,
                });
            }
        }
    }

    /// Where the orbit's rovers are drawn; one that just entered orbit rises from its space on a
    /// planet in view, with a short trail of fading ghosts (position, size, colour).
    fn orbit_points(
        &self,
        around: &planet::OrbitPath,
        shown: &[PlanetId],
    ) -> (Vec<Vec3>, Vec<(Vec3, f32, Color)>) {
        let st = self.session.state();
        let mut points = planet::orbit_points(st, around, self.time);
        let mut trail = Vec::new();
        let geo = mesh::Geo::get();
        for h in self.session.effects.hops.iter().filter(|h| !h.down) {
            let (Some(p), true) = (points.get_mut(h.orbit), shown.contains(&h.at.planet)) else {
                continue;
            };
            let Some(owner) = st.orbit().get(h.orbit).map(|r| r.owner) else {
                continue;
            };
            let g = self.placed(h.at.planet);
            let f = h.at.face.index();
            let (from, up) = (g.point(geo.centres[f]), g.dir(geo.normals[f]));
            for (i, back) in [0.24f32, 0.16, 0.08].into_iter().enumerate() {
                let age = h.age - back * HOP_TIME;
                if age > 0.0 {
                    let ghost = mix(planet::seat_color(owner), BLACK, 0.6 - 0.15 * i as f32);
                    let at = planet::rise(from, up, *p, g.radius, age);
                    trail.push((at, 0.04 + 0.01 * i as f32, ghost));
                }
            }
            *p = planet::rise(from, up, *p, g.radius, h.age);
        }
        (points, trail)
    }

    fn orbit_path(&self) -> planet::OrbitPath {
        if self.system {
            let n = self.session.state().config().planets as f32;
            planet::OrbitPath {
                centre: Vec3::ZERO,
                rx: 1.5 * (n - 1.0) + 1.9,
                rz: 1.9,
                tilt: 0.0,
                scale: 1.0,
            }
        } else {
            planet::OrbitPath::around(&self.placed(self.focus))
        }
    }

    pub(super) fn draw_thumb(&mut self, p: PlanetId, v: &View, sh: f32) {
        set_camera(&v.camera(sh));
        let marks = self.marks(p);
        let d = PlanetDraw {
            state: self.session.state(),
            planet: p,
            placed: Placed {
                centre: Vec3::ZERO,
                radius: 1.0,
                rot: self.spin(p).rot(),
            },
            view: v,
            marks: &marks,
            hover: None,
            flashes: &self.session.flashes,
            tracers: &[],
            slides: &self.session.effects.slides,
            hops: &self.session.effects.hops,
            orbit: None,
            time: self.time,
            labels: false,
        };
        let mut batch = std::mem::take(&mut self.batch);
        planet::draw(&mut batch, &d, &mut Vec::new());
        batch.flush();
        self.batch = batch;
    }

    pub(super) fn draw_2d(&self, p: &mut Painter, views: &Views, labels: &[Label]) {
        let st = self.session.state();
        for l in labels {
            l.draw(p, 0.55);
        }
        for (pl, v) in &views.thumbs {
            let r = v.rect;
            let focused = *pl == self.focus;
            let c = if focused {
                theme::SELECT
            } else {
                fade(theme::TEXT_DIM, 0.5)
            };
            crate::client::paint::rrect_lines(r, 8.0, if focused { 2.0 } else { 1.0 }, c);
            let name = if st.planet(*pl).destroyed {
                format!("Planet {} (destroyed)", pl.0 + 1)
            } else {
                format!("Planet {}", pl.0 + 1)
            };
            p.text(
                &name,
                r.x + 4.0,
                r.y + r.h + 14.0,
                12.0,
                focused,
                theme::TEXT_DIM,
            );
        }
        if self.system {
            for pl in st.planet_ids() {
                let g = self.placed(pl);
                if let Some(s) = views.main.project(g.centre - vec3(0.0, 1.35, 0.0)) {
                    let text = if st.planet(pl).destroyed {
                        format!("Planet {} — destroyed", pl.0 + 1)
                    } else {
                        format!("Planet {}", pl.0 + 1)
                    };
                    let w = p.measure(&text, 15.0, true);
                    let c = if st.planet(pl).destroyed {
                        theme::BAD
                    } else if pl == self.focus {
                        theme::SELECT
                    } else {
                        theme::TEXT
                    };
                    p.text(&text, s.x - w / 2.0, s.y + 18.0, 15.0, true, c);
                }
            }
        }
        // Top bar: whose turn and the action count; the AI's announced move.
        let a = views.area;
        rrect(
            Rect::new(a.x + 8.0, a.y + 8.0, a.w - 16.0, 34.0),
            8.0,
            fade(theme::BAR, 0.85),
        );
        let who = st.active();
        let text = if self.session.over() {
            "Game over".to_string()
        } else if st.phase() == Phase::Setup {
            format!(
                "Setup — {} a rover on an empty HQ",
                self.session.names.says(who, "place", "places")
            )
        } else {
            let pts = st.player(who).treasury;
            let tre = if pts > 0 {
                format!(" (+{pts} in the Treasury)")
            } else {
                String::new()
            };
            format!(
                "Turn {} — {} to act — {} action{} left{tre}",
                st.turn_number(),
                self.session.name(who),
                st.actions_left(),
                if st.actions_left() == 1 { "" } else { "s" }
            )
        };
        draw_circle(a.x + 26.0, a.y + 25.0, 7.0, planet::seat_color(who));
        p.text(&text, a.x + 40.0, a.y + 31.0, 16.0, true, theme::TEXT);
        // The controls at the bar's right end, shortened in a narrow window, or under the bar
        // when even the short form would run into the title.
        let hints: &[&str] = if self.session.human_to_act() {
            &[
                "drag / arrows: spin · wheel: zoom · C: my rover · click: select, act",
                "drag: spin · wheel: zoom · C: my rover",
            ]
        } else if self.session.thinking() {
            &["the AI is thinking…"]
        } else {
            &[""]
        };
        let title_end = a.x + 40.0 + p.measure(&text, 16.0, true) + 16.0;
        let right = a.x + a.w - 22.0;
        let fits = hints
            .iter()
            .map(|h| (*h, p.measure(h, 13.0, false)))
            .find(|(_, w)| right - w > title_end);
        let (hint, x, y) = match fits {
            Some((h, w)) => (h, right - w, a.y + 30.0),
            None => (hints[hints.len() - 1], a.x + 16.0, a.y + 60.0),
        };
        p.text(hint, x, y, 13.0, false, theme::TEXT_DIM);
        if let Some((cmd, _, _)) = self.session.announce() {
            let text = format!(
                "{}: {}",
                self.session.name(who),
                super::gt_words::command(st, &cmd, &self.session.names)
            );
            let w = p.measure(&text, 18.0, true) + 30.0;
            let r = Rect::new(a.x + (a.w - w) / 2.0, a.y + a.h - 64.0, w, 40.0);
            rrect(r, 10.0, fade(theme::PANEL, 0.92));
            crate::client::paint::rrect_lines(r, 10.0, 2.0, planet::seat_color(who));
            p.text(&text, r.x + 15.0, r.y + 27.0, 18.0, true, theme::TEXT);
        }
        p.flush();
    }
}

pub(super) fn announce_loc(c: &Command) -> Option<Loc> {
    announce_locs(c).into_iter().last()
}

/// The spaces an announced move touches (its piece and its target).
pub(super) fn announce_locs(c: &Command) -> Vec<Loc> {
    match *c {
        Command::Move { from, to, .. }
        | Command::Fortify { from, to }
        | Command::Shoot { from, to, .. } => vec![from, from.with(to)],
        _ => command_loc(c).into_iter().collect(),
    }
}
