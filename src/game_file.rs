//! Reading a PDN file chosen by the user (or left by autosave), with every way it can be wrong
//! told apart, so that the window can say what is wrong in words a player understands.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use crate::notation::pdn::{self, PdnError, PdnGame};

/// Largest file read (64 MiB): more than the largest published PDN collections, and small
/// enough that a file picked by mistake (a video, a disk image) is refused at once, before a
/// byte is read, instead of filling the memory.
pub const MAX_FILE: u64 = 64 << 20;
/// Most games kept from one file (the window lists them to choose from).
pub const MAX_GAMES: usize = 10_000;
/// How much of the start of a file is looked at to tell text from binary data.
const SNIFF: usize = 8 << 10;

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

/// Reads every game of the PDN file at `path` (at most [`MAX_GAMES`]); syntax only, the moves
/// are checked when a game is replayed.
///
/// # Errors
/// See [`ReadError`]: the size is checked before anything is read, and binary data is
/// recognised from the file's first 8 KiB.
pub fn read_games(path: &Path) -> Result<Vec<PdnGame>, ReadError> {
    let mut games = Vec::new();
    for game in pdn::Reader::new(open(path)?) {
        games.push(game.map_err(ReadError::Syntax)?);
        if games.len() >= MAX_GAMES {
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
#[derive(Debug, Default)]
pub struct FileGames {
    /// The games that replay, with their numbers (from 1).
    pub good: Vec<(usize, PdnGame)>,
    /// The games that do not, each with its place and reason.
    pub bad: Vec<PdnError>,
}

/// Reads every game of the PDN file at `path` (at most [`MAX_GAMES`]) and replays each, going
/// on after a bad one.
///
/// # Errors
/// As [`read_games`]: no game, or a first game that does not read when none replays. (Games
/// that read but all fail to replay are not an error: see [`FileGames`].)
pub fn read_file_games(path: &Path) -> Result<FileGames, ReadError> {
    let mut out = FileGames::default();
    let mut first_unread = None;
    for (i, game) in pdn::Reader::new(open(path)?).going_on().enumerate() {
        let number = i + 1;
        match game {
            Err(e) => {
                if out.bad.is_empty() {
                    first_unread = Some(e.clone());
                }
                out.bad.push(e);
            }
            Ok(mut g) => match pdn::replay(&mut g, number, None, None) {
                Ok(_) => out.good.push((number, g)),
                Err(e) => out.bad.push(e),
            },
        }
        if number >= MAX_GAMES {
            break;
        }
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

/// The file at `path`, checked to be a regular text file of a sensible size, ready to read.
fn open(path: &Path) -> Result<impl io::BufRead, ReadError> {
    let meta = std::fs::metadata(path)?;
    if meta.is_dir() {
        return Err(ReadError::Directory);
    }
    if !meta.is_file() {
        return Err(ReadError::NotAFile);
    }
    if meta.len() > MAX_FILE {
        return Err(ReadError::TooLarge { size: meta.len() });
    }
    let mut file = File::open(path)?;
    let mut head = Vec::with_capacity(SNIFF);
    (&mut file).take(SNIFF as u64).read_to_end(&mut head)?;
    if head.iter().all(u8::is_ascii_whitespace) && meta.len() <= SNIFF as u64 {
        return Err(ReadError::Empty);
    }
    if is_binary(&head) {
        return Err(ReadError::Binary);
    }
    // The file may grow while it is read: never read more than the limit.
    Ok(BufReader::new(
        io::Cursor::new(head).chain(file.take(MAX_FILE)),
    ))
}

/// Whether `head` looks like binary data: a NUL byte, or more than one byte in twenty a
/// control code that text does not use. PDN text in UTF-8, Windows-1250 or ISO-8859-2 has
/// neither.
fn is_binary(head: &[u8]) -> bool {
    let control = head
        .iter()
        .filter(|&&b| (b < 0x20 && !b"\t\n\r\x0c".contains(&b)) || b == 0x7f)
        .count();
    head.contains(&0) || control * 20 > head.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_binary() {
        assert!(!is_binary(b"[Event \"x\"]\r\n1. 22-18 *\n"));
        assert!(!is_binary("Šťastný hráč".as_bytes()));
        assert!(!is_binary(&[0x8A, 0x9D, b'a', 0xFD]));
        assert!(is_binary(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"));
        assert!(is_binary(b"abc\0def"));
        assert!(is_binary(&[1, 2, 3, b'a', b'b', b'c']));
    }
}
