//! Move text and game files. Knows the rules core, nothing of the window.

mod move_text;
pub mod pdn;

pub use move_text::{
    Leniency, MoveText, MoveTextError, Notation, full_path, numeric, parse_move, write, write_among,
};
