//! Moves as the rules core identifies them: start, end and the set of captured squares.

use std::cmp::Ordering;
use std::fmt;

use super::geometry::{self, square_index};
use super::{Board, Square, SquareSet};

/// A legal move: from, to and the captured squares (rules.md §2). Two capture paths with the same
/// three are one move; [`Position::capture_path`](super::Position::capture_path) recovers a path
/// for display and notation.
///
/// Moves compare in the order of rules.md §6: by from square, to square, then the sorted captured
/// squares, numerically.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Captured pieces in the padded bit layout of `board`.
    pub(crate) captured: u64,
    /// Bit of the start square.
    pub(crate) from: u8,
    /// Bit of the end square.
    pub(crate) to: u8,
    pub(crate) board: Board,
}

impl Move {
    /// Builds a move from squares of `board`. It is not checked against any position: use
    /// [`Position::moves_between`](super::Position::moves_between) or
    /// [`Position::is_legal`](super::Position::is_legal) for that.
    ///
    /// # Panics
    /// If a square is not on `board`.
    pub fn new(board: Board, from: Square, to: Square, captured: SquareSet) -> Move {
        assert!(
            board.contains(from) && board.contains(to),
            "square not on the board"
        );
        assert!(
            captured.0 >> board.squares() == 0,
            "captured square not on the board"
        );
        Move {
            captured: geometry::bits_of(board, captured),
            from: geometry::bit_index(board, from.index()),
            to: geometry::bit_index(board, to.index()),
            board,
        }
    }

    /// The start square.
    pub fn from(self) -> Square {
        square_of(self.board, self.from)
    }

    /// The end square (may equal the start: a flying king can capture round a circle).
    pub fn to(self) -> Square {
        square_of(self.board, self.to)
    }

    /// The squares of the pieces this move captures.
    pub fn captured(self) -> SquareSet {
        geometry::set_of(self.board, self.captured)
    }

    /// Whether this move captures.
    pub fn is_capture(self) -> bool {
        self.captured != 0
    }

    /// How many pieces it captures.
    pub fn capture_count(self) -> u32 {
        self.captured.count_ones()
    }

    /// The board the move is played on.
    pub fn board(self) -> Board {
        self.board
    }

    /// The start square's place in the position's bit layout, below 64: a cheaper index than
    /// [`Move::from`] for tables kept by move, such as the search's history.
    #[inline]
    pub(crate) fn start_bit(self) -> usize {
        usize::from(self.from)
    }

    /// The end square's place in the bit layout, as [`Move::start_bit`].
    #[inline]
    pub(crate) fn end_bit(self) -> usize {
        usize::from(self.to)
    }
}

fn square_of(board: Board, bit: u8) -> Square {
    Square::new(square_index(board, bit) + 1).expect("bit of a playable square")
}

impl Ord for Move {
    fn cmp(&self, other: &Move) -> Ordering {
        self.from()
            .cmp(&other.from())
            .then(self.to().cmp(&other.to()))
            .then_with(|| self.captured().iter().cmp(other.captured().iter()))
            .then(self.board.cmp(&other.board))
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Short numeric form, `32-28` or `28x19` (start and end only).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        write!(f, "{}{}{}", self.from(), sep, self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")?;
        if self.is_capture() {
            write!(f, " {:?}", self.captured())?;
        }
        Ok(())
    }
}
