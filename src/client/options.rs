//! How the client was started: data directories, and the screenshot / benchmark modes used by
//! tests and CI.
use super::error::ClientError;
use std::path::PathBuf;

/// The screen shown first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartScreen {
    Menu,
    Table,
    GameOver,
    DeckBuilder,
    /// A Globetrotter game (AI-vs-AI with `demo`).
    Globetrotter,
    /// A Globetrotter game in its system view (every planet at once).
    GlobeSystem,
    /// The table with the linked globe view beside it.
    Linked,
    /// The table's system view (every asset as a globe).
    System,
    /// The main menu with "How to play" open.
    HowTo,
    /// The main menu with "Saved games & replays" open.
    Saves,
    /// A Mothership game (AI-vs-AI with `demo`).
    Mothership,
    /// A RoveR level (`--rover-level`; the autopilot plays with `demo`).
    Rover,
    /// The guided first match (`skip_turns`: its first steps played for the player).
    Guide,
}

impl StartScreen {
    /// Parses `menu`, `table`, `gameover` or `deckbuilder`.
    pub fn parse(s: &str) -> Result<StartScreen, ClientError> {
        match s {
            "menu" => Ok(StartScreen::Menu),
            "table" => Ok(StartScreen::Table),
            "gameover" | "game-over" => Ok(StartScreen::GameOver),
            "deckbuilder" | "deck-builder" => Ok(StartScreen::DeckBuilder),
            "globetrotter" | "globe" => Ok(StartScreen::Globetrotter),
            "globetrotter-system" | "globe-system" => Ok(StartScreen::GlobeSystem),
            "linked" => Ok(StartScreen::Linked),
            "system" => Ok(StartScreen::System),
            "howto" | "how-to-play" => Ok(StartScreen::HowTo),
            "saves" => Ok(StartScreen::Saves),
            "mothership" => Ok(StartScreen::Mothership),
            "rover" => Ok(StartScreen::Rover),
            "guide" | "guided" => Ok(StartScreen::Guide),
            other => Err(ClientError::UnknownScreen(other.to_string())),
        }
    }
}

/// Everything the client needs to start.
#[derive(Clone, Debug)]
pub struct ClientOptions {
    pub cards_dir: PathBuf,
    pub decks_dir: PathBuf,
    /// Save a PNG of the last frame here and exit.
    pub screenshot: Option<PathBuf>,
    /// Frames to render in screenshot mode.
    pub frames: u32,
    /// Play an AI-vs-AI game with this seed.
    pub demo: Option<u64>,
    /// First screen (default: the menu, or the table with `demo`).
    pub screen: Option<StartScreen>,
    /// Render this many frames of a busy mid-game board and report frame times.
    pub bench_frames: Option<u32>,
    /// Window size in pixels.
    pub window: (i32, i32),
    /// With `demo`: play this many turns headlessly before the client takes over.
    pub skip_turns: u16,
    /// Animation and AI pace factor (0.25–8).
    pub speed: Option<f32>,
    /// Screenshot runs: where the mouse is taken to be (default: off the window).
    pub mouse: Option<(f32, f32)>,
    /// The colour-blind palette for this run, whatever the saved settings say.
    pub colour_blind: bool,
    /// A deck file to open in the deck builder.
    pub deck: Option<PathBuf>,
    /// Globetrotter table for `--screen globetrotter`: players, planets, facing variant.
    pub globe: (u8, u8, bool),
    /// Open the position this scenario file plays to (either game; its `game:` key decides).
    pub scenario: Option<PathBuf>,
    /// Watch this scenario, replay or save file in the replay viewer (a folder: list it).
    pub replay: Option<PathBuf>,
    /// RoveR: `default` or a generated level's seed.
    pub rover_level: Option<String>,
    /// RoveR: control keys to play as if typed (`d d 2 enter space` ...).
    pub rover_keys: Option<String>,
    /// The card table's script (`--script`): its text.
    pub script: Option<String>,
    /// Save a picture of the table after every step of the script into this folder.
    pub script_shots: Option<PathBuf>,
    /// Mothership: seats, AI level and a scripted input sequence.
    pub ms: MsOptions,
}

/// The Mothership table for `--screen mothership` (and the menu's first choice of players).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MsOptions {
    /// Players, 2 to 4.
    pub players: u8,
    /// How many of the first seats are people (several: hot-seat); 0 with `demo`.
    pub humans: u8,
    /// The AI seats' level: an index into the menu's levels (0 = beginner, 1 = easy...).
    pub level: usize,
    /// Clicks, keys and buttons played as if by a person (see the Mothership screen's script).
    pub script: Option<String>,
}

impl Default for MsOptions {
    fn default() -> Self {
        MsOptions {
            players: 2,
            humans: 1,
            level: 1,
            script: None,
        }
    }
}

/// The AI levels' short names, easiest first (the menu's levels in the same order).
pub const LEVEL_NAMES: [&str; 5] = ["beginner", "easy", "normal", "hard", "expert"];

impl MsOptions {
    /// Parses an AI level: its short name or its number (0 to 4).
    pub fn parse_level(s: &str) -> Result<usize, ClientError> {
        let t = s.trim().to_ascii_lowercase();
        LEVEL_NAMES
            .iter()
            .position(|n| *n == t)
            .or_else(|| t.parse::<usize>().ok().filter(|&i| i < LEVEL_NAMES.len()))
            .ok_or_else(|| ClientError::UnknownLevel(s.to_string()))
    }

    /// Checks the numbers of players and people.
    pub fn check(&self) -> Result<(), ClientError> {
        if !(2..=4).contains(&self.players) {
            return Err(ClientError::MsPlayers(self.players));
        }
        if self.humans > self.players {
            return Err(ClientError::MsHumans {
                players: self.players,
                humans: self.humans,
            });
        }
        Ok(())
    }
}

impl Default for ClientOptions {
    fn default() -> Self {
        ClientOptions {
            cards_dir: "cards".into(),
            decks_dir: "decks".into(),
            screenshot: None,
            frames: 60,
            demo: None,
            screen: None,
            bench_frames: None,
            window: (1280, 800),
            skip_turns: 0,
            speed: None,
            mouse: None,
            colour_blind: false,
            deck: None,
            globe: (2, 1, false),
            scenario: None,
            replay: None,
            rover_level: None,
            rover_keys: None,
            script: None,
            script_shots: None,
            ms: MsOptions::default(),
        }
    }
}

impl ClientOptions {
    /// Screenshot and benchmark runs use a fixed time step and wait for the AI, so that the
    /// same command line renders the same picture.
    pub fn fixed_step(&self) -> bool {
        self.screenshot.is_some() || self.bench_frames.is_some()
    }

    /// The screen to open with.
    pub fn start_screen(&self) -> StartScreen {
        match (self.screen, self.demo) {
            (Some(s), _) => s,
            (None, _) if self.deck.is_some() => StartScreen::DeckBuilder,
            (None, Some(_)) => StartScreen::Table,
            (None, None) => StartScreen::Menu,
        }
    }

    /// Parses `X,Y`.
    pub fn parse_point(s: &str) -> Result<(f32, f32), ClientError> {
        let (x, y) = s
            .split_once(',')
            .ok_or_else(|| ClientError::NotAPoint(s.to_string()))?;
        Ok((number(x, "x", s)?, number(y, "y", s)?))
    }

    /// Parses `WIDTHxHEIGHT`.
    pub fn parse_window(s: &str) -> Result<(i32, i32), ClientError> {
        let (w, h) = s
            .split_once(['x', 'X'])
            .ok_or_else(|| ClientError::NotASize(s.to_string()))?;
        let w: i32 = number(w, "width", s)?;
        let h: i32 = number(h, "height", s)?;
        if !(320..=8192).contains(&w) || !(240..=8192).contains(&h) {
            return Err(ClientError::WindowSize(s.to_string()));
        }
        Ok((w, h))
    }
}

/// One number (`what`) of the option value `text`.
fn number<T: std::str::FromStr>(
    word: &str,
    what: &'static str,
    text: &str,
) -> Result<T, ClientError> {
    word.trim().parse().map_err(|_| ClientError::BadNumber {
        what,
        text: text.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_screens_and_sizes() {
        assert_eq!(StartScreen::parse("gameover"), Ok(StartScreen::GameOver));
        assert!(StartScreen::parse("nope").is_err());
        assert_eq!(StartScreen::parse("rover"), Ok(StartScreen::Rover));
        assert_eq!(
            StartScreen::parse("deckbuilder"),
            Ok(StartScreen::DeckBuilder)
        );
        assert_eq!(ClientOptions::parse_window("1600x900"), Ok((1600, 900)));
        assert!(ClientOptions::parse_window("16").is_err());
        assert!(ClientOptions::parse_window("10x10").is_err());
    }

    #[test]
    fn parses_mothership_levels_and_checks_seats() {
        assert_eq!(MsOptions::parse_level("easy"), Ok(1));
        assert_eq!(MsOptions::parse_level("4"), Ok(4));
        assert!(MsOptions::parse_level("5").is_err());
        assert!(MsOptions::parse_level("godlike").is_err());
        let mut m = MsOptions::default();
        assert!(m.check().is_ok());
        m.players = 5;
        assert!(m.check().unwrap_err().to_string().contains("--ms-players"));
        m.players = 3;
        m.humans = 4;
        assert!(m.check().unwrap_err().to_string().contains("--ms-humans"));
    }
}
