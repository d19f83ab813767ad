//! The short text notation for commands (one per line) and events, used by scenarios, replays
//! and the CLI. See docs/scenarios.md.
use super::handles::Handles;
use crate::ids::PlayerId;
use crate::rules::{Command, Event, LossReason};
use crate::state::Outcome;

/// Parses one command line, e.g. `combat k1 e1 2`.
pub fn parse_command(line: &str, h: &Handles) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&verb, args)) = words.split_first() else {
        return Err("empty command".into());
    };
    let card = |i: usize| -> Result<crate::ids::CardRef, String> {
        let w = args
            .get(i)
            .ok_or_else(|| format!("`{verb}` needs more arguments (see docs/scenarios.md)"))?;
        h.lookup(w).ok_or_else(|| format!("unknown handle `{w}`"))
    };
    let num = |i: usize| -> Result<u8, String> {
        let w = args
            .get(i)
            .ok_or_else(|| format!("`{verb}` needs more arguments (see docs/scenarios.md)"))?;
        w.parse::<u8>()
            .map_err(|_| format!("`{w}` is not a number from 0 to 255"))
    };
    let arity = |n: &[usize]| -> Result<(), String> {
        if n.contains(&args.len()) {
            Ok(())
        } else {
            Err(format!(
                "`{verb}` takes {} argument(s), got {}",
                n.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(" or "),
                args.len()
            ))
        }
    };
    let cmd = match verb {
        "pass" => {
            arity(&[0])?;
            Command::Pass
        }
        "concede" => {
            arity(&[1])?;
            Command::Concede {
                player: parse_player(args[0])?,
            }
        }
        "burn" => {
            arity(&[2])?;
            Command::Burn {
                ship: card(0)?,
                to_orbital: num(1)?,
            }
        }
        "transfer" => {
            arity(&[2])?;
            Command::Transfer {
                ship: card(0)?,
                to: card(1)?,
            }
        }
        "scuttle" => {
            arity(&[1])?;
            Command::Scuttle { ship: card(0)? }
        }
        "combat" => {
            arity(&[3])?;
            Command::Combat {
                ship: card(0)?,
                target: card(1)?,
                x: num(2)?,
            }
        }
        "refit" => {
            arity(&[2])?;
            Command::Refit {
                ship: card(0)?,
                with: card(1)?,
            }
        }
        "bombard" => {
            arity(&[2])?;
            Command::Bombard {
                ship: card(0)?,
                target: card(1)?,
            }
        }
        "research" => {
            arity(&[1])?;
            Command::Research { asset: card(0)? }
        }
        "repair" => {
            arity(&[1])?;
            Command::Repair { asset: card(0)? }
        }
        "start" => {
            arity(&[1, 2])?;
            Command::Start {
                card: card(0)?,
                host: if args.len() == 2 {
                    Some(card(1)?)
                } else {
                    None
                },
            }
        }
        "contribute" => {
            arity(&[2])?;
            Command::Contribute {
                asset: card(0)?,
                project: card(1)?,
            }
        }
        other => return Err(format!("unknown command `{other}`")),
    };
    Ok(cmd)
}

/// Parses `p1`, `p2`, ….
pub fn parse_player(w: &str) -> Result<PlayerId, String> {
    w.strip_prefix('p')
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|n| *n >= 1)
        .map(|n| PlayerId(n - 1))
        .ok_or_else(|| format!("`{w}` is not a player (p1, p2, …)"))
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
