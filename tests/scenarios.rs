//! Scenario tests (docs/scenarios.md): every `tests/scenarios/*.yaml` is run by
//! `orbitals::scenario::run_file` and must meet its expectations; every ruling O1–O27 is covered by
//! at least one of them; a wrong expectation fails; every file in `tests/scenarios/invalid/` fails
//! to load with the error its header names; and a saved match replays to the same final position.
use orbitals::agent::random::RandomAgent;
use orbitals::agent::Agent;
use orbitals::data::{CardDb, Deck};
use orbitals::kit::play::{play_game, GameRecord};
use orbitals::kit::Ruleset;
use orbitals::scenario::{self, notation, Handles, Position, ScenarioError};
use orbitals::state::{State, DEFAULT_TURN_LIMIT};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Highest ruling id of the card game.
const LAST_RULING: u32 = 30;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn scenario_dir() -> PathBuf {
    root().join("tests").join("scenarios")
}

/// The `*.yaml` files directly in `dir`, sorted by name.
fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The comment lines at the top of a file, without their `#`.
fn leading_comment(text: &str) -> Vec<&str> {
    text.lines()
        .take_while(|l| l.trim_start().starts_with('#'))
        .map(|l| l.trim_start().trim_start_matches('#').trim())
        .collect()
}

/// Ruling numbers written as `O<n>` (not part of a longer word or number) in `text`.
fn rulings_in(text: &str) -> BTreeSet<u32> {
    let b = text.as_bytes();
    let mut found = BTreeSet::new();
    for i in 0..b.len() {
        if b[i] != b'O' || (i > 0 && b[i - 1].is_ascii_alphanumeric()) {
            continue;
        }
        let digits: String = text[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let after = text[i + 1 + digits.len()..].chars().next();
        if !digits.is_empty() && !after.is_some_and(|c| c.is_ascii_alphanumeric()) {
            if let Ok(n) = digits.parse() {
                found.insert(n);
            }
        }
    }
    found
}

/// The ruling number a scenario file name starts with: `o13_...` is 13.
fn ruling_of_name(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('o')?;
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    if rest[digits.len()..].starts_with('_') {
        digits.parse().ok()
    } else {
        None
    }
}

/// A unique scratch directory for one test.
fn scratch(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("orbitals-scenarios-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&d).expect("create scratch directory");
    d
}

/// `cards: "<absolute path of the repo's cards/>"` as a YAML line.
fn cards_line() -> String {
    format!("cards: {:?}\n", root().join("cards").to_string_lossy())
}

#[test]
fn every_scenario_meets_its_expectations() {
    let files = yaml_files(&scenario_dir());
    assert!(
        files.len() >= LAST_RULING as usize,
        "expected at least one scenario per ruling, found {} files",
        files.len()
    );
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| {
            scenario::run_file(f)
                .err()
                .map(|e| format!("{}: {e}", file_name(f)))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} scenario(s) failed:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

#[test]
fn scenario_files_are_named_and_commented_by_ruling() {
    for f in yaml_files(&scenario_dir()) {
        let name = file_name(&f);
        let n = ruling_of_name(&name)
            .unwrap_or_else(|| panic!("{name}: scenario names start with a ruling id, e.g. o13_"));
        assert!(
            (1..=LAST_RULING).contains(&n),
            "{name}: no ruling O{n} in docs/rules/orbitals.md"
        );
        let text = std::fs::read_to_string(&f).expect("read scenario");
        let head = leading_comment(&text).join(" ");
        assert!(
            rulings_in(&head).contains(&n),
            "{name}: the leading comment must cite O{n} and say what is tested"
        );
    }
}

#[test]
fn every_ruling_has_a_scenario() {
    let mut covered = BTreeSet::new();
    for f in yaml_files(&scenario_dir()) {
        let name = file_name(&f);
        covered.extend(ruling_of_name(&name));
        let text = std::fs::read_to_string(&f).expect("read scenario");
        covered.extend(rulings_in(&leading_comment(&text).join(" ")));
    }
    let missing: Vec<String> = (1..=LAST_RULING)
        .filter(|n| !covered.contains(n))
        .map(|n| format!("O{n}"))
        .collect();
    assert!(
        missing.is_empty(),
        "rulings without a scenario: {missing:?}"
    );
}

#[test]
fn ruling_ids_are_read_exactly() {
    assert_eq!(ruling_of_name("o01_players.yaml"), Some(1));
    assert_eq!(ruling_of_name("o13_combat.yaml"), Some(13));
    assert_eq!(ruling_of_name("other.yaml"), None);
    let ids: Vec<u32> = rulings_in("O13 combat (with O1, O27); not O1x, PO5 or O")
        .into_iter()
        .collect();
    assert_eq!(ids, vec![1, 13, 27]);
}

/// A two-player position: p1's Kestrel `k` and p2's Anvil `a2` (0 delta-vee) at Ares orbital 0.
/// `combat k a2 2` rolls two dice forced to 1 and 6: range 2, defence 0, one hit.
fn small_scenario(expect: &str) -> String {
    format!(
        "{}dice: [1, 6]\n\
         setup:\n  position:\n    players:\n\
         \x20     - assets: [{{card: terra, as: t1}}]\n\
         \x20       ships: [{{card: kestrel, as: k, at: t2, orbital: 0}}]\n\
         \x20     - assets: [{{card: ares, as: t2}}]\n\
         \x20       ships: [{{card: anvil, as: a2, at: t2, orbital: 0, delta_vee: 0}}]\n\
         commands: |\n  combat k a2 2\n\
         expect:\n{expect}",
        cards_line()
    )
}

fn run_text(dir: &Path, name: &str, text: &str) -> Result<scenario::Run, ScenarioError> {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write scenario");
    scenario::run_file(&path)
}

/// The failures listed by an `Expectation` error, or a panic naming what came instead.
fn expectation_failures(r: Result<scenario::Run, ScenarioError>) -> Vec<String> {
    match r {
        Err(ScenarioError::Expectation { failures, .. }) => failures,
        Err(e) => panic!("expected an expectation failure, got another error: {e}"),
        Ok(_) => panic!("expected an expectation failure, but the scenario passed"),
    }
}

#[test]
fn a_wrong_expectation_fails() {
    let dir = scratch("wrong-expectation");
    // The right expectations pass, so the failures below come from the wrong values alone.
    run_text(
        &dir,
        "right.yaml",
        &small_scenario(
            "  outcome: ongoing\n  events: [combat k a2 x 2 range 2 accuracy 2 defence 0, \
             damaged a2 1 total 1]\n  state: {players: [{}, {ships: [{as: a2, damage: 1}]}]}\n",
        ),
    )
    .expect("the correct scenario passes");

    let f = expectation_failures(run_text(
        &dir,
        "outcome.yaml",
        &small_scenario("  outcome: winner p1\n"),
    ));
    assert!(f.iter().any(|m| m.contains("outcome")), "{f:?}");

    let f = expectation_failures(run_text(
        &dir,
        "event.yaml",
        &small_scenario("  events: [damaged a2 2 total 2]\n"),
    ));
    assert!(f.iter().any(|m| m.contains("did not happen")), "{f:?}");

    let f = expectation_failures(run_text(
        &dir,
        "order.yaml",
        &small_scenario("  events: [damaged a2 1 total 1, die 1 hit]\n"),
    ));
    assert!(
        f.iter().any(|m| m.contains("not in the expected order")),
        "{f:?}"
    );

    let f = expectation_failures(run_text(
        &dir,
        "absent.yaml",
        &small_scenario("  absent: [die 6 miss]\n"),
    ));
    assert!(f.iter().any(|m| m.contains("absent")), "{f:?}");

    let f = expectation_failures(run_text(
        &dir,
        "state.yaml",
        &small_scenario("  state: {players: [{}, {ships: [{as: a2, damage: 2}]}]}\n"),
    ));
    assert!(f.iter().any(|m| m.contains("damage")), "{f:?}");

    // An expected illegal command that never comes.
    let f = expectation_failures(run_text(
        &dir,
        "no-error.yaml",
        &small_scenario("  error: O13\n"),
    ));
    assert!(f.iter().any(|m| m.contains("error")), "{f:?}");

    // An illegal command citing another ruling than the expected one stops the run as illegal.
    let text = small_scenario("  error: O11\n").replace("combat k a2 2", "combat k a2 9");
    match run_text(&dir, "other-rule.yaml", &text) {
        Err(ScenarioError::Illegal { rule, .. }) => assert_eq!(rule, "O13"),
        Err(e) => panic!("expected an illegal command, got: {e}"),
        Ok(_) => panic!("expected an illegal command, but the scenario passed"),
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn invalid_scenarios_fail_to_load_with_their_error() {
    let dir = scenario_dir().join("invalid");
    let files = yaml_files(&dir);
    assert!(!files.is_empty(), "no files in {}", dir.display());
    for f in files {
        let name = file_name(&f);
        let text = std::fs::read_to_string(&f).expect("read scenario");
        let want = text
            .lines()
            .find_map(|l| l.strip_prefix("# load-error:"))
            .map(str::trim)
            .unwrap_or_else(|| panic!("{name}: needs a `# load-error: <message>` line"));
        match scenario::run_file(&f) {
            Err(e @ ScenarioError::Setup { .. }) => {
                let msg = e.to_string();
                assert!(msg.contains(want), "{name}: expected `{want}` in:\n{msg}");
            }
            Err(e) => panic!("{name}: expected a load error, got: {e}"),
            Ok(_) => panic!("{name}: expected a load error, but it ran"),
        }
    }
}

fn load_decks(db: &CardDb) -> [Deck; 2] {
    let deck = |f: &str| {
        Deck::load(&root().join("decks").join(f), db).unwrap_or_else(|e| panic!("{f}: {e}"))
    };
    [deck("vanguard.yaml"), deck("bastion.yaml")]
}

/// Writes `record` as a replay (like `orbitals match --save`) and runs it back.
fn replay(
    record: &GameRecord<State>,
    db: &Arc<CardDb>,
    decks: &[Deck],
    path: &Path,
) -> Result<scenario::Run, ScenarioError> {
    let handles = Handles::defaults(&State::from_decks(db.clone(), decks, record.seed));
    let lines: Vec<String> = record
        .commands
        .iter()
        .map(|c| notation::format_command(c, &handles))
        .collect();
    let text = scenario::replay_yaml(
        &root().join("cards").to_string_lossy(),
        record.seed,
        DEFAULT_TURN_LIMIT,
        decks,
        db,
        &lines,
        &record.outcome.notation(),
    );
    std::fs::write(path, text).expect("write replay");
    scenario::run_file(path)
}

#[test]
fn a_saved_match_replays_to_the_same_position() {
    let db = Arc::new(CardDb::load_dir(&root().join("cards")).expect("cards load"));
    let decks = load_decks(&db);
    let dir = scratch("replay");
    for seed in [1u64, 2, 7] {
        // Seeded like `orbitals match`: seat i plays with seed * 2 + i.
        let p1: RandomAgent = RandomAgent::new(seed * 2);
        let p2: RandomAgent = RandomAgent::new(seed * 2 + 1);
        let mut agents: Vec<Box<dyn Agent>> = vec![Box::new(p1), Box::new(p2)];
        let mut start = State::from_decks(db.clone(), &decks, seed);
        start.set_turn_limit(DEFAULT_TURN_LIMIT);
        let handles = Handles::defaults(&start);
        orbitals::rules::start(&mut start, &mut ());
        let record = play_game(start, &handles, seed, &mut agents, &mut ()).expect("legal play");
        let path = dir.join(format!("replay-{seed}.yaml"));
        let run = replay(&record, &db, &decks, &path)
            .unwrap_or_else(|e| panic!("seed {seed}: the replay does not run: {e}"));
        assert_eq!(run.applied, record.commands.len(), "seed {seed}");
        assert_eq!(run.state.outcome(), record.outcome, "seed {seed}");
        let handles = Handles::defaults(&State::from_decks(db.clone(), &decks, seed));
        assert_eq!(
            Position::from_state(&record.final_state, &handles),
            Position::from_state(&run.state, &run.labels),
            "seed {seed}: the replay ends in another position"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_cli_saves_a_replay_that_scenario_run_accepts() {
    let dir = scratch("cli");
    let replay = dir.join("replay.yaml");
    let bin = env!("CARGO_BIN_EXE_orbitals");
    let out = std::process::Command::new(bin)
        .current_dir(root())
        .args(["match", "--seed", "3", "--save"])
        .arg(&replay)
        .output()
        .expect("run orbitals match");
    assert!(
        out.status.success(),
        "orbitals match failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = std::process::Command::new(bin)
        .arg("scenario")
        .arg("run")
        .arg(&replay)
        .output()
        .expect("run orbitals scenario run");
    assert!(
        out.status.success(),
        "orbitals scenario run failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.contains("state:"), "{printed}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn docs_worked_example_runs() {
    let doc = std::fs::read_to_string(root().join("docs").join("scenarios.md")).expect("docs");
    let section = doc
        .split("## Worked example")
        .nth(1)
        .expect("docs/scenarios.md has a worked example");
    let start = section.find("```yaml\n").expect("a yaml block") + "```yaml\n".len();
    let len = section[start..]
        .find("\n```")
        .expect("end of the yaml block");
    let example = &section[start..start + len + 1];
    assert!(example.contains("expect:"), "the example checks its result");
    let dir = scratch("docs");
    let text = format!("{}{example}", cards_line());
    let run = run_text(&dir, "raid.yaml", &text)
        .unwrap_or_else(|e| panic!("the worked example in docs/scenarios.md fails: {e}"));
    assert!(run.applied > 0);
    std::fs::remove_dir_all(&dir).ok();
}
