//! Smooth motion: ships glide to their new place, the dials turn, hand cards rise under the
//! mouse. Everything eases toward the layout computed this frame.
use super::dial::DialAnim;
use super::layout::{center, Layout};
use crate::ids::CardRef;
use macroquad::prelude::*;
use std::collections::HashMap;

#[derive(Default)]
pub struct Anim {
    ships: HashMap<CardRef, Rect>,
    pub dial: DialAnim,
    /// Seconds since the table opened (for pulsing marks).
    pub time: f32,
    /// Ship rectangles as drawn this frame.
    pub drawn: Vec<(CardRef, Rect)>,
}

impl Anim {
    /// Moves drawn positions toward the layout; new ships rise out of their asset.
    pub fn update(&mut self, layout: &Layout, counter: u8, dt: f32, speed: f32) {
        self.time += dt;
        self.dial.update(counter, dt * speed.max(0.5));
        let k = 1.0 - (-dt * 9.0 * speed.clamp(0.5, 4.0)).exp();
        self.drawn.clear();
        let mut next = HashMap::with_capacity(layout.ships.len());
        for (r, target) in &layout.ships {
            let cur = match self.ships.get(r) {
                Some(c) => Rect::new(
                    c.x + (target.x - c.x) * k,
                    c.y + (target.y - c.y) * k,
                    c.w + (target.w - c.w) * k,
                    c.h + (target.h - c.h) * k,
                ),
                None => {
                    // Start from the asset it orbits, small, and grow into place.
                    let from = layout
                        .sides
                        .iter()
                        .flat_map(|s| s.columns.iter())
                        .find(|c| c.bands.iter().any(|b| b.overlaps(target)))
                        .map(|c| center(c.card))
                        .unwrap_or(center(*target));
                    Rect::new(
                        from.x - target.w * 0.25,
                        from.y - target.h * 0.25,
                        target.w * 0.5,
                        target.h * 0.5,
                    )
                }
            };
            next.insert(*r, cur);
            self.drawn.push((*r, cur));
        }
        self.ships = next;
    }

    /// Forget all positions (new game).
    pub fn reset(&mut self) {
        *self = Anim::default();
    }
}
