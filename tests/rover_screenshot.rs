//! The RoveR screen renders: the built binary runs under a virtual X display (`xvfb-run`) for
//! the default level at the start, a small level with the Gas Laser aimed at a warden (the hit
//! chance shown before firing), the same level right after the shot (keys typed by
//! `--rover-keys`), the win and loss windows (opened from scenario files), the key help, and
//! the autopilot playing. Each PNG is decoded and checked: the grid and the panel drawn, the
//! rover, hostiles, the aim, the damage numbers and the end windows where they should be.
//!
//! Needs `xvfb-run` (Debian: `apt-get install -y xvfb xauth libgl1-mesa-dri libglx-mesa0`).
#![cfg(feature = "client")]

mod common;

use common::{assert_not_blank, Shot};

fn shoot(name: &str, args: &[&str]) -> Shot {
    common::shoot("rover-shots", name, args)
}

const MID: &str = "tests/fixtures/rover/mid_level.yaml";
/// The rover's body colour, the aim colour, hostiles' red, the panel.
const ROVER: [u8; 3] = [0x5a, 0xd1, 0xff];
const AIM: [u8; 3] = [0xff, 0xd1, 0x66];
const HOSTILE: [u8; 3] = [0xb3, 0x30, 0x3f];
const GOOD: [u8; 3] = [0x3d, 0xdc, 0x97];
const BAD: [u8; 3] = [0xff, 0x54, 0x68];

/// The grid (left of the 350-point panel) and the panel itself are drawn.
fn assert_screen(name: &str, s: &Shot) {
    assert_not_blank(name, s, 120);
    assert!(
        s.colours(940, 30, 330, 420) > 25,
        "{name}: the side panel looks empty"
    );
    assert!(
        s.ink(10, 10, 600, 24) > 0.05,
        "{name}: no bar above the grid"
    );
}

#[test]
fn the_default_level_starts_with_the_rover_on_the_pod() {
    let name = "rover-start";
    let s = shoot(name, &["--screen", "rover", "--frames", "12"]);
    assert_screen(name, &s);
    // 32×32 cells of 23 pixels fill the grid area: floor, water and rocks.
    assert!(s.colours(100, 50, 730, 730) > 40, "{name}: no grid");
    // The rover on the pod (16,20), and hostiles elsewhere (the four dust mites are awake).
    assert!(
        s.share_near(466, 512, 24, 24, ROVER, 12) > 0.15,
        "{name}: no rover on the pod"
    );
    assert!(
        s.share_near(100, 50, 730, 730, HOSTILE, 12) > 0.001,
        "{name}: no hostiles"
    );
}

#[test]
fn the_aim_shows_its_reach_and_hit_chance_before_firing() {
    let name = "rover-aim";
    let s = shoot(
        name,
        &["--scenario", MID, "--rover-keys", "2 d", "--frames", "30"],
    );
    assert_screen(name, &s);
    // The aimed line and the target's outline in the aim colour, around the rover (10,4).
    let aim = s.share_near(470, 330, 160, 100, AIM, 20);
    assert!(aim > 0.02, "{name}: no aim drawn ({aim})");
    // The planned attack in the panel (its title in the aim colour).
    assert!(
        s.share_near(940, 470, 330, 80, AIM, 20) > 0.005,
        "{name}: no attack plan in the panel"
    );
}

#[test]
fn a_shot_shows_its_damage_and_the_entities_reply() {
    let name = "rover-attack";
    let s = shoot(
        name,
        &[
            "--scenario",
            MID,
            "--rover-keys",
            "2 d enter",
            "--frames",
            "34",
        ],
    );
    assert_screen(name, &s);
    // The floating damage number above the warden, in red.
    let red = s.share_near(520, 290, 120, 90, BAD, 25);
    assert!(red > 0.004, "{name}: no damage shown ({red})");
}

/// A finished level from a scenario file: the end window's title in `colour`.
fn end_window(name: &str, file: &str, colour: [u8; 3]) {
    let s = shoot(name, &["--scenario", file, "--frames", "70"]);
    assert_screen(name, &s);
    let share = s.share_near(280, 300, 380, 60, colour, 30);
    assert!(share > 0.02, "{name}: no end title ({share})");
}

#[test]
fn a_won_level_shows_the_score() {
    end_window("rover-won", "tests/fixtures/rover/win.yaml", GOOD);
}

#[test]
fn a_lost_level_shows_the_score() {
    end_window("rover-lost", "tests/fixtures/rover/loss.yaml", BAD);
}

#[test]
fn h_opens_the_key_help() {
    let name = "rover-help";
    let plain = shoot("rover-start", &["--screen", "rover", "--frames", "12"]);
    let s = shoot(
        name,
        &["--screen", "rover", "--rover-keys", "h", "--frames", "14"],
    );
    // The key names in the aim colour, only with the help open.
    let with = s.share_near(225, 260, 70, 340, AIM, 30);
    let without = plain.share_near(225, 260, 70, 340, AIM, 30);
    assert!(
        with > without + 0.01,
        "{name}: no key list ({with} vs {without})"
    );
}

#[test]
fn the_autopilot_plays_a_level() {
    let name = "rover-autopilot";
    let s = shoot(
        name,
        &[
            "--screen", "rover", "--demo", "3", "--speed", "8", "--frames", "150",
        ],
    );
    assert_screen(name, &s);
    // The log fills with rounds the autopilot played (it is empty below the first note at
    // the start).
    let ink = s.ink(940, 640, 330, 150);
    assert!(ink > 0.03, "{name}: the autopilot did not play ({ink})");
}

/// The default level won with keys alone (the route in the fixture file), as a newcomer
/// would type them: the win window at the end.
#[test]
fn the_default_level_is_won_with_the_keyboard() {
    let name = "rover-keyboard-win";
    let keys = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/rover/keyboard_win.txt"),
    )
    .unwrap();
    let s = shoot(
        name,
        &[
            "--screen",
            "rover",
            "--rover-keys",
            &keys,
            "--frames",
            "520",
        ],
    );
    assert_screen(name, &s);
    let g = s.share_near(280, 300, 380, 60, GOOD, 30);
    assert!(g > 0.02, "{name}: no win title ({g})");
}
