//! The search tree: nodes in one vector, children as linked lists; selection by UCB1 over the
//! children legal in the current iteration, backup per player, subtrees for kept trees.

pub(super) const NONE: u32 = u32::MAX;

/// Counts whose logarithm [`ln_count`] reads from a table.
const LN_COUNTS: usize = 2048;

/// `ln(n)` of every count below [`LN_COUNTS`], worked out once by the same function as
/// [`ln_count`]'s fallback, so the table gives the very same values.
static LN: std::sync::LazyLock<Box<[f32; LN_COUNTS]>> =
    std::sync::LazyLock::new(|| Box::new(std::array::from_fn(|n| (n as f32).ln())));

/// `ln(n)` as UCB1 needs it for an availability count: from the table for the counts a search
/// meets most, else worked out.
#[inline]
fn ln_count(table: &[f32; LN_COUNTS], n: u32) -> f32 {
    match table.get(n as usize) {
        Some(&v) => v,
        None => (n as f32).ln(),
    }
}

#[derive(Clone, Debug)]
pub(super) struct Node<M> {
    pub(super) mv: M,
    /// The player who made `mv`.
    pub(super) player: u8,
    pub(super) visits: u32,
    pub(super) avail: u32,
    pub(super) total: f32,
    pub(super) first_child: u32,
    pub(super) next_sibling: u32,
}

/// The search tree: nodes in one vector, children as linked lists (newest first).
pub(super) struct Tree<M> {
    pub(super) nodes: Vec<Node<M>>,
    /// Virtual visits each root child was given by the prior.
    pub(super) prior: u32,
}

impl<M: Copy + Eq> Tree<M> {
    /// A tree with only the root (`mv` is never read at the root).
    pub(super) fn new(mv: M, player: usize, capacity: u32) -> Tree<M> {
        let mut nodes = Vec::with_capacity(capacity.min(1 << 20) as usize);
        nodes.push(Node {
            mv,
            player: player as u8,
            visits: 0,
            avail: 0,
            total: 0.0,
            first_child: NONE,
            next_sibling: NONE,
        });
        Tree { nodes, prior: 0 }
    }

    /// Adds a child of `parent` with `visits` virtual visits worth `total`.
    pub(super) fn add_child(
        &mut self,
        parent: u32,
        mv: M,
        player: usize,
        visits: u32,
        total: f32,
    ) -> u32 {
        let id = self.nodes.len() as u32;
        let next = self.nodes[parent as usize].first_child;
        self.nodes[parent as usize].first_child = id;
        self.nodes.push(Node {
            mv,
            player: player as u8,
            visits,
            avail: visits.max(1),
            total,
            first_child: NONE,
            next_sibling: next,
        });
        id
    }

    /// UCB1 over the children of `node` that are legal now (`seen[j]` marks legal move `j` as
    /// having a child; their availability counts go up). Returns the best child, and whether
    /// `forced` was among them.
    pub(super) fn select(
        &mut self,
        node: u32,
        legal: &[M],
        seen: &mut Vec<bool>,
        c: f32,
        forced: u32,
    ) -> (u32, bool) {
        seen.clear();
        seen.resize(legal.len(), false);
        let mut best = NONE;
        let mut best_ucb = f32::NEG_INFINITY;
        let mut forced_legal = false;
        let ln: &[f32; LN_COUNTS] = &LN;
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let ch = &mut self.nodes[child as usize];
            if let Some(j) = legal.iter().position(|m| *m == ch.mv) {
                seen[j] = true;
                ch.avail += 1;
                let mean = ch.total / ch.visits.max(1) as f32;
                let ucb = mean + c * (ln_count(ln, ch.avail) / ch.visits.max(1) as f32).sqrt();
                if ucb > best_ucb {
                    best_ucb = ucb;
                    best = child;
                }
                forced_legal |= child == forced;
            }
            child = ch.next_sibling;
        }
        (best, forced_legal)
    }

    /// The child of `parent` that plays `mv`, if there is one.
    pub(super) fn child(&self, parent: u32, mv: M) -> Option<u32> {
        let mut child = self.nodes[parent as usize].first_child;
        while child != NONE {
            let c = &self.nodes[child as usize];
            if c.mv == mv {
                return Some(child);
            }
            child = c.next_sibling;
        }
        None
    }

    /// The subtree under `node` as a tree of its own, with its statistics, keeping only the
    /// root children that `player` makes with a move in `legal` (children in the same order).
    pub(super) fn subtree(&self, node: u32, player: usize, legal: &[M]) -> Tree<M> {
        let src = &self.nodes[node as usize];
        let mut t = Tree::new(src.mv, player, self.nodes.len() as u32);
        let mut stack = vec![(node, 0u32)];
        let mut kids = Vec::new();
        while let Some((old, new)) = stack.pop() {
            kids.clear();
            let mut c = self.nodes[old as usize].first_child;
            while c != NONE {
                kids.push(c);
                c = self.nodes[c as usize].next_sibling;
            }
            // Added oldest first, so each list keeps its order (newest first).
            for &c in kids.iter().rev() {
                let o = &self.nodes[c as usize];
                if new == 0 && (o.player as usize != player || !legal.contains(&o.mv)) {
                    continue;
                }
                let id = t.add_child(new, o.mv, o.player as usize, o.visits, o.total);
                t.nodes[id as usize].avail = o.avail;
                stack.push((c, id));
            }
        }
        t
    }

    /// Adds each player's value to the nodes on `path` that player chose.
    pub(super) fn backup(&mut self, path: &[u32], values: &[f32]) {
        for &id in path {
            let nd = &mut self.nodes[id as usize];
            nd.visits += 1;
            nd.total += values[nd.player as usize];
        }
    }

    /// The root's moves with their real visits (virtual prior visits taken off) and means.
    pub(super) fn root_visits(&self) -> Vec<(M, u32, f32)> {
        let prior = self.prior;
        let mut visits = Vec::new();
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let c = &self.nodes[child as usize];
            visits.push((
                c.mv,
                c.visits.saturating_sub(prior),
                c.total / c.visits.max(1) as f32,
            ));
            child = c.next_sibling;
        }
        visits.reverse();
        visits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_logarithm_table_gives_the_values_worked_out() {
        let ln: &[f32; LN_COUNTS] = &LN;
        for n in [0u32, 1, 2, 3, 10, 199, 1000, 2047, 2048, 5000, u32::MAX] {
            assert_eq!(
                ln_count(ln, n).to_bits(),
                (n as f32).ln().to_bits(),
                "ln({n})"
            );
        }
    }
}
