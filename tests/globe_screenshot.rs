//! The client's globe views render: the built binary runs under a virtual X display
//! (`xvfb-run`) for a Globetrotter game mid-play, a two-planet Globetrotter game in its system
//! view, the card table with the linked globe view beside it, and the card game's system view.
//! Each PNG is decoded and checked: not blank, the globe drawn where it should be, highlights
//! present, and the panels drawn.
//!
//! Needs `xvfb-run` (Debian: `apt-get install -y xvfb xauth libgl1-mesa-dri libglx-mesa0`).
#![cfg(feature = "client")]

mod common;

use common::Shot;

fn shoot(name: &str, args: &[&str]) -> Shot {
    common::shoot("globe-shots", name, args)
}

fn assert_not_blank(name: &str, s: &Shot) {
    common::assert_not_blank(name, s, 150);
}

/// The Globetrotter side panel (300 points at the right).
fn assert_panel(name: &str, s: &Shot) {
    assert!(
        s.colours(990, 0, 290, 800) > 20,
        "{name}: the side panel looks empty"
    );
}

#[test]
fn globetrotter_mid_game_is_drawn() {
    let name = "globetrotter";
    let s = shoot(
        name,
        &[
            "--screen",
            "globetrotter",
            "--demo",
            "5",
            "--skip-turns",
            "30",
            "--frames",
            "40",
        ],
    );
    assert_not_blank(name, &s);
    assert_panel(name, &s);
    // The globe fills the middle of the view, shaded (many colours), with space around it.
    let c = s.colours(290, 200, 400, 400);
    assert!(
        c > 60,
        "{name}: no shaded globe in the middle ({c} colours)"
    );
    assert!(
        s.lit(340, 250, 300, 300) > 0.8,
        "{name}: the globe is not solid"
    );
    assert!(
        s.lit(0, 700, 60, 100) < 0.3,
        "{name}: no space around the globe"
    );
    // The status bar at the top.
    assert!(s.colours(10, 8, 600, 34) > 8, "{name}: no status bar");
}

#[test]
fn globetrotter_person_sees_highlights_on_two_planets() {
    let name = "globetrotter-two-planets";
    let s = shoot(
        name,
        &[
            "--screen",
            "globetrotter",
            "--gt-planets",
            "2",
            "--gt-facing",
            "--skip-turns",
            "20",
            "--frames",
            "40",
        ],
    );
    assert_not_blank(name, &s);
    assert_panel(name, &s);
    // The selected rover's moves (green), fortify spots (blue) and targets (red) are lit.
    let area = (0, 40, 980, 760);
    let green = s.share_near(area.0, area.1, area.2, area.3, [0x3d, 0xdc, 0x97], 40);
    let yellow = s.share_near(area.0, area.1, area.2, area.3, [0xff, 0xd1, 0x66], 40);
    assert!(green > 0.0005, "{name}: no legal move lit ({green:.4})");
    assert!(
        yellow > 0.0005,
        "{name}: the selected rover is not lit ({yellow:.4})"
    );
    // Both planets as thumbnails (one click switches focus).
    for i in 0..2 {
        let x = 12 + i * 100;
        let c = s.colours(x, 52, 92, 92);
        assert!(
            c > 20,
            "{name}: planet {} thumbnail looks empty ({c})",
            i + 1
        );
    }
}

#[test]
fn card_table_with_linked_globe_view_is_drawn() {
    let name = "linked";
    let s = shoot(name, &["--screen", "linked", "--frames", "60"]);
    assert_not_blank(name, &s);
    // Table on the left (narrowed), globe view beside it, side panel at the right.
    assert!(
        s.colours(0, 40, 560, 600) > 40,
        "{name}: the table looks empty"
    );
    let globe = s.colours(600, 80, 370, 640);
    assert!(globe > 40, "{name}: the globe view looks empty ({globe})");
    // The selected ship's legal burns light its rings (green).
    let green = s.share_near(600, 80, 370, 640, [0x3d, 0xdc, 0x97], 45);
    assert!(
        green > 0.002,
        "{name}: no legal burn lit in the globe view ({green:.4})"
    );
    assert!(s.colours(990, 0, 290, 800) > 20, "{name}: no side panel");
}

#[test]
fn card_game_system_view_is_drawn() {
    let name = "system";
    let s = shoot(name, &["--screen", "system", "--frames", "60"]);
    assert_not_blank(name, &s);
    // Both rows of assets: the opponent's behind (upper half), the viewer's in front.
    let far = s.colours(60, 150, 860, 250);
    let near = s.colours(60, 420, 860, 330);
    assert!(far > 40, "{name}: no opponent assets ({far})");
    assert!(near > 40, "{name}: no own assets ({near})");
    // Transfer routes are labelled with their cost (light-blue text on dark labels).
    let dv = s.share_near(0, 100, 980, 600, [0x5a, 0xd1, 0xff], 50);
    assert!(dv > 0.0005, "{name}: no transfer routes ({dv:.4})");
}
