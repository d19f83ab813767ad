//! Monte Carlo tree search with determinization, for any [`Game`].
//!
//! * **Hidden information:** every iteration starts from a fresh [`Game::determinize`] of the
//!   root for the searching player, so opponents' hands, deck orders and face-down cards are
//!   sampled, never read (single-observer information-set MCTS, "SO-ISMCTS").
//! * **Chance:** the tree is open-loop: nodes are sequences of moves, not states. Each
//!   iteration replays the moves on its own determinized state with its own dice, so a node's
//!   statistics average over dice outcomes and hidden cards.
//! * **Legal moves differ between iterations** (an opponent's hand, a ship that died in one
//!   roll): selection only considers children legal in the current iteration and uses their
//!   *availability* count instead of the parent's visits in UCB1.
//! * **Multi-move turns:** every node stores the player who made its move; rewards are backed
//!   up per player, so a node is always judged by the player who chose it.
//! * **Playouts:** from each leaf both sides play on, greedily by default (every move the
//!   one-ply best by the heuristic, as the greedy agent plays) or by the heuristic's light
//!   policy, until `horizon` turns after the root's turn have begun (2: the searcher's next
//!   turn, after the opponent's whole reply), or for `playout` moves when there is no horizon;
//!   then the position is evaluated. The leaf value of each player is
//!   `sigmoid((advantage - root advantage) / temperature)`: centred on the root, so the search
//!   stays sensitive however far ahead or behind the player is. Finished games give 1/0/draw.
//!   With `stop_at_horizon` (`stop=1`, off by default) the tree ends at the horizon too;
//!   measured weaker for `hard` (docs/ai.md, "A sharper `hard`").
//!
//! * **Root halving** (`halving = k`, off by default): instead of UCB1 at the root, sequential
//!   halving over a pass and the best root moves by prior, `k` in all: each round shares its
//!   iterations equally among the survivors, and the better half by mean value goes on.
//!
//! The move played is the root child with the most visits. With `threads > 1` several
//! independent trees (root parallelization) run on the rayon pool and their root visits are
//! summed; each tree has its own seed, so the result is reproducible.
use super::game::{
    advantages, advantages_near, child_rng, terminal_values, Game, Heuristic, MAX_PLAYERS,
};
use super::greedy::{best_move, OnePly};
use super::Agent;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::time::{Duration, Instant};

const NONE: u32 = u32::MAX;
/// Safety cap on the moves of one horizon playout.
const MAX_HORIZON_MOVES: u32 = 400;

/// Search budget and parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations per tree (and per decision), unless `time` is set.
    pub iterations: u32,
    /// Wall-time budget per decision; overrides `iterations` when set.
    pub time: Option<Duration>,
    /// UCB1 exploration constant (rewards are in `[0, 1]`).
    pub c: f32,
    /// Most playout moves after leaving the tree before evaluating.
    pub playout: u32,
    /// Turn boundaries: when above 0, playouts run (with the light policy, whatever `playout`
    /// says) until `horizon` turns after the root's turn have begun, so every leaf is evaluated
    /// at the same point of the game (1: the start of the next player's turn). 0 disables.
    pub horizon: u32,
    /// Independent trees searched in parallel (root parallelization).
    pub threads: usize,
    /// Virtual visits given to each root move, valued by its exact one-ply expectation (the
    /// greedy agent's knowledge, combat odds enumerated); 0 disables this prior.
    pub prior: u32,
    /// When above 0, the root prior's visits are at most this share of the iteration budget in
    /// all (`share=`): each root move gets `min(prior, share × iterations / moves)` virtual
    /// visits, at least 1, so a root with many moves is not held to the prior. 0: `prior` each.
    pub prior_share: f32,
    /// Sequential halving at the root over this many candidates (a pass and the best by root
    /// prior): rounds share the iterations equally among the survivors, and the better half by
    /// mean value goes on. 0: UCB1 at the root too. Needs an iteration budget.
    pub halving: u32,
    /// Playouts (and horizon playouts) choose every move greedily (one-ply best by the
    /// heuristic, as the greedy agent does) instead of by the heuristic's light policy.
    pub greedy_playout: bool,
    /// The tree ends at the horizon too (`stop=1`): a path that reaches it is a leaf, so every
    /// leaf is judged at the same point of the game. Off by default: the tree may run on past
    /// the horizon through turns with few moves (measured stronger for `hard`).
    pub stop_at_horizon: bool,
    /// Leave the moves the game calls prunable ([`Game::prunable`]: in the card game, attacks
    /// that cannot hit and scuttles) out of the tree (`prune=1`). On by default (the `normal`
    /// and `hard` presets), off for `easy`.
    pub prune: bool,
    /// Keep the tree between one player's moves (`reuse=1`): when the next decision is the
    /// same player's, right after the move played ([`Game::ply`]), the search starts from the
    /// subtree under that move instead of an empty tree, less the root moves no longer legal.
    pub reuse: bool,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 200,
            time: None,
            c: 0.2,
            playout: 0,
            horizon: 2,
            threads: 1,
            prior: 10,
            prior_share: 0.0,
            halving: 0,
            greedy_playout: true,
            stop_at_horizon: false,
            prune: true,
            reuse: false,
        }
    }
}

#[derive(Clone, Debug)]
struct Node<M> {
    mv: M,
    /// The player who made `mv`.
    player: u8,
    visits: u32,
    avail: u32,
    total: f32,
    first_child: u32,
    next_sibling: u32,
}

/// Result of one search: the root moves with their visit counts, and the iterations run.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    pub visits: Vec<(M, u32, f32)>,
    pub iterations: u64,
}

/// The search tree: nodes in one vector, children as linked lists (newest first).
struct Tree<M> {
    nodes: Vec<Node<M>>,
    /// Virtual visits each root child was given by the prior.
    prior: u32,
}

impl<M: Copy + Eq> Tree<M> {
    /// A tree with only the root (`mv` is never read at the root).
    fn new(mv: M, player: usize, capacity: u32) -> Tree<M> {
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
    fn add_child(&mut self, parent: u32, mv: M, player: usize, visits: u32, total: f32) -> u32 {
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
    fn select(
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
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let ch = &mut self.nodes[child as usize];
            if let Some(j) = legal.iter().position(|m| *m == ch.mv) {
                seen[j] = true;
                ch.avail += 1;
                let mean = ch.total / ch.visits.max(1) as f32;
                let ucb = mean + c * ((ch.avail as f32).ln() / ch.visits.max(1) as f32).sqrt();
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
    fn child(&self, parent: u32, mv: M) -> Option<u32> {
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
    fn subtree(&self, node: u32, player: usize, legal: &[M]) -> Tree<M> {
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
    fn backup(&mut self, path: &[u32], values: &[f32]) {
        for &id in path {
            let nd = &mut self.nodes[id as usize];
            nd.visits += 1;
            nd.total += values[nd.player as usize];
        }
    }

    /// The root's moves with their real visits (virtual prior visits taken off) and means.
    fn root_visits(&self) -> Vec<(M, u32, f32)> {
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

/// Buffers one search reuses across its iterations.
struct Scratch<G: Game, H: Heuristic<G>> {
    /// The iteration's determinized state, kept between iterations for its allocations.
    game: G,
    legal: Vec<G::Move>,
    path: Vec<u32>,
    outs: OnePly<G, H>,
    seen: Vec<bool>,
}

/// What every iteration of one search shares.
struct Ctx<'a, G: Game, H: Heuristic<G>> {
    root: &'a G,
    h: &'a H,
    cfg: &'a MctsConfig,
    me: usize,
    n: usize,
    /// Each player's advantage at the root (leaf values are centred on it).
    base: [f32; MAX_PLAYERS],
    inv_t: f32,
    /// The turn at which horizon playouts stop ([`Heuristic::horizon_turns`]).
    horizon: Option<u32>,
    /// What every iteration's determinization of the root needs, worked out once.
    hidden: G::Hidden,
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
fn grow<G: Game, H: Heuristic<G>>(
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
    while g.status() == super::game::Status::Ongoing {
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
fn playout<G: Game, H: Heuristic<G>>(
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
        if g.status() != super::game::Status::Ongoing || horizon.is_some_and(|t| g.turn() >= t) {
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

/// Sequential halving over root children: which child each iteration must take.
struct Halving {
    survivors: Vec<u32>,
    /// The current round's remaining iterations, one child id each (round robin).
    plan: Vec<u32>,
    per_round: u32,
    round: u32,
}

impl Halving {
    /// Candidates: a pass (if legal) and the best root children by prior mean, `k` in all.
    fn new<G: Game>(root: &G, nodes: &[Node<G::Move>], k: usize, iters: u32) -> Option<Halving> {
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

    fn next<M>(&mut self, nodes: &[Node<M>]) -> u32 {
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

/// The moves the tree considers at `g`: every legal move, less the prunable ones with `prune`
/// ([`MctsConfig::prune`]), or every legal move again if all of them are prunable.
fn tree_moves<G: Game>(g: &G, cfg: &MctsConfig, out: &mut Vec<G::Move>) {
    g.legal_moves(out);
    if cfg.prune && out.len() > 1 {
        out.retain(|m| !g.prunable(m));
        if out.is_empty() {
            g.legal_moves(out);
        }
    }
}

/// Virtual visits of each root move's prior with `moves` root moves (see
/// [`MctsConfig::prior_share`]).
fn prior_visits(cfg: &MctsConfig, moves: usize) -> u32 {
    if cfg.prior == 0 || cfg.prior_share <= 0.0 || cfg.time.is_some() {
        return cfg.prior;
    }
    let cap = cfg.prior_share * cfg.iterations as f32 / moves.max(1) as f32;
    cfg.prior.min(cap as u32).max(1)
}

/// Creates every root child with `k` virtual visits at its exact one-ply expected value, from a
/// determinized root (so the prior cannot peek either).
fn root_prior<G: Game, H: Heuristic<G>>(
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

/// The MCTS agent.
pub struct MctsAgent<G: Game, H: Heuristic<G> + Clone> {
    pub config: MctsConfig,
    heuristic: H,
    rng: ChaCha8Rng,
    name: String,
    buf: Vec<G::Move>,
    /// Iterations run over all decisions (for benchmarks).
    pub iterations: u64,
    /// Root visits carried into decisions from kept trees ([`MctsConfig::reuse`]), over all
    /// decisions.
    pub carried: u64,
    /// With [`MctsConfig::reuse`]: the last decision's trees (one per thread), each with the
    /// node of the move played, and the [`Game::ply`] and player of that decision.
    kept: Option<Kept<G::Move>>,
}

/// Trees kept from one decision for the next ([`MctsConfig::reuse`]).
struct Kept<M> {
    trees: Vec<(Tree<M>, u32)>,
    ply: u64,
    player: usize,
}

impl<G: Game, H: Heuristic<G> + Clone> MctsAgent<G, H> {
    pub fn new(config: MctsConfig, heuristic: H, seed: u64, name: impl Into<String>) -> Self {
        MctsAgent {
            config,
            heuristic,
            rng: ChaCha8Rng::seed_from_u64(seed),
            name: name.into(),
            buf: Vec::new(),
            iterations: 0,
            carried: 0,
            kept: None,
        }
    }

    /// Root moves with summed visits and mean value (first tree's order).
    pub fn analyse(&mut self, state: &G) -> Vec<(G::Move, u32, f32)> {
        self.grow_trees(state, None).0
    }

    /// Searches `state` with one tree per thread (each from its kept tree in `start`, if
    /// given), and returns the merged root moves and the trees.
    #[allow(clippy::type_complexity)]
    fn grow_trees(
        &mut self,
        state: &G,
        start: Option<&[(Tree<G::Move>, u32)]>,
    ) -> (Vec<(G::Move, u32, f32)>, Vec<Tree<G::Move>>) {
        let threads = self.config.threads.max(1);
        let mut rngs: Vec<ChaCha8Rng> = (0..threads).map(|_| child_rng(&mut self.rng)).collect();
        let (h, cfg) = (&self.heuristic, &self.config);
        let from = |i: usize| start.and_then(|s| s.get(i));
        let grown: Vec<Option<(Tree<G::Move>, u64)>> = if threads == 1 {
            vec![grow(state, h, cfg, &mut rngs[0], from(0))]
        } else {
            rngs.par_iter_mut()
                .enumerate()
                .map(|(i, r)| grow(state, h, cfg, r, from(i)))
                .collect()
        };
        let mut merged: Vec<(G::Move, u32, f32)> = Vec::new();
        let mut trees = Vec::with_capacity(grown.len());
        for (tree, iterations) in grown.into_iter().flatten() {
            self.iterations += iterations;
            let visits = tree.root_visits();
            if start.is_some() {
                let real: u64 = visits.iter().map(|v| u64::from(v.1)).sum();
                self.carried += real.saturating_sub(iterations);
            }
            for (m, v, q) in visits {
                match merged.iter_mut().find(|e| e.0 == m) {
                    Some(e) => {
                        let total = e.2 * e.1 as f32 + q * v as f32;
                        e.1 += v;
                        e.2 = total / e.1.max(1) as f32;
                    }
                    None => merged.push((m, v, q)),
                }
            }
            trees.push(tree);
        }
        (merged, trees)
    }

    /// Keeps `trees` for the next decision, each moved down from its node to the child that
    /// plays `mv` (the move about to be played at `state`); trees without that child are
    /// dropped. Nothing is kept for a game that does not count its moves ([`Game::ply`]).
    fn keep(&mut self, state: &G, trees: Vec<(Tree<G::Move>, u32)>, mv: G::Move) {
        let Some(ply) = state.ply() else {
            return;
        };
        let trees: Vec<_> = trees
            .into_iter()
            .filter_map(|(t, node)| t.child(node, mv).map(|id| (t, id)))
            .collect();
        if !trees.is_empty() {
            self.kept = Some(Kept {
                trees,
                ply,
                player: state.current_player(),
            });
        }
    }

    /// The kept trees if `state` is the position right after the kept decision's move, by the
    /// same player; the kept trees are dropped either way.
    fn take_kept(&mut self, state: &G) -> Option<Vec<(Tree<G::Move>, u32)>> {
        let kept = self.kept.take()?;
        let follows =
            state.ply() == Some(kept.ply.wrapping_add(1)) && state.current_player() == kept.player;
        follows.then_some(kept.trees)
    }
}

impl<G: Game, H: Heuristic<G> + Clone> Agent<G> for MctsAgent<G, H> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, state: &G) -> G::Move {
        state.legal_moves(&mut self.buf);
        if self.buf.len() == 1 {
            // Played without a search: kept trees that reach `state` follow the move down.
            let only = self.buf[0];
            if let Some(trees) = self.take_kept(state) {
                self.keep(state, trees, only);
            }
            return only;
        }
        let start = self.take_kept(state);
        let (merged, trees) = self.grow_trees(state, start.as_deref());
        // Most visits; ties by mean value, then by legal order (stable).
        let mut best: Option<(G::Move, u32, f32)> = None;
        for e in merged {
            let better = match best {
                None => true,
                Some(b) => e.1 > b.1 || (e.1 == b.1 && e.2 > b.2),
            };
            if better {
                best = Some(e);
            }
        }
        let chosen = best.map(|b| b.0).unwrap_or(self.buf[0]);
        if self.config.reuse {
            self.keep(state, trees.into_iter().map(|t| (t, 0)).collect(), chosen);
        }
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::eval::OrbitalsHeuristic;
    use crate::agent::testkit::{new_state, play_random};
    use crate::ids::CardRef;
    use crate::rules::Command;
    use crate::state::{Outcome, State};

    fn agent(seed: u64) -> MctsAgent<State, OrbitalsHeuristic> {
        let cfg = MctsConfig {
            iterations: 200,
            ..MctsConfig::default()
        };
        MctsAgent::new(cfg, OrbitalsHeuristic::default(), seed, "mcts")
    }

    /// Two agents with the same seed play `steps` commands of one game: both choose the same
    /// legal command every time.
    fn plays_legal_commands_reproducibly(
        mut a: MctsAgent<State, OrbitalsHeuristic>,
        mut b: MctsAgent<State, OrbitalsHeuristic>,
        steps: usize,
    ) {
        let mut s = new_state(7);
        for _ in 0..steps {
            if s.outcome != Outcome::Ongoing {
                break;
            }
            let c = a.choose(&s);
            assert_eq!(c, b.choose(&s), "same seed, same state: same choice");
            assert!(s.is_legal(&c), "{c:?}");
            s.apply(c);
        }
    }

    #[test]
    fn mcts_plays_legal_commands_reproducibly() {
        plays_legal_commands_reproducibly(agent(3), agent(3), 60);
    }

    /// Searches `s` with `cfg` and returns the result and its total real root visits.
    fn searched(s: &State, cfg: &MctsConfig, seed: u64) -> (SearchResult<Command>, u32) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let r = search(s, &OrbitalsHeuristic::default(), cfg, &mut rng);
        let total = r.visits.iter().map(|v| v.1).sum();
        (r, total)
    }

    #[test]
    fn search_visits_add_up() {
        let s = new_state(8);
        let cfg = MctsConfig {
            iterations: 300,
            ..MctsConfig::default()
        };
        let (r, total) = searched(&s, &cfg, 1);
        assert_eq!(r.iterations, 300);
        assert_eq!(total, 300);
    }

    fn busy_position() -> State {
        busy_position_from(0)
    }

    fn reusing(iterations: u32) -> MctsConfig {
        MctsConfig {
            iterations,
            reuse: true,
            ..MctsConfig::default()
        }
    }

    /// The real visits of a tree's root children.
    fn real_visits(tree: &Tree<Command>) -> u32 {
        tree.root_visits().iter().map(|v| v.1).sum()
    }

    #[test]
    fn reuse_goes_on_from_the_subtree_of_the_move_played() {
        let cfg = reusing(400);
        let h = OrbitalsHeuristic::default();
        // A busy position whose chosen move leaves the same player to move.
        let (s, c, tree, node) = (0..20)
            .find_map(|seed| {
                let s = busy_position_from(seed);
                let mut a = MctsAgent::new(cfg.clone(), h, seed, "mcts");
                let c = a.choose(&s);
                let mut next = s.clone();
                next.apply(c);
                let kept = a.kept.take()?;
                assert_eq!(kept.ply, s.ply().unwrap());
                let (tree, node) = kept.trees.into_iter().next()?;
                (next.current_player() == s.current_player()).then_some((next, c, tree, node))
            })
            .expect("a busy position where the mover moves again");
        assert_eq!(
            tree.nodes[node as usize].mv, c,
            "the kept node is the move played"
        );
        let mut legal = Vec::new();
        tree_moves(&s, &cfg, &mut legal);
        let sub = tree.subtree(node, s.current_player(), &legal);
        let carried = real_visits(&sub);
        assert!(carried > 0, "the subtree carries visits");
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (grown, it) = grow(&s, &h, &cfg, &mut rng, Some(&(tree, node))).unwrap();
        assert_eq!(it, 400);
        assert_eq!(
            real_visits(&grown),
            carried + 400,
            "kept visits plus the new ones"
        );
        for (m, _, _) in grown.root_visits() {
            assert!(legal.contains(&m), "{m:?} is a legal root move");
        }
    }

    #[test]
    fn a_subtree_keeps_its_statistics_and_order() {
        let mut t = Tree::new(Command::Pass, 0, 8);
        let a = t.add_child(0, Command::Pass, 0, 3, 1.5);
        let x = t.add_child(a, Command::Research { asset: CardRef(1) }, 0, 2, 1.0);
        t.add_child(a, Command::Research { asset: CardRef(2) }, 0, 1, 0.25);
        t.add_child(x, Command::Pass, 1, 1, 0.5);
        let legal = [
            Command::Research { asset: CardRef(1) },
            Command::Research { asset: CardRef(2) },
        ];
        let sub = t.subtree(a, 0, &legal);
        let kids: Vec<_> = sub.root_visits();
        assert_eq!(
            kids,
            vec![(legal[0], 2, 0.5), (legal[1], 1, 0.25)],
            "children in their order, with their visits and means"
        );
        let x2 = sub.child(0, legal[0]).unwrap();
        assert_eq!(
            sub.child(x2, Command::Pass)
                .map(|g| sub.nodes[g as usize].player),
            Some(1)
        );
        // A root child the mover cannot play now is left out, with its subtree.
        let only = t.subtree(a, 0, &legal[1..]);
        assert_eq!(only.root_visits().len(), 1);
        assert_eq!(only.nodes.len(), 2);
    }

    #[test]
    fn kept_trees_are_dropped_unless_the_position_follows() {
        let s = busy_position();
        let mut a = MctsAgent::new(reusing(200), OrbitalsHeuristic::default(), 1, "mcts");
        a.choose(&s);
        assert!(a.kept.is_some());
        assert!(
            a.take_kept(&s).is_none(),
            "the same position again does not follow"
        );
        assert!(a.kept.is_none());
    }

    #[test]
    fn reuse_plays_legal_commands_reproducibly() {
        let h = OrbitalsHeuristic::default();
        let a = MctsAgent::new(reusing(100), h, 3, "mcts");
        let b = MctsAgent::new(reusing(100), h, 3, "mcts");
        plays_legal_commands_reproducibly(a, b, 80);
    }

    #[test]
    fn halving_spends_the_budget_on_its_candidates() {
        let s = busy_position();
        let cfg = MctsConfig {
            iterations: 400,
            halving: 4,
            ..MctsConfig::default()
        };
        let (r, total) = searched(&s, &cfg, 5);
        assert!(
            r.visits.len() > 4,
            "the position needs more than 4 root moves"
        );
        assert_eq!(total, 400);
        let searched: Vec<_> = r.visits.iter().filter(|v| v.1 > 0).collect();
        assert_eq!(searched.len(), 4, "only the candidates are searched");
        assert!(
            searched.iter().any(|v| v.0 == Command::Pass),
            "a pass is always a candidate"
        );
        // Two rounds of 200: 50 iterations each for 4 candidates, then 100 each for the best 2.
        let mut counts: Vec<u32> = searched.iter().map(|v| v.1).collect();
        counts.sort();
        assert_eq!(counts, vec![50, 50, 150, 150]);
    }

    #[test]
    fn horizon_playouts_reach_the_next_turn() {
        let s = new_state(9);
        let cfg = MctsConfig {
            iterations: 100,
            horizon: 1,
            ..MctsConfig::default()
        };
        let (_, total) = searched(&s, &cfg, 2);
        assert_eq!(total, 100);
        let mut a = MctsAgent::new(cfg, OrbitalsHeuristic::default(), 4, "mcts");
        assert!(s.is_legal(&a.choose(&s)));
    }

    #[test]
    fn greedy_playouts_end_at_the_searchers_next_turn() {
        let cfg = MctsConfig::default();
        assert!(cfg.greedy_playout && cfg.horizon == 2, "the normal preset");
        let h = OrbitalsHeuristic::default();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let (mut legal, mut outs) = (Vec::new(), OnePly::default());
        let mut ongoing = 0;
        for seed in 0..4 {
            let s = busy_position_from(seed);
            let mut g = s.clone();
            playout(
                &mut g,
                &h,
                &cfg,
                Some(s.turn() + 2),
                &mut rng,
                &mut legal,
                &mut outs,
            );
            if g.outcome == Outcome::Ongoing {
                ongoing += 1;
                assert_eq!(g.turn(), s.turn() + 2, "stops as the turn begins");
                assert_eq!(
                    g.current_player(),
                    s.current_player(),
                    "the searcher moves next"
                );
            }
        }
        assert!(
            ongoing >= 2,
            "the playouts must mostly stop at the horizon, not at game end"
        );
    }

    /// A random game's position where the player to move can only pass, and passing ends the
    /// turn.
    fn turn_ending_pass() -> State {
        for seed in 0..20 {
            let mut s = new_state(30 + seed);
            let mut legal = Vec::new();
            for step in 0..600 {
                if s.outcome != Outcome::Ongoing {
                    break;
                }
                s.legal_moves(&mut legal);
                if legal == [Command::Pass] && step > 40 {
                    let mut next = s.clone();
                    next.apply(Command::Pass);
                    if next.turn() == s.turn() + 1 && next.outcome == Outcome::Ongoing {
                        return s;
                    }
                }
                play_random(&mut s, 1, seed * 1000 + step);
            }
        }
        panic!("no turn-ending pass in twenty random games");
    }

    #[test]
    fn the_tree_stops_at_the_horizon() {
        // Horizon 1: leaves at the start of the next player's turn. The root's only move
        // reaches it, so the tree must not grow past it into that player's choices.
        let s = turn_ending_pass();
        let cfg = MctsConfig {
            iterations: 60,
            horizon: 1,
            stop_at_horizon: true,
            ..MctsConfig::default()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (tree, iterations) =
            grow(&s, &OrbitalsHeuristic::default(), &cfg, &mut rng, None).expect("a legal move");
        assert_eq!(iterations, 60);
        assert_eq!(tree.nodes.len(), 2, "the root and its pass, nothing beyond");
        assert_eq!(tree.nodes[1].visits, 60 + cfg.prior);
        // By default the tree runs on into the next player's turn.
        let overrun = MctsConfig {
            stop_at_horizon: false,
            ..cfg
        };
        let (tree, _) = grow(&s, &OrbitalsHeuristic::default(), &overrun, &mut rng, None).unwrap();
        assert!(tree.nodes.len() > 2);
    }

    #[test]
    fn a_prior_share_caps_the_virtual_visits_of_a_wide_root() {
        let cfg = MctsConfig {
            iterations: 1000,
            prior: 50,
            prior_share: 0.5,
            ..MctsConfig::default()
        };
        // 500 visits in all: 50 each up to ten moves, fewer beyond, never none.
        assert_eq!(prior_visits(&cfg, 1), 50);
        assert_eq!(prior_visits(&cfg, 10), 50);
        assert_eq!(prior_visits(&cfg, 20), 25);
        assert_eq!(prior_visits(&cfg, 40), 12);
        assert_eq!(prior_visits(&cfg, 1000), 1);
        // Off by default, and off without a prior.
        let plain = MctsConfig {
            prior_share: 0.0,
            ..cfg.clone()
        };
        assert_eq!(prior_visits(&plain, 40), 50);
        let none = MctsConfig { prior: 0, ..cfg };
        assert_eq!(prior_visits(&none, 40), 0);
    }

    /// `prune=1`: a root with prunable moves (attacks that cannot hit, O13, and scuttles)
    /// searches every other legal move and none of those; without it they are searched too.
    #[test]
    fn prune_leaves_out_prunable_moves() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut legal = Vec::new();
        let mut s = crate::agent::testkit::new_state(2);
        let mut found = 0;
        for step in 0..30_000u64 {
            if s.status() != super::super::game::Status::Ongoing {
                s = crate::agent::testkit::new_state(step);
            }
            s.legal_moves(&mut legal);
            if legal.iter().any(|m| s.prunable(m)) && found < 5 {
                found += 1;
                let h = OrbitalsHeuristic::default();
                for prune in [true, false] {
                    let cfg = MctsConfig {
                        iterations: 40,
                        prune,
                        ..MctsConfig::default()
                    };
                    let r = search(&s, &h, &cfg, &mut rng);
                    let mut searched: Vec<Command> = r.visits.iter().map(|v| v.0).collect();
                    let mut want: Vec<Command> = legal
                        .iter()
                        .copied()
                        .filter(|m| !prune || !s.prunable(m))
                        .collect();
                    searched.sort_by_key(|m| format!("{m:?}"));
                    want.sort_by_key(|m| format!("{m:?}"));
                    assert_eq!(searched, want, "prune {prune}");
                }
            }
            let m = legal[rng.gen_range(0..legal.len())];
            s.apply(m);
        }
        assert_eq!(found, 5);
    }

    #[test]
    fn root_visits_leave_out_the_prior_given() {
        let s = busy_position_from(3);
        let cfg = MctsConfig {
            iterations: 100,
            prior: 50,
            prior_share: 0.5,
            ..MctsConfig::default()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (tree, iterations) =
            grow(&s, &OrbitalsHeuristic::default(), &cfg, &mut rng, None).expect("a legal move");
        let mut legal = Vec::new();
        s.legal_moves(&mut legal);
        assert_eq!(tree.prior, prior_visits(&cfg, legal.len()));
        assert!(tree.prior < 50, "{} root moves", legal.len());
        let real: u32 = tree.root_visits().iter().map(|v| v.1).sum();
        assert_eq!(real as u64, iterations);
    }

    /// A position of a random game (seed `seed`) where the player to move has a pass and at
    /// least five other choices.
    fn busy_position_from(seed: u64) -> State {
        let mut s = new_state(8 + seed);
        let mut legal = Vec::new();
        for step in 0..400 {
            s.legal_moves(&mut legal);
            if legal.len() >= 6 && legal.contains(&Command::Pass) {
                return s;
            }
            play_random(&mut s, 1, step + 1000 * seed);
        }
        panic!("no busy position in 400 random commands");
    }
}
