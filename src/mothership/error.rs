//! Rule errors: why a command is illegal, each naming the ruling (M1–M37) that forbids it.
//! The state is unchanged whenever one is returned.
use super::state::Phase;

/// An illegal command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("M22: the game is over")]
    GameOver,
    #[error("{rule}: `{command}` is not played in the {phase:?} phase")]
    Phase {
        rule: &'static str,
        command: &'static str,
        phase: Phase,
    },
    #[error("M6: {need} points needed, {have} left")]
    Points { need: u16, have: u16 },
    #[error("{rule}: no such {what}")]
    Unknown {
        rule: &'static str,
        what: &'static str,
    },
    #[error("{rule}: {why}")]
    Forbidden {
        rule: &'static str,
        why: &'static str,
    },
}

impl RuleError {
    /// The ruling id this error cites, e.g. `"M25"`.
    pub fn rule(&self) -> &'static str {
        match self {
            RuleError::GameOver => "M22",
            RuleError::Points { .. } => "M6",
            RuleError::Phase { rule, .. }
            | RuleError::Unknown { rule, .. }
            | RuleError::Forbidden { rule, .. } => rule,
        }
    }
}

impl crate::core::RuleViolation for RuleError {
    fn rule(&self) -> &'static str {
        RuleError::rule(self)
    }
}

/// Shorthand for [`RuleError::Forbidden`].
pub fn no(rule: &'static str, why: &'static str) -> RuleError {
    RuleError::Forbidden { rule, why }
}

/// `Err(no(rule, why))` unless `ok`.
pub fn ensure(ok: bool, rule: &'static str, why: &'static str) -> Result<(), RuleError> {
    if ok {
        Ok(())
    } else {
        Err(no(rule, why))
    }
}
