//! The generic agents play Mothership through its `Game` implementation: games with 2, 3 and
//! 4 players finish with only legal moves; determinization never peeks at the unseen tide
//! cards or other players' sealed turn-21 choices (M23); greedy beats random.
use orbitals::agent::game::{Game, Status};
use orbitals::agent::spec::AgentSpec;
use orbitals::agent::Agent;
use orbitals::mothership::game_impl::MothershipHeuristic;
use orbitals::mothership::map::default_for;
use orbitals::mothership::setup::new_game;
use orbitals::mothership::State;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn agents(specs: &[&str], seed: u64) -> Vec<Box<dyn Agent<State>>> {
    specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            AgentSpec::parse(s)
                .unwrap()
                .build_for(MothershipHeuristic, seed * 10 + i as u64)
        })
        .collect()
}

/// Plays one game; seat `i` is played by `specs[(i + rot) % n]`. Returns the status.
pub fn play(specs: &[&str], seed: u64, rot: usize) -> (Status, State) {
    let n = specs.len();
    let mut s = new_game(n, default_for(n as u8), seed);
    let mut ag = agents(specs, seed);
    let mut moves = 0;
    while s.status() == Status::Ongoing {
        let p = s.current_player();
        let m = ag[(p + rot) % n].choose(&s);
        assert!(s.is_legal(&m), "{m:?} illegal");
        s.apply(m);
        moves += 1;
        assert!(moves < 5000, "game does not end");
    }
    (s.status(), s)
}

#[test]
fn games_of_two_three_and_four_players_finish() {
    for n in 2..=4 {
        let specs: Vec<&str> = (0..n)
            .map(|i| if i % 2 == 0 { "greedy" } else { "random" })
            .collect();
        let (status, s) = play(&specs, 7 + n as u64, 0);
        assert!(status.is_over());
        assert!(s.check().is_ok());
    }
}

#[test]
fn greedy_beats_random() {
    let mut wins = 0;
    let games = 20;
    for g in 0..games {
        let rot = (g % 2) as usize;
        let (status, _) = play(&["greedy", "random"], 100 + g, rot);
        if status == Status::Winner(rot) {
            wins += 1;
        }
    }
    assert!(wins * 20 >= games * 17, "greedy won {wins} of {games}");
}

#[test]
fn determinize_reshuffles_unseen_tides_only() {
    let s = new_game(2, default_for(2), 5);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut differs = false;
    for _ in 0..20 {
        let d = s.determinize(0, &mut rng);
        let mut a = d.tide_deck().pile.clone();
        a.extend(d.tide_deck().aside.iter().copied());
        let mut b = s.tide_deck().pile.clone();
        b.extend(s.tide_deck().aside.iter().copied());
        a.sort_by_key(|t| *t as u8);
        b.sort_by_key(|t| *t as u8);
        assert_eq!(a, b, "the same unseen cards");
        assert_eq!(d.tide_deck().pile.len(), s.tide_deck().pile.len());
        differs |= d.tide_deck().pile != s.tide_deck().pile;
        assert_eq!(d.units(), s.units());
        assert_eq!(d.ships(), s.ships());
    }
    assert!(differs, "the unseen pile is reshuffled");
}

/// A position at turn 21's sealed choice: p1 has sealed `leave s1`, p2 is to choose.
fn sealed_position() -> State {
    let text = r#"
game: mothership
players: 2
terrain: ["~~~~~~~~~~~~~~~~", "~..............~", "~..............~", "~..............~", "~..............~", "~..............~", "~..............~", "~..............~", "~..............~", "~~~~~~~~~~~~~~~~"]
tides: [normal, low, high, normal]
position:
  turn: 20
  active: p2
  points: [15, 15]
  ships:
    - {dome: [3, 3], orient: 0, controller: p1}
    - {dome: [12, 6], orient: 0, controller: p2}
  units:
    - {kind: weather_layer, colour: s2, at: [8, 5]}
"#;
    let f: orbitals::mothership::scenario::Scenario = serde_yaml::from_str(text).unwrap();
    let mut s = orbitals::mothership::scenario::state_of(&f).unwrap();
    for c in ["end", "seal leave s1"] {
        let cmd = orbitals::kit::Ruleset::parse_command(&s, &(), c).unwrap();
        assert!(s.is_legal(&cmd), "{c}");
        s.apply(cmd);
    }
    s
}

#[test]
fn determinize_drops_other_players_sealed_choices() {
    let s = sealed_position();
    assert_eq!(s.players()[0].sealed, Some(1));
    assert_eq!(s.current_player(), 1);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..40 {
        let d = s.determinize(1, &mut rng);
        assert_eq!(d.current_player(), 1);
        seen.insert(d.players()[0].sealed);
        // The viewer's own knowledge is kept: the map, units and ships.
        assert_eq!(d.units(), s.units());
        assert_eq!(d.ships(), s.ships());
    }
    assert!(
        seen.contains(&Some(0)) && seen.contains(&Some(1)),
        "p1's sealed choice must be resampled, not read: {seen:?}"
    );
    // The sealed player's own view keeps its choice.
    let d = s.determinize(0, &mut rng);
    assert_eq!(d.players()[0].sealed, Some(1));
}

#[test]
fn determinize_keeps_only_the_forecast_card() {
    let s = sealed_position();
    // p2 has an operational weather layer: it sees the next card (M3); p1 does not.
    assert!(orbitals::mothership::game_impl::forecasts(
        &s,
        orbitals::mothership::Seat(1)
    ));
    let next = s.tide_deck().next();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut other = false;
    for _ in 0..40 {
        assert_eq!(s.determinize(1, &mut rng).tide_deck().next(), next);
        other |= s.determinize(0, &mut rng).tide_deck().next() != next;
    }
    assert!(other, "without a forecast the next card is resampled");
}

/// Ore counts as a ship's prospect only where no other landed dome is nearer (shared on ties),
/// so the second lander sees the ore the first one reaches first as contested.
#[test]
fn ore_prospects_are_shared_with_the_nearer_dome() {
    use orbitals::mothership::eval::ore_share;
    use orbitals::mothership::game_impl::agent_moves;
    use orbitals::mothership::ids::ShipId;
    let mut s = new_game(2, default_for(2), 5);
    let mut moves = Vec::new();
    agent_moves(&s, &mut moves);
    s.apply(moves[0]);
    let first = s.ship(ShipId(0)).dome;
    let alone = ore_share(&s, first, 0, Some(ShipId(0)));
    let ore_within = |s: &State, c| s.map().ball(c, 8).filter(|x| s.ore_at(*x)).count() as f32;
    assert_eq!(alone, ore_within(&s, first));
    agent_moves(&s, &mut moves);
    s.apply(moves[0]);
    let second = s.ship(ShipId(1)).dome;
    let a = ore_share(&s, first, 0, Some(ShipId(0)));
    let b = ore_share(&s, second, 0, Some(ShipId(1)));
    let union = s
        .map()
        .cells()
        .filter(|&c| s.ore_at(c))
        .filter(|&c| s.map().distance(c, first) <= 8 || s.map().distance(c, second) <= 8)
        .count() as f32;
    assert!(a < alone, "the second dome takes some of the first's ore");
    assert!(
        a + b <= union,
        "no ore cell counts twice: {a} + {b} > {union}"
    );
    assert!(b < ore_within(&s, second));
}
