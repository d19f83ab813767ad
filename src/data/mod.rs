//! Card and deck data: serde structs ([`raw`]), typed abilities ([`ability`]), the checked
//! database ([`db`]), decks ([`deck`]) and their editing ([`deck_edit`]) and located load errors ([`locate`]).
pub mod ability;
pub mod builtin;
pub mod db;
pub mod deck;
pub mod deck_edit;
pub mod hot;
pub mod locate;
pub mod raw;

pub use ability::{Ability, Mods, Scope, TriggerEffect, When};
pub use db::{AssetStats, Card, CardDb, CardKind, SpacecraftStats, UpgradeStats};
pub use deck::{Deck, DECK_SIZE};
pub use hot::{Hot, HotKind};
pub use locate::{LoadError, LoadErrors};
pub use raw::Class;
