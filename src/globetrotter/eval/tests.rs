use super::plans::{best_progress, drill_value};
use super::reach::landing_distance;
use super::*;
use crate::globe::FaceId;
use crate::globetrotter::notation::parse_command;
use crate::globetrotter::scenario::ScenarioFile;
use crate::globetrotter::state::Config;

fn position(commands: &str) -> State {
    let cfg = Config {
        players: 2,
        planets: 2,
        facing: false,
        turn_limit: 400,
    };
    let mut s = ScenarioFile::fresh(cfg, 1)
        .to_state(&mut Vec::new())
        .unwrap();
    for line in commands.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let c = parse_command(line).unwrap();
        crate::globetrotter::play(&mut s, c).unwrap();
    }
    s
}

/// A position of a scenario file (YAML) with `players` players on one planet.
fn setup(players: u8, position: &str) -> State {
    let text = format!("game: globetrotter\nplayers: {players}\nposition:\n{position}");
    let file: ScenarioFile = serde_yaml::from_str(&text).unwrap();
    file.to_state(&mut Vec::new()).unwrap()
}

/// A drill cannon's value to p1 in a three-player game on one planet where p1 waits in
/// orbit, its cannon aimed, p2 has everything on the planet, and p3 has `p3_orbit`.
fn cannon_plan(p3_orbit: bool) -> f32 {
    let orbit = if p3_orbit { "[p1, p3]" } else { "[p1]" };
    let p3 = if p3_orbit { "" } else { ", 40: rover p3" };
    let s = setup(
        3,
        &format!(
            "  players:\n    - drill: aim 61\n  orbit: {orbit}\n  planets:\n    - fired: 2\n      \
             spaces: {{91: drill_cannon p1, 61: rover p2, 46: fort p2{p3}}}\n"
        ),
    );
    {
        let (c, spots) = census(&s);
        drill_value(&s, &c, &spots, PlayerId(0))
    }
}

/// G8, G10: on the last planet, breaking it pays only if it takes every opponent; an
/// opponent waiting in orbit would be left with the breaker in an orbit with nowhere to
/// land, a game that cannot end.
#[test]
fn breaking_the_last_planet_pays_only_when_no_opponent_survives() {
    assert!(cannon_plan(false) > 30.0, "{}", cannon_plan(false));
    assert!(cannon_plan(true) < 5.0, "{}", cannon_plan(true));
}

/// With every planet destroyed nobody can lose any more: the players left score the same,
/// and a player who lost scores LOST.
#[test]
fn a_dead_end_scores_every_player_left_the_same() {
    let s = setup(
        3,
        "  players:\n    - {}\n    - lost: true\n  orbit: [p1, p3 hp 2]\n  planets:\n    \
         - destroyed: true\n",
    );
    let mut v = [1.0f32; 3];
    scores(&s, 0, &mut v);
    assert_eq!(v, [0.0, LOST, 0.0]);
}

/// With three players, shooting the player who is not ahead still raises the shooter's
/// advantage (FIELD_WEIGHT): judged against the leader only, it would gain nothing.
#[test]
fn with_three_players_harming_any_opponent_pays() {
    let table = |p3_hp: u8| {
        setup(
            3,
            &format!(
                "  planets:\n    - spaces: {{26: rover p1, 27: rover p2, 62: rover p2, \
                 28: rover p3 hp {p3_hp}}}\n"
            ),
        )
    };
    let h = GlobetrotterHeuristic;
    let mut before = [0.0f32; 3];
    let mut after = [0.0f32; 3];
    crate::agent::game::advantages(&h, &table(3), 0, &mut before);
    crate::agent::game::advantages(&h, &table(2), 0, &mut after);
    assert!(after[0] > before[0], "{after:?} vs {before:?}");
}

/// G10: the rovers of a player without a Factory are all that keeps it in the game, so
/// each hit point of them weighs far more than a hit point of a Factory owner's rover, and
/// an attacker sees the worth of knocking a player out in every wound, not only the last.
#[test]
fn without_a_factory_every_hit_point_is_part_of_a_life() {
    let p2_score = |hp: u8, factory: bool| {
        let f = if factory { ", 91: factory p2" } else { "" };
        let s = setup(
            3,
            &format!(
                "  planets:\n    - spaces: {{26: rover p1, 62: rover p2 hp {hp}, \
                 28: rover p3{f}}}\n"
            ),
        );
        let mut v = [0.0f32; 3];
        scores(&s, 0, &mut v);
        v[1]
    };
    let bare = p2_score(5, false) - p2_score(4, false);
    let safe = p2_score(5, true) - p2_score(4, true);
    assert!(bare > 2.0 * safe, "{bare} vs {safe}");
    assert!(p2_score(1, false) > LOST && p2_score(1, false) < p2_score(2, false));
}

/// The planet spaces text of a position where p1's rover stands on HQ `hq` and p1 has a
/// fortification on the first `forts` spaces of its ring.
fn ring_position(forts: usize) -> (State, FaceId) {
    let board = Board::get();
    let hq = board.hqs()[3];
    let mut spaces = format!("{}: rover p1", hq.index());
    for n in board.neighbours(hq).iter().take(forts) {
        spaces.push_str(&format!(", {}: fort p1", n.index()));
    }
    let s = setup(
        3,
        &format!("  planets:\n    - spaces: {{{spaces}, 91: rover p2, 87: rover p3}}\n"),
    );
    (s, hq)
}

/// A fortification its owner's rover can put back with one Fortify is worth little to shoot
/// away: the ring loses much less than a whole space of progress.
#[test]
fn a_fort_its_owner_can_refill_at_once_is_little_lost() {
    let (four, hq) = ring_position(4);
    let (three, _) = ring_position(3);
    let share = 1.0 / (Board::get().neighbours(hq).len() as f32 + 1.0);
    let lost = best_progress(&four, &census(&four).1, PlayerId(0), u16::MAX)
        - best_progress(&three, &census(&three).1, PlayerId(0), u16::MAX);
    assert!(lost > 0.0 && lost < 0.5 * share, "{lost} of {share}");
}

/// Building a Drill Cannon never lowers its plan's worth below nothing, however far the
/// player's rovers are from its Space Port; the nearer, the more it is worth.
#[test]
fn the_way_to_the_port_is_never_worth_less_than_no_cannon() {
    let plan = |rover: u8| {
        let s = setup(
            3,
            &format!(
                "  planets:\n    - spaces: {{91: drill_cannon p1, 26: space_port p1, \
                 {rover}: rover p1, 61: rover p2, 62: rover p3}}\n"
            ),
        );
        {
            let (c, spots) = census(&s);
            drill_value(&s, &c, &spots, PlayerId(0))
        }
    };
    let near = plan(21);
    let far = plan(87);
    assert!(far >= 0.0 && near > far, "{near} vs {far}");
}

/// With three or more players the first two shots on a planet, which cannot break it, are
/// worth firing while every opponent has everything there: the break comes closer.
#[test]
fn the_shots_that_cannot_break_a_planet_are_worth_firing_early() {
    let plan = |fired: u8| {
        let s = setup(
            3,
            &format!(
                "  planets:\n    - fired: {fired}\n      spaces: {{91: drill_cannon p1, \
                 26: rover p1, 61: rover p2, 62: rover p3}}\n"
            ),
        );
        {
            let (c, spots) = census(&s);
            drill_value(&s, &c, &spots, PlayerId(0))
        }
    };
    assert!(
        plan(1) > plan(0) && plan(2) > plan(1),
        "{} {} {}",
        plan(0),
        plan(1),
        plan(2)
    );
    assert_eq!(plan(3), plan(2), "the third shot can break the planet");
}

/// Horizons count rounds of two players, for the players still in, at most doubled.
#[test]
fn horizons_stretch_with_the_players_still_in() {
    let h = GlobetrotterHeuristic;
    // Every player has a rover, except p2 when it has lost.
    let table = |players: u8, p2_lost: bool| {
        let faces = [26, 27, 28, 61, 62, 91];
        let rovers: Vec<String> = (0..players as usize)
            .filter(|&i| !(p2_lost && i == 1))
            .map(|i| format!("{}: rover p{}", faces[i], i + 1))
            .collect();
        let p2 = if p2_lost { "lost: true" } else { "{}" };
        setup(
            players,
            &format!(
                "  players:\n    - {{}}\n    - {p2}\n  planets:\n    - spaces: {{{}}}\n",
                rovers.join(", ")
            ),
        )
    };
    assert_eq!(h.horizon_turns(&table(2, false), 6), 6);
    assert_eq!(h.horizon_turns(&table(3, false), 6), 9);
    assert_eq!(h.horizon_turns(&table(3, true), 6), 6);
    assert_eq!(h.horizon_turns(&table(6, false), 6), 12);
    assert_eq!(h.horizon_turns(&table(4, false), 12), 24);
}

fn advantage(s: &State, p: usize) -> f32 {
    let mut v = [0.0f32; 2];
    scores(s, p, &mut v);
    v[p] - v[1 - p]
}

/// G10: a player without a Factory is one step from losing, so demolishing one's own
/// Factory (its ring held, four rovers out) never looks better than keeping it.
#[test]
fn demolishing_ones_own_factory_never_pays() {
    let s = position(
        "place 2 26\nplace 2 27\nfortify 2 26 17\nfortify 2 27 18\nfortify 2 26 21\n\
         fortify 2 27 38\nfortify 2 26 41\nfortify 2 27 42\nbuild 2 26 factory exit 37\n\
         build 2 27 factory exit 22\nproduce 2 17\nproduce 2 18\nproduce 2 21\n\
         produce 2 42\nproduce 2 41\nproduce 2 38",
    );
    let p = s.active.index();
    let mut after = s.clone();
    crate::globetrotter::play(&mut after, parse_command("destroy 2 26").unwrap()).unwrap();
    assert!(advantage(&after, p) < advantage(&s, p));
}

/// Positions along a game of random legal moves: rovers, buildings and fortifications of
/// several players spread over the planets.
fn random_positions(players: u8, planets: u8, seed: u64, moves: usize) -> Vec<State> {
    use crate::agent::game::{Game, Status};
    use rand::SeedableRng;
    let cfg = Config {
        players,
        planets,
        facing: false,
        turn_limit: 400,
    };
    let mut s = ScenarioFile::fresh(cfg, seed)
        .to_state(&mut Vec::new())
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut out = Vec::new();
    while out.len() < moves && s.status() == Status::Ongoing {
        s.legal_moves(&mut legal);
        s.apply(legal[rng.gen_range(0..legal.len())]);
        out.push(s.clone());
    }
    out
}

/// Every piece of a player still in on `planet`: (owner, face, is a rover or building).
fn plain_pieces(s: &State, planet: usize) -> Vec<(PlayerId, FaceId, bool)> {
    let mut v = Vec::new();
    for (at, sp) in s.occupied().filter(|(at, _)| at.planet.index() == planet) {
        let rover = sp.rover.map(|r| (r.owner, true));
        let building = sp.building.map(|b| (b.owner, true));
        let fort = sp.fort.map(|o| (o, false));
        for (o, target) in [rover, building, fort].into_iter().flatten() {
            if !s.has_lost(o) {
                v.push((o, at.face, target));
            }
        }
    }
    v
}

#[test]
fn the_closest_enemy_is_the_one_a_plain_search_finds() {
    let d = Distances::get();
    let mut checked = 0;
    for (players, planets) in [(2, 1), (4, 1), (6, 2)] {
        for s in random_positions(players, planets, u64::from(players), 400) {
            let (_, spots) = census(&s);
            for (at, sp) in s.occupied() {
                let Some(r) = sp.rover else { continue };
                let mut nearest = FAR;
                let mut in_range = 0u8;
                for (o, f, target) in plain_pieces(&s, at.planet.index()) {
                    let dist = d.distance(at.face, f).unwrap_or(u8::MAX);
                    if o != r.owner && dist <= MAX_RANGE {
                        in_range += 1;
                    }
                    if o != r.owner && target {
                        nearest = nearest.min(f32::from(dist));
                    }
                }
                let (fast, fast_range) = closest_enemy(&spots, at, r.owner);
                assert_eq!((FAR.min(f32::from(fast)), fast_range), (nearest, in_range));
                checked += usize::from(nearest < FAR && in_range > 0);
            }
        }
    }
    assert!(checked > 100, "only {checked} rovers near enemies");
}

#[test]
fn the_best_landing_is_the_one_a_plain_search_finds() {
    let (board, d) = (Board::get(), Distances::get());
    let mut landings = 0;
    for s in random_positions(5, 2, 9, 500) {
        let (c, spots) = census(&s);
        for p in s.player_ids().filter(|&p| !s.has_lost(p)) {
            let port = s.structure_of(p, Structure::SpacePort);
            let mut best = FAR;
            for planet in s.planet_ids().filter(|x| !s.planet(*x).destroyed) {
                let spaces = s.planet_spaces(planet);
                let targets: Vec<FaceId> = plain_pieces(&s, planet.index())
                    .into_iter()
                    .filter(|&(o, _, target)| o != p && target)
                    .map(|(_, f, _)| f)
                    .collect();
                for &f in board.spaces() {
                    let by_port =
                        port.is_some_and(|l| l.planet == planet && board.are_adjacent(l.face, f));
                    let near_enemy_fort = board
                        .neighbours(f)
                        .iter()
                        .any(|n| spaces[n.index()].fort.is_some_and(|o| o != p));
                    if !spaces[f.index()].enterable_by(p) || (near_enemy_fort && !by_port) {
                        continue;
                    }
                    for &t in &targets {
                        best = best.min(1.0 + f32::from(d.distance(f, t).unwrap_or(u8::MAX)));
                    }
                }
            }
            assert_eq!(landing_distance(&s, &c, p, &spots), best);
            landings += usize::from(best < FAR);
        }
    }
    assert!(landings > 100, "only {landings} landings");
}

/// p1's advantage with three players on one planet: p1 holds the whole ring of HQ 91 (a
/// fortification on each space, a rover on four of them, `orbit` of them gone up into orbit
/// instead), `hq91` stands on 91 and `p1_more` on other spaces; p2 and p3 have everything on
/// the planet; two Drill Cannon shots have been fired.
fn ring_plan(hq91: &str, p1_more: &str, orbit: usize, drill: &str) -> f32 {
    let ring = Board::get().neighbours(FaceId::new(91).unwrap());
    let mut spaces: Vec<String> = ring
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let rover = if i >= orbit && i < 4 {
                "rover p1, "
            } else {
                ""
            };
            format!("{}: '{rover}fort p1'", n.index())
        })
        .collect();
    if !hq91.is_empty() {
        spaces.push(format!("91: {hq91}"));
    }
    if !p1_more.is_empty() {
        spaces.push(p1_more.to_string());
    }
    spaces.push("61: factory p2, 27: rover p2, 62: factory p3, 28: rover p3".to_string());
    let orbit = vec!["p1"; orbit].join(", ");
    let s = setup(
        3,
        &format!(
            "  players:\n    - {{{drill}}}\n  orbit: [{orbit}]\n  planets:\n    - fired: 2\n      \
             spaces: {{{}}}\n",
            spaces.join(", ")
        ),
    );
    let mut adv = [0.0f32; 3];
    crate::agent::game::advantages(&GlobetrotterHeuristic, &s, 0, &mut adv);
    adv[0]
}

/// With three or more players a Drill Cannon whose owner has no Space Port and no free HQ for
/// one is the end of every crowded game that ran to its turn limit. The owner's Factory stands
/// on a ring it holds: each step of turning it into the port gains (demolish, build the port
/// on the held ring, walk a rover in), then the cannon fires from orbit.
#[test]
fn a_cannon_without_a_port_turns_its_factory_into_one() {
    let cannon = "26: drill_cannon p1";
    let aimed = "drill: aim 27";
    let factory = ring_plan("factory p1", cannon, 0, aimed);
    let demolished = ring_plan("", cannon, 0, aimed);
    let port = ring_plan("space_port p1", cannon, 0, aimed);
    let safe = ring_plan("space_port p1", cannon, 1, aimed);
    assert!(
        factory < demolished && demolished < port && port < safe,
        "{factory} {demolished} {port} {safe}"
    );
}

/// The same with a Space Port and no Drill Cannon: the Factory's held ring becomes the cannon
/// of a player already safe in orbit.
#[test]
fn a_port_without_a_cannon_turns_its_factory_into_one() {
    let port = "26: space_port p1";
    let factory = ring_plan("factory p1", port, 1, "");
    let demolished = ring_plan("", port, 1, "");
    let cannon = ring_plan("drill_cannon p1", port, 1, "");
    assert!(
        factory < demolished && demolished < cannon,
        "{factory} {demolished} {cannon}"
    );
}

/// Without the other pieces of the Drill Cannon plan, or with two players, a Factory on a
/// held ring is worth more than the empty ring it would leave.
#[test]
fn a_factory_is_kept_without_a_plan_for_its_ring() {
    assert!(ring_plan("factory p1", "", 0, "") > ring_plan("", "", 0, ""));
    assert!(
        ring_plan("factory p1", "26: treasury p1", 0, "") > ring_plan("", "26: treasury p1", 0, "")
    );
}

/// p1's advantage with three players on one planet, each with a Factory and p1 with a Space
/// Port and a Drill Cannon, when the orbit holds `orbit` (in arrival order) and p1's fourth
/// rover is on the planet unless it is in the orbit.
fn waiting_in_orbit(orbit: &str) -> f32 {
    let p1_up = orbit.contains("p1");
    let p1_down = if p1_up { "" } else { ", 21: rover p1" };
    let s = setup(
        3,
        &format!(
            "  orbit: [{orbit}]\n  planets:\n    - spaces: {{91: factory p1, 26: space_port p1, \
             28: drill_cannon p1, 86: rover p1, 87: rover p1, 88: rover p1{p1_down}, \
             61: factory p2, 46: rover p2, 62: factory p3, 52: rover p3}}\n"
        ),
    );
    let mut adv = [0.0f32; 3];
    crate::agent::game::advantages(&GlobetrotterHeuristic, &s, 0, &mut adv);
    adv[0]
}

/// On the last planet two players waiting in orbit together wait for nothing (a break would
/// not take every opponent): the one who came up second comes down, and no one goes up to
/// join a rover already waiting there; the first one up stays.
#[test]
fn the_second_player_up_into_orbit_comes_down() {
    assert!(waiting_in_orbit("p2") > waiting_in_orbit("p2, p1"));
    assert!(waiting_in_orbit("p1, p2") > waiting_in_orbit("p2, p1"));
    assert!(waiting_in_orbit("p1") > waiting_in_orbit(""));
}
