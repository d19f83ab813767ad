//! Read-only access to the RoveR state for code outside the engine (tests, tools, the client):
//! the fields themselves are private to the crate, so only the rules change them, through
//! `apply_into`. The rover and the entities are plain values, read through these borrows and
//! the queries in [`super::state`] (`entity`, `entity_at`, `actor_at`, ...).
use super::content::Db;
use super::dice::Dice;
use super::entity::Entity;
use super::geom::Pos;
use super::map::{Level, Pickup};
use super::nav::Nav;
use super::state::State;
use super::vehicle::Rover;
use crate::core::Outcome;
use std::sync::Arc;

impl State {
    /// The content the game plays with: chassis, modules, entity kinds.
    pub fn db(&self) -> &Arc<Db> {
        &self.db
    }
    /// The level: terrain, the pod, the exits.
    pub fn level(&self) -> &Arc<Level> {
        &self.level
    }
    /// Distance fields of the level (the autopilot's evaluation reads them).
    pub fn nav(&self) -> &Arc<Nav> {
        &self.nav
    }
    /// Every entity ever placed, by id (R23, R37); destroyed ones stay, not alive.
    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }
    /// Pickups in reading order (R30).
    pub fn pickups(&self) -> &[(Pos, Pickup)] {
        &self.pickups
    }
    /// The player's rover.
    pub fn rover(&self) -> &Rover {
        &self.rover
    }
    /// The current round, from 1 (R3, R17).
    pub fn round(&self) -> u32 {
        self.round
    }
    /// How the game stands (R17).
    pub fn standing(&self) -> Outcome {
        self.outcome
    }
    /// The dice, with any results still forced.
    pub fn dice(&self) -> &Dice {
        &self.dice
    }
}
