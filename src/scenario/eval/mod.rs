//! The evaluation function of the card game, shared by the greedy agent (one-ply search) and MCTS
//! (leaf values at the playout cutoff), and the light playout policy of MCTS.
//!
//! Each player gets a score in "material points" (one point is roughly one construction point);
//! a player's value is `sigmoid((own score - best other score) / TEMPERATURE)`. docs/ai.md
//! explains the terms. Only what the viewer may see is used: other players' hands count by
//! size, their face-down projects by points, never by identity (O26).
use crate::core::game::{advantages, Heuristic, MAX_PLAYERS};
use crate::data::{Hot, HotKind};
use crate::ids::{CardRef, PlayerId};
use crate::rules::Command;
use crate::state::{flag, Phase, State, Zone, NONE};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

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
    ctx.gather(s, viewer, h, debris);
    out.iter_mut().for_each(|v| *v = 0.0);
    // Each player's cards are one slice of the table (an invariant of `State`): sum each
    // player's in a register, in table order. Cards elsewhere (deck, hand, discard, debris)
    // score nothing and are not visited.
    let scored = s.in_play_or_built();
    for p in 0..ctx.n.min(out.len()) {
        let mut sum = 0.0f32;
        // The population the player's spacecraft projects have not yet claimed: the free
        // population at its first spacecraft project, less each fitting project's (see
        // [`card_term`]).
        let mut free_pop: Option<i16> = None;
        for r in scored.within(s.player_range(PlayerId(p as u8))).iter() {
            if let Some(score) = card_term(s, r.index(), p, &ctx, debris, &mut free_pop) {
                sum += score;
            }
        }
        out[p] = sum;
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
    /// Projects on each asset.
    projects_on: [u8; 256],
    /// Projects on each asset that still take construction points (a finished spacecraft
    /// waiting for population does not, O22); other players' count as unfinished (O26).
    open_on: [u8; 256],
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
            projects_on: [0; 256],
            open_on: [0; 256],
        }
    }
}

impl Ctx {
    /// The first pass over the table, into `self`; counts debris into `debris` when `h.hazard` (`debris`
    /// cleared, [`DEBRIS_SLOTS`] long, then).
    #[inline(always)]
    fn gather(&mut self, s: &State, viewer: usize, h: &OrbitalsHeuristic, debris: &mut [u8]) {
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
        x.projects_on = [0; 256];
        x.open_on = [0; 256];
        let values = s.values;
        // Only the zones read here are visited (decks and hands are counted from their sets).
        // Each zone's set is taken where it is read, one at a time: five sets taken at once
        // are copied through memory in pieces that straddle their writes and stall.
        if h.hazard {
            let [wrecks] = s.table_sets([Zone::Debris]);
            for r in wrecks.iter() {
                let c = &s.cards[r.index()];
                if c.host != NONE {
                    let k = c.host as usize * 8 + (c.orbital as usize).min(7);
                    debris[k] = debris[k].saturating_add(1);
                }
            }
        }
        let [assets] = s.table_sets([Zone::Asset]);
        for r in assets.iter() {
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
        let [hand, deck] = s.table_sets([Zone::Hand, Zone::Deck]);
        for p in 0..n {
            let range = s.player_range(PlayerId(p as u8));
            let held = hand.within(range.clone());
            x.hand[p] = held.len();
            x.deck[p] = deck.within(range).len();
            // Only the viewer's own hand is known by identity (O26).
            if p != viewer {
                x.starts[p] = if held.is_empty() { 0 } else { u8::MAX };
            } else {
                for r in held.iter() {
                    x.starts[p] |= values[s.cards[r.index()].card.index()].start;
                }
            }
        }
        let [projects] = s.table_sets([Zone::Project]);
        for r in projects.iter() {
            let c = &s.cards[r.index()];
            let p = c.owner.index().min(MAX_PLAYERS - 1);
            let open = project_open(s, c, p, viewer);
            if c.host != NONE {
                x.projects_on[c.host as usize] += 1;
                x.open_on[c.host as usize] += open as u8;
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
    /// [`free_population`] of player `p`, from the population limit the first pass summed.
    #[inline]
    fn free_population(&self, s: &State, p: usize) -> i16 {
        let limit = self.pop_limit[p.min(MAX_PLAYERS - 1)].clamp(0, u8::MAX as i16);
        limit - s.population_used(PlayerId(p as u8)) as i16
    }
}

/// The score of card `i` of player `p` in `s` with the first pass `x`, or `None` for a card
/// that scores nothing where it is (deck, hand, discard, debris). `free_pop` is the population
/// the player's spacecraft projects before this card left unclaimed (`None` until the first:
/// the free population then).
///
/// The viewer's spacecraft projects share the free population in table order (first fit,
/// O22): a project whose population fits in what the projects before it left counts in full
/// and claims it; one that does not counts [`WAITING`]. So finishing a project that fits takes
/// nothing from the others: its ship uses the population the project had claimed. (Were each
/// project compared with the whole free population, every ship entering play would mark all
/// the others as waiting at once, and a player with many projects would never finish one.)
#[inline(always)]
fn card_term(
    s: &State,
    i: usize,
    p: usize,
    x: &Ctx,
    debris: &[u8],
    free_pop: &mut Option<i16>,
) -> Option<f32> {
    let c = &s.cards[i];
    let value = &s.values[c.card.index()];
    let mw = x.mw;
    let score = match c.zone {
        Zone::Ship if x.hazard && p == x.active && x.in_turn && doomed(s, i, debris) => 0.0,
        Zone::Ship => {
            let reach = value.base_dv >= x.best_target[p].1;
            let hurt = 1.0 - 0.3 * (c.damage as f32 / value.armor).min(1.0);
            mw * (value.ship_worth[reach as usize] * hurt + DELTA_VEE * c.dv as f32)
                + position(
                    s,
                    c.host,
                    c.orbital,
                    p,
                    value.base_bp,
                    reach,
                    x.best_target[p].0,
                    mw,
                    x.approach,
                )
        }
        Zone::Asset => {
            let is_asset = value.kind == HotKind::Asset;
            let dx = (c.damage as f32 / value.asset_res).min(1.0);
            let homeworld = is_asset && value.homeworld;
            if c.has(flag::DESTROYED) {
                if homeworld {
                    -HW_LOST
                } else {
                    0.0
                }
            } else {
                let mut v = if homeworld {
                    -HW * (dx + dx * dx) / 2.0
                } else {
                    mw * value.structure_worth * (1.0 - 0.5 * dx)
                };
                // What the player to move can still do with this asset this turn.
                let can_build = x.open_on[i] > 0 || can_start(s, i, p, value, x.starts[p]);
                let draw = draw_value(x.hand[p], x.deck[p]);
                if p == x.active && x.in_turn && !c.has(flag::TAPPED) {
                    v += untapped(value, x.phase, c.damage, can_build, draw, mw);
                } else if x.tempo && (p != x.active || !x.in_turn) {
                    // What it will do in its owner's next turn (building or research, not
                    // repair): every player's assets count the same wherever a leaf falls
                    // in the turn cycle.
                    let phase = Phase::Maneuvers;
                    v += untapped(value, phase, 0, can_build, draw, mw);
                }
                v
            }
        }
        Zone::Upgrade => {
            mw * value.structure_worth * (1.0 - 0.5 * c.damage as f32 / value.upgrade_res)
        }
        Zone::Project => {
            let crowd = x.projects_on[c.host as usize].max(1) as f32;
            let base = if c.host == NONE {
                0.45
            } else {
                0.3 + 0.15 / crowd
            };
            if p == x.viewer {
                let worth = match value.kind {
                    HotKind::Spacecraft => {
                        let reach = value.base_dv >= x.best_target[p].1;
                        let w = value.ship_worth[reach as usize];
                        // A spacecraft that would not fit in the population the projects
                        // before it left waits when finished (O22): worth half until a ship
                        // leaves play.
                        let left = free_pop.get_or_insert_with(|| x.free_population(s, p));
                        let pop = value.population as i16;
                        if pop > *left {
                            WAITING * w
                        } else {
                            *left -= pop;
                            w
                        }
                    }
                    _ => value.structure_worth,
                };
                let frac = (c.points as f32 / value.cost).min(1.0);
                mw * (base + 0.02 * worth + frac * (worth - base).max(0.0) * 0.8)
            } else {
                mw * (base + 0.5 * c.points as f32)
            }
        }
        _ => return None,
    };
    Some(score)
}

/// The terms after the cards: the [`siege`] of enemy homeworlds and the hands.
fn finish(s: &State, x: &Ctx, h: &OrbitalsHeuristic, out: &mut [f32]) {
    let n = x.n.min(out.len());
    if h.siege > 0.0 {
        siege(s, n, h.siege, out);
    }
    for (p, v) in out.iter_mut().enumerate().take(n) {
        let hd = x.hand[p];
        *v += x.mw
            * (HAND_CARD * hd.min(HAND_SOFT_CAP) as f32
                + HAND_EXTRA * hd.saturating_sub(HAND_SOFT_CAP) as f32);
    }
}

/// A ship of the player to move that is out of delta-vee in an orbital with enough debris to
/// destroy it at the end of the turn (O18), and cannot bombard from there: it is as good as lost.
/// (A ship that bombarded is also out of delta-vee, but its damage is already counted, so ships
/// in range of an enemy asset are left alone.)
fn doomed(s: &State, i: usize, debris: &[u8]) -> bool {
    let c = &s.cards[i];
    if c.dv > 0 || c.host == NONE {
        return false;
    }
    let r = CardRef(i as u8);
    let k = c.host as usize * 8 + (c.orbital as usize).min(7);
    if (debris[k] as u16 + c.damage as u16) < s.armor(r) as u16 {
        return false;
    }
    let host = &s.cards[c.host as usize];
    let enemy = host.owner != c.owner && !host.has(flag::DESTROYED);
    !(enemy && s.bombardment_power(r) > c.orbital)
}

/// Siege of enemy homeworlds: the per-ship threat terms of [`position`] value each ship on its
/// own, but a homeworld only falls when the bombardment it takes every turn outpaces the
/// repair it can make every turn (O15, O20). For every player and every enemy homeworld, the
/// ships that can bombard it from where they are and survive their own end of turn there (fewer
/// debris in their orbital than their armor, O18) add up their power `P`; the player gains
/// `turns · w · (P − R)` when `P` exceeds the homeworld's repair `R`, with
/// `w` the homeworld's score per damage point. This gives the search a reason to mass ships at
/// the lowest safe orbitals instead of bombarding away damage that is repaired every turn.
fn siege(s: &State, n: usize, turns: f32, out: &mut [f32]) {
    // Debris per (asset, orbital); orbitals beyond the eighth share the last slot.
    let mut debris = [0u8; 256 * 8];
    let mut any_ship_at_hw = false;
    for c in &s.cards {
        match c.zone {
            Zone::Debris if c.host != NONE => {
                let k = c.host as usize * 8 + (c.orbital as usize).min(7);
                debris[k] = debris[k].saturating_add(1);
            }
            Zone::Ship if c.host != NONE => any_ship_at_hw = true,
            _ => {}
        }
    }
    if !any_ship_at_hw {
        return;
    }
    // Power on each enemy homeworld, per attacking player: (homeworld index, power).
    let mut power = [[0u32; MAX_PLAYERS]; MAX_PLAYERS];
    let mut hw_of = [NONE; MAX_PLAYERS];
    for (i, c) in s.cards.iter().enumerate() {
        let p = c.owner.index();
        if p >= n {
            continue;
        }
        match c.zone {
            Zone::Asset if !c.has(flag::DESTROYED) && s.db.hot(c.card).homeworld => {
                hw_of[p] = i as u8;
            }
            Zone::Ship if c.host != NONE => {
                let host = &s.cards[c.host as usize];
                let q = host.owner.index();
                if q == p || q >= n || host.zone != Zone::Asset || host.has(flag::DESTROYED) {
                    continue;
                }
                if !s.db.hot(host.card).homeworld {
                    continue;
                }
                let r = CardRef(i as u8);
                let pw = s.bombardment_power(r).saturating_sub(c.orbital);
                let k = c.host as usize * 8 + (c.orbital as usize).min(7);
                if pw > 0 && debris[k] < s.armor(r) {
                    power[p][q] += pw as u32;
                }
            }
            _ => {}
        }
    }
    for p in 0..n {
        for q in 0..n {
            if power[p][q] == 0 || hw_of[q] == NONE {
                continue;
            }
            let hw = CardRef(hw_of[q]);
            let res = s.resistance(hw).max(1) as f32;
            let net = power[p][q] as f32 - s.repair_amount(hw) as f32;
            if net > 0.0 {
                out[p] += turns * (HW / res) * net;
            }
        }
    }
}

/// Threat of a ship: expected bombardment at an enemy asset, or progress towards one. A threat to
/// an asset other than a homeworld is material and weighs `mw`.
#[allow(clippy::too_many_arguments)]
fn position(
    s: &State,
    host: u8,
    orbital: u8,
    p: usize,
    bp: f32,
    reach: bool,
    w: f32,
    mw: f32,
    approach: f32,
) -> f32 {
    if bp <= 0.0 || host == NONE {
        return 0.0;
    }
    let a = &s.cards[host as usize];
    let av = &s.values[a.card.index()];
    if a.owner.index() != p && !a.has(flag::DESTROYED) {
        let pw = (bp - orbital as f32).max(0.0);
        let homeworld = av.kind == HotKind::Asset && av.homeworld;
        let scale = if homeworld { 1.0 } else { mw };
        return scale * av.damage_weight * (pw + approach * (bp - pw));
    }
    if !reach {
        return 0.0;
    }
    w * bp * (0.1 + 0.25 * (orbital as f32 + 1.0) / av.orbitals)
}

/// Start bit of a hand card that can go on any asset and be built there: an upgrade (O21).
/// Spacecraft set their class's factory bit.
const STARTS_ANYWHERE: u8 = 0x80;

/// Start bit of an asset card in hand or an open asset project: every asset with construction
/// power may build it, but only while no enemy spacecraft orbit that asset (O21).
const STARTS_ASSET: u8 = 0x40;

/// What a hand card needs to be started and built: a factory of its class, or any asset.
#[inline]
fn start_bits(card: &Hot) -> u8 {
    match card.kind {
        HotKind::Spacecraft => card.class.bit(),
        HotKind::Asset => STARTS_ASSET,
        HotKind::Upgrade => STARTS_ANYWHERE,
    }
}

/// True if some hand card or open asset project (`starts`, see [`start_bits`]) can be built by
/// `asset` (table index `i`, of player `p`): a spacecraft needs a factory of its class there,
/// an asset project an asset that no enemy spacecraft orbit (O21).
#[inline]
fn can_start(s: &State, i: usize, p: usize, asset: &CardValue, starts: u8) -> bool {
    if only_asset_starts(asset.factories, starts) {
        !enemy_orbits(s, i, p)
    } else {
        starts & (STARTS_ANYWHERE | asset.factories) != 0
    }
}

/// Is an asset project the only start (`starts`) that an asset with `factories` could build, so that whether it
/// can build at all depends on the spacecraft orbiting it (see [`can_start`])?
#[inline]
pub(super) fn only_asset_starts(factories: u8, starts: u8) -> bool {
    starts & STARTS_ASSET != 0 && starts & (STARTS_ANYWHERE | factories) == 0
}

/// Does a spacecraft of another player than `p` orbit the asset at table index `i`?
fn enemy_orbits(s: &State, i: usize, p: usize) -> bool {
    s.ships_at(CardRef(i as u8))
        .any(|(_, c)| c.owner.index() != p)
}

/// Worth of one card that research would draw: a hand card (less past the soft cap), nothing
/// from an empty deck.
#[inline]
fn draw_value(hand: usize, deck: usize) -> f32 {
    match (deck, hand < HAND_SOFT_CAP) {
        (0, _) => 0.0,
        (_, true) => HAND_CARD,
        (_, false) => HAND_EXTRA,
    }
}

/// What an untapped asset can still do in its owner's turn from `phase` on: build (only if a
/// project on it or a hand card can use its construction power), research (`draw` per card
/// drawn) or repair, whichever is worth most (O19–O21).
/// Building and research are material (weighted by `mw`); repair protects the homeworld.
fn untapped(
    value: &CardValue,
    phase: Phase,
    damage: u8,
    can_build: bool,
    draw: f32,
    mw: f32,
) -> f32 {
    if value.kind != HotKind::Asset {
        return 0.0;
    }
    let build = if can_build {
        mw * BUILD_POINT * value.build_power
    } else {
        0.0
    };
    let research = if phase <= Phase::Research {
        mw * draw * value.research
    } else {
        0.0
    };
    let repair = if phase <= Phase::Repair && damage > 0 {
        let amount = value.repair.max(0).min(damage as i8) as f32;
        let x = damage as f32 / value.asset_res;
        amount * value.damage_weight * if value.homeworld { 0.5 + x } else { 1.0 }
    } else {
        0.0
    };
    build.max(research).max(repair)
}

/// The card game's heuristic: [`scores`] through a sigmoid, and a light playout policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrbitalsHeuristic {
    /// Probability that a playout passes when it has other moves.
    pub pass_prob: f32,
    /// Turns before the turn limit over which material fades (0: never); see
    /// [`material_weight`].
    pub endgame: u16,
    /// Weight (in turns of net damage) of the [`siege`] term; 0 turns it off.
    pub siege: f32,
    /// Share of a ship's bombardment power counted as threat while it orbits an enemy asset
    /// too high to bombard it at full power (the rest needs lower orbitals).
    pub approach: f32,
    /// The share `approach` moves to as the end-game fade goes on (equal to `approach`: no
    /// change), so that ships press the attack when the turn limit nears.
    pub late_approach: f32,
    /// Count a ship of the player to move as lost when debris will destroy it at the end of
    /// the turn and it cannot bombard where it is (see [`doomed`]).
    pub hazard: bool,
    /// Also count the build or research potential of the assets of players not to move (their
    /// next turn), so that a leaf's value does not jump when the turn passes.
    pub tempo: bool,
}

impl Default for OrbitalsHeuristic {
    fn default() -> Self {
        OrbitalsHeuristic {
            pass_prob: 1.0,
            endgame: 0,
            siege: 0.0,
            approach: APPROACH,
            late_approach: APPROACH,
            hazard: false,
            tempo: false,
        }
    }
}

impl Heuristic<State> for OrbitalsHeuristic {
    type Near = NearEval;

    fn prepare_near(&self, base: &State, viewer: usize, near: &mut NearEval) {
        near.prepare(base, viewer, self);
    }

    fn scores_near(&self, near: &NearEval, g: &State, viewer: usize, out: &mut [f32]) {
        near.scores(g, viewer, self, out);
    }

    fn scores(&self, g: &State, viewer: usize, out: &mut [f32]) {
        scores_with(g, viewer, self, out);
    }

    fn temperature(&self) -> f32 {
        TEMPERATURE
    }

    /// Bombard, contribute and repair when possible, research with assets that have nothing to
    /// build or repair, never scuttle, otherwise random with a bias to pass.
    fn playout_move(&self, g: &State, legal: &[Command], rng: &mut ChaCha8Rng) -> Command {
        if legal.len() > 1 {
            if let Some(m) = legal.iter().find(|m| {
                matches!(
                    m,
                    Command::Bombard { .. } | Command::Contribute { .. } | Command::Repair { .. }
                )
            }) {
                return *m;
            }
            if let Some(m) = legal.iter().find(|m| match m {
                Command::Research { asset } => {
                    let i = asset.0 as usize;
                    g.cards[i].damage == 0
                        && !g
                            .cards
                            .iter()
                            .any(|c| c.zone == Zone::Project && c.host as usize == i)
                }
                _ => false,
            }) {
                return *m;
            }
            if rng.gen::<f32>() >= self.pass_prob {
                for _ in 0..4 {
                    let m = legal[rng.gen_range(1..legal.len())];
                    if !matches!(m, Command::Scuttle { .. }) {
                        return m;
                    }
                }
            }
        }
        legal[0]
    }
}

/// Convenience: a player's advantage (own score minus the best other score) as `viewer` sees it.
pub fn advantage(s: &State, player: usize) -> f32 {
    let mut v = [0.0f32; MAX_PLAYERS];
    let n = (s.num_players as usize).clamp(1, MAX_PLAYERS);
    advantages(&OrbitalsHeuristic::default(), s, player, &mut v[..n]);
    v[player]
}

pub mod near;
#[cfg(test)]
mod tests;

pub use near::NearEval;
