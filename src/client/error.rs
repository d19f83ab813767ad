//! The client's errors: a command-line option or script it does not understand, a file it
//! cannot read, play or write, a table it cannot set up. Each says what the player needs to
//! fix, naming the option, word, file (and the reader's line and field) it is about.
use super::options::LEVEL_NAMES;
use crate::kit::session::SaveError;
use std::path::PathBuf;

/// Why the client cannot do what it was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClientError {
    #[error(
        "unknown screen `{0}` (menu, howto, guide, saves, table, gameover, deckbuilder, \
         globetrotter, globetrotter-system, mothership, rover, linked or system)"
    )]
    UnknownScreen(String),
    #[error("unknown AI level `{0}` ({} or 0 to {})", LEVEL_NAMES.join(", "), LEVEL_NAMES.len() - 1)]
    UnknownLevel(String),
    #[error("`{0}` is not X,Y")]
    NotAPoint(String),
    #[error("`{0}` is not WIDTHxHEIGHT")]
    NotASize(String),
    /// One number of a point or a size (`x`, `y`, `width`, `height`).
    #[error("bad {what} in `{text}`")]
    BadNumber { what: &'static str, text: String },
    #[error("window size `{0}` is out of range")]
    WindowSize(String),
    #[error("--ms-players: 2 to 4 players, not {0}")]
    MsPlayers(u8),
    #[error("--ms-humans: at most {players} people for {players} players, not {humans}")]
    MsHumans { players: u8, humans: u8 },
    /// A problem inside an option's value (`--ms-script`, `--rover-level`, `--rover-keys`).
    #[error("{option}: {error}")]
    InOption {
        option: &'static str,
        error: Box<ClientError>,
    },
    #[error("`{word}`: `{value}` is not a number")]
    NotANumber { word: String, value: String },
    #[error("`{word}`: `{value}` is not C,R")]
    NotACell { word: String, value: String },
    #[error("unknown script word `{0}`")]
    UnknownWord(String),
    #[error("unknown script word `{word}` (steps start with {words})")]
    UnknownStep { word: String, words: &'static str },
    #[error(
        "--script plays the card table (--screen guide or table); Mothership takes \
         --ms-script, RoveR --rover-keys"
    )]
    ScriptWithoutTable,
    #[error("`{0}` needs a name")]
    ScriptNeedsName(String),
    #[error("`{word}` takes nothing after it, found `{extra}`")]
    ScriptExtra { word: String, extra: String },
    #[error("line {line}: {error}")]
    ScriptLine {
        line: usize,
        error: Box<ClientError>,
    },
    /// A step the screen could not play: the step, why, and what the screen shows instead.
    #[error("script line {line} `{step}`: {why}")]
    ScriptStep {
        line: usize,
        step: String,
        why: String,
    },
    #[error("`{0}` is not a control (w a s d 1 2 3 enter l space i r f undo h esc + -)")]
    UnknownControl(String),
    #[error("`{0}` is neither `default` nor a level seed")]
    NotALevel(String),
    /// A scenario, save, replay or deck file that cannot be read or played; the reader's
    /// message names the file, line and field.
    #[error("{0}")]
    File(String),
    /// A table that cannot be set up: every problem, with its field.
    #[error("{}", .0.join("; "))]
    Table(Vec<String>),
    #[error("{}: {message}", path.display())]
    Read { path: PathBuf, message: String },
    #[error("cannot write {}: {message}", path.display())]
    Write { path: PathBuf, message: String },
    #[error("{} is not valid UTF-8", .0.display())]
    NotUtf8(PathBuf),
    #[error("{}: unknown game `{game}` (games: {games})", path.display())]
    UnknownGame {
        path: PathBuf,
        game: String,
        games: String,
    },
    #[error("{}: no replay board for `{game}`", path.display())]
    NoReplayBoard { path: PathBuf, game: String },
    #[error(transparent)]
    Save(#[from] SaveError),
    #[error("no game is running")]
    NoGame,
    #[error("the save describes no game")]
    SaveWithoutGame,
    #[error("no cards to play with")]
    NoCards,
    #[error("no card database")]
    NoCardDatabase,
    #[error("no cards or decks to play with")]
    NoDecks,
    #[error("no cards or decks for the table")]
    NoTable,
    #[error("the guided match's decks: {0}")]
    GuideDeck(String),
    #[error("fix the deck's problems first")]
    DeckProblems,
    #[error("no AI available")]
    NoAi,
    #[error("type a file name")]
    NoFileName,
    #[error("a plain file name, saved in the decks directory")]
    NotPlainFileName,
    #[error("egui layer shader: {0}")]
    Shader(String),
}

impl ClientError {
    /// This error, said of an option's value.
    pub fn in_option(self, option: &'static str) -> ClientError {
        ClientError::InOption {
            option,
            error: Box::new(self),
        }
    }
    /// A file error, from its reader's message.
    pub fn file(e: impl std::fmt::Display) -> ClientError {
        ClientError::File(e.to_string())
    }
}
