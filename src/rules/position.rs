//! Positions: where the pieces stand and who is to move.

use std::fmt;

use super::geometry::{self, Eight, Geometry, Ten};
use super::{Board, Color, Move, Piece, Role, Square, SquareSet};

/// A board with pieces and the side to move. Small and `Copy`: search copies it freely.
///
/// A `Position` knows nothing of the rule set; move generation takes the
/// [`RuleSet`](super::RuleSet) beside it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Pieces of each colour (index [`Color::index`]), padded layout.
    pub(crate) pieces: [u64; 2],
    /// Kings of both colours.
    pub(crate) kings: u64,
    /// Towers of both colours.
    pub(crate) towers: u64,
    pub(crate) side: Color,
    pub(crate) board: Board,
}

/// What [`Position::play_unchecked`] needs to take a move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured_kings: u64,
    captured_towers: u64,
    promoted: bool,
    promoted_tower: bool,
}

/// Why a position cannot occur in a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A man or tower stands where it would already have been crowned.
    #[error("the {piece} on square {square} stands on its promotion row and should be a king")]
    UncrownedOnPromotionRow {
        /// Where it stands.
        square: Square,
        /// What stands there.
        piece: Piece,
    },
    /// The rule set has no towers.
    #[error("square {0}: this rule set has no towers")]
    TowersNotAllowed(Square),
    /// More pieces of one colour than the rule set starts with: no game gets there.
    #[error("{color} has {count} pieces; this rule set starts with {most}")]
    TooManyPieces {
        /// Whose.
        color: Color,
        /// How many stand.
        count: u32,
        /// How many it starts with.
        most: u32,
    },
    /// More towers of one colour than the rule set starts with (towers are never made).
    #[error("{color} has {count} towers; this rule set starts with {most}")]
    TooManyTowers {
        /// Whose.
        color: Color,
        /// How many stand.
        count: u32,
        /// How many it starts with.
        most: u32,
    },
    /// A side without pieces: the game would be over before it starts.
    #[error("{0} has no pieces")]
    NoPieces(Color),
    /// The side to move has no move: the game would be over before it starts.
    #[error("{0} is to move but has no move")]
    NoMoves(Color),
}

impl Position {
    /// An empty board with `side` to move.
    pub const fn empty(board: Board, side: Color) -> Position {
        Position {
            pieces: [0, 0],
            kings: 0,
            towers: 0,
            side,
            board,
        }
    }

    /// The board.
    pub const fn board(&self) -> Board {
        self.board
    }

    /// The side to move.
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// Changes the side to move (for setting up positions).
    pub fn set_side_to_move(&mut self, side: Color) {
        self.side = side;
    }

    fn bit(&self, sq: Square) -> u64 {
        1 << geometry::bit_index(self.board, sq.index())
    }

    /// The piece on `sq`, if any (`None` also for a square not on this board).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if !self.board.contains(sq) {
            return None;
        }
        let b = self.bit(sq);
        let color = if self.pieces[0] & b != 0 {
            Color::White
        } else if self.pieces[1] & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings & b != 0 {
            Role::King
        } else if self.towers & b != 0 {
            Role::Tower
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// Puts `piece` on `sq` (or empties it with `None`).
    ///
    /// # Panics
    /// If `sq` is not on this board.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        assert!(
            self.board.contains(sq),
            "square {sq} is not on the {} board",
            self.board
        );
        let b = self.bit(sq);
        self.pieces[0] &= !b;
        self.pieces[1] &= !b;
        self.kings &= !b;
        self.towers &= !b;
        if let Some(p) = piece {
            self.pieces[p.color.index()] |= b;
            match p.role {
                Role::King => self.kings |= b,
                Role::Tower => self.towers |= b,
                Role::Man => {}
            }
        }
    }

    /// Squares holding pieces of `color`.
    pub fn pieces(&self, color: Color) -> SquareSet {
        geometry::set_of(self.board, self.pieces[color.index()])
    }

    /// Squares holding pieces of `color` and `role`.
    pub fn pieces_of(&self, color: Color, role: Role) -> SquareSet {
        let own = self.pieces[color.index()];
        let bits = match role {
            Role::King => own & self.kings,
            Role::Tower => own & self.towers,
            Role::Man => own & !self.kings & !self.towers,
        };
        geometry::set_of(self.board, bits)
    }

    /// Occupied squares.
    pub fn occupied(&self) -> SquareSet {
        geometry::set_of(self.board, self.pieces[0] | self.pieces[1])
    }

    /// Number of pieces of `color` with `role`.
    pub fn count(&self, color: Color, role: Role) -> usize {
        self.pieces_of(color, role).len()
    }

    /// Every piece on the board with its square, in ascending square order.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board
            .all_squares()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// Checks what no game can produce: an uncrowned man or tower on its promotion row.
    ///
    /// # Errors
    /// The first offending square, lowest number first.
    pub fn validate(&self) -> Result<(), PositionError> {
        for (square, piece) in self.iter() {
            if piece.role != Role::King
                && self.board.promotion_row(piece.color).any(|s| s == square)
            {
                return Err(PositionError::UncrownedOnPromotionRow { square, piece });
            }
        }
        Ok(())
    }

    /// A 64-bit key of the position (pieces and side to move), for repetition look-ups and
    /// transposition tables. Equal positions have equal keys; compare positions to be sure.
    pub fn key(&self) -> u64 {
        const fn fmix(mut x: u64) -> u64 {
            x ^= x >> 33;
            x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
            x ^= x >> 33;
            x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
            x ^ (x >> 33)
        }
        let mut h = fmix(self.pieces[0] ^ 0x9e37_79b9_7f4a_7c15);
        h = fmix(h ^ self.pieces[1]);
        h = fmix(h ^ self.kings);
        h = fmix(h ^ self.towers.rotate_left(7));
        h ^ self.side as u64
    }

    /// Plays `m` without checking that it is legal, for search and perft; the returned [`Undo`]
    /// takes it back with [`Position::undo_unchecked`].
    ///
    /// A man or tower ending on its promotion row is crowned; captured pieces are removed.
    /// An illegal `m` leaves an unspecified (but memory-safe) position.
    #[inline]
    pub fn play_unchecked(&mut self, m: &Move) -> Undo {
        let us = self.side.index();
        let from = 1u64 << m.from;
        let to = 1u64 << m.to;
        let moving = from ^ to;
        self.pieces[us] ^= moving;
        let promo = match self.board {
            Board::Eight => Eight::PROMO[us],
            Board::Ten => Ten::PROMO[us],
        };
        let mut promoted = false;
        let mut promoted_tower = false;
        if self.kings & from != 0 {
            self.kings ^= moving;
        } else {
            let tower = self.towers & from != 0;
            if tower {
                self.towers ^= moving;
            }
            if to & promo != 0 {
                promoted = true;
                promoted_tower = tower;
                self.towers &= !to;
                self.kings |= to;
            }
        }
        let cap = m.captured;
        let undo = Undo {
            captured_kings: self.kings & cap,
            captured_towers: self.towers & cap,
            promoted,
            promoted_tower,
        };
        if cap != 0 {
            self.pieces[us ^ 1] &= !cap;
            self.kings &= !cap;
            self.towers &= !cap;
        }
        self.side = !self.side;
        undo
    }

    /// Takes back `m`, which must be the move last played with [`Position::play_unchecked`].
    #[inline]
    pub fn undo_unchecked(&mut self, m: &Move, undo: Undo) {
        self.side = !self.side;
        let us = self.side.index();
        let from = 1u64 << m.from;
        let to = 1u64 << m.to;
        let moving = from ^ to;
        let cap = m.captured;
        self.pieces[us ^ 1] |= cap;
        self.kings |= undo.captured_kings;
        self.towers |= undo.captured_towers;
        if undo.promoted {
            self.kings &= !to;
            if undo.promoted_tower {
                self.towers |= from;
            }
        } else if self.kings & to != 0 {
            self.kings ^= moving;
        } else if self.towers & to != 0 {
            self.towers ^= moving;
        }
        self.pieces[us] ^= moving;
    }

    /// The same position with `side` to move.
    pub fn with_side(mut self, side: Color) -> Position {
        self.side = side;
        self
    }
}

/// An ASCII diagram as White sees the board: `w`/`b` men, `W`/`B` kings, `t`/`T` towers (white
/// lower case, black upper case for towers), `.` empty dark squares.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.board.size();
        for rank in (1..=size).rev() {
            for file in 0..size {
                let c = match self.board.square_at(file, rank) {
                    None => ' ',
                    Some(sq) => match self.piece_at(sq) {
                        None => '.',
                        Some(p) => match (p.color, p.role) {
                            (Color::White, Role::Man) => 'w',
                            (Color::White, Role::King) => 'W',
                            (Color::White, Role::Tower) => 't',
                            (Color::Black, Role::Man) => 'b',
                            (Color::Black, Role::King) => 'B',
                            (Color::Black, Role::Tower) => 'T',
                        },
                    },
                };
                write!(f, "{c}")?;
                if file + 1 < size {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        write!(f, "{} to move", self.side)
    }
}
