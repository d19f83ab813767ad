//! What the client's game sessions (Globetrotter, Mothership, RoveR) share around the kit's
//! session: the AI levels, who sits in a seat, seat names, the log steps of a position reached
//! outside a session (a scenario file, a demo fast-forward), the clocks of the screen's
//! animations, and what a rematch keeps of the game before it.
use crate::agent::spec::AI_LEVELS;
use crate::agent::{Agent, AgentSpec};
use crate::client::error::ClientError;
use crate::client::log::Log;
use crate::client::words::Entry;
use crate::client::words::Names;
use crate::ids::PlayerId;
use crate::kit::session::{Pacing, Seat as KitSeat, Session as KitSession};
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
        self.spec().for_ruleset::<R>(seed)
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
pub fn scenario_steps<R: Ruleset>(path: &Path) -> Result<(u64, R, Vec<Step<R>>), ClientError> {
    use crate::kit::ScenarioSpec;
    let loaded = crate::kit::scenario::load::<R>(path).map_err(ClientError::file)?;
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
            .map_err(|e| ClientError::File(format!("{}:{line}: {e}", path.display())))?;
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

/// Everything needed to start (or restart) a game: the game's table (Globetrotter's
/// [`crate::globetrotter::Config`]; `()` for games whose table is only the seats), the seats
/// and the seed.
#[derive(Clone, Debug)]
pub struct Setup<T> {
    pub table: T,
    pub seats: Vec<Seat>,
    pub seed: u64,
}

/// Something that just happened at a place of the board (a Globetrotter space, a Mothership
/// cell), shown for a moment.
#[derive(Clone, Copy, Debug)]
pub struct Flash<At> {
    pub at: At,
    pub bad: bool,
    pub age: f32,
}

impl<At> Aging for Flash<At> {
    fn age(&mut self) -> &mut f32 {
        &mut self.age
    }
}

/// A seat as a game names it ([`PlayerId`], Mothership's seat), by its index.
pub trait SeatIndex {
    fn seat_index(self) -> usize;
}

impl SeatIndex for PlayerId {
    fn seat_index(self) -> usize {
        self.index()
    }
}

impl SeatIndex for crate::mothership::Seat {
    fn seat_index(self) -> usize {
        self.index()
    }
}

/// What a game gives the client's generic [`GameSession`]: how a fresh game is set up, how
/// the log tells a step and what the board shows of it.
pub trait ScreenGame: Ruleset<Labels = ()> {
    /// The table a [`Setup`] holds besides the seats and the seed.
    type Table: Clone + std::fmt::Debug;
    /// A place of the board a [`Flash`] marks.
    type At: Copy + PartialEq;
    /// The board's other animations of a step (slides, tracers...); `()` for none.
    type Effects: Default;
    /// How long the AI's moves are shown.
    const PACING: Pacing;
    /// How long a flash shows.
    const FLASH_TIME: f32;

    /// A fresh game on `table` for `seats` seats: the state, the scenario file it starts from
    /// and the setup's events (an invalid table falls back to the game's default one).
    fn fresh(
        table: &Self::Table,
        seats: usize,
        seed: u64,
    ) -> (Self, Self::Scenario, Vec<Self::Event>);
    /// The table a state is played on.
    fn table_of(state: &Self) -> Self::Table;
    /// The log's lines for one step.
    fn describe(before: &Self, events: &[Self::Event], names: &Names) -> Vec<Entry>;
    /// Plain words for a command the rules refused.
    fn refusal(e: &Self::Error) -> String {
        e.to_string()
    }
    /// Flashes and effects for the kit session's history entry `index`, just played.
    fn animate(session: &mut GameSession<Self>, index: usize);
    /// Ages the effects by `dt`, dropping those done.
    fn age_effects(_effects: &mut Self::Effects, _dt: f32) {}
}

/// One game in the client, for every game that implements [`ScreenGame`]: the kit's session
/// (state, seats, AI worker, pacing, history, undo, autosave) plus what the screen shows of
/// it: the log in plain words, the seats' names, the last refusal of the rules, flashes and
/// the game's other effects. Every command goes through the kit session, which validates and
/// applies it with the rules; the client decides no rule.
pub struct GameSession<R: ScreenGame> {
    pub setup: Setup<R::Table>,
    /// The game itself: state, seats, AI, pacing, history (the kit's session).
    pub game: KitSession<R>,
    pub log: Log,
    pub names: Names,
    pub flashes: Vec<Flash<R::At>>,
    pub effects: R::Effects,
    /// Why the rules refused the last command a person tried (plain words and ruling).
    pub refusal: Option<String>,
}

impl<R: ScreenGame> GameSession<R> {
    /// A fresh game.
    pub fn new(mut setup: Setup<R::Table>, blocking: bool) -> Self {
        let (state, file, events) = R::fresh(&setup.table, setup.seats.len(), setup.seed);
        setup
            .seats
            .resize(state.num_players(), Seat::Ai(Level::GREEDY));
        let seats = kit_seats(&setup.seats);
        let game = KitSession::new(state, (), Some(file), events, seats, setup.seed, blocking);
        Self::from_game(setup, game, &[])
    }

    /// A game going on from `state` (no file describes its start); `history` led to it (the
    /// log tells it).
    pub fn with_state(
        mut setup: Setup<R::Table>,
        state: R,
        history: &[Step<R>],
        blocking: bool,
    ) -> Self {
        setup
            .seats
            .resize(state.num_players(), Seat::Ai(Level::GREEDY));
        let game = fresh_game(state, None, kit_seats(&setup.seats), setup.seed, blocking);
        Self::from_game(setup, game, history)
    }

    /// The game a save file holds, with its seats, history and dice as they were; it goes
    /// on saving there.
    pub fn resume(path: &Path, blocking: bool) -> Result<Self, ClientError> {
        let game = KitSession::<R>::load(path, None, blocking).map_err(ClientError::file)?;
        let setup = Setup {
            table: R::table_of(game.state()),
            seats: seats_of(game.seats()),
            seed: game.seed(),
        };
        let mut s = Self::from_game(setup, game, &[]);
        s.game.autosave = Some(path.to_path_buf());
        Ok(s)
    }

    fn from_game(setup: Setup<R::Table>, mut game: KitSession<R>, history: &[Step<R>]) -> Self {
        game.pacing = R::PACING;
        let (names, log) = named_log(&setup.seats, history, R::describe);
        let mut s = GameSession {
            setup,
            game,
            log,
            names,
            flashes: Vec::new(),
            effects: R::Effects::default(),
            refusal: None,
        };
        s.take_fresh(false);
        s
    }

    /// Same seats and table, next seed.
    pub fn rematch(&self) -> Self {
        let mut setup = self.setup.clone();
        setup.seed = setup.seed.wrapping_add(1);
        let mut s = Self::new(setup, self.game.blocking());
        carry_over(&mut s.game, &self.game);
        s
    }

    /// The name of seat `p`.
    pub fn name(&self, p: impl SeatIndex) -> String {
        seat_name(&self.setup.seats, p.seat_index())
    }
    /// More than one person at the table.
    pub fn hot_seat(&self) -> bool {
        hot_seat(&self.setup.seats)
    }
    /// The AI is choosing a move.
    pub fn thinking(&self) -> bool {
        self.game.thinking().is_some()
    }
    /// The AI's next move, shown before it is played: (command, age, duration).
    pub fn announce(&self) -> Option<(R::Move, f32, f32)> {
        self.game
            .announced()
            .map(|a| (a.command, a.age, a.duration))
    }
    /// The AI move being announced: (command, seat).
    pub fn announced(&self) -> Option<(R::Move, usize)> {
        self.game.announced().map(|a| (a.command, a.seat))
    }

    /// A person's command: the rules check it; a refusal is kept (and logged) in plain words
    /// with its ruling, and nothing changes.
    pub fn submit(&mut self, cmd: R::Move) -> bool {
        if !self.game.human_to_act() {
            return false;
        }
        match self.game.submit(cmd) {
            Ok(()) => {
                self.refusal = None;
                self.take_fresh(true);
                true
            }
            Err(e) => {
                self.refuse(R::refusal(&e));
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
        age_all(&mut self.flashes, dt, |f| f.age < R::FLASH_TIME);
        R::age_effects(&mut self.effects, dt);
        self.advance(dt);
    }

    /// Flashes `at` (a flash already there starts again).
    pub fn flash(&mut self, at: R::At, bad: bool) {
        self.flashes.retain(|f| f.at != at);
        self.flashes.push(Flash { at, bad, age: 0.0 });
    }
}

impl<R: ScreenGame> ClientSession for GameSession<R> {
    type Game = R;
    fn parts(&mut self) -> (&mut KitSession<R>, &mut Log) {
        (&mut self.game, &mut self.log)
    }
    fn take_step(&mut self, index: usize, animate: bool) {
        let step = &self.game.history()[index];
        let lines = R::describe(&step.before, &step.events, &self.names);
        self.log.extend(lines);
        if animate {
            R::animate(self, index);
        }
    }
}

/// The kit's session underneath: state, legal commands, seats, pacing and history are read
/// straight from it.
impl<R: ScreenGame> std::ops::Deref for GameSession<R> {
    type Target = KitSession<R>;
    fn deref(&self) -> &KitSession<R> {
        &self.game
    }
}
