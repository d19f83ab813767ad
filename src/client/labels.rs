//! Commands in plain words, for buttons, the AI's announcements and the action panel.
use super::words::{capital, Names};
use crate::rules::{self, Command};
use crate::state::{Phase, State};

/// A short imperative label, e.g. "Burn up to orbital 2 (1 dv)". Reads the state before the
/// command is applied.
pub fn command_label(s: &State, names: &Names, cmd: &Command) -> String {
    capital(&label(s, names, cmd))
}

fn label(s: &State, names: &Names, cmd: &Command) -> String {
    let n = |r| names.card(s, r);
    match *cmd {
        Command::Pass => pass_label(s.phase).into(),
        Command::Concede { .. } => "Concede the game".into(),
        Command::Burn { ship, to_orbital } => {
            let from = s.inst(ship).orbital;
            let cost = dv_cost(s, cmd).unwrap_or(0);
            format!(
                "Burn {} to orbital {} ({cost} dv)",
                if to_orbital > from { "up" } else { "down" },
                to_orbital + 1
            )
        }
        Command::Transfer { to, .. } => {
            let cost = dv_cost(s, cmd).unwrap_or(0);
            format!("Transfer to {} ({cost} dv)", n(to))
        }
        Command::Scuttle { .. } => "Scuttle (destroy this ship)".into(),
        // The dv to spend is chosen next, on the attack preview.
        Command::Combat { target, .. } => format!("Attack {} (choose the dv to spend)…", n(target)),
        Command::Refit { with, .. } => format!("Refit into {}", n(with)),
        Command::Bombard { ship, target } => {
            format!("Bombard {} (spends all {} dv)", n(target), s.inst(ship).dv)
        }
        Command::Research { asset } => {
            let k = s.research_draws(asset);
            format!(
                "Research with {}: draw {k} card{} (taps it: no repair or building this turn)",
                n(asset),
                if k == 1 { "" } else { "s" }
            )
        }
        Command::Repair { asset } => format!(
            "Repair {}: remove {} damage (taps it: no building this turn)",
            n(asset),
            s.repair_amount(asset)
        ),
        Command::Start {
            card,
            host: Some(h),
        } => format!("Build {} at {}", n(card), n(h)),
        Command::Start { card, host: None } => format!("Build the asset {}", n(card)),
        Command::Contribute { asset, project } => {
            let p = s.inst(project);
            format!(
                "{} adds {} to {} ({}/{})",
                n(asset),
                s.construction_power(asset),
                n(project),
                p.points,
                s.card_of(project).construction_cost
            )
        }
    }
}

/// Delta-vee a maneuver would spend, found by playing it on a copy of the state (so the client
/// never recomputes a rule). `None` for commands that are not legal maneuvers.
pub fn dv_cost(s: &State, cmd: &Command) -> Option<u8> {
    let ship = match *cmd {
        Command::Burn { ship, .. }
        | Command::Transfer { ship, .. }
        | Command::Combat { ship, .. }
        | Command::Bombard { ship, .. } => ship,
        _ => return None,
    };
    rules::validate(s, cmd).ok()?;
    let before = s.inst(ship).dv;
    let mut copy = s.clone();
    rules::apply_into(&mut copy, *cmd, &mut ());
    Some(before.saturating_sub(copy.inst(ship).dv))
}

/// What the AI is doing, for the banner over the table; hides project identities (O26).
pub fn announce_label(s: &State, names: &Names, cmd: &Command) -> String {
    let n = |r| names.card(s, r);
    match *cmd {
        Command::Burn { ship, to_orbital } => {
            format!("{} burns to orbital {}", n(ship), to_orbital + 1)
        }
        Command::Transfer { ship, to } => format!("{} transfers to {}", n(ship), n(to)),
        Command::Scuttle { ship } => format!("{} scuttles", n(ship)),
        Command::Combat { ship, target, x } => {
            format!("{} attacks {} ({x} dv)", n(ship), n(target))
        }
        Command::Refit { ship, with } => format!("{} refits into {}", n(ship), n(with)),
        Command::Bombard { ship, target } => format!("{} bombards {}", n(ship), n(target)),
        Command::Research { asset } => format!("{} researches", n(asset)),
        Command::Repair { asset } => format!("{} repairs", n(asset)),
        Command::Start { host: Some(h), .. } => format!("A project starts at {}", n(h)),
        Command::Start { host: None, .. } => "An asset project starts".into(),
        Command::Contribute { asset, .. } => format!("{} builds", n(asset)),
        Command::Pass => pass_label(s.phase).into(),
        Command::Concede { .. } => "Concedes".into(),
    }
}

/// The pass button's text in each phase.
pub fn pass_label(p: Phase) -> &'static str {
    match p {
        Phase::Maneuvers => "End maneuvers",
        Phase::Research => "End research",
        Phase::Repair => "End repair",
        Phase::Construction => "End turn",
        Phase::Upkeep | Phase::EndOfTurn => "Next phase",
    }
}

/// Capitalised phase name for the phase bar.
pub fn phase_title(p: Phase) -> &'static str {
    match p {
        Phase::Upkeep => "Upkeep",
        Phase::Maneuvers => "Maneuvers",
        Phase::Research => "Research",
        Phase::Repair => "Repair",
        Phase::Construction => "Construction",
        Phase::EndOfTurn => "End of turn",
    }
}

/// Player-facing text without the rule-book references the engine's messages carry, e.g.
/// "a deck has exactly 30 cards (O2), found 0" → "a deck has exactly 30 cards, found 0". A
/// reference is a parenthesised game letter (O, G, M, R) and a number; the space before it
/// goes too. Other parentheses stay.
pub fn without_rule_ids(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let after = &rest[open + 1..];
        let close = after.find(')');
        let is_ref = close.is_some_and(|c| {
            let id = &after[..c];
            id.len() >= 2
                && matches!(id.as_bytes()[0], b'O' | b'G' | b'M' | b'R')
                && id[1..].bytes().all(|b| b.is_ascii_digit())
        });
        match (is_ref, close) {
            (true, Some(c)) => {
                out.push_str(rest[..open].trim_end_matches(' '));
                rest = &after[c + 1..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::without_rule_ids;

    #[test]
    fn rule_references_are_dropped_and_other_parentheses_kept() {
        assert_eq!(
            without_rule_ids("a deck has exactly 30 cards plus the homeworld (O2), found 0"),
            "a deck has exactly 30 cards plus the homeworld, found 0"
        );
        assert_eq!(
            without_rule_ids("Transfer (3 dv) needs (G14) and (M6)."),
            "Transfer (3 dv) needs and."
        );
        assert_eq!(without_rule_ids("(R12) first"), " first");
        assert_eq!(without_rule_ids("odd (O) (Ox1) (("), "odd (O) (Ox1) ((");
    }
}
