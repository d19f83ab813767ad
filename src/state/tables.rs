//! The card tables states read, kept for the life of the process.
//!
//! Every state holds a `&'static` reference to its card table instead of a reference-counted
//! handle: cloning a state (millions of times a second in a search) then copies a pointer
//! instead of touching a shared counter, which threads searching side by side would all write
//! to. A table passed in is kept once per distinct content: loading the same cards again (a
//! replay, a scenario, the next game of a series) reuses the table already kept, so a process
//! keeps as many tables as it loaded different card sets.
use crate::data::CardDb;
use std::sync::{Arc, OnceLock, RwLock};

/// The tables kept so far.
static TABLES: RwLock<Vec<&'static Arc<CardDb>>> = RwLock::new(Vec::new());

/// The kept table equal to `db` (the same handle, or the same cards), keeping `db` if none is.
pub(crate) fn keep(db: Arc<CardDb>) -> &'static Arc<CardDb> {
    let find = |tables: &[&'static Arc<CardDb>]| {
        tables
            .iter()
            .find(|t| Arc::ptr_eq(t, &db))
            .or_else(|| tables.iter().find(|t| ***t == db))
            .copied()
    };
    if let Some(t) = find(&TABLES.read().unwrap_or_else(|p| p.into_inner())) {
        return t;
    }
    let mut tables = TABLES.write().unwrap_or_else(|p| p.into_inner());
    if let Some(t) = find(&tables) {
        return t;
    }
    let kept: &'static Arc<CardDb> = Box::leak(Box::new(db));
    tables.push(kept);
    kept
}

/// The empty table of a state read from a file before [`crate::state::State::with_db`].
pub(crate) fn empty() -> &'static Arc<CardDb> {
    static EMPTY: OnceLock<&'static Arc<CardDb>> = OnceLock::new();
    EMPTY.get_or_init(|| keep(Arc::new(CardDb::default())))
}

/// [`empty`] as the table itself.
pub(crate) fn empty_db() -> &'static CardDb {
    empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::db_and_decks;

    #[test]
    fn the_same_cards_are_kept_once() {
        let (db, _) = db_and_decks();
        let a = keep(db.clone());
        assert_eq!(**a, *db);
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
