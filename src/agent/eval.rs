//! The evaluation function of the card game, shared by the greedy agent (one-ply search) and MCTS
//! (leaf values at the playout cutoff), and the light playout policy of MCTS.
//!
//! Each player gets a score in "material points" (one point is roughly one construction point);
//! a player's value is `sigmoid((own score - best other score) / TEMPERATURE)`. docs/ai.md
//! explains the terms. Only what the viewer may see is used: other players' hands count by
//! size, their face-down projects by points, never by identity (O26).
use super::game::{advantages, Heuristic, MAX_PLAYERS};
use crate::data::{Card, CardKind};
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
/// Per point of delta-vee left on a ship (defence, mobility).
pub const DELTA_VEE: f32 = 0.05;
/// Per point of construction power (future production).
pub const INCOME: f32 = 0.8;

/// Worth of a spacecraft card in play: cost, plus its bombardment power if it can ever reach an
/// enemy asset (`reach`).
pub fn ship_worth(card: &Card, reach: bool) -> f32 {
    let bp = card.ship().map(|s| s.bombardment_power).unwrap_or(0) as f32;
    1.0 + 0.6 * card.construction_cost as f32 + if reach { 0.8 * bp } else { 0.0 }
}

/// Worth of an asset or upgrade card in play (undamaged).
pub fn structure_worth(card: &Card) -> f32 {
    match &card.kind {
        CardKind::Asset(a) => {
            3.0 + 0.5 * card.construction_cost as f32
                + INCOME * a.construction_power as f32
                + 0.2 * a.population as f32
        }
        _ => 0.5 + 0.5 * card.construction_cost as f32,
    }
}

/// Score per point of bombardment damage on an asset: the homeworld's is high (losing it loses
/// the game), others by their worth.
fn damage_weight(card: &Card) -> f32 {
    match card.asset() {
        Some(a) if a.homeworld => HW / a.bombardment_resistance.max(1) as f32,
        Some(a) => structure_worth(card) / a.bombardment_resistance.max(1) as f32,
        None => 0.0,
    }
}

/// Cheapest delta-vee that ever brings a ship to the outermost orbital of `asset` (O7, O11).
fn reach_cost(card: &Card) -> u8 {
    card.asset()
        .map(|a| {
            a.transfer_costs.iter().copied().min().unwrap_or(0)
                + a.orbitals.last().copied().unwrap_or(0)
        })
        .unwrap_or(u8::MAX)
}

/// Maximum delta-vee of a ship card with its own modifiers (orbit modifiers ignored).
fn base_dv(card: &Card) -> u8 {
    let dv = card.ship().map(|s| s.delta_vee).unwrap_or(0) as i16;
    (dv + card.self_mods.delta_vee as i16).clamp(0, 255) as u8
}

fn base_bp(card: &Card) -> f32 {
    let bp = card.ship().map(|s| s.bombardment_power).unwrap_or(0) as i16;
    (bp + card.self_mods.bombardment as i16).max(0) as f32
}

/// Raw scores of every player, as the viewer may know them.
pub fn scores(s: &State, viewer: usize, out: &mut [f32]) {
    let n = (s.num_players as usize).min(MAX_PLAYERS).min(out.len());
    out.iter_mut().for_each(|v| *v = 0.0);
    // Per player: best damage weight of a reachable enemy target, cheapest reach, hand size.
    let mut best_target = [(0.0f32, u8::MAX); MAX_PLAYERS];
    let mut hand = [0usize; MAX_PLAYERS];
    let mut projects_on = [0u8; 256];
    for c in &s.cards {
        match c.zone {
            Zone::Asset if !c.has(flag::DESTROYED) => {
                let card = s.db.card(c.card);
                let (w, cost) = (damage_weight(card), reach_cost(card));
                for (p, bt) in best_target.iter_mut().enumerate().take(n) {
                    if p != c.owner.index() && (w > bt.0 || (w == bt.0 && cost < bt.1)) {
                        *bt = (w, cost);
                    }
                }
            }
            Zone::Hand => hand[c.owner.index().min(MAX_PLAYERS - 1)] += 1,
            Zone::Project if c.host != NONE => projects_on[c.host as usize] += 1,
            _ => {}
        }
    }
    let active = s.active.index();
    let in_turn = matches!(
        s.phase,
        Phase::Maneuvers | Phase::Research | Phase::Repair | Phase::Construction
    );
    for (i, c) in s.cards.iter().enumerate() {
        let p = c.owner.index();
        if p >= n {
            continue;
        }
        let card = s.db.card(c.card);
        let score = match c.zone {
            Zone::Ship => {
                let reach = base_dv(card) >= best_target[p].1;
                let armor = card.ship().map(|x| x.armor).unwrap_or(1).max(1) as f32;
                let hurt = 1.0 - 0.3 * (c.damage as f32 / armor).min(1.0);
                ship_worth(card, reach) * hurt
                    + DELTA_VEE * c.dv as f32
                    + position(s, c.host, c.orbital, p, card, reach, best_target[p].0)
            }
            Zone::Asset => {
                let a = card.asset();
                let res = a.map(|a| a.bombardment_resistance).unwrap_or(1).max(1) as f32;
                let x = (c.damage as f32 / res).min(1.0);
                let homeworld = a.map(|a| a.homeworld).unwrap_or(false);
                if c.has(flag::DESTROYED) {
                    if homeworld {
                        -HW_LOST
                    } else {
                        0.0
                    }
                } else {
                    let mut v = if homeworld {
                        -HW * (x + x * x) / 2.0
                    } else {
                        structure_worth(card) * (1.0 - 0.5 * x)
                    };
                    // What the player to move can still do with this asset this turn.
                    if p == active && in_turn && !c.has(flag::TAPPED) {
                        let can_build = hand[p] > 0 || projects_on[i] > 0;
                        v += untapped(card, s.phase, c.damage, can_build);
                    }
                    v
                }
            }
            Zone::Upgrade => {
                let res = card
                    .upgrade()
                    .map(|u| u.bombardment_resistance)
                    .unwrap_or(1);
                structure_worth(card) * (1.0 - 0.5 * c.damage as f32 / res.max(1) as f32)
            }
            Zone::Project => {
                let crowd = projects_on[c.host as usize].max(1) as f32;
                let base = if c.host == NONE {
                    0.45
                } else {
                    0.3 + 0.15 / crowd
                };
                if p == viewer {
                    let worth = match card.kind {
                        CardKind::Spacecraft(_) => {
                            ship_worth(card, base_dv(card) >= best_target[p].1)
                        }
                        _ => structure_worth(card),
                    };
                    let frac = (c.points as f32 / card.construction_cost.max(1) as f32).min(1.0);
                    base + 0.02 * worth + frac * (worth - base).max(0.0) * 0.8
                } else {
                    base + 0.5 * c.points as f32
                }
            }
            _ => 0.0,
        };
        out[p] += score;
    }
    for (p, v) in out.iter_mut().enumerate().take(n) {
        let h = hand[p];
        *v += HAND_CARD * h.min(HAND_SOFT_CAP) as f32
            + HAND_EXTRA * h.saturating_sub(HAND_SOFT_CAP) as f32;
    }
}

/// Threat of a ship: expected bombardment at an enemy asset, or progress towards one.
fn position(s: &State, host: u8, orbital: u8, p: usize, card: &Card, reach: bool, w: f32) -> f32 {
    let bp = base_bp(card);
    if bp <= 0.0 || host == NONE {
        return 0.0;
    }
    let a = &s.cards[host as usize];
    let acard = s.db.card(a.card);
    if a.owner.index() != p && !a.has(flag::DESTROYED) {
        let pw = (bp - orbital as f32).max(0.0);
        return damage_weight(acard) * (pw + 0.4 * (bp - pw));
    }
    if !reach {
        return 0.0;
    }
    let n = acard.asset().map(|x| x.orbitals.len()).unwrap_or(1).max(1) as f32;
    w * bp * (0.1 + 0.25 * (orbital as f32 + 1.0) / n)
}

/// What an untapped asset can still do in its owner's turn from `phase` on: build, research or
/// repair, whichever is worth most (O19–O21).
fn untapped(card: &Card, phase: Phase, damage: u8, can_build: bool) -> f32 {
    let Some(a) = card.asset() else { return 0.0 };
    let cp = (a.construction_power as i16 + card.self_mods.construction_power as i16).max(0);
    let build = if can_build {
        BUILD_POINT * cp as f32
    } else {
        0.0
    };
    let research = if phase <= Phase::Research {
        HAND_CARD * (1 + card.self_mods.research_draws).max(0) as f32
    } else {
        0.0
    };
    let repair = if phase <= Phase::Repair && damage > 0 {
        let amount = (1 + card.self_mods.repair).max(0).min(damage as i8) as f32;
        let x = damage as f32 / a.bombardment_resistance.max(1) as f32;
        amount * damage_weight(card) * if a.homeworld { 0.5 + x } else { 1.0 }
    } else {
        0.0
    };
    build.max(research).max(repair)
}

/// The card game's heuristic: [`scores`] through a sigmoid, and a light playout policy.
#[derive(Clone, Copy, Debug)]
pub struct OrbitalsHeuristic {
    /// Probability that a playout passes when it has other moves.
    pub pass_prob: f32,
}

impl Default for OrbitalsHeuristic {
    fn default() -> Self {
        OrbitalsHeuristic { pass_prob: 1.0 }
    }
}

impl Heuristic<State> for OrbitalsHeuristic {
    fn scores(&self, g: &State, viewer: usize, out: &mut [f32]) {
        scores(g, viewer, out);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::new_state;

    #[test]
    fn fresh_game_is_about_even() {
        let s = new_state(1);
        let v0 = advantage(&s, 0);
        let v1 = advantage(&s, 1);
        assert!((v0 + v1).abs() < 1e-3, "{v0} {v1}");
        assert!(v0.abs() < TEMPERATURE, "{v0}");
    }

    #[test]
    fn homeworld_damage_lowers_the_owners_value() {
        let s = new_state(2);
        let hw = s
            .zone(s.active, Zone::Asset)
            .next()
            .map(|(r, _)| r)
            .unwrap();
        let before = advantage(&s, s.active.index());
        let mut t = s.clone();
        t.inst_mut(hw).damage = 6;
        assert!(advantage(&t, s.active.index()) < before - 5.0);
    }
}
