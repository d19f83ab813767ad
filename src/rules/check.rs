//! Shared validation steps used by several rules: whose card, which zone, which phase.
use super::error::RuleError;
use crate::ids::CardRef;
use crate::state::{flag, Inst, Phase, State, Zone};

impl State {
    /// The instance, or `NoSuchCard`.
    pub fn checked(&self, r: CardRef) -> Result<&Inst, RuleError> {
        self.get(r).ok_or(RuleError::NoSuchCard(r))
    }

    /// The active player's ship in play, able to maneuver this turn (O8, O9).
    pub fn own_ship(&self, r: CardRef) -> Result<&Inst, RuleError> {
        let c = self.checked(r)?;
        if c.zone != Zone::Ship {
            return Err(RuleError::NotAShip {
                card: r,
                zone: c.zone,
            });
        }
        if c.owner != self.active {
            return Err(RuleError::NotYours(r));
        }
        if c.has(flag::FRESH) {
            return Err(RuleError::EnteredThisTurn(r));
        }
        Ok(c)
    }

    /// The active player's non-destroyed asset in play (O8, O16); tapped or not.
    pub fn own_asset(&self, r: CardRef) -> Result<&Inst, RuleError> {
        let c = self.checked(r)?;
        if c.zone != Zone::Asset {
            return Err(RuleError::NotAnAsset(r));
        }
        if c.owner != self.active {
            return Err(RuleError::NotYours(r));
        }
        if c.has(flag::DESTROYED) {
            return Err(RuleError::Destroyed(r));
        }
        Ok(c)
    }

    /// The active player's untapped, non-destroyed asset (O16, O19–O21).
    pub fn own_ready_asset(&self, r: CardRef, rule: &'static str) -> Result<&Inst, RuleError> {
        let c = self.own_asset(r)?;
        if c.has(flag::TAPPED) {
            return Err(RuleError::Tapped { rule, asset: r });
        }
        Ok(c)
    }

    /// Errors unless the current phase is `phase`.
    pub fn in_phase(&self, phase: Phase, command: &'static str) -> Result<(), RuleError> {
        if self.phase == phase {
            Ok(())
        } else {
            Err(RuleError::WrongPhase {
                command,
                phase: self.phase,
            })
        }
    }
}
