//! Reading a PDN file chosen by the user (or left by autosave), with every way it can be wrong
//! told apart, so that the window can say what is wrong in words a player understands.

use std::io::{self, Read};
use std::path::Path;

use crate::engine::Level;
use crate::notation::pdn::{self, PdnError, PdnGame, Warning, WarningKind};
use crate::rules::Color;

/// Largest file read (64 MiB): more than the largest published PDN collections, and small
/// enough that a file picked by mistake (a video, a disk image) is refused at once, before a
/// byte is read, instead of filling the memory.
pub const MAX_FILE: u64 = 64 << 20;
/// Most games kept from one file (the window lists them to choose from).
pub const MAX_GAMES: usize = 10_000;
/// Most memory the games kept from one file may take, as [`PdnGame::heap_size`] counts it:
/// the window keeps every game of a file to offer them, and a game may take up to
/// [`MAX_GAME_TEXT`](pdn::MAX_GAME_TEXT) of text, so games are kept until this much and the
/// rest are counted, not kept. 10,000 games of a real collection take about 100 MiB.
pub const MAX_KEPT: usize = 256 << 20;
/// How much of the start of a file is looked at to tell text from binary data ([`is_binary`]).
pub const SNIFF: usize = 8 << 10;

/// What a file held when it was read or written: its length and a checksum of its bytes.
/// Another program's change (a game appended, another window's save) changes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stamp {
    /// Length in bytes.
    pub len: u64,
    /// CRC-32 of the bytes.
    pub crc: u32,
}

impl Stamp {
    /// The stamp of `bytes`.
    pub fn of(bytes: &[u8]) -> Stamp {
        Stamp {
            len: bytes.len() as u64,
            crc: crc32fast::hash(bytes),
        }
    }

    /// The stamp as the autosave keeps it: `LENGTH:CRC` (the CRC in hexadecimal).
    pub fn to_tag(self) -> String {
        format!("{}:{:08x}", self.len, self.crc)
    }

    /// A stamp written by [`Stamp::to_tag`].
    pub fn from_tag(text: &str) -> Option<Stamp> {
        let (len, crc) = text.trim().split_once(':')?;
        Some(Stamp {
            len: len.parse().ok()?,
            crc: u32::from_str_radix(crc, 16).ok()?,
        })
    }
}

/// Reads the file at `path` whole, as saving a game into it needs: at most [`MAX_FILE`].
///
/// # Errors
/// Those of reading; `FileTooLarge` for a file over [`MAX_FILE`], `IsADirectory` for a folder,
/// `InvalidInput` for anything else that is not a regular file (a device could give bytes
/// without end, a FIFO hold the window).
pub fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    crate::regular_file::read(path, MAX_FILE)
}

/// Why a file gave no games.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Nothing at that path.
    #[error("no such file")]
    Missing,
    /// A folder.
    #[error("a folder, not a file")]
    Directory,
    /// A device, pipe or socket (reading it could block or never end).
    #[error("not a regular file")]
    NotAFile,
    /// Over [`MAX_FILE`].
    #[error("file too large: {size} bytes (at most {MAX_FILE})")]
    TooLarge {
        /// Its size in bytes.
        size: u64,
    },
    /// No bytes, or only white space.
    #[error("empty file")]
    Empty,
    /// NUL bytes or many control bytes: an image, archive or program, not text.
    #[error("binary data, not PDN text")]
    Binary,
    /// Text that holds no game.
    #[error("no game in the file")]
    NoGame,
    /// Text that is not valid PDN (or not PDN at all), with the line and column.
    #[error("{0}")]
    Syntax(PdnError),
    /// The system refused to read it (no permission, an I/O error).
    #[error("{0}")]
    Io(io::Error),
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        match e.kind() {
            // A path through a regular file ("a.pdn/b.pdn") names nothing either.
            io::ErrorKind::NotFound | io::ErrorKind::NotADirectory => ReadError::Missing,
            io::ErrorKind::IsADirectory => ReadError::Directory,
            _ => ReadError::Io(e),
        }
    }
}

/// Reads every game of the PDN file at `path` (at most [`MAX_GAMES`], or as many as fit in
/// [`MAX_KEPT`]); syntax only, the moves are checked when a game is replayed.
///
/// # Errors
/// See [`ReadError`]: the size is checked before anything is read, and binary data is
/// recognised from the file's first 8 KiB.
pub fn read_games(path: &Path) -> Result<Vec<PdnGame>, ReadError> {
    let mut games = Vec::new();
    let mut kept = 0;
    let bytes = open(path)?;
    for game in pdn::Reader::new(&bytes[..]) {
        let game = game.map_err(ReadError::Syntax)?;
        kept += game.heap_size();
        games.push(game);
        if games.len() >= MAX_GAMES || kept >= MAX_KEPT {
            break;
        }
    }
    if games.is_empty() {
        return Err(ReadError::NoGame);
    }
    Ok(games)
}

/// The games of a file for the player to choose from: those that replay, each with its number
/// in the file, and why each of the others does not (a file with one bad game still opens).
#[derive(Clone, Debug, Default)]
pub struct FileGames {
    /// The games that replay, with their numbers (from 1).
    pub good: Vec<(usize, PdnGame)>,
    /// The games that do not, each with its place and reason.
    pub bad: Vec<PdnError>,
    /// The games after those kept, not offered, if any.
    pub left_out: Option<LeftOut>,
    /// What the file held: saving a game into it checks that nobody changed it since.
    pub stamp: Option<Stamp>,
}

impl FileGames {
    /// How many games the file holds, good, bad and left out.
    pub fn count(&self) -> usize {
        self.good.len() + self.bad.len() + self.left_out.map_or(0, |l| l.games)
    }
}

/// Games of a file that were read only to be counted: the file has more than the window keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeftOut {
    /// How many (good or bad).
    pub games: usize,
    /// Which limit was reached.
    pub limit: KeptLimit,
}

/// The limit on what the window keeps of a file that was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeptLimit {
    /// [`MAX_GAMES`] games.
    Games,
    /// [`MAX_KEPT`] bytes of memory.
    Memory,
}

/// Reads every game of the PDN file at `path` and replays each, going on after a bad one. The
/// first [`MAX_GAMES`] are kept, or as many as fit in [`MAX_KEPT`]; those after them are
/// counted ([`FileGames::left_out`]), one at a time, in the memory of one game.
///
/// # Errors
/// As [`read_games`]: no game, or a first game that does not read when none replays. (Games
/// that read but all fail to replay are not an error: see [`FileGames`].)
pub fn read_file_games(path: &Path) -> Result<FileGames, ReadError> {
    let mut out = FileGames::default();
    let mut first_unread = None;
    let mut kept = 0;
    let bytes = open(path)?;
    out.stamp = Some(Stamp::of(&bytes));
    let mut games = pdn::Reader::new(&bytes[..]).going_on();
    for (i, game) in games.by_ref().enumerate() {
        let number = i + 1;
        match game {
            Err(e) => {
                if out.bad.is_empty() {
                    first_unread = Some(e.clone());
                }
                out.bad.push(e);
            }
            Ok(mut g) => match pdn::replay(&mut g, number, None, None) {
                Ok(_) => {
                    kept += g.heap_size();
                    out.good.push((number, g));
                }
                Err(e) => out.bad.push(e),
            },
        }
        let limit = if number >= MAX_GAMES {
            KeptLimit::Games
        } else if kept >= MAX_KEPT {
            KeptLimit::Memory
        } else {
            continue;
        };
        let rest = games.by_ref().count();
        if rest > 0 {
            out.left_out = Some(LeftOut { games: rest, limit });
        }
        break;
    }
    if out.good.is_empty() {
        return Err(match first_unread {
            Some(e) => ReadError::Syntax(e),
            None if out.bad.is_empty() => ReadError::NoGame,
            None => return Ok(out),
        });
    }
    Ok(out)
}

/// The bytes of the file at `path`, checked to be a regular text file of a sensible size.
/// The file is read whole (at most [`MAX_FILE`]), so that what was read and its [`Stamp`] are
/// of the same bytes, whatever another program writes meanwhile.
fn open(path: &Path) -> Result<Vec<u8>, ReadError> {
    // Checked on the open handle (a folder, a pipe or a device is refused there), so that what
    // is read is what was checked.
    let mut file = crate::regular_file::open(path).map_err(|e| {
        if crate::regular_file::is_not_a_file(&e) {
            ReadError::NotAFile
        } else {
            ReadError::from(e)
        }
    })?;
    let meta = file.metadata()?;
    if meta.len() > MAX_FILE {
        return Err(ReadError::TooLarge { size: meta.len() });
    }
    let mut head = Vec::with_capacity(SNIFF);
    (&mut file).take(SNIFF as u64).read_to_end(&mut head)?;
    if head.iter().all(u8::is_ascii_whitespace) && meta.len() <= SNIFF as u64 {
        return Err(ReadError::Empty);
    }
    if is_binary(&head) {
        return Err(ReadError::Binary);
    }
    // The file may grow while it is read: never read more than the limit.
    let mut bytes = head;
    file.take(MAX_FILE - bytes.len() as u64)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Whether `head` looks like binary data: a NUL byte, or more than one byte in twenty a
/// control code that text does not use. PDN text in UTF-8, Windows-1250 or ISO-8859-2 has
/// neither; UTF-16 text (whose ASCII has NUL bytes) is judged by its characters, as the PDN
/// reader reads it (see `notation::pdn::source`). The command line judges its inputs by it
/// too.
pub fn is_binary(head: &[u8]) -> bool {
    if let Some(text) = utf16_text(head) {
        let chars: Vec<char> = text.chars().collect();
        let control = chars.iter().filter(|&&c| is_control(c)).count();
        return chars.contains(&'\0') || control * 20 > chars.len();
    }
    let control = head.iter().filter(|&&b| is_control(char::from(b))).count();
    head.contains(&0) || control * 20 > head.len()
}

/// A control character that text does not use.
fn is_control(c: char) -> bool {
    (c < ' ' && !"\t\n\r\x0c".contains(c)) || c == '\x7f'
}

/// The text of `bytes` if it is UTF-16 ([`pdn::utf16_start`]), as the PDN reader reads it: a
/// unit that is no character is U+FFFD, and a byte-order mark is left out.
pub fn utf16_text(bytes: &[u8]) -> Option<String> {
    let (big_endian, skip) = pdn::utf16_start(bytes)?;
    let units = bytes[skip..].chunks_exact(2).map(|pair| {
        let pair = [pair[0], pair[1]];
        if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    });
    Some(
        char::decode_utf16(units)
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect(),
    )
}

/// The tags that say who plays White and Black, as PGN names them (its §9.4): `human` or
/// `program`.
pub const TYPE_TAGS: [&str; 2] = ["WhiteType", "BlackType"];
/// The computer's level (1 to 5) where it plays a side: a tag of Dáma's, which other programs
/// ignore.
pub const LEVEL_TAGS: [&str; 2] = ["WhiteLevel", "BlackLevel"];

/// Who plays a side, as a game's tags say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// A person (no tag, `human`, or a value Dáma does not know).
    Person,
    /// The computer, at this level; `None` where the file names no level (as other programs
    /// write `program` alone).
    Computer(Option<Level>),
}

/// Writes who plays into `game`'s tags: `WhiteType`/`BlackType` (`program` for the computer,
/// `human` for a person) where the computer plays a side or the tags were there already, and
/// the computer's level in `WhiteLevel`/`BlackLevel` (a person's side has none). A game
/// between people that had no such tags gets none.
pub fn set_players(game: &mut PdnGame, players: [Option<Level>; 2]) {
    let computer = players.iter().any(Option::is_some);
    for ((type_tag, level_tag), player) in TYPE_TAGS.into_iter().zip(LEVEL_TAGS).zip(players) {
        match player {
            Some(level) => {
                game.set_tag(type_tag, "program");
                game.set_tag(level_tag, level.number().to_string());
            }
            None => {
                if computer || game.tag(type_tag).is_some() {
                    game.set_tag(type_tag, "human");
                }
                game.remove_tag(level_tag);
            }
        }
    }
}

/// Who plays White and Black as `game`'s tags say ([`set_players`]), and the warnings of
/// values that name no player Dáma knows (game `number` of its file). Whatever is not
/// understood is a person: the game is never taken from one.
pub fn players_of(game: &PdnGame, number: usize) -> ([Played; 2], Vec<Warning>) {
    let mut warnings = Vec::new();
    let mut warn = |tag: &str, value: &str, side: Color| {
        let at = game.tags.iter().position(|(n, _)| n == tag);
        warnings.push(Warning {
            pos: at
                .and_then(|i| game.tag_positions.get(i).copied())
                .unwrap_or(game.pos),
            game: number,
            kind: WarningKind::UnknownPlayer {
                tag: tag.to_string(),
                value: value.to_string(),
                side,
            },
        });
    };
    let played = Color::ALL.map(|side| {
        let (type_tag, level_tag) = (TYPE_TAGS[side.index()], LEVEL_TAGS[side.index()]);
        let kind = game.tag(type_tag).map(str::trim).unwrap_or_default();
        let is = |word: &str| kind.eq_ignore_ascii_case(word);
        if kind.is_empty() || kind == "?" || kind == "-" || is("human") {
            return Played::Person;
        }
        if !(is("program") || is("computer") || is("engine")) {
            warn(type_tag, kind, side);
            return Played::Person;
        }
        match game.tag(level_tag).map(str::trim).filter(|l| !l.is_empty()) {
            None => Played::Computer(None),
            Some(text) => match text.parse().ok().and_then(Level::from_number) {
                Some(level) => Played::Computer(Some(level)),
                None => {
                    warn(level_tag, text, side);
                    Played::Person
                }
            },
        }
    });
    (played, warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tagged(tags: &[(&str, &str)]) -> PdnGame {
        let mut game = PdnGame::default();
        for (name, value) in tags {
            game.set_tag(name, *value);
        }
        game
    }

    #[test]
    fn the_computer_at_its_level_is_kept_in_tags_and_read_back() {
        let mut game = tagged(&[("White", "Jana"), ("Black", "Dáma")]);
        set_players(&mut game, [None, Some(Level::Club)]);
        assert_eq!(
            game.tags,
            [
                ("White", "Jana"),
                ("Black", "Dáma"),
                ("WhiteType", "human"),
                ("BlackType", "program"),
                ("BlackLevel", "3"),
            ]
            .map(|(n, v)| (n.to_string(), v.to_string()))
        );
        let (played, warnings) = players_of(&game, 1);
        assert_eq!(
            played,
            [Played::Person, Played::Computer(Some(Level::Club))]
        );
        assert!(warnings.is_empty());
        // Written again with other players: the tags follow, none left over.
        set_players(&mut game, [Some(Level::Master), None]);
        assert_eq!(game.tag("WhiteType"), Some("program"));
        assert_eq!(game.tag("WhiteLevel"), Some("5"));
        assert_eq!(game.tag("BlackType"), Some("human"));
        assert_eq!(game.tag("BlackLevel"), None);
        assert_eq!(
            players_of(&game, 1).0,
            [Played::Computer(Some(Level::Master)), Played::Person]
        );
    }

    #[test]
    fn people_alone_get_no_tags_unless_the_file_had_them() {
        let mut game = tagged(&[("White", "Jana")]);
        set_players(&mut game, [None, None]);
        assert_eq!(game.tags.len(), 1);
        assert_eq!(players_of(&game, 1).0, [Played::Person; 2]);
        // A file that said a program played: now people do, and the tags say so.
        let mut game = tagged(&[("WhiteType", "program"), ("WhiteLevel", "2")]);
        set_players(&mut game, [None, None]);
        assert_eq!(game.tag("WhiteType"), Some("human"));
        assert_eq!(game.tag("WhiteLevel"), None);
        assert_eq!(game.tag("BlackType"), None);
    }

    #[test]
    fn other_programs_tags_are_read_and_unknown_values_are_a_person() {
        // PGN's `program` alone: the computer at a level the window chooses.
        let game = tagged(&[("WhiteType", "Program"), ("BlackType", "HUMAN")]);
        let (played, warnings) = players_of(&game, 1);
        assert_eq!(played, [Played::Computer(None), Played::Person]);
        assert!(warnings.is_empty());
        let game = tagged(&[
            ("WhiteType", "robot"),
            ("BlackType", "program"),
            ("BlackLevel", "9"),
        ]);
        let (played, warnings) = players_of(&game, 4);
        assert_eq!(played, [Played::Person; 2]);
        let kinds: Vec<_> = warnings.iter().map(|w| (w.game, w.kind.clone())).collect();
        assert_eq!(
            kinds,
            [
                (
                    4,
                    WarningKind::UnknownPlayer {
                        tag: "WhiteType".into(),
                        value: "robot".into(),
                        side: Color::White,
                    }
                ),
                (
                    4,
                    WarningKind::UnknownPlayer {
                        tag: "BlackLevel".into(),
                        value: "9".into(),
                        side: Color::Black,
                    }
                ),
            ]
        );
        // Unknown in PGN's way, or a level with no program: a person, and nothing to say.
        let game = tagged(&[("WhiteType", "?"), ("BlackType", ""), ("BlackLevel", "3")]);
        assert_eq!(players_of(&game, 1), ([Played::Person; 2], Vec::new()));
    }

    #[test]
    fn stamps_tell_changes_and_read_back() {
        let a = Stamp::of(b"[Event \"a\"]");
        assert_ne!(a, Stamp::of(b"[Event \"b\"]"));
        assert_eq!(Stamp::from_tag(&a.to_tag()), Some(a));
        assert_eq!(Stamp::from_tag("12"), None);
        assert_eq!(Stamp::from_tag("x:00"), None);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.pdn");
        assert_eq!(
            read_file(&path).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
        std::fs::write(&path, b"[Event \"a\"]").unwrap();
        assert_eq!(Stamp::of(&read_file(&path).unwrap()), a);
        assert_eq!(
            read_file(dir.path()).unwrap_err().kind(),
            io::ErrorKind::IsADirectory,
            "a folder"
        );
    }

    #[test]
    fn text_and_binary() {
        assert!(!is_binary(b"[Event \"x\"]\r\n1. 22-18 *\n"));
        assert!(!is_binary("Šťastný hráč".as_bytes()));
        assert!(!is_binary(&[0x8A, 0x9D, b'a', 0xFD]));
        assert!(is_binary(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"));
        assert!(is_binary(b"abc\0def"));
        assert!(is_binary(&[1, 2, 3, b'a', b'b', b'c']));
        // UTF-16 text has NUL bytes; it is text all the same, unless it holds a NUL character.
        let utf16 = |text: &str, bom: &[u8]| {
            let mut bytes = bom.to_vec();
            bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
            bytes
        };
        assert!(!is_binary(&utf16("[Event \"Brno\"]\r\n", &[0xFF, 0xFE])));
        assert!(!is_binary(&utf16("[Event \"Brno\"]\r\n", &[])));
        assert!(is_binary(&utf16("[Event \"\0\"]\r\n", &[0xFF, 0xFE])));
    }
}
