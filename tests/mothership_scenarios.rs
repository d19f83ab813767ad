//! Runs every Mothership scenario under `tests/mothership/` (file names start with the ruling
//! they test, `m07_…`): each loads, plays its commands and meets its expectations; an
//! expected illegal command must be rejected citing its ruling.
//! Files under `tests/mothership/invalid/` must be rejected when loading.
use orbitals::kit::Ruleset;
use orbitals::mothership::scenario::{state_of, Scenario};
use orbitals::mothership::State;
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

fn load(path: &Path) -> Result<(Scenario, State, usize), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let f: Scenario = serde_yaml::from_str(&text).map_err(|e| {
        let line = e.location().map_or(0, |l| l.line());
        format!("{}:{line}: {e}", path.display())
    })?;
    let s = state_of(&f).map_err(|p| format!("{}: {}", path.display(), p.join("; ")))?;
    let first = text
        .lines()
        .position(|l| l.starts_with("commands:"))
        .map_or(0, |i| i + 2);
    Ok((f, s, first))
}

fn run(path: &Path) -> Result<(), String> {
    let (f, mut s, first) = load(path)?;
    let want_error = f.expect.as_ref().and_then(|e| e.error.clone());
    let mut events = Vec::new();
    let mut stopped = false;
    for (i, line) in f.commands.lines().enumerate() {
        let text = line.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let at = format!("{}:{}", path.display(), first + i);
        let cmd = s.parse_command(text).map_err(|e| format!("{at}: {e}"))?;
        if let Err(e) = Ruleset::validate(&s, &cmd) {
            if want_error.as_deref() == Some(e.rule()) {
                stopped = true;
                break;
            }
            return Err(format!("{at}: `{text}` is illegal: {e}"));
        }
        Ruleset::apply_into(&mut s, cmd, &mut events);
        s.check_invariants()
            .map_err(|e| format!("{at}: invariant: {e}"))?;
    }
    if let Some(exp) = &f.expect {
        let lines: Vec<String> = events.iter().map(|e| s.format_event(e)).collect();
        let fails = exp.check_parts(&s.outcome.notation(), stopped, &lines, Ok(s.view()));
        if !fails.is_empty() {
            return Err(format!(
                "{}: {}\n  events:\n    {}",
                path.display(),
                fails.join("\n  "),
                lines.join("\n    ")
            ));
        }
    }
    Ok(())
}

#[test]
fn mothership_scenarios_pass() {
    let files = files("tests/mothership");
    assert!(files.len() >= 37, "expected a scenario per ruling");
    let failures: Vec<String> = files.iter().filter_map(|f| run(f).err()).collect();
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
    assert!(!files.is_empty());
    for f in files {
        match load(&f) {
            Ok(_) => panic!("{} loaded", f.display()),
            Err(e) => assert!(e.contains(f.to_str().unwrap()), "{e}"),
        }
    }
}
