//! The fuzz net: seeded mutations of every kind of input file, and long random play.
//!
//! * Every loader — card files, deck files, scenario files of every game and replays of the
//!   card game and Globetrotter — gets [`INPUTS_PER_LOADER`] mutated inputs per run (lines deleted, duplicated,
//!   swapped, re-indented or truncated; values replaced by hostile tokens: huge, negative,
//!   float and hex numbers, nulls, brackets, anchors, control characters, extra documents).
//!   Each must load or fail without a panic, within [`MAX_SECONDS`], and every error it
//!   reports must name a line.
//! * Random legal play of both games, [`COMMANDS_PER_GAME`] commands each, checks the
//!   invariants after every command and that `validate` agrees with the legal command list for
//!   commands of other positions (a rejected command is never listed as legal; `validate` takes
//!   the state by shared reference, so a rejection cannot change it).
//!
//! The mutation seed of a failing input is printed with it; inputs are written to the target's
//! temporary folder for reproduction.
use orbitals::data::{CardDb, Deck, LoadErrors};
use orbitals::globetrotter::series::GlobeTable;
use orbitals::globetrotter::{self as gt, Config};
use orbitals::kit::scenario::{parse, prepare, replay_yaml, run_loaded};
use orbitals::kit::series::Table;
use orbitals::kit::{Outcome, Ruleset, ScenarioError};
use orbitals::scenario::table::DeckTable;
use orbitals::state::{State, DEFAULT_TURN_LIMIT};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Mutated inputs per loader and run.
const INPUTS_PER_LOADER: usize = 10_000;
/// Random legal commands per game and run (both games: over 1,000,000).
const COMMANDS_PER_GAME: usize = 500_000;
/// The longest one input may take (a hang detector, far above the usual milliseconds).
const MAX_SECONDS: u64 = 2;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Tokens a hostile user would type.
const TOKENS: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "[[[[[[[[",
    "~",
    "null",
    "-1",
    "0",
    "1",
    "7",
    "255",
    "256",
    "65535",
    "65536",
    "4294967296",
    "18446744073709551615",
    "1e3",
    "0x1F",
    "-0",
    ".nan",
    ".inf",
    "3.5",
    "\"\"",
    "''",
    "\"\\u0000\"",
    "\"\\e[31m\"",
    "!!binary AAAA",
    "&a x",
    "*a",
    "<<: *a",
    "- ",
    ": ",
    "# note",
    "'",
    "\"",
    "\t",
    "p0",
    "p9",
    "p256",
    "x",
    "winner p9",
    "draw",
    "---",
    "...",
    "%YAML 1.2",
    "? k",
    "|",
    ">",
    "true",
    "yes",
    "on",
    "é",
    "🚀",
    "\u{7}",
];

/// One seeded mutation of `text`: one to three edits.
fn mutate(text: &str, rng: &mut ChaCha8Rng) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    if lines.is_empty() {
        lines.push(String::new());
    }
    for _ in 0..rng.gen_range(1..=3) {
        let n = lines.len();
        let i = rng.gen_range(0..n);
        let token = *TOKENS.choose(rng).unwrap_or(&"x");
        match rng.gen_range(0..10) {
            0 if n > 1 => {
                lines.remove(i);
            }
            1 => {
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            2 => {
                let j = rng.gen_range(0..n);
                lines.swap(i, j);
            }
            3 => {
                // Replace the value after `key:` (or `- `).
                let l = &lines[i];
                let cut = l
                    .find(": ")
                    .map(|k| k + 2)
                    .or_else(|| l.find("- ").map(|k| k + 2));
                if let Some(k) = cut {
                    lines[i] = format!("{}{token}", &l[..k]);
                }
            }
            4 => {
                // Replace a number anywhere in the line.
                let l = lines[i].clone();
                if let Some(start) = l.find(|c: char| c.is_ascii_digit()) {
                    let end = l[start..]
                        .find(|c: char| !c.is_ascii_digit())
                        .map(|e| start + e)
                        .unwrap_or(l.len());
                    lines[i] = format!("{}{token}{}", &l[..start], &l[end..]);
                }
            }
            5 => {
                let l = &lines[i];
                let mut k = rng.gen_range(0..=l.len());
                while !l.is_char_boundary(k) {
                    k -= 1;
                }
                lines[i] = format!("{}{token}{}", &l[..k], &l[k..]);
            }
            6 => {
                let l = lines[i].trim_start().to_string();
                let indent = rng.gen_range(0..9);
                lines[i] = format!("{}{l}", " ".repeat(indent));
            }
            7 => {
                lines.truncate(i.max(1));
            }
            8 => lines.insert(i, token.to_string()),
            _ => {
                // A command line of the game's notation with hostile arguments.
                lines.insert(
                    i,
                    format!(
                        "  {} {token} {token}",
                        [
                            "burn",
                            "combat",
                            "move",
                            "shoot",
                            "start",
                            "spend",
                            "concede",
                            "contribute"
                        ][rng.gen_range(0..8)]
                    ),
                );
            }
        }
    }
    let mut out = lines.join("\n");
    if rng.gen_bool(0.9) {
        out.push('\n');
    }
    out
}

/// The first failure of one input: what went wrong, with the input.
struct Failure {
    loader: &'static str,
    seed: u64,
    problem: String,
    input: String,
}

/// Runs `load` on mutations of `seeds` and records panics, slow inputs and errors without a
/// line (`check` returns the unlocated error's text).
fn net(
    loader: &'static str,
    seeds: &[(PathBuf, String)],
    count: usize,
    failures: &mut Vec<Failure>,
    load: &dyn Fn(&Path, &str) -> Result<(), String>,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0b17_a150 ^ loader.len() as u64);
    for k in 0..count {
        let seed = rng.gen();
        let mut mrng = ChaCha8Rng::seed_from_u64(seed);
        let (path, text) = &seeds[k % seeds.len()];
        let input = mutate(text, &mut mrng);
        let t = Instant::now();
        let r = catch_unwind(AssertUnwindSafe(|| load(path, &input)));
        let problem = match r {
            Err(p) => Some(format!(
                "panic: {}",
                p.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default()
            )),
            Ok(Err(unlocated)) => Some(format!("error without a line: {unlocated}")),
            Ok(Ok(())) if t.elapsed() > Duration::from_secs(MAX_SECONDS) => {
                Some(format!("took {:?}", t.elapsed()))
            }
            Ok(Ok(())) => None,
        };
        if let Some(problem) = problem {
            failures.push(Failure {
                loader,
                seed,
                problem,
                input,
            });
        }
    }
}

/// Card and deck errors: every one names a line.
fn located(e: &LoadErrors) -> Result<(), String> {
    match e.0.iter().find(|x| x.line.is_none()) {
        Some(x) => Err(x.to_string()),
        None => Ok(()),
    }
}

/// A problem names a line: `line N: …` or `file.yaml:N: …`.
fn problem_has_line(p: &str) -> bool {
    let digit_after = |i: usize| p[i..].starts_with(|c: char| c.is_ascii_digit());
    p.strip_prefix("line ")
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        || p.match_indices(".yaml:").any(|(i, _)| digit_after(i + 6))
        || p.match_indices(".yml:").any(|(i, _)| digit_after(i + 5))
}

/// Scenario errors: every one names a line (a failed expectation is a result, not a load
/// error).
fn scenario_located(e: &ScenarioError) -> Result<(), String> {
    let ok = match e {
        ScenarioError::Io { .. } => false,
        ScenarioError::Yaml { line, .. }
        | ScenarioError::Command { line, .. }
        | ScenarioError::NotRejected { line, .. }
        | ScenarioError::Illegal { line, .. } => *line > 0,
        ScenarioError::Setup { problems, .. } => problems.iter().all(|p| problem_has_line(p)),
        ScenarioError::Expectation { .. } => true,
    };
    if ok {
        Ok(())
    } else {
        Err(e.to_string())
    }
}

/// Loads and runs scenario text as ruleset `R`, as `orbitals scenario run` does.
fn run_scenario<R: Ruleset>(path: &Path, text: &str) -> Result<(), String> {
    let r = parse::<R>(path, text)
        .and_then(|f| prepare::<R>(path, text, f))
        .and_then(run_loaded::<R>);
    match r {
        Ok(run) => run
            .state
            .check_invariants()
            .map_err(|v| format!("invariant: {v}")),
        Err(e) => scenario_located(&e),
    }
}

fn yaml_files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut v: Vec<(PathBuf, String)> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| {
            let t = std::fs::read_to_string(&p).expect("read seed file");
            (p, t)
        })
        .collect();
    v.sort();
    v
}

/// Short replays of random games (the first `commands` commands and the outcome then), as
/// `orbitals match --save` writes them, named as files in `dir`.
fn replays<R: Ruleset, T: Table<R>>(
    table: &T,
    games: u32,
    commands: usize,
    dir: &Path,
) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for g in 0..games {
        let sides: Vec<usize> = (0..table.seats()).collect();
        let start = table
            .start(g, &sides, u64::from(g) + 1)
            .expect("table starts");
        let mut s = start.state;
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(g));
        let mut lines = Vec::new();
        while s.outcome() == Outcome::Ongoing && lines.len() < commands {
            s.legal_commands_into(&mut buf);
            let Some(&m) = buf.choose(&mut rng) else {
                break;
            };
            lines.push(s.format_command(&start.labels, &m));
            s.apply_into(m, &mut ());
        }
        let path = dir.join(format!("replay-{g}.yaml"));
        let scenario = table.replay_scenario(&start.scenario, &path);
        out.push((
            path,
            replay_yaml::<R>(&scenario, &lines, &s.outcome().notation()),
        ));
    }
    out
}

#[test]
fn every_loader_survives_mutated_inputs() {
    let cards_dir = root().join("cards");
    let db = Arc::new(CardDb::load_dir(&cards_dir).expect("cards load"));
    let mut failures = Vec::new();

    // Card files: one file of the set mutated, the others as shipped.
    let card_files = yaml_files(&cards_dir);
    net(
        "cards",
        &card_files,
        INPUTS_PER_LOADER,
        &mut failures,
        &|path, text| {
            let sources: Vec<(&Path, &str)> = card_files
                .iter()
                .map(|(p, t)| {
                    if p == path {
                        (p.as_path(), text)
                    } else {
                        (p.as_path(), t.as_str())
                    }
                })
                .collect();
            match CardDb::from_sources(&sources) {
                Ok(_) => Ok(()),
                Err(e) => located(&e),
            }
        },
    );

    let deck_files = yaml_files(&root().join("decks"));
    net(
        "decks",
        &deck_files,
        INPUTS_PER_LOADER,
        &mut failures,
        &|path, text| match Deck::parse(path, text, &db) {
            Ok(_) => Ok(()),
            Err(e) => located(&e),
        },
    );

    let mut scenarios = yaml_files(&root().join("tests/scenarios"));
    scenarios.extend(yaml_files(&root().join("tests/scenarios/invalid")));
    net(
        "orbitals scenarios",
        &scenarios,
        INPUTS_PER_LOADER,
        &mut failures,
        &|p, t| run_scenario::<State>(p, t),
    );

    let gt_scenarios = yaml_files(&root().join("tests/globetrotter"));
    net(
        "globetrotter scenarios",
        &gt_scenarios,
        INPUTS_PER_LOADER,
        &mut failures,
        &|p, t| run_scenario::<gt::State>(p, t),
    );

    let ms_scenarios = yaml_files(&root().join("tests/mothership"));
    net(
        "mothership scenarios",
        &ms_scenarios,
        INPUTS_PER_LOADER,
        &mut failures,
        &|p, t| run_scenario::<orbitals::mothership::State>(p, t),
    );

    let replay_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz-replays");
    std::fs::create_dir_all(&replay_dir).expect("replay folder");
    let deck = |f: &str| Deck::load(&root().join("decks").join(f), &db).expect("deck");
    let table = DeckTable {
        db: db.clone(),
        decks: [deck("vanguard.yaml"), deck("bastion.yaml")],
        turn_limit: DEFAULT_TURN_LIMIT,
        swap_decks: false,
        mirror: Vec::new(),
        cross: Vec::new(),
        cards: cards_dir.clone(),
    };
    let orbitals_replays = replays::<State, _>(&table, 4, 120, &replay_dir);
    net(
        "orbitals replays",
        &orbitals_replays,
        INPUTS_PER_LOADER,
        &mut failures,
        &|p, t| run_scenario::<State>(p, t),
    );
    let globe = GlobeTable(Config {
        players: 3,
        planets: 2,
        ..Config::default()
    });
    let gt_replays = replays::<gt::State, _>(&globe, 4, 120, &replay_dir);
    net(
        "globetrotter replays",
        &gt_replays,
        INPUTS_PER_LOADER,
        &mut failures,
        &|p, t| run_scenario::<gt::State>(p, t),
    );

    if !failures.is_empty() {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz-failures");
        std::fs::create_dir_all(&dir).ok();
        let mut kinds = std::collections::BTreeMap::new();
        for f in &failures {
            let kind: String = f
                .problem
                .chars()
                .filter(|c| !c.is_ascii_digit())
                .take(90)
                .collect();
            *kinds.entry((f.loader, kind)).or_insert(0) += 1;
        }
        let mut report = format!("{} failing input(s):\n", failures.len());
        for ((loader, kind), n) in &kinds {
            report += &format!("  {n:>5} [{loader}] {kind}\n");
        }
        for (i, f) in failures.iter().enumerate() {
            let file = dir.join(format!("{i:04}.yaml"));
            std::fs::write(&file, &f.input).ok();
            if i < 12 {
                report += &format!(
                    "\n[{}] mutation seed {}: {}\n  input: {}\n",
                    f.loader,
                    f.seed,
                    f.problem,
                    file.display()
                );
            }
        }
        panic!("{report}");
    }
}

/// Random legal play of ruleset `R` for `total` commands (new games as they end): invariants
/// after every command; a command legal in an earlier position is accepted by `validate` now
/// exactly when it is in the legal list.
fn random_play<R: Ruleset + PartialEq>(
    mut new_game: impl FnMut(u64) -> R,
    total: usize,
    seed: u64,
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = 0u64;
    let mut s = new_game(game);
    let mut buf = Vec::new();
    let mut stale: Vec<R::Move> = Vec::new();
    let mut rejected = 0;
    for step in 0..total {
        if s.outcome() != Outcome::Ongoing {
            game += 1;
            s = new_game(game);
        }
        s.legal_commands_into(&mut buf);
        assert!(
            !buf.is_empty(),
            "game {game} step {step}: ongoing but no legal command"
        );
        if let Some(&m) = stale.choose(&mut rng) {
            let listed = buf.contains(&m);
            let before = s.clone();
            match s.validate(&m) {
                Ok(()) => assert!(listed, "game {game}: {m:?} validates but is not listed"),
                Err(e) => {
                    assert!(!listed, "game {game}: {m:?} is listed but rejected: {e:?}");
                    rejected += 1;
                }
            }
            assert!(s == before, "game {game}: validate changed the state");
        }
        if step % 64 == 0 {
            stale.clone_from(&buf);
        }
        let m = buf[rng.gen_range(0..buf.len())];
        s.apply_into(m, &mut ());
        if let Err(v) = s.check_invariants() {
            panic!("game {game} step {step} after {m:?}: {v}");
        }
    }
    rejected
}

#[test]
fn a_million_random_legal_commands_keep_every_invariant() {
    let db = Arc::new(CardDb::load_dir(&root().join("cards")).expect("cards load"));
    let decks: Vec<Deck> = ["vanguard", "bastion", "swarm"]
        .iter()
        .map(|d| Deck::load(&root().join(format!("decks/{d}.yaml")), &db).expect("deck"))
        .collect();
    let rejected = random_play::<State>(
        |g| {
            let pick = [
                decks[g as usize % 3].clone(),
                decks[(g as usize / 3) % 3].clone(),
            ];
            orbitals::rules::new_game(db.clone(), &pick, g).0
        },
        COMMANDS_PER_GAME,
        1,
    );
    assert!(
        rejected > 0,
        "no stale command was ever rejected: the check checks nothing"
    );
    let rejected = random_play::<gt::State>(
        |g| {
            let config = Config {
                players: 2 + (g % 5) as u8,
                planets: 1 + (g % 3) as u8,
                facing: g % 2 == 1,
                ..Config::default()
            };
            gt::new_game(config, g).expect("table").0
        },
        COMMANDS_PER_GAME,
        2,
    );
    assert!(
        rejected > 0,
        "no stale command was ever rejected: the check checks nothing"
    );
}
