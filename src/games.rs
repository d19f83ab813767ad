//! The registered games: one line per ruleset. The command line and the client dispatch on a
//! file's `game:` key or on `--game` through this list, so adding a game is its module plus
//! its line here.
use crate::kit::scenario::{game_of, run_file, ScenarioError};
use crate::kit::Ruleset;
use std::path::Path;

/// One game the tools know.
pub struct GameEntry {
    /// The `game:` key and `--game` name.
    pub name: &'static str,
    /// One line for help texts.
    pub about: &'static str,
    /// Runs a scenario or replay file of this game and returns the report (final position,
    /// optionally the events) as YAML.
    pub run_scenario: fn(&Path, bool) -> Result<String, ScenarioError>,
}

fn run_scenario<R: Ruleset>(path: &Path, events: bool) -> Result<String, ScenarioError> {
    run_file::<R>(path).map(|r| r.to_yaml(events))
}

const fn entry<R: Ruleset>(about: &'static str) -> GameEntry {
    GameEntry {
        name: R::NAME,
        about,
        run_scenario: run_scenario::<R>,
    }
}

/// Every game, the card game first.
pub const GAMES: &[GameEntry] = &[
    entry::<crate::state::State>("the card game"),
    entry::<crate::globetrotter::State>("the rover game on the globe"),
];

/// The entry named `name`.
pub fn find(name: &str) -> Option<&'static GameEntry> {
    GAMES.iter().find(|g| g.name == name)
}

/// The names of every game, comma-separated (for error messages).
pub fn names() -> String {
    GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
}

/// Runs a scenario or replay file of any game, chosen by its `game:` key.
pub fn run_any_scenario(path: &Path, events: bool) -> Result<String, ScenarioError> {
    let text = crate::kit::guard::read_text(path)
        .map_err(|e| crate::kit::scenario::guard_error(path, e))?;
    let game = game_of(&text);
    match find(&game) {
        Some(g) => (g.run_scenario)(path, events),
        None => Err(ScenarioError::Setup {
            file: path.into(),
            problems: vec![format!("unknown game `{game}` (games: {})", names())],
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_listed_once() {
        let mut names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), GAMES.len());
        assert!(find("orbitals").is_some() && find("globetrotter").is_some());
        assert!(find("chess").is_none());
    }
}
