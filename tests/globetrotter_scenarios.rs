//! Runs every Globetrotter scenario under `tests/globetrotter/` (file names start with the
//! ruling id they test, e.g. `g06_…`); each must load, play and meet its expectations. Files
//! under `tests/globetrotter/invalid/` must be rejected when loading.
use orbitals::globetrotter::scenario::run_scenario_file;
use orbitals::globetrotter::State;
use orbitals::kit::scenario::load;
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
fn globetrotter_scenarios_pass() {
    let files = files("tests/globetrotter");
    assert!(files.len() >= 13, "expected scenario files");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| run_scenario_file(f).err().map(|e| e.to_string()))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_ruling_has_a_scenario() {
    let names: Vec<String> = files("tests/globetrotter")
        .iter()
        .filter_map(|f| f.file_name()?.to_str().map(str::to_string))
        .collect();
    for id in 1..=18 {
        let prefix = format!("g{id:02}_");
        assert!(
            names.iter().any(|n| n.starts_with(&prefix)),
            "no scenario for G{id}"
        );
    }
}

#[test]
fn invalid_globetrotter_scenarios_are_rejected() {
    for f in files("tests/globetrotter/invalid") {
        assert!(load::<State>(&f).is_err(), "{} loaded", f.display());
    }
}
