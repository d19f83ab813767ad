//! The short text notation for Globetrotter commands and events (docs/globetrotter.md).
//!
//! Planets are numbered from 1, spaces by their face id (16–91 are playable, see
//! [`crate::globe::board`]), players `p1`, `p2`, …; rovers in orbit by their 1-based position in
//! the orbit list. In events a space is written `planet:face`, e.g. `1:45`.
//!
//! ```text
//! place P F [facing E]            move P F T [left|right]        turn P F left|right
//! fortify P F T                   shoot P F T rover|fort|building
//! build P H KIND [exit T [left|right]]   (KIND: space_port factory drill_cannon treasury)
//! produce P F [facing E]          heal P F
//! ready     aim P F     fire      descend N P F [facing E]       destroy P H
//! save      spend       pass
//! ```
use super::command::{Command, Exit};
use super::event::{Event, RollKind};
use super::state::{Loc, Outcome, PieceKind, PlanetId, Side, Structure};
use crate::core::notation::{parse_seat_word, NotationError, Words};
use crate::globe::FaceId;
use crate::ids::PlayerId;

/// Where Globetrotter's notation is documented (quoted when arguments are missing).
const USAGE: &str = "see docs/globetrotter.md";

/// Parses one command line, e.g. `move 1 45 46`.
pub fn parse_command(line: &str) -> Result<Command, NotationError> {
    let mut a = Words::new(line, USAGE)?;
    let cmd = match a.verb() {
        "place" => Command::Place {
            at: loc(&mut a)?,
            facing: facing(&mut a)?,
        },
        "move" => Command::Move {
            from: loc(&mut a)?,
            to: face(&mut a)?,
            side: side_opt(&mut a),
        },
        "turn" => Command::Turn {
            at: loc(&mut a)?,
            side: a
                .parse(|w| side_of(w).ok_or_else(|| NotationError::not_a(w, "left or right")))?,
        },
        "fortify" => Command::Fortify {
            from: loc(&mut a)?,
            to: face(&mut a)?,
        },
        "shoot" => Command::Shoot {
            from: loc(&mut a)?,
            to: face(&mut a)?,
            target: a.parse(parse_piece)?,
        },
        "build" => {
            let at = loc(&mut a)?;
            let kind = a.parse(|w| {
                Structure::from_name(w).ok_or_else(|| {
                    NotationError::not_a(
                        w,
                        "a structure (space_port, factory, drill_cannon, treasury)",
                    )
                })
            })?;
            let exit = if a.take_if("exit") {
                Some(Exit {
                    to: face(&mut a)?,
                    side: side_opt(&mut a),
                })
            } else {
                None
            };
            Command::Build { at, kind, exit }
        }
        "produce" => Command::Produce {
            at: loc(&mut a)?,
            facing: facing(&mut a)?,
        },
        "heal" => Command::Heal { at: loc(&mut a)? },
        "ready" => Command::Ready,
        "aim" => Command::Aim { at: loc(&mut a)? },
        "fire" => Command::Fire,
        "descend" => {
            let rover = a.parse(|w| match w.parse::<u8>() {
                Ok(n @ 1..) => Ok(n - 1),
                _ => Err(NotationError::not_a(w, "an orbit rover (numbered from 1)")),
            })?;
            Command::Descend {
                rover,
                at: loc(&mut a)?,
                facing: facing(&mut a)?,
            }
        }
        "destroy" => Command::Destroy { at: loc(&mut a)? },
        "save" => Command::Save,
        "spend" => Command::Spend,
        "pass" => Command::Pass,
        _ => return Err(a.unknown(USAGE)),
    };
    a.done()?;
    Ok(cmd)
}

fn face(a: &mut Words) -> Result<FaceId, NotationError> {
    a.parse(|w| {
        w.parse::<u8>()
            .ok()
            .and_then(FaceId::new)
            .ok_or_else(|| NotationError::not_a(w, "a space (0 to 91)"))
    })
}

fn loc(a: &mut Words) -> Result<Loc, NotationError> {
    let planet = a.parse(|w| match w.parse::<u8>() {
        Ok(n @ 1..) => Ok(PlanetId(n - 1)),
        _ => Err(NotationError::not_a(w, "a planet (numbered from 1)")),
    })?;
    Ok(Loc::new(planet, face(a)?))
}

fn side_of(w: &str) -> Option<Side> {
    match w {
        "left" => Some(Side::Left),
        "right" => Some(Side::Right),
        _ => None,
    }
}

fn side_opt(a: &mut Words) -> Option<Side> {
    let side = a.peek().and_then(side_of)?;
    a.take_if(side.name());
    Some(side)
}

fn facing(a: &mut Words) -> Result<Option<u8>, NotationError> {
    if a.take_if("facing") {
        Ok(Some(a.num()?))
    } else {
        Ok(None)
    }
}

fn parse_piece(w: &str) -> Result<PieceKind, NotationError> {
    match w {
        "rover" => Ok(PieceKind::Rover),
        "fort" => Ok(PieceKind::Fort),
        "building" => Ok(PieceKind::Building),
        _ => Err(NotationError::not_a(w, "rover, fort or building")),
    }
}

/// A player name: `p1`, `p2`, …
pub fn parse_player(w: &str) -> Result<PlayerId, NotationError> {
    parse_seat_word(w).map(PlayerId)
}

/// `1 45`: a location as command arguments.
fn args(l: Loc) -> String {
    format!("{} {}", l.planet, l.face)
}

fn facing_suffix(f: Option<u8>) -> String {
    f.map(|e| format!(" facing {e}")).unwrap_or_default()
}

fn side_suffix(s: Option<Side>) -> String {
    s.map(|s| format!(" {}", s.name())).unwrap_or_default()
}

/// Writes a command in the notation [`parse_command`] reads.
pub fn format_command(c: &Command) -> String {
    match *c {
        Command::Place { at, facing } => format!("place {}{}", args(at), facing_suffix(facing)),
        Command::Move { from, to, side } => {
            format!("move {} {to}{}", args(from), side_suffix(side))
        }
        Command::Turn { at, side } => format!("turn {} {}", args(at), side.name()),
        Command::Fortify { from, to } => format!("fortify {} {to}", args(from)),
        Command::Shoot { from, to, target } => {
            format!("shoot {} {to} {}", args(from), target.name())
        }
        Command::Build { at, kind, exit } => {
            let exit = exit
                .map(|e| format!(" exit {}{}", e.to, side_suffix(e.side)))
                .unwrap_or_default();
            format!("build {} {}{exit}", args(at), kind.name())
        }
        Command::Produce { at, facing } => {
            format!("produce {}{}", args(at), facing_suffix(facing))
        }
        Command::Heal { at } => format!("heal {}", args(at)),
        Command::Ready => "ready".into(),
        Command::Aim { at } => format!("aim {}", args(at)),
        Command::Fire => "fire".into(),
        Command::Descend { rover, at, facing } => format!(
            "descend {} {}{}",
            rover as u16 + 1,
            args(at),
            facing_suffix(facing)
        ),
        Command::Destroy { at } => format!("destroy {}", args(at)),
        Command::Save => "save".into(),
        Command::Spend => "spend".into(),
        Command::Pass => "pass".into(),
    }
}

/// `ongoing`, `draw` or `winner p1`.
pub fn format_outcome(o: Outcome) -> String {
    match o {
        Outcome::Ongoing => "ongoing".into(),
        Outcome::Draw => "draw".into(),
        Outcome::Winner(p) => format!("winner {p}"),
    }
}

/// Reads [`format_outcome`]'s text.
pub fn parse_outcome(t: &str) -> Result<Outcome, NotationError> {
    match t.trim() {
        "ongoing" => Ok(Outcome::Ongoing),
        "draw" => Ok(Outcome::Draw),
        w => w
            .strip_prefix("winner ")
            .ok_or_else(|| NotationError::not_a(w, "ongoing, draw or winner pN"))
            .and_then(|p| parse_player(p.trim()).map(Outcome::Winner)),
    }
}

/// One event as a line of text (the form scenario expectations use).
pub fn format_event(e: &Event) -> String {
    match *e {
        Event::RollOff { player, roll } => format!("rolloff {player} {roll}"),
        Event::FirstPlayer { player } => format!("first {player}"),
        Event::Placed { player, at } => format!("placed {player} {at}"),
        Event::TurnStarted { player, turn } => format!("turn {player} {turn}"),
        Event::Moved { from, to } => format!("moved {from} {to}"),
        Event::Faced { at, facing } => format!("faced {at} {facing}"),
        Event::EnteredOrbit { player, from } => format!("orbit {player} from {from}"),
        Event::Descended { player, at } => format!("descended {player} {at}"),
        Event::Fortified { player, at } => format!("fortified {player} {at}"),
        Event::Shot {
            from,
            to,
            target,
            need,
        } => {
            let need = if need > 0 {
                format!(" need {need}")
            } else {
                String::new()
            };
            format!("shot {from} {to} {}{need}", target.name())
        }
        Event::Rolled {
            kind,
            roll,
            success,
            ..
        } => {
            let (k, ok, fail) = match kind {
                RollKind::Hit => ("hit", "ok", "miss"),
                RollKind::Wound => ("wound", "ok", "fail"),
            };
            format!("roll {k} {roll} {}", if success { ok } else { fail })
        }
        Event::Wounded {
            at,
            piece,
            owner,
            hp,
        } => format!("wounded {at} {} {owner} hp {hp}", piece.name()),
        Event::Removed { at, piece, owner } => format!("removed {at} {} {owner}", piece.name()),
        Event::Built { player, at, kind } => format!("built {player} {at} {}", kind.name()),
        Event::Produced { player, at } => format!("produced {player} {at}"),
        Event::Healed { at, hp } => format!("healed {at} hp {hp}"),
        Event::Readied { player } => format!("ready {player}"),
        Event::Aimed { player, at } => format!("aimed {player} {at}"),
        Event::Fired { player, at, count } => format!("fired {player} {at} count {count}"),
        Event::PlanetRoll {
            planet,
            dice,
            count,
        } => format!("planet {planet} roll {} {} count {count}", dice[0], dice[1]),
        Event::PlanetDestroyed { planet } => format!("planet {planet} destroyed"),
        Event::Demolished { player, at, kind } => {
            format!("demolished {player} {at} {}", kind.name())
        }
        Event::Saved { player, stored } => format!("saved {player} stored {stored}"),
        Event::Spent { player, stored } => format!("spent {player} stored {stored}"),
        Event::TreasuryLost { player, points } => format!("treasury lost {player} {points}"),
        Event::Passed { player } => format!("passed {player}"),
        Event::PlayerLost { player } => format!("lost {player}"),
        Event::GameOver { outcome } => format!("game over {}", format_outcome(outcome)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_round_trip() {
        for line in [
            "place 1 91",
            "place 2 61 facing 3",
            "move 1 45 46",
            "move 1 45 46 left",
            "turn 1 45 right",
            "fortify 1 45 46",
            "shoot 1 45 50 rover",
            "build 1 91 factory",
            "build 1 91 treasury exit 88 right",
            "produce 1 88 facing 0",
            "heal 1 88",
            "ready",
            "aim 1 40",
            "fire",
            "descend 2 1 40 facing 1",
            "destroy 1 91",
            "save",
            "spend",
            "pass",
        ] {
            let c = parse_command(line).unwrap();
            assert_eq!(format_command(&c), line);
        }
        assert!(parse_command("move 0 45 46").is_err());
        assert!(parse_command("move 1 45 99").is_err());
        assert!(parse_command("move 1 45 46 up").is_err());
        assert!(parse_command("descend 0 1 40").is_err());
    }
}
