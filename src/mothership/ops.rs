//! Low-level changes of the state that keep its indexes in step: the unit on each cell, cargo
//! slots, destruction of a unit with its cargo. Rules call these from `apply` only.
use super::event::{Event, EventSink};
use super::ids::{Cell, UnitId};
use super::state::{Loc, Slot, State, NOBODY};

impl State {
    /// Takes a unit off wherever it is (map cell or carrier slot) without placing it.
    pub(crate) fn detach(&mut self, u: UnitId) {
        match self.unit(u).loc {
            Loc::Map(c) => self.board[c.index()] = NOBODY,
            Loc::Cargo(carrier) => self.remove_slot(carrier, Slot::Unit(u)),
            Loc::Ship(_) | Loc::Gone => {}
        }
    }

    /// Puts a unit somewhere (after [`State::detach`]).
    pub(crate) fn attach(&mut self, u: UnitId, loc: Loc) {
        match loc {
            Loc::Map(c) => self.board[c.index()] = u.0,
            Loc::Cargo(carrier) => self.add_slot(carrier, Slot::Unit(u)),
            Loc::Ship(_) | Loc::Gone => {}
        }
        self.unit_mut(u).loc = loc;
    }

    /// Moves a unit.
    pub(crate) fn relocate(&mut self, u: UnitId, loc: Loc) {
        self.detach(u);
        self.attach(u, loc);
    }

    pub(crate) fn add_slot(&mut self, carrier: UnitId, slot: Slot) {
        let c = self.unit_mut(carrier);
        if let Some(free) = c.cargo.iter_mut().find(|s| s.is_none()) {
            *free = Some(slot);
        }
    }

    pub(crate) fn remove_slot(&mut self, carrier: UnitId, slot: Slot) {
        let c = self.unit_mut(carrier);
        if let Some(s) = c.cargo.iter_mut().find(|s| **s == Some(slot)) {
            *s = None;
        }
    }

    /// Destroys a unit and everything it carries (M11).
    pub(crate) fn destroy(&mut self, u: UnitId, ev: &mut impl EventSink) {
        let cargo: Vec<Slot> = self.unit(u).cargo().collect();
        for s in cargo {
            if let Slot::Unit(v) = s {
                self.destroy(v, ev);
            }
        }
        self.detach(u);
        let unit = self.unit_mut(u);
        unit.loc = Loc::Gone;
        unit.cargo = [None; super::state::MAX_CARGO];
        ev.push(Event::Destroyed { unit: u });
    }

    /// Sets the colour of a unit and its cargo (M9, M13).
    pub(crate) fn recolour(&mut self, u: UnitId, colour: super::ids::ShipId) {
        self.unit_mut(u).colour = colour;
        let cargo: Vec<Slot> = self.unit(u).cargo().collect();
        for s in cargo {
            if let Slot::Unit(v) = s {
                self.recolour(v, colour);
            }
        }
    }

    /// Takes ore off a cell.
    pub(crate) fn take_ore(&mut self, c: Cell) {
        self.ore[c.index()] = false;
    }
}
