//! Mothership in the client: the hex map drawn by the tide ([`hexmap`]), fire zones
//! ([`fire`]), units and cargo ([`units`]), the ships ([`ship`]), the frame's drawing (`draw`),
//! selection and the commands that light up ([`input`]), the side panel ([`panel`]), the score
//! window ([`score`]), the session wrapping the kit's ([`session`], log in plain words from
//! [`words`]), the menu section ([`menu`]) and the games that open without the menu ([`demo`]).
//!
//! Nothing here decides a rule: highlights come from the engine's legal commands and queries,
//! and every command goes through the kit session, which validates and applies it.
pub mod demo;
mod draw;
pub mod fire;
pub mod hexmap;
pub mod input;
pub mod menu;
pub mod panel;
pub mod score;
pub mod screen;
pub mod session;
pub mod ship;
pub mod units;
pub mod words;

pub use screen::{Exit, MsScreen};
pub use session::{Session, Setup};
