//! The client's globe views render: the built binary runs under a virtual X display
//! (`xvfb-run`) for a Globetrotter game mid-play, a two-planet Globetrotter game, a three-planet
//! game in its system view right after a Drill Cannon destroyed one planet (opened from a
//! scenario file), the card table with the linked globe view beside it (also with a destroyed
//! asset, from a scenario file), and the card game's system view. Each PNG is decoded and
//! checked: not blank, the globes drawn where they should be, highlights present, destroyed
//! bodies drawn unlike live ones, and the panels drawn.
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
    // Table on the left (narrowed to 720 px, where its text stays readable), globe view
    // beside it (x 720–979), side panel at the right.
    assert!(
        s.colours(0, 40, 700, 600) > 40,
        "{name}: the table looks empty"
    );
    let globe = s.colours(730, 80, 240, 640);
    assert!(globe > 40, "{name}: the globe view looks empty ({globe})");
    // The selected ship's legal burns light its rings (green).
    let green = s.share_near(730, 80, 240, 640, [0x3d, 0xdc, 0x97], 45);
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

/// Shares of clearly bluish (the planets' triangles) and clearly reddish (charred shards, scars,
/// glowing cores) pixels in a rectangle.
fn blue_red(s: &Shot, x0: u32, y0: u32, w: u32, h: u32) -> (f64, f64) {
    let (mut n, mut blue, mut red) = (0usize, 0usize, 0usize);
    for y in y0..(y0 + h).min(s.h) {
        for x in x0..(x0 + w).min(s.w) {
            let [r, g, b] = s.pixel(x, y).map(|c| c as i32);
            n += 1;
            if b > r + 30 && g > r {
                blue += 1;
            }
            if r > b + 50 && r > g + 30 {
                red += 1;
            }
        }
    }
    let n = n.max(1) as f64;
    (blue as f64 / n, red as f64 / n)
}

#[test]
fn globetrotter_destroyed_planet_in_the_system_view() {
    let name = "globetrotter-destroyed-planet";
    let s = shoot(
        name,
        &[
            "--scenario",
            "tests/globetrotter/g13_destroyed_planet_leaves_the_others_in_play.yaml",
            "--screen",
            "globetrotter-system",
            "--frames",
            "40",
        ],
    );
    assert_not_blank(name, &s);
    assert_panel(name, &s);
    // Three planets in a row: the outer two are live globes (mostly blue triangles), the
    // middle one, destroyed, is charred shards around a glowing core.
    for (x, which) in [(190, "planet 1"), (700, "planet 3")] {
        let (blue, _) = blue_red(&s, x, 350, 90, 100);
        assert!(
            blue > 0.25,
            "{name}: {which} does not look like a live globe (blue {blue:.3})"
        );
    }
    let (blue, red) = blue_red(&s, 440, 340, 100, 110);
    assert!(
        red > 0.15 && blue < 0.02,
        "{name}: planet 2 does not look destroyed (blue {blue:.3}, red {red:.3})"
    );
    let core = s.share_near(440, 340, 100, 110, [0xff, 0x7a, 0x3d], 60);
    assert!(core > 0.003, "{name}: no glowing core ({core:.4})");
    // Its name says so, in red, under it.
    let label = s.share_near(400, 500, 180, 26, [0xff, 0x54, 0x68], 50);
    assert!(
        label > 0.01,
        "{name}: no red 'destroyed' label ({label:.4})"
    );
    // The log tells it in plain words, the destruction standing out (amber).
    let warn = s.share_near(990, 250, 290, 550, [0xff, 0xb8, 0x4d], 40);
    assert!(
        warn > 0.001,
        "{name}: no highlighted destruction line in the log ({warn:.4})"
    );
}

#[test]
fn card_linked_view_shows_a_destroyed_asset_scarred() {
    let name = "linked-destroyed-asset";
    let s = shoot(
        name,
        &[
            "--scenario",
            "tests/scenarios/o15_bombard_destroys_asset.yaml",
            "--screen",
            "linked",
            "--frames",
            "60",
        ],
    );
    assert_not_blank(name, &s);
    assert!(s.colours(990, 0, 290, 800) > 20, "{name}: no side panel");
    // Luna Base (destroyed, far row right) is scarred red; Terra (near row) is not.
    let (_, luna) = blue_red(&s, 888, 328, 65, 65);
    let (terra_blue, terra) = blue_red(&s, 815, 412, 70, 70);
    assert!(
        luna > 0.05,
        "{name}: the destroyed asset is not scarred ({luna:.3})"
    );
    assert!(
        terra < 0.01 && terra_blue > 0.3,
        "{name}: the live asset looks scarred (red {terra:.3}, blue {terra_blue:.3})"
    );
    // Its label says so, in red.
    let label = s.share_near(830, 316, 145, 18, [0xff, 0x54, 0x68], 50);
    assert!(
        label > 0.01,
        "{name}: no red 'destroyed' label ({label:.4})"
    );
}
