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

use crate::endgame_files::{self, BuildError, Finished, Installed, Plan, Progress};
use crate::engine::Level;
use crate::event::{Endgames, Event};
use crate::rules::Variant;
use crate::speech::phrases::endgames::Building;

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

/// The databases' folder and the build under way, if any.
#[derive(Default)]
pub(super) struct EndgameBuilds {
    /// Where they are kept (the data folder's `endgames`); none: nothing is built.
    dir: Option<PathBuf>,
    running: Option<Running>,
    /// Rule sets whose databases a level's choice has already looked at in this run.
    looked: HashSet<Variant>,
}

impl EndgameBuilds {
    /// Builds in `dir`, where the search looks for the databases.
    pub fn new(dir: Option<PathBuf>) -> EndgameBuilds {
        EndgameBuilds {
            dir,
            ..EndgameBuilds::default()
        }
    }

    /// What is on disk for `variant`: while it is being built, the finished databases the
    /// search uses meanwhile (the build's kept materials are its progress, not a stopped build).
    pub fn installed(&self, variant: Variant) -> Installed {
        let Some(dir) = self.dir.as_deref() else {
            return Installed::Nothing;
        };
        if self.is_building(variant) {
            endgame_files::finished(dir, variant.rules())
        } else {
            endgame_files::installed(dir, variant.rules())
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

    /// The size a build of `variant` would make next: the pieces of a stopped build, or one
    /// more than those built (from [`FIRST_PIECES`]), with its size and time; `None` when the
    /// most that fit a home computer are built.
    pub fn next(&self, variant: Variant) -> Option<(u32, u64, std::time::Duration)> {
        // Without a folder nothing can be built (no home folder, no portable copy).
        self.dir.as_ref()?;
        let pieces = match self.installed(variant) {
            Installed::Nothing => FIRST_PIECES,
            Installed::Stopped { pieces, .. } => pieces,
            Installed::Ready { pieces, .. } => (pieces + 1).max(FIRST_PIECES),
        };
        let plan = Plan::new(variant.rules(), pieces.min(MOST_PIECES));
        (pieces <= MOST_PIECES && plan.fits_a_desktop())
            .then(|| (pieces, plan.disk_bytes(true), plan.estimated(THREADS)))
    }

    /// Begins building `variant`'s next size in the background, unless a build is under way:
    /// what it takes, said before anything is written.
    pub fn start(&mut self, variant: Variant) -> Option<Event> {
        if self.running.is_some() {
            return None;
        }
        let dir = self.dir.clone()?;
        let (pieces, bytes, time) = self.next(variant)?;
        let done = match self.installed(variant) {
            Installed::Stopped { done, .. } => done,
            Installed::Nothing | Installed::Ready { .. } => 0,
        };
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
        Some(Event::Endgames(Endgames::Started {
            variant,
            pieces,
            bytes,
            time,
            done,
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
    fn remove_now(&self, variant: Variant) -> Option<Event> {
        let dir = self.dir.clone()?;
        Some(Event::Endgames(
            match endgame_files::remove(&dir, variant.rules()) {
                Ok(()) => Endgames::Removed(variant),
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
        if self.installed(variant) != Installed::Nothing || self.running.is_some() {
            return None;
        }
        let (_, bytes, _) = self.next(variant)?;
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
