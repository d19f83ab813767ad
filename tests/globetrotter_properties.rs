//! Globetrotter property tests: random legal play over many seeded games (2–6 players, 1–3
//! planets, with and without the facing variant) keeps every invariant (no two blocking pieces on
//! a space, hit points in range, structure limits across planets, destroyed planets empty, …);
//! every listed command validates; every random command that validates is listed; random illegal
//! commands are rejected and change nothing.
use orbitals::globe::FaceId;
use orbitals::globetrotter::notation::{format_command, parse_command};
use orbitals::globetrotter::{
    apply, legal_commands, new_game, play, validate, Command, Config, Event, Exit, Loc, Outcome,
    PieceKind, PlanetId, Side, State, Structure,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_loc(s: &State, rng: &mut ChaCha8Rng) -> Loc {
    Loc::new(
        PlanetId(rng.gen_range(0..s.config().planets + 1)),
        FaceId::new(rng.gen_range(0..92)).unwrap(),
    )
}

fn random_face(rng: &mut ChaCha8Rng) -> FaceId {
    FaceId::new(rng.gen_range(0..92)).unwrap()
}

fn random_side(rng: &mut ChaCha8Rng) -> Option<Side> {
    match rng.gen_range(0..3) {
        0 => None,
        1 => Some(Side::Left),
        _ => Some(Side::Right),
    }
}

fn random_facing(rng: &mut ChaCha8Rng) -> Option<u8> {
    rng.gen_bool(0.5).then(|| rng.gen_range(0..6))
}

/// A random command, legal or (mostly) not. Locations near the active player's rovers are
/// favoured so that some are legal.
fn random_command(s: &State, rng: &mut ChaCha8Rng) -> Command {
    let rovers: Vec<Loc> = s.rovers_of(s.active()).map(|(l, _)| l).collect();
    let from = if !rovers.is_empty() && rng.gen_bool(0.7) {
        rovers[rng.gen_range(0..rovers.len())]
    } else {
        random_loc(s, rng)
    };
    let near = |rng: &mut ChaCha8Rng| {
        let n = orbitals::globe::Board::get().neighbours(from.face);
        if !n.is_empty() && rng.gen_bool(0.7) {
            n[rng.gen_range(0..n.len())]
        } else {
            random_face(rng)
        }
    };
    match rng.gen_range(0..16) {
        0 => Command::Place {
            at: random_loc(s, rng),
            facing: random_facing(rng),
        },
        1 => Command::Move {
            from,
            to: near(rng),
            side: random_side(rng),
        },
        2 => Command::Turn {
            at: from,
            side: if rng.gen() { Side::Left } else { Side::Right },
        },
        3 => Command::Fortify {
            from,
            to: near(rng),
        },
        4 => Command::Shoot {
            from,
            to: random_face(rng),
            target: [PieceKind::Rover, PieceKind::Fort, PieceKind::Building][rng.gen_range(0..3)],
        },
        5 => Command::Build {
            at: random_loc(s, rng),
            kind: Structure::ALL[rng.gen_range(0..4)],
            exit: rng.gen_bool(0.3).then(|| Exit {
                to: random_face(rng),
                side: random_side(rng),
            }),
        },
        6 => Command::Produce {
            at: from.with(near(rng)),
            facing: random_facing(rng),
        },
        7 => Command::Heal { at: from },
        8 => Command::Ready,
        9 => Command::Aim {
            at: random_loc(s, rng),
        },
        10 => Command::Fire,
        11 => Command::Descend {
            rover: rng.gen_range(0..4),
            at: random_loc(s, rng),
            facing: random_facing(rng),
        },
        12 => Command::Destroy {
            at: random_loc(s, rng),
        },
        13 => Command::Save,
        14 => Command::Spend,
        _ => Command::Pass,
    }
}

/// A policy biased toward the rare rules, so games build, fire, orbit and end.
fn pick(legal: &[Command], rng: &mut ChaCha8Rng) -> Command {
    let weight = |c: &Command| -> f64 {
        match c {
            Command::Build { .. } => 200.0,
            Command::Fire => 60.0,
            Command::Ready | Command::Aim { .. } => 8.0,
            Command::Produce { .. } => 4.0,
            Command::Descend { .. } => 1.0,
            Command::Shoot { .. } => 12.0,
            Command::Fortify { .. } => 8.0,
            Command::Move { .. } => 5.0,
            Command::Turn { .. } => 2.0,
            Command::Save | Command::Spend | Command::Heal { .. } => 10.0,
            Command::Destroy { .. } => 0.05,
            Command::Pass => 0.2,
            Command::Place { .. } => 1.0,
        }
    };
    let total: f64 = legal.iter().map(weight).sum();
    let mut x = rng.gen_range(0.0..total);
    for c in legal {
        x -= weight(c);
        if x <= 0.0 {
            return *c;
        }
    }
    legal[legal.len() - 1]
}

#[derive(Default, Debug)]
struct Seen {
    built: usize,
    orbit: usize,
    descended: usize,
    fired: usize,
    planet_destroyed: usize,
    saved: usize,
    spent: usize,
    produced: usize,
    wins: usize,
    draws: usize,
}

fn play_game(seed: u64, config: Config, max_commands: usize, seen: &mut Seen) {
    let (mut s, _) = new_game(config, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for step in 0..max_commands {
        let legal = legal_commands(&s);
        if s.standing() != Outcome::Ongoing {
            assert!(legal.is_empty());
            break;
        }
        assert!(
            !legal.is_empty(),
            "seed {seed} step {step}: no legal command"
        );
        for c in &legal {
            if let Err(e) = validate(&s, c) {
                panic!("seed {seed}: listed {} fails: {e}", format_command(c));
            }
            assert_eq!(parse_command(&format_command(c)).as_ref(), Ok(c));
        }
        for _ in 0..6 {
            let c = random_command(&s, &mut rng);
            let before = s.clone();
            let mut t = s.clone();
            match play(&mut t, c) {
                Err(e) => {
                    assert_eq!(t, before, "seed {seed}: rejected {c:?} changed the state");
                    let id: u8 = e.rule()[1..].parse().unwrap();
                    assert!(e.rule().starts_with('G') && (1..=18).contains(&id));
                }
                Ok(_) => assert!(
                    legal.contains(&c),
                    "seed {seed}: {} is legal but not listed",
                    format_command(&c)
                ),
            }
        }
        let c = pick(&legal, &mut rng);
        let ev = apply(&mut s, c);
        for e in &ev {
            match e {
                Event::Built { .. } => seen.built += 1,
                Event::EnteredOrbit { .. } => seen.orbit += 1,
                Event::Descended { .. } => seen.descended += 1,
                Event::Fired { .. } => seen.fired += 1,
                Event::PlanetDestroyed { .. } => seen.planet_destroyed += 1,
                Event::Saved { .. } => seen.saved += 1,
                Event::Spent { .. } => seen.spent += 1,
                Event::Produced { .. } => seen.produced += 1,
                _ => {}
            }
        }
        let v = s.invariant_violations();
        assert!(
            v.is_empty(),
            "seed {seed} after {}: {v:?}",
            format_command(&c)
        );
    }
    match s.standing() {
        Outcome::Winner(_) => seen.wins += 1,
        Outcome::Draw => seen.draws += 1,
        Outcome::Ongoing => {}
    }
}

fn config(rng: &mut ChaCha8Rng) -> Config {
    Config {
        players: rng.gen_range(2..=6),
        planets: rng.gen_range(1..=3),
        facing: rng.gen_bool(0.4),
        turn_limit: 1000,
    }
}

#[test]
fn random_legal_play_keeps_invariants_and_reaches_every_rule() {
    let mut seen = Seen::default();
    for seed in 0..40u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_game(seed, config(&mut rng), 3000, &mut seen);
    }
    eprintln!("{seen:?}");
    assert!(seen.built > 0 && seen.fired > 0 && seen.saved > 0 && seen.spent > 0);
    assert!(seen.produced > 0 && seen.orbit > 0 && seen.descended > 0);
    assert!(seen.wins + seen.draws > 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn prop_random_tables_keep_invariants(seed in any::<u64>(), players in 2u8..=6,
        planets in 1u8..=3, facing in any::<bool>()) {
        let c = Config { players, planets, facing, turn_limit: 60 };
        play_game(seed, c, 300, &mut Seen::default());
    }
}
