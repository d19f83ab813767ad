//! The JSON Schemas in `schemas/` (written by `orbitals schema`): they are the ones the code
//! generates today (`ORBITALS_BLESS=1` rewrites them and fails once, so a change is reviewed),
//! every shipped and test file validates against its schema, known-bad fixtures do not, and
//! every shipped data file names its schema in its first line for editors.
use orbitals::schemas::{named_in, SchemaFile, SCHEMAS};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `.yaml` files a schema's `files` entry names (a folder's direct children, or one file).
fn files_of(entry: &str) -> Vec<PathBuf> {
    let p = root().join(entry);
    if p.is_file() {
        return vec![p];
    }
    let mut v: Vec<PathBuf> = std::fs::read_dir(&p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    v.sort();
    v
}

fn yaml(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The schema's complaints about `path` (empty when it validates).
fn problems(s: &SchemaFile, path: &Path) -> Vec<String> {
    let schema = s.schema();
    let v = jsonschema::validator_for(&schema)
        .unwrap_or_else(|e| panic!("{}: not a valid schema: {e}", s.name));
    let doc = yaml(path);
    v.iter_errors(&doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn committed_schemas_are_the_generated_ones() {
    let dir = root().join("schemas");
    let bless = std::env::var_os("ORBITALS_BLESS").is_some();
    let mut stale = Vec::new();
    for s in SCHEMAS {
        let path = dir.join(s.file_name());
        let want = s.text();
        if std::fs::read_to_string(&path).ok().as_deref() != Some(want.as_str()) {
            if bless {
                std::fs::create_dir_all(&dir).expect("schemas folder");
                std::fs::write(&path, &want).expect("write schema");
            }
            stale.push(s.file_name());
        }
    }
    assert!(
        stale.is_empty(),
        "schemas differ from the code: {stale:?} (run `orbitals schema` or ORBITALS_BLESS=1)"
    );
}

#[test]
fn every_shipped_and_test_file_follows_its_schema() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for s in SCHEMAS {
        for entry in s.files {
            for f in files_of(entry) {
                checked += 1;
                for p in problems(s, &f) {
                    failures.push(format!("{}: {p}", f.display()));
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} files checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn known_bad_fixtures_are_rejected_by_their_schema() {
    let by_name = |n: &str| SCHEMAS.iter().find(|s| s.name == n).expect(n);
    let mut bad: Vec<(&str, PathBuf)> = vec![
        ("card", root().join("tests/fixtures/bad_cards/typos.yaml")),
        (
            "mothership-scenario",
            root().join("tests/mothership/invalid/unknown_key.yaml"),
        ),
        (
            "rover-scenario",
            root().join("tests/rover/invalid/unknown_key.yaml"),
        ),
    ];
    for dir in ["o27_unknown_field_cards", "o27_unknown_effect_cards"] {
        for f in files_of(&format!("tests/scenarios/invalid/{dir}")) {
            bad.push(("card", f));
        }
    }
    assert!(bad.len() >= 5);
    for (schema, f) in bad {
        assert!(
            !problems(by_name(schema), &f).is_empty(),
            "{} passes the {schema} schema",
            f.display()
        );
    }
}

#[test]
fn shipped_data_files_name_their_schema() {
    for s in SCHEMAS {
        for entry in s.files.iter().filter(|e| !e.starts_with("tests/")) {
            for f in files_of(entry) {
                let text = std::fs::read_to_string(&f).expect("readable");
                assert_eq!(
                    named_in(&text).map(|n| n.name),
                    Some(s.name),
                    "{}: the first line should be `# yaml-language-server: $schema=<path>/{}`",
                    f.display(),
                    s.file_name()
                );
            }
        }
    }
}

/// `docs/cards.md` documents every field of the card and deck schemas, and each range it gives
/// is the schema's (which is the loader's: both come from one table of limits).
#[test]
fn cards_doc_lists_every_field_with_the_schemas_range() {
    let doc = std::fs::read_to_string(root().join("docs/cards.md")).unwrap();
    let schema_of = |name: &str| -> Value {
        let s = SCHEMAS.iter().find(|s| s.name == name).unwrap();
        serde_json::from_str(&s.text()).unwrap()
    };
    let card = schema_of("card");
    let deck = schema_of("deck");
    // Each documented section: its heading in the page and the schema object it describes.
    let sections = [
        ("## Spacecraft", &card["$defs"]["RawSpacecraft"]),
        ("## Assets", &card["$defs"]["RawAsset"]),
        ("## Upgrades", &card["$defs"]["RawUpgrade"]),
        ("## Decks", &deck),
    ];
    for (heading, object) in sections {
        let start = doc
            .find(heading)
            .unwrap_or_else(|| panic!("no `{heading}`"));
        let section = &doc[start + heading.len()..];
        let section = &section[..section.find("\n## ").unwrap_or(section.len())];
        let mut rows = std::collections::HashMap::new();
        for line in section.lines().filter(|l| l.starts_with("| `")) {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            for field in cells[1].split(", ") {
                rows.insert(field.trim_matches('`').to_string(), cells[3].to_string());
            }
        }
        let props = object["properties"].as_object().unwrap();
        for (field, p) in props {
            let range = rows
                .get(field)
                .unwrap_or_else(|| panic!("docs/cards.md {heading}: `{field}` is not documented"));
            // A list's range is its items' range ("0–20 each").
            let p = if p["items"].is_object() {
                &p["items"]
            } else {
                p
            };
            if let (Some(lo), Some(hi)) = (p["minimum"].as_i64(), p["maximum"].as_i64()) {
                let want = format!("{lo}–{hi}");
                assert!(
                    range.starts_with(&want),
                    "docs/cards.md {heading}: `{field}` says `{range}`, the schema {want}"
                );
            }
        }
        for field in rows.keys() {
            assert!(
                props.contains_key(field),
                "docs/cards.md {heading}: `{field}` is not in the schema"
            );
        }
    }
}
