//! Load errors with file, line and field, and the helpers that find a card's lines in YAML text.
use std::fmt;
use std::path::{Path, PathBuf};

/// One problem found while loading cards or decks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub card: Option<String>,
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
            if let Some(c) = self.column {
                write!(f, ":{c}")?;
            }
        }
        write!(f, ":")?;
        if let Some(card) = &self.card {
            write!(f, " card `{}`,", escape_controls(card))?;
        }
        if let Some(field) = &self.field {
            write!(f, " field `{}`:", escape_controls(field))?;
        }
        write!(f, " {}", escape_controls(&self.message))
    }
}

/// Echoed text with control characters escaped (`\u{1b}`), so a hostile id cannot drive
/// the terminal.
pub fn escape_controls(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

impl LoadError {
    /// A guard's refusal of a file (see [`crate::core::guard`]).
    pub fn guard(file: &Path, e: crate::core::guard::GuardError) -> LoadError {
        LoadError {
            file: file.to_path_buf(),
            line: e.line,
            column: None,
            card: None,
            field: None,
            message: e.message,
        }
    }
}

/// Every problem found in one load, reported together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} problem(s):", self.0.len())?;
        for e in &self.0 {
            writeln!(f, "  {e}")?;
        }
        Ok(())
    }
}

/// A YAML text with helpers to find where a card or field is written.
pub struct Source<'a> {
    pub path: &'a Path,
    pub text: &'a str,
}

impl<'a> Source<'a> {
    /// 1-based line of `id: <card>` in the file.
    pub fn card_line(&self, card: &str) -> Option<usize> {
        self.card_lines(card).first().copied()
    }

    /// 1-based lines of every `id: <card>` in the file.
    pub fn card_lines(&self, card: &str) -> Vec<usize> {
        self.text
            .lines()
            .enumerate()
            .filter(|(_, l)| {
                let t = l.trim_start().trim_start_matches("- ").trim_start();
                t.strip_prefix("id:")
                    .map(|rest| rest.trim().trim_matches(['"', '\'']) == card)
                    .unwrap_or(false)
            })
            .map(|(i, _)| i + 1)
            .collect()
    }

    /// 1-based line and column of `field:` inside the entry of `card` (or anywhere if no card).
    pub fn field_pos(&self, card: Option<&str>, field: &str) -> Option<(usize, usize)> {
        let start = card.and_then(|c| self.card_line(c)).unwrap_or(1);
        let lines: Vec<&str> = self.text.lines().collect();
        let entry_indent = lines
            .get(start - 1)
            .map(|l| l.len() - l.trim_start().len())
            .unwrap_or(0);
        for (i, l) in lines.iter().enumerate().skip(start - 1) {
            let indent = l.len() - l.trim_start().len();
            if i >= start
                && card.is_some()
                && l.trim_start().starts_with("- ")
                && indent < entry_indent
            {
                break;
            }
            let t = l.trim_start().trim_start_matches("- ");
            if t.starts_with(&format!("{field}:")) {
                let col = l.find(field).unwrap_or(0) + 1;
                return Some((i + 1, col));
            }
        }
        card.and_then(|c| self.card_line(c)).map(|l| (l, 1))
    }

    /// A located error about a card's field.
    pub fn error(
        &self,
        card: Option<&str>,
        field: Option<&str>,
        message: impl Into<String>,
    ) -> LoadError {
        let pos = match field {
            Some(f) => self.field_pos(card, f),
            None => card.and_then(|c| self.card_line(c)).map(|l| (l, 1)),
        };
        LoadError {
            file: self.path.to_path_buf(),
            line: pos.map(|p| p.0),
            column: pos.map(|p| p.1),
            card: card.map(str::to_string),
            field: field.map(str::to_string),
            message: message.into(),
        }
    }

    /// A located error from a serde_yaml failure.
    pub fn yaml_error(&self, e: &serde_yaml::Error, card: Option<&str>) -> LoadError {
        let msg = e.to_string();
        // serde_yaml appends " at line L column C"; the location is reported separately.
        let msg = match msg.rfind(" at line ") {
            Some(i) => msg[..i].to_string(),
            None => msg,
        };
        let msg = plain_types(&msg);
        let field = extract_field(&msg);
        let (line, column) = match e.location() {
            Some(l) => (Some(l.line()), Some(l.column())),
            None => match field.as_deref().and_then(|f| self.field_pos(card, f)) {
                Some((l, c)) => (Some(l), Some(c)),
                None => (card.and_then(|c| self.card_line(c)), None),
            },
        };
        LoadError {
            file: self.path.to_path_buf(),
            // A problem of the whole document (wrong type at the top) is about its first line.
            line: line.or(Some(1)),
            column,
            card: card.map(str::to_string),
            field,
            message: msg,
        }
    }
}

/// Replaces the parser's Rust type names with what a card or deck author writes.
pub fn plain_types(msg: &str) -> String {
    const NAMES: [(&str, &str); 12] = [
        (
            "struct RawCardFile",
            "a card file (`spacecraft:`, `assets:`, `upgrades:` lists)",
        ),
        (
            "struct RawSpacecraft",
            "a spacecraft entry (`id:`, `name:`, … fields)",
        ),
        (
            "struct RawAsset",
            "an asset entry (`id:`, `name:`, … fields)",
        ),
        (
            "struct RawUpgrade",
            "an upgrade entry (`id:`, `name:`, … fields)",
        ),
        ("struct RawDeck", "a deck (`name:`, `homeworld:`, `cards:`)"),
        ("struct RawAbility", "an ability (`effect:` and its fields)"),
        ("struct ", "a mapping "),
        ("u8", "a whole number from 0 to 255"),
        ("u16", "a whole number from 0 to 65535"),
        ("u32", "a whole number from 0 to 4294967295"),
        ("u64", "a whole number from 0 to 18446744073709551615"),
        ("i64", "a whole number"),
    ];
    let mut out = msg.to_string();
    for (rust, plain) in NAMES {
        for lead in ["expected ", "expected a ", "expected an "] {
            out = out.replace(&format!("{lead}{rust}"), &format!("expected {plain}"));
        }
    }
    out
}

/// Pulls a field name out of a serde message: "unknown field `x`", "missing field `x`", or a
/// leading "path.x:" written by serde_yaml.
fn extract_field(msg: &str) -> Option<String> {
    for key in ["unknown field `", "missing field `"] {
        if let Some(i) = msg.find(key) {
            let rest = &msg[i + key.len()..];
            if let Some(j) = rest.find('`') {
                return Some(rest[..j].to_string());
            }
        }
    }
    let head = msg.split(": ").next()?;
    if head.contains(' ') || head == msg {
        return None;
    }
    let last = head.rsplit('.').next()?;
    let last = last.split('[').next()?;
    (!last.is_empty()).then(|| last.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_card_and_field_lines() {
        let text = "spacecraft:\n  - id: a\n    armor: 1\n  - id: b\n    name: B\n    armor: 0\n";
        let s = Source {
            path: Path::new("x.yaml"),
            text,
        };
        assert_eq!(s.card_line("b"), Some(4));
        assert_eq!(s.field_pos(Some("b"), "armor"), Some((6, 5)));
        assert_eq!(s.field_pos(Some("a"), "armor"), Some((3, 5)));
    }

    #[test]
    fn extracts_field_names() {
        assert_eq!(
            extract_field("unknown field `colour`, expected"),
            Some("colour".into())
        );
        assert_eq!(
            extract_field("spacecraft[0].armor: invalid type"),
            Some("armor".into())
        );
        assert_eq!(extract_field("invalid type: string"), None);
    }
}
