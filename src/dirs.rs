//! Where Dáma keeps its files: settings in the configuration directory, the autosaved game and
//! the log in the data directory. Each can be moved by a variable, for tests; a portable copy
//! (the Windows zip, carried on a USB stick) keeps both beside the program.

use std::path::{Path, PathBuf};

/// The variable that replaces the configuration directory.
pub const CONFIG_ENV: &str = "DAMA_CONFIG_DIR";
/// The variable that replaces the data directory.
pub const DATA_ENV: &str = "DAMA_DATA_DIR";

/// The file that makes a copy portable: lying beside the program, it puts the settings in
/// `nastaveni` and the data in `data` beside it (the Windows zip ships it, with what it does).
pub const PORTABLE_MARKER: &str = "portable.txt";

/// The folder `name` beside the program, when the program is a portable copy.
fn portable(name: &str) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    portable_in(exe.parent()?, name)
}

/// The folder `name` in `program_dir` when [`PORTABLE_MARKER`] is there.
pub fn portable_in(program_dir: &Path, name: &str) -> Option<PathBuf> {
    program_dir
        .join(PORTABLE_MARKER)
        .is_file()
        .then(|| program_dir.join(name))
}

fn project() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("cz", "Dama", "dama")
}

/// The directory for settings: `DAMA_CONFIG_DIR` if set, else `nastaveni` beside a portable
/// copy, else the platform's configuration directory (`~/.config/dama` on Linux,
/// `%APPDATA%\Dama\dama\config` on Windows).
pub fn config_dir() -> Option<PathBuf> {
    match std::env::var_os(CONFIG_ENV) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => portable("nastaveni").or_else(|| project().map(|d| d.config_dir().to_path_buf())),
    }
}

/// The directory for the autosaved game and the log: `DAMA_DATA_DIR` if set, else `data` beside
/// a portable copy, else the platform's data directory (`~/.local/share/dama` on Linux,
/// `%APPDATA%\Dama\dama\data` on Windows).
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os(DATA_ENV) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => portable("data").or_else(|| project().map(|d| d.data_dir().to_path_buf())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_portable_copy_keeps_its_files_beside_the_program() {
        let dir = std::env::temp_dir().join(format!("dama-portable-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(portable_in(&dir, "data"), None);
        std::fs::write(dir.join(PORTABLE_MARKER), "portable").unwrap();
        assert_eq!(portable_in(&dir, "data"), Some(dir.join("data")));
        assert_eq!(portable_in(&dir, "nastaveni"), Some(dir.join("nastaveni")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
