//! The Python module `orbitals._core`: a thin layer over the game crate. Games, their
//! encodings, agents and series all live in the game crate; this module converts values,
//! turns errors into `ValueError` and releases the interpreter lock while games run. The
//! Python package `orbitals` wraps it into environments (`orbitals.envs`).
mod live;
mod pool;
mod tables;
mod vector;

use live::AnyGame;
use orbitals::agent::AgentSpec;
use orbitals::kit::encode::Mask;
use orbitals::kit::summary::{self, Lineup};
use orbitals::kit::Outcome;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMemoryView};
use std::panic::{catch_unwind, AssertUnwindSafe};
use tables::{Options, Row};

fn value_error(e: String) -> PyErr {
    PyValueError::new_err(e)
}

/// Runs `f`, turning a panic into a Python `RuntimeError` (never an abort).
fn guarded<T>(f: impl FnOnce() -> Result<T, String>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r.map_err(value_error),
        Err(p) => {
            let text = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            Err(PyRuntimeError::new_err(format!("internal error: {text}")))
        }
    }
}

fn agent_spec(text: &str) -> Result<AgentSpec, String> {
    AgentSpec::parse(text).map_err(|e| {
        format!(
            "agent {text:?}: {e}; expected random, greedy, mcts, mcts:easy|normal|hard or \
             mcts:iters=N,ms=N,c=X,playout=N,threads=N"
        )
    })
}

fn agent_specs(agents: &[String]) -> PyResult<Vec<AgentSpec>> {
    agents
        .iter()
        .map(|a| agent_spec(a))
        .collect::<Result<Vec<_>, _>>()
        .map_err(value_error)
}

fn outcome_tuple(o: Outcome) -> (&'static str, Option<usize>, Option<i64>) {
    match o {
        Outcome::Ongoing => ("ongoing", None, None),
        Outcome::Draw => ("draw", None, None),
        Outcome::Winner(s) => ("winner", Some(s), None),
        Outcome::Solo { won, score } => (if won { "won" } else { "lost" }, None, Some(score)),
    }
}

/// The games: (name, title, option names).
#[pyfunction]
fn games() -> Vec<(&'static str, &'static str, Vec<&'static str>)> {
    tables::GAMES
        .iter()
        .map(|(n, t, o)| (*n, *t, o.to_vec()))
        .collect()
}

/// The built-in decks of the card game.
#[pyfunction]
fn decks() -> Vec<&'static str> {
    tables::deck_names()
}

/// One game, played one action at a time (the AEC and Gymnasium environments).
#[pyclass(module = "orbitals._core", unsendable)]
struct Game {
    table: Box<dyn tables::AnyTable>,
    game: Box<dyn AnyGame>,
}

#[pymethods]
impl Game {
    #[new]
    fn new(game: &str, options: Options, seed: u64) -> PyResult<Game> {
        guarded(|| {
            let table = tables::table(game, &options)?;
            let game = table.start(seed)?;
            Ok(Game { table, game })
        })
    }
    /// Starts a new game from `seed`; built-in agents are kept only if given again.
    fn reset(&mut self, seed: u64) -> PyResult<()> {
        let table = &self.table;
        self.game = guarded(|| table.start(seed))?;
        Ok(())
    }
    #[getter]
    fn name(&self) -> &'static str {
        self.table.game()
    }
    #[getter]
    fn num_players(&self) -> usize {
        self.game.num_players()
    }
    #[getter]
    fn current_player(&self) -> usize {
        self.game.current_player()
    }
    /// (observation length, number of actions).
    #[getter]
    fn shape(&self) -> (usize, usize) {
        let s = self.game.shape();
        (s.observation, s.actions)
    }
    /// (kind, winning seat, score): kind is ongoing, draw, winner, won or lost.
    fn outcome(&self) -> (&'static str, Option<usize>, Option<i64>) {
        outcome_tuple(self.game.outcome())
    }
    /// Each seat's reward for the outcome: 1 win, -1 loss, 0 draw or ongoing.
    fn rewards(&self) -> Vec<f32> {
        let o = self.game.outcome();
        (0..self.game.num_players())
            .map(|s| vector::reward(o, s))
            .collect()
    }
    /// The observation of `seat` as float32 bytes.
    fn observe<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyBytes>> {
        if seat >= self.game.num_players() {
            return Err(value_error(format!(
                "seat {seat}: expected 0 to {}",
                self.game.num_players() - 1
            )));
        }
        let mut out = vec![0f32; self.game.shape().observation];
        let g = &self.game;
        guarded(|| {
            g.observe(seat, &mut out);
            Ok(())
        })?;
        let bytes: Vec<u8> = out.iter().flat_map(|x| x.to_ne_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }
    /// The legal-action mask of the seat to move, one byte per action.
    fn mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let mut out = vec![0u8; self.game.shape().actions];
        let g = &mut self.game;
        guarded(|| g.mask(&mut Mask::bytes(&mut out)))?;
        Ok(PyBytes::new(py, &out))
    }
    /// Plays action `index` for the seat to move (`ValueError` if it is not legal).
    fn play(&mut self, index: i64) -> PyResult<()> {
        let index = usize::try_from(index)
            .map_err(|_| value_error(format!("action {index}: expected a non-negative index")))?;
        let g = &mut self.game;
        guarded(|| g.play(index))
    }
    /// Gives seats built-in agents (agent specs as the command line takes them; `None` for a
    /// seat played from Python).
    fn set_agents(&mut self, agents: Vec<Option<String>>, seed: u64) -> PyResult<()> {
        if agents.len() != self.game.num_players() {
            return Err(value_error(format!(
                "{} agents given: expected one per seat ({})",
                agents.len(),
                self.game.num_players()
            )));
        }
        let specs = agents
            .iter()
            .map(|a| a.as_deref().map(agent_spec).transpose())
            .collect::<Result<Vec<_>, _>>()
            .map_err(value_error)?;
        self.game.set_agents(specs, seed);
        Ok(())
    }
    /// The seat to move plays its built-in agent's move; `False` if it has none.
    fn play_agent(&mut self, py: Python<'_>) -> PyResult<bool> {
        let g = &mut self.game;
        py.allow_threads(|| guarded(|| g.play_agent()))
    }
    /// Action `index` in the game's notation, if it names a command now.
    fn command_text(&self, index: usize) -> Option<String> {
        self.game.command_text(index)
    }
    /// The position, as the game prints it (YAML).
    fn view(&self) -> String {
        self.game.view()
    }
}

/// Many games stepped together in Rust (`orbitals.envs.VectorEnv`).
#[pyclass(module = "orbitals._core", unsendable)]
struct VecEnv {
    inner: vector::Vector,
    /// The bytearrays pinned for every step, once bound.
    bound: Option<Bind>,
}

/// A bytearray's bytes, written while the interpreter lock is released. A memoryview of it
/// stays open until this is dropped, so that Python cannot resize (and so move) it meanwhile.
struct Pinned<'py> {
    _view: Bound<'py, PyMemoryView>,
    raw: Raw,
}

/// A pinned buffer's address and length in bytes, to be sent to the threads that fill it.
#[derive(Clone, Copy)]
struct Raw(*mut u8, usize);
// SAFETY: the buffer stays alive and in place while pinned (see `Pinned`), and each call
// hands out one mutable view of it.
unsafe impl Send for Raw {}

impl Raw {
    /// The bytes as `T`s: `Err` names the buffer if it is not aligned for `T`.
    ///
    /// # Safety
    /// The buffer must be pinned for `'a`, and nothing else may access it meanwhile.
    unsafe fn slice<'a, T>(self, what: &str) -> Result<&'a mut [T], String> {
        let size = std::mem::size_of::<T>();
        if !(self.0 as usize).is_multiple_of(std::mem::align_of::<T>())
            || !self.1.is_multiple_of(size)
        {
            return Err(format!("{what}: buffer not aligned for {size}-byte values"));
        }
        // SAFETY: aligned, in bounds, and exclusive by the caller's promise.
        Ok(unsafe { std::slice::from_raw_parts_mut(self.0.cast::<T>(), self.1 / size) })
    }
}

/// Refuses buffers that share bytes: each is written as its own slice.
fn disjoint(raws: &[Raw]) -> PyResult<()> {
    for (i, a) in raws.iter().enumerate() {
        for b in &raws[i + 1..] {
            let (a0, b0) = (a.0 as usize, b.0 as usize);
            if a0 < b0 + b.1 && b0 < a0 + a.1 {
                return Err(value_error(
                    "the buffers overlap: expected separate bytearrays".into(),
                ));
            }
        }
    }
    Ok(())
}

fn pin<'py>(b: &Bound<'py, PyByteArray>) -> PyResult<Pinned<'py>> {
    let view = PyMemoryView::from(b.as_any())?;
    Ok(Pinned {
        raw: Raw(b.data(), b.len()),
        _view: view,
    })
}

/// The buffers of one call, as the vector fills them.
#[derive(Clone, Copy)]
struct Buffers {
    obs: Raw,
    mask: Raw,
    packed: bool,
    rewards: Raw,
    dones: Raw,
}

impl Buffers {
    /// # Safety
    /// As [`Raw::slice`], for every buffer.
    unsafe fn out<'a>(self) -> Result<vector::Out<'a>, String> {
        // SAFETY: passed on to the caller.
        unsafe {
            Ok(vector::Out {
                obs: self.obs.slice("observations")?,
                mask: self.mask.slice("masks")?,
                packed: self.packed,
                rewards: self.rewards.slice("rewards")?,
                dones: self.dones.slice("dones")?,
            })
        }
    }
}

#[pymethods]
impl VecEnv {
    #[new]
    fn new(
        py: Python<'_>,
        game: &str,
        options: Options,
        num_envs: usize,
        opponent: &str,
        seed: u64,
        threads: usize,
    ) -> PyResult<VecEnv> {
        if num_envs == 0 {
            return Err(value_error("num_envs=0: expected at least 1".into()));
        }
        let table = guarded(|| tables::table(game, &options))?;
        if table.seats() > 1 && opponent.is_empty() {
            return Err(value_error("opponent: expected an agent spec".into()));
        }
        let spec = agent_spec(opponent).map_err(value_error)?;
        let inner = py.allow_threads(|| {
            guarded(|| vector::Vector::new(table, num_envs, spec, seed, threads.max(1)))
        })?;
        Ok(VecEnv { inner, bound: None })
    }
    #[getter]
    fn obs_len(&self) -> usize {
        self.inner.obs_len
    }
    #[getter]
    fn actions(&self) -> usize {
        self.inner.actions
    }
    #[getter]
    fn num_envs(&self) -> usize {
        self.inner.len()
    }
    /// Starts every game anew and writes observations and masks into the bytearrays (the
    /// masks packed, a bit per action, when `packed`).
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: u64,
        obs: &Bound<'_, PyByteArray>,
        mask: &Bound<'_, PyByteArray>,
        packed: bool,
    ) -> PyResult<()> {
        let n = self.inner.len();
        let (mut rewards, mut dones) = (vec![0f32; n], vec![0u8; n]);
        let (o, m) = (pin(obs)?, pin(mask)?);
        disjoint(&[o.raw, m.raw])?;
        let raw = Buffers {
            obs: o.raw,
            mask: m.raw,
            packed,
            rewards: Raw(rewards.as_mut_ptr().cast(), n * 4),
            dones: Raw(dones.as_mut_ptr(), n),
        };
        let inner = &mut self.inner;
        // SAFETY: the bytearrays stay pinned until `o` and `m` drop, after this call, and
        // the vector is their only user while the lock is released.
        py.allow_threads(move || guarded(|| inner.reset(seed, unsafe { raw.out() }?)))
    }
    /// Pins the bytearrays that every later [`VecEnv::step`] reads (the actions, int64) and
    /// writes (observations, rewards, dones, masks: packed when `packed`), until the vector is
    /// dropped or bound again: a step then only plays.
    #[allow(clippy::too_many_arguments)]
    fn bind(
        &mut self,
        actions: &Bound<'_, PyByteArray>,
        obs: &Bound<'_, PyByteArray>,
        rewards: &Bound<'_, PyByteArray>,
        dones: &Bound<'_, PyByteArray>,
        mask: &Bound<'_, PyByteArray>,
        packed: bool,
    ) -> PyResult<()> {
        let (pins, actions, buffers) = self.pin_step(actions, obs, rewards, dones, mask, packed)?;
        self.bound = Some(Bind {
            _views: pins.map(|p| p._view.unbind()),
            actions,
            buffers,
        });
        Ok(())
    }
    /// Plays the bound actions, one per game, and writes the bound outputs.
    fn step(&mut self, py: Python<'_>) -> PyResult<()> {
        let Some(b) = &self.bound else {
            return Err(value_error(
                "step: no buffers bound (call bind first)".into(),
            ));
        };
        let (acts, raw) = (b.actions, b.buffers);
        // SAFETY: the bytearrays stay pinned while bound, and only the vector writes them.
        unsafe { self.play(py, acts, raw) }
    }
}

/// Bytearrays pinned for every step (see [`VecEnv::bind`]): their memoryviews keep Python
/// from resizing (and so moving) them.
struct Bind {
    _views: [Py<PyMemoryView>; 5],
    actions: Raw,
    buffers: Buffers,
}

impl VecEnv {
    /// Checks and pins the bytearrays of a step: the pins, the actions and the outputs.
    #[allow(clippy::too_many_arguments)]
    fn pin_step<'py>(
        &self,
        actions: &Bound<'py, PyByteArray>,
        obs: &Bound<'py, PyByteArray>,
        rewards: &Bound<'py, PyByteArray>,
        dones: &Bound<'py, PyByteArray>,
        mask: &Bound<'py, PyByteArray>,
        packed: bool,
    ) -> PyResult<([Pinned<'py>; 5], Raw, Buffers)> {
        let n = self.inner.len();
        if actions.len() != n * 8 {
            return Err(value_error(format!(
                "actions: {} bytes, expected {n} int64 values",
                actions.len()
            )));
        }
        let pins = [
            pin(actions)?,
            pin(obs)?,
            pin(rewards)?,
            pin(dones)?,
            pin(mask)?,
        ];
        disjoint(&pins.each_ref().map(|p| p.raw))?;
        let raw = Buffers {
            obs: pins[1].raw,
            rewards: pins[2].raw,
            dones: pins[3].raw,
            mask: pins[4].raw,
            packed,
        };
        let acts = pins[0].raw;
        Ok((pins, acts, raw))
    }

    /// Steps the vector with the interpreter lock released.
    ///
    /// # Safety
    /// The buffers must stay pinned for the call, and nothing else may access them meanwhile.
    unsafe fn play(&mut self, py: Python<'_>, acts: Raw, raw: Buffers) -> PyResult<()> {
        let inner = &mut self.inner;
        // SAFETY: by the caller's promise; the actions are only read.
        py.allow_threads(move || {
            guarded(|| {
                let acts: &[i64] = unsafe { acts.slice("actions") }?;
                inner.step(acts, unsafe { raw.out() }?)
            })
        })
    }
}

type RowTuple = (
    u32,
    Vec<usize>,
    &'static str,
    Option<usize>,
    Option<i64>,
    usize,
    u32,
    Option<String>,
);

fn row_tuple(r: &Row) -> RowTuple {
    let (kind, seat, score) = outcome_tuple(r.outcome);
    (
        r.index,
        r.sides.clone(),
        kind,
        seat,
        score,
        r.first_seat,
        r.turns,
        r.label.clone(),
    )
}

/// A row as Python gives it back.
type RowIn = (
    u32,
    Vec<usize>,
    String,
    Option<usize>,
    Option<i64>,
    usize,
    u32,
    Option<String>,
);

fn row_of(t: RowIn) -> Result<Row, String> {
    let (index, sides, kind, seat, score, first_seat, turns, label) = t;
    let outcome = match (kind.as_str(), seat, score) {
        ("draw", _, _) => Outcome::Draw,
        ("winner", Some(s), _) => Outcome::Winner(s),
        ("won", _, Some(score)) => Outcome::Solo { won: true, score },
        ("lost", _, Some(score)) => Outcome::Solo { won: false, score },
        ("ongoing", _, _) => Outcome::Ongoing,
        _ => return Err(format!("game {index}: outcome {kind:?} is not a result")),
    };
    Ok(Row {
        index,
        sides,
        outcome,
        first_seat,
        turns,
        label,
    })
}

/// Games `start..end` of a series: one tuple per game, in game order (index, sides,
/// outcome kind, winning seat, score, first seat, turns, side 0's label).
#[pyfunction]
#[pyo3(signature = (game, options, agents, seed, start, end, jobs))]
#[allow(clippy::too_many_arguments)]
fn series(
    py: Python<'_>,
    game: &str,
    options: Options,
    agents: Vec<String>,
    seed: u64,
    start: u32,
    end: u32,
    jobs: usize,
) -> PyResult<Vec<RowTuple>> {
    let table = guarded(|| tables::table(game, &options))?;
    let specs = agent_specs(&agents)?;
    let rows = py.allow_threads(|| guarded(|| table.series(&specs, seed, start..end, jobs)))?;
    Ok(rows.iter().map(row_tuple).collect())
}

/// The summary (as `orbitals match --json` prints it) of a series' rows.
#[pyfunction]
fn summarize(
    game: &str,
    options: Options,
    agents: Vec<String>,
    seed: u64,
    rows: Vec<RowIn>,
    seconds: f64,
) -> PyResult<String> {
    let table = guarded(|| tables::table(game, &options))?;
    let specs = agent_specs(&agents)?;
    let results = rows
        .into_iter()
        .map(|t| row_of(t).map(|r| r.result()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(value_error)?;
    let lineup = Lineup {
        agents: specs.iter().map(|s| s.to_string()).collect(),
        decks: table.side_names(),
        seed,
        turn_limit: table.turn_limit(),
    };
    let started = std::time::Instant::now() - std::time::Duration::from_secs_f64(seconds.max(0.0));
    let s = summary::summarize_results(&lineup, &results, started);
    serde_json::to_string(&s).map_err(|e| value_error(e.to_string()))
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(decks, m)?)?;
    m.add_function(wrap_pyfunction!(series, m)?)?;
    m.add_function(wrap_pyfunction!(summarize, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<VecEnv>()?;
    Ok(())
}
