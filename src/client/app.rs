//! The application: which screen is up (menu, table, game over, deck builder), and one frame
//! of it: update, hit-testing, the egui pass, input, then drawing (the table's frame is in
//! [`table_frame`]).
use super::catalog::Catalog;
use super::deckbuilder::{self, BuilderAction, DeckBuilder};
use super::error::ClientError;
use super::game::{Game, Seat, SeatKind, Setup};
use super::howto::guide::{self, Guide};
use super::interact::Interaction;
use super::menu::{self, MenuAction, MenuState};
use super::paint::Painter;
use super::saves::{Dialog, DialogAction, SavesAction};
use super::table::{self, anim::Anim};
use super::theme;
use macroquad::prelude::*;

mod script_run;
mod table_frame;

pub use script_run::Script;

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
    /// The guided first match's guide, while it runs.
    pub guide: Option<Guide>,
    /// Input played as if by a person (`--script`).
    pub script: Script,
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
            guide: None,
            script: Script::default(),
        }
    }

    /// Opens the table with a game.
    pub fn open(&mut self, game: Game, screen: Screen) {
        self.menu.resume_checked = false;
        self.game = Some(game);
        self.guide = None;
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
    pub fn open_replay(&mut self, path: &std::path::Path, turn: u16) -> Result<(), ClientError> {
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
    fn save_running(&self, name: &str) -> Result<(), ClientError> {
        let path = super::saves::path_for(name);
        match (self.screen, &self.game, &self.gt) {
            (Screen::Globetrotter, _, Some(gt)) => Ok(gt.session.game.save_as(&path, name)?),
            (_, Some(g), _) => Ok(g.session.save_as(&path, name)?),
            _ => Err(ClientError::NoGame),
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
                Err(e) => self.dialog.iter_mut().for_each(|d| d.failed(e.to_string())),
            },
            Some(DialogAction::SaveAndLeave(name)) => match self.save_running(&name) {
                Ok(()) => self.leave_game(),
                Err(e) => self.dialog.iter_mut().for_each(|d| d.failed(e.to_string())),
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

    /// Starts the guided first match: the guide's decks and seed against the easy AI, and
    /// the guide at its first step. Phases with nothing to do wait for the player (the guide
    /// explains each one) until the guide is over.
    pub fn start_guide(&mut self) -> Result<(), ClientError> {
        let db = self.catalog.db.clone().ok_or(ClientError::NoCards)?;
        let decks = guide::decks(&db).map_err(ClientError::GuideDeck)?.to_vec();
        let seats = vec![
            Seat {
                kind: SeatKind::Human,
                name: "You".into(),
            },
            Seat {
                kind: SeatKind::Ai(guide::AI.into()),
                name: "AI".into(),
            },
        ];
        self.start(Setup {
            db,
            decks,
            seats,
            seed: guide::SEED,
        });
        if let Some(g) = self.game.as_mut() {
            g.session.auto_pass = false;
            self.guide = Some(Guide::new(g.viewer));
        }
        Ok(())
    }

    /// Follows the game with the guide, plays its demo steps, and ends it when it is over.
    fn guide_update(&mut self) {
        let (Some(guide), Some(game)) = (self.guide.as_mut(), self.game.as_mut()) else {
            return;
        };
        guide.follow(&game.session);
        if let Some(c) = guide.demo(game.state(), game.legal(), game.human_to_act()) {
            game.submit(c);
            guide.follow(&game.session);
        }
        if guide.finished() {
            self.guide = None;
            game.session.auto_pass = true;
        }
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
            Err(e) if named => self.menu.saves.error = Some(e.to_string()),
            Err(e) => self.menu.resume_error = Some(e.to_string()),
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
            Some(MenuAction::Guide) => {
                if let Err(e) = self.start_guide() {
                    self.menu.guide_error = Some(e.to_string());
                }
            }
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
                    self.menu.saves.error = Some(e.to_string());
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
                    Err(e) => self.menu.resume_error = Some(e.to_string()),
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
}
