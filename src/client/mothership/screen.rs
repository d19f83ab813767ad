//! The Mothership screen: the hex map (drawn by `draw`), the side panel ([`super::panel`]), the
//! score window at the end ([`super::score`]), and the input: hover and click cells to select
//! units and ships and to give the commands that light up; a click no legal command answers is
//! tried with the rules so that the refusal and its ruling are shown. Keys: Esc or right click
//! drops the selection, R turns the landing orientation, F toggles fire zones, Enter ends the
//! turn, Ctrl+Z undoes.
use super::draw::{self, TOP};
use super::hexmap::HexLayout;
use super::input::{self, Options, Sel};
use super::panel::{self, PanelAct};
use super::score::{self, EndAct};
use super::session::{Seat as SeatKind, Session};
use crate::client::game_screen::Frame;
use crate::client::paint::Painter;
use crate::client::theme;
use crate::mothership::state::Phase;
use crate::mothership::{Cell, Command, Seat};
use egui_macroquad::egui;
use macroquad::prelude::*;

/// Leaving the screen.
pub enum Exit {
    Menu,
}

/// Width of the side panel in egui points.
pub const PANEL: f32 = 340.0;
/// Height of the status line under the map.
const STATUS: f32 = 26.0;

pub struct MsScreen {
    pub session: Session,
    pub sel: Sel,
    pub options: Options,
    seen: (u64, Sel),
    /// Landing orientation shown and used (M18).
    pub orient: u8,
    /// Several commands aim at this cell: the player picks one in a small menu.
    pub popup: Option<(Cell, egui::Pos2)>,
    /// Fire zones shaded.
    pub zones: bool,
    pub hover: Option<Cell>,
    /// Hot-seat: the seat that lifted the curtain for its sealed choice (M21).
    curtain_lifted: Option<Seat>,
    /// The sealed choice being made: a bit per own ship that leaves.
    pub seal: u8,
    pub time: f32,
    egui_pointer: bool,
    /// The score window was closed to look at the map.
    pub score_closed: bool,
}

impl MsScreen {
    pub fn new(session: Session) -> MsScreen {
        MsScreen {
            sel: Sel::None,
            options: Options::default(),
            seen: (u64::MAX, Sel::None),
            orient: 0,
            popup: None,
            zones: true,
            hover: None,
            curtain_lifted: None,
            seal: 0,
            time: 0.0,
            egui_pointer: false,
            score_closed: false,
            session,
        }
    }

    /// Whose eyes the screen shows: the only person, or in hot-seat the person to act.
    pub fn viewer(&self) -> Option<Seat> {
        let s = self.session.state();
        let humans: Vec<usize> = (0..self.session.setup.seats.len())
            .filter(|&i| self.session.setup.seats[i] == SeatKind::Human)
            .collect();
        match humans.len() {
            0 => None,
            1 => Some(Seat(humans[0] as u8)),
            _ => humans
                .contains(&s.active.index())
                .then_some(s.active)
                .or(Some(Seat(humans[0] as u8))),
        }
    }

    /// Hot-seat, sealed choice: the next person must take the seat before it is shown.
    pub fn curtain_up(&self) -> bool {
        let s = self.session.state();
        self.session.hot_seat()
            && s.phase == Phase::Choose
            && self.session.human_to_act()
            && self.curtain_lifted != Some(s.active)
    }

    pub fn lift_curtain(&mut self) {
        self.curtain_lifted = Some(self.session.state().active);
        self.seal = 0;
    }

    /// Recomputes the options when the game or the selection changed.
    pub fn refresh(&mut self) {
        let version = self.session.game.version();
        let s = self.session.state();
        if self.seen.0 != version {
            self.popup = None;
            // Keep a selection that is still one's own.
            let still = match self.sel {
                Sel::Unit(u) => s.controller(u) == Some(s.active) && self.session.human_to_act(),
                Sel::Ship(x) => s.ship_controller(x) == Some(s.active),
                Sel::None => true,
            };
            if !still {
                self.sel = Sel::None;
            }
            if s.phase == Phase::Deploy && self.session.human_to_act() {
                let inside = matches!(self.sel, Sel::Unit(u) if matches!(s.unit(u).loc, crate::mothership::state::Loc::Ship(_)));
                if !inside {
                    if let Some(u) = input::next_to_deploy(self.session.legal()) {
                        self.sel = Sel::Unit(u);
                    }
                }
            }
        }
        if self.seen != (version, self.sel) {
            let s = self.session.state();
            self.options = input::options(s, self.session.legal(), self.sel);
            self.seen = (version, self.sel);
        }
    }

    /// Gives a command through the session (the rules check it).
    pub fn play(&mut self, cmd: Command) {
        self.popup = None;
        self.session.submit(cmd);
        self.refresh();
    }

    /// A click on a cell of the map.
    fn click(&mut self, cell: Cell, at: egui::Pos2) {
        if !self.session.human_to_act() || self.curtain_up() {
            return;
        }
        let s = self.session.state();
        if s.phase == Phase::Landing {
            let cmd = Command::Land {
                dome: cell,
                orient: self.orient,
            };
            self.play(cmd);
            return;
        }
        let choices = self.options.at(cell);
        match choices.len() {
            1 => {
                let cmd = choices[0].cmd;
                self.play(cmd);
                return;
            }
            n if n > 1 => {
                self.popup = Some((cell, at));
                return;
            }
            _ => {}
        }
        if let (Some(_), Sel::Unit(u)) = (self.options.move_cost(cell), self.sel) {
            self.play(Command::Go { unit: u, to: cell });
            return;
        }
        let pick = input::select_at(s, cell);
        if pick != Sel::None && pick != self.sel {
            self.sel = pick;
            self.session.refusal = None;
            self.popup = None;
            return;
        }
        if let Some(cmd) = input::attempt(s, self.sel, cell, self.orient) {
            // Not among the legal commands: the rules say why.
            if let Err(e) = crate::mothership::validate(s, &cmd) {
                self.session.refuse(super::words::refusal(&e));
                return;
            }
            self.play(cmd);
            return;
        }
        self.sel = Sel::None;
        self.popup = None;
    }

    crate::client::game_screen::screen_frame!(Exit);

    /// The frame after the clock and the session advanced: input, then drawing.
    fn run_frame(&mut self, f: &Frame, painter: &mut Painter) -> Option<Exit> {
        let (zoom, fake_mouse) = (f.zoom, f.fake_mouse);
        self.refresh();
        let (sw, sh) = (screen_width(), screen_height());
        let panel_px = PANEL * zoom;
        let area = Rect::new(0.0, TOP, (sw - panel_px).max(200.0), sh - TOP - STATUS);
        let lay = HexLayout::fit(&self.session.state().map, area);
        let mouse = f.mouse();
        self.hover = if !self.egui_pointer && area.contains(mouse) {
            lay.pick(&self.session.state().map, mouse)
        } else {
            None
        };

        let mut acts: Vec<PanelAct> = Vec::new();
        let mut end = None;
        let (mut pointer, mut keyboard) = (false, false);
        egui_macroquad::ui(|ctx| {
            panel::show(ctx, self, &mut acts);
            if let Some(a) = panel::popup(ctx, self) {
                acts.push(a);
            }
            if self.session.over() && self.session.game.ended_for() > 0.8 && !self.score_closed {
                end = score::show(ctx, &self.session);
            } else if self.curtain_up() && panel::curtain(ctx, self) {
                acts.push(PanelAct::LiftCurtain);
            }
            pointer = ctx.is_pointer_over_area() || ctx.wants_pointer_input();
            keyboard = ctx.wants_keyboard_input();
        });
        self.egui_pointer = pointer;
        for a in acts {
            match a {
                PanelAct::Play(c) => self.play(c),
                PanelAct::Select(s) => {
                    self.sel = s;
                    self.popup = None;
                    self.session.refusal = None;
                }
                PanelAct::ClosePopup => self.popup = None,
                PanelAct::Undo => {
                    if self.session.undo() {
                        self.sel = Sel::None;
                    }
                }
                PanelAct::LiftCurtain => self.lift_curtain(),
                PanelAct::Menu => return Some(Exit::Menu),
            }
        }
        match end {
            Some(EndAct::Rematch) => {
                let s = self.session.rematch();
                *self = MsScreen::new(s);
                return None;
            }
            Some(EndAct::Menu) => return Some(Exit::Menu),
            Some(EndAct::Look) => self.score_closed = true,
            None => {}
        }
        if fake_mouse.is_none() && !pointer {
            if is_mouse_button_pressed(MouseButton::Left) {
                if let Some(c) = self.hover {
                    self.click(c, egui::pos2(mouse.x / zoom, mouse.y / zoom));
                }
            }
            if is_mouse_button_pressed(MouseButton::Right) {
                self.cancel();
            }
        }
        if !keyboard && fake_mouse.is_none() {
            self.keys();
        }
        self.refresh();

        clear_background(theme::BG);
        draw::map(self, &lay, painter);
        draw::turn_track(self, area.w, painter);
        draw_rectangle(0.0, sh - STATUS, area.w, STATUS, theme::BAR);
        draw::status(self, Rect::new(0.0, sh - STATUS, area.w, STATUS), painter);
        painter.flush();
        if self.curtain_up() {
            draw_rectangle(0.0, 0.0, sw, sh, theme::BG);
        }
        None
    }

    fn cancel(&mut self) {
        self.sel = Sel::None;
        self.popup = None;
        self.session.refusal = None;
    }

    fn keys(&mut self) {
        if is_key_pressed(KeyCode::Escape) {
            self.cancel();
        }
        if is_key_pressed(KeyCode::R) {
            self.orient ^= 1;
        }
        if is_key_pressed(KeyCode::F) {
            self.zones = !self.zones;
        }
        let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
        if ctrl && is_key_pressed(KeyCode::Z) && self.session.undo() {
            self.sel = Sel::None;
        }
        if is_key_pressed(KeyCode::Enter)
            && self.session.legal().contains(&Command::End)
            && !self.curtain_up()
        {
            self.play(Command::End);
        }
    }
}
