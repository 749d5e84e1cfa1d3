//! Endgame databases built in the background, from the window: one rule set at a time, on one
//! thread of its own (the computer's search keeps the other cores, so play never waits). What
//! becomes of a build is told as an event; how far it is, on request (the dialog). A build
//! stopped by closing the program goes on at the next start. The first time a level that
//! plays better with them is chosen, small databases are built at once (their size said
//! first) and large ones offered.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::engine::Level;
use crate::game::event::{Endgames, Event};
use crate::rules::Variant;
use crate::speech::phrases::endgames::Building;
use crate::store::endgame_files::{self, BuildError, Finished, Installed, Plan, Progress};

/// The most pieces a build begins with: every rule set's fit on a home computer's disk (20 MB
/// to 660 MB) and take minutes.
const FIRST_PIECES: u32 = 4;
/// The most pieces offered at all; fewer where the build would not fit a home computer's memory
/// ([`Plan::fits_a_desktop`]: 5 on 8×8 boards, 4 on 10×10).
const MOST_PIECES: u32 = 6;
/// The largest build begun without asking, when a level that uses databases is chosen.
const UNASKED_BYTES: u64 = 256_000_000;
/// Threads a build takes: one, so that the computer's search is not slowed.
const THREADS: usize = 1;

/// The size a build of `variant` would make next, with `installed` on disk: the pieces of a
/// stopped build or of damaged databases, or one more than those built (from
/// [`FIRST_PIECES`]), with its size and time;
/// `None` when the most that fit a home computer are built.
fn next_after(variant: Variant, installed: Installed) -> Option<(u32, u64, Duration)> {
    let pieces = match installed {
        Installed::Nothing | Installed::Damaged { pieces: None } => FIRST_PIECES,
        Installed::Stopped { pieces, .. } => pieces,
        Installed::Ready { pieces, .. } => (pieces + 1).max(FIRST_PIECES),
        // The same size again, where the window may build it (a larger one made by `dama
        // endgame`: the first size, as the window begins).
        Installed::Damaged {
            pieces: Some(pieces),
        } => match fits(variant, pieces) {
            Some(_) => pieces,
            None => FIRST_PIECES,
        },
    };
    fits(variant, pieces)
}

/// The size, bytes and time of a build of `variant`'s databases of `pieces`, when it fits a
/// home computer.
fn fits(variant: Variant, pieces: u32) -> Option<(u32, u64, Duration)> {
    let plan = Plan::new(variant.rules(), pieces.min(MOST_PIECES));
    (pieces <= MOST_PIECES && plan.fits_a_desktop())
        .then(|| (pieces, plan.disk_bytes(true), plan.estimated(THREADS)))
}

/// A build under way.
struct Running {
    variant: Variant,
    pieces: u32,
    cancel: Arc<AtomicBool>,
    progress: Arc<Mutex<Option<Progress>>>,
    thread: JoinHandle<Result<Finished, BuildError>>,
    /// Removal was asked for while it ran: done when its thread has stopped.
    then_remove: bool,
}

/// What is on disk for a rule set, as the dialog says it: what is there, and what a build would
/// make next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OnDisk {
    /// What is built, or a build stopped; while one is under way, the finished databases.
    pub installed: Installed,
    /// The size a build would make next, with its bytes and time; `None`: nothing more to build.
    pub next: Option<(u32, u64, Duration)>,
}

/// The databases' folder and the build under way, if any.
#[derive(Default)]
pub(super) struct EndgameBuilds {
    /// Where they are kept (the data folder's `endgames`); none: nothing is built.
    dir: Option<PathBuf>,
    running: Option<Running>,
    /// Rule sets whose databases a level's choice has already looked at in this run.
    looked: HashSet<Variant>,
    /// What was last read for the dialog, of one rule set: the dialog is drawn every frame,
    /// and the disk is read again only when something here changes it, or the dialog opens.
    shown: Option<(Variant, OnDisk)>,
}

impl EndgameBuilds {
    /// Builds in `dir`, where the search looks for the databases.
    pub fn new(dir: Option<PathBuf>) -> EndgameBuilds {
        // What a build killed in the middle of writing left (a 5-piece file's is hundreds of
        // megabytes); those of a build running in another window are kept.
        if let Some(dir) = &dir {
            crate::store::storage::remove_stale_temp_files(dir, None);
        }
        EndgameBuilds {
            dir,
            ..EndgameBuilds::default()
        }
    }

    /// What is on disk for `variant`, as the dialog shows it: read again when `afresh` (the
    /// dialog opens), for another rule set, or after a build began or ended or a removal, and
    /// otherwise as last read, so that a dialog drawn every frame does not read the disk.
    pub fn on_disk(&mut self, variant: Variant, afresh: bool) -> OnDisk {
        match self.shown {
            Some((v, seen)) if v == variant && !afresh => seen,
            _ => {
                let seen = self.read(variant);
                self.shown = Some((variant, seen));
                seen
            }
        }
    }

    /// What is on disk for `variant`, read now: while it is being built, the finished
    /// databases the search uses meanwhile (the build's kept materials are its progress, not a
    /// stopped build).
    fn read(&self, variant: Variant) -> OnDisk {
        let Some(dir) = self.dir.as_deref() else {
            return OnDisk {
                installed: Installed::Nothing,
                next: None,
            };
        };
        let installed = if self.is_building(variant) {
            endgame_files::finished(dir, variant.rules())
        } else {
            endgame_files::installed(dir, variant.rules())
        };
        OnDisk {
            installed,
            next: next_after(variant, installed),
        }
    }

    /// The build under way, as the dialog says it.
    pub fn building(&self) -> Option<Building> {
        let r = self.running.as_ref()?;
        let progress = *r.progress.lock().expect("no thread panicked");
        Some(Building {
            variant: r.variant,
            pieces: r.pieces,
            percent: progress.map_or(0, |p| (p.fraction * 100.0).floor() as u8),
            left: progress.map(|p| p.left),
        })
    }

    /// Whether a build of `variant` is under way.
    pub fn is_building(&self, variant: Variant) -> bool {
        self.running.as_ref().is_some_and(|r| r.variant == variant)
    }

    /// Begins building `variant`'s next size in the background, unless a build is under way:
    /// what it takes, said before anything is written.
    pub fn start(&mut self, variant: Variant) -> Option<Event> {
        if self.running.is_some() {
            return None;
        }
        let dir = self.dir.clone()?;
        if endgame_files::busy(&dir, variant.rules()) {
            return Some(Event::Endgames(Endgames::Busy(variant)));
        }
        // The disk read once: the size to build and what a stopped build kept are of one look.
        let on_disk = self.read(variant);
        let (pieces, bytes, time) = on_disk.next?;
        let done = match on_disk.installed {
            Installed::Stopped { done, .. } => done,
            Installed::Nothing | Installed::Ready { .. } | Installed::Damaged { .. } => 0,
        };
        let damaged = matches!(on_disk.installed, Installed::Damaged { .. });
        let cancel = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(Mutex::new(None));
        let thread = {
            let (cancel, progress) = (Arc::clone(&cancel), Arc::clone(&progress));
            std::thread::Builder::new()
                .name("endgame databases".into())
                .spawn(move || {
                    endgame_files::build(
                        variant.rules(),
                        pieces,
                        THREADS,
                        &dir,
                        true,
                        &cancel,
                        &mut |p| *progress.lock().expect("no thread panicked") = Some(*p),
                    )
                })
                .ok()?
        };
        self.running = Some(Running {
            variant,
            pieces,
            cancel,
            progress,
            thread,
            then_remove: false,
        });
        // Under way, what is shown is the finished databases, not the stopped build.
        self.shown = None;
        Some(Event::Endgames(Endgames::Started {
            variant,
            pieces,
            bytes,
            time,
            done,
            damaged,
        }))
    }

    /// Goes on with a build stopped when the program closed (the first one found).
    pub fn resume(&mut self) -> Option<Event> {
        let dir = self.dir.clone()?;
        let stopped = Variant::ALL
            .into_iter()
            .find(|v| endgame_files::stopped_build(&dir, v.rules()).is_some())?;
        self.start(stopped)
    }

    /// Asks the build under way to stop; what became of it is told when its thread ends.
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Removes `variant`'s databases. A build of them is stopped first, and the removal told
    /// when its thread has stopped ([`EndgameBuilds::poll`]): the window does not wait for the
    /// pass under way.
    pub fn remove(&mut self, variant: Variant) -> Option<Event> {
        if let Some(r) = self.running.as_mut().filter(|r| r.variant == variant) {
            r.cancel.store(true, Ordering::Relaxed);
            r.then_remove = true;
            return None;
        }
        self.remove_now(variant)
    }

    /// Removes `variant`'s databases from the disk, and says so.
    fn remove_now(&mut self, variant: Variant) -> Option<Event> {
        let dir = self.dir.clone()?;
        // Removed or not, what is there is read again (a failed removal may have taken part).
        self.shown = None;
        Some(Event::Endgames(
            match endgame_files::remove(&dir, variant.rules()) {
                Ok(()) => Endgames::Removed(variant),
                Err(e) if e.kind() == std::io::ErrorKind::ResourceBusy => Endgames::Busy(variant),
                Err(e) => Endgames::Failed {
                    variant,
                    path: dir,
                    error: (e.kind(), e.raw_os_error(), e.to_string()),
                },
            },
        ))
    }

    /// What became of the build, once its thread has ended.
    pub fn poll(&mut self) -> Option<Event> {
        if !self.running.as_ref()?.thread.is_finished() {
            return None;
        }
        let r = self.running.take()?;
        // Built, stopped or failed: what is there is read again.
        self.shown = None;
        let variant = r.variant;
        if r.then_remove {
            let _ = r.thread.join();
            return self.remove_now(variant);
        }
        let news = match r.thread.join() {
            Ok(Ok(Finished::Built {
                values_bytes,
                distances_bytes,
                ..
            })) => Endgames::Built {
                variant,
                pieces: r.pieces,
                bytes: values_bytes + distances_bytes,
            },
            Ok(Ok(Finished::Cancelled { done, of })) => Endgames::Stopped { variant, done, of },
            Ok(Err(BuildError::Busy { .. })) => Endgames::Busy(variant),
            Ok(Err(BuildError::Folder { path, error } | BuildError::Write { path, error })) => {
                Endgames::Failed {
                    variant,
                    path,
                    error: (error.kind(), error.raw_os_error(), error.to_string()),
                }
            }
            Err(_) => Endgames::Failed {
                variant,
                path: self.dir.clone().unwrap_or_default(),
                error: (
                    std::io::ErrorKind::Other,
                    None,
                    "the build broke off".to_string(),
                ),
            },
        };
        Some(Event::Endgames(news))
    }

    /// The first time in this run a level that plays better with databases plays `variant`
    /// and none are there: small ones are built, large ones offered.
    pub fn wanted_by(&mut self, variant: Variant, levels: [Option<Level>; 2]) -> Option<Event> {
        let wants = levels
            .iter()
            .flatten()
            .any(|l| matches!(l, Level::Expert | Level::Master));
        if !wants || self.dir.is_none() || !self.looked.insert(variant) {
            return None;
        }
        if self.running.is_some() {
            return None;
        }
        let on_disk = self.read(variant);
        // Damaged databases are as none: the search does not use them.
        if !matches!(
            on_disk.installed,
            Installed::Nothing | Installed::Damaged { .. }
        ) {
            return None;
        }
        let (_, bytes, _) = on_disk.next?;
        if bytes <= UNASKED_BYTES {
            self.start(variant)
        } else {
            Some(Event::Endgames(Endgames::Offered { variant, bytes }))
        }
    }

    /// Stops the build as the program closes: the materials solved are kept, and the next
    /// start goes on from them.
    pub fn shut_down(&self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Polls until the build's thread has ended: what became of it.
    fn ended(builds: &mut EndgameBuilds) -> Endgames {
        let began = std::time::Instant::now();
        loop {
            if let Some(Event::Endgames(news)) = builds.poll() {
                return news;
            }
            assert!(began.elapsed() < Duration::from_secs(60), "never ended");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    #[test]
    fn the_disk_is_read_as_the_dialog_opens_and_after_each_change_not_each_frame() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut builds = EndgameBuilds::new(Some(dir.path().to_path_buf()));
        let (czech, english) = (Variant::Czech, Variant::English);
        assert_eq!(builds.on_disk(czech, true).installed, Installed::Nothing);
        // A stopped build appears behind the dialog's back: the frames after show what was read
        // as it opened; opened again, what is there now.
        let partial = dir.path().join("czech.partial");
        std::fs::create_dir_all(&partial).expect("made");
        std::fs::write(partial.join("plan.txt"), "pieces 2\ndistances yes\n").expect("written");
        assert_eq!(builds.on_disk(czech, false).installed, Installed::Nothing);
        let stopped = Installed::Stopped {
            pieces: 2,
            done: 0,
            of: 4,
        };
        assert_eq!(builds.on_disk(czech, true).installed, stopped);
        assert_eq!(builds.on_disk(czech, false).next.map(|n| n.0), Some(2));
        // Another rule set is read for itself.
        assert_eq!(builds.on_disk(english, false).installed, Installed::Nothing);
        assert_eq!(builds.on_disk(czech, false).installed, stopped);

        // A build begun: the finished databases, not the stopped build it goes on with.
        assert!(builds.start(czech).is_some());
        let meanwhile = builds.on_disk(czech, false).installed;
        assert!(
            !matches!(meanwhile, Installed::Stopped { .. }),
            "{meanwhile:?}"
        );
        // Built.
        assert!(matches!(ended(&mut builds), Endgames::Built { .. }));
        let built = builds.on_disk(czech, false).installed;
        assert!(
            matches!(built, Installed::Ready { pieces: 2, .. }),
            "{built:?}"
        );
        // Removed.
        assert!(matches!(
            builds.remove(czech),
            Some(Event::Endgames(Endgames::Removed(_)))
        ));
        assert_eq!(builds.on_disk(czech, false).installed, Installed::Nothing);

        // A build stopped: what it kept, once its thread has ended.
        assert!(builds.start(english).is_some());
        assert_eq!(builds.on_disk(english, false).installed, Installed::Nothing);
        builds.stop();
        assert!(matches!(ended(&mut builds), Endgames::Stopped { .. }));
        let kept = builds.on_disk(english, false).installed;
        assert!(
            matches!(kept, Installed::Stopped { pieces: 4, .. }),
            "{kept:?}"
        );
        // Removed while it goes on: gone, once its thread has ended.
        assert!(builds.start(english).is_some());
        assert!(builds.remove(english).is_none());
        assert!(matches!(ended(&mut builds), Endgames::Removed(_)));
        assert_eq!(builds.on_disk(english, false).installed, Installed::Nothing);
    }

    #[test]
    fn a_second_window_leaves_the_first_ones_build_alone() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut first = EndgameBuilds::new(Some(dir.path().to_path_buf()));
        let mut second = EndgameBuilds::new(Some(dir.path().to_path_buf()));
        let english = Variant::English;
        assert!(matches!(
            first.start(english),
            Some(Event::Endgames(Endgames::Started { .. }))
        ));
        let began = std::time::Instant::now();
        while !endgame_files::busy(dir.path(), english.rules()) {
            assert!(began.elapsed() < Duration::from_secs(30), "never locked");
            std::thread::sleep(Duration::from_millis(5));
        }
        // The second window neither builds nor removes what the first is building.
        let busy = |e: Option<Event>| matches!(e, Some(Event::Endgames(Endgames::Busy(v))) if v == english);
        assert!(busy(second.start(english)));
        assert!(second.poll().is_none());
        assert!(busy(second.remove(english)));
        assert!(dir.path().join("english.partial").is_dir());
        // Once the first has stopped, the second goes on from what it kept.
        first.stop();
        assert!(matches!(ended(&mut first), Endgames::Stopped { .. }));
        assert!(matches!(
            second.start(english),
            Some(Event::Endgames(Endgames::Started { .. }))
        ));
        second.stop();
        assert!(matches!(ended(&mut second), Endgames::Stopped { .. }));
    }
}
