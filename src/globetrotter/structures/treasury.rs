//! Treasury (G8, G9): `save` stores the turn's action point (at most 3 stored), `spend` takes one
//! out for an extra action this turn. Stored points are lost with the Treasury (destroyed or
//! demolished).
//!
//! A point spent this turn cannot be saved again: `save` is illegal once the player has spent in
//! the turn, so points cannot be cycled and every turn ends. Points already spent stay usable
//! this turn even if the Treasury is destroyed meanwhile.
use super::super::error::RuleError;
use super::super::event::{Event, EventSink};
use super::super::state::{State, Structure, TREASURY_CAP};

pub fn validate_save(s: &State) -> Result<(), RuleError> {
    s.in_play("save")?;
    s.own_structure(Structure::Treasury)
        .map_err(|_| RuleError::NoTreasury)?;
    if s.spent {
        return Err(RuleError::SaveAfterSpend);
    }
    if s.player(s.active).treasury >= TREASURY_CAP {
        return Err(RuleError::TreasuryFull);
    }
    Ok(())
}

pub(crate) fn apply_save(s: &mut State, ev: &mut impl EventSink) {
    let p = s.active;
    let ps = s.player_mut(p);
    ps.treasury += 1;
    let stored = ps.treasury;
    ev.push(Event::Saved { player: p, stored });
}

pub fn validate_spend(s: &State) -> Result<(), RuleError> {
    s.in_play("spend")?;
    s.own_structure(Structure::Treasury)
        .map_err(|_| RuleError::NoTreasury)?;
    if s.player(s.active).treasury == 0 {
        return Err(RuleError::TreasuryEmpty);
    }
    Ok(())
}

pub(crate) fn apply_spend(s: &mut State, ev: &mut impl EventSink) {
    let p = s.active;
    let ps = s.player_mut(p);
    ps.treasury -= 1;
    let stored = ps.treasury;
    s.actions += 1;
    s.spent = true;
    ev.push(Event::Spent { player: p, stored });
}
