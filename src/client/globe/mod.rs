//! 3D globes in the client: the renderer ([`mesh`], [`view3d`]), Globetrotter playable on them
//! ([`session`] (its AI on the shared `ai_thread`), [`choice`], [`planet`], [`screen`] with its drawing in `gt_draw`,
//! [`gt_panel`] with its log in plain words from [`gt_words`], [`menu`], [`demo`]), and the card game's linked globe view of assets and
//! orbitals ([`linked`] with its scene in `linked_scene` and its ships' motion in `glide`, [`orbits`]). See
//! `docs/client-globe.md`.
//!
//! Nothing here decides a rule: every highlight and every click comes from the engines' legal
//! commands. The pure maths (ray picking, ring layout) has unit tests.
pub mod choice;
pub mod demo;
mod glide;
mod gt_draw;
pub mod gt_panel;
pub mod gt_words;
pub mod linked;
mod linked_scene;
pub mod menu;
pub mod mesh;
pub mod orbits;
pub mod planet;
pub mod screen;
pub mod session;
pub mod view3d;

pub use screen::{Exit, GtScreen};
pub use session::{Session, Setup};
