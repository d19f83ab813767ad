//! One Mothership game in the client: the kit's session (state, seats, AI worker thread,
//! pacing, history, undo, autosave) plus what the screen shows of it: the log in plain words
//! ([`super::words`]), the last refusal of the rules, and flashes on cells where something
//! happened. Every command goes through the kit session, which validates and applies it with
//! the rules; the client decides no rule.
use super::words;
use crate::agent::{Agent, AgentSpec};
use crate::client::log::Log;
use crate::client::words::Names;
use crate::ids::PlayerId;
use crate::kit::session::{Pacing, Seat as KitSeat, Session as KitSession};
use crate::kit::Ruleset;
use crate::mothership::scenario::{state_of, Scenario};
use crate::mothership::{Cell, Command, Event, Seat as MsSeat, State};

/// How strong an AI seat plays: the same level table as Globetrotter's.
pub use crate::client::globe::session::Level;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Ai(Level),
}

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

/// One command's events with the state before them (for the log).
#[derive(Clone, Debug)]
pub struct Step {
    pub before: State,
    pub events: Vec<Event>,
}

pub struct Session {
    pub setup: Setup,
    pub game: KitSession<State>,
    pub log: Log,
    pub names: Names,
    pub flashes: Vec<Flash>,
    /// Why the rules refused the last command a person tried (plain words and ruling).
    pub refusal: Option<String>,
}

/// Seat names: "You" against the AI, "Player N" in hot-seat, "AI N" for AI seats.
pub fn seat_name(setup: &Setup, p: usize) -> String {
    let humans = setup.seats.iter().filter(|s| **s == Seat::Human).count();
    match setup.seats.get(p) {
        Some(Seat::Human) if humans == 1 => "You".into(),
        Some(Seat::Human) => format!("Player {}", p + 1),
        _ => format!("AI {}", p + 1),
    }
}

fn kit_seats(seats: &[Seat]) -> Vec<KitSeat> {
    seats
        .iter()
        .map(|s| match s {
            Seat::Ai(l) => KitSeat::Ai(l.spec()),
            Seat::Human => KitSeat::Human,
        })
        .collect()
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
        let game = KitSession::new(
            state,
            (),
            Some(file),
            Vec::new(),
            seats,
            setup.seed,
            blocking,
        );
        Session::from_game(setup, game, &[])
    }

    /// A game going on from `state` (no file describes its start); `history` led to it.
    pub fn with_state(setup: Setup, state: State, history: &[Step], blocking: bool) -> Session {
        let seats = kit_seats(&setup.seats);
        let game = KitSession::new(state, (), None, Vec::new(), seats, setup.seed, blocking);
        Session::from_game(setup, game, history)
    }

    /// The game a save file holds; it goes on saving there.
    pub fn resume(path: &std::path::Path, blocking: bool) -> Result<Session, String> {
        let game = KitSession::<State>::load(path, None, blocking).map_err(|e| e.to_string())?;
        let seats = game
            .seats()
            .iter()
            .map(|s| match s {
                KitSeat::Human => Seat::Human,
                KitSeat::Ai(spec) => Seat::Ai(Level::of(spec)),
            })
            .collect();
        let setup = Setup {
            seats,
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
        let humans: Vec<usize> = (0..setup.seats.len())
            .filter(|&i| setup.seats[i] == Seat::Human)
            .collect();
        let names = Names {
            seats: (0..setup.seats.len())
                .map(|i| seat_name(&setup, i))
                .collect(),
            you: (humans.len() == 1).then(|| PlayerId(humans[0] as u8)),
        };
        game.pacing = Pacing {
            after_pass: 0.35,
            after_move: 0.3,
            announce: 0.55,
        };
        let mut s = Session {
            setup,
            game,
            log: Log::default(),
            names,
            flashes: Vec::new(),
            refusal: None,
        };
        for step in history {
            s.log
                .extend(words::describe(&step.before, &step.events, &s.names));
        }
        s.take_fresh(false);
        s
    }

    pub fn thinking(&self) -> bool {
        self.game.thinking().is_some()
    }
    pub fn hot_seat(&self) -> bool {
        self.setup
            .seats
            .iter()
            .filter(|s| **s == Seat::Human)
            .count()
            > 1
    }
    pub fn name(&self, p: MsSeat) -> String {
        seat_name(&self.setup, p.index())
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
        s.game.speed = self.game.speed;
        s.game.autosave = self.game.autosave.clone();
        s
    }

    /// Advances timers; lets the AI move when it is time.
    pub fn update(&mut self, dt: f32) {
        for f in &mut self.flashes {
            f.age += dt;
        }
        self.flashes.retain(|f| f.age < FLASH_TIME);
        self.game.update(dt);
        self.take_fresh(true);
        if let Some(line) = self.game.take_problem() {
            self.log.note(line);
        }
    }

    fn take_fresh(&mut self, animate: bool) {
        for i in self.game.fresh_steps() {
            let step = &self.game.history()[i];
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
}

/// Plays on headlessly with greedy agents (seeded from `seed`) until `stop` holds or the game
/// ends; returns the last steps (for the log).
pub fn fast_forward(state: &mut State, seed: u64, stop: impl Fn(&State) -> bool) -> Vec<Step> {
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..state.num_players() as u64)
        .map(|i| <State as Ruleset>::agent(&AgentSpec::Greedy, seed.wrapping_mul(7) + i))
        .collect();
    let mut steps = std::collections::VecDeque::new();
    let mut guard = 0;
    while !state.outcome.is_over() && !stop(state) && guard < 50_000 {
        guard += 1;
        let p = state.active.index() % agents.len().max(1);
        let cmd = agents[p].choose(state);
        let before = state.clone();
        let Ok(events) = crate::mothership::play(state, cmd) else {
            break;
        };
        if steps.len() == 60 {
            steps.pop_front();
        }
        steps.push_back(Step { before, events });
    }
    steps.into()
}

/// The kit's session underneath: state, legal commands, seats, pacing and history are read
/// straight from it.
impl std::ops::Deref for Session {
    type Target = KitSession<State>;
    fn deref(&self) -> &KitSession<State> {
        &self.game
    }
}
