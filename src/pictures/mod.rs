//! Pictures for the rule books in `docs/rules/`, drawn from the engines' own data so they never
//! drift from the rules: each submodule renders one picture as plain SVG text. The test
//! `tests/pictures.rs` compares them with the committed files in `docs/rules/pictures/`.
pub mod globe;
pub mod mothership;
pub mod orbitals;
pub mod rover;
pub mod svg;

/// Every picture: its file name in `docs/rules/pictures/` and its SVG text.
pub fn all() -> Vec<(&'static str, String)> {
    vec![
        ("globe-net.svg", globe::net()),
        ("mothership-fire-zone.svg", mothership::fire_zone()),
        ("orbital-stack.svg", orbitals::stack()),
        ("rover-level.svg", rover::default_level()),
    ]
}
