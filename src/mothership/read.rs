//! Read-only access to the Mothership state for code outside the engine (tests, tools, the
//! client): the fields themselves are private to the crate, so only the rules change them,
//! through `apply_into`. Units, ships and players are plain values, read through these borrows
//! and the queries in [`super::state`] (`unit`, `ship`, `unit_at`, `controller`, ...).
use super::ids::{Cell, Seat, UnitId};
use super::map::Map;
use super::state::{Phase, Player, Ship, State, Unit};
use super::tide::{Tide, TideDeck};
use crate::core::Outcome;
use std::sync::Arc;

impl State {
    /// The planet's map.
    pub fn map(&self) -> &Arc<Map> {
        &self.map
    }
    /// The game turn, 1 to [`super::state::LAST_TURN`] (M4).
    pub fn turn_number(&self) -> u8 {
        self.turn
    }
    /// The seat that plays first each turn.
    pub fn first(&self) -> Seat {
        self.first
    }
    /// The seat to act.
    pub fn active(&self) -> Seat {
        self.active
    }
    /// Landing, deployment, take-off choices, play, or over.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The tide now (M14).
    pub fn tide(&self) -> Tide {
        self.tide
    }
    /// The tide cards still to draw and those set aside (hidden from players, M14).
    pub fn tide_deck(&self) -> &TideDeck {
        &self.deck
    }
    /// Every ship, by id.
    pub fn ships(&self) -> &[Ship] {
        &self.ships
    }
    /// Every unit ever in play, by id; gone ones stay with [`super::state::Loc::Gone`].
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    /// Ore lying on `c` (M20, M32).
    pub fn ore_at(&self, c: Cell) -> bool {
        self.ore[c.index()]
    }
    /// Ore lying on the map, by cell index.
    pub fn ore_cells(&self) -> &[bool] {
        &self.ore
    }
    /// Every seat's counters, in seat order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    /// Tanks and crabs left in the shared reserve (M31).
    pub fn reserve_units(&self) -> [u8; 2] {
        self.reserve_units
    }
    /// No command but retreats has been given yet this turn (M27).
    pub fn retreats_open(&self) -> bool {
        self.retreats_open
    }
    /// Units gained by a ship capture that may retreat free now (M27).
    pub fn free_retreats(&self) -> &[UnitId] {
        &self.free_retreats
    }
    /// How the game stands.
    pub fn standing(&self) -> Outcome {
        self.outcome
    }
    /// Player turns played so far.
    pub fn turns_played(&self) -> u32 {
        self.turns_played
    }
}
