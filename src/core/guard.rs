//! Guards every YAML loader runs before parsing: the file is a regular file of bounded size,
//! UTF-8, one document, and nested no deeper than [`MAX_NESTING`]. Each problem names its line,
//! so hostile files fail fast with a located message instead of hanging the parser or panicking.
use std::path::Path;

/// Largest data, scenario or replay file read (a replay of a whole long game is well below).
pub const MAX_FILE_BYTES: u64 = 8 << 20;
/// Deepest nesting of YAML collections (flow brackets and block indentation levels).
pub const MAX_NESTING: usize = 64;

/// A problem found by a guard: the 1-based line when there is one, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardError {
    pub line: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for GuardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

fn at(line: usize, message: impl Into<String>) -> GuardError {
    GuardError {
        line: Some(line),
        message: message.into(),
    }
}

/// Reads a text file for a loader: refuses what is not a regular file (a FIFO or a device would
/// block), files over [`MAX_FILE_BYTES`] and text that is not UTF-8 (naming the line of the
/// first bad byte), then runs [`check_text`].
pub fn read_text(path: &Path) -> Result<String, GuardError> {
    let plain = |message: String| GuardError {
        line: None,
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| plain(format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(plain("not a regular file".into()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(plain(format!(
            "{} bytes: larger than the {MAX_FILE_BYTES} bytes a file may have",
            meta.len()
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| plain(format!("cannot read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|b| **b == b'\n').count() + 1;
        at(line, "not UTF-8 text")
    })?;
    check_text(&text)?;
    Ok(text)
}

/// Checks YAML text before it is parsed: at most [`MAX_FILE_BYTES`], a single document, and
/// collections nested at most [`MAX_NESTING`] deep.
pub fn check_text(text: &str) -> Result<(), GuardError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(GuardError {
            line: None,
            message: format!("larger than the {MAX_FILE_BYTES} bytes a file may have"),
        });
    }
    let mut content_seen = false;
    let mut depth = 0usize;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let trimmed = line.trim_end();
        if trimmed == "---" || trimmed.starts_with("--- ") || trimmed == "..." {
            if content_seen {
                return Err(at(n, "a second YAML document: a file holds exactly one"));
            }
            continue;
        }
        let body = trimmed.trim_start();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        content_seen = true;
        // Block nesting: indentation plus `- ` markers opening nested sequences on one line.
        let indent = trimmed.len() - body.len();
        let mut rest = body;
        let mut dashes = 0;
        while let Some(r) = rest
            .strip_prefix("- ")
            .or_else(|| rest.strip_prefix('-').filter(|r| r.is_empty()))
        {
            dashes += 1;
            rest = r.trim_start();
        }
        if indent + 2 * dashes > 4 * MAX_NESTING {
            return Err(at(
                n,
                format!("nested too deep: at most {MAX_NESTING} levels of collections"),
            ));
        }
        // Flow nesting: brackets outside quotes and comments, carried across lines.
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        for ch in body.chars() {
            match quote {
                Some(q) => {
                    if ch == q {
                        quote = None;
                    }
                }
                None => match ch {
                    '\'' | '"' if !prev.is_alphanumeric() => quote = Some(ch),
                    '#' if prev.is_whitespace() => break,
                    '[' | '{' => {
                        depth += 1;
                        if depth > MAX_NESTING {
                            return Err(at(
                                n,
                                format!(
                                    "nested too deep: at most {MAX_NESTING} levels of brackets"
                                ),
                            ));
                        }
                    }
                    ']' | '}' => depth = depth.saturating_sub(1),
                    _ => {}
                },
            }
            prev = ch;
        }
    }
    Ok(())
}

/// True when a problem already names a line: `file.yaml:12: …` or `line 12: …`.
fn has_line(problem: &str) -> bool {
    let digits_after = |rest: &str| rest.chars().next().is_some_and(|c| c.is_ascii_digit());
    problem.starts_with("line ") && digits_after(&problem[5..])
        || problem.match_indices(':').any(|(i, _)| {
            digits_after(&problem[i + 1..])
                && problem[..i].ends_with(|c: char| c.is_ascii_alphabetic())
        })
}

/// Gives every setup problem of a scenario file a line of `text`: problems that name no line
/// get the first line that shows what they quote (a `handle` or `card` in backticks), else the
/// line of the key they start with (`turn: …` → the `turn:` line), else the `setup:` line.
pub fn locate_problems(text: &str, problems: Vec<String>) -> Vec<String> {
    let find = |needle: &str| {
        text.lines()
            .position(|l| !l.trim_start().starts_with('#') && l.contains(needle))
            .map(|i| i + 1)
    };
    problems
        .into_iter()
        .map(|p| {
            if has_line(&p) {
                return p;
            }
            let quoted = p
                .split('`')
                .skip(1)
                .step_by(2)
                .find_map(|q| (!q.is_empty()).then(|| find(q)).flatten());
            let key = p
                .split([':', ' '])
                .next()
                .map(|k| k.split('[').next().unwrap_or(k))
                .filter(|k| !k.is_empty() && k.chars().all(|c| c.is_alphanumeric() || c == '_'))
                .and_then(|k| {
                    text.lines()
                        .position(|l| {
                            l.trim_start()
                                .trim_start_matches("- ")
                                .starts_with(&format!("{k}:"))
                        })
                        .map(|i| i + 1)
                });
            let line = quoted.or(key).or_else(|| find("setup:")).unwrap_or(1);
            format!("line {line}: {p}")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_problems_get_a_line() {
        let text = "seed: 1\nsetup:\n  position:\n    turn: 900\n    players:\n      - assets: [{card: terra, as: hw}]\n";
        let p = locate_problems(
            text,
            vec![
                "turn: 900 is above the limit".into(),
                "`hw`: damage too high".into(),
                "something else".into(),
                "decks/x.yaml:3: field `cards`: unknown".into(),
            ],
        );
        assert_eq!(p[0], "line 4: turn: 900 is above the limit");
        assert_eq!(p[1], "line 6: `hw`: damage too high");
        assert_eq!(p[2], "line 2: something else");
        assert_eq!(p[3], "decks/x.yaml:3: field `cards`: unknown");
    }

    #[test]
    fn deep_brackets_are_refused_at_once_with_a_line() {
        let text = format!("a: 1\nb: {}", "[".repeat(200_000));
        let e = check_text(&text).unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        assert!(e.message.contains("nested too deep"), "{e}");
    }

    #[test]
    fn ordinary_files_pass() {
        let text = "# c\nname: x # [[[[ in a comment\nlist: [a, [b, {c: d}]]\ntext: \"[[[[\"\n";
        assert_eq!(check_text(text), Ok(()));
        let deep_ok = format!("x: {}{}", "[".repeat(MAX_NESTING), "]".repeat(MAX_NESTING));
        assert_eq!(check_text(&deep_ok), Ok(()));
    }

    #[test]
    fn a_second_document_is_refused_with_its_line() {
        let e = check_text("---\na: 1\n---\nb: 2\n").unwrap_err();
        assert_eq!(e.line, Some(3));
        assert_eq!(check_text("---\na: 1\n"), Ok(()));
    }

    #[test]
    fn non_utf8_and_fifos_are_refused() {
        let dir = std::env::temp_dir().join(format!("orbitals-guard-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("bad.yaml");
        std::fs::write(&f, b"a: 1\nb: \xff\n").unwrap();
        let e = read_text(&f).unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        assert!(read_text(&dir)
            .unwrap_err()
            .message
            .contains("not a regular file"));
    }
}
