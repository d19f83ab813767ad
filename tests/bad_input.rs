//! Hostile input, one regression test per finding of the bad-input review: positions that
//! cannot happen, decks and tables that do not fit, overflowing numbers, files that would hang
//! or block a loader, and command-line misuse. Every test here failed before its fix.
use orbitals::data::{CardDb, Deck};
use orbitals::ids::PlayerId;
use orbitals::kit::ScenarioError;
use orbitals::scenario;
use orbitals::state::setup::check_capacity;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(test: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("bad-input")
        .join(test);
    std::fs::create_dir_all(&d).expect("scratch directory");
    d
}

fn orbitals(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orbitals"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the orbitals binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs a card-game position scenario (`players:` block given) and returns its setup problems.
fn position_problems(test: &str, position: &str) -> Vec<String> {
    let dir = scratch(test);
    let path = dir.join("position.yaml");
    let text = format!(
        "cards: {:?}\nsetup:\n  position:\n{position}",
        root().join("cards").to_string_lossy()
    );
    std::fs::write(&path, text).expect("write scenario");
    match scenario::run_file(&path) {
        Err(ScenarioError::Setup { problems, .. }) => problems,
        Err(e) => panic!("expected a setup error, got: {e}"),
        Ok(_) => panic!("the impossible position was accepted"),
    }
}

/// Asserts one problem mentions `want` and every problem names a line.
fn assert_problem(problems: &[String], want: &str) {
    assert!(
        problems.iter().any(|p| p.contains(want)),
        "no problem mentions `{want}`: {problems:#?}"
    );
    for p in problems {
        assert!(p.starts_with("line "), "problem without a line: {p}");
    }
}

const TWO_HOMEWORLDS: &str = "    players:
      - assets: [{card: terra, as: t1}]
      - assets: [{card: ares, as: t2}]
";

#[test]
fn spacecraft_listed_under_asset_projects_is_rejected_at_load() {
    let p = position_problems(
        "ship-asset-project",
        "    players:
      - assets: [{card: terra, as: t1}]
        asset_projects: [{card: wasp, as: w}]
      - assets: [{card: ares, as: t2}]
",
    );
    assert_problem(&p, "`asset_projects` holds asset cards only");
}

#[test]
fn deck_with_homeworld_cards_among_the_30_is_rejected() {
    let db = CardDb::load_dir(&root().join("cards")).expect("cards");
    let text = format!(
        "name: Worlds\nhomeworld: terra\ncards:\n{}  - ares\n",
        "  - wasp\n".repeat(29)
    );
    let e = Deck::parse(Path::new("worlds.yaml"), &text, &db).expect_err("rejected");
    let e = &e.0[0];
    assert_eq!(e.line, Some(33), "{e}");
    assert!(e.message.contains("(O2)"), "{e}");
}

#[test]
fn first_player_out_of_range_is_rejected() {
    for bad in ["p256", "x", "p3"] {
        let p = position_problems(
            &format!("first-player-{bad}"),
            &format!("    first_player: {bad}\n{TWO_HOMEWORLDS}"),
        );
        assert_problem(&p, "first_player");
    }
}

#[test]
fn turn_above_the_limit_is_rejected() {
    let p = position_problems("turn-limit", &format!("    turn: 201\n{TWO_HOMEWORLDS}"));
    assert_problem(&p, "above the turn limit");
}

#[test]
fn delta_vee_above_the_maximum_is_rejected() {
    let p = position_problems(
        "delta-vee",
        "    players:
      - assets: [{card: terra, as: t1}]
        ships: [{card: wasp, as: w, at: t1, delta_vee: 200}]
      - assets: [{card: ares, as: t2}]
",
    );
    assert_problem(&p, "delta_vee 200 is above its maximum");
}

#[test]
fn damage_at_armor_or_resistance_is_rejected() {
    let p = position_problems(
        "damage",
        "    players:
      - assets: [{card: terra, as: t1, damage: 14}]
        ships: [{card: wasp, as: w, at: t1, damage: 9}]
      - assets: [{card: ares, as: t2}]
",
    );
    assert_problem(&p, "must be below its armor");
    assert_problem(&p, "must be below its bombardment resistance");
}

#[test]
fn project_points_at_the_cost_are_rejected() {
    let p = position_problems(
        "points",
        "    players:
      - assets: [{card: terra, as: t1}]
        asset_projects: [{card: luna_base, as: lb, points: 4}]
      - assets: [{card: ares, as: t2}]
",
    );
    assert_problem(&p, "must be below the construction cost 4");
}

#[test]
fn every_player_lost_is_rejected() {
    let p = position_problems(
        "all-lost",
        "    players:
      - {assets: [{card: terra}], lost: true}
      - {assets: [{card: ares}], lost: true}
",
    );
    assert_problem(&p, "every player has lost");
}

#[test]
fn outcome_naming_a_missing_winner_is_rejected() {
    let p = position_problems(
        "winner-p9",
        &format!("    outcome: winner p9\n{TWO_HOMEWORLDS}"),
    );
    assert_problem(&p, "the winner must be a player still in the game");
}

#[test]
fn second_homeworld_in_a_position_is_rejected() {
    let p = position_problems(
        "two-homeworlds",
        "    players:
      - assets: [{card: terra}, {card: ares}]
      - assets: [{card: ares}]
",
    );
    assert_problem(&p, "a player has exactly one (O2)");
}

#[test]
fn nine_decks_are_rejected_and_never_alias_cards() {
    let db = Arc::new(CardDb::load_dir(&root().join("cards")).expect("cards"));
    let deck = Deck::load(&root().join("decks/bastion.yaml"), &db).expect("deck");
    assert!(check_capacity(&vec![deck.clone(); 8]).is_ok());
    let e = check_capacity(&vec![deck.clone(); 9])
        .expect_err("nine players")
        .to_string();
    assert!(e.contains("O29"), "{e}");
    let e = check_capacity(&vec![deck; 300])
        .expect_err("300 players")
        .to_string();
    assert!(e.contains("found 300"), "{e}");
}

#[test]
fn player_ids_print_without_overflow() {
    assert_eq!(PlayerId(255).to_string(), "p256");
}

#[test]
fn globetrotter_actions_above_a_turn_are_rejected() {
    let dir = scratch("gt-actions");
    let path = dir.join("actions.yaml");
    std::fs::write(
        &path,
        "game: globetrotter\nposition:\n  actions: 255\n  players: [{treasury: 3}, {}]\n  \
         planets:\n    - spaces: {17: rover p1, 91: rover p2}\ncommands: |\n  spend\n",
    )
    .unwrap();
    match orbitals::kit::scenario::run_file::<orbitals::globetrotter::State>(&path) {
        Err(ScenarioError::Setup { problems, .. }) => assert_problem(&problems, "actions: 255"),
        Err(e) => panic!("expected a setup error, got: {e}"),
        Ok(_) => panic!("actions: 255 was accepted"),
    }
}

#[test]
fn deep_yaml_nesting_fails_fast_with_a_line() {
    let dir = scratch("deep");
    let path = dir.join("deep.yaml");
    std::fs::write(&path, format!("seed: 1\nsetup: {}", "[".repeat(200_000))).unwrap();
    match scenario::run_file(&path) {
        Err(ScenarioError::Yaml { line, message, .. }) => {
            assert_eq!(line, 2);
            assert!(message.contains("nested too deep"), "{message}");
        }
        Err(e) => panic!("expected a located YAML error, got: {e}"),
        Ok(_) => panic!("accepted"),
    }
    let db = CardDb::load_dir(&root().join("cards")).expect("cards");
    let e = Deck::parse(Path::new("deep.yaml"), &"[".repeat(200_000), &db).unwrap_err();
    assert_eq!(e.0[0].line, Some(1));
}

#[test]
fn yaml_errors_name_a_line_and_no_rust_types() {
    let dir = scratch("types");
    std::fs::write(
        dir.join("cards.yaml"),
        "upgrades:\n  - 7\nspacecraft:\n  - id: x\n    armor: lots\n",
    )
    .unwrap();
    let e = CardDb::load_dir(&dir).unwrap_err().to_string();
    assert!(!e.contains("struct Raw") && !e.contains(" u8"), "{e}");
    for line in e.lines().skip(1) {
        assert!(line.contains("cards.yaml:"), "no line: {line}");
    }
    let db = CardDb::load_dir(&root().join("cards")).expect("cards");
    let e = Deck::parse(Path::new("d.yaml"), "---\na: 1\n---\nb: 2\n", &db).unwrap_err();
    assert_eq!(e.0[0].line, Some(3), "{}", e.0[0]);
    let e = Deck::parse(
        Path::new("d.yaml"),
        "name: x\nhomeworld: \"\\e[31m\"\ncards: []\n",
        &db,
    )
    .unwrap_err()
    .to_string();
    assert!(!e.contains('\u{1b}'), "control character echoed: {e:?}");
}

#[test]
fn flow_list_card_ids_have_their_line() {
    let db = CardDb::load_dir(&root().join("cards")).expect("cards");
    let text = format!(
        "name: Flow\nhomeworld: terra\ncards: [{}\n  nosuch]\n",
        "wasp, ".repeat(29)
    );
    let e = Deck::parse(Path::new("flow.yaml"), &text, &db).unwrap_err();
    let bad =
        e.0.iter()
            .find(|e| e.card.as_deref() == Some("nosuch"))
            .unwrap();
    assert_eq!(bad.line, Some(4), "{bad}");
}

#[test]
fn cards_folder_without_yaml_is_an_error() {
    let dir = scratch("empty-cards");
    let o = orbitals(&["cards", "list", "--cards", dir.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no card files"), "{}", stderr(&o));
}

#[test]
fn cards_list_into_a_closed_pipe_exits_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_orbitals"))
        .args(["cards", "list"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    // Close the reading end at once, as `head -1` does after its line.
    drop(child.stdout.take());
    let o = child.wait_with_output().expect("wait");
    assert!(o.status.success(), "status {:?}: {}", o.status, stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}

#[test]
fn demo_with_the_largest_seed_runs() {
    let o = orbitals(&["demo", "--seed", &u64::MAX.to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn turn_limit_zero_and_nan_seconds_are_rejected() {
    let o = orbitals(&["match", "--turn-limit", "0"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--turn-limit"), "{}", stderr(&o));
    let o = orbitals(&["bench", "--seconds", "nan"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--seconds"), "{}", stderr(&o));
}

#[test]
fn match_save_refuses_to_overwrite_and_checks_before_playing() {
    let dir = scratch("save");
    let file = dir.join("kept.yaml");
    std::fs::write(&file, "precious\n").unwrap();
    let o = orbitals(&["match", "--save", file.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious\n");
    // A file that cannot be written fails at once, before any game (1,000 games would take
    // minutes; the error comes first).
    let bad = dir.join("no-such-folder").join("out.svg");
    let o = orbitals(&["match", "--games", "1000", "--svg", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    assert!(o.stdout.is_empty(), "games were played");
    let o = orbitals(&["match", "--force", "--save", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("commands:"));
}

#[cfg(unix)]
#[test]
fn deck_check_on_a_fifo_does_not_block() {
    let dir = scratch("fifo");
    let fifo = dir.join("deck.yaml");
    let _ = std::fs::remove_file(&fifo);
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        // No mkfifo on this system: the guard's regular-file check is unit-tested in the kit.
        return;
    }
    let o = orbitals(&["deck", "check", fifo.to_str().unwrap()]);
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("not a regular file"), "{out}");
}

#[cfg(feature = "client")]
#[test]
fn client_without_a_display_says_so() {
    let o = Command::new(env!("CARGO_BIN_EXE_orbitals"))
        .current_dir(root())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run");
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(
        e.contains("no display: run under a desktop session or xvfb-run"),
        "{e}"
    );
    assert!(!e.contains("panicked"), "{e}");
}

#[cfg(feature = "client")]
#[test]
fn client_rejects_seven_globetrotter_players_like_match() {
    let o = orbitals(&["--screen", "globetrotter", "--gt-players", "7"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--gt-players"), "{}", stderr(&o));
}

#[test]
fn rule_errors_name_the_handle_and_card_not_an_index() {
    let dir = scratch("card-names");
    let path = dir.join("names.yaml");
    std::fs::write(
        &path,
        format!(
            "cards: {:?}\nsetup:\n  position:\n    players:\n      - assets: [{{card: terra, as: t1}}]\n      - assets: [{{card: ares, as: t2}}]\n        ships: [{{card: anvil, as: enemy, at: t2}}]\ncommands: |\n  burn enemy 1\n",
            root().join("cards").to_string_lossy()
        ),
    )
    .unwrap();
    match scenario::run_file(&path) {
        Err(e @ ScenarioError::Illegal { .. }) => {
            let msg = e.to_string();
            assert!(msg.contains("`enemy` (Anvil)"), "{msg}");
            assert!(!msg.contains("CardRef"), "{msg}");
        }
        Err(e) => panic!("expected an illegal command, got: {e}"),
        Ok(_) => panic!("burning an enemy ship was accepted"),
    }
}

#[test]
fn truncated_or_edited_replays_fail() {
    let dir = scratch("replay-cut");
    let file = dir.join("replay.yaml");
    let o = orbitals(&[
        "match",
        "--seed",
        "5",
        "--force",
        "--save",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    scenario::run_file(&file).expect("the saved replay runs");
    let text = std::fs::read_to_string(&file).unwrap();
    // Cut: drop the last command line.
    let lines: Vec<&str> = text.lines().collect();
    let expect_at = lines.iter().position(|l| l.starts_with("expect:")).unwrap();
    let mut cut: Vec<&str> = lines.clone();
    cut.remove(expect_at - 1);
    let cut_file = dir.join("cut.yaml");
    std::fs::write(&cut_file, cut.join("\n") + "\n").unwrap();
    match scenario::run_file(&cut_file) {
        Err(ScenarioError::Expectation { failures, .. }) => {
            assert!(
                failures.iter().any(|f| f.contains("cut or edited")),
                "{failures:?}"
            )
        }
        Err(e) => panic!("expected an expectation failure, got: {e}"),
        Ok(_) => panic!("a cut replay ran as if complete"),
    }
    // Edit: the recorded final position no longer matches.
    let edited = text.replacen("state_hash: ", "state_hash: 0", 1);
    let edited_file = dir.join("edited.yaml");
    std::fs::write(&edited_file, edited).unwrap();
    match scenario::run_file(&edited_file) {
        Err(ScenarioError::Expectation { failures, .. }) => {
            assert!(
                failures.iter().any(|f| f.contains("state_hash")),
                "{failures:?}"
            )
        }
        Err(e) => panic!("expected an expectation failure, got: {e}"),
        Ok(_) => panic!("an edited replay ran"),
    }
}

#[test]
fn ability_amounts_and_orbitals_are_checked_with_a_line() {
    let dir = scratch("amounts");
    std::fs::write(
        dir.join("cards.yaml"),
        "upgrades:\n  - id: big\n    name: Big\n    construction_cost: 2\n    \
         bombardment_resistance: 2\n    abilities:\n      - effect: draw\n        when: upkeep\n        \
         amount: 200\n      - effect: damage_enemy_ships\n        when: upkeep\n        amount: 1\n        \
         orbital: 99\n      - effect: armor\n        amount: -100\n",
    )
    .unwrap();
    let e = CardDb::load_dir(&dir).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("200 is out of range 1..=10"), "{text}");
    assert!(text.contains("-100 is out of range -10..=10"), "{text}");
    assert!(text.contains("orbital 99 does not exist"), "{text}");
    assert!(e.0.iter().all(|x| x.line.is_some()), "{text}");
}

#[test]
fn expected_errors_name_their_command_line() {
    let dir = scratch("error-line");
    let path = dir.join("error-line.yaml");
    let text = |line: usize| {
        format!(
            "cards: {:?}\nsetup:\n  position:\n    players:\n      - assets: [{{card: terra, as: t1}}]\n      - assets: [{{card: ares, as: t2}}]\n        ships: [{{card: anvil, as: enemy, at: t2}}]\ncommands: |\n  pass\n  research t2\nexpect:\n  error: O4\n  error_line: {line}\n",
            root().join("cards").to_string_lossy()
        )
    };
    std::fs::write(&path, text(10)).unwrap();
    scenario::run_file(&path).expect("the rejection is on line 10");
    std::fs::write(&path, text(9)).unwrap();
    match scenario::run_file(&path) {
        Err(ScenarioError::Expectation { failures, .. }) => {
            assert!(
                failures.iter().any(|f| f.contains("error_line")),
                "{failures:?}"
            )
        }
        Err(e) => panic!("expected an expectation failure, got: {e}"),
        Ok(_) => panic!("the wrong line was accepted"),
    }
}
