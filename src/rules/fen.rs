//! FEN for draughts (rules.md §6): `W:W31-35,K46:B1,2,K10`.
//!
//! Read: the side to move, then one field per colour (`W…`, `B…`, in either order, either may be
//! missing), each a comma-separated list of squares with an optional `K` (king) or `T` (tower)
//! prefix; numbers, ranges (`1-12`, `K46-48`) and algebraic squares (`c3`) are accepted, in any
//! order, with spaces around items and an optional final `.`. Written: squares ascending, runs of
//! three or more men as ranges.

use super::{Board, Color, Piece, Position, PositionError, Role, Square};

/// Why a FEN could not be read. Each variant names the offending part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing but white space.
    #[error("empty FEN")]
    Empty,
    /// The first field is not `W` or `B`.
    #[error("expected the side to move (W or B) at the start, found '{0}'")]
    BadSide(String),
    /// A piece field does not start with `W` or `B`.
    #[error("expected a field starting with W or B, found '{0}'")]
    BadField(String),
    /// Two fields for one colour.
    #[error("the pieces of {0} are listed twice")]
    ColorTwice(Color),
    /// Not a number or algebraic name of a dark square of the board.
    #[error("'{square}' is not a square of the {board} board")]
    BadSquare {
        /// The text as given.
        square: String,
        /// The board it was read for.
        board: Board,
    },
    /// A range that is not `low-high` in numbers.
    #[error("bad range '{0}': expected two square numbers, the first not above the second")]
    BadRange(String),
    /// One square holds two pieces.
    #[error("square {0} is given twice")]
    SquareTwice(Square),
    /// A part of a typed position that does not start with its colour and `:`.
    #[error("expected a colour and ':' (W: or B:) before the pieces, found '{0}'")]
    BadSection(String),
    /// Readable, but not a position a game can reach.
    #[error("{0}")]
    Position(PositionError),
}

/// Reads the pieces of one colour: a comma-separated list of (optionally prefixed) squares and
/// ranges; where `czech_towers`, `V` (věž) marks a tower as `T` does.
fn parse_piece_list(
    board: Board,
    list: &str,
    czech_towers: bool,
) -> Result<Vec<(Square, Role)>, FenError> {
    let mut out = Vec::new();
    for item in list.split(',') {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let (role, rest) = match item.as_bytes()[0] {
            b'K' | b'k' => (Role::King, &item[1..]),
            b'T' | b't' => (Role::Tower, &item[1..]),
            b'V' | b'v' if czech_towers => (Role::Tower, &item[1..]),
            _ => (Role::Man, item),
        };
        let rest = rest.trim();
        let bad_square = |s: &str| FenError::BadSquare {
            square: s.to_string(),
            board,
        };
        if let Some((a, b)) = rest.split_once('-') {
            let num = |s: &str| -> Result<u8, FenError> {
                let s = s.trim();
                let n: u8 = s
                    .parse()
                    .map_err(|_| FenError::BadRange(item.to_string()))?;
                board.square(n).map(|_| n).ok_or_else(|| bad_square(s))
            };
            let (lo, hi) = (num(a)?, num(b)?);
            if lo > hi {
                return Err(FenError::BadRange(item.to_string()));
            }
            for n in lo..=hi {
                out.push((board.square(n).expect("checked range"), role));
            }
        } else {
            let sq = board.parse_square(rest).ok_or_else(|| bad_square(rest))?;
            out.push((sq, role));
        }
    }
    Ok(out)
}

/// Reads a FEN for `board`. Checks syntax and squares only; see
/// [`RuleSet::parse_fen`](super::RuleSet::parse_fen) for the rule set's own checks.
///
/// # Errors
/// The first problem found, naming the offending text.
pub fn parse(board: Board, text: &str) -> Result<Position, FenError> {
    let text = text.trim();
    let text = text.strip_suffix('.').unwrap_or(text).trim();
    let text = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = text.split(':');
    let side_text = fields.next().unwrap_or("").trim();
    let mut side_chars = side_text.chars();
    let side = match (
        side_chars.next().and_then(Color::from_char),
        side_chars.next(),
    ) {
        (Some(c), None) => c,
        _ => return Err(FenError::BadSide(side_text.to_string())),
    };
    let mut pos = Position::empty(board, side);
    let mut seen = [false; 2];
    for field in fields {
        let field = field.trim();
        let mut chars = field.chars();
        let color = chars
            .next()
            .and_then(Color::from_char)
            .ok_or_else(|| FenError::BadField(field.to_string()))?;
        place(&mut pos, &mut seen, color, chars.as_str(), false)?;
    }
    Ok(pos)
}

/// Puts the pieces of `color` that `list` names on `pos`, refusing a colour `seen` before or a
/// square already taken; `czech_towers` as in [`parse_piece_list`].
fn place(
    pos: &mut Position,
    seen: &mut [bool; 2],
    color: Color,
    list: &str,
    czech_towers: bool,
) -> Result<(), FenError> {
    if std::mem::replace(&mut seen[color.index()], true) {
        return Err(FenError::ColorTwice(color));
    }
    for (sq, role) in parse_piece_list(pos.board(), list, czech_towers)? {
        if pos.piece_at(sq).is_some() {
            return Err(FenError::SquareTwice(sq));
        }
        pos.set_piece(sq, Some(Piece::new(color, role)));
    }
    Ok(())
}

/// Reads a position typed as its piece lists with `side` to move: `W: 32, 28, K46; B: 12, 19`.
/// A part per colour, separated by `;`, each a colour (`W`, `B`, or the word in English or
/// Czech: `white`, `bílé`, `černé`…; where Black is `Č` or a Czech word, `B` is bílé, White)
/// and `:` before the pieces, which are written as in FEN
/// (`K` king, `T` or `V` tower, ranges, algebraic squares); a colour may be left out.
///
/// # Errors
/// See [`FenError`]; a part without its colour is [`FenError::BadSection`].
pub fn parse_setup(board: Board, text: &str, side: Color) -> Result<Position, FenError> {
    let text = text.trim();
    let text = text.strip_suffix('.').unwrap_or(text).trim();
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let mut pos = Position::empty(board, side);
    let mut seen = [false; 2];
    // Labels in Czech letters (Č for černé) make B bílé, as a Czech player writes it.
    let czech = text.split(';').any(|part| {
        part.split_once(':')
            .is_some_and(|(label, _)| CZECH_BLACK.contains(&label.trim().to_lowercase().as_str()))
    });
    for part in text.split(';') {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let (label, list) = part
            .split_once(':')
            .ok_or_else(|| FenError::BadSection(part.to_string()))?;
        let color =
            color_word(label, czech).ok_or_else(|| FenError::BadSection(part.to_string()))?;
        place(&mut pos, &mut seen, color, list, true)?;
    }
    Ok(pos)
}

/// Black's labels in Czech.
const CZECH_BLACK: [&str; 8] = [
    "č", "c", "černý", "černé", "černá", "cerny", "cerne", "cerna",
];

/// The colour a label of the typed form names (`czech`: the text names Black in Czech).
fn color_word(label: &str, czech: bool) -> Option<Color> {
    let word = label.trim().to_lowercase();
    match word.as_str() {
        // Beside Č for černé, B is bílé.
        "b" if czech => Some(Color::White),
        "w" | "white" | "bílý" | "bílé" | "bílá" | "bily" | "bile" | "bila" => {
            Some(Color::White)
        }
        "b" | "black" => Some(Color::Black),
        w if CZECH_BLACK.contains(&w) => Some(Color::Black),
        _ => None,
    }
}

/// Writes the FEN piece list of one colour.
fn write_list(pos: &Position, color: Color, out: &mut String) {
    let pieces: Vec<(Square, Role)> = pos
        .iter()
        .filter(|(_, p)| p.color == color)
        .map(|(s, p)| (s, p.role))
        .collect();
    let mut i = 0;
    let mut first = true;
    while i < pieces.len() {
        let (sq, role) = pieces[i];
        let mut j = i;
        if role == Role::Man {
            while j + 1 < pieces.len()
                && pieces[j + 1].1 == Role::Man
                && pieces[j + 1].0.number() == pieces[j].0.number() + 1
            {
                j += 1;
            }
        }
        if !first {
            out.push(',');
        }
        first = false;
        if j >= i + 2 {
            out.push_str(&format!("{}-{}", sq, pieces[j].0));
            i = j + 1;
        } else {
            out.push_str(role.fen_prefix());
            out.push_str(&sq.to_string());
            i += 1;
        }
    }
}

/// Writes `pos` as FEN.
pub fn write(pos: &Position) -> String {
    let mut out = String::new();
    out.push(pos.side_to_move().char());
    for color in Color::ALL {
        out.push(':');
        out.push(color.char());
        write_list(pos, color, &mut out);
    }
    out
}

/// A position as its FEN, for `{:?}` (in asserts and logs).
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", write(self))
    }
}

impl Position {
    /// Reads a FEN for `board`: the side to move, then a field per colour of squares with an
    /// optional `K` (king) or `T` (tower) prefix; ranges (`1-12`), algebraic squares (`c3`)
    /// and a final `.` are accepted.
    ///
    /// # Errors
    /// See [`FenError`].
    pub fn from_fen(board: Board, text: &str) -> Result<Position, FenError> {
        parse(board, text)
    }

    /// The position as FEN, e.g. `W:W21-32:B1-12`.
    pub fn fen(&self) -> String {
        write(self)
    }
}
