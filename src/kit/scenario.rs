//! Scenario, save and replay files of every ruleset: one loader and one runner.
//!
//! A file's `game:` key picks the ruleset ([`game_of`]); the ruleset's [`ScenarioSpec`] type
//! reads the rest (YAML errors carry file and line) and [`Ruleset::from_scenario`] sets the
//! game up. The runner plays the `commands:` lines in the game's notation, stops at an illegal
//! command (which is an error unless `expect: error:` names its ruling) and checks the
//! expectations. A replay is a scenario whose commands are a whole game
//! ([`replay_yaml`]).
use super::ruleset::{RuleViolation, Ruleset, ScenarioSpec, SourceFile};
use super::Expect;
use super::NotationError;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Why a scenario did not run or did not meet its expectations.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ScenarioError {
    #[error("{file}: {message}")]
    Io { file: PathBuf, message: String },
    #[error("{file}:{line}: {message}")]
    Yaml {
        file: PathBuf,
        line: usize,
        message: String,
    },
    #[error("{file}: setup:\n  {}", .problems.join("\n  "))]
    Setup {
        file: PathBuf,
        problems: Vec<String>,
    },
    /// A command line that is not in the game's notation.
    #[error("{file}:{line}: `{text}`: {error}")]
    Command {
        file: PathBuf,
        line: usize,
        text: String,
        #[source]
        error: NotationError,
    },
    /// A `reject RULE:` line whose command is legal.
    #[error("{file}:{line}: `{text}`: expected a rejection citing {rule}, but it is legal")]
    NotRejected {
        file: PathBuf,
        line: usize,
        text: String,
        rule: String,
    },
    #[error("{file}:{line}: `{text}` is illegal: {message}")]
    Illegal {
        file: PathBuf,
        line: usize,
        text: String,
        /// The ruling that forbids the command.
        rule: &'static str,
        message: String,
    },
    #[error("{file}: expectation failed:\n  {}", .failures.join("\n  "))]
    Expectation {
        file: PathBuf,
        failures: Vec<String>,
    },
}

/// The `game:` key of a scenario file's text (`orbitals` when absent or unreadable).
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
pub struct Loaded<R: Ruleset> {
    pub file: R::Scenario,
    pub path: PathBuf,
    pub state: R,
    pub labels: R::Labels,
    /// Events of the setup.
    pub events: Vec<R::Event>,
    /// Command lines with their line numbers in the file.
    pub lines: Vec<(usize, String)>,
}

/// The result of playing a scenario.
pub struct Run<R: Ruleset> {
    pub state: R,
    pub labels: R::Labels,
    pub events: Vec<R::Event>,
    /// Commands applied.
    pub applied: usize,
    /// The illegal command the scenario expected: its file line and the error.
    pub stopped_at: Option<(usize, R::Error)>,
    /// Things that did not fail the run but look wrong (forced dice left unused).
    pub warnings: Vec<String>,
}

fn io_error(path: &Path, e: impl std::fmt::Display) -> ScenarioError {
    ScenarioError::Io {
        file: path.into(),
        message: e.to_string(),
    }
}

/// A guard's refusal as a scenario error: located when it has a line.
pub fn guard_error(path: &Path, e: super::guard::GuardError) -> ScenarioError {
    match e.line {
        Some(line) => ScenarioError::Yaml {
            file: path.into(),
            line,
            message: e.message,
        },
        None => io_error(path, e.message),
    }
}

/// Reads a scenario file's text as ruleset `R`'s file, with located YAML errors.
pub fn parse<R: Ruleset>(path: &Path, text: &str) -> Result<R::Scenario, ScenarioError> {
    super::guard::check_text(text).map_err(|e| guard_error(path, e))?;
    let file: R::Scenario = serde_yaml::from_str(text).map_err(|e| ScenarioError::Yaml {
        file: path.into(),
        // Errors about the whole document carry no location: they are about its first line.
        line: e.location().map(|l| l.line()).unwrap_or(1),
        message: e.to_string(),
    })?;
    // An absent `game:` key means the card game (as in `game_of`).
    let game = match file.game() {
        "" => "orbitals",
        g => g,
    };
    if game != R::NAME {
        return Err(ScenarioError::Setup {
            file: path.into(),
            problems: super::guard::locate_problems(
                text,
                vec![format!("game: `{game}` is not {}", R::NAME)],
            ),
        });
    }
    Ok(file)
}

/// Sets up an already read scenario file (`path` names it in errors; its folder resolves
/// relative paths).
pub fn prepare<R: Ruleset>(
    path: &Path,
    text: &str,
    file: R::Scenario,
) -> Result<Loaded<R>, ScenarioError> {
    let mut events = Vec::new();
    let source = SourceFile { path, text };
    let (state, labels) =
        R::from_scenario(&file, &source, &mut events).map_err(|problems| ScenarioError::Setup {
            file: path.into(),
            problems: super::guard::locate_problems(text, problems),
        })?;
    let lines = command_lines(text, file.commands());
    Ok(Loaded {
        file,
        path: path.into(),
        state,
        labels,
        events,
        lines,
    })
}

/// Reads, checks and sets up a scenario file of ruleset `R`.
pub fn load<R: Ruleset>(path: &Path) -> Result<Loaded<R>, ScenarioError> {
    let text = super::guard::read_text(path).map_err(|e| guard_error(path, e))?;
    let file = parse::<R>(path, &text)?;
    prepare(path, &text, file)
}

/// The non-empty command lines with their line numbers in the file (the block starts on the
/// line after `commands:`; `#` starts a comment).
pub fn command_lines(text: &str, commands: &str) -> Vec<(usize, String)> {
    let first = text
        .lines()
        .position(|l| l.starts_with("commands:"))
        .map(|i| i + 2)
        // Without a `commands:` line at the margin, count from the top: never line 0.
        .unwrap_or(1);
    commands
        .lines()
        .enumerate()
        .map(|(i, l)| {
            (
                first + i,
                l.split('#').next().unwrap_or("").trim().to_string(),
            )
        })
        .filter(|(_, l)| !l.is_empty())
        .collect()
}

/// Loads and runs a scenario file of ruleset `R`, checking its expectations.
pub fn run_file<R: Ruleset>(path: &Path) -> Result<Run<R>, ScenarioError> {
    run_loaded(load::<R>(path)?)
}

/// Plays the commands of a loaded scenario and checks its expectations.
pub fn run_loaded<R: Ruleset>(l: Loaded<R>) -> Result<Run<R>, ScenarioError> {
    let Loaded {
        file,
        path,
        mut state,
        labels,
        mut events,
        lines,
    } = l;
    let expected_error = file.expect().and_then(|e| e.error.clone());
    let mut applied = 0;
    let mut stopped_at = None;
    for (line, text) in lines {
        // `reject RULE: command`: the command must be rejected citing RULE; play goes on.
        let (reject, text) = match text.strip_prefix("reject ").and_then(|r| r.split_once(':')) {
            Some((rule, cmd)) => (Some(rule.trim().to_string()), cmd.trim().to_string()),
            None => (None, text),
        };
        let cmd = state
            .parse_command(&labels, &text)
            .map_err(|error| ScenarioError::Command {
                file: path.clone(),
                line,
                text: text.clone(),
                error,
            })?;
        if let Some(rule) = reject {
            match state.validate(&cmd) {
                Err(error) if error.rule() == rule => continue,
                Err(error) => {
                    return Err(ScenarioError::Illegal {
                        file: path,
                        line,
                        text,
                        rule: error.rule(),
                        message: format!(
                            "rejected by {}, not {rule}: {}",
                            error.rule(),
                            state.describe_error(&labels, &error)
                        ),
                    })
                }
                Ok(()) => {
                    return Err(ScenarioError::NotRejected {
                        file: path,
                        line,
                        text,
                        rule,
                    })
                }
            }
        }
        if let Err(error) = state.validate(&cmd) {
            if expected_error.as_deref() == Some(error.rule()) {
                stopped_at = Some((line, error));
                break;
            }
            return Err(ScenarioError::Illegal {
                file: path,
                line,
                text,
                rule: error.rule(),
                message: state.describe_error(&labels, &error),
            });
        }
        state.apply_into(cmd, &mut events);
        applied += 1;
    }
    let unused = state.unused_forced_dice();
    let warnings = if unused > 0 && stopped_at.is_none() {
        vec![format!(
            "{}: {unused} forced dice were never rolled",
            path.display()
        )]
    } else {
        Vec::new()
    };
    let run = Run {
        state,
        labels,
        events,
        applied,
        stopped_at,
        warnings,
    };
    if let Some(exp) = file.expect() {
        let failures = check(exp, &run);
        if !failures.is_empty() {
            return Err(ScenarioError::Expectation {
                file: path,
                failures,
            });
        }
    }
    Ok(run)
}

/// Every failed expectation of a run (with the events printed after them when any failed).
pub fn check<R: Ruleset>(exp: &Expect, run: &Run<R>) -> Vec<String> {
    let lines = run.event_lines();
    let mut failures = exp.check_parts(
        &run.state.outcome().notation(),
        run.stopped_at.is_some(),
        &lines,
        &run.state.view(&run.labels),
    );
    if let (Some(want), Some((got, _))) = (exp.error_line, &run.stopped_at) {
        if want != *got {
            failures.push(format!(
                "error_line: the command on line {got} was rejected, expected line {want}"
            ));
        }
    }
    if let Some(n) = exp.commands {
        if run.applied != n {
            failures.push(format!(
                "commands: the file plays {} command(s), the replay recorded {n}: it was cut or \
                 edited",
                run.applied
            ));
        }
    }
    if let Some(h) = &exp.state_hash {
        let got = super::expect::state_hash(&run.state.view(&run.labels));
        if *h != got {
            failures.push(format!(
                "state_hash: the final position ({got}) is not the recorded one ({h}): the \
                 replay was edited"
            ));
        }
    }
    if !failures.is_empty() && !exp.events.is_empty() {
        failures.push(format!("events were:\n    {}", lines.join("\n    ")));
    }
    failures
}

impl<R: Ruleset> Run<R> {
    pub fn event_lines(&self) -> Vec<String> {
        self.events
            .iter()
            .map(|e| self.state.format_event(&self.labels, e))
            .collect()
    }

    /// The final position and, optionally, the event log, as YAML.
    pub fn to_yaml(&self, with_events: bool) -> String {
        #[derive(Serialize)]
        struct Report {
            #[serde(skip_serializing_if = "Option::is_none")]
            events: Option<Vec<String>>,
            state: serde_yaml::Value,
        }
        let r = Report {
            events: with_events.then(|| self.event_lines()),
            state: self.state.view(&self.labels),
        };
        serde_yaml::to_string(&r).unwrap_or_else(|e| format!("# cannot print state: {e}\n"))
    }
}

/// A played game as a scenario file that replays it exactly and expects its outcome: the
/// game's setup (`setup`, commands replaced), then the command lines.
pub fn replay_yaml<R: Ruleset>(setup: &R::Scenario, commands: &[String], outcome: &str) -> String {
    let mut file = setup.clone();
    let mut text = commands.join("\n");
    text.push('\n');
    file.set_commands(text);
    file.set_expect(Some(Expect {
        outcome: Some(outcome.to_string()),
        commands: Some(commands.len()),
        ..Expect::default()
    }));
    serde_yaml::to_string(&file).unwrap_or_else(|e| format!("# cannot write replay: {e}\n"))
}

/// [`replay_yaml`] that also records the final position's [`super::expect::state_hash`], so a
/// runner detects an edited replay as well as a cut one.
pub fn replay_yaml_final<R: Ruleset>(
    setup: &R::Scenario,
    commands: &[String],
    final_state: &R,
    labels: &R::Labels,
) -> String {
    let mut file = setup.clone();
    let mut text = commands.join("\n");
    text.push('\n');
    file.set_commands(text);
    file.set_expect(Some(Expect {
        outcome: Some(final_state.outcome().notation()),
        commands: Some(commands.len()),
        state_hash: Some(super::expect::state_hash(&final_state.view(labels))),
        ..Expect::default()
    }));
    serde_yaml::to_string(&file).unwrap_or_else(|e| format!("# cannot write replay: {e}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_dice_left_unrolled_are_a_warning() {
        let dir = std::env::temp_dir().join(format!("kit-dice-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("dice.yaml");
        std::fs::write(
            &path,
            "game: globetrotter\nseed: 3\ndice: [6, 6, 1, 2, 3, 4, 5, 6, 6]\n",
        )
        .unwrap();
        let run = run_file::<crate::globetrotter::State>(&path).unwrap();
        assert_eq!(run.warnings.len(), 1, "{:?}", run.warnings);
        assert!(run.warnings[0].contains("forced dice were never rolled"));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn game_key_defaults_to_the_card_game() {
        assert_eq!(game_of("game: rover\nseed: 1\n"), "rover");
        assert_eq!(game_of("seed: 1\n"), "orbitals");
        assert_eq!(game_of(": : not yaml ["), "orbitals");
    }

    #[test]
    fn command_lines_keep_file_line_numbers_and_drop_comments() {
        let text = "game: x\ncommands: |\n  pass\n  # a comment\n\n  move n # go\n";
        let commands = "pass\n# a comment\n\nmove n # go\n";
        assert_eq!(
            command_lines(text, commands),
            vec![(3, "pass".to_string()), (6, "move n".to_string())]
        );
    }
}
