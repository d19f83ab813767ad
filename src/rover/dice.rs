//! Dice (R10, R24, R39): d20, d12, d6 and d4 from the state's seeded ChaCha8 generator, after
//! any results a scenario forces for that die. A die is rolled only when a rule uses it, so a
//! seed and the commands replay a game exactly.
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;

/// A die of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Die {
    D20,
    D12,
    D6,
    D4,
}

impl Die {
    pub const ALL: [Die; 4] = [Die::D20, Die::D12, Die::D6, Die::D4];

    pub fn sides(self) -> u8 {
        match self {
            Die::D20 => 20,
            Die::D12 => 12,
            Die::D6 => 6,
            Die::D4 => 4,
        }
    }

    fn index(self) -> usize {
        match self {
            Die::D20 => 0,
            Die::D12 => 1,
            Die::D6 => 2,
            Die::D4 => 3,
        }
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d{}", self.sides())
    }
}

/// The state's dice: a forced queue per die, then the generator.
#[derive(Clone, Debug)]
pub struct Dice {
    rng: ChaCha8Rng,
    forced: [VecDeque<u8>; 4],
}

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced: Default::default(),
        }
    }

    /// Queues results for `die` (each must lie in 1..=sides; checked by the caller).
    pub fn force(&mut self, die: Die, results: impl IntoIterator<Item = u8>) {
        self.forced[die.index()].extend(results);
    }

    /// Forced results not used yet, per die.
    pub fn forced_left(&self, die: Die) -> usize {
        self.forced[die.index()].len()
    }

    pub fn roll(&mut self, die: Die) -> u8 {
        match self.forced[die.index()].pop_front() {
            Some(v) => v.clamp(1, die.sides()),
            None => self.rng.gen_range(1..=die.sides()),
        }
    }

    /// A fresh generator; forced results are dropped.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.forced = Default::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_come_first_per_die() {
        let mut d = Dice::new(3);
        d.force(Die::D20, [17, 2]);
        d.force(Die::D4, [4]);
        assert_eq!(d.roll(Die::D4), 4);
        assert_eq!(d.roll(Die::D20), 17);
        assert_eq!(d.roll(Die::D20), 2);
        for _ in 0..100 {
            let r = d.roll(Die::D12);
            assert!((1..=12).contains(&r));
        }
    }

    #[test]
    fn same_seed_same_rolls() {
        let mut a = Dice::new(9);
        let mut b = Dice::new(9);
        for die in Die::ALL {
            assert_eq!(a.roll(die), b.roll(die));
        }
    }
}
