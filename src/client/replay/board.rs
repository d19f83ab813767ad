//! How the replay viewer draws a position: one [`Board`] per game. The card game's table and
//! Globetrotter's globe are the play screens' own drawing, fed the replay's position; games
//! whose board the client does not draw yet show their printed position ([`TextBoard`]). To
//! give such a game its board, implement [`Board`] for it and name it in the one match of
//! [`super::ReplayScreen::open`].
use super::super::game::{Game, Seat as CardSeat, SeatKind, Setup as CardSetup};
use super::super::globe::session::{
    Level, Seat as GtSeat, Session as GtSession, Setup as GtSetup, Step,
};
use super::super::globe::GtScreen;
use super::super::interact::Interaction;
use super::super::paint::Painter;
use super::super::table::{self, anim::Anim, layout::Layout};
use super::super::theme;
use crate::ids::PlayerId;
use crate::kit::replay::Replay;
use crate::kit::Ruleset;
use egui_macroquad::egui::{self, RichText};
use macroquad::prelude::*;

/// Draws a replay's position.
pub trait Board<R: Ruleset> {
    /// Draws the position looked at with macroquad, left of the panel (`panel_px` wide);
    /// `changed` says the position is not the one drawn last frame.
    fn draw(&mut self, replay: &Replay<R>, changed: bool, dt: f32, p: &mut Painter, panel_px: f32);
    /// What the board adds to the egui pass (outside the panel).
    fn ui(&mut self, _ctx: &egui::Context, _replay: &Replay<R>) {}
    /// Board options in the side panel (whose side the table is seen from).
    fn panel(&mut self, _ui: &mut egui::Ui, _replay: &Replay<R>) {}
}

/// The card table, as in play: built afresh for each position, with the step's dice shown
/// and the cards it touched highlighted.
#[derive(Default)]
pub struct TableBoard {
    game: Option<Game>,
    anim: Anim,
    inter: Interaction,
    /// The seat at the bottom of the table (whose hand shows).
    viewer: u8,
}

impl Board<crate::state::State> for TableBoard {
    fn draw(
        &mut self,
        r: &Replay<crate::state::State>,
        changed: bool,
        dt: f32,
        p: &mut Painter,
        panel_px: f32,
    ) {
        if changed || self.game.is_none() {
            let pos = r.current();
            let st = &pos.state;
            let seats = (0..st.num_players)
                .map(|i| CardSeat {
                    // AI seats that are never asked: nobody can click in a replay.
                    kind: SeatKind::Ai("random".into()),
                    name: format!("Player {}", i + 1),
                })
                .collect();
            let setup = CardSetup {
                db: st.card_db().clone(),
                decks: Vec::new(),
                seats,
                seed: 0,
            };
            let mut g = Game::with_state(setup, st.clone(), &pos.raw, true);
            g.viewer = PlayerId(self.viewer.min(st.num_players.saturating_sub(1)));
            self.game = Some(g);
        }
        let Some(g) = &self.game else {
            return;
        };
        let (sw, sh) = (screen_width(), screen_height());
        let layout = Layout::compute(g.state(), g.viewer, vec2(sw, sh), panel_px, &[]);
        self.anim.update(&layout, g.state().orbit_counter, dt, 1.0);
        table::draw(p, g, &layout, &self.inter, &self.anim, |_| {});
    }

    fn panel(&mut self, ui: &mut egui::Ui, r: &Replay<crate::state::State>) {
        ui.horizontal(|ui| {
            ui.label("Table seen from");
            for i in 0..r.state().num_players {
                if ui
                    .selectable_label(self.viewer == i, format!("Player {}", i + 1))
                    .clicked()
                {
                    self.viewer = i;
                    if let Some(g) = &mut self.game {
                        g.viewer = PlayerId(i);
                    }
                }
            }
        });
    }
}

/// Globetrotter's globe, as in play (drag nothing: the camera follows the game).
#[derive(Default)]
pub struct GlobeBoard {
    screen: Option<GtScreen>,
}

impl Board<crate::globetrotter::State> for GlobeBoard {
    fn draw(
        &mut self,
        r: &Replay<crate::globetrotter::State>,
        changed: bool,
        dt: f32,
        p: &mut Painter,
        panel_px: f32,
    ) {
        if changed || self.screen.is_none() {
            let pos = r.current();
            let st = &pos.state;
            let setup = GtSetup {
                table: st.config(),
                seats: vec![GtSeat::Ai(Level::RANDOM); st.config().players as usize],
                seed: 0,
            };
            let before = r.position(r.at().saturating_sub(1)).state.clone();
            let step = Step {
                before,
                events: pos.raw.clone(),
            };
            let session = GtSession::with_state(setup, st.clone(), &[step], true);
            match &mut self.screen {
                // Keep the camera between positions.
                Some(s) => s.session = session,
                None => self.screen = Some(GtScreen::new(session)),
            }
        }
        if let Some(s) = &mut self.screen {
            s.draw_still(dt, p, panel_px);
        }
    }
}

/// The printed position (the game's `view()`), for games whose board the client does not
/// draw yet.
#[derive(Default)]
pub struct TextBoard {
    text: String,
    at: Option<usize>,
}

impl<R: Ruleset> Board<R> for TextBoard {
    fn draw(&mut self, r: &Replay<R>, _: bool, _: f32, _: &mut Painter, _: f32) {
        table::draw_background(Rect::new(0.0, 0.0, screen_width(), screen_height()), 0.0);
        if self.at != Some(r.at()) {
            self.at = Some(r.at());
            self.text = serde_yaml::to_string(&r.state().view(&r.labels))
                .unwrap_or_else(|e| format!("cannot print the position: {e}"));
        }
    }

    fn ui(&mut self, ctx: &egui::Context, r: &Replay<R>) {
        if self.at != Some(r.at()) {
            self.at = Some(r.at());
            self.text = serde_yaml::to_string(&r.state().view(&r.labels))
                .unwrap_or_else(|e| format!("cannot print the position: {e}"));
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::new().inner_margin(16))
            .show(ctx, |ui| {
                ui.label(
                    RichText::new(
                        "The position (this game's board is not drawn in the viewer yet)",
                    )
                    .color(theme::egui_color(theme::TEXT_DIM)),
                );
                egui::ScrollArea::both()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.label(RichText::new(&self.text).monospace().size(13.0));
                    });
            });
    }
}
