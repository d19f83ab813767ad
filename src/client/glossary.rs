//! Keyword explanations for hovers: one table per game, read from the "Glossary" section of that
//! game's rule book (`docs/rules/*.md`, built in through [`super::howto::BOOKS`]), so the words a
//! hover explains and the words the book defines are the same. Every tooltip that wants to explain
//! its keywords asks here: [`footer`] for popups that cannot be hovered themselves, [`explain`] /
//! [`hover_text`] for labels and buttons.
use super::howto::{book_glossary, BOOKS};
use super::theme;
use super::words::capital;
use egui_macroquad::egui::{self, RichText};
use std::sync::OnceLock;

/// Which game's glossary (an index into [`BOOKS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Book {
    Orbitals,
    Globetrotter,
}

impl Book {
    fn index(self) -> usize {
        match self {
            Book::Orbitals => 0,
            Book::Globetrotter => 1,
        }
    }
}

/// One glossary entry: the word as the book writes it, and its explanation.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    pub word: String,
    pub text: String,
}

/// The glossary of `book`, read once.
pub fn terms(book: Book) -> &'static [Term] {
    static TABLES: OnceLock<Vec<Vec<Term>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        BOOKS
            .iter()
            .map(|(_, md)| {
                book_glossary(md)
                    .into_iter()
                    .map(|(word, text)| Term { word, text })
                    .collect()
            })
            .collect()
    });
    tables.get(book.index()).map(Vec::as_slice).unwrap_or(&[])
}

/// The explanation of `word` (any case), if the glossary has it.
pub fn explain(book: Book, word: &str) -> Option<&'static str> {
    terms(book)
        .iter()
        .find(|t| t.word.eq_ignore_ascii_case(word))
        .map(|t| t.text.as_str())
}

/// Whether `word` occurs in `text` as a whole word (any case; a plural "s" allowed).
fn mentions(text: &str, word: &str) -> bool {
    let (t, w) = (text.to_lowercase(), word.to_lowercase());
    let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-');
    let mut from = 0;
    while let Some(i) = t[from..].find(&w).map(|i| i + from) {
        let before = t[..i].chars().next_back();
        let mut after = t[i + w.len()..].chars();
        let next = after.next();
        let next = if next == Some('s') {
            after.next()
        } else {
            next
        };
        if !is_word(before) && !is_word(next) {
            return true;
        }
        from = i + w.len();
    }
    false
}

/// The glossary terms `text` uses, in glossary order. A longer term hides the shorter ones it
/// contains ("Transfer cost" hides nothing else, "Construction power" hides "Construction").
pub fn mentioned(book: Book, text: &str) -> Vec<&'static Term> {
    let found: Vec<&Term> = terms(book)
        .iter()
        .filter(|t| mentions(text, &t.word))
        .collect();
    found
        .iter()
        .filter(|t| {
            !found.iter().any(|o| {
                o.word.len() > t.word.len()
                    && o.word.to_lowercase().contains(&t.word.to_lowercase())
            })
        })
        .copied()
        .collect()
}

/// "Word: explanation" lines for the terms `text` uses, or `None` when it uses none.
pub fn hover_text(book: Book, text: &str) -> Option<String> {
    let lines: Vec<String> = mentioned(book, text)
        .iter()
        .map(|t| format!("{}: {}", t.word, t.text))
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// Adds the explanations of the terms in `text` as the hover text of `resp`.
pub fn on_hover(resp: egui::Response, book: Book, text: &str) -> egui::Response {
    match hover_text(book, text) {
        Some(h) => resp.on_hover_text(h),
        None => resp,
    }
}

/// A label that explains its keywords when hovered (underlined dots mark that it does).
pub fn label(ui: &mut egui::Ui, book: Book, text: impl Into<RichText>) -> egui::Response {
    let rich: RichText = text.into();
    let plain = rich.text().to_string();
    let hover = hover_text(book, &plain);
    let resp = ui.add(egui::Label::new(rich).sense(egui::Sense::hover()));
    match hover {
        Some(h) => resp.on_hover_text(h),
        None => resp,
    }
}

/// The explanations of `words` at the bottom of a popup (hovers over the table cannot be hovered
/// in turn, so they explain their keywords themselves). Words the glossary lacks are skipped.
pub fn footer(ui: &mut egui::Ui, book: Book, words: &[&str]) {
    let known: Vec<(&str, &str)> = words
        .iter()
        .filter_map(|w| explain(book, w).map(|e| (*w, e)))
        .collect();
    if known.is_empty() || !super::settings::get().explain_words {
        return;
    }
    ui.add_space(3.0);
    ui.separator();
    for (w, e) in known {
        ui.label(
            RichText::new(format!("{}: {e}", capital(w)))
                .small()
                .color(theme::egui_color(theme::TEXT_DIM)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_game_glossary_has_the_newcomer_words() {
        for w in [
            "Delta-vee",
            "dv",
            "Orbital",
            "Transfer cost",
            "Tapped",
            "Debris",
            "Population",
            "Construction points",
            "Upkeep",
            "Maneuvers",
            "Research",
            "Repair",
            "Construction",
            "End of turn",
        ] {
            assert!(explain(Book::Orbitals, w).is_some(), "{w}");
        }
        assert!(explain(Book::Globetrotter, "Fortification").is_some());
        assert!(terms(Book::Orbitals).iter().all(|t| !t.text.contains("**")));
    }

    #[test]
    fn words_are_found_whole_and_longer_terms_win() {
        assert!(mentions("Transfer to Terra (3 dv)", "dv"));
        assert!(!mentions("advance", "dv"));
        assert!(mentions("two orbitals up", "orbital"));
        let m: Vec<&str> = mentioned(Book::Orbitals, "Transfer cost now 2; construction power 3")
            .iter()
            .map(|t| t.word.as_str())
            .collect();
        assert!(m.contains(&"Transfer cost"), "{m:?}");
        assert!(m.contains(&"Construction power"), "{m:?}");
        assert!(!m.contains(&"Construction"), "{m:?}");
        assert!(hover_text(Book::Orbitals, "nothing to see").is_none());
    }
}
