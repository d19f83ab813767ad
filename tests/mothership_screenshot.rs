//! The Mothership screen renders: the built binary runs under a virtual X display
//! (`xvfb-run`) for the landing turn with its placement hints, a mid-game map with fire zones
//! and a unit's targets lit, a three-player position right after a ship capture (opened from a
//! scenario file), and the score window after take-off. Each PNG is decoded and checked: not
//! blank, the map drawn by the tide (land and sea), the side panel drawn, and what each phase
//! must show (landing sites, players' colours, the captured ship's mark and destroyed turrets,
//! the score window).
//!
//! Needs `xvfb-run` (Debian: `apt-get install -y xvfb xauth libgl1-mesa-dri libglx-mesa0`).
#![cfg(feature = "client")]

mod common;

use common::Shot;

fn shoot(name: &str, args: &[&str]) -> Shot {
    common::shoot("mothership-shots", name, args)
}

/// The map's area (left of the 340-point panel, under the turn track).
const MAP: (u32, u32, u32, u32) = (0, 50, 930, 720);

const SEA: [u8; 3] = [0x17, 0x3f, 0x66];
const PLAIN: [u8; 3] = [0x6f, 0x8a, 0x45];
const BLUE: [u8; 3] = [0x4f, 0xa3, 0xff];
const ORANGE: [u8; 3] = [0xff, 0x8a, 0x4f];
const GOLD: [u8; 3] = [0xff, 0xb8, 0x4d];
const RED: [u8; 3] = [0xff, 0x54, 0x68];

fn share(s: &Shot, rgb: [u8; 3], tol: i32) -> f64 {
    s.share_near(MAP.0, MAP.1, MAP.2, MAP.3, rgb, tol)
}

/// Common checks: colours, the panel at the right, sea and land on the map, the turn track.
fn assert_screen(name: &str, s: &Shot) {
    common::assert_not_blank(name, s, 150);
    assert!(
        s.colours(945, 0, 330, 300) > 20,
        "{name}: the side panel looks empty"
    );
    assert!(share(s, SEA, 6) > 0.05, "{name}: no sea on the map");
    assert!(s.colours(0, 0, 600, 44) > 8, "{name}: no turn track");
}

#[test]
fn landing_shows_sites_and_the_ship_under_the_pointer() {
    let name = "mothership-landing";
    let s = shoot(
        name,
        &[
            "--screen",
            "mothership",
            "--frames",
            "150",
            "--mouse",
            "300,420",
        ],
    );
    assert_screen(name, &s);
    assert!(share(&s, PLAIN, 6) > 0.1, "{name}: no plain land");
    // Legal landing sites: green dots (GOOD at 75 % over the terrain).
    let dots = share(&s, [73, 200, 130], 22);
    assert!(dots > 0.001, "{name}: no landing sites lit ({dots})");
    // The AI (first to land with this seed) has landed: its orange dome is on the map.
    assert!(share(&s, ORANGE, 12) > 0.001, "{name}: no landed ship");
}

#[test]
fn mid_game_shows_units_fire_zones_and_targets() {
    let name = "mothership-mid-game";
    let s = shoot(
        name,
        &[
            "--screen",
            "mothership",
            "--skip-turns",
            "10",
            "--frames",
            "30",
        ],
    );
    assert_screen(name, &s);
    assert!(share(&s, BLUE, 12) > 0.002, "{name}: no blue units");
    assert!(share(&s, ORANGE, 12) > 0.002, "{name}: no orange units");
    // Zones and targets tint the map: many more colours than the plain terrain palette.
    let c = s.colours(MAP.0, MAP.1, MAP.2, MAP.3);
    assert!(c > 120, "{name}: the map looks untinted ({c} colours)");
}

#[test]
fn captured_ship_is_marked_with_its_destroyed_turrets() {
    let name = "mothership-captured-ship";
    let s = shoot(
        name,
        &[
            "--scenario",
            "tests/fixtures/mothership/captured_ship.yaml",
            "--frames",
            "30",
        ],
    );
    assert_screen(name, &s);
    assert!(
        share(&s, GOLD, 20) > 0.0002,
        "{name}: no captured-ship mark"
    );
    assert!(share(&s, RED, 14) > 0.0005, "{name}: no destroyed turrets");
    assert!(
        share(&s, BLUE, 12) > 0.003,
        "{name}: the captor's colour is missing"
    );
}

#[test]
fn score_window_after_take_off() {
    let name = "mothership-score";
    let s = shoot(
        name,
        &[
            "--screen",
            "mothership",
            "--skip-turns",
            "26",
            "--frames",
            "90",
        ],
    );
    assert_screen(name, &s);
    // The score window over the map: its "Play again" button.
    let button = s.share_near(250, 250, 500, 320, [0x1f, 0x7a, 0x55], 16);
    assert!(button > 0.002, "{name}: no score window ({button})");
}
