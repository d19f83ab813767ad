//! The score window when the game ends (M22): each player's departed and stranded ships, ore
//! and units aboard, score, and the winner; rematch or back to the menu.
use super::session::Session;
use crate::client::theme::{self, hex};
use crate::ids::PlayerId;
use crate::kit::Outcome;
use crate::mothership::outcome::{contents, departed_ore, score};
use crate::mothership::state::ShipStatus;
use egui_macroquad::egui::{self, RichText};

pub enum EndAct {
    Rematch,
    Menu,
    /// Close the window to look at the map.
    Look,
}

pub fn show(ctx: &egui::Context, session: &Session) -> Option<EndAct> {
    let s = session.state();
    let mut out = None;
    egui::Window::new("ms-score")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [-170.0, 0.0])
        .min_width(460.0)
        .show(ctx, |ui| {
            let head = match s.standing() {
                Outcome::Winner(p) => format!(
                    "{} the game!",
                    session.names.says(PlayerId(p as u8), "win", "wins")
                ),
                Outcome::Draw => "A draw.".to_string(),
                _ => "Game over.".to_string(),
            };
            ui.label(RichText::new(head).font(theme::bold(22.0)));
            ui.label(RichText::new("2 per ore, 1 per unit aboard, 1 per intact turret.").small());
            ui.add_space(6.0);
            egui::Grid::new("ms-score-grid")
                .num_columns(5)
                .spacing([16.0, 6.0])
                .show(ui, |ui| {
                    for h in ["Player", "Ships", "Ore", "Units", "Score"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for p in s.seats() {
                        let col = theme::egui_color(theme::seat(PlayerId(p.0)));
                        ui.label(RichText::new(session.name(p)).color(col).strong());
                        let mut ships = Vec::new();
                        let mut units = 0;
                        for x in s.ship_ids() {
                            let ship = s.ship(x);
                            if ship.controller != p {
                                continue;
                            }
                            match ship.status {
                                ShipStatus::Departed => {
                                    ships.push("took off");
                                    units += contents(s, x).1;
                                }
                                ShipStatus::Stranded => ships.push("stranded"),
                                _ => ships.push("on the planet"),
                            }
                        }
                        if s.player(p).lost {
                            ships = vec!["lost"];
                        }
                        ui.label(ships.join(", "));
                        ui.label(departed_ore(s, p).to_string());
                        ui.label(units.to_string());
                        ui.label(RichText::new(score(s, p).to_string()).font(theme::bold(18.0)));
                        ui.end_row();
                    }
                });
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let again = egui::Button::new(RichText::new("Play again").strong())
                    .fill(theme::egui_color(hex(0x1f7a55)));
                if ui.add(again).clicked() {
                    out = Some(EndAct::Rematch);
                }
                if ui.button("Look at the map").clicked() {
                    out = Some(EndAct::Look);
                }
                if ui.button("Main menu").clicked() {
                    out = Some(EndAct::Menu);
                }
            });
        });
    out
}
