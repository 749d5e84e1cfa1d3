//! Boards, square numbers and algebraic names (rules.md §1).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A dark square by its number: 1..=32 on 8×8, 1..=50 on 10×10, counted row by row from Black's
/// side, left to right as White sees the board.
///
/// The number alone does not say which board it belongs to; [`Board`] checks and names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    /// The square with number `n` (1-based); `None` for 0 or above 50.
    pub const fn new(n: u8) -> Option<Square> {
        if n >= 1 && n <= 50 {
            Some(Square(n))
        } else {
            None
        }
    }

    /// The square's number, 1-based, as written in numeric notation.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The 0-based index (number − 1), for arrays and bit sets.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The two boards. Only dark squares are played; a1 (White's bottom-left) is dark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Board {
    /// 8×8, squares 1..=32.
    Eight,
    /// 10×10, squares 1..=50.
    Ten,
}

impl Board {
    /// Squares along one side: 8 or 10.
    pub const fn size(self) -> u8 {
        match self {
            Board::Eight => 8,
            Board::Ten => 10,
        }
    }

    /// Number of dark squares: 32 or 50.
    pub const fn squares(self) -> u8 {
        self.size() * self.size() / 2
    }

    /// Dark squares in one row: 4 or 5.
    pub const fn row_width(self) -> u8 {
        self.size() / 2
    }

    /// Whether `sq` lies on this board.
    pub const fn contains(self, sq: Square) -> bool {
        sq.number() <= self.squares()
    }

    /// Every square of the board in ascending order.
    pub fn all_squares(self) -> impl Iterator<Item = Square> {
        (1..=self.squares()).map(Square)
    }

    /// The square numbered `n`, if it is on this board.
    pub const fn square(self, n: u8) -> Option<Square> {
        if n >= 1 && n <= self.squares() {
            Some(Square(n))
        } else {
            None
        }
    }

    /// File (0 = a) and rank (1 = White's bottom row) of a square of this board.
    pub const fn coords(self, sq: Square) -> (u8, u8) {
        let n = self.row_width();
        let s0 = sq.number() - 1;
        let row = s0 / n;
        let col = s0 % n;
        let file = if row.is_multiple_of(2) {
            2 * col + 1
        } else {
            2 * col
        };
        (file, self.size() - row)
    }

    /// The dark square at `file` (0 = a) and `rank` (1-based); `None` off the board or on a light
    /// square.
    pub const fn square_at(self, file: u8, rank: u8) -> Option<Square> {
        let size = self.size();
        if file >= size || rank == 0 || rank > size || (file + rank).is_multiple_of(2) {
            return None;
        }
        let row = size - rank;
        Some(Square(row * self.row_width() + file / 2 + 1))
    }

    /// The algebraic name of a square, e.g. `c3` (files a..h or a..j, ranks from White's side).
    pub fn algebraic(self, sq: Square) -> String {
        let (file, rank) = self.coords(sq);
        format!("{}{}", (b'a' + file) as char, rank)
    }

    /// Reads an algebraic square name (`c3`, `j10`; either case).
    pub fn parse_algebraic(self, s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?.to_ascii_lowercase();
        if !f.is_ascii_lowercase() {
            return None;
        }
        let rest = chars.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = rest.parse().ok()?;
        self.square_at(f as u8 - b'a', rank)
    }

    /// Reads a square given either by number (`32`) or by algebraic name (`c3`).
    pub fn parse_square(self, s: &str) -> Option<Square> {
        if s.bytes().all(|b| b.is_ascii_digit()) && !s.is_empty() && s.len() <= 3 {
            s.parse().ok().and_then(|n| self.square(n))
        } else {
            self.parse_algebraic(s)
        }
    }

    /// The row a piece of `color` is crowned on: the top row (1..) for White, the bottom one for
    /// Black.
    pub fn promotion_row(self, color: super::Color) -> impl Iterator<Item = Square> {
        let n = self.row_width();
        let first = match color {
            super::Color::White => 1,
            super::Color::Black => self.squares() - n + 1,
        };
        (first..first + n).map(Square)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.size())
    }
}

impl FromStr for Square {
    type Err = ();
    fn from_str(s: &str) -> Result<Square, ()> {
        s.parse::<u8>().ok().and_then(Square::new).ok_or(())
    }
}
