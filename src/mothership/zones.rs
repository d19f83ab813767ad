//! Fire zones (M10): a cell is under fire of a player when two or more of that player's
//! destroyers reach it. Counted are destroyers on the map in their element with a controller
//! (not carried, stuck, aground or deactivated; neutralized ones too) and intact turrets of
//! ships on the planet. Zones of two players never combine. Also neutralization (M12): a unit
//! under another player's fire cannot act.
use super::ids::{Cell, Seat, UnitId};
use super::map::Terrain;
use super::state::{Loc, State};
use super::stats::{stats, Kind};

/// Which players put each cell under fire (bit per seat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zones {
    bits: Vec<u8>,
}

impl Zones {
    /// Is `c` under fire of `p`?
    pub fn of(&self, c: Cell, p: Seat) -> bool {
        self.bits[c.index()] & (1 << p.0) != 0
    }
    /// Is `c` under fire of any player but `p`?
    pub fn opponent(&self, c: Cell, p: Seat) -> bool {
        self.bits[c.index()] & !(1 << p.0) != 0
    }
    /// The players whose zone holds `c`.
    pub fn bits(&self, c: Cell) -> u8 {
        self.bits[c.index()]
    }
}

/// The reach of a destroyer at `c` (M5: a tank on a mountain reaches 3).
pub fn reach(s: &State, kind: Kind, c: Cell) -> u16 {
    let k = stats().of(kind);
    let r = if s.terrain(c) == Terrain::Mountain {
        k.mountain_range.or(k.range)
    } else {
        k.range
    };
    u16::from(r.unwrap_or(0))
}

/// Every destroyer counted for zones: (controller, cell, reach).
pub fn destroyers(s: &State, mut f: impl FnMut(Seat, Cell, u16)) {
    for u in s.unit_ids() {
        let unit = s.unit(u);
        let Loc::Map(c) = unit.loc else { continue };
        if !unit.kind.is_destroyer() || !s.in_element(u) {
            continue;
        }
        if let Some(p) = s.controller(u) {
            f(p, c, reach(s, unit.kind, c));
        }
    }
    let tr = u16::from(stats().turret_range);
    for ship in &s.ships {
        if !ship.on_planet() {
            continue;
        }
        for (i, &pod) in ship.pods.iter().enumerate() {
            if ship.turrets[i] {
                f(ship.controller, pod, tr);
            }
        }
    }
}

/// Computes every player's zone (M10).
pub fn zones(s: &State) -> Zones {
    let n = s.map.len();
    let players = s.num_players();
    let mut counts = vec![0u8; n * players];
    destroyers(s, |p, c, r| {
        for t in s.map.ball(c, r) {
            let k = t.index() * players + p.index();
            counts[k] = counts[k].saturating_add(1);
        }
    });
    let mut bits = vec![0u8; n];
    for (i, b) in bits.iter_mut().enumerate() {
        for p in 0..players {
            if counts[i * players + p] >= 2 {
                *b |= 1 << p;
            }
        }
    }
    Zones { bits }
}

/// Is the unit neutralized: on the map under fire of a player other than its controller (M12)?
/// Carried units are neutralized too (M8) but are not on the map.
pub fn neutralized(s: &State, z: &Zones, u: UnitId) -> bool {
    match (s.unit(u).loc, s.controller(u)) {
        (Loc::Map(c), Some(p)) => z.opponent(c, p),
        (Loc::Map(c), None) => z.bits(c) != 0,
        _ => false,
    }
}
