//! Drawing primitives on top of macroquad: fonts, queued text, rounded rectangles, rotation.
//!
//! macroquad starts a new draw call whenever the texture changes, and text uses the font atlas
//! while shapes use none. Interleaving both card by card would cost hundreds of draw calls, so
//! [`Painter`] queues text and draws it at [`Painter::flush`], once per layer.
use macroquad::prelude::*;

const REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// The two faces used on the table.
pub struct Fonts {
    pub regular: Font,
    pub bold: Font,
}

impl Fonts {
    /// Loads the bundled fonts; falls back to macroquad's built-in font if they cannot be read.
    pub fn load() -> Fonts {
        let regular = load_ttf_font_from_bytes(REGULAR_TTF).unwrap_or_else(|_| get_default_font());
        let bold = load_ttf_font_from_bytes(BOLD_TTF).unwrap_or_else(|_| regular.clone());
        Fonts { regular, bold }
    }

    /// The raw bytes of the regular face, for egui.
    pub fn regular_bytes() -> &'static [u8] {
        REGULAR_TTF
    }
    /// The raw bytes of the bold face, for egui.
    pub fn bold_bytes() -> &'static [u8] {
        BOLD_TTF
    }
}

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
    pub fonts: Fonts,
    queue: Vec<TextCmd>,
}

impl Painter {
    pub fn new() -> Painter {
        Painter {
            fonts: Fonts::load(),
            queue: Vec::with_capacity(256),
        }
    }

    fn font(&self, bold: bool) -> &Font {
        if bold {
            &self.fonts.bold
        } else {
            &self.fonts.regular
        }
    }

    /// Width of a text at a pixel size.
    pub fn measure(&self, text: &str, size: f32, bold: bool) -> f32 {
        measure_text(text, Some(self.font(bold)), px(size), 1.0).width
    }

    /// Queues a text with its baseline at `y`.
    pub fn text(&mut self, text: &str, x: f32, y: f32, size: f32, bold: bool, color: Color) {
        if text.is_empty() || color.a <= 0.0 {
            return;
        }
        self.queue.push(TextCmd {
            text: text.to_string(),
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
        if self.measure(text, size, bold) <= max_w {
            return text.to_string();
        }
        let chars: Vec<char> = text.chars().collect();
        let mut n = chars.len();
        while n > 0 {
            n -= 1;
            let s: String = chars[..n].iter().collect::<String>().trim_end().to_string() + "…";
            if self.measure(&s, size, bold) <= max_w {
                return s;
            }
        }
        String::new()
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

    /// Draws every queued text (call at the end of each layer).
    pub fn flush(&mut self) {
        for c in self.queue.drain(..) {
            let font = if c.bold {
                &self.fonts.bold
            } else {
                &self.fonts.regular
            };
            draw_text_ex(
                &c.text,
                c.x,
                c.y,
                TextParams {
                    font: Some(font),
                    font_size: c.size,
                    font_scale: 1.0,
                    color: c.color,
                    ..Default::default()
                },
            );
        }
    }

    /// Runs `f` with everything drawn rotated by `angle` radians and scaled about `center`.
    /// Text queued inside is drawn before the rotation ends.
    pub fn rotated(&mut self, center: Vec2, angle: f32, scale: f32, f: impl FnOnce(&mut Painter)) {
        if angle.abs() < 1e-3 && (scale - 1.0).abs() < 1e-3 {
            f(self);
            return;
        }
        self.flush();
        let m = Mat4::from_translation(vec3(center.x, center.y, 0.0))
            * Mat4::from_rotation_z(angle)
            * Mat4::from_scale(vec3(scale, scale, 1.0))
            * Mat4::from_translation(vec3(-center.x, -center.y, 0.0));
        // SAFETY: macroquad's internal GL is only touched from this, the main thread.
        unsafe { get_internal_gl() }.quad_gl.push_model_matrix(m);
        f(self);
        self.flush();
        unsafe { get_internal_gl() }.quad_gl.pop_model_matrix();
    }
}

/// Font pixel size for a float size (at least 6).
fn px(size: f32) -> u16 {
    size.round().clamp(6.0, 200.0) as u16
}

/// A filled rectangle with rounded corners.
pub fn rrect(r: Rect, radius: f32, color: Color) {
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    if rad < 0.5 {
        draw_rectangle(r.x, r.y, r.w, r.h, color);
        return;
    }
    draw_rectangle(r.x + rad, r.y, r.w - 2.0 * rad, r.h, color);
    draw_rectangle(r.x, r.y + rad, rad, r.h - 2.0 * rad, color);
    draw_rectangle(r.x + r.w - rad, r.y + rad, rad, r.h - 2.0 * rad, color);
    for (cx, cy, rot) in corners(r, rad) {
        draw_arc(cx, cy, arc_sides(rad), 0.0, rot, rad, 90.0, color);
    }
}

/// A rounded rectangle outline.
pub fn rrect_lines(r: Rect, radius: f32, thickness: f32, color: Color) {
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    let t = thickness;
    draw_rectangle(r.x + rad, r.y, r.w - 2.0 * rad, t, color);
    draw_rectangle(r.x + rad, r.y + r.h - t, r.w - 2.0 * rad, t, color);
    draw_rectangle(r.x, r.y + rad, t, r.h - 2.0 * rad, color);
    draw_rectangle(r.x + r.w - t, r.y + rad, t, r.h - 2.0 * rad, color);
    if rad >= 0.5 {
        for (cx, cy, rot) in corners(r, rad) {
            draw_arc(cx, cy, arc_sides(rad), rad - t, rot, t, 90.0, color);
        }
    }
}

/// Segments of a full circle for a corner of this radius (a quarter uses a fourth).
fn arc_sides(rad: f32) -> u8 {
    (rad * 2.0).clamp(8.0, 24.0) as u8
}

/// Corner centres with the start angle (degrees) of their quarter arc.
fn corners(r: Rect, rad: f32) -> [(f32, f32, f32); 4] {
    [
        (r.x + r.w - rad, r.y + r.h - rad, 0.0),
        (r.x + rad, r.y + r.h - rad, 90.0),
        (r.x + rad, r.y + rad, 180.0),
        (r.x + r.w - rad, r.y + rad, 270.0),
    ]
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
