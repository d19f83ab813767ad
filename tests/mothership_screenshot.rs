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

/// The planet inset's strip under the map (1280×800, two-player map): the globe at its left.
const INSET: (u32, u32, u32, u32) = (8, 600, 924, 170);
const GLOBE: (u32, u32, u32, u32) = (8, 600, 221, 170);
const BG: [u8; 3] = [0x0a, 0x0f, 0x1c];
const AMBER: [u8; 3] = [0xff, 0xb8, 0x4d];
const SEAL: [u8; 3] = [0x7a, 0x5a, 0x1f];

#[test]
fn take_off_choice_prompt_is_framed_with_its_seal_button() {
    let name = "mothership-takeoff-choice";
    let s = shoot(
        name,
        &[
            "--screen",
            "mothership",
            "--skip-turns",
            "21",
            "--frames",
            "40",
        ],
    );
    assert_screen(name, &s);
    // The amber frame around the prompt, and the seal button's fill, in the panel.
    let frame = s.share_near(945, 140, 330, 240, AMBER, 12);
    assert!(frame > 0.004, "{name}: no framed take-off prompt ({frame})");
    let button = s.share_near(945, 140, 330, 240, SEAL, 10);
    assert!(button > 0.01, "{name}: no seal button ({button})");
}

#[test]
fn hot_seat_curtain_hides_the_map_until_the_player_takes_the_seat() {
    let name = "mothership-hot-seat-curtain";
    let args = [
        "--screen",
        "mothership",
        "--ms-players",
        "3",
        "--ms-humans",
        "2",
        "--skip-turns",
        "21",
        "--frames",
        "40",
    ];
    let s = shoot(name, &args);
    // Nothing of the map: the left and bottom of the map area are bare background.
    for (x, y, w, h) in [(0, 0, 300, 800), (0, 520, 930, 280), (660, 0, 270, 800)] {
        let bare = s.share_near(x, y, w, h, BG, 4);
        assert!(bare > 0.99, "{name}: the map shows at {x},{y} ({bare})");
    }
    // The curtain's window in the middle of the map area, with its text.
    assert!(
        s.ink(300, 320, 340, 160) > 0.05,
        "{name}: no curtain window"
    );
    // The player takes the seat: the map and the sealed prompt appear.
    let name = "mothership-hot-seat-prompt";
    let mut lifted = args.to_vec();
    lifted.extend(["--ms-script", "lift"]);
    *lifted.iter_mut().find(|a| **a == "40").unwrap() = "60";
    let s = shoot(name, &lifted);
    assert_screen(name, &s);
    let frame = s.share_near(945, 140, 330, 260, AMBER, 12);
    assert!(frame > 0.004, "{name}: no take-off prompt ({frame})");
}

#[test]
fn planet_inset_shows_landing_sites_and_the_orbit_apart_from_the_map() {
    let name = "mothership-planet-inset";
    let s = shoot(
        name,
        &[
            "--screen",
            "mothership",
            "--ms-players",
            "3",
            "--demo",
            "1",
            "--skip-turns",
            "22",
            "--frames",
            "20",
        ],
    );
    assert_screen(name, &s);
    // Not overlapping: a bare band of background between the map and the inset's frame.
    let band = s.share_near(0, INSET.1 - 4, 930, 3, BG, 6);
    assert!(band > 0.97, "{name}: the map runs into the inset ({band})");
    // The globe: lit land and sea faces, the orbit ring, ships' colours.
    let (x, y, w, h) = GLOBE;
    let c = s.colours(x, y, w, h);
    assert!(c > 60, "{name}: no globe drawn ({c} colours)");
    assert!(s.lit(x, y, w, h) > 0.05, "{name}: the globe is dark");
    // One legend dot per ship, in its player's colour, beside the globe.
    let legend = (GLOBE.0 + GLOBE.2, INSET.1 + 20, 40, 80);
    for (rgb, who) in [(BLUE, "blue"), (ORANGE, "orange")] {
        let dot = s.share_near(legend.0, legend.1, legend.2, legend.3, rgb, 10);
        assert!(dot > 0.005, "{name}: no {who} ship in the legend ({dot})");
    }
}
