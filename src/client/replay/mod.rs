//! The replay viewer: any scenario, replay or save file of any registered game, watched
//! position by position. The cursor (positions, turns, events per step, the player) is the
//! kit's [`crate::kit::replay`]; this module draws it: the side panel with the controls and the
//! event log up to the position, and the position itself through the game's board
//! ([`board`]: the card table, the globe, or the printed position for games whose board the
//! client does not draw yet).
//!
//! Keys: Left/Right one command, Up/Down (or Page Up/Down) one turn, Home/End, Space to play
//! or pause, Esc back to the menu.
pub mod board;

use super::paint::Painter;
use super::theme;
use crate::client::ClientError;
use crate::kit::replay::{Player, Replay, SPEEDS};
use crate::kit::Ruleset;
use board::Board;
use egui_macroquad::egui::{self, RichText};
use macroquad::prelude::*;
use std::path::Path;

/// Width of the side panel, in egui points.
pub const PANEL: f32 = 360.0;

/// Leaving the viewer.
pub enum Exit {
    Menu,
}

/// One game's replay with its board.
struct Viewer<R: Ruleset, B: Board<R>> {
    replay: Replay<R>,
    player: Player,
    board: B,
    title: String,
    turn_wanted: u32,
    /// The position the board shows.
    shown: Option<usize>,
}

/// A replay of any game, as the application holds it.
trait AnyViewer {
    fn frame(&mut self, dt: f32, painter: &mut Painter, zoom: f32) -> Option<Exit>;
    fn jump_to_turn(&mut self, turn: u32);
}

pub struct ReplayScreen {
    inner: Box<dyn AnyViewer>,
}

impl ReplayScreen {
    /// Opens a file of any registered game (its `game:` key picks the ruleset and the board).
    pub fn open(path: &Path) -> Result<ReplayScreen, ClientError> {
        let text = crate::kit::guard::read_text(path)
            .map_err(|e| ClientError::file(crate::kit::scenario::guard_error(path, e)))?;
        let game = crate::kit::scenario::game_of(&text);
        let entry = crate::games::find(&game).ok_or_else(|| ClientError::UnknownGame {
            path: path.to_path_buf(),
            game: game.clone(),
            games: crate::games::names(),
        })?;
        let title = format!(
            "{} · {}",
            entry.title,
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        );
        // The one match per game: where a game's own board drawing plugs in.
        let inner: Box<dyn AnyViewer> = match game.as_str() {
            "orbitals" => {
                viewer::<crate::state::State, _>(path, title, board::TableBoard::default())?
            }
            "globetrotter" => {
                viewer::<crate::globetrotter::State, _>(path, title, board::GlobeBoard::default())?
            }
            "mothership" => {
                viewer::<crate::mothership::State, _>(path, title, board::TextBoard::default())?
            }
            "rover" => viewer::<crate::rover::State, _>(path, title, board::TextBoard::default())?,
            other => {
                return Err(ClientError::NoReplayBoard {
                    path: path.to_path_buf(),
                    game: other.to_string(),
                })
            }
        };
        Ok(ReplayScreen { inner })
    }

    pub fn frame(&mut self, dt: f32, painter: &mut Painter, zoom: f32) -> Option<Exit> {
        self.inner.frame(dt, painter, zoom)
    }

    /// Shows the start of turn `turn`.
    pub fn jump_to_turn(&mut self, turn: u32) {
        self.inner.jump_to_turn(turn);
    }
}

fn viewer<R: Ruleset, B: Board<R> + 'static>(
    path: &Path,
    title: String,
    board: B,
) -> Result<Box<dyn AnyViewer>, ClientError> {
    let replay = Replay::<R>::open(path).map_err(ClientError::file)?;
    Ok(Box::new(Viewer {
        replay,
        player: Player::default(),
        board,
        title,
        turn_wanted: 1,
        shown: None,
    }))
}

/// What the panel asked for this frame.
enum Act {
    Go(usize),
    Back,
    Forward,
    PrevTurn,
    NextTurn,
    Toggle,
    Turn(u32),
    Menu,
}

impl<R: Ruleset, B: Board<R>> AnyViewer for Viewer<R, B> {
    fn jump_to_turn(&mut self, turn: u32) {
        self.turn_wanted = turn;
        self.replay.jump_to_turn(turn);
    }

    fn frame(&mut self, dt: f32, painter: &mut Painter, zoom: f32) -> Option<Exit> {
        self.player.tick(&mut self.replay, dt);
        let mut act = None;
        let mut keyboard = false;
        egui_macroquad::ui(|ctx| {
            act = self.panel(ctx);
            self.board.ui(ctx, &self.replay);
            keyboard = ctx.wants_keyboard_input();
        });
        if !keyboard {
            act = act.or_else(keys);
        }
        // Any move by hand stops the playing.
        if !matches!(act, None | Some(Act::Toggle)) {
            self.player.playing = false;
        }
        let r = &mut self.replay;
        match act {
            Some(Act::Menu) => return Some(Exit::Menu),
            Some(Act::Go(i)) => r.go(i),
            Some(Act::Back) => {
                r.back();
            }
            Some(Act::Forward) => {
                r.forward();
            }
            Some(Act::PrevTurn) => {
                r.prev_turn();
            }
            Some(Act::NextTurn) => {
                r.next_turn();
            }
            Some(Act::Turn(t)) => r.jump_to_turn(t),
            Some(Act::Toggle) => self.player.toggle(r),
            None => {}
        }
        let changed = self.shown != Some(self.replay.at());
        self.shown = Some(self.replay.at());
        self.board
            .draw(&self.replay, changed, dt, painter, PANEL * zoom);
        None
    }
}

fn keys() -> Option<Act> {
    if is_key_pressed(KeyCode::Escape) {
        return Some(Act::Menu);
    }
    let pressed = |k: &[KeyCode]| k.iter().any(|&k| is_key_pressed(k));
    if pressed(&[KeyCode::Right]) {
        Some(Act::Forward)
    } else if pressed(&[KeyCode::Left]) {
        Some(Act::Back)
    } else if pressed(&[KeyCode::Down, KeyCode::PageDown]) {
        Some(Act::NextTurn)
    } else if pressed(&[KeyCode::Up, KeyCode::PageUp]) {
        Some(Act::PrevTurn)
    } else if pressed(&[KeyCode::Home]) {
        Some(Act::Go(0))
    } else if pressed(&[KeyCode::End]) {
        Some(Act::Go(usize::MAX))
    } else if pressed(&[KeyCode::Space]) {
        Some(Act::Toggle)
    } else {
        None
    }
}

impl<R: Ruleset, B: Board<R>> Viewer<R, B> {
    fn panel(&mut self, ctx: &egui::Context) -> Option<Act> {
        let mut act = None;
        let r = &self.replay;
        theme::side_panel(ctx, "replay-panel", PANEL).show(ctx, |ui| {
            ui.spacing_mut().item_spacing.y = 6.0;
            ui.horizontal(|ui| {
                ui.label(RichText::new("Replay").font(theme::bold(19.0)));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Main menu").on_hover_text("Esc").clicked() {
                        act = Some(Act::Menu);
                    }
                });
            });
            ui.label(RichText::new(&self.title).color(theme::egui_color(theme::TEXT_DIM)));
            ui.label(
                RichText::new(format!(
                    "Command {} of {} · turn {} of {}",
                    r.at(),
                    r.len(),
                    r.turn(),
                    r.last_turn()
                ))
                .font(theme::bold(15.0)),
            );
            let outcome = r.state().outcome();
            if outcome.is_over() {
                ui.label(format!("Game over: {}", outcome.notation()));
            }
            ui.horizontal_wrapped(|ui| {
                let b = |ui: &mut egui::Ui, text: &str, tip: &str| {
                    ui.button(text).on_hover_text(tip).clicked()
                };
                if b(ui, "|<", "To the start (Home)") {
                    act = Some(Act::Go(0));
                }
                if b(ui, "<< Turn", "To the start of the turn (Up)") {
                    act = Some(Act::PrevTurn);
                }
                if b(ui, "< Step", "One command back (Left)") {
                    act = Some(Act::Back);
                }
                let play = if self.player.playing { "Pause" } else { "Play" };
                if b(ui, play, "Play or pause (Space)") {
                    act = Some(Act::Toggle);
                }
                if b(ui, "Step >", "One command forward (Right)") {
                    act = Some(Act::Forward);
                }
                if b(ui, "Turn >>", "To the next turn (Down)") {
                    act = Some(Act::NextTurn);
                }
                if b(ui, ">|", "To the end (End)") {
                    act = Some(Act::Go(usize::MAX));
                }
            });
            let mut at = r.at();
            if ui
                .add(egui::Slider::new(&mut at, 0..=r.len()).text("command"))
                .changed()
            {
                act = Some(Act::Go(at));
            }
            ui.horizontal(|ui| {
                ui.label("Speed");
                egui::ComboBox::from_id_salt("replay-speed")
                    .selected_text(format!("{} commands/s", self.player.speed))
                    .show_ui(ui, |ui| {
                        for s in SPEEDS {
                            ui.selectable_value(
                                &mut self.player.speed,
                                s,
                                format!("{s} commands/s"),
                            );
                        }
                    });
            });
            ui.horizontal(|ui| {
                ui.label("Jump to turn");
                ui.add(egui::DragValue::new(&mut self.turn_wanted).range(1..=r.last_turn().max(1)));
                if ui.button("Go").clicked() {
                    act = Some(Act::Turn(self.turn_wanted));
                }
            });
            if let Some(why) = &r.stopped {
                ui.label(
                    RichText::new(format!("The file stops early: {why}"))
                        .small()
                        .color(theme::egui_color(theme::WARN)),
                );
            }
            self.board.panel(ui, r);
            ui.separator();
            log(ui, r);
        });
        act
    }
}

/// The event log up to the position, the last step's lines in bold, kept scrolled to the end.
fn log<R: Ruleset>(ui: &mut egui::Ui, r: &Replay<R>) {
    let lines = r.log_until(r.at());
    if lines.is_empty() {
        ui.label(
            RichText::new("The game is set up; no command yet.")
                .color(theme::egui_color(theme::TEXT_DIM)),
        );
        return;
    }
    // Only the rows in view are laid out: a long game's log stays cheap.
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show_rows(ui, 17.0, lines.len(), |ui, rows| {
            for (i, line) in &lines[rows] {
                let text = RichText::new(line).size(13.0);
                let text = if *i == r.at() {
                    text.strong().color(theme::egui_color(theme::TEXT))
                } else if line.starts_with(' ') {
                    text.color(theme::egui_color(theme::TEXT_DIM))
                } else {
                    text
                };
                ui.add(egui::Label::new(text).truncate());
            }
        });
}
