//! The table's text renderer: both faces rasterised (with fontdue, as macroquad does) into one
//! glyph atlas, so that all the text of a layer goes out as one batch whatever its face, and
//! each glyph costs one table lookup. Glyphs are placed exactly as macroquad's `draw_text_ex`
//! places them (offsets from fontdue's metrics, kerning between pairs).
use macroquad::prelude::*;
use std::collections::HashMap;

/// Side of the square atlas texture, in pixels.
const ATLAS: u16 = 1024;
/// Empty pixels around each glyph (linear filtering must not bleed into a neighbour).
const PAD: u16 = 1;

/// Where a glyph sits in the atlas and how it is placed on the baseline.
#[derive(Clone, Copy)]
struct Glyph {
    /// Pixel rectangle in the atlas (empty for blank glyphs such as a space).
    x: u16,
    y: u16,
    w: u16,
    h: u16,
    /// fontdue's `xmin` / `ymin`: offsets of the bitmap from the pen on the baseline.
    xmin: i32,
    ymin: i32,
    advance: f32,
}

/// The glyph atlas of the two faces.
pub struct Glyphs {
    faces: [Option<fontdue::Font>; 2],
    texture: Texture2D,
    map: HashMap<(bool, u16, char), Glyph>,
    /// Shelf packing: the next free spot and the current shelf's height.
    cursor: (u16, u16, u16),
    /// The atlas filled up: start it again before the next batch of text.
    full: bool,
    quad_v: Vec<Vertex>,
    quad_i: Vec<u16>,
}

impl Glyphs {
    /// An atlas for the regular and the bold face (TTF bytes). A face that cannot be read
    /// draws nothing rather than failing.
    pub fn new(regular: &[u8], bold: &[u8]) -> Glyphs {
        let load = |b: &[u8]| fontdue::Font::from_bytes(b, fontdue::FontSettings::default()).ok();
        let texture = Texture2D::from_rgba8(
            ATLAS,
            ATLAS,
            &vec![0u8; ATLAS as usize * ATLAS as usize * 4],
        );
        texture.set_filter(FilterMode::Linear);
        Glyphs {
            faces: [load(regular), load(bold)],
            texture,
            map: HashMap::new(),
            cursor: (0, 0, 0),
            full: false,
            quad_v: Vec::new(),
            quad_i: Vec::new(),
        }
    }

    /// The face, when its bytes could be read.
    pub fn face(&self, bold: bool) -> Option<&fontdue::Font> {
        self.faces[bold as usize].as_ref()
    }

    /// The glyph of `c`, rasterised and uploaded on first use.
    fn glyph(&mut self, bold: bool, size: u16, c: char) -> Option<Glyph> {
        if let Some(g) = self.map.get(&(bold, size, c)) {
            return Some(*g);
        }
        let font = self.face(bold)?;
        let (m, bitmap) = font.rasterize(c, size as f32);
        let (w, h) = (m.width as u16, m.height as u16);
        let (x, y) = self.place(w, h)?;
        if w > 0 && h > 0 {
            let bytes: Vec<u8> = bitmap.iter().flat_map(|a| [255, 255, 255, *a]).collect();
            let img = Image {
                bytes,
                width: w,
                height: h,
            };
            self.texture
                .update_part(&img, x as i32, y as i32, w as i32, h as i32);
        }
        let g = Glyph {
            x,
            y,
            w,
            h,
            xmin: m.xmin,
            ymin: m.ymin,
            advance: m.advance_width,
        };
        self.map.insert((bold, size, c), g);
        Some(g)
    }

    /// A free spot of `w`×`h` pixels (shelf packing), or none when the atlas is full.
    fn place(&mut self, w: u16, h: u16) -> Option<(u16, u16)> {
        let (mut x, mut y, mut shelf) = self.cursor;
        if w + PAD > ATLAS || h + PAD > ATLAS {
            return None;
        }
        if x + w + PAD > ATLAS {
            x = 0;
            y += shelf;
            shelf = 0;
        }
        if y + h + PAD > ATLAS {
            self.full = true;
            return None;
        }
        self.cursor = (x + w + PAD, y, shelf.max(h + PAD));
        Some((x, y))
    }

    /// Forgets every glyph when the atlas filled up (call between batches of text).
    pub fn begin(&mut self) {
        if self.full {
            self.map.clear();
            self.cursor = (0, 0, 0);
            self.full = false;
        }
    }

    /// Adds a text with its baseline at `(x, y)` to macroquad's batch.
    pub fn draw(&mut self, text: &str, x: f32, y: f32, size: u16, bold: bool, color: Color) {
        let mut pen = 0.0f32;
        let mut last = None;
        let (mut verts, mut idx) = (
            std::mem::take(&mut self.quad_v),
            std::mem::take(&mut self.quad_i),
        );
        verts.clear();
        idx.clear();
        let inv = 1.0 / ATLAS as f32;
        for c in text.chars() {
            let kern = match (last, self.face(bold)) {
                (Some(l), Some(f)) => f.horizontal_kern(l, c, size as f32).unwrap_or(0.0),
                _ => 0.0,
            };
            last = Some(c);
            let Some(g) = self.glyph(bold, size, c) else {
                continue;
            };
            if g.w > 0 && g.h > 0 && verts.len() + 4 < u16::MAX as usize {
                let left = x + pen + kern + g.xmin as f32;
                let top = y - g.h as f32 - g.ymin as f32;
                let (u0, v0) = (g.x as f32 * inv, g.y as f32 * inv);
                let (u1, v1) = ((g.x + g.w) as f32 * inv, (g.y + g.h) as f32 * inv);
                let (r, b) = (left + g.w as f32, top + g.h as f32);
                let base = verts.len() as u16;
                verts.push(Vertex::new(left, top, 0.0, u0, v0, color));
                verts.push(Vertex::new(r, top, 0.0, u1, v0, color));
                verts.push(Vertex::new(r, b, 0.0, u1, v1, color));
                verts.push(Vertex::new(left, b, 0.0, u0, v1, color));
                idx.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
            }
            pen += g.advance + kern;
        }
        if !idx.is_empty() {
            // SAFETY: macroquad's GL state is only used from this, the main thread.
            let gl = unsafe { get_internal_gl() }.quad_gl;
            gl.texture(Some(&self.texture));
            gl.draw_mode(DrawMode::Triangles);
            gl.geometry(&verts, &idx);
        }
        self.quad_v = verts;
        self.quad_i = idx;
    }
}
