//! Agents and tournaments through the public API: strength sanity (greedy beats random),
//! reproducible seat-swapped series, replays of tournament games, and clear errors for bad
//! agent specs. Nothing here is timing-based.
use orbitals::agent::tournament::{self, Series};
use orbitals::agent::{parse_agent, AgentSpec};
use orbitals::data::{CardDb, Deck};
use orbitals::scenario::{self, notation, Handles};
use orbitals::state::State;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn setup() -> (Arc<CardDb>, [Deck; 2]) {
    let db = Arc::new(CardDb::load_dir(&root().join("cards")).expect("cards"));
    let deck = |d: &str| Deck::load(&root().join(format!("decks/{d}.yaml")), &db).expect("deck");
    let decks = [deck("vanguard"), deck("bastion")];
    (db, decks)
}

fn series(p1: &str, p2: &str, games: u32, turn_limit: u16, swap_decks: bool) -> Series {
    let (_, decks) = setup();
    Series {
        agents: [AgentSpec::parse(p1).unwrap(), AgentSpec::parse(p2).unwrap()],
        decks,
        games,
        seed: 21,
        turn_limit,
        jobs: 2,
        swap_decks,
        mirror: Vec::new(),
    }
}

#[test]
fn greedy_beats_random() {
    let (db, _) = setup();
    let s = series("greedy", "random", 12, 200, true);
    let games = tournament::run(&db, &s, &|| {}).unwrap();
    let sum = tournament::summarize(&s, &games, Instant::now());
    assert!(
        sum.sides[0].wins >= 11,
        "greedy won only {}",
        sum.sides[0].wins
    );
    assert!(sum.mean_turns < 200.0);
}

#[test]
fn series_are_reproducible() {
    let (db, _) = setup();
    let s = series("mcts:iters=60", "greedy", 2, 30, false);
    let a = tournament::run(&db, &s, &|| {}).unwrap();
    let b = tournament::run(&db, &s, &|| {}).unwrap();
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.record.commands, y.record.commands);
        assert_eq!(x.record.outcome, y.record.outcome);
    }
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("orbitals-ai-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn tournament_games_replay_to_the_same_outcome() {
    let (db, _) = setup();
    let s = series("mcts:iters=50", "greedy", 2, 40, false);
    let dir = scratch("replay");
    for g in tournament::run(&db, &s, &|| {}).unwrap() {
        let h = Handles::defaults(&State::from_decks(db.clone(), &g.decks, g.record.seed));
        let lines: Vec<String> = g
            .record
            .commands
            .iter()
            .map(|c| notation::format_command(c, &h))
            .collect();
        let text = scenario::replay_yaml(
            &root().join("cards").to_string_lossy(),
            g.record.seed,
            s.turn_limit,
            &g.decks,
            &db,
            &lines,
            &notation::format_outcome(g.record.outcome),
        );
        let path = dir.join(format!("game-{}.yaml", g.index));
        std::fs::write(&path, text).unwrap();
        let run = scenario::run_file(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(run.applied, g.record.commands.len());
        assert_eq!(run.state.outcome, g.record.outcome);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_agent_specs_are_clear_errors() {
    for (spec, needle) in [
        ("minimax", "unknown agent `minimax`"),
        ("mcts:iters=lots", "expected a whole number"),
        ("mcts:hardest", "unknown mcts option `hardest`"),
        ("random:fast", "takes no options"),
    ] {
        match parse_agent(spec, 1) {
            Ok(_) => panic!("`{spec}` should not parse"),
            Err(e) => assert!(e.contains(needle), "`{spec}`: {e}"),
        }
    }
    for spec in [
        "random",
        "greedy",
        "mcts",
        "mcts:easy",
        "mcts:normal",
        "mcts:hard",
    ] {
        assert!(parse_agent(spec, 1).is_ok(), "{spec}");
    }
}
