//! N games stepped together: the learner holds seat 0 of each, built-in agents the other
//! seats; a finished game is replaced by a new one at once (auto-reset). Observations, masks,
//! rewards and dones are written straight into the caller's buffers, row by row on the
//! thread pool: a step allocates nothing.
use crate::live::AnyGame;
use crate::tables::AnyTable;
use orbitals::agent::AgentSpec;
use orbitals::kit::encode::{Mask, ObsMemo};
use orbitals::kit::series::mix;
use orbitals::kit::Outcome;
use rayon::prelude::*;

/// The learner's seat.
pub const LEARNER: usize = 0;
/// Fewest games stepped on the thread pool (fewer step on the calling thread).
const PARALLEL_FROM: usize = 4;

/// One slot of the vector: its game, how many games it has started, and what its row of
/// the observation buffer holds (cleared with a new game, or a buffer it did not write).
struct Slot {
    game: Box<dyn AnyGame>,
    episode: u64,
    memo: ObsMemo,
}

/// Where a step's results go: `n` rows of observations (`obs_len` floats each), masks (a
/// byte per action, or a bit when `packed`), rewards and dones.
pub struct Out<'a> {
    pub obs: &'a mut [f32],
    pub mask: &'a mut [u8],
    pub packed: bool,
    pub rewards: &'a mut [f32],
    pub dones: &'a mut [u8],
}

impl Out<'_> {
    /// Bytes in one row of the mask.
    pub fn mask_row(actions: usize, packed: bool) -> usize {
        if packed {
            actions.div_ceil(8)
        } else {
            actions
        }
    }
}

pub struct Vector {
    table: Box<dyn AnyTable>,
    opponent: AgentSpec,
    seed: u64,
    slots: Vec<Slot>,
    pub obs_len: usize,
    pub actions: usize,
    /// Helper threads for the games beyond the calling thread's share.
    pool: rayon::ThreadPool,
    /// Threads stepping games: the calling thread and the pool's.
    threads: usize,
    /// The address of the observation buffer last written (the slots' memos describe it).
    obs_at: usize,
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
            .num_threads(threads.saturating_sub(1).max(1))
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
            pool,
            threads,
            obs_at: 0,
        };
        v.start_all(seed, num)?;
        Ok(v)
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Starts `n` games anew from `seed`.
    fn start_all(&mut self, seed: u64, n: usize) -> Result<(), String> {
        self.seed = seed;
        let (table, opponent) = (self.table.as_ref(), &self.opponent);
        let slots: Result<Vec<Slot>, String> = self.pool.install(|| {
            (0..n)
                .into_par_iter()
                .map(|i| {
                    Ok(Slot {
                        game: start(table, opponent, seed, i, 0)?,
                        episode: 0,
                        memo: ObsMemo::default(),
                    })
                })
                .collect()
        });
        self.slots = slots?;
        Ok(())
    }

    /// Checks that `out` has a row per game of the right sizes.
    fn check_out(&self, out: &Out) -> Result<(), String> {
        let n = self.len();
        let row = Out::mask_row(self.actions, out.packed);
        let sizes = [
            ("observations", out.obs.len(), n * self.obs_len),
            ("masks", out.mask.len(), n * row),
            ("rewards", out.rewards.len(), n),
            ("dones", out.dones.len(), n),
        ];
        for (what, have, want) in sizes {
            if have != want {
                return Err(format!("{what}: buffer of {have} values, expected {want}"));
            }
        }
        Ok(())
    }

    /// Starts every game anew from `seed` and writes the first observations and masks.
    pub fn reset(&mut self, seed: u64, out: Out) -> Result<(), String> {
        self.check_out(&out)?;
        self.start_all(seed, self.len())?;
        out.rewards.fill(0.0);
        out.dones.fill(0);
        let (ol, row, packed) = (
            self.obs_len,
            Out::mask_row(self.actions, out.packed),
            out.packed,
        );
        let Vector { slots, pool, .. } = self;
        pool.install(|| {
            slots
                .par_iter_mut()
                .zip(out.obs.par_chunks_mut(ol))
                .zip(out.mask.par_chunks_mut(row))
                .try_for_each(|((slot, obs), mask)| write(slot, obs, mask, packed))
        })?;
        self.obs_at = out.obs.as_ptr() as usize;
        Ok(())
    }

    /// Plays `actions[i]` in game `i`, then the agents up to the learner's next turn; a game
    /// that ends gives its reward and is replaced by a new one. An illegal action moves no
    /// game.
    pub fn step(&mut self, actions: &[i64], out: Out) -> Result<(), String> {
        self.check_out(&out)?;
        if actions.len() != self.len() {
            return Err(format!(
                "{} actions, expected {}",
                actions.len(),
                self.len()
            ));
        }
        for (i, (slot, &a)) in self.slots.iter_mut().zip(actions).enumerate() {
            let ok = usize::try_from(a)
                .ok()
                .is_some_and(|a| slot.game.check(a).is_ok());
            if !ok {
                let legal = slot.game.legal_actions()?;
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
            actions: num_actions,
            pool,
            threads,
            obs_at,
        } = self;
        // Rows written by someone else hold nothing the memos know.
        if *obs_at != out.obs.as_ptr() as usize {
            slots.iter_mut().for_each(|s| s.memo.clear());
            *obs_at = out.obs.as_ptr() as usize;
        }
        let (table, opponent, seed, ol) = (table.as_ref(), &*opponent, *seed, *obs_len);
        let (row, packed) = (Out::mask_row(*num_actions, out.packed), out.packed);
        let work = |(((((i, slot), &a), obs), mask), (rew, done)): Work| {
            slot.game
                .play_checked(a as usize)
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
                slot.memo.clear();
            }
            write(slot, obs, mask, packed)
        };
        // Each game in a piece, in order, on the thread that runs the piece.
        let run = |first: usize, (((((slots, acts), obs), mask), rew), done): Piece| {
            slots
                .iter_mut()
                .enumerate()
                .map(|(j, slot)| (first + j, slot))
                .zip(acts.iter())
                .zip(obs.chunks_mut(ol))
                .zip(mask.chunks_mut(row))
                .zip(rew.iter_mut().zip(done.iter_mut()))
                .try_for_each(work)
        };
        let n = slots.len();
        let whole: Piece = (
            (
                (((&mut slots[..], actions), &mut *out.obs), &mut *out.mask),
                &mut *out.rewards,
            ),
            &mut *out.dones,
        );
        // A few games step faster on this thread alone than shared with the pool.
        if n < PARALLEL_FROM || *threads == 1 {
            return run(0, whole);
        }
        // This thread steps the first piece while the pool's threads step the others, so
        // that no thread only waits.
        let size = n.div_ceil(*threads);
        let ((((s, a), o), m), r) = whole.0;
        let pieces = s
            .chunks_mut(size)
            .zip(a.chunks(size))
            .zip(o.chunks_mut(size * ol))
            .zip(m.chunks_mut(size * row))
            .zip(r.chunks_mut(size))
            .zip(whole.1.chunks_mut(size));
        let failed = std::sync::Mutex::new(None);
        let fail = |e: String| {
            let mut f = failed.lock().unwrap_or_else(|p| p.into_inner());
            f.get_or_insert(e);
        };
        pool.in_place_scope(|scope| {
            let mut first = None;
            for (k, piece) in pieces.enumerate() {
                if k == 0 {
                    first = Some(piece);
                } else {
                    let (run, fail) = (&run, &fail);
                    scope.spawn(move |_| run(k * size, piece).unwrap_or_else(fail));
                }
            }
            if let Some(piece) = first {
                run(0, piece).unwrap_or_else(fail);
            }
        });
        match failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// A run of games' share of a step: slots, actions, observations, masks, rewards, dones.
type Piece<'a> = (
    (
        (((&'a mut [Slot], &'a [i64]), &'a mut [f32]), &'a mut [u8]),
        &'a mut [f32],
    ),
    &'a mut [u8],
);

/// One game's share of a step: index and slot, action, observation, mask, reward and done.
type Work<'a> = (
    (
        (((usize, &'a mut Slot), &'a i64), &'a mut [f32]),
        &'a mut [u8],
    ),
    (&'a mut f32, &'a mut u8),
);

/// The learner's observation and mask of a slot's game; `obs` holds what the slot's memo
/// describes.
fn write(slot: &mut Slot, obs: &mut [f32], mask: &mut [u8], packed: bool) -> Result<(), String> {
    let g = slot.game.as_mut();
    g.observe_update(LEARNER, obs, &mut slot.memo);
    let mut m = if packed {
        Mask::bits(mask)
    } else {
        Mask::bytes(mask)
    };
    g.mask(&mut m)?;
    Ok(())
}
