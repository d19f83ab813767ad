//! Validation steps shared by several rules: phase, planet, space, own rover, adjacency and the
//! facing arguments.
use super::error::RuleError;
use super::state::{sides, Loc, Phase, PlanetId, Rover, State, Structure};
use crate::globe::{Board, FaceId};

impl State {
    /// Errors unless the game is in play (not setup, not over).
    pub(crate) fn in_play(&self, command: &'static str) -> Result<(), RuleError> {
        if self.outcome != super::Outcome::Ongoing {
            return Err(RuleError::GameOver);
        }
        match self.phase {
            Phase::Play => Ok(()),
            Phase::Setup => Err(RuleError::InSetup { command }),
        }
    }

    /// The planet exists and was not destroyed (G13, G8).
    pub(crate) fn live_planet(&self, p: PlanetId) -> Result<(), RuleError> {
        if p.0 >= self.config.planets {
            return Err(RuleError::NoSuchPlanet(p));
        }
        if self.planet(p).destroyed {
            return Err(RuleError::PlanetDestroyed(p));
        }
        Ok(())
    }

    /// A playable space of a live planet (G1).
    pub(crate) fn playable(&self, at: Loc) -> Result<(), RuleError> {
        self.live_planet(at.planet)?;
        if Board::get().is_playable(at.face) {
            Ok(())
        } else {
            Err(RuleError::NotPlayable(at))
        }
    }

    /// The active player's rover on `at` (G9: an action is made by one of your pieces).
    pub(crate) fn own_rover(&self, at: Loc) -> Result<Rover, RuleError> {
        self.playable(at)?;
        self.space(at)
            .rover
            .filter(|r| r.owner == self.active)
            .ok_or(RuleError::NoOwnRover(at))
    }

    /// `to` is a playable neighbour of `from` on the same planet.
    pub(crate) fn adjacent(
        &self,
        from: Loc,
        to: FaceId,
        rule: &'static str,
    ) -> Result<Loc, RuleError> {
        let to = from.with(to);
        self.playable(to)?;
        if Board::get().are_adjacent(from.face, to.face) {
            Ok(to)
        } else {
            Err(RuleError::NotAdjacent { rule, from, to })
        }
    }

    /// G4: may a rover of the active player enter `at`?
    pub(crate) fn enterable(&self, at: Loc) -> Result<(), RuleError> {
        let s = self.space(at);
        if s.rover.is_some() {
            Err(RuleError::HoldsRover(at))
        } else if s.building.is_some() {
            Err(RuleError::HoldsBuilding(at))
        } else if s.fort.is_some_and(|o| o != self.active) {
            Err(RuleError::EnemyFort(at))
        } else {
            Ok(())
        }
    }

    /// The facing argument of a new rover on `face`: none without the variant, an edge index
    /// with it (G12). Returns the facing to store.
    pub(crate) fn new_facing(&self, face: FaceId, facing: Option<u8>) -> Result<u8, RuleError> {
        match (self.config.facing, facing) {
            (false, None) => Ok(0),
            (false, Some(_)) => Err(RuleError::Facing(
                "a facing is given only with the facing variant",
            )),
            (true, None) => Err(RuleError::Facing("the facing variant needs a facing")),
            (true, Some(e)) if e < sides(face) => Ok(e),
            (true, Some(_)) => Err(RuleError::Facing("no such edge")),
        }
    }

    /// The side argument of a move: none without the variant, required with it (G12).
    pub(crate) fn side_arg(&self, side: Option<super::Side>) -> Result<(), RuleError> {
        match (self.config.facing, side) {
            (false, None) | (true, Some(_)) => Ok(()),
            (false, Some(_)) => Err(RuleError::Facing(
                "left/right is given only with the facing variant",
            )),
            (true, None) => Err(RuleError::Facing(
                "with the facing variant, say which nearest edge to face: left or right",
            )),
        }
    }

    /// The active player's building of `kind` (G8).
    pub(crate) fn own_structure(&self, kind: Structure) -> Result<Loc, RuleError> {
        self.structure_of(self.active, kind)
            .ok_or(RuleError::NoStructure { kind })
    }
}
