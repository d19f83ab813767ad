//! One RoveR game in the client: the kit's session (state, the seat — a person, or the
//! autopilot as an AI seat —, pacing, history, undo, autosave) plus what the grid shows of it:
//! the log in plain words ([`super::rv_words`]) and the animations of each command's events.
//! The rover's own events play at once; each entity's turn follows, one after the other, so
//! the entities are seen to act after the rover (R3). Every change goes through the session,
//! which validates and applies through the rules; the client decides no rule.
use super::rv_words;
use crate::agent::AgentSpec;
use crate::client::error::ClientError;
use crate::client::game_session::{
    age_all, carry_over, fresh_game, impl_aging, impl_client_session, ClientSession,
};
use crate::client::log::Log;
use crate::kit::session::{Pacing, Seat, Session as KitSession};
use crate::rover::event::{Actor, Event, HitRoll};
use crate::rover::geom::Pos;
use crate::rover::scenario::Scenario;
use crate::rover::series::RoverTable;
use crate::rover::{Command, State};
use std::path::Path;

/// Which level to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelChoice {
    /// The default level (R20).
    Default,
    /// A level generated from this seed.
    Generated(u64),
    /// The level of a scenario or save file.
    File,
}

impl LevelChoice {
    /// Reads `default` or a seed number.
    pub fn parse(s: &str) -> Result<LevelChoice, ClientError> {
        match s.trim() {
            "default" => Ok(LevelChoice::Default),
            t => t
                .parse::<u64>()
                .map(LevelChoice::Generated)
                .map_err(|_| ClientError::NotALevel(t.to_string())),
        }
    }

    pub fn label(self) -> String {
        match self {
            LevelChoice::Default => "Default level".into(),
            LevelChoice::Generated(n) => format!("Generated level #{n}"),
            LevelChoice::File => "Level from a file".into(),
        }
    }
}

/// Everything needed to start (or restart) a game.
#[derive(Clone, Debug)]
pub struct Setup {
    pub level: LevelChoice,
    /// The dice's seed (and the autopilot's).
    pub seed: u64,
    /// `Some`: the autopilot plays and the player watches.
    pub autopilot: Option<AgentSpec>,
    /// For [`LevelChoice::File`]: the file's setup (its commands cleared).
    pub file: Option<Scenario>,
}

impl Setup {
    /// The scenario file that starts this game.
    pub fn scenario(&self) -> Scenario {
        match self.level {
            LevelChoice::File if self.file.is_some() => {
                let mut f = self
                    .file
                    .clone()
                    .unwrap_or_else(|| Scenario::fresh(RoverTable::Default, 0));
                f.seed = self.seed;
                f
            }
            LevelChoice::Default | LevelChoice::File => {
                Scenario::fresh(RoverTable::Default, self.seed)
            }
            LevelChoice::Generated(n) => {
                let mut f = Scenario::fresh(RoverTable::Generated, self.seed);
                f.generate = Some(n);
                f
            }
        }
    }
}

/// What an animation shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Damage taken: "-N".
    Damage(i32),
    /// A miss.
    Miss,
    /// Something good for the rover (repair, pickup, upload).
    Good,
    /// Destroyed.
    Destroyed,
}

/// A moment on a cell: floating damage numbers, misses, destruction.
#[derive(Clone, Copy, Debug)]
pub struct Flash {
    pub at: Pos,
    pub mark: Mark,
    /// Seconds before it starts (the entities act after the rover).
    pub delay: f32,
    pub age: f32,
}

/// A shot, drawn as a line for a moment.
#[derive(Clone, Copy, Debug)]
pub struct Tracer {
    pub from: Pos,
    pub to: Pos,
    pub hostile: bool,
    pub delay: f32,
    pub age: f32,
}

/// An entity or the rover sliding one cell.
#[derive(Clone, Copy, Debug)]
pub struct Slide {
    pub who: Actor,
    pub from: Pos,
    pub to: Pos,
    pub delay: f32,
    pub age: f32,
}

pub const FLASH_TIME: f32 = 0.9;
pub const SLIDE_TIME: f32 = 0.16;
/// Time between one entity's turn and the next, at speed 1.
pub const ENTITY_GAP: f32 = 0.12;

pub struct Session {
    pub setup: Setup,
    pub game: KitSession<State>,
    pub log: Log,
    pub flashes: Vec<Flash>,
    pub tracers: Vec<Tracer>,
    pub slides: Vec<Slide>,
}

fn kit_seats(setup: &Setup) -> Vec<Seat> {
    vec![match &setup.autopilot {
        Some(spec) => Seat::Ai(spec.clone()),
        None => Seat::Human,
    }]
}

impl Session {
    /// A fresh game on the chosen level.
    pub fn new(setup: Setup, blocking: bool) -> Result<Session, ClientError> {
        let file = setup.scenario();
        let state = file.to_state(Path::new(".")).map_err(ClientError::Table)?;
        let seats = kit_seats(&setup);
        let game = fresh_game(state, Some(file), seats, setup.seed, blocking);
        Ok(Session::from_game(setup, game))
    }

    /// A save (or any RoveR scenario file), played up to where it stands; with `autopilot`
    /// the autopilot takes the seat, else the file's seat (a person for a scenario).
    pub fn load(
        path: &Path,
        autopilot: Option<AgentSpec>,
        blocking: bool,
    ) -> Result<Session, ClientError> {
        let seats = autopilot.clone().map(|a| vec![Seat::Ai(a)]);
        let game = KitSession::<State>::load(path, seats, blocking).map_err(ClientError::file)?;
        let file = game.scenario().cloned();
        let level = match &file {
            Some(f) if f.generate.is_some() && f.rover.is_none() && f.entities.is_empty() => {
                LevelChoice::Generated(f.generate.unwrap_or(0))
            }
            Some(f)
                if f.level.as_deref() == Some("default")
                    && f.rover.is_none()
                    && f.entities.is_empty() =>
            {
                LevelChoice::Default
            }
            _ => LevelChoice::File,
        };
        let autopilot = match game.seats().first() {
            Some(Seat::Ai(spec)) => Some(spec.clone()),
            _ => None,
        };
        let setup = Setup {
            level,
            seed: file.as_ref().map(|f| f.seed).unwrap_or(0),
            autopilot,
            file,
        };
        Ok(Session::from_game(setup, game))
    }

    fn from_game(setup: Setup, mut game: KitSession<State>) -> Session {
        game.pacing = Pacing {
            after_pass: 0.15,
            after_move: 0.25,
            announce: 0.2,
        };
        let mut s = Session {
            setup,
            game,
            log: Log::default(),
            flashes: Vec::new(),
            tracers: Vec::new(),
            slides: Vec::new(),
        };
        s.log.note(format!(
            "{}: upload 30 data at the drop pod to win. H shows the keys.",
            s.setup.level.label()
        ));
        s.take_fresh(false);
        s
    }

    pub fn watching(&self) -> bool {
        self.setup.autopilot.is_some()
    }

    /// A person's command; an illegal one is explained in the log and changes nothing.
    pub fn submit(&mut self, cmd: Command) -> bool {
        if !self.human_to_act() {
            return false;
        }
        match self.game.submit(cmd) {
            Ok(()) => {
                self.take_fresh(true);
                true
            }
            Err(e) => {
                self.log.note(format!("Not allowed: {e}"));
                false
            }
        }
    }

    pub fn undo(&mut self) -> bool {
        let undone = self.game.undo();
        if undone {
            self.flashes.clear();
            self.tracers.clear();
            self.slides.clear();
            self.log.note("Took back your last command.");
        }
        undone
    }

    /// The same level again with the next dice seed.
    pub fn again(&self) -> Result<Session, ClientError> {
        let mut setup = self.setup.clone();
        setup.seed = setup.seed.wrapping_add(1);
        self.restart(setup)
    }

    /// A game from `setup`, keeping the speed and the autosave.
    pub fn restart(&self, setup: Setup) -> Result<Session, ClientError> {
        let mut s = Session::new(setup, self.game.blocking())?;
        carry_over(&mut s.game, &self.game);
        Ok(s)
    }

    /// Advances the animations and the session (the autopilot moves when it is time).
    pub fn update(&mut self, dt: f32) {
        age_all(&mut self.flashes, dt, |f| f.age < f.delay + FLASH_TIME);
        age_all(&mut self.tracers, dt, |t| {
            t.age < t.delay + FLASH_TIME * 0.5
        });
        age_all(&mut self.slides, dt, |m| m.age < m.delay + SLIDE_TIME);
        self.advance(dt);
    }

    /// Seconds until every animation of the last command has played.
    pub fn busy_for(&self) -> f32 {
        let f = self
            .flashes
            .iter()
            .map(|f| f.delay + FLASH_TIME * 0.4 - f.age);
        let m = self.slides.iter().map(|m| m.delay + SLIDE_TIME - m.age);
        f.chain(m).fold(0.0, f32::max)
    }

    /// Slides, tracers and flashes for one command's events; each entity's turn is delayed
    /// after the one before it.
    fn animate(&mut self, before: &State, events: &[Event]) {
        let gap = ENTITY_GAP / self.game.speed.max(0.25);
        let mut turn: Option<Actor> = None;
        let mut delay = 0.0f32;
        // Where each actor stands as the events unfold (spawned entities: where they appear).
        let mut rover_at = before.rover().at;
        let mut at: Vec<Pos> = self.game.state().entities().iter().map(|e| e.at).collect();
        for e in before.entities() {
            at[e.id.index()] = e.at;
        }
        let pos = |a: Actor, rover_at: Pos, at: &[Pos]| match a {
            Actor::Rover => rover_at,
            Actor::Entity(id) => at.get(id.index()).copied().unwrap_or(rover_at),
        };
        for e in events {
            let actor = match *e {
                Event::Moved { who, .. } => Some(who),
                Event::Roll(HitRoll { attacker, .. }) | Event::Missed { attacker, .. } => {
                    Some(attacker)
                }
                Event::Wander { id, .. } | Event::Woke { id } => Some(Actor::Entity(id)),
                Event::Spawned { by, .. } => Some(Actor::Entity(by)),
                _ => None,
            };
            if let Some(a @ Actor::Entity(_)) = actor {
                if turn != Some(a) {
                    turn = Some(a);
                    delay += gap;
                }
            }
            match *e {
                Event::Moved { who, to, .. } => {
                    let from = pos(who, rover_at, &at);
                    match who {
                        Actor::Rover => rover_at = to,
                        Actor::Entity(id) => at[id.index()] = to,
                    }
                    self.slides.push(Slide {
                        who,
                        from,
                        to,
                        delay,
                        age: 0.0,
                    });
                }
                Event::Teleported { with, to } => {
                    at[with.index()] = rover_at;
                    rover_at = to;
                }
                Event::Roll(HitRoll {
                    attacker,
                    target,
                    hit,
                    ..
                }) => {
                    let (a, b) = (pos(attacker, rover_at, &at), pos(target, rover_at, &at));
                    self.tracer(a, b, attacker != Actor::Rover, delay);
                    if !hit {
                        self.flash(b, Mark::Miss, delay);
                    }
                }
                Event::Missed { attacker, target } => {
                    let (a, b) = (pos(attacker, rover_at, &at), pos(target, rover_at, &at));
                    self.tracer(a, b, attacker != Actor::Rover, delay);
                    self.flash(b, Mark::Miss, delay);
                }
                Event::Damaged { target, raw, .. } => {
                    self.flash(pos(target, rover_at, &at), Mark::Damage(raw), delay)
                }
                Event::Destroyed { target } => {
                    self.flash(pos(target, rover_at, &at), Mark::Destroyed, delay)
                }
                Event::Repaired { .. }
                | Event::PickedUp { .. }
                | Event::Uploaded { .. }
                | Event::DataGained { .. } => self.flash(rover_at, Mark::Good, delay),
                _ => {}
            }
        }
        // Hold the autopilot's next move until the entities have been seen.
        self.game.pause(delay);
    }

    fn tracer(&mut self, from: Pos, to: Pos, hostile: bool, delay: f32) {
        if from.manhattan(to) > 1 {
            self.tracers.push(Tracer {
                from,
                to,
                hostile,
                delay,
                age: 0.0,
            });
        }
    }

    fn flash(&mut self, at: Pos, mark: Mark, delay: f32) {
        self.flashes.push(Flash {
            at,
            mark,
            delay,
            age: 0.0,
        });
    }
}

impl_aging!(Flash, Tracer, Slide);

impl_client_session!(Session, State);

impl Session {
    fn log_step(&mut self, index: usize, animate: bool) {
        let step = &self.game.history()[index];
        let round = step.before.round();
        let events = step.events.clone();
        let cmd = step.command;
        let lines = rv_words::describe(self.game.state(), round, cmd.as_ref(), &events);
        self.log.extend(lines);
        if animate {
            let before = step.before.clone();
            self.animate(&before, &events);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rover::Dir;

    #[test]
    fn levels_parse_and_start() {
        assert_eq!(LevelChoice::parse("default"), Ok(LevelChoice::Default));
        assert_eq!(LevelChoice::parse("17"), Ok(LevelChoice::Generated(17)));
        assert!(LevelChoice::parse("x").is_err());
        let setup = Setup {
            level: LevelChoice::Generated(4),
            seed: 9,
            autopilot: None,
            file: None,
        };
        let s = Session::new(setup, true).unwrap();
        assert_eq!(s.state().round(), 1);
        assert_eq!(s.game.scenario().and_then(|f| f.generate), Some(4));
    }

    /// A newcomer's route through the default level, typed as keys only (R16 controls, L
    /// for every entity, I to install a picked-up module), wins it.
    #[test]
    fn the_default_level_is_won_with_the_keyboard_alone() {
        use super::super::controls::{Controls, Key, Reaction};
        let text = include_str!("../../../tests/fixtures/rover/keyboard_win.txt");
        let keys = Key::parse_script(text).unwrap();
        let setup = Setup {
            level: LevelChoice::Default,
            seed: 1,
            autopilot: None,
            file: None,
        };
        let mut s = Session::new(setup, true).unwrap();
        let mut c = Controls::default();
        let mut played = 0;
        for k in keys {
            if let Reaction::Play(cmd) = c.press(s.state(), k) {
                assert!(s.submit(cmd), "{cmd:?} refused");
                played += 1;
            }
        }
        assert_eq!(played, 184);
        assert_eq!(
            s.state().standing(),
            crate::kit::Outcome::Solo {
                won: true,
                score: 30
            }
        );
    }

    #[test]
    fn a_move_is_logged_and_animated_and_undo_never_rerolls() {
        let setup = Setup {
            level: LevelChoice::Default,
            seed: 2,
            autopilot: None,
            file: None,
        };
        let mut s = Session::new(setup, true).unwrap();
        let start = s.state().rover().at;
        assert!(s.submit(Command::Move(Dir::N)));
        assert_ne!(s.state().rover().at, start);
        assert!(s
            .slides
            .iter()
            .any(|m| m.who == Actor::Rover && m.delay == 0.0));
        // An illegal command changes nothing.
        let v = s.game.version();
        assert!(!s.submit(Command::Refit));
        assert_eq!(s.game.version(), v);
        // The dust mites rolled their wander dice after the move (R24): taking the move back
        // would roll them again, so undo refuses and the position stays.
        let moved = s.state().rover().at;
        assert!(!s.undo());
        assert_eq!(s.state().rover().at, moved);
    }
}
