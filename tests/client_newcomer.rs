//! What a new player sees, rendered under a virtual X display (`xvfb-run`) and checked in the
//! saved PNGs: a selected ship lists the moves it cannot make with the engine's reason, a phase
//! pill explains its phase on hover, and the table, its side panel and the phase bar fit side by
//! side at 1024×768 and at 1920×1080; the guided first match shows its callouts and rings;
//! tapped and destroyed assets carry markers.
//!
//! Needs `xvfb-run` (Debian: `apt-get install -y xvfb xauth libgl1-mesa-dri libglx-mesa0`).
#![cfg(feature = "client")]

mod common;

use common::{assert_not_blank, shoot_sized, Shot};

fn shoot(name: &str, args: &[&str]) -> Shot {
    common::shoot("client-newcomer", name, args)
}

/// The reasons' orange (`theme::WARN`).
const WARN: [u8; 3] = [0xff, 0xb8, 0x4d];
/// The side panel's fill (`theme::PANEL`).
const PANEL: [u8; 3] = [0x11, 0x18, 0x27];
/// The End button's green.
const GO: [u8; 3] = [0x1f, 0x7a, 0x55];

/// The busy table (`--screen table` without `--demo`) in your Maneuvers phase: a ship of yours
/// at home is clicked (`tests/fixtures/client/reasons.script`); under its legal moves the panel
/// lists "Not possible now" with reasons.
#[test]
fn a_selected_ship_shows_its_impossible_moves_with_reasons() {
    let args = [
        "--screen",
        "table",
        "--script",
        "tests/fixtures/client/reasons.script",
        "--frames",
        "40",
    ];
    let s = shoot("table-reasons", &args);
    assert_not_blank("table-reasons", &s, 100);
    // The action box of the panel (x 990–1270, y 90–540) carries the reasons' orange text.
    let orange = s.share_near(990, 90, 280, 450, WARN, 40);
    assert!(orange > 0.0015, "no reason text in the panel: {orange}");
    // The table itself has none of it there: the reasons are the panel's.
    assert!(s.share_near(20, 660, 900, 100, WARN, 20) < 0.01);
}

/// Hovering the first phase pill ("Upkeep") opens a popup with its explanation below it.
#[test]
fn a_phase_pill_explains_its_phase_on_hover() {
    let plain = shoot("pill-plain", &["--screen", "table", "--frames", "20"]);
    let hover = shoot(
        "pill-hover",
        &["--screen", "table", "--frames", "20", "--mouse", "237,347"],
    );
    // The popup opens below and to the right of the pointer, over the lower stacks.
    let (x, y, w, h) = (260, 372, 260, 70);
    let changed = changed_share(&plain, &hover, (x, y, w, h));
    assert!(changed > 0.15, "no explanation under the pill: {changed}");
    // Nothing else moved: the rest of the table is the same picture.
    let elsewhere = changed_share(&plain, &hover, (20, 560, 300, 100));
    assert!(elsewhere < 0.01, "the table changed elsewhere: {elsewhere}");
}

/// Share of pixels in a region that differ between two shots.
fn changed_share(a: &Shot, b: &Shot, (x0, y0, w, h): (u32, u32, u32, u32)) -> f64 {
    let mut n = 0;
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            let (p, q) = (a.pixel(x, y), b.pixel(x, y));
            if (0..3).any(|i| (p[i] as i32 - q[i] as i32).abs() > 30) {
                n += 1;
            }
        }
    }
    n as f64 / (w * h) as f64
}

/// The side panel's left edge for a window width (as the client computes it).
fn panel_left(w: u32) -> u32 {
    w - (w as f32 * 0.235).clamp(280.0, 420.0) as u32
}

fn check_layout(name: &str, s: &Shot) {
    assert_not_blank(name, s, 100);
    let left = panel_left(s.w);
    // The panel is drawn over its whole height, right of the table.
    let panel = s.share_near(left + 2, 0, 6, s.h, PANEL, 12);
    assert!(
        panel > 0.6,
        "{name}: the panel is not where it belongs: {panel}"
    );
    // The table's End button lies wholly left of the panel: the green of its right end is
    // found in the table, and the few columns before the panel have none of it.
    let bar = (s.h as f32 * 0.40) as u32;
    let band = (s.h as f32 * 0.12) as u32;
    let green_in_table = s.share_near(left / 2, bar, left / 2 - 4, band, GO, 12);
    assert!(
        green_in_table > 0.01,
        "{name}: no End button: {green_in_table}"
    );
    let edge = s.share_near(left - 4, bar, 4, band, GO, 12);
    assert!(
        edge < 0.05,
        "{name}: the End button runs into the panel: {edge}"
    );
    // Both seats' rows of assets are drawn (something in the top and bottom thirds).
    assert!(
        s.ink(0, s.h / 12, left, s.h / 4) > 0.02,
        "{name}: no opponent row"
    );
    assert!(
        s.ink(0, s.h * 2 / 3, left, s.h / 4) > 0.02,
        "{name}: no own row or hand"
    );
}

#[test]
fn the_table_fits_at_1024x768() {
    let s = shoot_sized(
        "client-layouts",
        "table-1024",
        &["--screen", "table", "--frames", "20"],
        (1024, 768),
    );
    check_layout("table-1024", &s);
}

#[test]
fn the_table_fits_at_1920x1080() {
    let s = shoot_sized(
        "client-layouts",
        "table-1920",
        &["--screen", "table", "--frames", "20"],
        (1920, 1080),
    );
    check_layout("table-1920", &s);
}

/// The guide's yellow (`theme::SELECT`): the callout's frame and title, the ring it draws.
const SELECT: [u8; 3] = [0xff, 0xd1, 0x66];
/// The tapped tag's amber (`theme::WARN`) and the destroyed tag's red (`theme::BAD`).
const BAD: [u8; 3] = [0xff, 0x54, 0x68];

/// The guided first match opens on its welcome: a callout with a yellow frame and title over
/// the top half of the table, and nothing lit around the pass button yet.
#[test]
fn the_guided_match_opens_on_its_welcome() {
    let s = shoot("guide-welcome", &["--screen", "guide", "--frames", "30"]);
    assert_not_blank("guide-welcome", &s, 100);
    let callout = s.share_near(300, 120, 380, 220, SELECT, 30);
    assert!(callout > 0.01, "no callout: {callout}");
    let ring = s.share_near(760, 318, 220, 60, SELECT, 30);
    assert!(ring < 0.005, "the pass button is lit already: {ring}");
}

/// After the two steps to read, the guide asks to end Maneuvers: a ring round the pass button
/// and the callout under it.
#[test]
fn the_guide_points_at_the_pass_button() {
    let s = shoot(
        "guide-pass",
        &["--screen", "guide", "--skip-turns", "2", "--frames", "40"],
    );
    // The ring hugs the button (x 771–967, y 330–364): yellow just outside its edges.
    let above = s.share_near(770, 318, 200, 10, SELECT, 40);
    let below = s.share_near(770, 366, 200, 10, SELECT, 40);
    assert!(above > 0.1 && below > 0.1, "no ring: {above} {below}");
    // The callout hangs below the button, over your stacks.
    let callout = s.share_near(560, 380, 410, 200, SELECT, 30);
    assert!(callout > 0.005, "no callout under the button: {callout}");
}

/// Once Maneuvers is passed (the guide plays that step), it points at Terra for research.
#[test]
fn the_guide_points_at_terra_to_research() {
    let s = shoot(
        "guide-research",
        &["--screen", "guide", "--skip-turns", "3", "--frames", "60"],
    );
    // Terra (x 343–497, y 533–638): the ring runs along its top and sides.
    let top = s.share_near(343, 520, 154, 10, SELECT, 40);
    let left = s.share_near(330, 540, 10, 90, SELECT, 40);
    assert!(top > 0.1 && left > 0.1, "Terra is not ringed: {top} {left}");
    // The callout is above Terra (it is in the lower half).
    let callout = s.share_near(250, 330, 340, 200, SELECT, 30);
    assert!(callout > 0.005, "no callout above Terra: {callout}");
}

/// A tapped asset and a destroyed one stay upright and readable: each carries a tag on its
/// lower edge (amber "TAPPED", red "DESTROYED") and its name stays in its header.
#[test]
fn tapped_and_destroyed_assets_carry_markers() {
    let s = shoot(
        "markers",
        &[
            "--scenario",
            "tests/fixtures/client/markers.yaml",
            "--frames",
            "20",
        ],
    );
    assert_not_blank("markers", &s, 100);
    // Terra (x 133–287, y 533–638) is tapped; Luna Base (x 553–707) is destroyed.
    let tapped = s.share_near(180, 622, 105, 28, WARN, 40);
    assert!(tapped > 0.05, "no tapped tag on Terra: {tapped}");
    let destroyed = s.share_near(600, 622, 105, 28, BAD, 40);
    assert!(
        destroyed > 0.05,
        "no destroyed tag on Luna Base: {destroyed}"
    );
    // Upright cards: the header strips are at the top, with their names written in them.
    for (name, x) in [("Terra", 135), ("Luna Base", 555)] {
        let ink = s.ink(x, 536, 70, 14);
        assert!(ink > 0.04, "{name}'s header has no name in it: {ink}");
    }
}

/// The legal targets' green (`theme::GOOD`) and, in the colour-blind palette, light sky blue.
const TARGET: [u8; 3] = [0x3d, 0xdc, 0x97];
const TARGET_BLIND: [u8; 3] = [0x8f, 0xd6, 0xff];

/// At 1920×1080 the globe view sits beside a table wide enough for full-size text: the End
/// button lies in the table, left of the globe, and the globe shows the lit rings.
#[test]
fn the_split_view_fits_beside_the_table_at_1920x1080() {
    let name = "linked-1920";
    let s = shoot_sized(
        "client-layouts",
        name,
        &["--screen", "linked", "--frames", "30"],
        (1920, 1080),
    );
    assert_not_blank(name, &s, 100);
    let panel = panel_left(s.w);
    // The split view takes 30 % of the window: the table ends at 1469 − 576 = 893.
    let table_right = panel - 576;
    let (bar, band) = ((s.h as f32 * 0.40) as u32, (s.h as f32 * 0.12) as u32);
    let end = s.share_near(table_right / 2, bar, table_right / 2 - 4, band, GO, 12);
    assert!(end > 0.01, "{name}: no End button in the table: {end}");
    let edge = s.share_near(table_right + 2, bar, 8, band, GO, 12);
    assert!(
        edge < 0.05,
        "{name}: the End button runs into the globe: {edge}"
    );
    // How many rings are lit depends on the position the shipped cards play to (one ring
    // and a target marker at the time of writing); without any the share is 0.
    let lit = s.share_near(table_right + 10, 60, 560, 900, TARGET, 45);
    assert!(lit > 0.001, "{name}: no lit rings in the globe view: {lit}");
    assert!(s.share_near(panel + 2, 0, 6, s.h, PANEL, 12) > 0.6);
}

/// At 1024×768 there is no room for a readable table beside the globe: the globe view takes
/// the table's place, the panel stays, and the title says how to go back.
#[test]
fn a_narrow_window_shows_the_globe_in_the_tables_place() {
    let name = "linked-1024";
    let s = shoot_sized(
        "client-layouts",
        name,
        &["--screen", "linked", "--frames", "30"],
        (1024, 768),
    );
    assert_not_blank(name, &s, 100);
    let panel = panel_left(s.w);
    // The lit rings spread over what was the table's left half.
    let lit = s.share_near(0, 80, panel / 2, 600, TARGET, 45);
    assert!(
        lit > 0.0015,
        "{name}: the globe is not in the table's place: {lit}"
    );
    // No table: its End button (in the phase bar) is gone; the panel keeps its own.
    let (bar, band) = ((s.h as f32 * 0.40) as u32, (s.h as f32 * 0.12) as u32);
    let end = s.share_near(0, bar, panel - 4, band, GO, 12);
    assert!(end < 0.002, "{name}: a table is still drawn: {end}");
    assert!(s.share_near(panel + 2, 0, 6, s.h, PANEL, 12) > 0.6);
}

/// The deck builder's three columns (library, deck, card preview) at a window size: two
/// grey separators divide them, each column has its text, and nothing runs across a
/// separator (the few pixels either side of each are plain background).
fn check_deck_builder(name: &str, size: (u32, u32)) {
    let s = shoot_sized(
        "client-layouts",
        name,
        &[
            "--screen",
            "deckbuilder",
            "--deck",
            "decks/bastion.yaml",
            "--frames",
            "20",
        ],
        size,
    );
    assert_not_blank(name, &s, 100);
    let (w, h) = size;
    // egui's separator grey, nearly the whole height of the window.
    let separators: Vec<u32> = (1..w)
        .filter(|&x| s.share_near(x, 60, 1, h - 120, [60, 60, 60], 4) > 0.85)
        .filter(|&x| s.share_near(x - 1, 60, 1, h - 120, [60, 60, 60], 4) <= 0.85)
        .collect();
    assert_eq!(separators.len(), 2, "{name}: separators at {separators:?}");
    let edges = [0, separators[0], separators[1], w];
    for (i, what) in ["library", "deck", "preview"].into_iter().enumerate() {
        let (x0, x1) = (edges[i], edges[i + 1]);
        let ink = s.ink(x0 + 4, 50, x1 - x0 - 8, h - 100);
        assert!(
            ink > 0.02,
            "{name}: the {what} column looks empty ({ink:.3})"
        );
    }
    for x in separators {
        for x0 in [x - 6, x + 3] {
            let ink = s.ink(x0, 60, 3, h - 120);
            assert!(ink < 0.02, "{name}: something crosses x = {x} ({ink:.3})");
        }
    }
}

#[test]
fn the_deck_builder_fits_at_1024x768() {
    check_deck_builder("deckbuilder-1024", (1024, 768));
}

#[test]
fn the_deck_builder_fits_at_1920x1080() {
    check_deck_builder("deckbuilder-1920", (1920, 1080));
}

/// In the colour-blind palette the legal targets are light sky blue (attacks orange): the
/// selected ship's lit orbitals on the table show no green.
#[test]
fn the_colour_blind_palette_lights_targets_in_blue() {
    let plain = shoot("targets-plain", &["--screen", "table", "--frames", "20"]);
    let blind = shoot(
        "targets-blind",
        &["--screen", "table", "--frames", "20", "--colour-blind"],
    );
    // The selected ship's lit destination, an orbital row of the table (x 238–649), wherever
    // the busy position put it: the band of an orbital's height whose target green the
    // colour-blind palette takes away most (hull bars and other greens stay in both).
    let (x, w, h) = (238, 411, 55);
    let lit =
        |y| plain.share_near(x, y, w, h, TARGET, 40) - blind.share_near(x, y, w, h, TARGET, 40);
    let y = (40..plain.h.saturating_sub(140))
        .step_by(5)
        .max_by(|&a, &b| lit(a).total_cmp(&lit(b)))
        .expect("a table");
    // A lit row is about 4% target green when empty; ship chips in it cover part of that.
    let plain_green = plain.share_near(x, y, w, h, TARGET, 40);
    assert!(plain_green > 0.01, "no green target: {plain_green}");
    assert!(plain.share_near(x, y, w, h, TARGET_BLIND, 30) < 0.002);
    // The same pixels turn light blue: about as much blue as there was green.
    let blue = blind.share_near(x, y, w, h, TARGET_BLIND, 40);
    assert!(
        blue > 0.8 * plain_green,
        "no light-blue target: {blue} (green {plain_green})"
    );
    let green = blind.share_near(x, y, w, h, TARGET, 30);
    assert!(green < 0.002, "the target is still green: {green}");
}

/// The first game kept with the tests, played through the table's own input.
const FIRST_GAME: &str = "tests/fixtures/client/first_game.script";

/// The steps of a script as the client counts them: `;`-separated parts of each line, a `#`
/// at the start of a line or before a space starting a comment.
fn script_steps(text: &str) -> usize {
    text.lines()
        .map(|line| {
            let b = line.as_bytes();
            let end = (0..b.len())
                .find(|&i| {
                    b[i] == b'#'
                        && (line[..i].trim().is_empty()
                            || b.get(i + 1).is_none_or(u8::is_ascii_whitespace))
                })
                .unwrap_or(b.len());
            line[..end]
                .split(';')
                .filter(|p| !p.trim().is_empty())
                .count()
        })
        .sum()
}

/// A whole first game against the easy AI, from the guided match to the victory screen, played
/// from the script a newcomer's game left: every step finds the button or card it names on the
/// screen, the game ends with the AI's homeworld destroyed, and the client says you won.
#[test]
fn the_first_game_plays_through_the_tables_own_input() {
    let text = std::fs::read_to_string(FIRST_GAME).expect("the first game's script");
    let steps = script_steps(&text);
    let name = "first-game";
    // The game-over screen opens a little after the last move has been seen.
    let args = [
        "--screen", "guide", "--speed", "8", "--script", FIRST_GAME, "--frames", "120",
    ];
    let (s, out) = common::shoot_printed("client-newcomer", name, &args, (common::W, common::H));
    let report = out
        .lines()
        .find(|l| l.starts_with("script played"))
        .unwrap_or_else(|| panic!("no report of the script:\n{out}"));
    assert!(
        report.starts_with(&format!("script played {steps} steps:")),
        "not every step was played: {report} (the script has {steps})"
    );
    assert!(report.ends_with("the game is over"), "{report}");
    let end = out
        .lines()
        .find(|l| l.starts_with("game over"))
        .unwrap_or_else(|| panic!("no game-over screen:\n{out}"));
    assert!(end.contains("winner You"), "{end}");
    // The table and its side panel are on screen.
    assert_not_blank(name, &s, 100);
    let left = panel_left(s.w);
    let panel = s.share_near(left + 2, 0, 6, s.h, PANEL, 12);
    assert!(panel > 0.6, "{name}: no side panel: {panel}");
}

/// A step the screen cannot play stops the run with an error naming the step and the buttons
/// the screen shows.
#[test]
fn a_script_step_the_screen_cannot_play_names_what_it_shows() {
    let out = std::process::Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_orbitals"))
        .args([
            "--screen",
            "guide",
            "--script",
            "press Got it\npress Launch",
        ])
        .args(["--screenshot", "/dev/null", "--frames", "5"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("ORBITALS_SAVE_DIR", common::save_dir("script-error"))
        .output()
        .expect("xvfb-run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("line 2 `press Launch`"), "{err}");
    assert!(err.contains("\"End maneuvers ▶\""), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// An unknown word is refused before the window opens, naming the word and its line.
#[test]
fn an_unknown_script_word_is_named() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_orbitals"))
        .args([
            "--screen",
            "guide",
            "--script",
            "press Got it\n\njump Terra",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("orbitals");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("line 3") && err.contains("`jump`"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
