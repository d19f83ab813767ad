//! Windows over the grid: the key help (H or ?), and the end of a level (won or lost, with
//! the score and what to do next).
use super::session::Session;
use crate::client::theme::{self, hex};
use crate::kit::Outcome;
use crate::rover::event::Event;
use egui_macroquad::egui::{self, RichText};

/// The keys, as the help window lists them.
pub const KEYS: &[(&str, &str)] = &[
    ("W A S D", "drive north, west, south, east; into an entity: ram it; into a factory with 5 data: access it (shuts it down)"),
    ("1 2 3", "select a module slot (press again to deselect)"),
    ("W A S D", "with a slot selected: aim it; a local module fires by driving toward an entity"),
    ("Enter", "use the selected module (toward the aim)"),
    ("L", "keys act on hostiles only (default) or on every entity (rocks, archives, factories)"),
    ("Space", "wait a round"),
    ("I", "install the newest bay module into the first empty slot (the panel's buttons choose any)"),
    ("R", "remove the selected slot's module into the bay"),
    ("F", "refit to the chassis you stand on"),
    ("Ctrl+Z", "undo your last command"),
    ("Esc", "deselect the slot; close this window"),
    ("H or ?", "show or hide this window"),
    ("+ / -", "faster / slower animations and autopilot"),
    ("Mouse", "click a neighbouring cell to drive there (a far cell: one step toward it); with a module selected, click a cell in line to aim, click again to use; right click deselects; the panel has a button for every key"),
];

/// The key help window; returns false when closed.
pub fn help(ctx: &egui::Context) -> bool {
    let mut open = true;
    egui::Window::new("Keys")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [-150.0, 0.0])
        .fixed_size([520.0, 0.0])
        .open(&mut open)
        .show(ctx, |ui| {
            ui.label("Upload 30 data at the drop pod (P) to win. Data comes from destroying or analyzing entities; every action costs energy, and the pod refills it. Hostiles (red) wake when you come near.");
            ui.add_space(6.0);
            egui::Grid::new("rover-keys").num_columns(2).spacing([14.0, 6.0]).show(ui, |ui| {
                for (k, what) in KEYS {
                    ui.label(RichText::new(*k).font(theme::bold(14.0)).color(theme::egui_color(theme::SELECT)));
                    ui.add(egui::Label::new(*what).wrap());
                    ui.end_row();
                }
            });
            ui.add_space(6.0);
            ui.label(RichText::new("On the grid: P drop pod · H chassis to refit · K module cache · red circles hostiles (dim, z: asleep) · grey rocks · A archive · F factory · blue water blocks driving, not shots.").small());
        });
    open
}

/// What the end window asked for.
pub enum EndAct {
    Again,
    NextLevel,
    Menu,
}

/// The end of a level: won or lost, the score, why, and what next.
pub fn end(ctx: &egui::Context, sess: &Session) -> Option<EndAct> {
    let s = sess.state();
    let Outcome::Solo { won, score } = s.standing() else {
        return None;
    };
    let why = sess.game.history().last().and_then(|st| {
        st.events.iter().find_map(|e| match e {
            Event::Lost { reason, .. } => Some(super::rv_words::loss_words(*reason)),
            _ => None,
        })
    });
    let mut act = None;
    egui::Window::new("rover-end")
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [-170.0, 0.0])
        .fixed_size([380.0, 0.0])
        .frame(
            egui::Frame::window(&ctx.style())
                .fill(theme::egui_color(hex(0x0f1626)))
                .inner_margin(18),
        )
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                let (title, col) = if won {
                    ("Level complete", theme::GOOD)
                } else {
                    ("Rover lost", theme::BAD)
                };
                ui.label(
                    RichText::new(title)
                        .font(theme::bold(30.0))
                        .color(theme::egui_color(col)),
                );
                ui.add_space(4.0);
                ui.label(
                    RichText::new(format!("Score: {score} data uploaded")).font(theme::bold(20.0)),
                );
                let detail = match (won, why) {
                    (true, _) => format!("30 data reached the drop pod in round {}.", s.round()),
                    (false, Some(w)) => {
                        format!("{} in round {}.", super::rv_words::cap(w.into()), s.round())
                    }
                    (false, None) => format!("Round {}.", s.round()),
                };
                ui.label(RichText::new(detail).color(theme::egui_color(theme::TEXT_DIM)));
                let destroyed = s.entities().iter().filter(|e| !e.alive).count();
                ui.label(
                    RichText::new(format!(
                        "{destroyed} entities destroyed · {} data still carried",
                        s.rover().data
                    ))
                    .small()
                    .color(theme::egui_color(theme::TEXT_DIM)),
                );
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    if ui
                        .add_sized([110.0, 30.0], egui::Button::new("Play again"))
                        .on_hover_text("The same level, new dice")
                        .clicked()
                    {
                        act = Some(EndAct::Again);
                    }
                    if ui
                        .add_sized([120.0, 30.0], egui::Button::new("Next level"))
                        .on_hover_text("A new generated level")
                        .clicked()
                    {
                        act = Some(EndAct::NextLevel);
                    }
                    if ui
                        .add_sized([90.0, 30.0], egui::Button::new("Menu"))
                        .clicked()
                    {
                        act = Some(EndAct::Menu);
                    }
                });
                ui.label(
                    RichText::new("Ctrl+Z takes the last command back")
                        .small()
                        .color(theme::egui_color(theme::TEXT_FAINT)),
                );
            });
        });
    act
}
