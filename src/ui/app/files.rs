//! Opening and saving PDN files, and the "save changes?" guard in front of anything that
//! replaces the game. Apart from the window's state, as the file side of the application.

use std::path::Path;

use super::{DamaApp, Dialog, Pending};
use crate::notation::pdn::{self, PdnGame};
use crate::speech::phrases;
use crate::ui::i18n::{self, T};
use crate::ui::settings::Player;

impl DamaApp {
    /// Asks to save unsaved changes before `then`, or does it at once.
    pub(super) fn guard(&mut self, then: Pending) {
        if self.dirty {
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
                    .file
                    .as_ref()
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
        self.file
            .as_ref()
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
        match crate::game_file::read_games(path) {
            Ok(mut games) if games.len() == 1 => {
                let game = games.pop().expect("one game");
                self.load_game(path, game, 1);
            }
            Ok(games) => self.dialog = Some(Dialog::ChooseGame(path.to_path_buf(), games)),
            Err(e) => {
                log::warn!("cannot open {}: {e}", path.display());
                let text = i18n::read_error(self.lang(), path, &e);
                self.say(text, true);
            }
        }
    }

    pub(super) fn load_game(&mut self, path: &Path, mut game: PdnGame, number: usize) {
        match pdn::replay(&mut game, number, None, None) {
            Ok(replayed) => {
                log::info!(
                    "opened {} (game {number}: {}, {} moves)",
                    path.display(),
                    replayed.game.rules().id,
                    replayed.game.moves().len()
                );
                self.names = [
                    game.tag("White").unwrap_or("").to_string(),
                    game.tag("Black").unwrap_or("").to_string(),
                ];
                self.tags = game.tags.clone();
                self.cancel_thinking();
                self.players = [Player::Human; 2];
                self.game = replayed.game;
                self.file = Some(path.to_path_buf());
                self.dirty = false;
                self.view = None;
                self.picker.clear();
                self.draw_offer = None;
                self.settings.add_recent(path);
                self.save_settings();
                // The status bar shows the file; only what was accepted leniently is said.
                self.notice = None;
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_default();
                let text = phrases::loaded(self.lang(), &name);
                self.announce(text, true);
                if let Some(first) = replayed.warnings.first() {
                    let text = format!("{} × {}", replayed.warnings.len(), first.kind);
                    self.say(text, false);
                }
            }
            Err(e) => {
                log::warn!("cannot replay {}:{e}", path.display());
                let reason = T::GameInvalid.get(self.lang());
                self.say(format!("{reason}: {}:{e}", path.display()), true);
            }
        }
    }

    /// Saves the game to `path` atomically; a failure keeps the file and the game as they were.
    pub fn save_to(&mut self, path: &Path) {
        let names = [self.names[0].as_str(), self.names[1].as_str()];
        let game = pdn::to_pdn(&self.game, &self.tags, names);
        let mut bytes = Vec::new();
        let written = pdn::write_game(&game, &mut bytes)
            .and_then(|()| crate::storage::write_atomically(path, &bytes));
        match written {
            Ok(()) => {
                log::info!(
                    "saved {} ({} moves)",
                    path.display(),
                    self.game.moves().len()
                );
                self.file = Some(path.to_path_buf());
                self.tags = game.tags;
                self.dirty = false;
                self.settings.add_recent(path);
                self.save_settings();
                self.say(
                    format!("{}: {}", T::Saved.get(self.lang()), path.display()),
                    false,
                );
            }
            Err(e) => {
                log::error!("cannot save {}: {e}", path.display());
                let reason = T::CannotSave.get(self.lang());
                self.say(format!("{reason}: {}: {e}", path.display()), true);
            }
        }
    }
}
