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
mod rule_choice;
mod source;
mod tree;
mod writer;

use std::fmt;

pub use PdnError as Error;
pub use encoding::{Decoder, Encoding};
pub use error::{InferReason, PdnError, PdnErrorKind, Warning, WarningKind};
pub use game_type::{GameType, GameTypeError, game_type_for, game_type_numbers, pdn_notation};
pub use lexer::{Lexer, Token};
pub use reader::Reader;
pub use record::{
    add_marks, add_record, lead_of, read_result, record_of, result_of, stated_result, to_pdn,
};
pub use replay::{Replayed, replay};
pub use rule_choice::{tag_rules, variant_from_tags};
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

// The limits of one game read, which the lexer and the reader both hold to.
/// Deepest nesting of variations accepted.
pub const MAX_DEPTH: usize = 64;
/// Most moves (main line and variations together) in one game.
pub const MAX_NODES: usize = 200_000;
/// Most memory the text of one game may take: its tags, comments (prose in parentheses and
/// text glued to moves included), annotation glyphs, and the warnings that quote them. Each is
/// counted as its bytes and [`ITEM_COST`] more, so that millions of one-letter comments hit
/// the limit as surely as one long text. 8 MiB is hundreds of times what a richly annotated
/// game has, and keeps a file made of one endless comment from filling the memory: moves
/// are limited by [`MAX_NODES`], this is the rest.
pub const MAX_GAME_TEXT: usize = 8 << 20;
/// What a kept string costs beyond its bytes: its place in a list (24 bytes, lists grow by
/// doubling) and the allocator's least block (32 bytes), about 64.
pub const ITEM_COST: usize = 64;

/// A game result as written at the end of the movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultToken {
    /// `1-0` (or `2-0`): the first player won.
    FirstWins,
    /// `0-1` (or `0-2`): the second player won.
    SecondWins,
    /// `1/2-1/2` (or `1-1`).
    Draw,
    /// `*`: unknown or unfinished.
    Unknown,
}

impl ResultToken {
    /// The PDN 3.0 text.
    pub fn as_str(self) -> &'static str {
        match self {
            ResultToken::FirstWins => "1-0",
            ResultToken::SecondWins => "0-1",
            ResultToken::Draw => "1/2-1/2",
            ResultToken::Unknown => "*",
        }
    }

    /// Reads any accepted form, the 10×10 `2-0`, `0-2`, `1-1` included.
    pub fn parse(text: &str) -> Option<ResultToken> {
        Some(match text {
            "1-0" | "2-0" => ResultToken::FirstWins,
            "0-1" | "0-2" => ResultToken::SecondWins,
            "1/2-1/2" | "1-1" => ResultToken::Draw,
            "*" => ResultToken::Unknown,
            _ => return None,
        })
    }
}
