//! The Globetrotter part of the main menu: against the AI or hot-seat, players (2–6), planets
//! (1 or more), the facing variant and the AI level.
use super::session::{Level, Seat, Setup};
use crate::client::theme::{self, hex};
use crate::globetrotter::state::{MAX_PLANETS, MAX_PLAYERS, MIN_PLAYERS};
use crate::globetrotter::Config;
use egui_macroquad::egui::{self, RichText};

/// The menu's Globetrotter choices.
#[derive(Clone, Debug)]
pub struct GtMenu {
    pub hot_seat: bool,
    pub players: u8,
    pub planets: u8,
    pub facing: bool,
    pub level: Level,
}

impl Default for GtMenu {
    fn default() -> Self {
        GtMenu {
            hot_seat: false,
            players: 2,
            planets: 1,
            facing: false,
            level: Level::GREEDY,
        }
    }
}

impl GtMenu {
    /// The game these choices describe (seat 1 is a person; the others are people in hot-seat,
    /// AIs otherwise).
    pub fn setup(&self, seed: u64) -> Setup {
        let players = self.players.clamp(MIN_PLAYERS, MAX_PLAYERS);
        let seats = (0..players)
            .map(|i| {
                if i == 0 || self.hot_seat {
                    Seat::Human
                } else {
                    Seat::Ai(self.level)
                }
            })
            .collect();
        Setup {
            table: Config {
                players,
                planets: self.planets.clamp(1, MAX_PLANETS),
                facing: self.facing,
                ..Config::default()
            },
            seats,
            seed,
        }
    }
}

/// Draws the section; returns a setup when "Play Globetrotter" is clicked.
pub fn ui(ui: &mut egui::Ui, m: &mut GtMenu, seed: u64) -> Option<Setup> {
    let mut out = None;
    ui.spacing_mut().slider_width = 70.0;
    ui.horizontal(|ui| {
        ui.label(RichText::new("Globetrotter").font(theme::bold(18.0)))
            .on_hover_text("Rovers on a snub dodecahedron globe, one action a turn.");
        ui.add_space(8.0);
        ui.selectable_value(&mut m.hot_seat, false, "Against the AI");
        ui.selectable_value(&mut m.hot_seat, true, "Hot-seat");
    });
    ui.horizontal(|ui| {
        ui.label("Players");
        ui.add(egui::Slider::new(&mut m.players, MIN_PLAYERS..=MAX_PLAYERS));
        ui.label("Planets");
        ui.add(egui::Slider::new(&mut m.planets, 1..=4));
        ui.checkbox(&mut m.facing, "Facing");
    });
    ui.horizontal(|ui| {
        if !m.hot_seat {
            egui::ComboBox::from_id_salt("gt-level")
                .width(150.0)
                .selected_text(m.level.label())
                .show_ui(ui, |ui| {
                    for l in Level::all() {
                        ui.selectable_value(&mut m.level, l, l.label());
                    }
                });
        }
        let play = egui::Button::new(RichText::new("Play Globetrotter").font(theme::bold(16.0)))
            .fill(theme::egui_color(hex(0x2a5d8a)));
        if ui.add_sized([ui.available_width(), 30.0], play).clicked() {
            out = Some(m.setup(seed));
        }
    });
    out
}
