//! What a person may do on the Globetrotter globe, derived only from the engine's legal
//! commands: the selection ([`Sel`]), the faces it can act on with how they are lit
//! ([`face_targets`], [`marks`]), what a click on a face means ([`click`]), and the commands
//! offered as buttons ([`buttons`]). No rule is re-implemented here.
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
        Sel::Rover(l) | Sel::Factory(l) | Sel::Cannon(l) | Sel::Hq(l) if l.planet == planet => {
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
    let me = st.active;
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

/// A button's text.
pub fn button_text(c: &Command) -> String {
    match *c {
        Command::Turn { side, .. } => format!("Turn {}", side.name()),
        Command::Heal { .. } => "Heal (+1 hp)".into(),
        Command::Build { kind, .. } => format!("Build {}", kind.name().replace('_', " ")),
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
        while s.phase == crate::globetrotter::Phase::Setup {
            let c = legal_commands(&s)[0];
            play(&mut s, c).unwrap();
        }
        let legal = legal_commands(&s);
        let (at, _) = s.rovers_of(s.active).next().unwrap();
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
