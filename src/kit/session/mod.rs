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
use super::ruleset::{RuleViolation, Ruleset};
use super::worker::Worker;
use crate::agent::AgentSpec;
use std::ops::Range;
use std::path::PathBuf;

mod saving;
mod seat;
#[cfg(test)]
mod tests;
mod undo;

pub use saving::SaveError;
pub use seat::{parse_seat, seat_text, Seat, SeatError};
use std::time::Duration;

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
}
