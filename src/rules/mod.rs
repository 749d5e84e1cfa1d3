//! The rules core: boards, pieces, positions, rule sets, legal moves and the game record.
//!
//! It knows nothing of the window, files or speech; everything above calls into it.

mod color;
mod fen;
mod game;
mod geometry;
mod legal;
mod movegen;
mod moves;
mod piece;
mod position;
mod rule_set;
mod square;
mod square_set;

pub use color::{ByColor, Color};
pub use fen::FenError;
pub use game::{DrawReason, Game, GameError, Outcome, WinReason};
pub use legal::movable_pieces;
pub use moves::Move;
pub use piece::{Piece, Role};
pub use position::{Position, PositionError, Undo};
pub use rule_set::{
    DrawRules, KingRange, Precedence, QuietMoves, RuleSet, RuleSetError, UnknownVariant, Variant,
};
pub use square::{Board, Square};
pub use square_set::{SquareSet, SquareSetIter};
