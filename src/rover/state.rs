//! The game state: the shared content and level, the entities, pickups, the rover, the round,
//! the outcome and the dice. Only [`super::apply_into`] changes it.
use super::content::Db;
use super::dice::Dice;
use super::entity::Entity;
use super::event::Actor;
use super::geom::Pos;
use super::ids::EntityId;
use super::map::{Level, LevelSpec, Pickup, Terrain};
use super::nav::Nav;
use super::vehicle::Rover;
use crate::core::Outcome;
use std::sync::Arc;

/// Uploaded data that wins (R17).
pub const WIN_DATA: i32 = 30;
/// The round whose end loses (R17).
pub const ROUND_LIMIT: u32 = 600;
/// Data an `access` of a factory spends (R13).
pub const ACCESS_DATA: i32 = 5;

/// A game of RoveR.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) db: Arc<Db>,
    pub(crate) level: Arc<Level>,
    /// Distance fields for the autopilot's evaluation (derived from the level; no rule reads it).
    pub(crate) nav: Arc<Nav>,
    /// Per cell: the id of the entity there, 0 for none.
    pub(crate) occ: Vec<u16>,
    /// Every entity ever placed, by id (R23, R37); destroyed ones stay, not alive.
    pub(crate) entities: Vec<Entity>,
    /// Pickups in reading order (R30).
    pub(crate) pickups: Vec<(Pos, Pickup)>,
    pub(crate) rover: Rover,
    /// The current round, from 1 (R3, R17).
    pub(crate) round: u32,
    pub(crate) outcome: Outcome,
    pub(crate) dice: Dice,
}

impl State {
    /// A fresh game on `spec` (R18, R29): the rover on the pod (or the spec's `R`).
    pub fn new(db: Arc<Db>, spec: &LevelSpec, seed: u64) -> State {
        let level = Arc::new(spec.level.clone());
        let mut occ = vec![0u16; level.terrain.len()];
        let mut entities = Vec::with_capacity(spec.entities.len() + 8);
        for (i, &(k, p)) in spec.entities.iter().enumerate() {
            let id = EntityId::from_index(i);
            entities.push(Entity::new(&db, id, k, p));
            occ[level.cell(p)] = id.0;
        }
        let rover = Rover::start(&db, spec.rover.unwrap_or(level.pod));
        let nav = Arc::new(Nav::new(&db, &level, &entities));
        State {
            db,
            level,
            nav,
            occ,
            entities,
            pickups: spec.pickups.clone(),
            rover,
            round: 1,
            outcome: Outcome::Ongoing,
            dice: Dice::new(seed),
        }
    }

    pub fn entity(&self, id: EntityId) -> &Entity {
        &self.entities[id.index()]
    }
    pub(crate) fn entity_mut(&mut self, id: EntityId) -> &mut Entity {
        &mut self.entities[id.index()]
    }

    /// The living entity on `p`.
    pub fn entity_at(&self, p: Pos) -> Option<EntityId> {
        let v = self.occ[self.level.cell(p)];
        (v != 0).then_some(EntityId(v))
    }

    /// The rover or entity on `p`.
    pub fn actor_at(&self, p: Pos) -> Option<Actor> {
        if p == self.rover.at && !self.rover.destroyed {
            return Some(Actor::Rover);
        }
        self.entity_at(p).map(Actor::Entity)
    }

    pub fn pickup_at(&self, p: Pos) -> Option<usize> {
        self.pickups.iter().position(|(q, _)| *q == p)
    }

    /// The pod, a chassis or a cache: cells hostiles avoid (R2, R24, R26).
    pub fn is_place(&self, p: Pos) -> bool {
        p == self.level.pod || self.pickup_at(p).is_some()
    }

    /// Can the rover step onto `p` (R2: floor without a blocking entity)?
    pub fn rover_can_enter(&self, p: Pos) -> bool {
        self.level.terrain(p) == Terrain::Floor && self.entity_at(p).is_none()
    }

    /// Can a hostile step onto `p` (R2, R24, R25, R26): floor with no entity, rover or place?
    pub fn free_for_entity(&self, p: Pos) -> bool {
        self.level.terrain(p) == Terrain::Floor
            && self.entity_at(p).is_none()
            && p != self.rover.at
            && !self.is_place(p)
    }

    /// Moves an entity to `to` (free), keeping the occupancy grid.
    pub(crate) fn move_entity(&mut self, id: EntityId, to: Pos) {
        let from = self.entity(id).at;
        let (a, b) = (self.level.cell(from), self.level.cell(to));
        self.occ[a] = 0;
        self.occ[b] = id.0;
        self.entity_mut(id).at = to;
    }

    /// Places a new entity with the next id (R23, R34).
    pub(crate) fn spawn(&mut self, mut e: Entity) -> EntityId {
        let id = EntityId::from_index(self.entities.len());
        e.id = id;
        let c = self.level.cell(e.at);
        self.occ[c] = id.0;
        self.entities.push(e);
        id
    }

    /// Removes a destroyed entity from the map.
    pub(crate) fn remove_entity(&mut self, id: EntityId) {
        let c = self.level.cell(self.entity(id).at);
        self.occ[c] = 0;
        self.entity_mut(id).alive = false;
    }

    pub fn width(&self) -> u8 {
        self.level.width
    }
    pub fn height(&self) -> u8 {
        self.level.height
    }

    /// The rover's sensitivity, power and the like come from its chassis.
    pub fn rover_chassis(&self) -> &super::chassis::ChassisDef {
        self.db.chassis(self.rover.chassis)
    }
}
