//! Globetrotter games that open without the menu: the AI-vs-AI demo of `--demo SEED` (optionally
//! `--skip-turns` into the game), a person against the AI, and the busy mid-game position with
//! a rover selected that `--bench-frames` measures; and the position a scenario file plays to
//! (`--scenario FILE`), e.g. a table where a planet was destroyed.
use super::choice::{self, Sel};
use super::screen::GtScreen;
use super::session::{fast_forward, Session, Setup, Step};
use crate::client::game_session::{demo_seats, demo_speed, scenario_steps};
use crate::client::{ClientError, ClientOptions};
use crate::globetrotter::{self as gt, Config, Phase};
use crate::globetrotter::{Command, Loc};
use crate::ids::PlayerId;

/// The table the options ask for (out-of-range numbers are clamped by the menu's rules).
pub fn config(opts: &ClientOptions) -> Config {
    let (players, planets, facing) = opts.globe;
    Config {
        players: players.clamp(2, 6),
        planets: planets.clamp(1, 8),
        facing,
        ..Config::default()
    }
}

/// The first Globetrotter screen for these options.
pub fn start(opts: &ClientOptions, blocking: bool) -> Result<GtScreen, ClientError> {
    if let Some(path) = &opts.scenario {
        return from_scenario(opts, path, blocking);
    }
    let config = config(opts);
    let seed = opts.demo.unwrap_or(1);
    let bench = opts.bench_frames.is_some();
    let ai_only = opts.demo.is_some() && !bench;
    let seats = demo_seats(usize::from(config.players), ai_only);
    let setup = Setup {
        table: config,
        seats,
        seed,
    };
    let (mut state, events) = match gt::new_game(config, seed) {
        Ok(x) => x,
        Err(_) => gt::new_game(Config::default(), seed).expect("default table"),
    };
    let mut history = vec![Step {
        before: state.clone(),
        events,
    }];
    if config.planets > 1 {
        history.extend(spread_placements(&mut state));
    }
    let skip = if bench {
        opts.skip_turns.max(24)
    } else {
        opts.skip_turns
    };
    if skip > 0 {
        history = fast_forward(&mut state, seed, skip);
        if !ai_only {
            // On to the person's turn.
            let mut t = skip;
            while state.standing() == gt::Outcome::Ongoing
                && !(state.active() == PlayerId(0) && state.phase() == Phase::Play)
                && t < skip + 12
            {
                t += 1;
                history.extend(fast_forward(&mut state, seed, t));
            }
        }
    }
    let keep = history.len().saturating_sub(40);
    history.drain(..keep);
    let session = Session::with_state(setup, state, &history, blocking);
    Ok(screen(opts, session, bench || !ai_only))
}

/// The screen for a session: pace, system view, and (for a person) the busiest rover selected.
fn screen(opts: &ClientOptions, mut session: Session, select: bool) -> GtScreen {
    let ai_only = opts.demo.is_some() && opts.bench_frames.is_none();
    session.game.speed = demo_speed(opts, ai_only);
    let mut scr = GtScreen::new(session);
    scr.system = opts.start_screen() == crate::client::StartScreen::GlobeSystem;
    if select {
        // Light up the busiest rover's choices.
        let st = scr.session.state();
        let legal = scr.session.legal();
        let best = st
            .rovers_of(st.active())
            .map(|(l, _)| Sel::Rover(l))
            .max_by_key(|&s| choice::face_targets(st, s, legal).len());
        if let Some(s) = best {
            scr.sel = s;
            if let Sel::Rover(l) = s {
                scr.centre_on(l);
            }
        }
    }
    scr
}

/// The position a Globetrotter scenario file plays to: its setup, then its commands, each
/// checked and applied by the engine (the file's expectations are not checked here; the
/// scenario tests do that). Player 1 is a person unless `--demo` asks for AI only.
pub fn from_scenario(
    opts: &ClientOptions,
    path: &std::path::Path,
    blocking: bool,
) -> Result<GtScreen, ClientError> {
    let (seed, state, history) = scenario_steps::<gt::State>(path)?;
    let ai_only = opts.demo.is_some();
    let seats = demo_seats(usize::from(state.config().players), ai_only);
    let setup = Setup {
        table: state.config(),
        seats,
        seed,
    };
    let session = Session::with_state(setup, state, &history, blocking);
    Ok(screen(opts, session, !ai_only))
}

/// Setup on a table of several planets: each player places on planet `player % planets` (a
/// legal placement chosen among the engine's, so that the demo shows every planet in use).
fn spread_placements(state: &mut gt::State) -> Vec<Step> {
    let mut steps = Vec::new();
    while state.phase() == Phase::Setup && state.standing() == gt::Outcome::Ongoing {
        let want = state.active().0 % state.config().planets.max(1);
        let legal = gt::legal_commands(state);
        let pick = legal
            .iter()
            .copied()
            .rfind(
                |c| matches!(c, Command::Place { at: Loc { planet, .. }, .. } if planet.0 == want),
            )
            .or_else(|| legal.first().copied());
        let Some(cmd) = pick else { break };
        let before = state.clone();
        match gt::play(state, cmd) {
            Ok(events) => steps.push(Step { before, events }),
            Err(_) => break,
        }
    }
    steps
}
