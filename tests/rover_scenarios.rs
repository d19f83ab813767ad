//! Runs every RoveR scenario under `tests/rover/` through the kit's scenario runner (file names
//! start with the ruling they test, e.g. `r08_…`); each must load, play and meet its
//! expectations, and every ruling R1–R39 has one. Files under `tests/rover/invalid/` must be
//! rejected when loading, each problem naming its file.
use orbitals::kit::scenario::{load, run_file};
use orbitals::rover::State;
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
fn rover_scenarios_pass() {
    let files = files("tests/rover");
    assert!(files.len() >= 39, "expected a scenario per ruling");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| run_file::<State>(f).err().map(|e| e.to_string()))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_ruling_has_a_scenario() {
    let names: Vec<String> = files("tests/rover")
        .iter()
        .filter_map(|f| f.file_name()?.to_str().map(str::to_string))
        .collect();
    for id in 1..=39 {
        let prefix = format!("r{id:02}_");
        assert!(
            names.iter().any(|n| n.starts_with(&prefix)),
            "no scenario for R{id}"
        );
    }
}

#[test]
fn invalid_rover_scenarios_are_rejected() {
    let bad = files("tests/rover/invalid");
    assert!(!bad.is_empty());
    for f in bad {
        match load::<State>(&f) {
            Ok(_) => panic!("{} loaded", f.display()),
            Err(e) => {
                let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
                assert!(e.to_string().contains(name), "{}: {e}", f.display());
            }
        }
    }
}
