//! The endgame databases on disk, for the window and the command line alike: what building a
//! rule set's takes (said before anything large is written), what is installed, and the build
//! itself. A build keeps each material in `ID.partial/` as soon as it is solved, so one that is
//! stopped (cancelled, the program closed, the machine turned off) goes on from there the next
//! time; the finished files replace the old ones only when whole.
//!
//! Each file ends with its checksum, checked whenever it is read: a file cut short or damaged
//! is not called built, and the next build sets it aside (`english.wdl.damaged`) rather than
//! replace it. One checksum a file, not one a material: a damaged file is built again whole
//! either way, and one sum covers the head and the materials' lengths too. Files written before
//! they had one are read as before (their layout checked, so a cut is still found): nothing can
//! check them, and rebuilding them unasked would cost hours for the large ones.

use std::fs;
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};

use crate::engine::endgame::{
    self, BuildStats, Material, Tables, distances_file_in, file_in, materials,
};
use crate::rules::RuleSet;
use crate::store::storage::{AtomicFile, write_atomically};

/// What building a rule set's databases of up to some pieces takes.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The most pieces.
    pub pieces: u32,
    /// The materials, in the order they are solved, with their positions.
    pub materials: Vec<(Material, u64)>,
    /// Positions in all (both sides to move).
    pub positions: u64,
    /// The file of the values: two bits a position.
    pub values_bytes: u64,
    /// The file of the distances to conversion: a byte a position.
    pub distances_bytes: u64,
}

/// Positions solved a second on one thread, measured on this project's 2-core machine while
/// other work ran beside it: Česká dáma of 4 pieces (16.6 million positions) in 36 s on 2
/// threads, International of 4 (105 million) in 191 s. A first guess of the time, on the slow
/// side, before a build measures its own pace.
const POSITIONS_PER_SECOND: f64 = 250_000.0;

impl Plan {
    /// The plan of `rules`' databases of up to `pieces` pieces (at most 8).
    pub fn new(rules: &RuleSet, pieces: u32) -> Plan {
        let materials: Vec<(Material, u64)> = materials(rules, pieces)
            .into_iter()
            .map(|m| (m, m.positions(rules)))
            .collect();
        let positions = materials.iter().map(|(_, n)| n).sum();
        // Each material: its key and length (14 bytes) besides the bytes; 13 of header and 4
        // of checksum.
        let heads = 17 + 14 * materials.len() as u64;
        Plan {
            pieces: pieces.min(8),
            values_bytes: heads + materials.iter().map(|(_, n)| n.div_ceil(4)).sum::<u64>(),
            distances_bytes: heads + positions,
            materials,
            positions,
        }
    }

    /// What the finished files take on disk.
    pub fn disk_bytes(&self, distances: bool) -> u64 {
        self.values_bytes + if distances { self.distances_bytes } else { 0 }
    }

    /// Memory the build needs at its height: every material solved so far (values and
    /// distances, 1.25 bytes a position) and the work of the largest being solved (its values,
    /// distances and the lists of a pass, about 45 bytes a position), and the program. Measured:
    /// 117 MB for Česká dáma of 4 pieces (this says 99), 563 MB for International (556).
    pub fn memory_bytes(&self) -> u64 {
        let largest = self.materials.iter().map(|(_, n)| *n).max().unwrap_or(0);
        self.positions.div_ceil(4) + self.positions + 45 * largest + 20_000_000
    }

    /// Whether a home computer can build it in the background: at most [`DESKTOP_MEMORY`] at
    /// its height. On 8×8 boards 5 pieces (1.6 GB), on 10×10 4 (0.7 GB; 5 would take 17 GB).
    pub fn fits_a_desktop(&self) -> bool {
        self.memory_bytes() <= DESKTOP_MEMORY
    }

    /// Whether this computer can hold the build: at most `available` memory at its height
    /// ([`available_memory`]), or, where that is not known, at most [`DESKTOP_MEMORY`]. A build
    /// beyond it swaps for days or is killed by the system hours in, with nothing to show.
    pub fn fits_memory(&self, available: Option<u64>) -> bool {
        match available {
            Some(free) => self.memory_bytes() <= free,
            None => self.fits_a_desktop(),
        }
    }

    /// About how long the build takes on `threads` threads, before it has begun.
    pub fn estimated(&self, threads: usize) -> Duration {
        Duration::from_secs_f64(
            self.positions as f64 / (POSITIONS_PER_SECOND * threads.max(1) as f64),
        )
    }
}

/// The most memory a build in the window's background may take: half of a common 8 GB
/// computer, so that the program and the rest of the desktop go on.
pub const DESKTOP_MEMORY: u64 = 4_000_000_000;

/// The memory this computer has free for a new program now: `MemAvailable` of `/proc/meminfo`
/// on Linux; `None` elsewhere, or where it cannot be read.
pub fn available_memory() -> Option<u64> {
    if cfg!(target_os = "linux") {
        mem_available(&fs::read_to_string("/proc/meminfo").ok()?)
    } else {
        None
    }
}

/// The `MemAvailable` line of a `/proc/meminfo`, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let mut words = line["MemAvailable:".len()..].split_whitespace();
    let amount: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") => amount.checked_mul(1024),
        _ => None,
    }
}

/// The weight of a material in the time a build takes: more pieces, more moves a position.
fn work(material: &Material, positions: u64) -> f64 {
    positions as f64 * f64::from(material.total())
}

/// What is on disk for a rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Installed {
    /// Nothing: the computer plays endings by search alone.
    Nothing,
    /// Finished databases of up to `pieces` pieces, `bytes` on disk (values and distances).
    Ready {
        /// The most pieces.
        pieces: u32,
        /// Both files' size.
        bytes: u64,
    },
    /// Finished databases whose values or distances are damaged (cut short, their checksum
    /// wrong): the search does not use what is damaged, and a build sets the files aside
    /// ([`DAMAGED`]) and makes them again.
    Damaged {
        /// The most pieces, where the file's head still says them.
        pieces: Option<u32>,
    },
    /// A build of up to `pieces` pieces stopped with `done` of its `of` materials solved; the
    /// finished databases of an earlier build, if any, are still in use.
    Stopped {
        /// The most pieces of the build.
        pieces: u32,
        /// Materials solved.
        done: usize,
        /// Materials in all.
        of: usize,
    },
}

/// The folder where a build of `rules` keeps its materials until it is done.
fn partial_dir(dir: &Path, rules: &RuleSet) -> PathBuf {
    dir.join(format!("{}.partial", rules.id))
}

/// The file a build of `rules` holds locked while it writes: two windows of Dáma (or a window
/// and `dama endgame`) building or removing the same databases at once would each pull the
/// folder from under the other.
fn lock_path(dir: &Path, rules: &RuleSet) -> PathBuf {
    dir.join(format!("{}.lock", rules.id))
}

/// The lock of `rules`' databases in `dir`, while it is held: `None` when another program holds
/// it. The lock goes with the file: the system lets go of it when the program ends, however it
/// ends, so a crash leaves nothing locked.
fn take_lock(dir: &Path, rules: &RuleSet) -> io::Result<Option<fs::File>> {
    let file = crate::regular_file::open_with(
        &lock_path(dir, rules),
        fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true),
    )?;
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(fs::TryLockError::WouldBlock) => Ok(None),
        Err(fs::TryLockError::Error(e)) => Err(e),
    }
}

/// [`take_lock`] for a build or a setting aside: busy where another program holds it.
fn lock(dir: &Path, rules: &RuleSet) -> Result<fs::File, BuildError> {
    take_lock(dir, rules)
        .map_err(|error| BuildError::Write {
            path: lock_path(dir, rules),
            error,
        })?
        .ok_or_else(|| BuildError::Busy {
            path: dir.to_path_buf(),
        })
}

/// Whether another program (another window of Dáma, `dama endgame`) is building or removing
/// `rules`' databases in `dir` now.
pub fn busy(dir: &Path, rules: &RuleSet) -> bool {
    // Only an existing file can be held: looking makes none.
    crate::regular_file::open_with(&lock_path(dir, rules), fs::OpenOptions::new().write(true))
        .is_ok_and(|file| matches!(file.try_lock(), Err(fs::TryLockError::WouldBlock)))
}

/// Lets go of a lock taken by [`take_lock`], its file removed first (what cannot be removed,
/// a file another program has just opened on Windows, stays, and is used again).
fn release(dir: &Path, rules: &RuleSet, lock: fs::File) {
    let _ = fs::remove_file(lock_path(dir, rules));
    drop(lock);
}

/// The file of one material in the build's folder.
fn material_file(partial: &Path, m: &Material) -> PathBuf {
    let [a, b, c, d, e, f] = m.0;
    partial.join(format!("{a}-{b}-{c}-{d}-{e}-{f}.mat"))
}

/// The file that says what a stopped build was building.
const PLAN_FILE: &str = "plan.txt";

/// The pieces and distances of the build stopped in `partial`, if one was.
fn stopped_plan(partial: &Path) -> Option<(u32, bool)> {
    let bytes = crate::regular_file::read(&partial.join(PLAN_FILE), 4096).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    let mut pieces = None;
    let mut distances = None;
    for line in text.lines().take(8) {
        match line.split_once(' ') {
            Some(("pieces", n)) => pieces = n.trim().parse().ok().filter(|n| (2..=8).contains(n)),
            Some(("distances", d)) => distances = Some(d.trim() == "yes"),
            _ => {}
        }
    }
    Some((pieces?, distances?))
}

/// A build stopped before it was done, as its folder says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The most pieces of the build.
    pub pieces: u32,
    /// Whether it computes the distances to conversion.
    pub distances: bool,
    /// Materials solved and kept.
    pub done: usize,
    /// Materials in all.
    pub of: usize,
}

/// The build stopped in `dir` for `rules`, if any, and how far it got: its plan read once, for
/// a caller that needs both what it was building and what it kept.
pub fn stopped(dir: &Path, rules: &RuleSet) -> Option<Stopped> {
    let partial = partial_dir(dir, rules);
    let (pieces, distances) = stopped_plan(&partial)?;
    let plan = materials(rules, pieces);
    let done = plan
        .iter()
        .filter(|m| material_file(&partial, m).is_file())
        .count();
    Some(Stopped {
        pieces,
        distances,
        done,
        of: plan.len(),
    })
}

/// What is installed for `rules` in `dir` (the data folder's `endgames`).
pub fn installed(dir: &Path, rules: &RuleSet) -> Installed {
    match stopped(dir, rules) {
        Some(Stopped {
            pieces, done, of, ..
        }) => Installed::Stopped { pieces, done, of },
        None => finished(dir, rules),
    }
}

/// The finished databases of `rules` in `dir`, whatever a build under way or stopped has kept:
/// what the search uses now. Both files are read through and their checksums checked (once a
/// run while they are unchanged): a file whose head is right but whose body is cut
/// short or damaged is not called built.
pub fn finished(dir: &Path, rules: &RuleSet) -> Installed {
    let size = |p: PathBuf| fs::metadata(p).map_or(0, |m| m.len());
    match health(rules, &file_in(dir, rules), Kind::Values) {
        Health::Missing => Installed::Nothing,
        Health::Damaged => {
            let pieces = crate::regular_file::open(&file_in(dir, rules))
                .ok()
                .and_then(|f| Tables::read_pieces(&mut BufReader::new(f)).ok());
            Installed::Damaged { pieces }
        }
        Health::Sound(pieces) => {
            let distances = Kind::Distances(Some(pieces));
            match health(rules, &distances_file_in(dir, rules), distances) {
                Health::Damaged => Installed::Damaged {
                    pieces: Some(pieces),
                },
                Health::Missing | Health::Sound(_) => Installed::Ready {
                    pieces,
                    bytes: size(file_in(dir, rules)) + size(distances_file_in(dir, rules)),
                },
            }
        }
    }
}

/// What a file of finished databases is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Health {
    /// Whole, of up to so many pieces.
    Sound(u32),
    /// Not there, or the disk cannot read it (left alone: nothing says it is damaged).
    Missing,
    /// Cut short, its checksum or layout wrong.
    Damaged,
}

/// Which file of databases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The values.
    Values,
    /// The distances, of values of so many pieces (`None`: values damaged or missing).
    Distances(Option<u32>),
}

/// A file as it was checked: its path, size and time of change, what kind of file it was taken
/// for, and what it was found to be.
type Seen = (PathBuf, u64, SystemTime, Kind, Health);

/// What each file was found to be, with its size and time of change when checked: a file of
/// hundreds of megabytes is read through once a run, not each time the dialog opens.
static CHECKED: Mutex<Vec<Seen>> = Mutex::new(Vec::new());

/// Checks the file of `kind` at `path`.
fn health(rules: &RuleSet, path: &Path, kind: Kind) -> Health {
    let Ok(meta) = fs::metadata(path) else {
        return Health::Missing;
    };
    let stamp = meta.modified().ok();
    let seen = CHECKED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .find(|(p, len, at, k, _)| {
            p == path && *len == meta.len() && Some(*at) == stamp && *k == kind
        })
        .map(|(.., found)| *found);
    if let Some(found) = seen {
        return found;
    }
    // Only a regular file: a FIFO in its place would hold the window for ever.
    let read = crate::regular_file::open(path).and_then(|f| {
        let mut input = BufReader::with_capacity(1 << 20, f);
        match kind {
            Kind::Values => Tables::check(rules, &mut input),
            Kind::Distances(of) => Tables::check_distances(rules, of, &mut input),
        }
    });
    let found = match read {
        Ok(pieces) => Health::Sound(pieces),
        // A pipe or device in a database's place is set aside as damage is, and built again.
        Err(e) if endgame::is_damage(&e) || crate::regular_file::is_not_a_file(&e) => {
            log::warn!("endgame databases: {}: {e}", path.display());
            Health::Damaged
        }
        Err(e) => {
            log::warn!("endgame databases: {} cannot be read: {e}", path.display());
            Health::Missing
        }
    };
    if let Some(at) = stamp {
        let mut checked = CHECKED.lock().unwrap_or_else(PoisonError::into_inner);
        checked.retain(|(p, ..)| p != path);
        checked.push((path.to_path_buf(), meta.len(), at, kind, found));
    }
    found
}

/// Forgets what was found of `rules`' files in `dir`, after they were written, set aside or
/// removed (a file made again in the same instant and of the same size would look unchanged).
fn forget_health(dir: &Path, rules: &RuleSet) {
    let files = [file_in(dir, rules), distances_file_in(dir, rules)];
    CHECKED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .retain(|(p, ..)| !files.contains(p));
}

/// What a damaged file is renamed to when set aside: `english.wdl.damaged` (then `.damaged.2`
/// and on, so that nothing set aside before is replaced).
pub const DAMAGED: &str = "damaged";

/// The first free name to set `path` aside as; `None` when a hundred are taken.
fn aside_name(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    (1..100)
        .map(|n| match n {
            1 => path.with_file_name(format!("{name}.{DAMAGED}")),
            n => path.with_file_name(format!("{name}.{DAMAGED}.{n}")),
        })
        .find(|p| fs::symlink_metadata(p).is_err())
}

/// Sets `rules`' damaged files in `dir` aside, renamed ([`DAMAGED`]), not removed: the values,
/// the distances or both, whichever is damaged (a sound file is replaced by the build, as
/// always). Each file moved, and where to.
///
/// # Errors
/// Another program builds or removes these databases ([`BuildError::Busy`]: nothing is
/// touched), or a file cannot be renamed (it stays where it was).
pub fn set_aside(dir: &Path, rules: &RuleSet) -> Result<Vec<(PathBuf, PathBuf)>, BuildError> {
    let lock = lock(dir, rules)?;
    let moved = set_aside_locked(dir, rules);
    release(dir, rules, lock);
    moved
}

/// [`set_aside`], once it holds the lock.
fn set_aside_locked(dir: &Path, rules: &RuleSet) -> Result<Vec<(PathBuf, PathBuf)>, BuildError> {
    let (values, distances) = (file_in(dir, rules), distances_file_in(dir, rules));
    let of = match health(rules, &values, Kind::Values) {
        Health::Sound(pieces) => Some(pieces),
        Health::Damaged | Health::Missing => None,
    };
    let damaged: Vec<PathBuf> = [(values, Kind::Values), (distances, Kind::Distances(of))]
        .into_iter()
        .filter(|(path, kind)| health(rules, path, *kind) == Health::Damaged)
        .map(|(path, _)| path)
        .collect();
    if damaged.is_empty() {
        return Ok(Vec::new());
    }
    let mut moved = Vec::new();
    for from in damaged {
        let to = aside_name(&from).ok_or_else(|| BuildError::Write {
            path: from.clone(),
            error: io::Error::from(io::ErrorKind::AlreadyExists),
        })?;
        fs::rename(&from, &to).map_err(|error| BuildError::Write {
            path: from.clone(),
            error,
        })?;
        log::info!(
            "endgame databases: {} is damaged, set aside as {}",
            from.display(),
            to.display()
        );
        moved.push((from, to));
    }
    forget_health(dir, rules);
    endgame::forget_installed(rules);
    Ok(moved)
}

/// A build stopped in `dir` for `rules`, if any: its pieces and whether it computes the
/// distances (to resume it as it was begun).
pub fn stopped_build(dir: &Path, rules: &RuleSet) -> Option<(u32, bool)> {
    stopped_plan(&partial_dir(dir, rules))
}

/// Where a build stands, after each material.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Materials solved (read back from a stopped build included).
    pub done: usize,
    /// Materials in all.
    pub of: usize,
    /// The material just solved or read back.
    pub material: Material,
    /// Whether it was read back from a stopped build rather than solved now.
    pub read_back: bool,
    /// The share of the work done, 0 to 1 (materials weighted by positions and pieces).
    pub fraction: f64,
    /// Time since the build (this run of it) began.
    pub elapsed: Duration,
    /// About how long the rest takes, from the pace so far.
    pub left: Duration,
}

/// How a build ended.
#[derive(Clone, Debug)]
pub enum Finished {
    /// The files are written: what the materials hold, and both files' size.
    Built {
        /// Materials, positions, wins, draws and losses of the materials solved in this run.
        stats: BuildStats,
        /// Materials read back from a stopped build.
        read_back: usize,
        /// The values' file.
        values_bytes: u64,
        /// The distances' file (0 without).
        distances_bytes: u64,
    },
    /// Cancelled: the materials solved are kept, and the next build goes on from them.
    Cancelled {
        /// Materials solved.
        done: usize,
        /// Materials in all.
        of: usize,
    },
}

/// Why a build could not be done.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The folder cannot be made or is not a folder.
    #[error("{}: cannot create the folder: {error}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A file cannot be written (a full disk, no permission).
    #[error("{}: cannot write: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// Another program (another window of Dáma, `dama endgame`) is building or removing the
    /// same databases: nothing was touched.
    #[error("{}: another Dáma is building or removing these databases now", path.display())]
    Busy {
        /// The folder.
        path: PathBuf,
    },
}

/// Makes `path` and the folders above it.
fn folder(path: &Path) -> Result<(), BuildError> {
    fs::create_dir_all(path).map_err(|error| BuildError::Folder {
        path: path.to_path_buf(),
        error,
    })
}

/// Builds `rules`' databases of up to `pieces` pieces into `dir` on `threads` threads, going on
/// from a stopped build of the same plan (a stopped build of another is started afresh);
/// `progress` hears each material; `cancel` stops it between materials or within one.
///
/// # Errors
/// The folder or a file cannot be written; what was solved before is kept. Another program
/// building or removing the same databases ([`BuildError::Busy`]): nothing is touched.
pub fn build(
    rules: &RuleSet,
    pieces: u32,
    threads: usize,
    dir: &Path,
    distances: bool,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Finished, BuildError> {
    let plan = Plan::new(rules, pieces);
    folder(dir)?;
    let lock = lock(dir, rules)?;
    let result = build_locked(rules, &plan, threads, dir, distances, cancel, progress);
    release(dir, rules, lock);
    result
}

/// [`build`], once it holds the lock.
fn build_locked(
    rules: &RuleSet,
    plan: &Plan,
    threads: usize,
    dir: &Path,
    distances: bool,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Finished, BuildError> {
    let began = Instant::now();
    // The finished files are replaced at the end: damaged ones are kept aside, not lost.
    set_aside_locked(dir, rules)?;
    let partial = partial_dir(dir, rules);
    // What a build that was killed while writing left, its process gone (another build of
    // these rules cannot run: the lock is held).
    crate::store::storage::remove_stale_temp_files(dir, None);
    crate::store::storage::remove_stale_temp_files(&partial, None);
    if stopped_plan(&partial).is_some_and(|p| p != (plan.pieces, distances)) {
        let _ = fs::remove_dir_all(&partial);
    }
    folder(&partial)?;
    let plan_path = partial.join(PLAN_FILE);
    let plan_text = format!(
        "pieces {}\ndistances {}\n",
        plan.pieces,
        if distances { "yes" } else { "no" }
    );
    write_atomically(&plan_path, plan_text.as_bytes()).map_err(|error| BuildError::Write {
        path: plan_path.clone(),
        error,
    })?;
    let total_work: f64 = plan.materials.iter().map(|(m, n)| work(m, *n)).sum();
    let mut done_work = 0.0;
    // The pace is that of the materials solved in this run, not of those read back.
    let mut solved_work = 0.0;
    let mut tables = Tables::empty(rules, plan.pieces);
    let mut stats = BuildStats::default();
    let mut read_back = 0;
    for (i, &(m, positions)) in plan.materials.iter().enumerate() {
        let file = material_file(&partial, &m);
        // A material file that cannot be read back whole (cut short by a power cut, of an older
        // build) is solved again.
        let kept = crate::regular_file::open(&file)
            .ok()
            .and_then(|f| tables.read_material(rules, &mut BufReader::new(f)).ok())
            .is_some_and(|read| read == m && tables.has(&m));
        if kept {
            read_back += 1;
        } else {
            let Some(s) = tables.solve_next(rules, m, threads, cancel) else {
                return Ok(Finished::Cancelled {
                    done: i,
                    of: plan.materials.len(),
                });
            };
            stats.add(&s);
            solved_work += work(&m, positions);
            // Written as it is read out, not copied first: a material of 5 pieces on 10×10 is
            // hundreds of megabytes.
            AtomicFile::create(&file)
                .and_then(|mut out| {
                    tables.write_material(&m, &mut out)?;
                    out.commit()
                })
                .map_err(|error| BuildError::Write {
                    path: file.clone(),
                    error,
                })?;
        }
        done_work += work(&m, positions);
        let elapsed = began.elapsed();
        let rest = (total_work - done_work).max(0.0);
        // The small materials first take more time than their positions say (threads started
        // for a few thousand positions): until a twentieth of the work is solved here, the
        // plan's guess is nearer.
        let left = if solved_work > total_work / 20.0 {
            elapsed.mul_f64(rest / solved_work)
        } else {
            plan.estimated(threads).mul_f64(rest / total_work.max(1.0))
        };
        progress(&Progress {
            done: i + 1,
            of: plan.materials.len(),
            material: m,
            read_back: kept,
            fraction: done_work / total_work.max(1.0),
            elapsed,
            left,
        });
        if cancel.load(Ordering::Relaxed) && i + 1 < plan.materials.len() {
            return Ok(Finished::Cancelled {
                done: i + 1,
                of: plan.materials.len(),
            });
        }
    }
    let write = |path: PathBuf, what: &dyn Fn(&mut AtomicFile) -> io::Result<()>| {
        let fail = |error| BuildError::Write {
            path: path.clone(),
            error,
        };
        let mut file = AtomicFile::create(&path).map_err(fail)?;
        what(&mut file).map_err(fail)?;
        file.commit().map_err(fail)?;
        Ok::<u64, BuildError>(fs::metadata(&path).map_or(0, |m| m.len()))
    };
    let values_bytes = write(file_in(dir, rules), &|out| tables.write(out))?;
    let distances_bytes = if distances {
        write(distances_file_in(dir, rules), &|out| {
            tables.write_distances(out)
        })?
    } else {
        // None left from an earlier build: asked for none, the search uses none.
        let _ = fs::remove_file(distances_file_in(dir, rules));
        0
    };
    let _ = fs::remove_dir_all(&partial);
    forget_health(dir, rules);
    endgame::forget_installed(rules);
    Ok(Finished::Built {
        stats,
        read_back,
        values_bytes,
        distances_bytes,
    })
}

/// Removes `rules`' databases from `dir`, finished and stopped: the search goes without.
///
/// # Errors
/// A file that is there cannot be removed.
/// A build under way in another program leaves everything as it is: an error of kind
/// [`io::ErrorKind::ResourceBusy`].
pub fn remove(dir: &Path, rules: &RuleSet) -> io::Result<()> {
    let gone = |r: io::Result<()>| match r {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    };
    if !dir.is_dir() {
        return Ok(());
    }
    let lock = take_lock(dir, rules)?.ok_or_else(|| {
        let busy = BuildError::Busy {
            path: dir.to_path_buf(),
        };
        io::Error::new(io::ErrorKind::ResourceBusy, busy.to_string())
    })?;
    let removed = gone(fs::remove_dir_all(partial_dir(dir, rules)))
        .and_then(|()| gone(fs::remove_file(file_in(dir, rules))))
        .and_then(|()| gone(fs::remove_file(distances_file_in(dir, rules))));
    release(dir, rules, lock);
    forget_health(dir, rules);
    removed?;
    endgame::forget_installed(rules);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn a_stopped_build_is_read_with_its_plan_and_what_it_kept() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let rules = Variant::Czech.rules();
        assert_eq!(stopped(dir.path(), rules), None);
        let partial = partial_dir(dir.path(), rules);
        fs::create_dir_all(&partial).expect("made");
        fs::write(partial.join(PLAN_FILE), "pieces 2\ndistances no\n").expect("written");
        let first = materials(rules, 2)[0];
        fs::write(material_file(&partial, &first), b"").expect("written");
        let found = Stopped {
            pieces: 2,
            distances: false,
            done: 1,
            of: 4,
        };
        assert_eq!(stopped(dir.path(), rules), Some(found));
        assert_eq!(
            installed(dir.path(), rules),
            Installed::Stopped {
                pieces: 2,
                done: 1,
                of: 4
            }
        );
    }

    #[test]
    fn a_build_elsewhere_keeps_this_one_and_a_removal_away() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let rules = Variant::Czech.rules();
        // A stopped build of another program's, now going on there: it holds the lock.
        let partial = partial_dir(dir.path(), rules);
        fs::create_dir_all(&partial).expect("made");
        fs::write(partial.join(PLAN_FILE), "pieces 2\ndistances no\n").expect("written");
        let elsewhere = take_lock(dir.path(), rules).expect("opened").expect("free");
        assert!(busy(dir.path(), rules));
        let cancel = AtomicBool::new(false);
        let build = || build(rules, 2, 1, dir.path(), false, &cancel, &mut |_| {});
        assert!(matches!(build(), Err(BuildError::Busy { .. })));
        let removed = remove(dir.path(), rules).expect_err("busy");
        assert_eq!(removed.kind(), io::ErrorKind::ResourceBusy);
        // Neither touched what the other program is building.
        assert!(partial.join(PLAN_FILE).is_file());
        assert!(!file_in(dir.path(), rules).exists());
        // Once it has let go, this one builds, and leaves no lock behind.
        release(dir.path(), rules, elsewhere);
        assert!(!busy(dir.path(), rules));
        assert!(!lock_path(dir.path(), rules).exists());
        assert!(matches!(build(), Ok(Finished::Built { .. })));
        assert!(file_in(dir.path(), rules).is_file());
        assert!(!partial.exists() && !lock_path(dir.path(), rules).exists());
        remove(dir.path(), rules).expect("removed");
        assert!(!file_in(dir.path(), rules).exists());
        assert!(!lock_path(dir.path(), rules).exists());
    }

    /// A truncated values file, one with a section overwritten, or damaged distances: not
    /// called built, set aside (renamed, the bytes kept) by the next build, which makes them
    /// again; a second damage is set aside beside the first.
    #[test]
    fn damaged_databases_are_not_built_and_are_set_aside_by_the_next_build() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let (dir, rules) = (dir.path(), Variant::English.rules());
        let cancel = AtomicBool::new(false);
        let build = || build(rules, 3, 2, dir, true, &cancel, &mut |_| {});
        let (values, distances) = (file_in(dir, rules), distances_file_in(dir, rules));
        let aside = |path: &Path, n: &str| {
            path.with_file_name(format!(
                "{}.damaged{n}",
                path.file_name().unwrap().to_string_lossy()
            ))
        };
        assert!(matches!(build(), Ok(Finished::Built { .. })));
        let ready = finished(dir, rules);
        assert!(
            matches!(ready, Installed::Ready { pieces: 3, .. }),
            "{ready:?}"
        );
        let whole = fs::read(&values).unwrap();
        let lost = rules.parse_fen("B:WK1,K2:BK32").unwrap();
        let probe = |bytes: &[u8]| Tables::read(rules, &mut &bytes[..]).map(|t| t.probe(&lost));
        assert_eq!(probe(&whole).unwrap(), Some(endgame::Wdl::Loss));

        // Cut short.
        let cut = &whole[..whole.len() / 8];
        fs::write(&values, cut).unwrap();
        let damaged = Installed::Damaged { pieces: Some(3) };
        assert_eq!(finished(dir, rules), damaged);
        assert_eq!(installed(dir, rules), damaged);
        // The values alone: the distances are sound.
        assert_eq!(
            set_aside(dir, rules).unwrap(),
            vec![(values.clone(), aside(&values, ""))]
        );
        assert_eq!(fs::read(aside(&values, "")).unwrap(), cut);
        assert_eq!(finished(dir, rules), Installed::Nothing);
        assert!(matches!(build(), Ok(Finished::Built { .. })));
        assert_eq!(fs::read(&values).unwrap(), whole);

        // A section overwritten with other bytes of the same length: the loss read as a draw
        // before checksums.
        let mut flipped = whole.clone();
        flipped[2000..3000].fill(0);
        fs::write(&values, &flipped).unwrap();
        assert_eq!(finished(dir, rules), damaged);
        assert!(endgame::is_damage(&probe(&flipped).unwrap_err()));
        assert!(matches!(build(), Ok(Finished::Built { .. })));
        // Set aside beside the first, which is kept.
        assert_eq!(fs::read(aside(&values, "")).unwrap(), cut);
        assert_eq!(fs::read(aside(&values, ".2")).unwrap(), flipped);
        assert!(matches!(
            finished(dir, rules),
            Installed::Ready { pieces: 3, .. }
        ));
        assert_eq!(
            probe(&fs::read(&values).unwrap()).unwrap(),
            Some(endgame::Wdl::Loss)
        );

        // Distances alone damaged: they alone are set aside.
        let mut bytes = fs::read(&distances).unwrap();
        let last = bytes.len() - 5;
        bytes[last] ^= 0xff;
        fs::write(&distances, &bytes).unwrap();
        assert_eq!(finished(dir, rules), damaged);
        let moved = set_aside(dir, rules).unwrap();
        assert_eq!(moved, vec![(distances.clone(), aside(&distances, ""))]);
        assert!(matches!(
            finished(dir, rules),
            Installed::Ready { pieces: 3, .. }
        ));
    }

    #[test]
    fn a_build_is_refused_where_this_computer_cannot_hold_it() {
        let meminfo = "MemTotal:       24683772 kB\nMemFree:         4749216 kB\n\
                       MemAvailable:   24030676 kB\nBuffers:          123 kB\n";
        assert_eq!(mem_available(meminfo), Some(24_030_676 * 1024));
        assert_eq!(mem_available("MemAvailable: lots\n"), None);
        assert_eq!(mem_available("MemAvailable: 12 MB\n"), None);
        assert_eq!(mem_available("MemFree: 12 kB\n"), None);
        assert_eq!(mem_available(""), None);
        if cfg!(target_os = "linux") {
            assert!(available_memory().is_some_and(|m| m > 0));
        }
        // International of 6 pieces: 420 GB at its height.
        let six = Plan::new(Variant::International.rules(), 6);
        assert!(six.memory_bytes() > 400_000_000_000);
        assert!(!six.fits_memory(Some(24_000_000_000)) && !six.fits_memory(None));
        assert!(six.fits_memory(Some(500_000_000_000)));
        // Of 5: 17 GB, more than a desktop is known to have, less than some computers.
        let five = Plan::new(Variant::International.rules(), 5);
        assert!(!five.fits_memory(None) && five.fits_memory(Some(24_000_000_000)));
        let four = Plan::new(Variant::International.rules(), 4);
        assert!(four.fits_memory(None) && !four.fits_memory(Some(100_000_000)));
    }

    #[test]
    fn what_a_home_computer_builds_in_the_background() {
        let fits = |v: Variant, pieces| Plan::new(v.rules(), pieces).fits_a_desktop();
        for v in [Variant::Czech, Variant::English] {
            assert!(fits(v, 4) && fits(v, 5) && !fits(v, 6), "{v:?}");
        }
        assert!(fits(Variant::International, 4) && !fits(Variant::International, 5));
        assert!(fits(Variant::TwoTowers, 4) && !fits(Variant::TwoTowers, 5));
        let plan = Plan::new(Variant::Czech.rules(), 4);
        assert_eq!(plan.materials.len(), 41);
        assert_eq!(plan.positions, 16_594_176);
        // The files `dama endgame` wrote: 4,149,135 and 16,594,767 bytes.
        assert_eq!(plan.disk_bytes(true), 20_743_902);
    }

    /// A build removes what a killed build left (its process gone), in the folder and in the
    /// stopped build's; a FIFO in a database's or a lock's place holds nothing: it is damage,
    /// set aside by the build, which then writes the files.
    #[test]
    fn a_build_clears_what_a_killed_one_left_and_never_waits_on_a_pipe() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let rules = Variant::English.rules();
        let partial = partial_dir(dir.path(), rules);
        fs::create_dir_all(&partial).expect("made");
        let left = [
            dir.path().join(".english.dtc.tmp4294967294-0"),
            partial.join(".plan.txt.tmp4294967294-1"),
        ];
        for f in &left {
            fs::write(f, "half").expect("written");
        }
        #[cfg(target_os = "linux")]
        for f in [file_in(dir.path(), rules), lock_path(dir.path(), rules)] {
            let made = std::process::Command::new("mkfifo").arg(&f).status();
            assert!(made.expect("mkfifo runs").success());
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let path = dir.path().to_path_buf();
        std::thread::spawn(move || {
            let found = finished(&path, rules);
            let busy = busy(&path, rules);
            tx.send((found, busy)).expect("sent");
        });
        let (found, busy) = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("reading the databases waited on a pipe");
        assert!(!busy);
        let cancel = AtomicBool::new(false);
        #[cfg(target_os = "linux")]
        {
            assert!(matches!(found, Installed::Damaged { .. }), "{found:?}");
            // A lock that is a pipe cannot be held: the build says so instead of waiting.
            assert!(build(rules, 2, 1, dir.path(), false, &cancel, &mut |_| {}).is_err());
            fs::remove_file(lock_path(dir.path(), rules)).expect("removed");
        }
        #[cfg(not(target_os = "linux"))]
        assert!(matches!(found, Installed::Nothing), "{found:?}");
        let built = build(rules, 2, 1, dir.path(), false, &cancel, &mut |_| {});
        assert!(matches!(built, Ok(Finished::Built { .. })), "{built:?}");
        assert!(left.iter().all(|f| !f.exists()));
        assert!(file_in(dir.path(), rules).is_file());
    }
}
