//! A game being played by people and AI seats, for any frontend and any ruleset: the state,
//! who sits where, the AI on its background thread, the pacing of moves (an AI move is
//! announced before it is played, a short wait follows every move), automatic passing, the
//! history of every command with the state before it, undo and redo. It draws nothing: a frontend
//! reads it, submits people's commands, calls [`Session::update`] every frame and animates the
//! steps [`Session::fresh_steps`] hands it.
//!
//! Every change goes through the ruleset's `validate` then `apply_into`. An AI that answers
//! with an illegal command (or fails to answer) has a bug: the session stops asking it, keeps
//! the game as it was and reports the problem with the seed and the position; it never plays
//! a substitute move.
//!
//! Undo takes back a person's last command with the AI replies played after it, but never
//! past a step whose outcome was hidden from the person when they chose (dice rolled, a card
//! drawn from a pile they cannot see: see [`Session::can_undo`]), and in hot-seat never into
//! another person's turn. Redo plays the taken-back commands again exactly as they were, so
//! no die is rolled anew. The AI seats' agents are made at once, their thread only when an
//! AI seat first has to move.
use super::ruleset::{RuleViolation, Ruleset, ScenarioSpec};
use super::save::{now, write_atomic, SaveInfo};
use super::scenario::{load, replay_yaml, ScenarioError};
use super::worker::Worker;
use crate::agent::AgentSpec;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum Seat {
    Human,
    Ai(AgentSpec),
}

/// A seat as a save file writes it: `human` or an agent spec.
pub fn seat_text(seat: &Seat) -> String {
    match seat {
        Seat::Human => "human".into(),
        Seat::Ai(spec) => spec.to_string(),
    }
}

/// A seat of a save file that is neither a person nor an agent spec.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is neither `human` nor an agent: {error}")]
pub struct SeatError {
    pub text: String,
    pub error: crate::agent::SpecError,
}

/// A seat of a save file.
pub fn parse_seat(text: &str) -> Result<Seat, SeatError> {
    match text.trim() {
        "human" => Ok(Seat::Human),
        t => AgentSpec::parse(t)
            .map(Seat::Ai)
            .map_err(|error| SeatError {
                text: t.to_string(),
                error,
            }),
    }
}

/// One command (or the setup, `command: None`) with the state before it and its events.
#[derive(Clone, Debug)]
pub struct Step<R: Ruleset> {
    pub command: Option<R::Move>,
    /// The seat that gave the command.
    pub seat: usize,
    pub before: R,
    pub events: Vec<R::Event>,
}

/// An AI move shown before it is played.
#[derive(Clone, Debug)]
pub struct Announce<M> {
    pub command: M,
    pub seat: usize,
    pub age: f32,
    pub duration: f32,
}

/// Why a game could not be saved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    #[error("this game was not started from a file and cannot be saved")]
    NoStart,
    #[error("cannot save to {}: {message}", path.display())]
    Write { path: PathBuf, message: String },
}

impl SaveError {
    fn write(path: &Path, e: impl std::fmt::Display) -> SaveError {
        SaveError::Write {
            path: path.to_path_buf(),
            message: e.to_string(),
        }
    }
}

/// Seconds of the pacing, at speed 1.
#[derive(Clone, Copy, Debug)]
pub struct Pacing {
    /// After a pass.
    pub after_pass: f32,
    /// After any other command.
    pub after_move: f32,
    /// How long an AI move is announced before it is played.
    pub announce: f32,
}

impl Default for Pacing {
    fn default() -> Self {
        Pacing {
            after_pass: 0.3,
            after_move: 0.55,
            announce: 0.75,
        }
    }
}

/// A game in play.
pub struct Session<R: Ruleset> {
    seats: Vec<Seat>,
    seed: u64,
    state: R,
    labels: R::Labels,
    /// The file that sets the game up (saves and replays start from it); `None` for a game
    /// started from a position no file describes.
    scenario: Option<R::Scenario>,
    history: Vec<Step<R>>,
    /// History entries already handed out by [`Session::fresh_steps`].
    handed: usize,
    legal: Vec<R::Move>,
    worker: Option<Worker<R>>,
    /// The AI seats' agents until their thread starts (at the first AI move).
    agents: Option<Vec<Option<Box<dyn crate::agent::Agent<R>>>>>,
    /// Commands taken back by undo, the last undo last (each undo: its commands in order).
    redo: Vec<Vec<R::Move>>,
    /// The history index [`Session::undo`] goes back to, if any.
    undo_to: Option<usize>,
    /// Per history step, once known: (seat, did the step turn out in a way that seat could
    /// not foresee).
    hidden: std::cell::RefCell<Vec<Option<(usize, bool)>>>,
    pending: Option<u64>,
    ready: Option<R::Move>,
    announce: Option<Announce<R::Move>>,
    wait: f32,
    thinking: f32,
    ended_for: f32,
    version: u64,
    problem: Option<String>,
    /// [`Session::take_problem`] has handed the problem out.
    problem_told: bool,
    blocking: bool,
    /// Speed factor of the pacing (0.25–8).
    pub speed: f32,
    pub pacing: Pacing,
    /// Pass for a person when passing is their only legal command.
    pub auto_pass: bool,
    /// Where the game is saved after every command and undo (the client's autosave).
    pub autosave: Option<PathBuf>,
    /// Why the last autosave failed, if it did.
    save_error: Option<String>,
    /// What each seat plays with (deck names), written into saves for their list.
    pub sides: Vec<String>,
}

impl<R: Ruleset> Session<R> {
    /// A game from its starting state (set up by `scenario` when a file describes it, with
    /// the setup's `events`). `seed` seeds the AI seats. `blocking` waits for AI answers (screenshot and test runs)
    /// instead of polling them.
    pub fn new(
        state: R,
        labels: R::Labels,
        scenario: Option<R::Scenario>,
        events: Vec<R::Event>,
        seats: Vec<Seat>,
        seed: u64,
        blocking: bool,
    ) -> Session<R> {
        let mut seats = seats;
        seats.resize(state.num_players(), Seat::Ai(AgentSpec::Greedy));
        let agents: Vec<_> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                Seat::Ai(spec) => {
                    Some(spec.for_ruleset::<R>(seed.wrapping_mul(31).wrapping_add(i as u64)))
                }
                Seat::Human => None,
            })
            .collect();
        let agents = agents.iter().any(Option::is_some).then_some(agents);
        let setup = Step {
            command: None,
            seat: state.current_player(),
            before: state.clone(),
            events,
        };
        let mut s = Session {
            seats,
            seed,
            state,
            labels,
            scenario,
            history: vec![setup],
            handed: 0,
            legal: Vec::new(),
            worker: None,
            agents,
            redo: Vec::new(),
            undo_to: None,
            hidden: Default::default(),
            pending: None,
            ready: None,
            announce: None,
            wait: 0.5,
            thinking: 0.0,
            ended_for: 0.0,
            version: 0,
            problem: None,
            problem_told: false,
            blocking,
            speed: 1.0,
            pacing: Pacing::default(),
            auto_pass: false,
            autosave: None,
            save_error: None,
            sides: Vec::new(),
        };
        s.refresh_legal();
        s
    }

    pub fn state(&self) -> &R {
        &self.state
    }
    pub fn labels(&self) -> &R::Labels {
        &self.labels
    }
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The file that sets the game up, when one does.
    pub fn scenario(&self) -> Option<&R::Scenario> {
        self.scenario.as_ref()
    }
    /// Every step so far, the setup first.
    pub fn history(&self) -> &[Step<R>] {
        &self.history
    }
    /// Legal commands now; empty unless a person may act.
    pub fn legal(&self) -> &[R::Move] {
        &self.legal
    }
    /// The AI move being announced, if any.
    pub fn announced(&self) -> Option<&Announce<R::Move>> {
        self.announce.as_ref()
    }
    /// Bumped at every applied command or undo (frontends drop stale selections).
    pub fn version(&self) -> u64 {
        self.version
    }
    /// Seconds since the game ended.
    pub fn ended_for(&self) -> f32 {
        self.ended_for
    }
    /// An AI failure that stopped the AI seats (with seed and position), if any.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// The problem's first line, once: for a log that should say it a single time.
    pub fn take_problem(&mut self) -> Option<String> {
        if self.problem_told {
            return None;
        }
        let line = self.problem.as_deref()?.lines().next()?.to_string();
        self.problem_told = true;
        Some(line)
    }

    pub fn is_human(&self, seat: usize) -> bool {
        self.seats.get(seat) == Some(&Seat::Human)
    }
    pub fn over(&self) -> bool {
        self.state.outcome().is_over()
    }
    /// A person may act now.
    pub fn human_to_act(&self) -> bool {
        !self.over() && self.is_human(self.state.current_player())
    }
    /// Seconds the AI has been choosing the current move, while it is.
    pub fn thinking(&self) -> Option<f32> {
        self.pending.map(|_| self.thinking)
    }

    fn refresh_legal(&mut self) {
        if self.human_to_act() {
            self.state.legal_commands_into(&mut self.legal);
        } else {
            self.legal.clear();
        }
    }

    /// History entries added since the last call, for the frontend to log and animate.
    pub fn fresh_steps(&mut self) -> Range<usize> {
        let r = self.handed..self.history.len();
        self.handed = self.history.len();
        r
    }

    /// Holds the next AI or automatic move back for at least `seconds` (a frontend showing
    /// something that must be read first).
    pub fn pause(&mut self, seconds: f32) {
        self.wait = self.wait.max(seconds);
    }

    /// Does the session wait for AI answers instead of polling them?
    pub fn blocking(&self) -> bool {
        self.blocking
    }

    /// A person's command: checked by the rules, then played. On `Err` nothing changed. The
    /// frontend decides who may give commands (whose turn, hot-seat curtains); the rules decide
    /// the rest (a concession may come at any time, O25).
    pub fn submit(&mut self, command: R::Move) -> Result<(), R::Error> {
        self.state.validate(&command)?;
        self.play(command);
        Ok(())
    }

    /// Plays a command the game goes on with: what undo took back is gone.
    fn play(&mut self, command: R::Move) {
        self.redo.clear();
        self.play_step(command);
    }

    fn play_step(&mut self, command: R::Move) {
        let seat = self.state.current_player();
        let before = self.state.clone();
        let mut events = Vec::new();
        self.state.apply_into(command, &mut events);
        debug_assert_eq!(self.state.check_invariants(), Ok(()));
        self.history.push(Step {
            command: Some(command),
            seat,
            before,
            events,
        });
        self.version += 1;
        let pause = if self.state.is_pass(&command) {
            self.pacing.after_pass
        } else {
            self.pacing.after_move
        };
        self.wait = pause / self.speed;
        self.refresh_legal();
        self.refresh_undo();
        self.write_autosave();
    }

    fn write_autosave(&mut self) {
        let Some(path) = &self.autosave else {
            return;
        };
        let Some(text) = self.save_yaml(None) else {
            return;
        };
        self.save_error = write_atomic(path, &text)
            .err()
            .map(|e| SaveError::write(path, e).to_string());
    }

    /// Why the last autosave failed, if it did.
    pub fn save_error(&self) -> Option<&str> {
        self.save_error.as_deref()
    }

    /// Saves the game so far under `name` at `path` (atomically); the autosave goes on.
    pub fn save_as(&self, path: &Path, name: &str) -> Result<(), SaveError> {
        let text = self
            .save_yaml(Some(name.to_string()))
            .ok_or(SaveError::NoStart)?;
        write_atomic(path, &text).map_err(|e| SaveError::write(path, e))
    }

    /// The game so far as a save file (`name` given by the player); `None` when no file
    /// describes its start.
    pub fn save_yaml(&self, name: Option<String>) -> Option<String> {
        let mut file = self.scenario.clone()?;
        file.set_commands(self.command_lines().join("\n") + "\n");
        file.set_expect(None);
        file.set_save(Some(SaveInfo {
            seats: self.seats.iter().map(seat_text).collect(),
            ai_seed: self.seed,
            saved_at: now(),
            name,
            turn: self.state.turn().max(1),
            sides: self.sides.clone(),
        }));
        serde_yaml::to_string(&file).ok()
    }

    /// The command lines so far, each written from the position it was played in (a
    /// command's notation may name what the position holds).
    fn command_lines(&self) -> Vec<String> {
        self.history
            .iter()
            .filter_map(|s| {
                let c = s.command.as_ref()?;
                Some(s.before.format_command(&self.labels, c))
            })
            .collect()
    }

    /// Opens a save (or any scenario or replay file of this game: seats then come from
    /// `seats`, else every seat is a person): sets the game up, replays its commands from its
    /// seed (every die as before) and rebuilds the history, so undo works at once. Nothing is
    /// handed out as fresh but the whole history, for the log.
    pub fn load(
        path: &Path,
        seats: Option<Vec<Seat>>,
        blocking: bool,
    ) -> Result<Session<R>, ScenarioError> {
        let l = load::<R>(path)?;
        let (ai_seed, seats) = match (l.file.save(), seats) {
            (_, Some(seats)) => (l.file.seed(), seats),
            (Some(info), None) => {
                let mut seats = Vec::new();
                for (i, t) in info.seats.iter().enumerate() {
                    seats.push(parse_seat(t).map_err(|message| ScenarioError::Setup {
                        file: path.into(),
                        problems: vec![format!("save: seats[{i}]: {message}")],
                    })?);
                }
                (info.ai_seed, seats)
            }
            (None, None) => (l.file.seed(), Vec::new()),
        };
        let seats = if seats.is_empty() {
            vec![Seat::Human; l.state.num_players()]
        } else {
            seats
        };
        let sides = l.file.save().map(|i| i.sides.clone()).unwrap_or_default();
        let mut scenario = l.file.clone();
        scenario.set_commands(String::new());
        scenario.set_expect(None);
        scenario.set_save(None);
        let mut session = Session::new(
            l.state,
            l.labels,
            Some(scenario),
            l.events,
            seats,
            ai_seed,
            blocking,
        );
        session.sides = sides;
        for (line, text) in &l.lines {
            let state = &session.state;
            let cmd = state
                .parse_command(&session.labels, text)
                .map_err(|error| ScenarioError::Command {
                    file: path.into(),
                    line: *line,
                    text: text.clone(),
                    error,
                })?;
            if let Err(e) = state.validate(&cmd) {
                return Err(ScenarioError::Illegal {
                    file: path.into(),
                    line: *line,
                    text: text.clone(),
                    rule: e.rule(),
                    message: e.to_string(),
                });
            }
            session.play(cmd);
        }
        session.wait = 0.5;
        Ok(session)
    }

    /// Takes back the last command a person gave, with the AI replies played after it (see
    /// [`Session::can_undo`] for how far back it may go). False when nothing can be taken back.
    pub fn undo(&mut self) -> bool {
        let Some(at) = self.undo_to else {
            return false;
        };
        let undone: Vec<R::Move> = self.history[at..]
            .iter()
            .filter_map(|s| s.command)
            .collect();
        self.state = self.history[at].before.clone();
        self.history.truncate(at);
        self.hidden.get_mut().truncate(at);
        self.redo.push(undone);
        self.after_jump();
        true
    }

    /// Plays again the commands the last undo took back, exactly as they were played (the
    /// generator is where it was, so every die comes out the same). False when there is
    /// nothing to redo.
    pub fn redo(&mut self) -> bool {
        let Some(commands) = self.redo.pop() else {
            return false;
        };
        for command in commands {
            if self.state.validate(&command).is_err() {
                // Cannot happen from the same state; never play a command the rules refuse.
                self.redo.clear();
                break;
            }
            self.play_step(command);
        }
        self.after_jump();
        true
    }

    /// Is there an undo to redo?
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// After undo or redo: nothing pending, the person acts at once.
    fn after_jump(&mut self) {
        self.handed = self.handed.min(self.history.len());
        self.pending = None;
        self.ready = None;
        self.announce = None;
        self.ended_for = 0.0;
        self.wait = 0.0;
        self.version += 1;
        self.refresh_legal();
        self.refresh_undo();
        self.write_autosave();
    }

    /// Can [`Session::undo`] take anything back? It can when a person gave a command, and
    /// neither that command nor an AI reply after it had an outcome hidden from them (a die,
    /// a card from a pile they cannot see), and, in hot-seat, no other person is to move.
    pub fn can_undo(&self) -> bool {
        self.undo_to.is_some()
    }

    fn refresh_undo(&mut self) {
        self.undo_to = self.find_undo();
    }

    fn find_undo(&self) -> Option<usize> {
        let at = self
            .history
            .iter()
            .rposition(|s| s.command.is_some() && self.is_human(s.seat))?;
        let seat = self.history[at].seat;
        let mover = self.state.current_player();
        if !self.over() && self.is_human(mover) && mover != seat {
            return None;
        }
        // Newest first: a recent die ends the search at once. Each step is tried once.
        (at..self.history.len())
            .rev()
            .all(|i| !self.hidden_cached(i, seat))
            .then_some(at)
    }

    fn hidden_cached(&self, i: usize, seat: usize) -> bool {
        let mut cache = self.hidden.borrow_mut();
        cache.truncate(self.history.len());
        cache.resize(self.history.len(), None);
        if let Some((s, h)) = cache[i] {
            if s == seat {
                return h;
            }
        }
        let h = self.hidden_outcome(i, seat);
        cache[i] = Some((seat, h));
        h
    }

    /// Did step `i` turn out in a way `seat` could not foresee? Its command is played again
    /// from two positions `seat` cannot tell from the real one ([`crate::agent::game::Game::determinize`]:
    /// other dice, other hidden cards); any difference in the events means it did.
    fn hidden_outcome(&self, i: usize, seat: usize) -> bool {
        let step = &self.history[i];
        let Some(command) = step.command else {
            return false;
        };
        let events = |seed: u64| {
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
            let mut s = step.before.determinize(seat, &mut rng);
            if s.validate(&command).is_err() {
                return None;
            }
            let mut out = Vec::new();
            s.apply_into(command, &mut out);
            Some(format!("{out:?}"))
        };
        let real = Some(format!("{:?}", step.events));
        events(0x5eed_0001) != real || events(0x5eed_0002) != real
    }

    /// Advances the pacing by `dt` seconds; plays an announced AI move or a person's only
    /// (passing) command when it is time, and asks the AI when it is its turn.
    pub fn update(&mut self, dt: f32) {
        self.wait = (self.wait - dt).max(0.0);
        if self.over() {
            self.ended_for += dt;
            return;
        }
        if self.human_to_act() {
            let only_pass = self.legal.len() == 1 && self.state.is_pass(&self.legal[0]);
            if self.auto_pass && only_pass && self.wait <= 0.0 {
                let command = self.legal[0];
                self.play(command);
            }
            return;
        }
        if self.problem.is_some() {
            return;
        }
        if let Some(a) = &mut self.announce {
            a.age += dt;
            if a.age >= a.duration {
                let command = a.command;
                self.announce = None;
                self.play(command);
            }
            return;
        }
        self.poll_ai(dt);
        if self.wait > 0.0 {
            return;
        }
        if let Some(command) = self.ready.take() {
            let seat = self.state.current_player();
            if let Err(e) = self.state.validate(&command) {
                let text = self.state.format_command(&self.labels, &command);
                self.fail(format!("chose `{text}`, which {} forbids: {e}", e.rule()));
            } else if self.state.is_pass(&command) {
                self.play(command);
            } else {
                self.announce = Some(Announce {
                    command,
                    seat,
                    age: 0.0,
                    duration: self.pacing.announce / self.speed,
                });
            }
        }
    }

    fn poll_ai(&mut self, dt: f32) {
        if self.ready.is_some() {
            return;
        }
        let seat = self.state.current_player();
        if self.worker.is_none() {
            self.worker = self.agents.take().map(Worker::spawn);
        }
        let Some(worker) = &mut self.worker else {
            self.fail("has no AI to play it".into());
            return;
        };
        if self.pending.is_none() {
            self.thinking = 0.0;
            self.pending = worker.request(seat, &self.state);
            if self.pending.is_none() {
                self.fail("lost its AI thread".into());
                return;
            }
        }
        self.thinking += dt;
        let reply = if self.blocking {
            worker.wait(Duration::from_secs(60)).ok()
        } else {
            worker.poll()
        };
        if let Some(r) = reply {
            if Some(r.id) == self.pending {
                self.pending = None;
                match r.mv {
                    Some(m) => self.ready = Some(m),
                    None => self.fail("failed to choose a command".into()),
                }
            }
        }
    }

    /// Stops the AI seats and reports why, with what reproduces it.
    fn fail(&mut self, what: String) {
        let seat = self.state.current_player();
        let position = serde_yaml::to_string(&self.state.view(&self.labels)).unwrap_or_default();
        self.problem = Some(format!(
            "The AI of seat {} {what} (seed {}, after {} commands). Position:\n{position}",
            seat + 1,
            self.seed,
            self.history.len() - 1
        ));
        self.pending = None;
        self.ready = None;
    }

    /// The game so far as a scenario file that replays it (a save, or a replay once over);
    /// `None` when no file describes its start.
    pub fn replay_yaml(&self) -> Option<String> {
        let scenario = self.scenario.as_ref()?;
        let lines = self.command_lines();
        Some(replay_yaml::<R>(
            scenario,
            &lines,
            &self.state.outcome().notation(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::game::Game;
    use crate::globetrotter::scenario::ScenarioFile;
    use crate::globetrotter::{Config, State};

    fn session(seats: Vec<Seat>) -> Session<State> {
        let file = ScenarioFile::fresh(Config::default(), 3);
        let mut events = Vec::new();
        let state = file.to_state(&mut events).unwrap();
        Session::new(state, (), Some(file), events, seats, 3, true)
    }

    fn run_until_human(s: &mut Session<State>) {
        for _ in 0..10_000 {
            if s.human_to_act() || s.over() || s.problem().is_some() {
                return;
            }
            s.update(1.0);
        }
        panic!("the AI never handed the turn back");
    }

    #[test]
    fn ai_seats_play_and_people_undo_their_commands_with_the_replies() {
        let mut s = session(vec![Seat::Human, Seat::Ai(AgentSpec::Random)]);
        run_until_human(&mut s);
        let before = s.state().clone();
        let steps = s.history().len();
        let first = s.legal()[0];
        s.submit(first).unwrap();
        run_until_human(&mut s);
        assert!(s.history().len() > steps);
        assert!(s.undo());
        assert_eq!(s.history().len(), steps);
        assert_eq!(
            format!("{:?}", s.state().view(&())),
            format!("{:?}", before.view(&()))
        );
        assert!(!s.legal().is_empty());
    }

    #[test]
    fn an_illegal_command_from_a_person_changes_nothing() {
        let mut s = session(vec![Seat::Human, Seat::Human]);
        let v = s.version();
        let mut all = Vec::new();
        crate::agent::game::Game::legal_moves(s.state(), &mut all);
        let bad = crate::globetrotter::Command::Fire;
        assert!(!all.contains(&bad));
        assert!(s.submit(bad).is_err());
        assert_eq!(s.version(), v);
        assert_eq!(s.history().len(), 1);
    }

    #[test]
    fn a_save_loads_with_its_seats_history_and_dice() {
        let dir = std::env::temp_dir().join(format!("session-load-{}", std::process::id()));
        let path = dir.join("autosave.yaml");
        let mut s = session(vec![Seat::Human, Seat::Ai(AgentSpec::Greedy)]);
        s.autosave = Some(path.clone());
        // Six moves, then on until the person's last move can be taken back (the AI's reply
        // rolled no die, which undo never takes back).
        for moves in 0.. {
            run_until_human(&mut s);
            if moves >= 6 && s.can_undo() {
                break;
            }
            assert!(moves < 60, "no move that could be taken back in 60");
            let c = s.legal()[s.legal().len() / 2];
            s.submit(c).unwrap();
        }
        assert!(s.save_error().is_none());
        let loaded = Session::<State>::load(&path, None, true).unwrap();
        assert_eq!(loaded.seats(), s.seats());
        assert_eq!(loaded.history().len(), s.history().len());
        assert_eq!(loaded.state().view(&()), s.state().view(&()));
        let mut loaded = loaded;
        assert!(loaded.undo(), "undo works right after loading");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_save_with_a_bad_seat_or_command_names_it() {
        let dir = std::env::temp_dir().join(format!("session-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let s = session(vec![Seat::Human, Seat::Human]);
        let text = s.save_yaml(None).unwrap();
        let edit = |key: &str, value: serde_yaml::Value, name: &str| {
            let mut v: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
            match key {
                "seat" => v["save"]["seats"][0] = value,
                _ => v["commands"] = value,
            }
            let path = dir.join(name);
            std::fs::write(&path, serde_yaml::to_string(&v).unwrap()).unwrap();
            Session::<State>::load(&path, None, true)
                .err()
                .unwrap()
                .to_string()
        };
        let e = edit("seat", "wizard".into(), "seat.yaml");
        assert!(e.contains("seats[0]"), "{e}");
        let e = edit("commands", "fly away\n".into(), "cmd.yaml");
        assert!(e.contains("fly away"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn ai_games_finish_and_their_save_replays() {
        let mut s = session(vec![
            Seat::Ai(AgentSpec::Greedy),
            Seat::Ai(AgentSpec::Random),
        ]);
        for _ in 0..100_000 {
            if s.over() {
                break;
            }
            s.update(1.0);
        }
        assert!(s.over(), "{:?}", s.problem());
        let fresh = s.fresh_steps();
        assert_eq!(fresh.start, 0);
        assert_eq!(fresh.end, s.history().len());
        let dir = std::env::temp_dir().join(format!("session-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("save.yaml");
        std::fs::write(&path, s.replay_yaml().unwrap()).unwrap();
        let run = crate::kit::scenario::run_file::<State>(&path).unwrap();
        assert_eq!(run.state.view(&()), s.state().view(&()));
        std::fs::remove_dir_all(&dir).ok();
    }

    /// Plays `n` commands, each a legal one picked by `pick`, letting AI seats answer.
    fn play_some(
        s: &mut Session<State>,
        n: usize,
        mut pick: impl FnMut(&[crate::globetrotter::Command]) -> usize,
    ) {
        for _ in 0..n {
            run_until_human(s);
            if s.over() {
                return;
            }
            let c = s.legal()[pick(s.legal()) % s.legal().len()];
            s.submit(c).unwrap();
        }
    }

    fn rolled(events: &[crate::globetrotter::Event]) -> bool {
        events
            .iter()
            .any(|e| matches!(e, crate::globetrotter::Event::Rolled { .. }))
    }

    #[test]
    fn redo_after_undo_gives_the_same_state_history_and_dice() {
        let mut checked = 0;
        for seed in 0..20u64 {
            let mut s = session(vec![Seat::Human, Seat::Ai(AgentSpec::Greedy)]);
            let mut k = seed as usize;
            play_some(&mut s, 12, |l| {
                k = k.wrapping_mul(31).wrapping_add(7);
                k % l.len()
            });
            run_until_human(&mut s);
            if !s.can_undo() {
                continue;
            }
            let view = s.state().view(&());
            let steps: Vec<String> = s
                .history()
                .iter()
                .map(|h| format!("{:?}", h.events))
                .collect();
            assert!(s.undo());
            assert!(s.can_redo());
            assert!(s.redo());
            assert!(!s.can_redo());
            assert_eq!(s.state().view(&()), view);
            let again: Vec<String> = s
                .history()
                .iter()
                .map(|h| format!("{:?}", h.events))
                .collect();
            assert_eq!(again, steps);
            checked += 1;
        }
        assert!(checked > 5, "only {checked} games could undo");
    }

    #[test]
    fn a_new_command_after_undo_drops_the_redo() {
        let mut s = session(vec![Seat::Human, Seat::Ai(AgentSpec::Greedy)]);
        run_until_human(&mut s);
        let c = s.legal()[0];
        s.submit(c).unwrap();
        run_until_human(&mut s);
        assert!(s.undo());
        let c = s.legal()[s.legal().len() - 1];
        s.submit(c).unwrap();
        assert!(!s.can_redo());
        assert!(!s.redo());
    }

    #[test]
    fn undo_never_takes_back_dice_nor_enters_another_persons_turn() {
        let (mut dice, mut other) = (0, 0);
        for seed in 0..30u64 {
            let mut s = session(vec![Seat::Human, Seat::Human]);
            let mut k = seed as usize;
            for _ in 0..60 {
                if s.over() {
                    break;
                }
                // Prefer shooting, to see dice often.
                k = k.wrapping_mul(17).wrapping_add(3);
                let l = s.legal();
                let c = l
                    .iter()
                    .copied()
                    .find(|c| c.rolls_dice() && k.is_multiple_of(2))
                    .unwrap_or(l[k % l.len()]);
                let mover = s.state().current_player();
                s.submit(c).unwrap();
                let last = s.history().last().unwrap();
                if rolled(&last.events) {
                    dice += 1;
                    assert!(!s.can_undo(), "a die roll can be taken back");
                }
                if !s.over() && s.state().current_player() != mover {
                    other += 1;
                    assert!(!s.can_undo(), "undo would enter the other person's turn");
                    assert!(!s.undo());
                }
                if s.can_undo() {
                    let before = s.history().len();
                    assert!(s.undo());
                    assert_eq!(s.state().current_player(), mover);
                    assert!(s.history().len() < before);
                    assert!(s.redo());
                    assert_eq!(s.history().len(), before);
                }
            }
        }
        assert!(dice > 0 && other > 0, "dice {dice}, turn changes {other}");
    }
}
