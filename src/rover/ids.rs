//! Newtype ids: entities on the map (R23, R37: numbered from 1 in reading order, spawned
//! wardens next), and indices into the content database (modules, chassis, entity types).
use serde::{Deserialize, Serialize};
use std::fmt;

/// A blocking entity's number (R37: from 1; places such as the pod have none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EntityId(pub u16);

impl EntityId {
    /// Its position in the state's entity list.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
    pub fn from_index(i: usize) -> EntityId {
        EntityId(i as u16 + 1)
    }
}

impl fmt::Display for EntityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "e{}", self.0)
    }
}

/// A module type: its index in [`super::content::Db::modules`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ModuleId(pub u8);

/// A chassis type: its index in [`super::content::Db::chassis`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChassisId(pub u8);

/// An entity type: its index in [`super::content::Db::kinds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct KindId(pub u8);

/// A module slot of the chassis, 1-based in notation (R5: keys 1–3), 0-based here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Slot(pub u8);

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}
