//! Decks (O2): a homeworld plus exactly 30 cards in draw order, loaded from `decks/*.yaml` and
//! checked against the card database. Decks are never shuffled.
use super::db::CardDb;
use super::locate::{LoadError, LoadErrors, Source};
use super::raw::RawDeck;
use crate::ids::CardId;
use std::path::Path;

/// Cards in a deck, homeworld not counted (O2).
pub const DECK_SIZE: usize = 30;

/// A checked deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    pub name: String,
    /// One line on the deck's strategy (may be empty).
    pub description: String,
    pub homeworld: CardId,
    /// Draw order: index 0 is the top card.
    pub cards: Vec<CardId>,
}

impl Deck {
    /// Reads and checks a deck file.
    pub fn load(path: &Path, db: &CardDb) -> Result<Deck, LoadErrors> {
        let text = crate::kit::guard::read_text(path)
            .map_err(|e| LoadErrors(vec![LoadError::guard(path, e)]))?;
        Self::parse(path, &text, db)
    }

    /// Parses and checks deck YAML text; `path` names it in messages.
    pub fn parse(path: &Path, text: &str, db: &CardDb) -> Result<Deck, LoadErrors> {
        let src = Source { path, text };
        crate::kit::guard::check_text(text)
            .map_err(|e| LoadErrors(vec![LoadError::guard(path, e)]))?;
        let raw: RawDeck =
            serde_yaml::from_str(text).map_err(|e| LoadErrors(vec![src.yaml_error(&e, None)]))?;
        Self::check(&src, &raw, db)
    }

    /// Checks a parsed deck, reporting every problem.
    pub fn check(src: &Source, raw: &RawDeck, db: &CardDb) -> Result<Deck, LoadErrors> {
        let mut errors = Vec::new();
        let homeworld = match db.lookup(&raw.homeworld) {
            Some(id) if db.card(id).asset().map(|a| a.homeworld).unwrap_or(false) => Some(id),
            Some(_) => {
                errors.push(src.error(
                    None,
                    Some("homeworld"),
                    format!(
                        "`{}` is not an asset marked `homeworld: true` (O2)",
                        raw.homeworld
                    ),
                ));
                None
            }
            None => {
                errors.push(src.error(
                    None,
                    Some("homeworld"),
                    format!("unknown card `{}`", raw.homeworld),
                ));
                None
            }
        };
        if raw.name.trim().is_empty() {
            errors.push(src.error(None, Some("name"), "deck name is empty"));
        }
        if raw.description.trim().contains('\n') {
            errors.push(src.error(None, Some("description"), "a deck description is one line"));
        }
        if raw.cards.len() != DECK_SIZE {
            errors.push(src.error(
                None,
                Some("cards"),
                format!(
                    "a deck has exactly {DECK_SIZE} cards plus the homeworld (O2), found {}",
                    raw.cards.len()
                ),
            ));
        }
        let list_line = src.field_pos(None, "cards").map(|p| p.0);
        let mut cards = Vec::with_capacity(raw.cards.len());
        for (i, c) in raw.cards.iter().enumerate() {
            match db.lookup(c) {
                Some(id) if db.card(id).asset().is_some_and(|a| a.homeworld) => {
                    let line = list_line.and_then(|l| item_line(src.text, l, i));
                    errors.push(LoadError {
                        file: src.path.to_path_buf(),
                        line,
                        column: None,
                        card: Some(c.clone()),
                        field: Some(format!("cards[{i}]")),
                        message: "a homeworld card cannot be one of the 30: a deck has exactly \
                                  one homeworld, under `homeworld:` (O2)"
                            .into(),
                    });
                }
                Some(id) => cards.push(id),
                None => {
                    let line = list_line.and_then(|l| item_line(src.text, l, i));
                    errors.push(LoadError {
                        file: src.path.to_path_buf(),
                        line,
                        column: None,
                        card: Some(c.clone()),
                        field: Some(format!("cards[{i}]")),
                        message: "unknown card id".into(),
                    });
                }
            }
        }
        match (errors.is_empty(), homeworld) {
            (true, Some(homeworld)) => Ok(Deck {
                name: raw.name.clone(),
                description: raw.description.trim().to_string(),
                homeworld,
                cards,
            }),
            _ => Err(LoadErrors(errors)),
        }
    }

    /// Writes the deck back as YAML in the format [`Deck::parse`] reads.
    pub fn to_yaml(&self, db: &CardDb) -> String {
        let raw = RawDeck {
            name: self.name.clone(),
            description: self.description.clone(),
            homeworld: db.card(self.homeworld).id.clone(),
            cards: self.cards.iter().map(|c| db.card(*c).id.clone()).collect(),
        };
        serde_yaml::to_string(&raw).unwrap_or_default()
    }
}

/// 1-based line of the `i`-th item of the list whose key is on line `list_line` (1-based): a
/// block list (`- item` lines) or a flow list (`[a, b, …]`, possibly over several lines). Falls
/// back to the key's own line, so that every problem has a line.
fn item_line(text: &str, list_line: usize, i: usize) -> Option<usize> {
    let key = text.lines().nth(list_line.checked_sub(1)?)?;
    let after_key = key
        .split_once(':')
        .map(|(_, v)| v.trim_start())
        .unwrap_or("");
    if after_key.starts_with('[') {
        // Flow list: count top-level commas from the `[` on.
        let mut seen = 0usize;
        let mut depth = 0i32;
        let start = key.len() - after_key.len();
        for (n, line) in text.lines().enumerate().skip(list_line - 1) {
            let from = if n + 1 == list_line { start } else { 0 };
            for ch in line[from..].chars() {
                match ch {
                    '[' => depth += 1,
                    ']' => {
                        depth -= 1;
                        if depth <= 0 {
                            return Some(list_line);
                        }
                    }
                    ',' if depth == 1 => seen += 1,
                    '#' => break,
                    _ => {}
                }
                if seen == i && depth == 1 && !ch.is_whitespace() && ch != ',' && ch != '[' {
                    return Some(n + 1);
                }
            }
        }
        return Some(list_line);
    }
    text.lines()
        .enumerate()
        .skip(list_line)
        .filter(|(_, l)| l.trim_start().starts_with("- "))
        .nth(i)
        .map(|(n, _)| n + 1)
        .or(Some(list_line))
}
