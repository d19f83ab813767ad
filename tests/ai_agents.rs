//! Agents and tournaments through the public API: strength sanity (greedy beats random),
//! reproducible seat-swapped series, replays of tournament games, and clear errors for bad
//! agent specs. Nothing here is timing-based.
use orbitals::agent::{parse_agent, AgentSpec};
use orbitals::data::{CardDb, Deck};
use orbitals::kit::series::{run, Series};
use orbitals::kit::summary::{summarize, Lineup};
use orbitals::scenario::{self, table::DeckTable};
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

fn series(
    p1: &str,
    p2: &str,
    games: u32,
    turn_limit: u16,
    swap_decks: bool,
) -> (DeckTable, Series) {
    let (db, decks) = setup();
    let table = DeckTable {
        db,
        decks,
        turn_limit,
        swap_decks,
        mirror: Vec::new(),
        cross: Vec::new(),
        cards: root().join("cards"),
    };
    let s = Series {
        agents: vec![AgentSpec::parse(p1).unwrap(), AgentSpec::parse(p2).unwrap()],
        games,
        seed: 21,
        jobs: 2,
    };
    (table, s)
}

#[test]
fn greedy_beats_random() {
    let (t, s) = series("greedy", "random", 12, 200, true);
    let games = run(&t, &s, &|| {}).unwrap();
    let lineup = Lineup {
        agents: vec!["greedy".into(), "random".into()],
        decks: t.side_names(),
        seed: s.seed,
        turn_limit: 200,
    };
    let sum = summarize(&lineup, &games, Instant::now());
    assert!(
        sum.sides[0].wins >= 11,
        "greedy won only {}",
        sum.sides[0].wins
    );
    assert!(sum.mean_turns < 200.0);
}

#[test]
fn series_are_reproducible() {
    let (t, s) = series("mcts:iters=60", "greedy", 2, 30, false);
    let a = run(&t, &s, &|| {}).unwrap();
    let b = run(&t, &s, &|| {}).unwrap();
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
    let (t, s) = series("mcts:iters=50", "greedy", 2, 40, false);
    let dir = scratch("replay");
    for g in run(&t, &s, &|| {}).unwrap() {
        let text = g.replay_yaml();
        let path = dir.join(format!("game-{}.yaml", g.index));
        std::fs::write(&path, text).unwrap();
        let run = scenario::run_file(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(run.applied, g.record.commands.len());
        assert_eq!(
            orbitals::kit::Ruleset::outcome(&run.state),
            g.record.outcome
        );
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
