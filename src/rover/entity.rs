//! Blocking entities on the map (R2, R15, R23): rocks, hostiles, factories and archives, with
//! their integrity, shielding, data, whether they are awake, and the stall/short marks on their
//! next slot (R11, R33).
use super::content::Db;
use super::geom::Pos;
use super::ids::{EntityId, KindId};

/// One entity. Destroyed entities keep their id and slot in the list (`alive` false).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entity {
    pub id: EntityId,
    pub kind: KindId,
    pub at: Pos,
    pub integrity: i32,
    pub shielding: i32,
    pub data: i32,
    /// R22, R32: hostiles wake once and stay awake; mites are always awake.
    pub awake: bool,
    /// R11, R33: no moving in its next slot.
    pub stalled: bool,
    /// R11, R33: only moving in its next slot.
    pub shorted: bool,
    pub alive: bool,
    /// R13: a factory shut down by `access` spawns no more.
    pub shut_down: bool,
    /// R26: the factory that spawned it.
    pub parent: Option<EntityId>,
}

impl Entity {
    /// A fresh entity of `kind` with its type's full stats (R29).
    pub fn new(db: &Db, id: EntityId, kind: KindId, at: Pos) -> Entity {
        let k = db.kind(kind);
        Entity {
            id,
            kind,
            at,
            integrity: k.integrity as i32,
            shielding: k.shield as i32,
            data: k.data as i32,
            awake: matches!(k.behaviour, super::kinds::Behaviour::Wander),
            stalled: false,
            shorted: false,
            alive: true,
            shut_down: false,
            parent: None,
        }
    }
}
