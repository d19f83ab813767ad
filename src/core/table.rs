//! How a ruleset sets up the games of a series: the [`Table`] a game gives the kit's series
//! runner ([`crate::kit::series`]), the [`Start`] of one game, and the seats' rotation.
use super::ruleset::{Ruleset, SourceFile};
use std::path::Path;

/// A game set up for a series.
pub struct Start<R: Ruleset> {
    pub state: R,
    pub labels: R::Labels,
    /// The scenario file that sets the same game up (commands empty), for replays.
    pub scenario: R::Scenario,
}

impl<R: Ruleset> Start<R> {
    /// A game set up by the ruleset's own [`Ruleset::from_scenario`] from a freshly written
    /// scenario file, so that the series plays exactly what its replay file will say.
    pub fn from_scenario(scenario: R::Scenario) -> Result<Start<R>, String> {
        let source = SourceFile {
            path: Path::new("."),
            text: "",
        };
        let (state, labels) =
            R::from_scenario(&scenario, &source, &mut Vec::new()).map_err(|p| p.join("; "))?;
        Ok(Start {
            state,
            labels,
            scenario,
        })
    }
}

/// How a ruleset sets up the games of a series.
pub trait Table<R: Ruleset>: Sync {
    /// Seats in every game.
    fn seats(&self) -> usize;
    /// Sets up game `index`, where `sides[seat]` is the side in that seat, with `seed`.
    fn start(&self, index: u32, sides: &[usize], seed: u64) -> Result<Start<R>, String>;
    /// What side `side` plays with in game `index` (a deck name), for results by deck; `None`
    /// when sides differ only by agent.
    fn side_label(&self, _index: u32, _side: usize) -> Option<String> {
        None
    }
    /// The scenario a replay to be written at `dest` starts from (a table may rewrite paths
    /// in it relative to `dest`).
    fn replay_scenario(&self, scenario: &R::Scenario, _dest: &std::path::Path) -> R::Scenario {
        scenario.clone()
    }
}

/// The seat order of game `index` with `n` seats: `sides[seat]`.
pub fn rotation(index: u32, n: usize) -> Vec<usize> {
    let n = n.max(1);
    let shift = index as usize % n;
    (0..n).map(|seat| (seat + shift) % n).collect()
}
