//! The card tables states read, kept for the life of the process.
//!
//! Every state holds a `&'static` reference to its card table instead of a reference-counted
//! handle: cloning a state (millions of times a second in a search) then copies a pointer
//! instead of touching a shared counter, which threads searching side by side would all write
//! to. A table passed in is kept once per distinct content: loading the same cards again (a
//! replay, a scenario, the next game of a series) reuses the table already kept, so a process
//! keeps as many tables as it loaded different card sets.
//!
//! Beside each table it keeps the evaluation's constants of every card ([`CardValue`], one
//! per card id), worked out once per table instead of in every evaluation.
use crate::data::CardDb;
use crate::scenario::eval::CardValue;
use std::sync::{Arc, OnceLock, RwLock};

/// A kept table and its cards' evaluation constants.
pub(crate) struct Kept {
    pub db: Arc<CardDb>,
    pub values: Box<[CardValue]>,
}

/// The tables kept so far.
static TABLES: RwLock<Vec<&'static Kept>> = RwLock::new(Vec::new());

/// The kept table equal to `db` (the same handle, or the same cards), keeping `db` if none is.
pub(crate) fn keep(db: Arc<CardDb>) -> &'static Kept {
    let find = |tables: &[&'static Kept]| {
        tables
            .iter()
            .find(|t| Arc::ptr_eq(&t.db, &db))
            .or_else(|| tables.iter().find(|t| *t.db == *db))
            .copied()
    };
    if let Some(t) = find(&TABLES.read().unwrap_or_else(|p| p.into_inner())) {
        return t;
    }
    let mut tables = TABLES.write().unwrap_or_else(|p| p.into_inner());
    if let Some(t) = find(&tables) {
        return t;
    }
    let values = (0..db.len())
        .map(|i| CardValue::of(db.hot(crate::ids::CardId(i as u16))))
        .collect();
    let kept: &'static Kept = Box::leak(Box::new(Kept { db, values }));
    tables.push(kept);
    kept
}

/// The empty table of a state read from a file before [`crate::state::State::with_db`].
fn empty_kept() -> &'static Kept {
    static EMPTY: OnceLock<&'static Kept> = OnceLock::new();
    EMPTY.get_or_init(|| keep(Arc::new(CardDb::default())))
}

/// [`empty_kept`]'s handle.
pub(crate) fn empty() -> &'static Arc<CardDb> {
    &empty_kept().db
}

/// [`empty`] as the table itself.
pub(crate) fn empty_db() -> &'static CardDb {
    empty()
}

/// [`empty`]'s evaluation constants (none).
pub(crate) fn empty_values() -> &'static [CardValue] {
    &empty_kept().values
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::db_and_decks;

    #[test]
    fn the_same_cards_are_kept_once() {
        let (db, _) = db_and_decks();
        let a = keep(db.clone());
        assert_eq!(*a.db, *db);
        assert_eq!(a.values.len(), db.len());
        assert!(std::ptr::eq(keep(db.clone()), a));
        // Loaded again: another handle, the same cards, the same kept table.
        let (again, _) = db_and_decks();
        assert!(!Arc::ptr_eq(&again, &db));
        assert!(std::ptr::eq(keep(again), a));
        // Other cards: another table.
        let other = Arc::new(CardDb::default());
        assert!(!std::ptr::eq(keep(other), a));
        assert!(std::ptr::eq(empty(), empty()));
        assert!(empty().is_empty());
    }
}
