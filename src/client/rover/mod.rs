//! RoveR in the client: one rover on a grid level, played with the seed's keys (R16) or the
//! mouse, or watched while the autopilot plays.
//!
//! * [`session`]: the kit's session (seat, autopilot, pacing, history, undo, autosave) with the
//!   log and the animations of each command's events; [`rv_words`] says them in plain words.
//! * [`controls`]: keys, clicks and scripts as one state machine (slot, aim, targeting filter).
//! * [`grid`] draws the level; [`status`] is the side panel; [`overlay`] the key help and the
//!   end window; [`picker`] the main menu's RoveR section; [`screen`] ties them together.
//!
//! Nothing here decides a rule: commands go through the engine's validation, and the hit
//! chances shown come from [`crate::rover::preview`].
pub mod controls;
pub mod grid;
pub mod overlay;
pub mod picker;
pub mod rv_words;
pub mod screen;
pub mod session;
pub mod status;

pub use screen::{Exit, RoverScreen};
pub use session::{LevelChoice, Session, Setup};
