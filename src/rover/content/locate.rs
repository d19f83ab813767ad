//! Line numbers for checked content: where a list item or one of its keys sits in the YAML
//! text, so every problem the checks find names its file and line.

/// 1-based lines of the items of a top-level YAML list (`- ` at column 0).
pub fn item_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("- ") || *l == "-")
        .map(|(i, _)| i + 1)
        .collect()
}

/// The 1-based line of `key:` inside the item that starts on `item` (up to the next item),
/// else the item's own line.
pub fn key_line(text: &str, item: usize, key: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let start = item.saturating_sub(1);
    for (i, l) in lines.iter().enumerate().skip(start) {
        if i > start && (l.starts_with("- ") || *l == "-") {
            break;
        }
        let t = l.trim_start().trim_start_matches("- ").trim_start();
        if t.starts_with(key) && t[key.len()..].trim_start().starts_with(':') {
            return i + 1;
        }
    }
    item
}

/// The 1-based line of a top-level `key:` of a mapping file, else 1.
pub fn top_key_line(text: &str, key: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(key) && l[key.len()..].trim_start().starts_with(':'))
        .map(|i| i + 1)
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_items_and_keys() {
        let t = "# c\n- id: a\n  name: A\n- id: b\n  range: 3\n";
        assert_eq!(item_lines(t), vec![2, 4]);
        assert_eq!(key_line(t, 4, "range"), 5);
        assert_eq!(key_line(t, 2, "range"), 2);
        assert_eq!(key_line(t, 2, "id"), 2);
        assert_eq!(top_key_line("a: 1\nrows: x\n", "rows"), 2);
    }
}
