//! The game state of Mothership: units and where they are (map, cargo, ship), ships with their
//! pods and turrets, players' action points, the tide, the phase and whose turn it is, and the
//! seeded generator. Queries that every rule shares live here (controller of a unit, what
//! stands on a cell, whether a unit is in its element).
use super::ids::{Cell, Seat, ShipId, UnitId};
use super::map::{Map, Terrain};
use super::stats::{stats, Element, Holds, Kind};
use super::tide::{element_of, Tide, TideDeck};
use super::zones::Zones;
use crate::core::Outcome;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// Last game turn (M4).
pub const LAST_TURN: u8 = 25;
/// The turn of the sealed take-off choice (M21).
pub const CHOICE_TURN: u8 = 21;
/// Shots per destroyer per turn (M11).
pub const SHOTS: u8 = 2;
/// Most slots of any carrier.
pub const MAX_CARGO: usize = 4;
/// No unit / no ship on a cell.
pub const NOBODY: u16 = u16::MAX;

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loc {
    Map(Cell),
    /// Carried by this unit.
    Cargo(UnitId),
    /// Inside this ship (landed, departed or not landed yet).
    Ship(ShipId),
    /// Destroyed.
    Gone,
}

/// One slot-holder of a carrier's cargo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    Ore,
    Unit(UnitId),
}

/// A unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub kind: Kind,
    /// Its ship's id (M14).
    pub colour: ShipId,
    pub loc: Loc,
    pub shots: u8,
    pub cargo: [Option<Slot>; MAX_CARGO],
    /// Has retreated this turn (M27).
    pub retreated: bool,
    /// Units built this turn (M17), and whether one was a crab.
    pub builds: u8,
    pub built_crab: bool,
}

impl Unit {
    pub fn new(kind: Kind, colour: ShipId, loc: Loc) -> Unit {
        Unit {
            kind,
            colour,
            loc,
            shots: SHOTS,
            cargo: [None; MAX_CARGO],
            retreated: false,
            builds: 0,
            built_crab: false,
        }
    }
    pub fn cell(&self) -> Option<Cell> {
        match self.loc {
            Loc::Map(c) => Some(c),
            _ => None,
        }
    }
    pub fn cargo(&self) -> impl Iterator<Item = Slot> + '_ {
        self.cargo.iter().flatten().copied()
    }
    pub fn ore(&self) -> usize {
        self.cargo().filter(|s| *s == Slot::Ore).count()
    }
}

/// A ship's state (M9, M15, M21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShipStatus {
    /// Turn 1, before its landing.
    Orbiting,
    Landed,
    Departed,
    Stranded,
}

/// A spaceship: dome, three pods with turrets (M9); its id is its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ship {
    pub controller: Seat,
    /// The player who captured it (only they repair, M16).
    pub captor: Option<Seat>,
    pub status: ShipStatus,
    pub dome: Cell,
    pub pods: [Cell; 3],
    pub turrets: [bool; 3],
    pub turret_shots: [u8; 3],
    /// Ore inside (never leaves, M9).
    pub ore: u16,
    /// Its score once departed (M22).
    pub score: u16,
}

impl Ship {
    pub fn destroyed_turrets(&self) -> u16 {
        self.turrets.iter().filter(|t| !**t).count() as u16
    }
    pub fn on_planet(&self) -> bool {
        self.status == ShipStatus::Landed
    }
    pub fn cells(&self) -> [Cell; 4] {
        [self.dome, self.pods[0], self.pods[1], self.pods[2]]
    }
    pub fn pod_index(&self, c: Cell) -> Option<usize> {
        self.pods.iter().position(|&p| p == c)
    }
}

/// A player's points and standing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Points left this turn (M6).
    pub points: u16,
    /// Points saved for the next turn.
    pub reserve: u16,
    pub lost: bool,
    /// The sealed turn-21 choice: bit per ship leaving (M21); `None` until chosen.
    pub sealed: Option<u8>,
    /// The turn-21 budget left after lift-off (M35).
    pub pending: Option<u16>,
}

/// The part of the game being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Turn 1: ships land (M18).
    Landing,
    /// Turn 2: units deploy (M19).
    Deploy,
    /// Start of turn 21: sealed take-off choices (M21).
    Choose,
    Play,
    Over,
}

/// The whole game.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) map: Arc<Map>,
    pub(crate) turn: u8,
    pub(crate) first: Seat,
    pub(crate) active: Seat,
    pub(crate) phase: Phase,
    pub(crate) tide: Tide,
    pub(crate) deck: TideDeck,
    pub(crate) ships: Vec<Ship>,
    pub(crate) units: Vec<Unit>,
    /// Ore lying on each cell (M20, M32).
    pub(crate) ore: Vec<bool>,
    /// The unit on each cell, or [`NOBODY`].
    pub(crate) board: Vec<u16>,
    /// The ship on each cell (dome or pod), or [`NOBODY`].
    pub(crate) ship_at: Vec<u16>,
    pub(crate) players: Vec<Player>,
    /// The shared reserve: tanks, crabs (M31).
    pub(crate) reserve_units: [u8; 2],
    /// No command but retreats yet this turn (M27).
    pub(crate) retreats_open: bool,
    /// Units gained by a ship capture that may retreat free now (M27).
    pub(crate) free_retreats: Vec<UnitId>,
    pub(crate) outcome: Outcome,
    pub(crate) rng: ChaCha8Rng,
    /// Player turns played (statistics, agents' horizons).
    pub(crate) turns_played: u32,
    /// The fire zones of this position, computed on first use; cleared by every command.
    pub(crate) zone_cache: OnceLock<Arc<Zones>>,
}

impl State {
    pub fn num_players(&self) -> usize {
        self.players.len()
    }
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.players.len() as u8).map(Seat)
    }
    pub fn unit(&self, u: UnitId) -> &Unit {
        &self.units[u.index()]
    }
    pub(crate) fn unit_mut(&mut self, u: UnitId) -> &mut Unit {
        &mut self.units[u.index()]
    }
    pub fn unit_ids(&self) -> impl Iterator<Item = UnitId> {
        (0..self.units.len() as u16).map(UnitId)
    }
    pub fn ship(&self, s: ShipId) -> &Ship {
        &self.ships[s.index()]
    }
    pub fn ship_ids(&self) -> impl Iterator<Item = ShipId> {
        (0..self.ships.len() as u8).map(ShipId)
    }
    pub fn player(&self, p: Seat) -> &Player {
        &self.players[p.index()]
    }
    pub(crate) fn player_mut(&mut self, p: Seat) -> &mut Player {
        &mut self.players[p.index()]
    }
    pub fn terrain(&self, c: Cell) -> Terrain {
        self.map.terrain(c)
    }
    /// Land or sea now.
    pub fn element_at(&self, c: Cell) -> Element {
        element_of(self.map.terrain(c), self.tide)
    }
    pub fn unit_at(&self, c: Cell) -> Option<UnitId> {
        let u = self.board[c.index()];
        (u != NOBODY).then_some(UnitId(u))
    }
    pub fn ship_on(&self, c: Cell) -> Option<ShipId> {
        let s = self.ship_at[c.index()];
        (s != NOBODY).then_some(ShipId(s as u8))
    }
    /// Nothing on the cell: no unit, no ore, no ship (M7, M32).
    pub fn is_empty(&self, c: Cell) -> bool {
        self.board[c.index()] == NOBODY && !self.ore[c.index()] && self.ship_at[c.index()] == NOBODY
    }
    /// Who gives `u` orders: its colour's ship's controller while that ship is on the planet
    /// (or about to land); nobody once it departed (deactivated, M21) or if destroyed.
    pub fn controller(&self, u: UnitId) -> Option<Seat> {
        let unit = self.unit(u);
        if unit.loc == Loc::Gone {
            return None;
        }
        let ship = self.ship(unit.colour);
        match ship.status {
            ShipStatus::Landed | ShipStatus::Orbiting => Some(ship.controller),
            ShipStatus::Departed | ShipStatus::Stranded => None,
        }
    }
    /// The ship's controller while it is on the planet.
    pub fn ship_controller(&self, s: ShipId) -> Option<Seat> {
        let ship = self.ship(s);
        ship.on_planet().then_some(ship.controller)
    }
    /// On the map in a cell of its element now (not stuck or aground, M2, M26).
    pub fn in_element(&self, u: UnitId) -> bool {
        let unit = self.unit(u);
        match unit.loc {
            Loc::Map(c) => self.element_at(c) == stats().of(unit.kind).element,
            _ => false,
        }
    }
    /// Slots used in a carrier (a crab takes 2 in a barge whatever it holds, M30).
    pub fn slots_used(&self, carrier: UnitId) -> u8 {
        self.unit(carrier)
            .cargo()
            .map(|s| match s {
                Slot::Ore => 1,
                Slot::Unit(u) => stats().of(self.unit(u).kind).slots.unwrap_or(4),
            })
            .sum()
    }
    /// Can `carrier` take one more `what` now (room, kind; M5, M30)?
    pub fn has_room_for(&self, carrier: UnitId, what: Slot) -> bool {
        let c = self.unit(carrier);
        let st = stats();
        let cs = st.of(c.kind);
        let need = match what {
            Slot::Ore => {
                if cs.holds == Holds::Nothing {
                    return false;
                }
                1
            }
            Slot::Unit(u) => {
                let k = self.unit(u).kind;
                if !st.can_carry(c.kind, k) {
                    return false;
                }
                st.of(k).slots.unwrap_or(u8::MAX)
            }
        };
        self.slots_used(carrier) + need <= cs.capacity
    }
    /// Ships the player controls on the planet.
    pub fn ships_on_planet(&self, p: Seat) -> usize {
        self.ships
            .iter()
            .filter(|s| s.on_planet() && s.controller == p)
            .count()
    }
    /// Still plays turns: controls a ship on the planet (or one still to land).
    pub fn in_play(&self, p: Seat) -> bool {
        !self.player(p).lost
            && self.ships.iter().any(|s| {
                s.controller == p && matches!(s.status, ShipStatus::Landed | ShipStatus::Orbiting)
            })
    }
    /// The units inside a ship (not in cargo).
    pub fn units_in_ship(&self, s: ShipId) -> impl Iterator<Item = UnitId> + '_ {
        self.unit_ids()
            .filter(move |&u| self.unit(u).loc == Loc::Ship(s))
    }
    /// Every unit carried by `u`, at any depth.
    pub fn nested_cargo(&self, u: UnitId, out: &mut Vec<UnitId>) {
        for s in self.unit(u).cargo() {
            if let Slot::Unit(v) = s {
                out.push(v);
                self.nested_cargo(v, out);
            }
        }
    }
    /// The cell of a unit or of whatever carries it, if on the map.
    pub fn map_cell(&self, u: UnitId) -> Option<Cell> {
        match self.unit(u).loc {
            Loc::Map(c) => Some(c),
            Loc::Cargo(v) => self.map_cell(v),
            _ => None,
        }
    }
    /// `col,row` (M24).
    pub fn cell_name(&self, c: Cell) -> String {
        let (col, row) = self.map.col_row(c);
        format!("{col},{row}")
    }
}
