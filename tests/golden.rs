//! Golden files: fixed-seed series and the final positions of their games, for every game on
//! the kit. A change in the engine or the agents that changes any of them fails here, so it is
//! reviewed. `ORBITALS_BLESS=1 cargo test --release --test golden` rewrites the files (and
//! still fails, once, so the rewrite is never silent); review the diff and commit it.
use orbitals::agent::AgentSpec;
use orbitals::data::{CardDb, Deck};
use orbitals::globetrotter::{self, series::GlobeTable, Config};
use orbitals::kit::series::{run, Series, SeriesGame, Table};
use orbitals::kit::Ruleset;
use orbitals::scenario::table::DeckTable;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Compares each `(name, actual)` with `tests/golden/<name>`, or rewrites them all under
/// `ORBITALS_BLESS=1`; panics naming every file that differs or was rewritten.
fn golden(files: &[(&str, &str)]) {
    let problems: Vec<String> = files
        .iter()
        .filter_map(|(name, actual)| compare(name, actual).err())
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn compare(name: &str, actual: &str) -> Result<(), String> {
    let path = root().join("tests/golden").join(name);
    if std::env::var_os("ORBITALS_BLESS").is_some() {
        std::fs::write(&path, actual).map_err(|e| format!("{}: {e}", path.display()))?;
        return Err(format!(
            "{}: rewritten (ORBITALS_BLESS): review and commit it",
            path.display()
        ));
    }
    let expected = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "{}: {e}; write it with ORBITALS_BLESS=1 cargo test --release --test golden",
            path.display()
        )
    })?;
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .map(|i| i + 1)
            .unwrap_or(expected.lines().count().min(actual.lines().count()) + 1);
        return Err(format!(
            "{}:{line}: differs from this run (rewrite with ORBITALS_BLESS=1 after review)\n\
             --- this run ---\n{actual}",
            path.display()
        ));
    }
    Ok(())
}

/// One line per game (seats, outcome, turns, commands), then each game's final position.
fn series_text<R: Ruleset>(games: &[SeriesGame<R>]) -> (String, String) {
    let mut summary = String::new();
    let mut finals = String::new();
    for g in games {
        summary.push_str(&format!(
            "game {}: sides {:?} first seat {} -> {} after {} turns, {} commands\n",
            g.index + 1,
            g.sides,
            g.record.first_seat + 1,
            g.record.outcome.notation(),
            g.record.turns,
            g.record.commands.len()
        ));
        let view = serde_yaml::to_string(&g.record.final_state.view(&g.labels)).unwrap();
        finals.push_str(&format!("# game {}\n{view}", g.index + 1));
    }
    (summary, finals)
}

fn play<R: Ruleset, T: Table<R>>(table: &T, agents: &[&str], games: u32) -> Vec<SeriesGame<R>> {
    let s = Series {
        agents: agents
            .iter()
            .map(|a| AgentSpec::parse(a).unwrap())
            .collect(),
        games,
        seed: 1,
        jobs: 2,
    };
    run(table, &s, &|| {}).unwrap_or_else(|e| panic!("{e}"))
}

/// Replays each game's file and checks it ends where the game ended.
fn replays_match<R: Ruleset>(games: &[SeriesGame<R>], dir: &Path) {
    for g in games {
        let path = dir.join(format!("game-{}.yaml", g.index + 1));
        std::fs::write(&path, g.replay_yaml()).unwrap();
        let run = orbitals::kit::scenario::run_file::<R>(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            run.state.view(&run.labels),
            g.record.final_state.view(&g.labels),
            "{}: the replay ends elsewhere",
            path.display()
        );
    }
}

fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn card_game_series_is_unchanged() {
    let db = Arc::new(CardDb::load_dir(&root().join("cards")).unwrap());
    let deck = |d: &str| Deck::load(&root().join("decks").join(d), &db).unwrap();
    let table = DeckTable {
        db: db.clone(),
        decks: [deck("vanguard.yaml"), deck("bastion.yaml")],
        turn_limit: 200,
        swap_decks: false,
        mirror: Vec::new(),
        cross: Vec::new(),
        cards: root().join("cards"),
    };
    let games = play(&table, &["greedy", "random"], 4);
    let (summary, finals) = series_text(&games);
    golden(&[
        ("orbitals_series.txt", &summary),
        ("orbitals_final_positions.yaml", &finals),
    ]);
    replays_match(&games, &scratch("golden-orbitals"));
}

#[test]
fn globetrotter_series_is_unchanged() {
    let table = GlobeTable(Config {
        players: 3,
        planets: 1,
        facing: false,
        turn_limit: globetrotter::state::DEFAULT_TURN_LIMIT,
    });
    let games = play(&table, &["greedy", "random", "random"], 3);
    let (summary, finals) = series_text(&games);
    golden(&[
        ("globetrotter_series.txt", &summary),
        ("globetrotter_final_positions.yaml", &finals),
    ]);
    replays_match(&games, &scratch("golden-globetrotter"));
}
