//! Unit kinds and their stats (M5), read from `assets/mothership/units.yaml`: plain serde
//! structs with `deny_unknown_fields`, then a checked [`Stats`] table that reports every
//! problem with file and line.
use super::map::line_of_key;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A kind of unit (the ship's turrets are part of the ship, not units).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Tank,
    BigTank,
    PatrolBoat,
    Crab,
    Barge,
    WeatherLayer,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Tank,
        Kind::BigTank,
        Kind::PatrolBoat,
        Kind::Crab,
        Kind::Barge,
        Kind::WeatherLayer,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Kind::Tank => "tank",
            Kind::BigTank => "big_tank",
            Kind::PatrolBoat => "patrol_boat",
            Kind::Crab => "crab",
            Kind::Barge => "barge",
            Kind::WeatherLayer => "weather_layer",
        }
    }
    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == text)
    }
    pub fn index(self) -> usize {
        self as usize
    }
    /// Fires (M5): tank, big tank, patrol boat.
    pub fn is_destroyer(self) -> bool {
        stats().of(self).range.is_some()
    }
    /// Tank or big tank: the units that can capture a ship (M15, M37).
    pub fn is_tank(self) -> bool {
        matches!(self, Kind::Tank | Kind::BigTank)
    }
}

/// Land or sea (M2, M26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Element {
    Land,
    Sea,
}

/// What a carrier takes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Holds {
    #[default]
    Nothing,
    Ore,
    UnitsAndOre,
}

/// One entry of the file.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KindEntry {
    pub kind: Kind,
    pub element: Element,
    #[serde(default)]
    pub range: Option<u8>,
    #[serde(default)]
    pub mountain_range: Option<u8>,
    pub mountains: bool,
    #[serde(default)]
    pub slots: Option<u8>,
    #[serde(default)]
    pub carried_by: Vec<Kind>,
    #[serde(default)]
    pub capacity: u8,
    #[serde(default)]
    pub holds: Holds,
}

/// The file.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatsFile {
    pub turret_range: u8,
    pub units: Vec<KindEntry>,
}

/// Checked stats of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindStats {
    pub element: Element,
    pub range: Option<u8>,
    pub mountain_range: Option<u8>,
    pub mountains: bool,
    pub slots: Option<u8>,
    /// Bit per carrier kind.
    pub carried_by: u8,
    pub capacity: u8,
    pub holds: Holds,
}

/// Checked stats of every kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    pub turret_range: u8,
    kinds: [KindStats; 6],
}

impl Stats {
    pub fn of(&self, k: Kind) -> &KindStats {
        &self.kinds[k.index()]
    }
    /// Can `carrier` take `k` at all?
    pub fn can_carry(&self, carrier: Kind, k: Kind) -> bool {
        self.of(carrier).holds == Holds::UnitsAndOre
            && self.of(k).carried_by & (1 << carrier.index()) != 0
    }
}

/// Reads and checks a stats file.
pub fn load_stats(file: &str, text: &str) -> Result<Stats, Vec<String>> {
    let raw: StatsFile = serde_yaml::from_str(text).map_err(|e| {
        let line = e.location().map_or(1, |l| l.line());
        vec![format!("{file}:{line}: {e}")]
    })?;
    let mut problems = Vec::new();
    let entry_line = |i: usize| {
        text.lines()
            .enumerate()
            .filter(|(_, l)| l.trim_start().starts_with("- kind:"))
            .nth(i)
            .map_or_else(|| line_of_key(text, "units"), |(n, _)| n + 1)
    };
    if !(1..=10).contains(&raw.turret_range) {
        problems.push(format!(
            "{file}:{}: turret_range: 1 to 10",
            line_of_key(text, "turret_range")
        ));
    }
    let mut kinds: [Option<KindStats>; 6] = [None; 6];
    for (i, e) in raw.units.iter().enumerate() {
        let line = entry_line(i);
        let name = e.kind.name();
        if kinds[e.kind.index()].is_some() {
            problems.push(format!("{file}:{line}: {name}: listed twice"));
        }
        if e.range.is_some_and(|r| !(1..=10).contains(&r)) {
            problems.push(format!("{file}:{line}: {name}: range 1 to 10"));
        }
        if e.mountain_range.is_some() && e.range.is_none() {
            problems.push(format!(
                "{file}:{line}: {name}: mountain_range without range"
            ));
        }
        if e.slots.is_some_and(|s| !(1..=4).contains(&s)) {
            problems.push(format!("{file}:{line}: {name}: slots 1 to 4"));
        }
        if e.slots.is_some() == e.carried_by.is_empty() {
            problems.push(format!(
                "{file}:{line}: {name}: slots and carried_by go together"
            ));
        }
        if (e.capacity > 0) != (e.holds != Holds::Nothing) || e.capacity > 8 {
            problems.push(format!(
                "{file}:{line}: {name}: a carrier has capacity 1 to 8 and holds something"
            ));
        }
        if e.element == Element::Sea && e.mountains {
            problems.push(format!("{file}:{line}: {name}: a naval unit on mountains"));
        }
        kinds[e.kind.index()] = Some(KindStats {
            element: e.element,
            range: e.range,
            mountain_range: e.mountain_range,
            mountains: e.mountains,
            slots: e.slots,
            carried_by: e.carried_by.iter().fold(0, |b, k| b | 1 << k.index()),
            capacity: e.capacity,
            holds: e.holds,
        });
    }
    for (i, e) in raw.units.iter().enumerate() {
        for c in &e.carried_by {
            if kinds[c.index()].is_some_and(|s| s.holds != Holds::UnitsAndOre) {
                problems.push(format!(
                    "{file}:{}: {}: carried_by {} which carries no units",
                    entry_line(i),
                    e.kind.name(),
                    c.name()
                ));
            }
        }
    }
    for k in Kind::ALL {
        if kinds[k.index()].is_none() {
            problems.push(format!(
                "{file}:{}: units: {} is missing",
                line_of_key(text, "units"),
                k.name()
            ));
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Stats {
        turret_range: raw.turret_range,
        kinds: kinds.map(|k| k.expect("checked above")),
    })
}

/// The game's stats, from the shipped file.
pub fn stats() -> &'static Stats {
    static STATS: OnceLock<Stats> = OnceLock::new();
    STATS.get_or_init(|| {
        load_stats(
            "assets/mothership/units.yaml",
            include_str!("../../assets/mothership/units.yaml"),
        )
        .unwrap_or_else(|e| panic!("{}", e.join("\n")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m5_shipped_stats() {
        let s = stats();
        assert_eq!(s.of(Kind::Tank).range, Some(2));
        assert_eq!(s.of(Kind::Tank).mountain_range, Some(3));
        assert_eq!(s.of(Kind::BigTank).range, Some(3));
        assert!(s.can_carry(Kind::Crab, Kind::Tank));
        assert!(!s.can_carry(Kind::Crab, Kind::Crab));
        assert!(s.can_carry(Kind::Barge, Kind::WeatherLayer));
        assert!(!s.can_carry(Kind::WeatherLayer, Kind::Tank));
        assert_eq!(s.turret_range, 2);
    }

    #[test]
    fn every_problem_with_its_line() {
        let text = "turret_range: 0\nunits:\n  - kind: tank\n    element: land\n    range: 40\n    mountains: true\n  - kind: tank\n    element: sea\n    mountains: true\n";
        let e = load_stats("u.yaml", text).unwrap_err();
        assert!(e.iter().any(|p| p.starts_with("u.yaml:1:")), "{e:?}");
        assert!(
            e.iter().any(|p| p.starts_with("u.yaml:3: tank: range")),
            "{e:?}"
        );
        assert!(
            e.iter()
                .any(|p| p.starts_with("u.yaml:7: tank: listed twice")),
            "{e:?}"
        );
        assert!(e.iter().any(|p| p.contains("crab is missing")), "{e:?}");
        let e = load_stats("u.yaml", "turret_range: 2\nunits: []\nspeed: 3\n").unwrap_err();
        assert!(e[0].starts_with("u.yaml:3:"), "{e:?}");
    }
}
