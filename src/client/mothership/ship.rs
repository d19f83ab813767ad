//! The spaceships on the map (M9): the dome as a large disc in its controller's colour, the
//! three pods around it, each with its turret (intact: a gun pointing outwards; destroyed: a
//! dark stump crossed in red), a ring for a captured ship (M15), and ore in the hold and units
//! inside written on the dome. Ships that departed leave a faint footprint; stranded ones are
//! greyed.
use super::hexmap::{fill_hex, outline_hex, HexLayout};
use crate::client::paint::{fade, mix, Align, Painter};
use crate::client::theme::{self, hex};
use crate::ids::PlayerId;
use crate::mothership::outcome::contents;
use crate::mothership::state::ShipStatus;
use crate::mothership::{ShipId, State};
use macroquad::prelude::*;

/// The colour a ship is drawn in.
pub fn colour(s: &State, x: ShipId) -> Color {
    let ship = s.ship(x);
    match ship.status {
        ShipStatus::Landed => theme::seat(PlayerId(ship.controller.0)),
        _ => hex(0x8b8f99),
    }
}

/// Every ship that landed.
pub fn draw_ships(s: &State, lay: &HexLayout, painter: &mut Painter) {
    for x in s.ship_ids() {
        let ship = s.ship(x);
        if ship.status == ShipStatus::Orbiting {
            continue;
        }
        let col = colour(s, x);
        let map = s.map();
        let d = lay.centre(map, ship.dome);
        let r = lay.size;
        if ship.status == ShipStatus::Departed {
            for c in ship.cells() {
                outline_hex(lay.centre(map, c), r * 0.9, 1.5, fade(col, 0.5));
            }
            continue;
        }
        let dark = mix(col, hex(0x0b0f18), 0.55);
        for (i, &pod) in ship.pods.iter().enumerate() {
            let p = lay.centre(map, pod);
            fill_hex(p, r * 0.92, dark);
            outline_hex(p, r * 0.92, 2.0, col);
            let out = (p - d).normalize_or_zero();
            if ship.turrets[i] {
                let tip = p + out * r * 0.75;
                draw_line(p.x, p.y, tip.x, tip.y, r * 0.18, hex(0xdfe6f0));
                draw_circle(p.x, p.y, r * 0.34, hex(0xdfe6f0));
                draw_circle(p.x, p.y, r * 0.24, col);
            } else {
                draw_circle(p.x, p.y, r * 0.3, hex(0x2b2f38));
                let k = r * 0.32;
                draw_line(p.x - k, p.y - k, p.x + k, p.y + k, 3.0, theme::BAD);
                draw_line(p.x - k, p.y + k, p.x + k, p.y - k, 3.0, theme::BAD);
            }
        }
        fill_hex(d, r * 0.97, dark);
        draw_circle(d.x, d.y, r * 0.8, col);
        draw_circle(d.x, d.y, r * 0.6, mix(col, WHITE, 0.35));
        if ship.captor.is_some() {
            // A captured ship: a gold ring and its word under the dome.
            crate::client::paint::circle_outline(d, r * 0.92, 3.0, theme::WARN);
            let f = (r * 0.45).clamp(9.0, 13.0);
            let w = painter.measure("captured", f, true) + 6.0;
            let y = d.y + r * 0.35;
            draw_rectangle(
                d.x - w / 2.0,
                y - 1.0,
                w,
                f + 3.0,
                fade(hex(0x0b0f18), 0.85),
            );
            painter.text_in(
                "captured",
                Rect::new(d.x - 2.0 * r, y, 4.0 * r, f),
                f,
                true,
                theme::WARN,
                Align::Center,
            );
        }
        let (ore, units) = contents(s, x);
        let f = (r * 0.5).clamp(9.0, 15.0);
        let lift = if ship.captor.is_some() { f * 0.45 } else { 0.0 };
        painter.text_in(
            &format!("{ore}◆{units}"),
            Rect::new(d.x - r, d.y - f / 2.0 - lift, 2.0 * r, f),
            f,
            true,
            hex(0x0b0f18),
            Align::Center,
        );
    }
}
