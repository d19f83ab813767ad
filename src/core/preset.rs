//! Named search presets (`easy`, `normal`, `hard`): plain data each ruleset picks
//! ([`crate::core::Ruleset::PRESETS`]); the agents turn a preset into search settings.

/// A named search shape: iterations, turn horizon, playout policy, exploration constant and
/// the weight of the root prior (virtual visits).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    pub name: &'static str,
    pub iterations: u32,
    pub horizon: u32,
    pub greedy_playout: bool,
    pub c: f32,
    pub prior: u32,
    /// Leave the moves the game calls prunable out of the tree (`prune=1`; in the card game
    /// attacks that cannot hit and scuttles, none in the other games).
    pub prune: bool,
}

/// The card game's presets, which `mcts:` specs start from. `easy` evaluates its leaves
/// directly; `normal` (the default) plays both sides greedily from each leaf to the start of
/// the searching player's next turn, `hard` for four player turns, to the start of the
/// searcher's turn after next (see docs/ai.md, "`hard` four turns ahead"): two turns hide the
/// raid that loses a ship over several turns and the lone bombarder that takes a homeworld
/// over several more. `hard` searches half as many iterations as before it looked that far
/// (each plays out twice as many turns), and keeps its tree closer to the one-ply prior (five
/// times the virtual visits, half the exploration): with `normal`'s constants the longer
/// search only found more of the evaluation's errors. Both leave attacks that cannot hit and
/// scuttles out of the tree (`prune`): the greedy playouts reward a scuttle whose debris traps
/// the reply's ships, a trap no real opponent walks into.
pub const PRESETS: [Preset; 3] = [
    Preset {
        name: "easy",
        iterations: 200,
        horizon: 0,
        greedy_playout: false,
        c: 0.2,
        prior: 10,
        prune: false,
    },
    Preset {
        name: "normal",
        iterations: 200,
        horizon: 2,
        greedy_playout: true,
        c: 0.2,
        prior: 10,
        prune: true,
    },
    Preset {
        name: "hard",
        iterations: 1000,
        horizon: 4,
        greedy_playout: true,
        c: 0.1,
        prior: 50,
        prune: true,
    },
];

/// The presets of games that set none of their own (Mothership, RoveR): the card game's
/// `easy` and `normal`, and a `hard` with `normal`'s constants and playouts, as they were
/// measured.
pub const BASE_PRESETS: [Preset; 3] = [
    PRESETS[0],
    PRESETS[1],
    Preset {
        name: "hard",
        iterations: 1000,
        horizon: 2,
        greedy_playout: true,
        c: 0.2,
        prior: 10,
        prune: false,
    },
];

/// Globetrotter's presets (the same names; chosen by [`AgentSpec::build_with`]): its leaves
/// are played on greedily for six player turns (twelve for `hard`), far enough for a search to
/// see a ring finished and built on, or a Drill Cannon readied, aimed and fired; two turns see
/// only exchanges of fire and the games stall.
pub const GLOBETROTTER_PRESETS: [Preset; 3] = [
    PRESETS[0],
    Preset {
        name: "normal",
        iterations: 200,
        horizon: 6,
        greedy_playout: true,
        c: 0.2,
        prior: 10,
        prune: false,
    },
    Preset {
        name: "hard",
        iterations: 400,
        horizon: 12,
        greedy_playout: true,
        c: 0.2,
        prior: 10,
        prune: false,
    },
];
