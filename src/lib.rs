//! Orbitals: rules engine, data loading, scenarios, AI and (behind the `client` feature) the desktop client.
pub mod globe;
