//! Cells and directions of the square map (R1): positions, the four cardinal directions and
//! Manhattan distance. `x` counts columns from the left edge, `y` rows from the top; both from 0.
use serde::{Deserialize, Serialize};
use std::fmt;

/// A cell of the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub x: u8,
    pub y: u8,
}

impl Pos {
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }

    /// Manhattan distance (R22, R9 burst range).
    pub fn manhattan(self, o: Pos) -> u32 {
        (self.x as i32 - o.x as i32).unsigned_abs() + (self.y as i32 - o.y as i32).unsigned_abs()
    }

    /// The neighbour in `d`, if it lies inside a `w`×`h` level (R36: outside counts as blocked).
    pub fn step(self, d: Dir, w: u8, h: u8) -> Option<Pos> {
        let (dx, dy) = d.delta();
        let x = self.x as i32 + dx;
        let y = self.y as i32 + dy;
        (x >= 0 && y >= 0 && x < w as i32 && y < h as i32).then(|| Pos::new(x as u8, y as u8))
    }

    /// The direction from `self` to an orthogonal neighbour `o`.
    pub fn dir_to(self, o: Pos) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| {
            let (dx, dy) = d.delta();
            self.x as i32 + dx == o.x as i32 && self.y as i32 + dy == o.y as i32
        })
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A cardinal direction (R16: W north, D east, S south, A west).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// Column and row change of one step.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
        }
    }

    pub fn letter(self) -> char {
        match self {
            Dir::N => 'n',
            Dir::E => 'e',
            Dir::S => 's',
            Dir::W => 'w',
        }
    }

    /// `n e s w` or `north east south west` (any case).
    pub fn parse(s: &str) -> Option<Dir> {
        match s.to_ascii_lowercase().as_str() {
            "n" | "north" => Some(Dir::N),
            "e" | "east" => Some(Dir::E),
            "s" | "south" => Some(Dir::S),
            "w" | "west" => Some(Dir::W),
            _ => None,
        }
    }

    /// The direction of a control key (R16): W north, A west, S south, D east.
    pub fn from_key(k: char) -> Option<Dir> {
        match k.to_ascii_lowercase() {
            'w' => Some(Dir::N),
            'a' => Some(Dir::W),
            's' => Some(Dir::S),
            'd' => Some(Dir::E),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_inside_the_level() {
        let p = Pos::new(0, 0);
        assert_eq!(p.step(Dir::N, 4, 4), None);
        assert_eq!(p.step(Dir::W, 4, 4), None);
        assert_eq!(p.step(Dir::E, 4, 4), Some(Pos::new(1, 0)));
        assert_eq!(Pos::new(3, 3).step(Dir::S, 4, 4), None);
        assert_eq!(p.dir_to(Pos::new(0, 1)), Some(Dir::S));
        assert_eq!(p.manhattan(Pos::new(3, 2)), 5);
    }

    #[test]
    fn keys_and_names() {
        assert_eq!(Dir::from_key('W'), Some(Dir::N));
        assert_eq!(Dir::from_key('a'), Some(Dir::W));
        assert_eq!(Dir::parse("East"), Some(Dir::E));
        assert_eq!(Dir::parse("x"), None);
    }
}
