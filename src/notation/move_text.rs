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

/// Why move text could not be read or matched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
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
    #[error("{text} is not a legal move here (legal: {})", legal.join(" "))]
    Illegal {
        /// The move as written.
        text: String,
        /// The moves that were allowed, in PDN numeric notation.
        legal: Vec<String>,
    },
    /// Several legal moves fit.
    #[error("{text} is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The move as written.
        text: String,
        /// The fitting moves with full paths, in PDN numeric notation.
        candidates: Vec<String>,
    },
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
    /// (plain move) or `x`/`:` (capture). Move-strength marks must already be removed.
    ///
    /// # Errors
    /// Bad syntax, or a square not on the board.
    pub fn parse(board: Board, text: &str) -> Result<MoveText, MoveTextError> {
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
            if capture.is_some_and(|c| c != is_capture) || (!is_capture && squares.len() > 1) {
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
    /// `-` are accepted with a [`Leniency`]. Where a plain move and a capture have the same
    /// start and end (a flying king's, under table rules), the mark tells which is meant.
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
        let fits: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from() == from && m.to() == to)
            .filter(|m| {
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
