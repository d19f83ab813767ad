//! Card abilities (O27): a closed set of typed effects, read from YAML as tagged enums.
//!
//! Modifiers change a stat while the card is in play; triggers fire at the owner's upkeep or end of
//! turn. Unknown effects or fields are load errors (serde `deny_unknown_fields`).
use serde::{Deserialize, Serialize};

/// Who a modifier applies to.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// The card itself (for an upgrade: the asset it is installed under).
    #[default]
    #[serde(rename = "self")]
    This,
    /// Friendly spacecraft orbiting this asset (assets and upgrades only).
    Orbiting,
}

/// When a triggered ability fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum When {
    Upkeep,
    EndOfTurn,
}

/// One ability, as written in a card's `abilities:` list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "effect", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ability {
    /// + amount to maximum range in combat (O13).
    Range {
        #[schemars(range(min = MODIFIER_RANGE.0, max = MODIFIER_RANGE.1))]
        amount: i8,
        #[serde(default)]
        to: Scope,
    },
    /// + amount to accuracy, the number of combat dice (O13).
    Accuracy {
        #[schemars(range(min = MODIFIER_RANGE.0, max = MODIFIER_RANGE.1))]
        amount: i8,
        #[serde(default)]
        to: Scope,
    },
    /// + amount to defensive delta-vee when targeted (O13).
    Defence {
        #[schemars(range(min = MODIFIER_RANGE.0, max = MODIFIER_RANGE.1))]
        amount: i8,
        #[serde(default)]
        to: Scope,
    },
    /// + amount to maximum delta-vee (O6).
    DeltaVee {
        #[schemars(range(min = MODIFIER_RANGE.0, max = MODIFIER_RANGE.1))]
        amount: i8,
        #[serde(default)]
        to: Scope,
    },
    /// + amount to armor.
    Armor {
        #[schemars(range(min = MODIFIER_RANGE.0, max = MODIFIER_RANGE.1))]
        amount: i8,
        #[serde(default)]
        to: Scope,
    },
    /// + amount to bombardment power (O15).
    Bombardment {
        #[schemars(range(min = MODIFIER_RANGE.0, max = MODIFIER_RANGE.1))]
        amount: i8,
        #[serde(default)]
        to: Scope,
    },
    /// + amount to the asset's construction power (O21). Assets and upgrades.
    ConstructionPower {
        #[schemars(range(min = MODIFIER_RANGE.0, max = MODIFIER_RANGE.1))]
        amount: i8,
    },
    /// + amount cards drawn when the asset researches (O19). Assets and upgrades.
    ResearchDraws {
        #[schemars(range(min = MODIFIER_RANGE.0, max = MODIFIER_RANGE.1))]
        amount: i8,
    },
    /// + amount to the owner's population limit (O22). Assets and upgrades.
    Population {
        #[schemars(range(min = MODIFIER_RANGE.0, max = MODIFIER_RANGE.1))]
        amount: i8,
    },
    /// + amount damage removed when the asset repairs (O20). Assets and upgrades.
    Repair {
        #[schemars(range(min = MODIFIER_RANGE.0, max = MODIFIER_RANGE.1))]
        amount: i8,
    },
    /// Trigger: the owner draws `amount` cards.
    Draw {
        when: When,
        #[schemars(range(min = TRIGGER_RANGE.0, max = TRIGGER_RANGE.1))]
        amount: u8,
    },
    /// Trigger: the asset (or the upgrade's asset) removes `amount` damage. Assets and upgrades.
    RepairAsset {
        when: When,
        #[schemars(range(min = TRIGGER_RANGE.0, max = TRIGGER_RANGE.1))]
        amount: u8,
    },
    /// Trigger: each enemy spacecraft orbiting this asset (or, for a spacecraft, in its orbital)
    /// takes `amount` damage; `orbital` limits it to one orbital of an asset.
    DamageEnemyShips {
        when: When,
        #[schemars(range(min = TRIGGER_RANGE.0, max = TRIGGER_RANGE.1))]
        amount: u8,
        #[serde(default)]
        orbital: Option<u8>,
    },
    /// Trigger: removes up to `amount` debris from the game: for a spacecraft, from its own
    /// orbital; for an asset (or the upgrade's asset), from its orbitals, lowest first.
    ClearDebris {
        when: When,
        #[schemars(range(min = TRIGGER_RANGE.0, max = TRIGGER_RANGE.1))]
        amount: u8,
    },
}

/// Summed stat modifiers of one card for one scope.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Mods {
    pub range: i8,
    pub accuracy: i8,
    pub defence: i8,
    pub delta_vee: i8,
    pub armor: i8,
    pub bombardment: i8,
    pub construction_power: i8,
    pub research_draws: i8,
    pub population: i8,
    pub repair: i8,
}

impl Mods {
    /// Adds another set of modifiers, saturating.
    pub fn add(&mut self, o: &Mods) {
        self.range = self.range.saturating_add(o.range);
        self.accuracy = self.accuracy.saturating_add(o.accuracy);
        self.defence = self.defence.saturating_add(o.defence);
        self.delta_vee = self.delta_vee.saturating_add(o.delta_vee);
        self.armor = self.armor.saturating_add(o.armor);
        self.bombardment = self.bombardment.saturating_add(o.bombardment);
        self.construction_power = self.construction_power.saturating_add(o.construction_power);
        self.research_draws = self.research_draws.saturating_add(o.research_draws);
        self.population = self.population.saturating_add(o.population);
        self.repair = self.repair.saturating_add(o.repair);
    }
}

/// A triggered effect with its timing, as stored in the checked card database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum TriggerEffect {
    Draw(u8),
    RepairAsset(u8),
    DamageEnemyShips { amount: u8, orbital: Option<u8> },
    ClearDebris(u8),
}

/// Range of a modifier's `amount` (`range`, `accuracy`, … `repair`).
pub const MODIFIER_RANGE: (i16, i16) = (-10, 10);
/// Range of a trigger's `amount` (`draw`, `repair_asset`, `damage_enemy_ships`).
pub const TRIGGER_RANGE: (i16, i16) = (1, 10);

impl Ability {
    /// The ability's `amount` with its allowed range (see [`MODIFIER_RANGE`] and
    /// [`TRIGGER_RANGE`]).
    pub fn amount_range(&self) -> Option<(i16, i16, i16)> {
        let (m, t) = (MODIFIER_RANGE, TRIGGER_RANGE);
        Some(match *self {
            Ability::Range { amount, .. }
            | Ability::Accuracy { amount, .. }
            | Ability::Defence { amount, .. }
            | Ability::DeltaVee { amount, .. }
            | Ability::Armor { amount, .. }
            | Ability::Bombardment { amount, .. }
            | Ability::ConstructionPower { amount }
            | Ability::ResearchDraws { amount }
            | Ability::Population { amount }
            | Ability::Repair { amount } => (i16::from(amount), m.0, m.1),
            Ability::Draw { amount, .. }
            | Ability::RepairAsset { amount, .. }
            | Ability::DamageEnemyShips { amount, .. }
            | Ability::ClearDebris { amount, .. } => (i16::from(amount), t.0, t.1),
        })
    }

    /// The modifier this ability adds, with its scope, if it is a modifier.
    pub fn modifier(&self) -> Option<(Scope, Mods)> {
        let mut m = Mods::default();
        let scope = match *self {
            Ability::Range { amount, to } => {
                m.range = amount;
                to
            }
            Ability::Accuracy { amount, to } => {
                m.accuracy = amount;
                to
            }
            Ability::Defence { amount, to } => {
                m.defence = amount;
                to
            }
            Ability::DeltaVee { amount, to } => {
                m.delta_vee = amount;
                to
            }
            Ability::Armor { amount, to } => {
                m.armor = amount;
                to
            }
            Ability::Bombardment { amount, to } => {
                m.bombardment = amount;
                to
            }
            Ability::ConstructionPower { amount } => {
                m.construction_power = amount;
                Scope::This
            }
            Ability::ResearchDraws { amount } => {
                m.research_draws = amount;
                Scope::This
            }
            Ability::Population { amount } => {
                m.population = amount;
                Scope::This
            }
            Ability::Repair { amount } => {
                m.repair = amount;
                Scope::This
            }
            _ => return None,
        };
        Some((scope, m))
    }

    /// The trigger this ability fires, if it is a trigger.
    pub fn trigger(&self) -> Option<(When, TriggerEffect)> {
        match *self {
            Ability::Draw { when, amount } => Some((when, TriggerEffect::Draw(amount))),
            Ability::RepairAsset { when, amount } => {
                Some((when, TriggerEffect::RepairAsset(amount)))
            }
            Ability::DamageEnemyShips {
                when,
                amount,
                orbital,
            } => Some((when, TriggerEffect::DamageEnemyShips { amount, orbital })),
            Ability::ClearDebris { when, amount } => {
                Some((when, TriggerEffect::ClearDebris(amount)))
            }
            _ => None,
        }
    }

    /// True for modifiers that only make sense on assets and upgrades.
    pub fn is_asset_only(&self) -> bool {
        matches!(
            self,
            Ability::ConstructionPower { .. }
                | Ability::ResearchDraws { .. }
                | Ability::Population { .. }
                | Ability::Repair { .. }
                | Ability::RepairAsset { .. }
        )
    }

    /// Short plain-words description for tooltips and `cards show`.
    pub fn describe(&self) -> String {
        fn signed(a: i8) -> String {
            if a >= 0 {
                format!("+{a}")
            } else {
                a.to_string()
            }
        }
        fn scope(s: Scope) -> &'static str {
            match s {
                Scope::This => "",
                Scope::Orbiting => " for friendly spacecraft orbiting this asset",
            }
        }
        fn when(w: When) -> &'static str {
            match w {
                When::Upkeep => "At your upkeep",
                When::EndOfTurn => "At your end of turn",
            }
        }
        match *self {
            Ability::Range { amount, to } => format!("{} range{}", signed(amount), scope(to)),
            Ability::Accuracy { amount, to } => format!("{} accuracy{}", signed(amount), scope(to)),
            Ability::Defence { amount, to } => format!("{} defence{}", signed(amount), scope(to)),
            Ability::DeltaVee { amount, to } => {
                format!("{} delta-vee{}", signed(amount), scope(to))
            }
            Ability::Armor { amount, to } => format!("{} armor{}", signed(amount), scope(to)),
            Ability::Bombardment { amount, to } => {
                format!("{} bombardment power{}", signed(amount), scope(to))
            }
            Ability::ConstructionPower { amount } => {
                format!("{} construction power", signed(amount))
            }
            Ability::ResearchDraws { amount } => {
                format!("{} card(s) drawn when researching", signed(amount))
            }
            Ability::Population { amount } => format!("{} population", signed(amount)),
            Ability::Repair { amount } => {
                format!("{} damage removed when repairing", signed(amount))
            }
            Ability::Draw { when: w, amount } => format!("{}: draw {amount} card(s)", when(w)),
            Ability::RepairAsset { when: w, amount } => {
                format!("{}: this asset removes {amount} damage", when(w))
            }
            Ability::DamageEnemyShips {
                when: w,
                amount,
                orbital,
            } => match orbital {
                Some(o) => format!(
                    "{}: each enemy spacecraft in orbital {o} takes {amount} damage",
                    when(w)
                ),
                None => format!(
                    "{}: each enemy spacecraft here takes {amount} damage",
                    when(w)
                ),
            },
            Ability::ClearDebris { when: w, amount } => {
                format!("{}: remove up to {amount} debris here", when(w))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn o27_parses_modifier_with_default_scope() {
        let a: Ability = serde_yaml::from_str("effect: range\namount: 2\n").unwrap();
        assert_eq!(
            a,
            Ability::Range {
                amount: 2,
                to: Scope::This
            }
        );
        let (scope, m) = a.modifier().unwrap();
        assert_eq!(scope, Scope::This);
        assert_eq!(m.range, 2);
    }

    #[test]
    fn o27_parses_trigger() {
        let a: Ability = serde_yaml::from_str(
            "effect: damage_enemy_ships\nwhen: end_of_turn\namount: 1\norbital: 0\n",
        )
        .unwrap();
        assert_eq!(
            a.trigger(),
            Some((
                When::EndOfTurn,
                TriggerEffect::DamageEnemyShips {
                    amount: 1,
                    orbital: Some(0)
                }
            ))
        );
    }

    #[test]
    fn o27_parses_clear_debris_trigger() {
        let a: Ability =
            serde_yaml::from_str("effect: clear_debris\nwhen: end_of_turn\namount: 2\n").unwrap();
        assert_eq!(
            a.trigger(),
            Some((When::EndOfTurn, TriggerEffect::ClearDebris(2)))
        );
        assert!(!a.is_asset_only());
        assert_eq!(a.amount_range(), Some((2, 1, 10)));
    }

    #[test]
    fn o27_unknown_effect_and_field_are_errors() {
        let e = serde_yaml::from_str::<Ability>("effect: teleport\namount: 1\n").unwrap_err();
        assert!(e.to_string().contains("unknown variant"), "{e}");
        let e =
            serde_yaml::from_str::<Ability>("effect: range\namount: 1\ncolour: red\n").unwrap_err();
        assert!(e.to_string().contains("unknown field"), "{e}");
    }
}
