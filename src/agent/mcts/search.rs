//! One search: the iterations (determinize, select, expand, play out, evaluate, back up)
//! that grow a tree from a root, and the moves the tree considers.
use super::halving::Halving;
use super::prior::{prior_visits, root_prior};
use super::tree::{Tree, NONE};
use super::{MctsConfig, SearchResult};
use crate::agent::game::{advantages, terminal_values, Game, Heuristic, Status, MAX_PLAYERS};
use crate::agent::greedy::{best_move, OnePly};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Safety cap on the moves of one horizon playout.
const MAX_HORIZON_MOVES: u32 = 400;

/// Buffers one search reuses across its iterations.
pub(super) struct Scratch<G: Game, H: Heuristic<G>> {
    /// The iteration's determinized state, kept between iterations for its allocations.
    game: G,
    legal: Vec<G::Move>,
    path: Vec<u32>,
    outs: OnePly<G, H>,
    seen: Vec<bool>,
}

/// What every iteration of one search shares.
pub(super) struct Ctx<'a, G: Game, H: Heuristic<G>> {
    pub(super) root: &'a G,
    pub(super) h: &'a H,
    pub(super) cfg: &'a MctsConfig,
    pub(super) me: usize,
    pub(super) n: usize,
    /// Each player's advantage at the root (leaf values are centred on it).
    pub(super) base: [f32; MAX_PLAYERS],
    pub(super) inv_t: f32,
    /// The turn at which horizon playouts stop ([`Heuristic::horizon_turns`]).
    pub(super) horizon: Option<u32>,
    /// What every iteration's determinization of the root needs, worked out once.
    pub(super) hidden: G::Hidden,
}

/// Runs one tree search from `root` for the player to move.
pub fn search<G: Game, H: Heuristic<G>>(
    root: &G,
    h: &H,
    cfg: &MctsConfig,
    rng: &mut ChaCha8Rng,
) -> SearchResult<G::Move> {
    match grow(root, h, cfg, rng, None) {
        Some((tree, iterations)) => SearchResult {
            visits: tree.root_visits(),
            iterations,
        },
        None => SearchResult {
            visits: Vec::new(),
            iterations: 0,
        },
    }
}

/// The search tree of one search and its iterations; `None` without a legal move. With
/// `start`, a kept tree and the node of the move played since, the search goes on from that
/// node's subtree ([`MctsConfig::reuse`]).
pub(super) fn grow<G: Game, H: Heuristic<G>>(
    root: &G,
    h: &H,
    cfg: &MctsConfig,
    rng: &mut ChaCha8Rng,
    start: Option<&(Tree<G::Move>, u32)>,
) -> Option<(Tree<G::Move>, u64)> {
    let me = root.current_player();
    let n = root.num_players().clamp(1, MAX_PLAYERS);
    let mut ctx = Ctx {
        root,
        h,
        cfg,
        me,
        n,
        base: [0.0f32; MAX_PLAYERS],
        inv_t: 1.0 / h.temperature().max(1e-6),
        horizon: (cfg.horizon > 0).then(|| root.turn() + h.horizon_turns(root, cfg.horizon)),
        hidden: G::Hidden::default(),
    };
    root.prepare_hidden(me, &mut ctx.hidden);
    advantages(h, root, me, &mut ctx.base[..n]);
    let mut sc = Scratch {
        game: root.clone(),
        legal: Vec::with_capacity(64),
        path: Vec::with_capacity(64),
        outs: OnePly::default(),
        seen: Vec::with_capacity(64),
    };
    tree_moves(root, cfg, &mut sc.legal);
    let &first = sc.legal.first()?;
    let mut tree = match start {
        Some((kept, node)) => kept.subtree(*node, me, &sc.legal),
        None => Tree::new(first, me, cfg.iterations),
    };
    let k = prior_visits(cfg, sc.legal.len());
    if k > 0 {
        tree.prior = k;
        root_prior(&ctx, rng, &sc.legal, k, &mut tree);
    }
    let mut halving = if cfg.halving > 1 && cfg.time.is_none() {
        Halving::new(root, &tree.nodes, cfg.halving as usize, cfg.iterations)
    } else {
        None
    };
    let start = Instant::now();
    let mut it: u64 = 0;
    loop {
        match cfg.time {
            Some(t) if it.is_multiple_of(32) && it > 0 && start.elapsed() >= t => break,
            None if it >= cfg.iterations as u64 => break,
            _ => {}
        }
        it += 1;
        let forced = halving.as_mut().map_or(NONE, |h| h.next(&tree.nodes));
        iterate(&mut ctx, &mut tree, &mut sc, forced, rng);
    }
    Some((tree, it))
}

/// One iteration: a fresh determinization, selection down the tree, one expansion, a
/// playout, the evaluation, and the backup. `forced` is the root child root halving picked.
fn iterate<G: Game, H: Heuristic<G>>(
    ctx: &mut Ctx<G, H>,
    tree: &mut Tree<G::Move>,
    sc: &mut Scratch<G, H>,
    forced: u32,
    rng: &mut ChaCha8Rng,
) {
    let (cfg, n) = (ctx.cfg, ctx.n);
    ctx.root
        .determinize_prepared(ctx.me, &ctx.hidden, rng, &mut sc.game);
    let g = &mut sc.game;
    sc.path.clear();
    sc.path.push(0);
    let mut node = 0u32;
    let mut expanded = false;
    // Selection and expansion (with `stop_at_horizon`, no further than the horizon).
    while g.status() == Status::Ongoing {
        if cfg.stop_at_horizon && ctx.horizon.is_some_and(|t| g.turn() >= t) {
            break;
        }
        tree_moves(g, cfg, &mut sc.legal);
        let player = g.current_player();
        let (mut best, forced_legal) = tree.select(node, &sc.legal, &mut sc.seen, cfg.c, forced);
        if forced_legal {
            // Root halving decides the root child (`forced` is a root child's id).
            best = forced;
        }
        let unexpanded = sc.seen.iter().filter(|s| !**s).count();
        if unexpanded > 0 {
            let k = rng.gen_range(0..unexpanded);
            let j = (0..sc.legal.len())
                .filter(|&j| !sc.seen[j])
                .nth(k)
                .unwrap_or(0);
            let mv = sc.legal[j];
            let id = tree.add_child(node, mv, player, 0, 0.0);
            g.apply(mv);
            sc.path.push(id);
            expanded = true;
            break;
        }
        node = best;
        g.apply(tree.nodes[node as usize].mv);
        sc.path.push(node);
    }
    // Playout.
    if cfg.horizon > 0 || expanded {
        playout(g, ctx.h, cfg, ctx.horizon, rng, &mut sc.legal, &mut sc.outs);
    }
    // Evaluation.
    let mut values = [0.0f32; MAX_PLAYERS];
    if !terminal_values(g.status(), &mut values[..n]) {
        let mut adv = [0.0f32; MAX_PLAYERS];
        advantages(ctx.h, g, ctx.me, &mut adv[..n]);
        for p in 0..n {
            values[p] = 1.0 / (1.0 + (-(adv[p] - ctx.base[p]) * ctx.inv_t).exp());
        }
    }
    tree.backup(&sc.path, &values);
}

/// Plays on from a leaf: until turn `horizon` begins (if given), else up to `cfg.playout`
/// moves; either way no further than the end of the game.
pub(super) fn playout<G: Game, H: Heuristic<G>>(
    g: &mut G,
    h: &H,
    cfg: &MctsConfig,
    horizon: Option<u32>,
    rng: &mut ChaCha8Rng,
    legal: &mut Vec<G::Move>,
    outs: &mut OnePly<G, H>,
) {
    let most = if horizon.is_some() {
        MAX_HORIZON_MOVES
    } else {
        cfg.playout
    };
    for _ in 0..most {
        if g.status() != Status::Ongoing || horizon.is_some_and(|t| g.turn() >= t) {
            break;
        }
        g.legal_moves(legal);
        let m = playout_move(g, h, cfg, legal, rng, outs);
        g.apply(m);
    }
}

/// A playout move: greedy or the heuristic's light policy, as configured.
fn playout_move<G: Game, H: Heuristic<G>>(
    g: &G,
    h: &H,
    cfg: &MctsConfig,
    legal: &[G::Move],
    rng: &mut ChaCha8Rng,
    outs: &mut OnePly<G, H>,
) -> G::Move {
    if cfg.greedy_playout {
        best_move(g, h, legal, 8, rng, outs)
    } else {
        h.playout_move(g, legal, rng)
    }
}

/// The moves the tree considers at `g`: every legal move, less the prunable ones with `prune`
/// ([`MctsConfig::prune`]), or every legal move again if all of them are prunable.
pub(super) fn tree_moves<G: Game>(g: &G, cfg: &MctsConfig, out: &mut Vec<G::Move>) {
    g.legal_moves(out);
    if cfg.prune && out.len() > 1 {
        out.retain(|m| !g.prunable(m));
        if out.is_empty() {
            g.legal_moves(out);
        }
    }
}
