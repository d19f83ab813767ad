//! The orbital stack picture (O8, O11): a homeworld card from `cards/` with its orbitals drawn
//! as rings numbered from 0 (the lowest) outwards, each with its entry cost, the card's transfer
//! costs, and two spacecraft placed in orbitals, all read from the card database.
use super::svg::Svg;
use crate::data::CardDb;

/// The card drawn and two ships placed on it: (card id, orbital, side).
const ASSET: &str = "ares";
const SHIPS: [(&str, usize, usize); 2] = [("lancer", 0, 0), ("wasp", 2, 1)];
const SIDES: [(&str, &str); 2] = [("#2a6fdb", "yours"), ("#d9453b", "enemy")];

const W: f64 = 620.0;
const BAND: f64 = 46.0;
const MARGIN: f64 = 12.0;
const ASSET_H: f64 = 70.0;

/// The built-in cards.
fn cards() -> CardDb {
    match CardDb::builtin() {
        Ok(db) => db,
        Err(e) => panic!("the built-in cards are invalid:\n{e}"),
    }
}

/// The picture.
pub fn stack() -> String {
    let db = cards();
    let card = |id: &str| match db.lookup(id) {
        Some(c) => db.card(c),
        None => panic!("card `{id}` is missing from cards/"),
    };
    let asset = card(ASSET);
    let Some(stats) = asset.asset() else {
        panic!("card `{ASSET}` is not an asset")
    };
    let n = stats.orbitals.len();
    let h = 2.0 * MARGIN + 24.0 + n as f64 * BAND + ASSET_H + 30.0;
    let mut svg = Svg::new(W, h);
    svg.text(
        MARGIN,
        MARGIN + 12.0,
        13.0,
        "start",
        &format!("{}: its orbital stack", asset.name),
    );
    let top = MARGIN + 24.0;
    // Orbital i is drawn i bands above the asset, so the lowest sits on the card.
    let band_y = |i: usize| top + (n - 1 - i) as f64 * BAND;
    for (i, &entry) in stats.orbitals.iter().enumerate() {
        let y = band_y(i);
        let shade = if i % 2 == 0 { "#eef3fb" } else { "#e1e9f6" };
        svg.rect(
            MARGIN,
            y,
            W - 2.0 * MARGIN,
            BAND - 4.0,
            shade,
            Some("#8aa0c0"),
        );
        svg.text(
            MARGIN + 10.0,
            y + 18.0,
            13.0,
            "start",
            &format!("orbital {i}"),
        );
        let note = if i + 1 == n {
            " (outermost: transfer from here)"
        } else {
            ""
        };
        svg.text(
            MARGIN + 10.0,
            y + 34.0,
            11.0,
            "start",
            &format!("entry cost {entry}{note}"),
        );
    }
    for (k, &(id, orbital, side)) in SHIPS.iter().enumerate() {
        let ship = card(id);
        let y = band_y(orbital.min(n - 1)) + (BAND - 4.0) / 2.0;
        let x = 330.0 + k as f64 * 20.0;
        let (colour, whose) = SIDES[side];
        svg.polygon(
            &[(x - 12.0, y + 9.0), (x + 12.0, y + 9.0), (x, y - 11.0)],
            colour,
            "#000000",
        );
        let dv = ship.ship().map(|s| s.delta_vee).unwrap_or(0);
        svg.text(
            x + 20.0,
            y + 4.0,
            11.0,
            "start",
            &format!("{} ({whose}, delta-vee {dv})", ship.name),
        );
    }
    let ay = top + n as f64 * BAND;
    svg.rect(
        MARGIN,
        ay,
        W - 2.0 * MARGIN,
        ASSET_H,
        "#c9a36b",
        Some("#6b4f2a"),
    );
    svg.text(W / 2.0, ay + 24.0, 14.0, "middle", &asset.name);
    let costs: Vec<String> = stats.transfer_costs.iter().map(|c| c.to_string()).collect();
    svg.text(
        W / 2.0,
        ay + 46.0,
        11.0,
        "middle",
        &format!(
            "transfer costs, clockwise: {} (the orbit counter picks one)",
            costs.join(" · ")
        ),
    );
    svg.text(
        MARGIN,
        ay + ASSET_H + 20.0,
        11.0,
        "start",
        "A burn moves one orbital up or down and costs the entry cost of the orbital entered.",
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_orbital_and_its_entry_cost_is_drawn() {
        let db = cards();
        let asset = db.card(db.lookup(ASSET).unwrap());
        let stats = asset.asset().unwrap();
        let out = stack();
        for (i, e) in stats.orbitals.iter().enumerate() {
            assert!(out.contains(&format!(">orbital {i}<")), "{out}");
            assert!(out.contains(&format!("entry cost {e}")), "{out}");
        }
        assert_eq!(out.matches("<polygon").count(), SHIPS.len());
        assert!(SHIPS.iter().all(|s| s.1 < stats.orbitals.len()));
    }
}
