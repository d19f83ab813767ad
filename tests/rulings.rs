//! Every game's scenario suite through the kit's runner, by one generic check: the files under
//! `tests/<game>/` (named after the ruling they test, `g06_…`, `m07_…`, `r08_…`) load, play
//! their commands and meet their expectations; every ruling of the game has at least one; and
//! every file under `tests/<game>/invalid/` is rejected when loading, its error naming the file.
//! The card game's suite, with its own header conventions, is `tests/scenarios.rs`.
use orbitals::kit::scenario::{load, run_file};
use orbitals::kit::Ruleset;
use std::path::{Path, PathBuf};

/// The `*.yaml` files directly in `tests/<dir>`, sorted by name.
fn files(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    v.sort();
    v
}

/// A game's suite: `prefix` is the letter of its ruling ids, `rulings` the highest id.
fn check_suite<R: Ruleset>(dir: &str, prefix: char, rulings: u32) {
    let all = files(dir);
    let failures: Vec<String> = all
        .iter()
        .filter_map(|f| run_file::<R>(f).err().map(|e| e.to_string()))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));

    let names: Vec<String> = all
        .iter()
        .filter_map(|f| f.file_name()?.to_str().map(str::to_string))
        .collect();
    let missing: Vec<String> = (1..=rulings)
        .filter(|id| {
            let start = format!("{prefix}{id:02}_");
            !names.iter().any(|n| n.starts_with(&start))
        })
        .map(|id| format!("{}{id}", prefix.to_ascii_uppercase()))
        .collect();
    assert!(missing.is_empty(), "{dir}: no scenario for {missing:?}");

    let invalid = files(&format!("{dir}/invalid"));
    assert!(!invalid.is_empty(), "{dir}/invalid: no files");
    for f in invalid {
        match load::<R>(&f) {
            Ok(_) => panic!("{} loaded", f.display()),
            Err(e) => {
                let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
                assert!(e.to_string().contains(name), "{}: {e}", f.display());
            }
        }
    }
}

#[test]
fn globetrotter_rulings_g1_to_g18() {
    check_suite::<orbitals::globetrotter::State>("globetrotter", 'g', 18);
}

#[test]
fn mothership_rulings_m1_to_m37() {
    check_suite::<orbitals::mothership::State>("mothership", 'm', 37);
}

#[test]
fn rover_rulings_r1_to_r39() {
    check_suite::<orbitals::rover::State>("rover", 'r', 39);
}

/// Setup problems name the line of the field (Mothership's positions).
#[test]
fn mothership_setup_problems_name_their_line() {
    let f = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/mothership/invalid/two_units_on_one_cell.yaml");
    let text = load::<orbitals::mothership::State>(&f)
        .err()
        .expect("rejected")
        .to_string();
    assert!(text.contains("line 9: position.units[1]"), "{text}");
}
