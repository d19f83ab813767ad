//! The deck builder screen: the card library on the left, the deck in draw order in the middle,
//! the large card preview and the deck's statistics on the right, and a tool bar for files and
//! play.
//!
//! This module owns the builder's state and lays the screen out; the editing, checking and
//! saving logic lives in [`crate::data::deck_edit`] (testable without a window). Validation
//! always comes from the engine's deck checker.
mod decklist;
mod files;
mod homeworld;
mod library;
mod preview;
mod stats;

use super::catalog::Catalog;
use super::game::{Seat, SeatKind, Setup};
use super::theme;
use super::ClientError;
use crate::data::deck_edit::{Checked, DeckDraft, DeckStats, History, LibraryFilter};
use crate::data::CardDb;
use crate::ids::CardId;
use egui_macroquad::egui::{self, RichText};
use files::Dialog;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What the builder asks the application to do.
pub enum BuilderAction {
    /// Back to the main menu.
    Menu,
    /// Start a game with this setup.
    Play(Setup),
    /// Close the window.
    Quit,
}

/// What is being dragged: a deck slot (to reorder) or a library card (to insert).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Drag {
    Slot(usize),
    Card(CardId),
}

/// The builder's state.
pub struct DeckBuilder {
    db: Option<Arc<CardDb>>,
    decks_dir: PathBuf,
    draft: DeckDraft,
    history: History,
    /// The draft as last opened or saved (unsaved changes differ from it).
    saved: DeckDraft,
    /// The file the deck was opened from or saved to.
    path: Option<PathBuf>,
    /// Selected deck slot.
    selected: Option<usize>,
    /// Scroll the deck list to the selected slot (after a keyboard move).
    reveal: bool,
    /// Card shown in the preview.
    focus: Option<CardId>,
    /// Card under the pointer in the last frame (previewed while hovered), and in this one.
    hover: Option<CardId>,
    hover_next: Option<CardId>,
    filter: LibraryFilter,
    checked: Checked,
    stats: DeckStats,
    checked_for: Option<DeckDraft>,
    dialog: Option<Dialog>,
    /// Last message for the status bar, and whether it is an error.
    status: Option<(String, bool)>,
    /// What could not be kept when the file was opened.
    notes: Vec<String>,
    /// Opponent for "Play this deck": AI level and deck (indexes into the catalog).
    play_level: usize,
    play_deck: usize,
    action: Option<BuilderAction>,
    /// The names of the deck folder's decks when the builder opened, with their files.
    taken: Vec<(String, PathBuf)>,
}

impl DeckBuilder {
    /// A builder with a new, empty deck; or with `file` open when given.
    pub fn new(cat: &Catalog, file: Option<&Path>) -> DeckBuilder {
        let db = cat.db.clone();
        let draft = match &db {
            Some(db) => DeckDraft::new("New deck", db),
            None => DeckDraft::default(),
        };
        let level = cat
            .levels
            .iter()
            .position(|l| l.spec == cat.demo_ai())
            .unwrap_or(0);
        let mut b = DeckBuilder {
            db,
            decks_dir: cat.decks_dir.clone(),
            saved: draft.clone(),
            draft,
            history: History::default(),
            path: None,
            selected: None,
            reveal: false,
            focus: None,
            hover: None,
            hover_next: None,
            filter: LibraryFilter::default(),
            checked: Checked::default(),
            stats: DeckStats::default(),
            checked_for: None,
            dialog: None,
            status: None,
            notes: Vec::new(),
            play_level: level,
            play_deck: 0,
            action: None,
            taken: cat
                .decks
                .iter()
                .map(|e| (e.deck.name.clone(), e.path.clone()))
                .collect(),
        };
        if b.db.is_none() {
            b.status = Some((cat.problems.join("\n"), true));
        }
        if let Some(f) = file {
            b.open_file(f);
        }
        b
    }

    /// The file shown in the title: its name, or "unsaved".
    fn file_label(&self) -> String {
        self.path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| "not saved yet".into())
    }

    fn dirty(&self) -> bool {
        self.draft != self.saved
    }

    /// True when closing the window would lose changes.
    pub fn unsaved(&self) -> bool {
        self.db.is_some() && self.dirty()
    }

    /// The window is being closed: ask about unsaved changes first.
    /// Another deck file already called what this deck is called (the menu could not tell
    /// them apart).
    pub fn name_taken_by(&self) -> Option<&Path> {
        let name = self.draft.name.trim();
        let mine = self.path.as_deref().and_then(|p| p.canonicalize().ok());
        self.taken
            .iter()
            .filter(|(n, _)| n.trim().eq_ignore_ascii_case(name))
            .map(|(_, p)| p.as_path())
            .find(|p| p.canonicalize().ok() != mine || mine.is_none())
    }

    pub fn ask_quit(&mut self) {
        files::step(self, files::Pending::Quit);
    }

    /// Call before every change to the draft (for undo).
    fn record(&mut self) {
        self.history.record(&self.draft);
    }

    fn say(&mut self, msg: impl Into<String>, error: bool) {
        self.status = Some((msg.into(), error));
    }

    /// Re-checks the draft and recomputes statistics when it changed.
    fn refresh(&mut self) {
        if self.checked_for.as_ref() == Some(&self.draft) {
            return;
        }
        if let Some(db) = &self.db {
            let path = self
                .path
                .clone()
                .unwrap_or_else(|| self.decks_dir.join("new_deck.yaml"));
            self.checked = self.draft.check(&path, db);
            self.stats = DeckStats::compute(&self.draft, db);
        }
        if let Some(s) = self.selected {
            if s >= self.draft.cards.len() {
                self.selected = self.draft.cards.len().checked_sub(1);
            }
        }
        self.checked_for = Some(self.draft.clone());
    }

    /// The game setup for "Play this deck", if the deck is playable.
    fn setup(&self, cat: &Catalog) -> Result<Setup, ClientError> {
        let db = self.db.clone().ok_or(ClientError::NoCardDatabase)?;
        let mine = self.checked.deck.clone().ok_or(ClientError::DeckProblems)?;
        let level = cat.levels.get(self.play_level).ok_or(ClientError::NoAi)?;
        let theirs = match cat.decks.get(self.play_deck) {
            Some(e) => e.deck.clone(),
            None => mine.clone(),
        };
        Ok(Setup {
            db,
            decks: vec![mine, theirs],
            seats: vec![
                Seat {
                    kind: SeatKind::Human,
                    name: "You".into(),
                },
                Seat {
                    kind: SeatKind::Ai(level.spec.into()),
                    name: "AI".into(),
                },
            ],
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(7),
        })
    }
}

/// Draws the builder and handles its input; returns what the application should do.
pub fn ui(ctx: &egui::Context, b: &mut DeckBuilder, cat: &Catalog) -> Option<BuilderAction> {
    b.refresh();
    b.hover = b.hover_next.take();
    files::toolbar(ctx, b, cat);
    egui::TopBottomPanel::bottom("deck-status")
        .exact_height(26.0)
        .show(ctx, |ui| status_bar(ui, b));
    let db = b.db.clone();
    let Some(db) = db else {
        egui::CentralPanel::default().show(ctx, |ui| {
            ui.label(RichText::new("The card database did not load.").font(theme::bold(18.0)));
        });
        files::dialogs(ctx, b, cat);
        return b.action.take();
    };
    let w = ctx.screen_rect().width();
    egui::SidePanel::left("deck-library")
        .resizable(false)
        .exact_width((w * 0.26).clamp(280.0, 380.0))
        .show(ctx, |ui| library::show(ui, b, &db));
    egui::SidePanel::right("deck-side")
        .resizable(false)
        .exact_width((w * 0.27).clamp(300.0, 400.0))
        .show(ctx, |ui| {
            preview::show(ui, b, &db);
            ui.separator();
            stats::show(ui, b, &db);
            if ui.available_height() > 90.0 {
                ui.separator();
                files::yaml_view(ui, b);
            }
        });
    egui::CentralPanel::default()
        .frame(
            egui::Frame::central_panel(&ctx.style())
                .fill(theme::egui_color(super::paint::fade(theme::BG, 0.78))),
        )
        .show(ctx, |ui| decklist::show(ui, b, &db));
    drag_ghost(ctx, b, &db);
    files::dialogs(ctx, b, cat);
    if b.dialog.is_none() && !ctx.wants_keyboard_input() {
        keys(ctx, b);
    }
    b.action.take()
}

/// A small square button painted at `rect` (rows lay out by hand; `Ui::put` would move the
/// cursor).
fn icon_button(
    ui: &mut egui::Ui,
    rect: egui::Rect,
    id: egui::Id,
    text: &str,
    enabled: bool,
) -> egui::Response {
    let sense = if enabled {
        egui::Sense::click()
    } else {
        egui::Sense::hover()
    };
    let r = ui.interact(rect, id, sense);
    let v = if !enabled {
        &ui.visuals().widgets.noninteractive
    } else if r.is_pointer_button_down_on() {
        &ui.visuals().widgets.active
    } else if r.hovered() {
        &ui.visuals().widgets.hovered
    } else {
        &ui.visuals().widgets.inactive
    };
    let p = ui.painter();
    p.rect_filled(rect, 4.0, v.weak_bg_fill);
    let c = if enabled {
        theme::egui_color(theme::TEXT)
    } else {
        theme::egui_color(theme::TEXT_FAINT)
    };
    p.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(14.0),
        c,
    );
    r
}

/// The card under the pointer while a drag is under way.
fn drag_ghost(ctx: &egui::Context, b: &DeckBuilder, db: &CardDb) {
    let Some(drag) = egui::DragAndDrop::payload::<Drag>(ctx) else {
        return;
    };
    let Some(pos) = ctx.pointer_interact_pos() else {
        return;
    };
    let name = match *drag {
        Drag::Card(id) => db.card(id).name.clone(),
        Drag::Slot(i) => match b.draft.cards.get(i) {
            Some(id) => db
                .lookup(id)
                .map(|c| db.card(c).name.clone())
                .unwrap_or_else(|| id.clone()),
            None => return,
        },
    };
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Tooltip,
        egui::Id::new("deck-drag-ghost"),
    ));
    let galley = painter.layout_no_wrap(name, theme::bold(14.0), theme::egui_color(theme::TEXT));
    let r = egui::Rect::from_min_size(pos + egui::vec2(14.0, 4.0), galley.size())
        .expand2(egui::vec2(8.0, 4.0));
    painter.rect_filled(r, 4.0, theme::egui_color(theme::hex(0x2f5fa8)));
    painter.galley(r.min + egui::vec2(8.0, 4.0), galley, egui::Color32::WHITE);
}

fn status_bar(ui: &mut egui::Ui, b: &DeckBuilder) {
    ui.horizontal_centered(|ui| match &b.status {
        Some((msg, err)) => {
            let c = if *err { theme::BAD } else { theme::GOOD };
            ui.label(RichText::new(msg.lines().next().unwrap_or("")).color(theme::egui_color(c)));
        }
        None => {
            ui.label(
                RichText::new(
                    "Drag cards to reorder or add · Del removes · Ctrl+D duplicates · \
                     Alt+↑/↓ moves · Ctrl+Z / Ctrl+Y undo, redo · Ctrl+S saves",
                )
                .small()
                .color(theme::egui_color(theme::TEXT_DIM)),
            );
        }
    });
}

/// Keyboard shortcuts on the deck (when no text field has focus).
fn keys(ctx: &egui::Context, b: &mut DeckBuilder) {
    use egui::{Key, Modifiers};
    let (undo, redo, save, dup, del, up, down, sel_up, sel_down) = ctx.input_mut(|i| {
        (
            i.consume_key(Modifiers::COMMAND, Key::Z),
            i.consume_key(Modifiers::COMMAND, Key::Y)
                || i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z),
            i.consume_key(Modifiers::COMMAND, Key::S),
            i.consume_key(Modifiers::COMMAND, Key::D),
            i.consume_key(Modifiers::default(), Key::Delete),
            i.consume_key(Modifiers::ALT, Key::ArrowUp),
            i.consume_key(Modifiers::ALT, Key::ArrowDown),
            i.consume_key(Modifiers::default(), Key::ArrowUp),
            i.consume_key(Modifiers::default(), Key::ArrowDown),
        )
    });
    if undo {
        decklist::undo(b);
    }
    if redo {
        decklist::redo(b);
    }
    if save {
        files::save(b);
    }
    if let Some(s) = b.selected {
        if dup {
            decklist::edit(b, |d| d.duplicate(s));
        }
        if del {
            decklist::edit(b, |d| d.remove(s).map(|_| s));
        }
        if up {
            decklist::edit(b, |d| d.move_up(s));
        }
        if down {
            decklist::edit(b, |d| d.move_down(s));
        }
    }
    let n = b.draft.cards.len();
    if n > 0 && (sel_up || sel_down) {
        let s = match (b.selected, sel_up) {
            (None, _) => 0,
            (Some(s), true) => s.saturating_sub(1),
            (Some(s), false) => (s + 1).min(n - 1),
        };
        decklist::select(b, s);
    }
    if up || down || sel_up || sel_down {
        b.reveal = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Deck;

    fn catalog() -> Catalog {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        Catalog::load(&root.join("cards"), &root.join("decks"))
    }

    #[test]
    fn opened_deck_is_checked_and_playable() {
        let cat = catalog();
        let file = cat.decks_dir.join("bastion.yaml");
        let mut b = DeckBuilder::new(&cat, Some(&file));
        b.refresh();
        assert!(b.checked.problems.is_empty(), "{:?}", b.checked.problems);
        assert!(!b.dirty());
        let setup = b.setup(&cat).unwrap();
        let db = cat.db.as_ref().unwrap();
        assert_eq!(setup.decks[0], Deck::load(&file, db).unwrap());
        assert_eq!(setup.seats[0].kind, SeatKind::Human);
        assert!(matches!(setup.seats[1].kind, SeatKind::Ai(_)));
    }

    #[test]
    fn a_new_deck_is_not_playable_until_full() {
        let cat = catalog();
        let mut b = DeckBuilder::new(&cat, None);
        b.refresh();
        assert!(b.setup(&cat).is_err());
        let db = cat.db.clone().unwrap();
        let wasp = db.lookup("wasp").unwrap();
        for _ in 0..30 {
            library::add_card(&mut b, &db, wasp);
        }
        b.refresh();
        assert!(b.checked.deck.is_some(), "{:?}", b.checked.problems);
        assert!(b.dirty());
        decklist::undo(&mut b);
        b.refresh();
        assert_eq!(b.draft.cards.len(), 29);
        assert!(b.checked.at(crate::data::deck_edit::Place::Count).count() == 1);
    }

    #[test]
    fn save_as_asks_before_replacing_a_file() {
        let cat = catalog();
        let dir = std::env::temp_dir().join(format!("orbitals-builder-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut b = DeckBuilder::new(&cat, Some(&cat.decks_dir.join("swarm.yaml")));
        let target = dir.join("swarm.yaml");
        std::fs::write(&target, "keep me").unwrap();
        b.draft.name = "Swarm II".into();
        files::write(&mut b, &target, false);
        assert!(matches!(&b.dialog, Some(Dialog::Overwrite(p)) if *p == target));
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
        assert!(b.dirty());
        files::write(&mut b, &target, true);
        assert!(!b.dirty());
        assert_eq!(b.path.as_deref(), Some(target.as_path()));
        let db = cat.db.as_ref().unwrap();
        assert_eq!(Deck::load(&target, db).unwrap().name, "Swarm II");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
