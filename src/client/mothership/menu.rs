//! The Mothership part of the main menu: 2 to 4 players, each a person or an AI of any level
//! (several people: hot-seat).
use super::session::{Level, Seat, Setup};
use crate::client::theme::{self, hex};
use egui_macroquad::egui::{self, RichText};

/// The menu's Mothership choices.
#[derive(Clone, Debug)]
pub struct MsMenu {
    pub players: usize,
    pub seats: [Seat; 4],
}

impl Default for MsMenu {
    fn default() -> Self {
        MsMenu {
            players: 2,
            seats: [
                Seat::Human,
                Seat::Ai(Level::GREEDY),
                Seat::Ai(Level::GREEDY),
                Seat::Ai(Level::GREEDY),
            ],
        }
    }
}

impl MsMenu {
    /// The menu's first choice from the command line (`--ms-players`, `--ms-humans`,
    /// `--ms-level`): the first seats people, the others the AI at that level.
    pub fn from_options(o: &crate::client::MsOptions) -> MsMenu {
        let mut m = MsMenu {
            players: usize::from(o.players).clamp(2, 4),
            ..MsMenu::default()
        };
        for (i, seat) in m.seats.iter_mut().enumerate() {
            *seat = if i < usize::from(o.humans) {
                Seat::Human
            } else {
                Seat::Ai(Level(o.level))
            };
        }
        m
    }

    pub fn setup(&self, seed: u64) -> Setup {
        Setup {
            table: (),
            seats: self.seats[..self.players.clamp(2, 4)].to_vec(),
            seed,
        }
    }
}

fn seat_label(s: Seat) -> String {
    match s {
        Seat::Human => "Person".into(),
        Seat::Ai(l) => format!("AI: {}", l.label()),
    }
}

/// Draws the section; returns a setup when "Play Mothership" is clicked.
pub fn ui(ui: &mut egui::Ui, m: &mut MsMenu, seed: u64) -> Option<Setup> {
    let mut out = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new("Mothership").font(theme::bold(18.0)))
            .on_hover_text(
                "Land a ship on a hex map, mine ore under the tides, take off by turn 25.",
            );
        ui.add_space(8.0);
        ui.label("Players");
        for n in 2..=4 {
            ui.selectable_value(&mut m.players, n, n.to_string());
        }
    });
    ui.horizontal_wrapped(|ui| {
        for i in 0..m.players.clamp(2, 4) {
            egui::ComboBox::from_id_salt(("ms-seat", i))
                .width(92.0)
                .selected_text(format!("{}: {}", i + 1, short(m.seats[i])))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut m.seats[i], Seat::Human, seat_label(Seat::Human));
                    for l in Level::all() {
                        ui.selectable_value(&mut m.seats[i], Seat::Ai(l), seat_label(Seat::Ai(l)));
                    }
                });
        }
    });
    let play = egui::Button::new(RichText::new("Play Mothership").font(theme::bold(16.0)))
        .fill(theme::egui_color(hex(0x7a5a1f)));
    if ui.add_sized([ui.available_width(), 30.0], play).clicked() {
        out = Some(m.setup(seed));
    }
    out
}

fn short(s: Seat) -> String {
    match s {
        Seat::Human => "person".into(),
        Seat::Ai(l) => format!("AI {}", l.0 + 1),
    }
}
