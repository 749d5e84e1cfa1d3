//! Opening and saving PDN files, and the "save changes?" guard in front of anything that
//! replaces the game. Apart from the window's state, as the file side of the application.

use std::path::{Path, PathBuf};

use super::{DamaApp, Dialog, Pending};
use crate::engine::Level;
use crate::engine::review::Mark;
use crate::game::event::{Event, Problem};
use crate::notation::pdn::{self, PdnGame};
use crate::rules::Color;
use crate::store::collection::{self, At, OnDisk, Place, Stamp};
use crate::store::game_file::{self, Played};
use crate::store::storage::read_only;
use crate::ui::document::{DocChange, Document, Replaced};
use crate::ui::settings::Player;

impl DamaApp {
    /// Asks to save unsaved changes before `then`, or does it at once. A game saved to a file
    /// that another program or window has changed since exists only here: that is asked too.
    pub(super) fn guard(&mut self, then: Pending) {
        if self.saving.job.is_some() {
            self.complain(&Problem::SaveUnderWay);
        } else if self.doc.is_dirty() {
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
        // A save in the background changes the file before the window knows what it holds.
        if self.dialogs.is_open() || self.saving.job.is_some() {
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
        match crate::store::game_file::read_file_games(&path) {
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
            Pending::Learn => self.feature(|a| &mut a.learning, |l, cx| l.learn(cx)),
        }
    }

    /// The path the save dialog offers: the game's file, else `dama.pdn` in the documents
    /// folder, the home folder where there is none (a desktop without its user folders set
    /// up), or the folder the program was started in: always with its folder, in full.
    pub(super) fn suggested_path(&self) -> String {
        self.doc
            .file()
            .map(|f| f.display().to_string())
            .unwrap_or_else(|| {
                let user = directories::UserDirs::new();
                let dir = user
                    .as_ref()
                    .and_then(|u| u.document_dir().map(Path::to_path_buf))
                    .or_else(|| user.as_ref().map(|u| u.home_dir().to_path_buf()))
                    .or_else(|| std::env::current_dir().ok())
                    .unwrap_or_default();
                dir.join("dama.pdn").display().to_string()
            })
    }

    /// Opens a PDN file: one game at once, several through a choice. Any failure leaves the
    /// current game as it is and says why.
    pub fn open_path(&mut self, path: &Path) {
        match crate::store::game_file::read_file_games(path) {
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
                // Who plays, as the tags say: the computer goes on at its level.
                let (played, warnings) = game_file::players_of(&game, number);
                replayed.warnings.extend(warnings);
                let players = Color::ALL.map(|side| match played[side.index()] {
                    Played::Person => Player::Human,
                    Played::Computer(level) => {
                        Player::Computer(level.unwrap_or_else(|| self.usual_level(side)))
                    }
                });
                log::info!(
                    "opened {} (game {number}: {}, {} plies)",
                    path.display(),
                    replayed.game.rules().id,
                    replayed.game.moves().len()
                );
                let doc = Document::opened(replayed.game, &game, path, place, players);
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

    /// The level the computer plays `side` at where a file says the computer plays it but not
    /// at what level (as other programs write PGN's `program` alone): the level last chosen for
    /// that side in the new-game dialog, else for the other, else the default.
    fn usual_level(&self, side: Color) -> Level {
        let last = [self.settings.white_player, self.settings.black_player];
        last[side.index()]
            .level()
            .or(last[(!side).index()].level())
            .unwrap_or_default()
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
    /// on. A file over [`BACKGROUND_BYTES`] that the game goes into is read, spliced and
    /// written on a thread of its own ([`SaveJob`]), and `then` waits for it.
    pub(super) fn save_then(&mut self, path: &Path, then: Option<Pending>, add: bool) {
        if self.saving.job.is_some() {
            // Never two saves at once: the second's file would race the first's.
            self.complain(&Problem::SaveUnderWay);
            return;
        }
        let (game, at) = if add {
            (self.doc.to_pdn(), Some(At::End))
        } else {
            self.game_to_save(path)
        };
        let revision = self.doc.revision();
        let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
        if at.is_some() && bytes > BACKGROUND_BYTES {
            self.start_save_job(path, at, game, then, bytes, revision);
            return;
        }
        let written = write_game_file(path, at, &game, self.doc.place());
        self.saved(path, game.tags, revision, written);
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
        self.save_then(path, None, false);
    }

    /// Adds the game to the file at `path`, after its last game; every game it holds is kept.
    pub fn add_to(&mut self, path: &Path) {
        self.save_then(path, None, true);
    }

    /// The game as it is saved to `path`, and where in the file: in its place in its own
    /// file, alone in any other.
    fn game_to_save(&self, path: &Path) -> (PdnGame, Option<At>) {
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
        (game, at)
    }

    /// Reads, splices and writes on a thread of its own: the window keeps drawing, and says
    /// that the save is under way (the status bar shows it until it ends).
    fn start_save_job(
        &mut self,
        path: &Path,
        at: Option<At>,
        game: PdnGame,
        then: Option<Pending>,
        bytes: u64,
        revision: u64,
    ) {
        let place = self.doc.place();
        let tags = game.tags.clone();
        let target = path.to_path_buf();
        let spawned = std::thread::Builder::new()
            .name("dama-save".into())
            .spawn(move || write_game_file(&target, at, &game, place));
        match spawned {
            Ok(thread) => {
                log::info!("saving {} in the background", path.display());
                self.saving.job = Some(SaveJob {
                    path: path.to_path_buf(),
                    tags,
                    revision,
                    bytes,
                    then,
                    thread,
                });
                self.tell(
                    &[Event::Saving {
                        path: path.to_path_buf(),
                        bytes,
                    }],
                    false,
                );
            }
            Err(error) => self.saved(path, tags, 0, Err(SaveError::Io(error))),
        }
    }

    /// Ends a save in the background once its thread is done (`wait`: waits for it, as the
    /// window closes): the game saved or why not, then what waited for it.
    pub(super) fn finish_save(&mut self, wait: bool) {
        if !wait && !self.saving.job.as_ref().is_some_and(SaveJob::is_done) {
            return;
        }
        let Some(job) = self.saving.job.take() else {
            return;
        };
        let written = job.thread.join().unwrap_or_else(|_| {
            Err(SaveError::Io(std::io::Error::other(
                "the save's thread stopped",
            )))
        });
        let ok = written.is_ok();
        self.saved(&job.path, job.tags, job.revision, written);
        // Asked again where the game changed while it was saved (closing asks "save
        // changes?").
        if ok && let Some(then) = job.then {
            self.guard(then);
        }
    }

    /// What a save's `written` result does: the document marked saved (where it did not
    /// change since `revision`) and the save told, or why it failed said.
    fn saved(
        &mut self,
        path: &Path,
        tags: Vec<(String, String)>,
        revision: u64,
        written: Result<Place, SaveError>,
    ) {
        match written {
            Ok(place) => {
                log::info!(
                    "saved {} (game {} of {}, {} plies)",
                    path.display(),
                    place.number,
                    place.games,
                    self.doc.game().moves().len()
                );
                self.apply(DocChange::Saved {
                    path: path.to_path_buf(),
                    tags,
                    place,
                    revision,
                });
            }
            Err(SaveError::Io(error)) => {
                log::error!("cannot save {}: {error}", path.display());
                self.complain(&Problem::Save {
                    path: path.to_path_buf(),
                    error,
                });
            }
            Err(SaveError::Splice { number, error }) => {
                log::error!("cannot save the game into {}: {error}", path.display());
                self.complain(&Problem::SaveInCollection {
                    path: path.to_path_buf(),
                    number,
                    error,
                });
            }
        }
    }
}

/// The size above which a save that reads the file (a game of a collection, a game added to
/// one) runs on a thread of its own. Splicing reads every game of the file: about 30 ms a
/// megabyte in a debug build (1.2 s for 38 MB and 80,364 games), a few in a release build;
/// below this a save takes no longer than a frame, and stays as simple as it was.
pub(super) const BACKGROUND_BYTES: u64 = 1 << 20;

/// Why a save failed: reading or writing the file, or the game's place in it.
#[derive(Debug)]
pub(super) enum SaveError {
    /// The file could not be read or written.
    Io(std::io::Error),
    /// The game cannot go into its place (`None`: after the last game).
    Splice {
        number: Option<usize>,
        error: collection::SpliceError,
    },
}

impl From<std::io::Error> for SaveError {
    fn from(error: std::io::Error) -> SaveError {
        SaveError::Io(error)
    }
}

/// A save running on a thread of its own ([`DamaApp::save_then`] of a large file), and what
/// to do when it ends.
pub(super) struct SaveJob {
    /// The file.
    pub(super) path: PathBuf,
    /// The tags written.
    tags: Vec<(String, String)>,
    /// The document's revision when the game was taken: it is marked saved only if unchanged.
    revision: u64,
    /// The file's size as the save began.
    pub(super) bytes: u64,
    /// What waits for the save (closing the window, another game): it goes on only once the
    /// save succeeded.
    pub(super) then: Option<Pending>,
    thread: std::thread::JoinHandle<Result<Place, SaveError>>,
}

impl SaveJob {
    /// Whether its thread has finished.
    fn is_done(&self) -> bool {
        self.thread.is_finished()
    }
}

/// Writes `game` to `path` atomically as [`file_bytes`] makes it (the file's other games kept), and
/// answers its place there: the one save, on the window's thread or a save job's.
fn write_game_file(
    path: &Path,
    at: Option<At>,
    game: &PdnGame,
    place: Option<Place>,
) -> Result<Place, SaveError> {
    let (bytes, place) = file_bytes(path, at, game, place)?;
    crate::store::storage::write_atomically(path, &bytes)?;
    Ok(place)
}

/// The bytes to write to `path` for `game`, and its place in them. `at` a place, the game goes
/// into the file as it is now, every other game kept (where it is to be game 1 of a file of one
/// game or none, or the file is gone, it is written alone); without, it is written alone.
/// `place` is where the document's game stood when read or saved: where another program
/// changed the file since, the game is found by its mark. Pure of the window, so that a large
/// file is done on a thread of its own.
///
/// # Errors
/// The file cannot be read, writing the game failed, or the game cannot go in its place.
fn file_bytes(
    path: &Path,
    at: Option<At>,
    game: &PdnGame,
    place: Option<Place>,
) -> Result<(Vec<u8>, Place), SaveError> {
    let alone = || -> Result<(Vec<u8>, Place), SaveError> {
        let mut bytes = Vec::new();
        pdn::write_game(game, &mut bytes)?;
        let place = Place::in_bytes(&bytes, 1);
        Ok((bytes, place))
    };
    let Some(at) = at else {
        return alone();
    };
    let file = match collection::read_file(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return alone(),
        Err(e) => return Err(e.into()),
    };
    // Another program changed the file (the user chose to overwrite it): the game goes
    // where it stands now, should games have been added or removed before it.
    let at = match (at, place) {
        (
            At::Game(n),
            Some(Place {
                stamp: Some(stamp),
                mark: Some(mark),
                ..
            }),
        ) if Stamp::of(&file) != stamp => At::Game(collection::find(&file, mark, n).unwrap_or(n)),
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
            Ok((spliced.bytes, place))
        }
        Err(error) => Err(SaveError::Splice {
            number: match at {
                At::Game(n) => Some(n),
                At::End => None,
            },
            error,
        }),
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
