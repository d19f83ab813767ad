//! N games stepped together: the learner holds seat 0 of each, built-in agents the other
//! seats; a finished game is replaced by a new one at once (auto-reset). Observations, masks,
//! rewards and dones are written straight into the caller's buffers, row by row on the
//! thread pool: a step allocates nothing.
use crate::live::AnyGame;
use crate::pool::Pool;
use crate::tables::AnyTable;
use orbitals::agent::AgentSpec;
use orbitals::kit::encode::{Mask, ObsMemo};
use orbitals::kit::series::mix;
use orbitals::kit::Outcome;
use std::marker::PhantomData;
use std::sync::Mutex;

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
    /// The threads stepping games: the calling thread and helpers.
    pool: Pool,
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
        let pool = Pool::new(threads)?;
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
        let mut made: Vec<Option<Result<Slot, String>>> = (0..n).map(|_| None).collect();
        {
            let (table, opponent) = (self.table.as_ref(), &self.opponent);
            let rows = Rows::new(&mut made, 1);
            each(&mut self.pool, n, &|i| {
                let made = start(table, opponent, seed, i, 0).map(|game| Slot {
                    game,
                    episode: 0,
                    memo: ObsMemo::default(),
                });
                // SAFETY: `each` calls every index once.
                let row = unsafe { rows.row(i) };
                row[0] = Some(made);
            });
        }
        self.slots = made
            .into_iter()
            .map(|m| m.unwrap_or_else(|| Err("a game was not started".into())))
            .collect::<Result<_, _>>()?;
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
        let row = Out::mask_row(self.actions, out.packed);
        let n = self.len();
        let rows = OutRows::new(&mut self.slots, out, self.obs_len, row);
        let failed = First::default();
        each(&mut self.pool, n, &|i| {
            // SAFETY: `each` calls every index once.
            let (slot, obs, mask, _, _) = unsafe { rows.row(i) };
            write(slot, obs, mask, rows.packed).unwrap_or_else(|e| failed.note(i, e));
        });
        self.obs_at = rows.obs.ptr as usize;
        failed.result()
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
        // Rows written by someone else hold nothing the memos know.
        if self.obs_at != out.obs.as_ptr() as usize {
            self.slots.iter_mut().for_each(|s| s.memo.clear());
            self.obs_at = out.obs.as_ptr() as usize;
        }
        let n = self.len();
        let row = Out::mask_row(self.actions, out.packed);
        let rows = OutRows::new(&mut self.slots, out, self.obs_len, row);
        let (table, opponent, seed) = (self.table.as_ref(), &self.opponent, self.seed);
        let failed = First::default();
        each(&mut self.pool, n, &|i| {
            // SAFETY: `each` calls every index once.
            let (slot, obs, mask, rew, done) = unsafe { rows.row(i) };
            let a = actions[i] as usize;
            step_one(table, opponent, seed, i, slot, a, rew, done)
                .and_then(|()| write(slot, obs, mask, rows.packed))
                .unwrap_or_else(|e| failed.note(i, e));
        });
        failed.result()
    }
}

/// Calls `job(i)` for every game `i` of `n`: on the pool, unless there are only a few.
fn each(pool: &mut Pool, n: usize, job: &(dyn Fn(usize) + Sync)) {
    if n < PARALLEL_FROM {
        (0..n).for_each(job);
    } else {
        pool.run(n, job);
    }
}

/// Game `i` plays the learner's action `a` and the agents' moves up to the learner's next
/// turn, writing its reward and done; a game that ends is replaced by the slot's next.
#[allow(clippy::too_many_arguments)]
fn step_one(
    table: &dyn AnyTable,
    opponent: &AgentSpec,
    seed: u64,
    i: usize,
    slot: &mut Slot,
    a: usize,
    rew: &mut f32,
    done: &mut u8,
) -> Result<(), String> {
    slot.game
        .play_checked(a)
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
    Ok(())
}

/// The error of the lowest-numbered game that failed, whichever thread stepped it.
#[derive(Default)]
struct First(Mutex<Option<(usize, String)>>);

impl First {
    fn note(&self, i: usize, e: String) {
        let mut f = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if f.as_ref().is_none_or(|(j, _)| i < *j) {
            *f = Some((i, e));
        }
    }
    fn result(self) -> Result<(), String> {
        match self.0.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }
}

/// Rows of a buffer, `width` values each, handed out by index to the threads of a batch.
struct Rows<'a, T> {
    ptr: *mut T,
    rows: usize,
    width: usize,
    _buf: PhantomData<&'a mut [T]>,
}

// SAFETY: a row is only reached through `row`, whose callers hold each row on one thread.
unsafe impl<T: Send> Sync for Rows<'_, T> {}

impl<'a, T> Rows<'a, T> {
    fn new(buf: &'a mut [T], width: usize) -> Rows<'a, T> {
        Rows {
            ptr: buf.as_mut_ptr(),
            rows: buf.len().checked_div(width).unwrap_or(0),
            width,
            _buf: PhantomData,
        }
    }
    /// Row `i`.
    ///
    /// # Safety
    /// No other reference to row `i` may be alive meanwhile.
    #[allow(clippy::mut_from_ref)]
    unsafe fn row(&self, i: usize) -> &'a mut [T] {
        assert!(i < self.rows, "row {i} of {}", self.rows);
        // SAFETY: in bounds, and exclusive by the caller's promise.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.add(i * self.width), self.width) }
    }
}

/// A step's slots and outputs, by game.
struct OutRows<'a> {
    slots: Rows<'a, Slot>,
    obs: Rows<'a, f32>,
    mask: Rows<'a, u8>,
    rewards: Rows<'a, f32>,
    dones: Rows<'a, u8>,
    packed: bool,
}

impl<'a> OutRows<'a> {
    fn new(slots: &'a mut [Slot], out: Out<'a>, obs_len: usize, mask_row: usize) -> Self {
        OutRows {
            slots: Rows::new(slots, 1),
            obs: Rows::new(out.obs, obs_len),
            mask: Rows::new(out.mask, mask_row),
            rewards: Rows::new(out.rewards, 1),
            dones: Rows::new(out.dones, 1),
            packed: out.packed,
        }
    }
    /// Game `i`'s slot, observation, mask, reward and done.
    ///
    /// # Safety
    /// As [`Rows::row`]: no other reference to game `i`'s rows may be alive meanwhile.
    #[allow(clippy::type_complexity)]
    unsafe fn row(
        &self,
        i: usize,
    ) -> (
        &'a mut Slot,
        &'a mut [f32],
        &'a mut [u8],
        &'a mut f32,
        &'a mut u8,
    ) {
        // SAFETY: passed on to the caller.
        unsafe {
            (
                &mut self.slots.row(i)[0],
                self.obs.row(i),
                self.mask.row(i),
                &mut self.rewards.row(i)[0],
                &mut self.dones.row(i)[0],
            )
        }
    }
}

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
