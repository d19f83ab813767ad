//! Property tests of the RoveR engine: random legal commands on generated and default levels
//! keep every invariant (energy, integrity, shielding and data within their maxima, the map
//! consistent); the legal list agrees with validation; an illegal command changes nothing; a
//! seed and its commands replay exactly.
use orbitals::kit::Ruleset;
use orbitals::rover::geom::Dir;
use orbitals::rover::ids::Slot;
use orbitals::rover::{
    apply_into, default_game, generated_game, legal_commands, play, validate, Command, State,
};
use proptest::prelude::*;

/// Every command shape (legal or not).
fn every_command() -> Vec<Command> {
    let mut v = vec![Command::Wait, Command::Refit];
    for d in Dir::ALL {
        v.extend([Command::Move(d), Command::Ram(d), Command::Access(d)]);
    }
    for k in 0..4u8 {
        v.push(Command::Use(Slot(k), None));
        v.push(Command::Remove(Slot(k)));
        for d in Dir::ALL {
            v.push(Command::Use(Slot(k), Some(d)));
        }
        for b in 0..7u8 {
            v.push(Command::Install {
                bay: b,
                slot: Slot(k),
            });
        }
    }
    v
}

fn maxima_hold(s: &State) {
    let c = s.rover_chassis();
    let r = s.rover();
    assert!(r.energy <= c.energy as i32 && r.energy >= 0);
    assert!(r.integrity <= c.integrity as i32 && r.integrity >= 0);
    assert!(r.shielding <= c.shield_max as i32 && r.shielding >= 0);
    assert!(r.data <= c.data_max as i32 && r.data >= 0);
    s.check_invariants().unwrap();
}

fn play_random(mut s: State, picks: &[u16]) -> State {
    let all = every_command();
    for &p in picks {
        if s.standing().is_over() {
            break;
        }
        let legal = legal_commands(&s);
        assert!(
            !legal.is_empty(),
            "an ongoing game always has a legal command"
        );
        for c in &all {
            assert_eq!(
                validate(&s, c).is_ok(),
                legal.contains(c),
                "legal list and validate disagree on {c:?}"
            );
        }
        // An illegal command leaves the state as it was.
        if let Some(bad) = all.iter().find(|c| !legal.contains(c)) {
            let before = s.view(&());
            assert!(play(&mut s, *bad).is_err());
            assert_eq!(before, s.view(&()));
        }
        let c = legal[p as usize % legal.len()];
        apply_into(&mut s, c, &mut ());
        maxima_hold(&s);
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_legal_commands_keep_the_invariants(
        level in 0u64..1000,
        dice in any::<u64>(),
        picks in proptest::collection::vec(any::<u16>(), 1..160),
    ) {
        play_random(generated_game(level, dice), &picks);
    }

    #[test]
    fn the_default_level_keeps_the_invariants(
        dice in any::<u64>(),
        picks in proptest::collection::vec(any::<u16>(), 1..160),
    ) {
        play_random(default_game(dice), &picks);
    }

    #[test]
    fn a_seed_and_its_commands_replay_exactly(
        level in 0u64..1000,
        dice in any::<u64>(),
        picks in proptest::collection::vec(any::<u16>(), 1..80),
    ) {
        let mut a = generated_game(level, dice);
        let mut b = generated_game(level, dice);
        for p in picks {
            if a.standing().is_over() {
                break;
            }
            let legal = legal_commands(&a);
            let c = legal[p as usize % legal.len()];
            let (mut ea, mut eb) = (Vec::new(), Vec::new());
            apply_into(&mut a, c, &mut ea);
            apply_into(&mut b, c, &mut eb);
            prop_assert_eq!(ea, eb);
        }
        prop_assert_eq!(a.view(&()), b.view(&()));
    }
}
