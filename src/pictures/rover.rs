//! The RoveR level picture: the built-in default level as the engine reads it (terrain, drop
//! pod, the starting entities and the pickups), one square per cell, with a legend that names
//! every kind of thing on it from the content files.
use super::svg::Svg;
use crate::rover::kinds::{Behaviour, KindDef};
use crate::rover::map::{Pickup, Terrain};
use crate::rover::{Db, LevelSpec};

const CELL: f64 = 16.0;
const MARGIN: f64 = 8.0;
const LEGEND_W: f64 = 270.0;

const FLOOR: &str = "#f2ead8";
const WATER: &str = "#7fb3e0";
const POD: &str = "#2e8b57";
const ROCK: &str = "#6b6b6b";
const HOSTILE: &str = "#d9453b";
const FACTORY: &str = "#8e44ad";
const ARCHIVE: &str = "#d4a017";
const CHASSIS: &str = "#1f5fa8";
const CACHE: &str = "#3fa7a0";

/// The fill of an entity's square: rocks grey, archives gold, factories purple, hostiles red.
fn kind_colour(k: &KindDef) -> &'static str {
    match k.behaviour {
        Behaviour::Factory { .. } => FACTORY,
        _ if k.hostile => HOSTILE,
        _ if k.data > 0 => ARCHIVE,
        _ => ROCK,
    }
}

/// The default level as SVG.
pub fn default_level() -> String {
    let db = Db::builtin();
    level(&db, &LevelSpec::default_level(&db))
}

/// Draws any level: the grid on the left, the legend on the right.
pub fn level(db: &Db, spec: &LevelSpec) -> String {
    let l = &spec.level;
    let grid_w = l.width as f64 * CELL;
    let grid_h = l.height as f64 * CELL;
    let mut svg = Svg::new(
        grid_w + LEGEND_W + 3.0 * MARGIN,
        grid_h.max(300.0) + 2.0 * MARGIN,
    );
    let at = |x: u8, y: u8| (MARGIN + x as f64 * CELL, MARGIN + y as f64 * CELL);
    for p in l.positions() {
        let (x, y) = at(p.x, p.y);
        let fill = match l.terrain(p) {
            Terrain::Floor => FLOOR,
            Terrain::Water => WATER,
        };
        svg.rect(x, y, CELL, CELL, fill, Some("#d8cfbb"));
    }
    let glyph = |svg: &mut Svg, x: f64, y: f64, c: char| {
        svg.text(
            x + CELL / 2.0,
            y + CELL * 0.72,
            10.0,
            "middle",
            &c.to_string(),
        );
    };
    for (kind, p) in &spec.entities {
        let k = db.kind(*kind);
        let (x, y) = at(p.x, p.y);
        svg.rect(
            x + 1.0,
            y + 1.0,
            CELL - 2.0,
            CELL - 2.0,
            kind_colour(k),
            None,
        );
        if k.glyph != '#' {
            glyph(&mut svg, x, y, k.glyph);
        }
    }
    for (p, pick) in &spec.pickups {
        let (x, y) = at(p.x, p.y);
        let (fill, c) = match pick {
            Pickup::Chassis(_) => (CHASSIS, 'H'),
            Pickup::Cache(_) => (CACHE, 'K'),
        };
        svg.circle(
            x + CELL / 2.0,
            y + CELL / 2.0,
            CELL / 2.0 - 1.0,
            fill,
            "#333333",
        );
        glyph(&mut svg, x, y, c);
    }
    let (x, y) = at(l.pod.x, l.pod.y);
    svg.rect(x, y, CELL, CELL, POD, Some("#000000"));
    glyph(&mut svg, x, y, 'P');

    let entries = legend(db, spec);
    let lx = 2.0 * MARGIN + grid_w;
    svg.text(
        lx,
        MARGIN + 12.0,
        13.0,
        "start",
        &format!("Level “{}”", l.name),
    );
    for (i, (fill, c, label)) in entries.iter().enumerate() {
        let y = MARGIN + 26.0 + i as f64 * 20.0;
        svg.rect(lx, y, CELL, CELL, fill, Some("#333333"));
        if let Some(c) = c {
            glyph(&mut svg, lx, y, *c);
        }
        svg.text(lx + CELL + 6.0, y + 12.0, 11.0, "start", label);
    }
    svg.finish()
}

/// One legend line per kind of thing on the level, in a fixed order, with the counts.
fn legend(db: &Db, spec: &LevelSpec) -> Vec<(&'static str, Option<char>, String)> {
    let mut out = vec![
        (POD, Some('P'), "drop pod (start, deliver data)".to_string()),
        (FLOOR, None, "floor".to_string()),
        (WATER, None, "water (impassable, shots pass)".to_string()),
    ];
    for (id, k) in db.kinds.iter().enumerate() {
        let n = spec
            .entities
            .iter()
            .filter(|(kind, _)| kind.0 as usize == id)
            .count();
        if n == 0 {
            continue;
        }
        let what = match k.behaviour {
            Behaviour::Factory { .. } => "builds hostiles",
            _ if k.hostile => "hostile",
            _ if k.data > 0 => "holds data",
            _ => "blocks",
        };
        let c = (k.glyph != '#').then_some(k.glyph);
        out.push((kind_colour(k), c, format!("{} × {n} ({what})", k.name)));
    }
    for (p, pick) in &spec.pickups {
        let (fill, c, text) = match pick {
            Pickup::Chassis(ch) => (CHASSIS, 'H', format!("chassis: {}", db.chassis(*ch).name)),
            Pickup::Cache(m) => {
                let name = m.map(|m| db.module(m).name.clone()).unwrap_or_default();
                (CACHE, 'K', format!("cache: {name}"))
            }
        };
        out.push((fill, Some(c), format!("{text} at ({}, {})", p.x, p.y)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_and_every_start_is_drawn() {
        let db = Db::builtin();
        let spec = LevelSpec::default_level(&db);
        let out = level(&db, &spec);
        let cells = spec.level.width as usize * spec.level.height as usize;
        let rects = out.matches("<rect").count();
        // Background, cells, entities, the pod, legend swatches.
        let legend = legend(&db, &spec).len();
        assert_eq!(rects, 1 + cells + spec.entities.len() + 1 + legend);
        assert_eq!(out.matches("<circle").count(), spec.pickups.len());
        assert!(out.contains("Archive × 2"), "{out}");
    }
}
