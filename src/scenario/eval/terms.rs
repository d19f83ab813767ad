//! The terms of the evaluation after its first pass: one per card in play ([`card_term`]: ships
//! with their threat, assets with what they can still do this turn, upgrades, projects), then
//! the siege of enemy homeworlds and the hands ([`finish`]).
use super::{
    CardValue, Ctx, OrbitalsHeuristic, BUILD_POINT, DELTA_VEE, HAND_CARD, HAND_EXTRA,
    HAND_SOFT_CAP, HW, HW_LOST, WAITING,
};
use crate::core::game::MAX_PLAYERS;
use crate::data::{Hot, HotKind};
use crate::ids::CardRef;
use crate::state::{flag, Phase, State, Zone, NONE};

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
pub(super) fn card_term(
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
                let can_build = x.open_on(i) || can_start(s, i, p, value, x.starts[p]);
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
            let base = if c.host == NONE {
                0.45
            } else {
                CROWDED[x.projects_on(c.host as usize) as usize]
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

/// The base worth of a project on an asset with `n` projects (`n` at least 1; 0 reads as 1):
/// `0.3 + 0.15 / n`, worked out once for every count a byte holds.
static CROWDED: [f32; 256] = {
    let mut t = [0.0f32; 256];
    let mut n = 0;
    while n < 256 {
        let crowd = if n == 0 { 1.0 } else { n as f32 };
        t[n] = 0.3 + 0.15 / crowd;
        n += 1;
    }
    t
};

/// The terms after the cards: the [`siege`] of enemy homeworlds and the hands.
pub(super) fn finish(s: &State, x: &Ctx, h: &OrbitalsHeuristic, out: &mut [f32]) {
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
pub(super) fn doomed(s: &State, i: usize, debris: &[u8]) -> bool {
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
pub(super) fn siege(s: &State, n: usize, turns: f32, out: &mut [f32]) {
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
pub(super) fn position(
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
pub(super) const STARTS_ANYWHERE: u8 = 0x80;

/// Start bit of an asset card in hand or an open asset project: every asset with construction
/// power may build it, but only while no enemy spacecraft orbit that asset (O21).
pub(super) const STARTS_ASSET: u8 = 0x40;

/// What a hand card needs to be started and built: a factory of its class, or any asset.
#[inline]
pub(super) fn start_bits(card: &Hot) -> u8 {
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
pub(super) fn can_start(s: &State, i: usize, p: usize, asset: &CardValue, starts: u8) -> bool {
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
pub(super) fn enemy_orbits(s: &State, i: usize, p: usize) -> bool {
    s.ships_at(CardRef(i as u8))
        .any(|(_, c)| c.owner.index() != p)
}

/// Worth of one card that research would draw: a hand card (less past the soft cap), nothing
/// from an empty deck.
#[inline]
pub(super) fn draw_value(hand: usize, deck: usize) -> f32 {
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
pub(super) fn untapped(
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
