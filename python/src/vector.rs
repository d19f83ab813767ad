//! N games stepped together: the learner holds seat 0 of each, built-in agents the other
//! seats; a finished game is replaced by a new one at once (auto-reset). Buffers are owned
//! here and reused, so a step allocates nothing.
use crate::live::AnyGame;
use crate::tables::AnyTable;
use orbitals::agent::AgentSpec;
use orbitals::kit::series::mix;
use orbitals::kit::Outcome;
use rayon::prelude::*;

/// The learner's seat.
pub const LEARNER: usize = 0;
/// One game's share of a step: index and slot, action, observation, mask, reward, done.
type Work<'a> = (
    (
        (
            (((usize, &'a mut Slot), &'a i64), &'a mut [f32]),
            &'a mut [u8],
        ),
        &'a mut f32,
    ),
    &'a mut u8,
);
/// Fewest games stepped on the thread pool (fewer step on the calling thread).
const PARALLEL_FROM: usize = 4;

/// One slot of the vector: its game and how many games it has started.
struct Slot {
    game: Box<dyn AnyGame>,
    episode: u64,
}

pub struct Vector {
    table: Box<dyn AnyTable>,
    opponent: AgentSpec,
    seed: u64,
    slots: Vec<Slot>,
    pub obs_len: usize,
    pub actions: usize,
    pub obs: Vec<f32>,
    pub mask: Vec<u8>,
    pub rewards: Vec<f32>,
    pub dones: Vec<u8>,
    pool: rayon::ThreadPool,
}

/// The learner's reward for a finished game: 1 for a win, -1 for a loss, 0 for a draw.
pub fn reward(outcome: Outcome, seat: usize) -> f32 {
    match outcome {
        Outcome::Winner(w) if w == seat => 1.0,
        Outcome::Winner(_) => -1.0,
        Outcome::Solo { won, .. } => {
            if won {
                1.0
            } else {
                -1.0
            }
        }
        _ => 0.0,
    }
}

/// Starts game `episode` of slot `index` and lets the agents play up to the learner's turn.
fn start(
    table: &dyn AnyTable,
    opponent: &AgentSpec,
    seed: u64,
    index: usize,
    episode: u64,
) -> Result<Box<dyn AnyGame>, String> {
    let game_seed = mix(seed ^ mix(((index as u64) << 32) ^ episode));
    let mut g = table.start(game_seed)?;
    let agents = (0..g.num_players())
        .map(|s| (s != LEARNER).then(|| opponent.clone()))
        .collect();
    g.set_agents(agents, mix(game_seed));
    advance(g.as_mut())?;
    Ok(g)
}

/// Plays the agents' moves until the learner is to move or the game is over.
fn advance(g: &mut dyn AnyGame) -> Result<(), String> {
    while !g.outcome().is_over() && g.current_player() != LEARNER {
        if !g.play_agent()? {
            return Err(format!("seat {} has no agent", g.current_player()));
        }
    }
    Ok(())
}

impl Vector {
    pub fn new(
        table: Box<dyn AnyTable>,
        num: usize,
        opponent: AgentSpec,
        seed: u64,
        threads: usize,
    ) -> Result<Vector, String> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| e.to_string())?;
        let first = table.start(seed)?;
        let shape = first.shape();
        let mut v = Vector {
            table,
            opponent,
            seed,
            slots: Vec::with_capacity(num),
            obs_len: shape.observation,
            actions: shape.actions,
            obs: vec![0.0; num * shape.observation],
            mask: vec![0; num * shape.actions],
            rewards: vec![0.0; num],
            dones: vec![0; num],
            pool,
        };
        v.reset(seed)?;
        Ok(v)
    }

    pub fn len(&self) -> usize {
        self.rewards.len()
    }

    /// Starts every game anew from `seed`.
    pub fn reset(&mut self, seed: u64) -> Result<(), String> {
        self.seed = seed;
        let (table, opponent) = (self.table.as_ref(), &self.opponent);
        let n = self.rewards.len();
        let slots: Result<Vec<Slot>, String> = self.pool.install(|| {
            (0..n)
                .into_par_iter()
                .map(|i| {
                    Ok(Slot {
                        game: start(table, opponent, seed, i, 0)?,
                        episode: 0,
                    })
                })
                .collect()
        });
        self.slots = slots?;
        self.rewards.fill(0.0);
        self.dones.fill(0);
        let Vector {
            slots,
            obs_len,
            actions,
            obs,
            mask,
            pool,
            ..
        } = self;
        let (ol, al) = (*obs_len, *actions);
        let results: Vec<Result<(), String>> = pool.install(|| {
            slots
                .par_iter_mut()
                .zip(obs.par_chunks_mut(ol))
                .zip(mask.par_chunks_mut(al))
                .map(|((slot, obs), mask)| write(slot.game.as_mut(), obs, mask))
                .collect()
        });
        results.into_iter().collect()
    }

    /// Plays `actions[i]` in game `i`, then the agents up to the learner's next turn; a game
    /// that ends gives its reward and is replaced by a new one.
    pub fn step(&mut self, actions: &[i64]) -> Result<(), String> {
        let al = self.actions;
        for (i, &a) in actions.iter().enumerate() {
            let ok = usize::try_from(a)
                .ok()
                .filter(|&a| a < al)
                .is_some_and(|a| self.mask[i * al + a] == 1);
            if !ok {
                let legal: Vec<usize> = (0..al).filter(|&k| self.mask[i * al + k] == 1).collect();
                return Err(format!(
                    "env {i}: action {a} is not legal: expected one of {legal:?} (the mask)"
                ));
            }
        }
        let Vector {
            table,
            opponent,
            seed,
            slots,
            obs_len,
            obs,
            mask,
            rewards,
            dones,
            pool,
            ..
        } = self;
        let (table, opponent, seed, ol) = (table.as_ref(), &*opponent, *seed, *obs_len);
        let work = |((((((i, slot), &a), obs), mask), rew), done): Work| {
            slot.game
                .play(a as usize)
                .and_then(|()| advance(slot.game.as_mut()))
                .map_err(|e| format!("env {i}: {e}"))?;
            let outcome = slot.game.outcome();
            *rew = 0.0;
            *done = 0;
            if outcome.is_over() {
                *rew = reward(outcome, LEARNER);
                *done = 1;
                slot.episode += 1;
                slot.game = start(table, opponent, seed, i, slot.episode)?;
            }
            write(slot.game.as_mut(), obs, mask)
        };
        // A few games step faster on this thread than handed to the pool.
        let results: Vec<Result<(), String>> = if slots.len() < PARALLEL_FROM {
            slots
                .iter_mut()
                .enumerate()
                .zip(actions.iter())
                .zip(obs.chunks_mut(ol))
                .zip(mask.chunks_mut(al))
                .zip(rewards.iter_mut())
                .zip(dones.iter_mut())
                .map(work)
                .collect()
        } else {
            pool.install(|| {
                slots
                    .par_iter_mut()
                    .enumerate()
                    .zip(actions.par_iter())
                    .zip(obs.par_chunks_mut(ol))
                    .zip(mask.par_chunks_mut(al))
                    .zip(rewards.par_iter_mut())
                    .zip(dones.par_iter_mut())
                    .map(work)
                    .collect()
            })
        };
        results.into_iter().collect()
    }
}

/// The learner's observation and mask of a game.
fn write(g: &mut dyn AnyGame, obs: &mut [f32], mask: &mut [u8]) -> Result<(), String> {
    g.observe(LEARNER, obs);
    g.mask(mask)?;
    Ok(())
}
