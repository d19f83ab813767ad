//! The random agent: uniform over legal commands.
use super::Agent;
use crate::rules::{legal_commands_into, Command};
use crate::state::State;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub struct RandomAgent {
    rng: ChaCha8Rng,
    buf: Vec<Command>,
}

impl RandomAgent {
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
            buf: Vec::new(),
        }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, state: &State) -> Command {
        legal_commands_into(state, &mut self.buf);
        if self.buf.is_empty() {
            return Command::Pass;
        }
        self.buf[self.rng.gen_range(0..self.buf.len())]
    }
}
