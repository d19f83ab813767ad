//! The fire-zone overlay (M10, M12): each cell under a player's fire is shaded in that player's
//! colour (two players' zones split the hex), and neutralized units are crossed out where they
//! stand. The zones are the engine's own ([`crate::mothership::zones`]).
use super::hexmap::{fill_hex, HexLayout};
use crate::client::paint::fade;
use crate::client::theme;
use crate::ids::PlayerId;
use crate::mothership::zones::{cached, neutralized};
use crate::mothership::State;
use macroquad::prelude::*;

/// Which players' zones to shade (bit per seat).
pub fn draw_zones(s: &State, lay: &HexLayout, shown: u8) {
    let z = cached(s);
    let map = s.map();
    for c in map.cells() {
        let bits = z.bits(c) & shown;
        if bits == 0 {
            continue;
        }
        let p = lay.centre(map, c);
        let n = bits.count_ones() as f32;
        // One ring per player: the outermost for the first.
        let mut k = 0.0;
        for seat in 0..8u8 {
            if bits & (1 << seat) == 0 {
                continue;
            }
            let col = theme::seat(PlayerId(seat));
            let r = lay.size * (0.95 - 0.3 * k / n.max(1.0));
            fill_hex(p, r, fade(col, 0.26));
            k += 1.0;
        }
    }
}

/// Crosses out neutralized units on the map (under another player's fire, M12).
pub fn draw_neutralized(s: &State, lay: &HexLayout) {
    let z = cached(s);
    let r = lay.size * 0.55;
    for u in s.unit_ids() {
        let Some(c) = s.unit(u).cell() else { continue };
        if !neutralized(s, &z, u) {
            continue;
        }
        let p = lay.centre(s.map(), c);
        let red = theme::BAD;
        draw_line(p.x - r, p.y - r, p.x + r, p.y + r, 2.5, red);
        draw_line(p.x - r, p.y + r, p.x + r, p.y - r, 2.5, red);
    }
}
