//! The event log: plain-words lines (see [`super::words`]) kept per game and shown in an egui
//! scroll area, newest at the bottom.
use super::theme;
use super::words::{describe, Entry, Names, Tone};
use crate::ids::PlayerId;
use crate::rules::Event;
use crate::state::State;
use egui_macroquad::egui;

/// Most lines kept; older ones are dropped.
const MAX_LINES: usize = 250;

#[derive(Default)]
pub struct Log {
    lines: Vec<Entry>,
    /// Height of each line as last laid out (NaN: not yet), for skipping lines out of view.
    heights: Vec<f32>,
    /// The width and reader the heights were measured for.
    measured_for: (f32, Option<PlayerId>),
}

impl Log {
    /// Adds the lines for one command's events.
    pub fn record(&mut self, s: &State, events: &[Event], names: &Names) {
        self.extend(describe(s, events, names));
    }

    /// Adds lines written elsewhere (another ruleset's wording).
    pub fn extend(&mut self, lines: impl IntoIterator<Item = Entry>) {
        self.lines.extend(lines);
        self.trim();
    }

    /// Adds a line of the client's own (errors, notes).
    pub fn note(&mut self, text: impl Into<String>) {
        self.lines.push(Entry {
            actor: None,
            tone: Tone::Normal,
            public: text.into(),
            private: None,
        });
        self.trim();
    }

    fn trim(&mut self) {
        if self.lines.len() > MAX_LINES {
            let extra = self.lines.len() - MAX_LINES;
            self.lines.drain(..extra);
            let known = extra.min(self.heights.len());
            self.heights.drain(..known);
        }
        self.heights.resize(self.lines.len(), f32::NAN);
    }

    /// Shows the log, as `viewer` may read it, filling the space left in `ui`. Only the lines
    /// in view are laid out; the others take the space they took when last shown.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        viewer: Option<PlayerId>,
        seat: impl Fn(PlayerId) -> egui::Color32,
    ) {
        let width = ui.available_width();
        if (width - self.measured_for.0).abs() > 0.5 || viewer != self.measured_for.1 {
            self.heights.iter_mut().for_each(|h| *h = f32::NAN);
            self.measured_for = (width, viewer);
        }
        let (lines, heights) = (&self.lines, &mut self.heights);
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show_viewport(ui, |ui, view| {
                let top = ui.cursor().min.y;
                let mut y = 0.0;
                for (e, h) in lines.iter().zip(heights.iter_mut()) {
                    let in_view = y + *h >= view.min.y - 40.0 && y <= view.max.y + 40.0;
                    if h.is_nan() || in_view {
                        let before = ui.cursor().min.y;
                        line(ui, e, viewer, &seat);
                        *h = ui.cursor().min.y - before;
                    } else {
                        ui.add_space(*h);
                    }
                    y = ui.cursor().min.y - top;
                }
            });
    }
}

/// One line: turns as coloured separators, other lines with a dot in the actor's colour,
/// fights and destruction tinted.
fn line(
    ui: &mut egui::Ui,
    e: &Entry,
    viewer: Option<PlayerId>,
    seat: &impl Fn(PlayerId) -> egui::Color32,
) {
    let text = e.text_for(viewer);
    let actor = e.actor.map(seat).unwrap_or(egui::Color32::from_gray(150));
    match e.tone {
        Tone::Turn => {
            ui.add_space(2.0);
            ui.horizontal(|ui| {
                ui.label(
                    egui::RichText::new(text)
                        .font(theme::bold(13.0))
                        .color(actor),
                );
                ui.add(egui::Separator::default().horizontal());
            });
        }
        _ => {
            let color = match e.tone {
                Tone::Major => theme::egui_color(theme::WARN),
                Tone::Fight => egui::Color32::from_rgb(0xf0, 0xc8, 0xc8),
                Tone::Quiet => theme::egui_color(theme::TEXT_FAINT),
                _ => theme::egui_color(theme::TEXT),
            };
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 5.0;
                ui.label(egui::RichText::new("●").size(9.0).color(actor));
                ui.label(egui::RichText::new(text).size(13.0).color(color));
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{CardDb, Deck};
    use crate::state::Zone;
    use std::path::Path;
    use std::sync::Arc;

    fn game() -> State {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let db = Arc::new(CardDb::load_dir(&root.join("cards")).unwrap());
        let d1 = Deck::load(&root.join("decks/vanguard.yaml"), &db).unwrap();
        let d2 = Deck::load(&root.join("decks/bastion.yaml"), &db).unwrap();
        crate::rules::new_game(db, &[d1, d2], 5).0
    }

    #[test]
    fn combat_reads_as_one_plain_line() {
        let s = game();
        let ship = |p: u8| {
            s.refs()
                .find(|(_, c)| {
                    c.owner == PlayerId(p)
                        && c.zone == Zone::Deck
                        && s.db.card(c.card).ship().is_some()
                })
                .map(|(r, _)| r)
                .unwrap()
        };
        let (a, b) = (ship(0), ship(1));
        let ev = [
            Event::CombatDeclared {
                ship: a,
                target: b,
                x: 2,
                range: 5,
                accuracy: 3,
                defence: 2,
            },
            Event::DieRolled { roll: 2, hit: true },
            Event::DieRolled {
                roll: 5,
                hit: false,
            },
            Event::DieRolled { roll: 1, hit: true },
        ];
        let names = Names {
            seats: vec!["You".into(), "AI".into()],
            you: Some(PlayerId(0)),
        };
        let mut log = Log::default();
        log.record(&s, &ev, &names);
        assert_eq!(log.lines.len(), 1);
        let t = &log.lines[0].public;
        assert!(t.contains("fires 3 shots at"), "{t}");
        assert!(t.ends_with(": 2, 5, 1 — 2 hits."), "{t}");
    }

    #[test]
    fn o26_draws_are_private() {
        let s = game();
        let card = s.hand(PlayerId(1))[0];
        let names = Names {
            seats: vec!["You".into(), "AI".into()],
            you: Some(PlayerId(0)),
        };
        let mut log = Log::default();
        log.record(
            &s,
            &[Event::CardDrawn {
                player: PlayerId(1),
                card,
            }],
            &names,
        );
        let name = s.card_of(card).name.clone();
        assert!(!log.lines[0].text_for(Some(PlayerId(0))).contains(&name));
        assert!(log.lines[0].text_for(Some(PlayerId(1))).contains(&name));
    }
}
