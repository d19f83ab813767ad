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
    /// Its title, as menus show it.
    pub title: &'static str,
    /// One line for help texts.
    pub about: &'static str,
    /// Runs a scenario or replay file of this game and returns the report (final position,
    /// optionally the events) as YAML.
    pub run_scenario: fn(&Path, bool) -> Result<Report, ScenarioError>,
    /// Plays a save file's commands and says whether its game is over.
    pub save_is_over: fn(&Path) -> Result<bool, ScenarioError>,
}

fn save_is_over<R: Ruleset>(path: &Path) -> Result<bool, ScenarioError> {
    run_file::<R>(path).map(|r| r.state.outcome().is_over())
}

/// What `orbitals scenario run` prints: the report, and warnings for standard error.
pub struct Report {
    pub yaml: String,
    pub warnings: Vec<String>,
}

fn run_scenario<R: Ruleset>(path: &Path, events: bool) -> Result<Report, ScenarioError> {
    run_file::<R>(path).map(|r| Report {
        yaml: r.to_yaml(events),
        warnings: r.warnings,
    })
}

const fn entry<R: Ruleset>(title: &'static str, about: &'static str) -> GameEntry {
    GameEntry {
        name: R::NAME,
        title,
        about,
        run_scenario: run_scenario::<R>,
        save_is_over: save_is_over::<R>,
    }
}

/// Every game, the card game first.
pub const GAMES: &[GameEntry] = &[
    entry::<crate::state::State>("Orbitals", "the card game"),
    entry::<crate::globetrotter::State>("Globetrotter", "the rover game on the globe"),
    entry::<crate::mothership::State>("Mothership", "the landing-ship game on a hex map"),
    entry::<crate::rover::State>("RoveR", "one rover gathers data on a hostile planet"),
];

/// The entry named `name`.
pub fn find(name: &str) -> Option<&'static GameEntry> {
    GAMES.iter().find(|g| g.name == name)
}

/// The names of every game, comma-separated (for error messages).
pub fn names() -> String {
    GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
}

/// The game of a file that holds an unfinished game (the client's autosave), if it does.
pub fn unfinished(path: &Path) -> Option<&'static GameEntry> {
    let text = std::fs::read_to_string(path).ok()?;
    let g = find(&game_of(&text))?;
    matches!((g.save_is_over)(path), Ok(false)).then_some(g)
}

/// Runs a scenario or replay file of any game, chosen by its `game:` key.
pub fn run_any_scenario(path: &Path, events: bool) -> Result<Report, ScenarioError> {
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
