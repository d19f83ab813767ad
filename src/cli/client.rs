//! Client entry points: with no subcommand `orbitals` opens the game window; `--screenshot`
//! and `--bench-frames` render without a person (tests, CI).
use anyhow::{anyhow, Result};
use clap::Args;
use orbitals::client::{ClientOptions, MsOptions, StartScreen};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct ClientArgs {
    /// Deck directory for the menu.
    #[arg(long, default_value = "decks")]
    pub decks: PathBuf,
    /// Render `--frames` frames, save the last one as a PNG here, and exit.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Frames to render for `--screenshot`.
    #[arg(long, default_value_t = 60)]
    pub frames: u32,
    /// Show an AI-vs-AI game with this seed.
    #[arg(long, value_name = "SEED")]
    pub demo: Option<u64>,
    /// First screen: menu, guide, table, gameover, deckbuilder, globetrotter, linked, system or
    /// rover.
    #[arg(long, value_parser = StartScreen::parse)]
    pub screen: Option<StartScreen>,
    /// With --demo: play this many turns headlessly before the window takes over; with
    /// --replay: open the replay at the start of this turn; with --screen guide: play this
    /// many steps of the guided match.
    #[arg(long, default_value_t = 0)]
    pub skip_turns: u16,
    /// Animation and AI pace (0.25 to 8; 1 is normal).
    #[arg(long)]
    pub speed: Option<f32>,
    /// Render N frames of a busy mid-game board and report frame times (p50/p99).
    #[arg(long, value_name = "N")]
    pub bench_frames: Option<u32>,
    /// Screenshot runs: put the mouse here, e.g. 400,300 (to capture hover popups).
    #[arg(long, value_parser = ClientOptions::parse_point, value_name = "X,Y")]
    pub mouse: Option<(f32, f32)>,
    /// Use the colour-blind palette in this run (also a choice in the Settings window).
    #[arg(long)]
    pub colour_blind: bool,
    /// Window size, e.g. 1600x1000.
    #[arg(long, value_parser = ClientOptions::parse_window, default_value = "1280x800")]
    pub window: (i32, i32),
    /// Open this deck file in the deck builder.
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
    /// Globetrotter (`--screen globetrotter`): number of players (2 to 6).
    #[arg(long, default_value_t = 2)]
    pub gt_players: u8,
    /// Globetrotter: number of planets (1 or more).
    #[arg(long, default_value_t = 1)]
    pub gt_planets: u8,
    /// Globetrotter: play with the facing variant.
    #[arg(long)]
    pub gt_facing: bool,
    /// Open the position a scenario file plays to (either game; with --screen linked, system
    /// or globetrotter-system for those views).
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,
    /// Watch a replay, save or scenario file of any game move by move (a folder, such as
    /// `orbitals match --save-dir`'s: list its files).
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// RoveR (`--screen rover`): `default` or a generated level's seed.
    #[arg(long, value_name = "LEVEL")]
    pub rover_level: Option<String>,
    /// RoveR: control keys played as if typed, e.g. "d d 2 d enter space".
    #[arg(long, value_name = "KEYS")]
    pub rover_keys: Option<String>,
    /// The card table (`--screen guide` or `table`): input played as if by a person, e.g.
    /// "press Got it; click Terra; press End maneuvers", or a file of such steps (see
    /// docs/client.md for every word).
    #[arg(long, value_name = "STEPS_OR_FILE")]
    pub script: Option<String>,
    /// With --script: save a picture of the table after every step in this folder
    /// (`step-001.png`, `step-002.png`, ...); the folder is made if missing.
    #[arg(long, value_name = "DIR", requires = "script")]
    pub script_shots: Option<PathBuf>,
    /// Mothership (`--screen mothership`, and the menu's first choice): players (2 to 4).
    #[arg(long, default_value_t = 2)]
    pub ms_players: u8,
    /// Mothership: how many of the first seats are people (2 or more: hot-seat).
    #[arg(long, default_value_t = 1)]
    pub ms_humans: u8,
    /// Mothership: the AI seats' level (beginner, easy, normal, hard, expert, or 0 to 4).
    #[arg(long, default_value = "easy", value_parser = MsOptions::parse_level)]
    pub ms_level: usize,
    /// Mothership: input played as if by a person, e.g. "7,8 end plan*3 seal=1 look"
    /// (cells are clicked; see docs/client-mothership.md for every word).
    #[arg(long, value_name = "STEPS")]
    pub ms_script: Option<String>,
}

impl ClientArgs {
    /// True if any client-only flag was given.
    pub fn any(&self) -> bool {
        self.screenshot.is_some()
            || self.demo.is_some()
            || self.screen.is_some()
            || self.bench_frames.is_some()
            || self.deck.is_some()
            || self.scenario.is_some()
            || self.replay.is_some()
            || self.script.is_some()
    }
}

/// The message when no display can be opened.
pub const NO_DISPLAY: &str = "no display: run under a desktop session or xvfb-run";

/// Checks that a window can be opened: on X11/Wayland systems a display must be named, else
/// opening the window would abort inside the windowing library.
pub fn check_display() -> Result<()> {
    if cfg!(all(
        unix,
        not(target_os = "macos"),
        not(target_os = "ios"),
        not(target_os = "android")
    )) {
        let named = |v: &str| std::env::var_os(v).is_some_and(|x| !x.is_empty());
        if !named("DISPLAY") && !named("WAYLAND_DISPLAY") {
            anyhow::bail!(NO_DISPLAY);
        }
    }
    Ok(())
}

/// A `--script` value's steps: the file's text when it names a file, else the value itself;
/// checked before the window opens.
fn script_text(value: &str) -> Result<String> {
    let path = Path::new(value);
    let text = if path.is_file() {
        std::fs::read_to_string(path)
            .map_err(|e| anyhow!("--script: cannot read {}: {e}", path.display()))?
    } else {
        value.to_string()
    };
    orbitals::client::check_table_script(&text).map_err(|e| anyhow!("--script: {e}"))?;
    Ok(text)
}

/// Opens the client.
pub fn run(cards: &Path, a: &ClientArgs) -> Result<()> {
    use orbitals::globetrotter::{setup::check_config, Config};
    check_config(&Config {
        players: a.gt_players,
        planets: a.gt_planets,
        ..Config::default()
    })
    .map_err(|e| anyhow!("--gt-players/--gt-planets: {e}"))?;
    let ms = MsOptions {
        players: a.ms_players,
        humans: a.ms_humans,
        level: a.ms_level,
        script: a.ms_script.clone(),
    };
    ms.check().map_err(|e| anyhow!(e))?;
    let script = a.script.as_deref().map(script_text).transpose()?;
    if let Some(dir) = &a.script_shots {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow!("--script-shots: cannot make {}: {e}", dir.display()))?;
    }
    check_display()?;
    let opts = ClientOptions {
        cards_dir: cards.to_path_buf(),
        decks_dir: a.decks.clone(),
        screenshot: a.screenshot.clone(),
        frames: a.frames,
        demo: a.demo,
        screen: a.screen,
        bench_frames: a.bench_frames,
        window: a.window,
        skip_turns: a.skip_turns,
        speed: a.speed,
        mouse: a.mouse,
        colour_blind: a.colour_blind,
        deck: a.deck.clone(),
        globe: (a.gt_players, a.gt_planets, a.gt_facing),
        scenario: a.scenario.clone(),
        replay: a.replay.clone(),
        rover_level: a.rover_level.clone(),
        rover_keys: a.rover_keys.clone(),
        script,
        script_shots: a.script_shots.clone(),
        ms,
    };
    orbitals::client::run(opts).map_err(|e| anyhow!(e))
}
