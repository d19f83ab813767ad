//! `orbitals match` end to end, through the built binary: JSON results for both rulesets,
//! replays that `orbitals scenario run` plays back to the same outcome, and clear errors for
//! bad arguments.
use std::path::PathBuf;
use std::process::{Command, Output};

fn orbitals(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orbitals"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the orbitals binary runs")
}

fn tmp(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-match");
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// Runs `orbitals` with `args`, checks that it is refused, and returns what it printed on stderr.
fn refused(args: &[&str]) -> String {
    let out = orbitals(args);
    assert!(!out.status.success(), "{args:?} was accepted");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("--json prints JSON")
}

#[test]
fn globetrotter_match_reports_and_replays() {
    let replay = tmp("gt-replay.yaml");
    let out = orbitals(&[
        "match",
        "--game",
        "globetrotter",
        "--planets",
        "2",
        "--players",
        "2",
        "--p1",
        "greedy",
        "--p2",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
        "--json",
        "--force",
        "--save",
        replay.to_str().unwrap(),
    ]);
    let v = json(&out);
    assert_eq!(v["games"], 4);
    let sides = v["sides"].as_array().unwrap();
    assert_eq!(sides.len(), 2);
    assert_eq!(sides[0]["agent"], "greedy");
    let total: u64 = sides
        .iter()
        .map(|s| s["wins"].as_u64().unwrap())
        .sum::<u64>()
        + v["draws"].as_u64().unwrap();
    assert_eq!(total, 4);
    // The replay is a scenario file that expects the game's outcome: running it checks that.
    let run = orbitals(&["scenario", "run", replay.to_str().unwrap()]);
    assert!(
        run.status.success(),
        "replay failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(String::from_utf8_lossy(&run.stdout).contains("outcome:"));
}

#[test]
fn globetrotter_match_with_more_players_rotates_seats() {
    let v = json(&orbitals(&[
        "match",
        "--game",
        "globetrotter",
        "--players",
        "3",
        "--p3",
        "greedy",
        "--games",
        "3",
        "--turn-limit",
        "40",
        "--json",
    ]));
    let sides = v["sides"].as_array().unwrap();
    assert_eq!(sides.len(), 3);
    for s in sides {
        assert_eq!(s["first_games"], 1, "each side moves first once: {s}");
    }
}

#[test]
fn card_game_match_still_reports_two_sides() {
    let v = json(&orbitals(&[
        "match", "--p1", "greedy", "--p2", "random", "--games", "2", "--json",
    ]));
    assert_eq!(v["sides"].as_array().unwrap().len(), 2);
}

#[test]
fn bad_match_arguments_are_named() {
    let err = refused(&["match", "--game", "globetrotter", "--players", "9"]);
    assert!(err.contains("G17"), "{err}");

    let err = refused(&["match", "--p3", "greedy"]);
    assert!(err.contains("--p3 given for a 2-player game"), "{err}");

    let err = refused(&["match", "--planets", "2"]);
    assert!(
        err.contains("--planets does not apply to --game orbitals"),
        "{err}"
    );

    assert!(refused(&["match", "--game", "globetrotter", "--p3", "greedy"]).contains("--p3"));

    refused(&["match", "--game", "chess"]);
}

#[test]
fn mirror_matches_report_results_by_deck() {
    let args = "match --p1 greedy --p2 random --games 4 --json \
                --mirror decks/vanguard.yaml,decks/bastion.yaml";
    let v = json(&orbitals(&args.split_whitespace().collect::<Vec<_>>()));
    assert_eq!(v["sides"][0]["deck"], "mirror");
    let by = v["by_deck"].as_array().unwrap();
    let decks: Vec<&str> = by.iter().map(|d| d["deck"].as_str().unwrap()).collect();
    assert_eq!(decks, ["Vanguard", "Bastion"]);
    for d in by {
        let games = ["wins", "losses", "draws"]
            .iter()
            .map(|k| d[k].as_u64().unwrap())
            .sum::<u64>();
        assert_eq!(games, 2, "one seat-swapped pair per deck");
    }
    // Without several decks on side 1 there is no breakdown.
    let v = json(&orbitals(&[
        "match", "--p1", "greedy", "--p2", "random", "--games", "2", "--json",
    ]));
    assert!(v.get("by_deck").is_none());
}

/// With a mirror or crossed pool the side decks are not played, so the default side decks
/// (`decks/vanguard.yaml`, `decks/bastion.yaml`) are not read: a pool run from a folder without
/// them works.
#[test]
fn a_deck_pool_needs_no_default_side_decks() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let elsewhere = tmp("pool-elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let cards = root.join("cards");
    let swarm = root.join("decks/swarm.yaml");
    let blitz = root.join("decks/blitz.yaml");
    for pool in ["--mirror", "--cross"] {
        let decks = format!("{},{}", swarm.display(), blitz.display());
        let out = Command::new(env!("CARGO_BIN_EXE_orbitals"))
            .args([
                "match", "--p1", "greedy", "--p2", "random", "--games", "4", "--json",
            ])
            .args(["--cards", cards.to_str().unwrap(), pool, &decks])
            .current_dir(&elsewhere)
            .output()
            .unwrap();
        let v = json(&out);
        assert_eq!(v["games"], 4, "{pool}");
    }
}

#[test]
fn bad_mirror_arguments_are_named() {
    let err = refused(&["match", "--mirror", "decks/vanguard.yaml", "--swap-decks"]);
    assert!(
        err.contains("--swap-decks") && err.contains("--mirror"),
        "{err}"
    );

    let err = refused(&["match", "--mirror", "decks/nowhere.yaml"]);
    assert!(err.contains("decks/nowhere.yaml"), "{err}");
}

#[test]
fn crossed_matches_play_every_pairing_both_ways() {
    let args = "match --p1 greedy --p2 random --games 4 --json \
                --cross decks/vanguard.yaml,decks/bastion.yaml";
    let v = json(&orbitals(&args.split_whitespace().collect::<Vec<_>>()));
    assert_eq!(v["sides"][0]["deck"], "crossed");
    let by = v["by_deck"].as_array().unwrap();
    let decks: Vec<&str> = by.iter().map(|d| d["deck"].as_str().unwrap()).collect();
    assert_eq!(decks, ["Vanguard", "Bastion"], "side 1 played both decks");

    let err = refused(&["match", "--cross", "decks/vanguard.yaml"]);
    assert!(
        err.contains("--cross") && err.contains("two or more"),
        "{err}"
    );

    let err = refused(&["match", "--cross", "decks/vanguard.yaml,decks/nowhere.yaml"]);
    assert!(err.contains("decks/nowhere.yaml"), "{err}");

    let err = refused(&[
        "match",
        "--game",
        "rover",
        "--cross",
        "decks/vanguard.yaml,decks/bastion.yaml",
    ]);
    assert!(err.contains("--cross does not apply"), "{err}");
}

/// Every registered game plays a short series through the one `match` path.
#[test]
fn every_game_plays_a_series() {
    let rover = json(&orbitals(&[
        "match", "--game", "rover", "--p1", "greedy", "--games", "3", "--json",
    ]));
    assert_eq!(rover["sides"].as_array().unwrap().len(), 1);
    assert!(rover["mean_score"]["mean"].as_f64().is_some());
    assert_eq!(rover["draws"], 0, "a one-seat game is won or lost");
    let gt = json(&orbitals(&[
        "match",
        "--game",
        "globetrotter",
        "--players",
        "3",
        "--games",
        "3",
        "--turn-limit",
        "60",
        "--json",
    ]));
    assert_eq!(gt["sides"].as_array().unwrap().len(), 3);
    assert!(
        refused(&["match", "--game", "rover", "--level", "nowhere"]).contains("--level `nowhere`")
    );
}

/// `orbitals balance`: every pair of the given decks (mirrors included) with seats swapped, a
/// square matrix whose off-diagonal cells mirror each other, a per-card report, and an SVG.
#[test]
fn balance_plays_every_pair_and_reports_cards() {
    let svg = tmp("balance.svg");
    let out = orbitals(&[
        "balance",
        "decks/vanguard.yaml",
        "decks/bastion.yaml",
        "decks/blitz.yaml",
        "--agent",
        "random",
        "--games",
        "2",
        "--turn-limit",
        "40",
        "--json",
        "--svg",
        svg.to_str().unwrap(),
        "--force",
    ]);
    let r = json(&out);
    let decks: Vec<&str> = r["decks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    assert_eq!(decks, ["Vanguard", "Bastion", "Blitz"]);
    // Six pairs (three mirrors, three others) of two games.
    assert_eq!(r["games"], 12);
    let m = r["matrix"].as_array().unwrap();
    assert_eq!(m.len(), 3);
    for (i, row) in m.iter().enumerate() {
        for (j, c) in row.as_array().unwrap().iter().enumerate() {
            assert_eq!(c["games"], 2, "every pair plays --games games");
            if i == j {
                continue;
            }
            let back = &m[j][i];
            assert_eq!(c["wins"], back["losses"], "({i}, {j}) mirrors ({j}, {i})");
            assert_eq!(c["draws"], back["draws"]);
        }
    }
    let cards = r["cards"].as_array().unwrap();
    let wasp = cards.iter().find(|c| c["card"] == "wasp").expect("wasp");
    // Every deck here holds Wasps: each side of each of the 12 games counts once.
    assert_eq!(wasp["decks"].as_array().unwrap().len(), 3);
    assert_eq!(wasp["games_in_deck"], 24);
    assert!(wasp["games_played"].as_u64().unwrap() <= 24);
    let hermes = cards
        .iter()
        .find(|c| c["card"] == "hermes")
        .expect("hermes");
    assert_eq!(
        hermes["games_in_deck"], 8,
        "Blitz plays 2 games per pair, twice in its mirror"
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains("Blitz"));

    let text = orbitals(&["balance", "decks/blitz.yaml", "--games", "2"]);
    assert!(text.status.success());
    let t = String::from_utf8_lossy(&text.stdout);
    assert!(
        t.contains("first mover win rate") && t.contains("Stinger"),
        "{t}"
    );
    // One deck plays only its mirror: no overall rate to give.
    let row = t.lines().find(|l| l.starts_with("Blitz ")).unwrap();
    assert!(row.trim_end().ends_with('—'), "{row}");
}

/// `orbitals balance` of `decks` with random agents, 2 games a pairing, turn limit 30, seed
/// `seed`, and `extra` arguments.
fn random_balance(decks: &[&str], seed: &str, extra: &[&str]) -> Output {
    let mut args = vec!["balance"];
    args.extend(decks);
    args.extend([
        "--agent",
        "random",
        "--games",
        "2",
        "--turn-limit",
        "30",
        "--seed",
        seed,
    ]);
    args.extend(extra);
    orbitals(&args)
}

/// `orbitals balance --merge`: runs with other seeds add up game by game into one matrix (the
/// same as the runs' cells summed, the card report too); a single report merges into itself;
/// runs that cannot be added (the same seed, other decks or cards, a damaged file) are refused
/// with the file named.
#[test]
fn balance_runs_merge_into_one_matrix() {
    let run = |seed: &str, name: &str| {
        let out = random_balance(
            &["decks/blitz.yaml", "decks/bastion.yaml"],
            seed,
            &["--json"],
        );
        let path = tmp(name);
        std::fs::write(&path, &out.stdout).unwrap();
        (json(&out), path.to_str().unwrap().to_string())
    };
    let (r1, f1) = run("1", "merge-1.json");
    let (r2, f2) = run("2", "merge-2.json");
    assert_eq!(r1["game_results"].as_array().unwrap().len(), 6);
    let merged = json(&orbitals(&["balance", "--merge", &f1, &f2, "--json"]));
    assert_eq!(merged["seeds"], serde_json::json!([1, 2]));
    assert_eq!(merged["games_per_pair"], 4);
    assert_eq!(merged["games"], 12);
    for i in 0..2 {
        for j in 0..2 {
            let cell = |r: &serde_json::Value, k: &str| r["matrix"][i][j][k].as_u64().unwrap();
            for k in ["games", "wins", "losses", "draws"] {
                assert_eq!(
                    cell(&merged, k),
                    cell(&r1, k) + cell(&r2, k),
                    "({i}, {j}) {k}"
                );
            }
        }
    }
    let wasp = |r: &serde_json::Value| {
        let c = r["cards"].as_array().unwrap();
        let w = c.iter().find(|c| c["card"] == "wasp").unwrap();
        (
            w["games_in_deck"].as_u64().unwrap(),
            w["games_played"].as_u64().unwrap(),
        )
    };
    let (a, b, m) = (wasp(&r1), wasp(&r2), wasp(&merged));
    assert_eq!(m, (a.0 + b.0, a.1 + b.1), "the card report adds up");
    // One report merged alone is itself (but for the time it took to report).
    let mut alone = json(&orbitals(&["balance", "--merge", &f1, "--json"]));
    let mut first = r1.clone();
    for r in [&mut alone, &mut first] {
        r["seconds"] = serde_json::json!(0);
    }
    assert_eq!(alone, first);

    let err = refused(&["balance", "--merge", &f1, &f1]);
    assert!(err.contains("both ran seed 1"), "{err}");
    let err = refused(&["balance", "--merge", &f1, "--agent", "greedy"]);
    assert!(err.contains("cannot be used with"), "{err}");
    // Other decks: Blitz's list changed.
    let mut other = r2.clone();
    other["deck_cards"][0][1] = serde_json::json!("mite");
    let other_path = tmp("merge-other.json");
    std::fs::write(&other_path, other.to_string()).unwrap();
    let err = refused(&["balance", "--merge", &f1, other_path.to_str().unwrap()]);
    assert!(
        err.contains("merge-other.json") && err.contains("Blitz deck"),
        "{err}"
    );
    // Other cards: the report's fingerprint is not the table's.
    let mut other = r2.clone();
    other["cards_fingerprint"] = serde_json::json!("0000000000000000");
    std::fs::write(&other_path, other.to_string()).unwrap();
    let err = refused(&["balance", "--merge", &f1, other_path.to_str().unwrap()]);
    assert!(err.contains("other card definitions"), "{err}");
    // A game naming a card the table does not hold.
    let mut other = r2.clone();
    other["game_results"][0]["played"][0] = serde_json::json!(["nope"]);
    std::fs::write(&other_path, other.to_string()).unwrap();
    let err = refused(&["balance", "--merge", &f1, other_path.to_str().unwrap()]);
    assert!(err.contains("game 1: card `nope`"), "{err}");
    // A damaged file: its name and the line.
    let text = std::fs::read_to_string(&f2).unwrap();
    std::fs::write(&other_path, &text[..text.len() / 2]).unwrap();
    let err = refused(&["balance", "--merge", other_path.to_str().unwrap()]);
    assert!(err.contains("merge-other.json: line "), "{err}");
}

/// `orbitals balance --reuse`: a run that changes one deck plays only that deck's pairings and
/// takes the others from the earlier report; the result is the fresh run's, game for game, in
/// either deck order. A report of other settings is refused by name.
#[test]
fn balance_reuse_plays_only_the_changed_pairings() {
    let blitz = std::fs::read_to_string("decks/blitz.yaml").unwrap();
    let swapped = blitz.replacen("  - wasp\n  - stinger\n", "  - stinger\n  - wasp\n", 1);
    assert_ne!(swapped, blitz, "Blitz opens with a Wasp and a Stinger");
    let changed = tmp("reuse-blitz.yaml");
    std::fs::write(&changed, swapped).unwrap();
    let changed = changed.to_str().unwrap();
    let run = |decks: &[&str], seed: &str, reuse: Option<&str>| match reuse {
        Some(r) => random_balance(decks, seed, &["--json", "--reuse", r]),
        None => random_balance(decks, seed, &["--json"]),
    };
    let earlier = tmp("reuse-earlier.json");
    let out = run(
        &["decks/blitz.yaml", "decks/bastion.yaml", "decks/swarm.yaml"],
        "5",
        None,
    );
    std::fs::write(&earlier, &out.stdout).unwrap();
    let earlier = earlier.to_str().unwrap();
    let comparable = |mut r: serde_json::Value| {
        r["seconds"] = serde_json::json!(0);
        r["reused_games"] = serde_json::json!(0);
        r
    };
    for (decks, reused) in [
        // Blitz changed: Bastion's and Swarm's three pairings (mirrors included) are kept.
        ([changed, "decks/bastion.yaml", "decks/swarm.yaml"], 6),
        // Swarm now before Bastion: a pairing in the other order is other games, played again.
        ([changed, "decks/swarm.yaml", "decks/bastion.yaml"], 4),
    ] {
        let fresh = json(&run(&decks, "5", None));
        let again = json(&run(&decks, "5", Some(earlier)));
        assert_eq!(again["reused_games"], reused, "{decks:?}");
        assert_eq!(again["games"], 12);
        assert_eq!(comparable(again), comparable(fresh), "{decks:?}");
    }
    let three = [changed, "decks/bastion.yaml", "decks/swarm.yaml"];
    let out = random_balance(&three, "5", &["--reuse", earlier]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("6 of the 12 games taken from an earlier report"),
        "{text}"
    );
    let other_seed = run(&[changed, "decks/bastion.yaml"], "6", Some(earlier));
    let err = String::from_utf8_lossy(&other_seed.stderr);
    assert!(!other_seed.status.success());
    assert!(
        err.contains("--reuse") && err.contains("reuse-earlier.json") && err.contains("seed"),
        "{err}"
    );
    let err = refused(&["balance", "--merge", earlier, "--reuse", earlier]);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// `orbitals balance --reuse` after a card change: a game reads only its two decks' cards, so
/// with Hermes (Blitz's homeworld) changed only Blitz's pairings are played again, and the
/// result is the fresh run's with the changed cards. A report that keeps no per-deck
/// fingerprints cannot tell which pairings a card change touched, and is refused.
#[test]
fn balance_reuse_after_a_card_change_plays_only_the_decks_that_hold_it() {
    let cards = tmp("reuse-cards");
    std::fs::create_dir_all(&cards).unwrap();
    for e in std::fs::read_dir("cards").unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, cards.join(p.file_name().unwrap())).unwrap();
    }
    let text = std::fs::read_to_string("cards/assets.yaml").unwrap();
    let mut assets: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let hermes = assets["assets"]
        .as_sequence_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["id"] == "hermes")
        .expect("Hermes");
    let was = hermes["bombardment_resistance"].as_u64().unwrap();
    hermes["bombardment_resistance"] = (was + 1).into();
    let changed = serde_yaml::to_string(&assets).unwrap();
    std::fs::write(cards.join("assets.yaml"), changed).unwrap();
    let cards = cards.to_str().unwrap();
    let decks = ["decks/blitz.yaml", "decks/bastion.yaml", "decks/swarm.yaml"];
    let earlier = tmp("reuse-cards-earlier.json");
    std::fs::write(&earlier, random_balance(&decks, "7", &["--json"]).stdout).unwrap();
    let earlier = earlier.to_str().unwrap();
    let fresh = json(&random_balance(&decks, "7", &["--json", "--cards", cards]));
    let again = json(&random_balance(
        &decks,
        "7",
        &["--json", "--cards", cards, "--reuse", earlier],
    ));
    // Bastion's and Swarm's three pairings (their mirrors and Bastion–Swarm) are kept.
    assert_eq!(again["reused_games"], 6);
    let comparable = |mut r: serde_json::Value| {
        r["seconds"] = serde_json::json!(0);
        r["reused_games"] = serde_json::json!(0);
        r
    };
    assert_eq!(comparable(again), comparable(fresh));
    let mut old: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(earlier).unwrap()).unwrap();
    old.as_object_mut().unwrap().remove("deck_fingerprints");
    let old_file = tmp("reuse-cards-old.json");
    std::fs::write(&old_file, old.to_string()).unwrap();
    let out = random_balance(
        &decks,
        "7",
        &["--cards", cards, "--reuse", old_file.to_str().unwrap()],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("reuse-cards-old.json") && err.contains("fingerprint of each deck"),
        "{err}"
    );
}

/// `deck stats` reports the curve, classes and opening hand; `deck new` writes a file that
/// names its schema and that `deck check` then reads (reporting the missing cards), refuses a
/// card that is not a homeworld, and never overwrites.
#[test]
fn deck_stats_and_deck_new() {
    let o = orbitals(&["deck", "stats", "decks/blitz.yaml"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}");
    for part in [
        "Blitz on Hermes",
        "build-point curve",
        "fighter",
        "opening hand (top 5)",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }

    let out = tmp("new-deck.yaml");
    let _ = std::fs::remove_file(&out);
    let path = out.to_str().unwrap();
    let o = orbitals(&[
        "deck",
        "new",
        "My: deck",
        "--homeworld",
        "terra",
        "--out",
        path,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(
        written.starts_with("# yaml-language-server: $schema="),
        "{written}"
    );
    let o = orbitals(&["deck", "check", path]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        !o.status.success() && text.contains("exactly 30 cards"),
        "{text}"
    );
    assert!(!text.contains("name"), "the name reads back: {text}");

    let again = orbitals(&["deck", "new", "X", "--homeworld", "terra", "--out", path]);
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    let other = tmp("new-deck-2.yaml");
    let not_hw = orbitals(&[
        "deck",
        "new",
        "X",
        "--homeworld",
        "wasp",
        "--out",
        other.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&not_hw.stderr);
    assert!(err.contains("not a homeworld (O2)"), "{err}");
    assert!(!other.exists());
}

/// `orbitals bench --json`: one object with every figure the docs name, each a positive number.
/// Release builds only: the bench plays a whole `mcts:normal` game, minutes in a debug build.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn bench_prints_every_figure_as_json() {
    let v = json(&orbitals(&["bench", "--seconds", "0.02", "--json"]));
    let figures = v.as_object().expect("one JSON object");
    let mut names = vec![
        "random_commands_per_sec",
        "random_games_per_sec",
        "state_clone_ns",
        "evaluation_ns",
        "mcts_simulations_per_sec",
        "mcts_normal_simulations_per_sec",
        "evaluation_played_ns",
        "mcts_normal_played_simulations_per_sec",
        "mcts_normal_decision_ms",
        "mcts_normal_decision_max_ms",
    ];
    let per_game = [
        "random_commands_per_sec",
        "state_clone_ns",
        "evaluation_ns",
        "mcts_normal_simulations_per_sec",
    ];
    let games: Vec<String> = ["globetrotter", "globetrotter_6p", "mothership", "rover"]
        .iter()
        .flat_map(|g| per_game.iter().map(move |f| format!("{g}_{f}")))
        .collect();
    names.extend(games.iter().map(String::as_str));
    for name in names {
        let x = figures
            .get(name)
            .and_then(|x| x.as_f64())
            .unwrap_or_else(|| panic!("no figure {name} in {v}"));
        assert!(x.is_finite() && x > 0.0, "{name} = {x}");
    }
    assert_eq!(figures.len(), 10 + games.len(), "{v}");
}
