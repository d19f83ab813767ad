//! Rule errors: why a command is illegal, each naming the ruling that forbids it.
use crate::ids::CardRef;
use crate::state::{Phase, Zone};

/// An illegal command. The state is unchanged when one is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("O25: the game is over")]
    GameOver,
    #[error("O25: that player is no longer in the game")]
    NotInGame,
    #[error("O4: {command} is not allowed in the {phase:?} phase")]
    WrongPhase { command: &'static str, phase: Phase },
    #[error("card {0:?} does not exist")]
    NoSuchCard(CardRef),
    #[error("O4: card {0:?} belongs to another player")]
    NotYours(CardRef),
    #[error("O8: card {card:?} is not a spacecraft in play (it is in zone {zone:?})")]
    NotAShip { card: CardRef, zone: Zone },
    #[error("O8: card {0:?} is not an asset in play")]
    NotAnAsset(CardRef),
    #[error("O9: spacecraft {0:?} entered play this turn and cannot maneuver")]
    EnteredThisTurn(CardRef),
    #[error("{rule}: needs {need} delta-vee, has {have}")]
    NotEnoughDeltaVee {
        rule: &'static str,
        need: u8,
        have: u8,
    },
    #[error("O11: orbital {0} does not exist")]
    NoSuchOrbital(u8),
    #[error("O11: a burn moves exactly one orbital up or down")]
    NotAdjacentOrbital,
    #[error("O11: only a ship in the outermost orbital can transfer")]
    NotOutermost,
    #[error("O11: a transfer goes to another asset")]
    SameAsset,
    #[error("O13: the target must be an enemy spacecraft")]
    NotEnemy,
    #[error("O13: the target must orbit the same asset")]
    NotSameAsset,
    #[error("O13: X must be between 1 and the ship's delta-vee ({have})")]
    BadX { have: u8 },
    #[error("O14: refit needs orbital 0 of a friendly asset that is not destroyed")]
    RefitPlace,
    #[error(
        "O14: the new card must be a spacecraft in hand of the same class and construction cost"
    )]
    RefitMismatch,
    #[error("O15: bombardment needs full delta-vee ({max}), the ship has {have}")]
    NotFullDeltaVee { max: u8, have: u8 },
    #[error("O15: the target must be the enemy asset orbited or its upgrade")]
    BombardTarget,
    #[error("O16: asset {0:?} is destroyed")]
    Destroyed(CardRef),
    #[error("{rule}: asset {asset:?} is already tapped")]
    Tapped { rule: &'static str, asset: CardRef },
    #[error("O20: asset {0:?} has no damage")]
    NoDamage(CardRef),
    #[error("O21: card {0:?} is not in hand")]
    NotInHand(CardRef),
    #[error("O21: {0}")]
    Project(&'static str),
    #[error("O21: asset {asset:?} has no factory for this class")]
    NoFactory { asset: CardRef },
    #[error("O21: no asset project may be helped by an asset with enemy spacecraft in its orbit")]
    EnemyInOrbit,
    #[error("O22: population limit {limit} would be exceeded ({used} used, needs {needs})")]
    Population { limit: u8, used: u8, needs: u8 },
}

impl RuleError {
    /// The ruling id this error cites, e.g. `"O13"`.
    pub fn rule(&self) -> &'static str {
        match self {
            RuleError::GameOver | RuleError::NotInGame => "O25",
            RuleError::WrongPhase { .. } | RuleError::NotYours(_) => "O4",
            RuleError::NoSuchCard(_) | RuleError::NotAShip { .. } | RuleError::NotAnAsset(_) => {
                "O8"
            }
            RuleError::EnteredThisTurn(_) => "O9",
            RuleError::NotEnoughDeltaVee { rule, .. } | RuleError::Tapped { rule, .. } => rule,
            RuleError::NoSuchOrbital(_)
            | RuleError::NotAdjacentOrbital
            | RuleError::NotOutermost
            | RuleError::SameAsset => "O11",
            RuleError::NotEnemy | RuleError::NotSameAsset | RuleError::BadX { .. } => "O13",
            RuleError::RefitPlace | RuleError::RefitMismatch => "O14",
            RuleError::NotFullDeltaVee { .. } | RuleError::BombardTarget => "O15",
            RuleError::Destroyed(_) => "O16",
            RuleError::NoDamage(_) => "O20",
            RuleError::NotInHand(_)
            | RuleError::Project(_)
            | RuleError::NoFactory { .. }
            | RuleError::EnemyInOrbit => "O21",
            RuleError::Population { .. } => "O22",
        }
    }
}
