//! Property tests: random legal play over many seeded games keeps every invariant; `validate`
//! and `legal_commands` agree; illegal commands change nothing.
use orbitals::data::{CardDb, Deck};
use orbitals::ids::{CardRef, PlayerId};
use orbitals::rules::{self, legal_commands, validate, Command};
use orbitals::state::{Outcome, State};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

fn setup() -> &'static (Arc<CardDb>, Vec<Deck>) {
    static S: OnceLock<(Arc<CardDb>, Vec<Deck>)> = OnceLock::new();
    S.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let db = Arc::new(CardDb::load_dir(&root.join("cards")).unwrap());
        let decks = [
            "vanguard", "bastion", "swarm", "blitz", "foundry", "corsairs", "frontier",
        ]
        .iter()
        .map(|d| Deck::load(&root.join(format!("decks/{d}.yaml")), &db).unwrap())
        .collect();
        (db, decks)
    })
}

/// A random command, legal or not.
fn random_command(s: &State, rng: &mut ChaCha8Rng) -> Command {
    let n = s.cards().len() as u8 + 2;
    let r = |rng: &mut ChaCha8Rng| CardRef(rng.gen_range(0..n));
    match rng.gen_range(0..11) {
        0 => Command::Burn {
            ship: r(rng),
            to_orbital: rng.gen_range(0..5),
        },
        1 => Command::Transfer {
            ship: r(rng),
            to: r(rng),
        },
        2 => Command::Scuttle { ship: r(rng) },
        3 => Command::Combat {
            ship: r(rng),
            target: r(rng),
            x: rng.gen_range(0..8),
        },
        4 => Command::Refit {
            ship: r(rng),
            with: r(rng),
        },
        5 => Command::Bombard {
            ship: r(rng),
            target: r(rng),
        },
        6 => Command::Research { asset: r(rng) },
        7 => Command::Repair { asset: r(rng) },
        8 => Command::Start {
            card: r(rng),
            host: if rng.gen() { Some(r(rng)) } else { None },
        },
        9 => Command::Contribute {
            asset: r(rng),
            project: r(rng),
        },
        _ => Command::Concede {
            player: PlayerId(rng.gen_range(0..4)),
        },
    }
}

/// A random policy biased toward attack, so that games reach destroyed assets, debris, finished
/// projects and a winner instead of passing to the turn limit: usually the most aggressive kind
/// of command available (bombard, then transfer to an enemy asset, then burn outward, then
/// build), sometimes a uniformly random one.
fn aggressive_pick(s: &State, legal: &[Command], rng: &mut ChaCha8Rng) -> Command {
    if rng.gen_bool(0.05) {
        return legal[rng.gen_range(0..legal.len())];
    }
    let enemy_asset = |a: CardRef| s.inst(a).owner != s.active();
    let building = s
        .zone(s.active(), orbitals::state::Zone::Project)
        .any(|(r, c)| c.points < s.card_of(r).construction_cost);
    let rank = |c: &Command| match *c {
        Command::Bombard { ship, .. } if orbitals::maneuver::bombard::power(s, ship) > 0 => 6,
        Command::Transfer { to, .. } if enemy_asset(to) => 5,
        Command::Burn { ship, to_orbital } => {
            let i = s.inst(ship);
            let outward = to_orbital > i.orbital;
            if enemy_asset(CardRef(i.host)) != outward {
                4
            } else {
                -1
            }
        }
        Command::Contribute { .. } => 3,
        Command::Start { .. } if !building => 2,
        Command::Repair { .. } => 2,
        Command::Research { .. } if !building => 1,
        Command::Combat { .. } => 1,
        Command::Pass => 0,
        _ => -1,
    };
    let best = legal.iter().map(rank).max().unwrap_or(0);
    let top: Vec<&Command> = legal.iter().filter(|c| rank(c) == best).collect();
    *top[rng.gen_range(0..top.len())]
}

fn check_state(s: &State, per_player: &[usize]) {
    let v = s.invariant_violations();
    assert!(v.is_empty(), "invariants broken: {v:#?}");
    for p in s.players() {
        let n = s.cards().iter().filter(|c| c.owner == p).count();
        assert_eq!(n, per_player[p.index()], "all of {p}'s cards accounted for");
    }
}

fn round_trip(s: &State, db: &Arc<CardDb>) {
    let text = serde_yaml::to_string(s).expect("state serializes");
    let back: State = serde_yaml::from_str(&text).expect("state deserializes");
    assert_eq!(
        back.with_db(db.clone()),
        *s,
        "serde round trip is identical"
    );
}

fn random_game(seed: u64, d1: usize, d2: usize, max_commands: usize) {
    let (db, decks) = setup();
    let pair = [decks[d1].clone(), decks[d2].clone()];
    let (mut s, _) = rules::new_game(db.clone(), &pair, seed);
    let per_player = vec![31, 31];
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    check_state(&s, &per_player);
    for step in 0..max_commands {
        if s.standing() != Outcome::Ongoing {
            break;
        }
        let legal = legal_commands(&s);
        assert!(
            !legal.is_empty(),
            "an ongoing game always has a legal command"
        );
        for c in &legal {
            assert_eq!(validate(&s, c), Ok(()), "listed command {c:?} validates");
        }
        // Random commands: illegal ones change nothing; legal ones are listed.
        for _ in 0..8 {
            let c = random_command(&s, &mut rng);
            let before = s.clone();
            let mut t = s.clone();
            match rules::play(&mut t, c) {
                Err(e) => {
                    assert!(e.rule().starts_with('O'), "{e}");
                    assert_eq!(t, before, "an illegal command leaves the state unchanged");
                }
                Ok(_) => {
                    if !matches!(c, Command::Concede { .. }) {
                        assert!(legal.contains(&c), "{c:?} validates but is not listed");
                    }
                }
            }
        }
        let c = aggressive_pick(&s, &legal, &mut rng);
        rules::apply(&mut s, c);
        check_state(&s, &per_player);
        if step % 25 == 0 {
            round_trip(&s, db);
        }
    }
    round_trip(&s, db);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_legal_play_keeps_invariants(seed in any::<u64>(), d1 in 0usize..7, d2 in 0usize..7) {
        random_game(seed, d1, d2, 3000);
    }
}

#[test]
fn aggressive_random_play_reaches_the_end_of_the_game() {
    let (db, decks) = setup();
    let mut won = 0;
    for seed in 0..20 {
        let (mut s, _) = rules::new_game(db.clone(), &decks[..2], seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while s.standing() == Outcome::Ongoing {
            let legal = legal_commands(&s);
            let c = aggressive_pick(&s, &legal, &mut rng);
            rules::apply(&mut s, c);
        }
        won += matches!(s.standing(), Outcome::Winner(_)) as u32;
    }
    assert!(
        won > 0,
        "some biased random games end with a winner (O6, O16)"
    );
}

#[test]
fn o25_random_games_end_by_the_turn_limit() {
    let (db, decks) = setup();
    for seed in 0..20 {
        let (mut s, _) = rules::new_game(db.clone(), &decks[..2], seed);
        s.set_turn_limit(30);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while s.standing() == Outcome::Ongoing {
            let legal = legal_commands(&s);
            rules::apply(&mut s, legal[rng.gen_range(0..legal.len())]);
            steps += 1;
            assert!(steps < 100_000, "game does not end");
        }
        assert!(s.turn_number() <= 30);
    }
}

#[test]
fn determinism_same_seed_same_game() {
    let (db, decks) = setup();
    let play = |seed: u64| {
        let (mut s, mut log) = rules::new_game(db.clone(), &decks[..2], seed);
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        for _ in 0..2000 {
            if s.standing() != Outcome::Ongoing {
                break;
            }
            let legal = legal_commands(&s);
            log.extend(rules::apply(&mut s, legal[rng.gen_range(0..legal.len())]));
        }
        (s, log)
    };
    let (a, la) = play(7);
    let (b, lb) = play(7);
    assert_eq!(a, b);
    assert_eq!(la, lb);
}
