//! The hex map's geometry and terrain: where each cell is on screen (pointy-top hexes, odd rows
//! shifted half a cell right, M24), which cell is under a point, and the terrain drawn by the
//! current tide: land now in warm colours, sea now in blues, the cells the tide changes (reef,
//! swamp) marked so that they are told apart from plain and sea, and ore.
use crate::mothership::map::{Map, Terrain};
use crate::mothership::tide::{is_land, Tide};
use crate::mothership::{Cell, State};
use macroquad::prelude::*;

const SQRT3: f32 = 1.732_050_8;

/// Where the map is drawn: the centre of cell (0,0) and the hex radius.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexLayout {
    pub origin: Vec2,
    pub size: f32,
}

impl HexLayout {
    /// The largest map that fits `area`, centred in it.
    pub fn fit(map: &Map, area: Rect) -> HexLayout {
        let (w, h) = (f32::from(map.width), f32::from(map.height));
        let by_w = area.w / (SQRT3 * (w + 0.5));
        let by_h = area.h / (1.5 * h + 0.5);
        let size = by_w.min(by_h).max(2.0);
        let (pw, ph) = (SQRT3 * size * (w + 0.5), size * (1.5 * h + 0.5));
        let origin = vec2(
            area.x + (area.w - pw) / 2.0 + SQRT3 * size / 2.0,
            area.y + (area.h - ph) / 2.0 + size,
        );
        HexLayout { origin, size }
    }

    /// The centre of a cell.
    pub fn centre(&self, map: &Map, c: Cell) -> Vec2 {
        let (col, row) = map.col_row(c);
        let shift = if row & 1 == 1 { 0.5 } else { 0.0 };
        vec2(
            self.origin.x + SQRT3 * self.size * (f32::from(col) + shift),
            self.origin.y + 1.5 * self.size * f32::from(row),
        )
    }

    /// The cell under a point, if any.
    pub fn pick(&self, map: &Map, p: Vec2) -> Option<Cell> {
        let row = ((p.y - self.origin.y) / (1.5 * self.size)).round() as i64;
        let mut best: Option<(Cell, f32)> = None;
        for r in row - 1..=row + 1 {
            let shift = if r & 1 == 1 { 0.5 } else { 0.0 };
            let col = ((p.x - self.origin.x) / (SQRT3 * self.size) - shift).round() as i64;
            for c in col - 1..=col + 1 {
                if let Some(cell) = map.cell(c, r) {
                    let d = self.centre(map, cell).distance_squared(p);
                    if best.is_none_or(|b| d < b.1) {
                        best = Some((cell, d));
                    }
                }
            }
        }
        best.filter(|b| b.1 <= self.size * self.size).map(|b| b.0)
    }

    /// The six corners of a hex of radius `r` around `c` (pointy top).
    pub fn corners(c: Vec2, r: f32) -> [Vec2; 6] {
        let mut out = [Vec2::ZERO; 6];
        for (i, p) in out.iter_mut().enumerate() {
            let a = std::f32::consts::PI / 180.0 * (60.0 * i as f32 - 30.0);
            *p = c + vec2(a.cos(), a.sin()) * r;
        }
        out
    }
}

/// A filled hex.
pub fn fill_hex(c: Vec2, r: f32, color: Color) {
    let k = HexLayout::corners(c, r);
    for i in 0..6 {
        draw_triangle(c, k[i], k[(i + 1) % 6], color);
    }
}

/// A hex outline.
pub fn outline_hex(c: Vec2, r: f32, thickness: f32, color: Color) {
    let k = HexLayout::corners(c, r);
    for i in 0..6 {
        draw_line(
            k[i].x,
            k[i].y,
            k[(i + 1) % 6].x,
            k[(i + 1) % 6].y,
            thickness,
            color,
        );
    }
}

/// The colour of a terrain at a tide: land in greens and browns, sea in blues.
pub fn terrain_colour(t: Terrain, tide: Tide) -> Color {
    use crate::client::theme::hex;
    match (t, is_land(t, tide)) {
        (Terrain::Sea, _) => hex(0x173f66),
        (Terrain::Plain, _) => hex(0x6f8a45),
        (Terrain::Mountain, _) => hex(0x8a7a66),
        (Terrain::Swamp, true) => hex(0x55703f),
        (Terrain::Swamp, false) => hex(0x2a5e6a),
        (Terrain::Reef, true) => hex(0xa8925c),
        (Terrain::Reef, false) => hex(0x25598a),
    }
}

/// Draws every cell's terrain at the tide, its marks, and ore.
pub fn draw_terrain(s: &State, lay: &HexLayout, tide: Tide) {
    let map = s.map();
    let r = lay.size;
    for c in map.cells() {
        let p = lay.centre(map, c);
        let t = map.terrain(c);
        fill_hex(p, r * 0.97, terrain_colour(t, tide));
        let mark = Color::new(1.0, 1.0, 1.0, 0.18);
        match t {
            Terrain::Mountain => {
                let h = r * 0.5;
                draw_triangle(
                    p + vec2(-h, h * 0.55),
                    p + vec2(h, h * 0.55),
                    p + vec2(0.0, -h * 0.75),
                    Color::new(0.25, 0.2, 0.17, 0.55),
                );
                draw_triangle(
                    p + vec2(-h * 0.28, -h * 0.3),
                    p + vec2(h * 0.28, -h * 0.3),
                    p + vec2(0.0, -h * 0.75),
                    Color::new(0.95, 0.95, 0.95, 0.7),
                );
            }
            Terrain::Swamp => {
                // Reeds: short strokes.
                for dx in [-0.35f32, 0.0, 0.35] {
                    let x = p.x + dx * r;
                    draw_line(x, p.y + r * 0.3, x + r * 0.08, p.y - r * 0.12, 1.2, mark);
                }
            }
            Terrain::Reef => {
                for (dx, dy) in [(-0.3f32, -0.15f32), (0.25, -0.25), (0.0, 0.25), (0.35, 0.2)] {
                    draw_circle(p.x + dx * r, p.y + dy * r, r * 0.07, mark);
                }
            }
            Terrain::Sea | Terrain::Plain => {}
        }
        if s.ore_cells()[c.index()] {
            ore(p, r * 0.26);
        }
    }
}

/// An ore nugget.
pub fn ore(p: Vec2, r: f32) {
    let gold = crate::client::theme::hex(0xffcc33);
    draw_poly(p.x, p.y, 5, r, 18.0, crate::client::theme::hex(0x6b4e00));
    draw_poly(p.x, p.y, 5, r * 0.72, 18.0, gold);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mothership::map::default_for;

    #[test]
    fn every_cell_picks_itself_and_fits() {
        let map = default_for(2);
        let area = Rect::new(10.0, 40.0, 900.0, 700.0);
        let lay = HexLayout::fit(&map, area);
        for c in map.cells() {
            let p = lay.centre(&map, c);
            assert!(area.contains(p), "{c:?} at {p} is outside");
            assert_eq!(lay.pick(&map, p), Some(c));
            assert_eq!(lay.pick(&map, p + vec2(lay.size * 0.5, 0.0)), Some(c));
        }
        assert_eq!(lay.pick(&map, vec2(-500.0, -500.0)), None);
    }

    #[test]
    fn neighbours_are_one_hex_apart() {
        let map = default_for(2);
        let lay = HexLayout::fit(&map, Rect::new(0.0, 0.0, 1000.0, 800.0));
        for c in map.cells().take(120) {
            for n in map.neighbours(c) {
                let d = lay.centre(&map, c).distance(lay.centre(&map, n));
                assert!((d - SQRT3 * lay.size).abs() < 0.01, "{c:?}-{n:?}: {d}");
            }
        }
    }
}
