//! Where Dáma keeps its files: settings in the configuration directory, the autosaved game and
//! the log in the data directory. Each can be moved by a variable, for tests and for a portable
//! copy on a USB stick.

use std::path::PathBuf;

/// The variable that replaces the configuration directory.
pub const CONFIG_ENV: &str = "DAMA_CONFIG_DIR";
/// The variable that replaces the data directory.
pub const DATA_ENV: &str = "DAMA_DATA_DIR";

fn project() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("cz", "Dama", "dama")
}

/// The directory for settings: `DAMA_CONFIG_DIR` if set, else the platform's configuration
/// directory (`~/.config/dama` on Linux).
pub fn config_dir() -> Option<PathBuf> {
    match std::env::var_os(CONFIG_ENV) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => project().map(|d| d.config_dir().to_path_buf()),
    }
}

/// The directory for the autosaved game and the log: `DAMA_DATA_DIR` if set, else the
/// platform's data directory (`~/.local/share/dama` on Linux).
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os(DATA_ENV) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => project().map(|d| d.data_dir().to_path_buf()),
    }
}
