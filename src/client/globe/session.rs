//! One Globetrotter game in the client: the generic [`game_session::GameSession`] (the kit's
//! session, the log, seats' names, flashes) with what the globe adds: tracers, slides and hops,
//! and the log in plain words ([`super::gt_words`]). Every change goes through the session,
//! which validates and applies through the rules; the client decides no rule.
use super::gt_words;
use crate::client::game_session::{self, age_all, impl_aging, GameSession, ScreenGame};
use crate::client::words::{Entry, Names};
use crate::globetrotter::scenario::ScenarioFile;
use crate::globetrotter::{Config, Event, Loc, State};
use crate::kit::session::Pacing;

pub use crate::client::game_session::{Level, Seat};

/// Everything needed to start (or restart) a game: the table, the seats, the seed.
pub type Setup = game_session::Setup<Config>;

/// Something that just happened at a space, shown for a moment.
pub type Flash = game_session::Flash<Loc>;

/// One Globetrotter game in the client.
pub type Session = GameSession<State>;

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

/// What the globe animates besides flashes.
#[derive(Clone, Debug, Default)]
pub struct Motion {
    pub tracers: Vec<Tracer>,
    pub slides: Vec<Slide>,
    pub hops: Vec<Hop>,
}

/// One command's events (or the setup's) with the state they started from.
pub type Step = game_session::Step<State>;

pub const FLASH_TIME: f32 = 1.1;
pub const SLIDE_TIME: f32 = 0.4;
pub const HOP_TIME: f32 = 0.75;

impl ScreenGame for State {
    type Table = Config;
    type At = Loc;
    type Effects = Motion;
    const PACING: Pacing = Pacing {
        after_pass: 0.25,
        after_move: 0.45,
        announce: 0.7,
    };
    const FLASH_TIME: f32 = FLASH_TIME;

    fn fresh(config: &Config, _seats: usize, seed: u64) -> (State, ScenarioFile, Vec<Event>) {
        let file = ScenarioFile::fresh(*config, seed);
        let mut events = Vec::new();
        match file.to_state(&mut events) {
            Ok(s) => (s, file, events),
            Err(_) => {
                events.clear();
                let file = ScenarioFile::fresh(Config::default(), seed);
                let state = file
                    .to_state(&mut events)
                    .expect("the default table is valid");
                (state, file, events)
            }
        }
    }

    fn table_of(state: &State) -> Config {
        state.config()
    }

    fn describe(before: &State, events: &[Event], names: &Names) -> Vec<Entry> {
        gt_words::describe(before, events, names)
    }

    /// Flashes, tracers, slides and hops for one command's events.
    fn animate(s: &mut Session, index: usize) {
        let events = s.game.history()[index].events.clone();
        for e in events {
            match e {
                Event::Moved { from, to } => {
                    s.flash(to, false);
                    if from.planet == to.planet {
                        s.effects.slides.retain(|m| m.to != to);
                        s.effects.slides.push(Slide { from, to, age: 0.0 });
                    }
                }
                Event::Descended { at, .. } => {
                    s.flash(at, false);
                    s.effects.hops.retain(|h| h.at != at);
                    s.effects.hops.push(Hop {
                        at,
                        down: true,
                        orbit: 0,
                        age: 0.0,
                    });
                }
                Event::EnteredOrbit { from, .. } => {
                    // The rover joined the end of the orbit list.
                    let orbit = s.state().orbit().len().saturating_sub(1);
                    s.effects.hops.retain(|h| h.down || h.orbit != orbit);
                    s.effects.hops.push(Hop {
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
                | Event::Placed { at, .. } => s.flash(at, false),
                Event::Wounded { at, .. } | Event::Removed { at, .. } | Event::Fired { at, .. } => {
                    s.flash(at, true)
                }
                Event::Shot { from, to, .. } => {
                    s.effects.tracers.push(Tracer { from, to, age: 0.0 })
                }
                _ => {}
            }
        }
    }

    fn age_effects(m: &mut Motion, dt: f32) {
        age_all(&mut m.tracers, dt, |t| t.age < FLASH_TIME);
        age_all(&mut m.slides, dt, |m| m.age < SLIDE_TIME);
        age_all(&mut m.hops, dt, |h| h.age < HOP_TIME);
    }
}

/// Plays on headlessly with greedy agents (seeded from `seed`) until turn `turns` or the end;
/// returns the last steps (for the log).
pub fn fast_forward(state: &mut State, seed: u64, turns: u16) -> Vec<Step> {
    game_session::fast_forward(state, seed, (20_000, 40), |s| s.turn_number() >= turns)
}

impl_aging!(Tracer, Slide, Hop);
