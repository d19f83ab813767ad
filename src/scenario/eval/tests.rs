//! Unit tests of the card game's evaluation.
use super::*;
use crate::agent::testkit::new_state;
use crate::ids::CardRef;
use crate::rules::Command;

#[test]
fn fresh_game_is_about_even() {
    let s = new_state(1);
    let v0 = advantage(&s, 0);
    let v1 = advantage(&s, 1);
    assert!((v0 + v1).abs() < 1e-3, "{v0} {v1}");
    assert!(v0.abs() < TEMPERATURE, "{v0}");
}

/// The homeworld of player `p`.
fn homeworld(s: &State, p: usize) -> CardRef {
    s.zone(PlayerId(p as u8), Zone::Asset)
        .next()
        .map(|(r, _)| r)
        .unwrap()
}

/// Puts the first `id` card of player `p` still in their deck into play as a ship in
/// `orbital` of `host`, with full delta-vee.
fn ship(s: &mut State, p: usize, id: &str, host: CardRef, orbital: u8) -> CardRef {
    let r = s
        .zone(PlayerId(p as u8), Zone::Deck)
        .find(|(_, c)| s.db.card(c.card).id == id)
        .map(|(r, _)| r)
        .unwrap_or_else(|| panic!("no {id} in deck {p}"));
    let dv = s.db.card(s.inst(r).card).ship().unwrap().delta_vee;
    s.set_zone(r, Zone::Ship);
    s.set_host(r, host.0);
    let c = s.inst_mut(r);
    c.orbital = orbital;
    c.dv = dv;
    r
}

/// Puts the first spacecraft card of player `p` still in their deck into play as debris.
fn debris(s: &mut State, p: usize, host: CardRef, orbital: u8) {
    let r = s
        .zone(PlayerId(p as u8), Zone::Deck)
        .find(|(_, c)| s.db.card(c.card).ship().is_some())
        .map(|(r, _)| r)
        .unwrap();
    s.set_zone(r, Zone::Debris);
    s.set_host(r, host.0);
    s.inst_mut(r).orbital = orbital;
}

fn adv_with(s: &State, p: usize, h: &OrbitalsHeuristic) -> f32 {
    let mut v = [0.0f32; 2];
    scores_with(s, p, h, &mut v);
    v[p] - v[1 - p]
}

#[test]
fn material_fades_only_in_the_end_game() {
    let mut s = new_state(3);
    s.turn_limit = 200;
    s.turn = 50;
    assert_eq!(material_weight(&s, 100), 1.0);
    s.turn = 150;
    assert!(
        (material_weight(&s, 100) - (ENDGAME_FLOOR + (1.0 - ENDGAME_FLOOR) * 0.5)).abs() < 1e-6
    );
    s.turn = 200;
    assert!((material_weight(&s, 100) - ENDGAME_FLOOR).abs() < 1e-6);
    assert_eq!(material_weight(&s, 0), 1.0);
    // Late in the game a ship at home counts for less, homeworld damage just as much.
    let p = s.active.index();
    let h = OrbitalsHeuristic {
        endgame: 100,
        ..OrbitalsHeuristic::default()
    };
    let home = homeworld(&s, p);
    let mut t = s.clone();
    ship(&mut t, p, "wasp", home, 0);
    let early = {
        let mut e = t.clone();
        e.turn = 50;
        adv_with(&e, p, &h) - {
            let mut b = s.clone();
            b.turn = 50;
            adv_with(&b, p, &h)
        }
    };
    let late = adv_with(&t, p, &h) - adv_with(&s, p, &h);
    assert!(late > 0.0 && late < 0.5 * early, "{early} {late}");
    let enemy = homeworld(&s, 1 - p);
    let mut d = s.clone();
    d.inst_mut(enemy).damage = 6;
    let mut d50 = d.clone();
    d50.turn = 50;
    let mut s50 = s.clone();
    s50.turn = 50;
    let gain_late = adv_with(&d, p, &h) - adv_with(&s, p, &h);
    let gain_early = adv_with(&d50, p, &h) - adv_with(&s50, p, &h);
    assert!(
        (gain_late - gain_early).abs() < 1e-3,
        "{gain_early} {gain_late}"
    );
}

#[test]
fn siege_prefers_joining_ships_that_outpace_repair() {
    // Ares Prime repairs 1 a turn. An anvil in its orbital 2 bombards for 1 (O15: power 3 less
    // the orbital's index): no progress. A second anvil that comes over from Terra beside it
    // makes 2 a turn, which the siege term rewards beyond the ship's own threat term.
    let s0 = new_state(5);
    let (vanguard, bastion) = (0, 1);
    let ares = homeworld(&s0, bastion);
    let terra = homeworld(&s0, vanguard);
    assert_eq!(s0.repair_amount(ares), 1);
    let mut s = s0.clone();
    s.active = PlayerId(vanguard as u8);
    s.phase = Phase::Maneuvers;
    ship(&mut s, vanguard, "anvil", ares, 2);
    let second = ship(&mut s, vanguard, "anvil", terra, 2);
    let mut joined = s.clone();
    joined.set_host(second, ares.0);
    let off = OrbitalsHeuristic::default();
    let on = OrbitalsHeuristic { siege: 2.0, ..off };
    let step_off = adv_with(&joined, vanguard, &off) - adv_with(&s, vanguard, &off);
    let step_on = adv_with(&joined, vanguard, &on) - adv_with(&s, vanguard, &on);
    // Net 1 damage a turn at 40/13 points each (Ares Prime's resistance), for 2 turns.
    let w = HW / s0.resistance(ares) as f32;
    assert!(
        (step_on - step_off - 2.0 * w * 1.0).abs() < 1e-3,
        "{step_off} {step_on}"
    );
    // One anvil alone that cannot outpace repair earns nothing from the siege term.
    let mut alone = s0.clone();
    ship(&mut alone, vanguard, "anvil", ares, 2);
    assert_eq!(
        adv_with(&alone, vanguard, &on),
        adv_with(&alone, vanguard, &off)
    );
    // Ships that debris would destroy when they bombard do not count.
    let mut deadly = joined.clone();
    for _ in 0..4 {
        debris(&mut deadly, bastion, ares, 2);
    }
    let mut base = s.clone();
    for _ in 0..4 {
        debris(&mut base, bastion, ares, 2);
    }
    let d_off = adv_with(&deadly, vanguard, &off) - adv_with(&base, vanguard, &off);
    let d_on = adv_with(&deadly, vanguard, &on) - adv_with(&base, vanguard, &on);
    assert!((d_on - d_off).abs() < 1e-3, "{d_off} {d_on}");
}

#[test]
fn hazard_counts_ships_that_debris_will_destroy_as_lost() {
    let mut s = new_state(6);
    s.phase = Phase::Maneuvers;
    let p = s.active.index();
    let enemy = homeworld(&s, 1 - p);
    // A wasp that arrived in the outermost orbital of the enemy homeworld with no delta-vee
    // left, among three debris: it cannot bombard from there and dies at the end of the turn.
    let top =
        s.db.card(s.inst(enemy).card)
            .asset()
            .unwrap()
            .orbitals
            .len() as u8
            - 1;
    for _ in 0..3 {
        debris(&mut s, 1 - p, enemy, top);
    }
    let w = ship(&mut s, p, "wasp", enemy, top);
    let mut stuck = s.clone();
    stuck.inst_mut(w).dv = 0;
    let off = OrbitalsHeuristic::default();
    let on = OrbitalsHeuristic {
        hazard: true,
        ..off
    };
    assert!(adv_with(&stuck, p, &off) > adv_with(&stuck, p, &on) + 1.0);
    // With delta-vee left it survives, and the setting changes nothing.
    assert_eq!(adv_with(&s, p, &off), adv_with(&s, p, &on));
    // A ship that just bombarded from a low orbital keeps its value.
    let mut bombed = s.clone();
    bombed.inst_mut(w).orbital = 0;
    bombed.inst_mut(w).dv = 0;
    assert_eq!(adv_with(&bombed, p, &off), adv_with(&bombed, p, &on));
}

/// Value after `cmd`, for the player to move.
fn adv_after(s: &State, cmd: Command) -> f32 {
    let mut t = s.clone();
    crate::rules::apply(&mut t, cmd);
    advantage(&t, s.active.index())
}

/// Leaves player `p` one card in hand, an asset (not a homeworld), and returns it; the other
/// hand cards leave the game.
pub(super) fn only_an_asset_in_hand(s: &mut State, p: PlayerId) -> CardRef {
    let asset_card =
        s.db.iter()
            .find(|(id, _)| s.db.hot(*id).kind == HotKind::Asset && !s.db.hot(*id).homeworld)
            .map(|(id, _)| id)
            .unwrap();
    let hand: Vec<CardRef> = s.zone(p, Zone::Hand).map(|(r, _)| r).collect();
    s.inst_mut(hand[0]).card = asset_card;
    for &r in &hand[1..] {
        s.set_zone(r, Zone::Removed);
    }
    hand[0]
}

/// A new game of `seed` played to its first Research phase, with the player to move and their
/// homeworld.
fn at_research(seed: u64) -> (State, PlayerId, CardRef) {
    let mut s = new_state(seed);
    while s.phase != Phase::Research {
        crate::rules::apply(&mut s, Command::Pass);
    }
    let p = s.active;
    let home = homeworld(&s, p.index());
    (s, p, home)
}

#[test]
fn research_wins_when_nothing_can_use_the_assets_construction_power() {
    let (s, p, home) = at_research(4);
    let hot = *s.db.hot(s.inst(home).card);
    // A spacecraft the homeworld has no factory for, and one it has.
    let ship_of = |built: bool| {
        s.db.iter()
            .find(|(id, _)| {
                let h = s.db.hot(*id);
                h.kind == HotKind::Spacecraft && hot.has_factory(h.class) == built
            })
            .map(|(id, _)| id)
            .unwrap()
    };
    let (foreign, own) = (ship_of(false), ship_of(true));
    let hand: Vec<CardRef> = s.zone(p, Zone::Hand).map(|(r, _)| r).collect();
    assert!(!hand.is_empty());
    let mut stuck = s.clone();
    for &r in &hand {
        stuck.inst_mut(r).card = foreign;
    }
    let research = Command::Research { asset: home };
    assert!(adv_after(&stuck, research) > adv_after(&stuck, Command::Pass) + 0.1);
    // With a card it can build, the homeworld keeps its construction power for it.
    let mut ready = stuck.clone();
    ready.inst_mut(hand[0]).card = own;
    assert!(adv_after(&ready, Command::Pass) > adv_after(&ready, research) + 0.1);
    // A finished spacecraft waiting for population (O22) takes no more points: research.
    let mut waiting = stuck.clone();
    waiting.set_zone(hand[0], Zone::Project);
    waiting.set_host(hand[0], home.0);
    let w = waiting.inst_mut(hand[0]);
    w.card = own;
    w.points = s.db.hot(own).cost;
    assert!(adv_after(&waiting, research) > adv_after(&waiting, Command::Pass) + 0.1);
    // Unfinished, it does.
    waiting.inst_mut(hand[0]).points = 0;
    assert!(adv_after(&waiting, Command::Pass) > adv_after(&waiting, research) + 0.1);
}

#[test]
fn an_asset_project_blocked_by_enemy_orbiters_does_not_hold_back_research() {
    // An asset card in hand, or an asset project, can only be built by an asset that no enemy
    // spacecraft orbit (O21). With an enemy ship at the homeworld it is no reason to keep the
    // homeworld's construction power: research draws a card instead.
    let (mut s, p, home) = at_research(4);
    let asset = only_an_asset_in_hand(&mut s, p);
    let research = Command::Research { asset: home };
    // Free to build it, the homeworld keeps its power for the asset project.
    assert!(adv_after(&s, Command::Pass) > adv_after(&s, research) + 0.1);
    // With an enemy ship in orbit it cannot build it: research.
    let mut held = s.clone();
    ship(&mut held, 1 - p.index(), "wasp", home, 2);
    assert!(adv_after(&held, research) > adv_after(&held, Command::Pass) + 0.1);
    // The same with the asset already started as a project.
    let project = |t: &mut State| {
        t.set_zone(asset, Zone::Project);
        t.set_host(asset, NONE);
    };
    let mut started = held.clone();
    project(&mut started);
    assert!(adv_after(&started, research) > adv_after(&started, Command::Pass) + 0.1);
    let mut free = s.clone();
    project(&mut free);
    assert!(adv_after(&free, Command::Pass) > adv_after(&free, research) + 0.1);
}

/// The first card of player `p` still in their deck that `keep` accepts.
fn deck_card(s: &State, p: PlayerId, keep: impl Fn(&Hot) -> bool) -> CardRef {
    s.zone(p, Zone::Deck)
        .find(|(_, c)| keep(s.db.hot(c.card)))
        .map(|(r, _)| r)
        .unwrap_or_else(|| panic!("no such card in deck {}", p.index()))
}

/// A spacecraft card of population 1.
fn population_one(h: &Hot) -> bool {
    h.kind == HotKind::Spacecraft && h.population == 1
}

/// Puts ships of population 1 from player `p`'s deck into orbital 0 of `home` until `free`
/// population is left (O22), and returns them.
fn fill_population(s: &mut State, p: PlayerId, home: CardRef, free: u8) -> Vec<CardRef> {
    let mut ships = Vec::new();
    while s.population_used(p) + free < s.population_limit(p) {
        let r = deck_card(s, p, population_one);
        let id = s.db.card(s.inst(r).card).id.clone();
        ships.push(ship(s, p.index(), &id, home, 0));
    }
    ships
}

/// Makes card `r` a spacecraft project on `host` with `points`.
fn make_project(s: &mut State, r: CardRef, host: CardRef, points: u8) {
    s.set_zone(r, Zone::Project);
    s.set_host(r, host.0);
    s.inst_mut(r).points = points;
}

#[test]
fn losing_a_ship_costs_less_when_a_waiting_ship_takes_its_population() {
    let mut s = new_state(7);
    s.phase = Phase::Maneuvers;
    let p = s.active;
    let home = homeworld(&s, p.index());
    // Fill the population with ships of population 1 at home, then keep one more.
    let ships = fill_population(&mut s, p, home, 0);
    let extra = deck_card(&s, p, population_one);
    let mut waiting = s.clone();
    make_project(&mut waiting, extra, home, s.db.hot(s.inst(extra).card).cost);
    let lose = |t: &State| {
        let mut u = t.clone();
        u.set_zone(ships[0], Zone::Debris);
        advantage(t, p.index()) - advantage(&u, p.index())
    };
    assert!(
        lose(&waiting) < lose(&s) - 0.5,
        "{} {}",
        lose(&waiting),
        lose(&s)
    );
}

/// O22: spacecraft projects share the free population first fit, so finishing any of them is
/// worth more than passing, even when the free population holds only one of them. (Compared
/// one by one with the whole free population, every other nearly finished project would count
/// as waiting once one ship entered play, and the player would keep them all unfinished.)
#[test]
fn finishing_a_project_is_worth_it_when_others_wait_for_the_same_population() {
    let mut s = new_state(7);
    s.phase = Phase::Construction;
    let p = s.active;
    let home = homeworld(&s, p.index());
    let factories = *s.db.hot(s.inst(home).card);
    // Four nearly finished projects of population 1 on the homeworld...
    let mut projects = Vec::new();
    for _ in 0..4 {
        let r = deck_card(&s, p, |h| {
            population_one(h) && factories.has_factory(h.class)
        });
        let cost = s.db.hot(s.inst(r).card).cost;
        make_project(&mut s, r, home, cost - 1);
        projects.push(r);
    }
    // ... and ships of population 1 until one population is left free.
    fill_population(&mut s, p, home, 1);
    let pass = adv_after(&s, Command::Pass);
    for &project in &projects {
        let finish = Command::Contribute {
            asset: home,
            project,
        };
        crate::rules::validate(&s, &finish).unwrap();
        let mut t = s.clone();
        crate::rules::apply(&mut t, finish);
        assert_eq!(t.inst(project).zone, Zone::Ship, "it enters play");
        assert!(
            adv_after(&s, finish) > pass + 0.5,
            "{} {pass}",
            adv_after(&s, finish)
        );
    }
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
