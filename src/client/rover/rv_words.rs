//! RoveR events in plain words for the log: "You fire the Gas Laser east", "Your roll: 7 on the
//! d12 + 5 = 12, 10 needed: hit", "LunoRove e4 takes 5 damage (1 absorbed by shielding),
//! integrity 5". Names come from the state (entities are never removed from it, so a
//! destroyed or spawned entity still has its name).
use crate::client::words::{Entry, Tone};
use crate::ids::PlayerId;
use crate::rover::event::{Actor, Event, LossReason};
use crate::rover::geom::Dir;
use crate::rover::ids::EntityId;
use crate::rover::{Command, State};

/// "north", "east", ...
pub fn dir_word(d: Dir) -> &'static str {
    match d {
        Dir::N => "north",
        Dir::E => "east",
        Dir::S => "south",
        Dir::W => "west",
    }
}

/// "LunoRove e4" (the kind's name and the id of R37).
pub fn entity_name(s: &State, id: EntityId) -> String {
    match s.entities().get(id.0.wrapping_sub(1) as usize) {
        Some(e) => format!("{} {id}", s.db().kind(e.kind).name),
        None => format!("entity {id}"),
    }
}

fn who(s: &State, a: Actor) -> String {
    match a {
        Actor::Rover => "you".into(),
        Actor::Entity(id) => entity_name(s, id),
    }
}

/// The text with a capital first letter.
pub fn cap(t: String) -> String {
    let mut c = t.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => t,
    }
}

fn entry(tone: Tone, rover: bool, text: String) -> Entry {
    Entry {
        actor: rover.then_some(PlayerId(0)),
        tone,
        public: cap(text),
        private: None,
    }
}

/// The command as the player would say it.
pub fn command_words(s: &State, c: &Command) -> String {
    let module = |slot: crate::rover::ids::Slot| {
        s.rover()
            .slot(slot)
            .map(|m| s.db().module(m.module).name.clone())
            .unwrap_or_else(|| format!("slot {slot}"))
    };
    match *c {
        Command::Move(d) => format!("drive {}", dir_word(d)),
        Command::Ram(d) => format!("ram {}", dir_word(d)),
        Command::Access(d) => format!("access the factory {}", dir_word(d)),
        Command::Use(slot, Some(d)) => format!("use the {} {}", module(slot), dir_word(d)),
        Command::Use(slot, None) => format!("use the {}", module(slot)),
        Command::Wait => "wait".into(),
        Command::Install { bay, slot } => {
            let m = s.rover().bay.get(bay as usize).copied().flatten();
            let name = m
                .map(|m| s.db().module(m.module).name.clone())
                .unwrap_or_else(|| format!("bay module {}", bay + 1));
            format!("install the {name} in slot {slot}")
        }
        Command::Remove(slot) => format!("remove the {} from slot {slot}", module(slot)),
        Command::Refit => "refit to the chassis here".into(),
    }
}

/// The log lines of one command's events: a round header, then what happened. `s` is the
/// state now (for names), `round` the round the command was given in.
pub fn describe(s: &State, round: u32, command: Option<&Command>, events: &[Event]) -> Vec<Entry> {
    let mut out = Vec::new();
    if let Some(c) = command {
        out.push(Entry {
            actor: Some(PlayerId(0)),
            tone: Tone::Turn,
            public: format!("Round {round}: you {}", command_words(s, c)),
            private: None,
        });
    }
    for e in events {
        if let Some(line) = event_line(s, e) {
            out.push(line);
        }
    }
    out
}

/// One event in plain words; `None` for what the log does not tell (payments, the end of a
/// round, waiting, a mite's wander roll).
fn event_line(s: &State, e: &Event) -> Option<Entry> {
    rover_line(s, e)
        .or_else(|| fight_line(s, e))
        .or_else(|| module_line(s, e))
        .or_else(|| entity_line(s, e))
}

/// What the rover does and gains: moves, data, repairs, shields, energy, the upload, and the end.
fn rover_line(s: &State, e: &Event) -> Option<Entry> {
    let line = match *e {
        Event::Moved { who: a, dir, to } => match a {
            Actor::Rover => entry(
                Tone::Quiet,
                true,
                format!("you drive {} to {to}", dir_word(dir)),
            ),
            Actor::Entity(id) => entry(
                Tone::Quiet,
                false,
                format!("{} moves {}", entity_name(s, id), dir_word(dir)),
            ),
        },
        Event::DataGained { from, amount } => entry(
            Tone::Normal,
            true,
            format!("you gain {amount} data from {}", entity_name(s, from)),
        ),
        Event::DataSpent { amount } => {
            entry(Tone::Normal, true, format!("you spend {amount} data"))
        }
        Event::Repaired { amount } => {
            entry(Tone::Normal, true, format!("you repair {amount} integrity"))
        }
        Event::Shielded { amount } => {
            entry(Tone::Normal, true, format!("you gain {amount} shielding"))
        }
        Event::Generated { amount } => {
            entry(Tone::Normal, true, format!("you generate {amount} energy"))
        }
        Event::Uploaded { amount, total } => entry(
            Tone::Major,
            true,
            format!("you upload {amount} data: {total} of 30 uploaded"),
        ),
        Event::Won { score } => entry(Tone::Major, true, format!("you win: {score} data uploaded")),
        Event::Lost { reason, score } => entry(
            Tone::Major,
            true,
            format!("you lose ({}): score {score}", loss_words(reason)),
        ),
        _ => return None,
    };
    Some(line)
}

/// Attacks and what they do: hit rolls, misses, damage, destruction, stalls, shorts, teleports, factories shut down.
fn fight_line(s: &State, e: &Event) -> Option<Entry> {
    let line = match *e {
        Event::Roll(r) => {
            let by = match r.attacker {
                Actor::Rover => "your".to_string(),
                Actor::Entity(id) => format!("{}'s", entity_name(s, id)),
            };
            entry(
                Tone::Fight,
                r.attacker == Actor::Rover,
                format!(
                    "{by} roll at {}: {} on the {}, total {}, {} needed: {}",
                    who(s, r.target),
                    r.value,
                    r.die,
                    r.total,
                    r.need,
                    if r.hit { "hit" } else { "miss" }
                ),
            )
        }
        Event::Missed { attacker, target } => entry(
            Tone::Fight,
            attacker == Actor::Rover,
            format!(
                "{} cannot hit {}: miss (its sensitivity is too high)",
                who(s, attacker),
                who(s, target)
            ),
        ),
        Event::Damaged {
            target,
            raw,
            absorbed,
            integrity,
        } => {
            let shield = if absorbed > 0 {
                format!(" ({absorbed} absorbed by shielding)")
            } else {
                String::new()
            };
            let text = match target {
                Actor::Rover => format!("you take {raw} damage{shield}, integrity {integrity}"),
                Actor::Entity(id) => format!(
                    "{} takes {raw} damage{shield}, integrity {integrity}",
                    entity_name(s, id)
                ),
            };
            entry(Tone::Fight, target != Actor::Rover, text)
        }
        Event::Destroyed { target } => match target {
            Actor::Rover => entry(Tone::Major, true, "your rover is destroyed".into()),
            Actor::Entity(id) => entry(
                Tone::Major,
                true,
                format!("{} is destroyed", entity_name(s, id)),
            ),
        },
        Event::Stalled { target } => entry(
            Tone::Fight,
            target != Actor::Rover,
            format!("{} stalled: no moving next turn", who(s, target)),
        ),
        Event::Shorted { target } => entry(
            Tone::Fight,
            target != Actor::Rover,
            format!("{} shorted: only moving next turn", who(s, target)),
        ),
        Event::Teleported { with, to } => entry(
            Tone::Normal,
            true,
            format!("you swap places with {}, now at {to}", entity_name(s, with)),
        ),
        Event::ShutDown { factory } => entry(
            Tone::Major,
            true,
            format!("{} shuts down: no more wardens", entity_name(s, factory)),
        ),
        _ => return None,
    };
    Some(line)
}

/// Modules: used, worn out, installed, removed, picked up, a full bay, refits and refills.
fn module_line(s: &State, e: &Event) -> Option<Entry> {
    let m = |id| s.db().module(id).name.clone();
    let line = match *e {
        Event::Used { module, .. } => {
            entry(Tone::Normal, true, format!("you use the {}", m(module)))
        }
        Event::Disintegrated { slot, module } => entry(
            Tone::Major,
            true,
            format!(
                "the {} in slot {slot} wears out and disintegrates",
                m(module)
            ),
        ),
        Event::Installed { module, slot } => entry(
            Tone::Normal,
            true,
            format!("you install the {} in slot {slot}", m(module)),
        ),
        Event::Removed { module, slot } => entry(
            Tone::Normal,
            true,
            format!("you move the {} from slot {slot} to the bay", m(module)),
        ),
        Event::PickedUp { module } => entry(
            Tone::Major,
            true,
            format!("you pick up the {} (now in your bay)", m(module)),
        ),
        Event::BayFull { module } => entry(
            Tone::Normal,
            true,
            format!("your bay is full: the {} stays in its cache", m(module)),
        ),
        Event::Refitted { from, to } => entry(
            Tone::Major,
            true,
            format!(
                "you refit from the {} to the {} chassis",
                s.db().chassis(from).name,
                s.db().chassis(to).name
            ),
        ),
        Event::Refilled { energy } => entry(
            Tone::Normal,
            true,
            format!("the drop pod refills your energy to {energy}"),
        ),
        _ => return None,
    };
    Some(line)
}

/// Entities waking up and spawning.
fn entity_line(s: &State, e: &Event) -> Option<Entry> {
    let line = match *e {
        Event::Woke { id } => entry(
            Tone::Normal,
            false,
            format!("{} wakes up", entity_name(s, id)),
        ),
        Event::Spawned { id, by, at } => entry(
            Tone::Normal,
            false,
            format!(
                "{} builds {} at {at}",
                entity_name(s, by),
                entity_name(s, id)
            ),
        ),
        _ => return None,
    };
    Some(line)
}

/// Why the game was lost, in words.
pub fn loss_words(r: LossReason) -> &'static str {
    match r {
        LossReason::NoEnergy => "out of energy",
        LossReason::NoIntegrity => "integrity gone",
        LossReason::OutOfRounds => "round 600 ended",
    }
}

/// What a cell holds, for the hover line: terrain, place, entity with its numbers.
pub fn cell_text(s: &State, p: crate::rover::geom::Pos) -> String {
    use crate::rover::map::{Pickup, Terrain};
    let mut parts = vec![format!("{p}")];
    if p == s.rover().at && !s.rover().destroyed {
        parts.push("your rover".into());
    }
    if let Some(id) = s.entity_at(p) {
        let e = s.entity(id);
        let k = s.db().kind(e.kind);
        let state = if !k.hostile {
            "neutral"
        } else if e.awake {
            "hostile, awake"
        } else {
            "hostile, asleep"
        };
        parts.push(format!(
            "{} ({state}): integrity {}/{}, shielding {}, sensitivity {}, power {}, data {}",
            entity_name(s, id),
            e.integrity,
            k.integrity,
            e.shielding,
            k.sensitivity,
            k.power,
            e.data
        ));
    }
    if p == s.level().pod {
        parts.push("drop pod: refills energy, uploads data".into());
    }
    if let Some(i) = s.pickup_at(p) {
        parts.push(match s.pickups()[i].1 {
            Pickup::Chassis(c) => format!("{} chassis (refit here)", s.db().chassis(c).name),
            Pickup::Cache(Some(m)) => format!("cache: {}", s.db().module(m).name),
            Pickup::Cache(None) => "empty cache".into(),
        });
    }
    if s.level().terrain(p) == Terrain::Water {
        parts.push("water: no driving; shots pass".into());
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rover::ids::Slot;

    #[test]
    fn a_shot_reads_as_plain_words() {
        let s = crate::rover::default_game(3);
        let lines = describe(
            &s,
            4,
            Some(&Command::Use(Slot(1), Some(Dir::E))),
            &[
                Event::Roll(crate::rover::event::HitRoll {
                    attacker: Actor::Rover,
                    target: Actor::Entity(EntityId(140)),
                    die: crate::rover::dice::Die::D12,
                    value: 7,
                    total: 12,
                    need: 10,
                    hit: true,
                }),
                Event::Damaged {
                    target: Actor::Entity(EntityId(140)),
                    raw: 5,
                    absorbed: 1,
                    integrity: 5,
                },
                Event::Paid { energy: 2 },
            ],
        );
        assert_eq!(lines.len(), 3, "the payment is not logged");
        assert_eq!(lines[0].public, "Round 4: you use the Gas Laser east");
        assert!(lines[1].public.starts_with("Your roll at "));
        assert!(lines[1]
            .public
            .ends_with("7 on the d12, total 12, 10 needed: hit"));
        assert!(lines[2]
            .public
            .contains("takes 5 damage (1 absorbed by shielding)"));
    }
}
