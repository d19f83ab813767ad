//! Hostile input for every Mothership loader: maps, unit stats, scenario files and command
//! text. Nothing panics; every error names the file and a line (or the field and its line).
use orbitals::kit::scenario::load;
use orbitals::kit::Ruleset;
use orbitals::mothership::map::{default_for, load_map};
use orbitals::mothership::setup::new_game;
use orbitals::mothership::stats::load_stats;
use orbitals::mothership::State;
use proptest::prelude::*;

const MAP: &str = include_str!("../assets/mothership/maps/duel.yaml");
const UNITS: &str = include_str!("../assets/mothership/units.yaml");

fn has_line(file: &str, e: &str) -> bool {
    e.strip_prefix(file)
        .and_then(|r| r.strip_prefix(':'))
        .and_then(|r| r.split(':').next())
        .is_some_and(|n| n.parse::<usize>().is_ok_and(|n| n >= 1))
}

/// Cuts, swaps or garbles the text at positions taken from `r`.
fn mangle(text: &str, r: &[u32]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for w in r.chunks_exact(3) {
        if lines.is_empty() {
            break;
        }
        let i = w[0] as usize % lines.len();
        match w[1] % 6 {
            0 => {
                lines.remove(i);
            }
            1 => {
                let j = w[2] as usize % lines.len();
                lines.swap(i, j);
            }
            2 => {
                let l = &mut lines[i];
                let cut = (w[2] as usize % (l.len() + 1)).min(l.len());
                let cut = (0..=cut)
                    .rev()
                    .find(|&k| l.is_char_boundary(k))
                    .unwrap_or(0);
                l.truncate(cut);
            }
            3 => lines[i].push_str(["x", ": [", "\"", " - 9", "~^", "%"][w[2] as usize % 6]),
            4 => lines.insert(i, "  bogus: 3".into()),
            _ => lines[i] = lines[i].replace(['2', '.'], ["-7", "q"][w[2] as usize % 2]),
        }
    }
    lines.join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn mangled_maps_never_panic_and_name_a_line(r in proptest::collection::vec(any::<u32>(), 3..15)) {
        let text = mangle(MAP, &r);
        if let Err(errors) = load_map("duel.yaml", &text) {
            prop_assert!(!errors.is_empty());
            for e in &errors {
                prop_assert!(has_line("duel.yaml", e), "{e}");
            }
        }
    }

    #[test]
    fn mangled_unit_stats_never_panic_and_name_a_line(r in proptest::collection::vec(any::<u32>(), 3..15)) {
        let text = mangle(UNITS, &r);
        if let Err(errors) = load_stats("units.yaml", &text) {
            prop_assert!(!errors.is_empty());
            for e in &errors {
                prop_assert!(has_line("units.yaml", e), "{e}");
            }
        }
    }

    #[test]
    fn arbitrary_text_is_never_a_panic(text in "\\PC{0,200}") {
        let _ = load_map("m.yaml", &text);
        let _ = load_stats("u.yaml", &text);
        let s = new_game(2, default_for(2), 1);
        let _ = s.parse_command(&(), &text);
    }

    #[test]
    fn command_text_never_panics(words in proptest::collection::vec(
        prop_oneof![
            Just("move"), Just("go"), Just("load"), Just("unload"), Just("fire"), Just("at"),
            Just("into"), Just("ship"), Just("ore"), Just("u1"), Just("u0"), Just("u99999"),
            Just("t3,4"), Just("3,4"), Just("-1,2"), Just("99,99"), Just("s1"), Just("s9"),
            Just("seal"), Just("leave"), Just("stay"), Just("land"), Just("0"), Just("2"),
            Just("build"), Just("tank"), Just("capture"), Just("assault"), Just("with"),
            Just("plan"), Just("300"), Just("end"), Just("enter"), Just("repair"), Just("takeoff"),
        ], 0..8)) {
        let s = new_game(2, default_for(2), 1);
        let text = words.join(" ");
        if let Ok(c) = s.parse_command(&(), &text) {
            let _ = Ruleset::validate(&s, &c);
            prop_assert_eq!(s.parse_command(&(), &s.format_command(&(), &c)), Ok(c));
        }
    }

    #[test]
    fn mangled_scenarios_never_panic_and_name_the_file(
        which in 0usize..37,
        r in proptest::collection::vec(any::<u32>(), 3..12),
    ) {
        let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/mothership");
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
            .collect();
        files.sort();
        let text = std::fs::read_to_string(&files[which % files.len()]).unwrap();
        let mangled = mangle(&text, &r);
        let path = tmp_path(which, &r);
        std::fs::write(&path, &mangled).unwrap();
        if let Err(e) = load::<State>(&path) {
            prop_assert!(e.to_string().contains(path.to_str().unwrap()), "{e}");
        }
        let _ = std::fs::remove_file(&path);
    }
}

fn tmp_path(which: usize, r: &[u32]) -> std::path::PathBuf {
    let h = r.iter().fold(which as u64, |a, &x| {
        a.wrapping_mul(31).wrapping_add(u64::from(x))
    });
    std::env::temp_dir().join(format!(
        "mothership-hostile-{}-{h}.yaml",
        std::process::id()
    ))
}

#[test]
fn shipped_data_loads() {
    assert!(load_map("duel.yaml", MAP).is_ok());
    assert!(load_stats("units.yaml", UNITS).is_ok());
}

/// A unit file with several bad values reports them all at once, each with its line.
#[test]
fn every_problem_of_a_unit_file_is_reported_at_once() {
    let bad = UNITS
        .replacen(
            "    range: 2\n    mountain_range: 3\n",
            "    range: 0\n    mountain_range: 3\n",
            1,
        )
        .replacen(
            "    range: 3\n    mountains: false\n",
            "    range: 0\n    mountains: false\n",
            1,
        );
    assert_ne!(bad, UNITS);
    let e = load_stats("units.yaml", &bad).unwrap_err();
    assert!(e.len() >= 2, "{e:?}");
    assert!(e.iter().all(|l| has_line("units.yaml", l)), "{e:?}");
}
