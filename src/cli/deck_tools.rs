//! `orbitals deck new` and `orbitals deck stats`: deck tools for people who edit deck files in
//! a text editor (the deck builder in the client does the same with the mouse).
use super::load_db;
use anyhow::{bail, Context, Result};
use orbitals::data::{CardDb, CardKind, Class, Deck};
use orbitals::state::setup::OPENING_HAND;
use std::collections::BTreeMap;
use std::path::Path;

/// `deck new NAME --homeworld ID --out FILE`: a deck file to fill in, naming its schema.
pub fn new_deck(cards: &Path, name: &str, homeworld: &str, out: &Path) -> Result<()> {
    let db = load_db(cards)?;
    if name.trim().is_empty() {
        bail!("NAME: a deck needs a name");
    }
    let Some(id) = db.lookup(homeworld) else {
        bail!("--homeworld: no card `{homeworld}` (`orbitals cards list` shows the ids)");
    };
    if !db.card(id).asset().is_some_and(|a| a.homeworld) {
        let homeworlds: Vec<&str> = (0..db.len())
            .filter_map(|i| db.get(orbitals::ids::CardId(i as u16)))
            .filter(|c| c.asset().is_some_and(|a| a.homeworld))
            .map(|c| c.id.as_str())
            .collect();
        bail!(
            "--homeworld: `{homeworld}` is not a homeworld (O2); homeworlds: {}",
            homeworlds.join(", ")
        );
    }
    if out.exists() {
        bail!("{}: already exists (choose another --out)", out.display());
    }
    let text = format!(
        "# yaml-language-server: $schema={schema}\n\
         # {name}: add 30 card ids under `cards:`, top card first (`orbitals cards list`),\n\
         # then `orbitals deck check {file}` and `orbitals deck stats {file}`.\n\
         name: {quoted}\n\
         description: \"\"\n\
         homeworld: {homeworld}\n\
         cards: []\n",
        schema = schema_path(out),
        quoted = serde_yaml::to_string(name).unwrap_or_default().trim_end(),
        file = out.display(),
    );
    orbitals::kit::save::write_atomic(out, &text)
        .with_context(|| format!("writing {}", out.display()))?;
    outln!(
        "{}: new deck `{name}` on {}",
        out.display(),
        db.card(id).name
    );
    Ok(())
}

/// The deck schema's path as seen from `out`'s folder (decks/ → ../schemas/...).
fn schema_path(out: &Path) -> String {
    let depth = out.parent().map(|p| p.components().count()).unwrap_or(0);
    format!("{}schemas/deck.schema.json", "../".repeat(depth))
}

/// `deck stats FILE...`: curve, classes, population and the draw order of each deck.
pub fn stats(cards: &Path, files: &[std::path::PathBuf]) -> Result<()> {
    let db = load_db(cards)?;
    let mut bad = 0;
    for f in files {
        match Deck::load(f, &db) {
            Ok(d) => print_stats(&db, &d, f)?,
            Err(e) => {
                bad += 1;
                for p in e.0 {
                    outln!("{p}");
                }
            }
        }
    }
    if bad > 0 {
        bail!("{bad} deck(s) have problems (fix them first: `orbitals deck check`)");
    }
    Ok(())
}

fn print_stats(db: &CardDb, d: &Deck, f: &Path) -> Result<()> {
    let hw = db.card(d.homeworld);
    outln!("{}: {} on {}", f.display(), d.name, hw.name);
    if !d.description.is_empty() {
        outln!("  {}", d.description);
    }
    let mut curve: BTreeMap<u8, usize> = BTreeMap::new();
    let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut assets, mut upgrades, mut population) = (0, 0, 0u32);
    for &c in &d.cards {
        let card = db.card(c);
        *curve.entry(card.construction_cost).or_default() += 1;
        match &card.kind {
            CardKind::Spacecraft(s) => {
                *classes.entry(s.class.name()).or_default() += 1;
                population += u32::from(s.population);
            }
            CardKind::Asset(_) => assets += 1,
            CardKind::Upgrade(_) => upgrades += 1,
        }
    }
    let curve: Vec<String> = curve.iter().map(|(k, v)| format!("{k}:{v}")).collect();
    outln!("  build-point curve (cost:cards): {}", curve.join("  "));
    let ships: Vec<String> = Class::ALL
        .iter()
        .map(|c| {
            format!(
                "{} {}",
                classes.get(c.name()).copied().unwrap_or(0),
                c.name()
            )
        })
        .collect();
    outln!(
        "  spacecraft: {} · assets {assets} · upgrades {upgrades}",
        ships.join(", ")
    );
    let room = hw.asset().map_or(0, |a| a.population);
    outln!(
        "  spacecraft population {population} in all; {} houses {room}",
        hw.name
    );
    let names = |r: std::ops::Range<usize>| -> String {
        d.cards[r.start.min(d.cards.len())..r.end.min(d.cards.len())]
            .iter()
            .map(|&c| db.card(c).name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    outln!(
        "  opening hand (top {OPENING_HAND}): {}",
        names(0..OPENING_HAND)
    );
    outln!(
        "  then drawn in this order (research): {}",
        names(OPENING_HAND..d.cards.len())
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_path_climbs_out_of_the_deck_folder() {
        assert_eq!(
            schema_path(Path::new("decks/x.yaml")),
            "../schemas/deck.schema.json"
        );
        assert_eq!(schema_path(Path::new("x.yaml")), "schemas/deck.schema.json");
    }
}
