//! Opening and saving PDN files, and the "save changes?" guard in front of anything that
//! replaces the game. Apart from the window's state, as the file side of the application.

use std::path::{Path, PathBuf};

use super::change::Change;
use super::{DamaApp, Dialog, Pending};
use crate::engine::review::Mark;
use crate::event::Problem;
use crate::notation::pdn::{self, PdnGame};
use crate::ui::document::{Document, Replaced};

impl DamaApp {
    /// Asks to save unsaved changes before `then`, or does it at once.
    pub(super) fn guard(&mut self, then: Pending) {
        if self.doc.is_dirty() {
            self.dialog = Some(Dialog::Unsaved(then));
        } else {
            self.proceed(then);
        }
    }

    pub(super) fn proceed(&mut self, then: Pending) {
        match then {
            Pending::NewGame(form) => self.start_game(&form),
            Pending::Open => {
                let dir = self
                    .doc
                    .file()
                    .and_then(|f| f.parent())
                    .map(|d| format!("{}/", d.display()))
                    .unwrap_or_default();
                self.dialog = Some(Dialog::OpenPath(dir));
            }
            Pending::OpenFile(path) => self.open_path(&path),
            Pending::Quit => {
                self.allow_close = true;
            }
        }
    }

    pub(super) fn suggested_path(&self) -> String {
        self.doc
            .file()
            .map(|f| f.display().to_string())
            .unwrap_or_else(|| {
                let dir = directories::UserDirs::new()
                    .and_then(|u| u.document_dir().map(Path::to_path_buf))
                    .unwrap_or_default();
                dir.join("dama.pdn").display().to_string()
            })
    }

    /// Opens a PDN file: one game at once, several through a choice. Any failure leaves the
    /// current game as it is and says why.
    pub fn open_path(&mut self, path: &Path) {
        match crate::game_file::read_file_games(path) {
            Ok(mut games)
                if games.good.len() == 1 && games.bad.is_empty() && games.left_out.is_none() =>
            {
                let (number, game) = games.good.pop().expect("one game");
                self.load_game(path, game, number);
            }
            // No game replays: why the first does not.
            Ok(games) if games.good.is_empty() => {
                let error = games.bad.into_iter().next().expect("a bad game");
                log::warn!("cannot replay {}:{error}", path.display());
                self.complain(&Problem::Replay {
                    path: path.to_path_buf(),
                    error: Box::new(error),
                });
            }
            Ok(games) => {
                for e in &games.bad {
                    log::warn!("{}:{e}", path.display());
                }
                if let Some(left) = games.left_out {
                    log::warn!("{}: {} games left out", path.display(), left.games);
                }
                self.dialog = Some(Dialog::ChooseGame(
                    path.to_path_buf(),
                    games.good,
                    games.bad,
                    games.left_out,
                ));
            }
            Err(error) => {
                log::warn!("cannot open {}: {error}", path.display());
                self.complain(&Problem::Open {
                    path: path.to_path_buf(),
                    error: Box::new(error),
                });
            }
        }
    }

    /// Replays game `number` of the file at `path` and makes it the document.
    pub(super) fn load_game(&mut self, path: &Path, mut game: PdnGame, number: usize) {
        match pdn::replay(&mut game, number, None, None) {
            Ok(replayed) => {
                log::info!(
                    "opened {} (game {number}: {}, {} plies)",
                    path.display(),
                    replayed.game.rules().id,
                    replayed.game.moves().len()
                );
                let doc = Document::opened(replayed.game, &game, path);
                self.apply(Change::Replace(
                    Box::new(doc),
                    Replaced::Opened {
                        path: path.to_path_buf(),
                        number,
                        warnings: replayed.warnings,
                    },
                ));
            }
            Err(error) => {
                log::warn!("cannot replay {}:{error}", path.display());
                self.complain(&Problem::Replay {
                    path: path.to_path_buf(),
                    error: Box::new(error),
                });
            }
        }
    }

    /// Saves to `path` and goes on with `then`, unless that would replace another file than the
    /// game's own, or a read-only one: the dialog that asks first is returned instead.
    pub(super) fn save_or_confirm(
        &mut self,
        path: PathBuf,
        then: Option<Pending>,
    ) -> Option<Dialog> {
        let own = self.doc.file() == Some(path.as_path());
        let exists = std::fs::metadata(&path).is_ok_and(|m| m.is_file());
        if exists && (!own || read_only(&path)) {
            return Some(Dialog::ConfirmReplace(path, then));
        }
        self.save_then(&path, then);
        None
    }

    /// Saves to `path`; once saved, what waited for it goes on.
    pub(super) fn save_then(&mut self, path: &Path, then: Option<Pending>) {
        self.save_to(path);
        if let Some(then) = then
            && !self.doc.is_dirty()
        {
            self.proceed(then);
        }
    }

    /// Saves the game to `path` atomically; a failure keeps the file and the game as they were.
    pub fn save_to(&mut self, path: &Path) {
        let mut game = self.doc.to_pdn();
        // A review of the game is saved as annotators write one: "31-27?? (22x15)".
        if let Some(review) = &self.view.review {
            let marks: Vec<_> = review
                .iter()
                .filter_map(|j| {
                    let nag = match j.mark {
                        Mark::Good => return None,
                        Mark::Inaccuracy => 6,
                        Mark::Mistake => 2,
                        Mark::Blunder => 4,
                    };
                    Some((j.ply, nag, j.better))
                })
                .collect();
            pdn::add_marks(&mut game, self.doc.game(), &marks);
        }
        let mut bytes = Vec::new();
        let written = pdn::write_game(&game, &mut bytes)
            .and_then(|()| crate::storage::write_atomically(path, &bytes));
        match written {
            Ok(()) => {
                log::info!(
                    "saved {} ({} plies)",
                    path.display(),
                    self.doc.game().moves().len()
                );
                self.apply(Change::Saved {
                    path: path.to_path_buf(),
                    tags: game.tags,
                });
            }
            Err(error) => {
                log::error!("cannot save {}: {error}", path.display());
                self.complain(&Problem::Save {
                    path: path.to_path_buf(),
                    error,
                });
            }
        }
    }
}

/// Whether the file at `path` is marked read-only (mode 0444, the Windows attribute): the
/// owner meant to keep it, so replacing it is asked first.
pub(super) fn read_only(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly())
}
