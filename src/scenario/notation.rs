//! The short text notation for commands (one per line) and events, used by scenarios, replays
//! and the CLI. See docs/scenarios.md.
use super::handles::Handles;
use crate::ids::PlayerId;
use crate::kit::notation::{parse_seat_word, NotationError, Words};
use crate::rules::{Command, Event, LossReason};
use crate::state::Outcome;

/// Where the card game's notation is documented (quoted when arguments are missing).
const USAGE: &str = "see docs/scenarios.md";

/// Parses one command line, e.g. `combat k1 e1 2`.
pub fn parse_command(line: &str, h: &Handles) -> Result<Command, NotationError> {
    let mut w = Words::new(line, USAGE)?;
    let card = |w: &mut Words| {
        w.parse(|t| {
            h.lookup(t)
                .ok_or_else(|| NotationError::not_a(t, "a card handle of this game"))
        })
    };
    let (arity, cmd): (&[usize], _) = match w.verb() {
        "pass" => (&[0], Command::Pass),
        "concede" => (
            &[1],
            Command::Concede {
                player: w.parse(parse_player)?,
            },
        ),
        "burn" => (
            &[2],
            Command::Burn {
                ship: card(&mut w)?,
                to_orbital: w.num()?,
            },
        ),
        "transfer" => (
            &[2],
            Command::Transfer {
                ship: card(&mut w)?,
                to: card(&mut w)?,
            },
        ),
        "scuttle" => (
            &[1],
            Command::Scuttle {
                ship: card(&mut w)?,
            },
        ),
        "combat" => (
            &[3],
            Command::Combat {
                ship: card(&mut w)?,
                target: card(&mut w)?,
                x: w.num()?,
            },
        ),
        "refit" => (
            &[2],
            Command::Refit {
                ship: card(&mut w)?,
                with: card(&mut w)?,
            },
        ),
        "bombard" => (
            &[2],
            Command::Bombard {
                ship: card(&mut w)?,
                target: card(&mut w)?,
            },
        ),
        "research" => (
            &[1],
            Command::Research {
                asset: card(&mut w)?,
            },
        ),
        "repair" => (
            &[1],
            Command::Repair {
                asset: card(&mut w)?,
            },
        ),
        "start" => {
            let card_ref = card(&mut w)?;
            let host = if w.peek().is_some() {
                Some(card(&mut w)?)
            } else {
                None
            };
            (
                &[1, 2],
                Command::Start {
                    card: card_ref,
                    host,
                },
            )
        }
        "contribute" => (
            &[2],
            Command::Contribute {
                asset: card(&mut w)?,
                project: card(&mut w)?,
            },
        ),
        _ => {
            return Err(w.unknown(
                "pass, concede, burn, transfer, scuttle, combat, refit, bombard, research, \
                 repair, start, contribute",
            ))
        }
    };
    w.arity(arity)?;
    Ok(cmd)
}

/// Parses `p1`, `p2`, ….
pub fn parse_player(w: &str) -> Result<PlayerId, NotationError> {
    parse_seat_word(w).map(PlayerId)
}

/// Writes a command in the notation [`parse_command`] reads.
pub fn format_command(c: &Command, h: &Handles) -> String {
    let n = |r| h.name(r);
    match *c {
        Command::Pass => "pass".into(),
        Command::Concede { player } => format!("concede {player}"),
        Command::Burn { ship, to_orbital } => format!("burn {} {to_orbital}", n(ship)),
        Command::Transfer { ship, to } => format!("transfer {} {}", n(ship), n(to)),
        Command::Scuttle { ship } => format!("scuttle {}", n(ship)),
        Command::Combat { ship, target, x } => format!("combat {} {} {x}", n(ship), n(target)),
        Command::Refit { ship, with } => format!("refit {} {}", n(ship), n(with)),
        Command::Bombard { ship, target } => format!("bombard {} {}", n(ship), n(target)),
        Command::Research { asset } => format!("research {}", n(asset)),
        Command::Repair { asset } => format!("repair {}", n(asset)),
        Command::Start { card, host: None } => format!("start {}", n(card)),
        Command::Start {
            card,
            host: Some(a),
        } => format!("start {} {}", n(card), n(a)),
        Command::Contribute { asset, project } => format!("contribute {} {}", n(asset), n(project)),
    }
}

pub fn format_outcome(o: Outcome) -> String {
    match o {
        Outcome::Ongoing => "ongoing".into(),
        Outcome::Draw => "draw".into(),
        Outcome::Winner(p) => format!("winner {p}"),
    }
}

/// One line per event, e.g. `die 3 hit`, `damaged k1 1 total 2`.
pub fn format_event(e: &Event, h: &Handles) -> String {
    let n = |r| h.name(r);
    match *e {
        Event::TurnStarted { player, turn } => format!("turn {turn} {player}"),
        Event::PhaseStarted { phase } => format!("phase {}", phase.name()),
        Event::Passed { phase } => format!("passed {}", phase.name()),
        Event::OrbitCounter { value } => format!("orbit counter {value}"),
        Event::ShipsRestored { player } => format!("ships restored {player}"),
        Event::Burned {
            ship,
            from,
            to,
            cost,
        } => {
            format!("burned {} {from} -> {to} cost {cost}", n(ship))
        }
        Event::Transferred {
            ship,
            from,
            to,
            cost,
        } => {
            format!(
                "transferred {} {} -> {} cost {cost}",
                n(ship),
                n(from),
                n(to)
            )
        }
        Event::Scuttled { ship } => format!("scuttled {}", n(ship)),
        Event::CombatDeclared {
            ship,
            target,
            x,
            range,
            accuracy,
            defence,
        } => format!(
            "combat {} {} x {x} range {range} accuracy {accuracy} defence {defence}",
            n(ship),
            n(target)
        ),
        Event::DieRolled { roll, hit } => {
            format!("die {roll} {}", if hit { "hit" } else { "miss" })
        }
        Event::Damaged {
            card,
            amount,
            total,
        } => format!("damaged {} {amount} total {total}", n(card)),
        Event::ShipDestroyed {
            ship,
            asset,
            orbital,
        } => format!("destroyed {} debris at {} {orbital}", n(ship), n(asset)),
        Event::AssetDestroyed { asset } => format!("asset destroyed {}", n(asset)),
        Event::UpgradeDestroyed { upgrade } => format!("upgrade destroyed {}", n(upgrade)),
        Event::ProjectRemoved { project } => format!("project removed {}", n(project)),
        Event::Refitted { old, new } => format!("refitted {} -> {}", n(old), n(new)),
        Event::Bombarded {
            ship,
            target,
            power,
        } => format!("bombarded {} {} power {power}", n(ship), n(target)),
        Event::Researched { asset } => format!("researched {}", n(asset)),
        Event::CardDrawn { player, card } => format!("drew {player} {}", n(card)),
        Event::Repaired { asset, amount } => format!("repaired {} {amount}", n(asset)),
        Event::ProjectStarted { card, host: None } => format!("started {}", n(card)),
        Event::ProjectStarted {
            card,
            host: Some(a),
        } => format!("started {} on {}", n(card), n(a)),
        Event::Contributed {
            asset,
            project,
            points,
            total,
        } => format!(
            "contributed {} {} points {points} total {total}",
            n(asset),
            n(project)
        ),
        Event::ProjectWaiting { project } => format!("waiting {}", n(project)),
        Event::ShipEntered { ship, asset } => format!("ship entered {} at {}", n(ship), n(asset)),
        Event::UpgradeInstalled { upgrade, asset } => {
            format!("upgrade installed {} on {}", n(upgrade), n(asset))
        }
        Event::AssetEntered { asset } => format!("asset entered {}", n(asset)),
        Event::Untapped { player } => format!("untapped {player}"),
        Event::DebrisDamage { ship, debris } => format!("debris {} {debris}", n(ship)),
        Event::AbilityTriggered { card } => format!("ability {}", n(card)),
        Event::DebrisCleared {
            asset,
            orbital,
            count,
        } => format!("debris cleared {} {orbital} {count}", n(asset)),
        Event::PlayerLost { player, reason } => format!(
            "lost {player} {}",
            match reason {
                LossReason::NoHomeworld => "no homeworld",
                LossReason::Conceded => "conceded",
            }
        ),
        Event::GameOver { outcome } => format!("game over {}", format_outcome(outcome)),
    }
}

/// A rule error as players read it: every card the error names by its table index
/// (`CardRef(3)`) is written as its handle and card name (`` `p1.3` (Wasp) ``).
pub fn describe_error(s: &crate::state::State, h: &Handles, e: &crate::rules::RuleError) -> String {
    let text = e.to_string();
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(i) = rest.find("CardRef(") {
        out.push_str(&rest[..i]);
        let after = &rest[i + "CardRef(".len()..];
        let digits = after.find(')').map(|j| &after[..j]);
        match digits.and_then(|d| d.parse::<u8>().ok().map(|n| (d, n))) {
            Some((d, n)) => {
                let r = crate::ids::CardRef(n);
                match s.get(r) {
                    Some(_) => out.push_str(&format!("`{}` ({})", h.name(r), s.card_of(r).name)),
                    None => out.push_str(&format!("card #{n}")),
                }
                rest = &after[d.len() + 1..];
            }
            None => {
                out.push_str("CardRef(");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}
