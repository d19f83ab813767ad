//! Events: what a command did, in order. Text form in [`super::notation`].
use super::ids::{Cell, Seat, ShipId, UnitId};
use super::stats::Kind;
use super::tide::Tide;
use crate::core::Outcome;

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    TurnStarted {
        turn: u8,
        seat: Seat,
        points: u16,
    },
    TideTurned {
        tide: Tide,
    },
    Landed {
        ship: ShipId,
        dome: Cell,
    },
    OreRemoved {
        at: Cell,
    },
    Deployed {
        unit: UnitId,
        at: Cell,
    },
    Moved {
        unit: UnitId,
        to: Cell,
    },
    Loaded {
        carrier: UnitId,
        unit: Option<UnitId>,
    },
    Unloaded {
        carrier: UnitId,
        unit: Option<UnitId>,
    },
    OreStored {
        ship: ShipId,
        ore: u16,
    },
    Entered {
        unit: UnitId,
        ship: ShipId,
    },
    Left {
        unit: UnitId,
        to: Cell,
    },
    Fired {
        target: Cell,
    },
    Destroyed {
        unit: UnitId,
    },
    OreDestroyed {
        at: Cell,
    },
    TurretDestroyed {
        ship: ShipId,
        pod: Cell,
    },
    Captured {
        unit: UnitId,
        colour: ShipId,
    },
    ShipCaptured {
        ship: ShipId,
        by: Seat,
    },
    Retreated {
        unit: UnitId,
        to: Cell,
    },
    Built {
        unit: UnitId,
        kind: Kind,
        at: Cell,
    },
    Repaired {
        ship: ShipId,
        pod: Cell,
    },
    Sealed {
        seat: Seat,
    },
    Chose {
        seat: Seat,
        leave: u8,
    },
    TookOff {
        ship: ShipId,
        score: u16,
    },
    Stranded {
        ship: ShipId,
    },
    Deactivated {
        unit: UnitId,
    },
    PlayerLost {
        seat: Seat,
    },
    TurnEnded {
        seat: Seat,
        reserve: u16,
    },
    GameOver {
        outcome: Outcome,
    },
}

/// Where events go.
pub trait EventSink: crate::sink::Sink<Event> {}
impl<T: crate::sink::Sink<Event>> EventSink for T {}
