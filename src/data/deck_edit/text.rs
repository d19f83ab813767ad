//! Writing a deck draft back as YAML text. A draft opened from a file keeps that file: only the
//! lines of what was edited change (the `name:`, `description:` and `homeworld:` lines, and in
//! the `cards:` list only the items added or removed), so comments, blank lines and value
//! spellings (`1e3`, `0x1F`, quotes) of everything else survive a save.
use super::{scalar, DeckDraft, OPENING_HAND};

impl DeckDraft {
    /// The deck as YAML in the format [`Deck::parse`] reads: the header comments, then `name`,
    /// `homeworld` and `cards` (top card first).
    ///
    /// A draft opened from a file keeps that file's text: only the lines of what was edited
    /// (the `name:` line, the `homeworld:` line, the `cards:` block) are rewritten.
    pub fn to_yaml(&self) -> String {
        if !self.source.is_empty() {
            if let Some(text) = self.patch_source() {
                return text;
            }
        }
        self.fresh_yaml()
    }

    /// The source text with the edited parts replaced; `None` when the source cannot be
    /// patched (then the whole file is written afresh).
    fn patch_source(&self) -> Option<String> {
        let before = DeckDraft::from_yaml(&self.source).ok()?.draft;
        let mut lines: Vec<String> = self.source.lines().map(str::to_string).collect();
        let top = |lines: &[String], key: &str| {
            lines.iter().position(|l| l.starts_with(&format!("{key}:")))
        };
        for (key, old, new) in [
            ("name", &before.name, &self.name),
            ("description", &before.description, &self.description),
            ("homeworld", &before.homeworld, &self.homeworld),
        ] {
            if old != new {
                match top(&lines, key) {
                    Some(i) => {
                        // A value spread over several lines (`>-`, a long quoted string)
                        // becomes one line; the lines around it stay.
                        let mut end = i + 1;
                        while lines.get(end).is_some_and(|n| n.starts_with(' ')) {
                            end += 1;
                        }
                        let line = if end == i + 1 {
                            replace_value(&lines[i], key, old, new)
                        } else {
                            format!("{key}: {}", quote(new))
                        };
                        lines.splice(i..end, [line]);
                    }
                    // A new description goes under the name.
                    None => {
                        let line = format!("{key}: {}", quote(new));
                        match top(&lines, "name") {
                            Some(i) if key == "description" => lines.insert(i + 1, line),
                            _ => lines.push(line),
                        }
                    }
                }
            }
        }
        if before.cards != self.cards {
            let fresh: Vec<String> = self.cards_yaml().lines().map(str::to_string).collect();
            match top(&lines, "cards") {
                Some(i) => {
                    let end = block_end(&lines, i);
                    let items = (!self.cards.is_empty() && is_block_header(&lines[i]))
                        .then(|| patch_items(&lines[i + 1..end], &before.cards, &self.cards))
                        .flatten();
                    match items {
                        Some(items) => drop(lines.splice(i + 1..end, items)),
                        // A flow list (`cards: [a, b]`), an empty deck, or items we cannot
                        // place: the block is written afresh.
                        None => drop(lines.splice(i..end, fresh)),
                    }
                }
                None => lines.extend(fresh),
            }
        }
        let mut text = lines.join("\n");
        text.push('\n');
        Some(text)
    }

    /// `cards:` and its items, with the opening-hand notes.
    fn cards_yaml(&self) -> String {
        let mut s = String::new();
        if self.cards.is_empty() {
            s.push_str("cards: []\n");
            return s;
        }
        s.push_str("cards:\n");
        for (i, c) in self.cards.iter().enumerate() {
            if i == 0 {
                s.push_str("  # opening hand (O3)\n");
            } else if i == OPENING_HAND {
                s.push_str("  # drawn by research, in this order (O19)\n");
            }
            s.push_str(&format!("  - {}\n", quote(c)));
        }
        s
    }

    /// The whole file written afresh: header comments, `name`, `homeworld`, `cards`.
    fn fresh_yaml(&self) -> String {
        let mut s = String::new();
        s.push_str(&self.header);
        s.push_str(&format!("name: {}\n", quote(&self.name)));
        if !self.description.is_empty() {
            s.push_str(&format!("description: {}\n", quote(&self.description)));
        }
        s.push_str(&format!("homeworld: {}\n", quote(&self.homeworld)));
        s.push_str(&self.cards_yaml());
        s
    }
}

/// The line `key: new` written over `line` (`key: old`), keeping a comment at its end.
fn replace_value(line: &str, key: &str, old: &str, new: &str) -> String {
    let rest = &line[key.len() + 1..];
    let comment = rest.match_indices(" #").map(|(k, _)| k).find(|&k| {
        serde_yaml::from_str::<serde_yaml::Value>(&rest[..k])
            .ok()
            .and_then(|v| scalar(&v))
            .is_some_and(|v| v.trim() == old)
    });
    format!(
        "{key}: {}{}",
        quote(new),
        comment.map_or("", |k| &rest[k..])
    )
}

/// The index just past the `cards:` block that starts at line `i`: its indented lines, items
/// and blank lines, without the blank lines that close it.
fn block_end(lines: &[String], i: usize) -> usize {
    let mut end = i + 1;
    while end < lines.len() {
        let l = &lines[end];
        if !(l.is_empty() || l.starts_with(' ') || l.starts_with('-')) {
            break;
        }
        end += 1;
    }
    while end > i + 1 && lines[end - 1].trim().is_empty() {
        end -= 1;
    }
    end
}

/// `cards:` alone on its line (a comment may follow): the items are a block list below it.
fn is_block_header(line: &str) -> bool {
    let rest = line["cards:".len()..].trim_start();
    rest.is_empty() || rest.starts_with('#')
}

/// A line holding one item of a block list (`  - wasp  # a comment`).
fn is_item(line: &str) -> bool {
    let t = line.trim_start();
    t == "-" || t.starts_with("- ")
}

/// The lines under `cards:` after the list `old` became `new`: the lines of every item that
/// stays (with the comments above it) are kept as written, removed items lose their line (their
/// comments stay), added items get a line indented like the others. `None` when the block's
/// items do not match `old` one to one.
fn patch_items(block: &[String], old: &[String], new: &[String]) -> Option<Vec<String>> {
    let at: Vec<usize> = (0..block.len()).filter(|&k| is_item(&block[k])).collect();
    if at.len() != old.len() {
        return None;
    }
    let indent = at.first().map_or("  ", |&k| {
        let l = &block[k];
        &l[..l.len() - l.trim_start().len()]
    });
    // The part of the block that belongs to item `i`: the lines after the previous item, up to
    // and including its own.
    let part = |i: usize| {
        let from = if i == 0 { 0 } else { at[i - 1] + 1 };
        &block[from..=at[i]]
    };
    let (n, m) = (old.len(), new.len());
    // common[i][j]: the longest common subsequence of old[i..] and new[j..].
    let mut common = vec![vec![0u16; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            common[i][j] = if old[i] == new[j] {
                common[i + 1][j + 1] + 1
            } else {
                common[i + 1][j].max(common[i][j + 1])
            };
        }
    }
    let mut out = Vec::with_capacity(block.len() + m);
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && old[i] == new[j] {
            out.extend_from_slice(part(i));
            (i, j) = (i + 1, j + 1);
        } else if j < m && (i == n || common[i][j + 1] >= common[i + 1][j]) {
            out.push(format!("{indent}- {}", quote(&new[j])));
            j += 1;
        } else {
            let p = part(i);
            out.extend_from_slice(&p[..p.len() - 1]);
            i += 1;
        }
    }
    out.extend_from_slice(&block[at.last().map_or(0, |&k| k + 1)..]);
    Some(out)
}

/// Quotes a YAML scalar only when needed (so ids stay bare, as in hand-written files).
fn quote(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ' | '.'))
        && !s.starts_with([' ', '-', '.'])
        && !s.ends_with(' ')
        && serde_yaml::from_str::<serde_yaml::Value>(s)
            .map(|v| v.as_str() == Some(s))
            .unwrap_or(false);
    if plain {
        return s.to_string();
    }
    let mut q = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            '\t' => q.push_str("\\t"),
            c if c.is_control() => q.push_str(&format!("\\u{:04x}", c as u32)),
            c => q.push(c),
        }
    }
    q.push('"');
    q
}
