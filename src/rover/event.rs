//! Events: what happened, in order. Scenario expectations and reports read their text form
//! ([`super::notation::format_event`]).
use super::dice::Die;
use super::geom::{Dir, Pos};
use super::ids::{ChassisId, EntityId, ModuleId, Slot};
use crate::sink::Sink;

/// A hit roll (R10): `value` on `die`, plus the attacker's sensitivity (`total`), against the
/// target's (`need`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitRoll {
    pub attacker: Actor,
    pub target: Actor,
    pub die: Die,
    pub value: u8,
    pub total: i32,
    pub need: i32,
    pub hit: bool,
}

/// Who acts or is acted on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    Rover,
    Entity(EntityId),
}

/// Why the rover was destroyed or the game lost (R4, R12, R17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LossReason {
    NoEnergy,
    NoIntegrity,
    OutOfRounds,
}

/// One thing that happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The rover or an entity moved one cell.
    Moved {
        who: Actor,
        dir: Dir,
        to: Pos,
    },
    /// Energy paid for an action (R4, R27).
    Paid {
        energy: u16,
    },
    /// A module was used (R8).
    Used {
        slot: Slot,
        module: ModuleId,
    },
    /// A module's durability ran out (R8).
    Disintegrated {
        slot: Slot,
        module: ModuleId,
    },
    /// A hit roll (R10).
    Roll(HitRoll),
    /// A hit that cannot succeed, so no die is rolled (R39).
    Missed {
        attacker: Actor,
        target: Actor,
    },
    /// A wander roll (R24).
    Wander {
        id: EntityId,
        value: u8,
    },
    /// Damage (R12): raw, of which `absorbed` by shielding.
    Damaged {
        target: Actor,
        raw: i32,
        absorbed: i32,
        integrity: i32,
    },
    Destroyed {
        target: Actor,
    },
    /// Data from analyzing or destroying an entity (R13).
    DataGained {
        from: EntityId,
        amount: i32,
    },
    DataSpent {
        amount: i32,
    },
    Repaired {
        amount: i32,
    },
    Shielded {
        amount: i32,
    },
    Generated {
        amount: i32,
    },
    Stalled {
        target: Actor,
    },
    Shorted {
        target: Actor,
    },
    Teleported {
        with: EntityId,
        to: Pos,
    },
    /// A factory shut down by `access` (R13).
    ShutDown {
        factory: EntityId,
    },
    Installed {
        module: ModuleId,
        slot: Slot,
    },
    Removed {
        module: ModuleId,
        slot: Slot,
    },
    /// The rover took a cache's module into the bay (R14).
    PickedUp {
        module: ModuleId,
    },
    /// A cache could not be emptied: the bay is full (R14).
    BayFull {
        module: ModuleId,
    },
    Refitted {
        from: ChassisId,
        to: ChassisId,
    },
    Waited,
    /// An action ended on the drop pod (R4, R13, R28).
    Refilled {
        energy: i32,
    },
    Uploaded {
        amount: i32,
        total: i32,
    },
    Woke {
        id: EntityId,
    },
    Spawned {
        id: EntityId,
        by: EntityId,
        at: Pos,
    },
    RoundEnded {
        round: u32,
    },
    Won {
        score: i32,
    },
    Lost {
        reason: LossReason,
        score: i32,
    },
}

/// Where the rules write their events.
pub trait EventSink: Sink<Event> {}
impl<S: Sink<Event>> EventSink for S {}
