//! The card game as a [`Game`]: the engine's [`State`] with [`Command`]s as moves, and
//! [`determinize`] (dealt in `scenario/deal.rs`), the hidden-information view of ruling O26.
//!
//! # What a player can see (O26)
//! Everything in play is public: assets, ships, upgrades, debris, damage, delta-vee, and the
//! points and host of every project. A player's own hand, deck order and projects are known to
//! them. Of an opponent, only the *number* of cards in hand and deck is known, and the identity
//! of their face-down projects is not.
//!
//! Decklists are public knowledge in this game's CLI setup, so the viewer knows the multiset of
//! an opponent's unseen cards: their 31 cards minus the ones visible in play or removed from the
//! game (removed cards are assumed to have been shown as they left). The agent does not remember
//! cards it saw earlier (a refitted ship going back to hand), which loses a little information
//! but never gains any.
pub use super::deal::{determinize, DealPlan};
use crate::core::game::{Game, Outcomes};
use crate::ids::PlayerId;
use crate::maneuver::combat;
use crate::rules::{self, Command};
use crate::state::State;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

impl Game for State {
    type Move = Command;

    fn num_players(&self) -> usize {
        self.num_players as usize
    }
    fn current_player(&self) -> usize {
        self.active.index()
    }
    crate::game_rules_from_ruleset!();
    fn legal_moves(&self, out: &mut Vec<Command>) {
        rules::legal_commands_into(self, out);
    }
    fn is_random(&self, m: &Command) -> bool {
        matches!(m, Command::Combat { .. })
    }
    fn is_pass(&self, m: &Command) -> bool {
        matches!(m, Command::Pass)
    }
    /// An attack that cannot hit: no dice (accuracy 0), or none that can show less than range
    /// minus defence (O13); it only spends the attacker's delta-vee. And a scuttle: the search
    /// scuttles ships to leave debris that only its greedy playouts walk into (docs/ai.md,
    /// "Attacks that cannot hit, and a scuttle the playouts reward"), and plays measurably
    /// better without them.
    fn prunable(&self, m: &Command) -> bool {
        match *m {
            Command::Scuttle { .. } => true,
            Command::Combat { ship, target, x } => !combat::attack(self, ship, target, x).can_hit(),
            _ => false,
        }
    }
    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.forced_dice.clear();
    }
    fn determinize(&self, viewer: usize, rng: &mut ChaCha8Rng) -> State {
        determinize(self, PlayerId(viewer as u8), rng)
    }
    type Hidden = DealPlan;
    fn prepare_hidden(&self, viewer: usize, out: &mut DealPlan) {
        out.prepare(self, PlayerId(viewer as u8));
    }
    fn determinize_prepared(
        &self,
        _viewer: usize,
        plan: &DealPlan,
        rng: &mut ChaCha8Rng,
        out: &mut State,
    ) {
        out.clone_from(self);
        plan.deal(out, rng);
    }
    fn turn(&self) -> u32 {
        self.turn as u32
    }
    /// The turn and the commands played in it (O30's count), which every command within the
    /// turn raises by one.
    fn ply(&self) -> Option<u64> {
        Some((u64::from(self.turn) << 16) | u64::from(self.turn_commands))
    }

    /// Combat is enumerated exactly: every number of hits that matters, with its binomial
    /// probability, forced through the dice queue. Other commands have one outcome.
    fn outcomes(
        &self,
        m: Command,
        _samples: usize,
        rng: &mut ChaCha8Rng,
        out: &mut Outcomes<State>,
    ) {
        // No command but combat rolls dice, and combat's dice are forced below: the outcome
        // states never draw from their generator, so it is not reseeded (the seed is still
        // drawn, so the caller's generator moves on as before).
        let _seed: u64 = rng.gen();
        let Command::Combat { ship, target, x } = m else {
            let g = out.push_copy(1.0, self);
            g.forced_dice.clear();
            g.apply(m);
            return;
        };
        let atk = combat::attack(self, ship, target, x);
        let p = atk.hit_chance();
        let n = atk.accuracy as usize;
        let t = self.inst(target);
        let need = (self.armor(target).saturating_sub(t.damage)).max(1) as usize;
        let mut outcome = |prob: f64, h: usize| {
            let g = out.push_copy(prob as f32, self);
            g.forced_dice.clear();
            g.forced_dice.extend(std::iter::repeat_n(1, h));
            g.forced_dice.extend(std::iter::repeat_n(6, n - h));
            g.apply(m);
            g.forced_dice.clear();
        };
        // Hit counts at or above `need` all destroy the target: one outcome for them.
        let mut kill = 0.0f64;
        for h in 0..=n {
            let prob = binomial(n, h) * p.powi(h as i32) * (1.0 - p).powi((n - h) as i32);
            if prob <= 0.0 {
                continue;
            }
            if h >= need {
                kill += prob;
            } else {
                outcome(prob, h);
            }
        }
        if kill > 0.0 {
            outcome(kill, need);
        }
    }
}

/// `n choose k` as a float.
fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::{new_state, play_random};
    use crate::ids::CardId;
    use crate::scenario::deal::plausible_project;
    use crate::state::Zone;

    fn hidden_multiset(s: &State, p: PlayerId) -> Vec<CardId> {
        let mut v: Vec<CardId> = s
            .cards
            .iter()
            .filter(|c| c.owner == p && matches!(c.zone, Zone::Hand | Zone::Deck | Zone::Project))
            .map(|c| c.card)
            .collect();
        v.sort();
        v
    }

    #[test]
    fn o26_determinize_keeps_public_facts_and_own_cards() {
        let mut s = new_state(3);
        play_random(&mut s, 400, 9);
        let viewer = s.active;
        let opp = s.next_player(viewer);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let d = determinize(&s, viewer, &mut rng);
        assert_eq!(hidden_multiset(&s, opp), hidden_multiset(&d, opp));
        for (a, b) in s.cards.iter().zip(&d.cards) {
            assert_eq!(a.zone, b.zone);
            assert_eq!((a.host, a.points, a.order), (b.host, b.points, b.order));
            let hidden =
                a.owner == opp && matches!(a.zone, Zone::Hand | Zone::Deck | Zone::Project);
            if !hidden {
                assert_eq!(a.card, b.card, "visible or own card changed");
            }
        }
        for (i, c) in d.cards.iter().enumerate() {
            if c.owner == opp && c.zone == Zone::Project {
                assert!(plausible_project(&d, i, c.card));
            }
        }
        assert_ne!(s.rng, d.rng, "dice must be reseeded");
    }

    /// Finding of issue 28: determinization dealt cards that do not fit the public facts when a
    /// few random tries found no plausible deal (a spacecraft into a project on an asset with no
    /// factory). Here p2's Ares may build the Wasp or the Shield Grid, Ceres Mine only the
    /// Shield Grid: every deal must find the one plausible assignment.
    #[test]
    fn determinization_deals_only_cards_that_fit_the_public_facts() {
        let (db, _) = crate::agent::testkit::db_and_decks();
        let pos: crate::scenario::Position = serde_yaml::from_str(
            "players:\n\
             - assets: [{card: terra}]\n\
             - assets:\n\
             \x20   - {card: ares, projects: [{card: wasp}]}\n\
             \x20   - {card: ceres_mine, projects: [{card: shield_grid}]}\n",
        )
        .expect("position parses");
        let (s, _) = pos.to_state(db, 1).expect("position is valid");
        for seed in 0..2000 {
            let d = determinize(&s, PlayerId(0), &mut ChaCha8Rng::seed_from_u64(seed));
            for (i, c) in d.cards.iter().enumerate() {
                if c.zone == Zone::Project {
                    assert!(plausible_project(&d, i, c.card), "seed {seed}: card #{i}");
                }
            }
            assert!(d.invariant_violations().is_empty(), "seed {seed}");
        }
    }

    /// A plan prepared once and dealt many times (the search's way) deals what a fresh
    /// determinization does (O26), also after the plan was prepared for another position.
    #[test]
    fn o26_a_prepared_deal_plan_deals_the_same() {
        let mut other = new_state(8);
        play_random(&mut other, 500, 3);
        let mut plan = DealPlan::default();
        let mut kept = new_state(9);
        for (n, steps) in [(6, 350), (2, 120), (12, 600)] {
            let mut s = new_state(n);
            play_random(&mut s, steps, 4);
            for viewer in 0..2 {
                other.prepare_hidden(1 - viewer, &mut plan);
                s.prepare_hidden(viewer, &mut plan);
                for seed in 0..20 {
                    let fresh = determinize(
                        &s,
                        PlayerId(viewer as u8),
                        &mut ChaCha8Rng::seed_from_u64(seed),
                    );
                    s.determinize_prepared(
                        viewer,
                        &plan,
                        &mut ChaCha8Rng::seed_from_u64(seed),
                        &mut kept,
                    );
                    assert_eq!(fresh, kept, "position {n}, viewer {viewer}, seed {seed}");
                }
            }
        }
    }

    #[test]
    fn o26_determinize_ignores_the_true_hidden_order() {
        let mut s = new_state(4);
        play_random(&mut s, 300, 2);
        let viewer = s.active;
        let opp = s.next_player(viewer);
        let mut t = s.clone();
        let deck = t.deck(opp);
        let hand = t.hand(opp);
        // Swap the identity of a hand card with the bottom deck card, and reverse the deck.
        if let (Some(&h), Some(&d)) = (hand.first(), deck.last()) {
            let (a, b) = (t.inst(h).card, t.inst(d).card);
            t.inst_mut(h).card = b;
            t.inst_mut(d).card = a;
        }
        let ids: Vec<CardId> = deck.iter().map(|r| t.inst(*r).card).collect();
        for (r, id) in deck.iter().zip(ids.into_iter().rev()) {
            t.inst_mut(*r).card = id;
        }
        t.rng = ChaCha8Rng::seed_from_u64(777);
        let a = determinize(&s, viewer, &mut ChaCha8Rng::seed_from_u64(1));
        let b = determinize(&t, viewer, &mut ChaCha8Rng::seed_from_u64(1));
        assert_eq!(a, b);
    }

    #[test]
    fn combat_outcomes_are_a_probability_distribution() {
        let mut s = new_state(11);
        let mut buf = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut checked = 0;
        for step in 0..20_000 {
            if s.outcome != crate::state::Outcome::Ongoing {
                s = new_state(step);
            }
            s.legal_moves(&mut buf);
            if let Some(&m) = buf.iter().find(|m| matches!(m, Command::Combat { .. })) {
                let mut out = Outcomes::new();
                s.outcomes(m, 4, &mut rng, &mut out);
                let total: f32 = out.iter().map(|(p, _)| p).sum();
                assert!((total - 1.0).abs() < 1e-4, "{total}");
                checked += 1;
            }
            let m = buf[rng.gen_range(0..buf.len())];
            s.apply(m);
        }
        assert!(checked > 0);
    }

    /// O13: an attack may be pruned exactly when no die can hit, so that every outcome leaves
    /// the target's damage as it was; a scuttle may always be pruned, no other command ever.
    #[test]
    fn o13_prunable_moves_are_attacks_that_cannot_hit_and_scuttles() {
        let mut s = new_state(5);
        let mut buf = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let (mut futile, mut useful, mut scuttles) = (0, 0, 0);
        for step in 0..20_000 {
            if s.outcome != crate::state::Outcome::Ongoing {
                s = new_state(step);
            }
            s.legal_moves(&mut buf);
            for &m in &buf {
                let target = match m {
                    Command::Combat { target, .. } => target,
                    Command::Scuttle { .. } => {
                        assert!(s.prunable(&m));
                        scuttles += 1;
                        continue;
                    }
                    _ => {
                        assert!(!s.prunable(&m), "{m:?}");
                        continue;
                    }
                };
                let mut out = Outcomes::new();
                s.outcomes(m, 1, &mut rng, &mut out);
                let before = s.inst(target).damage;
                let unchanged = out.iter().all(|(_, g)| {
                    g.inst(target).zone == Zone::Ship && g.inst(target).damage == before
                });
                assert_eq!(s.prunable(&m), unchanged, "{m:?}");
                if unchanged {
                    futile += 1;
                } else {
                    useful += 1;
                }
            }
            let m = buf[rng.gen_range(0..buf.len())];
            s.apply(m);
        }
        assert!(
            futile > 0 && useful > 0 && scuttles > 0,
            "{futile}, {useful}, {scuttles}"
        );
    }

    /// O27 in a determinized state: the triggered abilities of the cards dealt to a slot fire
    /// from it (the trigger masks follow the new deal, as a full reindex would build them).
    #[test]
    fn o27_determinized_cards_keep_their_triggers() {
        use crate::data::hot::{TRIGGER_END_OF_TURN, TRIGGER_UPKEEP};
        let mut moved = 0;
        for seed in 0..12 {
            let mut s = new_state(seed);
            play_random(&mut s, 150, seed);
            let viewer = s.active;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let d = determinize(&s, viewer, &mut rng);
            let mut fresh = d.clone();
            fresh.reindex();
            // The masks cover every card, hidden ones included: a dealt project fires as soon
            // as it enters play.
            assert_eq!(d.index.trigger_masks(), fresh.index.trigger_masks());
            moved += usize::from(d.index.trigger_masks() != s.index.trigger_masks());
            for p in d.players() {
                for bit in [TRIGGER_UPKEEP, TRIGGER_END_OF_TURN] {
                    let got: Vec<usize> = d.trigger_cards(p, bit).collect();
                    assert_eq!(got, fresh.trigger_cards(p, bit).collect::<Vec<_>>());
                }
            }
        }
        assert!(
            moved > 0,
            "no deal moved a triggered card: the test checks nothing"
        );
    }
}
