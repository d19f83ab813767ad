//! The orbit-counter dial. An asset lists 1–4 transfer costs clockwise (O7); the dial shows them
//! at the four positions of the counter (1 at the top, then clockwise) and a lit sector that
//! turns with the counter, so the rotation is visible.
use super::super::paint::{circle_outline, disc, fade, Align, Painter};
use super::super::theme::{self, hex};
use macroquad::prelude::*;
use std::f32::consts::{FRAC_PI_2, PI};

/// Screen angle (radians, y down) of counter position `k` (1–4): 1 at the top, clockwise.
pub fn position_angle(k: u8) -> f32 {
    -FRAC_PI_2 + (k.max(1) - 1) as f32 * FRAC_PI_2
}

/// Draws a dial: the four costs around a ring, and a lit disc that travels (animated `angle`)
/// to the current position.
pub fn draw(p: &mut Painter, c: Vec2, r: f32, costs: &[u8], counter: u8, angle: f32, s: f32) {
    let labels: Vec<String> = (1..=4usize)
        .map(|k| {
            if costs.is_empty() {
                "0".to_string()
            } else {
                costs[(k - 1) % costs.len()].to_string()
            }
        })
        .collect();
    ring(p, c, r, &labels, counter, angle, s);
}

/// The orbit counter in the phase bar: positions 1–4 with the same travelling disc.
pub fn draw_counter(p: &mut Painter, c: Vec2, r: f32, counter: u8, angle: f32, s: f32) {
    let labels: Vec<String> = (1..=4).map(|k: u8| k.to_string()).collect();
    ring(p, c, r, &labels, counter, angle, s);
}

fn ring(p: &mut Painter, c: Vec2, r: f32, labels: &[String], counter: u8, angle: f32, s: f32) {
    disc(c, r, hex(0x0b1220));
    circle_outline(c, r, 1.2 * s, hex(0x3d5a80));
    let orbit = r * 0.6;
    circle_outline(c, orbit, 1.0, fade(theme::DV, 0.18));
    let dot = r * 0.38;
    let font = (r * 0.52).max(7.0);
    if counter > 0 {
        let d = c + vec2(angle.cos(), angle.sin()) * orbit;
        disc(d, dot, theme::DV);
    }
    for k in 1..=4u8 {
        let a = position_angle(k);
        let pos = c + vec2(a.cos(), a.sin()) * orbit;
        let lit = counter == k && (angle - wrap_near(a, angle)).abs() < 0.35;
        let col = if lit { hex(0x06101e) } else { theme::TEXT_DIM };
        let box_r = Rect::new(pos.x - dot, pos.y - dot, 2.0 * dot, 2.0 * dot);
        p.text_in(
            &labels[(k - 1) as usize],
            box_r,
            font,
            true,
            col,
            Align::Center,
        );
    }
    disc(c, 1.6 * s, fade(theme::DV, 0.6));
}

/// `a` shifted by whole turns to lie nearest `near`.
fn wrap_near(a: f32, near: f32) -> f32 {
    let tau = 2.0 * PI;
    a + ((near - a) / tau).round() * tau
}

/// Keeps the dial angle turning forward smoothly as the counter advances.
#[derive(Default)]
pub struct DialAnim {
    seen: u8,
    target: f32,
    pub angle: f32,
}

impl DialAnim {
    pub fn update(&mut self, counter: u8, dt: f32) {
        if self.seen == 0 {
            self.seen = counter;
            self.target = position_angle(counter);
            self.angle = self.target;
        } else if counter != self.seen {
            let steps = (counter + 4 - self.seen) % 4;
            self.target += steps as f32 * FRAC_PI_2;
            self.seen = counter;
        }
        let k = 1.0 - (-dt * 6.0).exp();
        self.angle += (self.target - self.angle) * k;
        if self.target > 8.0 * PI {
            self.target -= 2.0 * PI * 4.0;
            self.angle -= 2.0 * PI * 4.0;
        }
    }
}
