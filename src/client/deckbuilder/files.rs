//! The builder's tool bar and its file dialogs: new, open, save, save as (with an overwrite
//! confirmation), "discard unsaved changes?" and the "Play this deck" window; and the deck's
//! YAML as it will be saved. Files are written with [`save_atomic`]; nothing is ever
//! overwritten without asking.
use super::{BuilderAction, DeckBuilder};
use crate::client::catalog::Catalog;
use crate::client::theme::{self, hex};
use crate::client::ClientError;
use crate::data::deck_edit::{deck_files, file_name_for, save_atomic, DeckDraft, SaveError};
use egui_macroquad::egui::{self, RichText};
use std::path::{Path, PathBuf};

/// An open dialog window.
pub enum Dialog {
    Open {
        files: Vec<FileEntry>,
        error: Option<String>,
    },
    SaveAs {
        file_name: String,
        error: Option<String>,
    },
    /// The file exists: replace it?
    Overwrite(PathBuf),
    /// Unsaved changes would be lost by this step.
    Discard(Pending),
    Play,
}

/// A step waiting for "discard unsaved changes?".
pub enum Pending {
    New,
    Open(PathBuf),
    Menu,
    Quit,
}

/// A deck file offered by the open dialog.
pub struct FileEntry {
    path: PathBuf,
    label: String,
}

fn button(text: &str) -> egui::Button<'static> {
    egui::Button::new(RichText::new(text.to_string()).size(14.0))
}

/// The tool bar at the top: menu, file commands, undo, the deck's state and Play.
pub fn toolbar(ctx: &egui::Context, b: &mut DeckBuilder, cat: &Catalog) {
    egui::TopBottomPanel::top("deck-toolbar")
        .exact_height(44.0)
        .show(ctx, |ui| {
            ui.horizontal_centered(|ui| {
                if ui.add(button("◀ Menu")).clicked() {
                    step(b, Pending::Menu);
                }
                ui.separator();
                ui.label(RichText::new("Deck builder").font(theme::bold(18.0)));
                let dirty = if b.dirty() { " •" } else { "" };
                ui.label(
                    RichText::new(format!("{}{dirty}", b.file_label()))
                        .color(theme::egui_color(theme::TEXT_DIM)),
                )
                .on_hover_text("• means unsaved changes");
                ui.separator();
                let has_db = b.db.is_some();
                if ui.add_enabled(has_db, button("New")).clicked() {
                    step(b, Pending::New);
                }
                if ui.add_enabled(has_db, button("Open…")).clicked() {
                    b.dialog = Some(open_dialog(&b.decks_dir));
                }
                if ui.add_enabled(has_db, button("Save")).clicked() {
                    save(b);
                }
                if ui.add_enabled(has_db, button("Save as…")).clicked() {
                    save_as(b);
                }
                ui.separator();
                if ui
                    .add_enabled(b.history.can_undo(), button("↶"))
                    .on_hover_text("Undo (Ctrl+Z)")
                    .clicked()
                {
                    super::decklist::undo(b);
                }
                if ui
                    .add_enabled(b.history.can_redo(), button("↷"))
                    .on_hover_text("Redo (Ctrl+Y)")
                    .clicked()
                {
                    super::decklist::redo(b);
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let ok = b.checked.deck.is_some();
                    let play = egui::Button::new(
                        RichText::new("▶ Play this deck").font(theme::bold(15.0)),
                    )
                    .fill(theme::egui_color(hex(0x1f7a55)));
                    let r = ui.add_enabled(ok && !cat.levels.is_empty(), play);
                    if r.clicked() {
                        b.dialog = Some(Dialog::Play);
                    }
                    r.on_disabled_hover_text("The deck has problems: see the deck list.");
                    let (text, c) = if ok {
                        ("✔ Playable".to_string(), theme::GOOD)
                    } else {
                        let n = b.checked.problems.len();
                        (
                            format!("✖ {n} problem{}", if n == 1 { "" } else { "s" }),
                            theme::BAD,
                        )
                    };
                    ui.label(RichText::new(text).color(theme::egui_color(c)).strong());
                });
            });
        });
}

/// Runs `p`, asking first if unsaved changes would be lost.
pub fn step(b: &mut DeckBuilder, p: Pending) {
    if b.dirty() && b.db.is_some() {
        b.dialog = Some(Dialog::Discard(p));
    } else {
        run(b, p);
    }
}

fn run(b: &mut DeckBuilder, p: Pending) {
    b.dialog = None;
    match p {
        Pending::Menu => b.action = Some(BuilderAction::Menu),
        Pending::Quit => b.action = Some(BuilderAction::Quit),
        Pending::New => {
            if let Some(db) = &b.db {
                b.draft = DeckDraft::new("New deck", db);
                b.saved = b.draft.clone();
                b.path = None;
                b.history.clear();
                b.selected = None;
                b.notes.clear();
                b.say("New deck: add 30 cards from the library.", false);
            }
        }
        Pending::Open(path) => b.open_file(&path),
    }
}

impl DeckBuilder {
    /// Opens a deck file; problems with it are shown, never fatal.
    pub fn open_file(&mut self, path: &Path) {
        match DeckDraft::open(path) {
            Ok(o) => {
                self.draft = o.draft;
                self.saved = self.draft.clone();
                self.path = Some(path.to_path_buf());
                self.history.clear();
                self.notes = o.notes;
                self.selected = (!self.draft.cards.is_empty()).then_some(0);
                self.focus = self
                    .db
                    .as_ref()
                    .and_then(|db| db.lookup(self.draft.cards.first()?));
                self.checked_for = None;
                self.say(format!("Opened {}", path.display()), false);
            }
            Err(e) => self.say(e.to_string(), true),
        }
    }
}

fn open_dialog(dir: &Path) -> Dialog {
    match deck_files(dir) {
        Ok(paths) => {
            let files = paths
                .into_iter()
                .map(|p| {
                    let file = p
                        .file_name()
                        .map(|f| f.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    let label = match DeckDraft::open(&p) {
                        Ok(o) => {
                            format!("{}  ({file}, {} cards)", o.draft.name, o.draft.cards.len())
                        }
                        Err(_) => format!("{file}  (unreadable)"),
                    };
                    FileEntry { path: p, label }
                })
                .collect();
            Dialog::Open { files, error: None }
        }
        Err(e) => Dialog::Open {
            files: Vec::new(),
            error: Some(e),
        },
    }
}

fn save_as(b: &mut DeckBuilder) {
    let file_name = b
        .path
        .as_ref()
        .and_then(|p| p.file_name())
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| file_name_for(&b.draft.name));
    b.dialog = Some(Dialog::SaveAs {
        file_name,
        error: None,
    });
}

/// Saves to the file the deck was opened from or last saved to (replacing it is what "Save"
/// means); a deck without a file asks for a name, and never replaces another file silently.
pub fn save(b: &mut DeckBuilder) {
    match b.path.clone() {
        Some(p) => write(b, &p, true),
        None => save_as(b),
    }
}

pub(super) fn write(b: &mut DeckBuilder, path: &Path, overwrite: bool) {
    let text = b.draft.to_yaml();
    match save_atomic(path, &text, overwrite) {
        Ok(()) => {
            b.path = Some(path.to_path_buf());
            b.saved = b.draft.clone();
            b.dialog = None;
            let note = if b.checked.deck.is_some() {
                ""
            } else {
                " (it has problems: the game will not load it until they are fixed)"
            };
            b.say(format!("Saved {}{note}", path.display()), false);
        }
        Err(SaveError::Exists(p)) => b.dialog = Some(Dialog::Overwrite(p)),
        Err(e) => {
            b.dialog = None;
            b.say(format!("Not saved: {e}"), true);
        }
    }
}

/// Checks a file name typed in the save dialog: a plain name in the decks directory.
fn target(dir: &Path, name: &str) -> Result<PathBuf, ClientError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(ClientError::NoFileName);
    }
    if name.contains(['/', '\\']) || name.starts_with('.') {
        return Err(ClientError::NotPlainFileName);
    }
    let file = if name.ends_with(".yaml") || name.ends_with(".yml") {
        name.to_string()
    } else {
        format!("{name}.yaml")
    };
    Ok(dir.join(file))
}

/// The deck file exactly as "Save" writes it, for people who edit decks by hand.
pub fn yaml_view(ui: &mut egui::Ui, b: &DeckBuilder) {
    let text = b.draft.to_yaml();
    ui.horizontal(|ui| {
        ui.label(RichText::new("Deck file").font(theme::bold(14.0)));
        ui.label(
            RichText::new("YAML, as saved")
                .small()
                .color(theme::egui_color(theme::TEXT_DIM)),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.small_button("Copy").clicked() {
                ui.ctx().copy_text(text.clone());
            }
        });
    });
    egui::Frame::new()
        .fill(theme::egui_color(hex(0x0c1322)))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::same(6))
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("deck-yaml")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.label(
                        RichText::new(text)
                            .monospace()
                            .size(11.5)
                            .color(theme::egui_color(theme::TEXT_DIM)),
                    );
                });
        });
}

/// A modal dialog with a title; returns true when it should close (Escape, a click outside).
fn modal(ctx: &egui::Context, title: &str, body: impl FnOnce(&mut egui::Ui)) -> bool {
    egui::Modal::new(egui::Id::new(("deck-dialog", title)))
        .show(ctx, |ui| {
            ui.set_width(420.0);
            ui.spacing_mut().item_spacing.y = 10.0;
            ui.label(RichText::new(title).font(theme::bold(18.0)));
            ui.add_space(4.0);
            body(ui);
        })
        .should_close()
}

/// Shows the open dialog, if any.
pub fn dialogs(ctx: &egui::Context, b: &mut DeckBuilder, cat: &Catalog) {
    let Some(mut d) = b.dialog.take() else {
        return;
    };
    let (mut keep, mut close) = (true, false);
    match &mut d {
        Dialog::Open { files, error } => {
            close |= modal(ctx, "Open a deck", |ui| {
                ui.label(format!("Deck files in {}", b.decks_dir.display()));
                if let Some(e) = error {
                    ui.colored_label(theme::egui_color(theme::BAD), e.as_str());
                }
                egui::ScrollArea::vertical()
                    .max_height(320.0)
                    .show(ui, |ui| {
                        for f in files.iter() {
                            let w = ui.available_width();
                            if ui
                                .add_sized([w, 26.0], egui::Button::new(&f.label))
                                .clicked()
                            {
                                let p = f.path.clone();
                                keep = false;
                                step(b, Pending::Open(p));
                            }
                        }
                        if files.is_empty() {
                            ui.label(RichText::new("No deck files.").weak());
                        }
                    });
                if ui.button("Cancel").clicked() {
                    keep = false;
                }
            });
        }
        Dialog::SaveAs { file_name, error } => {
            close |= modal(ctx, "Save deck as", |ui| {
                ui.label(format!("File name in {}", b.decks_dir.display()));
                let r = ui.add(egui::TextEdit::singleline(file_name).desired_width(f32::INFINITY));
                r.request_focus();
                if let Some(e) = error {
                    ui.colored_label(theme::egui_color(theme::BAD), e.as_str());
                }
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() || enter {
                        match target(&b.decks_dir, file_name) {
                            Ok(p) => {
                                keep = false;
                                write(b, &p, false);
                            }
                            Err(e) => *error = Some(e.to_string()),
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        keep = false;
                    }
                });
            });
        }
        Dialog::Overwrite(p) => {
            close |= modal(ctx, "Replace the file?", |ui| {
                ui.label(format!(
                    "{} already exists. Replace it with this deck?",
                    p.display()
                ));
                ui.horizontal(|ui| {
                    let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                    let replace =
                        egui::Button::new("Replace (Enter)").fill(theme::egui_color(hex(0x8a2a35)));
                    if ui.add(replace).clicked() || enter {
                        let p = p.clone();
                        keep = false;
                        write(b, &p, true);
                    }
                    if ui.button("Cancel").clicked() {
                        keep = false;
                        b.say("Not saved.", false);
                    }
                });
            });
        }
        Dialog::Discard(_) => {
            let (mut go, mut saved) = (false, false);
            close |= modal(ctx, "Unsaved changes", |ui| {
                ui.label("This deck has unsaved changes. Discard them?");
                ui.horizontal(|ui| {
                    if b.path.is_some() && ui.button("Save first").clicked() {
                        keep = false;
                        save(b);
                        saved = !b.dirty();
                    }
                    let discard =
                        egui::Button::new("Discard").fill(theme::egui_color(hex(0x8a2a35)));
                    if ui.add(discard).clicked() {
                        go = true;
                    }
                    if ui.button("Cancel").clicked() {
                        keep = false;
                    }
                });
            });
            if go || saved {
                if let Dialog::Discard(p) = std::mem::replace(&mut d, Dialog::Play) {
                    keep = false;
                    run(b, p);
                }
            }
        }
        Dialog::Play => {
            close |= modal(ctx, "Play this deck", |ui| {
                play_window(ui, b, cat, &mut keep)
            });
        }
    }
    if close {
        keep = false;
    }
    if keep && b.dialog.is_none() {
        b.dialog = Some(d);
    }
}

fn play_window(ui: &mut egui::Ui, b: &mut DeckBuilder, cat: &Catalog, keep: &mut bool) {
    ui.label(format!("Play “{}” against the AI.", b.draft.name));
    egui::Grid::new("deck-play")
        .num_columns(2)
        .spacing([12.0, 8.0])
        .show(ui, |ui| {
            ui.label("Opponent");
            b.play_level = b.play_level.min(cat.levels.len().saturating_sub(1));
            let cur = cat.levels.get(b.play_level).map(|l| l.label).unwrap_or("");
            egui::ComboBox::from_id_salt("deck-play-level")
                .width(250.0)
                .selected_text(cur)
                .show_ui(ui, |ui| {
                    for (i, l) in cat.levels.iter().enumerate() {
                        ui.selectable_value(&mut b.play_level, i, l.label);
                    }
                });
            ui.end_row();
            ui.label("AI deck");
            let label = |i: usize| {
                cat.decks
                    .get(i)
                    .map(|e| e.deck.name.clone())
                    .unwrap_or_else(|| "a copy of this deck".into())
            };
            egui::ComboBox::from_id_salt("deck-play-deck")
                .width(250.0)
                .selected_text(label(b.play_deck))
                .show_ui(ui, |ui| {
                    for i in 0..=cat.decks.len() {
                        ui.selectable_value(&mut b.play_deck, i, label(i));
                    }
                });
            ui.end_row();
        });
    ui.horizontal(|ui| {
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
        let start = egui::Button::new(RichText::new("Start (Enter)").strong())
            .fill(theme::egui_color(hex(0x1f7a55)));
        if ui.add(start).clicked() || enter {
            *keep = false;
            match b.setup(cat) {
                Ok(s) => b.action = Some(BuilderAction::Play(s)),
                Err(e) => b.say(e.to_string(), true),
            }
        }
        if ui.button("Cancel").clicked() {
            *keep = false;
        }
    });
}
