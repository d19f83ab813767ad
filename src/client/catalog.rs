//! The cards and decks the client can offer, loaded once at start. Problems (a missing
//! directory, a bad deck) become messages shown on screen, never a crash.
use crate::agent::parse_agent;
use crate::data::{CardDb, Deck};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One playable deck file.
#[derive(Clone, Debug)]
pub struct DeckEntry {
    pub deck: Deck,
    /// The file it was read from.
    pub path: PathBuf,
}

pub use crate::agent::spec::AiLevel;
use crate::agent::spec::AI_LEVELS as LEVELS;

/// Cards, decks and AI levels, plus whatever went wrong loading them.
pub struct Catalog {
    pub db: Option<Arc<CardDb>>,
    pub decks: Vec<DeckEntry>,
    pub levels: Vec<AiLevel>,
    pub problems: Vec<String>,
    /// Where the cards and decks were loaded from (resolved).
    pub cards_dir: PathBuf,
    pub decks_dir: PathBuf,
}

/// `dir` as given, or under the crate's source directory when it does not exist as given (so
/// `cargo run` and tests work from any working directory).
pub fn resolve_dir(dir: &Path) -> PathBuf {
    if dir.exists() || dir.is_absolute() {
        return dir.to_path_buf();
    }
    let alt = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    if alt.exists() {
        alt
    } else {
        dir.to_path_buf()
    }
}

impl Catalog {
    pub fn load(cards: &Path, decks: &Path) -> Catalog {
        let mut problems = Vec::new();
        let cards = resolve_dir(cards);
        let decks_dir = resolve_dir(decks);
        let db = match CardDb::load_dir(&cards) {
            Ok(db) => Some(Arc::new(db)),
            Err(e) => {
                problems.push(format!("Cannot load cards from {}:\n{e}", cards.display()));
                None
            }
        };
        let mut decks = Vec::new();
        if let Some(db) = &db {
            match std::fs::read_dir(&decks_dir) {
                Ok(rd) => {
                    let mut files: Vec<PathBuf> = rd
                        .filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| {
                            matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"))
                        })
                        .collect();
                    files.sort();
                    for f in files {
                        let file = f
                            .file_stem()
                            .map(|s| s.to_string_lossy().into_owned())
                            .unwrap_or_default();
                        match Deck::load(&f, db) {
                            Ok(deck) => decks.push(DeckEntry { deck, path: f }),
                            Err(e) => problems.push(format!("Deck {file} is not playable: {e}")),
                        }
                    }
                    if decks.is_empty() {
                        problems.push(format!(
                            "No playable deck in {} (add a deck file, see decks/).",
                            decks_dir.display()
                        ));
                    }
                }
                Err(e) => problems.push(format!(
                    "Cannot read the decks directory {}: {e}",
                    decks_dir.display()
                )),
            }
        }
        let levels = LEVELS
            .iter()
            .filter(|l| parse_agent(l.spec, 0).is_ok())
            .cloned()
            .collect();
        Catalog {
            db,
            decks,
            levels,
            problems,
            cards_dir: cards,
            decks_dir,
        }
    }

    /// True when a game can be started.
    pub fn playable(&self) -> bool {
        self.db.is_some() && !self.decks.is_empty()
    }

    /// The strongest AI available that answers quickly enough for demos.
    pub fn demo_ai(&self) -> &'static str {
        if self.levels.iter().any(|l| l.spec == "greedy") {
            "greedy"
        } else {
            "random"
        }
    }
}
