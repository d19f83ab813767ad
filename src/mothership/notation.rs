//! The text of commands and events. Cells are `col,row` (M24, 0-based), units `u1`…, ships
//! `s1`…, seats `p1`…, turrets by their pod's cell `t7,5`.
//!
//! ```text
//! land 10,5 0          deploy u3 11,7       deploy u3 into u9     end
//! move u3 12,6         go u3 15,6           retreat u3 12,7
//! load u9 u3           load u9 ore 12,7     unload u9 u3 12,8     unload u9 ore into u10
//! unload u9 u3 ship    enter u3 10,6        leave u3 10,6 11,6
//! fire u3 t10,6 at 13,7                     assault u3 12,7 with u4 at 13,7
//! capture u3 u4 u17    build u10 tank 12,8  repair 10,6
//! takeoff s1           seal stay            seal leave s1 s3     plan 2
//! ```
use super::command::{Cargo, Command, Item, Shooter, Target};
use super::event::Event;
use super::ids::{parse_numbered, Cell, ShipId, UnitId};
use super::state::State;
use super::stats::Kind;
use crate::core::NotationError;

fn cell(s: &State, t: &str) -> Result<Cell, NotationError> {
    let (w, h) = (s.map.width, s.map.height);
    t.split_once(',')
        .and_then(|(a, b)| Some((a.parse::<i64>().ok()?, b.parse::<i64>().ok()?)))
        .and_then(|(col, row)| s.map.cell(col, row))
        .ok_or_else(|| NotationError::not_a(t, format!("a cell `col,row` of the {w}×{h} map")))
}

fn unit(s: &State, t: &str) -> Result<UnitId, NotationError> {
    Ok(UnitId(parse_numbered(t, 'u', s.units.len().max(1))? as u16))
}

fn ship(s: &State, t: &str) -> Result<ShipId, NotationError> {
    Ok(ShipId(parse_numbered(t, 's', s.ships.len().max(1))? as u8))
}

fn shooter(s: &State, t: &str) -> Result<Shooter, NotationError> {
    match t.strip_prefix('t') {
        Some(rest) => Ok(Shooter::Turret(cell(s, rest)?)),
        None => Ok(Shooter::Unit(unit(s, t)?)),
    }
}

fn target(s: &State, w: &[&str]) -> Result<Target, NotationError> {
    match w {
        ["into", v] => Ok(Target::Carrier(unit(s, v)?)),
        ["ship"] => Ok(Target::Ship),
        [c] => Ok(Target::Cell(cell(s, c)?)),
        _ => Err(NotationError::not_a(
            w.join(" "),
            "a cell, `into uN` or `ship`",
        )),
    }
}

/// Reads one command.
pub fn parse_command(s: &State, text: &str) -> Result<Command, NotationError> {
    let w: Vec<&str> = text.split_whitespace().collect();
    if w.is_empty() {
        return Err(NotationError::Empty);
    }
    let bad = || NotationError::NoSuchShape {
        text: text.trim().to_string(),
        hint: "see the notation in docs/rules/mothership.md",
    };
    Ok(match w.as_slice() {
        ["end"] => Command::End,
        ["plan", n] => Command::Plan {
            style: n
                .parse()
                .map_err(|_| NotationError::not_a(*n, "a planner style number"))?,
        },
        ["land", c, o] => Command::Land {
            dome: cell(s, c)?,
            orient: match *o {
                "0" => 0,
                "1" => 1,
                _ => return Err(NotationError::not_a(*o, "an orientation (0 or 1)")),
            },
        },
        ["deploy", u, rest @ ..] => Command::Deploy {
            unit: unit(s, u)?,
            to: target(s, rest)?,
        },
        ["move", u, c] => Command::Move {
            unit: unit(s, u)?,
            to: cell(s, c)?,
        },
        ["go", u, c] => Command::Go {
            unit: unit(s, u)?,
            to: cell(s, c)?,
        },
        ["retreat", u, c] => Command::Retreat {
            unit: unit(s, u)?,
            to: cell(s, c)?,
        },
        ["load", c, "ore", x] => Command::Load {
            carrier: unit(s, c)?,
            item: Item::Ore(cell(s, x)?),
        },
        ["load", c, u] => Command::Load {
            carrier: unit(s, c)?,
            item: Item::Unit(unit(s, u)?),
        },
        ["unload", c, what, rest @ ..] => Command::Unload {
            carrier: unit(s, c)?,
            cargo: if *what == "ore" {
                Cargo::Ore
            } else {
                Cargo::Unit(unit(s, what)?)
            },
            to: target(s, rest)?,
        },
        ["enter", u, p] => Command::Enter {
            unit: unit(s, u)?,
            pod: cell(s, p)?,
        },
        ["leave", u, p, c] => Command::Leave {
            unit: unit(s, u)?,
            pod: cell(s, p)?,
            to: cell(s, c)?,
        },
        ["fire", a, b, "at", t] => Command::Fire {
            a: shooter(s, a)?,
            b: shooter(s, b)?,
            target: cell(s, t)?,
        },
        ["assault", u, c, "with", v, "at", t] => Command::Assault {
            unit: unit(s, u)?,
            to: cell(s, c)?,
            with: shooter(s, v)?,
            target: cell(s, t)?,
        },
        ["capture", a, b, t] => Command::Capture {
            a: unit(s, a)?,
            b: unit(s, b)?,
            target: unit(s, t)?,
        },
        ["build", l, k, c] => Command::Build {
            layer: unit(s, l)?,
            kind: match *k {
                "tank" => Kind::Tank,
                "crab" => Kind::Crab,
                _ => {
                    return Err(NotationError::not_a(
                        *k,
                        "tank or crab (what a layer builds)",
                    ))
                }
            },
            to: cell(s, c)?,
        },
        ["repair", p] => Command::Repair { pod: cell(s, p)? },
        ["takeoff", x] => Command::TakeOff { ship: ship(s, x)? },
        ["seal", "stay"] => Command::Seal { leave: 0 },
        ["seal", "leave", ships @ ..] if !ships.is_empty() => {
            let mut leave = 0u8;
            for x in ships {
                leave |= 1 << ship(s, x)?.0;
            }
            Command::Seal { leave }
        }
        _ => return Err(bad()),
    })
}

fn shooter_text(s: &State, sh: Shooter) -> String {
    match sh {
        Shooter::Unit(u) => u.to_string(),
        Shooter::Turret(c) => format!("t{}", s.cell_name(c)),
    }
}

fn target_text(s: &State, t: Target) -> String {
    match t {
        Target::Cell(c) => s.cell_name(c),
        Target::Carrier(v) => format!("into {v}"),
        Target::Ship => "ship".into(),
    }
}

/// Writes one command (the inverse of [`parse_command`]).
pub fn format_command(s: &State, c: &Command) -> String {
    let n = |c: Cell| s.cell_name(c);
    match *c {
        Command::End => "end".into(),
        Command::Plan { style } => format!("plan {style}"),
        Command::Land { dome, orient } => format!("land {} {orient}", n(dome)),
        Command::Deploy { unit, to } => format!("deploy {unit} {}", target_text(s, to)),
        Command::Move { unit, to } => format!("move {unit} {}", n(to)),
        Command::Go { unit, to } => format!("go {unit} {}", n(to)),
        Command::Retreat { unit, to } => format!("retreat {unit} {}", n(to)),
        Command::Load { carrier, item } => match item {
            Item::Ore(c) => format!("load {carrier} ore {}", n(c)),
            Item::Unit(u) => format!("load {carrier} {u}"),
        },
        Command::Unload { carrier, cargo, to } => {
            let what = match cargo {
                Cargo::Ore => "ore".to_string(),
                Cargo::Unit(u) => u.to_string(),
            };
            format!("unload {carrier} {what} {}", target_text(s, to))
        }
        Command::Enter { unit, pod } => format!("enter {unit} {}", n(pod)),
        Command::Leave { unit, pod, to } => format!("leave {unit} {} {}", n(pod), n(to)),
        Command::Fire { a, b, target } => format!(
            "fire {} {} at {}",
            shooter_text(s, a),
            shooter_text(s, b),
            n(target)
        ),
        Command::Assault {
            unit,
            to,
            with,
            target,
        } => format!(
            "assault {unit} {} with {} at {}",
            n(to),
            shooter_text(s, with),
            n(target)
        ),
        Command::Capture { a, b, target } => format!("capture {a} {b} {target}"),
        Command::Build { layer, kind, to } => format!("build {layer} {} {}", kind.name(), n(to)),
        Command::Repair { pod } => format!("repair {}", n(pod)),
        Command::TakeOff { ship } => format!("takeoff {ship}"),
        Command::Seal { leave: 0 } => "seal stay".into(),
        Command::Seal { leave } => {
            let ships: Vec<String> = (0..8u8)
                .filter(|i| leave & (1 << i) != 0)
                .map(|i| ShipId(i).to_string())
                .collect();
            format!("seal leave {}", ships.join(" "))
        }
    }
}

/// Writes one event.
pub fn format_event(s: &State, e: &Event) -> String {
    let n = |c: Cell| s.cell_name(c);
    match e {
        Event::TurnStarted { turn, seat, points } => {
            format!("turn {turn}: {seat} plays with {points} points")
        }
        Event::TideTurned { tide } => format!("tide {}", tide.name()),
        Event::Landed { ship, dome } => format!("{ship} lands at {}", n(*dome)),
        Event::OreRemoved { at } => format!("ore removed at {}", n(*at)),
        Event::Deployed { unit, at } => format!("{unit} deploys to {}", n(*at)),
        Event::Moved { unit, to } => format!("{unit} moves to {}", n(*to)),
        Event::Loaded { carrier, unit } => match unit {
            Some(u) => format!("{carrier} loads {u}"),
            None => format!("{carrier} loads ore"),
        },
        Event::Unloaded { carrier, unit } => match unit {
            Some(u) => format!("{carrier} unloads {u}"),
            None => format!("{carrier} unloads ore"),
        },
        Event::OreStored { ship, ore } => format!("{ship} stores {ore} ore"),
        Event::Entered { unit, ship } => format!("{unit} enters {ship}"),
        Event::Left { unit, to } => format!("{unit} leaves to {}", n(*to)),
        Event::Fired { target } => format!("fire at {}", n(*target)),
        Event::Destroyed { unit } => format!("{unit} destroyed"),
        Event::OreDestroyed { at } => format!("ore destroyed at {}", n(*at)),
        Event::TurretDestroyed { ship, pod } => {
            format!("{ship} turret destroyed at {}", n(*pod))
        }
        Event::Captured { unit, colour } => format!("{unit} captured, now {colour}"),
        Event::ShipCaptured { ship, by } => format!("{ship} captured by {by}"),
        Event::Retreated { unit, to } => format!("{unit} retreats to {}", n(*to)),
        Event::Built { unit, kind, at } => format!("{unit} built: {} at {}", kind.name(), n(*at)),
        Event::Repaired { ship, pod } => format!("{ship} turret repaired at {}", n(*pod)),
        Event::Sealed { seat } => format!("{seat} seals its choice"),
        Event::Chose { seat, leave } => {
            if *leave == 0 {
                format!("{seat} stays")
            } else {
                let ships: Vec<String> = (0..8u8)
                    .filter(|i| leave & (1 << i) != 0)
                    .map(|i| ShipId(i).to_string())
                    .collect();
                format!("{seat} leaves with {}", ships.join(" "))
            }
        }
        Event::TookOff { ship, score } => format!("{ship} takes off scoring {score}"),
        Event::Stranded { ship } => format!("{ship} stranded"),
        Event::Deactivated { unit } => format!("{unit} deactivated"),
        Event::PlayerLost { seat } => format!("{seat} lost"),
        Event::TurnEnded { seat, reserve } => format!("{seat} ends its turn keeping {reserve}"),
        Event::GameOver { outcome } => format!("game over: {}", outcome.notation()),
    }
}
