//! The player's rover (R4, R5, R14, R18): position, chassis, energy, integrity, shielding,
//! data held and uploaded, module slots and the bay.
use super::chassis::{ChassisDef, MAX_SLOTS};
use super::content::{Db, BAY_SIZE};
use super::geom::Pos;
use super::ids::{ChassisId, Slot};
use super::module::ModuleInst;

/// The rover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rover {
    pub at: Pos,
    pub chassis: ChassisId,
    pub energy: i32,
    pub integrity: i32,
    pub shielding: i32,
    pub data: i32,
    /// Data uploaded at the pod: the score (R13, R17).
    pub uploaded: i32,
    pub slots: [Option<ModuleInst>; MAX_SLOTS],
    /// Packed: the first `bay_len` entries are filled (R14).
    pub bay: [Option<ModuleInst>; BAY_SIZE],
    /// R33: effects on the rover apply to its next action.
    pub stalled: bool,
    pub shorted: bool,
    pub destroyed: bool,
}

impl Rover {
    /// The start of R18 (R29: full energy and integrity, full durability) at `at`.
    pub fn start(db: &Db, at: Pos) -> Rover {
        let c = db.chassis(db.start.chassis);
        let inst = |m| ModuleInst {
            module: m,
            durability: db.module(m).durability,
        };
        let mut slots = [None; MAX_SLOTS];
        for (s, m) in slots.iter_mut().zip(&db.start.slots) {
            *s = Some(inst(*m));
        }
        let mut bay = [None; BAY_SIZE];
        for (s, m) in bay.iter_mut().zip(&db.start.bay) {
            *s = Some(inst(*m));
        }
        Rover {
            at,
            chassis: db.start.chassis,
            energy: c.energy as i32,
            integrity: c.integrity as i32,
            shielding: 0,
            data: 0,
            uploaded: 0,
            slots,
            bay,
            stalled: false,
            shorted: false,
            destroyed: false,
        }
    }

    pub fn chassis<'a>(&self, db: &'a Db) -> &'a ChassisDef {
        db.chassis(self.chassis)
    }

    pub fn slot(&self, s: Slot) -> Option<ModuleInst> {
        self.slots.get(s.0 as usize).copied().flatten()
    }

    pub fn bay_len(&self) -> usize {
        self.bay.iter().take_while(|m| m.is_some()).count()
    }

    /// Adds to the end of the bay; false if it is full.
    pub fn bay_push(&mut self, m: ModuleInst) -> bool {
        let n = self.bay_len();
        if n >= BAY_SIZE {
            return false;
        }
        self.bay[n] = Some(m);
        true
    }

    /// Takes the `i`th bay module out, keeping the bay packed.
    pub fn bay_take(&mut self, i: usize) -> Option<ModuleInst> {
        let n = self.bay_len();
        if i >= n {
            return None;
        }
        let m = self.bay[i];
        for j in i..n - 1 {
            self.bay[j] = self.bay[j + 1];
        }
        self.bay[n - 1] = None;
        m
    }

    /// Data it can still hold (R13).
    pub fn free_data(&self, db: &Db) -> i32 {
        (self.chassis(db).data_max as i32 - self.data).max(0)
    }
}
