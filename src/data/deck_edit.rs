//! Deck editing without a window: the draft a deck builder edits (a name, a homeworld and card
//! ids in draw order), its editing operations with undo, validation through the engine's own
//! deck checker ([`Deck::parse`]), statistics (cost curve, classes, population, construction
//! power, draw turns), library filters, and saving as YAML that [`Deck::load`] reads.
//!
//! Saving never overwrites silently and never leaves a half-written file: the text goes to a
//! temporary file in the same directory, which is then linked or renamed into place.
use super::db::{Card, CardDb, CardKind};
use super::deck::Deck;
use super::raw::{Class, RawDeck};
use crate::ids::CardId;
use serde::Deserialize;
use std::io::Write;
use std::path::{Path, PathBuf};

mod stats;
mod text;
pub use stats::{curve_label, draw_turn, draws_per_turn, homeworlds, DeckStats, CURVE_BUCKETS};

/// Cards in the opening hand (O3).
pub const OPENING_HAND: usize = 5;

/// A deck being edited. Card ids are kept as written, so an unknown id from a file stays in its
/// slot and is reported there.
#[derive(Clone, Debug, Default)]
pub struct DeckDraft {
    pub name: String,
    /// One line on the deck's strategy (may be empty).
    pub description: String,
    /// Card id of the homeworld; empty when none is chosen.
    pub homeworld: String,
    /// Draw order: index 0 is the top card.
    pub cards: Vec<String>,
    /// Comment lines at the top of the file (each starting with `#`), kept when saving.
    pub header: String,
    /// The text the draft was opened from (empty for a new deck). Saving patches only what
    /// was edited into it, so every other line — comments included — is kept as written.
    pub source: String,
}

/// Two drafts are equal when they hold the same deck (name, homeworld, cards, header),
/// whatever text they were opened from.
impl PartialEq for DeckDraft {
    fn eq(&self, o: &Self) -> bool {
        (
            &self.name,
            &self.description,
            &self.homeworld,
            &self.cards,
            &self.header,
        ) == (&o.name, &o.description, &o.homeworld, &o.cards, &o.header)
    }
}
impl Eq for DeckDraft {}

/// The deck fields as written, each scalar kept as its text (`1e3`, `0x1F` stay so).
#[derive(Deserialize)]
struct TextDeck {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    homeworld: Option<String>,
    #[serde(default)]
    cards: Option<Vec<String>>,
}

/// A deck file read leniently: the draft, plus notes on what could not be kept.
#[derive(Clone, Debug)]
pub struct Opened {
    pub draft: DeckDraft,
    pub notes: Vec<String>,
}

/// Where a validation problem belongs on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Name,
    Homeworld,
    /// The number of cards.
    Count,
    /// One card slot (0-based draw position).
    Slot(usize),
    Other,
}

/// One problem reported by the engine's deck checker, placed on the builder's layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub place: Place,
    pub message: String,
}

/// The result of checking a draft.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    /// The playable deck, when there are no problems.
    pub deck: Option<Deck>,
    pub problems: Vec<Problem>,
}

impl Checked {
    pub fn at(&self, place: Place) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(move |p| p.place == place)
    }
}

#[derive(Deserialize)]
struct LooseDeck {
    #[serde(default)]
    name: Option<serde_yaml::Value>,
    #[serde(default)]
    description: Option<serde_yaml::Value>,
    #[serde(default)]
    homeworld: Option<serde_yaml::Value>,
    #[serde(default)]
    cards: Option<Vec<serde_yaml::Value>>,
}

fn scalar(v: &serde_yaml::Value) -> Option<String> {
    match v {
        serde_yaml::Value::String(s) => Some(s.clone()),
        serde_yaml::Value::Number(n) => Some(n.to_string()),
        serde_yaml::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

impl DeckDraft {
    /// An empty deck called `name`, with the first homeworld of the database if any.
    pub fn new(name: &str, db: &CardDb) -> DeckDraft {
        let homeworld = homeworlds(db)
            .first()
            .map(|id| db.card(*id).id.clone())
            .unwrap_or_default();
        DeckDraft {
            name: name.to_string(),
            description: String::new(),
            homeworld,
            cards: Vec::new(),
            header: String::new(),
            source: String::new(),
        }
    }

    /// The draft of a checked deck.
    pub fn from_deck(deck: &Deck, db: &CardDb) -> DeckDraft {
        DeckDraft {
            name: deck.name.clone(),
            description: deck.description.clone(),
            homeworld: db.card(deck.homeworld).id.clone(),
            cards: deck.cards.iter().map(|c| db.card(*c).id.clone()).collect(),
            header: String::new(),
            source: String::new(),
        }
    }

    /// Reads deck YAML leniently so that a broken deck can be opened and fixed: unknown ids and
    /// a wrong count are kept (and reported by [`DeckDraft::check`]); anything that cannot be
    /// kept is listed in the notes. Text that is not a YAML mapping is an error.
    pub fn from_yaml(text: &str) -> Result<Opened, String> {
        let mut notes = Vec::new();
        if let Err(e) = serde_yaml::from_str::<RawDeck>(text) {
            // Keep the reason the file does not load as it is (e.g. an unknown field).
            let loose_ok = serde_yaml::from_str::<LooseDeck>(text).is_ok();
            if loose_ok {
                notes.push(format!("As written, the file does not load: {e}"));
            }
        }
        let loose: LooseDeck =
            serde_yaml::from_str(text).map_err(|e| format!("not a deck file: {e}"))?;
        // Scalars as written where the file allows it: `1e3` stays `1e3`, not `1000.0`.
        let description = loose
            .description
            .as_ref()
            .and_then(scalar)
            .unwrap_or_default();
        let (name, homeworld, cards) = match serde_yaml::from_str::<TextDeck>(text) {
            Ok(t) => (
                t.name.unwrap_or_default(),
                t.homeworld.unwrap_or_default(),
                t.cards.unwrap_or_default(),
            ),
            Err(_) => {
                let name = loose.name.as_ref().and_then(scalar).unwrap_or_default();
                let homeworld = loose
                    .homeworld
                    .as_ref()
                    .and_then(scalar)
                    .unwrap_or_default();
                let mut cards = Vec::new();
                for (i, v) in loose.cards.unwrap_or_default().iter().enumerate() {
                    match scalar(v) {
                        Some(s) => cards.push(s),
                        None => notes.push(format!("cards[{i}] is not a card id; it was left out")),
                    }
                }
                (name, homeworld, cards)
            }
        };
        let header = text
            .lines()
            .take_while(|l| l.trim_start().starts_with('#'))
            .map(|l| format!("{}\n", l.trim_end()))
            .collect();
        Ok(Opened {
            draft: DeckDraft {
                name,
                description: description.trim().to_string(),
                homeworld,
                cards,
                header,
                source: text.to_string(),
            },
            notes,
        })
    }

    /// Reads a deck file leniently (see [`DeckDraft::from_yaml`]).
    pub fn open(path: &Path) -> Result<Opened, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Self::from_yaml(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Checks the draft with the engine's deck checker, as if it were saved at `path`, and
    /// places each problem on the builder's layout.
    pub fn check(&self, path: &Path, db: &CardDb) -> Checked {
        let text = self.to_yaml();
        match Deck::parse(path, &text, db) {
            Ok(deck) => Checked {
                deck: Some(deck),
                problems: Vec::new(),
            },
            Err(errs) => {
                let problems = errs
                    .0
                    .into_iter()
                    .map(|e| {
                        let place = match e.field.as_deref() {
                            Some("name" | "description") => Place::Name,
                            Some("homeworld") => Place::Homeworld,
                            Some("cards") => Place::Count,
                            Some(f) => f
                                .strip_prefix("cards[")
                                .and_then(|r| r.strip_suffix(']'))
                                .and_then(|n| n.parse().ok())
                                .map(Place::Slot)
                                .unwrap_or(Place::Other),
                            None => Place::Other,
                        };
                        let mut message = e.message;
                        if place == Place::Homeworld && self.homeworld.trim().is_empty() {
                            message =
                                "choose a homeworld: an asset marked `homeworld: true` (O2)".into();
                        } else if let (Place::Slot(_), Some(card)) = (place, &e.card) {
                            message = format!("{message} `{card}`");
                        }
                        Problem { place, message }
                    })
                    .collect();
                Checked {
                    deck: None,
                    problems,
                }
            }
        }
    }

    /// Inserts `card` at `at` (clamped to the end); returns where it went.
    pub fn insert(&mut self, at: usize, card: &str) -> usize {
        let at = at.min(self.cards.len());
        self.cards.insert(at, card.to_string());
        at
    }

    /// Adds `card` at the bottom of the deck; returns its position.
    pub fn push(&mut self, card: &str) -> usize {
        self.cards.push(card.to_string());
        self.cards.len() - 1
    }

    /// Removes the card at `i`, if there is one.
    pub fn remove(&mut self, i: usize) -> Option<String> {
        (i < self.cards.len()).then(|| self.cards.remove(i))
    }

    /// Puts a copy of the card at `i` right below it; returns the copy's position.
    pub fn duplicate(&mut self, i: usize) -> Option<usize> {
        let c = self.cards.get(i)?.clone();
        self.cards.insert(i + 1, c);
        Some(i + 1)
    }

    /// Moves the card at `from` so that it ends up at position `to` (clamped); returns where it
    /// ended up.
    pub fn move_card(&mut self, from: usize, to: usize) -> Option<usize> {
        if from >= self.cards.len() {
            return None;
        }
        let c = self.cards.remove(from);
        let to = to.min(self.cards.len());
        self.cards.insert(to, c);
        Some(to)
    }

    /// Moves the card at `from` to sit just before the card now at `before` (a drop between
    /// rows; `before == len` is the bottom). Returns where it ended up.
    pub fn move_before(&mut self, from: usize, before: usize) -> Option<usize> {
        let to = if before > from { before - 1 } else { before };
        self.move_card(from, to)
    }

    /// Moves the card at `i` one place toward the top.
    pub fn move_up(&mut self, i: usize) -> Option<usize> {
        (i > 0 && i < self.cards.len()).then(|| {
            self.cards.swap(i, i - 1);
            i - 1
        })
    }

    /// Moves the card at `i` one place toward the bottom.
    pub fn move_down(&mut self, i: usize) -> Option<usize> {
        (i + 1 < self.cards.len()).then(|| {
            self.cards.swap(i, i + 1);
            i + 1
        })
    }

    /// Copies of `card` in the deck (homeworld not counted).
    pub fn count(&self, card: &str) -> usize {
        self.cards.iter().filter(|c| *c == card).count()
    }
}

/// Undo and redo for a draft: snapshots taken before each change.
#[derive(Clone, Debug, Default)]
pub struct History {
    past: Vec<DeckDraft>,
    future: Vec<DeckDraft>,
}

impl History {
    const MAX: usize = 200;

    /// Call before changing `d`.
    pub fn record(&mut self, d: &DeckDraft) {
        if self.past.last() != Some(d) {
            self.past.push(d.clone());
            if self.past.len() > Self::MAX {
                self.past.remove(0);
            }
        }
        self.future.clear();
    }

    pub fn undo(&mut self, d: &mut DeckDraft) -> bool {
        match self.past.pop() {
            Some(p) => {
                self.future.push(std::mem::replace(d, p));
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self, d: &mut DeckDraft) -> bool {
        match self.future.pop() {
            Some(n) => {
                self.past.push(std::mem::replace(d, n));
                true
            }
            None => false,
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }
    pub fn clear(&mut self) {
        self.past.clear();
        self.future.clear();
    }
}

/// Kinds the library can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KindFilter {
    Spacecraft,
    Asset,
    Homeworld,
    Upgrade,
}

/// What the card library shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryFilter {
    /// Case-insensitive part of the name or id.
    pub text: String,
    pub kind: Option<KindFilter>,
    /// A spacecraft's class, or a class an asset builds.
    pub class: Option<Class>,
    pub cost_min: u8,
    pub cost_max: u8,
}

impl Default for LibraryFilter {
    fn default() -> Self {
        LibraryFilter {
            text: String::new(),
            kind: None,
            class: None,
            cost_min: 0,
            cost_max: 60,
        }
    }
}

impl LibraryFilter {
    pub fn matches(&self, c: &Card) -> bool {
        let text = self.text.trim().to_lowercase();
        if !text.is_empty()
            && !c.name.to_lowercase().contains(&text)
            && !c.id.to_lowercase().contains(&text)
        {
            return false;
        }
        if c.construction_cost < self.cost_min || c.construction_cost > self.cost_max {
            return false;
        }
        let home = c.asset().map(|a| a.homeworld).unwrap_or(false);
        let kind_ok = match self.kind {
            None => true,
            Some(KindFilter::Spacecraft) => c.ship().is_some(),
            Some(KindFilter::Asset) => c.asset().is_some() && !home,
            Some(KindFilter::Homeworld) => home,
            Some(KindFilter::Upgrade) => c.upgrade().is_some(),
        };
        let class_ok = match (self.class, &c.kind) {
            (None, _) => true,
            (Some(cl), CardKind::Spacecraft(s)) => s.class == cl,
            (Some(cl), CardKind::Asset(a)) => a.has_factory(cl),
            (Some(_), CardKind::Upgrade(_)) => false,
        };
        kind_ok && class_ok
    }

    /// True when nothing is filtered out.
    pub fn is_default(&self) -> bool {
        *self == LibraryFilter::default()
    }
}

/// The library: matching cards sorted by kind (spacecraft by class), cost, then name.
pub fn library(db: &CardDb, f: &LibraryFilter) -> Vec<CardId> {
    let mut v: Vec<(CardId, &Card)> = db.iter().filter(|(_, c)| f.matches(c)).collect();
    let rank = |c: &Card| match &c.kind {
        CardKind::Spacecraft(s) => s.class as u8,
        CardKind::Asset(a) if a.homeworld => 6,
        CardKind::Asset(_) => 4,
        CardKind::Upgrade(_) => 5,
    };
    v.sort_by(|a, b| {
        (rank(a.1), a.1.construction_cost, &a.1.name).cmp(&(
            rank(b.1),
            b.1.construction_cost,
            &b.1.name,
        ))
    });
    v.into_iter().map(|(id, _)| id).collect()
}

/// A file name for a deck name: lowercase letters, digits and `_`, plus `.yaml`.
pub fn file_name_for(name: &str) -> String {
    let mut s = String::new();
    for c in name.trim().chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('_') && !s.is_empty() {
            s.push('_');
        }
    }
    let s = s.trim_end_matches('_');
    if s.is_empty() {
        "deck.yaml".into()
    } else {
        format!("{s}.yaml")
    }
}

/// Why a save did not happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The file exists and overwriting was not confirmed.
    Exists(PathBuf),
    Io(String),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::Exists(p) => write!(f, "{} already exists", p.display()),
            SaveError::Io(e) => write!(f, "{e}"),
        }
    }
}

/// Writes `text` to `path` atomically: to a temporary file in the same directory, flushed to
/// disk, then moved into place. Without `overwrite` an existing file is never replaced (the
/// temporary file is hard-linked into place, which fails if the name is taken). On any error
/// the temporary file is removed and `path` is untouched.
pub fn save_atomic(path: &Path, text: &str, overwrite: bool) -> Result<(), SaveError> {
    if !overwrite && path.exists() {
        return Err(SaveError::Exists(path.to_path_buf()));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file = path
        .file_name()
        .ok_or_else(|| SaveError::Io(format!("{} is not a file name", path.display())))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        file.to_string_lossy(),
        std::process::id()
    ));
    let io = |what: &str, e: std::io::Error| SaveError::Io(format!("cannot {what}: {e}"));
    let written = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)
            .map_err(|e| io(&format!("write {}", tmp.display()), e))?;
        f.write_all(text.as_bytes())
            .and_then(|_| f.sync_all())
            .map_err(|e| io(&format!("write {}", tmp.display()), e))
    })();
    let placed = written.and_then(|_| {
        if overwrite {
            std::fs::rename(&tmp, path).map_err(|e| io(&format!("replace {}", path.display()), e))
        } else {
            match std::fs::hard_link(&tmp, path) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    Err(SaveError::Exists(path.to_path_buf()))
                }
                // Filesystems without hard links: check, then rename.
                Err(_) if !path.exists() => std::fs::rename(&tmp, path)
                    .map_err(|e| io(&format!("create {}", path.display()), e)),
                Err(_) => Err(SaveError::Exists(path.to_path_buf())),
            }
        }
    });
    let _ = std::fs::remove_file(&tmp);
    placed
}

/// Deck files (`*.yaml`, `*.yml`) in a directory, sorted by name.
pub fn deck_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let rd = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut v: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")))
        .collect();
    v.sort();
    Ok(v)
}

#[cfg(test)]
mod tests;
