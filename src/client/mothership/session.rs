//! One Mothership game in the client: the kit's session (state, seats, AI worker thread,
//! pacing, history, undo, autosave) plus what the screen shows of it: the log in plain words
//! ([`super::words`]), the last refusal of the rules, and flashes on cells where something
//! happened. Every command goes through the kit session, which validates and applies it with
//! the rules; the client decides no rule.
use super::words;
use crate::client::game_session::{
    self, impl_aging, impl_client_session, kit_seats, seat_name, seats_of, ClientSession,
};
use crate::client::log::Log;
use crate::client::words::Names;
use crate::kit::session::{Pacing, Session as KitSession};
use crate::mothership::scenario::{state_of, Scenario};
use crate::mothership::{Cell, Command, Seat as MsSeat, State};

/// How strong an AI seat plays, and who plays a seat: the same as in every game.
pub use crate::client::game_session::{Level, Seat};

/// Everything needed to start (or restart) a game.
#[derive(Clone, Debug)]
pub struct Setup {
    pub seats: Vec<Seat>,
    pub seed: u64,
}

/// Something that just happened on a cell, shown for a moment.
#[derive(Clone, Copy, Debug)]
pub struct Flash {
    pub at: Cell,
    pub bad: bool,
    pub age: f32,
}

pub const FLASH_TIME: f32 = 1.2;

/// How long the AI's moves are shown.
const PACING: Pacing = Pacing {
    after_pass: 0.35,
    after_move: 0.3,
    announce: 0.55,
};

/// One command's events with the state before them (for the log).
pub type Step = game_session::Step<State>;

pub struct Session {
    pub setup: Setup,
    pub game: KitSession<State>,
    pub log: Log,
    pub names: Names,
    pub flashes: Vec<Flash>,
    /// Why the rules refused the last command a person tried (plain words and ruling).
    pub refusal: Option<String>,
}

impl Session {
    /// A fresh game: landing first (M18), on the map for the number of seats (M1).
    pub fn new(setup: Setup, blocking: bool) -> Session {
        let players = setup.seats.len().clamp(2, 4) as u8;
        let file = Scenario::fresh(players, setup.seed);
        let state = state_of(&file).unwrap_or_else(|_| {
            state_of(&Scenario::fresh(2, setup.seed)).expect("the two-player table is valid")
        });
        let seats = kit_seats(&setup.seats);
        let game = game_session::fresh_game(state, Some(file), seats, setup.seed, blocking);
        Session::from_game(setup, game, &[])
    }

    /// A game going on from `state` (no file describes its start); `history` led to it.
    pub fn with_state(setup: Setup, state: State, history: &[Step], blocking: bool) -> Session {
        let seats = kit_seats(&setup.seats);
        let game = game_session::fresh_game(state, None, seats, setup.seed, blocking);
        Session::from_game(setup, game, history)
    }

    /// The game a save file holds; it goes on saving there.
    pub fn resume(path: &std::path::Path, blocking: bool) -> Result<Session, String> {
        let game = KitSession::<State>::load(path, None, blocking).map_err(|e| e.to_string())?;
        let setup = Setup {
            seats: seats_of(game.seats()),
            seed: game.seed(),
        };
        let mut s = Session::from_game(setup, game, &[]);
        s.game.autosave = Some(path.to_path_buf());
        Ok(s)
    }

    fn from_game(mut setup: Setup, mut game: KitSession<State>, history: &[Step]) -> Session {
        setup
            .seats
            .resize(game.state().num_players(), Seat::Ai(Level::GREEDY));
        game.pacing = PACING;
        let (names, log) = game_session::named_log(&setup.seats, history, words::describe);
        let mut s = Session {
            setup,
            game,
            log,
            names,
            flashes: Vec::new(),
            refusal: None,
        };
        s.take_fresh(false);
        s
    }

    pub fn thinking(&self) -> bool {
        self.game.thinking().is_some()
    }
    pub fn hot_seat(&self) -> bool {
        game_session::hot_seat(&self.setup.seats)
    }
    pub fn name(&self, p: MsSeat) -> String {
        seat_name(&self.setup.seats, p.index())
    }
    /// The AI move being announced: (command, seat).
    pub fn announced(&self) -> Option<(Command, usize)> {
        self.game.announced().map(|a| (a.command, a.seat))
    }

    /// A person's command: the rules check it; a refusal is kept (and logged) in plain words
    /// with its ruling, and nothing changes.
    pub fn submit(&mut self, cmd: Command) -> bool {
        if !self.human_to_act() {
            return false;
        }
        match self.game.submit(cmd) {
            Ok(()) => {
                self.refusal = None;
                self.take_fresh(true);
                true
            }
            Err(e) => {
                self.refuse(words::refusal(&e));
                false
            }
        }
    }

    /// Shows why a command the player tried is not allowed.
    pub fn refuse(&mut self, text: String) {
        if self.refusal.as_deref() != Some(text.as_str()) {
            self.log.note(format!("Not allowed: {text}"));
        }
        self.refusal = Some(text);
    }

    /// Takes back the last command a person gave (and the replies to it).
    pub fn undo(&mut self) -> bool {
        let undone = self.game.undo();
        if undone {
            self.refusal = None;
            self.log.note("Took back the last move.");
        }
        undone
    }

    /// Same seats, next seed.
    pub fn rematch(&self) -> Session {
        let mut setup = self.setup.clone();
        setup.seed = setup.seed.wrapping_add(1);
        let mut s = Session::new(setup, self.game.blocking());
        game_session::carry_over(&mut s.game, &self.game);
        s
    }

    /// Advances timers; lets the AI move when it is time.
    pub fn update(&mut self, dt: f32) {
        game_session::age_all(&mut self.flashes, dt, |f| f.age < FLASH_TIME);
        self.advance(dt);
    }
}

/// Plays on headlessly with greedy agents (seeded from `seed`) until `stop` holds or the game
/// ends; returns the last steps (for the log).
pub fn fast_forward(state: &mut State, seed: u64, stop: impl Fn(&State) -> bool) -> Vec<Step> {
    game_session::fast_forward(state, seed, (50_000, 60), stop)
}

impl_client_session!(Session, State);

impl Session {
    /// The step's lines, and a flash on every cell it changed.
    fn log_step(&mut self, index: usize, animate: bool) {
        let step = &self.game.history()[index];
        let lines = words::describe(&step.before, &step.events, &self.names);
        let cells = words::cells_of(self.game.state(), &step.before, &step.events);
        self.log.extend(lines);
        if animate {
            for (at, bad) in cells {
                self.flashes.retain(|f| f.at != at);
                self.flashes.push(Flash { at, bad, age: 0.0 });
            }
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

impl_aging!(Flash);
