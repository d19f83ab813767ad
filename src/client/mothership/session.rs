//! One Mothership game in the client: the generic [`game_session::GameSession`] (the kit's
//! session, the log in plain words ([`super::words`]), seats' names, the last refusal of the
//! rules) with flashes on the cells where something happened. Every command goes through the
//! kit session, which validates and applies it with the rules; the client decides no rule.
use super::words;
use crate::client::game_session::{self, GameSession, ScreenGame};
use crate::client::words::{Entry, Names};
use crate::kit::session::Pacing;
use crate::mothership::scenario::{state_of, Scenario};
use crate::mothership::{Cell, Event, RuleError, State};

/// How strong an AI seat plays, and who plays a seat: the same as in every game.
pub use crate::client::game_session::{Level, Seat};

/// Everything needed to start (or restart) a game: the seats (their number is the table's,
/// M1) and the seed.
pub type Setup = game_session::Setup<()>;

/// One Mothership game in the client.
pub type Session = GameSession<State>;

/// One command's events with the state before them (for the log).
pub type Step = game_session::Step<State>;

pub const FLASH_TIME: f32 = 1.2;

impl ScreenGame for State {
    type Table = ();
    type At = Cell;
    type Effects = ();
    const PACING: Pacing = Pacing {
        after_pass: 0.35,
        after_move: 0.3,
        announce: 0.55,
    };
    const FLASH_TIME: f32 = FLASH_TIME;

    /// Landing first (M18), on the map for the number of seats (M1).
    fn fresh(_: &(), seats: usize, seed: u64) -> (State, Scenario, Vec<Event>) {
        let players = seats.clamp(2, 4) as u8;
        let file = Scenario::fresh(players, seed);
        match state_of(&file) {
            Ok(state) => (state, file, Vec::new()),
            Err(_) => {
                let file = Scenario::fresh(2, seed);
                let state = state_of(&file).expect("the two-player table is valid");
                (state, file, Vec::new())
            }
        }
    }

    fn table_of(_: &State) {}

    fn describe(before: &State, events: &[Event], names: &Names) -> Vec<Entry> {
        words::describe(before, events, names)
    }

    fn refusal(e: &RuleError) -> String {
        words::refusal(e)
    }

    /// A flash on every cell the step changed.
    fn animate(s: &mut Session, index: usize) {
        let step = &s.game.history()[index];
        let cells = words::cells_of(s.game.state(), &step.before, &step.events);
        for (at, bad) in cells {
            s.flash(at, bad);
        }
    }
}

/// Plays on headlessly with greedy agents (seeded from `seed`) until `stop` holds or the game
/// ends; returns the last steps (for the log).
pub fn fast_forward(state: &mut State, seed: u64, stop: impl Fn(&State) -> bool) -> Vec<Step> {
    game_session::fast_forward(state, seed, (50_000, 60), stop)
}
