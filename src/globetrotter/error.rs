//! Rule errors: why a command is illegal, each naming the ruling (G1–G18) that forbids it. The
//! state is unchanged whenever one is returned.
use super::state::{Loc, PieceKind, PlanetId, Structure};
use crate::ids::PlayerId;

/// An illegal command or table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("G10: the game is over")]
    GameOver,
    #[error("{rule}: {players} players; Globetrotter takes 2 to 6", rule = if *.players > 6 { "G17" } else { "G11" })]
    PlayerCount { players: u8 },
    #[error("G17: {planets} planets; Globetrotter is played on 1 to 8")]
    PlanetCount { planets: u8 },
    #[error("G17: a turn limit of 0 leaves no turn to play; set 1 or more")]
    NoTurns,
    #[error("G11: `{command}` is only legal during setup")]
    NotSetup { command: &'static str },
    #[error("G11: `{command}` is not legal during setup; place a rover on an empty HQ")]
    InSetup { command: &'static str },
    #[error("G11: the first rover goes on an HQ, {0} is not one")]
    PlaceNotHq(Loc),
    #[error("G11: HQ {0} is not empty")]
    PlaceOccupied(Loc),
    #[error("G13: planet {0} does not exist")]
    NoSuchPlanet(PlanetId),
    #[error("G8: planet {0} was destroyed")]
    PlanetDestroyed(PlanetId),
    #[error("G1: space {0} is not a playable space")]
    NotPlayable(Loc),
    #[error("G9: there is no rover of yours on {0}")]
    NoOwnRover(Loc),
    #[error("{rule}: {to} is not adjacent to {from}")]
    NotAdjacent {
        rule: &'static str,
        from: Loc,
        to: Loc,
    },
    #[error("G4: {0} holds a rover")]
    HoldsRover(Loc),
    #[error("G4: {0} holds a building (only your own Space Port can be entered)")]
    HoldsBuilding(Loc),
    #[error("G15: {0} is another player's Space Port: a rover enters orbit only through its own")]
    EnemySpacePort(Loc),
    #[error("G4: {0} holds an enemy fortification")]
    EnemyFort(Loc),
    #[error("G12: the rover on {from} faces {facing}, not {to}")]
    NotFacing { from: Loc, to: Loc, facing: Loc },
    #[error("G12: the rover on {0} faces the edge of the board")]
    FacingWall(Loc),
    #[error("G12: {0}")]
    Facing(&'static str),
    #[error("G5: {at} cannot be fortified: {why}")]
    Fortify { at: Loc, why: &'static str },
    #[error("G6: there is no {kind} on {at}", kind = .kind.name())]
    NoTarget { at: Loc, kind: PieceKind },
    #[error("G6: the {kind} on {at} is not an enemy's", kind = .kind.name())]
    NotEnemy { at: Loc, kind: PieceKind },
    #[error("G2: {to} is {distance} from {from}; range is at most 3")]
    OutOfRange { from: Loc, to: Loc, distance: u8 },
    #[error("G7: {0} is not an HQ")]
    BuildNotHq(Loc),
    #[error("G7: HQ {at} is not empty: {why}")]
    BuildNotEmpty { at: Loc, why: &'static str },
    #[error("G7: you already have a {kind}", kind = .kind.name())]
    AlreadyOwn { kind: Structure },
    #[error("G7: neighbour {0} of the HQ holds neither your fortification nor your rover")]
    NotSurrounded(Loc),
    #[error("G7: {0}")]
    Exit(&'static str),
    #[error("G8: you have no {kind}", kind = .kind.name())]
    NoStructure { kind: Structure },
    #[error("G8: {at} is not next to your {kind}", kind = .kind.name())]
    NotNextTo { at: Loc, kind: Structure },
    #[error(
        "G8: {0} cannot take a new rover (it needs no rover, no building, no enemy fortification)"
    )]
    Blocked(Loc),
    #[error("G8: the rover on {0} already has 5 hit points")]
    FullHealth(Loc),
    #[error("G8: the Drill Cannon is already ready")]
    AlreadyReady,
    #[error("G8: the Drill Cannon must be readied first")]
    NotReady,
    #[error("G8: the Drill Cannon has not been aimed")]
    NotAimed,
    #[error("G15: the Drill Cannon aims only at its own planet ({0})")]
    AimOffPlanet(PlanetId),
    #[error("G8: there is no rover number {0} in orbit")]
    NoOrbitRover(u8),
    #[error("G9: rover number {0} in orbit belongs to {1}")]
    NotYourOrbitRover(u8, PlayerId),
    #[error("G8: a rover can descend onto {0} only next to your Space Port: it borders an enemy fortification")]
    BordersEnemyFort(Loc),
    #[error("G15: {0} holds no building of yours (you may demolish only your own)")]
    NotYourBuilding(Loc),
    #[error("G9: you have no Treasury")]
    NoTreasury,
    #[error("G9: the Treasury already holds 3 action points")]
    TreasuryFull,
    #[error("G9: the Treasury is empty")]
    TreasuryEmpty,
    #[error("G9: a point spent from the Treasury this turn cannot be saved again")]
    SaveAfterSpend,
}

impl RuleError {
    /// The ruling id this error cites, e.g. `"G4"`.
    pub fn rule(&self) -> &'static str {
        use RuleError as E;
        match self {
            E::GameOver => "G10",
            E::PlayerCount { players } if *players > 6 => "G17",
            E::PlanetCount { .. } | E::NoTurns => "G17",
            E::AimOffPlanet(_) | E::NotYourBuilding(_) | E::EnemySpacePort(_) => "G15",
            E::PlayerCount { .. }
            | E::NotSetup { .. }
            | E::InSetup { .. }
            | E::PlaceNotHq(_)
            | E::PlaceOccupied(_) => "G11",
            E::NoSuchPlanet(_) => "G13",
            E::NotPlayable(_) => "G1",
            E::OutOfRange { .. } => "G2",
            E::HoldsRover(_) | E::HoldsBuilding(_) | E::EnemyFort(_) => "G4",
            E::NotAdjacent { rule, .. } => rule,
            E::Fortify { .. } => "G5",
            E::NoTarget { .. } | E::NotEnemy { .. } => "G6",
            E::BuildNotHq(_)
            | E::BuildNotEmpty { .. }
            | E::AlreadyOwn { .. }
            | E::NotSurrounded(_)
            | E::Exit(_) => "G7",
            E::PlanetDestroyed(_)
            | E::NoStructure { .. }
            | E::NotNextTo { .. }
            | E::Blocked(_)
            | E::FullHealth(_)
            | E::AlreadyReady
            | E::NotReady
            | E::NotAimed
            | E::NoOrbitRover(_)
            | E::BordersEnemyFort(_) => "G8",
            E::NoOwnRover(_)
            | E::NotYourOrbitRover(..)
            | E::NoTreasury
            | E::TreasuryFull
            | E::TreasuryEmpty
            | E::SaveAfterSpend => "G9",
            E::NotFacing { .. } | E::FacingWall(_) | E::Facing(_) => "G12",
        }
    }
}
