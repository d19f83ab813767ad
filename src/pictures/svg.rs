//! A tiny SVG writer: an open document that shapes and text are appended to, with numbers
//! printed at a fixed precision so the output is the same on every machine.
use std::fmt::Write;

/// An SVG document under construction.
pub struct Svg {
    body: String,
    width: f64,
    height: f64,
}

/// Escapes text for an SVG text node or attribute.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A number with at most one decimal, without a trailing `.0`.
pub fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

impl Svg {
    /// An empty picture of the given size, on a white background.
    pub fn new(width: f64, height: f64) -> Svg {
        let mut s = Svg {
            body: String::new(),
            width,
            height,
        };
        s.rect(0.0, 0.0, width, height, "#ffffff", None);
        s
    }

    /// A rectangle with a fill and an optional stroke colour.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: Option<&str>) {
        let stroke = stroke
            .map(|c| format!(" stroke=\"{c}\""))
            .unwrap_or_default();
        let _ = writeln!(
            self.body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"{stroke}/>",
            num(x),
            num(y),
            num(w),
            num(h)
        );
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str, stroke: &str) {
        let _ = writeln!(
            self.body,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\"/>",
            num(cx),
            num(cy),
            num(r)
        );
    }

    /// A closed polygon through the points.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: &str) {
        let pts: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
            .collect();
        let _ = writeln!(
            self.body,
            "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\"/>",
            pts.join(" ")
        );
    }

    /// A straight line.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{stroke}\" stroke-width=\"{}\"/>",
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1),
            num(width)
        );
    }

    /// Text with its anchor (`start`, `middle`, `end`) at `(x, y)`.
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: &str, text: &str) {
        let _ = writeln!(
            self.body,
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{}\" text-anchor=\"{anchor}\">{}</text>",
            num(x),
            num(y),
            num(size),
            escape(text)
        );
    }

    /// The finished document.
    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n{}</svg>\n",
            self.body,
            w = num(self.width),
            h = num(self.height)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.25), "2.3");
        assert_eq!(num(-0.04), "0");
    }

    #[test]
    fn text_is_escaped() {
        let mut s = Svg::new(10.0, 10.0);
        s.text(1.0, 2.0, 8.0, "start", "a<b & c");
        let out = s.finish();
        assert!(out.contains("a&lt;b &amp; c"), "{out}");
        assert!(out.starts_with("<svg "));
    }
}
