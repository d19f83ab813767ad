//! Text widths without re-measuring: each glyph's advance is asked of its face (the fontdue
//! face that [`super::glyphs`] draws with) once per pixel size, then kept. A text's width is the
//! sum of its advances, and shortening a text to fit ("…") needs one pass, not one measurement
//! per dropped character. A face that could not be read measures zero, as it draws nothing.
use fontdue::Font;
use std::cell::RefCell;
use std::collections::HashMap;

/// Largest pixel size kept in the fast table (larger sizes use the map).
const MAX_FAST_SIZE: usize = 64;

/// Cached glyph advances for the two faces (always asked with the same two faces).
#[derive(Default)]
pub struct Metrics {
    /// ASCII advances by `[face][size][char]`; NaN = not asked yet.
    fast: RefCell<Vec<f32>>,
    other: RefCell<HashMap<(bool, u16, char), f32>>,
}

fn fast_index(bold: bool, size: u16, c: char) -> Option<usize> {
    let (s, c) = (size as usize, c as usize);
    (s <= MAX_FAST_SIZE && c < 128).then(|| ((bold as usize * (MAX_FAST_SIZE + 1)) + s) * 128 + c)
}

impl Metrics {
    /// The advance of one character in `font` at `size` pixels.
    pub fn advance(&self, font: Option<&Font>, bold: bool, size: u16, c: char) -> f32 {
        if let Some(i) = fast_index(bold, size, c) {
            let mut fast = self.fast.borrow_mut();
            if fast.is_empty() {
                fast.resize(2 * (MAX_FAST_SIZE + 1) * 128, f32::NAN);
            }
            let v = fast[i];
            if !v.is_nan() {
                return v;
            }
            let w = measure_char(font, size, c);
            fast[i] = w;
            return w;
        }
        *self
            .other
            .borrow_mut()
            .entry((bold, size, c))
            .or_insert_with(|| measure_char(font, size, c))
    }

    /// Width of a text: the sum of its advances.
    pub fn width(&self, font: Option<&Font>, bold: bool, size: u16, text: &str) -> f32 {
        text.chars()
            .map(|c| self.advance(font, bold, size, c))
            .sum()
    }

    /// The text, shortened with a trailing "…" (trailing spaces dropped before it) until it is
    /// at most `max_w` wide; empty when not even "…" fits.
    pub fn fit(
        &self,
        font: Option<&Font>,
        bold: bool,
        size: u16,
        text: &str,
        max_w: f32,
    ) -> String {
        let advances: Vec<f32> = text
            .chars()
            .map(|c| self.advance(font, bold, size, c))
            .collect();
        if advances.iter().sum::<f32>() <= max_w {
            return text.to_string();
        }
        let ellipsis = self.advance(font, bold, size, '…');
        let chars: Vec<char> = text.chars().collect();
        // prefix[k] = width of the first k characters.
        let mut prefix = Vec::with_capacity(chars.len() + 1);
        prefix.push(0.0f32);
        for a in &advances {
            prefix.push(prefix.last().copied().unwrap_or(0.0) + a);
        }
        for n in (0..chars.len()).rev() {
            let mut k = n;
            while k > 0 && chars[k - 1].is_whitespace() {
                k -= 1;
            }
            if prefix[k] + ellipsis <= max_w {
                return chars[..k].iter().collect::<String>() + "…";
            }
        }
        String::new()
    }
}

fn measure_char(font: Option<&Font>, size: u16, c: char) -> f32 {
    font.map_or(0.0, |f| f.metrics(c, size as f32).advance_width)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn face() -> Font {
        Font::from_bytes(
            crate::client::paint::REGULAR_TTF,
            fontdue::FontSettings::default(),
        )
        .unwrap()
    }

    #[test]
    fn width_is_the_sum_of_the_advances() {
        let (m, f) = (Metrics::default(), face());
        let w = m.width(Some(&f), false, 14, "Kestrel");
        let sum: f32 = "Kestrel"
            .chars()
            .map(|c| f.metrics(c, 14.0).advance_width)
            .sum();
        assert!((w - sum).abs() < 1e-3 && w > 20.0, "{w} vs {sum}");
        // Cached and uncached (non-ASCII, large) glyphs agree with the face.
        let big = m.width(Some(&f), false, 90, "é");
        assert_eq!(big, f.metrics('é', 90.0).advance_width);
        let none = Metrics::default();
        assert_eq!(none.width(None, false, 14, "Kestrel"), 0.0);
    }

    #[test]
    fn fit_shortens_with_an_ellipsis_and_drops_trailing_spaces() {
        let (m, f) = (Metrics::default(), face());
        let fit = |t: &str, w: f32| m.fit(Some(&f), false, 12, t, w);
        let full = m.width(Some(&f), false, 12, "Frigate Anvil");
        assert_eq!(fit("Frigate Anvil", full), "Frigate Anvil");
        let short = fit("Frigate Anvil", full - 1.0);
        assert!(short.ends_with('…') && short.len() < "Frigate Anvil…".len());
        assert!(m.width(Some(&f), false, 12, &short) <= full - 1.0);
        // Cutting just after "Frigate " keeps no space before the ellipsis.
        let w = m.width(Some(&f), false, 12, "Frigate…") + 0.5;
        assert_eq!(fit("Frigate Anvil", w), "Frigate…");
        assert_eq!(fit("Frigate Anvil", 1.0), "");
    }

    #[test]
    fn fast_table_has_room_for_every_ascii_glyph_of_both_faces() {
        let last = fast_index(true, MAX_FAST_SIZE as u16, '\x7f').unwrap();
        assert_eq!(last, 2 * (MAX_FAST_SIZE + 1) * 128 - 1);
        assert_eq!(fast_index(false, 12, 'é'), None);
        assert_eq!(fast_index(false, MAX_FAST_SIZE as u16 + 1, 'a'), None);
        assert_ne!(fast_index(false, 12, 'a'), fast_index(true, 12, 'a'));
    }
}
