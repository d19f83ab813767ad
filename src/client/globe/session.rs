//! One Globetrotter game in the client: the engine state, who sits where (people or AI levels),
//! the AI worker on its background thread, and the pacing of moves (the AI's move is announced
//! and highlighted before it is played; shots and changes flash on the globe) so a person can
//! follow them. Every change goes through [`globetrotter::play`]; the client decides no rule.
//! The log is in plain words ([`super::gt_words`]).
use super::gt_words;
use crate::agent::greedy::GreedyAgent;
use crate::agent::mcts::{MctsAgent, MctsConfig};
use crate::agent::random::RandomAgent;
use crate::agent::Agent;
use crate::client::ai_thread::Worker;
use crate::client::log::Log;
use crate::client::words::Names;
use crate::globetrotter::eval::GlobetrotterHeuristic;
use crate::globetrotter::{self as gt, Command, Config, Event, Loc, Outcome, State};
use crate::ids::PlayerId;
use std::time::Duration;

/// How strong an AI seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Random,
    Greedy,
    Mcts,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Random, Level::Greedy, Level::Mcts];
    pub fn label(self) -> &'static str {
        match self {
            Level::Random => "Easy (random)",
            Level::Greedy => "Normal (greedy)",
            Level::Mcts => "Hard (tree search)",
        }
    }
    fn agent(self, seed: u64) -> Box<dyn Agent<State>> {
        match self {
            Level::Random => Box::new(RandomAgent::<State>::new(seed)),
            Level::Greedy => Box::new(GreedyAgent::new(GlobetrotterHeuristic, seed)),
            Level::Mcts => Box::new(MctsAgent::new(
                MctsConfig {
                    iterations: 400,
                    ..MctsConfig::default()
                },
                GlobetrotterHeuristic,
                seed,
                "mcts",
            )),
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Ai(Level),
}

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

/// One command's events (or the setup's) with the state they started from, so that the log
/// can say whose pieces they were.
#[derive(Clone, Debug)]
pub struct Step {
    pub before: State,
    pub events: Vec<Event>,
}

pub const FLASH_TIME: f32 = 1.1;
pub const SLIDE_TIME: f32 = 0.4;
pub const HOP_TIME: f32 = 0.75;

pub struct Session {
    pub setup: Setup,
    pub state: State,
    /// Legal commands now (empty unless a person may act).
    pub legal: Vec<Command>,
    pub log: Log,
    pub names: Names,
    /// The AI's next move, shown before it is played: (command, age, duration).
    pub announce: Option<(Command, f32, f32)>,
    pub flashes: Vec<Flash>,
    pub tracers: Vec<Tracer>,
    pub slides: Vec<Slide>,
    pub hops: Vec<Hop>,
    /// Pace factor (0.25–8).
    pub speed: f32,
    /// Bumped at every applied command.
    pub version: u64,
    pub ended_for: f32,
    ai: Option<Worker<State>>,
    pending: Option<u64>,
    ready: Option<Command>,
    wait: f32,
    blocking: bool,
}

/// Seat names: "You" against the AI, "Player N" in hot-seat, "AI N" for AI seats.
pub fn seat_name(setup: &Setup, p: PlayerId) -> String {
    let humans = setup.seats.iter().filter(|s| **s == Seat::Human).count();
    match setup.seats.get(p.index()) {
        Some(Seat::Human) if humans == 1 => "You".into(),
        Some(Seat::Human) => format!("Player {}", p.0 + 1),
        _ => format!("AI {}", p.0 + 1),
    }
}

impl Session {
    /// A fresh game (an invalid table falls back to the default one).
    pub fn new(setup: Setup, blocking: bool) -> Session {
        let (state, ev) = gt::new_game(setup.config, setup.seed)
            .or_else(|_| gt::new_game(Config::default(), setup.seed))
            .expect("the default table is valid");
        let step = Step {
            before: state.clone(),
            events: ev,
        };
        Session::with_state(setup, state, &[step], blocking)
    }

    /// A game going on from `state`; the steps of `history` led to it (the log tells them).
    pub fn with_state(mut setup: Setup, state: State, history: &[Step], blocking: bool) -> Session {
        setup
            .seats
            .resize(state.config.players as usize, Seat::Ai(Level::Greedy));
        let agents: Vec<Option<Box<dyn Agent<State>>>> = setup
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                Seat::Ai(l) => Some(l.agent(setup.seed.wrapping_mul(31).wrapping_add(i as u64))),
                Seat::Human => None,
            })
            .collect();
        let ai = agents
            .iter()
            .any(|a| a.is_some())
            .then(|| Worker::spawn(agents));
        let humans: Vec<PlayerId> = (0..setup.seats.len())
            .filter(|&i| setup.seats[i] == Seat::Human)
            .map(|i| PlayerId(i as u8))
            .collect();
        let names = Names {
            seats: (0..setup.seats.len())
                .map(|i| seat_name(&setup, PlayerId(i as u8)))
                .collect(),
            you: (humans.len() == 1).then(|| humans[0]),
        };
        let mut s = Session {
            setup,
            state,
            legal: Vec::new(),
            log: Log::default(),
            names,
            announce: None,
            flashes: Vec::new(),
            tracers: Vec::new(),
            slides: Vec::new(),
            hops: Vec::new(),
            speed: 1.0,
            version: 0,
            ended_for: 0.0,
            ai,
            pending: None,
            ready: None,
            wait: 0.5,
            blocking,
        };
        for step in history {
            let lines = gt_words::describe(&step.before, &step.events, &s.names);
            s.log.extend(lines);
        }
        s.refresh_legal();
        s
    }

    /// A line of the client's own (errors, notes).
    fn note(&mut self, text: impl Into<String>) {
        self.log.note(text);
    }

    /// Same seats and table, next seed.
    pub fn rematch(&self) -> Session {
        let mut setup = self.setup.clone();
        setup.seed = setup.seed.wrapping_add(1);
        let mut s = Session::new(setup, self.blocking);
        s.speed = self.speed;
        s
    }

    pub fn name(&self, p: PlayerId) -> String {
        seat_name(&self.setup, p)
    }

    pub fn is_human(&self, p: PlayerId) -> bool {
        self.setup.seats.get(p.index()) == Some(&Seat::Human)
    }

    pub fn over(&self) -> bool {
        self.state.outcome != Outcome::Ongoing
    }

    /// A person may act now.
    pub fn human_to_act(&self) -> bool {
        !self.over() && self.is_human(self.state.active)
    }

    /// The AI is choosing a move.
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
    }

    fn refresh_legal(&mut self) {
        if self.human_to_act() {
            gt::legal_commands_into(&self.state, &mut self.legal);
        } else {
            self.legal.clear();
        }
    }

    /// A person's move (must be one of `legal`).
    pub fn submit(&mut self, cmd: Command) {
        if self.human_to_act() && self.legal.contains(&cmd) {
            self.apply(cmd);
        }
    }

    /// Advances timers; lets the AI move when it is time.
    pub fn update(&mut self, dt: f32) {
        self.wait = (self.wait - dt).max(0.0);
        for f in &mut self.flashes {
            f.age += dt;
        }
        self.flashes.retain(|f| f.age < FLASH_TIME);
        for t in &mut self.tracers {
            t.age += dt;
        }
        self.tracers.retain(|t| t.age < FLASH_TIME);
        for m in &mut self.slides {
            m.age += dt;
        }
        self.slides.retain(|m| m.age < SLIDE_TIME);
        for h in &mut self.hops {
            h.age += dt;
        }
        self.hops.retain(|h| h.age < HOP_TIME);
        if self.over() {
            self.ended_for += dt;
            return;
        }
        if self.human_to_act() {
            return;
        }
        if let Some((cmd, age, dur)) = &mut self.announce {
            *age += dt;
            if *age >= *dur {
                let cmd = *cmd;
                self.announce = None;
                self.apply(cmd);
            }
            return;
        }
        self.poll_ai();
        if self.wait > 0.0 {
            return;
        }
        if let Some(mut cmd) = self.ready.take() {
            if gt::validate(&self.state, &cmd).is_err() {
                self.note("The AI tried an illegal move; it passes.");
                cmd = Command::Pass;
            }
            if cmd == Command::Pass {
                self.apply(cmd);
            } else {
                self.announce = Some((cmd, 0.0, 0.7 / self.speed));
            }
        }
    }

    fn poll_ai(&mut self) {
        if self.ready.is_some() {
            return;
        }
        let active = self.state.active;
        let Some(ai) = &mut self.ai else {
            self.ready = Some(Command::Pass);
            return;
        };
        if self.pending.is_none() {
            self.pending = ai.request(active.index(), &self.state);
            if self.pending.is_none() {
                self.ready = Some(Command::Pass);
                return;
            }
        }
        let reply = if self.blocking {
            ai.wait(Duration::from_secs(60)).ok()
        } else {
            ai.poll()
        };
        if let Some(r) = reply {
            if Some(r.id) == self.pending {
                self.pending = None;
                self.ready = Some(r.mv.unwrap_or(Command::Pass));
            }
        }
    }

    fn apply(&mut self, cmd: Command) {
        let before = self.state.clone();
        match gt::play(&mut self.state, cmd) {
            Ok(ev) => {
                self.version += 1;
                let lines = gt_words::describe(&before, &ev, &self.names);
                self.log.extend(lines);
                self.animate(&ev);
                self.wait = if cmd == Command::Pass { 0.25 } else { 0.45 } / self.speed;
            }
            Err(e) => self.note(format!("Not allowed: {e}")),
        }
        self.refresh_legal();
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
                    let orbit = self.state.orbit.len().saturating_sub(1);
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

/// Plays on headlessly with greedy agents (seeded from `seed`) until `turns` player turns have
/// started or the game ends; returns the last moves.
pub fn fast_forward(state: &mut State, seed: u64, turns: u16) -> Vec<Step> {
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..state.config.players as u64)
        .map(|i| Level::Greedy.agent(seed.wrapping_mul(7).wrapping_add(i)))
        .collect();
    let mut steps = std::collections::VecDeque::new();
    let mut guard = 0;
    while state.outcome == Outcome::Ongoing && state.turn < turns && guard < 20_000 {
        guard += 1;
        let p = state.active.index() % agents.len().max(1);
        let mut cmd = agents[p].choose(state);
        if gt::validate(state, &cmd).is_err() {
            cmd = Command::Pass;
        }
        let before = state.clone();
        let Ok(events) = gt::play(state, cmd) else {
            break;
        };
        if steps.len() == 40 {
            steps.pop_front();
        }
        steps.push_back(Step { before, events });
    }
    steps.into()
}
