//! Opening the files Dáma reads and locks by itself (settings, games, autosaves, databases,
//! locks): only a regular file, never a pipe, device or socket found at its path. Opening a
//! FIFO waits for a writer (for a reader when writing) and reading a device may never end, so a
//! hostile or damaged data folder could hang the window before it appears. Everything here is a
//! leaf: it imports nothing of the crate, so every layer that reads a file may use it.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// What stands at a path that is neither a regular file nor a folder.
#[derive(Debug, thiserror::Error)]
#[error("not a regular file")]
struct NotARegularFile;

/// The error for a path that holds something other than a regular file or a folder.
pub fn not_a_file() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, NotARegularFile)
}

/// Whether `e` is [`not_a_file`]'s error.
pub fn is_not_a_file(e: &io::Error) -> bool {
    e.get_ref()
        .is_some_and(|inner| inner.is::<NotARegularFile>())
}

/// Opens the regular file at `path` with `options`, refusing anything else without waiting on
/// it. On Linux the file is opened non-blocking (which a regular file ignores), then checked
/// on the open handle, so that nothing swapped in between is read; elsewhere the path is
/// checked first.
///
/// # Errors
/// Those of opening; `IsADirectory` for a folder; [`not_a_file`] for anything else that is not
/// a regular file.
pub fn open_with(path: &Path, options: &mut OpenOptions) -> io::Result<File> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    // Nothing there yet is for opening to say (a lock file is created).
    #[cfg(not(target_os = "linux"))]
    match std::fs::metadata(path) {
        Ok(meta) => check(&meta)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let file = options
        .open(path)
        .map_err(|e| if no_reader(&e) { not_a_file() } else { e })?;
    check(&file.metadata()?)?;
    Ok(file)
}

/// Whether `e` is a FIFO's, opened non-blocking to write with no reader at its other end.
#[cfg(target_os = "linux")]
fn no_reader(e: &io::Error) -> bool {
    e.raw_os_error() == Some(libc::ENXIO)
}

#[cfg(not(target_os = "linux"))]
fn no_reader(_: &io::Error) -> bool {
    false
}

fn check(meta: &std::fs::Metadata) -> io::Result<()> {
    if meta.is_dir() {
        Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "a folder, not a file",
        ))
    } else if meta.is_file() {
        Ok(())
    } else {
        Err(not_a_file())
    }
}

/// Opens the regular file at `path` to read.
///
/// # Errors
/// See [`open_with`].
pub fn open(path: &Path) -> io::Result<File> {
    open_with(path, OpenOptions::new().read(true))
}

/// Reads the regular file at `path` whole, at most `limit` bytes.
///
/// # Errors
/// See [`open_with`]; `FileTooLarge` for a file of more than `limit` bytes.
pub fn read(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open(path)?
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            "file too large",
        ));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_regular_file_is_opened() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.txt");
        std::fs::write(&file, "abc").unwrap();
        assert_eq!(read(&file, 3).unwrap(), b"abc");
        assert_eq!(
            read(&file, 2).unwrap_err().kind(),
            io::ErrorKind::FileTooLarge
        );
        assert_eq!(
            open(dir.path()).unwrap_err().kind(),
            io::ErrorKind::IsADirectory
        );
        assert_eq!(
            open(&dir.path().join("none")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
        // A file to create (a lock) is made: nothing there is no error before it is opened.
        let lock = dir.path().join("new.lock");
        open_with(&lock, OpenOptions::new().create(true).write(true)).unwrap();
        assert!(lock.is_file());
    }

    /// A FIFO with nobody at its other end is refused at once, to read and to write (a
    /// lock file), where opening it would wait for ever.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_fifo_is_refused_without_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("settings.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        let (tx, rx) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || {
            let read = open(&path).map(|_| ());
            let write = open_with(&path, OpenOptions::new().write(true).create(true)).map(|_| ());
            tx.send((read, write)).unwrap();
        });
        let (read, write) = rx
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("opening a FIFO waited");
        assert!(is_not_a_file(&read.unwrap_err()));
        assert!(is_not_a_file(&write.unwrap_err()));
    }
}
