//! 3D globes in the client: the renderer ([`mesh`], [`view3d`]), Globetrotter playable on them
//! ([`session`], [`choice`], [`planet`], [`screen`], [`gt_panel`], [`menu`]), and the card game's
//! linked globe view of assets and orbitals ([`linked`], [`orbits`]).
//!
//! Nothing here decides a rule: every highlight and every click comes from the engines' legal
//! commands. The pure maths (ray picking, ring layout) has unit tests.
pub mod ai;
pub mod choice;
pub mod demo;
pub mod gt_panel;
pub mod linked;
pub mod menu;
pub mod mesh;
pub mod orbits;
pub mod planet;
pub mod screen;
pub mod session;
pub mod view3d;

pub use screen::{Exit, GtScreen};
pub use session::{Session, Setup};
