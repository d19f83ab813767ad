//! Commands: every decision a Globetrotter player can make. Clicks, agents, the CLI and scenario
//! files all build these; [`super::validate`] checks them and [`super::apply`] performs them.
//!
//! Every command is made by the active player. During setup only [`Command::Place`] is legal;
//! during play every other command is. Commands marked *action* cost one action point (G9).
use super::state::{Loc, PieceKind, Side, Structure};
use crate::globe::FaceId;
use serde::{Deserialize, Serialize};

/// The free move out of an HQ before building on it (G7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Exit {
    /// The neighbour of the HQ the rover moves to.
    pub to: FaceId,
    /// Facing variant only: which of the two nearest edges it then faces (G12).
    pub side: Option<Side>,
}

/// One player decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Command {
    /// Setup (G11): place the first rover on an empty HQ. `facing` is an edge index, given only
    /// with the facing variant (G12).
    Place { at: Loc, facing: Option<u8> },
    /// Action (G4): move the rover on `from` to the adjacent `to`. Into the player's own Space
    /// Port it enters orbit (G8). With the facing variant `to` must be across the faced edge and
    /// `side` picks the new facing (G12); `None` without the variant and when entering orbit.
    Move {
        from: Loc,
        to: FaceId,
        side: Option<Side>,
    },
    /// Action, facing variant only (G12): turn the rover to the next edge left or right.
    Turn { at: Loc, side: Side },
    /// Action (G5): the rover on `from` fortifies the adjacent `to`.
    Fortify { from: Loc, to: FaceId },
    /// Action (G6): the rover on `from` shoots the enemy piece of kind `target` on `to`.
    Shoot {
        from: Loc,
        to: FaceId,
        target: PieceKind,
    },
    /// Action (G7): build `kind` on the HQ `at`; `exit` is the free move of the player's rover
    /// standing on it, if one does.
    Build {
        at: Loc,
        kind: Structure,
        exit: Option<Exit>,
    },
    /// Action (G8): the player's Factory produces a rover on the adjacent `at`.
    Produce { at: Loc, facing: Option<u8> },
    /// Action (G8): the player's rover on `at`, next to their Factory, regains 1 hit point.
    Heal { at: Loc },
    /// Action (G8): ready the player's Drill Cannon.
    Ready,
    /// Action (G8): aim the readied Drill Cannon at a space of its planet.
    Aim { at: Loc },
    /// Action (G8): fire the aimed Drill Cannon.
    Fire,
    /// Action (G8, G13): the player's rover number `rover` (0-based index into the orbit list)
    /// descends onto `at`.
    Descend {
        rover: u8,
        at: Loc,
        facing: Option<u8>,
    },
    /// Action (seed "Destroy", G8): remove the player's own building from `at`, leaving an empty
    /// HQ.
    Destroy { at: Loc },
    /// Action (G9): store this action point in the player's Treasury.
    Save,
    /// Not an action (G9): take one point out of the Treasury for an extra action this turn.
    Spend,
    /// Not an action: end the turn now; unused action points are lost.
    Pass,
}

impl Command {
    /// Short name for messages (the notation's verb).
    pub fn name(&self) -> &'static str {
        match self {
            Command::Place { .. } => "place",
            Command::Move { .. } => "move",
            Command::Turn { .. } => "turn",
            Command::Fortify { .. } => "fortify",
            Command::Shoot { .. } => "shoot",
            Command::Build { .. } => "build",
            Command::Produce { .. } => "produce",
            Command::Heal { .. } => "heal",
            Command::Ready => "ready",
            Command::Aim { .. } => "aim",
            Command::Fire => "fire",
            Command::Descend { .. } => "descend",
            Command::Destroy { .. } => "destroy",
            Command::Save => "save",
            Command::Spend => "spend",
            Command::Pass => "pass",
        }
    }

    /// Does it cost an action point (G9)? `Place`, `Spend` and `Pass` do not.
    pub fn is_action(&self) -> bool {
        !matches!(self, Command::Place { .. } | Command::Spend | Command::Pass)
    }

    /// Can its result depend on dice? (Shooting and firing roll.)
    pub fn rolls_dice(&self) -> bool {
        matches!(self, Command::Shoot { .. } | Command::Fire)
    }
}
