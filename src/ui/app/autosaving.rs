//! The window's side of autosave (see [`crate::autosave`]): the game written after every change,
//! the resume question at start, the file removed at a clean exit.

use std::path::Path;

use eframe::egui::Ui;

use super::{DamaApp, Dialog, Notice};
use crate::autosave::{Autosave, Found, SLOTS, Session, SessionRef};
use crate::speech::phrases;
use crate::ui::i18n::{self, Language, T};
use crate::ui::settings::Player;

impl DamaApp {
    /// Saves the game in `dir` after every change from now on. If the last run left a game
    /// there (it crashed or was killed), asks whether to resume it; a damaged one is kept
    /// aside with a notice, and play starts with a new game.
    pub fn start_autosave(&mut self, dir: &Path) {
        let autosave = match Autosave::claim(dir) {
            Ok(Some(a)) => a,
            Ok(None) => {
                log::warn!("{SLOTS} windows autosave in {} already", dir.display());
                let text = T::AutosaveBusy.get(self.lang()).to_string();
                self.add_notice(text);
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
                    "found the game of an interrupted run in {} ({} moves)",
                    autosave.path().display(),
                    session.game.moves().len()
                );
                self.dialog = Some(Dialog::Resume(session, None));
            }
            Found::Damaged { kept_as, error } => {
                log::warn!("autosave damaged, kept as {}: {error}", kept_as.display());
                let text = format!(
                    "{} ({}: {error})",
                    T::AutosaveDamaged.get(self.lang()),
                    kept_as.display()
                );
                self.add_notice(text);
            }
        }
        self.autosave = Some(autosave);
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

    /// Adds an error found at start to the status bar, after the one there (the settings and
    /// the autosave may both be damaged), and says it: now, or when the window gets its voice.
    pub(super) fn add_notice(&mut self, text: String) {
        if self.speaker.is_some() {
            self.announce(text.clone(), false);
        } else {
            self.announcement = text.clone();
            self.unspoken.push(text.clone());
        }
        let text = match self.notice.take() {
            Some(n) => format!("{} {text}", n.text),
            None => text,
        };
        self.notice = Some(Notice { text, error: true });
    }

    /// Writes the game if it changed since the last write (called at the end of every frame,
    /// so every way of changing the game is covered). Nothing is written while the resume
    /// question is open: the interrupted game must stay until it is answered.
    pub(super) fn autosave_now(&mut self) {
        if matches!(self.dialog, Some(Dialog::Resume(..))) {
            return;
        }
        let Some(autosave) = self.autosave.as_mut() else {
            return;
        };
        let session = SessionRef {
            game: &self.game,
            names: [&self.names[0], &self.names[1]],
            tags: &self.tags,
            file: self.file.as_deref(),
            dirty: self.dirty,
            computer: self.players.map(|p| match p {
                Player::Human => None,
                Player::Computer(level) => Some(level),
            }),
        };
        match autosave.update(session) {
            Ok(false) => {}
            Ok(true) => {
                log::debug!(
                    "autosaved {} moves to {}",
                    self.game.moves().len(),
                    autosave.path().display()
                );
                self.autosave_failed = false;
            }
            Err(e) => {
                let path = autosave.path().display().to_string();
                log::error!("autosave to {path} failed: {e}");
                if !self.autosave_failed {
                    self.autosave_failed = true;
                    let text = format!("{}: {path}: {e}", T::AutosaveFailed.get(self.lang()));
                    self.say(text, true);
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
        self.cancel_thinking();
        self.game = s.game;
        self.players = s
            .computer
            .map(|c| c.map_or(Player::Human, Player::Computer));
        self.names = s.names;
        self.tags = s.tags;
        // A game found only in the autosave is unsaved work, whatever its flag said.
        self.dirty = s.dirty || s.file.is_none();
        self.file = s.file;
        self.view = None;
        self.picker.clear();
        self.choosing_offender = None;
        self.draw_offer = None;
        self.notice = None;
        let text = T::Resumed.get(self.lang()).to_string();
        self.announce(text, true);
    }

    /// Puts the interrupted game aside (openable by hand) and keeps the new game.
    pub(super) fn discard_interrupted(&mut self) {
        let Some(autosave) = self.autosave.as_mut() else {
            return;
        };
        match autosave.discard() {
            Ok(to) => {
                log::info!("interrupted game discarded, kept as {}", to.display());
                let text = format!("{}: {}", T::DiscardedTo.get(self.lang()), to.display());
                self.say(text, false);
            }
            Err(e) => {
                let path = autosave.path().display().to_string();
                log::warn!("cannot put {path} aside: {e}");
                // It is overwritten by the new game's first autosave: say where it was.
                self.say(format!("{path}: {e}"), true);
            }
        }
    }
}

/// The question and what the game was, as the dialog shows and speech says it.
pub(super) fn question(lang: Language, s: &Session) -> String {
    format!(
        "{} {} {}",
        T::ResumeTitle.get(lang),
        T::ResumeText.get(lang),
        describe(lang, s)
    )
}

/// "Česká dáma, 12 tahů, bílý: Jana, soubor: partie.pdn (neuloženo)".
fn describe(lang: Language, s: &Session) -> String {
    let mut parts = vec![i18n::rules_name(lang, s.game.rules()).to_string()];
    let n = s.game.moves().len();
    parts.push(match lang {
        Language::Czech => {
            let word = match n {
                1 => "tah",
                2..=4 => "tahy",
                _ => "tahů",
            };
            format!("{n} {word}")
        }
        Language::English => format!("{n} {}", if n == 1 { "move" } else { "moves" }),
    });
    for (color, name) in [crate::rules::Color::White, crate::rules::Color::Black]
        .into_iter()
        .zip(&s.names)
    {
        if !name.is_empty() {
            parts.push(format!("{}: {name}", i18n::side_name(lang, color)));
        }
    }
    if let Some(o) = s.game.outcome() {
        parts.push(phrases::outcome(lang, o));
    }
    if let Some(f) = &s.file {
        let unsaved = if s.dirty {
            format!(" ({})", T::UnsavedChanges.get(lang))
        } else {
            String::new()
        };
        parts.push(format!(
            "{}: {}{unsaved}",
            T::FileWord.get(lang),
            shown_name(f)
        ));
    }
    parts.join(", ")
}

fn shown_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// The resume dialog; `Some(true)` to resume, `Some(false)` to put the game aside. Focus starts
/// on Resume, so Enter resumes; Tab reaches Discard.
pub(super) fn resume_ui(ui: &mut Ui, lang: Language, s: &Session, fresh: bool) -> Option<bool> {
    ui.heading(T::ResumeTitle.get(lang));
    ui.label(T::ResumeText.get(lang));
    ui.label(describe(lang, s));
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
