//! Entity types (R15): stats, whether they are hostile, and how the rules drive them.
use super::ids::{KindId, ModuleId};

/// How an entity acts in its slot of the entity phase (R15, R24, R25, R26).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Behaviour {
    /// Never acts (rocks, archives).
    Inert,
    /// Wakes within `wake` (Manhattan) of the rover, then rams, fires or steps (R25).
    Chase { wake: u8 },
    /// Always awake; rams an adjacent rover, else steps by a d4 (R24).
    Wander,
    /// Every `every`th round places a `spawn` entity, at most `max` of its own alive (R26).
    Factory { spawn: KindId, every: u16, max: u8 },
}

/// A checked entity type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindDef {
    pub id: String,
    pub name: String,
    /// Its letter in level rows (R1).
    pub glyph: char,
    pub hostile: bool,
    pub integrity: u16,
    pub shield: u8,
    pub power: u8,
    pub sensitivity: u8,
    pub data: u8,
    pub behaviour: Behaviour,
    /// The ranged module it fires (R15: LunoRove's Gas Laser).
    pub module: Option<ModuleId>,
}

impl KindDef {
    pub fn is_factory(&self) -> bool {
        matches!(self.behaviour, Behaviour::Factory { .. })
    }
}
