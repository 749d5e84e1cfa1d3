//! The window's side of autosave (see [`crate::store::autosave`]): the game written after every change,
//! the resume question at start, the file removed at a clean exit.

use std::path::{Path, PathBuf};

use super::dialogs::ResumeAnswer;
use super::{DamaApp, Dialog};
use crate::game::event::{Event, Problem};
use crate::speech::phrases;
use crate::store::autosave::{Autosave, AutosaveError, Found, Interrupted, SLOTS, Session};
use crate::ui::document::{DocChange, Document, Replaced};

/// What outlives the window: where the game is autosaved, the interrupted games to offer, the
/// game's file as last seen on disk, a save running in the background, and where the settings
/// are kept.
pub(super) struct Saving {
    /// Where settings are kept (None: not saved).
    pub(super) config_dir: Option<PathBuf>,
    /// Where the game is saved after every change (None: not autosaved).
    pub(super) autosave: Option<crate::store::autosave::Autosave>,
    /// The last autosave failed (said once until one succeeds again).
    pub(super) autosave_failed: bool,
    /// Interrupted games still to be offered after the one asked about.
    pub(super) resume_queue: Vec<crate::store::autosave::Interrupted>,
    /// A file given on the command line, opened once every resume question is answered.
    pub(super) after_resume: Option<PathBuf>,
    /// Whether this window took up an interrupted game (the next ones can only be put aside
    /// or left for another window).
    pub(super) resumed_here: bool,
    /// The state of the game's file last told about, so that a change made elsewhere is
    /// asked about once.
    pub(super) disk_seen: Option<crate::store::collection::OnDisk>,
    /// A save of a large file running in the background.
    pub(super) job: Option<super::files::SaveJob>,
}

impl Saving {
    /// Nothing autosaved yet; settings kept in `config_dir`.
    pub(super) fn new(config_dir: Option<PathBuf>) -> Saving {
        Saving {
            config_dir,
            autosave: None,
            autosave_failed: false,
            resume_queue: Vec::new(),
            after_resume: None,
            resumed_here: false,
            disk_seen: None,
            job: None,
        }
    }
}

impl DamaApp {
    /// Saves the game in `dir` after every change from now on. If the last run left a game
    /// there (it crashed or was killed), asks whether to resume it; a damaged one is kept
    /// aside with a notice, and play starts with a new game.
    pub fn start_autosave(&mut self, dir: &Path) {
        // A file or a link loop in the folder's place: said in words of its own (not as a
        // damaged autosave, which there was none), and play goes on without autosave.
        if let Err(problem) = crate::store::dirs::ensure_folder(dir) {
            log::warn!(
                "no autosave: the data folder {}: {problem:?}",
                dir.display()
            );
            self.add_notice(&Problem::DataFolder {
                dir: dir.to_path_buf(),
                problem,
            });
            return;
        }
        crate::store::storage::remove_stale_temp_files(dir, None);
        let autosave = match Autosave::claim(dir) {
            Ok(Some(a)) => a,
            Ok(None) => {
                log::warn!("{SLOTS} windows autosave in {} already", dir.display());
                self.add_notice(&Problem::AutosaveBusy);
                return;
            }
            Err(e) => {
                log::warn!("cannot lock an autosave in {}: {e}", dir.display());
                Autosave::new(dir)
            }
        };
        let mut autosave = autosave;
        let mut queue = Vec::new();
        match autosave.find() {
            Found::Nothing => {}
            Found::Interrupted(session) => queue.push(Interrupted {
                path: autosave.path().to_path_buf(),
                session,
            }),
            Found::Damaged { kept_as, error } => self.autosave_damaged(kept_as, error),
        }
        // Every window's game: those of other windows that broke off are offered here too, not
        // only once as many windows run again.
        for other in autosave.others() {
            match other {
                Ok(found) => queue.push(found),
                Err((kept_as, error)) => self.autosave_damaged(kept_as, error),
            }
        }
        for found in &queue {
            log::info!(
                "found the game of an interrupted run in {} ({} plies)",
                found.path.display(),
                found.session.game.moves().len()
            );
        }
        queue.reverse();
        self.saving.resume_queue = queue;
        self.next_resume_question();
        self.saving.autosave = Some(autosave);
        // A folder that cannot be written is said now, before the first move is at stake.
        if !self.dialogs.is_open() {
            self.autosave_now();
        }
    }

    /// The autosave file, when the game is autosaved.
    pub fn autosave_path(&self) -> Option<&Path> {
        self.saving.autosave.as_ref().map(Autosave::path)
    }

    /// Opens a file given on the command line: at once, or after the resume questions.
    pub fn open_at_start(&mut self, path: &Path) {
        if matches!(self.dialogs.current(), Some(Dialog::Resume(..)))
            || !self.saving.resume_queue.is_empty()
        {
            self.saving.after_resume = Some(path.to_path_buf());
        } else {
            self.open_path(path);
        }
    }

    /// Asks about the next interrupted game, if any is left; returns whether it did. Once all
    /// are answered, the file given on the command line is opened.
    pub(super) fn next_resume_question(&mut self) -> bool {
        if let Some(found) = self.saving.resume_queue.pop() {
            self.dialogs.open(Dialog::Resume(Box::new(found)));
            return true;
        }
        if let Some(path) = self.saving.after_resume.take() {
            self.guard(super::Pending::OpenFile(path));
        }
        false
    }

    /// The autosave of a slot could not be read: it was kept aside; a new game starts.
    fn autosave_damaged(&mut self, kept_as: std::path::PathBuf, error: AutosaveError) {
        log::warn!("autosave damaged, kept as {}: {error}", kept_as.display());
        self.add_notice(&Problem::AutosaveDamaged {
            kept_as,
            error: Box::new(error),
        });
    }

    /// Carries out the answer to a resume question.
    pub(super) fn answer_resume(&mut self, found: Interrupted, answer: ResumeAnswer) {
        let own = self.autosave_path() == Some(found.path.as_path());
        match answer {
            ResumeAnswer::Resume => {
                self.saving.resumed_here = true;
                self.resume(*found.session);
                if !own && let Some(autosave) = self.saving.autosave.as_mut() {
                    // Another window's file goes only once this window's autosave holds the
                    // game: should that have failed, it is offered again at the next start.
                    if self.saving.autosave_failed {
                        autosave.release(&found.path);
                    } else if let Err(e) = autosave.adopt(&found.path) {
                        log::warn!("cannot remove {}: {e}", found.path.display());
                    }
                }
            }
            ResumeAnswer::Discard if own => self.discard_interrupted(),
            ResumeAnswer::Discard => {
                let Some(autosave) = self.saving.autosave.as_mut() else {
                    return;
                };
                match autosave.discard_other(&found.path) {
                    Ok(to) => {
                        log::info!("interrupted game discarded, kept as {}", to.display());
                        self.tell(&[Event::PutAside(to)], true);
                    }
                    Err(error) => {
                        log::warn!("cannot put {} aside: {error}", found.path.display());
                        self.complain(&Problem::PutAsideFailed {
                            path: found.path,
                            error,
                        });
                    }
                }
            }
            ResumeAnswer::Later => {
                if let Some(autosave) = self.saving.autosave.as_mut() {
                    autosave.release(&found.path);
                }
                self.tell(&[Event::LeftForLater(found.path)], true);
            }
        }
    }

    /// Adds a problem found at start to the status bar, after the one there (the settings and
    /// the autosave may both be damaged), and says it: now, or when the window gets its voice.
    pub(super) fn add_notice(&mut self, problem: &Problem) {
        let text = phrases::problem(self.lang(), self.settings.notation, problem);
        let shown = self.input.start.shown();
        self.announcer.add_notice(&self.settings, text, shown);
    }

    /// Writes the document if its revision was not written yet (called after every change).
    /// Nothing is written while the resume question is open: the interrupted game must stay
    /// until it is answered.
    pub(super) fn autosave_now(&mut self) {
        if matches!(self.dialogs.current(), Some(Dialog::Resume(..))) {
            return;
        }
        let Some(autosave) = self.saving.autosave.as_mut() else {
            return;
        };
        match autosave.update(self.doc.revision(), self.doc.session()) {
            Ok(false) => {}
            Ok(true) => {
                log::debug!(
                    "autosaved {} plies to {}",
                    self.doc.game().moves().len(),
                    autosave.path().display()
                );
                self.saving.autosave_failed = false;
            }
            Err(error) => {
                let path = autosave.path().to_path_buf();
                log::error!("autosave to {} failed: {error}", path.display());
                if !self.saving.autosave_failed {
                    self.saving.autosave_failed = true;
                    let problem = Problem::AutosaveFailed { path, error };
                    if self.announcer.has_voice() {
                        self.complain(&problem);
                    } else {
                        self.add_notice(&problem);
                    }
                }
            }
        }
    }

    /// At a clean exit: the game need not be resumed, so its autosave goes. One whose resume
    /// question was never answered stays for the next start.
    pub(super) fn finish_autosave(&mut self) {
        let own = self.autosave_path().map(Path::to_path_buf);
        let asked = |f: &Interrupted| Some(&f.path) == own.as_ref();
        let unanswered = match self.dialogs.current() {
            Some(Dialog::Resume(found)) => asked(found),
            _ => false,
        } || self.saving.resume_queue.iter().any(asked);
        if unanswered {
            return;
        }
        if let Some(a) = self.saving.autosave.as_mut() {
            match a.remove() {
                Ok(()) => log::info!("clean exit: autosave removed"),
                Err(e) => log::warn!("cannot remove {}: {e}", a.path().display()),
            }
        }
    }

    /// Continues the interrupted game where it stopped.
    pub(super) fn resume(&mut self, s: Session) {
        log::info!(
            "resumed the interrupted game (plies: {}, file: {})",
            s.game.moves().len(),
            s.file
                .as_deref()
                .map_or("none".into(), |f| f.display().to_string())
        );
        self.apply(DocChange::Replace(
            Box::new(Document::resumed(s)),
            Replaced::Resumed,
        ));
    }

    /// Puts the interrupted game aside (openable by hand) and keeps the new game.
    pub(super) fn discard_interrupted(&mut self) {
        let Some(autosave) = self.saving.autosave.as_mut() else {
            return;
        };
        match autosave.discard() {
            Ok(to) => {
                log::info!("interrupted game discarded, kept as {}", to.display());
                self.tell(&[Event::PutAside(to)], true);
            }
            Err(error) => {
                let path = autosave.path().to_path_buf();
                log::warn!("cannot put {} aside: {error}", path.display());
                // It is overwritten by the new game's first autosave: say where it was.
                self.complain(&Problem::PutAsideFailed { path, error });
            }
        }
    }
}
