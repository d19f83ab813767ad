//! Drawing one frame of the Mothership screen with macroquad: terrain by the tide, fire zones,
//! the selection's targets with their cost, ships, units, neutralized marks, flashes, the
//! landing preview with its placement hints (M18), the deployment area (M19), the AI's
//! announced move, and the turn track at the top with the take-off turns 21 and 25 marked.
use super::fire::{draw_neutralized, draw_zones};
use super::hexmap::{draw_terrain, fill_hex, outline_hex, HexLayout};
use super::input::{footprint, target_cell, Sel};
use super::screen::MsScreen;
use super::session::FLASH_TIME;
use super::{ship, units};
use crate::client::paint::{circle_outline, fade, Align, Painter};
use crate::client::theme::{self, hex};
use crate::ids::PlayerId;
use crate::mothership::command::Command;
use crate::mothership::setup::HOME_RADIUS;
use crate::mothership::state::{Phase, CHOICE_TURN, LAST_TURN};
use crate::mothership::tide::Tide;
use macroquad::prelude::*;

/// Height of the turn track at the top.
pub const TOP: f32 = 46.0;

/// Draws the map and everything on it.
pub fn map(scr: &MsScreen, lay: &HexLayout, painter: &mut Painter) {
    let s = scr.session.state();
    let tide = if matches!(s.phase(), Phase::Landing | Phase::Deploy) {
        Tide::Normal
    } else {
        s.tide()
    };
    draw_terrain(s, lay, tide);
    if scr.zones {
        draw_zones(s, lay, 0xff);
    }
    let r = lay.size;
    let person = scr.session.human_to_act() && !scr.curtain_up();
    if person {
        hints(scr, lay);
    }
    ship::draw_ships(s, lay, painter);
    units::draw_units(s, lay, painter);
    draw_neutralized(s, lay);
    if person {
        targets(scr, lay, painter);
    }
    match scr.sel {
        Sel::Unit(u) => {
            if let Some(c) = s.map_cell(u) {
                let p = lay.centre(s.map(), c);
                outline_hex(p, r * 0.98, 3.0, theme::SELECT);
            }
        }
        Sel::Ship(x) => {
            for c in s.ship(x).cells() {
                outline_hex(lay.centre(s.map(), c), r * 0.98, 2.5, theme::SELECT);
            }
        }
        Sel::None => {}
    }
    for f in &scr.session.flashes {
        let a = 1.0 - f.age / FLASH_TIME;
        let col = if f.bad { theme::BAD } else { theme::GOOD };
        let p = lay.centre(s.map(), f.at);
        outline_hex(p, r * (1.0 + 0.25 * f.age), 3.0, fade(col, a));
    }
    if let Some((cmd, seat)) = scr.session.announced() {
        let col = theme::seat(PlayerId(seat as u8));
        if let Some(c) = cmd.actor().and_then(|u| s.map_cell(u)) {
            circle_outline(lay.centre(s.map(), c), r * 0.9, 3.0, col);
        }
        if let Some(c) = target_cell(s, &cmd) {
            let p = lay.centre(s.map(), c);
            let pulse = 0.6 + 0.4 * (scr.time * 8.0).sin();
            outline_hex(p, r * 0.9, 3.0, fade(col, pulse));
        }
    }
    if let Some(c) = scr.hover {
        outline_hex(lay.centre(s.map(), c), r * 0.98, 1.5, fade(WHITE, 0.8));
    }
}

/// Placement hints: legal landing sites and the ship's footprint under the pointer (M18); the
/// deployment area around one's dome (M19).
fn hints(scr: &MsScreen, lay: &HexLayout) {
    let s = scr.session.state();
    let r = lay.size;
    match s.phase() {
        Phase::Landing => {
            for c in scr.session.legal() {
                if let Command::Land { dome, orient } = *c {
                    if orient == scr.orient {
                        let p = lay.centre(s.map(), dome);
                        draw_circle(p.x, p.y, r * 0.22, fade(theme::GOOD, 0.75));
                    }
                }
            }
            if let Some(h) = scr.hover {
                let ok = scr.session.legal().contains(&Command::Land {
                    dome: h,
                    orient: scr.orient,
                });
                let col = if ok { theme::GOOD } else { theme::BAD };
                if let Some(cells) = footprint(s, h, scr.orient) {
                    for (i, c) in cells.iter().enumerate() {
                        let p = lay.centre(s.map(), *c);
                        fill_hex(p, r * 0.9, fade(col, if i == 0 { 0.55 } else { 0.35 }));
                    }
                }
                for c in s.map().ball(h, HOME_RADIUS) {
                    if s.ore_cells()[c.index()] {
                        let p = lay.centre(s.map(), c);
                        circle_outline(p, r * 0.4, 2.0, fade(theme::BAD, 0.8));
                    }
                }
            }
        }
        Phase::Deploy => {
            for x in s.ship_ids() {
                let ship = s.ship(x);
                if ship.controller != s.active() || !ship.on_planet() {
                    continue;
                }
                for c in s.map().ball(ship.dome, HOME_RADIUS) {
                    let p = lay.centre(s.map(), c);
                    outline_hex(p, r * 0.95, 1.0, fade(theme::DV, 0.45));
                }
            }
        }
        _ => {}
    }
}

/// The selection's targets: moves in green with their cost, fire and capture in red (light
/// blue and orange in the colour-blind palette), other commands in gold.
fn targets(scr: &MsScreen, lay: &HexLayout, painter: &mut Painter) {
    let s = scr.session.state();
    let r = lay.size;
    let font = (r * 0.55).clamp(9.0, 15.0);
    let label = |painter: &mut Painter, p: Vec2, text: &str, col: Color| {
        let q = p + vec2(0.0, -r * 0.55);
        draw_rectangle(
            q.x - font * 0.6,
            q.y - font * 0.55,
            font * 1.2,
            font * 1.1,
            fade(hex(0x0b0f18), 0.8),
        );
        painter.text_in(
            text,
            Rect::new(q.x - r, q.y - font / 2.0, 2.0 * r, font),
            font,
            true,
            col,
            Align::Center,
        );
    };
    // Cells reached by moves: a light tint and the cost, small (the hovered one in full).
    let small = (r * 0.42).clamp(8.0, 12.0);
    for (c, n) in &scr.options.moves {
        let p = lay.centre(s.map(), *c);
        fill_hex(p, r * 0.8, fade(theme::target(), 0.16));
        if scr.hover == Some(*c) {
            outline_hex(p, r * 0.8, 2.0, theme::target());
            label(painter, p, &n.to_string(), theme::target());
        } else {
            painter.text_in(
                &n.to_string(),
                Rect::new(p.x - r, p.y + r * 0.2, 2.0 * r, small),
                small,
                false,
                fade(hex(0xd8ffe9), 0.85),
                Align::Center,
            );
        }
    }
    for (c, choices) in &scr.options.cells {
        let p = lay.centre(s.map(), *c);
        let hostile = choices.iter().any(|ch| {
            matches!(
                ch.cmd,
                Command::Fire { .. } | Command::Assault { .. } | Command::Capture { .. }
            )
        });
        let plain_move = choices.iter().all(|ch| {
            matches!(
                ch.cmd,
                Command::Move { .. }
                    | Command::Retreat { .. }
                    | Command::Deploy { .. }
                    | Command::Leave { .. }
            )
        });
        let col = if hostile {
            theme::attack()
        } else if plain_move {
            theme::target()
        } else {
            theme::SELECT
        };
        fill_hex(p, r * 0.8, fade(col, 0.22));
        outline_hex(p, r * 0.8, 2.5, col);
        // Free commands (deployment, a capture's retreat) carry no number.
        let min = choices.iter().filter_map(|ch| ch.cost).min();
        if let Some(n) = min.filter(|&n| n > 0) {
            label(painter, p, &n.to_string(), col);
        }
    }
    // Partners of a two-destroyer command under the pointer.
    if let Some(h) = scr.hover {
        for ch in scr.options.at(h) {
            let partners = match ch.cmd {
                Command::Fire { a, b, .. } => vec![a, b],
                Command::Assault { with, .. } => vec![with],
                Command::Capture { a, b, .. } => vec![
                    crate::mothership::Shooter::Unit(a),
                    crate::mothership::Shooter::Unit(b),
                ],
                _ => vec![],
            };
            for sh in partners {
                let c = match sh {
                    crate::mothership::Shooter::Unit(u) => s.map_cell(u),
                    crate::mothership::Shooter::Turret(c) => Some(c),
                };
                if let Some(c) = c {
                    circle_outline(lay.centre(s.map(), c), r * 0.75, 2.0, theme::WARN);
                }
            }
        }
    }
}

/// The turn track: turns 1 to 25, the current one lit, 21 and 25 marked as take-off turns.
pub fn turn_track(scr: &MsScreen, width: f32, painter: &mut Painter) {
    let s = scr.session.state();
    draw_rectangle(0.0, 0.0, width, TOP, theme::BAR);
    painter.text("Turn", 10.0, 28.0, 15.0, true, theme::TEXT_DIM);
    let x0 = 52.0;
    let w = ((width * 0.62 - x0) / f32::from(LAST_TURN)).clamp(14.0, 30.0);
    for t in 1..=LAST_TURN {
        let x = x0 + w * f32::from(t - 1);
        let rect = Rect::new(x + 1.0, 8.0, w - 2.0, 22.0);
        let now = t == s.turn_number();
        let past = t < s.turn_number();
        let takeoff = t == CHOICE_TURN || t == LAST_TURN;
        let fill = if now {
            theme::SELECT
        } else if past {
            hex(0x2a3550)
        } else {
            hex(0x1b2438)
        };
        draw_rectangle(rect.x, rect.y, rect.w, rect.h, fill);
        if takeoff {
            draw_rectangle_lines(rect.x, rect.y, rect.w, rect.h, 2.0, theme::WARN);
            // A small rocket mark under the box.
            let c = vec2(rect.x + rect.w / 2.0, 36.0);
            draw_triangle(
                c + vec2(-4.0, 5.0),
                c + vec2(4.0, 5.0),
                c + vec2(0.0, -4.0),
                theme::WARN,
            );
        }
        let col = if now { hex(0x0b0f18) } else { theme::TEXT_DIM };
        painter.text_in(&t.to_string(), rect, 11.0, now, col, Align::Center);
    }
    let x = x0 + w * f32::from(LAST_TURN) + 14.0;
    let tide = match s.phase() {
        Phase::Landing | Phase::Deploy => "normal".to_string(),
        _ => s.tide().name().to_string(),
    };
    let viewer = scr.viewer();
    // The next card is seen only with an operational weather layer (M3).
    let next = viewer
        .and_then(|p| crate::mothership::query::forecast_for(s, p))
        .map_or("? (no weather layer)".to_string(), |t| t.name().to_string());
    painter.text(
        &format!("Tide {tide}"),
        x,
        22.0,
        15.0,
        true,
        tide_colour(&tide),
    );
    painter.text(
        &format!("next: {next}"),
        x,
        39.0,
        12.0,
        false,
        theme::TEXT_DIM,
    );
    let active = s.active();
    let pl = s.player(active);
    let who = scr.session.name(active);
    let x2 = (x + 170.0).max(width - 150.0);
    painter.text(
        &format!("{who}: {} pts", pl.points),
        x2,
        22.0,
        15.0,
        true,
        theme::seat(PlayerId(active.0)),
    );
    painter.text(
        &format!("reserve {}", pl.reserve),
        x2,
        39.0,
        12.0,
        false,
        theme::TEXT_DIM,
    );
}

fn tide_colour(name: &str) -> Color {
    match name {
        "low" => hex(0xd9b36c),
        "high" => hex(0x5ab0ff),
        _ => theme::TEXT,
    }
}

/// The status line under the map: what is under the pointer, or why the last command was
/// refused.
pub fn status(scr: &MsScreen, area: Rect, painter: &mut Painter) {
    let s = scr.session.state();
    let y = area.bottom() - 8.0;
    if let Some(why) = &scr.session.refusal {
        painter.text(
            &format!("Not allowed: {why}"),
            12.0,
            y,
            14.0,
            true,
            theme::BAD,
        );
        return;
    }
    let Some(c) = scr.hover else {
        painter.text(&hint(scr), 12.0, y, 14.0, false, theme::TEXT_DIM);
        return;
    };
    let mut t = format!("{}  {:?}", s.cell_name(c), s.terrain(c)).to_lowercase();
    if s.ore_cells()[c.index()] {
        t.push_str(", ore");
    }
    if let Some(u) = s.unit_at(c) {
        let who = match s.controller(u) {
            Some(p) => scr.session.name(p),
            None => "nobody (deactivated)".into(),
        };
        t.push_str(&format!(", {} of {who}", units::describe(s, u)));
        if !s.in_element(u) {
            t.push_str(" (stuck or aground)");
        }
    }
    if let Some(x) = s.ship_on(c) {
        let whose = scr
            .session
            .names
            .possessive(PlayerId(s.ship(x).controller.0));
        let (ore, units) = crate::mothership::outcome::contents(s, x);
        t.push_str(&format!(
            ", {} ship ({ore} ore and {units} units aboard)",
            whose.to_lowercase()
        ));
    }
    let z = crate::mothership::zones::cached(s);
    let under: Vec<String> = s
        .seats()
        .filter(|p| z.of(c, *p))
        .map(|p| scr.session.name(p))
        .collect();
    match under.as_slice() {
        [] => {}
        [one] if one == "You" => t.push_str("; in your fire zone"),
        _ => t.push_str(&format!("; under fire of {}", under.join(", "))),
    }
    if let Some(ch) = scr.options.at(c).first() {
        let more = scr.options.at(c).len() - 1;
        let extra = if more > 0 {
            format!(" (+{more} more)")
        } else {
            String::new()
        };
        t.push_str(&format!(" — click: {}{extra}", ch.text));
    } else if let Some(n) = scr.options.move_cost(c) {
        t.push_str(&format!(" — click: move here for {n} points"));
    }
    painter.text(&t, 12.0, y, 14.0, false, theme::TEXT);
}

/// What to do next, in the status line while the pointer is on no cell.
fn hint(scr: &MsScreen) -> String {
    let s = scr.session.state();
    if scr.session.over() {
        return "The game is over: the score window has the result.".into();
    }
    if !scr.session.human_to_act() {
        return format!("{} is playing…", scr.session.name(s.active()));
    }
    match (s.phase(), scr.sel) {
        (Phase::Landing, _) => {
            "Click a green dot to land your ship there (R turns it; hover to preview).".into()
        }
        (Phase::Deploy, _) => {
            "Click a lit cell to put the selected unit there; \"Done deploying\" when ready.".into()
        }
        (Phase::Choose, _) => "Turn 21: tick the ships that leave now and seal your choice.".into(),
        (_, Sel::None) => "Click one of your units or your ship; Enter ends the turn.".into(),
        _ => "Click a lit cell to act (the number is its cost); Esc drops the selection.".into(),
    }
}
