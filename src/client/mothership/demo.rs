//! Mothership games that open without the menu (`--screen mothership`): a fresh game against
//! the AI (landing), an AI-vs-AI demo (`--demo SEED`), a game played on headlessly to a later
//! turn (`--skip-turns N`: game turns; 21 stops at the sealed take-off choice, 26 plays to the
//! end and the score), the busy mid-game position `--bench-frames` measures, and the position a
//! scenario file plays to (`--scenario FILE`). Seats: `--ms-players`, `--ms-humans` (two or
//! more: hot-seat) and `--ms-level`; `--ms-script` queues input played as if by a person.
use super::input::Sel;
use super::screen::MsScreen;
use super::session::{fast_forward, Level, Seat, Session, Setup, Step};
use crate::client::game_session::{demo_speed, scenario_steps};
use crate::client::{ClientError, ClientOptions};
use crate::mothership::scenario::{state_of, Scenario};
use crate::mothership::state::Phase;
use crate::mothership::State;

/// The first Mothership screen for these options (seats: `--ms-players`, `--ms-humans`,
/// `--ms-level`), with `--ms-script`'s input queued.
pub fn start(opts: &ClientOptions, blocking: bool) -> Result<MsScreen, ClientError> {
    let mut scr = open(opts, blocking)?;
    if let Some(text) = &opts.ms.script {
        scr.script = super::script::parse(text).map_err(|e| e.in_option("--ms-script"))?;
    }
    Ok(scr)
}

fn open(opts: &ClientOptions, blocking: bool) -> Result<MsScreen, ClientError> {
    if let Some(path) = &opts.scenario {
        return from_scenario(opts, path, blocking);
    }
    let players = opts.ms.players.clamp(2, 4);
    let seed = opts.demo.unwrap_or(1);
    let bench = opts.bench_frames.is_some();
    let ai_only = opts.demo.is_some() && !bench;
    let setup = Setup {
        table: (),
        seats: seats(opts, players as usize, ai_only),
        seed,
    };
    let turn = if bench {
        opts.skip_turns.max(12)
    } else {
        opts.skip_turns
    }
    .min(26) as u8;
    if turn == 0 {
        let mut session = Session::new(setup, blocking);
        pace(opts, &mut session, ai_only);
        return Ok(MsScreen::new(session));
    }
    let mut state = state_of(&Scenario::fresh(players, seed)).map_err(ClientError::Table)?;
    // To game turn `turn`, then (for people) on to the first person's turn.
    let people: Vec<bool> = setup.seats.iter().map(|x| *x == Seat::Human).collect();
    let history = fast_forward(&mut state, seed, |s| {
        let person = people.get(s.active().index()).copied().unwrap_or(false);
        s.turn_number() >= turn
            && (ai_only || (person && matches!(s.phase(), Phase::Play | Phase::Choose)))
    });
    Ok(screen(opts, setup, state, &history, blocking, !ai_only))
}

fn pace(opts: &ClientOptions, session: &mut Session, ai_only: bool) {
    session.game.speed = demo_speed(opts, ai_only);
}

fn screen(
    opts: &ClientOptions,
    setup: Setup,
    state: State,
    history: &[Step],
    blocking: bool,
    select: bool,
) -> MsScreen {
    let mut session = Session::with_state(setup, state, history, blocking);
    pace(opts, &mut session, !select);
    let mut scr = MsScreen::new(session);
    if select && scr.session.state().phase() == Phase::Play {
        scr.refresh();
        // Light up the unit with the most options.
        let s = scr.session.state();
        let legal = scr.session.legal();
        let best = s
            .unit_ids()
            .filter(|&u| s.controller(u) == Some(s.active()) && s.unit(u).cell().is_some())
            .map(|u| (u, super::input::options(s, legal, Sel::Unit(u))))
            .max_by_key(|(_, o)| o.cells.len() * 4 + o.moves.len());
        if let Some((u, _)) = best {
            scr.sel = Sel::Unit(u);
        }
    }
    scr
}

/// The position a Mothership scenario file plays to (its commands checked and applied by the
/// engine; the first illegal one stops it). Player 1 is a person unless `--demo` is given.
pub fn from_scenario(
    opts: &ClientOptions,
    path: &std::path::Path,
    blocking: bool,
) -> Result<MsScreen, ClientError> {
    let (seed, state, history) = scenario_steps::<State>(path)?;
    let ai_only = opts.demo.is_some();
    let setup = Setup {
        table: (),
        seats: seats(opts, state.num_players(), ai_only),
        seed,
    };
    Ok(screen(opts, setup, state, &history, blocking, !ai_only))
}

/// The first `--ms-humans` seats are people unless the AI plays every seat; the others are
/// the AI at `--ms-level`.
fn seats(opts: &ClientOptions, players: usize, ai_only: bool) -> Vec<Seat> {
    let humans = if ai_only {
        0
    } else {
        usize::from(opts.ms.humans)
    };
    (0..players)
        .map(|i| {
            if i < humans {
                Seat::Human
            } else {
                Seat::Ai(Level(opts.ms.level))
            }
        })
        .collect()
}
