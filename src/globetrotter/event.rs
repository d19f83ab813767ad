//! Events: what happened, in order. Scenario expectations, the CLI and a client read them; the
//! text form is [`super::notation::format_event`].
use super::state::{Loc, PieceKind, PlanetId, Structure};
use crate::ids::PlayerId;
use crate::state::Outcome;
use serde::{Deserialize, Serialize};

/// What a die was rolled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollKind {
    /// G6: to hit a rover.
    Hit,
    /// G6, G8: to wound.
    Wound,
}

/// One thing that happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// G11: a player's roll-off die (ties among the highest roll again).
    RollOff {
        player: PlayerId,
        roll: u8,
    },
    /// G11: who goes first (and places first).
    FirstPlayer {
        player: PlayerId,
    },
    /// G11: a first rover placed.
    Placed {
        player: PlayerId,
        at: Loc,
    },
    /// G9: a player's turn began.
    TurnStarted {
        player: PlayerId,
        turn: u16,
    },
    /// G4: a rover moved (also the free move before building, G7).
    Moved {
        from: Loc,
        to: Loc,
    },
    /// G12: a rover now faces edge `facing` of its space.
    Faced {
        at: Loc,
        facing: u8,
    },
    /// G8: a rover moved into its Space Port and is now in orbit.
    EnteredOrbit {
        player: PlayerId,
        from: Loc,
    },
    /// G8: a rover left orbit.
    Descended {
        player: PlayerId,
        at: Loc,
    },
    /// G5.
    Fortified {
        player: PlayerId,
        at: Loc,
    },
    /// G6: a shot, with the to-hit number for rovers (0: hit automatically).
    Shot {
        from: Loc,
        to: Loc,
        target: PieceKind,
        need: u8,
    },
    /// G6, G8: a die and whether it succeeded.
    Rolled {
        kind: RollKind,
        roll: u8,
        need: u8,
        success: bool,
    },
    /// A wound: the piece has `hp` left (0: destroyed, see `Destroyed`).
    Wounded {
        at: Loc,
        piece: PieceKind,
        owner: PlayerId,
        hp: u8,
    },
    /// A piece left the board: shot, drilled, destroyed with its planet, or (for a fortification)
    /// replaced by its owner's building (G7).
    Removed {
        at: Loc,
        piece: PieceKind,
        owner: PlayerId,
    },
    /// G7.
    Built {
        player: PlayerId,
        at: Loc,
        kind: Structure,
    },
    /// G8: a Factory made a rover.
    Produced {
        player: PlayerId,
        at: Loc,
    },
    /// G8: a rover next to its Factory regained a hit point.
    Healed {
        at: Loc,
        hp: u8,
    },
    /// G8 Drill Cannon.
    Readied {
        player: PlayerId,
    },
    Aimed {
        player: PlayerId,
        at: Loc,
    },
    /// G8: `count` is how many times a Drill Cannon has now fired on the planet.
    Fired {
        player: PlayerId,
        at: Loc,
        count: u8,
    },
    /// G8: the 2d6 roll after firing; the planet is destroyed when `total < count`.
    PlanetRoll {
        planet: PlanetId,
        dice: [u8; 2],
        count: u8,
    },
    PlanetDestroyed {
        planet: PlanetId,
    },
    /// Seed "Destroy": a player removed their own building.
    Demolished {
        player: PlayerId,
        at: Loc,
        kind: Structure,
    },
    /// G9: Treasury points stored after a save / after a spend.
    Saved {
        player: PlayerId,
        stored: u8,
    },
    Spent {
        player: PlayerId,
        stored: u8,
    },
    /// G9: the Treasury's stored points were lost with it.
    TreasuryLost {
        player: PlayerId,
        points: u8,
    },
    /// The active player ended their turn early.
    Passed {
        player: PlayerId,
    },
    /// G10.
    PlayerLost {
        player: PlayerId,
    },
    GameOver {
        outcome: Outcome,
    },
}

/// Where `apply` writes this ruleset's events: a `Vec<Event>` keeps them, `()` drops them.
pub trait EventSink: crate::sink::Sink<Event> {}

impl<T: crate::sink::Sink<Event>> EventSink for T {}
