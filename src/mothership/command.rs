//! Commands: every decision a player makes. Text form in [`super::notation`].
use super::ids::{Cell, ShipId, UnitId};
use super::stats::Kind;

/// What a carrier loads (M8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    Unit(UnitId),
    /// Ore lying on this cell.
    Ore(Cell),
}

/// What leaves a carrier (M8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cargo {
    Unit(UnitId),
    Ore,
}

/// Where an unloaded or deployed unit goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Cell(Cell),
    /// Into this carrier (transship, M30).
    Carrier(UnitId),
    /// Inside the ship the carrier is in (free, §9.1).
    Ship,
}

/// A destroyer that fires (M11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shooter {
    Unit(UnitId),
    /// The turret on this pod.
    Turret(Cell),
}

/// A command of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// M18: the dome's cell and orientation (0: pods east, north-west, south-west; 1: the
    /// other three sides).
    Land { dome: Cell, orient: u8 },
    /// M19: a unit from the ship to a cell or into a deployed carrier.
    Deploy { unit: UnitId, to: Target },
    /// M7: one cell.
    Move { unit: UnitId, to: Cell },
    /// Several moves along a shortest legal path (1 point per cell): `move` repeated.
    Go { unit: UnitId, to: Cell },
    /// M8.
    Load { carrier: UnitId, item: Item },
    /// M8, M30.
    Unload {
        carrier: UnitId,
        cargo: Cargo,
        to: Target,
    },
    /// M9, M15: enter a ship through the pod on this cell.
    Enter { unit: UnitId, pod: Cell },
    /// M9: leave the ship through a pod to a cell next to it.
    Leave { unit: UnitId, pod: Cell, to: Cell },
    /// M11.
    Fire {
        a: Shooter,
        b: Shooter,
        target: Cell,
    },
    /// M11's second unit: `unit` steps into `to`, then it and `with` fire at `target`.
    Assault {
        unit: UnitId,
        to: Cell,
        with: Shooter,
        target: Cell,
    },
    /// M13.
    Capture {
        a: UnitId,
        b: UnitId,
        target: UnitId,
    },
    /// M12, M27.
    Retreat { unit: UnitId, to: Cell },
    /// M17.
    Build { layer: UnitId, kind: Kind, to: Cell },
    /// M16: the turret on this pod.
    Repair { pod: Cell },
    /// M21: turn 25.
    TakeOff { ship: ShipId },
    /// M21: the sealed turn-21 choice, a bit per ship that leaves.
    Seal { leave: u8 },
    /// Plays the rest of the turn (deployment included) by the built-in planner in one of
    /// its styles, then ends it (see [`super::planner`]).
    Plan { style: u8 },
    /// Ends the player's turn (or landing/deployment).
    End,
}

impl Command {
    /// The unit that acts, if one does.
    pub fn actor(&self) -> Option<UnitId> {
        match *self {
            Command::Deploy { unit, .. }
            | Command::Move { unit, .. }
            | Command::Go { unit, .. }
            | Command::Enter { unit, .. }
            | Command::Leave { unit, .. }
            | Command::Assault { unit, .. }
            | Command::Retreat { unit, .. } => Some(unit),
            Command::Load { carrier, .. } | Command::Unload { carrier, .. } => Some(carrier),
            Command::Capture { a, .. } => Some(a),
            Command::Build { layer, .. } => Some(layer),
            Command::Fire {
                a: Shooter::Unit(u),
                ..
            } => Some(u),
            _ => None,
        }
    }

    /// Short name for messages (the notation's verb: `move`, `seal`).
    pub fn name(&self) -> &'static str {
        match self {
            Command::Land { .. } => "land",
            Command::Deploy { .. } => "deploy",
            Command::Move { .. } => "move",
            Command::Go { .. } => "go",
            Command::Load { .. } => "load",
            Command::Unload { .. } => "unload",
            Command::Enter { .. } => "enter",
            Command::Leave { .. } => "leave",
            Command::Fire { .. } => "fire",
            Command::Assault { .. } => "assault",
            Command::Capture { .. } => "capture",
            Command::Retreat { .. } => "retreat",
            Command::Build { .. } => "build",
            Command::Repair { .. } => "repair",
            Command::TakeOff { .. } => "takeoff",
            Command::Seal { .. } => "seal",
            Command::Plan { .. } => "plan",
            Command::End => "end",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::series::MothershipTable;
    use super::super::{apply_into, legal_commands_into, notation, validate, RuleError};
    use super::Command;
    use crate::core::table::Table;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Every command's verb is its first word in the notation, through whole random games,
    /// and a refusal in the sealed turn-21 choice names the refused command (M21).
    #[test]
    fn verbs_are_the_notations_first_words() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut buf = Vec::new();
        let mut choices = 0;
        for (players, seed) in [(2, 3), (3, 5)] {
            let mut s = MothershipTable { players }
                .start(0, &[0], seed)
                .unwrap()
                .state;
            for _ in 0..3000 {
                legal_commands_into(&s, &mut buf);
                if buf.is_empty() {
                    break;
                }
                for c in &buf {
                    let text = notation::format_command(&s, c);
                    assert_eq!(text.split_whitespace().next(), Some(c.name()), "{text}");
                }
                if s.phase == super::super::state::Phase::Choose {
                    choices += 1;
                    match validate(&s, &Command::End) {
                        Err(RuleError::Phase { command, .. }) => assert_eq!(command, "end"),
                        other => panic!("`end` while choosing: {other:?}"),
                    }
                }
                let c = buf[rng.gen_range(0..buf.len())];
                apply_into(&mut s, c, &mut ());
            }
        }
        assert!(choices > 0, "no game reached the turn-21 choice");
    }
}
