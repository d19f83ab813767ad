//! The replay viewer and the saves list, rendered under a virtual X display: a recorded game
//! of each kind opens at a turn with its board (card table, globe, or the printed position),
//! the panel of controls and the event log; the "Saved games & replays" window lists a save
//! and names a broken file.
//!
//! Needs `xvfb-run` (Debian: `apt-get install -y xvfb xauth libgl1-mesa-dri libglx-mesa0`).
#![cfg(feature = "client")]

mod common;

use common::{assert_not_blank, Shot};
use orbitals::agent::AgentSpec;
use orbitals::kit::series::{play_one, Series, Table};
use orbitals::kit::Ruleset;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Game 0 of a greedy-vs-random series of `table`, written as `orbitals match --save-dir`
/// writes it.
fn replay_file<R: Ruleset, T: Table<R>>(table: &T, name: &str) -> PathBuf {
    let s = Series {
        agents: vec![AgentSpec::Greedy, AgentSpec::Random],
        games: 1,
        seed: 3,
        jobs: 1,
    };
    let g = play_one(table, &s, 0).unwrap();
    let path = common::out_dir("replay-files").join(name);
    let text = g.replay_yaml_from(&table.replay_scenario(&g.scenario, &path));
    std::fs::write(&path, text).unwrap();
    path
}

fn shoot(name: &str, args: &[&str]) -> Shot {
    common::shoot("replay-shots", name, args)
}

/// The side panel (right 360 px at 1280×800) holds the controls and a log of text.
fn assert_panel(name: &str, s: &Shot) {
    assert!(s.ink(930, 0, 340, 240) > 0.02, "{name}: no controls");
    assert!(s.ink(930, 260, 340, 500) > 0.02, "{name}: no event log");
}

#[test]
fn a_card_game_replay_shows_the_table_at_its_turn() {
    let cards = root().join("cards");
    let db = std::sync::Arc::new(orbitals::data::CardDb::load_dir(&cards).unwrap());
    let deck = |n: &str| orbitals::data::Deck::load(&root().join("decks").join(n), &db).unwrap();
    let table = orbitals::scenario::table::DeckTable {
        decks: [deck("vanguard.yaml"), deck("bastion.yaml")],
        db: db.clone(),
        turn_limit: 200,
        swap_decks: false,
        mirror: Vec::new(),
        cross: Vec::new(),
        cards,
    };
    let path = replay_file(&table, "cards.yaml");
    let p = path.to_string_lossy();
    let s = shoot(
        "cards",
        &["--replay", &p, "--skip-turns", "12", "--frames", "10"],
    );
    assert_not_blank("cards", &s, 100);
    assert_panel("cards", &s);
    // The table left of the panel: the phase bar across the middle, cards above and below.
    assert!(s.colours(0, 320, 900, 60) > 20, "cards: no phase bar");
    assert!(s.lit(0, 40, 900, 280) > 0.02, "cards: no cards");
}

#[test]
fn a_globetrotter_replay_shows_the_globe() {
    let table = orbitals::globetrotter::series::GlobeTable(Default::default());
    let path = replay_file(&table, "globe.yaml");
    let p = path.to_string_lossy();
    let s = shoot(
        "globe",
        &["--replay", &p, "--skip-turns", "20", "--frames", "10"],
    );
    assert_not_blank("globe", &s, 100);
    assert_panel("globe", &s);
    assert!(s.lit(200, 150, 500, 500) > 0.3, "globe: no globe");
}

#[test]
fn a_mothership_replay_prints_the_position() {
    let table = orbitals::mothership::series::MothershipTable { players: 2 };
    let path = replay_file(&table, "mothership.yaml");
    let p = path.to_string_lossy();
    let s = shoot(
        "mothership",
        &["--replay", &p, "--skip-turns", "6", "--frames", "10"],
    );
    assert_not_blank("mothership", &s, 20);
    assert_panel("mothership", &s);
    assert!(
        s.ink(0, 40, 400, 700) > 0.02,
        "mothership: no printed position"
    );
}

/// The saves window lists a named save (with its game and players) and a broken file with its
/// error in red.
#[test]
fn the_saves_list_shows_saves_and_broken_files() {
    use orbitals::globetrotter::{scenario::ScenarioFile, Config, State};
    use orbitals::kit::session::{Seat, Session};
    let dir = common::save_dir("saves-list");
    let file = ScenarioFile::fresh(Config::default(), 5);
    let mut events = Vec::new();
    let state = file.to_state(&mut events).unwrap();
    let seats = vec![Seat::Human, Seat::Ai(AgentSpec::Random)];
    let mut game: Session<State> = Session::new(state, (), Some(file), events, seats, 5, true);
    while !game.human_to_act() {
        game.update(1.0);
    }
    let first = game.legal()[0];
    game.submit(first).unwrap();
    game.save_as(&dir.join("before-the-storm.yaml"), "Before the storm")
        .unwrap();
    std::fs::write(dir.join("broken.yaml"), "game: [\n").unwrap();
    let s = shoot("saves-list", &["--screen", "saves", "--frames", "10"]);
    assert_not_blank("saves-list", &s, 60);
    // The window over the menu, and the broken file's error in the warning red.
    assert!(s.colours(260, 180, 760, 440) > 20, "saves: no window");
    let red = [0xff, 0x54, 0x68];
    assert!(
        s.share_near(260, 160, 760, 480, red, 40) > 0.0005,
        "saves: the broken file's error is not shown"
    );
}
