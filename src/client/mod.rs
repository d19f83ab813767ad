//! The desktop client (feature `client`): the card table drawn with macroquad, panels and menus
//! with egui, playable against the AI or hot-seat.
//!
//! [`run`] opens the window. Screens live in [`app`]; the table in [`table`]; the game session
//! (engine state, AI thread, pacing) in [`game`]. Every move comes from the engine's legal
//! commands ([`interact`]). `--screenshot` and `--bench-frames` runs ([`screenshot`]) render
//! without a person, for tests and CI.
mod app;
mod catalog;
mod copies;
mod deckbuilder;
mod egui_layer;
mod error;
mod game;
mod game_screen;
mod game_session;
mod gameover;
mod globe;
mod glossary;
mod glyphs;
mod howto;
mod interact;
mod labels;
mod log;
mod menu;
mod metrics;
mod mothership;
mod options;
mod paint;
mod panel;
mod replay;
mod rover;
mod saves;
mod screenshot;
mod settings;
mod table;
mod table_script;
mod theme;
mod tooltip;
mod unused;
mod why;
mod words;

pub use error::ClientError;
pub use options::{ClientOptions, MsOptions, StartScreen};

/// Reads a card-table script (`--script`) without playing it: its first bad step, if any.
pub fn check_table_script(text: &str) -> Result<(), ClientError> {
    table_script::parse(text).map(|_| ())
}

use app::{App, Screen};
use catalog::Catalog;
use macroquad::prelude::*;
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::time::Instant;

/// Opens the window and runs until it is closed (or, for screenshot and benchmark runs, until
/// the frames are done). Errors are returned after the window closes.
pub fn run(opts: ClientOptions) -> Result<(), ClientError> {
    keep_heap();
    let conf = macroquad::conf::Conf {
        miniquad_conf: macroquad::window::Conf {
            window_title: "Orbitals".to_string(),
            window_width: opts.window.0,
            window_height: opts.window.1,
            window_resizable: true,
            high_dpi: false,
            sample_count: msaa(),
            ..Default::default()
        },
        // Bigger batches: fewer draw calls for a busy table.
        draw_call_vertex_capacity: 30_000,
        draw_call_index_capacity: 45_000,
        ..Default::default()
    };
    let status: Rc<RefCell<Result<(), ClientError>>> = Rc::new(RefCell::new(Ok(())));
    let out = status.clone();
    macroquad::Window::from_config(conf, async move {
        let r = main_loop(opts).await;
        *out.borrow_mut() = r;
    });
    let r = status.borrow().clone();
    r
}

/// The card game's globe view asked for by `--screen`.
fn linked_mode(opts: &ClientOptions) -> globe::linked::Mode {
    match opts.start_screen() {
        StartScreen::Linked => globe::linked::Mode::Split,
        StartScreen::System => globe::linked::Mode::System,
        _ => globe::linked::Mode::Off,
    }
}

fn first_screen(app: &mut App, opts: &ClientOptions) -> Result<(), ClientError> {
    let blocking = opts.fixed_step();
    let seed = opts.demo.unwrap_or(1);
    app.menu.ms = mothership::menu::MsMenu::from_options(&opts.ms);
    if let Some(path) = &opts.replay {
        // A folder (`orbitals match --save-dir`) opens its list; a file opens the viewer.
        if path.is_dir() {
            app.menu.saves.open_at(path);
            return Ok(());
        }
        return app.open_replay(path, opts.skip_turns);
    }
    if let Some(path) = &opts.scenario {
        // The position a scenario file plays to, in either game.
        let text = std::fs::read_to_string(path).map_err(|e| ClientError::Read {
            path: path.clone(),
            message: e.to_string(),
        })?;
        let game = crate::kit::scenario::game_of(&text);
        if game == "globetrotter" {
            app.open_globetrotter(globe::demo::start(opts, blocking)?);
        } else if game == "mothership" {
            app.open_mothership(mothership::demo::start(opts, blocking)?);
        } else if game == "rover" {
            app.open_rover(rover_start(opts, blocking)?);
        } else {
            let g = screenshot::scenario_game(&app.catalog, path, opts.demo.is_some(), blocking)?;
            app.open(g, Screen::Table);
            app.linked.mode = linked_mode(opts);
        }
        return Ok(());
    }
    if matches!(
        opts.start_screen(),
        StartScreen::Globetrotter | StartScreen::GlobeSystem
    ) {
        app.open_globetrotter(globe::demo::start(opts, blocking)?);
        return Ok(());
    }
    if opts.start_screen() == StartScreen::Mothership {
        app.open_mothership(mothership::demo::start(opts, blocking)?);
        return Ok(());
    }
    if opts.start_screen() == StartScreen::Rover {
        app.open_rover(rover_start(opts, blocking)?);
        return Ok(());
    }
    if opts.bench_frames.is_some() {
        let mut inter = interact::Interaction::default();
        let g =
            screenshot::busy_game(&app.catalog, seed, &mut inter).ok_or(ClientError::NoDecks)?;
        app.open(g, Screen::Table);
        app.inter = inter;
        app.linked.mode = linked_mode(opts);
        return Ok(());
    }
    match opts.start_screen() {
        StartScreen::Menu
        | StartScreen::Globetrotter
        | StartScreen::GlobeSystem
        | StartScreen::Mothership
        | StartScreen::Rover => {}
        StartScreen::HowTo => app.menu.howto.open_at(0),
        StartScreen::Saves => app.menu.saves.open = true,
        StartScreen::Guide => {
            app.start_guide()?;
            if let Some(g) = app.guide.as_mut() {
                g.demo_steps = opts.skip_turns.into();
            }
            if let (Some(sp), Some(g)) = (opts.speed, app.game.as_mut()) {
                g.session.speed = sp.clamp(0.25, 8.0);
            }
        }
        StartScreen::Table | StartScreen::Linked | StartScreen::System => {
            let g = match opts.demo {
                Some(seed) => screenshot::demo_game(&app.catalog, seed, opts.skip_turns, blocking),
                None => {
                    let mut inter = interact::Interaction::default();
                    let g = screenshot::busy_game(&app.catalog, seed, &mut inter);
                    app.inter = inter;
                    g
                }
            };
            if let Some(mut g) = g {
                if let Some(sp) = opts.speed {
                    g.session.speed = sp.clamp(0.25, 8.0);
                }
                let inter = std::mem::take(&mut app.inter);
                app.open(g, Screen::Table);
                app.inter = inter;
                app.linked.mode = linked_mode(opts);
            }
        }
        StartScreen::GameOver => {
            if let Some(g) = screenshot::finished_game(&app.catalog, seed) {
                app.open(g, Screen::GameOver);
            }
        }
        StartScreen::DeckBuilder => app.open_builder(opts.deck.as_deref()),
    }
    Ok(())
}

/// The RoveR screen the options ask for: a scenario file's position, or a fresh level
/// (`--rover-level`), watched with `--demo SEED`; `--rover-keys` are played as if typed.
fn rover_start(opts: &ClientOptions, blocking: bool) -> Result<rover::RoverScreen, ClientError> {
    let pilot = opts.demo.map(|_| crate::agent::AgentSpec::Greedy);
    let mut session = match &opts.scenario {
        Some(path) => rover::Session::load(path, pilot, blocking)?,
        None => {
            let level = match &opts.rover_level {
                Some(l) => {
                    rover::LevelChoice::parse(l).map_err(|e| e.in_option("--rover-level"))?
                }
                None => rover::LevelChoice::Default,
            };
            let setup = rover::Setup {
                level,
                seed: opts.demo.unwrap_or(1),
                autopilot: pilot,
                file: None,
            };
            rover::Session::new(setup, blocking)?
        }
    };
    if let Some(sp) = opts.speed {
        session.game.speed = sp.clamp(0.25, 8.0);
    }
    if !blocking {
        session.game.autosave = Some(crate::kit::save::autosave_path());
    }
    let mut screen = rover::RoverScreen::new(session);
    if let Some(keys) = &opts.rover_keys {
        screen.script = rover::controls::Key::parse_script(keys)
            .map_err(|e| e.in_option("--rover-keys"))?
            .into();
    }
    Ok(screen)
}

async fn main_loop(opts: ClientOptions) -> Result<(), ClientError> {
    let catalog = Catalog::load(&opts.cards_dir, &opts.decks_dir);
    if !opts.fixed_step() {
        let s = settings::load();
        if s.fullscreen {
            set_fullscreen(true);
        }
    }
    if opts.colour_blind {
        let s = settings::Settings {
            colour_blind: true,
            ..settings::get()
        };
        settings::set(s, false);
    }
    let mut app = App::new(catalog, opts.fixed_step());
    first_screen(&mut app, &opts)?;
    if let Some(text) = &opts.script {
        if app.game.is_none() {
            return Err(ClientError::ScriptWithoutTable);
        }
        app.script = app::Script::new(table_script::parse_lines(text)?);
    }
    if opts.screenshot.is_some() {
        // The real pointer of a virtual display is wherever it is; take it off the window.
        let (x, y) = opts.mouse.unwrap_or((-1000.0, -1000.0));
        app.fake_mouse = Some(vec2(x, y));
    }
    let fixed = opts.fixed_step();
    let warmup = if opts.bench_frames.is_some() { 30 } else { 0 };
    let frames = opts
        .bench_frames
        .map(|b| b + warmup)
        .unwrap_or(opts.frames)
        .max(1);
    let mut times = screenshot::FrameTimes::default();
    let mut n = 0u32;
    loop {
        let t0 = Instant::now();
        let c0 = screenshot::thread_cpu();
        let dt = if fixed {
            1.0 / 60.0
        } else {
            get_frame_time().min(0.1)
        };
        if opts.bench_frames.is_some() && n == 1 {
            // Hover a ship so that a tooltip is part of the measured work.
            app.fake_mouse = hover_point(&app);
        }
        app.frame(dt);
        let build = t0.elapsed();
        // SAFETY: macroquad's GL state is only used from this thread.
        unsafe { get_internal_gl() }.flush();
        let shapes = t0.elapsed();
        app.draw_ui();
        let cpu = t0.elapsed();
        let thread_cpu = screenshot::thread_cpu().saturating_sub(c0);
        if let Some(e) = app.script.error.take() {
            return Err(e);
        }
        if let Some(k) = app.script.take_shot() {
            if let Some(dir) = &opts.script_shots {
                screenshot::save_png(&dir.join(format!("step-{k:03}.png")))?;
            }
        }
        // A scripted run's frames count from the end of its script.
        if !app.script.busy() {
            n += 1;
        }
        if let Some(path) = &opts.screenshot {
            if n >= frames {
                screenshot::save_png(path)?;
                let _ = writeln!(
                    std::io::stdout(),
                    "saved {} after {n} frames",
                    path.display()
                );
                return Ok(());
            }
        }
        if app.quit {
            return Ok(());
        }
        next_frame().await;
        if opts.bench_frames.is_some() {
            if n > warmup && n <= frames {
                times.build.push(build);
                times.shapes.push(shapes);
                times.cpu.push(cpu);
                times.thread_cpu.push(thread_cpu);
                times.total.push(t0.elapsed());
            }
            if n == frames {
                // One more frame with draw calls recorded, to report the geometry submitted.
                // (The request takes effect at the end of the next frame.)
                macroquad::telemetry::capture_frame();
                continue;
            }
            if n == frames + 1 {
                continue;
            }
            if n > frames + 1 {
                let calls = macroquad::telemetry::drawcalls();
                let triangles: usize = calls.iter().map(|c| c.indices_count / 3).sum();
                let ships = app
                    .game
                    .as_ref()
                    .map(|g| {
                        g.state()
                            .cards
                            .iter()
                            .filter(|c| c.zone == crate::state::Zone::Ship)
                            .count()
                    })
                    .unwrap_or(0);
                let _ = writeln!(
                    std::io::stdout(),
                    "{}",
                    times.report(screen_width(), screen_height(), ships)
                );
                let _ = writeln!(
                    std::io::stdout(),
                    "submitted per frame: {} draw calls, {triangles} triangles",
                    calls.len()
                );
                let _ = writeln!(
                    std::io::stdout(),
                    "egui layer: painted afresh in {} frames, kept in {}",
                    app.egui_layer.painted,
                    app.egui_layer.reused
                );
                return Ok(());
            }
        }
    }
}

/// A point over a ship of the opponent (for the benchmark's tooltip).
fn hover_point(app: &App) -> Option<Vec2> {
    let g = app.game.as_ref()?;
    let panel = table::layout::panel_width(screen_width());
    let l = table::layout::Layout::compute(
        g.state(),
        g.viewer,
        vec2(screen_width(), screen_height()),
        panel,
        g.legal(),
    );
    l.ships
        .iter()
        .find(|(r, _)| g.state().inst(*r).owner != g.viewer)
        .or(l.ships.first())
        .map(|(_, r)| vec2(r.x + r.w / 2.0, r.y + r.h / 2.0))
}

/// MSAA samples: 4 for smooth shapes, unless `ORBITALS_MSAA` says otherwise (software GL).
pub(crate) fn msaa() -> i32 {
    std::env::var("ORBITALS_MSAA")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4)
}

/// With software GL (Mesa llvmpipe, as under Xvfb) every buffer update allocates and frees a
/// large block; glibc then returns the heap top to the system and faults it back in on the
/// next frame, which doubled frame times. Keep freed memory instead.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_heap() {
    extern "C" {
        fn mallopt(param: i32, value: i32) -> i32;
    }
    const M_TRIM_THRESHOLD: i32 = -1;
    const M_MMAP_THRESHOLD: i32 = -3;
    // SAFETY: mallopt only changes allocator tuning; called before any other thread starts.
    unsafe {
        mallopt(M_TRIM_THRESHOLD, 256 << 20);
        mallopt(M_MMAP_THRESHOLD, 32 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_heap() {}
