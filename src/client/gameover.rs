//! The end of a game (result, rematch, back to the menu) and the hot-seat curtain that hides
//! the table while the players swap seats.
use super::game::Game;
use super::theme::{self, hex};
use crate::state::{Outcome, Zone};
use egui_macroquad::egui::{self, RichText};

pub enum EndAction {
    Rematch,
    Menu,
    Quit,
}

/// Why the game ended, e.g. "AI lost their homeworld.".
fn reason(game: &Game) -> String {
    let st = game.state();
    match st.outcome {
        Outcome::Draw if st.turn >= st.turn_limit => {
            format!("The turn limit ({}) was reached.", st.turn_limit)
        }
        Outcome::Draw => "Nobody is left standing.".to_string(),
        Outcome::Winner(w) => {
            let losers: Vec<String> = st
                .players()
                .filter(|p| *p != w)
                .map(|p| {
                    if st.has_homeworld(p) {
                        format!("{} conceded.", game.names.player(p))
                    } else {
                        format!("{} lost their homeworld.", game.names.player(p))
                    }
                })
                .collect();
            losers.join(" ")
        }
        Outcome::Ongoing => String::new(),
    }
}

/// One line on how the game ended, for runs without a person: "game over on turn 23: winner
/// You (AI lost their homeworld.)", "game over on turn 60: draw (…)".
pub fn summary(game: &Game) -> String {
    let st = game.state();
    let result = match st.outcome {
        Outcome::Winner(p) => format!("winner {}", game.names.player(p)),
        Outcome::Draw => "draw".to_string(),
        Outcome::Ongoing => "no result".to_string(),
    };
    format!("game over on turn {}: {result} ({})", st.turn, reason(game))
}

/// The result window over the (dimmed) final table.
pub fn ui(ctx: &egui::Context, game: &Game) -> Option<EndAction> {
    let st = game.state();
    let (title, color) = match st.outcome {
        Outcome::Winner(p) if game.names.you == Some(p) => ("Victory!".to_string(), theme::GOOD),
        Outcome::Winner(_) if game.names.you.is_some() => ("Defeat".to_string(), theme::BAD),
        Outcome::Winner(p) => (format!("{} wins!", game.names.player(p)), theme::seat(p)),
        Outcome::Draw => ("Draw".to_string(), theme::WARN),
        Outcome::Ongoing => ("Game over".to_string(), theme::TEXT),
    };
    let reason = reason(game);
    let mut action = None;
    egui::Window::new("game-over")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(
            egui::Align2::CENTER_CENTER,
            [-ctx.screen_rect().width() * 0.11, 0.0],
        )
        .fixed_size([380.0, 0.0])
        .frame(
            egui::Frame::window(&ctx.style())
                .fill(theme::egui_color(hex(0x172136)))
                .inner_margin(20),
        )
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    RichText::new(title)
                        .font(theme::bold(34.0))
                        .color(theme::egui_color(color)),
                );
                ui.label(RichText::new(reason).size(15.0));
                // The turn number counts every player's turns.
                let each = st.turn.div_ceil(st.num_players.max(1) as u16);
                ui.label(
                    RichText::new(format!(
                        "About {each} turns each ({} turns in all).",
                        st.turn
                    ))
                    .weak(),
                );
            });
            ui.add_space(6.0);
            egui::Grid::new("end-stats")
                .num_columns(4)
                .spacing([14.0, 4.0])
                .show(ui, |ui| {
                    ui.label("");
                    ui.label(RichText::new("Ships").weak());
                    ui.label(RichText::new("Assets").weak());
                    ui.label(RichText::new("Ships lost").weak());
                    ui.end_row();
                    for p in st.players() {
                        ui.label(
                            RichText::new(game.names.player(p))
                                .color(theme::egui_color(theme::seat(p))),
                        );
                        ui.label(st.zone(p, Zone::Ship).count().to_string());
                        ui.label(
                            st.zone(p, Zone::Asset)
                                .filter(|(r, _)| !st.is_destroyed(*r))
                                .count()
                                .to_string(),
                        );
                        ui.label(st.zone(p, Zone::Debris).count().to_string());
                        ui.end_row();
                    }
                });
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                let w = (ui.available_width() - 16.0) / 3.0;
                let re = egui::Button::new(RichText::new("Rematch").strong())
                    .fill(theme::egui_color(hex(0x1f7a55)));
                if ui.add_sized([w, 32.0], re).clicked() {
                    action = Some(EndAction::Rematch);
                }
                if ui
                    .add_sized([w, 32.0], egui::Button::new("Main menu"))
                    .clicked()
                {
                    action = Some(EndAction::Menu);
                }
                if ui.add_sized([w, 32.0], egui::Button::new("Quit")).clicked() {
                    action = Some(EndAction::Quit);
                }
            });
        });
    action
}

/// Hot-seat: "pass the computer" screen. Returns true when the next player is ready.
pub fn curtain(ctx: &egui::Context, game: &Game) -> bool {
    let p = game.state().active;
    let mut ready = false;
    egui::Window::new("curtain")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [-ctx.screen_rect().width() * 0.11, 0.0])
        .fixed_size([360.0, 0.0])
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(RichText::new(format!("{}'s turn", game.names.player(p))).font(theme::bold(26.0)).color(theme::egui_color(theme::seat(p))));
                ui.label("Hand the computer over. The other player should look away: your hand is about to be shown.");
                ui.add_space(8.0);
                if ui.add_sized([200.0, 34.0], egui::Button::new(RichText::new("I'm ready").strong())).clicked() {
                    ready = true;
                }
            });
        });
    ready
}
