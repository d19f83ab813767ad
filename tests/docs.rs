//! The documentation stands alone: no document points outside the repository, every relative
//! link resolves, every rule book has the sections a player needs, and every ruling id that a
//! scenario test cites is explained in its game's book.
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Sections every book in `docs/rules/` must have, matched against its headings.
const SECTIONS: &[&str] = &[
    "components",
    "setup",
    "the turn",
    "actions",
    "combat",
    "worked example",
    "end of the game",
    "glossary",
];

/// README.md and every Markdown file under `docs/`.
fn documents() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "md") {
                out.push(p);
            }
        }
    }
    let mut out = vec![Path::new(ROOT).join("README.md")];
    walk(&Path::new(ROOT).join("docs"), &mut out);
    out
}

fn read(p: &Path) -> String {
    fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn no_document_points_outside_the_repository() {
    for doc in documents() {
        for (n, line) in read(&doc).lines().enumerate() {
            for bad in ["../shared", "RULINGS.md"] {
                assert!(
                    !line.contains(bad),
                    "{}:{}: refers to `{bad}`, which is not in the repository",
                    doc.display(),
                    n + 1
                );
            }
        }
    }
}

#[test]
fn relative_links_resolve() {
    for doc in documents() {
        let text = read(&doc);
        for (n, line) in text.lines().enumerate() {
            for part in line.split("](").skip(1) {
                let Some(end) = part.find(')') else { continue };
                let target = &part[..end];
                if target.contains("://")
                    || target.starts_with('#')
                    || target.starts_with("mailto:")
                {
                    continue;
                }
                let file = target.split('#').next().unwrap_or_default();
                let path = doc.parent().unwrap().join(file);
                assert!(
                    path.exists(),
                    "{}:{}: link `{target}` does not resolve",
                    doc.display(),
                    n + 1
                );
            }
        }
    }
}

fn books() -> Vec<PathBuf> {
    let dir = Path::new(ROOT).join("docs/rules");
    let mut out: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    out.sort();
    out
}

#[test]
fn every_book_has_the_players_sections() {
    let books = books();
    assert!(books.len() >= 2, "docs/rules/ holds {} books", books.len());
    for book in books {
        let headings: Vec<String> = read(&book)
            .lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| l.to_lowercase())
            .collect();
        for section in SECTIONS {
            assert!(
                headings.iter().any(|h| h.contains(section)),
                "{}: no heading for `{section}`",
                book.display()
            );
        }
    }
}

/// Ruling ids (`O13`, `G6`) written in a text: a capital letter and digits, standing alone.
fn ruling_ids(text: &str, letter: char) -> Vec<u32> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    for i in 0..chars.len() {
        let alone_before = i == 0 || !chars[i - 1].is_alphanumeric();
        if chars[i] != letter || !alone_before {
            continue;
        }
        let digits: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let after = chars.get(i + 1 + digits.len());
        if !digits.is_empty() && !after.is_some_and(|c| c.is_alphanumeric()) {
            out.push(digits.parse().unwrap());
        }
    }
    out
}

/// Ruling ids cited by the scenario files in `dir`, named `o13_...yaml` or `g06_...yaml`.
fn cited_by_tests(dir: &str, prefix: char) -> Vec<u32> {
    let mut ids: Vec<u32> = fs::read_dir(Path::new(ROOT).join(dir))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().ok()?;
            let rest = name.strip_prefix(prefix)?;
            rest[..rest.find('_')?].parse().ok()
        })
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

#[test]
fn every_ruling_cited_by_a_test_is_in_its_book() {
    for (book, dir, letter) in [
        ("docs/rules/orbitals.md", "tests/scenarios", 'O'),
        ("docs/rules/globetrotter.md", "tests/globetrotter", 'G'),
        ("docs/rules/rover.md", "tests/rover", 'R'),
    ] {
        let cited = cited_by_tests(dir, letter.to_ascii_lowercase());
        assert!(!cited.is_empty(), "{dir}: no scenario names a ruling");
        let written = ruling_ids(&read(&Path::new(ROOT).join(book)), letter);
        for id in cited {
            assert!(
                written.contains(&id),
                "{book}: ruling {letter}{id} is cited by a test in {dir} but not in the book"
            );
        }
    }
}
