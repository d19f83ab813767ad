//! The desktop client renders: the built binary runs under a virtual X display (`xvfb-run`)
//! for the menu, the table in the middle of an AI-vs-AI game, the game-over screen and the deck
//! builder with a deck open, and each
//! saved PNG is decoded and checked: not blank, and every region of the table actually drawn.
//!
//! Needs `xvfb-run` (Debian: `apt-get install -y xvfb xauth libgl1-mesa-dri libglx-mesa0`).
#![cfg(feature = "client")]

mod common;

use common::{assert_not_blank, Shot};

fn shoot(name: &str, args: &[&str]) -> Shot {
    common::shoot("client-shots", name, args)
}

#[test]
fn menu_is_drawn() {
    let s = shoot("menu", &["--screen", "menu", "--frames", "10"]);
    assert_not_blank("menu", &s, 100);
    // The title over the backdrop, and the egui menu window below it.
    assert!(s.ink(300, 120, 680, 100) > 0.05, "menu: no title");
    assert!(s.colours(440, 320, 400, 200) > 20, "menu: no menu window");
}

/// "How to play" shows a rule book: its section list on the left, the section's text beside.
#[test]
fn how_to_play_shows_a_rule_book() {
    let s = shoot("howto", &["--screen", "howto", "--frames", "10"]);
    assert_not_blank("howto", &s, 100);
    assert!(s.ink(160, 120, 170, 300) > 0.02, "howto: no section list");
    assert!(s.ink(345, 150, 760, 100) > 0.03, "howto: no text");
}

/// An unfinished game in the autosave: the menu offers "Continue" above "New game".
#[test]
fn menu_offers_to_continue_an_unfinished_game() {
    use orbitals::agent::AgentSpec;
    use orbitals::globetrotter::{scenario::ScenarioFile, Config, State};
    use orbitals::kit::session::{Seat, Session};
    let path = common::save_dir("menu-continue").join("autosave.yaml");
    let file = ScenarioFile::fresh(Config::default(), 5);
    let mut events = Vec::new();
    let state = file.to_state(&mut events).unwrap();
    let seats = vec![Seat::Human, Seat::Ai(AgentSpec::Random)];
    let mut game: Session<State> = Session::new(state, (), Some(file), events, seats, 5, true);
    game.autosave = Some(path.clone());
    while !game.human_to_act() {
        game.update(1.0);
    }
    let first = game.legal()[0];
    game.submit(first).unwrap();
    assert!(orbitals::games::unfinished(&path).is_some());

    let plain = shoot("menu", &["--screen", "menu", "--frames", "10"]);
    let s = shoot("menu-continue", &["--screen", "menu", "--frames", "10"]);
    // The Continue button's blue, only where a game can be continued.
    let blue = [0x1f, 0x5a, 0x7a];
    // The button spans the top of the two-column menu window.
    let with = s.share_near(230, 244, 820, 44, blue, 10);
    let without = plain.share_near(230, 244, 820, 44, blue, 10);
    assert!(
        with > 0.02 && without < 0.005,
        "continue button: {with} vs {without}"
    );
}

#[test]
fn table_mid_game_regions_are_drawn() {
    let s = shoot(
        "table",
        &[
            "--demo",
            "7",
            "--skip-turns",
            "16",
            "--frames",
            "120",
            "--screen",
            "table",
        ],
    );
    assert_not_blank("table", &s, 100);
    // Regions at 1280×800 (see client/table/layout.rs): the table is the left ~980 px.
    let regions = [
        ("opponent bar", 0, 0, 970, 34),
        ("opponent assets and orbitals", 0, 40, 970, 280),
        ("phase bar", 0, 326, 970, 44),
        ("your orbitals and assets", 0, 372, 970, 285),
        ("your player box", 0, 662, 190, 138),
        ("side panel", 985, 0, 295, 800),
    ];
    for (what, x, y, w, h) in regions {
        let c = s.colours(x, y, w, h);
        let ink = s.ink(x, y, w, h);
        assert!(
            c > 12 && ink > 0.01,
            "table: {what} looks empty ({c} colours, {:.3} ink)",
            ink
        );
    }
}

#[test]
fn game_over_is_drawn() {
    let s = shoot(
        "gameover",
        &["--demo", "3", "--screen", "gameover", "--frames", "20"],
    );
    assert_not_blank("gameover", &s, 100);
    // The result window sits over the middle of the table.
    assert!(
        s.colours(300, 280, 400, 240) > 30,
        "gameover: no result window"
    );
    assert!(s.ink(985, 0, 295, 800) > 0.02, "gameover: no side panel");
}

#[test]
fn deck_builder_regions_are_drawn() {
    let s = shoot(
        "deckbuilder",
        &[
            "--screen",
            "deckbuilder",
            "--deck",
            "decks/bastion.yaml",
            "--frames",
            "20",
        ],
    );
    assert_not_blank("deckbuilder", &s, 100);
    // Regions at 1280×800 (see client/deckbuilder/mod.rs): a tool bar, the library on the left
    // (~26 %), the deck in the middle, the preview and the statistics on the right (~27 %).
    let regions = [
        ("tool bar", 0, 0, 1280, 44),
        ("library filters", 0, 50, 330, 160),
        ("library cards", 0, 230, 330, 540),
        ("homeworld slot and count", 345, 50, 580, 120),
        ("deck slots", 345, 180, 580, 590),
        ("card preview", 940, 50, 335, 180),
        ("statistics and cost curve", 940, 250, 335, 300),
    ];
    for (what, x, y, w, h) in regions {
        let c = s.colours(x, y, w, h);
        let ink = s.ink(x, y, w, h);
        assert!(
            c > 12 && ink > 0.01,
            "deckbuilder: {what} looks empty ({c} colours, {:.3} ink)",
            ink
        );
    }
    // The shipped deck is valid: the engine's checker says so in green in the tool bar.
    let green = (900..1140)
        .flat_map(|x| (8..36).map(move |y| (x, y)))
        .filter(|&(x, y)| {
            let p = s.pixel(x, y);
            p[1] > 170 && p[0] < 120 && p[2] > 110 && p[2] < 190
        })
        .count();
    assert!(
        green > 20,
        "deckbuilder: no \"Playable\" mark ({green} green pixels)"
    );
}

/// The egui layer is painted once and then kept while nothing in it changes: a benchmark run of
/// the linked view (a tooltip shown from its second frame, nothing else moving in the panel)
/// repaints it only in its first few frames.
#[test]
fn unchanged_egui_output_is_kept_between_frames() {
    let out = common::run_client("bench", &["--bench-frames", "60", "--screen", "linked"]);
    let line = out
        .lines()
        .find(|l| l.starts_with("egui layer:"))
        .unwrap_or_else(|| panic!("no egui layer line in:\n{out}"));
    let numbers: Vec<u32> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    let [painted, kept] = numbers[..] else {
        panic!("unexpected line: {line}");
    };
    assert!((1..=10).contains(&painted), "{line}");
    assert!(kept >= 60, "{line}");
}
