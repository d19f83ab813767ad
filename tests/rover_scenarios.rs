//! Runs every RoveR scenario under `tests/rover/` (file names start with the ruling they test,
//! e.g. `r08_…`): each must load, play and meet its expectations; every ruling R1–R39 has one.
//! Files under `tests/rover/invalid/` must be rejected when loading.
//!
//! The runner here is small and temporary: it reads the file, plays the commands through
//! `parse_command` / `validate` / `apply_into` and checks the kit's `Expect`.
use orbitals::kit::{RuleViolation, Ruleset, ScenarioSpec};
use orbitals::rover::scenario::Scenario;
use orbitals::rover::State;
use std::path::{Path, PathBuf};

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

fn load(path: &Path) -> Result<(Scenario, State), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let file: Scenario = serde_yaml::from_str(&text).map_err(|e| {
        let line = e.location().map(|l| l.line()).unwrap_or(0);
        format!("{}:{line}: {e}", path.display())
    })?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let state = State::from_scenario(&file, dir, &mut Vec::new())
        .map_err(|p| format!("{}: {}", path.display(), p.join("; ")))?;
    Ok((file, state))
}

fn run(path: &Path) -> Result<(), String> {
    let (file, mut s) = load(path)?;
    let expected_error = file.expect().and_then(|e| e.error.clone());
    let mut events = Vec::new();
    let mut stopped = false;
    for (i, line) in file.commands().lines().enumerate() {
        let text = line.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let cmd = s
            .parse_command(text)
            .map_err(|e| format!("{}: command {}: `{text}`: {e}", path.display(), i + 1))?;
        if let Err(e) = Ruleset::validate(&s, &cmd) {
            if expected_error.as_deref() == Some(RuleViolation::rule(&e)) {
                stopped = true;
                break;
            }
            return Err(format!("{}: `{text}` is illegal: {e}", path.display()));
        }
        Ruleset::apply_into(&mut s, cmd, &mut events);
        s.check_invariants()
            .map_err(|e| format!("{}: after `{text}`: {e}", path.display()))?;
    }
    let Some(expect) = file.expect() else {
        return Err(format!("{}: no expectations", path.display()));
    };
    let lines: Vec<String> = events.iter().map(|e| s.format_event(e)).collect();
    let failures = expect.check_parts(
        &Ruleset::outcome(&s).notation(),
        stopped,
        &lines,
        Ok(s.view()),
    );
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}:\n  {}\n  events were:\n    {}",
            path.display(),
            failures.join("\n  "),
            lines.join("\n    ")
        ))
    }
}

#[test]
fn rover_scenarios_pass() {
    let files = files("tests/rover");
    assert!(files.len() >= 39, "expected a scenario per ruling");
    let failures: Vec<String> = files.iter().filter_map(|f| run(f).err()).collect();
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
        match load(&f) {
            Ok(_) => panic!("{} loaded", f.display()),
            Err(e) => assert!(!e.is_empty()),
        }
    }
}
