//! What the client's game sessions (Globetrotter, Mothership, RoveR) share around the kit's
//! session: the AI levels, who sits in a seat, seat names, the log steps of a position reached
//! outside a session (a scenario file, a demo fast-forward), the clocks of the screen's
//! animations, and what a rematch keeps of the game before it.
use crate::agent::spec::AI_LEVELS;
use crate::agent::{Agent, AgentSpec};
use crate::client::log::Log;
use crate::client::words::Entry;
use crate::client::words::Names;
use crate::ids::PlayerId;
use crate::kit::session::{Seat as KitSeat, Session as KitSession};
use crate::kit::Ruleset;
use std::path::Path;

/// How strong an AI seat plays: an entry of the shared level table
/// ([`crate::agent::spec::AI_LEVELS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(pub usize);

impl Level {
    pub const RANDOM: Level = Level(0);
    pub const GREEDY: Level = Level(1);

    /// Every level, easiest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (0..AI_LEVELS.len()).map(Level)
    }
    pub fn label(self) -> &'static str {
        AI_LEVELS[self.0.min(AI_LEVELS.len() - 1)].label
    }
    /// The agent spec of this level.
    pub fn spec(self) -> AgentSpec {
        let text = AI_LEVELS[self.0.min(AI_LEVELS.len() - 1)].spec;
        AgentSpec::parse(text).unwrap_or(AgentSpec::Greedy)
    }
    /// The level of a spec (the nearest one for specs no level names).
    pub fn of(spec: &AgentSpec) -> Level {
        let text = spec.to_string();
        Level::all()
            .find(|l| AI_LEVELS[l.0].spec == text)
            .unwrap_or(match spec {
                AgentSpec::Random => Level::RANDOM,
                AgentSpec::Greedy => Level::GREEDY,
                _ => Level(AI_LEVELS.len() - 2),
            })
    }

    /// This level's agent for game `R`.
    pub fn agent<R: Ruleset>(self, seed: u64) -> Box<dyn Agent<R>> {
        R::agent(&self.spec(), seed)
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Ai(Level),
}

/// Seat names: "You" against the AI, "Player N" in hot-seat, "AI N" for AI seats.
pub fn seat_name(seats: &[Seat], p: usize) -> String {
    let humans = seats.iter().filter(|s| **s == Seat::Human).count();
    match seats.get(p) {
        Some(Seat::Human) if humans == 1 => "You".into(),
        Some(Seat::Human) => format!("Player {}", p + 1),
        _ => format!("AI {}", p + 1),
    }
}

/// The log's names of every seat (the one person against the AI is "you").
pub fn names(seats: &[Seat]) -> Names {
    let humans: Vec<usize> = (0..seats.len())
        .filter(|&i| seats[i] == Seat::Human)
        .collect();
    Names {
        seats: (0..seats.len()).map(|i| seat_name(seats, i)).collect(),
        you: (humans.len() == 1).then(|| PlayerId(humans[0] as u8)),
    }
}

/// The seats' names and a log telling `history`, each step by `describe`.
pub fn named_log<R: Ruleset>(
    seats: &[Seat],
    history: &[Step<R>],
    describe: impl Fn(&R, &[R::Event], &Names) -> Vec<Entry>,
) -> (Names, Log) {
    let names = names(seats);
    let mut log = Log::default();
    for step in history {
        log.extend(describe(&step.before, &step.events, &names));
    }
    (names, log)
}

/// A kit session for a fresh game from a scenario file (no notation labels, no setup events).
pub fn fresh_game<R: Ruleset<Labels = ()>>(
    state: R,
    file: Option<R::Scenario>,
    seats: Vec<KitSeat>,
    seed: u64,
    blocking: bool,
) -> KitSession<R> {
    KitSession::new(state, (), file, Vec::new(), seats, seed, blocking)
}

/// More than one person at the table.
pub fn hot_seat(seats: &[Seat]) -> bool {
    seats.iter().filter(|s| **s == Seat::Human).count() > 1
}

/// The kit's seats for these.
pub fn kit_seats(seats: &[Seat]) -> Vec<KitSeat> {
    seats
        .iter()
        .map(|s| match s {
            Seat::Ai(l) => KitSeat::Ai(l.spec()),
            Seat::Human => KitSeat::Human,
        })
        .collect()
}

/// The seats of a loaded game (an AI spec no level names: the nearest level).
pub fn seats_of(kit: &[KitSeat]) -> Vec<Seat> {
    kit.iter()
        .map(|s| match s {
            KitSeat::Human => Seat::Human,
            KitSeat::Ai(spec) => Seat::Ai(Level::of(spec)),
        })
        .collect()
}

/// The first seat is a person unless the AI plays every seat; the others are the greedy AI.
pub fn demo_seats(players: usize, ai_only: bool) -> Vec<Seat> {
    (0..players)
        .map(|i| {
            if i == 0 && !ai_only {
                Seat::Human
            } else {
                Seat::Ai(Level::GREEDY)
            }
        })
        .collect()
}

/// The pace of a game opened without the menu: `--speed`, else double speed when the AI
/// plays every seat.
pub fn demo_speed(opts: &crate::client::ClientOptions, ai_only: bool) -> f32 {
    opts.speed
        .unwrap_or(if ai_only { 2.0 } else { 1.0 })
        .clamp(0.25, 8.0)
}

/// One command's events (or the setup's) with the state they started from, so that the log
/// can say whose pieces they were.
#[derive(Clone, Debug)]
pub struct Step<R: Ruleset> {
    pub before: R,
    pub events: Vec<R::Event>,
}

/// The position a scenario file plays to, with its seed and the steps that led there: the
/// setup (when it had events), then every command, each checked and applied by the engine.
/// The first illegal command stops it (a scenario may end on the illegal command it expects);
/// the file's expectations are not checked here (the scenario tests do that).
pub fn scenario_steps<R: Ruleset>(path: &Path) -> Result<(u64, R, Vec<Step<R>>), String> {
    use crate::kit::ScenarioSpec;
    let loaded = crate::kit::scenario::load::<R>(path).map_err(|e| e.to_string())?;
    let mut state = loaded.state;
    let mut history = Vec::new();
    if !loaded.events.is_empty() {
        history.push(Step {
            before: state.clone(),
            events: loaded.events,
        });
    }
    for (line, text) in &loaded.lines {
        let cmd = state
            .parse_command(&loaded.labels, text)
            .map_err(|e| format!("{}:{line}: {e}", path.display()))?;
        let before = state.clone();
        match state.play(cmd) {
            Ok(events) => history.push(Step { before, events }),
            Err(_) => break,
        }
    }
    Ok((loaded.file.seed(), state, history))
}

/// Plays on headlessly with greedy agents (seeded from `seed`) until `stop` holds, the game
/// ends or `guard` commands were played; returns the last `keep` steps (for the log). An
/// agent's illegal command ends it.
pub fn fast_forward<R: Ruleset>(
    state: &mut R,
    seed: u64,
    (guard, keep): (usize, usize),
    stop: impl Fn(&R) -> bool,
) -> Vec<Step<R>> {
    let mut agents: Vec<Box<dyn Agent<R>>> = (0..state.num_players() as u64)
        .map(|i| Level::GREEDY.agent(seed.wrapping_mul(7).wrapping_add(i)))
        .collect();
    let mut steps = std::collections::VecDeque::new();
    for _ in 0..guard {
        if state.outcome().is_over() || stop(state) {
            break;
        }
        let p = state.current_player() % agents.len().max(1);
        let cmd = agents[p].choose(state);
        let before = state.clone();
        let Ok(events) = state.play(cmd) else {
            break;
        };
        if steps.len() == keep {
            steps.pop_front();
        }
        steps.push_back(Step { before, events });
    }
    steps.into()
}

/// Implements [`ClientSession`] for a session struct with `game: KitSession<$game>` and
/// `log: Log` fields and an inherent `log_step(&mut self, index: usize, animate: bool)`.
macro_rules! impl_client_session {
    ($session:ty, $game:ty) => {
        impl $crate::client::game_session::ClientSession for $session {
            type Game = $game;
            fn parts(
                &mut self,
            ) -> (
                &mut $crate::kit::session::Session<$game>,
                &mut $crate::client::log::Log,
            ) {
                (&mut self.game, &mut self.log)
            }
            fn take_step(&mut self, index: usize, animate: bool) {
                self.log_step(index, animate)
            }
        }
    };
}
pub(crate) use impl_client_session;

/// Something the screen shows for a while after an event: it knows its age.
pub trait Aging {
    fn age(&mut self) -> &mut f32;
}

/// Implements [`Aging`] for structs with an `age: f32` field.
macro_rules! impl_aging {
    ($($t:ty),* $(,)?) => {
        $(impl $crate::client::game_session::Aging for $t {
            fn age(&mut self) -> &mut f32 {
                &mut self.age
            }
        })*
    };
}
pub(crate) use impl_aging;

/// Ages every item by `dt` and keeps those still `alive`.
pub fn age_all<T: Aging>(items: &mut Vec<T>, dt: f32, alive: impl Fn(&T) -> bool) {
    for i in items.iter_mut() {
        *i.age() += dt;
    }
    items.retain(alive);
}

/// A game's session in the client: the kit's session, the log, and how one step the kit
/// session played is logged and animated.
pub trait ClientSession {
    type Game: Ruleset;
    fn parts(&mut self) -> (&mut KitSession<Self::Game>, &mut Log);
    /// Logs (and, when `animate`, animates) the kit session's history entry `index`.
    fn take_step(&mut self, index: usize, animate: bool);

    /// Logs (and animates) the steps the kit session played since the last call.
    fn take_fresh(&mut self, animate: bool) {
        for i in self.parts().0.fresh_steps() {
            self.take_step(i, animate);
        }
    }
    /// Runs the kit session for `dt` (the AI moves when it is time), then logs and animates
    /// what it played, and the first line of an AI failure.
    fn advance(&mut self, dt: f32) {
        self.parts().0.update(dt);
        self.take_fresh(true);
        let (game, log) = self.parts();
        if let Some(line) = game.take_problem() {
            log.note(line);
        }
    }
}

/// A new game that goes on as `old` did: the same speed, saving to the same file.
pub fn carry_over<R: Ruleset>(new: &mut KitSession<R>, old: &KitSession<R>) {
    new.speed = old.speed;
    new.autosave = old.autosave.clone();
}
