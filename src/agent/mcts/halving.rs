//! Root halving (`halving=k`): sequential halving over the best root moves instead of UCB1.
use super::tree::{Node, NONE};
use crate::agent::game::Game;

/// Sequential halving over root children: which child each iteration must take.
pub(super) struct Halving {
    survivors: Vec<u32>,
    /// The current round's remaining iterations, one child id each (round robin).
    plan: Vec<u32>,
    per_round: u32,
    round: u32,
}

impl Halving {
    /// Candidates: a pass (if legal) and the best root children by prior mean, `k` in all.
    pub(super) fn new<G: Game>(
        root: &G,
        nodes: &[Node<G::Move>],
        k: usize,
        iters: u32,
    ) -> Option<Halving> {
        let mut kids: Vec<(u32, f32, bool)> = Vec::new();
        let mut child = nodes[0].first_child;
        while child != NONE {
            let c = &nodes[child as usize];
            kids.push((child, c.total / c.visits.max(1) as f32, root.is_pass(&c.mv)));
            child = c.next_sibling;
        }
        if kids.len() < 2 {
            return None;
        }
        kids.sort_by(|a, b| b.2.cmp(&a.2).then(b.1.total_cmp(&a.1)));
        let survivors: Vec<u32> = kids.iter().take(k.max(2)).map(|c| c.0).collect();
        let rounds = (survivors.len() as f32).log2().ceil().max(1.0) as u32;
        Some(Halving {
            survivors,
            plan: Vec::new(),
            per_round: iters / rounds,
            round: 0,
        })
    }

    pub(super) fn next<M>(&mut self, nodes: &[Node<M>]) -> u32 {
        if self.plan.is_empty() && !self.plan_round(nodes) {
            return self.survivors[0];
        }
        self.plan.pop().unwrap_or(self.survivors[0])
    }

    /// Halves the survivors (after the first round) and plans the next round; false when one
    /// is left.
    fn plan_round<M>(&mut self, nodes: &[Node<M>]) -> bool {
        let mean = |id: u32| {
            let n = &nodes[id as usize];
            n.total / n.visits.max(1) as f32
        };
        if self.round > 0 {
            self.survivors.sort_by(|a, b| mean(*b).total_cmp(&mean(*a)));
            let keep = self.survivors.len().div_ceil(2);
            self.survivors.truncate(keep);
        }
        self.round += 1;
        if self.survivors.len() < 2 {
            return false;
        }
        let each = (self.per_round / self.survivors.len() as u32).max(1);
        for _ in 0..each {
            self.plan.extend(self.survivors.iter().rev());
        }
        true
    }
}
