//! How a game ended, for games of any number of seats, including one-seat (solo) games.
use serde::{Deserialize, Serialize};

/// The result of a game, seats as indices (`0` is the first player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Ongoing,
    /// One seat won (every other seat lost).
    Winner(usize),
    Draw,
    /// A one-seat game ended: the player won or lost, with a score either way.
    Solo {
        won: bool,
        score: i64,
    },
}

impl Outcome {
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }

    /// The text used in scenario expectations and reports: `ongoing`, `draw`, `winner pN`
    /// (1-based), `won score N`, `lost score N`.
    pub fn notation(self) -> String {
        match self {
            Outcome::Ongoing => "ongoing".into(),
            Outcome::Draw => "draw".into(),
            Outcome::Winner(p) => format!("winner p{}", p + 1),
            Outcome::Solo { won: true, score } => format!("won score {score}"),
            Outcome::Solo { won: false, score } => format!("lost score {score}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_of_every_outcome() {
        assert_eq!(Outcome::Ongoing.notation(), "ongoing");
        assert_eq!(Outcome::Draw.notation(), "draw");
        assert_eq!(Outcome::Winner(1).notation(), "winner p2");
        assert_eq!(
            Outcome::Solo {
                won: true,
                score: 31
            }
            .notation(),
            "won score 31"
        );
        assert_eq!(
            Outcome::Solo {
                won: false,
                score: 0
            }
            .notation(),
            "lost score 0"
        );
        assert!(!Outcome::Ongoing.is_over());
        assert!(Outcome::Draw.is_over());
    }
}
