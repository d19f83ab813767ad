//! Orbitals: rules engine, data loading, scenarios, AI and (behind the `client` feature) the desktop client.
pub mod agent;
#[cfg(feature = "client")]
pub mod client;
pub mod data;
pub mod games;
pub mod globe;
pub mod globetrotter;
pub mod ids;
pub mod kit;
pub mod maneuver;
pub mod mothership;
pub mod phase;
pub mod pictures;
pub mod rover;
pub mod rules;
pub mod scenario;
pub mod schemas;
pub mod sink;
pub mod state;

pub use ids::{CardId, CardRef, PlayerId};
pub use rules::{apply, legal_commands, outcome, play, validate, Command, Event, RuleError};
pub use state::{Outcome, Phase, State};
