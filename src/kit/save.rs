//! Saves: a scenario file of the game so far (setup, seed, every command) with a `save:` block
//! saying who sits where. Loading replays the commands from the seed, so every die comes out
//! as it did (nothing is rolled anew), and the history (for undo) is rebuilt on the way.
//! Files are written atomically: a crash or a kill mid-write leaves the previous file whole.
use serde::Deserialize;
use std::io::Write;
use std::path::{Path, PathBuf};

pub use crate::core::save_info::SaveInfo;

/// Seconds since 1970 now.
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so the
/// file is either the old one or the new one, never half written.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    write_atomic_with(path, text, |f, bytes| f.write_all(bytes))
}

/// [`write_atomic`] with the writing of the bytes given (tests make it fail half way, as a
/// kill or a full disk would).
pub fn write_atomic_with(
    path: &Path,
    text: &str,
    write: impl FnOnce(&mut std::fs::File, &[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    let tmp: PathBuf = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        write(&mut f, text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        std::fs::remove_file(&tmp).ok();
    }
    result
}

/// The folder for saves: `$ORBITALS_SAVE_DIR`, else the platform's data folder
/// (`$XDG_DATA_HOME/orbitals/saves`, `~/.local/share/orbitals/saves`), else `saves/` here.
pub fn save_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("ORBITALS_SAVE_DIR") {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("orbitals").join("saves");
    }
    if let Some(h) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(h).join(".local/share/orbitals/saves");
    }
    PathBuf::from("saves")
}

/// The file the client keeps the running game in.
pub fn autosave_path() -> PathBuf {
    save_dir().join("autosave.yaml")
}

/// A file name for a save called `name`: its letters and digits, `-` for the rest.
pub fn file_name_for(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().chars().take(60) {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches('-');
    if out.is_empty() || out == "autosave" {
        format!("save-{}.yaml", now())
    } else {
        format!("{out}.yaml")
    }
}

/// What the list of saved games shows of one file.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    pub path: PathBuf,
    /// The `game:` key (`orbitals` when absent).
    pub game: String,
    /// The `save:` block, for saves (replays and scenarios have none).
    pub save: Option<SaveInfo>,
    /// The file's modification time (seconds since 1970), for files without a `save:` block.
    pub modified: u64,
    /// Command lines in the file.
    pub commands: usize,
    /// The outcome a replay expects (`winner p1`, `draw`), when it says.
    pub outcome: Option<String>,
}

/// The YAML files of `dir` (saves, replays, scenarios), newest first. A file that is not a
/// readable YAML map is listed with `Err` and why, never skipped and never a panic.
pub fn list_dir(dir: &Path) -> Vec<Result<Listed, (PathBuf, String)>> {
    #[derive(Deserialize)]
    struct Probe {
        #[serde(default)]
        game: Option<String>,
        #[serde(default)]
        save: Option<SaveInfo>,
        #[serde(default)]
        commands: String,
        #[serde(default)]
        expect: Option<serde_yaml::Value>,
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<_> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "yaml" || x == "yml")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .map(|path| {
            let modified = std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map(|d| d.as_secs())
                .unwrap_or(0);
            let text = super::guard::read_text(&path).map_err(|e| (path.clone(), e.message))?;
            let probe: Probe = serde_yaml::from_str(&text).map_err(|e| {
                let line = e.location().map(|l| l.line()).unwrap_or(1);
                (path.clone(), format!("line {line}: {e}"))
            })?;
            let commands = probe
                .commands
                .lines()
                .filter(|l| !l.split('#').next().unwrap_or("").trim().is_empty())
                .count();
            let outcome = probe
                .expect
                .as_ref()
                .and_then(|e| e.get("outcome"))
                .and_then(|o| o.as_str())
                .map(str::to_string);
            // A hand-written save without `saved_at` is dated by its file.
            let save = probe.save.map(|mut s| {
                if s.saved_at == 0 {
                    s.saved_at = modified;
                }
                s
            });
            Ok(Listed {
                game: probe.game.unwrap_or_else(|| "orbitals".into()),
                commands,
                outcome,
                save,
                modified,
                path,
            })
        })
        .collect();
    let time = |r: &Result<Listed, (PathBuf, String)>| match r {
        Ok(l) => l.save.as_ref().map(|s| s.saved_at).unwrap_or(l.modified),
        Err(_) => 0,
    };
    out.sort_by_key(|r| std::cmp::Reverse(time(r)));
    out
}

/// A date and time (UTC) as `2026-11-25 06:41`, from seconds since 1970.
pub fn date_text(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (h, m) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    // Civil date from days since 1970 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let mo = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(mo <= 2);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{m:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_writes_replace_the_whole_file_and_leave_no_temporary() {
        let dir = std::env::temp_dir().join(format!("orbitals-atomic-{}", std::process::id()));
        let path = dir.join("a.yaml");
        write_atomic(&path, "one\n").unwrap();
        write_atomic(&path, "two\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two\n");
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "temporary files left behind");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn an_unwritable_place_is_an_error_not_a_panic() {
        let dir = std::env::temp_dir().join(format!("orbitals-atomic-file-{}", std::process::id()));
        std::fs::write(&dir, "a file, not a folder").unwrap();
        assert!(write_atomic(&dir.join("x.yaml"), "x").is_err());
        std::fs::remove_file(&dir).ok();
    }

    #[test]
    fn a_writer_failing_half_way_leaves_the_previous_file_whole() {
        let dir = std::env::temp_dir().join(format!("orbitals-atomic-kill-{}", std::process::id()));
        let path = dir.join("s.yaml");
        write_atomic(&path, "first: 1\n").unwrap();
        let r = write_atomic_with(&path, "second: 2\n", |f, bytes| {
            f.write_all(&bytes[..3])?;
            Err(std::io::Error::other("killed"))
        });
        assert!(r.is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "first: 1\n");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn listing_shows_saves_and_replays_and_names_broken_files() {
        let dir = std::env::temp_dir().join(format!("orbitals-list-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("a.yaml"),
            "game: globetrotter\nseed: 1\nsave:\n  seats: [human, greedy]\n  saved_at: 100\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("b.yaml"),
            "seed: 2\ncommands: |\n  pass\n  # note\n  pass\nexpect:\n  outcome: draw\n",
        )
        .unwrap();
        std::fs::write(dir.join("c.yaml"), "game: [\n").unwrap();
        std::fs::write(
            dir.join("e.yaml"),
            "seed: 3\nsave:\n  seats: [human, greedy]\n",
        )
        .unwrap();
        std::fs::write(dir.join("d.yaml"), [0xff, 0xfe, 0x00]).unwrap();
        std::fs::write(dir.join("notes.txt"), "not listed").unwrap();
        let l = list_dir(&dir);
        assert_eq!(l.len(), 5);
        let ok: Vec<&Listed> = l.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert_eq!(ok.len(), 3);
        // No `saved_at`: the file's own date, not 1970.
        let e = ok.iter().find(|x| x.path.ends_with("e.yaml")).unwrap();
        assert_eq!(e.save.as_ref().unwrap().saved_at, e.modified);
        assert!(e.modified > 0);
        let a = ok.iter().find(|x| x.path.ends_with("a.yaml")).unwrap();
        assert_eq!(a.game, "globetrotter");
        assert_eq!(a.save.as_ref().unwrap().seats, vec!["human", "greedy"]);
        let b = ok.iter().find(|x| x.path.ends_with("b.yaml")).unwrap();
        assert_eq!((b.game.as_str(), b.save.is_none()), ("orbitals", true));
        assert_eq!((b.commands, b.outcome.as_deref()), (2, Some("draw")));
        let bad: Vec<&(PathBuf, String)> = l.iter().filter_map(|r| r.as_ref().err()).collect();
        assert!(bad
            .iter()
            .any(|(p, e)| p.ends_with("c.yaml") && e.contains("line")));
        assert!(bad.iter().any(|(p, _)| p.ends_with("d.yaml")));
        assert!(list_dir(&dir.join("absent")).is_empty());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn names_and_dates_read_well() {
        assert_eq!(file_name_for("My game: turn 5!"), "my-game-turn-5.yaml");
        assert!(file_name_for("  ").starts_with("save-"));
        assert!(file_name_for("autosave").starts_with("save-"));
        assert_eq!(date_text(0), "1970-01-01 00:00");
        assert_eq!(date_text(1_764_052_860), "2025-11-25 06:41");
    }
}
