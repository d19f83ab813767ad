//! Hostile input for every RoveR loader: content files, level files, scenario files and
//! command text. None may panic; every content and level error names its file and a line.
use orbitals::kit::scenario::load;
use orbitals::rover::content::{Db, FILES};
use orbitals::rover::notation::parse_command;
use orbitals::rover::{default_game, LevelSpec, State};
use proptest::prelude::*;
use std::path::PathBuf;

fn builtin_texts() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/rover");
    FILES
        .iter()
        .map(|f| std::fs::read_to_string(dir.join(f)).unwrap())
        .collect()
}

/// The content database of `texts`, one per file of [`FILES`].
fn from_texts(texts: &[String]) -> Result<Db, orbitals::rover::content::LoadErrors> {
    let files: Vec<(&str, &str)> = FILES
        .iter()
        .copied()
        .zip(texts.iter().map(String::as_str))
        .collect();
    Db::from_sources(&files)
}

fn check_content(texts: &[String]) {
    if let Err(e) = from_texts(texts) {
        assert!(!e.0.is_empty());
        for p in &e.0 {
            assert!(p.line >= 1, "{p}");
            assert!(FILES.contains(&p.file.as_str()), "{p}");
        }
    }
}

#[test]
fn the_content_folder_loads() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/rover");
    let db = Db::load_dir(&dir).unwrap();
    assert_eq!(db, *Db::builtin());
}

#[test]
fn a_missing_content_folder_is_an_error() {
    let e = Db::load_dir(&PathBuf::from("no/such/folder")).unwrap_err();
    assert_eq!(e.0.len(), FILES.len());
}

#[test]
fn unknown_keys_and_abilities_are_errors_with_lines() {
    let mut t = builtin_texts();
    t[0] = t[0].replacen("  range: 0\n", "  range: 0\n  colour: red\n", 1);
    let e = from_texts(&t).unwrap_err().to_string();
    assert!(e.contains("modules.yaml:") && e.contains("colour"), "{e}");
    let mut t = builtin_texts();
    t[0] = t[0].replacen("[shield 1]", "[shield 1, fly]", 1);
    let e = from_texts(&t).unwrap_err().to_string();
    assert!(e.contains("modules.yaml:12:") && e.contains("fly"), "{e}");
    let mut t = builtin_texts();
    t[2] = t[2].replacen("behaviour: wander", "behaviour: wander\n  wake: 3", 1);
    let e = from_texts(&t).unwrap_err().to_string();
    assert!(e.contains("entities.yaml:") && e.contains("wake"), "{e}");
}

#[test]
fn bad_scenario_files_are_reported_not_panicked() {
    let dir = std::env::temp_dir().join(format!("rover-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        "",
        "game: rover",
        "game: rover\nlevel: nowhere.yaml\n",
        "game: rover\nrows: |\n  PP\n",
        "game: rover\nrows: |\n  \n",
        "game: rover\nlevel: default\nrover: {slots: [a, b, c, d]}\n",
        "game: rover\nlevel: default\nentities: {e999: {data: 1}}\n",
        "game: rover\nlevel: default\nentities: {e1: {integrity: 0}}\n",
        "game: rover\nlevel: default\nround: 0\n",
        "game: rover\nlevel: default\nrover: {slots: [gas_laser 99]}\n",
        "game: rover\nlevel: default\ncommands: 7\nexpect: [1]\n",
        "- just\n- a list\n",
        "game: rover\nrows: |\n  P\npickups: [titanium]\n",
        "game: chess\nlevel: default\n",
        "game: rover\nlevel: default\ndice: {d20: [0]}\n",
    ];
    for (i, text) in cases.iter().enumerate() {
        let p = dir.join(format!("case{i}.yaml"));
        std::fs::write(&p, text).unwrap();
        let e = load::<State>(&p)
            .err()
            .unwrap_or_else(|| panic!("case {i} loaded"));
        assert!(e.to_string().contains(&format!("case{i}.yaml")), "{e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn mangled_content_never_panics(file in 0usize..4, cut in 0usize..4000, junk in ".{0,40}") {
        let mut t = builtin_texts();
        let s = &t[file];
        let mut at = cut.min(s.len());
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        t[file] = format!("{}{junk}{}", &s[..at], &s[at..]);
        check_content(&t);
    }

    #[test]
    fn arbitrary_level_text_never_panics(text in "(name: x\n)?(rows: \\|\n)?(  [.~#PmswcFAHKRQ]{0,40}\n){0,40}(pickups: \\[[a-z_, ]{0,30}\\]\n)?") {
        let db = Db::builtin();
        if let Err(e) = LevelSpec::parse_file(&db, "level.yaml", &text) {
            for p in &e.0 {
                prop_assert!(p.line >= 1 && p.file == "level.yaml");
            }
        }
    }

    #[test]
    fn arbitrary_command_text_never_panics(text in "\\PC{0,30}") {
        let s = default_game(1);
        let _ = parse_command(&s, &text);
    }

    #[test]
    fn wordy_commands_never_panic(
        verb in "(move|ram|access|use|wait|install|remove|refit|w|a|s|d)",
        args in proptest::collection::vec("(n|e|s|w|0|1|3|7|255|ohm_probe|x)", 0..4),
    ) {
        let s = default_game(1);
        let line = format!("{verb} {}", args.join(" "));
        if let Ok(c) = parse_command(&s, &line) {
            let again = orbitals::rover::notation::format_command(&s, &c);
            prop_assert_eq!(parse_command(&s, &again), Ok(c));
        }
    }
}

/// A content folder with several problems reports them all at once, each with its file and line:
/// two bad values in one file and an unknown key in another.
#[test]
fn every_problem_of_the_content_is_reported_at_once() {
    let mut t = builtin_texts();
    t[0] = t[0].replacen("  durability: 20\n", "  durability: 0\n", 1);
    t[0] = t[0].replacen("  durability: 10\n", "  durability: 0\n", 1);
    t[2] = t[2].replacen("behaviour: wander", "behaviour: wander\n  wake: 3", 1);
    let e = from_texts(&t).unwrap_err();
    let text = e.to_string();
    let modules = e.0.iter().filter(|p| p.file == FILES[0]).count();
    let entities = e.0.iter().filter(|p| p.file == FILES[2]).count();
    assert!(modules >= 2 && entities >= 1, "{text}");
    for p in &e.0 {
        assert!(p.line >= 1, "{p}");
    }
}
