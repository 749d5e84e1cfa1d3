//! The game in progress, saved after every change so that a crash or a `kill -9` loses at most
//! the last move.
//!
//! The file is `autosave.pdn` in the data directory, written atomically by the same PDN writer
//! as a saved game (so table-rules comments, set-ups and variant tags survive), with three
//! private tags that other programs ignore: `DamaFile` (the file the game came from),
//! `DamaUnsaved` (whether it had changes not saved there), `DamaRules` (the rule set in RON,
//! since options chosen in the new-game dialog have no PDN tag). Who plays is in the tags a
//! saved game has (`WhiteType`/`BlackType` and the computer's `WhiteLevel`/`BlackLevel`, see
//! [`game_file::set_players`]); an older Dáma's `DamaWhitePlayer` / `DamaBlackPlayer` are
//! still read. A clean exit removes it, so one found at start means the last run broke off.
//!
//! Several windows may run at once: each takes a slot of its own (`autosave.pdn`,
//! `autosave-2.pdn`, …) and holds its lock file (`autosave.lock`, …) while it runs. The system
//! releases the lock when a process ends in any way, so a slot with an autosave and no holder
//! is a run that broke off, and a running window's game is never offered to another.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use fs4::fs_std::FileExt;

use crate::engine::Level;
use crate::notation::pdn::{self, PdnError};
use crate::rules::{Game, GameTree, RuleSet, RuleSetError};
use crate::store::collection::{Place, Stamp};
use crate::store::game_file::{self, Played, ReadError};

/// The autosave's name in the data directory.
pub const AUTOSAVE_FILE: &str = "autosave.pdn";
/// Where a discarded autosave is put (replacing the one discarded before): a wrong click on
/// Discard can still be undone by opening it.
pub const DISCARDED_FILE: &str = "discarded.pdn";
/// Most windows autosaving at once.
pub const SLOTS: usize = 8;
const FILE_TAG: &str = "DamaFile";
/// The game's place in its file, `NUMBER/GAMES`, and what the file held (see [`Stamp`]), so
/// that a resumed game of a collection is saved back in its place.
const PLACE_TAG: &str = "DamaGame";
const STAMP_TAG: &str = "DamaFileStamp";
const MARK_TAG: &str = "DamaGameMark";
const UNSAVED_TAG: &str = "DamaUnsaved";
const RULES_TAG: &str = "DamaRules";
/// Who played, as an autosave of an older Dáma says it (`human`, or `computer N`); the
/// autosave now writes the tags a saved game has ([`game_file::set_players`]).
const PLAYER_TAGS: [&str; 2] = ["DamaWhitePlayer", "DamaBlackPlayer"];

/// The window's game as autosave keeps it, borrowed for writing.
#[derive(Clone, Copy, Debug)]
pub struct SessionRef<'a> {
    /// The record.
    pub game: &'a Game,
    /// White's and Black's names.
    pub names: [&'a str; 2],
    /// The tags of the file the game came from.
    pub tags: &'a [(String, String)],
    /// The file the game came from or was last saved to.
    pub file: Option<&'a Path>,
    /// The game's place in that file.
    pub place: Option<Place>,
    /// Changes not saved to that file.
    pub dirty: bool,
    /// Who plays White and Black: a person (`None`) or the computer at a level.
    pub computer: [Option<Level>; 2],
    /// Every move recorded with the game: what was written after each, the time left where
    /// it was timed, the variations (what of it follows the game's moves is written).
    pub tree: &'a GameTree,
    /// What an annotator wrote before the first move of the file's game.
    pub lead: &'a [String],
}

/// A game read back from an autosave.
#[derive(Clone, Debug)]
pub struct Session {
    /// The record, with its result (a resignation or agreed draw comes back too).
    pub game: Game,
    /// White's and Black's names.
    pub names: [String; 2],
    /// The tags of the file the game came from (without autosave's own).
    pub tags: Vec<(String, String)>,
    /// The file the game came from.
    pub file: Option<PathBuf>,
    /// The game's place in that file, where the autosave says it (older ones do not).
    pub place: Option<Place>,
    /// Whether it had changes not saved to `file`.
    pub dirty: bool,
    /// Who played White and Black: a person (`None`) or the computer at a level.
    pub computer: [Option<Level>; 2],
    /// The game's moves with what was written after each, the time left where it was timed
    /// (the clocks go on from there), and the variations.
    pub tree: GameTree,
    /// What an annotator wrote before the first move of the file's game.
    pub lead: Vec<String>,
}

impl Session {
    /// Whether there is anything to resume: a move, a set-up of its own, or a claim.
    pub fn worth_resuming(&self) -> bool {
        let standard = self.game.rules().start_position().ok();
        !self.game.moves().is_empty()
            || standard.as_ref() != Some(self.game.start())
            || self.game.pending_huff().is_some()
            || self.game.pending_take_back().is_some()
    }
}

/// What was found in the data directory at start.
#[derive(Debug)]
pub enum Found {
    /// No autosave, or one with nothing to resume (it has been removed).
    Nothing,
    /// The game of a run that did not end cleanly.
    Interrupted(Box<Session>),
    /// An autosave that cannot be read: renamed to `kept_as` (see [`crate::store::storage::keep_aside`]).
    Damaged {
        /// Where it now is (its old path if even the rename failed).
        kept_as: PathBuf,
        /// Why it cannot be read.
        error: AutosaveError,
    },
}

/// Why an autosave cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum AutosaveError {
    /// The file is not readable PDN.
    #[error("{0}")]
    Read(#[from] ReadError),
    /// Its game does not replay.
    #[error("{0}")]
    Replay(#[from] PdnError),
    /// Its rule set tag does not parse.
    #[error("rule set: {0}")]
    Rules(RuleSetError),
}

/// Writes the game after each change, and removes it on a clean exit.
#[derive(Debug)]
pub struct Autosave {
    path: PathBuf,
    /// The revision of the window's document in the file (or that failed to be written
    /// last): it is not written again until the document changes.
    written: Option<u64>,
    /// The slot's lock, held while the window runs.
    _lock: Option<File>,
    /// Other slots' locks, held while their interrupted games are offered in this window.
    others: Vec<(PathBuf, File)>,
}

/// An interrupted game found in a slot: this window's own, or another window's that ended
/// without a clean exit (the system released its lock).
#[derive(Clone, Debug)]
pub struct Interrupted {
    /// Its autosave file.
    pub path: PathBuf,
    /// The game.
    pub session: Box<Session>,
}

impl Autosave {
    /// The first slot's autosave in `dir`, without taking its lock (nothing is read or written
    /// yet). For a directory where no lock file can be made: writing will fail there too, and
    /// say so.
    pub fn new(dir: &Path) -> Autosave {
        Autosave {
            path: dir.join(AUTOSAVE_FILE),
            written: None,
            _lock: None,
            others: Vec::new(),
        }
    }

    /// Takes the first slot in `dir` that no running window holds, and holds it until this
    /// value is dropped (or the process ends); `None` when all [`SLOTS`] are held.
    ///
    /// # Errors
    /// The directory or a lock file cannot be created, or locking failed.
    pub fn claim(dir: &Path) -> io::Result<Option<Autosave>> {
        std::fs::create_dir_all(dir)?;
        for slot in 1..=SLOTS {
            let stem = slot_stem(slot);
            if let Some(lock) = try_lock(dir, &stem)? {
                return Ok(Some(Autosave {
                    path: dir.join(format!("{stem}.pdn")),
                    written: None,
                    _lock: Some(lock),
                    others: Vec::new(),
                }));
            }
        }
        Ok(None)
    }

    /// The autosave file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `session`, revision `revision` of the window's document, unless that revision
    /// was written last; returns whether it wrote. The window's document counts its changes,
    /// so the same revision is the same game and nothing needs comparing.
    ///
    /// # Errors
    /// The file cannot be written (the previous autosave is then intact). The same revision is
    /// not tried again: the next change is.
    pub fn update(&mut self, revision: u64, session: SessionRef<'_>) -> io::Result<bool> {
        if self.written == Some(revision) {
            return Ok(false);
        }
        self.written = Some(revision);
        let bytes = to_bytes(&session)?;
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        crate::store::storage::write_atomically(&self.path, &bytes)?;
        Ok(true)
    }

    /// Removes the autosave at a clean exit.
    ///
    /// # Errors
    /// It exists and cannot be removed.
    pub fn remove(&mut self) -> io::Result<()> {
        self.written = None;
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Puts the autosave aside as [`DISCARDED_FILE`] (the player chose not to resume it) and
    /// returns where.
    ///
    /// # Errors
    /// The rename failed.
    pub fn discard(&mut self) -> io::Result<PathBuf> {
        self.written = None;
        let to = discarded_path(&self.path);
        std::fs::rename(&self.path, &to)?;
        Ok(to)
    }

    /// The interrupted games of the other slots in the directory: windows that ended without a
    /// clean exit while another window, or none, ran in this slot. Each slot offered is held
    /// until [`Autosave::release`], so that no window starting meanwhile offers it too; damaged
    /// ones are kept aside and returned as such, empty ones removed.
    pub fn others(&mut self) -> Vec<Result<Interrupted, (PathBuf, AutosaveError)>> {
        let Some(dir) = self.path.parent().map(Path::to_path_buf) else {
            return Vec::new();
        };
        let mut found = Vec::new();
        for slot in 1..=SLOTS {
            let stem = slot_stem(slot);
            let path = dir.join(format!("{stem}.pdn"));
            if path == self.path || !path.exists() {
                continue;
            }
            let Ok(Some(lock)) = try_lock(&dir, &stem) else {
                continue;
            };
            let other = Autosave {
                path: path.clone(),
                written: None,
                _lock: None,
                others: Vec::new(),
            };
            match other.find() {
                Found::Nothing => {}
                Found::Interrupted(session) => {
                    self.others.push((path.clone(), lock));
                    found.push(Ok(Interrupted { path, session }));
                }
                Found::Damaged { kept_as, error } => found.push(Err((kept_as, error))),
            }
        }
        found
    }

    /// Lets go of another slot's lock taken by [`Autosave::others`] (its game was resumed
    /// here, put aside, or left for later).
    pub fn release(&mut self, path: &Path) {
        self.others.retain(|(p, _)| p != path);
    }

    /// Takes over another slot's interrupted game resumed in this window: its file goes once
    /// this window's autosave holds the game, and its slot is let go.
    ///
    /// # Errors
    /// The file cannot be removed (it is then offered again at the next start).
    pub fn adopt(&mut self, path: &Path) -> io::Result<()> {
        let removed = match std::fs::remove_file(path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        };
        self.release(path);
        removed
    }

    /// Puts another slot's interrupted game aside, as [`Autosave::discard`] does for this
    /// window's, and lets its slot go; returns where it went.
    ///
    /// # Errors
    /// The rename failed.
    pub fn discard_other(&mut self, path: &Path) -> io::Result<PathBuf> {
        let to = discarded_path(path);
        let renamed = std::fs::rename(path, &to);
        self.release(path);
        renamed.map(|()| to)
    }

    /// Looks for the autosave of an interrupted run. One with nothing to resume is removed; a
    /// damaged one is kept aside. Never fails: the window then starts with a new game.
    pub fn find(&self) -> Found {
        match read(&self.path) {
            Ok(Some(s)) if s.worth_resuming() => Found::Interrupted(Box::new(s)),
            Ok(Some(_)) => {
                let _ = std::fs::remove_file(&self.path);
                Found::Nothing
            }
            Ok(None) => Found::Nothing,
            Err(error) => Found::Damaged {
                kept_as: crate::store::storage::keep_aside(&self.path).unwrap_or(self.path.clone()),
                error,
            },
        }
    }
}

/// The name of a slot's files: `autosave`, `autosave-2`, …
fn slot_stem(slot: usize) -> String {
    match slot {
        1 => "autosave".to_string(),
        n => format!("autosave-{n}"),
    }
}

/// The lock of the slot `stem` in `dir`, when no running window holds it.
fn try_lock(dir: &Path, stem: &str) -> io::Result<Option<File>> {
    // A FIFO in its place would hold the start for ever: only a regular file.
    let lock = crate::regular_file::open_with(
        &dir.join(format!("{stem}.lock")),
        OpenOptions::new().create(true).truncate(false).write(true),
    )?;
    Ok(lock.try_lock_exclusive()?.then_some(lock))
}

/// Where a slot's discarded game goes: [`DISCARDED_FILE`] for the first slot, `discarded-2.pdn`
/// for the second…, so that games discarded at one start do not replace each other.
fn discarded_path(autosave: &Path) -> PathBuf {
    let name = autosave
        .file_name()
        .map(|n| n.to_string_lossy().replacen("autosave", "discarded", 1))
        .unwrap_or_else(|| DISCARDED_FILE.into());
    autosave.with_file_name(name)
}

/// The autosave's text: the game as it would be saved, with autosave's own tags.
fn to_bytes(s: &SessionRef<'_>) -> io::Result<Vec<u8>> {
    let mut game = pdn::to_pdn(s.game, s.tags, s.names);
    pdn::add_record(&mut game, s.game, s.tree, s.lead);
    // A path that is not Unicode cannot go into a tag: the game is then resumed without it.
    if let Some(file) = s.file.and_then(Path::to_str) {
        game.set_tag(FILE_TAG, file);
        if let Some(place) = s.place {
            game.set_tag(PLACE_TAG, format!("{}/{}", place.number, place.games));
            if let Some(stamp) = place.stamp {
                game.set_tag(STAMP_TAG, stamp.to_tag());
            }
            if let Some(mark) = place.mark {
                game.set_tag(MARK_TAG, format!("{mark:08x}"));
            }
        }
    }
    game.set_tag(UNSAVED_TAG, if s.dirty { "1" } else { "0" });
    let rules = ron::to_string(s.game.rules()).map_err(io::Error::other)?;
    game.set_tag(RULES_TAG, rules);
    // Who plays, in the tags a saved game has.
    game_file::set_players(&mut game, s.computer);
    let mut bytes = Vec::new();
    pdn::write_game(&game, &mut bytes)?;
    Ok(bytes)
}

/// Reads an autosave: `None` when there is none.
fn read(path: &Path) -> Result<Option<Session>, AutosaveError> {
    let mut game = match game_file::read_games(path) {
        Ok(mut games) => games.swap_remove(0),
        Err(ReadError::Missing) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    // Written by Dáma: a tag that does not read is damage, never a tag to skip.
    if let Some(e) = game.skipped_tag_error() {
        return Err(ReadError::Syntax(e).into());
    }
    let rules = match game.tag(RULES_TAG) {
        Some(text) => Some(RuleSet::from_ron(text).map_err(AutosaveError::Rules)?),
        None => None,
    };
    let replayed = pdn::replay(&mut game, 1, rules.as_ref(), None)?;
    let mut record = replayed.game;
    // A resignation or agreed draw has no move of its own: the result tells.
    let _ = pdn::read_result(&game, &mut record, 1);
    let file = game.tag(FILE_TAG).map(PathBuf::from);
    let place = game
        .tag(PLACE_TAG)
        .and_then(|t| t.split_once('/'))
        .and_then(|(n, m)| Some((n.trim().parse().ok()?, m.trim().parse().ok()?)))
        .filter(|&(number, games)| number >= 1 && number <= games)
        .map(|(number, games)| Place {
            number,
            games,
            stamp: game.tag(STAMP_TAG).and_then(Stamp::from_tag),
            mark: game
                .tag(MARK_TAG)
                .and_then(|m| u32::from_str_radix(m.trim(), 16).ok()),
        })
        .filter(|_| file.is_some());
    let dirty = game.tag(UNSAVED_TAG) != Some("0");
    let names = ["White", "Black"].map(|t| match game.tag(t) {
        Some("?") | None => String::new(),
        Some(name) => name.to_string(),
    });
    // Anything but a known computer level is a person: the game is never taken from them.
    // An autosave of an older Dáma says it in tags of its own.
    let computer = if PLAYER_TAGS.iter().any(|t| game.tag(t).is_some()) {
        PLAYER_TAGS.map(|t| {
            game.tag(t)
                .and_then(|v| v.strip_prefix("computer "))
                .and_then(|n| n.trim().parse().ok())
                .and_then(Level::from_number)
        })
    } else {
        game_file::players_of(&game, 1).0.map(|p| match p {
            Played::Person => None,
            Played::Computer(level) => Some(level.unwrap_or_default()),
        })
    };
    let tags = game
        .tags
        .iter()
        .filter(|(n, _)| {
            ![
                FILE_TAG,
                PLACE_TAG,
                STAMP_TAG,
                MARK_TAG,
                UNSAVED_TAG,
                RULES_TAG,
            ]
            .contains(&n.as_str())
                && !PLAYER_TAGS.contains(&n.as_str())
        })
        .cloned()
        .collect();
    let tree = pdn::record_of(&game, &record);
    let lead = pdn::lead_of(&game);
    Ok(Some(Session {
        game: record,
        names,
        tags,
        file,
        place,
        dirty,
        computer,
        tree,
        lead,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Enforcement, Variant};

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dama-autosave-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn play(g: &mut Game, text: &str) {
        let m = crate::notation::parse_move(g.position(), g.rules(), text)
            .unwrap()
            .0;
        g.play(m).unwrap();
    }

    static NONE: GameTree = GameTree::EMPTY;

    fn session(game: &Game) -> SessionRef<'_> {
        SessionRef {
            game,
            names: ["Jana", ""],
            tags: &[],
            file: None,
            place: None,
            dirty: true,
            computer: [None, Some(Level::Expert)],
            tree: &NONE,
            lead: &[],
        }
    }

    #[test]
    fn a_loss_on_time_comes_back_as_one() {
        let dir = temp_dir("time");
        let mut a = Autosave::new(&dir);
        let mut game = Game::new(Variant::Czech.rules().clone()).unwrap();
        play(&mut game, "22-18");
        game.lose_on_time(crate::rules::Color::Black).unwrap();
        assert!(a.update(1, session(&game)).unwrap());
        let Found::Interrupted(back) = a.find() else {
            panic!("an interrupted game");
        };
        assert_eq!(back.game.outcome(), game.outcome());
        assert!(matches!(
            back.game.outcome(),
            Some(crate::rules::Outcome::Win {
                reason: crate::rules::WinReason::Time,
                ..
            })
        ));
        a.remove().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn written_once_per_change_and_read_back() {
        let dir = temp_dir("round-trip");
        let mut a = Autosave::new(&dir);
        // Custom rules: Czech without flying kings, strictly enforced.
        let mut rules = Variant::Czech.rules().clone();
        rules.king = crate::rules::KingRange::Short;
        let mut game = Game::new(rules.clone()).unwrap();
        game.set_enforcement(Enforcement::Strict);
        assert!(
            a.update(1, session(&game)).unwrap(),
            "the first revision is written"
        );
        assert!(!a.update(1, session(&game)).unwrap(), "the same revision");
        assert!(matches!(a.find(), Found::Nothing));
        assert!(!a.path().exists(), "nothing to resume: removed");
        play(&mut game, "22-18");
        assert!(a.update(2, session(&game)).unwrap());
        game.undo().unwrap();
        play(&mut game, "21-17");
        assert!(a.update(3, session(&game)).unwrap());
        game.resign(crate::rules::Color::Black).unwrap();
        assert!(a.update(4, session(&game)).unwrap());
        let file = Path::new("/home/jana/partie \"1\".pdn");
        let tags = vec![("Event".to_string(), "Přebor".to_string())];
        let place = Place {
            number: 4,
            games: 25,
            stamp: Some(Stamp::of(b"[Event \"Prebor\"]")),
            mark: Some(0x0123_abcd),
        };
        let s = SessionRef {
            file: Some(file),
            place: Some(place),
            tags: &tags,
            ..session(&game)
        };
        assert!(a.update(5, s).unwrap());
        let Found::Interrupted(back) = a.find() else {
            panic!("an interrupted game");
        };
        assert_eq!(back.game.moves(), game.moves());
        assert_eq!(back.game.rules(), &rules);
        assert_eq!(back.game.enforcement(), Enforcement::Strict);
        assert_eq!(back.game.outcome(), game.outcome());
        assert_eq!(back.names, ["Jana".to_string(), String::new()]);
        assert_eq!(back.file.as_deref(), Some(file));
        assert_eq!(back.place, Some(place), "game 4 of 25, as the file was");
        assert!(back.dirty);
        assert_eq!(back.computer, [None, Some(Level::Expert)]);
        assert_eq!(back.tags.iter().find(|t| t.0 == "Event"), Some(&tags[0]));
        assert!(!back.tags.iter().any(|t| t.0.starts_with("Dama")));
        a.remove().unwrap();
        assert!(!a.path().exists());
        a.remove().unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn who_plays_is_kept_in_the_tags_of_a_saved_game_and_an_older_autosaves_are_read() {
        let dir = temp_dir("players");
        let mut a = Autosave::new(&dir);
        let mut game = Game::new(Variant::Czech.rules().clone()).unwrap();
        play(&mut game, "22-18");
        assert!(a.update(1, session(&game)).unwrap());
        let text = std::fs::read_to_string(a.path()).unwrap();
        assert!(
            text.contains("[WhiteType \"human\"]\n[BlackType \"program\"]\n[BlackLevel \"4\"]")
        );
        assert!(!text.contains("DamaBlackPlayer"), "{text}");
        let Found::Interrupted(back) = a.find() else {
            panic!("an interrupted game");
        };
        assert_eq!(back.computer, [None, Some(Level::Expert)]);
        assert!(!back.tags.iter().any(|t| t.0.starts_with("Dama")));
        // An older Dáma's tags of its own.
        let older = text
            .replace(
                "[WhiteType \"human\"]\n[BlackType \"program\"]\n[BlackLevel \"4\"]\n",
                "",
            )
            .replace(
                "[DamaUnsaved",
                "[DamaWhitePlayer \"computer 2\"]\n[DamaBlackPlayer \"human\"]\n[DamaUnsaved",
            );
        assert_ne!(older, text);
        std::fs::write(a.path(), older).unwrap();
        let Found::Interrupted(back) = a.find() else {
            panic!("an interrupted game");
        };
        assert_eq!(back.computer, [Some(Level::Novice), None]);
        assert!(!back.tags.iter().any(|t| t.0.starts_with("Dama")));
        a.remove().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn each_running_window_has_a_slot_of_its_own() {
        let dir = temp_dir("slots");
        let first = Autosave::claim(&dir).unwrap().unwrap();
        let second = Autosave::claim(&dir).unwrap().unwrap();
        assert_eq!(first.path(), dir.join("autosave.pdn"));
        assert_eq!(second.path(), dir.join("autosave-2.pdn"));
        let rest: Vec<_> = (2..SLOTS)
            .map(|_| Autosave::claim(&dir).unwrap().unwrap())
            .collect();
        assert!(Autosave::claim(&dir).unwrap().is_none(), "all held");
        // A window that ends frees its slot.
        drop(first);
        let again = Autosave::claim(&dir).unwrap().unwrap();
        assert_eq!(again.path(), dir.join("autosave.pdn"));
        drop((second, rest, again));
        // No directory can be made under a regular file.
        let file = dir.join("file");
        std::fs::write(&file, "").unwrap();
        assert!(Autosave::claim(&file).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_damaged_autosave_is_kept_aside() {
        let dir = temp_dir("damaged");
        std::fs::create_dir_all(&dir).unwrap();
        let a = Autosave::new(&dir);
        // Rules the rules core cannot play, each named by its field.
        let rules = |field: &str, edit: &dyn Fn(&mut crate::rules::RuleSet)| {
            let mut rules = Variant::Czech.rules().clone();
            edit(&mut rules);
            let ron = ron::to_string(&rules).unwrap().replace('"', "\\\"");
            (
                format!("[{RULES_TAG} \"{ron}\"]\n1. 22-18 *\n"),
                field.to_string(),
            )
        };
        let impossible = [
            rules("draw.repetition", &|r| r.draw.repetition = Some(0)),
            rules("draw.quiet_moves.moves_each", &|r| {
                r.draw.quiet_moves = Some(crate::rules::QuietMoves {
                    moves_each: 0,
                    man_move_resets: true,
                })
            }),
            rules("white", &|r| r.white = "21-31,T32".into()),
        ];
        for (text, field) in &impossible {
            std::fs::write(a.path(), text).unwrap();
            let Found::Damaged { error, .. } = a.find() else {
                panic!("{field}: damaged");
            };
            assert!(
                error.to_string().contains(field.as_str()),
                "{field}: {error}"
            );
        }
        let cases: [&[u8]; 4] = [
            b"\x00\x01\x02garbage\xff\xfe",
            b"[GameType \"29\"]\n[White \"Ja",
            b"[GameType \"29\"]\n1. 22-18 11-15 2. 18-10 *\n",
            b"[DamaRules \"(id: broken\"]\n1. 22-18 *\n",
        ];
        for (i, bytes) in cases.into_iter().enumerate() {
            std::fs::write(a.path(), bytes).unwrap();
            let Found::Damaged { kept_as, error } = a.find() else {
                panic!("case {i}: damaged");
            };
            assert_eq!(std::fs::read(&kept_as).unwrap(), bytes, "case {i}: {error}");
            assert!(!a.path().exists());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
