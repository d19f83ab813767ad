//! Why a move is not possible. For a selected card the client lists every move it could make in
//! principle (candidates: each burn, transfer, attack, bombardment, research, build…), asks the
//! engine's `validate` about each, and turns the engine's [`RuleError`] into plain words for the
//! player ("needs 3 dv (has 1)"). No rule is decided here: the reasons are the engine's own.
use super::interact::Sel;
use super::table::layout::Hit;
use super::words::Names;
use crate::data::CardKind;
use crate::ids::CardRef;
use crate::rules::{self, Command, RuleError};
use crate::state::{Phase, State, Zone};

/// A move the selection could make in principle, with the thing to click for it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    pub cmd: Command,
    pub hit: Option<Hit>,
}

/// Every move `sel` could make on this table, legal or not. Attacks are asked with X = 1 (the
/// least an attack can spend); the attack preview chooses X among the legal values.
pub fn candidates(st: &State, sel: Sel) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut add = |cmd, hit| out.push(Candidate { cmd, hit });
    match sel {
        Sel::Ship(s) => {
            let me = st.inst(s);
            let Some(host) = me.host_ref().filter(|h| st.get(*h).is_some()) else {
                return Vec::new();
            };
            for to in [me.orbital.wrapping_sub(1), me.orbital + 1] {
                if to < st.orbital_count(host) {
                    add(
                        Command::Burn {
                            ship: s,
                            to_orbital: to,
                        },
                        Some(Hit::Band {
                            asset: host,
                            orbital: to,
                        }),
                    );
                }
            }
            for (a, _) in st.assets().filter(|(a, _)| *a != host) {
                let outer = st.orbital_count(a).saturating_sub(1);
                add(
                    Command::Transfer { ship: s, to: a },
                    Some(Hit::Band {
                        asset: a,
                        orbital: outer,
                    }),
                );
            }
            for (t, c) in st.refs().filter(|(_, c)| c.zone == Zone::Ship) {
                if c.owner != me.owner {
                    let cmd = Command::Combat {
                        ship: s,
                        target: t,
                        x: 1,
                    };
                    add(cmd, Some(Hit::Ship(t)));
                }
            }
            let hostile = |r: CardRef| st.inst(r).owner != me.owner;
            for (r, c) in st.refs() {
                let target = match c.zone {
                    Zone::Asset if hostile(r) => Hit::Asset(r),
                    Zone::Upgrade if hostile(r) => Hit::Upgrade(r),
                    _ => continue,
                };
                add(Command::Bombard { ship: s, target: r }, Some(target));
            }
            add(Command::Scuttle { ship: s }, None);
        }
        Sel::Asset(a) => {
            add(Command::Research { asset: a }, None);
            add(Command::Repair { asset: a }, None);
            let owner = st.inst(a).owner;
            for (p, _) in st.zone(owner, Zone::Project) {
                add(
                    Command::Contribute {
                        asset: a,
                        project: p,
                    },
                    Some(Hit::Project(p)),
                );
            }
        }
        Sel::Project(p) => {
            let owner = st.inst(p).owner;
            for (a, _) in st.zone(owner, Zone::Asset) {
                add(
                    Command::Contribute {
                        asset: a,
                        project: p,
                    },
                    Some(Hit::Asset(a)),
                );
            }
        }
        Sel::Hand(h) => {
            let owner = st.inst(h).owner;
            match st.card_of(h).kind {
                CardKind::Asset(_) => add(
                    Command::Start {
                        card: h,
                        host: None,
                    },
                    Some(Hit::FieldSlot(owner)),
                ),
                _ => {
                    // Every asset: a click on an enemy's is answered too ("… is not yours").
                    for (a, _) in st.assets() {
                        add(
                            Command::Start {
                                card: h,
                                host: Some(a),
                            },
                            Some(Hit::Asset(a)),
                        );
                    }
                }
            }
            if matches!(st.card_of(h).kind, CardKind::Spacecraft(_)) {
                for (s, _) in st.zone(owner, Zone::Ship) {
                    add(Command::Refit { ship: s, with: h }, Some(Hit::Ship(s)));
                }
            }
        }
    }
    out
}

/// The candidates of `sel` the engine refuses, each with its reason in plain words. Where every
/// candidate of one kind is refused for the same reason (all transfers of a ship that is not in
/// its outermost orbital), they are given once, without a target.
pub fn refused(st: &State, names: &Names, sel: Sel) -> Vec<(String, String)> {
    let mut out: Vec<(Command, String)> = Vec::new();
    for c in candidates(st, sel) {
        match rules::validate(st, &c.cmd) {
            // Building at an enemy's asset goes without saying; a click on one is answered.
            Err(RuleError::NotYours(_)) | Ok(()) => {}
            Err(e) => out.push((c.cmd, reason(st, names, &c.cmd, &e))),
        }
    }
    let mut rows: Vec<(String, String)> = Vec::new();
    let kinds: Vec<&'static str> = {
        let mut k: Vec<&'static str> = out.iter().map(|(c, _)| c.name()).collect();
        k.dedup();
        k
    };
    for kind in kinds {
        let same: Vec<&(Command, String)> = out.iter().filter(|(c, _)| c.name() == kind).collect();
        let total = candidates(st, sel)
            .iter()
            .filter(|c| {
                c.cmd.name() == kind
                    && !matches!(rules::validate(st, &c.cmd), Err(RuleError::NotYours(_)))
            })
            .count();
        let one_reason = same.iter().all(|(_, r)| *r == same[0].1);
        if same.len() > 1 && same.len() == total && one_reason {
            rows.push((verb(kind).to_string(), same[0].1.clone()));
        } else {
            for (c, r) in same {
                rows.push((short_label(st, names, c), r.clone()));
            }
        }
    }
    rows
}

/// What clicking `hit` with `sel` would try, when the engine refuses it: the move and why.
pub fn refused_click(st: &State, names: &Names, sel: Sel, hit: Hit) -> Option<String> {
    let c = candidates(st, sel)
        .into_iter()
        .find(|c| c.hit == Some(hit))?;
    let e = rules::validate(st, &c.cmd).err()?;
    Some(format!(
        "{}: {}",
        short_label(st, names, &c.cmd),
        reason(st, names, &c.cmd, &e)
    ))
}

fn verb(kind: &str) -> &'static str {
    match kind {
        "burn" => "Burn",
        "transfer" => "Transfer",
        "combat" => "Attack",
        "bombard" => "Bombard",
        "scuttle" => "Scuttle",
        "refit" => "Refit",
        "research" => "Research",
        "repair" => "Repair",
        "start" => "Build",
        "contribute" => "Add construction power",
        _ => "Move",
    }
}

/// A move named without its costs (which only a legal move has), e.g. "Transfer to Terra".
pub fn short_label(st: &State, names: &Names, cmd: &Command) -> String {
    let n = |r| names.card(st, r);
    let text = match *cmd {
        Command::Burn { ship, to_orbital } => format!(
            "Burn {} to orbital {}",
            if to_orbital > st.inst(ship).orbital {
                "up"
            } else {
                "down"
            },
            to_orbital + 1
        ),
        Command::Transfer { to, .. } => format!("Transfer to {}", n(to)),
        Command::Combat { target, .. } => format!("Attack {}", n(target)),
        Command::Bombard { target, .. } => format!("Bombard {}", n(target)),
        Command::Scuttle { .. } => "Scuttle".into(),
        Command::Refit { ship, with } => format!("Refit {} into {}", n(ship), n(with)),
        Command::Research { asset } => format!("Research with {}", n(asset)),
        Command::Repair { asset } => format!("Repair {}", n(asset)),
        Command::Start {
            card,
            host: Some(h),
        } => format!("Build {} at {}", n(card), n(h)),
        Command::Start { card, host: None } => format!("Build {}", n(card)),
        Command::Contribute { asset, project } => format!("{} builds {}", n(asset), n(project)),
        Command::Pass => "Pass".into(),
        Command::Concede { .. } => "Concede".into(),
    };
    super::words::capital(&text)
}

/// The phase in which a command is played.
fn phase_of(cmd: &Command) -> Phase {
    match cmd {
        Command::Research { .. } => Phase::Research,
        Command::Repair { .. } => Phase::Repair,
        Command::Start { .. } | Command::Contribute { .. } => Phase::Construction,
        _ => Phase::Maneuvers,
    }
}

/// The engine's refusal of `cmd` in plain words: no ruling ids, cards by name.
pub fn reason(st: &State, names: &Names, cmd: &Command, e: &RuleError) -> String {
    use super::labels::phase_title;
    let n = |r| names.card(st, r);
    match *e {
        RuleError::GameOver => "the game is over".into(),
        RuleError::NotInGame => "that player is out of the game".into(),
        RuleError::WrongPhase { phase, .. } => format!(
            "only in the {} phase (now: {})",
            phase_title(phase_of(cmd)),
            phase_title(phase)
        ),
        RuleError::NoSuchCard(_) => "that card is not on the table".into(),
        RuleError::NotYours(r) => format!("{} is not yours", n(r)),
        RuleError::NotAShip { card, .. } => format!("{} is not a ship in play", n(card)),
        RuleError::NotAnAsset(r) => format!("{} is not an asset in play", n(r)),
        RuleError::EnteredThisTurn(r) => {
            format!(
                "{} entered play this turn: it can maneuver from your next turn",
                n(r)
            )
        }
        RuleError::NotEnoughDeltaVee { need, have, .. } => {
            format!("needs {need} dv (has {have})")
        }
        RuleError::NoSuchOrbital(_) => "there is no such orbital".into(),
        RuleError::NotAdjacentOrbital => "a burn moves one orbital at a time".into(),
        RuleError::NotOutermost => "only from the outermost orbital: burn up to it first".into(),
        RuleError::SameAsset => "the ship already orbits there".into(),
        RuleError::NotEnemy => "only enemy ships can be attacked".into(),
        RuleError::NotSameAsset => "the target must orbit the same asset as the attacker".into(),
        RuleError::BadX { have: 0 } => "needs at least 1 dv (has 0)".into(),
        RuleError::BadX { have } => format!("spend between 1 and {have} dv"),
        RuleError::RefitPlace => {
            "refits happen in the lowest orbital of one of your assets that is not destroyed".into()
        }
        RuleError::RefitMismatch => {
            "the new card must be a spacecraft of the same class and construction cost".into()
        }
        RuleError::NotFullDeltaVee { max, have } => {
            format!("needs full delta-vee ({max} dv, has {have})")
        }
        RuleError::BombardTarget => {
            "only the enemy asset the ship orbits, or its upgrade, can be bombarded".into()
        }
        RuleError::Destroyed(r) => format!("{} is destroyed", n(r)),
        RuleError::Tapped { asset, .. } => {
            format!("{} is tapped: it already acted this turn", n(asset))
        }
        RuleError::NoDamage(r) => format!("{} has no damage to repair", n(r)),
        RuleError::NotInHand(r) => format!("{} is not in your hand", n(r)),
        RuleError::Project(why) => why.to_string(),
        RuleError::NoFactory { asset } => {
            format!("{} has no shipyard for this class", n(asset))
        }
        RuleError::EnemyInOrbit => match *cmd {
            Command::Contribute { asset, .. } => {
                format!("can't help: an enemy ship orbits {}", n(asset))
            }
            _ => "can't help: an enemy ship is in orbit".into(),
        },
        RuleError::Population { limit, used, needs } => {
            format!("your population limit is {limit}: {used} used, this needs {needs} more")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::PlayerId;

    fn names() -> Names {
        Names {
            seats: vec!["You".into(), "AI".into()],
            you: Some(PlayerId(0)),
        }
    }

    fn game(seed: u64) -> State {
        use crate::data::{CardDb, Deck};
        use std::path::Path;
        let db = CardDb::load_dir(Path::new("cards")).expect("cards");
        let deck = |f: &str| Deck::load(Path::new(f), &db).expect(f);
        let decks = vec![deck("decks/vanguard.yaml"), deck("decks/bastion.yaml")];
        rules::new_game(std::sync::Arc::new(db), &decks, seed).0
    }

    /// Every legal move of a selection is among its candidates (attacks up to X), and every
    /// refusal reads without ruling ids.
    #[test]
    fn candidates_cover_the_legal_moves_and_reasons_are_plain() {
        let mut st = game(3);
        let mut agent = crate::agent::parse_agent("random", 3).unwrap();
        for _ in 0..400 {
            if st.outcome != crate::state::Outcome::Ongoing {
                break;
            }
            let legal = rules::legal_commands(&st);
            let names = names();
            for (r, c) in st.refs().filter(|(_, c)| c.owner == st.active) {
                let sel = match c.zone {
                    Zone::Ship => Sel::Ship(r),
                    Zone::Asset => Sel::Asset(r),
                    Zone::Hand => Sel::Hand(r),
                    Zone::Project => Sel::Project(r),
                    _ => continue,
                };
                let cands = candidates(&st, sel);
                for l in legal.iter().filter(|l| belongs(sel, l)) {
                    let plain = match *l {
                        Command::Combat { ship, target, .. } => {
                            Command::Combat { ship, target, x: 1 }
                        }
                        other => other,
                    };
                    assert!(
                        cands.iter().any(|c| c.cmd == plain),
                        "{l:?} missing for {sel:?}"
                    );
                }
                for (what, why) in refused(&st, &names, sel) {
                    let text = format!("{what}: {why}");
                    assert!(!has_rule_id(&text), "{text}");
                    assert!(!text.contains("CardRef"), "{text}");
                }
            }
            let cmd = agent.choose(&st);
            rules::apply_into(&mut st, cmd, &mut ());
        }
    }

    fn belongs(sel: Sel, c: &Command) -> bool {
        match (sel, *c) {
            (
                Sel::Ship(s),
                Command::Burn { ship, .. }
                | Command::Transfer { ship, .. }
                | Command::Combat { ship, .. }
                | Command::Bombard { ship, .. }
                | Command::Scuttle { ship },
            ) => ship == s,
            (Sel::Asset(a), Command::Research { asset } | Command::Repair { asset }) => a == asset,
            (Sel::Asset(a), Command::Contribute { asset, .. }) => a == asset,
            (Sel::Project(p), Command::Contribute { project, .. }) => p == project,
            (Sel::Hand(h), Command::Start { card, .. }) => h == card,
            (Sel::Hand(h), Command::Refit { with, .. }) => h == with,
            _ => false,
        }
    }

    fn has_rule_id(text: &str) -> bool {
        let b = text.as_bytes();
        b.windows(2).any(|w| w[0] == b'O' && w[1].is_ascii_digit())
    }

    #[test]
    fn a_transfer_without_enough_delta_vee_says_how_much() {
        let st = game(1);
        let cmd = Command::Transfer {
            ship: CardRef(0),
            to: CardRef(1),
        };
        let e = RuleError::NotEnoughDeltaVee {
            rule: "O11",
            need: 3,
            have: 1,
        };
        assert_eq!(reason(&st, &names(), &cmd, &e), "needs 3 dv (has 1)");
        let e = RuleError::BadX { have: 0 };
        assert_eq!(
            reason(&st, &names(), &cmd, &e),
            "needs at least 1 dv (has 0)"
        );
    }
}
