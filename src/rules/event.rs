//! Events: what happened, in order. The client animates from them; the CLI prints them.
use crate::ids::{CardRef, PlayerId};
use crate::state::{Outcome, Phase};
use serde::{Deserialize, Serialize};

/// Why a player left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LossReason {
    /// O6(1): no homeworld at upkeep.
    NoHomeworld,
    /// O25: conceded.
    Conceded,
}

/// One thing that happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    TurnStarted {
        player: PlayerId,
        turn: u16,
    },
    PhaseStarted {
        phase: Phase,
    },
    Passed {
        phase: Phase,
    },
    OrbitCounter {
        value: u8,
    },
    ShipsRestored {
        player: PlayerId,
    },
    Burned {
        ship: CardRef,
        from: u8,
        to: u8,
        cost: u8,
    },
    Transferred {
        ship: CardRef,
        from: CardRef,
        to: CardRef,
        cost: u8,
    },
    Scuttled {
        ship: CardRef,
    },
    CombatDeclared {
        ship: CardRef,
        target: CardRef,
        x: u8,
        range: i16,
        accuracy: u8,
        defence: i16,
    },
    DieRolled {
        roll: u8,
        hit: bool,
    },
    Damaged {
        card: CardRef,
        amount: u8,
        total: u8,
    },
    ShipDestroyed {
        ship: CardRef,
        asset: CardRef,
        orbital: u8,
    },
    AssetDestroyed {
        asset: CardRef,
    },
    UpgradeDestroyed {
        upgrade: CardRef,
    },
    ProjectRemoved {
        project: CardRef,
    },
    Refitted {
        old: CardRef,
        new: CardRef,
    },
    Bombarded {
        ship: CardRef,
        target: CardRef,
        power: u8,
    },
    Researched {
        asset: CardRef,
    },
    CardDrawn {
        player: PlayerId,
        card: CardRef,
    },
    Repaired {
        asset: CardRef,
        amount: u8,
    },
    ProjectStarted {
        card: CardRef,
        host: Option<CardRef>,
    },
    Contributed {
        asset: CardRef,
        project: CardRef,
        points: u8,
        total: u8,
    },
    ProjectWaiting {
        project: CardRef,
    },
    ShipEntered {
        ship: CardRef,
        asset: CardRef,
    },
    UpgradeInstalled {
        upgrade: CardRef,
        asset: CardRef,
    },
    AssetEntered {
        asset: CardRef,
    },
    Untapped {
        player: PlayerId,
    },
    DebrisDamage {
        ship: CardRef,
        debris: u8,
    },
    AbilityTriggered {
        card: CardRef,
    },
    /// `count` debris in orbital `orbital` of `asset` left the game (a `clear_debris` ability).
    DebrisCleared {
        asset: CardRef,
        orbital: u8,
        count: u8,
    },
    PlayerLost {
        player: PlayerId,
        reason: LossReason,
    },
    GameOver {
        outcome: Outcome,
    },
}

/// Where `apply` writes this ruleset's events: a `Vec<Event>` keeps them, `()` drops them.
pub trait EventSink: crate::sink::Sink<Event> {}

impl<T: crate::sink::Sink<Event>> EventSink for T {}
