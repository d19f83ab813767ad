//! Units and their cargo on the map: a shape per kind in the controller's colour (deactivated
//! units grey), a letter, pips for cargo (gold for ore, the carried unit's letter otherwise),
//! and stuck or aground units dimmed (M2).
use super::words::kind as kind_name;
use crate::client::paint::{fade, Align, Painter};
use crate::client::theme::{self, hex};
use crate::ids::PlayerId;
use crate::mothership::state::{Loc, Slot};
use crate::mothership::stats::Kind;
use crate::mothership::{State, UnitId};
use macroquad::prelude::*;

/// The letter of a kind on its token.
pub fn letter(k: Kind) -> &'static str {
    match k {
        Kind::Tank => "T",
        Kind::BigTank => "B",
        Kind::PatrolBoat => "P",
        Kind::Crab => "C",
        Kind::Barge => "G",
        Kind::WeatherLayer => "W",
    }
}

/// The colour of a unit: its controller's, grey once deactivated.
pub fn colour(s: &State, u: UnitId) -> Color {
    match s.controller(u) {
        Some(p) => theme::seat(PlayerId(p.0)),
        None => hex(0x8b8f99),
    }
}

/// A unit token of kind `k` at `p`, radius `r`.
pub fn token(p: Vec2, r: f32, k: Kind, col: Color, dim: bool) {
    let fill = if dim { fade(col, 0.45) } else { col };
    let edge = hex(0x0b0f18);
    match k {
        Kind::Tank | Kind::BigTank => {
            let w = if k == Kind::BigTank { r * 1.9 } else { r * 1.6 };
            draw_rectangle(
                p.x - w / 2.0 - 1.5,
                p.y - w / 2.0 - 1.5,
                w + 3.0,
                w + 3.0,
                edge,
            );
            draw_rectangle(p.x - w / 2.0, p.y - w / 2.0, w, w, fill);
        }
        Kind::PatrolBoat | Kind::Barge => {
            let (a, b) = if k == Kind::Barge {
                (r * 1.15, r * 0.8)
            } else {
                (r * 1.1, r * 0.6)
            };
            draw_poly(p.x, p.y, 4, a + 1.5, 0.0, edge);
            draw_ellipse(p.x, p.y, a, b, 0.0, fill);
        }
        Kind::Crab => {
            draw_circle(p.x, p.y, r + 1.5, edge);
            draw_circle(p.x, p.y, r, fill);
        }
        Kind::WeatherLayer => {
            draw_poly(p.x, p.y, 3, r * 1.3 + 1.5, -90.0, edge);
            draw_poly(p.x, p.y, 3, r * 1.3, -90.0, fill);
        }
    }
}

/// Every unit on the map, with cargo pips; queues the letters on `painter`.
pub fn draw_units(s: &State, lay: &super::hexmap::HexLayout, painter: &mut Painter) {
    let r = lay.size * 0.42;
    let font = (lay.size * 0.6).clamp(9.0, 18.0);
    for u in s.unit_ids() {
        let unit = s.unit(u);
        let Loc::Map(c) = unit.loc else { continue };
        let p = lay.centre(s.map(), c);
        let dim = !s.in_element(u);
        token(p, r, unit.kind, colour(s, u), dim);
        painter.text_in(
            letter(unit.kind),
            Rect::new(p.x - r, p.y - font * 0.5, 2.0 * r, font),
            font,
            true,
            hex(0x0b0f18),
            Align::Center,
        );
        cargo_pips(s, u, p + vec2(0.0, r * 1.25), lay.size * 0.16, painter);
    }
}

/// The cargo of `u` as a row of pips centred at `p`.
pub fn cargo_pips(s: &State, u: UnitId, p: Vec2, pr: f32, painter: &mut Painter) {
    let slots: Vec<Slot> = s.unit(u).cargo().collect();
    if slots.is_empty() {
        return;
    }
    let step = pr * 2.3;
    let x0 = p.x - step * (slots.len() as f32 - 1.0) / 2.0;
    for (i, slot) in slots.iter().enumerate() {
        let q = vec2(x0 + step * i as f32, p.y);
        draw_circle(q.x, q.y, pr + 1.0, hex(0x0b0f18));
        match slot {
            Slot::Ore => draw_circle(q.x, q.y, pr, hex(0xffcc33)),
            Slot::Unit(v) => {
                draw_circle(q.x, q.y, pr, colour(s, *v));
                let f = (pr * 1.8).max(8.0);
                painter.text_in(
                    letter(s.unit(*v).kind),
                    Rect::new(q.x - pr, q.y - f * 0.5, 2.0 * pr, f),
                    f,
                    true,
                    hex(0x0b0f18),
                    Align::Center,
                );
            }
        }
    }
}

/// "tank (carrying ore, crab)" for the panel.
pub fn describe(s: &State, u: UnitId) -> String {
    let unit = s.unit(u);
    let mut t = kind_name(unit.kind).to_string();
    let cargo: Vec<String> = unit
        .cargo()
        .map(|c| match c {
            Slot::Ore => "ore".to_string(),
            Slot::Unit(v) => kind_name(s.unit(v).kind).to_string(),
        })
        .collect();
    if !cargo.is_empty() {
        t.push_str(&format!(" carrying {}", cargo.join(", ")));
    }
    t
}
