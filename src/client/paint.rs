//! Drawing primitives on top of macroquad: queued text, rounded rectangles, rotation.
//!
//! macroquad starts a new draw call whenever the texture changes, and text uses the font atlas
//! while shapes use none. Interleaving both card by card would cost hundreds of draw calls, so
//! [`Painter`] queues text and draws it at [`Painter::flush`], once per layer, from one glyph
//! atlas for both faces ([`super::glyphs`]).
//! Overlapping cards (a crowded orbital, a fanned hand) stay in one layer: while a card is drawn,
//! the cards that will cover it are set as occluders ([`Painter::covered_by`]) and its text is cut
//! short where they begin, as the card on top would hide it.
use super::glyphs::Glyphs;
use super::metrics::Metrics;
use macroquad::prelude::*;

/// The regular face (TTF bytes), drawn by [`Glyphs`] and installed in egui.
pub const REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
/// The bold face (TTF bytes).
pub const BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// Horizontal alignment of a text in its box.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

struct TextCmd {
    text: String,
    x: f32,
    y: f32,
    size: u16,
    bold: bool,
    color: Color,
}

/// Shapes are drawn at once; text is queued until [`Painter::flush`].
pub struct Painter {
    queue: Vec<TextCmd>,
    /// Rectangles drawn later in this layer, over the text being queued now.
    occluders: Vec<Rect>,
    metrics: Metrics,
    glyphs: Glyphs,
}

impl Painter {
    pub fn new() -> Painter {
        Painter {
            queue: Vec::with_capacity(256),
            occluders: Vec::new(),
            metrics: Metrics::default(),
            glyphs: Glyphs::new(REGULAR_TTF, BOLD_TTF),
        }
    }

    /// Width of a text at a pixel size.
    pub fn measure(&self, text: &str, size: f32, bold: bool) -> f32 {
        self.metrics
            .width(self.glyphs.face(bold), bold, px(size), text)
    }

    /// Sets the rectangles that will be drawn over what comes next (`rects[i]` excluded): the
    /// later items of `rects` that overlap item `i`. Call with each item of a list drawn in order.
    pub fn covered_by(&mut self, rects: &[Rect], i: usize) {
        self.occluders.clear();
        if let Some(me) = rects.get(i) {
            let later = rects.get(i + 1..).unwrap_or_default();
            self.occluders
                .extend(later.iter().filter(|r| r.overlaps(me)).copied());
        }
    }

    /// Nothing covers what is drawn next.
    pub fn uncovered(&mut self) {
        self.occluders.clear();
    }

    /// The part of a text at `x` that shows beside the occluders: the whole text, a shortened
    /// one, or none when an occluder starts at or before the text.
    fn visible(&self, text: &str, x: f32, y: f32, size: f32, bold: bool) -> Option<String> {
        let (top, bottom) = (y - 0.8 * size, y + 0.25 * size);
        let mut max_w = f32::INFINITY;
        for o in &self.occluders {
            if o.y >= bottom || o.bottom() <= top {
                continue;
            }
            if o.x <= x + 1.0 {
                if o.right() > x {
                    return None;
                }
                continue;
            }
            max_w = max_w.min(o.x - x - 2.0);
        }
        if max_w.is_infinite() {
            return Some(text.to_string());
        }
        let fitted = self.fit(text, max_w, size, bold);
        (!fitted.is_empty()).then_some(fitted)
    }

    /// Queues a text with its baseline at `y` (cut short where an occluder covers it).
    pub fn text(&mut self, text: &str, x: f32, y: f32, size: f32, bold: bool, color: Color) {
        if text.is_empty() || color.a <= 0.0 {
            return;
        }
        let text = if self.occluders.is_empty() {
            text.to_string()
        } else {
            match self.visible(text, x, y, size, bold) {
                Some(t) => t,
                None => return,
            }
        };
        self.queue.push(TextCmd {
            text,
            x: x.round(),
            y: y.round(),
            size: px(size),
            bold,
            color,
        });
    }

    /// Queues a text vertically centred in `r`, aligned horizontally, shortened with "…" to fit.
    pub fn text_in(
        &mut self,
        text: &str,
        r: Rect,
        size: f32,
        bold: bool,
        color: Color,
        align: Align,
    ) {
        let fitted = self.fit(text, r.w, size, bold);
        let w = self.measure(&fitted, size, bold);
        let x = match align {
            Align::Left => r.x,
            Align::Center => r.x + (r.w - w) / 2.0,
            Align::Right => r.x + r.w - w,
        };
        // Cap height of DejaVu is about 0.73 em.
        let y = r.y + r.h / 2.0 + size * 0.36;
        self.text(&fitted, x, y, size, bold, color);
    }

    /// The text, shortened with a trailing "…" until it is at most `max_w` wide.
    pub fn fit(&self, text: &str, max_w: f32, size: f32, bold: bool) -> String {
        self.metrics
            .fit(self.glyphs.face(bold), bold, px(size), text, max_w)
    }

    /// Splits a text into lines at most `max_w` wide (a long word gets its own line).
    pub fn wrap(&self, text: &str, max_w: f32, size: f32) -> Vec<String> {
        let mut lines = Vec::new();
        let mut cur = String::new();
        for word in text.split_whitespace() {
            let cand = if cur.is_empty() {
                word.to_string()
            } else {
                format!("{cur} {word}")
            };
            if cur.is_empty() || self.measure(&cand, size, false) <= max_w {
                cur = cand;
            } else {
                lines.push(std::mem::take(&mut cur));
                cur = word.to_string();
            }
        }
        if !cur.is_empty() {
            lines.push(cur);
        }
        lines
    }

    /// Draws every queued text (call at the end of each layer): both faces share one glyph
    /// atlas, so the layer's text goes out as one batch.
    pub fn flush(&mut self) {
        self.glyphs.begin();
        for c in self.queue.drain(..) {
            self.glyphs.draw(&c.text, c.x, c.y, c.size, c.bold, c.color);
        }
    }
}

/// Font pixel size for a float size (at least 6).
fn px(size: f32) -> u16 {
    size.round().clamp(6.0, 200.0) as u16
}

/// Most segments of a rounded corner (a quarter circle).
const MAX_CORNER_SEGMENTS: usize = 6;

/// Segments of a quarter circle of this radius: enough to look round, no more.
fn corner_segments(rad: f32) -> usize {
    if rad < 0.5 {
        0
    } else {
        ((rad / 2.5).ceil() as usize).clamp(1, MAX_CORNER_SEGMENTS)
    }
}

/// Points of the outline of a rounded rectangle, clockwise on screen from the right end of the
/// bottom-right corner: four corners of `n + 1` points each.
fn outline(r: Rect, rad: f32, n: usize, out: &mut Vec<Vec2>) {
    out.clear();
    let centres = [
        vec2(r.x + r.w - rad, r.y + r.h - rad),
        vec2(r.x + rad, r.y + r.h - rad),
        vec2(r.x + rad, r.y + rad),
        vec2(r.x + r.w - rad, r.y + rad),
    ];
    for (k, c) in centres.iter().enumerate() {
        for i in 0..=n {
            let step = if n == 0 { 0.0 } else { i as f32 / n as f32 };
            let a = (k as f32 + step) * std::f32::consts::FRAC_PI_2;
            out.push(*c + vec2(a.cos(), a.sin()) * rad);
        }
    }
}

/// Reused buffers of the shape tessellator: outline, offsets, vertices, indices.
type ShapeBuffers = (Vec<Vec2>, Vec<Vec2>, Vec<Vertex>, Vec<u16>);

thread_local! {
    /// Reused buffers for shape geometry (outer outline, inner outline, vertices, indices).
    static SHAPE_BUF: std::cell::RefCell<ShapeBuffers> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new(), Vec::new(), Vec::new())) };
}

fn vertex(p: Vec2, color: Color) -> Vertex {
    Vertex::new(p.x, p.y, 0.0, 0.0, 0.0, color)
}

/// Submits untextured triangles in one batch.
fn submit(vertices: &[Vertex], indices: &[u16]) {
    // SAFETY: macroquad's GL state is only used from this, the main thread.
    let gl = unsafe { get_internal_gl() }.quad_gl;
    gl.texture(None);
    gl.draw_mode(DrawMode::Triangles);
    gl.geometry(vertices, indices);
}

/// Indices of a convex polygon of `m` corners as a fan from its first corner (`m - 2`
/// triangles, two fewer than a fan from its centre).
fn fan(m: usize, idx: &mut Vec<u16>) {
    for i in 1..m.saturating_sub(1) as u16 {
        idx.extend([0, i, i + 1]);
    }
}

/// Most chord error (pixels) of a filled circle: macroquad's 20-sided circles stray this far
/// at 16 pixels of radius (the dials).
const DISC_TOLERANCE_PX: f32 = 0.2;

/// Sides of a filled circle of radius `r` pixels: as few as keep its edge within
/// [`DISC_TOLERANCE_PX`] of the circle (6 for a dot, 13 for a badge, 20 for a dial).
fn disc_sides(r: f32) -> usize {
    if r <= DISC_TOLERANCE_PX {
        return 6;
    }
    let step = (1.0 - DISC_TOLERANCE_PX / r).acos();
    ((std::f32::consts::PI / step).ceil() as usize).clamp(6, 48)
}

/// A filled circle: one fan with as many sides as its size needs (see [`disc_sides`]).
pub fn disc(c: Vec2, r: f32, color: Color) {
    if r <= 0.0 {
        return;
    }
    let n = disc_sides(r);
    SHAPE_BUF.with_borrow_mut(|(_, _, verts, idx)| {
        verts.clear();
        idx.clear();
        for i in 0..n {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            verts.push(vertex(c + vec2(a.cos(), a.sin()) * r, color));
        }
        fan(n, idx);
        submit(verts, idx);
    });
}

/// A filled rectangle with rounded corners (one fan of triangles).
pub fn rrect(r: Rect, radius: f32, color: Color) {
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    if rad < 0.5 {
        draw_rectangle(r.x, r.y, r.w, r.h, color);
        return;
    }
    SHAPE_BUF.with_borrow_mut(|(pts, _, verts, idx)| {
        outline(r, rad, corner_segments(rad), pts);
        verts.clear();
        idx.clear();
        verts.extend(pts.iter().map(|p| vertex(*p, color)));
        fan(pts.len(), idx);
        submit(verts, idx);
    });
}

/// A rounded rectangle outline, `thickness` wide inside `r` (one strip of triangles).
pub fn rrect_lines(r: Rect, radius: f32, thickness: f32, color: Color) {
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    let t = thickness.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    if t <= 0.0 {
        return;
    }
    let inner = Rect::new(r.x + t, r.y + t, r.w - 2.0 * t, r.h - 2.0 * t);
    let n = corner_segments(rad);
    SHAPE_BUF.with_borrow_mut(|(outer_pts, inner_pts, verts, idx)| {
        outline(r, rad, n, outer_pts);
        // The inner edge keeps the corners' centres (radius shrunk by the thickness) or, for a
        // line thicker than the radius, has square corners.
        if rad >= t {
            outline(inner, rad - t, n, inner_pts);
        } else {
            outline(inner, 0.0, n, inner_pts);
        }
        verts.clear();
        idx.clear();
        for (o, i) in outer_pts.iter().zip(inner_pts.iter()) {
            verts.push(vertex(*o, color));
            verts.push(vertex(*i, color));
        }
        let m = outer_pts.len() as u16;
        for k in 0..m {
            let (a, b) = (2 * k, 2 * ((k + 1) % m));
            idx.extend([a, a + 1, b, b, a + 1, b + 1]);
        }
        submit(verts, idx);
    });
}

/// A circle outline from radius `r` out to `r + thickness` (as macroquad's
/// `draw_circle_lines`), in one batch with segments to suit its size.
pub fn circle_outline(c: Vec2, r: f32, thickness: f32, color: Color) {
    if r <= 0.0 || thickness <= 0.0 {
        return;
    }
    let n = ((r * 0.8) as u16).clamp(12, 40);
    SHAPE_BUF.with_borrow_mut(|(_, _, verts, idx)| {
        verts.clear();
        idx.clear();
        for i in 0..n {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            let d = vec2(a.cos(), a.sin());
            verts.push(vertex(c + d * r, color));
            verts.push(vertex(c + d * (r + thickness), color));
        }
        for k in 0..n {
            let (a, b) = (2 * k, 2 * ((k + 1) % n));
            idx.extend([a, a + 1, b, b, a + 1, b + 1]);
        }
        submit(verts, idx);
    });
}

/// A line with an arrow head at `to`.
pub fn arrow(from: Vec2, to: Vec2, thickness: f32, color: Color) {
    let d = to - from;
    let len = d.length();
    if len < 2.0 {
        return;
    }
    let dir = d / len;
    let head = (thickness * 4.5).min(len * 0.5);
    let base = to - dir * head;
    draw_line(from.x, from.y, base.x, base.y, thickness, color);
    let n = vec2(-dir.y, dir.x) * head * 0.6;
    draw_triangle(to, base + n, base - n, color);
}

/// `c` with its alpha multiplied by `a`.
pub fn fade(c: Color, a: f32) -> Color {
    Color::new(c.r, c.g, c.b, c.a * a.clamp(0.0, 1.0))
}

/// Linear blend between two colours.
pub fn mix(a: Color, b: Color, t: f32) -> Color {
    let t = t.clamp(0.0, 1.0);
    Color::new(
        a.r + (b.r - a.r) * t,
        a.g + (b.g - a.g) * t,
        a.b + (b.b - a.b) * t,
        a.a + (b.a - a.a) * t,
    )
}

/// A rectangle grown by `d` on every side.
pub fn grow(r: Rect, d: f32) -> Rect {
    Rect::new(r.x - d, r.y - d, r.w + 2.0 * d, r.h + 2.0 * d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discs_get_sides_by_size() {
        // A dial (16 px) keeps macroquad's 20 sides; dots and badges need fewer.
        assert_eq!(disc_sides(16.0), 20);
        assert_eq!(disc_sides(1.0), 6);
        assert!(disc_sides(6.0) < 20);
        assert_eq!(disc_sides(1e5), 48);
    }

    #[test]
    fn fans_cover_a_polygon_with_two_triangles_fewer_than_corners() {
        let mut idx = Vec::new();
        fan(12, &mut idx);
        assert_eq!(idx.len(), 10 * 3);
        assert!(idx.chunks(3).all(|t| t[0] == 0 && t[2] == t[1] + 1));
        idx.clear();
        fan(2, &mut idx);
        assert!(idx.is_empty());
    }
}
