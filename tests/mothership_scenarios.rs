//! Runs every Mothership scenario under `tests/mothership/` through the kit's runner (file
//! names start with the ruling they test, `m07_…`): each loads, plays its commands and meets
//! its expectations. Files under `tests/mothership/invalid/` must be rejected when loading,
//! with the file named in the error.
use orbitals::kit::scenario::{load, run_file};
use orbitals::mothership::State;
use std::path::PathBuf;

fn files(dir: &str) -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    v.sort();
    v
}

#[test]
fn mothership_scenarios_pass() {
    let files = files("tests/mothership");
    assert!(files.len() >= 37, "expected a scenario per ruling");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| run_file::<State>(f).err().map(|e| e.to_string()))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_ruling_has_a_scenario() {
    let names: Vec<String> = files("tests/mothership")
        .iter()
        .filter_map(|f| f.file_name()?.to_str().map(str::to_string))
        .collect();
    for id in 1..=37 {
        let prefix = format!("m{id:02}_");
        assert!(
            names.iter().any(|n| n.starts_with(&prefix)),
            "no scenario for M{id}"
        );
    }
}

#[test]
fn invalid_scenarios_are_rejected_with_a_reason() {
    let files = files("tests/mothership/invalid");
    assert!(files.len() >= 5);
    for f in files {
        match load::<State>(&f) {
            Ok(_) => panic!("{} loaded", f.display()),
            Err(e) => {
                let text = e.to_string();
                assert!(text.contains(f.to_str().unwrap()), "{text}");
            }
        }
    }
}

#[test]
fn setup_problems_name_their_line() {
    let f = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/mothership/invalid/two_units_on_one_cell.yaml");
    let text = load::<State>(&f).err().expect("rejected").to_string();
    assert!(text.contains("line 9: position.units[1]"), "{text}");
}
