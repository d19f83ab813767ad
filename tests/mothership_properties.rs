//! Property tests of the Mothership engine: random legal commands from many positions keep
//! every invariant (each unit in one place with one controller or none, cargo held once and
//! within capacity, no unit on an illegal cell); ore is conserved unless fired at, built
//! with or cleared by a landing; the listed legal commands are exactly the ones `validate`
//! accepts; random commands, legal or not, never panic and an illegal one changes nothing.
use orbitals::agent::game::{Game, Status};
use orbitals::mothership::command::{Cargo, Item, Shooter, Target};
use orbitals::mothership::map::default_for;
use orbitals::mothership::setup::new_game;
use orbitals::mothership::state::Loc;
use orbitals::mothership::stats::Kind;
use orbitals::mothership::{
    apply_into, legal_commands_into, validate, Cell, Command, Event, ShipId, State, UnitId,
};
use proptest::prelude::*;

/// A game after `plans` turns of the built-in planner (styles from `styles`).
fn midgame(players: usize, seed: u64, plans: usize, styles: &[u8]) -> State {
    let mut s = new_game(players, default_for(players as u8), seed);
    let mut moves = Vec::new();
    let mut i = 0;
    while s.status() == Status::Ongoing && (s.turns_played() as usize) < plans {
        s.legal_moves(&mut moves);
        let m = match moves.iter().find(|m| matches!(m, Command::Plan { .. })) {
            Some(_) => Command::Plan {
                style: 1 + styles[i % styles.len()] % 4,
            },
            None => moves[i % moves.len()],
        };
        i += 1;
        s.apply(m);
    }
    s
}

fn ore_total(s: &State) -> usize {
    s.ore_cells().iter().filter(|&&o| o).count()
        + s.units()
            .iter()
            .filter(|u| u.loc != Loc::Gone)
            .map(|u| u.ore())
            .sum::<usize>()
        + s.ships().iter().map(|x| x.ore as usize).sum::<usize>()
}

fn same_command(a: &Command, b: &Command) -> bool {
    match (*a, *b) {
        (
            Command::Fire {
                a: x,
                b: y,
                target: t,
            },
            Command::Fire {
                a: x2,
                b: y2,
                target: t2,
            },
        ) => t == t2 && ((x, y) == (x2, y2) || (x, y) == (y2, x2)),
        (
            Command::Capture {
                a: x,
                b: y,
                target: t,
            },
            Command::Capture {
                a: x2,
                b: y2,
                target: t2,
            },
        ) => t == t2 && ((x, y) == (x2, y2) || (x, y) == (y2, x2)),
        _ => a == b,
    }
}

/// A random command with ids and cells anywhere (in range or not).
fn random_command(s: &State, r: &[u32]) -> Command {
    let cells = s.map().len() as u32 + 4;
    let units = s.units().len() as u32 + 2;
    let cell = |i: usize| Cell((r[i] % cells) as u16);
    let unit = |i: usize| UnitId((r[i] % units) as u16);
    let shooter = |i: usize| {
        if r[i].is_multiple_of(3) {
            Shooter::Turret(cell(i + 1))
        } else {
            Shooter::Unit(unit(i + 1))
        }
    };
    let target = |i: usize| match r[i] % 3 {
        0 => Target::Cell(cell(i + 1)),
        1 => Target::Carrier(unit(i + 1)),
        _ => Target::Ship,
    };
    match r[0] % 18 {
        0 => Command::Land {
            dome: cell(1),
            orient: (r[2] % 3) as u8,
        },
        1 => Command::Deploy {
            unit: unit(1),
            to: target(2),
        },
        2 | 3 => Command::Move {
            unit: unit(1),
            to: cell(2),
        },
        4 => Command::Go {
            unit: unit(1),
            to: cell(2),
        },
        5 => Command::Load {
            carrier: unit(1),
            item: if r[2].is_multiple_of(2) {
                Item::Ore(cell(3))
            } else {
                Item::Unit(unit(3))
            },
        },
        6 => Command::Unload {
            carrier: unit(1),
            cargo: if r[2].is_multiple_of(2) {
                Cargo::Ore
            } else {
                Cargo::Unit(unit(3))
            },
            to: target(4),
        },
        7 => Command::Enter {
            unit: unit(1),
            pod: cell(2),
        },
        8 => Command::Leave {
            unit: unit(1),
            pod: cell(2),
            to: cell(3),
        },
        9 => Command::Fire {
            a: shooter(1),
            b: shooter(3),
            target: cell(5),
        },
        10 => Command::Assault {
            unit: unit(1),
            to: cell(2),
            with: shooter(3),
            target: cell(5),
        },
        11 => Command::Capture {
            a: unit(1),
            b: unit(2),
            target: unit(3),
        },
        12 => Command::Retreat {
            unit: unit(1),
            to: cell(2),
        },
        13 => Command::Build {
            layer: unit(1),
            kind: if r[2].is_multiple_of(2) {
                Kind::Tank
            } else {
                Kind::Crab
            },
            to: cell(3),
        },
        14 => Command::Repair { pod: cell(1) },
        15 => Command::TakeOff {
            ship: ShipId((r[1] % 6) as u8),
        },
        16 => Command::Seal {
            leave: (r[1] % 32) as u8,
        },
        _ => Command::Plan {
            style: (r[1] % 7) as u8,
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_legal_commands_keep_the_invariants(
        seed in 0u64..500,
        players in 2usize..=4,
        plans in 0usize..30,
        styles in proptest::collection::vec(0u8..4, 4),
        picks in proptest::collection::vec(any::<u32>(), 80),
    ) {
        let mut s = midgame(players, seed, plans, &styles);
        let mut legal = Vec::new();
        for &p in &picks {
            if s.status() != Status::Ongoing {
                break;
            }
            legal_commands_into(&s, &mut legal);
            prop_assert!(!legal.is_empty(), "no legal command in an ongoing game");
            let low: Vec<Command> = legal
                .iter()
                .copied()
                .filter(|c| !matches!(c, Command::Plan { .. }))
                .collect();
            let pool = if low.len() > 1 { &low } else { &legal };
            let c = pool[p as usize % pool.len()];
            prop_assert!(validate(&s, &c).is_ok(), "listed but illegal: {c:?}");
            let before = ore_total(&s);
            let mut ev: Vec<Event> = Vec::new();
            apply_into(&mut s, c, &mut ev);
            prop_assert!(s.check().is_ok(), "{c:?}: {:?}", s.check());
            for u in s.unit_ids() {
                if s.unit(u).loc == Loc::Gone {
                    prop_assert!(s.controller(u).is_none());
                }
            }
            let touched = ev.iter().any(|e| {
                matches!(e, Event::Fired { .. } | Event::Built { .. } | Event::OreRemoved { .. })
            });
            if !touched {
                prop_assert_eq!(before, ore_total(&s), "ore not conserved by {:?}", c);
            } else {
                prop_assert!(ore_total(&s) <= before);
            }
        }
    }

    #[test]
    fn legal_commands_agree_with_validate(
        seed in 0u64..500,
        plans in 2usize..30,
        styles in proptest::collection::vec(0u8..4, 4),
        tries in proptest::collection::vec(proptest::collection::vec(any::<u32>(), 8), 200),
    ) {
        let s = midgame(2, seed, plans, &styles);
        let mut legal = Vec::new();
        legal_commands_into(&s, &mut legal);
        for c in &legal {
            prop_assert!(validate(&s, c).is_ok(), "listed but illegal: {c:?}");
        }
        for r in &tries {
            let c = random_command(&s, r);
            if matches!(c, Command::Go { .. }) {
                continue;
            }
            if validate(&s, &c).is_ok() {
                prop_assert!(legal.iter().any(|l| same_command(l, &c)), "legal but not listed: {c:?}");
            }
        }
    }

    #[test]
    fn random_commands_never_panic_and_illegal_ones_change_nothing(
        seed in 0u64..500,
        plans in 0usize..30,
        styles in proptest::collection::vec(0u8..4, 4),
        tries in proptest::collection::vec(proptest::collection::vec(any::<u32>(), 8), 100),
    ) {
        let mut s = midgame(2, seed, plans, &styles);
        for r in &tries {
            let c = random_command(&s, r);
            let before = format!("{:?}", (s.units(), s.ships(), s.players(), s.turn_number(), s.active()));
            match validate(&s, &c) {
                Ok(()) => {
                    apply_into(&mut s, c, &mut ());
                    prop_assert!(s.check().is_ok());
                }
                Err(e) => {
                    prop_assert!(e.rule().starts_with('M'));
                    let after = format!("{:?}", (s.units(), s.ships(), s.players(), s.turn_number(), s.active()));
                    prop_assert_eq!(before, after);
                }
            }
        }
    }
}
