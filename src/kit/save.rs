//! Saves: a scenario file of the game so far (setup, seed, every command) with a `save:` block
//! saying who sits where. Loading replays the commands from the seed, so every die comes out
//! as it did (nothing is rolled anew), and the history (for undo) is rebuilt on the way.
//! Files are written atomically: a crash or a kill mid-write leaves the previous file whole.
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The part of a save file that a replay does not have.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveInfo {
    /// Who sits in each seat: `human`, or an agent spec (`greedy`, `mcts:normal`).
    pub seats: Vec<String>,
    /// The seed the AI seats were made with.
    #[serde(default)]
    pub ai_seed: u64,
    /// When the file was written, in seconds since 1970 (UTC).
    #[serde(default)]
    pub saved_at: u64,
    /// The name a player gave the save.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

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
        f.write_all(text.as_bytes())?;
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
}
