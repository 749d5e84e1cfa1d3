//! PDN 3.0 game files: a streaming reader, the game tree, replay on the rules core, and a
//! writer.
//!
//! Reading is in two steps, as in pgn-reader: [`Reader`] turns text into [`PdnGame`]s (syntax
//! only, one game at a time, in bounded memory), then [`replay`] matches every move against the
//! legal moves of the rules core and chooses the rule set.

mod encoding;
mod game_type;
mod lexer;
mod reader;
mod record;
mod replay;
mod tree;
mod writer;

use std::fmt;

pub use PdnError as Error;
pub use encoding::{Decoder, Encoding};
pub use game_type::{GameType, game_type_for, pdn_notation, tag_rules, variant_from_tags};
pub use lexer::{Lexer, ResultToken, Token};
pub use reader::{MAX_DEPTH, MAX_NODES, Reader};
pub use record::{result_of, to_pdn};
pub use replay::{Replayed, replay};
pub use tree::{Line, Node, PdnGame};
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

/// A PDN file that cannot be read: where, in which game, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {}{message}", game_prefix(*.game))]
pub struct PdnError {
    /// Where the problem starts.
    pub pos: TextPos,
    /// The game it is in, counting from 1 (0 when not known).
    pub game: usize,
    /// What is wrong or what was expected.
    pub message: String,
}

fn game_prefix(game: usize) -> String {
    if game == 0 {
        String::new()
    } else {
        format!("game {game}: ")
    }
}

impl PdnError {
    /// An error at `pos`.
    pub fn new(pos: TextPos, message: impl Into<String>) -> PdnError {
        PdnError {
            pos,
            game: 0,
            message: message.into(),
        }
    }

    fn in_game(mut self, game: usize) -> PdnError {
        if self.game == 0 {
            self.game = game;
        }
        self
    }
}

/// Something accepted that is not quite PDN, for the caller to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// Where.
    pub pos: TextPos,
    /// The game, from 1.
    pub game: usize,
    /// What was accepted.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}{}",
            self.pos,
            game_prefix(self.game),
            self.message
        )
    }
}
