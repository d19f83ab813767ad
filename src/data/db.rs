//! The second data layer: the checked card database.
//!
//! [`CardDb::load_dir`] reads every `*.yaml` in a directory, checks ranges and cross references,
//! and reports every problem at once. The engine reads card stats by [`CardId`] index.
use super::ability::{Ability, Mods, Scope, TriggerEffect, When};
use super::locate::{LoadError, LoadErrors, Source};
use super::raw::{limit, Class, Limit, RawAsset, RawCardFile, RawSpacecraft, RawUpgrade};
use crate::ids::CardId;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Most orbitals an asset may have.
pub const MAX_ORBITALS: usize = limit::ORBITALS.max as usize;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpacecraftStats {
    pub class: Class,
    pub armor: u8,
    pub bombardment_power: u8,
    pub delta_vee: u8,
    pub accuracy: u8,
    pub population: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssetStats {
    pub homeworld: bool,
    pub construction_power: u8,
    pub transfer_costs: Vec<u8>,
    pub orbitals: Vec<u8>,
    pub bombardment_resistance: u8,
    /// Bit set of [`Class::bit`].
    pub factories: u8,
    pub population: u8,
}

impl AssetStats {
    /// Current transfer cost for an orbit counter value (O7).
    pub fn transfer_cost(&self, counter: u8) -> u8 {
        let len = self.transfer_costs.len().max(1);
        let i = (counter.max(1) as usize - 1) % len;
        self.transfer_costs.get(i).copied().unwrap_or(0)
    }

    /// The transfer costs that seat `seat` (0 for the first player) of a game of `players`
    /// players meets in its turns over one whole cycle of the orbit counter, smallest first.
    ///
    /// The counter advances once per upkeep and runs 1, 2, 3, 4, 1, … (O5), so with an even
    /// number of players each seat only ever sees some of its values: with two, the first
    /// player's turns show 1 and 3, the second player's 2 and 4. An asset whose costs
    /// `[a, b, c, d]` do not give `{a, c} = {b, d}` (or with two values `[a, b]`, `a ≠ b`)
    /// costs one seat other amounts to reach than the other.
    pub fn seat_costs(&self, players: usize, seat: usize) -> Vec<u8> {
        let players = players.max(1);
        // Turn t of seat `seat` is upkeep number t * players + seat + 1 of the game: the counter
        // then shows ((t * players + seat) % 4) + 1. Four turns cover every counter it can show.
        let mut costs: Vec<u8> = (0..4)
            .map(|t| self.transfer_cost(((t * players + seat) % 4) as u8 + 1))
            .collect();
        costs.sort_unstable();
        costs
    }

    /// Do all seats of a game of `players` players meet the same transfer costs
    /// ([`AssetStats::seat_costs`])?
    pub fn seat_fair(&self, players: usize) -> bool {
        let first = self.seat_costs(players, 0);
        (1..players).all(|seat| self.seat_costs(players, seat) == first)
    }

    pub fn has_factory(&self, class: Class) -> bool {
        self.factories & class.bit() != 0
    }

    pub fn factory_classes(&self) -> impl Iterator<Item = Class> + '_ {
        Class::ALL.into_iter().filter(|c| self.has_factory(*c))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpgradeStats {
    pub bombardment_resistance: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardKind {
    Spacecraft(SpacecraftStats),
    Asset(AssetStats),
    Upgrade(UpgradeStats),
}

/// A checked card definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub text: String,
    pub construction_cost: u8,
    pub kind: CardKind,
    pub abilities: Vec<Ability>,
    /// Modifiers on the card itself (for an upgrade: on its asset).
    pub self_mods: Mods,
    /// Modifiers for friendly spacecraft orbiting this asset (or the upgrade's asset).
    pub orbit_mods: Mods,
    pub upkeep: Vec<TriggerEffect>,
    pub end_of_turn: Vec<TriggerEffect>,
    /// File the card was defined in.
    pub source: PathBuf,
}

impl Card {
    pub fn ship(&self) -> Option<&SpacecraftStats> {
        match &self.kind {
            CardKind::Spacecraft(s) => Some(s),
            _ => None,
        }
    }
    pub fn asset(&self) -> Option<&AssetStats> {
        match &self.kind {
            CardKind::Asset(a) => Some(a),
            _ => None,
        }
    }
    pub fn upgrade(&self) -> Option<&UpgradeStats> {
        match &self.kind {
            CardKind::Upgrade(u) => Some(u),
            _ => None,
        }
    }
    pub fn kind_name(&self) -> &'static str {
        match &self.kind {
            CardKind::Spacecraft(_) => "spacecraft",
            CardKind::Asset(a) if a.homeworld => "homeworld",
            CardKind::Asset(_) => "asset",
            CardKind::Upgrade(_) => "upgrade",
        }
    }
}

/// All card definitions, indexed by [`CardId`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardDb {
    cards: Vec<Card>,
    hot: Vec<super::hot::Hot>,
    by_id: HashMap<String, CardId>,
}

impl CardDb {
    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[id.index()]
    }
    /// The compact stats the engine reads in hot loops.
    #[inline]
    pub fn hot(&self, id: CardId) -> &super::hot::Hot {
        &self.hot[id.index()]
    }
    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.cards.get(id.index())
    }
    pub fn lookup(&self, id: &str) -> Option<CardId> {
        self.by_id.get(id).copied()
    }
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = (CardId, &Card)> {
        self.cards
            .iter()
            .enumerate()
            .map(|(i, c)| (CardId(i as u16), c))
    }

    /// Loads every `*.yaml`/`*.yml` file in `dir` (sorted by name) and checks it.
    pub fn load_dir(dir: &Path) -> Result<CardDb, LoadErrors> {
        let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
            Ok(rd) => rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")))
                .collect(),
            Err(e) => {
                return Err(LoadErrors(vec![LoadError {
                    file: dir.to_path_buf(),
                    line: None,
                    column: None,
                    card: None,
                    field: None,
                    message: format!("cannot read card directory: {e}"),
                }]))
            }
        };
        files.sort();
        if files.is_empty() {
            return Err(LoadErrors(vec![LoadError {
                file: dir.to_path_buf(),
                line: None,
                column: None,
                card: None,
                field: None,
                message: "no card files (*.yaml) in this directory".into(),
            }]));
        }
        let mut texts = Vec::new();
        let mut errors = Vec::new();
        for f in files {
            match crate::core::guard::read_text(&f) {
                Ok(t) => texts.push((f, t)),
                Err(e) => errors.push(LoadError::guard(&f, e)),
            }
        }
        let sources: Vec<(&Path, &str)> = texts
            .iter()
            .map(|(p, t)| (p.as_path(), t.as_str()))
            .collect();
        match Self::from_sources(&sources) {
            Ok(db) if errors.is_empty() => Ok(db),
            Ok(_) => Err(LoadErrors(errors)),
            Err(LoadErrors(mut more)) => {
                errors.append(&mut more);
                Err(LoadErrors(errors))
            }
        }
    }

    /// Builds a database from in-memory YAML texts, each named by a path for messages.
    pub fn from_sources(files: &[(&Path, &str)]) -> Result<CardDb, LoadErrors> {
        let mut b = Builder::default();
        for (path, text) in files {
            let src = Source { path, text };
            if let Err(e) = crate::core::guard::check_text(text) {
                b.errors.push(LoadError::guard(path, e));
                continue;
            }
            if let Some(raw) = parse_file(&src, &mut b.errors) {
                b.add_file(&src, raw);
            }
        }
        if b.errors.is_empty() {
            Ok(b.db)
        } else {
            Err(LoadErrors(b.errors))
        }
    }
}

/// Parses one card file. On a typed error, re-reads the file loosely so that every bad entry is
/// reported, not just the first.
fn parse_file(src: &Source, errors: &mut Vec<LoadError>) -> Option<RawCardFile> {
    let first = match serde_yaml::from_str::<RawCardFile>(src.text) {
        Ok(raw) => return Some(raw),
        Err(e) => e,
    };
    let value: serde_yaml::Value = match serde_yaml::from_str(src.text) {
        Ok(v) => v,
        Err(_) => {
            errors.push(src.yaml_error(&first, None));
            return None;
        }
    };
    let before = errors.len();
    if let serde_yaml::Value::Mapping(map) = &value {
        for (key, entries) in map {
            let section = key.as_str().unwrap_or("");
            let serde_yaml::Value::Sequence(entries) = entries else {
                continue;
            };
            for entry in entries {
                let card = entry.get("id").and_then(|v| v.as_str());
                let r = match section {
                    "spacecraft" => serde_yaml::from_value::<RawSpacecraft>(entry.clone()).err(),
                    "assets" => serde_yaml::from_value::<RawAsset>(entry.clone()).err(),
                    "upgrades" => serde_yaml::from_value::<RawUpgrade>(entry.clone()).err(),
                    _ => None,
                };
                if let Some(e) = r {
                    let mut le = src.yaml_error(&e, card);
                    le.message = format!("in `{section}`: {}", le.message);
                    errors.push(le);
                }
            }
        }
    }
    if errors.len() == before {
        errors.push(src.yaml_error(&first, None));
    }
    None
}

#[derive(Default)]
struct Builder {
    db: CardDb,
    errors: Vec<LoadError>,
    /// Every id seen so far, valid or not, with its file: for duplicate checks.
    seen: HashMap<String, PathBuf>,
}

impl Builder {
    fn add_file(&mut self, src: &Source, raw: RawCardFile) {
        for s in raw.spacecraft {
            self.add_spacecraft(src, s);
        }
        for a in raw.assets {
            self.add_asset(src, a);
        }
        for u in raw.upgrades {
            self.add_upgrade(src, u);
        }
    }

    fn check_common(&mut self, src: &Source, id: &str, name: &str) -> bool {
        let mut ok = true;
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
        {
            self.errors.push(src.error(
                Some(id),
                Some("id"),
                "ids use lowercase letters, digits, `_` and `-`",
            ));
            ok = false;
        }
        if name.trim().is_empty() {
            self.errors
                .push(src.error(Some(id), Some("name"), "name is empty"));
            ok = false;
        }
        if let Some(other) = self.seen.get(id) {
            let mut e = src.error(
                Some(id),
                Some("id"),
                format!("duplicate id (already defined in {})", other.display()),
            );
            // Within one file, point at the later definition.
            if other == src.path {
                if let Some(l) = src.card_lines(id).get(1) {
                    e.line = Some(*l);
                }
            }
            self.errors.push(e);
            ok = false;
        } else {
            self.seen.insert(id.to_string(), src.path.to_path_buf());
        }
        if self.db.cards.len() >= u16::MAX as usize {
            self.errors
                .push(src.error(Some(id), None, "too many cards"));
            ok = false;
        }
        ok
    }

    fn range(&mut self, src: &Source, id: &str, field: &str, v: u8, limit: Limit) -> bool {
        let Limit { min: lo, max: hi } = limit;
        if v < lo || v > hi {
            self.errors.push(src.error(
                Some(id),
                Some(field),
                format!("{v} is out of range {lo}..={hi}"),
            ));
            false
        } else {
            true
        }
    }

    fn abilities(
        &mut self,
        src: &Source,
        id: &str,
        abilities: &[Ability],
        is_ship: bool,
        orbitals: usize,
    ) -> Option<(Mods, Mods, Vec<TriggerEffect>, Vec<TriggerEffect>)> {
        let (mut this, mut orbit, mut upkeep, mut eot) =
            (Mods::default(), Mods::default(), Vec::new(), Vec::new());
        let mut ok = true;
        for a in abilities {
            if is_ship && a.is_asset_only() {
                self.errors.push(src.error(
                    Some(id),
                    Some("abilities"),
                    format!("{a:?} applies only to assets and upgrades"),
                ));
                ok = false;
                continue;
            }
            if let Some((amount, lo, hi)) = a.amount_range() {
                if amount < lo || amount > hi {
                    self.errors.push(src.error(
                        Some(id),
                        Some("amount"),
                        format!("{amount} is out of range {lo}..={hi}"),
                    ));
                    ok = false;
                    continue;
                }
            }
            if let Some((scope, m)) = a.modifier() {
                match scope {
                    Scope::This => this.add(&m),
                    Scope::Orbiting if is_ship => {
                        self.errors.push(src.error(
                            Some(id),
                            Some("to"),
                            "`to: orbiting` applies only to assets and upgrades",
                        ));
                        ok = false;
                    }
                    Scope::Orbiting => orbit.add(&m),
                }
            }
            if let Some((when, t)) = a.trigger() {
                if let TriggerEffect::DamageEnemyShips {
                    orbital: Some(o), ..
                } = t
                {
                    // An upgrade's asset is not known here: any orbital an asset may have.
                    let limit = if orbitals > 0 { orbitals } else { MAX_ORBITALS };
                    if is_ship || o as usize >= limit {
                        self.errors.push(src.error(
                            Some(id),
                            Some("orbital"),
                            format!("orbital {o} does not exist on this card"),
                        ));
                        ok = false;
                    }
                }
                match when {
                    When::Upkeep => upkeep.push(t),
                    When::EndOfTurn => eot.push(t),
                }
            }
        }
        ok.then_some((this, orbit, upkeep, eot))
    }

    fn push(
        &mut self,
        src: &Source,
        head: CardHead,
        kind: CardKind,
        abilities: Vec<Ability>,
        mods: (Mods, Mods, Vec<TriggerEffect>, Vec<TriggerEffect>),
    ) {
        let CardHead {
            id,
            name,
            text,
            cost,
        } = head;
        let cid = CardId(self.db.cards.len() as u16);
        self.db.by_id.insert(id.clone(), cid);
        self.db.cards.push(Card {
            id,
            name,
            text,
            construction_cost: cost,
            kind,
            abilities,
            self_mods: mods.0,
            orbit_mods: mods.1,
            upkeep: mods.2,
            end_of_turn: mods.3,
            source: src.path.to_path_buf(),
        });
        let hot = super::hot::Hot::from_card(&self.db.cards[cid.index()]);
        self.db.hot.push(hot);
    }

    fn add_spacecraft(&mut self, src: &Source, s: RawSpacecraft) {
        let mut ok = self.check_common(src, &s.id, &s.name);
        ok &= self.range(
            src,
            &s.id,
            "construction_cost",
            s.construction_cost,
            limit::COST,
        );
        ok &= self.range(src, &s.id, "armor", s.armor, limit::ARMOR);
        ok &= self.range(
            src,
            &s.id,
            "bombardment_power",
            s.bombardment_power,
            limit::BOMBARDMENT_POWER,
        );
        ok &= self.range(src, &s.id, "delta_vee", s.delta_vee, limit::DELTA_VEE);
        ok &= self.range(src, &s.id, "accuracy", s.accuracy, limit::ACCURACY);
        ok &= self.range(src, &s.id, "population", s.population, limit::POPULATION);
        let mods = self.abilities(src, &s.id, &s.abilities, true, 0);
        if let (true, Some(mods)) = (ok, mods) {
            let kind = CardKind::Spacecraft(SpacecraftStats {
                class: s.class,
                armor: s.armor,
                bombardment_power: s.bombardment_power,
                delta_vee: s.delta_vee,
                accuracy: s.accuracy,
                population: s.population,
            });
            let head = CardHead {
                id: s.id,
                name: s.name,
                text: s.text,
                cost: s.construction_cost,
            };
            self.push(src, head, kind, s.abilities, mods);
        }
    }

    fn add_asset(&mut self, src: &Source, a: RawAsset) {
        let mut ok = self.check_common(src, &a.id, &a.name);
        ok &= self.range(
            src,
            &a.id,
            "construction_cost",
            a.construction_cost,
            limit::ASSET_COST,
        );
        ok &= self.range(
            src,
            &a.id,
            "construction_power",
            a.construction_power,
            limit::CONSTRUCTION_POWER,
        );
        ok &= self.range(
            src,
            &a.id,
            "bombardment_resistance",
            a.bombardment_resistance,
            limit::BOMBARDMENT_RESISTANCE,
        );
        ok &= self.range(src, &a.id, "population", a.population, limit::POPULATION);
        let (lo, hi) = (limit::TRANSFER_COSTS.min, limit::TRANSFER_COSTS.max);
        if !(usize::from(lo)..=usize::from(hi)).contains(&a.transfer_costs.len()) {
            self.errors.push(src.error(
                Some(&a.id),
                Some("transfer_costs"),
                format!(
                    "needs {lo} to {hi} transfer costs, found {}",
                    a.transfer_costs.len()
                ),
            ));
            ok = false;
        }
        for &t in &a.transfer_costs {
            ok &= self.range(src, &a.id, "transfer_costs", t, limit::COST_PER_STEP);
        }
        if a.orbitals.is_empty() || a.orbitals.len() > MAX_ORBITALS {
            self.errors.push(src.error(
                Some(&a.id),
                Some("orbitals"),
                format!(
                    "needs 1 to {MAX_ORBITALS} orbitals, found {}",
                    a.orbitals.len()
                ),
            ));
            ok = false;
        }
        for &o in &a.orbitals {
            ok &= self.range(src, &a.id, "orbitals", o, limit::COST_PER_STEP);
        }
        let mut factories = 0u8;
        for c in &a.factories {
            if factories & c.bit() != 0 {
                self.errors.push(src.error(
                    Some(&a.id),
                    Some("factories"),
                    format!("class {} is listed twice", c.name()),
                ));
                ok = false;
            }
            factories |= c.bit();
        }
        let mods = self.abilities(src, &a.id, &a.abilities, false, a.orbitals.len());
        if let (true, Some(mods)) = (ok, mods) {
            let kind = CardKind::Asset(AssetStats {
                homeworld: a.homeworld,
                construction_power: a.construction_power,
                transfer_costs: a.transfer_costs,
                orbitals: a.orbitals,
                bombardment_resistance: a.bombardment_resistance,
                factories,
                population: a.population,
            });
            let head = CardHead {
                id: a.id,
                name: a.name,
                text: a.text,
                cost: a.construction_cost,
            };
            self.push(src, head, kind, a.abilities, mods);
        }
    }

    fn add_upgrade(&mut self, src: &Source, u: RawUpgrade) {
        let mut ok = self.check_common(src, &u.id, &u.name);
        ok &= self.range(
            src,
            &u.id,
            "construction_cost",
            u.construction_cost,
            limit::COST,
        );
        ok &= self.range(
            src,
            &u.id,
            "bombardment_resistance",
            u.bombardment_resistance,
            limit::BOMBARDMENT_RESISTANCE,
        );
        let mods = self.abilities(src, &u.id, &u.abilities, false, 0);
        if let (true, Some(mods)) = (ok, mods) {
            let kind = CardKind::Upgrade(UpgradeStats {
                bombardment_resistance: u.bombardment_resistance,
            });
            let head = CardHead {
                id: u.id,
                name: u.name,
                text: u.text,
                cost: u.construction_cost,
            };
            self.push(src, head, kind, u.abilities, mods);
        }
    }
}

/// The fields every card has, checked, on their way into the database.
struct CardHead {
    id: String,
    name: String,
    text: String,
    cost: u8,
}

#[cfg(test)]
mod tests {
    use super::AssetStats;

    fn asset(transfer_costs: &[u8]) -> AssetStats {
        AssetStats {
            homeworld: false,
            construction_power: 1,
            transfer_costs: transfer_costs.to_vec(),
            orbitals: vec![1],
            bombardment_resistance: 5,
            factories: 0,
            population: 1,
        }
    }

    #[test]
    fn o5_o7_two_players_meet_alternate_counters() {
        // The first player's upkeeps bring the counter to 1 and 3, the second's to 2 and 4.
        let a = asset(&[2, 1, 2, 3]);
        assert_eq!(a.seat_costs(2, 0), [2, 2, 2, 2]);
        assert_eq!(a.seat_costs(2, 1), [1, 1, 3, 3]);
        assert!(!a.seat_fair(2));
        // Two values alternate: each seat always meets the same one.
        let b = asset(&[2, 3]);
        assert_eq!(
            (b.seat_costs(2, 0), b.seat_costs(2, 1)),
            (vec![2; 4], vec![3; 4])
        );
        assert!(!b.seat_fair(2));
        for fair in [&[2, 3, 3, 2][..], &[3], &[2, 2, 3, 3], &[1, 3, 3, 1]] {
            assert!(asset(fair).seat_fair(2), "{fair:?}");
        }
    }

    #[test]
    fn o5_odd_player_counts_meet_every_counter() {
        // Three players: each seat's four turns show all four counter values.
        let a = asset(&[2, 1, 2, 3]);
        for seat in 0..3 {
            assert_eq!(a.seat_costs(3, seat), [1, 2, 2, 3]);
        }
        assert!(a.seat_fair(3));
        // Four players: each seat always sees the same counter value.
        assert_eq!(a.seat_costs(4, 1), [1; 4]);
        assert!(!a.seat_fair(4));
        assert!(asset(&[2]).seat_fair(4));
    }
}
