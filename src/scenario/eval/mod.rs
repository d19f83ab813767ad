//! The evaluation function of the card game, shared by the greedy agent (one-ply search) and MCTS
//! (leaf values at the playout cutoff), and the light playout policy of MCTS.
//!
//! Each player gets a score in "material points" (one point is roughly one construction point);
//! a player's value is `sigmoid((own score - best other score) / TEMPERATURE)`. docs/ai.md
//! explains the terms. Only what the viewer may see is used: other players' hands count by
//! size, their face-down projects by points, never by identity (O26).
use crate::core::game::MAX_PLAYERS;
use crate::data::{Hot, HotKind};
use crate::ids::PlayerId;
use crate::state::{by_shape, flag, CardBits, Phase, State, TableBits, Zone, NONE};

/// Score of a homeworld at full damage; its damage costs `HW * (x + x²) / 2`, `x = damage /
/// resistance`.
pub const HW: f32 = 40.0;
/// Score lost when a homeworld is destroyed (the owner loses at their next upkeep).
pub const HW_LOST: f32 = 80.0;
/// Score difference that moves a value from 0.5 to about 0.73.
pub const TEMPERATURE: f32 = 6.0;
/// A card in hand (the first [`HAND_SOFT_CAP`] of them; later ones count [`HAND_EXTRA`]).
pub const HAND_CARD: f32 = 0.4;
pub const HAND_SOFT_CAP: usize = 6;
pub const HAND_EXTRA: f32 = 0.15;
/// A construction point that an untapped asset can still contribute this turn.
pub const BUILD_POINT: f32 = 0.5;
/// Share of its worth that a spacecraft project keeps while it would not fit in the free
/// population (O22): finished, it would wait until a ship leaves play.
pub const WAITING: f32 = 0.5;
/// Per point of delta-vee left on a ship (defence, mobility).
pub const DELTA_VEE: f32 = 0.05;
/// Per point of construction power (future production).
pub const INCOME: f32 = 0.8;
/// Default share of bombardment power counted as threat above full-power orbitals.
pub const APPROACH: f32 = 0.4;
/// Weight of material at the turn limit when the end-game fade is on (see [`material_weight`]).
pub const ENDGAME_FLOOR: f32 = 0.2;

/// Worth of a spacecraft card in play: cost, plus its bombardment power if it can ever reach an
/// enemy asset (`reach`). Reads the card's compact stats ([`Hot`]): the evaluation runs for every
/// position a search visits.
#[inline]
pub fn ship_worth(card: &Hot, reach: bool) -> f32 {
    let bp = card.bombardment_power as f32;
    1.0 + 0.6 * card.cost as f32 + if reach { 0.8 * bp } else { 0.0 }
}

/// Worth of an asset or upgrade card in play (undamaged).
#[inline]
pub fn structure_worth(card: &Hot) -> f32 {
    match card.kind {
        HotKind::Asset => {
            3.0 + 0.5 * card.cost as f32
                + INCOME * card.construction_power as f32
                + 0.2 * card.population as f32
        }
        _ => 0.5 + 0.5 * card.cost as f32,
    }
}

/// Score per point of bombardment damage on an asset: the homeworld's is high (losing it loses
/// the game), others by their worth.
#[inline]
fn damage_weight(card: &Hot) -> f32 {
    match card.kind {
        HotKind::Asset if card.homeworld => HW / card.resistance.max(1) as f32,
        HotKind::Asset => structure_worth(card) / card.resistance.max(1) as f32,
        _ => 0.0,
    }
}

/// Cheapest delta-vee that ever brings a ship to the outermost orbital of `asset` (O7, O11).
#[inline]
fn reach_cost(card: &Hot) -> u8 {
    if card.kind != HotKind::Asset {
        return u8::MAX;
    }
    let transfers = &card.transfer_costs[..card.transfer_len as usize];
    let outer = match card.orbital_count {
        0 => 0,
        n => card.entry_costs[n as usize - 1],
    };
    transfers.iter().copied().min().unwrap_or(0) + outer
}

/// Maximum delta-vee of a ship card with its own modifiers (orbit modifiers ignored).
#[inline]
fn base_dv(card: &Hot) -> u8 {
    (card.delta_vee as i16 + card.self_mods.delta_vee as i16).clamp(0, 255) as u8
}

#[inline]
fn base_bp(card: &Hot) -> f32 {
    (card.bombardment_power as i16 + card.self_mods.bombardment as i16).max(0) as f32
}

/// The evaluation's constants of one card, worked out once per card table (kept beside it,
/// `state/tables.rs`) by the functions above: the evaluation reads them instead of working
/// them out for every card it scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardValue {
    /// [`damage_weight`].
    damage_weight: f32,
    /// [`ship_worth`] out of reach and in reach.
    ship_worth: [f32; 2],
    /// [`structure_worth`].
    structure_worth: f32,
    /// [`base_bp`].
    base_bp: f32,
    /// Armor, at least 1.
    armor: f32,
    /// An asset's resistance (1 for other cards), at least 1.
    asset_res: f32,
    /// An upgrade's resistance (1 for other cards), at least 1.
    upgrade_res: f32,
    /// Construction cost, at least 1.
    cost: f32,
    /// [`reach_cost`].
    reach_cost: u8,
    /// [`base_dv`].
    base_dv: u8,
    /// The card's kind, and whether it is a homeworld.
    kind: HotKind,
    homeworld: bool,
    /// Population (a spacecraft's claim on its owner's limit, O22).
    population: u8,
    /// Construction cost as printed: a project with this many points is finished.
    cost_points: u8,
    /// Factory classes of an asset.
    factories: u8,
    /// [`start_bits`].
    start: u8,
    /// An asset's own repair (1 plus its modifier).
    repair: i8,
    /// Orbitals a ship climbs through towards this card (an asset's orbitals, 1 for other
    /// cards), at least 1: [`position`]'s progress.
    orbitals: f32,
    /// An asset's construction power with its own modifier, at least 0.
    build_power: f32,
    /// Cards an asset's research draws (1 plus its modifier), at least 0.
    research: f32,
}

impl CardValue {
    /// The constants of the card `card`.
    pub(crate) fn of(card: &Hot) -> CardValue {
        let res = |kind| {
            if card.kind == kind {
                card.resistance
            } else {
                1
            }
        };
        CardValue {
            damage_weight: damage_weight(card),
            ship_worth: [ship_worth(card, false), ship_worth(card, true)],
            structure_worth: structure_worth(card),
            base_bp: base_bp(card),
            armor: card.armor.max(1) as f32,
            asset_res: res(HotKind::Asset).max(1) as f32,
            upgrade_res: res(HotKind::Upgrade).max(1) as f32,
            cost: card.cost.max(1) as f32,
            reach_cost: reach_cost(card),
            base_dv: base_dv(card),
            kind: card.kind,
            homeworld: card.homeworld,
            population: card.population,
            cost_points: card.cost,
            factories: card.factories,
            start: start_bits(card),
            repair: 1i8.saturating_add(card.self_mods.repair),
            orbitals: match card.kind {
                HotKind::Asset => card.orbital_count.max(1) as f32,
                _ => 1.0,
            },
            build_power: (card.construction_power as i16 + card.self_mods.construction_power as i16)
                .max(0) as f32,
            research: 1i8.saturating_add(card.self_mods.research_draws).max(0) as f32,
        }
    }
}

/// Raw scores of every player, as the viewer may know them.
pub fn scores(s: &State, viewer: usize, out: &mut [f32]) {
    scores_with(s, viewer, &OrbitalsHeuristic::default(), out);
}

/// Weight of material (ships, structures, projects, hand) late in the game: 1 until `endgame`
/// turns before the turn limit, then falling linearly to [`ENDGAME_FLOOR`] at the limit (O25: a
/// game that reaches the limit is a draw, so material that is not turned into damage on the
/// enemy homeworld by then is worth nothing). `endgame` 0 keeps it at 1.
pub fn material_weight(s: &State, endgame: u16) -> f32 {
    if endgame == 0 || s.turn_limit == 0 {
        return 1.0;
    }
    let left = s.turn_limit.saturating_sub(s.turn) as f32;
    (ENDGAME_FLOOR + (1.0 - ENDGAME_FLOOR) * left / endgame as f32).min(1.0)
}

/// Raw scores with the settings of `h`: material faded over the last `h.endgame` turns (see
/// [`material_weight`]; homeworld damage and the threat of ships keep their full weight), the
/// [`siege`] term weighed by `h.siege`, and `h.approach` for ships at an enemy asset.
///
/// A player's score is the sum of its cards' terms ([`card_term`]) in table order, then the
/// siege and hand terms ([`finish`]). [`near::NearEval`] sums the same terms, kept from a base
/// position, for positions one move away.
pub fn scores_with(s: &State, viewer: usize, h: &OrbitalsHeuristic, out: &mut [f32]) {
    by_shape!(s, scores_in(s, viewer, h, out))
}

/// [`scores_with`] with the table's sets read as `B`.
#[inline(always)]
fn scores_in<B: TableBits>(s: &State, viewer: usize, h: &OrbitalsHeuristic, out: &mut [f32]) {
    // Debris per (asset, orbital), for the doomed-ship check (orbitals past the eighth share one
    // slot); only counted (and cleared) when that check is on.
    let mut debris_table;
    let debris: &mut [u8] = if h.hazard {
        debris_table = [0u8; DEBRIS_SLOTS];
        &mut debris_table
    } else {
        &mut []
    };
    let mut ctx = Ctx::default();
    ctx.gather::<B>(s, viewer, h, debris);
    out.iter_mut().for_each(|v| *v = 0.0);
    // Each player's cards are one slice of the table (an invariant of `State`): sum each
    // player's in a register, in table order. Cards elsewhere (deck, hand, discard, debris)
    // score nothing and are not visited.
    let scored = B::in_play_or_built(s);
    let [ships, projects] = B::table(s, [Zone::Ship, Zone::Project]);
    for (p, o) in out.iter_mut().enumerate().take(ctx.n) {
        let mut sum = 0.0f32;
        let range = s.player_range(PlayerId(p as u8));
        // The population the player's spacecraft projects have not yet claimed: the free
        // population at its first spacecraft project, less each fitting project's (see
        // [`card_term`]). Only the viewer's projects claim it; counted here from the ships'
        // set when the viewer has projects.
        let mut free_pop: Option<i16> = None;
        if p == viewer && !projects.within(range.clone()).none() {
            free_pop = Some(ctx.free_population_of(s, p, ships.within(range.clone())));
        }
        for r in scored.within(range).cards() {
            if let Some(score) = card_term(s, r.index(), p, &ctx, debris, &mut free_pop) {
                sum += score;
            }
        }
        *o = sum;
    }
    finish(s, &ctx, h, out);
}

/// Slots of the debris table: eight orbitals of each of 256 table indices.
const DEBRIS_SLOTS: usize = 256 * 8;

/// What the evaluation gathers in one pass over the table before it scores any card.
#[derive(Clone, Debug)]
pub(super) struct Ctx {
    /// Players scored.
    n: usize,
    viewer: usize,
    /// [`material_weight`].
    mw: f32,
    /// The share of bombardment counted above full-power orbitals at this point of the game.
    approach: f32,
    active: usize,
    phase: Phase,
    /// The active player is in the middle of a turn (maneuvers to construction).
    in_turn: bool,
    hazard: bool,
    tempo: bool,
    /// Per player: best damage weight of a reachable enemy target, cheapest reach.
    best_target: [(f32, u8); MAX_PLAYERS],
    /// Per player: cards in hand.
    hand: [usize; MAX_PLAYERS],
    /// Per player: what the hand can start ([`STARTS_ANYWHERE`] and factory-class bits).
    starts: [u8; MAX_PLAYERS],
    /// Per player: cards left in the deck (research draws nothing from an empty deck).
    deck: [usize; MAX_PLAYERS],
    /// Per player: the population limit (O22) before it is bounded to a byte, summed in the
    /// pass over the assets ([`State::asset_population`], as [`State::population_limit`] sums it).
    pop_limit: [i16; MAX_PLAYERS],
    /// Per asset: the projects on it (low byte), and those that still take construction
    /// points (high byte; a finished spacecraft waiting for population does not, O22; other
    /// players' count as unfinished, O26). One word per asset, so that counting a project
    /// is one add to memory, not two.
    on: [u16; 256],
}

impl Default for Ctx {
    fn default() -> Ctx {
        Ctx {
            n: 0,
            viewer: 0,
            mw: 1.0,
            approach: APPROACH,
            active: 0,
            phase: Phase::Upkeep,
            in_turn: false,
            hazard: false,
            tempo: false,
            best_target: [(0.0, u8::MAX); MAX_PLAYERS],
            hand: [0; MAX_PLAYERS],
            starts: [0; MAX_PLAYERS],
            deck: [0; MAX_PLAYERS],
            pop_limit: [0; MAX_PLAYERS],
            on: [0; 256],
        }
    }
}

impl Ctx {
    /// [`Ctx::gather`] with the set shape the table takes ([`State::one_word`]).
    pub(super) fn gather_any(
        &mut self,
        s: &State,
        viewer: usize,
        h: &OrbitalsHeuristic,
        debris: &mut [u8],
    ) {
        by_shape!(s, self.gather(s, viewer, h, debris))
    }

    /// The first pass over the table, into `self`; counts debris into `debris` when `h.hazard` (`debris`
    /// cleared, [`DEBRIS_SLOTS`] long, then).
    #[inline(always)]
    fn gather<B: TableBits>(
        &mut self,
        s: &State,
        viewer: usize,
        h: &OrbitalsHeuristic,
        debris: &mut [u8],
    ) {
        let mw = material_weight(s, h.endgame);
        // How far the end-game fade has gone (0 before it starts, 1 at the turn limit).
        let fade = (1.0 - mw) / (1.0 - ENDGAME_FLOOR);
        let n = (s.num_players as usize).min(MAX_PLAYERS);
        // Written in place (the struct is large): every field is set here.
        let x = self;
        x.n = n;
        x.viewer = viewer;
        x.mw = mw;
        x.approach = h.approach + (h.late_approach - h.approach) * fade;
        x.active = s.active.index();
        x.phase = s.phase;
        x.in_turn = in_turn(s.phase);
        x.hazard = h.hazard;
        x.tempo = h.tempo;
        x.best_target = [(0.0f32, u8::MAX); MAX_PLAYERS];
        x.hand = [0; MAX_PLAYERS];
        x.starts = [0; MAX_PLAYERS];
        x.deck = [0; MAX_PLAYERS];
        x.pop_limit = [0; MAX_PLAYERS];
        // Only the table's indices can host a project: the rest stay as the last pass left
        // them, and are never read. The shape's capacity, not the table's length: a length
        // known when compiling is cleared in a few stores, without a call.
        x.on[..B::CAPACITY.min(256)].fill(0);
        let values = s.values;
        // Only the zones read here are visited (decks and hands are counted from their sets).
        // Each zone's set is taken where it is read, one at a time: five sets taken at once
        // are copied through memory in pieces that straddle their writes and stall.
        if h.hazard {
            let [wrecks] = B::table(s, [Zone::Debris]);
            for r in wrecks.cards() {
                let c = &s.cards[r.index()];
                if c.host != NONE {
                    let k = c.host as usize * 8 + (c.orbital as usize).min(7);
                    debris[k] = debris[k].saturating_add(1);
                }
            }
        }
        let [assets] = B::table(s, [Zone::Asset]);
        for r in assets.cards() {
            let c = &s.cards[r.index()];
            if c.has(flag::DESTROYED) {
                continue;
            }
            let v = &values[c.card.index()];
            if let Some(limit) = x.pop_limit.get_mut(c.owner.index()) {
                *limit += s.asset_population(r);
            }
            let (w, cost) = (v.damage_weight, v.reach_cost);
            for (p, bt) in x.best_target.iter_mut().enumerate().take(n) {
                if p != c.owner.index() && (w > bt.0 || (w == bt.0 && cost < bt.1)) {
                    *bt = (w, cost);
                }
            }
        }
        let [hand, deck] = B::table(s, [Zone::Hand, Zone::Deck]);
        for p in 0..n {
            let range = s.player_range(PlayerId(p as u8));
            let held = hand.within(range.clone());
            x.hand[p] = held.count();
            x.deck[p] = deck.within(range).count();
            // Only the viewer's own hand is known by identity (O26).
            if p != viewer {
                x.starts[p] = if held.none() { 0 } else { u8::MAX };
            } else {
                for r in held.cards() {
                    x.starts[p] |= values[s.cards[r.index()].card.index()].start;
                }
            }
        }
        let [projects] = B::table(s, [Zone::Project]);
        for r in projects.cards() {
            let c = &s.cards[r.index()];
            let p = c.owner.index().min(MAX_PLAYERS - 1);
            let open = project_open(s, c, p, viewer);
            if c.host != NONE {
                x.on[c.host as usize] += 1 + ((open as u16) << 8);
            } else if open {
                // Any asset with construction power and no enemy spacecraft in orbit may
                // build an asset project (O21).
                x.starts[p] |= STARTS_ASSET;
            }
        }
    }
}

/// Is `phase` one of the middle of a turn (maneuvers to construction)?
#[inline]
pub(super) fn in_turn(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::Maneuvers | Phase::Research | Phase::Repair | Phase::Construction
    )
}

/// Does project `c` of player `p` still take construction points, as `viewer` knows it (other
/// players' projects count as unfinished, O26)?
#[inline]
fn project_open(s: &State, c: &crate::state::Inst, p: usize, viewer: usize) -> bool {
    p != viewer || c.points < s.values[c.card.index()].cost_points
}

/// Free population of player `p` (O22): what a finished spacecraft project needs to enter play.
fn free_population(s: &State, p: usize) -> i16 {
    let q = PlayerId(p as u8);
    s.population_limit(q) as i16 - s.population_used(q) as i16
}

impl Ctx {
    /// Projects on the asset at table index `i`.
    #[inline(always)]
    pub(super) fn projects_on(&self, i: usize) -> u8 {
        self.on[i] as u8
    }

    /// Does a project on the asset at table index `i` still take construction points?
    #[inline(always)]
    pub(super) fn open_on(&self, i: usize) -> bool {
        self.on[i] >> 8 != 0
    }

    /// [`free_population`] of player `p`, from the population limit the first pass summed.
    #[inline]
    fn free_population(&self, s: &State, p: usize) -> i16 {
        self.free_after(p, s.population_used(PlayerId(p as u8)))
    }

    /// [`Ctx::free_population`] with `ships` the set of `p`'s spacecraft in play: the
    /// population they use summed as [`State::population_used`] sums it.
    #[inline(always)]
    fn free_population_of<B: CardBits>(&self, s: &State, p: usize, ships: B) -> i16 {
        let used: u16 = ships
            .cards()
            .map(|r| s.values[s.cards[r.index()].card.index()].population as u16)
            .sum();
        self.free_after(p, used.min(u8::MAX as u16) as u8)
    }

    /// Player `p`'s population limit, bounded to a byte as [`State::population_limit`] bounds
    /// it, less the population `used`.
    #[inline(always)]
    fn free_after(&self, p: usize, used: u8) -> i16 {
        self.pop_limit[p.min(MAX_PLAYERS - 1)].clamp(0, u8::MAX as i16) - used as i16
    }
}

mod heuristic;
pub mod near;
mod terms;
#[cfg(test)]
mod tests;

pub use heuristic::{advantage, OrbitalsHeuristic};
pub use near::NearEval;
use terms::{card_term, finish, only_asset_starts, start_bits, STARTS_ASSET};
