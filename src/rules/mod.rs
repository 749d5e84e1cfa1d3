//! The rules core: boards, pieces, positions, rule sets, legal moves and the game record.
//!
//! It knows nothing of the window, files or speech; everything above calls into it.
//!
//! # Examples
//! ```
//! use dama::rules::{Game, Variant};
//!
//! let rules = Variant::Czech.rules();
//! assert_eq!(Variant::Czech.start_position().perft(rules, 3), 302);
//!
//! // A white man on 22 (c3) must take the black man on 18 (d4).
//! let pos = rules.parse_fen("W:W22:B18")?;
//! let moves = pos.legal_moves(rules);
//! assert_eq!(moves.len(), 1);
//! assert_eq!(moves[0].to_string(), "22x15");
//!
//! let mut game = Game::from_position(rules.clone(), pos);
//! game.play(moves[0]).expect("legal");
//! assert!(game.outcome().is_some(), "Black has nothing left");
//! # Ok::<(), dama::rules::FenError>(())
//! ```

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
mod table;
mod tree;
mod variation;

pub use color::{ByColor, Color};
pub use fen::FenError;
pub use game::{
    ClaimOffer, DrawReason, Enforcement, Game, GameError, Outcome, Played, Violation, WinReason,
    move_number,
};
pub use legal::movable_pieces;
pub use movegen::KingReach;
pub use moves::Move;
pub use piece::{Piece, Role};
pub use position::{Position, PositionError, Undo};
pub use rule_set::{
    Claim, DrawRules, FieldProblem, KingRange, Precedence, QuietMoves, RuleSet, RuleSetError,
    UnknownVariant, Variant,
};
pub use square::{Board, Square};
pub use square_set::{SquareSet, SquareSetIter};
pub use tree::{GameTree, Node};
pub use variation::{Branch, Note, Variation};
