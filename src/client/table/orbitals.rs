//! Orbital stacks: one band per orbital above (or, for the opponent, below) each asset, lowest
//! nearest the asset, each labelled with its entry cost, with debris markers and the ships in it.
use super::super::interact::{Interaction, Mark};
use super::super::paint::{circle_outline, disc, fade, rrect, rrect_lines, Align, Painter};
use super::super::theme::{self, hex};
use super::card::{draw_mark, draw_ship};
use super::layout::{Hit, Layout, Side};
use crate::ids::CardRef;
use crate::state::State;
use macroquad::prelude::*;

/// Draws the bands (and debris) of one side.
pub fn draw_bands(p: &mut Painter, st: &State, side: &Side, inter: &Interaction, t: f32, s: f32) {
    for col in &side.columns {
        let n = col.bands.len();
        for (o, band) in col.bands.iter().enumerate() {
            let hit = Hit::Band {
                asset: col.asset,
                orbital: o as u8,
            };
            let base = if o % 2 == 0 {
                theme::BAND_A
            } else {
                theme::BAND_B
            };
            let rad = 5.0 * s;
            rrect(*band, rad, base);
            if o + 1 == n {
                // The outermost orbital, where transfers arrive and leave.
                rrect_lines(*band, rad, 1.0 * s, fade(theme::DV, 0.18));
            }
            match inter.mark(hit) {
                Some(Mark::Target) => {
                    let pulse = 0.6 + 0.4 * (t * 5.0).sin();
                    let lit = theme::target();
                    rrect(*band, rad, fade(lit, 0.10 + 0.06 * pulse));
                    rrect_lines(*band, rad, 2.0 * s, fade(lit, 0.5 + 0.4 * pulse));
                }
                _ if inter.hover == Some(hit) => {
                    rrect_lines(*band, rad, 1.0 * s, fade(theme::TEXT, 0.25))
                }
                _ => {}
            }
            badge(p, *band, o as u8, st.entry_cost(col.asset, o as u8), s);
            let debris = st.debris_at(col.asset, o as u8);
            if debris > 0 {
                draw_debris(p, *band, debris, s);
            }
        }
    }
}

/// The orbital's badge at the left of its band: its number (1 nearest the asset) in grey, then
/// its entry cost in delta-vee in a blue disc.
fn badge(p: &mut Painter, band: Rect, orbital: u8, cost: u8, s: f32) {
    let br = (9.0 * s).min(band.h * 0.38);
    let num = Rect::new(
        band.x + 3.0 * s,
        band.y + band.h / 2.0 - br,
        12.0 * s,
        2.0 * br,
    );
    rrect(num, 3.0 * s, fade(hex(0x000000), 0.25));
    p.text_in(
        &(orbital + 1).to_string(),
        num,
        (br * 1.0).max(7.0),
        false,
        theme::TEXT_DIM,
        Align::Center,
    );
    let c = vec2(num.right() + br + 3.0 * s, band.y + band.h / 2.0);
    disc(c, br, hex(0x0b1220));
    circle_outline(c, br, 1.0 * s, fade(theme::DV, 0.6));
    p.text_in(
        &cost.to_string(),
        Rect::new(c.x - br, c.y - br, 2.0 * br, 2.0 * br),
        (br * 1.15).max(7.0),
        true,
        theme::DV,
        Align::Center,
    );
}

/// Delta-vee costs on lit destinations, drawn over the ships.
pub fn draw_labels(p: &mut Painter, st: &State, side: &Side, labels: &[(Hit, String)], s: f32) {
    for col in &side.columns {
        for (o, band) in col.bands.iter().enumerate() {
            let hit = Hit::Band {
                asset: col.asset,
                orbital: o as u8,
            };
            if let Some((_, l)) = labels.iter().find(|(h, _)| *h == hit) {
                let debris = st.debris_at(col.asset, o as u8);
                let w = p.measure(l, 10.5 * s, true) + 10.0 * s;
                let right = if debris > 0 { 34.0 * s } else { 4.0 * s };
                let r = Rect::new(
                    band.right() - w - right,
                    band.y + (band.h - 16.0 * s) / 2.0,
                    w,
                    16.0 * s,
                );
                rrect(r, 3.0 * s, fade(hex(0x0b1220), 0.9));
                rrect_lines(r, 3.0 * s, 1.0 * s, fade(theme::target(), 0.7));
                p.text_in(l, r, 10.5 * s, true, theme::target(), Align::Center);
            }
        }
    }
}

fn draw_debris(p: &mut Painter, band: Rect, n: usize, s: f32) {
    let cx = band.right() - 16.0 * s;
    let cy = band.y + band.h / 2.0;
    let k = (5.0 * s).min(band.h * 0.18);
    let shards = [
        (-0.9, -0.6, 0.0),
        (0.5, -0.9, 1.3),
        (0.2, 0.6, 2.1),
        (-0.6, 0.8, 0.7),
    ];
    for (i, (dx, dy, rot)) in shards.iter().enumerate().take(n.min(4)) {
        let c = vec2(cx + dx * k * 1.6, cy + dy * k * 1.6);
        let a = vec2((*rot as f32).cos(), (*rot as f32).sin()) * k;
        let b = vec2(-a.y, a.x) * 0.8;
        let col = if i % 2 == 0 {
            theme::DEBRIS
        } else {
            hex(0x6d717b)
        };
        draw_triangle(c + a, c - a + b, c - b * 1.2, col);
    }
    let r = Rect::new(cx - 14.0 * s, cy + k * 1.3, 28.0 * s, 10.0 * s);
    let count = format!("×{n}");
    p.text_in(&count, r, 9.0 * s, true, hex(0xb0b4bd), Align::Center);
}

/// Draws every ship at its (animated) place, with marks and flashes.
pub fn draw_ships(
    p: &mut Painter,
    st: &State,
    ships: &[(CardRef, Rect)],
    layout: &Layout,
    inter: &Interaction,
    flashes: &[(CardRef, bool, f32)],
    t: f32,
) {
    let s = layout.s;
    let rects: Vec<Rect> = ships.iter().map(|(_, r)| *r).collect();
    for (i, (r, rect)) in ships.iter().enumerate() {
        // Crowded orbital: this ship's text stops where the next ship covers it.
        p.covered_by(&rects, i);
        draw_ship(p, st, *r, *rect, s);
        let hit = Hit::Ship(*r);
        let mark = inter.mark(hit);
        if mark.is_some() {
            draw_mark(*rect, mark, t, s, 4.0 * s);
        } else if inter.hover == Some(hit) {
            rrect_lines(*rect, 4.0 * s, 1.5 * s, fade(theme::TEXT, 0.6));
        }
        if let Some((_, bad, a)) = flashes.iter().find(|(c, _, _)| c == r) {
            let col = if *bad { theme::BAD } else { theme::GOOD };
            rrect(*rect, 4.0 * s, fade(col, 0.45 * a));
        }
    }
    p.uncovered();
}
