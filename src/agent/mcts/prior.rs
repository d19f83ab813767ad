//! The root prior: every root move starts with virtual visits at its exact one-ply expected
//! value, worked out on a determinized root.
use super::search::Ctx;
use super::tree::Tree;
use super::MctsConfig;
use crate::agent::game::{advantages_near, terminal_values, Game, Heuristic, MAX_PLAYERS};
use crate::agent::greedy::OnePly;
use rand_chacha::ChaCha8Rng;

/// Virtual visits of each root move's prior with `moves` root moves (see
/// [`MctsConfig::prior_share`]).
pub(super) fn prior_visits(cfg: &MctsConfig, moves: usize) -> u32 {
    if cfg.prior == 0 || cfg.prior_share <= 0.0 || cfg.time.is_some() {
        return cfg.prior;
    }
    let cap = cfg.prior_share * cfg.iterations as f32 / moves.max(1) as f32;
    cfg.prior.min(cap as u32).max(1)
}

/// Creates every root child with `k` virtual visits at its exact one-ply expected value, from a
/// determinized root (so the prior cannot peek either).
pub(super) fn root_prior<G: Game, H: Heuristic<G>>(
    ctx: &Ctx<G, H>,
    rng: &mut ChaCha8Rng,
    legal: &[G::Move],
    k: u32,
    tree: &mut Tree<G::Move>,
) {
    let (me, n) = (ctx.me, ctx.n);
    let view = ctx.root.determinize(me, rng);
    let mut one: OnePly<G, H> = OnePly::default();
    ctx.h.prepare_near(&view, me, &mut one.near);
    let mut adv = [0.0f32; MAX_PLAYERS];
    let mut values = [0.0f32; MAX_PLAYERS];
    for &m in legal.iter().rev() {
        one.outcomes.clear();
        view.outcomes(m, 8, rng, &mut one.outcomes);
        let mut q = 0.0f32;
        for (p, g) in &one.outcomes {
            if !terminal_values(g.status(), &mut values[..n]) {
                advantages_near(ctx.h, &one.near, g, me, &mut adv[..n]);
                values[me] = 1.0 / (1.0 + (-(adv[me] - ctx.base[me]) * ctx.inv_t).exp());
            }
            q += p * values[me];
        }
        match tree.child(0, m) {
            // A kept child (`reuse`) gets the same virtual visits on top of its own.
            Some(id) => {
                let c = &mut tree.nodes[id as usize];
                c.visits += k;
                c.avail += k;
                c.total += q * k as f32;
            }
            None => {
                tree.add_child(0, m, me, k, q * k as f32);
            }
        }
    }
}
