//! "How to play": the player's rule book of each game, from the main menu. The books are the
//! repository's `docs/rules/*.md`, built into the program and shown section by section.
mod book;
pub mod callout;
pub mod guide;

use super::theme;
use book::{Block, Book};
use egui_macroquad::egui::{self, RichText};

/// Every game's rule book: (game, Markdown).
pub const BOOKS: &[(&str, &str)] = &[
    ("Orbitals", include_str!("../../../docs/rules/orbitals.md")),
    (
        "Globetrotter",
        include_str!("../../../docs/rules/globetrotter.md"),
    ),
    (
        "Mothership",
        include_str!("../../../docs/rules/mothership.md"),
    ),
    ("RoveR", include_str!("../../../docs/rules/rover.md")),
];

/// The open book and section.
#[derive(Default)]
pub struct HowTo {
    pub open: bool,
    book: usize,
    section: usize,
    cache: Option<(usize, Book)>,
}

impl HowTo {
    /// Opens the window at the start of `game`'s book (its index in [`BOOKS`]).
    pub fn open_at(&mut self, game: usize) {
        self.open = true;
        self.book = game.min(BOOKS.len() - 1);
        self.section = 0;
    }

    fn book(&mut self) -> &Book {
        if self.cache.as_ref().map(|c| c.0) != Some(self.book) {
            self.cache = Some((self.book, book::parse(BOOKS[self.book].1)));
        }
        &self.cache.as_ref().expect("just filled").1
    }

    /// The window, while open.
    pub fn ui(&mut self, ctx: &egui::Context) {
        if !self.open {
            return;
        }
        let mut open = self.open;
        let size = ctx.screen_rect().size();
        let w = (size.x - 80.0).clamp(320.0, 980.0);
        let h = (size.y - 110.0).max(240.0);
        let section = self.section;
        let mut chosen = section;
        let mut book_choice = self.book;
        let book = self.book().clone();
        egui::Window::new("How to play")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .fixed_size([w, h])
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    for (i, (name, _)) in BOOKS.iter().enumerate() {
                        let text = RichText::new(*name).font(theme::bold(15.0));
                        if ui.selectable_label(book_choice == i, text).clicked() {
                            book_choice = i;
                        }
                    }
                });
                ui.separator();
                egui::SidePanel::left("howto-sections")
                    .resizable(false)
                    .exact_width(190.0)
                    .show_inside(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("howto-toc")
                            .show(ui, |ui| {
                                for (i, s) in book.sections.iter().enumerate() {
                                    if ui.selectable_label(i == section, &s.title).clicked() {
                                        chosen = i;
                                    }
                                }
                            });
                    });
                egui::CentralPanel::default().show_inside(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt(("howto", book_choice, section))
                        .auto_shrink([false, false])
                        .show(ui, |ui| {
                            if let Some(s) = book.sections.get(section) {
                                ui.label(RichText::new(&s.title).font(theme::bold(19.0)));
                                ui.add_space(4.0);
                                show_blocks(ui, &s.blocks);
                            }
                        });
                });
            });
        if book_choice != self.book {
            self.book = book_choice;
            self.section = 0;
        } else {
            self.section = chosen;
        }
        self.open = open;
    }
}

fn show_blocks(ui: &mut egui::Ui, blocks: &[Block]) {
    for (i, b) in blocks.iter().enumerate() {
        match b {
            Block::Heading(t) => {
                ui.add_space(6.0);
                ui.label(RichText::new(t).font(theme::bold(15.0)));
            }
            Block::Paragraph(t) => {
                ui.add(egui::Label::new(t).wrap());
            }
            Block::Bullet(t) => {
                ui.add(egui::Label::new(format!("•  {t}")).wrap());
            }
            Block::Code(t) => {
                ui.label(RichText::new(t).monospace());
            }
            Block::Table(rows) => {
                egui::Grid::new(("howto-table", i))
                    .striped(true)
                    .num_columns(rows.first().map(Vec::len).unwrap_or(1))
                    .show(ui, |ui| {
                        for (r, row) in rows.iter().enumerate() {
                            for cell in row {
                                let text = RichText::new(cell);
                                ui.label(if r == 0 { text.strong() } else { text });
                            }
                            ui.end_row();
                        }
                    });
            }
        }
        ui.add_space(4.0);
    }
}

/// The "Glossary" section of a rule book as (term, explanation) pairs: each bullet
/// "**Term** — explanation".
pub fn book_glossary(markdown: &str) -> Vec<(String, String)> {
    let b = book::parse(markdown);
    let Some(section) = b.sections.iter().find(|s| s.title == "Glossary") else {
        return Vec::new();
    };
    section
        .blocks
        .iter()
        .filter_map(|blk| match blk {
            Block::Bullet(t) => t
                .split_once(" — ")
                .map(|(w, e)| (w.trim().to_string(), e.trim().to_string())),
            _ => None,
        })
        .collect()
}
