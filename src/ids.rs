//! Newtype ids used across the engine: players, card definitions and card instances.
use serde::{Deserialize, Serialize};

/// A seat at the table, 0-based. Player 1 in text is `PlayerId(0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u8);

impl PlayerId {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// This seat's bit in a byte of per-player flags; 0 for seats beyond the byte, which never
    /// exist (O29).
    pub fn bit(self) -> u8 {
        1u8.checked_shl(self.0.into()).unwrap_or(0)
    }
}

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "p{}", u16::from(self.0) + 1)
    }
}

/// Index of a card definition in the checked [`crate::data::CardDb`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u16);

impl CardId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A physical card in a game: an index into the state's instance table. Stable for the whole game,
/// whatever zone the card moves to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardRef(pub u8);

impl CardRef {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
