//! Invariants every reachable state keeps (checked after every command in debug builds and by
//! the property tests): each unit is in exactly one place and indexed there, cargo is held once
//! and fits, no unit stands on a ship, on ore or on a mountain it may not enter, ship cells are
//! indexed, every unit's colour names a ship (so it has exactly one controller or none).
use super::ids::{Cell, UnitId};
use super::map::Terrain;
use super::state::{Loc, ShipStatus, Slot, State, NOBODY};
use super::stats::{stats, Kind};
use crate::core::ruleset::InvariantBroken;

impl State {
    /// The first broken invariant, if any.
    pub fn check(&self) -> Result<(), InvariantBroken> {
        let n = self.map.len();
        if self.board.len() != n || self.ore.len() != n || self.ship_at.len() != n {
            return Err("cell tables do not match the map".into());
        }
        let mut held = vec![0u8; self.units.len()];
        for u in self.unit_ids() {
            let unit = self.unit(u);
            if unit.colour.index() >= self.ships.len() {
                return Err(format!("{u}: colour of no ship").into());
            }
            for c in unit.cargo() {
                if let Slot::Unit(v) = c {
                    if v.index() >= self.units.len() || self.unit(v).loc != Loc::Cargo(u) {
                        return Err(format!("{u}: holds {v} which is elsewhere").into());
                    }
                    held[v.index()] += 1;
                }
            }
            if unit.loc != Loc::Gone && unit.cargo().count() > 0 {
                let cap = stats().of(unit.kind).capacity;
                if self.slots_used(u) > cap {
                    return Err(format!("{u}: cargo over capacity").into());
                }
            }
            match unit.loc {
                Loc::Map(c) => self.check_cell(u, c)?,
                Loc::Cargo(v) => {
                    if v == u || !self.unit(v).cargo().any(|s| s == Slot::Unit(u)) {
                        return Err(format!("{u}: carried by {v} which does not hold it").into());
                    }
                }
                Loc::Ship(x) => {
                    if x.index() >= self.ships.len() {
                        return Err(format!("{u}: in no ship").into());
                    }
                }
                Loc::Gone => {
                    if unit.cargo().count() > 0 {
                        return Err(format!("{u}: destroyed with cargo").into());
                    }
                }
            }
        }
        if let Some(i) = held.iter().position(|&h| h > 1) {
            return Err(format!("{}: held by two carriers", UnitId(i as u16)).into());
        }
        for (i, &b) in self.board.iter().enumerate() {
            if b != NOBODY
                && (b as usize >= self.units.len()
                    || self.units[b as usize].loc != Loc::Map(Cell(i as u16)))
            {
                return Err(format!("cell {}: indexed unit is elsewhere", i).into());
            }
        }
        let mut ship_cells = vec![NOBODY; n];
        for x in self.ship_ids() {
            let ship = self.ship(x);
            if ship.status == ShipStatus::Landed || ship.status == ShipStatus::Stranded {
                for c in ship.cells() {
                    ship_cells[c.index()] = u16::from(x.0);
                }
            }
            if ship.controller.index() >= self.players.len() {
                return Err(format!("{x}: controller of no seat").into());
            }
        }
        if ship_cells != self.ship_at {
            return Err("ship cells are not indexed".into());
        }
        for p in &self.players {
            if p.reserve > 10 {
                return Err("a reserve of more than 10 points".into());
            }
        }
        Ok(())
    }

    fn check_cell(&self, u: UnitId, c: Cell) -> Result<(), InvariantBroken> {
        if c.index() >= self.map.len() {
            return Err(format!("{u}: off the map").into());
        }
        if self.board[c.index()] != u.0 {
            return Err(format!("{u}: not indexed on its cell").into());
        }
        if self.ship_at[c.index()] != NOBODY {
            return Err(format!("{u}: on a ship's cell").into());
        }
        if self.ore[c.index()] {
            return Err(format!("{u}: on an ore cell (M32)").into());
        }
        let kind = self.unit(u).kind;
        if self.terrain(c) == Terrain::Mountain && !stats().of(kind).mountains {
            return Err(format!("{u}: {} on a mountain", kind.name()).into());
        }
        if self.terrain(c) == Terrain::Mountain && kind != Kind::BigTank {
            let mut cargo = Vec::new();
            self.nested_cargo(u, &mut cargo);
            if cargo.iter().any(|&v| self.unit(v).kind == Kind::BigTank) {
                return Err(format!("{u}: carries a big tank on a mountain").into());
            }
        }
        Ok(())
    }
}
