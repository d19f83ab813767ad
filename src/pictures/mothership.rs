//! The Mothership fire-zone picture (M10): a window of the built-in `duel` map in a scenario
//! position, two destroyers of the second player and one tank of the first, with every cell
//! the engine's zone code puts under the second player's fire shaded. The position is a
//! scenario file read by the kit's scenario loader, so the picture uses the rules' own setup.
use super::svg::Svg;
use crate::kit::scenario::{parse, prepare};
use crate::mothership::ids::{Seat, UnitId};
use crate::mothership::map::Terrain;
use crate::mothership::state::{Loc, State};
use crate::mothership::zones::{neutralized, reach, zones};
use std::path::Path;

/// The position drawn: both ships still in orbit, two tanks of p2 (one on a mountain, M5) and a
/// tank of p1 between them.
pub const SCENARIO: &str = "\
game: mothership
seed: 1
players: 2
map: duel
position:
  turn: 5
  active: p1
  points: [15, 15]
  ships:
    - {dome: [5, 9], controller: p1, status: orbiting}
    - {dome: [16, 9], controller: p2, status: orbiting}
  units:
    - {kind: tank, colour: s2, at: [2, 4]}
    - {kind: tank, colour: s2, at: [6, 5]}
    - {kind: tank, colour: s1, at: [4, 5]}
";

/// The window of the map drawn: columns and rows, inclusive.
const COLS: (u16, u16) = (0, 11);
const ROWS: (u16, u16) = (1, 10);
const R: f64 = 18.0;
const MARGIN: f64 = 10.0;
const LEGEND_W: f64 = 300.0;
const FIRE: &str = "rgba(220,40,40,0.45)";
const SEATS: [&str; 2] = ["#2a6fdb", "#e08a00"];

fn terrain_colour(t: Terrain) -> &'static str {
    match t {
        Terrain::Sea => "#6fa8dc",
        Terrain::Reef => "#a2c4c9",
        Terrain::Swamp => "#93a86a",
        Terrain::Plain => "#e8dca0",
        Terrain::Mountain => "#9c7b5b",
    }
}

fn terrain_name(t: Terrain) -> &'static str {
    match t {
        Terrain::Sea => "sea",
        Terrain::Reef => "reef",
        Terrain::Swamp => "swamp",
        Terrain::Plain => "plain",
        Terrain::Mountain => "mountain",
    }
}

/// The position of [`SCENARIO`], set up by the kit's scenario loader.
pub fn position() -> State {
    let path = Path::new("pictures/mothership-fire-zone.yaml");
    let file = match parse::<State>(path, SCENARIO) {
        Ok(f) => f,
        Err(e) => panic!("the fire-zone picture's position is invalid: {e}"),
    };
    match prepare::<State>(path, SCENARIO, file) {
        Ok(l) => l.state,
        Err(e) => panic!("the fire-zone picture's position is invalid: {e}"),
    }
}

/// Pointy-top hexes; odd rows sit half a cell to the right (M24).
fn centre(col: u16, row: u16) -> (f64, f64) {
    let w = 3f64.sqrt() * R;
    let shift = if row % 2 == 1 { w / 2.0 } else { 0.0 };
    (
        MARGIN + w / 2.0 + w * f64::from(col - COLS.0) + shift,
        MARGIN + R + 1.5 * R * f64::from(row - ROWS.0),
    )
}

fn hexagon((x, y): (f64, f64), r: f64) -> Vec<(f64, f64)> {
    (0..6)
        .map(|i| {
            let a = std::f64::consts::PI / 3.0 * f64::from(i) + std::f64::consts::PI / 6.0;
            (x + r * a.cos(), y + r * a.sin())
        })
        .collect()
}

/// The picture.
pub fn fire_zone() -> String {
    let s = position();
    let z = zones(&s);
    let fire_of = Seat(1);
    let w = 3f64.sqrt() * R;
    let map_w = w * f64::from(COLS.1 - COLS.0 + 1) + w / 2.0;
    let map_h = 1.5 * R * f64::from(ROWS.1 - ROWS.0) + 2.0 * R;
    let mut svg = Svg::new(map_w + LEGEND_W + 3.0 * MARGIN, map_h + 2.0 * MARGIN);
    let mut seen = Vec::new();
    for row in ROWS.0..=ROWS.1 {
        for col in COLS.0..=COLS.1 {
            let Some(c) = s.map.cell(i64::from(col), i64::from(row)) else {
                continue;
            };
            let t = s.terrain(c);
            if !seen.contains(&t) {
                seen.push(t);
            }
            let hex = hexagon(centre(col, row), R);
            svg.polygon(&hex, terrain_colour(t), "#555555");
            if z.of(c, fire_of) {
                svg.polygon(&hex, FIRE, "#b00000");
            }
        }
    }
    let mut notes = Vec::new();
    for (i, u) in s.units.iter().enumerate() {
        let Loc::Map(c) = u.loc else { continue };
        let (col, row) = s.map.col_row(c);
        let seat = s.controller(UnitId(i as u16)).unwrap_or(Seat(0));
        let (x, y) = centre(col, row);
        svg.circle(x, y, R * 0.55, SEATS[seat.index() % 2], "#000000");
        svg.text(x, y + 4.0, 11.0, "middle", &format!("u{}", i + 1));
        let what = if seat == fire_of {
            format!(
                "reaches {} on {}",
                reach(&s, u.kind, c),
                terrain_name(s.terrain(c))
            )
        } else if neutralized(&s, &z, UnitId(i as u16)) {
            "under fire: neutralized".to_string()
        } else {
            "not under fire".to_string()
        };
        notes.push((
            SEATS[seat.index() % 2],
            format!(
                "u{} p{} {} at {col},{row}: {what}",
                i + 1,
                seat.0 + 1,
                u.kind.name()
            ),
        ));
    }
    let lx = 2.0 * MARGIN + map_w;
    let mut y = MARGIN + 12.0;
    svg.text(
        lx,
        y,
        13.0,
        "start",
        &format!("Map “{}”, turn {}", s.map.name, s.turn),
    );
    let swatch = |svg: &mut Svg, fill: &str, label: &str, y: &mut f64| {
        *y += 22.0;
        svg.rect(lx, *y - 13.0, 16.0, 16.0, fill, Some("#333333"));
        svg.text(lx + 22.0, *y, 11.0, "start", label);
    };
    for (fill, label) in &notes {
        swatch(&mut svg, fill, label, &mut y);
    }
    swatch(
        &mut svg,
        FIRE,
        "under fire of p2: two of its destroyers reach it",
        &mut y,
    );
    for t in seen {
        swatch(&mut svg, terrain_colour(t), terrain_name(t), &mut y);
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shaded_cells_are_the_engines_zone() {
        let s = position();
        let z = zones(&s);
        let shaded = fire_zone().matches(FIRE).count();
        let in_window = s
            .map
            .cells()
            .filter(|&c| {
                let (col, row) = s.map.col_row(c);
                (COLS.0..=COLS.1).contains(&col) && (ROWS.0..=ROWS.1).contains(&row)
            })
            .filter(|&c| z.of(c, Seat(1)))
            .count();
        let mut ds = Vec::new();
        crate::mothership::zones::destroyers(&s, |p, c, r| ds.push((p, c, r)));
        assert!(in_window > 0, "the picture shows a zone: {ds:?}");
        // One polygon per cell under fire, plus the legend swatch.
        assert_eq!(shaded, in_window + 1);
        assert!(neutralized(&s, &z, UnitId(2)), "p1's tank sits in the zone");
    }
}
