//! The text notation of commands and events (docs/rules/rover.md).
//!
//! ```text
//! move D    ram D    access D    use SLOT [D]    wait    install M SLOT    remove SLOT    refit
//! ```
//! `D` is `n e s w` (or `north` ...); `SLOT` 1–3; `M` a bay position 1–6 or a module id (the
//! first such module in the bay). A bare control key `w a s d` is the key's command with no slot
//! selected (R16): a move, or a ram into an entity, or an access of a factory with ≥ 5 data.
use super::command::Command;
use super::event::{Actor, Event, LossReason};
use super::geom::Dir;
use super::ids::Slot;
use super::kinds::Behaviour;
use super::state::{State, ACCESS_DATA};
use crate::kit::notation::{NotationError, Words};

/// Where RoveR's notation is documented (quoted when arguments are missing).
const USAGE: &str = "see docs/rules/rover.md";

fn dir(w: &str) -> Result<Dir, NotationError> {
    Dir::parse(w).ok_or_else(|| NotationError::not_a(w, "a direction (n, e, s, w)"))
}

fn slot(w: &str) -> Result<Slot, NotationError> {
    match w.parse::<u8>() {
        Ok(n @ 1..=3) => Ok(Slot(n - 1)),
        _ => Err(NotationError::not_a(w, "a slot (1 to 3)")),
    }
}

/// The command of a control key with no slot selected (R16).
pub fn key_command(s: &State, d: Dir) -> Command {
    let Some(id) = s
        .rover
        .at
        .step(d, s.width(), s.height())
        .and_then(|p| s.entity_at(p))
    else {
        return Command::Move(d);
    };
    let e = s.entity(id);
    let factory = matches!(s.db.kind(e.kind).behaviour, Behaviour::Factory { .. });
    if factory && !e.shut_down && s.rover.data >= ACCESS_DATA {
        Command::Access(d)
    } else {
        Command::Ram(d)
    }
}

/// Reads one command.
pub fn parse_command(s: &State, text: &str) -> Result<Command, NotationError> {
    let mut w = Words::new(text, USAGE)?;
    let verb = w.verb().to_ascii_lowercase();
    let cmd = match verb.as_str() {
        k @ ("w" | "a" | "s" | "d") if w.args().is_empty() => {
            let d = Dir::from_key(k.chars().next().unwrap_or('w')).unwrap_or(Dir::N);
            key_command(s, d)
        }
        "move" => Command::Move(w.parse(dir)?),
        "ram" => Command::Ram(w.parse(dir)?),
        "access" => Command::Access(w.parse(dir)?),
        "use" => {
            let sl = w.parse(slot)?;
            let d = match w.peek() {
                None => None,
                Some(_) => Some(w.parse(dir)?),
            };
            Command::Use(sl, d)
        }
        "wait" => Command::Wait,
        "refit" => Command::Refit,
        "remove" => Command::Remove(w.parse(slot)?),
        "install" => {
            let bay = w.parse(|m| match m.parse::<u8>() {
                Ok(n @ 1..=6) => Ok(n - 1),
                Ok(_) => Err(NotationError::not_a(m, "a bay position (1 to 6)")),
                Err(_) => (0..s.rover.bay_len())
                    .find(|&i| s.rover.bay[i].is_some_and(|b| s.db.module(b.module).id == m))
                    .map(|i| i as u8)
                    .ok_or_else(|| NotationError::not_a(m, "a module in the bay")),
            })?;
            Command::Install {
                bay,
                slot: w.parse(slot)?,
            }
        }
        _ => return Err(w.unknown("move, ram, access, use, wait, install, remove, refit")),
    };
    w.done()?;
    Ok(cmd)
}

/// Writes a command so that [`parse_command`] reads it back in the same state.
pub fn format_command(s: &State, cmd: &Command) -> String {
    match *cmd {
        Command::Move(d) => format!("move {d}"),
        Command::Ram(d) => format!("ram {d}"),
        Command::Access(d) => format!("access {d}"),
        Command::Use(sl, None) => format!("use {sl}"),
        Command::Use(sl, Some(d)) => format!("use {sl} {d}"),
        Command::Wait => "wait".into(),
        Command::Refit => "refit".into(),
        Command::Remove(sl) => format!("remove {sl}"),
        Command::Install { bay, slot } => {
            let b = bay as usize;
            let id = s.rover.bay.get(b).copied().flatten().map(|m| m.module);
            let first =
                id.and_then(|m| (0..b + 1).find(|&i| s.rover.bay[i].map(|x| x.module) == Some(m)));
            match (id, first) {
                (Some(m), Some(f)) if f == b => format!("install {} {slot}", s.db.module(m).id),
                _ => format!("install {} {slot}", bay + 1),
            }
        }
    }
}

fn actor(a: Actor) -> String {
    match a {
        Actor::Rover => "rover".into(),
        Actor::Entity(id) => id.to_string(),
    }
}

/// One event as a line of text.
pub fn format_event(s: &State, e: &Event) -> String {
    let m = |id: super::ids::ModuleId| s.db.module(id).id.clone();
    match *e {
        Event::Moved { who, dir, to } => format!("{} moves {dir} to {to}", actor(who)),
        Event::Paid { energy } => format!("rover pays {energy} energy"),
        Event::Used { slot, module } => format!("rover uses {} in slot {slot}", m(module)),
        Event::Disintegrated { slot, module } => {
            format!("{} in slot {slot} disintegrates", m(module))
        }
        Event::Roll(r) => format!(
            "{} rolls {} {} at {}: {} vs {}, {}",
            actor(r.attacker),
            r.die,
            r.value,
            actor(r.target),
            r.total,
            r.need,
            if r.hit { "hit" } else { "miss" }
        ),
        Event::Missed { attacker, target } => {
            format!("{} cannot hit {}: miss", actor(attacker), actor(target))
        }
        Event::Wander { id, value } => format!("{id} rolls d4 {value}"),
        Event::Damaged {
            target,
            raw,
            absorbed,
            integrity,
        } => format!(
            "{} takes {raw} ({absorbed} shielded), integrity {integrity}",
            actor(target)
        ),
        Event::Destroyed { target } => format!("{} is destroyed", actor(target)),
        Event::DataGained { from, amount } => format!("rover gains {amount} data from {from}"),
        Event::DataSpent { amount } => format!("rover spends {amount} data"),
        Event::Repaired { amount } => format!("rover repairs {amount}"),
        Event::Shielded { amount } => format!("rover shields {amount}"),
        Event::Generated { amount } => format!("rover generates {amount}"),
        Event::Stalled { target } => format!("{} is stalled", actor(target)),
        Event::Shorted { target } => format!("{} is shorted", actor(target)),
        Event::Teleported { with, to } => format!("rover swaps places with {with} to {to}"),
        Event::ShutDown { factory } => format!("{factory} shuts down"),
        Event::Installed { module, slot } => {
            format!("rover installs {} in slot {slot}", m(module))
        }
        Event::Removed { module, slot } => format!("rover removes {} from slot {slot}", m(module)),
        Event::PickedUp { module } => format!("rover picks up {}", m(module)),
        Event::BayFull { module } => format!("bay full: {} stays in its cache", m(module)),
        Event::Refitted { from, to } => format!(
            "rover refits from {} to {}",
            s.db.chassis(from).id,
            s.db.chassis(to).id
        ),
        Event::Waited => "rover waits".into(),
        Event::Refilled { energy } => format!("rover refills to {energy} energy"),
        Event::Uploaded { amount, total } => format!("rover uploads {amount} data, total {total}"),
        Event::Woke { id } => format!("{id} wakes"),
        Event::Spawned { id, by, at } => format!("{by} spawns {id} at {at}"),
        Event::RoundEnded { round } => format!("round {round} ends"),
        Event::Won { score } => format!("won with {score} data"),
        Event::Lost { reason, score } => format!(
            "lost: {}, score {score}",
            match reason {
                LossReason::NoEnergy => "no energy",
                LossReason::NoIntegrity => "no integrity",
                LossReason::OutOfRounds => "out of rounds",
            }
        ),
    }
}
