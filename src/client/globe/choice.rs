//! What a person may do on the Globetrotter globe, derived only from the engine's legal
//! commands: the selection ([`Sel`]), the faces it can act on with how they are lit
//! ([`face_targets`], [`marks`]), what a click on a face means ([`click`]), the commands
//! offered as buttons ([`buttons`]) and what pressing one does ([`press`]: a build whose rover
//! has several ways out first lights them on the globe, [`Sel::Exit`]). No rule is
//! re-implemented here.
use super::planet::Mark;
use crate::globe::FACE_COUNT;
use crate::globetrotter::{Command, Loc, PieceKind, PlanetId, Side, State, Structure};

/// What is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Sel {
    #[default]
    None,
    /// A rover of the player to act.
    Rover(Loc),
    /// A rover in orbit (index into the orbit list).
    Orbit(u8),
    /// The player's Factory (produce).
    Factory(Loc),
    /// The player's Drill Cannon (aim).
    Cannon(Loc),
    /// An HQ (build on it, or destroy one's own building).
    Hq(Loc),
    /// Building `kind` on the HQ `at`, whose rover must move out first (G7): the legal exits
    /// are lit and a click picks one.
    Exit { at: Loc, kind: Structure },
}

/// Which of a rover's actions a click on a face prefers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tool {
    #[default]
    Move,
    Fortify,
    Shoot,
}

fn mark_of(c: &Command) -> Mark {
    match c {
        Command::Fortify { .. } => Mark::Fortify,
        Command::Shoot { .. } => Mark::Shoot,
        Command::Aim { .. } => Mark::Aim,
        _ => Mark::Go,
    }
}

/// Every face the selection can act on, with the command and its mark.
pub fn face_targets(st: &State, sel: Sel, legal: &[Command]) -> Vec<(Loc, Command, Mark)> {
    let at = |c: &Command| -> Option<Loc> {
        match (*c, sel) {
            (Command::Place { at, .. }, Sel::None) => Some(at),
            (Command::Move { from, to, .. }, Sel::Rover(r)) if from == r => Some(from.with(to)),
            (Command::Fortify { from, to }, Sel::Rover(r)) if from == r => Some(from.with(to)),
            (Command::Shoot { from, to, .. }, Sel::Rover(r)) if from == r => Some(from.with(to)),
            (Command::Descend { rover, at, .. }, Sel::Orbit(i)) if rover == i => Some(at),
            (Command::Produce { at, .. }, Sel::Factory(_)) => Some(at),
            (Command::Aim { at }, Sel::Cannon(_)) => Some(at),
            (
                Command::Build {
                    at,
                    kind,
                    exit: Some(e),
                },
                Sel::Exit { at: h, kind: k },
            ) if at == h && kind == k => Some(at.with(e.to)),
            _ => None,
        }
    };
    let _ = st;
    legal
        .iter()
        .filter_map(|c| at(c).map(|l| (l, *c, mark_of(c))))
        .collect()
}

/// The marks of one planet's faces: targets (the tool's kind wins where several apply) and the
/// selected piece.
pub fn marks(
    st: &State,
    planet: PlanetId,
    sel: Sel,
    tool: Tool,
    legal: &[Command],
) -> [Option<Mark>; FACE_COUNT] {
    let mut m = [None; FACE_COUNT];
    let want = match tool {
        Tool::Move => Mark::Go,
        Tool::Fortify => Mark::Fortify,
        Tool::Shoot => Mark::Shoot,
    };
    for (l, _, k) in face_targets(st, sel, legal) {
        if l.planet != planet {
            continue;
        }
        let slot = &mut m[l.face.index()];
        if slot.is_none() || k == want {
            *slot = Some(k);
        }
    }
    match sel {
        Sel::Rover(l) | Sel::Factory(l) | Sel::Cannon(l) | Sel::Hq(l) | Sel::Exit { at: l, .. }
            if l.planet == planet =>
        {
            m[l.face.index()] = Some(Mark::Selected)
        }
        _ => {}
    }
    m
}

/// What a click did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    Play(Command),
    Select(Sel),
}

/// The meaning of a click on `at`. `edge` is the edge of the face nearest to the click (the
/// facing of a new rover in the variant); `veer` the side a moving rover turns to.
pub fn click(
    st: &State,
    sel: Sel,
    tool: Tool,
    veer: Side,
    legal: &[Command],
    at: Loc,
    edge: Option<u8>,
) -> Click {
    let here: Vec<Command> = face_targets(st, sel, legal)
        .into_iter()
        .filter(|(l, _, _)| *l == at)
        .map(|(_, c, _)| c)
        .collect();
    if !here.is_empty() {
        let is = |c: &Command, t: Tool| match (c, t) {
            (Command::Fortify { .. }, Tool::Fortify) => true,
            (Command::Shoot { .. }, Tool::Shoot) => true,
            (Command::Fortify { .. } | Command::Shoot { .. }, _) => false,
            (_, Tool::Move) => true,
            _ => false,
        };
        let order = [tool, Tool::Move, Tool::Shoot, Tool::Fortify];
        for t in order {
            let mut cands: Vec<Command> = here.iter().copied().filter(|c| is(c, t)).collect();
            if cands.is_empty() {
                continue;
            }
            // Shots: rovers first, then buildings, then fortifications.
            cands.sort_by_key(|c| match c {
                Command::Shoot { target, .. } => match target {
                    PieceKind::Rover => 0,
                    PieceKind::Building => 1,
                    PieceKind::Fort => 2,
                },
                _ => 0,
            });
            let fits = |c: &Command| match *c {
                Command::Move { side, .. } => side.is_none() || side == Some(veer),
                Command::Place { facing, .. }
                | Command::Descend { facing, .. }
                | Command::Produce { facing, .. } => facing.is_none() || facing == edge,
                Command::Build { exit: Some(e), .. } => e.side.is_none() || e.side == Some(veer),
                _ => true,
            };
            let cmd = cands.iter().copied().find(fits).unwrap_or(cands[0]);
            return Click::Play(cmd);
        }
    }
    Click::Select(select_at(st, legal, at))
}

/// The selection a click on `at` makes (without a target there).
pub fn select_at(st: &State, legal: &[Command], at: Loc) -> Sel {
    let me = st.active();
    let sp = st.space(at);
    if sp.rover.is_some_and(|r| r.owner == me) {
        let builds = legal
            .iter()
            .any(|c| matches!(c, Command::Build { at: b, .. } if *b == at));
        if !builds || legal.iter().any(|c| acts_from(c, at)) {
            return Sel::Rover(at);
        }
        return Sel::Hq(at);
    }
    if let Some(b) = sp.building.filter(|b| b.owner == me) {
        return match b.kind {
            Structure::Factory => Sel::Factory(at),
            Structure::DrillCannon => Sel::Cannon(at),
            _ => Sel::Hq(at),
        };
    }
    let hq_cmd = legal.iter().any(
        |c| matches!(c, Command::Build { at: b, .. } | Command::Destroy { at: b } if *b == at),
    );
    if hq_cmd {
        return Sel::Hq(at);
    }
    Sel::None
}

fn acts_from(c: &Command, at: Loc) -> bool {
    match *c {
        Command::Move { from, .. }
        | Command::Fortify { from, .. }
        | Command::Shoot { from, .. } => from == at,
        Command::Turn { at: a, .. } | Command::Heal { at: a } => a == at,
        _ => false,
    }
}

/// Commands offered as buttons for the selection: turning, healing, building (one per kind,
/// the first legal exit), destroying; and the turn-wide ones (Drill Cannon, Treasury, pass).
pub fn buttons(sel: Sel, legal: &[Command]) -> Vec<Command> {
    let mut out: Vec<Command> = Vec::new();
    for c in legal {
        let keep = match (*c, sel) {
            (Command::Turn { at, .. }, Sel::Rover(r)) => at == r,
            (Command::Heal { at }, Sel::Rover(r)) => at == r,
            (Command::Build { at, kind, .. }, Sel::Hq(h) | Sel::Rover(h)) => {
                at == h
                    && !out
                        .iter()
                        .any(|o| matches!(o, Command::Build { kind: k, .. } if *k == kind))
            }
            (Command::Destroy { at }, Sel::Hq(h) | Sel::Factory(h) | Sel::Cannon(h)) => at == h,
            (Command::Ready | Command::Fire | Command::Save | Command::Spend, _) => true,
            _ => false,
        };
        if keep {
            out.push(*c);
        }
    }
    out
}

/// The legal builds of `kind` on `at` (one per exit the rover on it may take).
pub fn builds(legal: &[Command], at: Loc, kind: Structure) -> Vec<Command> {
    legal
        .iter()
        .copied()
        .filter(|c| matches!(*c, Command::Build { at: a, kind: k, .. } if a == at && k == kind))
        .collect()
}

/// Does pressing this button ask where the rover goes first (several exit spaces)?
pub fn asks_exit(c: &Command, legal: &[Command]) -> bool {
    let Command::Build { at, kind, .. } = *c else {
        return false;
    };
    let mut faces: Vec<_> = builds(legal, at, kind)
        .iter()
        .filter_map(|b| match b {
            Command::Build { exit: Some(e), .. } => Some(e.to),
            _ => None,
        })
        .collect();
    faces.sort();
    faces.dedup();
    faces.len() > 1
}

/// What pressing a button does: most play their command; a build whose rover has several exit
/// spaces selects [`Sel::Exit`] so that a click on the globe picks one; a build with one exit
/// space plays the legal build going there (facing `veer` in the variant).
pub fn press(c: Command, legal: &[Command], veer: Side) -> Click {
    let Command::Build { at, kind, .. } = c else {
        return Click::Play(c);
    };
    if asks_exit(&c, legal) {
        return Click::Select(Sel::Exit { at, kind });
    }
    let all = builds(legal, at, kind);
    let fits = |b: &&Command| match b {
        Command::Build { exit: Some(e), .. } => e.side.is_none() || e.side == Some(veer),
        _ => true,
    };
    Click::Play(all.iter().find(fits).or(all.first()).copied().unwrap_or(c))
}

/// A button's text.
pub fn button_text(c: &Command) -> String {
    match *c {
        Command::Turn { side, .. } => format!("Turn {}", side.name()),
        Command::Heal { .. } => "Heal (+1 hp)".into(),
        Command::Build { kind, .. } => {
            format!("Build {}", super::gt_words::structure_name(kind))
        }
        Command::Destroy { .. } => "Destroy the building".into(),
        Command::Ready => "Ready the Drill Cannon".into(),
        Command::Fire => "Fire the Drill Cannon".into(),
        Command::Save => "Save an action (Treasury)".into(),
        Command::Spend => "Spend a Treasury point".into(),
        Command::Pass => "End turn".into(),
        _ => crate::globetrotter::notation::format_command(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::globetrotter::{legal_commands, new_game, play, Config};

    /// Player 1's rover on HQ 91 of planet 1 with `ring` around it; p2 elsewhere.
    fn hq_with(ring: &[(u8, &str)]) -> State {
        let mut s = State::empty(Config::default(), 4);
        s.phase = crate::globetrotter::Phase::Play;
        s.turn = 1;
        s.actions = 1;
        let at = |f: u8| Loc::new(PlanetId(0), crate::globe::FaceId::new(f).unwrap());
        let sp = crate::globetrotter::position::parse_space;
        *s.space_mut(at(91)) = sp("rover p1").unwrap();
        *s.space_mut(at(61)) = sp("rover p2").unwrap();
        for (f, t) in ring {
            *s.space_mut(at(*f)) = sp(t).unwrap();
        }
        s
    }

    #[test]
    fn a_build_with_several_exits_lights_them_and_a_click_picks_one() {
        let s = hq_with(&[
            (86, "fort p1"),
            (87, "fort p1"),
            (88, "fort p1"),
            (89, "fort p1"),
            (90, "fort p1"),
        ]);
        let legal = legal_commands(&s);
        let hq = Loc::new(PlanetId(0), crate::globe::FaceId::new(91).unwrap());
        let sel = select_at(&s, &legal, hq);
        let build = buttons(sel, &legal)
            .into_iter()
            .find(|c| {
                matches!(
                    c,
                    Command::Build {
                        kind: Structure::Factory,
                        ..
                    }
                )
            })
            .expect("a Build Factory button");
        assert!(asks_exit(&build, &legal));
        let Click::Select(exit_sel) = press(build, &legal, Side::Left) else {
            panic!("several exits: the button should ask where to go");
        };
        assert_eq!(
            exit_sel,
            Sel::Exit {
                at: hq,
                kind: Structure::Factory
            }
        );
        // Every lit face is an exit of a legal build, the HQ is marked as selected.
        let lit = face_targets(&s, exit_sel, &legal);
        let mut faces: Vec<u8> = lit.iter().map(|t| t.0.face.get()).collect();
        faces.sort();
        assert_eq!(faces, [86, 87, 88, 89, 90]);
        assert!(lit.iter().all(|t| legal.contains(&t.1)));
        let m = marks(&s, PlanetId(0), exit_sel, Tool::Move, &legal);
        assert_eq!(m[91], Some(Mark::Selected));
        assert_eq!(m[88], Some(Mark::Go));
        // A click on one of them builds with the rover going there.
        let to = hq.with(crate::globe::FaceId::new(88).unwrap());
        match click(&s, exit_sel, Tool::Move, Side::Left, &legal, to, None) {
            Click::Play(
                c @ Command::Build {
                    exit: Some(e),
                    kind,
                    ..
                },
            ) => {
                assert_eq!((e.to.get(), kind), (88, Structure::Factory));
                assert!(legal.contains(&c));
                let mut after = s.clone();
                play(&mut after, c).unwrap();
                assert!(after.space(to).rover.is_some());
            }
            other => panic!("expected a build, got {other:?}"),
        }
    }

    #[test]
    fn a_build_with_one_exit_is_one_press() {
        // Own rovers count for the ring but block the way out: only 90 is free.
        let s = hq_with(&[
            (86, "rover p1"),
            (87, "rover p1"),
            (88, "rover p1"),
            (89, "rover p1"),
            (90, "fort p1"),
        ]);
        let legal = legal_commands(&s);
        let hq = Loc::new(PlanetId(0), crate::globe::FaceId::new(91).unwrap());
        let build = *builds(&legal, hq, Structure::Treasury)
            .first()
            .expect("a legal build");
        assert!(!asks_exit(&build, &legal));
        match press(build, &legal, Side::Left) {
            Click::Play(c @ Command::Build { exit: Some(e), .. }) => {
                assert_eq!(e.to.get(), 90);
                assert!(legal.contains(&c));
            }
            other => panic!("expected the build, got {other:?}"),
        }
    }

    #[test]
    fn setup_lights_every_free_hq_and_a_click_places() {
        let (s, _) = new_game(Config::default(), 9).unwrap();
        let legal = legal_commands(&s);
        let t = face_targets(&s, Sel::None, &legal);
        assert_eq!(t.len(), 11);
        let at = t[0].0;
        let c = click(&s, Sel::None, Tool::Move, Side::Left, &legal, at, None);
        assert!(matches!(c, Click::Play(Command::Place { at: a, .. }) if a == at));
    }

    #[test]
    fn a_rover_lights_moves_and_the_tool_picks_fortify() {
        let (mut s, _) = new_game(Config::default(), 9).unwrap();
        while s.phase() == crate::globetrotter::Phase::Setup {
            let c = legal_commands(&s)[0];
            play(&mut s, c).unwrap();
        }
        let legal = legal_commands(&s);
        let (at, _) = s.rovers_of(s.active()).next().unwrap();
        assert_eq!(select_at(&s, &legal, at), Sel::Rover(at));
        let sel = Sel::Rover(at);
        let m = marks(&s, at.planet, sel, Tool::Move, &legal);
        assert_eq!(m[at.face.index()], Some(Mark::Selected));
        let (to, _, _) = face_targets(&s, sel, &legal)
            .into_iter()
            .find(|t| t.2 == Mark::Go)
            .unwrap();
        assert_eq!(m[to.face.index()], Some(Mark::Go));
        let mv = click(&s, sel, Tool::Move, Side::Left, &legal, to, None);
        assert!(matches!(mv, Click::Play(Command::Move { .. })));
        let fo = click(&s, sel, Tool::Fortify, Side::Left, &legal, to, None);
        assert!(matches!(fo, Click::Play(Command::Fortify { .. })));
        for c in [mv, fo] {
            if let Click::Play(c) = c {
                assert!(legal.contains(&c));
            }
        }
    }
}
