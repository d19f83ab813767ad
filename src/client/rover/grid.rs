//! The level drawn as a grid of square cells: terrain (floor, water), the drop pod, chassis
//! pickups and module caches, the entities with an integrity bar and a hostile (red) or
//! neutral (grey, teal, violet) look, asleep hostiles dimmed, the rover with its facing, the
//! selected module's reach with each target's hit chance, and the animations of the last
//! command (slides, shots, floating damage and misses).
use super::session::{Mark, Session, FLASH_TIME, SLIDE_TIME};
use crate::client::paint::{circle_outline, disc, fade, mix, rrect, rrect_lines, Align, Painter};
use crate::client::theme::{self, hex};
use crate::rover::event::Actor;
use crate::rover::geom::{Dir, Pos};
use crate::rover::ids::EntityId;
use crate::rover::kinds::Behaviour;
use crate::rover::map::{Pickup, Terrain};
use crate::rover::preview::AttackPreview;
use crate::rover::State;
use macroquad::prelude::*;

/// Where the grid is on the screen.
#[derive(Clone, Copy, Debug)]
pub struct GridLayout {
    pub origin: Vec2,
    pub cell: f32,
    pub w: u8,
    pub h: u8,
}

/// Height of the bar above the grid.
pub const TOP_BAR: f32 = 40.0;

impl GridLayout {
    /// The largest square cells that fit `area` below the top bar.
    pub fn compute(s: &State, area: Rect) -> GridLayout {
        let (w, h) = (s.width().max(1), s.height().max(1));
        let room = vec2(area.w - 24.0, area.h - TOP_BAR - 16.0);
        let cell = (room.x / w as f32).min(room.y / h as f32).floor().max(6.0);
        let size = vec2(cell * w as f32, cell * h as f32);
        let origin = vec2(
            (area.x + (area.w - size.x) / 2.0).floor(),
            (area.y + TOP_BAR + (area.h - TOP_BAR - size.y) / 2.0).floor(),
        );
        GridLayout { origin, cell, w, h }
    }

    pub fn rect(&self, p: Pos) -> Rect {
        Rect::new(
            self.origin.x + p.x as f32 * self.cell,
            self.origin.y + p.y as f32 * self.cell,
            self.cell,
            self.cell,
        )
    }

    pub fn centre(&self, p: Pos) -> Vec2 {
        self.rect(p).center()
    }

    /// The cell under a screen point.
    pub fn pick(&self, at: Vec2) -> Option<Pos> {
        let d = (at - self.origin) / self.cell;
        (d.x >= 0.0 && d.y >= 0.0 && d.x < self.w as f32 && d.y < self.h as f32)
            .then(|| Pos::new(d.x as u8, d.y as u8))
    }
}

const FLOOR: Color = hex(0x2f2a24);
const FLOOR_B: Color = hex(0x353028);
const WATER: Color = hex(0x17476f);
const ROCK: Color = hex(0x5d616b);
const ROVER: Color = hex(0x5ad1ff);
const HOSTILE: Color = hex(0xb3303f);
const POD: Color = hex(0x3ddc97);

/// What the grid needs besides the session.
pub struct GridView<'a> {
    pub hover: Option<Pos>,
    /// The selected module's reach: cells and the preview of its targets.
    pub reach: &'a [Pos],
    pub preview: Option<&'a AttackPreview>,
    pub aim: Dir,
    pub time: f32,
}

/// Where an actor is drawn now (between cells while it slides).
fn drawn_at(sess: &Session, g: &GridLayout, who: Actor, at: Pos) -> Vec2 {
    let slide = sess.slides.iter().rev().find(|m| m.who == who);
    match slide {
        Some(m) if m.age < m.delay => g.centre(m.from),
        Some(m) => {
            let t = ((m.age - m.delay) / SLIDE_TIME).clamp(0.0, 1.0);
            let t = t * t * (3.0 - 2.0 * t);
            g.centre(m.from).lerp(g.centre(m.to), t)
        }
        None => g.centre(at),
    }
}

fn bar(p: &mut Painter, c: Vec2, cell: f32, frac: f32) {
    let _ = p;
    let w = cell * 0.78;
    let r = Rect::new(c.x - w / 2.0, c.y + cell * 0.34, w, (cell * 0.1).max(2.0));
    draw_rectangle(r.x, r.y, r.w, r.h, hex(0x101010));
    let col = mix(theme::BAD, theme::GOOD, frac.clamp(0.0, 1.0));
    draw_rectangle(r.x, r.y, r.w * frac.clamp(0.0, 1.0), r.h, col);
}

fn entity(p: &mut Painter, s: &State, g: &GridLayout, c: Vec2, id: EntityId, time: f32) {
    let e = s.entity(id);
    let k = s.db().kind(e.kind);
    let cell = g.cell;
    let half = cell * 0.42;
    let body = Rect::new(c.x - half, c.y - half, half * 2.0, half * 2.0);
    let glyph = k.glyph.to_string();
    if k.hostile {
        let awake = e.awake;
        let fill = if awake {
            HOSTILE
        } else {
            mix(HOSTILE, FLOOR, 0.55)
        };
        disc(c, half, fill);
        circle_outline(
            c,
            half,
            1.5,
            if awake {
                theme::BAD
            } else {
                fade(theme::BAD, 0.5)
            },
        );
        p.text_in(&glyph, body, cell * 0.58, true, theme::TEXT, Align::Center);
        if !awake {
            let z = 0.5 + 0.5 * (time * 2.0 + id.0 as f32).sin();
            p.text(
                "z",
                c.x + half * 0.55,
                c.y - half * 0.45,
                cell * 0.42,
                true,
                fade(theme::TEXT_DIM, 0.5 + 0.4 * z),
            );
        }
    } else {
        match k.behaviour {
            Behaviour::Factory { .. } => {
                let col = if e.shut_down {
                    hex(0x4b4b55)
                } else {
                    hex(0x6a4fc7)
                };
                rrect(body, cell * 0.12, col);
                rrect_lines(body, cell * 0.12, 1.5, hex(0xa993ff));
                p.text_in(&glyph, body, cell * 0.58, true, theme::TEXT, Align::Center);
            }
            _ if k.glyph == '#' => {
                let r = Rect::new(
                    c.x - cell * 0.47,
                    c.y - cell * 0.47,
                    cell * 0.94,
                    cell * 0.94,
                );
                rrect(r, cell * 0.18, ROCK);
                draw_rectangle(
                    r.x + cell * 0.15,
                    r.y + cell * 0.12,
                    cell * 0.3,
                    cell * 0.12,
                    fade(WHITE, 0.08),
                );
            }
            _ => {
                rrect(body, cell * 0.12, hex(0x1f6f73));
                rrect_lines(body, cell * 0.12, 1.5, hex(0x58c4c8));
                p.text_in(&glyph, body, cell * 0.58, true, theme::TEXT, Align::Center);
            }
        }
    }
    let max = k.integrity.max(1) as f32;
    if k.glyph != '#' || (e.integrity as f32) < max {
        bar(p, c, cell, e.integrity as f32 / max);
    }
}

fn rover(s: &State, c: Vec2, cell: f32, aim: Dir) {
    let half = cell * 0.4;
    let body = Rect::new(c.x - half, c.y - half, half * 2.0, half * 2.0);
    rrect(body, cell * 0.14, ROVER);
    rrect_lines(body, cell * 0.14, 2.0, WHITE);
    let (dx, dy) = aim.delta();
    let f = vec2(dx as f32, dy as f32);
    let side = vec2(-f.y, f.x);
    let tip = c + f * cell * 0.62;
    let a = c + f * cell * 0.2 + side * cell * 0.22;
    let b = c + f * cell * 0.2 - side * cell * 0.22;
    draw_triangle(tip, a, b, theme::SELECT);
    disc(c, cell * 0.12, hex(0x0b3550));
    if s.rover().stalled || s.rover().shorted {
        circle_outline(c, cell * 0.55, 2.0, theme::WARN);
    }
    if s.rover().shielding > 0 {
        circle_outline(c, cell * 0.6, 1.5, fade(theme::DV, 0.8));
    }
}

/// Draws the grid and everything on it.
pub fn draw(p: &mut Painter, sess: &Session, g: &GridLayout, v: &GridView) {
    let s = sess.state();
    let cell = g.cell;
    let full = Rect::new(
        g.origin.x - 3.0,
        g.origin.y - 3.0,
        cell * g.w as f32 + 6.0,
        cell * g.h as f32 + 6.0,
    );
    draw_rectangle(full.x, full.y, full.w, full.h, hex(0x05070d));
    for pos in s.level().positions() {
        let r = g.rect(pos);
        let col = match s.level().terrain(pos) {
            Terrain::Water => {
                let wave =
                    0.5 + 0.5 * (v.time * 1.3 + pos.x as f32 * 0.7 + pos.y as f32 * 0.4).sin();
                mix(WATER, hex(0x1f5f8f), wave * 0.5)
            }
            Terrain::Floor if (pos.x + pos.y) % 2 == 0 => FLOOR,
            Terrain::Floor => FLOOR_B,
        };
        // The selected module's reach is lit (opaque: the frame stays fully opaque).
        let col = if v.reach.contains(&pos) {
            mix(col, theme::SELECT, 0.2)
        } else {
            col
        };
        draw_rectangle(r.x, r.y, r.w - 1.0, r.h - 1.0, col);
    }
    // Places: the pod, chassis pickups, caches.
    let pod = g.rect(s.level().pod);
    rrect_lines(
        crate::client::paint::grow(pod, -cell * 0.08),
        cell * 0.2,
        2.0,
        POD,
    );
    p.text_in("P", pod, cell * 0.5, true, fade(POD, 0.9), Align::Center);
    for (at, what) in s.pickups() {
        let r = g.rect(*at);
        let inner = crate::client::paint::grow(r, -cell * 0.14);
        match what {
            Pickup::Chassis(_) => {
                rrect_lines(inner, cell * 0.1, 2.0, theme::SELECT);
                p.text_in("H", r, cell * 0.5, true, theme::SELECT, Align::Center);
            }
            Pickup::Cache(Some(_)) => {
                rrect(inner, cell * 0.08, hex(0x6b4a1c));
                rrect_lines(inner, cell * 0.08, 1.5, theme::WARN);
                p.text_in("K", r, cell * 0.5, true, theme::WARN, Align::Center);
            }
            Pickup::Cache(None) => {
                rrect_lines(inner, cell * 0.08, 1.0, fade(theme::TEXT_FAINT, 0.6));
            }
        }
    }
    // Entities.
    for e in s.entities().iter().filter(|e| e.alive) {
        let c = drawn_at(sess, g, Actor::Entity(e.id), e.at);
        entity(p, s, g, c, e.id, v.time);
    }
    if !s.rover().destroyed {
        let c = drawn_at(sess, g, Actor::Rover, s.rover().at);
        rover(s, c, cell, v.aim);
    }
    // Targets of the selected module, with their hit chance.
    if let Some(pre) = v.preview {
        for t in &pre.targets {
            let c = drawn_at(sess, g, Actor::Entity(t.id), s.entity(t.id).at);
            let r = Rect::new(c.x - cell / 2.0, c.y - cell / 2.0, cell, cell);
            rrect_lines(
                crate::client::paint::grow(r, 1.0),
                cell * 0.15,
                2.5,
                theme::SELECT,
            );
            let label = format!("{}%", t.chance.percent);
            let w = p.measure(&label, 12.0, true) + 8.0;
            let tag = Rect::new(r.center().x - w / 2.0, r.bottom() + 1.0, w, 15.0);
            rrect(tag, 3.0, fade(hex(0x000000), 0.8));
            p.text_in(&label, tag, 12.0, true, theme::SELECT, Align::Center);
        }
    }
    if let Some(h) = v.hover {
        rrect_lines(g.rect(h), 2.0, 1.5, fade(WHITE, 0.7));
    }
    // Shots.
    for t in &sess.tracers {
        if t.age < t.delay {
            continue;
        }
        let k = (t.age - t.delay) / (FLASH_TIME * 0.5);
        let col = if t.hostile { theme::BAD } else { theme::SELECT };
        let (a, b) = (g.centre(t.from), g.centre(t.to));
        draw_line(
            a.x,
            a.y,
            b.x,
            b.y,
            3.0 * (1.0 - k) + 1.0,
            fade(col, 1.0 - k),
        );
    }
    // Damage numbers, misses, destruction.
    for f in &sess.flashes {
        if f.age < f.delay {
            continue;
        }
        let k = (f.age - f.delay) / FLASH_TIME;
        let c = g.centre(f.at) - vec2(0.0, k * cell * 0.9);
        let a = (1.0 - k).clamp(0.0, 1.0);
        let (text, col) = match f.mark {
            Mark::Damage(n) => (format!("-{n}"), theme::BAD),
            Mark::Miss => ("miss".to_string(), theme::TEXT),
            Mark::Good => ("+".to_string(), theme::GOOD),
            Mark::Destroyed => {
                circle_outline(g.centre(f.at), cell * (0.4 + k), 3.0, fade(theme::WARN, a));
                continue;
            }
        };
        let w = p.measure(&text, 17.0, true) + 10.0;
        let r = Rect::new(c.x - w / 2.0, c.y - cell * 0.5 - 10.0, w, 20.0);
        rrect(r, 4.0, fade(hex(0x000000), 0.8 * a));
        p.text_in(&text, r, 17.0, true, fade(col, a), Align::Center);
    }
    p.flush();
}

/// The cells the selected module reaches from the rover: its line toward `aim` (aimed
/// modules) or its burst area.
pub fn reach(s: &State, class: crate::rover::module::Class, range: u8, aim: Dir) -> Vec<Pos> {
    use crate::rover::module::Class;
    let from = s.rover().at;
    match class {
        Class::Local | Class::Ranged | Class::Piercing | Class::Transport => {
            let n = if class == Class::Transport {
                1
            } else {
                range.max(1)
            };
            let mut out = Vec::new();
            let mut p = from;
            for _ in 0..n {
                match p.step(aim, s.width(), s.height()) {
                    Some(q) => p = q,
                    None => break,
                }
                out.push(p);
            }
            out
        }
        Class::Burst => s
            .level()
            .positions()
            .filter(|p| *p != from && p.manhattan(from) <= range as u32)
            .collect(),
        Class::Internal => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picking_inverts_the_cell_rectangles() {
        let s = crate::rover::default_game(1);
        let g = GridLayout::compute(&s, Rect::new(0.0, 0.0, 900.0, 800.0));
        assert!(g.cell >= 20.0);
        for p in [Pos::new(0, 0), Pos::new(5, 7), Pos::new(31, 31)] {
            assert_eq!(g.pick(g.centre(p)), Some(p));
        }
        assert_eq!(g.pick(g.origin - vec2(2.0, 2.0)), None);
        let r = reach(&s, crate::rover::module::Class::Ranged, 2, Dir::N);
        assert_eq!(r.len(), 2);
    }
}
