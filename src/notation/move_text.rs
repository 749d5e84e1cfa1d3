//! Move text (rules.md §6): numeric (`32-28`, `28x19`, `47x38x24x13x36`) and algebraic
//! (`c3-d4`, `c3xe5`, `c3:e5`) on both boards, read and matched against the legal moves of the
//! rules core, and written back.

use std::fmt;

use crate::rules::{Board, Move, Position, RuleSet, Square};

/// How squares are written.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Notation {
    /// Square numbers: `32-28`, `28x19`.
    #[default]
    Numeric,
    /// Algebraic names: `c3-d4`, `c3:e5`.
    Algebraic,
}

/// A move as written: the squares named, and whether it was marked as a capture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// Start, any landing squares written, end: at least two.
    pub squares: Vec<Square>,
    /// Written with `x` or `:`.
    pub capture: bool,
}

/// The most characters a move text may have. The longest capture written out with every
/// landing square (20 captures on 10×10, `47x38x…`) takes about 63; a text longer than this is
/// refused before it is read, so that a paste of a megabyte costs no more than a short move.
pub const MAX_MOVE_CHARS: usize = 256;

/// The most digits of a square number that [`Board::parse_square`] reads (`032` is 32).
const SQUARE_DIGITS: usize = 3;

/// Why move text could not be read or matched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// Longer than [`MAX_MOVE_CHARS`]: no move is written so long.
    #[error("the move text is longer than {limit} characters")]
    TooLong {
        /// The most characters read.
        limit: usize,
    },
    /// Not move syntax at all.
    #[error("'{0}' is not a move (expected e.g. 32-28, 28x19 or c3-d4)")]
    Syntax(String),
    /// A square that is not on the board.
    #[error("'{text}': {square} is not a square of the {board} board")]
    Square {
        /// The whole move text.
        text: String,
        /// The offending square as written.
        square: String,
        /// The board.
        board: Board,
    },
    /// No legal move fits.
    #[error("{text} is not a legal move here ({})", legal_list(legal))]
    Illegal {
        /// The move as written.
        text: String,
        /// The moves that were allowed, in PDN numeric notation.
        legal: Vec<String>,
        /// The board they are on, to name their squares as the reader chose.
        board: Board,
    },
    /// Several legal moves fit.
    #[error("{text} is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The move as written.
        text: String,
        /// The fitting moves with full paths, in PDN numeric notation.
        candidates: Vec<String>,
        /// The board they are on, to name their squares as the reader chose.
        board: Board,
    },
}

/// The legal moves a [`MoveTextError::Illegal`] names; none is said in words, since an empty
/// list read as "(legal: )", as if the list had been lost.
fn legal_list(legal: &[String]) -> String {
    if legal.is_empty() {
        "there is no legal move in this position".to_string()
    } else {
        format!("legal: {}", legal.join(" "))
    }
}

/// Something accepted although not as PDN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leniency {
    /// A plain move written with `x` or `:`.
    CaptureMarkOnPlainMove,
    /// A capture written with `-`.
    PlainMarkOnCapture,
}

impl fmt::Display for Leniency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Leniency::CaptureMarkOnPlainMove => "a plain move is written as a capture",
            Leniency::PlainMarkOnCapture => "a capture is written as a plain move",
        })
    }
}

impl MoveText {
    /// Reads move text for `board`: squares by number or algebraic name, separated by `-`
    /// (plain move, or a capture's path of three squares or more) or `x`/`:` (capture), the
    /// same separator throughout. Move-strength marks must already be removed.
    ///
    /// # Errors
    /// Bad syntax, a square not on the board, or a text over [`MAX_MOVE_CHARS`].
    pub fn parse(board: Board, text: &str) -> Result<MoveText, MoveTextError> {
        check_length(text)?;
        let syntax = || MoveTextError::Syntax(text.to_string());
        let bytes = text.as_bytes();
        let mut squares = Vec::new();
        let mut capture = None;
        let mut i = 0;
        loop {
            let start = i;
            if i < bytes.len() && bytes[i].is_ascii_alphabetic() && bytes[i] != b'x' {
                i += 1;
            }
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let part = &text[start..i];
            if part.is_empty() || !part.bytes().any(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            let sq = board
                .parse_square(part)
                .ok_or_else(|| MoveTextError::Square {
                    text: text.to_string(),
                    square: part.to_string(),
                    board,
                })?;
            squares.push(sq);
            if i == bytes.len() {
                break;
            }
            let is_capture = match bytes[i] {
                b'-' => false,
                b'x' | b'X' | b':' => true,
                _ => return Err(syntax()),
            };
            // One separator throughout: `-` joining more than two squares is a capture's
            // path written with the plain move's mark (`29-18-27`, as Dynamo writes one).
            if capture.is_some_and(|c| c != is_capture) {
                return Err(syntax());
            }
            capture = Some(is_capture);
            i += 1;
        }
        if squares.len() < 2 {
            return Err(syntax());
        }
        Ok(MoveText {
            squares,
            capture: capture.unwrap_or(false),
        })
    }

    /// The legal move this text names.
    ///
    /// A capture may be given by its start and end or by any of its landing squares in order
    /// (the full path always works); a plain move written with `x` and a capture written with
    /// `-` are accepted with a [`Leniency`]. A path of three squares or more written with `-`
    /// can only be a capture, and names one only when it is the capture's whole path (start,
    /// every landing square, end), as the programs that write captures so write them. Where a
    /// plain move and a capture have the same start and end (a flying king's, under table
    /// rules), the mark tells which is meant.
    ///
    /// # Errors
    /// No legal move fits, or several do.
    pub fn resolve(
        &self,
        pos: &Position,
        rules: &RuleSet,
        text: &str,
    ) -> Result<(Move, Option<Leniency>), MoveTextError> {
        self.resolve_among(pos, rules, text, &pos.legal_moves(rules))
    }

    /// As [`MoveText::resolve`], among `moves` instead of the legal moves (for instance the
    /// moves table rules allow).
    ///
    /// # Errors
    /// None of `moves` fits, or several do.
    pub fn resolve_among(
        &self,
        pos: &Position,
        rules: &RuleSet,
        text: &str,
        moves: &[Move],
    ) -> Result<(Move, Option<Leniency>), MoveTextError> {
        let from = self.squares[0];
        let to = *self.squares.last().expect("at least two squares");
        let via = &self.squares[1..self.squares.len() - 1];
        let legal = moves;
        // `29-18-27`: a capture's whole path, written with `-`.
        let dashed_path = !self.capture && !via.is_empty();
        let fits: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from() == from && m.to() == to)
            .filter(|m| {
                if dashed_path {
                    return pos
                        .capture_paths(rules, m)
                        .iter()
                        .any(|path| *path == self.squares[1..]);
                }
                via.is_empty()
                    || pos
                        .capture_paths(rules, m)
                        .iter()
                        .any(|path| is_subsequence(via, &path[..path.len() - 1]))
            })
            .collect();
        match fits.as_slice() {
            [] => Err(MoveTextError::Illegal {
                text: text.to_string(),
                legal: legal
                    .iter()
                    .map(|m| write(pos, rules, m, Notation::Numeric))
                    .collect(),
                board: pos.board(),
            }),
            [m] => {
                let leniency = match (self.capture, m.is_capture()) {
                    (true, false) => Some(Leniency::CaptureMarkOnPlainMove),
                    (false, true) => Some(Leniency::PlainMarkOnCapture),
                    _ => None,
                };
                Ok((*m, leniency))
            }
            // Under table rules a plain move and a capture may share their start and end (a
            // flying king's): the mark tells which one is written.
            many if marked(many, self.capture).count() == 1 => {
                Ok((*marked(many, self.capture).next().expect("one"), None))
            }
            // A capture stopped short where a longer one ends too (table rules): the one whose
            // whole path is written is meant.
            many if exact(pos, rules, many, via).count() == 1 => {
                Ok((*exact(pos, rules, many, via).next().expect("one"), None))
            }
            many => Err(MoveTextError::Ambiguous {
                text: text.to_string(),
                candidates: many
                    .iter()
                    .map(|m| full_path(pos, rules, m, Notation::Numeric))
                    .collect(),
                board: pos.board(),
            }),
        }
    }
}

/// The moves of `moves` that are captures if `capture`, plain moves if not.
/// The captures of `moves` whose path passes exactly `via` (and no other square) on the way.
fn exact<'a>(
    pos: &'a Position,
    rules: &'a RuleSet,
    moves: &'a [Move],
    via: &'a [Square],
) -> impl Iterator<Item = &'a Move> {
    moves.iter().filter(move |m| {
        m.is_capture()
            && pos
                .capture_paths(rules, m)
                .iter()
                .any(|path| path[..path.len() - 1] == *via)
    })
}

fn marked(moves: &[Move], capture: bool) -> impl Iterator<Item = &Move> {
    moves.iter().filter(move |m| m.is_capture() == capture)
}

/// Whether `needle` appears in `hay` in order (not necessarily adjacent).
fn is_subsequence(needle: &[Square], hay: &[Square]) -> bool {
    let mut it = hay.iter();
    needle.iter().all(|n| it.any(|h| h == n))
}

/// Refuses a text over [`MAX_MOVE_CHARS`]; looks at no more than that many characters.
fn check_length(text: &str) -> Result<(), MoveTextError> {
    if text.len() > MAX_MOVE_CHARS && text.chars().nth(MAX_MOVE_CHARS).is_some() {
        return Err(MoveTextError::TooLong {
            limit: MAX_MOVE_CHARS,
        });
    }
    Ok(())
}

/// The ways a move typed by a person can be read, most likely first, each to be tried with
/// [`MoveText::parse`]: squares apart by spaces are joined by `-` (`32 28` is `32-28`); digits
/// alone are cut into two square numbers (`3228` is `32-28`, `123` is `1-23` then `12-3`),
/// only where both parts can be squares, so a long string of digits is read as written (its
/// error names it as no square), not once per cut; other text is read as written. The text
/// is trimmed.
///
/// # Errors
/// [`MoveTextError::TooLong`] for a text over [`MAX_MOVE_CHARS`] (spaces included), checked
/// before anything else is done with it.
pub fn typed_readings(text: &str) -> Result<Vec<String>, MoveTextError> {
    check_length(text)?;
    let t = text.trim();
    if t.contains(char::is_whitespace) {
        return Ok(vec![t.split_whitespace().collect::<Vec<_>>().join("-")]);
    }
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(vec![t.to_string()]);
    }
    let cut = |at: usize| format!("{}-{}", &t[..at], &t[at..]);
    // Two-digit squares first: 3228 is 32-28, not 3-228.
    let middle = t.len() / 2;
    let mut cuts: Vec<usize> = (1..t.len())
        .filter(|&at| at <= SQUARE_DIGITS && t.len() - at <= SQUARE_DIGITS)
        .collect();
    if cuts.is_empty() {
        return Ok(vec![t.to_string()]);
    }
    cuts.sort_by_key(|&at| (at != middle, cut(at)));
    Ok(cuts.into_iter().map(cut).collect())
}

/// Reads move text and finds the legal move it names: [`MoveText::parse`] then
/// [`MoveText::resolve`].
///
/// # Errors
/// See [`MoveTextError`].
pub fn parse_move(
    pos: &Position,
    rules: &RuleSet,
    text: &str,
) -> Result<(Move, Option<Leniency>), MoveTextError> {
    MoveText::parse(pos.board(), text)?.resolve(pos, rules, text)
}

fn square_text(board: Board, sq: Square, notation: Notation) -> String {
    match notation {
        Notation::Numeric => sq.to_string(),
        Notation::Algebraic => board.algebraic(sq),
    }
}

fn separators(notation: Notation) -> (char, char) {
    match notation {
        Notation::Numeric => ('-', 'x'),
        Notation::Algebraic => ('-', ':'),
    }
}

/// A capture with every landing square (`47x38x24x13x36`): the numerically smallest path.
pub fn full_path(pos: &Position, rules: &RuleSet, m: &Move, notation: Notation) -> String {
    let board = pos.board();
    let (plain, capture) = separators(notation);
    let mut text = square_text(board, m.from(), notation);
    let sep = if m.is_capture() { capture } else { plain };
    for sq in pos.capture_path(rules, m) {
        text.push(sep);
        text.push_str(&square_text(board, sq, notation));
    }
    text
}

/// A move as PDN writes it (rules.md §6): start and end only, or the full path when another
/// legal capture shares both but captures other pieces.
pub fn write(pos: &Position, rules: &RuleSet, m: &Move, notation: Notation) -> String {
    write_among(pos, rules, m, notation, &pos.legal_moves(rules))
}

/// [`write()`], telling `m` apart from `moves` instead of the legal moves: a move that table
/// rules allow (a capture stopped short) is told apart from the others they allow.
pub fn write_among(
    pos: &Position,
    rules: &RuleSet,
    m: &Move,
    notation: Notation,
    moves: &[Move],
) -> String {
    let ambiguous = m.is_capture()
        && moves
            .iter()
            .any(|o| o.from() == m.from() && o.to() == m.to() && o.captured() != m.captured());
    if ambiguous {
        return full_path(pos, rules, m, notation);
    }
    let board = pos.board();
    let (plain, capture) = separators(notation);
    let sep = if m.is_capture() { capture } else { plain };
    format!(
        "{}{sep}{}",
        square_text(board, m.from(), notation),
        square_text(board, m.to(), notation)
    )
}

/// [`write()`] in numeric notation.
pub fn numeric(pos: &Position, rules: &RuleSet, m: &Move) -> String {
    write(pos, rules, m, Notation::Numeric)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn typed_digits_are_cut_where_both_parts_can_be_squares() {
        // Squares of up to three digits (the square reader takes "032"), the middle cut first.
        assert_eq!(
            typed_readings("3228"),
            Ok(vec![
                "32-28".to_string(),
                "3-228".to_string(),
                "322-8".to_string()
            ])
        );
        assert_eq!(
            typed_readings(" 123 "),
            Ok(vec!["1-23".to_string(), "12-3".to_string()])
        );
        assert_eq!(typed_readings("32 28"), Ok(vec!["32-28".to_string()]));
        assert_eq!(typed_readings("c3-d4"), Ok(vec!["c3-d4".to_string()]));
        assert_eq!(typed_readings("5"), Ok(vec!["5".to_string()]));
        // A leading zero, as the square reader takes it: "032" is 32.
        assert_eq!(typed_readings("032028"), Ok(vec!["032-028".to_string()]));
        // Too long for two squares: read as written, once.
        assert_eq!(typed_readings("1234567"), Ok(vec!["1234567".to_string()]));
        // The longest text read is one reading, no longer than itself: refused as no square,
        // not as too long.
        let digits = "7".repeat(MAX_MOVE_CHARS);
        assert_eq!(typed_readings(&digits), Ok(vec![digits.clone()]));
        assert!(matches!(
            MoveText::parse(Board::Ten, &digits),
            Err(MoveTextError::Square { .. })
        ));
    }

    #[test]
    fn typed_digits_still_play_their_move() {
        let rules = Variant::Czech.rules();
        let pos = rules.start_position().unwrap();
        let board = pos.board();
        let played: Vec<String> = typed_readings("2217")
            .unwrap()
            .iter()
            .filter_map(|t| MoveText::parse(board, t).ok()?.resolve(&pos, rules, t).ok())
            .map(|(m, _)| numeric(&pos, rules, &m))
            .collect();
        assert_eq!(played, ["22-17"]);
    }

    /// Issue 46: squares joined by `-` are a capture's whole path (`29-18-27`), read with the
    /// single jump's leniency; separators stay one throughout, and the `x` path reads a part
    /// of the path as before.
    #[test]
    fn a_path_joined_by_dashes_is_a_capture_s_whole_path() {
        let rules = Variant::International.rules();
        let pos = rules.parse_fen("W:W29,50:B5,22,23").unwrap();
        let dashed = MoveText::parse(Board::Ten, "29-18-27").unwrap();
        assert!(!dashed.capture);
        assert_eq!(dashed.squares.len(), 3);
        let (m, leniency) = dashed.resolve(&pos, rules, "29-18-27").unwrap();
        assert_eq!(numeric(&pos, rules, &m), "29x27");
        assert_eq!(leniency, Some(Leniency::PlainMarkOnCapture));
        assert!(matches!(
            parse_move(&pos, rules, "29-22-27"),
            Err(MoveTextError::Illegal { .. })
        ));
        for mixed in ["29-18x27", "29x18-27"] {
            assert_eq!(
                MoveText::parse(Board::Ten, mixed),
                Err(MoveTextError::Syntax(mixed.into()))
            );
        }
        assert_eq!(parse_move(&pos, rules, "29x18x27").unwrap(), (m, None));
        assert_eq!(parse_move(&pos, rules, "29x27").unwrap(), (m, None));
    }

    #[test]
    fn a_megabyte_of_digits_is_refused_as_too_long() {
        let digits = "1".repeat(1 << 20);
        let too_long = MoveTextError::TooLong {
            limit: MAX_MOVE_CHARS,
        };
        assert_eq!(typed_readings(&digits), Err(too_long.clone()));
        assert_eq!(MoveText::parse(Board::Ten, &digits), Err(too_long.clone()));
        // Spaces count: a move lost in a megabyte of them is not looked for.
        let padded = format!("32-28{}", " ".repeat(1 << 20));
        assert_eq!(typed_readings(&padded), Err(too_long));
    }

    #[test]
    fn the_bound_counts_characters_not_bytes() {
        // 256 two-byte letters are 512 bytes but within the bound: read (and refused as
        // syntax), not called too long.
        let wide = "č".repeat(MAX_MOVE_CHARS);
        assert!(matches!(
            MoveText::parse(Board::Eight, &wide),
            Err(MoveTextError::Syntax(_))
        ));
        let wider = "č".repeat(MAX_MOVE_CHARS + 1);
        assert!(matches!(
            MoveText::parse(Board::Eight, &wider),
            Err(MoveTextError::TooLong { .. })
        ));
        let longest = format!("1-{}", "2".repeat(MAX_MOVE_CHARS - 2));
        assert!(matches!(
            MoveText::parse(Board::Eight, &longest),
            Err(MoveTextError::Square { .. })
        ));
    }
}
