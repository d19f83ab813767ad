//! `orbitals cards` and `orbitals deck check`.
use super::{load_db, CardsCmd};
use anyhow::{bail, Result};
use orbitals::data::{Card, CardKind, Deck};
use std::path::{Path, PathBuf};

pub fn run(dir: &Path, what: CardsCmd) -> Result<()> {
    let db = load_db(dir)?;
    match what {
        CardsCmd::List => {
            for (_, c) in db.iter() {
                outln!(
                    "{:<18} {:<10} cost {:>2}  {}",
                    c.id,
                    c.kind_name(),
                    c.construction_cost,
                    c.name
                );
            }
        }
        CardsCmd::Show { id } => match db.lookup(&id) {
            Some(cid) => out!("{}", describe(db.card(cid))),
            None => bail!("no card `{id}` in {}", dir.display()),
        },
    }
    Ok(())
}

/// The distinct values of a seat's transfer costs, e.g. `2 or 3`.
fn seat_list(costs: &[u8]) -> String {
    let mut v = costs.to_vec();
    v.dedup();
    let v: Vec<String> = v.iter().map(u8::to_string).collect();
    v.join(" or ")
}

/// Every stat and ability of a card, as text.
pub fn describe(c: &Card) -> String {
    let mut s = format!("{} ({}) — {}\n", c.name, c.id, c.kind_name());
    s += &format!("  construction cost: {}\n", c.construction_cost);
    match &c.kind {
        CardKind::Spacecraft(x) => {
            s += &format!(
                "  class: {}\n  armor: {}\n  bombardment power: {}\n  delta-vee: {}\n  accuracy: {}\n  population: {}\n",
                x.class.name(), x.armor, x.bombardment_power, x.delta_vee, x.accuracy, x.population
            );
        }
        CardKind::Asset(a) => {
            let f: Vec<&str> = a.factory_classes().map(|c| c.name()).collect();
            s += &format!(
                "  construction power: {}\n  transfer costs: {:?}\n  orbitals (entry cost, lowest first): {:?}\n  bombardment resistance: {}\n  factories: {}\n  population: {}\n",
                a.construction_power, a.transfer_costs, a.orbitals, a.bombardment_resistance,
                if f.is_empty() { "none".into() } else { f.join(", ") }, a.population
            );
            let (first, second) = (a.seat_costs(2, 0), a.seat_costs(2, 1));
            s += &format!(
                "  transfer cost in each seat's turns, two players (O5): first player's {}, second player's {}{}\n",
                seat_list(&first),
                seat_list(&second),
                if first == second { "" } else { " (not seat-fair)" }
            );
        }
        CardKind::Upgrade(u) => {
            s += &format!("  bombardment resistance: {}\n", u.bombardment_resistance);
        }
    }
    for a in &c.abilities {
        s += &format!("  ability: {}\n", a.describe());
    }
    if !c.text.is_empty() {
        s += &format!("  \"{}\"\n", c.text);
    }
    s
}

pub fn check_decks(dir: &Path, files: &[PathBuf]) -> Result<()> {
    let db = load_db(dir)?;
    let mut bad = 0;
    for f in files {
        match Deck::load(f, &db) {
            Ok(d) => {
                let hw = db.card(d.homeworld);
                outln!(
                    "{}: ok ({}, {} cards + {})",
                    f.display(),
                    d.name,
                    d.cards.len(),
                    hw.name
                );
                if let Some(a) = hw.asset().filter(|a| !a.seat_fair(2)) {
                    outln!(
                        "  note: {}'s transfer costs differ by seat in a two-player game: \
                         {:?} costs {} in the first player's turns, {} in the second's (O5, O7)",
                        hw.name,
                        a.transfer_costs,
                        seat_list(&a.seat_costs(2, 0)),
                        seat_list(&a.seat_costs(2, 1))
                    );
                }
            }
            Err(e) => {
                bad += 1;
                for p in e.0 {
                    outln!("{p}");
                }
            }
        }
    }
    if bad > 0 {
        bail!("{bad} deck(s) have problems");
    }
    Ok(())
}
