//! Identifiers of Mothership: cells of the hex map, units, ships (a ship's id is also its
//! colour, M14) and seats. Printed 1-based for people (`u3`, `s1`, `p2`), cells as `col,row`.
use crate::core::NotationError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A cell of the map: `row * width + col` (M24 offset coordinates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell(pub u16);

/// A unit (index into the state's unit list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitId(pub u16);

/// A spaceship; its index is also the colour of the units that obey it (M14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ShipId(pub u8);

/// A player's seat (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl UnitId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl ShipId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl Cell {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "u{}", self.0 + 1)
    }
}
impl fmt::Display for ShipId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "s{}", self.0 + 1)
    }
}
impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{}", self.0 + 1)
    }
}

/// Reads `<prefix><n>` with n ≥ 1 (`u3`, `s1`, `p2`), giving the 0-based index.
pub fn parse_numbered(text: &str, prefix: char, max: usize) -> Result<usize, NotationError> {
    text.strip_prefix(prefix)
        .and_then(|rest| rest.parse::<usize>().ok())
        .filter(|n| (1..=max).contains(n))
        .map(|n| n - 1)
        .ok_or_else(|| NotationError::not_a(text, format!("`{prefix}N` with N from 1 to {max}")))
}
