//! Writing files so that a failure never damages what was there before.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A step of [`write_atomically`], named so that tests can make one of them fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Creating the temporary file beside the target.
    Create,
    /// Writing the bytes (a failure here comes after half of them, like a full disk).
    Write,
    /// Flushing the temporary file to the disk.
    Sync,
    /// Renaming the temporary file over the target.
    Rename,
    /// Flushing the directory, so that the rename itself survives a power cut (Unix only).
    SyncDir,
}

impl Step {
    /// Every step, in order.
    pub const ALL: [Step; 5] = [
        Step::Create,
        Step::Write,
        Step::Sync,
        Step::Rename,
        Step::SyncDir,
    ];
}

/// Writes `bytes` to a temporary file beside `path`, syncs it, renames it over `path` and syncs
/// the directory: the old file stays intact until the new one is complete, and a failure (disk
/// full, no permission) leaves it untouched. A file that was there keeps its permissions; a
/// symbolic link is followed, so the file it points to is replaced, not the link.
///
/// # Errors
/// Any error creating, writing, syncing or renaming; the temporary file is then removed. An
/// error syncing the directory comes after the rename: the new file is in place, but may not
/// survive a power cut.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(path, bytes, |_| Ok(()))
}

/// [`write_atomically`], calling `fault` before each step: an error it returns is taken as that
/// step's failure. Tests use it to simulate a full disk or a failed rename, which cannot be
/// caused reliably on a real file system (root ignores permissions).
///
/// # Errors
/// As [`write_atomically`], and whatever `fault` returns.
pub fn write_atomically_with(
    path: &Path,
    bytes: &[u8],
    mut fault: impl FnMut(Step) -> io::Result<()>,
) -> io::Result<()> {
    fault(Step::Create)?;
    let mut file = AtomicFile::create(path)?;
    let half = bytes.len() / 2;
    file.write_all(&bytes[..half])?;
    fault(Step::Write)?;
    file.write_all(&bytes[half..])?;
    file.commit_with(fault)
}

/// A file written piece by piece that replaces its target only when [`AtomicFile::commit`] is
/// called, as [`write_atomically`] does for bytes already in memory: for output too large to
/// hold (`dama convert` of a large collection). The bytes go to a temporary file beside the
/// target; dropped without a commit (an error, a panic), it removes that file and leaves the
/// target as it was.
pub struct AtomicFile {
    /// Buffered: callers write a game at a time, in many small pieces.
    file: Option<BufWriter<File>>,
    tmp: PathBuf,
    target: PathBuf,
}

impl AtomicFile {
    /// Creates the temporary file beside `path` (a symbolic link is followed, as in
    /// [`write_atomically`]), with the permissions of the file it will replace.
    ///
    /// # Errors
    /// The temporary file cannot be created (no such folder, no permission), or what is at
    /// `path` is no regular file (a folder, a device, a pipe): only files are replaced.
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
        let target = resolve_link(path)?;
        // A device, a pipe or a folder is never replaced by a regular file (a save to
        // /dev/null, or to a link to a pipe, would put a file in its place).
        if let Ok(meta) = std::fs::metadata(path)
            && !meta.is_file()
        {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a regular file",
            ));
        }
        let name = target
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
            .to_string_lossy();
        // Unique within the process too: two windows' threads may save at once.
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let tmp = dir_of(&target).join(format!(
            ".{}.tmp{}-{}",
            temp_stem(&name),
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        let atomic = AtomicFile {
            file: Some(BufWriter::new(file)),
            tmp,
            target,
        };
        // Windows' only permission is the read-only flag, which `replace` puts back after the
        // rename: a read-only temporary file could not be removed after a failure.
        #[cfg(unix)]
        if let Ok(meta) = std::fs::metadata(&atomic.target)
            && let Some(file) = &atomic.file
        {
            file.get_ref().set_permissions(meta.permissions())?;
        }
        Ok(atomic)
    }

    /// Flushes and syncs the temporary file, renames it over the target and syncs the folder.
    ///
    /// # Errors
    /// As [`write_atomically`]: before the rename the target is untouched and the temporary
    /// file removed; an error syncing the folder comes after it.
    pub fn commit(self) -> io::Result<()> {
        self.commit_with(|_| Ok(()))
    }

    /// [`AtomicFile::commit`] with `fault` called before the steps from [`Step::Sync`] on.
    fn commit_with(mut self, mut fault: impl FnMut(Step) -> io::Result<()>) -> io::Result<()> {
        let Some(buffered) = self.file.take() else {
            return Err(io::Error::other("already committed"));
        };
        let file = buffered.into_inner().map_err(|e| e.into_error())?;
        fault(Step::Sync)?;
        file.sync_all()?;
        drop(file);
        fault(Step::Rename)?;
        replace(&self.tmp, &self.target)?;
        // Renamed: nothing is left for `drop` to remove.
        self.tmp = PathBuf::new();
        fault(Step::SyncDir)?;
        sync_dir(&dir_of(&self.target))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.file {
            Some(f) => f.write(buf),
            None => Err(io::Error::other("already committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.tmp.as_os_str().is_empty() {
            // Close it first (Windows cannot remove an open file); what it held is dropped.
            if let Some(f) = self.file.take() {
                let (file, _) = f.into_parts();
                drop(file);
            }
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// Renames `tmp` over `target`. On Unix a rename replaces any file the folder lets us replace.
#[cfg(not(windows))]
fn replace(tmp: &Path, target: &Path) -> io::Result<()> {
    std::fs::rename(tmp, target)
}

/// Renames `tmp` over `target`. Windows refuses to replace a read-only file (the user was asked
/// first, see the window's replace question), so its flag is lifted for the rename, which puts
/// the new file in its place, read-only again; and another program (a virus scanner,
/// a search indexer) may hold the target open for a moment, so a refusal is tried again briefly.
#[cfg(windows)]
#[allow(clippy::permissions_set_readonly_false)]
fn replace(tmp: &Path, target: &Path) -> io::Result<()> {
    let read_only = std::fs::metadata(target).map(|m| m.permissions());
    let read_only = read_only.ok().filter(|p| p.readonly());
    if let Some(mut writable) = read_only.clone() {
        writable.set_readonly(false);
        std::fs::set_permissions(target, writable)?;
    }
    let mut result = std::fs::rename(tmp, target);
    for _ in 0..20 {
        match &result {
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
                std::thread::sleep(std::time::Duration::from_millis(50));
                result = std::fs::rename(tmp, target);
            }
            _ => break,
        }
    }
    if let Some(old) = read_only {
        // Replaced or not, the file there is read-only again.
        let put_back = std::fs::set_permissions(target, old);
        if result.is_ok() {
            return put_back;
        }
    }
    result
}

/// The folder `target` is in (`.` for a bare file name).
fn dir_of(target: &Path) -> PathBuf {
    target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// Renames a damaged file out of the way, to `NAME.damaged` (or `NAME.damaged.1`, `.2`… when
/// that exists), so that nothing is lost and the user can send it with a bug report. Returns
/// the new path.
///
/// # Errors
/// The rename failed (the file then stays where it was).
pub fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
        .to_string_lossy()
        .into_owned();
    let mut kept_as = path.with_file_name(format!("{name}.damaged"));
    let mut n = 1;
    while kept_as.exists() {
        kept_as = path.with_file_name(format!("{name}.damaged.{n}"));
        n += 1;
    }
    std::fs::rename(path, &kept_as)?;
    Ok(kept_as)
}

/// How old a temporary file of a process that may still run must be to count as left over: a
/// write takes well under a second, so ten minutes is one that will never be finished.
pub const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(600);

/// Removes the temporary files that [`write_atomically`] left in `dir` when its process
/// crashed or was killed between creating and renaming them (`.NAME.tmpPID-N`), logs each,
/// and returns them. Only files of `names` are looked at when given (a user's folder holds other files);
/// a file is left over when its process no longer runs (where that can be told) or it is older
/// than [`STALE_AFTER`]; this process's own are never touched.
pub fn remove_stale_temp_files(dir: &Path, names: Option<&[&str]>) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some((name, pid)) = file_name.to_str().and_then(temp_file_of) else {
            continue;
        };
        let named = |names: &[&str]| names.iter().any(|n| temp_stem(n) == name);
        if names.is_some_and(|names| !named(names)) || pid == std::process::id() {
            continue;
        }
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        let old = meta
            .modified()
            .ok()
            .and_then(|m| m.elapsed().ok())
            .is_some_and(|age| age > STALE_AFTER);
        if meta.is_file() && (old || !process_runs(pid)) {
            let path = entry.path();
            if std::fs::remove_file(&path).is_ok() {
                log::info!("removed {}, left by a write that broke off", path.display());
                removed.push(path);
            }
        }
    }
    removed
}

/// The most of a target's name that a temporary file's name holds, in bytes: with the dot,
/// `.tmp`, a process id and a counter it stays within the 255 bytes that file systems allow a
/// name (a 249-byte name once failed every save with "File name too long").
const MAX_STEM: usize = 200;

/// The target's name as a temporary file's name holds it: cut to [`MAX_STEM`] bytes, at a
/// character's boundary.
fn temp_stem(name: &str) -> &str {
    let mut end = name.len().min(MAX_STEM);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    &name[..end]
}

/// The target's name (cut as [`temp_stem`] cuts it) and the process id of a temporary file's
/// name, `.NAME.tmpPID-N`.
fn temp_file_of(file_name: &str) -> Option<(&str, u32)> {
    let (name, rest) = file_name.strip_prefix('.')?.rsplit_once(".tmp")?;
    let (pid, n) = rest.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(n) && !name.is_empty()).then_some(())?;
    Some((name, pid.parse().ok()?))
}

/// Whether process `pid` runs; where that cannot be told, it may (the age decides).
#[cfg(not(windows))]
fn process_runs(pid: u32) -> bool {
    if cfg!(target_os = "linux") {
        Path::new("/proc").join(pid.to_string()).exists()
    } else {
        true
    }
}

/// Whether process `pid` runs: Windows refuses to open a process that does not exist with
/// "invalid parameter"; one that cannot be opened for another reason (another user's) runs.
#[cfg(windows)]
fn process_runs(pid: u32) -> bool {
    use windows_sys::Win32::Foundation::{CloseHandle, ERROR_INVALID_PARAMETER, STILL_ACTIVE};
    use windows_sys::Win32::System::Threading::{
        GetExitCodeProcess, OpenProcess, PROCESS_QUERY_LIMITED_INFORMATION,
    };
    // SAFETY: the handle is checked before use and closed once; `code` outlives the call.
    unsafe {
        let process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid);
        if process.is_null() {
            return io::Error::last_os_error().raw_os_error()
                != Some(ERROR_INVALID_PARAMETER as i32);
        }
        let mut code = 0u32;
        let ok = GetExitCodeProcess(process, &mut code);
        CloseHandle(process);
        ok == 0 || code == STILL_ACTIVE as u32
    }
}

/// The file a symbolic link points to, followed link by link, whether or not it exists: a
/// save through a dangling link creates the file it names, as editors do, instead of
/// replacing the link. The path itself when it is no link.
///
/// # Errors
/// More than 40 links in a row (a loop), as the system refuses them.
fn resolve_link(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => match std::fs::read_link(&current) {
                // A relative link is relative to its own folder; `join` keeps an absolute one.
                Ok(to) => current = dir_of(&current).join(to),
                Err(_) => return Ok(current),
            },
            _ => return Ok(current),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

/// Flushes a directory's entries (the rename) to the disk. File systems that cannot sync a
/// directory say so with `EINVAL`; that is no failure of the write.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    match File::open(dir).and_then(|d| d.sync_all()) {
        Err(e) if e.kind() == io::ErrorKind::InvalidInput => Ok(()),
        other => other,
    }
}

/// Windows has no directory handle to sync; its rename is journalled by NTFS.
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

/// A name beside `path` that no file has: "turnaj (2).pdn", "turnaj (3).pdn"…, for a game
/// saved apart from a file that changed.
pub fn another_name(path: &Path) -> PathBuf {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let stem = stem.unwrap_or_else(|| "dama".into());
    let ext = path.extension().map(|e| e.to_string_lossy().into_owned());
    let ext = ext.unwrap_or_else(|| "pdn".into());
    (2..)
        .map(|n| path.with_file_name(format!("{stem} ({n}).{ext}")))
        .find(|p| !p.exists())
        .expect("a free name")
}

/// Whether the file at `path` is marked read-only (mode 0444, the Windows attribute): the
/// owner meant to keep it, so replacing it is asked first.
pub fn read_only(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dama-storage-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp"))
            .collect()
    }

    #[test]
    fn replaces_and_fails_without_damage() {
        let dir = temp_dir("replace");
        let file = dir.join("a.pdn");
        write_atomically(&file, b"one").unwrap();
        write_atomically(&file, b"two").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"two");
        // A directory where the file should go: the rename fails, nothing is left behind.
        let blocked = dir.join("blocked");
        std::fs::create_dir_all(blocked.join("x")).unwrap();
        assert!(write_atomically(&blocked, b"three").is_err());
        assert!(blocked.join("x").exists());
        // A regular file where the directory should be: fails even for root.
        assert!(write_atomically(&file.join("b.pdn"), b"four").is_err());
        assert_eq!(std::fs::read(&file).unwrap(), b"two");
        assert_eq!(leftovers(&dir), Vec::<String>::new());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failure_at_any_step_before_the_rename_keeps_the_old_file() {
        let dir = temp_dir("faults");
        let file = dir.join("game.pdn");
        let old: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
        std::fs::write(&file, &old).unwrap();
        for step in [Step::Create, Step::Write, Step::Sync, Step::Rename] {
            let mut seen = Vec::new();
            let result = write_atomically_with(&file, b"new contents", |s| {
                seen.push(s);
                if s == step {
                    Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"))
                } else {
                    Ok(())
                }
            });
            let err = result.expect_err("the injected failure");
            assert_eq!(err.kind(), io::ErrorKind::StorageFull, "{step:?}");
            assert_eq!(seen.last(), Some(&step), "stopped at the failing step");
            assert_eq!(std::fs::read(&file).unwrap(), old, "{step:?}");
            assert_eq!(leftovers(&dir), Vec::<String>::new(), "{step:?}");
        }
        // Every step is reached, in order, when none fails.
        let mut seen = Vec::new();
        write_atomically_with(&file, b"new contents", |s| {
            seen.push(s);
            Ok(())
        })
        .unwrap();
        assert_eq!(seen, Step::ALL);
        assert_eq!(std::fs::read(&file).unwrap(), b"new contents");
        // A failure syncing the directory is reported; the new file is already in place.
        let err = write_atomically_with(&file, b"newer", |s| match s {
            Step::SyncDir => Err(io::Error::other("sync failed")),
            _ => Ok(()),
        });
        assert!(err.is_err());
        assert_eq!(std::fs::read(&file).unwrap(), b"newer");
        assert_eq!(leftovers(&dir), Vec::<String>::new());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporary_files_of_crashed_writes_are_removed() {
        let dir = temp_dir("stale");
        let own = format!(".a.pdn.tmp{}-0", std::process::id());
        // No process has an id this large (Linux's limit is 2^22).
        let names = [
            ".a.pdn.tmp99999999-0",
            ".settings.ron.tmp99999999-12",
            ".b.pdn.tmp99999999-1",
            ".a.pdn.tmpx-1",
            "a.pdn.tmp99999999-1",
            ".a.pdn",
            own.as_str(),
        ];
        for name in names {
            std::fs::write(dir.join(name), "half").unwrap();
        }
        let mut gone = remove_stale_temp_files(&dir, Some(&["a.pdn", "settings.ron"]));
        gone.sort();
        assert_eq!(
            gone,
            [
                dir.join(".a.pdn.tmp99999999-0"),
                dir.join(".settings.ron.tmp99999999-12")
            ]
        );
        assert_eq!(
            remove_stale_temp_files(&dir, None),
            [dir.join(".b.pdn.tmp99999999-1")]
        );
        assert!(dir.join(&own).exists(), "this process's own write goes on");
        if cfg!(target_os = "linux") {
            // A process that runs keeps its files (pid 1 always runs).
            std::fs::write(dir.join(".c.pdn.tmp1-0"), "").unwrap();
            assert_eq!(remove_stale_temp_files(&dir, None), Vec::<PathBuf>::new());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn damaged_files_are_kept_aside_without_overwriting() {
        let dir = temp_dir("aside");
        let file = dir.join("autosave.pdn");
        for (n, name) in ["autosave.pdn.damaged", "autosave.pdn.damaged.1"]
            .iter()
            .enumerate()
        {
            std::fs::write(&file, format!("damaged {n}")).unwrap();
            assert_eq!(keep_aside(&file).unwrap(), dir.join(name));
            assert!(!file.exists());
        }
        assert_eq!(
            std::fs::read_to_string(dir.join("autosave.pdn.damaged")).unwrap(),
            "damaged 0"
        );
        assert!(keep_aside(&file).is_err(), "nothing to keep");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Sets or lifts the read-only flag of `path` (on Unix, its write bits).
    #[allow(clippy::permissions_set_readonly_false)]
    fn set_read_only(path: &Path, read_only: bool) {
        let mut perms = std::fs::metadata(path).unwrap().permissions();
        perms.set_readonly(read_only);
        std::fs::set_permissions(path, perms).unwrap();
    }

    /// The user agreed to replace a read-only file (the window asks first): it is replaced and
    /// stays read-only, on Windows too, where a rename cannot replace a read-only file.
    #[test]
    fn a_read_only_file_is_replaced_and_stays_read_only() {
        let dir = temp_dir("read-only");
        let file = dir.join("kept.pdn");
        std::fs::write(&file, "old").unwrap();
        set_read_only(&file, true);
        write_atomically(&file, b"new").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        assert!(std::fs::metadata(&file).unwrap().permissions().readonly());
        assert_eq!(leftovers(&dir), Vec::<String>::new());
        // A failure keeps the old file, read-only as it was.
        let err = write_atomically_with(&file, b"newer", |s| match s {
            Step::Rename => Err(io::Error::other("no")),
            _ => Ok(()),
        });
        assert!(err.is_err());
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        assert_eq!(leftovers(&dir), Vec::<String>::new());
        assert!(std::fs::metadata(&file).unwrap().permissions().readonly());
        set_read_only(&file, false);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Windows: a file another program has open is replaced where the system can (Windows 10
    /// renames over a file opened with delete sharing, as Rust opens files; Wine cannot), else
    /// the save fails after a second of retrying; either way one whole file is there, and no
    /// temporary file is left. A file held without sharing is never replaced. Once the other
    /// program lets go, saving works.
    #[cfg(windows)]
    #[test]
    fn an_open_file_is_replaced_or_kept_whole() {
        use std::os::windows::fs::OpenOptionsExt;
        let dir = temp_dir("open");
        let file = dir.join("open.pdn");
        std::fs::write(&file, "old").unwrap();
        let reader = File::open(&file).unwrap();
        let expected: &[u8] = match write_atomically(&file, b"new") {
            Ok(()) => b"new",
            Err(_) => b"old",
        };
        drop(reader);
        assert_eq!(std::fs::read(&file).unwrap(), expected);
        assert_eq!(leftovers(&dir), Vec::<String>::new());
        write_atomically(&file, b"new").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        let holder = OpenOptions::new()
            .read(true)
            .share_mode(0)
            .open(&file)
            .unwrap();
        assert!(write_atomically(&file, b"newer").is_err());
        drop(holder);
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        assert_eq!(leftovers(&dir), Vec::<String>::new());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A pipe, or a link to one, stays what it is: writing to it atomically is refused.
    #[cfg(unix)]
    #[test]
    fn a_pipe_or_a_link_to_one_is_never_replaced() {
        let dir = temp_dir("pipe");
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return;
        }
        let link = dir.join("link.pdn");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        for path in [&fifo, &link] {
            let err = write_atomically(path, b"game").unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::InvalidInput, "{path:?}");
        }
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(leftovers(&dir), Vec::<String>::new());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn keeps_permissions_and_follows_links() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("links");
        let file = dir.join("real.pdn");
        std::fs::write(&file, "old").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.join("link.pdn");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        write_atomically(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A link to a file that does not exist yet (relative, through a second link) is written
    /// through: the file it names is made and the links stay links.
    #[cfg(unix)]
    #[test]
    fn a_dangling_link_is_written_through() {
        let dir = temp_dir("dangling");
        std::fs::create_dir(dir.join("games")).unwrap();
        let link = dir.join("link.pdn");
        std::os::unix::fs::symlink("games/new.pdn", &link).unwrap();
        let second = dir.join("second.pdn");
        std::os::unix::fs::symlink("link.pdn", &second).unwrap();
        write_atomically(&second, b"game").unwrap();
        assert_eq!(std::fs::read(dir.join("games/new.pdn")).unwrap(), b"game");
        for l in [&link, &second] {
            assert!(
                std::fs::symlink_metadata(l)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
        }
        assert_eq!(leftovers(&dir.join("games")), Vec::<String>::new());
        // A loop of links is no file to write: refused, and nothing is made.
        let (a, b) = (dir.join("a.pdn"), dir.join("b.pdn"));
        std::os::unix::fs::symlink("b.pdn", &a).unwrap();
        std::os::unix::fs::symlink("a.pdn", &b).unwrap();
        assert!(write_atomically(&a, b"game").is_err());
        assert!(
            std::fs::symlink_metadata(&a)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file whose name is as long as names go (255 bytes, in two-byte letters too) saves:
    /// the temporary name beside it is cut to fit, and one left over is still found as its.
    #[test]
    fn a_name_as_long_as_names_go_saves() {
        let dir = temp_dir("long-name");
        for name in [
            format!("{}.pdn", "a".repeat(251)),
            format!("{}.pdn", "ž".repeat(125)),
        ] {
            let file = dir.join(&name);
            std::fs::write(&file, "old").unwrap();
            write_atomically(&file, b"new").unwrap();
            assert_eq!(std::fs::read(&file).unwrap(), b"new");
            let partly = AtomicFile::create(&file).unwrap();
            let tmp = partly.tmp.clone();
            assert!(tmp.file_name().unwrap().len() <= 255);
            drop(partly);
            // The same name, as a process that is gone leaves it (written anew: Windows keeps
            // a file still open in the folder after its removal).
            let gone = tmp.with_file_name(
                tmp.file_name()
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .replace(&format!(".tmp{}-", std::process::id()), ".tmp4294967294-"),
            );
            std::fs::write(&gone, b"half").unwrap();
            assert_eq!(remove_stale_temp_files(&dir, Some(&[&name])), vec![gone]);
            std::fs::remove_file(&file).unwrap();
        }
        assert_eq!(leftovers(&dir), Vec::<String>::new());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
