//! The player's settings (the Settings window of the main menu): UI scale, full screen, AI
//! speed, the colour-blind palette, whether hovers explain keywords and whether ending a turn
//! with unused assets asks first. Kept in `settings.yaml` beside the saves; screenshot and
//! benchmark runs use the defaults so that the same command line draws the same picture.
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Mutex;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Multiplies the size of panels, menus and text (0.75–2).
    pub ui_scale: f32,
    pub fullscreen: bool,
    /// AI pace factor (0.25–4), the starting value of each game's "AI speed".
    pub ai_speed: f32,
    /// Seat colours told apart by brightness as well as hue.
    pub colour_blind: bool,
    /// Hovers over the table end with the meaning of their keywords.
    pub explain_words: bool,
    /// Ending a turn with assets or cards still able to act asks first.
    pub warn_unused: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ui_scale: 1.0,
            fullscreen: false,
            ai_speed: 1.0,
            colour_blind: false,
            explain_words: true,
            warn_unused: true,
        }
    }
}

static CURRENT: Mutex<Option<Settings>> = Mutex::new(None);

/// The settings in force.
pub fn get() -> Settings {
    CURRENT
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .unwrap_or_default()
}

/// Changes the settings in force (and saves them unless `persist` is false).
pub fn set(s: Settings, persist: bool) {
    *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = Some(s.clamped());
    super::theme::set_colour_blind(s.colour_blind);
    if persist {
        // A settings file that cannot be written only costs the next start its choices.
        if let Ok(text) = serde_yaml::to_string(&s.clamped()) {
            let _ = std::fs::create_dir_all(crate::kit::save::save_dir());
            let _ = std::fs::write(path(), text);
        }
    }
}

fn path() -> PathBuf {
    crate::kit::save::save_dir().join("settings.yaml")
}

/// Loads the saved settings (defaults where there are none or they cannot be read).
pub fn load() -> Settings {
    let s = std::fs::read_to_string(path())
        .ok()
        .and_then(|t| serde_yaml::from_str::<Settings>(&t).ok())
        .unwrap_or_default()
        .clamped();
    set(s, false);
    s
}

impl Settings {
    fn clamped(mut self) -> Settings {
        self.ui_scale = if self.ui_scale.is_finite() {
            self.ui_scale.clamp(0.75, 2.0)
        } else {
            1.0
        };
        self.ai_speed = if self.ai_speed.is_finite() {
            self.ai_speed.clamp(0.25, 4.0)
        } else {
            1.0
        };
        self
    }
}

/// The Settings window (from the main menu), while `open`.
pub fn window(ctx: &egui_macroquad::egui::Context, open: &mut bool) {
    use egui_macroquad::egui;
    if !*open {
        return;
    }
    let mut s = get();
    let before = s;
    egui::Window::new("Settings")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.add(
                egui::Slider::new(&mut s.ui_scale, 0.75..=2.0)
                    .step_by(0.05)
                    .text("UI scale (panels, menus, text)"),
            );
            ui.add(
                egui::Slider::new(&mut s.ai_speed, 0.25..=4.0)
                    .logarithmic(true)
                    .text("AI speed"),
            );
            ui.checkbox(&mut s.fullscreen, "Full screen");
            ui.checkbox(
                &mut s.colour_blind,
                "Colour-blind palette (seats differ in brightness too)",
            )
            .on_hover_text("Sky blue against dark vermilion instead of blue against orange");
            ui.checkbox(
                &mut s.explain_words,
                "Hovers explain keywords (delta-vee, tapped…)",
            );
            ui.checkbox(
                &mut s.warn_unused,
                "Ask before ending a turn with assets or cards unused",
            );
        });
    if s != before {
        if s.fullscreen != before.fullscreen {
            macroquad::window::set_fullscreen(s.fullscreen);
        }
        set(s, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_numbers_are_clamped_and_unknown_keys_rejected() {
        let s: Settings = serde_yaml::from_str("ui_scale: 9\nai_speed: .nan\n").unwrap();
        let s = s.clamped();
        assert_eq!((s.ui_scale, s.ai_speed), (2.0, 1.0));
        assert!(serde_yaml::from_str::<Settings>("mana: 3\n").is_err());
        assert!(Settings::default().explain_words && Settings::default().warn_unused);
    }
}
