//! Rule errors: why a command is illegal, each naming the ruling that forbids it. The state is
//! unchanged whenever one is returned.
use super::geom::{Dir, Pos};
use super::ids::Slot;

/// An illegal command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("R17: the game is over")]
    GameOver,
    #[error("R4: the action costs {cost} energy and the rover has {energy}; it needs more than the cost")]
    Energy { cost: i32, energy: i32 },
    #[error("R6: the rover is stalled and cannot move")]
    Stalled,
    #[error("R11: the rover is shorted: it can only move or wait")]
    Shorted,
    #[error("R36: {dir} of {from} is outside the level")]
    Edge { from: Pos, dir: Dir },
    #[error("R1: {0} is water")]
    Water(Pos),
    #[error("R2: {0} holds a blocking entity")]
    Blocked(Pos),
    #[error("R6: there is no entity to ram {0}")]
    NothingToRam(Dir),
    #[error("R13: there is no factory {0} to access")]
    NoFactory(Dir),
    #[error("R13: that factory is already shut down")]
    ShutDown,
    #[error("R13: access spends {need} data; the rover holds {have}")]
    AccessData { need: i32, have: i32 },
    #[error("R5: the chassis has no slot {0}")]
    NoSlot(Slot),
    #[error("R8: slot {0} is empty")]
    EmptySlot(Slot),
    #[error("R9: this module is aimed: `use SLOT D`")]
    NeedsDirection,
    #[error("R9: this module takes no direction")]
    NoDirection,
    #[error("R8: the module spends {need} data; the rover holds {have}")]
    ModuleData { need: i32, have: i32 },
    #[error("R8: no target for the module {0}")]
    NoTarget(Dir),
    #[error("R14: the bay has no module {0}")]
    NoBayModule(u8),
    #[error("R14: slot {0} is not empty")]
    SlotTaken(Slot),
    #[error("R14: slot {0} holds nothing to remove")]
    NothingToRemove(Slot),
    #[error("R14: the bay is full")]
    BayFull,
    #[error("R5: the rover is not on a chassis")]
    NoChassis,
    #[error("R38: the modules of the slots the new chassis lacks do not fit in the bay")]
    RefitBay,
}

impl RuleError {
    /// The ruling id this error cites, e.g. `"R8"`.
    pub fn rule(&self) -> &'static str {
        use RuleError as E;
        match self {
            E::GameOver => "R17",
            E::Energy { .. } => "R4",
            E::Stalled => "R6",
            E::Shorted => "R11",
            E::Edge { .. } => "R36",
            E::Water(_) => "R1",
            E::Blocked(_) => "R2",
            E::NothingToRam(_) => "R6",
            E::NoFactory(_) | E::ShutDown | E::AccessData { .. } => "R13",
            E::NoSlot(_) | E::NoChassis => "R5",
            E::EmptySlot(_) | E::ModuleData { .. } | E::NoTarget(_) => "R8",
            E::NeedsDirection | E::NoDirection => "R9",
            E::NoBayModule(_) | E::SlotTaken(_) | E::NothingToRemove(_) | E::BayFull => "R14",
            E::RefitBay => "R38",
        }
    }
}

impl crate::core::RuleViolation for RuleError {
    fn rule(&self) -> &'static str {
        RuleError::rule(self)
    }
}
