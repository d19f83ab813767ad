//! Agent spec strings, as given to `orbitals match --p1 …`.
//!
//! Grammar: `NAME[:OPTION[,OPTION…]]`, where an option is a preset name or `key=value`.
//!
//! | spec | meaning |
//! | --- | --- |
//! | `random` | uniform over legal commands |
//! | `greedy` | one-ply search with the evaluation function |
//! | `mcts` / `mcts:normal` | MCTS, 200 iterations per decision, each leaf played on greedily to the start of the searcher's next turn |
//! | `mcts:easy` | 200 iterations, leaves evaluated directly (no playout) |
//! | `mcts:hard` | 1000 iterations, each leaf played on greedily for four player turns (to the start of the searcher's turn after next), closer to the root prior (c 0.1, prior 50) |
//! | `mcts:policy=light` | horizon playouts use the light policy instead of greedy moves |
//! | `mcts:iters=2000,c=1.4` | explicit iterations and exploration constant |
//! | `mcts:ms=500` | half a second per decision instead of an iteration count |
//! | `mcts:hard,threads=2` | preset plus root parallelization over two trees |
//! | `mcts:playout=8` | playout length in commands before evaluating (default 0) |
//! | `mcts:horizon=1` | play on for this many player turns before evaluating (default 2 = the start of the searcher's next turn; `hard` 4 = its turn after next; 0 = off) |
//! | `mcts:prior=0` | virtual visits of the one-ply root prior (default 10, 0 = off) |
//! | `mcts:share=0.5` | the root prior's visits are at most this share of the iterations in all, fewer per move at a wide root (default 0 = off) |
//! | `mcts:prune=1` | card game: leave attacks that cannot hit and scuttles out of the tree (default 1 = on; `easy` 0) |
//! | `mcts:reuse=1` | keep the tree between one player's moves: the next decision of the same turn starts from the subtree of the move played (default 0) |
//! | `mcts:halving=4` | sequential halving at the root over a pass and the 3 best moves by prior (default 0 = UCB1; iteration budgets only) |
//! | `mcts:siege=2` | card game: weight of massing ships that outpace a homeworld's repair (default 0 = off) |
//! | `mcts:late=0.8` | card game: the share `approach` moves to as `endgame` fades material (default 0.4) |
//! | `mcts:hazard=1` | card game: ships that debris will destroy at the end of the turn count as lost (default 0) |
//! | `mcts:tempo=1` | card game: also count the next-turn build/research potential of players not to move (default 0) |
//! | `mcts:approach=0.7` | card game: share of bombardment power counted as threat above full-power orbitals (default 0.4) |
//! | `mcts:endgame=100` | card game: material fades over the last 100 turns before the limit (default 0 = off) |
use super::eval::OrbitalsHeuristic;
use super::game::{Game, Heuristic};
use super::greedy::GreedyAgent;
use super::mcts::{MctsAgent, MctsConfig};
use super::random::RandomAgent;
use super::Agent;
pub use crate::core::preset::{Preset, GLOBETROTTER_PRESETS, PRESETS};
use crate::core::Ruleset;
use crate::state::State;
use std::fmt;
use std::time::Duration;

impl Preset {
    /// Sets the preset's search shape in `cfg` (an iteration budget, no wall time).
    fn apply(&self, cfg: &mut MctsConfig) {
        cfg.iterations = self.iterations;
        cfg.horizon = self.horizon;
        cfg.greedy_playout = self.greedy_playout;
        cfg.c = self.c;
        cfg.prior = self.prior;
        cfg.prune = self.prune;
        cfg.time = None;
    }

    /// The preset's settings, everything else at its default.
    fn config(&self) -> MctsConfig {
        let mut cfg = MctsConfig::default();
        self.apply(&mut cfg);
        cfg
    }

    /// Does `cfg` have this preset's playouts (whatever its budget)?
    fn plays_out_like(&self, cfg: &MctsConfig) -> bool {
        (self.horizon, self.greedy_playout) == (cfg.horizon, cfg.greedy_playout)
    }
}

/// A parsed agent spec.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    Random,
    Greedy,
    /// MCTS with its search settings and the card game's evaluation settings.
    Mcts(MctsConfig, OrbitalsHeuristic),
}

/// Why a spec string is not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

fn err<T>(msg: impl Into<String>) -> Result<T, SpecError> {
    Err(SpecError(msg.into()))
}

fn number<T: std::str::FromStr>(key: &str, v: &str, what: &str) -> Result<T, SpecError> {
    v.trim()
        .parse()
        .map_err(|_| SpecError(format!("`{key}={v}`: expected {what}")))
}

/// The keys of an `mcts:` spec, as error messages list them.
const MCTS_KEYS: &str =
    "iters, ms, c, playout, horizon, stop, prune, reuse, prior, share, halving, \
                         policy, endgame, siege, approach, late, hazard, tempo, threads";

impl AgentSpec {
    /// Parses a spec such as `mcts:iters=2000,c=1.4`.
    pub fn parse(spec: &str) -> Result<AgentSpec, SpecError> {
        let spec = spec.trim();
        let (name, opts) = match spec.split_once(':') {
            Some((n, o)) => (n.trim(), Some(o)),
            None => (spec, None),
        };
        let opts: Vec<&str> = opts
            .map(|o| o.split(',').map(str::trim).collect())
            .unwrap_or_default();
        if opts.iter().any(|o| o.is_empty()) {
            return err(format!("`{spec}`: empty option"));
        }
        match name {
            "random" | "greedy" => {
                if let Some(o) = opts.first() {
                    return err(format!("agent `{name}` takes no options (got `{o}`)"));
                }
                Ok(if name == "random" {
                    AgentSpec::Random
                } else {
                    AgentSpec::Greedy
                })
            }
            "mcts" => {
                let mut cfg = MctsConfig::default();
                let mut eval = OrbitalsHeuristic::default();
                for o in opts {
                    match o.split_once('=') {
                        None => match PRESETS.iter().find(|p| p.name == o) {
                            Some(p) => p.apply(&mut cfg),
                            None => {
                                return err(format!(
                                    "unknown mcts option `{o}` (presets: easy, normal, hard; \
                                     keys: {MCTS_KEYS})"
                                ))
                            }
                        },
                        Some((k, v)) => match k.trim() {
                            "iters" | "iterations" => {
                                let n: u32 = number(k, v, "a whole number of iterations")?;
                                if n == 0 {
                                    return err("`iters` must be at least 1");
                                }
                                cfg.iterations = n;
                                cfg.time = None;
                            }
                            "ms" => {
                                let ms: u64 = number(k, v, "milliseconds")?;
                                if ms == 0 {
                                    return err("`ms` must be at least 1");
                                }
                                cfg.time = Some(Duration::from_millis(ms));
                            }
                            "c" => {
                                let c: f32 = number(k, v, "a number")?;
                                if !c.is_finite() || c < 0.0 {
                                    return err("`c` must be a non-negative number");
                                }
                                cfg.c = c;
                            }
                            "playout" => cfg.playout = number(k, v, "a number of commands")?,
                            "horizon" => cfg.horizon = number(k, v, "a number of turns")?,
                            "prior" => cfg.prior = number(k, v, "a number of virtual visits")?,
                            "share" => {
                                let a: f32 = number(k, v, "a number")?;
                                if !(0.0..=1.0).contains(&a) {
                                    return err("`share` must be between 0 and 1");
                                }
                                cfg.prior_share = a;
                            }
                            "halving" => cfg.halving = number(k, v, "a number of candidates")?,
                            "policy" => {
                                cfg.greedy_playout = match v.trim() {
                                    "greedy" => true,
                                    "light" => false,
                                    other => {
                                        return err(format!(
                                            "unknown playout policy `{other}` (greedy, light)"
                                        ))
                                    }
                                }
                            }
                            "endgame" => eval.endgame = number(k, v, "a number of turns")?,
                            "siege" => {
                                let t: f32 = number(k, v, "a number")?;
                                if !t.is_finite() || t < 0.0 {
                                    return err("`siege` must be a non-negative number");
                                }
                                eval.siege = t;
                            }
                            "approach" => {
                                let a: f32 = number(k, v, "a number")?;
                                if !(0.0..=1.0).contains(&a) {
                                    return err("`approach` must be between 0 and 1");
                                }
                                eval.approach = a;
                            }
                            "late" => {
                                let a: f32 = number(k, v, "a number")?;
                                if !(0.0..=1.0).contains(&a) {
                                    return err("`late` must be between 0 and 1");
                                }
                                eval.late_approach = a;
                            }
                            "hazard" => {
                                let v: u8 = number(k, v, "0 or 1")?;
                                eval.hazard = v > 0;
                            }
                            "tempo" => {
                                let v: u8 = number(k, v, "0 or 1")?;
                                eval.tempo = v > 0;
                            }
                            "stop" => {
                                let v: u8 = number(k, v, "0 or 1")?;
                                cfg.stop_at_horizon = v > 0;
                            }
                            "prune" => {
                                let v: u8 = number(k, v, "0 or 1")?;
                                cfg.prune = v > 0;
                            }
                            "reuse" => {
                                let v: u8 = number(k, v, "0 or 1")?;
                                cfg.reuse = v > 0;
                            }
                            "threads" => {
                                let t: usize = number(k, v, "a number of threads")?;
                                if !(1..=256).contains(&t) {
                                    return err("`threads` must be between 1 and 256");
                                }
                                cfg.threads = t;
                            }
                            other => {
                                return err(format!(
                                    "unknown mcts key `{other}` (keys: {MCTS_KEYS})"
                                ))
                            }
                        },
                    }
                }
                Ok(AgentSpec::Mcts(cfg, eval))
            }
            "" => err("empty agent spec (available: random, greedy, mcts)"),
            other => err(format!(
                "unknown agent `{other}` (available: random, greedy, mcts)"
            )),
        }
    }

    /// Builds the agent for the card game, seeded for reproducible play. MCTS uses the spec's
    /// evaluation settings; greedy always uses the default evaluation.
    pub fn build(&self, seed: u64) -> Box<dyn Agent> {
        let h = match self {
            AgentSpec::Mcts(_, h) => *h,
            _ => OrbitalsHeuristic::default(),
        };
        self.build_for::<State, _>(h, seed)
    }

    /// The agent this spec names for ruleset `R`, seeded for reproducible play: `R`'s
    /// heuristic, or for MCTS the evaluation settings the spec carries when they are `R`'s
    /// (the card game's `mcts:eval=...`); greedy always uses the default evaluation.
    pub fn for_ruleset<R: Ruleset>(&self, seed: u64) -> Box<dyn Agent<R>> {
        let h = match self {
            AgentSpec::Mcts(_, h) => (h as &dyn std::any::Any)
                .downcast_ref::<R::Heuristic>()
                .cloned(),
            _ => None,
        };
        self.build_with::<R, _>(R::PRESETS, h.unwrap_or_default(), seed)
    }

    /// Builds the agent for any ruleset, with that ruleset's heuristic (the spec's card-game
    /// evaluation settings do not apply).
    pub fn build_for<G, H>(&self, heuristic: H, seed: u64) -> Box<dyn Agent<G>>
    where
        G: Game + 'static,
        H: Heuristic<G> + Clone + 'static,
    {
        match self {
            AgentSpec::Random => Box::new(RandomAgent::<G>::new(seed)),
            AgentSpec::Greedy => Box::new(GreedyAgent::<G, H>::new(heuristic, seed)),
            AgentSpec::Mcts(cfg, _) => Box::new(MctsAgent::<G, H>::new(
                cfg.clone(),
                heuristic,
                seed,
                self.to_string(),
            )),
        }
    }
}

impl AgentSpec {
    /// As [`AgentSpec::build_for`], with a game's own preset table: a spec that names one of
    /// [`PRESETS`] and changes nothing else (but `threads`) gets the preset of the same name
    /// from `table`; every other spec is built as it reads.
    pub fn build_with<G, H>(&self, table: &[Preset], heuristic: H, seed: u64) -> Box<dyn Agent<G>>
    where
        G: Game + 'static,
        H: Heuristic<G> + Clone + 'static,
    {
        if let AgentSpec::Mcts(cfg, _) = self {
            let mut plain = cfg.clone();
            plain.threads = 1;
            let named = PRESETS.iter().find(|p| p.config() == plain);
            if let Some(p) = named.and_then(|n| table.iter().find(|p| p.name == n.name)) {
                let mut own = p.config();
                own.threads = cfg.threads;
                return Box::new(MctsAgent::<G, H>::new(
                    own,
                    heuristic,
                    seed,
                    self.to_string(),
                ));
            }
        }
        self.build_for(heuristic, seed)
    }
}

/// Canonical spec string: `mcts:normal` for the presets, explicit keys otherwise.
impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Greedy => f.write_str("greedy"),
            AgentSpec::Mcts(cfg, eval) => {
                // Named by the preset with the same search shape; failing that, the one with
                // the same playouts (wall-time budgets) or the same iterations.
                let preset = PRESETS
                    .iter()
                    .find(|p| p.plays_out_like(cfg) && p.iterations == cfg.iterations)
                    .or_else(|| match cfg.time {
                        Some(_) => PRESETS.iter().find(|p| p.plays_out_like(cfg)),
                        None => PRESETS.iter().find(|p| p.iterations == cfg.iterations),
                    });
                let d = preset.map(Preset::config).unwrap_or_default();
                let mut parts: Vec<String> = Vec::new();
                match (cfg.time, preset) {
                    // A wall-time budget with the default playouts needs no preset name.
                    (Some(t), Some(p)) if !p.plays_out_like(&MctsConfig::default()) => {
                        parts.push(format!("{},ms={}", p.name, t.as_millis()))
                    }
                    (Some(t), _) => parts.push(format!("ms={}", t.as_millis())),
                    (None, Some(p)) => parts.push(p.name.to_string()),
                    (None, None) => parts.push(format!("iters={}", cfg.iterations)),
                }
                if cfg.c != d.c {
                    parts.push(format!("c={}", cfg.c));
                }
                if cfg.playout != d.playout {
                    parts.push(format!("playout={}", cfg.playout));
                }
                if cfg.horizon != d.horizon {
                    parts.push(format!("horizon={}", cfg.horizon));
                }
                if cfg.stop_at_horizon != d.stop_at_horizon {
                    parts.push(format!("stop={}", cfg.stop_at_horizon as u8));
                }
                if cfg.prune != d.prune {
                    parts.push(format!("prune={}", cfg.prune as u8));
                }
                if cfg.reuse != d.reuse {
                    parts.push(format!("reuse={}", cfg.reuse as u8));
                }
                if cfg.prior != d.prior {
                    parts.push(format!("prior={}", cfg.prior));
                }
                if cfg.prior_share != d.prior_share {
                    parts.push(format!("share={}", cfg.prior_share));
                }
                if cfg.halving != d.halving {
                    parts.push(format!("halving={}", cfg.halving));
                }
                if cfg.greedy_playout != d.greedy_playout {
                    let p = if cfg.greedy_playout {
                        "greedy"
                    } else {
                        "light"
                    };
                    parts.push(format!("policy={p}"));
                }
                let de = OrbitalsHeuristic::default();
                if eval.endgame != de.endgame {
                    parts.push(format!("endgame={}", eval.endgame));
                }
                if eval.siege != de.siege {
                    parts.push(format!("siege={}", eval.siege));
                }
                if eval.approach != de.approach {
                    parts.push(format!("approach={}", eval.approach));
                }
                if eval.tempo != de.tempo {
                    parts.push(format!("tempo={}", eval.tempo as u8));
                }
                if eval.hazard != de.hazard {
                    parts.push(format!("hazard={}", eval.hazard as u8));
                }
                if eval.late_approach != de.late_approach {
                    parts.push(format!("late={}", eval.late_approach));
                }
                if cfg.threads != d.threads {
                    parts.push(format!("threads={}", cfg.threads));
                }
                write!(f, "mcts:{}", parts.join(","))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `normal` and `hard` leave prunable moves out of the tree, `easy` keeps them, and a spec
    /// that names no preset starts from `normal`'s setting; `prune=0` turns it off.
    #[test]
    fn normal_and_hard_prune_easy_does_not() {
        for (spec, prune) in [
            ("mcts:easy", false),
            ("mcts:normal", true),
            ("mcts:hard", true),
            ("mcts:iters=500", true),
            ("mcts:normal,prune=0", false),
            ("mcts:easy,prune=1", true),
        ] {
            match AgentSpec::parse(spec) {
                Ok(AgentSpec::Mcts(cfg, _)) => assert_eq!(cfg.prune, prune, "{spec}"),
                other => panic!("{spec}: {other:?}"),
            }
        }
    }

    #[test]
    fn parses_names_presets_and_keys() {
        assert_eq!(AgentSpec::parse("random"), Ok(AgentSpec::Random));
        assert_eq!(AgentSpec::parse(" greedy "), Ok(AgentSpec::Greedy));
        let AgentSpec::Mcts(c, _) = AgentSpec::parse("mcts:hard,threads=2").unwrap() else {
            panic!()
        };
        assert_eq!((c.iterations, c.threads), (1000, 2));
        assert_eq!(
            (c.c, c.prior),
            (0.1, 50),
            "hard keeps close to its root prior"
        );
        assert!(
            c.greedy_playout && c.horizon == 4,
            "hard plays leaves on greedily, four player turns ahead"
        );
        let AgentSpec::Mcts(c, _) = AgentSpec::parse("mcts:easy").unwrap() else {
            panic!()
        };
        assert_eq!((c.iterations, c.horizon, c.greedy_playout), (200, 0, false));
        let AgentSpec::Mcts(c, _) = AgentSpec::parse("mcts:iters=2000,c=1.4").unwrap() else {
            panic!()
        };
        assert_eq!((c.iterations, c.c), (2000, 1.4));
        let AgentSpec::Mcts(c, _) = AgentSpec::parse("mcts:ms=250").unwrap() else {
            panic!()
        };
        assert_eq!(c.time, Some(Duration::from_millis(250)));
    }

    #[test]
    fn canonical_names_round_trip() {
        for s in [
            "random",
            "greedy",
            "mcts:normal",
            "mcts:iters=3000,c=1.4",
            "mcts:ms=300",
            "mcts:easy,horizon=1",
            "mcts:normal,endgame=120,late=0.8",
            "mcts:normal,halving=4",
            "mcts:easy,policy=greedy",
            "mcts:hard,prior=20,policy=light",
            "mcts:hard,c=0.2,prior=10",
            "mcts:normal,stop=1",
            "mcts:hard,reuse=1",
            "mcts:normal,prune=0",
            "mcts:easy,prune=1",
            "mcts:easy,ms=40",
            "mcts:normal,siege=2,approach=0.7,tempo=1,hazard=1",
        ] {
            let spec = AgentSpec::parse(s).unwrap();
            assert_eq!(spec.to_string(), s);
            assert_eq!(AgentSpec::parse(&spec.to_string()), Ok(spec));
        }
    }

    #[test]
    fn bad_specs_give_clear_errors() {
        for (s, needle) in [
            ("alphazero", "unknown agent `alphazero`"),
            ("", "empty agent spec"),
            ("greedy:fast", "takes no options"),
            ("mcts:iters=abc", "expected a whole number"),
            ("mcts:iters=0", "at least 1"),
            ("mcts:depth=3", "unknown mcts key `depth`"),
            ("mcts:insane", "unknown mcts option `insane`"),
            ("mcts:c=-1", "non-negative"),
            ("mcts:threads=0", "between 1 and 256"),
            ("mcts:normal,", "empty option"),
            ("mcts:approach=2", "between 0 and 1"),
            ("mcts:siege=-1", "non-negative"),
        ] {
            let e = AgentSpec::parse(s).unwrap_err();
            assert!(e.0.contains(needle), "`{s}`: {e}");
        }
    }
}

/// One AI opponent a menu can offer: a label and an agent spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiLevel {
    pub label: &'static str,
    pub spec: &'static str,
}

/// The AI opponents every game's menu offers, easiest first (the same specs as the command
/// line's `--p1`).
pub const AI_LEVELS: [AiLevel; 5] = [
    AiLevel {
        label: "Beginner (plays at random)",
        spec: "random",
    },
    AiLevel {
        label: "Easy (best move in sight)",
        spec: "greedy",
    },
    AiLevel {
        label: "Normal (looks a little ahead)",
        spec: "mcts:easy",
    },
    AiLevel {
        label: "Hard (looks ahead)",
        spec: "mcts:normal",
    },
    AiLevel {
        label: "Expert (looks furthest ahead)",
        spec: "mcts:hard",
    },
];

#[cfg(test)]
mod level_tests {
    use super::*;

    #[test]
    fn every_level_is_a_valid_spec() {
        for l in AI_LEVELS {
            assert!(AgentSpec::parse(l.spec).is_ok(), "{}", l.spec);
        }
    }
}
