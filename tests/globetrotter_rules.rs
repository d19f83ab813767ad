//! Builder-style Globetrotter tests, one or more per ruling (names start with the ruling id).
//! Scenario files under `tests/globetrotter/` cover the same rulings through the text format.
use orbitals::globe::{Board, Distances, FaceId};
use orbitals::globetrotter::position::{format_space, parse_space, Position};
use orbitals::globetrotter::shoot::{rover_to_hit, HIT_ON, HIT_ON_FORTIFIED};
use orbitals::globetrotter::{
    legal_commands, new_game, play, validate, Building, Command, Config, Event, Loc, Outcome,
    PieceKind, PlanetId, Rover, Side, Space, State, Structure,
};
use orbitals::ids::PlayerId;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

fn f(n: u8) -> FaceId {
    FaceId::new(n).unwrap()
}
fn at(planet: u8, face: u8) -> Loc {
    Loc::new(PlanetId(planet - 1), f(face))
}

/// A table in play, p1 to act, built piece by piece as a scenario's `position:` is.
struct Table {
    config: Config,
    pos: Position,
    dice: Vec<u8>,
}

impl Table {
    fn new(players: u8, planets: u8, facing: bool) -> Table {
        let config = Config {
            players,
            planets,
            facing,
            ..Config::default()
        };
        let mut pos = Position::from_state(&State::empty(config, 7));
        pos.phase = "play".into();
        pos.outcome = None;
        (pos.turn, pos.actions) = (1, 1);
        Table {
            config,
            pos,
            dice: Vec::new(),
        }
    }
    /// Changes what stands on `l`.
    fn edit(mut self, l: Loc, change: impl FnOnce(&mut Space)) -> Table {
        let text = self.pos.planets[l.planet.index()]
            .spaces
            .entry(l.face.get())
            .or_default();
        let mut space = parse_space(text).unwrap();
        change(&mut space);
        *text = format_space(&space, self.config.facing);
        self
    }
    fn rover(self, l: Loc, owner: PlayerId, hp: u8) -> Table {
        self.edit(l, |s| {
            s.rover = Some(Rover {
                owner,
                hp,
                facing: 0,
            })
        })
    }
    fn facing(self, l: Loc, facing: u8) -> Table {
        self.edit(l, |s| s.rover.as_mut().unwrap().facing = facing)
    }
    fn fort(self, l: Loc, owner: PlayerId) -> Table {
        self.edit(l, |s| s.fort = Some(owner))
    }
    fn building(self, l: Loc, owner: PlayerId, kind: Structure) -> Table {
        self.edit(l, |s| s.building = Some(Building { owner, kind, hp: 5 }))
    }
    fn active(mut self, p: PlayerId) -> Table {
        self.pos.active = Some(p.to_string());
        self
    }
    fn treasury(mut self, p: PlayerId, points: u8) -> Table {
        self.pos.players[p.index()].treasury = points;
        self
    }
    fn drill(mut self, p: PlayerId, drill: &str) -> Table {
        self.pos.players[p.index()].drill = drill.into();
        self
    }
    fn fired(mut self, planet: u8, times: u8) -> Table {
        self.pos.planets[planet as usize - 1].fired = times;
        self
    }
    fn dice(mut self, d: &[u8]) -> Table {
        self.dice = d.to_vec();
        self
    }
    fn done(self) -> State {
        let mut s = self
            .pos
            .to_state(self.config, 7)
            .unwrap_or_else(|e| panic!("{e:?}"));
        s.force_dice(self.dice);
        s
    }
}

fn rule(s: &State, c: Command) -> &'static str {
    validate(s, &c).expect_err("illegal").rule()
}

#[test]
fn g01_board_has_76_spaces_and_11_hqs_per_planet() {
    let (s, _) = new_game(
        Config {
            planets: 2,
            ..Config::default()
        },
        1,
    )
    .unwrap();
    // Setup lists one `place` per empty HQ of every planet.
    assert_eq!(legal_commands(&s).len(), 2 * 11);
    assert_eq!(Board::get().spaces().len(), 76);
}

#[test]
fn g02_distance_counts_entered_spaces_from_the_shooter() {
    let d = Distances::get();
    assert_eq!(d.distance(f(91), f(72)), Some(3));
    assert_eq!(d.distance(f(72), f(91)), Some(4));
    let table = || {
        Table::new(2, 1, false)
            .rover(at(1, 91), P1, 5)
            .rover(at(1, 72), P2, 5)
    };
    let s = table().done();
    let shot = |from, to| Command::Shoot {
        from,
        to,
        target: PieceKind::Rover,
    };
    assert!(validate(&s, &shot(at(1, 91), f(72))).is_ok());
    let t = table().active(P2).done();
    assert_eq!(rule(&t, shot(at(1, 72), f(91))), "G2");
}

#[test]
fn g03_space_holds_one_rover_or_building() {
    let s = Table::new(2, 1, false)
        .rover(at(1, 87), P1, 5)
        .rover(at(1, 78), P1, 5)
        .building(at(1, 91), P2, Structure::Factory)
        .done();
    let mv = |to| Command::Move {
        from: at(1, 87),
        to: f(to),
        side: None,
    };
    assert_eq!(rule(&s, mv(78)), "G4");
    assert_eq!(rule(&s, mv(91)), "G4");
    assert!(std::mem::size_of::<Space>() <= 12, "spaces stay small");
}

#[test]
fn g04_move_and_turn_passes() {
    let mut s = Table::new(2, 1, false)
        .rover(at(1, 87), P1, 5)
        .rover(at(1, 61), P2, 5)
        .done();
    let ev = play(
        &mut s,
        Command::Move {
            from: at(1, 87),
            to: f(77),
            side: None,
        },
    )
    .unwrap();
    assert!(ev.contains(&Event::Moved {
        from: at(1, 87),
        to: at(1, 77)
    }));
    assert_eq!(s.active(), P2);
    assert!(s.space(at(1, 77)).rover.is_some() && s.space(at(1, 87)).rover.is_none());
}

#[test]
fn g05_fortify_rules() {
    let s = Table::new(2, 1, false)
        .rover(at(1, 87), P1, 5)
        .rover(at(1, 78), P2, 5)
        .fort(at(1, 77), P2)
        .done();
    let fo = |to| Command::Fortify {
        from: at(1, 87),
        to: f(to),
    };
    assert!(validate(&s, &fo(91)).is_ok());
    assert_eq!(rule(&s, fo(78)), "G5");
    assert_eq!(rule(&s, fo(77)), "G5");
    assert_eq!(rule(&s, fo(88)), "G5");
}

#[test]
fn g06_to_hit_needs_every_cheapest_path_fortified() {
    let base = || {
        Table::new(2, 1, false)
            .rover(at(1, 87), P1, 5)
            .rover(at(1, 88), P2, 5)
    };
    let s = base().done();
    assert_eq!(rover_to_hit(&s, P1, at(1, 87), at(1, 88)), HIT_ON);
    let s = base().fort(at(1, 79), P2).done();
    assert_eq!(rover_to_hit(&s, P1, at(1, 87), at(1, 88)), HIT_ON);
    let s = base().fort(at(1, 79), P2).fort(at(1, 91), P2).done();
    assert_eq!(rover_to_hit(&s, P1, at(1, 87), at(1, 88)), HIT_ON_FORTIFIED);
    // The shooter's own fortifications never count.
    let s = base().fort(at(1, 79), P1).fort(at(1, 91), P1).done();
    assert_eq!(rover_to_hit(&s, P1, at(1, 87), at(1, 88)), HIT_ON);
    // Neither does the target's own space.
    let s = base().fort(at(1, 88), P2).done();
    assert_eq!(rover_to_hit(&s, P1, at(1, 87), at(1, 88)), HIT_ON);
}

#[test]
fn g06_wounds_and_destruction() {
    let mut s = Table::new(2, 1, false)
        .rover(at(1, 87), P1, 5)
        .rover(at(1, 78), P2, 1)
        .rover(at(1, 61), P2, 5)
        .dice(&[6, 6])
        .done();
    let ev = play(
        &mut s,
        Command::Shoot {
            from: at(1, 87),
            to: f(78),
            target: PieceKind::Rover,
        },
    )
    .unwrap();
    assert!(ev.contains(&Event::Removed {
        at: at(1, 78),
        piece: PieceKind::Rover,
        owner: P2
    }));
    assert_eq!(s.standing(), Outcome::Ongoing);
}

#[test]
fn g07_build_lists_the_free_moves_out() {
    let mut t = Table::new(2, 1, false)
        .rover(at(1, 91), P1, 5)
        .rover(at(1, 61), P2, 5);
    for n in [86, 87, 88, 89, 90] {
        t = t.fort(at(1, n), P1);
    }
    let s = t.done();
    let builds: Vec<Command> = legal_commands(&s)
        .into_iter()
        .filter(|c| matches!(c, Command::Build { .. }))
        .collect();
    // 4 structures x 5 exits.
    assert_eq!(builds.len(), 20);
    let mut s2 = s.clone();
    play(&mut s2, builds[0]).unwrap();
    assert!(s2.space(at(1, 91)).building.is_some());
    assert_eq!(s2.rovers_of(P1).count(), 1);
}

#[test]
fn g08_drill_cannon_cycle_and_planet_count() {
    let mut s = Table::new(2, 2, false)
        .building(at(1, 91), P1, Structure::DrillCannon)
        .rover(at(1, 87), P1, 5)
        .rover(at(2, 61), P2, 5)
        .rover(at(1, 40), P2, 5)
        .done();
    assert_eq!(rule(&s, Command::Fire), "G8");
    assert_eq!(rule(&s, Command::Aim { at: at(1, 40) }), "G8");
    s.force_dice([1, 6, 6]);
    for cmd in [Command::Ready, Command::Aim { at: at(1, 40) }] {
        play(&mut s, cmd).unwrap();
        play(&mut s, Command::Pass).unwrap();
    }
    // Aiming at another planet is refused (G15).
    assert_eq!(rule(&s, Command::Aim { at: at(2, 40) }), "G15");
    let ev = play(&mut s, Command::Fire).unwrap();
    assert_eq!(s.planets()[0].fired, 1);
    assert_eq!(s.planets()[1].fired, 0);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::PlanetRoll { count: 1, .. })));
    assert_eq!(s.player(P1).drill, orbitals::globetrotter::Drill::Idle);
}

#[test]
fn g09_treasury_gives_up_to_four_actions() {
    let mut s = Table::new(2, 1, false)
        .building(at(1, 91), P1, Structure::Treasury)
        .rover(at(1, 87), P1, 5)
        .rover(at(1, 61), P2, 5)
        .treasury(P1, 3)
        .done();
    for _ in 0..3 {
        play(&mut s, Command::Spend).unwrap();
    }
    assert_eq!(s.actions_left(), 4);
    assert_eq!(rule(&s, Command::Spend), "G9");
    assert_eq!(rule(&s, Command::Save), "G9");
    for _ in 0..4 {
        assert_eq!(s.active(), P1);
        let action = legal_commands(&s)
            .into_iter()
            .find(|c| c.is_action())
            .unwrap();
        play(&mut s, action).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(s.active(), P2);
}

#[test]
fn g10_simultaneous_loss_is_a_draw_and_game_over_rejects() {
    let mut s = Table::new(2, 1, false)
        .building(at(1, 91), P1, Structure::DrillCannon)
        .rover(at(1, 87), P1, 5)
        .rover(at(1, 61), P2, 5)
        .drill(P1, "aim 40")
        .fired(1, 9)
        .dice(&[1, 1, 1])
        .done();
    play(&mut s, Command::Fire).unwrap();
    assert_eq!(s.standing(), Outcome::Draw);
    assert!(legal_commands(&s).is_empty());
    assert_eq!(rule(&s, Command::Pass), "G10");
}

#[test]
fn g11_tables_and_rolloff() {
    let bad = |players, planets| {
        new_game(
            Config {
                players,
                planets,
                ..Config::default()
            },
            0,
        )
        .err()
        .map(|e| e.rule())
    };
    assert_eq!(bad(1, 1), Some("G11"));
    assert_eq!(bad(7, 1), Some("G17"));
    assert_eq!(bad(2, 0), Some("G17"));
    assert_eq!(bad(2, 9), Some("G17"));
    assert_eq!(bad(6, 8), None);
    assert_eq!(bad(6, 3), None);
    let mut firsts = [0; 3];
    for seed in 0..60 {
        let c = Config {
            players: 3,
            ..Config::default()
        };
        let (a, ea) = new_game(c, seed).unwrap();
        let (b, eb) = new_game(c, seed).unwrap();
        assert_eq!((a.first_player(), &ea), (b.first_player(), &eb));
        firsts[a.first_player().index()] += 1;
        assert_eq!(a.active(), a.first_player());
    }
    assert!(firsts.iter().all(|&n| n > 5), "{firsts:?}");
}

#[test]
fn g17_a_table_needs_a_turn_to_play() {
    let with_limit = |turn_limit| {
        new_game(
            Config {
                turn_limit,
                ..Config::default()
            },
            0,
        )
        .err()
        .map(|e| e.rule())
    };
    assert_eq!(with_limit(0), Some("G17"));
    assert_eq!(with_limit(1), None);
}

#[test]
fn g12_facing_limits_moves_and_turns_rotate() {
    let s = Table::new(2, 1, true)
        .rover(at(1, 87), P1, 5)
        .facing(at(1, 87), 1)
        .rover(at(1, 61), P2, 5)
        .done();
    let moves: Vec<Command> = legal_commands(&s)
        .into_iter()
        .filter(|c| matches!(c, Command::Move { .. } | Command::Turn { .. }))
        .collect();
    assert_eq!(moves.len(), 4, "{moves:?}"); // 91 left/right, turn left/right
    let mut t = s.clone();
    play(
        &mut t,
        Command::Move {
            from: at(1, 87),
            to: f(91),
            side: Some(Side::Right),
        },
    )
    .unwrap();
    assert_eq!(t.space(at(1, 91)).rover.unwrap().facing, 2);
    let mut t = s.clone();
    play(
        &mut t,
        Command::Turn {
            at: at(1, 87),
            side: Side::Right,
        },
    )
    .unwrap();
    assert_eq!(t.space(at(1, 87)).rover.unwrap().facing, 0);
    // Moves need a side with the variant.
    assert_eq!(
        rule(
            &s,
            Command::Move {
                from: at(1, 87),
                to: f(91),
                side: None
            }
        ),
        "G12"
    );
}

#[test]
fn g13_orbit_is_shared_by_every_planet() {
    let mut s = Table::new(2, 3, false)
        .building(at(2, 91), P1, Structure::SpacePort)
        .rover(at(2, 87), P1, 5)
        .rover(at(3, 61), P2, 5)
        .done();
    play(
        &mut s,
        Command::Move {
            from: at(2, 87),
            to: f(91),
            side: None,
        },
    )
    .unwrap();
    assert_eq!(s.orbit().len(), 1);
    play(&mut s, Command::Pass).unwrap();
    let planets: std::collections::BTreeSet<u8> = legal_commands(&s)
        .iter()
        .filter_map(|c| match c {
            Command::Descend { at, .. } => Some(at.planet.0),
            _ => None,
        })
        .collect();
    assert_eq!(planets.into_iter().collect::<Vec<_>>(), vec![0, 1, 2]);
    // Structure limits count across planets.
    let s = Table::new(2, 2, false)
        .building(at(2, 91), P1, Structure::Factory)
        .rover(at(1, 61), P2, 5)
        .fort(at(1, 86), P1)
        .fort(at(1, 87), P1)
        .fort(at(1, 88), P1)
        .fort(at(1, 89), P1)
        .fort(at(1, 90), P1)
        .done();
    let b = |kind| Command::Build {
        at: at(1, 91),
        kind,
        exit: None,
    };
    assert_eq!(rule(&s, b(Structure::Factory)), "G7");
    assert!(validate(&s, &b(Structure::Treasury)).is_ok());
}

#[test]
fn illegal_commands_leave_the_state_unchanged() {
    let s = Table::new(2, 1, false)
        .rover(at(1, 87), P1, 5)
        .rover(at(1, 61), P2, 5)
        .dice(&[6])
        .done();
    let mut t = s.clone();
    for c in [
        Command::Fire,
        Command::Spend,
        Command::Move {
            from: at(1, 61),
            to: f(46),
            side: None,
        },
        Command::Descend {
            rover: 0,
            at: at(1, 40),
            facing: None,
        },
    ] {
        assert!(play(&mut t, c).is_err());
        assert_eq!(t, s);
    }
}
