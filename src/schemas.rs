//! JSON Schemas of every file the games read, generated from the Rust types their loaders
//! deserialize (never written by hand): card and deck files, each game's scenario/save/replay
//! file, Mothership's maps and unit table, RoveR's modules, chassis, entities, start and levels.
//!
//! `orbitals schema --out schemas` writes them as `schemas/<name>.schema.json`; the shipped data
//! files name theirs in a `# yaml-language-server: $schema=...` first line, so editors with a
//! YAML language server complete and check fields as they are typed. The schemas say what the
//! YAML *shape* must be (keys, types, enums, unknown keys rejected); the checked loaders still
//! report what only the whole file can tell (unknown card ids, deck sizes, map sizes, rulings).
use schemars::{schema_for, JsonSchema};
use serde_json::Value;

/// One schema: its file name stem, what it describes, and which shipped files follow it.
pub struct SchemaFile {
    /// `card` is written as `card.schema.json`.
    pub name: &'static str,
    pub about: &'static str,
    /// Folders or files (relative to the repository) whose `.yaml` files follow the schema.
    pub files: &'static [&'static str],
    schema: fn() -> Value,
}

impl SchemaFile {
    /// The schema as JSON.
    pub fn schema(&self) -> Value {
        let mut v = (self.schema)();
        if let Value::Object(m) = &mut v {
            m.insert("description".into(), Value::String(self.about.into()));
        }
        v
    }

    /// The file name it is written under.
    pub fn file_name(&self) -> String {
        format!("{}.schema.json", self.name)
    }

    /// The schema as the text written to disk (pretty JSON, one trailing newline).
    pub fn text(&self) -> String {
        let mut t = serde_json::to_string_pretty(&self.schema()).unwrap_or_default();
        t.push('\n');
        t
    }
}

fn of<T: JsonSchema>() -> Value {
    serde_json::to_value(schema_for!(T)).unwrap_or(Value::Null)
}

/// Every schema, in the order `orbitals schema` writes them.
pub const SCHEMAS: &[SchemaFile] = &[
    SchemaFile {
        name: "card",
        about: "Orbitals card file: spacecraft, assets and upgrades (docs/cards.md)",
        files: &["cards"],
        schema: of::<crate::data::raw::RawCardFile>,
    },
    SchemaFile {
        name: "deck",
        about: "Orbitals deck file: a name, a homeworld and 30 cards (docs/cards.md)",
        files: &["decks", "assets/guide"],
        schema: of::<crate::data::raw::RawDeck>,
    },
    SchemaFile {
        name: "orbitals-scenario",
        about: "Orbitals scenario, save or replay file (docs/scenarios.md)",
        files: &["tests/scenarios"],
        schema: of::<crate::scenario::ScenarioFile>,
    },
    SchemaFile {
        name: "globetrotter-scenario",
        about: "Globetrotter scenario, save or replay file (docs/globetrotter.md)",
        files: &["tests/globetrotter"],
        schema: of::<crate::globetrotter::scenario::ScenarioFile>,
    },
    SchemaFile {
        name: "mothership-scenario",
        about: "Mothership scenario, save or replay file (docs/rules/mothership.md)",
        files: &["tests/mothership"],
        schema: of::<crate::mothership::scenario::Scenario>,
    },
    SchemaFile {
        name: "rover-scenario",
        about: "RoveR scenario, save or replay file (docs/rules/rover.md)",
        files: &["tests/rover"],
        schema: of::<crate::rover::scenario::Scenario>,
    },
    SchemaFile {
        name: "mothership-map",
        about: "Mothership map: terrain rows and ore (M1)",
        files: &["assets/mothership/maps"],
        schema: of::<crate::mothership::map::MapFile>,
    },
    SchemaFile {
        name: "mothership-units",
        about: "Mothership unit table (M4)",
        files: &["assets/mothership/units.yaml"],
        schema: of::<crate::mothership::stats::StatsFile>,
    },
    SchemaFile {
        name: "rover-modules",
        about: "RoveR modules (R7, R19)",
        files: &["assets/rover/modules.yaml"],
        schema: of::<Vec<crate::rover::content::raw::RawModule>>,
    },
    SchemaFile {
        name: "rover-chassis",
        about: "RoveR chassis (R5)",
        files: &["assets/rover/chassis.yaml"],
        schema: of::<Vec<crate::rover::content::raw::RawChassis>>,
    },
    SchemaFile {
        name: "rover-entities",
        about: "RoveR entity types (R15)",
        files: &["assets/rover/entities.yaml"],
        schema: of::<Vec<crate::rover::content::raw::RawKind>>,
    },
    SchemaFile {
        name: "rover-start",
        about: "RoveR start loadout (R18)",
        files: &["assets/rover/start.yaml"],
        schema: of::<crate::rover::content::raw::RawStart>,
    },
    SchemaFile {
        name: "rover-level",
        about: "RoveR level: glyph rows and pickups (R1, R30)",
        files: &["assets/rover/levels"],
        schema: of::<crate::rover::content::raw::RawLevel>,
    },
];

/// The schema a YAML file's first line names (`# yaml-language-server: $schema=<path>`),
/// by file name.
pub fn named_in(text: &str) -> Option<&'static SchemaFile> {
    let first = text.lines().next()?;
    let path = first
        .trim_start_matches('#')
        .trim()
        .strip_prefix("yaml-language-server:")?
        .trim()
        .strip_prefix("$schema=")?;
    let file = path.rsplit('/').next()?;
    SCHEMAS.iter().find(|s| s.file_name() == file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_schema_is_an_object_that_rejects_unknown_keys_somewhere() {
        for s in SCHEMAS {
            let v = s.schema();
            assert!(v.is_object(), "{}", s.name);
            assert!(
                v.to_string().contains("\"additionalProperties\":false"),
                "{}: no deny_unknown_fields",
                s.name
            );
        }
    }

    #[test]
    fn the_modeline_names_its_schema() {
        let t = "# yaml-language-server: $schema=../schemas/deck.schema.json\nname: x\n";
        assert_eq!(named_in(t).map(|s| s.name), Some("deck"));
        assert!(named_in("name: x\n").is_none());
    }
}
