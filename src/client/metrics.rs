//! Text widths without re-measuring: each glyph's advance is asked of macroquad once per face
//! and pixel size, then kept. A text's width is the sum of its advances, exactly as
//! `measure_text` adds them, and shortening a text to fit ("…") needs one pass, not one
//! measurement per dropped character.
use macroquad::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;

/// Largest pixel size kept in the fast table (larger sizes use the map).
const MAX_FAST_SIZE: usize = 64;

/// Cached glyph advances for the two faces.
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
    pub fn advance(&self, font: &Font, bold: bool, size: u16, c: char) -> f32 {
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
    pub fn width(&self, font: &Font, bold: bool, size: u16, text: &str) -> f32 {
        text.chars()
            .map(|c| self.advance(font, bold, size, c))
            .sum()
    }

    /// The text, shortened with a trailing "…" (trailing spaces dropped before it) until it is
    /// at most `max_w` wide; empty when not even "…" fits.
    pub fn fit(&self, font: &Font, bold: bool, size: u16, text: &str, max_w: f32) -> String {
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

fn measure_char(font: &Font, size: u16, c: char) -> f32 {
    let mut buf = [0u8; 4];
    measure_text(c.encode_utf8(&mut buf), Some(font), size, 1.0).width
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_table_has_room_for_every_ascii_glyph_of_both_faces() {
        let last = fast_index(true, MAX_FAST_SIZE as u16, '\x7f').unwrap();
        assert_eq!(last, 2 * (MAX_FAST_SIZE + 1) * 128 - 1);
        assert_eq!(fast_index(false, 12, 'é'), None);
        assert_eq!(fast_index(false, MAX_FAST_SIZE as u16 + 1, 'a'), None);
        assert_ne!(fast_index(false, 12, 'a'), fast_index(true, 12, 'a'));
    }
}
