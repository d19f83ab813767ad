//! The card definitions shipped with the game (`cards/*.yaml`), compiled into the binary so
//! that tools without a card folder at hand (pictures, the Python binding) read the same
//! cards the command line loads by default.
use super::db::CardDb;
use super::locate::LoadErrors;
use std::path::Path;

/// The shipped card files: path (for messages) and text.
pub const BUILTIN_CARD_FILES: [(&str, &str); 3] = [
    ("cards/assets.yaml", include_str!("../../cards/assets.yaml")),
    (
        "cards/spacecraft.yaml",
        include_str!("../../cards/spacecraft.yaml"),
    ),
    (
        "cards/upgrades.yaml",
        include_str!("../../cards/upgrades.yaml"),
    ),
];

impl CardDb {
    /// The shipped cards, checked like any card folder.
    pub fn builtin() -> Result<CardDb, LoadErrors> {
        let files: Vec<(&Path, &str)> = BUILTIN_CARD_FILES
            .iter()
            .map(|(p, t)| (Path::new(*p), *t))
            .collect();
        CardDb::from_sources(&files)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_cards_are_the_card_folder() {
        let built = CardDb::builtin().unwrap();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let loaded = CardDb::load_dir(&dir).unwrap();
        assert!(!built.is_empty());
        let names = |db: &CardDb| db.iter().map(|(_, c)| c.id.clone()).collect::<Vec<_>>();
        assert_eq!(names(&built), names(&loaded));
    }
}
