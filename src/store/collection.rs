//! A game's place in its file: which game of how many, and what the file held when it was
//! read or written. Saving a game of a collection (a tournament file of hundreds of games)
//! writes it back in its place and leaves every other byte as it was; a file that another
//! program or window changed since is noticed before it is overwritten.

use std::borrow::Cow;
use std::path::Path;

use crate::notation::pdn::{self, Encoding, PdnError, PdnGame};
pub use crate::store::game_file::Stamp;
pub use crate::store::game_file::read_file;
use crate::store::game_file::utf16_text;

/// Where a document's game stands in its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The game's number in the file, from 1.
    pub number: usize,
    /// How many games the file holds (those that do not replay counted too).
    pub games: usize,
    /// What the file held when the game was read from it or written to it; `None` when that
    /// is not known (a game resumed from an autosave of an older version).
    pub stamp: Option<Stamp>,
    /// The game as the file held it ([`mark`]): whether the file still holds it, after another
    /// program changed other games of the collection.
    pub mark: Option<u32>,
}

impl Place {
    /// Game `number` of the file just read or written as `bytes`.
    pub fn in_bytes(bytes: &[u8], number: usize) -> Place {
        let (games, mark) = count_and_mark(bytes, number);
        Place {
            number,
            games,
            stamp: Some(Stamp::of(bytes)),
            mark,
        }
    }

    /// Whether the file holds other games than this one, which saving must keep.
    pub fn in_collection(&self) -> bool {
        self.games > 1
    }
}

/// Why a game cannot be written back into its collection; the file is then left as it was.
#[derive(Debug, thiserror::Error)]
pub enum SpliceError {
    /// The file holds fewer games now.
    #[error("the file holds {games} games, not game {number}")]
    NoSuchGame {
        /// The game's number.
        number: usize,
        /// How many the file holds.
        games: usize,
    },
    /// The game in the file's place does not read (another program changed it).
    #[error("{0}")]
    Unreadable(Box<PdnError>),
    /// A character of the game that the file's encoding cannot hold.
    #[error("'{character}' cannot be written in {encoding}")]
    Unencodable {
        /// The file's encoding.
        encoding: Encoding,
        /// The first character it has no byte for.
        character: char,
    },
    /// The file written back would not read as the same games (never expected: a check
    /// before anything is written).
    #[error("the file would not read back as {games} games")]
    NotTheSame {
        /// How many games it should hold.
        games: usize,
    },
}

/// A collection with one game replaced or added.
#[derive(Debug)]
pub struct Spliced {
    /// The whole file, to be written.
    pub bytes: Vec<u8>,
    /// The game's number in it.
    pub number: usize,
    /// How many games it holds.
    pub games: usize,
    /// The game's [`mark`] as it reads back.
    pub mark: Option<u32>,
}

impl Spliced {
    /// Where the game stands in the file written as these bytes.
    pub fn place(&self) -> Place {
        Place {
            number: self.number,
            games: self.games,
            stamp: Some(Stamp::of(&self.bytes)),
            mark: self.mark,
        }
    }
}

/// Where [`splice`] puts a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// In the place of game N (from 1, as the reader counts, bad games included).
    Game(usize),
    /// After the last game, as a new one.
    End,
}

/// The bytes of `file` with `game` in place of game N, or added after the last: every other
/// byte as it was, the game in the file's encoding (UTF-8, a Windows or ISO code page,
/// UTF-16) and with its line ends.
///
/// # Errors
/// See [`SpliceError`]; the result is checked to read as the games it should first.
pub fn splice(file: &[u8], at: At, game: &PdnGame) -> Result<Spliced, SpliceError> {
    // UTF-16 is worked on as the UTF-8 the reader reads, and turned back at the end.
    let utf16 = pdn::utf16_start(file);
    let text = as_read(file);
    let number = match at {
        At::Game(number) => number,
        At::End => 0,
    };
    let Reading {
        games,
        encoding,
        game: found,
    } = read_all(&text, number);
    let (start, end, number, count) = match (at, found) {
        (At::Game(_), None) => return Err(SpliceError::NoSuchGame { number, games }),
        (At::Game(_), Some(Err(e))) => return Err(SpliceError::Unreadable(Box::new(e))),
        (At::Game(_), Some(Ok((span, _)))) => {
            (span.start as usize, span.end as usize, number, games)
        }
        (At::End, _) => (text.len(), text.len(), games + 1, games + 1),
    };
    let mut written = Vec::new();
    pdn::write_game(game, &mut written).expect("writing to memory");
    let mut new = String::from_utf8(written).expect("the writer writes UTF-8");
    new = new.trim().to_string();
    if at == At::End {
        // On a line of its own after a blank line, and the file ending with a line end.
        let ends_line = text.is_empty() || text.ends_with(b"\n");
        new = format!(
            "{}{}{new}\n",
            if ends_line { "" } else { "\n" },
            if text.is_empty() { "" } else { "\n" }
        );
    }
    let crlf = match at {
        At::Game(_) => &text[start..end],
        At::End => &text[..],
    };
    if crlf.windows(2).any(|w| w == b"\r\n") {
        new = new.replace('\n', "\r\n");
    }
    let new = match utf16 {
        Some(_) => new.into_bytes(),
        None => encoding
            .encode(&new)
            .map_err(|character| SpliceError::Unencodable {
                encoding,
                character,
            })?,
    };
    let mut out = Vec::with_capacity(text.len() - (end - start) + new.len());
    out.extend_from_slice(&text[..start]);
    out.extend_from_slice(&new);
    out.extend_from_slice(&text[end..]);
    // Checked: the game reads back whole, and the text after it as it did. Only the games at
    // the seam are read again (a full reading of a 47 MB file takes seconds); a game added at
    // the end is checked with the whole file, which an unclosed comment before it could
    // swallow.
    let mark = match at {
        At::Game(_) => {
            let before = first_two(&text[start..]);
            let after = first_two(&out[start..]);
            let seam_kept = before.get(1).map(Seam::rest) == after.get(1).map(Seam::rest);
            let whole = after
                .first()
                .is_some_and(|g| g.span == Some(0..new.len() as u64));
            if !(seam_kept && whole) {
                return Err(SpliceError::NotTheSame { games: count });
            }
            after[0].mark
        }
        At::End => match read_all(&out, number) {
            Reading {
                games,
                game: Some(Ok((_, mark))),
                ..
            } if games == count => Some(mark),
            _ => return Err(SpliceError::NotTheSame { games: count }),
        },
    };
    let bytes = match utf16 {
        Some((big_endian, bom)) => {
            let mut bytes = file[..bom].to_vec();
            let text = String::from_utf8(out).expect("UTF-8 spliced into UTF-8");
            for unit in text.encode_utf16() {
                bytes.extend(if big_endian {
                    unit.to_be_bytes()
                } else {
                    unit.to_le_bytes()
                });
            }
            bytes
        }
        None => out,
    };
    Ok(Spliced {
        bytes,
        number,
        games: count,
        mark,
    })
}

/// A game read at the seam of a splice: where it stands from the start of what was read,
/// whether it read, and its [`mark`].
struct Seam {
    span: Option<std::ops::Range<u64>>,
    mark: Option<u32>,
}

impl Seam {
    /// What must be the same of the game after the one replaced: its bytes from where the
    /// replaced game ended, and whether it reads.
    fn rest(&self) -> (Option<u64>, Option<u32>) {
        (self.span.as_ref().map(|s| s.end - s.start), self.mark)
    }
}

/// The first two games of `text` (a game's place in its file, and what follows).
fn first_two(text: &[u8]) -> Vec<Seam> {
    let mut reader = pdn::Reader::new(text).going_on();
    let mut out = Vec::new();
    while out.len() < 2
        && let Some(game) = reader.next_game()
    {
        out.push(Seam {
            span: reader.last_span(),
            mark: game.ok().map(|g| mark(&g)),
        });
    }
    out
}

/// A checksum of `game` as the PDN writer writes it: two readings of the same text have the
/// same mark, whatever else of their files differs.
pub fn mark(game: &PdnGame) -> u32 {
    let mut text = Vec::new();
    pdn::write_game(game, &mut text).expect("writing to memory");
    crc32fast::hash(&text)
}

/// How many games `bytes` holds, and the [`mark`] of game `number` where it reads.
fn count_and_mark(bytes: &[u8], number: usize) -> (usize, Option<u32>) {
    let text = as_read(bytes);
    let reading = read_all(&text, number);
    let mark = reading.game.and_then(Result::ok).map(|(_, mark)| mark);
    (reading.games, mark)
}

/// The number of the game of `bytes` whose [`mark`] is `mark`, the one nearest to game
/// `near` where several are: where a game stands now after another program added or removed
/// games before it.
pub fn find(bytes: &[u8], mark: u32, near: usize) -> Option<usize> {
    let text = as_read(bytes);
    let mut reader = pdn::Reader::new(&text[..]).going_on();
    let mut found: Option<usize> = None;
    let mut number: usize = 0;
    while let Some(game) = reader.next_game() {
        number += 1;
        if game.is_ok_and(|g| self::mark(&g) == mark)
            && found.is_none_or(|f| number.abs_diff(near) < f.abs_diff(near))
        {
            found = Some(number);
        }
    }
    found
}

/// How many games `bytes` holds (those that do not read counted too).
pub fn count(bytes: &[u8]) -> usize {
    count_and_mark(bytes, 0).0
}

/// What became of a game's file since the game was read from it or saved to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnDisk {
    /// The file is as it was (or its state is not known: nothing to tell).
    Same,
    /// Another program changed the file, but its game in the game's place is the game as it
    /// was: other games changed, or were added after it.
    GameKept,
    /// The game in its place is another: what the window holds exists nowhere else. `now` is
    /// the file's stamp, `None` where not even its length can be read.
    Changed {
        /// What the file holds now.
        now: Option<Stamp>,
    },
    /// Nothing is at the path any more (deleted, or moved away): the game exists only in the
    /// window, and saving there again is what is offered, not a reload.
    Gone,
}

/// What became of the file at `path`, where the game stood at `place`. A file that cannot be
/// read now counts as changed (saving will say why it fails), one not found as gone.
pub fn on_disk(path: &Path, place: &Place) -> OnDisk {
    let Some(stamp) = place.stamp else {
        return OnDisk::Same;
    };
    let bytes = match read_file(path) {
        Ok(bytes) => bytes,
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return OnDisk::Gone;
        }
        // Too large to read (or unreadable): its length tells one state from another.
        Err(_) => {
            let now = std::fs::metadata(path).ok().map(|m| Stamp {
                len: m.len(),
                crc: 0,
            });
            return OnDisk::Changed { now };
        }
    };
    let now = Stamp::of(&bytes);
    if now == stamp {
        return OnDisk::Same;
    }
    match count_and_mark(&bytes, place.number).1 {
        Some(m) if Some(m) == place.mark => OnDisk::GameKept,
        _ => OnDisk::Changed { now: Some(now) },
    }
}

/// The text of a file as the PDN reader reads it: UTF-16 as UTF-8, anything else as it is.
fn as_read(bytes: &[u8]) -> Cow<'_, [u8]> {
    match utf16_text(bytes) {
        Some(text) => Cow::Owned(text.into_bytes()),
        None => Cow::Borrowed(bytes),
    }
}

/// What reading a whole file told: how many games, its encoding, and game `number`.
struct Reading {
    games: usize,
    encoding: Encoding,
    /// Game `number`: its bytes and [`mark`], or why it does not read; `None` when the file
    /// has no such game.
    game: Option<Result<(std::ops::Range<u64>, u32), PdnError>>,
}

/// Reads every game of `text` (UTF-8 or a single-byte encoding), looking at game `number`.
fn read_all(text: &[u8], number: usize) -> Reading {
    let mut reader = pdn::Reader::new(text).going_on();
    let (mut games, mut found) = (0, None);
    while let Some(game) = reader.next_game() {
        games += 1;
        if games == number {
            let span = reader.last_span().unwrap_or_default();
            found = Some(game.map(|g| (span, mark(&g))));
        }
    }
    Reading {
        games,
        encoding: reader.decoder().encoding(),
        game: found,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const THREE: &str = "[Event \"a\"]\n[Result \"*\"]\n\n1. 22-18 *\n\n\
        {Before the second}\n[Event \"b\"]\r\n[Result \"1-0\"]\r\n\r\n1. 23-19 11-15 1-0\r\n\r\n\
        [Event \"c\"]\n1. 24-20 *\n";

    fn game(text: &str) -> PdnGame {
        pdn::Reader::new(text.as_bytes()).next().unwrap().unwrap()
    }

    fn games_of(bytes: &[u8]) -> Vec<PdnGame> {
        pdn::Reader::new(bytes).map(Result::unwrap).collect()
    }

    #[test]
    fn spans_cover_each_game_and_nothing_around_it() {
        let mut reader = pdn::Reader::new(THREE.as_bytes());
        let mut spans = Vec::new();
        while let Some(g) = reader.next_game() {
            g.unwrap();
            let span = reader.last_span().unwrap();
            spans.push(&THREE[span.start as usize..span.end as usize]);
        }
        assert_eq!(
            spans,
            [
                "[Event \"a\"]\n[Result \"*\"]\n\n1. 22-18 *",
                "{Before the second}\n[Event \"b\"]\r\n[Result \"1-0\"]\r\n\r\n1. 23-19 11-15 1-0",
                "[Event \"c\"]\n1. 24-20 *",
            ]
        );
    }

    #[test]
    fn one_game_is_replaced_and_every_other_byte_kept() {
        let new = game("[Event \"b2\"]\n[Result \"*\"]\n1. 23-19 11-15 2. 22-18 *");
        let out = splice(THREE.as_bytes(), At::Game(2), &new).unwrap();
        assert_eq!(out.games, 3);
        let text = String::from_utf8(out.bytes).unwrap();
        // The second game's own line ends (CRLF) are kept.
        let expected = THREE.replace(
            "{Before the second}\n[Event \"b\"]\r\n[Result \"1-0\"]\r\n\r\n1. 23-19 11-15 1-0",
            "[Event \"b2\"]\r\n[Result \"*\"]\r\n\r\n1. 23-19 11-15 2. 22-18 *",
        );
        assert_eq!(text, expected);
        let read = games_of(text.as_bytes());
        assert_eq!(read[1].tag("Event"), Some("b2"));
        assert_eq!(read[1].moves.nodes.len(), 3);
    }

    #[test]
    fn a_game_gone_or_broken_is_not_overwritten() {
        let new = game("[Event \"x\"]\n1. 22-18 *");
        let err = splice(THREE.as_bytes(), At::Game(4), &new).unwrap_err();
        assert!(matches!(
            err,
            SpliceError::NoSuchGame {
                number: 4,
                games: 3
            }
        ));
        let broken = "[Event \"a\"]\n1. 22-18 *\n[Event \"b\"]\n1. 22-18 ) *\n";
        let err = splice(broken.as_bytes(), At::Game(2), &new).unwrap_err();
        assert!(matches!(err, SpliceError::Unreadable(_)), "{err:?}");
        // Game 1 of the same file can be written back; the broken game stays as it was.
        let out = splice(broken.as_bytes(), At::Game(1), &new).unwrap();
        assert!(out.bytes.ends_with(b"[Event \"b\"]\n1. 22-18 ) *\n"));
    }

    #[test]
    fn a_game_is_found_by_its_mark_where_it_moved() {
        let b = game(
            "{Before the second}\n[Event \"b\"]\r\n[Result \"1-0\"]\r\n\r\n1. 23-19 11-15 1-0",
        );
        assert_eq!(find(THREE.as_bytes(), mark(&b), 2), Some(2));
        let moved = format!("[Event \"new\"]\n1. 21-17 *\n\n{THREE}");
        assert_eq!(find(moved.as_bytes(), mark(&b), 2), Some(3));
        let twice = format!("{THREE}\n{THREE}");
        assert_eq!(find(twice.as_bytes(), mark(&b), 4), Some(5), "the nearer");
        let other = game("[Event \"z\"]\n1. 22-18 *");
        assert_eq!(find(THREE.as_bytes(), mark(&other), 2), None);
    }

    #[test]
    fn what_became_of_the_file_is_told() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("three.pdn");
        std::fs::write(&path, THREE).unwrap();
        let place = Place::in_bytes(THREE.as_bytes(), 2);
        assert_eq!(
            (place.games, place.stamp),
            (3, Some(Stamp::of(THREE.as_bytes())))
        );
        assert_eq!(on_disk(&path, &place), OnDisk::Same);
        // A game added after it: the game is still there.
        std::fs::write(&path, format!("{THREE}\n[Event \"d\"]\n1. 22-18 *\n")).unwrap();
        assert_eq!(on_disk(&path, &place), OnDisk::GameKept);
        // A game put before it: another game stands in its place.
        let before = format!("[Event \"0\"]\n1. 22-18 *\n\n{THREE}");
        std::fs::write(&path, &before).unwrap();
        let now = Some(Stamp::of(before.as_bytes()));
        assert_eq!(on_disk(&path, &place), OnDisk::Changed { now });
        // Gone, or a folder now.
        std::fs::remove_file(&path).unwrap();
        assert_eq!(on_disk(&path, &place), OnDisk::Gone);
        std::fs::create_dir(&path).unwrap();
        assert!(matches!(
            on_disk(&path, &place),
            OnDisk::Changed { now: Some(_) }
        ));
        // Unknown state: nothing to tell.
        let unknown = Place {
            stamp: None,
            ..place
        };
        assert_eq!(on_disk(&path, &unknown), OnDisk::Same);
    }

    #[test]
    fn a_game_is_added_after_the_last() {
        let new = game("[Event \"d\"]\n1. 22-18 *");
        let out = splice(THREE.as_bytes(), At::End, &new).unwrap();
        assert_eq!((out.number, out.games), (4, 4));
        let text = String::from_utf8(out.bytes).unwrap();
        assert!(text.starts_with(THREE), "every game before kept");
        // The file has CRLF line ends in places: the new game has them too.
        assert!(text.ends_with("\r\n\r\n1. 22-18 *\r\n"), "{text:?}");
        // A file without a line end at its end gets one first.
        let out = splice(b"1. 22-18 *", At::End, &new).unwrap();
        assert!(out.bytes.starts_with(b"1. 22-18 *\n\n[Event \"d\"]\n"));
        assert_eq!(games_of(&out.bytes).len(), 2);
        // A game that would be read as part of the one before is refused.
        let err = splice(b"1. 22-18 {open", At::End, &new).unwrap_err();
        assert!(
            matches!(
                err,
                SpliceError::NotTheSame { games: 2 } | SpliceError::Unreadable(_)
            ),
            "{err:?}"
        );
    }

    #[test]
    fn the_files_encoding_is_kept() {
        let new = game("[White \"Šťastný\"]\n1. 22-18 *");
        // Windows-1250: "Čech" is 0xC8 e c h.
        let mut file = b"[White \"\xC8ech\"]\n1. 22-18 *\n\n[White \"x\"]\n1. 23-19 *\n".to_vec();
        let out = splice(&file, At::Game(2), &new).unwrap();
        assert!(
            out.bytes
                .starts_with(b"[White \"\xC8ech\"]\n1. 22-18 *\n\n")
        );
        assert!(
            out.bytes.windows(9).any(|w| w == b"\x8A\x9Dastn\xFD\"]"),
            "Šťastný in Windows-1250"
        );
        // A character Windows-1250 has no byte for: refused, nothing written.
        let chinese = game("[White \"王\"]\n1. 22-18 *");
        let err = splice(&file, At::Game(2), &chinese).unwrap_err();
        assert!(matches!(
            err,
            SpliceError::Unencodable {
                encoding: Encoding::Windows1250,
                character: '王'
            }
        ));
        // UTF-16 with a byte-order mark: the mark and the other game kept, the new one in
        // UTF-16 too.
        file = vec![0xFF, 0xFE];
        let text = "[White \"Čech\"]\r\n1. 22-18 *\r\n\r\n[White \"x\"]\r\n1. 23-19 *\r\n";
        file.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        let out = splice(&file, At::Game(2), &chinese).unwrap();
        assert_eq!(out.bytes[..2], [0xFF, 0xFE]);
        let back = utf16_text(&out.bytes).unwrap();
        assert_eq!(
            back,
            "[White \"Čech\"]\r\n1. 22-18 *\r\n\r\n[White \"王\"]\r\n\r\n1. 22-18 *\r\n"
        );
    }
}
