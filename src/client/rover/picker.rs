//! The RoveR part of the main menu: the level (the default level, or a generated one by its
//! seed, with a button for a fresh seed), and whether to play or to watch the autopilot (its
//! strength and pace).
use super::session::{LevelChoice, Setup};
use crate::agent::spec::AI_LEVELS;
use crate::agent::AgentSpec;
use crate::client::theme::{self, hex};
use egui_macroquad::egui::{self, RichText};

/// The menu's RoveR choices.
#[derive(Clone, Debug)]
pub struct RoverMenu {
    pub generated: bool,
    pub level_seed: u64,
    pub watch: bool,
    /// Index into the AI levels, for the autopilot.
    pub pilot: usize,
    pub speed: f32,
}

impl Default for RoverMenu {
    fn default() -> Self {
        RoverMenu {
            generated: false,
            level_seed: 1,
            watch: false,
            pilot: 1,
            speed: 1.0,
        }
    }
}

impl RoverMenu {
    /// The game these choices describe, with `seed` for the dice.
    pub fn setup(&self, seed: u64) -> Setup {
        let level = if self.generated {
            LevelChoice::Generated(self.level_seed)
        } else {
            LevelChoice::Default
        };
        let autopilot = self.watch.then(|| {
            let l = &AI_LEVELS[self.pilot.min(AI_LEVELS.len() - 1)];
            AgentSpec::parse(l.spec).unwrap_or(AgentSpec::Greedy)
        });
        Setup {
            level,
            seed,
            autopilot,
            file: None,
        }
    }
}

/// Draws the section; returns a setup (and the pace) when "Play RoveR" is clicked.
pub fn ui(ui: &mut egui::Ui, m: &mut RoverMenu, seed: u64) -> Option<(Setup, f32)> {
    let mut out = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new("RoveR").font(theme::bold(18.0)))
            .on_hover_text(
                "One rover on a hostile planet: gather 30 data and upload it at the drop pod.",
            );
        ui.add_space(8.0);
        ui.selectable_value(&mut m.generated, false, "Default level");
        ui.selectable_value(&mut m.generated, true, "Generated");
        if m.generated {
            ui.add(
                egui::DragValue::new(&mut m.level_seed)
                    .prefix("#")
                    .range(0..=99_999),
            )
            .on_hover_text("The generated level's number: the same number, the same level");
            if ui
                .small_button("New")
                .on_hover_text("Another generated level")
                .clicked()
            {
                m.level_seed = seed % 100_000;
            }
        }
        ui.checkbox(&mut m.watch, "Watch autopilot");
    });
    if m.watch {
        ui.horizontal(|ui| {
            egui::ComboBox::from_id_salt("rover-pilot")
                .width(150.0)
                .selected_text(AI_LEVELS[m.pilot.min(AI_LEVELS.len() - 1)].label)
                .show_ui(ui, |ui| {
                    for (i, l) in AI_LEVELS.iter().enumerate() {
                        ui.selectable_value(&mut m.pilot, i, l.label);
                    }
                });
            ui.add(
                egui::Slider::new(&mut m.speed, 0.25..=8.0)
                    .logarithmic(true)
                    .text("pace"),
            );
        });
    }
    let play = egui::Button::new(RichText::new("Play RoveR").font(theme::bold(16.0)))
        .fill(theme::egui_color(hex(0x7a4a1f)));
    if ui.add_sized([ui.available_width(), 30.0], play).clicked() {
        out = Some((m.setup(seed), m.speed));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_make_setups() {
        let mut m = RoverMenu::default();
        let s = m.setup(5);
        assert_eq!(
            (s.level, s.seed, s.autopilot),
            (LevelChoice::Default, 5, None)
        );
        m.generated = true;
        m.level_seed = 42;
        m.watch = true;
        let s = m.setup(5);
        assert_eq!(s.level, LevelChoice::Generated(42));
        assert!(s.autopilot.is_some());
    }
}
