//! Commands: every change a player can ask for. Clicks, AI and CLI all build these.
use crate::ids::{CardRef, PlayerId};
use serde::{Deserialize, Serialize};

/// One player decision. All but `Concede` are made by the active player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Command {
    /// End the current phase (O4).
    Pass,
    /// Give up the game (O25); any player still in the game may concede.
    Concede { player: PlayerId },
    /// Move one orbital up or down on the same asset (O11).
    Burn { ship: CardRef, to_orbital: u8 },
    /// From the outermost orbital, move to the outermost orbital of another asset (O11).
    Transfer { ship: CardRef, to: CardRef },
    /// Destroy one's own ship (O12).
    Scuttle { ship: CardRef },
    /// Attack an enemy ship at the same asset, paying `x` delta-vee (O13).
    Combat {
        ship: CardRef,
        target: CardRef,
        x: u8,
    },
    /// Swap a ship in orbital 0 of a friendly asset with a hand card (O14).
    Refit { ship: CardRef, with: CardRef },
    /// Bombard the orbited enemy asset or its upgrade (O15).
    Bombard { ship: CardRef, target: CardRef },
    /// Tap an asset to draw (O19).
    Research { asset: CardRef },
    /// Tap an asset to remove damage (O20).
    Repair { asset: CardRef },
    /// Place a card from hand face down as a project (O21): spacecraft/upgrade on `host`, asset
    /// projects with `host: None`.
    Start {
        card: CardRef,
        host: Option<CardRef>,
    },
    /// Tap an asset to add its construction power to a project (O21).
    Contribute { asset: CardRef, project: CardRef },
}

impl Command {
    /// Short name for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Pass => "pass",
            Command::Concede { .. } => "concede",
            Command::Burn { .. } => "burn",
            Command::Transfer { .. } => "transfer",
            Command::Scuttle { .. } => "scuttle",
            Command::Combat { .. } => "combat",
            Command::Refit { .. } => "refit",
            Command::Bombard { .. } => "bombard",
            Command::Research { .. } => "research",
            Command::Repair { .. } => "repair",
            Command::Start { .. } => "start",
            Command::Contribute { .. } => "contribute",
        }
    }
}
