//! Scenario and replay files (docs/scenarios.md): cards, seed, forced dice, a setup (decks or a
//! full position), commands in text notation and optional expectations. `orbitals scenario run`
//! and the scenario tests use [`run_file`]; `orbitals match --save` writes the same format.
pub mod expect;
pub mod handles;
pub mod notation;
pub mod position;

pub use expect::Expect;
pub use handles::Handles;
pub use position::Position;

use crate::data::raw::RawDeck;
use crate::data::{CardDb, Deck, LoadErrors};
use crate::rules::{self, Event, RuleError};
use crate::state::State;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A deck in a setup: a path to a deck file, or the deck written inline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DeckSource {
    Path(String),
    Inline(RawDeck),
}

/// The setup: exactly one of `decks` (a fresh game, O3) or `position`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decks: Option<Vec<DeckSource>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
}

fn default_game() -> String {
    "orbitals".into()
}

/// A scenario or replay file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    #[serde(default = "default_game")]
    pub game: String,
    /// Card directory, relative to the scenario file; by default the nearest `cards/` found in
    /// the scenario's directory or above it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<String>,
    #[serde(default)]
    pub seed: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit: Option<u16>,
    /// Forced dice results, used before the RNG.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    pub setup: Setup,
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
    #[error("{0}")]
    Data(LoadErrors),
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

/// A scenario ready to play: state, handles and the command lines with their file line numbers.
pub struct Loaded {
    pub file: ScenarioFile,
    pub path: PathBuf,
    pub db: Arc<CardDb>,
    pub state: State,
    pub handles: Handles,
    pub events: Vec<Event>,
    pub lines: Vec<(usize, String)>,
}

/// The result of running a scenario.
pub struct Run {
    pub state: State,
    pub handles: Handles,
    pub events: Vec<Event>,
    /// Commands applied.
    pub applied: usize,
    /// The illegal command the scenario expected, if any.
    pub stopped_at: Option<(usize, RuleError)>,
}

fn find_cards_dir(start: &Path) -> Option<PathBuf> {
    // Absolute, so that "above it" also works for a file named relative to the working directory.
    let start = if start.as_os_str().is_empty() {
        Path::new(".")
    } else {
        start
    };
    let start = std::fs::canonicalize(start).unwrap_or_else(|_| start.to_path_buf());
    start
        .ancestors()
        .map(|a| a.join("cards"))
        .find(|c| c.is_dir())
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
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let setup_err = |p: String| ScenarioError::Setup {
        file: path.into(),
        problems: vec![p],
    };
    if file.game != "orbitals" {
        return Err(setup_err(format!(
            "game `{}` is not supported here",
            file.game
        )));
    }
    let cards = match &file.cards {
        Some(c) => dir.join(c),
        None => find_cards_dir(&dir)
            .ok_or_else(|| setup_err("no `cards:` given and no cards/ directory found".into()))?,
    };
    let db = Arc::new(CardDb::load_dir(&cards).map_err(ScenarioError::Data)?);
    let mut events = Vec::new();
    let (mut state, handles) = match (&file.setup.decks, &file.setup.position) {
        (Some(decks), None) => {
            let mut checked = Vec::new();
            for d in decks {
                let deck = match d {
                    DeckSource::Path(p) => Deck::load(&dir.join(p), &db),
                    DeckSource::Inline(raw) => {
                        let src = crate::data::locate::Source { path, text: &text };
                        Deck::check(&src, raw, &db)
                    }
                }
                .map_err(ScenarioError::Data)?;
                checked.push(deck);
            }
            if checked.is_empty() {
                return Err(setup_err("`decks` is empty".into()));
            }
            let mut s = State::from_decks(db.clone(), &checked, file.seed);
            if let Some(l) = file.turn_limit {
                s.turn_limit = l;
            }
            s.forced_dice = file.dice.iter().copied().collect();
            let h = Handles::defaults(&s);
            rules::start(&mut s, &mut events);
            (s, h)
        }
        (None, Some(pos)) => {
            let (mut s, h) =
                pos.to_state(db.clone(), file.seed)
                    .map_err(|problems| ScenarioError::Setup {
                        file: path.into(),
                        problems,
                    })?;
            if let Some(l) = file.turn_limit {
                s.turn_limit = l;
            }
            s.forced_dice = file.dice.iter().copied().collect();
            (s, h)
        }
        _ => {
            return Err(setup_err(
                "give exactly one of `decks` or `position`".into(),
            ))
        }
    };
    if let Some(bad) = state.forced_dice.iter().find(|d| !(1..=6).contains(*d)) {
        return Err(setup_err(format!("dice: {bad} is not a d6 result")));
    }
    state.forced_dice.shrink_to_fit();
    let first = command_block_line(&text);
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
        db,
        state,
        handles,
        events,
        lines,
    })
}

/// File line of the first command: the line after `commands: |`.
fn command_block_line(text: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with("commands:"))
        .map(|i| i + 2)
        .unwrap_or(0)
}

/// Runs a scenario file and checks its expectations.
pub fn run_file(path: &Path) -> Result<Run, ScenarioError> {
    let l = load(path)?;
    run_loaded(l)
}

/// Plays the commands of a loaded scenario and checks its expectations.
pub fn run_loaded(l: Loaded) -> Result<Run, ScenarioError> {
    let Loaded {
        file,
        path,
        mut state,
        handles,
        mut events,
        lines,
        ..
    } = l;
    let expected_error = file.expect.as_ref().and_then(|e| e.error.clone());
    let mut applied = 0;
    let mut stopped_at = None;
    for (line, text) in lines {
        let cmd =
            notation::parse_command(&text, &handles).map_err(|message| ScenarioError::Command {
                file: path.clone(),
                line,
                text: text.clone(),
                message,
            })?;
        if let Err(error) = rules::validate(&state, &cmd) {
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
        rules::apply_into(&mut state, cmd, &mut events);
        applied += 1;
    }
    let run = Run {
        state,
        handles,
        events,
        applied,
        stopped_at,
    };
    if let Some(exp) = &file.expect {
        let failures = exp.check(&run);
        if !failures.is_empty() {
            return Err(ScenarioError::Expectation {
                file: path,
                failures,
            });
        }
    }
    Ok(run)
}

/// The printable result of a run: the final position and, optionally, the event log.
#[derive(Serialize)]
pub struct Report {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<String>>,
    pub state: Position,
}

impl Run {
    pub fn event_lines(&self) -> Vec<String> {
        self.events
            .iter()
            .map(|e| notation::format_event(e, &self.handles))
            .collect()
    }

    /// The report as YAML text.
    pub fn to_yaml(&self, with_events: bool) -> String {
        let r = Report {
            events: with_events.then(|| self.event_lines()),
            state: Position::from_state(&self.state, &self.handles),
        };
        serde_yaml::to_string(&r).unwrap_or_else(|e| format!("# cannot print state: {e}\n"))
    }
}

/// A replay of a played game in scenario format: decks inline, seed, commands.
pub fn replay_yaml(
    cards: &str,
    seed: u64,
    turn_limit: u16,
    decks: &[Deck],
    db: &CardDb,
    commands: &[String],
    outcome: &str,
) -> String {
    let decks = decks
        .iter()
        .map(|d| {
            DeckSource::Inline(RawDeck {
                name: d.name.clone(),
                homeworld: db.card(d.homeworld).id.clone(),
                cards: d.cards.iter().map(|c| db.card(*c).id.clone()).collect(),
            })
        })
        .collect();
    let mut commands_text = commands.join("\n");
    commands_text.push('\n');
    let f = ScenarioFile {
        game: default_game(),
        cards: Some(cards.to_string()),
        seed,
        turn_limit: Some(turn_limit),
        dice: Vec::new(),
        setup: Setup {
            decks: Some(decks),
            position: None,
        },
        commands: commands_text,
        expect: Some(Expect {
            outcome: Some(outcome.to_string()),
            ..Expect::default()
        }),
    };
    serde_yaml::to_string(&f).unwrap_or_default()
}
