//! The rule books' pictures in `docs/rules/pictures/` are drawn by `orbitals::pictures` from the
//! engines' data; this test fails when a committed picture differs from a fresh drawing.
//! `ORBITALS_BLESS=1 cargo test --test pictures` rewrites them (and still fails, once, so the
//! rewrite is never silent); review the pictures and commit them.
use std::path::Path;

#[test]
fn pictures_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules/pictures");
    let bless = std::env::var_os("ORBITALS_BLESS").is_some();
    let mut problems = Vec::new();
    for (name, actual) in orbitals::pictures::all() {
        let path = dir.join(name);
        if bless {
            match std::fs::write(&path, &actual) {
                Ok(()) => problems.push(format!(
                    "{}: rewritten (ORBITALS_BLESS): review and commit it",
                    path.display()
                )),
                Err(e) => problems.push(format!("{}: {e}", path.display())),
            }
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(expected) if expected == actual => {}
            Ok(_) => problems.push(format!(
                "{}: out of date; redraw it with ORBITALS_BLESS=1 cargo test --test pictures",
                path.display()
            )),
            Err(e) => problems.push(format!(
                "{}: {e}; draw it with ORBITALS_BLESS=1 cargo test --test pictures",
                path.display()
            )),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_picture_is_used_by_a_book() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules");
    let books: String = [
        "orbitals.md",
        "globetrotter.md",
        "mothership.md",
        "rover.md",
    ]
    .iter()
    .filter_map(|b| std::fs::read_to_string(root.join(b)).ok())
    .collect();
    for (name, _) in orbitals::pictures::all() {
        assert!(
            books.contains(&format!("](pictures/{name})")),
            "docs/rules/pictures/{name} is not shown in any book"
        );
    }
}
