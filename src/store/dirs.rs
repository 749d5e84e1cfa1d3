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

/// The folder of the endgame databases (`dama endgame` writes there, the search and match
/// programs read there): `endgames` in [`data_dir`].
pub fn endgames_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("endgames"))
}

/// Why a folder cannot hold Dáma's files.
#[derive(Debug)]
pub enum FolderProblem {
    /// This path, the folder's or one above it, is a file and not a folder.
    IsFile(PathBuf),
    /// This path, the folder's or one above it, is a symbolic link that leads back to itself.
    LinkLoop(PathBuf),
    /// The folder cannot be created or used: what the system said.
    Cannot(std::io::Error),
}

/// Makes sure `dir` is a folder, creating it and those above it where they are missing; says
/// why not in words of its own (a file or a link loop in the way gives only "File exists").
///
/// # Errors
/// The folder cannot be made or used.
pub fn ensure_folder(dir: &Path) -> Result<(), FolderProblem> {
    let error = match std::fs::create_dir_all(dir) {
        Ok(()) if dir.is_dir() => return Ok(()),
        Ok(()) => std::io::Error::from(std::io::ErrorKind::NotADirectory),
        Err(e) => e,
    };
    // The first path from the top that is in the way.
    let mut paths: Vec<&Path> = dir.ancestors().collect();
    paths.reverse();
    for path in paths.into_iter().filter(|p| !p.as_os_str().is_empty()) {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => return Err(FolderProblem::IsFile(path.to_path_buf())),
            Err(e) if is_link_loop(&e) => return Err(FolderProblem::LinkLoop(path.to_path_buf())),
            Err(_) => break,
        }
    }
    Err(FolderProblem::Cannot(error))
}

/// Whether `e` says that symbolic links lead in a circle.
fn is_link_loop(e: &std::io::Error) -> bool {
    #[cfg(target_os = "linux")]
    {
        e.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = e;
        false
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

    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_in_the_way_is_named() {
        let dir = std::env::temp_dir().join(format!("dama-folders-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert!(ensure_folder(&dir.join("a/b")).is_ok());
        assert!(dir.join("a/b").is_dir());
        let file = dir.join("file");
        std::fs::write(&file, "x").unwrap();
        assert!(matches!(ensure_folder(&file), Err(FolderProblem::IsFile(p)) if p == file));
        assert!(
            matches!(ensure_folder(&file.join("below")), Err(FolderProblem::IsFile(p)) if p == file)
        );
        let looped = dir.join("loop");
        std::os::unix::fs::symlink(&looped, &looped).unwrap();
        assert!(matches!(ensure_folder(&looped), Err(FolderProblem::LinkLoop(p)) if p == looped));
        assert!(
            matches!(ensure_folder(&looped.join("x")), Err(FolderProblem::LinkLoop(p)) if p == looped)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
