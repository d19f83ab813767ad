//! The application: which screen is up (menu, table, game over, deck builder), and one frame
//! of it: update, hit-testing, the egui pass, input, then drawing.
use super::catalog::Catalog;
use super::deckbuilder::{self, BuilderAction, DeckBuilder};
use super::game::{Game, Setup};
use super::gameover::{self, EndAction};
use super::interact::Interaction;
use super::menu::{self, MenuAction, MenuState};
use super::paint::{fade, Painter};
use super::panel::{self, PanelAction};
use super::saves::{Dialog, DialogAction, SavesAction};
use super::table::{
    self,
    anim::Anim,
    hand,
    layout::{panel_width, ChipAction, Hit, Layout},
};
use super::theme;
use super::tooltip;
use crate::rules::Command;
use egui_macroquad::egui;
use macroquad::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Menu,
    Table,
    GameOver,
    DeckBuilder,
    Globetrotter,
    /// The replay viewer.
    Replay,
    Mothership,
    Rover,
}

pub struct App {
    pub screen: Screen,
    pub catalog: Catalog,
    pub menu: MenuState,
    pub game: Option<Game>,
    pub inter: Interaction,
    anim: Anim,
    painter: Painter,
    pub quit: bool,
    /// Screenshot / benchmark runs: wait for the AI instead of polling.
    pub blocking: bool,
    /// Pretend the mouse is here (benchmarks, screenshots).
    pub fake_mouse: Option<Vec2>,
    egui_init: bool,
    /// Paints egui's output and keeps it between frames.
    pub egui_layer: super::egui_layer::EguiLayer,
    zoom: f32,
    egui_pointer: bool,
    egui_keyboard: bool,
    builder: Option<Box<DeckBuilder>>,
    /// The Globetrotter game, when one is open.
    pub gt: Option<super::globe::GtScreen>,
    /// The card game's linked globe view.
    pub linked: super::globe::linked::Linked,
    /// The replay being watched.
    replay: Option<super::replay::ReplayScreen>,
    /// "Save as…" or "Leave this game?" over the running game.
    dialog: Option<super::saves::Dialog>,
    /// The Mothership game, when one is open.
    pub ms: Option<super::mothership::MsScreen>,
    /// The RoveR game, when one is open.
    pub rover: Option<super::rover::RoverScreen>,
}

impl App {
    pub fn new(catalog: Catalog, blocking: bool) -> App {
        App {
            screen: Screen::Menu,
            menu: MenuState::new(&catalog),
            catalog,
            game: None,
            inter: Interaction::default(),
            anim: Anim::default(),
            painter: Painter::new(),
            quit: false,
            blocking,
            fake_mouse: None,
            egui_init: false,
            egui_layer: super::egui_layer::EguiLayer::new(),
            zoom: 1.0,
            egui_pointer: false,
            egui_keyboard: false,
            builder: None,
            gt: None,
            linked: Default::default(),
            replay: None,
            dialog: None,
            ms: None,
            rover: None,
        }
    }

    /// Opens the table with a game.
    pub fn open(&mut self, game: Game, screen: Screen) {
        self.menu.resume_checked = false;
        self.game = Some(game);
        self.inter = Interaction::default();
        self.anim.reset();
        self.screen = screen;
    }

    /// Opens the deck builder, with a deck file when given.
    pub fn open_builder(&mut self, file: Option<&std::path::Path>) {
        self.builder = Some(Box::new(DeckBuilder::new(&self.catalog, file)));
        self.screen = Screen::DeckBuilder;
    }

    /// Opens the Globetrotter screen.
    pub fn open_globetrotter(&mut self, gt: super::globe::GtScreen) {
        self.menu.resume_checked = false;
        self.gt = Some(gt);
        self.screen = Screen::Globetrotter;
    }

    /// Opens the RoveR screen.
    pub fn open_rover(&mut self, r: super::rover::RoverScreen) {
        self.menu.resume_checked = false;
        self.rover = Some(r);
        self.screen = Screen::Rover;
    }

    fn rover_frame(&mut self, dt: f32) {
        let Some(r) = self.rover.as_mut() else {
            self.screen = Screen::Menu;
            return;
        };
        if let Some(super::rover::Exit::Menu) =
            r.frame(dt, &mut self.painter, self.zoom, self.fake_mouse)
        {
            self.rover = None;
            self.screen = Screen::Menu;
        }
    }

    fn globe_frame(&mut self, dt: f32) {
        let Some(gt) = self.gt.as_mut() else {
            self.screen = Screen::Menu;
            return;
        };
        let had_selection = gt.sel != super::globe::choice::Sel::None;
        let exit = gt.frame(dt, &mut self.painter, self.zoom, self.fake_mouse);
        let over = gt.session.over();
        let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
        match exit {
            Some(super::globe::Exit::Menu) if over => self.leave_game(),
            Some(super::globe::Exit::Menu) => self.dialog = Some(Dialog::leave()),
            Some(super::globe::Exit::Quit) => self.quit = true,
            None if is_key_pressed(KeyCode::Escape) && !had_selection && !over => {
                self.dialog = Some(Dialog::leave())
            }
            None if ctrl && is_key_pressed(KeyCode::S) => self.dialog = Some(Dialog::save_as()),
            None => {}
        }
    }

    /// Opens a file in the replay viewer, at the start of `turn` when given.
    pub fn open_replay(&mut self, path: &std::path::Path, turn: u16) -> Result<(), String> {
        let mut r = super::replay::ReplayScreen::open(path)?;
        if turn > 0 {
            r.jump_to_turn(turn.into());
        }
        self.replay = Some(r);
        self.screen = Screen::Replay;
        Ok(())
    }

    fn replay_frame(&mut self, dt: f32) {
        let Some(r) = self.replay.as_mut() else {
            self.screen = Screen::Menu;
            return;
        };
        if let Some(super::replay::Exit::Menu) = r.frame(dt, &mut self.painter, self.zoom) {
            self.replay = None;
            self.screen = Screen::Menu;
        }
    }

    /// Back to the menu from a running game (it stays in the autosave).
    fn leave_game(&mut self) {
        self.game = None;
        self.gt = None;
        self.dialog = None;
        self.menu.resume_checked = false;
        self.screen = Screen::Menu;
    }

    /// Saves the running game under `name` in the save folder.
    fn save_running(&self, name: &str) -> Result<(), String> {
        let path = super::saves::path_for(name);
        match (self.screen, &self.game, &self.gt) {
            (Screen::Globetrotter, _, Some(gt)) => gt.session.game.save_as(&path, name),
            (_, Some(g), _) => g.session.save_as(&path, name),
            _ => Err("no game is running".into()),
        }
    }

    /// A frame with a dialog over the running game: the game waits behind it.
    fn dialog_frame(&mut self) {
        table::draw_background(
            Rect::new(0.0, 0.0, screen_width(), screen_height()),
            self.anim.time,
        );
        let Some(d) = self.dialog.as_mut() else {
            return;
        };
        let mut act = None;
        egui_macroquad::ui(|ctx| act = d.ui(ctx));
        match act {
            Some(DialogAction::Cancel) => self.dialog = None,
            Some(DialogAction::Leave) => self.leave_game(),
            Some(DialogAction::Save(name)) => match self.save_running(&name) {
                Ok(()) => self.dialog = None,
                Err(e) => self.dialog.iter_mut().for_each(|d| d.failed(e.clone())),
            },
            Some(DialogAction::SaveAndLeave(name)) => match self.save_running(&name) {
                Ok(()) => self.leave_game(),
                Err(e) => self.dialog.iter_mut().for_each(|d| d.failed(e.clone())),
            },
            None => {}
        }
    }

    /// Opens the Mothership screen.
    pub fn open_mothership(&mut self, ms: super::mothership::MsScreen) {
        self.menu.resume_checked = false;
        self.ms = Some(ms);
        self.screen = Screen::Mothership;
    }

    fn mothership_frame(&mut self, dt: f32) {
        let Some(ms) = self.ms.as_mut() else {
            self.screen = Screen::Menu;
            return;
        };
        match ms.frame(dt, &mut self.painter, self.zoom, self.fake_mouse) {
            Some(super::mothership::Exit::Menu) => {
                self.ms = None;
                self.screen = Screen::Menu;
            }
            None => {}
        }
    }

    fn start(&mut self, setup: Setup) {
        let mut g = Game::fresh(setup, &self.catalog.cards_dir, self.blocking);
        if !self.blocking {
            g.session.autosave = Some(crate::kit::save::autosave_path());
            g.session.speed = super::settings::get().ai_speed;
        }
        self.open(g, Screen::Table);
    }

    /// Opens the autosaved game.
    fn resume(&mut self, game: &str) {
        self.resume_from(&crate::kit::save::autosave_path(), game, false);
    }

    /// Opens a saved game; a named save (`named`) is left as it is and the game goes on in
    /// the autosave.
    fn resume_from(&mut self, path: &std::path::Path, game: &str, named: bool) {
        let autosave = (named && !self.blocking).then(crate::kit::save::autosave_path);
        let opened = match game {
            "globetrotter" => super::globe::Session::resume(path, self.blocking).map(|mut s| {
                if named {
                    s.game.autosave = autosave;
                }
                self.open_globetrotter(super::globe::GtScreen::new(s))
            }),
            "mothership" => super::mothership::Session::resume(path, self.blocking).map(|mut s| {
                if named {
                    s.game.autosave = autosave;
                }
                self.open_mothership(super::mothership::MsScreen::new(s))
            }),
            "rover" => super::rover::Session::load(path, None, self.blocking).map(|mut s| {
                s.game.autosave = if named {
                    autosave
                } else if self.blocking {
                    None
                } else {
                    Some(path.to_path_buf())
                };
                self.open_rover(super::rover::RoverScreen::new(s))
            }),
            _ => Game::resume(path, self.blocking).map(|mut g| {
                if named {
                    g.session.autosave = autosave;
                }
                self.open(g, Screen::Table)
            }),
        };
        match opened {
            Ok(()) => self.menu.saves.open = false,
            Err(e) if named => self.menu.saves.error = Some(e),
            Err(e) => self.menu.resume_error = Some(e),
        }
    }

    /// One frame: update, the egui pass, input, drawing (egui is drawn by [`App::draw_ui`]).
    pub fn frame(&mut self, dt: f32) {
        if !self.egui_init {
            egui_macroquad::cfg(theme::setup_egui);
            egui_macroquad::cfg(|ctx| self.egui_layer.install(ctx));
            self.egui_init = true;
            // Closing the window asks first when a deck has unsaved changes.
            prevent_quit();
        }
        if is_quit_requested() {
            match self.builder.as_mut() {
                Some(b) if b.unsaved() => {
                    b.ask_quit();
                    self.screen = Screen::DeckBuilder;
                }
                _ => self.quit = true,
            }
        }
        let (sw, sh) = (screen_width(), screen_height());
        let zoom = table::layout::ui_zoom(vec2(sw, sh)) * super::settings::get().ui_scale;
        if (zoom - self.zoom).abs() > 0.01 {
            egui_macroquad::cfg(|ctx| ctx.set_zoom_factor(zoom));
            self.zoom = zoom;
        }
        clear_background(theme::BG);
        let in_game = matches!(self.screen, Screen::Table | Screen::Globetrotter);
        if self.dialog.is_some() && in_game {
            self.dialog_frame();
            return;
        }
        match self.screen {
            Screen::Menu => self.menu_frame(dt),
            Screen::Table | Screen::GameOver => self.table_frame(dt, sw, sh),
            Screen::DeckBuilder => self.builder_frame(dt),
            Screen::Globetrotter => self.globe_frame(dt),
            Screen::Replay => self.replay_frame(dt),
            Screen::Mothership => self.mothership_frame(dt),
            Screen::Rover => self.rover_frame(dt),
        }
    }

    /// Draws the egui layer over the table (after [`App::frame`]).
    pub fn draw_ui(&mut self) {
        // egui-miniquad gets an empty pass (its textures still update); the layer paints.
        egui_macroquad::draw();
        self.egui_layer.draw();
    }

    fn menu_frame(&mut self, dt: f32) {
        if !self.menu.resume_checked {
            self.menu.refresh_resume();
        }
        self.anim.time += dt;
        menu::backdrop(&mut self.painter, self.anim.time);
        let mut act = None;
        let (m, cat) = (&mut self.menu, &self.catalog);
        egui_macroquad::ui(|ctx| act = menu::ui(ctx, m, cat));
        match act {
            Some(MenuAction::Start(setup)) => self.start(setup),
            // Back to the deck being built (e.g. after playing it), or a new one.
            Some(MenuAction::DeckBuilder) if self.builder.is_some() => {
                self.screen = Screen::DeckBuilder
            }
            Some(MenuAction::DeckBuilder) => self.open_builder(None),
            Some(MenuAction::Continue(game)) => self.resume(game),
            Some(MenuAction::Saves(SavesAction::Continue(path, game))) => {
                self.resume_from(&path, game, true)
            }
            Some(MenuAction::Saves(SavesAction::Watch(path))) => {
                if let Err(e) = self.open_replay(&path, 0) {
                    self.menu.saves.error = Some(e);
                }
            }
            Some(MenuAction::Globetrotter(setup)) => {
                let mut s = super::globe::Session::new(setup, self.blocking);
                if !self.blocking {
                    s.game.autosave = Some(crate::kit::save::autosave_path());
                }
                self.open_globetrotter(super::globe::GtScreen::new(s));
            }
            Some(MenuAction::Mothership(setup)) => {
                let mut s = super::mothership::Session::new(setup, self.blocking);
                if !self.blocking {
                    s.game.autosave = Some(crate::kit::save::autosave_path());
                }
                self.open_mothership(super::mothership::MsScreen::new(s));
            }
            Some(MenuAction::Rover(setup, speed)) => {
                match super::rover::Session::new(*setup, self.blocking) {
                    Ok(mut s) => {
                        s.game.speed = speed;
                        if !self.blocking {
                            s.game.autosave = Some(crate::kit::save::autosave_path());
                        }
                        self.open_rover(super::rover::RoverScreen::new(s));
                    }
                    Err(e) => self.menu.resume_error = Some(e),
                }
            }
            Some(MenuAction::Quit) => self.quit = true,
            None => {}
        }
    }

    fn builder_frame(&mut self, dt: f32) {
        self.anim.time += dt;
        table::draw_background(
            Rect::new(0.0, 0.0, screen_width(), screen_height()),
            self.anim.time,
        );
        let Some(b) = self.builder.as_mut() else {
            self.screen = Screen::Menu;
            return;
        };
        let mut act = None;
        let cat = &self.catalog;
        egui_macroquad::ui(|ctx| act = deckbuilder::ui(ctx, b, cat));
        match act {
            Some(BuilderAction::Menu) => {
                self.builder = None;
                // Saved decks show up in the menu.
                self.catalog = Catalog::load(&self.catalog.cards_dir, &self.catalog.decks_dir);
                self.menu = MenuState::new(&self.catalog);
                self.screen = Screen::Menu;
            }
            Some(BuilderAction::Play(setup)) => self.start(setup),
            Some(BuilderAction::Quit) => self.quit = true,
            None => {}
        }
    }

    fn table_frame(&mut self, dt: f32, sw: f32, sh: f32) {
        let Some(game) = self.game.as_mut() else {
            self.screen = Screen::Menu;
            return;
        };
        game.update(dt);
        if game.over()
            && game.session.ended_for() > 1.2
            && game.dice.is_none()
            && self.screen == Screen::Table
        {
            self.screen = Screen::GameOver;
        }
        let zoom = self.zoom;
        let panel_pts = panel_width(sw) / zoom;
        let panel_px = panel_pts * zoom;
        let globe_w = self.linked.width(sw);
        self.inter.refresh(game);
        let mut layout = Layout::compute(
            game.state(),
            game.viewer,
            vec2(sw, sh),
            panel_px + globe_w,
            game.legal(),
        );
        let mouse = self.fake_mouse.unwrap_or_else(|| mouse_position().into());
        let on_table = mouse.x < layout.table.right()
            && !self.egui_pointer
            && !game.curtain
            && !self.linked.covers_table();
        let hover = if on_table && self.screen == Screen::Table {
            layout.hit(mouse, hand::lifted(&self.inter))
        } else {
            None
        };
        self.inter.hover = hover;
        let chip_text = match hover {
            Some(Hit::Chip(i)) => layout.chips.get(i).map(|c| match c.action {
                ChipAction::Play(cmd) => tooltip::chip_text(game.state(), &game.names, &cmd),
                ChipAction::Select(_) => "Choose which project to build".to_string(),
            }),
            _ => None,
        };

        let (mut panel_act, mut end_act, mut lift) = (None, None, false);
        let screen = self.screen;
        let inter = &mut self.inter;
        let (mut egui_pointer, mut egui_keyboard) = (false, false);
        let mut link_mode = self.linked.mode;
        let table_right = layout.table.right() / zoom;
        egui_macroquad::ui(|ctx| {
            panel_act = panel::show(ctx, panel_pts, game, inter);
            super::globe::linked::toggles(ctx, &mut link_mode, table_right);
            if let Some(h) = hover {
                tooltip::show(
                    ctx,
                    game,
                    h,
                    egui::pos2(mouse.x / zoom, mouse.y / zoom),
                    chip_text.clone(),
                );
            }
            if screen == Screen::GameOver {
                end_act = gameover::ui(ctx, game);
            } else if game.curtain && !game.over() {
                lift = gameover::curtain(ctx, game);
            }
            egui_pointer = ctx.is_pointer_over_area() || ctx.wants_pointer_input();
            egui_keyboard = ctx.wants_keyboard_input();
        });
        self.egui_pointer = egui_pointer;
        self.egui_keyboard = egui_keyboard;
        self.linked.mode = link_mode;
        if !egui_keyboard {
            self.linked.mode = super::globe::linked::toggle_keys(self.linked.mode);
        }
        let before = (game.session.version(), self.inter.sel, self.inter.combat);

        match panel_act {
            Some(PanelAction::Play(c)) => self.inter.play(game, c),
            Some(PanelAction::Aim(d)) => self.inter.combat = Some(d),
            Some(PanelAction::Fire) => {
                if let Some(c) = self.inter.combat {
                    let cmd = Command::Combat {
                        ship: c.ship,
                        target: c.target,
                        x: c.x,
                    };
                    self.inter.play(game, cmd);
                }
            }
            Some(PanelAction::Concede) => game.concede(),
            Some(PanelAction::Undo) if game.undo() => self.inter.cancel(),
            Some(PanelAction::Undo) => {}
            Some(PanelAction::EndTurn) => self.inter.confirm_pass(game),
            Some(PanelAction::Menu) if game.over() => {
                self.leave_game();
                return;
            }
            Some(PanelAction::Menu) => {
                self.dialog = Some(Dialog::leave());
                return;
            }
            None => {}
        }
        if lift {
            game.lift_curtain();
        }
        if screen == Screen::Table && !egui_pointer && self.fake_mouse.is_none() {
            if is_mouse_button_pressed(MouseButton::Left)
                && mouse.x < layout.table.right()
                && !self.linked.covers_table()
            {
                self.inter.click(hover, &layout, game);
            }
            if is_mouse_button_pressed(MouseButton::Right) {
                self.inter.cancel();
            }
        }
        if screen == Screen::Table && !egui_keyboard {
            let picking =
                self.inter.sel.is_some() || self.inter.combat.is_some() || self.inter.confirm_end;
            if is_key_pressed(KeyCode::Escape) && !picking && !game.over() {
                self.dialog = Some(Dialog::leave());
            } else if is_key_pressed(KeyCode::Escape) {
                self.inter.cancel();
            }
            let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
            if ctrl && is_key_pressed(KeyCode::Z) && game.undo() {
                self.inter.cancel();
            }
            if ctrl && is_key_pressed(KeyCode::Y) && game.redo() {
                self.inter.cancel();
            }
            if ctrl && is_key_pressed(KeyCode::S) {
                self.dialog = Some(Dialog::save_as());
            }
            if is_key_pressed(KeyCode::Space) && game.human_to_act() {
                self.inter.play(game, Command::Pass);
            }
            if is_key_pressed(KeyCode::Enter) {
                if self.inter.confirm_end {
                    self.inter.confirm_pass(game);
                } else if let Some(c) = self.inter.combat {
                    self.inter.play(
                        game,
                        Command::Combat {
                            ship: c.ship,
                            target: c.target,
                            x: c.x,
                        },
                    );
                }
            }
        }
        match end_act {
            Some(EndAction::Rematch) => {
                let g = game.rematch();
                self.open(g, Screen::Table);
                return;
            }
            Some(EndAction::Menu) => {
                self.game = None;
                self.screen = Screen::Menu;
                return;
            }
            Some(EndAction::Quit) => self.quit = true,
            None => {}
        }
        // The globe view first: its scene is drawn before anything else is queued (see
        // `Linked::frame`), and a click in it is seen by the table this frame.
        let globe_rect = if self.linked.covers_table() {
            layout.table
        } else {
            Rect::new(layout.table.right(), 0.0, self.linked.width(sw), sh)
        };
        let free = screen == Screen::Table && !egui_pointer && self.fake_mouse.is_none();
        self.linked
            .frame(dt, game, &mut self.inter, &layout, globe_rect, mouse, free);
        if before != (game.session.version(), self.inter.sel, self.inter.combat) {
            self.inter.refresh(game);
            layout = Layout::compute(
                game.state(),
                game.viewer,
                vec2(sw, sh),
                panel_px + self.linked.width(sw),
                game.legal(),
            );
        }
        self.anim
            .update(&layout, game.state().orbit_counter, dt, game.session.speed);
        let linked = &self.linked;
        if linked.covers_table() {
            linked.overlay(&mut self.painter);
            self.painter.flush();
        } else {
            table::draw(
                &mut self.painter,
                game,
                &layout,
                &self.inter,
                &self.anim,
                |p| linked.overlay(p),
            );
        }
        if game.curtain && !game.over() {
            let t = layout.table;
            draw_rectangle(t.x, t.y, t.w, t.h, theme::BG);
        } else if self.screen == Screen::GameOver {
            let t = layout.table;
            draw_rectangle(t.x, t.y, t.w, t.h, fade(theme::BG, 0.55));
        }
    }
}
