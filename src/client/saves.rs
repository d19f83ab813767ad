//! Saved games and replays in the client: the "Saved games & replays" window of the main
//! menu (a folder's saves, replays and scenarios with game, players, decks, turn and date;
//! continue, watch, delete; broken files listed with their error), and the dialogs of a
//! running game: "Save as…" and "Leave this game?" (Save & leave / Leave / Cancel; Enter
//! confirms, Esc cancels).
use super::theme;
use crate::kit::save::{self, date_text, list_dir, Listed};
use egui_macroquad::egui::{self, RichText};
use std::path::{Path, PathBuf};

/// What the saves window asks for.
pub enum SavesAction {
    /// Go on playing a save of this game.
    Continue(PathBuf, &'static str),
    /// Watch a file in the replay viewer.
    Watch(PathBuf),
}

/// The list of saves and replays of a folder.
pub struct SavesWindow {
    pub open: bool,
    /// The folder listed (the save folder at first; `orbitals match --save-dir` folders too).
    pub folder: String,
    entries: Vec<Result<Listed, (PathBuf, String)>>,
    listed: bool,
    delete: Option<PathBuf>,
    pub error: Option<String>,
}

impl Default for SavesWindow {
    fn default() -> Self {
        SavesWindow {
            open: false,
            folder: save::save_dir().to_string_lossy().into_owned(),
            entries: Vec::new(),
            listed: false,
            delete: None,
            error: None,
        }
    }
}

impl SavesWindow {
    /// Opens the window on `folder`.
    pub fn open_at(&mut self, folder: &Path) {
        self.folder = folder.to_string_lossy().into_owned();
        self.open = true;
        self.listed = false;
    }

    fn refresh(&mut self) {
        self.entries = list_dir(Path::new(&self.folder));
        self.listed = true;
    }

    pub fn ui(&mut self, ctx: &egui::Context) -> Option<SavesAction> {
        if !self.open {
            return None;
        }
        if !self.listed {
            self.refresh();
        }
        let mut action = None;
        let mut open = true;
        egui::Window::new("Saved games & replays")
            .open(&mut open)
            .collapsible(false)
            .resizable(true)
            .default_size([760.0, 480.0])
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.label("Folder");
                    let r =
                        ui.add(egui::TextEdit::singleline(&mut self.folder).desired_width(460.0));
                    if r.lost_focus() || ui.button("List").clicked() {
                        self.refresh();
                    }
                    if ui.button("Save folder").clicked() {
                        self.folder = save::save_dir().to_string_lossy().into_owned();
                        self.refresh();
                    }
                });
                ui.label(
                    RichText::new(
                        "Saves continue where they stopped; any file can be watched move by move \
                         (replays of `orbitals match --save-dir` too).",
                    )
                    .small()
                    .color(theme::egui_color(theme::TEXT_DIM)),
                );
                if let Some(e) = &self.error {
                    ui.label(RichText::new(e).color(theme::egui_color(theme::BAD)));
                }
                ui.separator();
                if self.entries.is_empty() {
                    ui.label("No saved game or replay in this folder.");
                }
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        for e in &self.entries {
                            if let Some(a) = row(ui, e, &mut self.delete) {
                                action = Some(a);
                            }
                            ui.separator();
                        }
                    });
            });
        if let Some(path) = self.delete.clone() {
            match confirm_delete(ctx, &path) {
                Some(true) => {
                    if let Err(e) = std::fs::remove_file(&path) {
                        self.error = Some(format!("cannot delete {}: {e}", path.display()));
                    }
                    self.delete = None;
                    self.refresh();
                }
                Some(false) => self.delete = None,
                None => {}
            }
        }
        self.open = open && action.is_none();
        action
    }
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// One file of the list; `delete` is set when its Delete button is pressed.
fn row(
    ui: &mut egui::Ui,
    e: &Result<Listed, (PathBuf, String)>,
    delete: &mut Option<PathBuf>,
) -> Option<SavesAction> {
    let mut action = None;
    match e {
        Err((path, why)) => {
            ui.horizontal(|ui| {
                ui.label(RichText::new(file_name(path)).strong());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Delete").clicked() {
                        *delete = Some(path.clone());
                    }
                });
            });
            ui.label(
                RichText::new(format!("Cannot be read: {why}"))
                    .small()
                    .color(theme::egui_color(theme::BAD)),
            );
        }
        Ok(l) => {
            let entry = crate::games::find(&l.game);
            let title = entry.map(|g| g.title).unwrap_or("Unknown game");
            let name = l
                .save
                .as_ref()
                .and_then(|s| s.name.clone())
                .unwrap_or_else(|| file_name(&l.path));
            ui.horizontal(|ui| {
                ui.label(RichText::new(title).font(theme::bold(15.0)));
                ui.label(RichText::new(name).strong());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Delete").clicked() {
                        *delete = Some(l.path.clone());
                    }
                    if entry.is_some()
                        && ui
                            .button("Watch")
                            .on_hover_text("Step through the game in the replay viewer")
                            .clicked()
                    {
                        action = Some(SavesAction::Watch(l.path.clone()));
                    }
                    let playable = matches!(l.game.as_str(), "orbitals" | "globetrotter");
                    if let (Some(g), Some(_), true) = (entry, &l.save, playable) {
                        if ui.button("Continue").clicked() {
                            action = Some(SavesAction::Continue(l.path.clone(), g.name));
                        }
                    }
                });
            });
            ui.label(
                RichText::new(details(l))
                    .small()
                    .color(theme::egui_color(theme::TEXT_DIM)),
            );
        }
    }
    action
}

/// "You (Vanguard) vs greedy (Bastion) · turn 7 · 2026-11-25 06:41" for a save; the command
/// count and outcome for a replay.
fn details(l: &Listed) -> String {
    match &l.save {
        Some(s) => {
            let players: Vec<String> = s
                .seats
                .iter()
                .enumerate()
                .map(|(i, seat)| {
                    let who = if seat == "human" {
                        format!("player {}", i + 1)
                    } else {
                        format!("AI {seat}")
                    };
                    match s.sides.get(i) {
                        Some(deck) => format!("{who} ({deck})"),
                        None => who,
                    }
                })
                .collect();
            let turn = if s.turn > 0 {
                format!(" · turn {}", s.turn)
            } else {
                String::new()
            };
            format!(
                "{}{turn} · {} · {}",
                players.join(" vs "),
                date_text(s.saved_at),
                file_name(&l.path)
            )
        }
        None => {
            let end = l
                .outcome
                .as_ref()
                .map(|o| format!(" · {o}"))
                .unwrap_or_default();
            format!(
                "replay or scenario · {} commands{end} · {}",
                l.commands,
                date_text(l.modified)
            )
        }
    }
}

fn confirm_delete(ctx: &egui::Context, path: &Path) -> Option<bool> {
    let mut answer = None;
    egui::Window::new("Delete?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            ui.label(format!("Delete {} for good?", file_name(path)));
            ui.horizontal(|ui| {
                if ui.button("Delete").clicked() {
                    answer = Some(true);
                }
                if ui.button("Keep").clicked() {
                    answer = Some(false);
                }
            });
        });
    answer
}

/// A dialog over a running game.
pub enum Dialog {
    /// "Save as…": the name typed so far, and why the last try failed.
    SaveAs { name: String, error: Option<String> },
    /// "Leave this game?", with the name a save would get.
    Leave { name: String, error: Option<String> },
}

/// What a dialog decided.
pub enum DialogAction {
    Save(String),
    SaveAndLeave(String),
    Leave,
    Cancel,
}

impl Dialog {
    pub fn save_as() -> Dialog {
        Dialog::SaveAs {
            name: default_name(),
            error: None,
        }
    }
    pub fn leave() -> Dialog {
        Dialog::Leave {
            name: default_name(),
            error: None,
        }
    }
    /// Shows why saving failed; the dialog stays open.
    pub fn failed(&mut self, why: String) {
        match self {
            Dialog::SaveAs { error, .. } | Dialog::Leave { error, .. } => *error = Some(why),
        }
    }

    pub fn ui(&mut self, ctx: &egui::Context) -> Option<DialogAction> {
        let enter = ctx.input(|i| i.key_pressed(egui::Key::Enter));
        let esc = ctx.input(|i| i.key_pressed(egui::Key::Escape));
        let mut act = None;
        let title = match self {
            Dialog::SaveAs { .. } => "Save as…",
            Dialog::Leave { .. } => "Leave this game?",
        };
        egui::Window::new(title)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .order(egui::Order::Foreground)
            .show(ctx, |ui| match self {
                Dialog::SaveAs { name, error } => {
                    ui.label("Name of the save");
                    let r = ui.add(egui::TextEdit::singleline(name).desired_width(320.0));
                    r.request_focus();
                    show_error(ui, error);
                    ui.horizontal(|ui| {
                        if ui.button("Save (Enter)").clicked() || enter {
                            act = Some(DialogAction::Save(name.clone()));
                        }
                        if ui.button("Cancel (Esc)").clicked() || esc {
                            act = Some(DialogAction::Cancel);
                        }
                    });
                }
                Dialog::Leave { name, error } => {
                    ui.label(
                        "The game is kept as your last game (\"Continue\" on the main menu). \
                         Save it under a name too?",
                    );
                    ui.add(egui::TextEdit::singleline(name).desired_width(320.0));
                    show_error(ui, error);
                    ui.horizontal(|ui| {
                        let save =
                            egui::Button::new(RichText::new("Save & leave (Enter)").strong())
                                .fill(theme::egui_color(theme::hex(0x1f5a7a)));
                        if ui.add(save).clicked() || enter {
                            act = Some(DialogAction::SaveAndLeave(name.clone()));
                        }
                        if ui.button("Leave").clicked() {
                            act = Some(DialogAction::Leave);
                        }
                        if ui.button("Cancel (Esc)").clicked() || esc {
                            act = Some(DialogAction::Cancel);
                        }
                    });
                }
            });
        act
    }
}

fn show_error(ui: &mut egui::Ui, error: &Option<String>) {
    if let Some(e) = error {
        ui.label(
            RichText::new(e)
                .small()
                .color(theme::egui_color(theme::BAD)),
        );
    }
}

fn default_name() -> String {
    format!("Game of {}", date_text(save::now()))
}

/// Where a save called `name` goes: the save folder, a file named after it (never the
/// autosave).
pub fn path_for(name: &str) -> PathBuf {
    save::save_dir().join(save::file_name_for(name))
}
