//! Saves of a session: the autosave, saves under a name, loading a save (its commands
//! replayed from its seed, so undo works at once) and the replay of a finished game.
use super::seat::{parse_seat, seat_text};
use super::{Seat, Session};
use crate::kit::ruleset::{RuleViolation, Ruleset, ScenarioSpec};
use crate::kit::save::{now, write_atomic, SaveInfo};
use crate::kit::scenario::{load, replay_yaml, ScenarioError};
use std::path::{Path, PathBuf};

/// Why a game could not be saved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    #[error("this game was not started from a file and cannot be saved")]
    NoStart,
    #[error("cannot save to {}: {message}", path.display())]
    Write { path: PathBuf, message: String },
}

impl SaveError {
    pub(super) fn write(path: &Path, e: impl std::fmt::Display) -> SaveError {
        SaveError::Write {
            path: path.to_path_buf(),
            message: e.to_string(),
        }
    }
}

impl<R: Ruleset> Session<R> {
    pub(super) fn write_autosave(&mut self) {
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
    pub(super) fn command_lines(&self) -> Vec<String> {
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
