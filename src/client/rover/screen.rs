//! The RoveR screen: the grid ([`super::grid`]) with a bar above it, the side panel
//! ([`super::status`]), the key help and end windows ([`super::overlay`]), and the input:
//! keys, clicks and scripted key sequences all go through [`super::controls::Controls`].
use super::controls::{module_of, Controls, Key, Reaction};
use super::grid::{self, GridLayout, GridView, TOP_BAR};
use super::overlay::{self, EndAct};
use super::rv_words::cell_text;
use super::session::{LevelChoice, Session};
use super::status::{self, PanelAct};
use crate::client::error::ClientError;
use crate::client::game_screen::Frame;
use crate::client::paint::{Align, Painter};
use crate::client::table::draw_background;
use crate::client::theme;
use crate::rover::preview::{use_preview, AttackPreview};
use crate::rover::Dir;
use macroquad::prelude::*;
use std::collections::VecDeque;

/// Leaving the screen.
pub enum Exit {
    Menu,
}

/// Frames between two keys of a script (animations get time to show).
const SCRIPT_GAP: u32 = 10;

pub struct RoverScreen {
    pub session: Session,
    pub controls: Controls,
    pub help: bool,
    /// Keys to play as if typed, one every few frames (`--rover-keys`).
    pub script: VecDeque<Key>,
    script_wait: u32,
    hover: Option<crate::rover::Pos>,
    time: f32,
    egui_pointer: bool,
    egui_keyboard: bool,
}

impl RoverScreen {
    pub fn new(session: Session) -> RoverScreen {
        RoverScreen {
            session,
            controls: Controls::default(),
            help: false,
            script: VecDeque::new(),
            script_wait: 0,
            hover: None,
            time: 0.0,
            egui_pointer: false,
            egui_keyboard: false,
        }
    }

    fn replace(&mut self, s: Result<Session, ClientError>) {
        match s {
            Ok(s) => {
                self.session = s;
                self.controls = Controls {
                    all: self.controls.all,
                    ..Controls::default()
                };
            }
            Err(e) => self.session.log.note(format!("Cannot start: {e}")),
        }
    }

    /// One control, from whichever source.
    pub fn press(&mut self, key: Key) {
        if self.session.watching()
            && !matches!(key, Key::Help | Key::Faster | Key::Slower | Key::Cancel)
        {
            return;
        }
        if key == Key::Cancel && self.help {
            self.help = false;
            return;
        }
        let r = self.controls.press(self.session.state(), key);
        self.react(r);
    }

    fn react(&mut self, r: Reaction) {
        match r {
            Reaction::Play(c) => {
                if self.session.submit(c) {
                    self.controls.refresh(self.session.state());
                }
            }
            Reaction::Note(n) => self.session.log.note(n),
            Reaction::Undo => {
                if self.session.undo() {
                    self.controls.refresh(self.session.state());
                }
            }
            Reaction::Help => self.help = !self.help,
            Reaction::Faster => self.session.game.speed = (self.session.game.speed * 1.5).min(8.0),
            Reaction::Slower => self.session.game.speed = (self.session.game.speed / 1.5).max(0.25),
            Reaction::Changed => {}
        }
    }

    fn keys(&mut self) {
        let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
        let map = [
            (KeyCode::W, Key::Dir(Dir::N)),
            (KeyCode::Up, Key::Dir(Dir::N)),
            (KeyCode::A, Key::Dir(Dir::W)),
            (KeyCode::Left, Key::Dir(Dir::W)),
            (KeyCode::S, Key::Dir(Dir::S)),
            (KeyCode::Down, Key::Dir(Dir::S)),
            (KeyCode::D, Key::Dir(Dir::E)),
            (KeyCode::Right, Key::Dir(Dir::E)),
            (KeyCode::Key1, Key::Slot(0)),
            (KeyCode::Key2, Key::Slot(1)),
            (KeyCode::Key3, Key::Slot(2)),
            (KeyCode::Enter, Key::Enter),
            (KeyCode::KpEnter, Key::Enter),
            (KeyCode::L, Key::Targeting),
            (KeyCode::Space, Key::Wait),
            (KeyCode::H, Key::Help),
            (KeyCode::Slash, Key::Help),
            (KeyCode::F1, Key::Help),
            (KeyCode::Escape, Key::Cancel),
            (KeyCode::Equal, Key::Faster),
            (KeyCode::KpAdd, Key::Faster),
            (KeyCode::Minus, Key::Slower),
            (KeyCode::KpSubtract, Key::Slower),
            (KeyCode::I, Key::Install),
            (KeyCode::R, Key::Remove),
            (KeyCode::F, Key::Refit),
        ];
        if ctrl {
            if is_key_pressed(KeyCode::Z) {
                self.press(Key::Undo);
            }
            return;
        }
        for (code, key) in map {
            if is_key_pressed(code) {
                self.press(key);
            }
        }
    }

    /// The selected module's preview and reach.
    fn plan(&self) -> (Option<AttackPreview>, Vec<crate::rover::Pos>) {
        let s = self.session.state();
        let Some(k) = self.controls.slot else {
            return (None, Vec::new());
        };
        let Some((class, range, _)) = module_of(s, k) else {
            return (None, Vec::new());
        };
        let dir = class.aimed().then_some(self.controls.aim);
        (
            use_preview(s, k, dir),
            grid::reach(s, class, range, self.controls.aim),
        )
    }

    crate::client::game_screen::screen_frame!(Exit);

    /// The frame after the clock and the session advanced: input, then drawing.
    fn run_frame(&mut self, f: &Frame, painter: &mut Painter) -> Option<Exit> {
        let (zoom, fake_mouse) = (f.zoom, f.fake_mouse);
        self.controls.refresh(self.session.state());
        let (sw, sh) = (screen_width(), screen_height());
        let area = Rect::new(0.0, 0.0, (sw - status::WIDTH * zoom).max(200.0), sh);
        let layout = GridLayout::compute(self.session.state(), area);
        let mouse = f.mouse();
        self.hover = if self.egui_pointer {
            None
        } else {
            layout.pick(mouse)
        };
        let (preview, reach) = self.plan();
        let hover_text = self.hover.map(|p| cell_text(self.session.state(), p));

        let mut act = None;
        let mut end = None;
        let (mut pointer, mut keyboard) = (false, false);
        let show_end = self.session.over()
            && self.session.game.ended_for() > 0.8
            && self.session.busy_for() <= 0.0;
        let mut help = self.help;
        egui_macroquad::ui(|ctx| {
            // The keys are the game's: no panel button keeps the focus (Space or Enter would
            // press it as well).
            ctx.memory_mut(|m| {
                if let Some(id) = m.focused() {
                    m.surrender_focus(id);
                }
            });
            act = status::show(
                ctx,
                &mut self.session,
                &self.controls,
                preview.as_ref(),
                hover_text.as_deref(),
            );
            if help {
                help = overlay::help(ctx);
            }
            if show_end {
                end = overlay::end(ctx, &self.session);
            }
            pointer = ctx.is_pointer_over_area() || ctx.wants_pointer_input();
            keyboard = ctx.wants_keyboard_input();
        });
        self.help = help;
        self.egui_pointer = pointer;
        self.egui_keyboard = keyboard;
        match act {
            Some(PanelAct::Key(k)) => self.press(k),
            Some(PanelAct::Play(c)) if !self.session.watching() => self.react(Reaction::Play(c)),
            Some(PanelAct::Play(_)) => {}
            Some(PanelAct::Menu) => return Some(Exit::Menu),
            None => {}
        }
        match end {
            Some(EndAct::Again) => {
                let s = self.session.again();
                self.replace(s);
            }
            Some(EndAct::NextLevel) => {
                let mut setup = self.session.setup.clone();
                setup.level = match setup.level {
                    LevelChoice::Default | LevelChoice::File => LevelChoice::Generated(1),
                    LevelChoice::Generated(n) => LevelChoice::Generated(n.wrapping_add(1)),
                };
                setup.file = None;
                setup.seed = setup.seed.wrapping_add(1);
                let s = self.session.restart(setup);
                self.replace(s);
            }
            Some(EndAct::Menu) => return Some(Exit::Menu),
            None => {}
        }
        // Input: a script, or the keys and the mouse.
        if let Some(k) = self.script.front().copied() {
            if self.script_wait == 0 {
                self.script.pop_front();
                self.press(k);
                // Long scripts run fast; their last keys leave time to see what happened.
                self.script_wait = if self.script.len() < 3 { SCRIPT_GAP } else { 1 };
            } else {
                self.script_wait -= 1;
            }
        } else if fake_mouse.is_none() {
            if !self.egui_keyboard {
                self.keys();
            }
            if !self.egui_pointer && !self.session.watching() {
                if is_mouse_button_pressed(MouseButton::Left) {
                    if let Some(p) = self.hover {
                        let r = self.controls.click(self.session.state(), p);
                        self.react(r);
                    }
                }
                if is_mouse_button_pressed(MouseButton::Right) {
                    self.press(Key::Cancel);
                }
            }
        }

        // Drawing (with the plan as it stands after the input).
        let (preview, reach) = if self.controls.slot.is_some() {
            self.plan()
        } else {
            (preview, reach)
        };
        draw_background(area, self.time);
        self.top_bar(painter, area);
        let view = GridView {
            hover: self.hover,
            reach: &reach,
            preview: preview.as_ref(),
            aim: self.controls.aim,
            time: self.time,
        };
        grid::draw(painter, &self.session, &layout, &view);
        None
    }

    fn top_bar(&self, p: &mut Painter, area: Rect) {
        let s = self.session.state();
        let bar = Rect::new(area.x + 14.0, area.y + 6.0, area.w - 28.0, TOP_BAR - 10.0);
        let slot = match self
            .controls
            .slot
            .and_then(|k| module_of(s, k).map(|m| (k, m)))
        {
            Some((k, (_, _, name))) => format!("slot {k}: {name}"),
            None => "no slot selected".into(),
        };
        let who = if self.session.watching() {
            if self.session.game.thinking().is_some() {
                "autopilot thinking".to_string()
            } else {
                format!("autopilot at pace {:.2}", self.session.game.speed)
            }
        } else {
            format!(
                "targeting {} (L)",
                if self.controls.all {
                    "every entity"
                } else {
                    "hostiles only"
                }
            )
        };
        let left = format!(
            "{} · round {} · {} · {who}",
            self.session.setup.level.label(),
            s.round(),
            slot
        );
        p.text_in(&left, bar, 16.0, true, theme::TEXT, Align::Left);
        p.text_in("H: keys", bar, 14.0, false, theme::TEXT_DIM, Align::Right);
        p.flush();
    }
}
