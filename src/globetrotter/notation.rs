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
use crate::globe::FaceId;
use crate::ids::PlayerId;

/// Parses one command line, e.g. `move 1 45 46`.
pub fn parse_command(line: &str) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&verb, args)) = words.split_first() else {
        return Err("empty command".into());
    };
    let mut a = Args {
        verb,
        args,
        next: 0,
    };
    let cmd = match verb {
        "place" => Command::Place {
            at: a.loc()?,
            facing: a.facing()?,
        },
        "move" => Command::Move {
            from: a.loc()?,
            to: a.face()?,
            side: a.side_opt()?,
        },
        "turn" => Command::Turn {
            at: a.loc()?,
            side: a.side_opt()?.ok_or("`turn` needs left or right")?,
        },
        "fortify" => Command::Fortify {
            from: a.loc()?,
            to: a.face()?,
        },
        "shoot" => Command::Shoot {
            from: a.loc()?,
            to: a.face()?,
            target: parse_piece(a.word()?)?,
        },
        "build" => {
            let at = a.loc()?;
            let w = a.word()?;
            let kind = Structure::from_name(w).ok_or_else(|| {
                format!("`{w}` is not a structure (space_port, factory, drill_cannon, treasury)")
            })?;
            let exit = if a.peek() == Some("exit") {
                a.next += 1;
                Some(Exit {
                    to: a.face()?,
                    side: a.side_opt()?,
                })
            } else {
                None
            };
            Command::Build { at, kind, exit }
        }
        "produce" => Command::Produce {
            at: a.loc()?,
            facing: a.facing()?,
        },
        "heal" => Command::Heal { at: a.loc()? },
        "ready" => Command::Ready,
        "aim" => Command::Aim { at: a.loc()? },
        "fire" => Command::Fire,
        "descend" => {
            let n = a.num()?;
            if n == 0 {
                return Err("orbit rovers are numbered from 1".into());
            }
            Command::Descend {
                rover: n - 1,
                at: a.loc()?,
                facing: a.facing()?,
            }
        }
        "destroy" => Command::Destroy { at: a.loc()? },
        "save" => Command::Save,
        "spend" => Command::Spend,
        "pass" => Command::Pass,
        _ => {
            return Err(format!(
                "unknown command `{verb}` (see docs/globetrotter.md)"
            ))
        }
    };
    if a.next < args.len() {
        return Err(format!(
            "`{verb}`: unexpected `{}` (see docs/globetrotter.md)",
            args[a.next..].join(" ")
        ));
    }
    Ok(cmd)
}

struct Args<'a> {
    verb: &'a str,
    args: &'a [&'a str],
    next: usize,
}

impl<'a> Args<'a> {
    fn peek(&self) -> Option<&'a str> {
        self.args.get(self.next).copied()
    }
    fn word(&mut self) -> Result<&'a str, String> {
        let w = self.peek().ok_or_else(|| {
            format!(
                "`{}` needs more arguments (see docs/globetrotter.md)",
                self.verb
            )
        })?;
        self.next += 1;
        Ok(w)
    }
    fn num(&mut self) -> Result<u8, String> {
        let w = self.word()?;
        w.parse::<u8>()
            .map_err(|_| format!("`{w}` is not a number from 0 to 255"))
    }
    fn face(&mut self) -> Result<FaceId, String> {
        let n = self.num()?;
        FaceId::new(n).ok_or_else(|| format!("space {n} does not exist (faces are 0 to 91)"))
    }
    fn loc(&mut self) -> Result<Loc, String> {
        let p = self.num()?;
        if p == 0 {
            return Err("planets are numbered from 1".into());
        }
        Ok(Loc::new(PlanetId(p - 1), self.face()?))
    }
    fn side_opt(&mut self) -> Result<Option<Side>, String> {
        let side = match self.peek() {
            Some("left") => Side::Left,
            Some("right") => Side::Right,
            _ => return Ok(None),
        };
        self.next += 1;
        Ok(Some(side))
    }
    fn facing(&mut self) -> Result<Option<u8>, String> {
        if self.peek() == Some("facing") {
            self.next += 1;
            Ok(Some(self.num()?))
        } else {
            Ok(None)
        }
    }
}

fn parse_piece(w: &str) -> Result<PieceKind, String> {
    match w {
        "rover" => Ok(PieceKind::Rover),
        "fort" => Ok(PieceKind::Fort),
        "building" => Ok(PieceKind::Building),
        _ => Err(format!("`{w}` is not rover, fort or building")),
    }
}

/// A player name: `p1`, `p2`, …
pub fn parse_player(w: &str) -> Result<PlayerId, String> {
    w.strip_prefix('p')
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|n| *n >= 1)
        .map(|n| PlayerId(n - 1))
        .ok_or_else(|| format!("`{w}` is not a player (p1, p2, …)"))
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
pub fn parse_outcome(t: &str) -> Result<Outcome, String> {
    match t.trim() {
        "ongoing" => Ok(Outcome::Ongoing),
        "draw" => Ok(Outcome::Draw),
        w => w
            .strip_prefix("winner ")
            .ok_or_else(|| format!("`{w}` is not ongoing, draw or winner pN"))
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
