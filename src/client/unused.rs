//! What a player would leave unused by ending the turn now: assets that could still add their
//! construction power (build points) to a project, and cards that could still be started. Read
//! from the legal commands, so it is exactly what the engine would still allow.
use crate::ids::CardRef;
use crate::rules::Command;
use crate::state::{Phase, State};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Unused {
    /// Assets that could still contribute, with their construction power.
    pub assets: Vec<(CardRef, u32)>,
    /// Hand cards that could still be started as projects.
    pub cards: Vec<CardRef>,
}

impl Unused {
    /// What is left in the Construction phase (nothing in other phases: passing them does not
    /// end the turn, and the assets keep their chance to build).
    pub fn of(st: &State, legal: &[Command]) -> Unused {
        let mut u = Unused::default();
        if st.phase != Phase::Construction {
            return u;
        }
        for c in legal {
            match *c {
                Command::Contribute { asset, .. } if !u.assets.iter().any(|a| a.0 == asset) => {
                    u.assets.push((asset, st.construction_power(asset) as u32));
                }
                Command::Start { card, .. } if !u.cards.contains(&card) => u.cards.push(card),
                _ => {}
            }
        }
        u
    }

    /// Build points the assets could still add.
    pub fn points(&self) -> u32 {
        self.assets.iter().map(|a| a.1).sum()
    }

    /// The shortest note, for the phase bar's button: "3 pts, 2 cards".
    pub fn tiny(&self) -> Option<String> {
        let mut parts = Vec::new();
        if !self.assets.is_empty() {
            parts.push(format!("{} pts", self.points()));
        }
        if !self.cards.is_empty() {
            let n = self.cards.len();
            parts.push(format!("{n} card{}", if n == 1 { "" } else { "s" }));
        }
        (!parts.is_empty()).then(|| parts.join(", "))
    }

    /// A short note for the End button, e.g. "3 build points, 2 cards left".
    pub fn short(&self) -> Option<String> {
        let mut parts = Vec::new();
        if !self.assets.is_empty() {
            let p = self.points();
            parts.push(format!("{p} build point{}", if p == 1 { "" } else { "s" }));
        }
        if !self.cards.is_empty() {
            let n = self.cards.len();
            parts.push(format!("{n} card{}", if n == 1 { "" } else { "s" }));
        }
        (!parts.is_empty()).then(|| format!("{} left", parts.join(", ")))
    }
}
