//! Pieces: a colour and a role.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Color;

/// What a piece is, independent of its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Role {
    /// Moves one square diagonally forward (Czech: kámen).
    Man,
    /// A crowned piece (Czech: dáma); flying or short depending on the rule set.
    King,
    /// Two Towers only (Czech: věž): moves like a man, is jumped only by kings, jumps only kings.
    Tower,
}

impl Role {
    /// All roles.
    pub const ALL: [Role; 3] = [Role::Man, Role::King, Role::Tower];

    /// The FEN prefix: none for a man, `K` for a king, `T` for a tower.
    pub const fn fen_prefix(self) -> &'static str {
        match self {
            Role::Man => "",
            Role::King => "K",
            Role::Tower => "T",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Man => "man",
            Role::King => "king",
            Role::Tower => "tower",
        })
    }
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
