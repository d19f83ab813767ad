//! Checks without a person: saving a PNG of a frame, timing frames on a busy board, and the
//! games these runs show (an AI-vs-AI demo, a finished game, a busy mid-game board).
use super::catalog::Catalog;
use super::error::ClientError;
use super::game::{Game, Seat, SeatKind, Setup};
use super::interact::{targets, Interaction, Sel};
use crate::agent::{parse_agent, Agent};
use crate::ids::PlayerId;
use crate::rules::{self, Command, Event};
use crate::state::{Outcome, Phase, State, Zone};
use macroquad::prelude::get_screen_data;
use std::path::Path;
use std::time::Duration;

/// Saves the current frame as a PNG.
pub fn save_png(path: &Path) -> Result<(), ClientError> {
    // Fail with a message (not a panic inside the image encoder) if the file cannot be written.
    std::fs::File::create(path).map_err(|e| ClientError::Write {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    let name = path
        .to_str()
        .ok_or_else(|| ClientError::NotUtf8(path.to_path_buf()))?;
    get_screen_data().export_png(name);
    Ok(())
}

/// Frame times of a benchmark run.
#[derive(Default)]
pub struct FrameTimes {
    /// The client's own work: update, layout, the egui pass, building the draw lists.
    pub build: Vec<Duration>,
    /// `build` plus submitting the table's shapes and text to GL.
    pub shapes: Vec<Duration>,
    /// `shapes` plus handing the egui layer to GL (macroquad batches, egui tessellation and upload;
    /// with software GL this includes the driver's vertex work).
    pub cpu: Vec<Duration>,
    /// Whole frames, including GL submission and presenting.
    pub total: Vec<Duration>,
    /// `cpu` as CPU time of the main thread (not counting time the thread waited for a core,
    /// so other work on the machine does not inflate it).
    pub thread_cpu: Vec<Duration>,
}

/// CPU time used so far by the calling thread (zero where it cannot be read).
pub fn thread_cpu() -> Duration {
    #[cfg(target_os = "linux")]
    {
        #[repr(C)]
        struct Timespec {
            sec: i64,
            nsec: i64,
        }
        extern "C" {
            fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut ts = Timespec { sec: 0, nsec: 0 };
        // SAFETY: clock_gettime writes one timespec into the valid, exclusive `ts`.
        if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0 {
            return Duration::new(ts.sec.max(0) as u64, ts.nsec.clamp(0, 999_999_999) as u32);
        }
    }
    Duration::ZERO
}

fn pct(v: &[Duration], q: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut ms: Vec<f64> = v.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    ms.sort_by(|a, b| a.total_cmp(b));
    let i = ((ms.len() as f64 - 1.0) * q).round() as usize;
    ms[i.min(ms.len() - 1)]
}

impl FrameTimes {
    pub fn report(&self, w: f32, h: f32, ships: usize) -> String {
        format!(
            "frames: {}  window: {w}x{h}  ships on the board: {ships}\n\
             client work (update+layout+egui pass+draw lists): p50 {:.2} ms  p99 {:.2} ms\n\
             + table submitted to GL: p50 {:.2} ms  p99 {:.2} ms\n\
             frame cpu (client work + GL submit): p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms\n\
             whole frame (incl. rasterising + present): p50 {:.2} ms  p99 {:.2} ms\n\
             frame cpu as main-thread CPU time: p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
            self.cpu.len(),
            pct(&self.build, 0.5),
            pct(&self.build, 0.99),
            pct(&self.shapes, 0.5),
            pct(&self.shapes, 0.99),
            pct(&self.cpu, 0.5),
            pct(&self.cpu, 0.99),
            pct(&self.cpu, 1.0),
            pct(&self.total, 0.5),
            pct(&self.total, 0.99),
            pct(&self.thread_cpu, 0.5),
            pct(&self.thread_cpu, 0.99),
            pct(&self.thread_cpu, 1.0),
        )
    }
}

fn agents(spec: &str, seed: u64) -> Vec<Box<dyn Agent>> {
    (0..2u64)
        .filter_map(|i| parse_agent(spec, seed.wrapping_mul(2) + i).ok())
        .collect()
}

fn setup(cat: &Catalog, seed: u64, seats: Vec<Seat>) -> Option<Setup> {
    let db = cat.db.clone()?;
    let d1 = cat.decks.first()?.deck.clone();
    let d2 = cat.decks.get(1).or(cat.decks.first())?.deck.clone();
    Some(Setup {
        db,
        decks: vec![d1, d2],
        seats,
        seed,
    })
}

fn ai_seats(cat: &Catalog) -> Vec<Seat> {
    let spec = cat.demo_ai();
    vec![
        Seat {
            kind: SeatKind::Ai(spec.into()),
            name: "AI 1".into(),
        },
        Seat {
            kind: SeatKind::Ai(spec.into()),
            name: "AI 2".into(),
        },
    ]
}

/// Plays `state` on with the demo agents until `stop` says so or the game ends.
fn fast_forward(
    spec: &str,
    state: &mut State,
    seed: u64,
    mut stop: impl FnMut(&State) -> bool,
) -> Vec<Event> {
    let mut ag = agents(spec, seed);
    let mut events = Vec::new();
    let mut guard = 0u32;
    while state.outcome == Outcome::Ongoing && !stop(state) && !ag.is_empty() && guard < 200_000 {
        guard += 1;
        let i = state.active.index() % ag.len();
        let mut cmd = ag[i].choose(state);
        if rules::validate(state, &cmd).is_err() {
            cmd = Command::Pass;
        }
        rules::apply_into(state, cmd, &mut events);
    }
    // Keep the log to the recent past.
    let keep = events.len().saturating_sub(400);
    events.drain(..keep);
    events
}

/// The AI-vs-AI demo, optionally started `skip_turns` turns into the game.
pub fn demo_game(cat: &Catalog, seed: u64, skip_turns: u16, blocking: bool) -> Option<Game> {
    let setup = setup(cat, seed, ai_seats(cat))?;
    let (mut s, mut ev) = rules::new_game(setup.db.clone(), &setup.decks, seed);
    if skip_turns > 0 {
        ev = fast_forward(cat.demo_ai(), &mut s, seed, |s| {
            s.turn > skip_turns && s.phase == Phase::Maneuvers
        });
    }
    let mut g = Game::with_state(setup, s, &ev, blocking);
    g.session.speed = 2.0;
    Some(g)
}

/// A demo game played to its end (for the game-over screen).
pub fn finished_game(cat: &Catalog, seed: u64) -> Option<Game> {
    let setup = setup(cat, seed, ai_seats(cat))?;
    let (mut s, _) = rules::new_game(setup.db.clone(), &setup.decks, seed);
    let ev = fast_forward(cat.demo_ai(), &mut s, seed, |_| false);
    Some(Game::with_state(setup, s, &ev, true))
}

/// A human-vs-AI game on a busy board, in the human's Maneuvers phase, with a ship selected
/// so that its destinations and targets are lit (benchmarks and screenshots).
///
/// Plays a few demo games (seeds from `seed`) and keeps the busiest start of one of seat 1's
/// Maneuvers phases (own ships, all ships, then cards in hand), then replays to exactly there so that
/// the log matches the board.
pub fn busy_game(cat: &Catalog, seed: u64, inter: &mut Interaction) -> Option<Game> {
    let seats = vec![
        Seat {
            kind: SeatKind::Human,
            name: "You".into(),
        },
        Seat {
            kind: SeatKind::Ai(cat.demo_ai().into()),
            name: "AI".into(),
        },
    ];
    let base = setup(cat, seed, seats)?;
    // Your own ships count most (one of them is selected), then everyone's, then your hand.
    let busy = |s: &State| {
        let ships = s.cards.iter().filter(|c| c.zone == Zone::Ship).count();
        let own = s.zone(PlayerId(0), Zone::Ship).count();
        4 * own + 2 * ships + s.hand_size(PlayerId(0)).min(3)
    };
    let at_mark = |s: &State| s.active == PlayerId(0) && s.phase == Phase::Maneuvers;
    let mut best = (0usize, seed, 0u16);
    for sd in seed..seed + 8 {
        let (mut probe, _) = rules::new_game(base.db.clone(), &base.decks, sd);
        fast_forward(cat.demo_ai(), &mut probe, sd, |s| {
            if at_mark(s) && busy(s) > best.0 {
                best = (busy(s), sd, s.turn);
            }
            false
        });
    }
    let mut setup = base;
    setup.seed = best.1;
    let (mut s, _) = rules::new_game(setup.db.clone(), &setup.decks, best.1);
    let ev = fast_forward(cat.demo_ai(), &mut s, best.1, |s| {
        at_mark(s) && s.turn >= best.2
    });
    let game = Game::with_state(setup, s, &ev, true);
    // Pick the ship with the most things to do.
    let most = game
        .state()
        .zone(PlayerId(0), Zone::Ship)
        .map(|(r, _)| (targets(game.state(), Sel::Ship(r), game.legal()).len(), r))
        .max();
    inter.sel = most.filter(|b| b.0 > 0).map(|b| Sel::Ship(b.1));
    Some(game)
}

/// The position a card-game scenario file plays to (`--scenario FILE`), e.g. a table with a
/// destroyed asset. The engine plays the file's commands and checks its expectations; player 1
/// is a person unless `ai_only`. A rematch starts a fresh game with the catalog's decks.
pub fn scenario_game(
    cat: &Catalog,
    path: &Path,
    ai_only: bool,
    blocking: bool,
) -> Result<Game, ClientError> {
    let run = crate::scenario::run_file(path).map_err(ClientError::file)?;
    let seats = run
        .state
        .players()
        .map(|p| {
            if p.0 == 0 && !ai_only {
                Seat {
                    kind: SeatKind::Human,
                    name: "You".into(),
                }
            } else {
                Seat {
                    kind: SeatKind::Ai(cat.demo_ai().into()),
                    name: format!("AI {}", p.0 + 1),
                }
            }
        })
        .collect();
    let setup = setup(cat, 1, seats).ok_or(ClientError::NoTable)?;
    Ok(Game::with_state(setup, run.state, &run.events, blocking))
}
