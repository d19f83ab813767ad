//! Modules (R7, R8, R19): their targeting class, abilities, energy, data cost and durability,
//! and the installed copies a rover carries (a module type with its durability left).
use super::ids::ModuleId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A module's targeting class (R7, R9, R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    /// Moves the rover to an adjacent cell; never misses, no target.
    Transport,
    /// Acts on the rover itself; never misses, no target.
    Internal,
    /// Every entity within range (Manhattan), rover excepted; never misses.
    Burst,
    /// The adjacent entity in a direction; hit roll 1d20.
    Local,
    /// The first entity within range in a direction; hit roll 1d12.
    Ranged,
    /// Every entity within range in a direction; hit roll 1d6 each.
    Piercing,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Transport => "transport",
            Class::Internal => "internal",
            Class::Burst => "burst",
            Class::Local => "local",
            Class::Ranged => "ranged",
            Class::Piercing => "piercing",
        }
    }

    /// Needs a direction in `use SLOT D` (R8, R9).
    pub fn aimed(self) -> bool {
        matches!(
            self,
            Class::Transport | Class::Local | Class::Ranged | Class::Piercing
        )
    }

    /// Needs a target to be used (R8).
    pub fn needs_target(self) -> bool {
        matches!(self, Class::Local | Class::Ranged | Class::Piercing)
    }
}

/// One ability of a module (R7, R11), applied in the order of R11.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    Move,
    Repair(u8),
    Shield(u8),
    Generate(u8),
    Damage(u8),
    Analyze(u8),
    Stall,
    Short,
    Teleport,
}

impl Ability {
    /// Reads `move`, `repair 2`, `stall`, ... (module YAML, R7).
    pub fn parse(text: &str) -> Result<Ability, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let amount = |name: &str| -> Result<u8, String> {
            match words.get(1..) {
                Some([n]) => n
                    .parse::<u8>()
                    .ok()
                    .filter(|n| *n >= 1)
                    .ok_or_else(|| format!("`{text}`: {name} takes an amount from 1 to 255")),
                _ => Err(format!(
                    "`{text}`: {name} takes one amount, e.g. `{name} 2`"
                )),
            }
        };
        let bare = |a: Ability| -> Result<Ability, String> {
            if words.len() == 1 {
                Ok(a)
            } else {
                Err(format!("`{text}`: {} takes no amount", words[0]))
            }
        };
        match words.first().copied() {
            Some("move") => bare(Ability::Move),
            Some("stall") => bare(Ability::Stall),
            Some("short") => bare(Ability::Short),
            Some("teleport") => bare(Ability::Teleport),
            Some("repair") => amount("repair").map(Ability::Repair),
            Some("shield") => amount("shield").map(Ability::Shield),
            Some("generate") => amount("generate").map(Ability::Generate),
            Some("damage") => amount("damage").map(Ability::Damage),
            Some("analyze") => amount("analyze").map(Ability::Analyze),
            _ => Err(format!(
                "unknown ability `{text}` (move, repair N, shield N, generate N, damage N, \
                 analyze N, stall, short, teleport)"
            )),
        }
    }

    /// Does it act on a target entity (R7: not on transport or internal modules)?
    pub fn targeted(self) -> bool {
        matches!(
            self,
            Ability::Damage(_)
                | Ability::Analyze(_)
                | Ability::Stall
                | Ability::Short
                | Ability::Teleport
        )
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ability::Move => write!(f, "move"),
            Ability::Repair(n) => write!(f, "repair {n}"),
            Ability::Shield(n) => write!(f, "shield {n}"),
            Ability::Generate(n) => write!(f, "generate {n}"),
            Ability::Damage(n) => write!(f, "damage {n}"),
            Ability::Analyze(n) => write!(f, "analyze {n}"),
            Ability::Stall => write!(f, "stall"),
            Ability::Short => write!(f, "short"),
            Ability::Teleport => write!(f, "teleport"),
        }
    }
}

/// A checked module type (R7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleDef {
    pub id: String,
    pub name: String,
    pub class: Class,
    pub energy: u8,
    pub durability: u8,
    pub range: u8,
    /// Data spent per use (R8, R13).
    pub data: u8,
    pub abilities: Vec<Ability>,
}

impl ModuleDef {
    pub fn has(&self, a: impl Fn(&Ability) -> bool) -> bool {
        self.abilities.iter().any(a)
    }
}

/// An installed or carried module: its type and durability left (R8; R29 full at start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ModuleInst {
    pub module: ModuleId,
    pub durability: u8,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abilities_parse_with_their_amounts() {
        assert_eq!(Ability::parse("move"), Ok(Ability::Move));
        assert_eq!(Ability::parse("repair 2"), Ok(Ability::Repair(2)));
        assert!(Ability::parse("repair").is_err());
        assert!(Ability::parse("repair 0").is_err());
        assert!(Ability::parse("stall 3").is_err());
        assert!(Ability::parse("fly").is_err());
        assert!(Ability::parse("").is_err());
        assert!(Ability::Teleport.targeted() && !Ability::Shield(1).targeted());
    }
}
