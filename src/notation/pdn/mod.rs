//! PDN 3.0 game files: a streaming reader, the game tree, replay on the rules core, and a
//! writer.
//!
//! Reading is in two steps, as in pgn-reader: [`Reader`] turns text into [`PdnGame`]s (syntax
//! only, one game at a time, in bounded memory), then [`replay`] matches every move against the
//! legal moves of the rules core and chooses the rule set.

mod encoding;
mod error;
mod game_type;
mod lexer;
mod reader;
mod record;
mod replay;
mod source;
mod tree;
mod writer;

use std::fmt;

pub use PdnError as Error;
pub use encoding::{Decoder, Encoding};
pub use error::{InferReason, PdnError, PdnErrorKind, Warning, WarningKind};
pub use game_type::{
    GameType, GameTypeError, game_type_for, game_type_numbers, pdn_notation, tag_rules,
    variant_from_tags,
};
pub use lexer::{Lexer, ResultToken, Token};
pub use reader::{ITEM_COST, MAX_DEPTH, MAX_GAME_TEXT, MAX_NODES, Reader};
pub use record::{
    add_marks, add_record, lead_of, read_result, record_of, result_of, stated_result, to_pdn,
};
pub use replay::{Replayed, replay};
pub use source::utf16_start;
pub use tree::{Line, Node, PdnGame, clk_command};
pub use writer::{write_game, write_games};

/// A place in the text: line and column, both from 1 (columns count characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TextPos {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub col: u32,
}

impl fmt::Display for TextPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}
