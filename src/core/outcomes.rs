//! The outcomes of one move with their probabilities ([`super::game::Game::outcomes`]), in a
//! buffer that keeps its states between moves.
//!
//! A one-ply search (greedy, the playouts of `mcts:normal`, the root prior) asks for the outcomes
//! of every legal move of every position it visits. Each outcome is a copy of the position with
//! the move applied; a fresh copy allocates and frees its tables every time. [`Outcomes`] keeps
//! the states of earlier moves after [`Outcomes::clear`] and copies the next position into them
//! with [`Clone::clone_from`], which reuses their memory.

/// Outcome states with their probabilities. Only the first [`Outcomes::len`] entries are
/// outcomes of the current move; the rest are kept states waiting to be reused.
#[derive(Clone, Debug)]
pub struct Outcomes<G> {
    items: Vec<(f32, G)>,
    len: usize,
}

impl<G> Default for Outcomes<G> {
    fn default() -> Self {
        Outcomes {
            items: Vec::new(),
            len: 0,
        }
    }
}

impl<G: Clone> Outcomes<G> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets the current outcomes, keeping their states for reuse.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends an outcome with probability `p` that starts as a copy of `of`, and returns it to
    /// be played on (reusing a kept state's memory when there is one).
    pub fn push_copy(&mut self, p: f32, of: &G) -> &mut G {
        if self.len < self.items.len() {
            let slot = &mut self.items[self.len];
            slot.0 = p;
            slot.1.clone_from(of);
        } else {
            self.items.push((p, of.clone()));
        }
        self.len += 1;
        &mut self.items[self.len - 1].1
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The current outcomes: (probability, state).
    pub fn as_slice(&self) -> &[(f32, G)] {
        &self.items[..self.len]
    }

    pub fn iter(&self) -> std::slice::Iter<'_, (f32, G)> {
        self.as_slice().iter()
    }
}

impl<'a, G: Clone> IntoIterator for &'a Outcomes<G> {
    type Item = &'a (f32, G);
    type IntoIter = std::slice::Iter<'a, (f32, G)>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleared_outcomes_reuse_their_states() {
        let mut o: Outcomes<Vec<u8>> = Outcomes::new();
        o.push_copy(0.5, &vec![1, 2, 3]).push(4);
        o.push_copy(0.5, &vec![9]);
        assert_eq!(o.as_slice(), &[(0.5, vec![1, 2, 3, 4]), (0.5, vec![9])]);
        let kept = o.as_slice()[0].1.as_ptr();
        o.clear();
        assert!(o.is_empty());
        let g = o.push_copy(1.0, &vec![7, 7]);
        assert_eq!(*g, vec![7, 7]);
        // The first kept state's memory (capacity 4 or more) took the copy.
        assert_eq!(g.as_ptr(), kept);
        assert_eq!(o.iter().map(|(p, _)| *p).collect::<Vec<_>>(), vec![1.0]);
        assert_eq!(o.len(), 1);
    }
}
