//! Opening and saving PDN files, and the "save changes?" guard in front of anything that
//! replaces the game. Apart from the window's state, as the file side of the application.

use std::path::{Path, PathBuf};

use super::{DamaApp, Dialog, Pending};
use crate::collection::{self, At, OnDisk, Place, Stamp};
use crate::engine::review::Mark;
use crate::event::Problem;
use crate::notation::pdn::{self, PdnGame};
use crate::ui::document::{DocChange, Document, Replaced};

impl DamaApp {
    /// Asks to save unsaved changes before `then`, or does it at once. A game saved to a file
    /// that another program or window has changed since exists only here: that is asked too.
    pub(super) fn guard(&mut self, then: Pending) {
        if self.doc.is_dirty() {
            self.dialogs.open(Dialog::Unsaved(then));
        } else if let Some(question) = self.only_here(Some(then.clone())) {
            self.dialogs.open(question);
        } else {
            self.proceed(then);
        }
    }

    /// What became of the game's file since the game was read from it or saved to it.
    pub(super) fn on_disk(&self) -> OnDisk {
        match (self.doc.file(), self.doc.place()) {
            (Some(path), Some(place)) => collection::on_disk(path, &place),
            _ => OnDisk::Same,
        }
    }

    /// The question to ask before `then`, where the window's game (saved, not changed since)
    /// is no longer in its file: another program or window replaced it, or the file is gone.
    pub(super) fn only_here(&self, then: Option<Pending>) -> Option<Dialog> {
        let path = self.doc.file()?.to_path_buf();
        disk_question(self.on_disk(), path, then)
    }

    /// When the window gets the focus: a file changed elsewhere since it was last looked at is
    /// told at once, where the window's game is no longer in it (the question is asked once
    /// for each state of the file).
    pub(super) fn check_disk(&mut self) {
        if self.dialogs.is_open() {
            return;
        }
        let state = self.on_disk();
        if self.saving.disk_seen == Some(state) {
            return;
        }
        let Some(path) = self.doc.file() else {
            return;
        };
        if let Some(question) = disk_question(state, path.to_path_buf(), None) {
            self.saving.disk_seen = Some(state);
            self.dialogs.open(question);
        }
    }

    /// Reads the game's file again, as it is now, in place of the window's game: game
    /// `number` of it where it still replays, else the file is opened as any other.
    pub(super) fn reload(&mut self) {
        let (Some(path), Some(place)) = (self.doc.file(), self.doc.place()) else {
            return;
        };
        let path = path.to_path_buf();
        match crate::game_file::read_file_games(&path) {
            Ok(mut file) => match file.good.iter().position(|(n, _)| *n == place.number) {
                Some(i) => {
                    let (number, game) = file.good.swap_remove(i);
                    let (games, stamp) = (file.count(), file.stamp);
                    self.load_game(&path, game, number, games, stamp);
                }
                None => self.open_path(&path),
            },
            Err(_) => self.open_path(&path),
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
                self.dialogs.open(Dialog::OpenPath(dir));
            }
            Pending::OpenFile(path) => self.open_path(&path),
            Pending::Quit => {
                self.window.allow_close = true;
            }
            Pending::Learn => self.learn(),
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
                self.load_game(path, game, number, 1, games.stamp);
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
                self.dialogs
                    .open(Dialog::ChooseGame(path.to_path_buf(), games));
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

    /// Replays game `number` of the `games` of the file at `path` (which held what `stamp`
    /// says) and makes it the document.
    pub(super) fn load_game(
        &mut self,
        path: &Path,
        mut game: PdnGame,
        number: usize,
        games: usize,
        stamp: Option<Stamp>,
    ) {
        let place = Place {
            number,
            games,
            stamp,
            mark: Some(collection::mark(&game)),
        };
        match pdn::replay(&mut game, number, None, None) {
            Ok(mut replayed) => {
                // A decided game keeps its result: a resignation or agreed draw has no move.
                replayed
                    .warnings
                    .extend(pdn::read_result(&game, &mut replayed.game, number));
                log::info!(
                    "opened {} (game {number}: {}, {} plies)",
                    path.display(),
                    replayed.game.rules().id,
                    replayed.game.moves().len()
                );
                let doc = Document::opened(replayed.game, &game, path, place);
                self.apply(DocChange::Replace(
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
        // The game's own file, where the window knows its place in it.
        let own = self.doc.file() == Some(path.as_path()) && self.doc.place().is_some();
        if own {
            match self.on_disk() {
                OnDisk::Same => {}
                OnDisk::Gone => return Some(Dialog::GoneFromDisk(path, then)),
                // Where the game is kept, Overwrite puts it back in its place all the same.
                OnDisk::GameKept | OnDisk::Changed { .. } => {
                    return Some(Dialog::ChangedOnDisk(path, then));
                }
            }
        }
        let exists = std::fs::metadata(&path).is_ok_and(|m| m.is_file());
        if exists && (!own || read_only(&path)) {
            // How many games replacing it would drop (none where it is no PDN to read).
            let games = collection::read_file(&path).map_or(0, |f| collection::count(&f));
            return Some(Dialog::ConfirmReplace(path, then, games));
        }
        self.save_then(&path, then, false);
        None
    }

    /// Saves to `path` (adds the game to it with `add`); once saved, what waited for it goes
    /// on.
    pub(super) fn save_then(&mut self, path: &Path, then: Option<Pending>, add: bool) {
        if add {
            self.add_to(path);
        } else {
            self.save_to(path);
        }
        if let Some(then) = then
            && !self.doc.is_dirty()
        {
            self.proceed(then);
        }
    }

    /// Saves the game to `path` atomically; a failure keeps the file and the game as they were.
    /// Into its own file, the game is written in its place, and every other game the file
    /// holds now is kept as it is, byte for byte; to any other file, it is written alone.
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
        let at = self
            .doc
            .place()
            .filter(|_| self.doc.file() == Some(path))
            .map(|p| At::Game(p.number));
        self.write_to(path, at, game);
    }

    /// Adds the game to the file at `path`, after its last game; every game it holds is kept.
    pub fn add_to(&mut self, path: &Path) {
        let game = self.doc.to_pdn();
        self.write_to(path, Some(At::End), game);
    }

    /// Writes `game` to `path`: alone, or into the file as it is now `at` a place.
    fn write_to(&mut self, path: &Path, at: Option<At>, game: PdnGame) {
        let bytes = match self.file_bytes(path, at, &game) {
            Ok(Some(bytes)) => bytes,
            // Said why already.
            Ok(None) => return,
            Err(error) => {
                log::error!("cannot save {}: {error}", path.display());
                self.complain(&Problem::Save {
                    path: path.to_path_buf(),
                    error,
                });
                return;
            }
        };
        let (bytes, place) = bytes;
        let written = crate::storage::write_atomically(path, &bytes);
        match written {
            Ok(()) => {
                log::info!(
                    "saved {} (game {} of {}, {} plies)",
                    path.display(),
                    place.number,
                    place.games,
                    self.doc.game().moves().len()
                );
                self.apply(DocChange::Saved {
                    path: path.to_path_buf(),
                    tags: game.tags,
                    place,
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

    /// The bytes to write to `path` for `game`, and its place in them. `at` a place, the
    /// game goes into the file as it is now, every other game kept (where it is to be game 1
    /// of a file of one game or none, or the file is gone, it is written alone); without, it
    /// is written alone. `Ok(None)` when the game cannot be written back (said why; nothing
    /// written).
    ///
    /// # Errors
    /// The file cannot be read, or writing the game failed.
    fn file_bytes(
        &mut self,
        path: &Path,
        at: Option<At>,
        game: &PdnGame,
    ) -> std::io::Result<Option<(Vec<u8>, Place)>> {
        let alone = || {
            let mut bytes = Vec::new();
            pdn::write_game(game, &mut bytes)?;
            let place = Place::in_bytes(&bytes, 1);
            Ok(Some((bytes, place)))
        };
        let Some(at) = at else {
            return alone();
        };
        let file = match collection::read_file(path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return alone(),
            Err(e) => return Err(e),
        };
        // Another program changed the file (the user chose to overwrite it): the game goes
        // where it stands now, should games have been added or removed before it.
        let place = self.doc.place();
        let at = match (at, place) {
            (
                At::Game(n),
                Some(Place {
                    stamp: Some(stamp),
                    mark: Some(mark),
                    ..
                }),
            ) if Stamp::of(&file) != stamp => {
                At::Game(collection::find(&file, mark, n).unwrap_or(n))
            }
            _ => at,
        };
        // A file of one game (as it was read, and as it is now) is written anew.
        let single = place.is_none_or(|p| !p.in_collection());
        if at == At::Game(1) && single && collection::count(&file) <= 1 {
            return alone();
        }
        match collection::splice(&file, at, game) {
            Ok(spliced) => {
                let place = spliced.place();
                Ok(Some((spliced.bytes, place)))
            }
            Err(error) => {
                log::error!("cannot save the game into {}: {error}", path.display());
                self.complain(&Problem::SaveInCollection {
                    path: path.to_path_buf(),
                    number: match at {
                        At::Game(n) => Some(n),
                        At::End => None,
                    },
                    error,
                });
                Ok(None)
            }
        }
    }
}

/// What to ask about the game's file at `path` in `state`, where the window's game exists only
/// here; `then` waits for the answer.
fn disk_question(state: OnDisk, path: PathBuf, then: Option<Pending>) -> Option<Dialog> {
    match state {
        OnDisk::Changed { .. } => Some(Dialog::ChangedOnDisk(path, then)),
        OnDisk::Gone => Some(Dialog::GoneFromDisk(path, then)),
        OnDisk::Same | OnDisk::GameKept => None,
    }
}

/// A name beside `path` that no file has: "turnaj (2).pdn", "turnaj (3).pdn"…, for a game
/// saved apart from a file that changed.
pub(super) fn another_name(path: &Path) -> PathBuf {
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
pub(super) fn read_only(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly())
}
