//! Globetrotter scenario files (`game: globetrotter`, format in docs/globetrotter.md): the table
//! (players, planets, variant), seed, forced dice, a fresh setup or a full [`Position`], commands
//! in the [`notation`](super::notation) and expectations (outcome, the ruling of an expected
//! illegal command, events in order, absent events, a subset of the printed state).
//!
//! [`run_scenario_file`] loads, plays and checks one file; `orbitals scenario run` can dispatch
//! on the `game:` key with [`game_of`].
use super::notation::{format_event, format_outcome, parse_command};
use super::position::Position;
use super::setup::{check_config, start};
use super::state::{Config, State, DEFAULT_TURN_LIMIT};
use super::{apply_into, validate, Event, RuleError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What must hold after the commands: the card game's expectations, shared (`outcome`,
/// `error` with a G ruling id, `events` in order, `absent`, a part of the printed [`Position`]).
pub use crate::scenario::Expect;

/// The ruleset's rule variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    #[default]
    None,
    /// G12.
    Facing,
}

fn two() -> u8 {
    2
}
fn one() -> u8 {
    1
}

/// A Globetrotter scenario file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Must be `globetrotter`.
    pub game: String,
    #[serde(default)]
    pub seed: u64,
    /// Forced d6 results, used before the RNG (the roll-off uses them first in a fresh setup).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    #[serde(default = "two")]
    pub players: u8,
    #[serde(default = "one")]
    pub planets: u8,
    #[serde(default)]
    pub variant: Variant,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit: Option<u16>,
    /// A full position; without one the game starts fresh (roll-off, then `place` commands).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
    /// One command per line; `#` starts a comment.
    #[serde(default)]
    pub commands: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Expect>,
}

/// Why a scenario did not run or did not meet its expectations.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    #[error("{file}: {message}")]
    Io { file: PathBuf, message: String },
    #[error("{file}:{line}: {message}")]
    Yaml {
        file: PathBuf,
        line: usize,
        message: String,
    },
    #[error("{file}: setup: {}", .problems.join("; "))]
    Setup {
        file: PathBuf,
        problems: Vec<String>,
    },
    #[error("{file}:{line}: `{text}`: {message}")]
    Command {
        file: PathBuf,
        line: usize,
        text: String,
        message: String,
    },
    #[error("{file}:{line}: `{text}` is illegal: {error}")]
    Illegal {
        file: PathBuf,
        line: usize,
        text: String,
        error: RuleError,
    },
    #[error("{file}: expectation failed:\n  {}", .failures.join("\n  "))]
    Expectation {
        file: PathBuf,
        failures: Vec<String>,
    },
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Run {
    pub state: State,
    pub events: Vec<Event>,
    /// Commands applied.
    pub applied: usize,
    /// The illegal command the scenario expected (file line, error), if any.
    pub stopped_at: Option<(usize, RuleError)>,
}

impl Run {
    pub fn event_lines(&self) -> Vec<String> {
        self.events.iter().map(format_event).collect()
    }

    /// The final position and optionally the event log, as YAML.
    pub fn to_yaml(&self, with_events: bool) -> String {
        #[derive(Serialize)]
        struct Report {
            #[serde(skip_serializing_if = "Option::is_none")]
            events: Option<Vec<String>>,
            state: Position,
        }
        let r = Report {
            events: with_events.then(|| self.event_lines()),
            state: Position::from_state(&self.state),
        };
        serde_yaml::to_string(&r).unwrap_or_else(|e| format!("# cannot print state: {e}\n"))
    }
}

/// The `game:` key of a scenario file's text (`orbitals` when absent), for dispatching.
pub fn game_of(text: &str) -> String {
    #[derive(Deserialize)]
    struct Probe {
        #[serde(default)]
        game: Option<String>,
    }
    serde_yaml::from_str::<Probe>(text)
        .ok()
        .and_then(|p| p.game)
        .unwrap_or_else(|| "orbitals".into())
}

/// A scenario ready to play.
pub struct Loaded {
    pub file: ScenarioFile,
    pub path: PathBuf,
    pub state: State,
    pub events: Vec<Event>,
    /// Command lines with their line numbers in the file.
    pub lines: Vec<(usize, String)>,
}

/// Reads, checks and sets up a scenario file.
pub fn load(path: &Path) -> Result<Loaded, ScenarioError> {
    let text = std::fs::read_to_string(path).map_err(|e| ScenarioError::Io {
        file: path.into(),
        message: e.to_string(),
    })?;
    let file: ScenarioFile = serde_yaml::from_str(&text).map_err(|e| ScenarioError::Yaml {
        file: path.into(),
        line: e.location().map(|l| l.line()).unwrap_or(0),
        message: e.to_string(),
    })?;
    let setup_err = |problems: Vec<String>| ScenarioError::Setup {
        file: path.into(),
        problems,
    };
    if file.game != "globetrotter" {
        return Err(setup_err(vec![format!(
            "game `{}` is not globetrotter",
            file.game
        )]));
    }
    if let Some(bad) = file.dice.iter().find(|d| !(1..=6).contains(*d)) {
        return Err(setup_err(vec![format!("dice: {bad} is not a d6 result")]));
    }
    let config = Config {
        players: file.players,
        planets: file.planets,
        facing: file.variant == Variant::Facing,
        turn_limit: file.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT),
    };
    check_config(&config).map_err(|e| setup_err(vec![e.to_string()]))?;
    let mut events = Vec::new();
    let state = match &file.position {
        None => {
            let mut s = State::empty(config, file.seed);
            s.forced_dice = file.dice.iter().copied().collect();
            start(&mut s, &mut events);
            s
        }
        Some(pos) => {
            let mut s = pos.to_state(config, file.seed).map_err(setup_err)?;
            s.forced_dice = file.dice.iter().copied().collect();
            s
        }
    };
    let first = text
        .lines()
        .position(|l| l.starts_with("commands:"))
        .map(|i| i + 2)
        .unwrap_or(0);
    let lines = file
        .commands
        .lines()
        .enumerate()
        .map(|(i, l)| {
            (
                first + i,
                l.split('#').next().unwrap_or("").trim().to_string(),
            )
        })
        .filter(|(_, l)| !l.is_empty())
        .collect();
    Ok(Loaded {
        file,
        path: path.into(),
        state,
        events,
        lines,
    })
}

/// Runs a Globetrotter scenario file and checks its expectations.
pub fn run_scenario_file(path: impl AsRef<Path>) -> Result<Run, ScenarioError> {
    run_loaded(load(path.as_ref())?)
}

/// Plays the commands of a loaded scenario and checks its expectations.
pub fn run_loaded(l: Loaded) -> Result<Run, ScenarioError> {
    let Loaded {
        file,
        path,
        mut state,
        mut events,
        lines,
    } = l;
    let expected_error = file.expect.as_ref().and_then(|e| e.error.clone());
    let mut applied = 0;
    let mut stopped_at = None;
    for (line, text) in lines {
        let cmd = parse_command(&text).map_err(|message| ScenarioError::Command {
            file: path.clone(),
            line,
            text: text.clone(),
            message,
        })?;
        if let Err(error) = validate(&state, &cmd) {
            if expected_error.as_deref() == Some(error.rule()) {
                stopped_at = Some((line, error));
                break;
            }
            return Err(ScenarioError::Illegal {
                file: path,
                line,
                text,
                error,
            });
        }
        apply_into(&mut state, cmd, &mut events);
        applied += 1;
    }
    let run = Run {
        state,
        events,
        applied,
        stopped_at,
    };
    if let Some(exp) = &file.expect {
        let lines = run.event_lines();
        let state =
            serde_yaml::to_value(Position::from_state(&run.state)).map_err(|e| e.to_string());
        let mut failures = exp.check_parts(
            &format_outcome(run.state.outcome),
            run.stopped_at.is_some(),
            &lines,
            state,
        );
        if !failures.is_empty() {
            failures.push(format!("events were:\n    {}", lines.join("\n    ")));
            return Err(ScenarioError::Expectation {
                file: path,
                failures,
            });
        }
    }
    Ok(run)
}
