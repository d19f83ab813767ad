//! Handles: stable text names for card instances in scenarios and replays (`p1.0`, or an alias
//! given with `as:` in a position).
use crate::ids::CardRef;
use crate::state::State;
use std::collections::HashMap;

/// Two-way map between handles and card refs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Handles {
    names: Vec<String>,
    by_name: HashMap<String, CardRef>,
}

impl Handles {
    /// Default handles for every card: `p<player>.<index among that player's cards>`.
    pub fn defaults(s: &State) -> Handles {
        let mut h = Handles::default();
        let mut counts = vec![0usize; s.num_players as usize];
        for (r, c) in s.refs() {
            let k = counts.get(c.owner.index()).copied().unwrap_or(0);
            if let Some(n) = counts.get_mut(c.owner.index()) {
                *n += 1;
            }
            h.set(r, format!("{}.{}", c.owner, k));
        }
        h
    }

    /// Names card `r` (replacing its previous handle).
    pub fn set(&mut self, r: CardRef, name: String) {
        if self.names.len() <= r.index() {
            self.names.resize(r.index() + 1, String::new());
        }
        let old = std::mem::take(&mut self.names[r.index()]);
        self.by_name.remove(&old);
        self.by_name.insert(name.clone(), r);
        self.names[r.index()] = name;
    }

    pub fn name(&self, r: CardRef) -> String {
        self.names
            .get(r.index())
            .filter(|n| !n.is_empty())
            .cloned()
            .unwrap_or_else(|| format!("#{}", r.0))
    }

    pub fn lookup(&self, name: &str) -> Option<CardRef> {
        self.by_name.get(name).copied()
    }

    pub fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }
}
