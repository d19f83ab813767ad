//! The rover's commands (R3) and their validation: pure checks that name the ruling a command
//! breaks. [`super::actions`] performs a command that passed.
use super::error::RuleError;
use super::geom::{Dir, Pos};
use super::ids::Slot;
use super::kinds::Behaviour;
use super::module::Class;
use super::state::{State, ACCESS_DATA};
use super::targeting;
use crate::core::Outcome;

/// One action of the rover (R3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `move D`: the chassis drives one cell (R6).
    Move(Dir),
    /// `ram D`: the chassis rams the adjacent entity (R6, R21).
    Ram(Dir),
    /// `access D`: shuts down the adjacent factory for 5 data (R13).
    Access(Dir),
    /// `use SLOT [D]`: activates a module (R8).
    Use(Slot, Option<Dir>),
    Wait,
    /// `install M SLOT`: the `bay`th bay module (0-based) into an empty slot (R14).
    Install {
        bay: u8,
        slot: Slot,
    },
    /// `remove SLOT`: a slot's module into the bay (R14).
    Remove(Slot),
    /// `refit`: swaps chassis with the chassis pickup underfoot (R5).
    Refit,
}

impl Command {
    /// Can it roll dice (directly or through the entities' turns)? Every command ends the
    /// rover's action, after which the entities act, so any command can.
    pub fn rolls_dice(&self) -> bool {
        true
    }
}

/// The energy a command costs (R4).
pub fn cost(s: &State, cmd: &Command) -> i32 {
    match *cmd {
        Command::Move(_) | Command::Ram(_) => s.rover_chassis().move_cost as i32,
        Command::Use(slot, _) => s
            .rover
            .slot(slot)
            .map(|m| s.db.module(m.module).energy as i32)
            .unwrap_or(0),
        _ => 1,
    }
}

/// The cell beside the rover in `d`, or why there is none.
fn beside(s: &State, d: Dir) -> Result<Pos, RuleError> {
    s.rover
        .at
        .step(d, s.width(), s.height())
        .ok_or(RuleError::Edge {
            from: s.rover.at,
            dir: d,
        })
}

/// Can the rover drive into the cell in `d` (R1, R2, R6, R36)?
pub fn check_step(s: &State, d: Dir) -> Result<(), RuleError> {
    if s.rover.stalled {
        return Err(RuleError::Stalled);
    }
    let p = beside(s, d)?;
    if s.level.terrain(p) == super::map::Terrain::Water {
        return Err(RuleError::Water(p));
    }
    if s.entity_at(p).is_some() {
        return Err(RuleError::Blocked(p));
    }
    Ok(())
}

/// Is the command legal now? Pure: never changes the state.
pub fn validate(s: &State, cmd: &Command) -> Result<(), RuleError> {
    if s.outcome != Outcome::Ongoing {
        return Err(RuleError::GameOver);
    }
    let r = &s.rover;
    match *cmd {
        Command::Wait => return Ok(()),
        Command::Move(d) => check_step(s, d)?,
        Command::Ram(d) => {
            if r.shorted {
                return Err(RuleError::Shorted);
            }
            let p = beside(s, d)?;
            if s.entity_at(p).is_none() {
                return Err(RuleError::NothingToRam(d));
            }
        }
        Command::Access(d) => {
            if r.shorted {
                return Err(RuleError::Shorted);
            }
            let p = beside(s, d)?;
            let e = s.entity_at(p).map(|id| s.entity(id));
            let Some(e) =
                e.filter(|e| matches!(s.db.kind(e.kind).behaviour, Behaviour::Factory { .. }))
            else {
                return Err(RuleError::NoFactory(d));
            };
            if e.shut_down {
                return Err(RuleError::ShutDown);
            }
            if r.data < ACCESS_DATA {
                return Err(RuleError::AccessData {
                    need: ACCESS_DATA,
                    have: r.data,
                });
            }
        }
        Command::Use(slot, dir) => {
            if slot.0 >= s.rover_chassis().slots {
                return Err(RuleError::NoSlot(slot));
            }
            let m = r.slot(slot).ok_or(RuleError::EmptySlot(slot))?;
            let def = s.db.module(m.module);
            match (def.class.aimed(), dir) {
                (true, None) => return Err(RuleError::NeedsDirection),
                (false, Some(_)) => return Err(RuleError::NoDirection),
                _ => {}
            }
            if r.shorted && def.class != Class::Transport {
                return Err(RuleError::Shorted);
            }
            if r.data < def.data as i32 {
                return Err(RuleError::ModuleData {
                    need: def.data as i32,
                    have: r.data,
                });
            }
            if let Some(d) = dir {
                if def.class == Class::Transport {
                    check_step(s, d)?;
                } else if targeting::rover_targets(s, def.class, def.range, Some(d)).is_empty() {
                    return Err(RuleError::NoTarget(d));
                }
            }
        }
        Command::Install { bay, slot } => {
            if slot.0 >= s.rover_chassis().slots {
                return Err(RuleError::NoSlot(slot));
            }
            if bay as usize >= r.bay_len() {
                return Err(RuleError::NoBayModule(bay + 1));
            }
            if r.slot(slot).is_some() {
                return Err(RuleError::SlotTaken(slot));
            }
        }
        Command::Remove(slot) => {
            if slot.0 >= s.rover_chassis().slots {
                return Err(RuleError::NoSlot(slot));
            }
            if r.slot(slot).is_none() {
                return Err(RuleError::NothingToRemove(slot));
            }
            if r.bay_len() >= super::content::BAY_SIZE {
                return Err(RuleError::BayFull);
            }
        }
        Command::Refit => {
            let Some(i) = s.pickup_at(r.at) else {
                return Err(RuleError::NoChassis);
            };
            let super::map::Pickup::Chassis(c) = s.pickups[i].1 else {
                return Err(RuleError::NoChassis);
            };
            let keep = s.db.chassis(c).slots as usize;
            let extra = r.slots[keep..].iter().filter(|m| m.is_some()).count();
            if r.bay_len() + extra > super::content::BAY_SIZE {
                return Err(RuleError::RefitBay);
            }
        }
    }
    let c = cost(s, cmd);
    if c >= r.energy {
        return Err(RuleError::Energy {
            cost: c,
            energy: r.energy,
        });
    }
    Ok(())
}
