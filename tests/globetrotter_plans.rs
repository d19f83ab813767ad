//! The greedy agent's plans in small Globetrotter positions: it clears enemy fortifications out
//! of the ring it is building (G5, G7), and while its Drill Cannon could break a planet holding
//! all an opponent has left, it takes a rover towards its own Space Port and orbit (G8, G10).
//! Positions are built from the board's geometry, so the faces below are found, not assumed.
use orbitals::agent::greedy::GreedyAgent;
use orbitals::agent::Agent;
use orbitals::globe::{Board, Distances, FaceId};
use orbitals::globetrotter::eval::GlobetrotterHeuristic;
use orbitals::globetrotter::notation::format_command;
use orbitals::globetrotter::scenario::ScenarioFile;
use orbitals::globetrotter::State;

/// A two-player position on one planet, `spaces` in the scenario notation (`face: pieces`).
fn position(players: &str, spaces: &[(FaceId, String)]) -> State {
    let spaces: Vec<String> = spaces
        .iter()
        .map(|(f, pieces)| format!("{}: {pieces}", f.get()))
        .collect();
    let text = format!(
        "game: globetrotter\nplayers: 2\nposition:\n  players: {players}\n  planets:\n    \
         - spaces: {{{}}}\n",
        spaces.join(", ")
    );
    let file: ScenarioFile = serde_yaml::from_str(&text).unwrap();
    file.to_state(&mut Vec::new()).unwrap()
}

/// Greedy's choice for the player to move (p1), in notation.
fn greedy_choice(s: &State) -> String {
    format_command(&GreedyAgent::new(GlobetrotterHeuristic, 1).choose(s))
}

fn distance(a: FaceId, b: FaceId) -> u8 {
    Distances::get().distance(a, b).unwrap_or(u8::MAX)
}

/// An HQ with five playable neighbours (away from the unused region, G1).
fn hq_with_five_neighbours() -> FaceId {
    let board = Board::get();
    *board
        .hqs()
        .iter()
        .find(|&&h| board.neighbours(h).len() == 5)
        .unwrap()
}

/// The HQ farthest from `from` among those not in `taken`.
fn farthest_hq(from: FaceId, taken: &[FaceId]) -> FaceId {
    *Board::get()
        .hqs()
        .iter()
        .filter(|h| !taken.contains(h))
        .max_by_key(|&&h| distance(from, h))
        .unwrap()
}

/// G7, G5: p1's rover stands on an HQ whose ring p1 has fortified but for two spaces holding
/// p2's fortifications. Shooting one of them is progress towards p1's Factory, even though the
/// other still holds the ring back; shooting p2's fortification off the ring is not.
#[test]
fn greedy_shoots_enemy_fortifications_out_of_its_ring() {
    let board = Board::get();
    let hq = hq_with_five_neighbours();
    let ring = board.neighbours(hq);
    // p2's fortification two spaces out, beside the ring.
    let beside = *board
        .neighbours(ring[2])
        .iter()
        .find(|&&f| f != hq && !ring.contains(&f))
        .unwrap();
    let far = farthest_hq(hq, &[hq]);
    let far_ring = board.neighbours(far);
    let mut spaces = vec![
        (hq, "rover p1".to_string()),
        (ring[0], "fort p2".into()),
        (ring[1], "fort p2".into()),
        (beside, "fort p2".into()),
        (far, "factory p2".into()),
    ];
    spaces.extend(ring[2..].iter().map(|&f| (f, "fort p1".to_string())));
    spaces.push((far_ring[0], "rover p2".into()));
    spaces.extend(far_ring[1..].iter().map(|&f| (f, "fort p2".to_string())));
    let s = position("[{}, {}]", &spaces);
    let choice = greedy_choice(&s);
    let ring_shots = [
        format!("shoot 1 {} {} fort", hq.get(), ring[0].get()),
        format!("shoot 1 {} {} fort", hq.get(), ring[1].get()),
    ];
    assert!(ring_shots.contains(&choice), "{choice}");
}

/// G8, G10: p1's Drill Cannon stands on the only planet, which holds everything p2 has. p1's
/// nearest rover, three steps from p1's Space Port, walks towards it (the next step takes it
/// into orbit, safe from the break) rather than shooting p2's rover in range, saving a
/// Treasury point or readying the cannon while it would fall with the planet.
#[test]
fn greedy_heads_for_orbit_before_the_drill_cannon_plan() {
    let board = Board::get();
    let port = hq_with_five_neighbours();
    let ring = board.neighbours(port);
    let step = ring[0];
    let start = *board
        .neighbours(step)
        .iter()
        .find(|&&f| f != port && !ring.contains(&f))
        .unwrap();
    let factory = farthest_hq(port, &[port]);
    let cannon = farthest_hq(start, &[port, factory]);
    let treasury = farthest_hq(port, &[port, factory, cannon]);
    let mut hqs = vec![port, factory, cannon, treasury];
    // p2 owns one of each structure: it needs nothing more.
    for _ in 0..4 {
        hqs.push(farthest_hq(factory, &hqs));
    }
    // p2's rover within range of p1's, on the port's side, off every HQ's ring.
    let prey = *board
        .spaces()
        .iter()
        .find(|&&f| {
            (2..=3).contains(&distance(start, f))
                && distance(step, f) <= distance(start, f)
                && hqs.iter().all(|&h| distance(f, h) > 2)
        })
        .unwrap();
    let mut spaces = vec![
        (start, "rover p1".to_string()),
        (port, "space_port p1".into()),
        (cannon, "drill_cannon p1".into()),
        (treasury, "treasury p1".into()),
        (factory, "factory p1".into()),
        (hqs[4], "factory p2".into()),
        (hqs[5], "space_port p2".into()),
        (hqs[6], "drill_cannon p2".into()),
        (hqs[7], "treasury p2".into()),
        (prey, "rover p2".into()),
    ];
    // p1's Factory ringed by three more rovers (four in all: a fifth adds nothing) and forts,
    // p2's by forts.
    for (i, &f) in board.neighbours(factory).iter().enumerate() {
        spaces.push((f, if i < 3 { "rover p1" } else { "fort p1" }.into()));
    }
    spaces.extend(
        board
            .neighbours(hqs[4])
            .iter()
            .map(|&f| (f, "fort p2".to_string())),
    );
    let s = position("[{}, {}]", &spaces);
    assert!(
        board
            .neighbours(factory)
            .iter()
            .all(|&f| distance(f, port) > distance(start, port)),
        "the walking rover is p1's nearest to the port"
    );
    let choice = greedy_choice(&s);
    assert_eq!(
        choice,
        format!("move 1 {} {}", start.get(), step.get()),
        "p2's rover on {}",
        prey.get()
    );
}
