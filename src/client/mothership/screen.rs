//! The Mothership screen: the hex map (drawn by `draw`), the side panel ([`super::panel`]), the
//! score window at the end ([`super::score`]), and the input: hover and click cells to select
//! units and ships and to give the commands that light up; a click no legal command answers is
//! tried with the rules so that the refusal and its ruling are shown. Under the map, the planet
//! inset ([`super::planet_view`]). Keys: Esc or right click drops the selection, R turns the
//! landing orientation, F toggles fire zones, G the planet inset, Enter ends the turn, Ctrl+Z
//! undoes. A script ([`super::script`]) can play the same input without a person.
use super::draw::{self, TOP};
use super::hexmap::HexLayout;
use super::input::{self, Options, Sel};
use super::panel::{self, PanelAct};
use super::planet_view::PlanetView;
use super::score::{self, EndAct};
use super::script::{ScriptKey, Step};
use super::session::{Seat as SeatKind, Session};
use crate::client::game_screen::Frame;
use crate::client::paint::Painter;
use crate::client::theme;
use crate::mothership::state::Phase;
use crate::mothership::{Cell, Command, Seat};
use egui_macroquad::egui;
use macroquad::prelude::*;
use std::collections::VecDeque;

/// Leaving the screen.
pub enum Exit {
    Menu,
}

/// Width of the side panel in egui points.
pub const PANEL: f32 = 340.0;
/// Height of the status line under the map.
const STATUS: f32 = 26.0;
/// Frames between two steps of a script (animations get time to show).
const SCRIPT_GAP: u32 = 6;

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
    /// The planner's style for "Finish the turn for me" (see [`panel::PLAN_STYLES`]).
    pub plan_style: u8,
    /// The planet inset under the map is shown.
    pub planet: bool,
    pub planet_view: PlanetView,
    /// Input still to play from a script, the frames to wait before the next step, and the
    /// cell the script put the pointer on.
    pub script: VecDeque<Step>,
    script_wait: u32,
    script_hover: Option<Cell>,
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
            plan_style: 2,
            planet: true,
            planet_view: PlanetView::default(),
            script: VecDeque::new(),
            script_wait: 0,
            script_hover: None,
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
                .contains(&s.active().index())
                .then_some(s.active())
                .or(Some(Seat(humans[0] as u8))),
        }
    }

    /// Hot-seat, sealed choice: the next person must take the seat before it is shown.
    pub fn curtain_up(&self) -> bool {
        let s = self.session.state();
        self.session.hot_seat()
            && s.phase() == Phase::Choose
            && self.session.human_to_act()
            && self.curtain_lifted != Some(s.active())
    }

    pub fn lift_curtain(&mut self) {
        self.curtain_lifted = Some(self.session.state().active());
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
                Sel::Unit(u) => s.controller(u) == Some(s.active()) && self.session.human_to_act(),
                Sel::Ship(x) => s.ship_controller(x) == Some(s.active()),
                Sel::None => true,
            };
            if !still {
                self.sel = Sel::None;
            }
            if s.phase() == Phase::Deploy && self.session.human_to_act() {
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
        if s.phase() == Phase::Landing {
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
        let (area, inset) = self.split(area);
        let lay = HexLayout::fit(self.session.state().map(), area);
        let mouse = f.mouse();
        self.hover = if !self.egui_pointer && area.contains(mouse) {
            lay.pick(self.session.state().map(), mouse)
        } else {
            None
        };
        self.run_script(&lay, zoom);
        if self.script_hover.is_some() {
            self.hover = self.script_hover;
        }

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
                } else if let Some(x) = self.planet_view.pick(mouse) {
                    self.select_ship(x);
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
        self.planet_view.rect = None;
        if let Some(r) = inset {
            let session = &self.session;
            self.planet_view.draw(
                session.state(),
                r,
                f.dt,
                self.time,
                |p| session.name(p),
                painter,
            );
        }
        draw::turn_track(self, area.w, painter);
        draw_rectangle(0.0, sh - STATUS, area.w, STATUS, theme::BAR);
        draw::status(self, Rect::new(0.0, sh - STATUS, area.w, STATUS), painter);
        painter.flush();
        if self.curtain_up() {
            draw_rectangle(0.0, 0.0, sw, sh, theme::BG);
        }
        None
    }

    /// The map's area and, with the planet inset shown, the inset's strip under it.
    fn split(&self, area: Rect) -> (Rect, Option<Rect>) {
        if !self.planet || area.h < 300.0 {
            return (area, None);
        }
        let strip = PlanetView::strip(self.session.state(), area);
        let map = Rect::new(area.x, area.y, area.w, area.h - strip - 6.0);
        let inset = Rect::new(area.x + 8.0, map.bottom() + 2.0, area.w - 16.0, strip);
        (map, Some(inset))
    }

    /// Selects one's own ship (a pin of the planet inset).
    fn select_ship(&mut self, x: crate::mothership::ShipId) {
        let s = self.session.state();
        if self.session.human_to_act()
            && !self.curtain_up()
            && s.ship_controller(x) == Some(s.active())
        {
            self.sel = Sel::Ship(x);
            self.popup = None;
            self.session.refusal = None;
        }
    }

    /// Plays the script's next step when it is its time.
    fn run_script(&mut self, lay: &HexLayout, zoom: f32) {
        if self.script_wait > 0 {
            self.script_wait -= 1;
            return;
        }
        let Some(&step) = self.script.front() else {
            return;
        };
        let ready = match step {
            Step::Look => self.session.over() && self.session.game.ended_for() > 0.8,
            Step::Lift => self.curtain_up(),
            s if s.needs_turn() => {
                self.session.human_to_act()
                    && self.session.announced().is_none()
                    && !self.curtain_up()
            }
            _ => true,
        };
        if !ready {
            return;
        }
        self.script.pop_front();
        self.script_wait = SCRIPT_GAP;
        let s = self.session.state();
        match step {
            Step::Click(c, r) | Step::Hover(c, r) => {
                let Some(cell) = s.map().cell(i64::from(c), i64::from(r)) else {
                    self.session
                        .refuse(format!("the script names cell {c},{r}, not on the map"));
                    return;
                };
                if matches!(step, Step::Hover(..)) {
                    self.script_hover = Some(cell);
                    return;
                }
                let p = lay.centre(s.map(), cell);
                self.refresh();
                self.click(cell, egui::pos2(p.x / zoom, p.y / zoom));
            }
            Step::Key(k) => self.key(k),
            Step::End => self.play(Command::End),
            Step::Plan => self.play(Command::Plan {
                style: self.plan_style,
            }),
            Step::Pick(n) => {
                if let Some((cell, _)) = self.popup {
                    if let Some(ch) = self.options.at(cell).get(n - 1) {
                        let cmd = ch.cmd;
                        self.play(cmd);
                    }
                }
            }
            Step::Other(n) => {
                if let Some(ch) = self.options.other.get(n - 1) {
                    let cmd = ch.cmd;
                    self.play(cmd);
                }
            }
            Step::Tick(n) => {
                let own: Vec<_> = s
                    .ship_ids()
                    .filter(|&x| s.ship(x).on_planet() && s.ship(x).controller == s.active())
                    .collect();
                if let Some(x) = own.get(n - 1) {
                    self.seal ^= 1 << x.0;
                }
            }
            Step::Seal => self.play(Command::Seal { leave: self.seal }),
            Step::Lift => self.lift_curtain(),
            Step::Look => self.score_closed = true,
            Step::Wait(n) => self.script_wait = n,
            Step::Style(n) => self.plan_style = n,
        }
    }

    /// A key's effect (from the keyboard or a script).
    fn key(&mut self, k: ScriptKey) {
        match k {
            ScriptKey::Orient => self.orient ^= 1,
            ScriptKey::Zones => self.zones = !self.zones,
            ScriptKey::Planet => self.planet = !self.planet,
            ScriptKey::Escape => self.cancel(),
            ScriptKey::Undo => {
                if self.session.undo() {
                    self.sel = Sel::None;
                }
            }
            ScriptKey::Enter => {
                if self.session.legal().contains(&Command::End) && !self.curtain_up() {
                    self.play(Command::End);
                }
            }
        }
    }

    fn cancel(&mut self) {
        self.sel = Sel::None;
        self.popup = None;
        self.session.refusal = None;
    }

    fn keys(&mut self) {
        let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
        let keys = [
            (KeyCode::Escape, ScriptKey::Escape),
            (KeyCode::R, ScriptKey::Orient),
            (KeyCode::F, ScriptKey::Zones),
            (KeyCode::G, ScriptKey::Planet),
            (KeyCode::Enter, ScriptKey::Enter),
        ];
        for (code, k) in keys {
            if is_key_pressed(code) {
                self.key(k);
            }
        }
        if ctrl && is_key_pressed(KeyCode::Z) {
            self.key(ScriptKey::Undo);
        }
    }
}
