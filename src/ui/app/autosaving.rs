//! The window's side of autosave (see [`crate::autosave`]): the game written after every change,
//! the resume question at start, the file removed at a clean exit.

use std::path::Path;

use eframe::egui::Ui;

use super::change::Change;
use super::{DamaApp, Dialog, Notice};
use crate::autosave::{Autosave, Found, SLOTS, Session};
use crate::event::{Event, Problem};
use crate::speech::phrases;
use crate::ui::document::{Document, Replaced};
use crate::ui::i18n::{Language, T};

impl DamaApp {
    /// Saves the game in `dir` after every change from now on. If the last run left a game
    /// there (it crashed or was killed), asks whether to resume it; a damaged one is kept
    /// aside with a notice, and play starts with a new game.
    pub fn start_autosave(&mut self, dir: &Path) {
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
        match autosave.find() {
            Found::Nothing => {}
            Found::Interrupted(session) => {
                log::info!(
                    "found the game of an interrupted run in {} ({} plies)",
                    autosave.path().display(),
                    session.game.moves().len()
                );
                self.dialog = Some(Dialog::Resume(session, None));
            }
            Found::Damaged { kept_as, error } => {
                log::warn!("autosave damaged, kept as {}: {error}", kept_as.display());
                self.add_notice(&Problem::AutosaveDamaged {
                    kept_as,
                    error: Box::new(error),
                });
            }
        }
        self.autosave = Some(autosave);
        // A folder that cannot be written is said now, before the first move is at stake.
        if self.dialog.is_none() {
            self.autosave_now();
        }
    }

    /// The autosave file, when the game is autosaved.
    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_ref().map(Autosave::path)
    }

    /// Opens a file given on the command line: at once, or after the resume question.
    pub fn open_at_start(&mut self, path: &Path) {
        match &mut self.dialog {
            Some(Dialog::Resume(_, then)) => *then = Some(path.to_path_buf()),
            _ => self.open_path(path),
        }
    }

    /// Adds a problem found at start to the status bar, after the one there (the settings and
    /// the autosave may both be damaged), and says it: now, or when the window gets its voice.
    pub(super) fn add_notice(&mut self, problem: &Problem) {
        let text = phrases::problem(self.lang(), problem);
        if self.speaker.is_some() {
            self.speak(&text, false, false);
        } else {
            self.unspoken.push(text.clone());
        }
        let text = match self.said.take() {
            Some(n) if n.error => format!("{} {text}", n.text),
            _ => text,
        };
        self.said = Some(Notice { text, error: true });
    }

    /// Writes the document if its revision was not written yet (called after every change).
    /// Nothing is written while the resume question is open: the interrupted game must stay
    /// until it is answered.
    pub(super) fn autosave_now(&mut self) {
        if matches!(self.dialog, Some(Dialog::Resume(..))) {
            return;
        }
        let Some(autosave) = self.autosave.as_mut() else {
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
                self.autosave_failed = false;
            }
            Err(error) => {
                let path = autosave.path().to_path_buf();
                log::error!("autosave to {} failed: {error}", path.display());
                if !self.autosave_failed {
                    self.autosave_failed = true;
                    let problem = Problem::AutosaveFailed { path, error };
                    if self.speaker.is_some() {
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
        if matches!(self.dialog, Some(Dialog::Resume(..))) {
            return;
        }
        if let Some(a) = self.autosave.as_mut() {
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
        self.apply(Change::Replace(
            Box::new(Document::resumed(s)),
            Replaced::Resumed,
        ));
    }

    /// Puts the interrupted game aside (openable by hand) and keeps the new game.
    pub(super) fn discard_interrupted(&mut self) {
        let Some(autosave) = self.autosave.as_mut() else {
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

/// The resume dialog; `Some(true)` to resume, `Some(false)` to put the game aside. Focus starts
/// on Resume, so Enter resumes; Tab reaches Discard.
pub(super) fn resume_ui(ui: &mut Ui, lang: Language, s: &Session, fresh: bool) -> Option<bool> {
    ui.heading(T::ResumeTitle.get(lang));
    ui.label(T::ResumeText.get(lang));
    ui.label(phrases::interrupted_game(lang, s));
    let mut answer = None;
    ui.horizontal(|ui| {
        let resume = ui.button(T::Resume.get(lang));
        if fresh {
            resume.request_focus();
        }
        if resume.clicked() {
            answer = Some(true);
        }
        if ui.button(T::Discard.get(lang)).clicked() {
            answer = Some(false);
        }
    });
    answer
}
