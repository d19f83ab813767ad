//! One Globetrotter game in the client: the kit's session (state, seats, AI worker, pacing,
//! history, undo) plus what the globe shows of it: the log in plain words, flashes, tracers,
//! slides and hops. Every change goes through the session, which validates and applies through
//! the rules; the client decides no rule.
//! The log is in plain words ([`super::gt_words`]).
use super::gt_words;
use crate::client::game_session::{
    self, impl_aging, impl_client_session, kit_seats, seat_name, seats_of, ClientSession,
};
use crate::client::log::Log;
use crate::client::words::Names;
use crate::globetrotter::scenario::ScenarioFile;
use crate::globetrotter::{Command, Config, Event, Loc, State};
use crate::ids::PlayerId;
use crate::kit::session::{Pacing, Session as KitSession};

pub use crate::client::game_session::{Level, Seat};

/// Everything needed to start (or restart) a game.
#[derive(Clone, Debug)]
pub struct Setup {
    pub config: Config,
    pub seats: Vec<Seat>,
    pub seed: u64,
}

/// Something that just happened at a space, shown for a moment.
#[derive(Clone, Copy, Debug)]
pub struct Flash {
    pub at: Loc,
    pub bad: bool,
    pub age: f32,
}

/// A shot, drawn as a tracer for a moment.
#[derive(Clone, Copy, Debug)]
pub struct Tracer {
    pub from: Loc,
    pub to: Loc,
    pub age: f32,
}

/// A rover sliding from one space to the next after a move.
#[derive(Clone, Copy, Debug)]
pub struct Slide {
    pub from: Loc,
    pub to: Loc,
    pub age: f32,
}

/// A rover between orbit and a planet: dropping onto `at` after a descent, or rising from
/// `at` to its place in the orbit list (`orbit`) after entering orbit.
#[derive(Clone, Copy, Debug)]
pub struct Hop {
    pub at: Loc,
    pub down: bool,
    pub orbit: usize,
    pub age: f32,
}

/// One command's events (or the setup's) with the state they started from.
pub type Step = game_session::Step<State>;

/// How long the AI's moves are shown.
const PACING: Pacing = Pacing {
    after_pass: 0.25,
    after_move: 0.45,
    announce: 0.7,
};

pub const FLASH_TIME: f32 = 1.1;
pub const SLIDE_TIME: f32 = 0.4;
pub const HOP_TIME: f32 = 0.75;

pub struct Session {
    pub setup: Setup,
    /// The game itself: state, seats, AI, pacing, history (the kit's session).
    pub game: KitSession<State>,
    pub log: Log,
    pub names: Names,
    pub flashes: Vec<Flash>,
    pub tracers: Vec<Tracer>,
    pub slides: Vec<Slide>,
    pub hops: Vec<Hop>,
}

impl Session {
    /// A fresh game (an invalid table falls back to the default one).
    pub fn new(setup: Setup, blocking: bool) -> Session {
        let file = ScenarioFile::fresh(setup.config, setup.seed);
        let mut events = Vec::new();
        let (state, file) = match file.to_state(&mut events) {
            Ok(s) => (s, file),
            Err(_) => {
                events.clear();
                let file = ScenarioFile::fresh(Config::default(), setup.seed);
                let state = file
                    .to_state(&mut events)
                    .expect("the default table is valid");
                (state, file)
            }
        };
        Session::start(setup, state, Some(file), events, &[], blocking)
    }

    /// The game a save file holds, with its seats, history and dice as they were; it goes
    /// on saving there.
    pub fn resume(path: &std::path::Path, blocking: bool) -> Result<Session, String> {
        let game = KitSession::<State>::load(path, None, blocking).map_err(|e| e.to_string())?;
        let setup = Setup {
            config: game.state().config,
            seats: seats_of(game.seats()),
            seed: game.seed(),
        };
        let mut s = Session::from_game(setup, game, &[]);
        s.game.autosave = Some(path.to_path_buf());
        Ok(s)
    }

    /// A game going on from `state`; the steps of `history` led to it (the log tells them).
    pub fn with_state(setup: Setup, state: State, history: &[Step], blocking: bool) -> Session {
        Session::start(setup, state, None, Vec::new(), history, blocking)
    }

    fn start(
        mut setup: Setup,
        state: State,
        file: Option<ScenarioFile>,
        events: Vec<Event>,
        history: &[Step],
        blocking: bool,
    ) -> Session {
        setup
            .seats
            .resize(state.config.players as usize, Seat::Ai(Level::GREEDY));
        let seats = kit_seats(&setup.seats);
        let game = KitSession::new(state, (), file, events, seats, setup.seed, blocking);
        Session::from_game(setup, game, history)
    }

    fn from_game(setup: Setup, mut game: KitSession<State>, history: &[Step]) -> Session {
        game.pacing = PACING;
        let (names, log) = game_session::named_log(&setup.seats, history, gt_words::describe);
        let mut s = Session {
            log,
            names,
            tracers: Vec::new(),
            slides: Vec::new(),
            hops: Vec::new(),
            flashes: Vec::new(),
            setup,
            game,
        };
        s.take_fresh(false);
        s
    }

    /// The AI's next move, shown before it is played: (command, age, duration).
    pub fn announce(&self) -> Option<(Command, f32, f32)> {
        self.game
            .announced()
            .map(|a| (a.command, a.age, a.duration))
    }

    /// Same seats and table, next seed.
    pub fn rematch(&self) -> Session {
        let mut setup = self.setup.clone();
        setup.seed = setup.seed.wrapping_add(1);
        let mut s = Session::new(setup, self.game.blocking());
        game_session::carry_over(&mut s.game, &self.game);
        s
    }

    pub fn name(&self, p: PlayerId) -> String {
        seat_name(&self.setup.seats, p.index())
    }

    /// The AI is choosing a move.
    pub fn thinking(&self) -> bool {
        self.game.thinking().is_some()
    }

    /// A person's move (must be one of `legal`).
    pub fn submit(&mut self, cmd: Command) {
        if self.human_to_act() && self.legal().contains(&cmd) {
            if let Err(e) = self.game.submit(cmd) {
                self.log.note(format!("Not allowed: {e}"));
            }
            self.take_fresh(true);
        }
    }

    /// Takes back the last move a person made and the replies to it.
    pub fn undo(&mut self) -> bool {
        let undone = self.game.undo();
        if undone {
            self.log.note("Took back the last move.");
        }
        undone
    }

    /// Plays again what the last undo took back (the same dice).
    pub fn redo(&mut self) -> bool {
        let redone = self.game.redo();
        if redone {
            self.log.note("Played the move again.");
            self.take_fresh(true);
        }
        redone
    }

    /// Advances timers; lets the AI move when it is time.
    pub fn update(&mut self, dt: f32) {
        game_session::age_all(&mut self.flashes, dt, |f| f.age < FLASH_TIME);
        game_session::age_all(&mut self.tracers, dt, |t| t.age < FLASH_TIME);
        game_session::age_all(&mut self.slides, dt, |m| m.age < SLIDE_TIME);
        game_session::age_all(&mut self.hops, dt, |h| h.age < HOP_TIME);
        self.advance(dt);
    }

    /// Flashes, tracers, slides and hops for one command's events.
    fn animate(&mut self, events: &[Event]) {
        for e in events {
            match *e {
                Event::Moved { from, to } => {
                    self.flash(to, false);
                    if from.planet == to.planet {
                        self.slides.retain(|m| m.to != to);
                        self.slides.push(Slide { from, to, age: 0.0 });
                    }
                }
                Event::Descended { at, .. } => {
                    self.flash(at, false);
                    self.hops.retain(|h| h.at != at);
                    self.hops.push(Hop {
                        at,
                        down: true,
                        orbit: 0,
                        age: 0.0,
                    });
                }
                Event::EnteredOrbit { from, .. } => {
                    // The rover joined the end of the orbit list.
                    let orbit = self.state().orbit.len().saturating_sub(1);
                    self.hops.retain(|h| h.down || h.orbit != orbit);
                    self.hops.push(Hop {
                        at: from,
                        down: false,
                        orbit,
                        age: 0.0,
                    });
                }
                Event::Fortified { at, .. }
                | Event::Built { at, .. }
                | Event::Produced { at, .. }
                | Event::Healed { at, .. }
                | Event::Placed { at, .. } => self.flash(at, false),
                Event::Wounded { at, .. } | Event::Removed { at, .. } | Event::Fired { at, .. } => {
                    self.flash(at, true)
                }
                Event::Shot { from, to, .. } => self.tracers.push(Tracer { from, to, age: 0.0 }),
                _ => {}
            }
        }
    }

    fn flash(&mut self, at: Loc, bad: bool) {
        self.flashes.retain(|f| f.at != at);
        self.flashes.push(Flash { at, bad, age: 0.0 });
    }
}

/// Plays on headlessly with greedy agents (seeded from `seed`) until turn `turns` or the end;
/// returns the last steps (for the log).
pub fn fast_forward(state: &mut State, seed: u64, turns: u16) -> Vec<Step> {
    game_session::fast_forward(state, seed, (20_000, 40), |s| s.turn >= turns)
}

impl_client_session!(Session, State);

impl Session {
    fn log_step(&mut self, index: usize, animate: bool) {
        let step = &self.game.history()[index];
        let lines = gt_words::describe(&step.before, &step.events, &self.names);
        let events = step.events.clone();
        self.log.extend(lines);
        if animate {
            self.animate(&events);
        }
    }
}

/// The kit's session underneath: state, legal commands, seats, pacing and history are read
/// straight from it.
impl std::ops::Deref for Session {
    type Target = KitSession<State>;
    fn deref(&self) -> &KitSession<State> {
        &self.game
    }
}

impl_aging!(Flash, Tracer, Slide, Hop);
