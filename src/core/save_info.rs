//! The `save:` block of a save file: who sits where, the AI seed, when and as what it was
//! saved. The kit's saves ([`crate::kit::save`]) write and list the files.
use serde::{Deserialize, Serialize};

/// The part of a save file that a replay does not have.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveInfo {
    /// Who sits in each seat: `human`, or an agent spec (`greedy`, `mcts:normal`).
    pub seats: Vec<String>,
    /// The seed the AI seats were made with.
    #[serde(default)]
    pub ai_seed: u64,
    /// When the file was written, in seconds since 1970 (UTC).
    #[serde(default)]
    pub saved_at: u64,
    /// The name a player gave the save.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The turn the game had reached (for lists of saves; loading replays the commands).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turn: u32,
    /// What each seat plays with (deck names), when the game has such a thing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
