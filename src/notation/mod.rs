//! Move text and game files. Knows the rules core, nothing of the window.

mod move_text;
pub mod pdn;

pub use move_text::{
    Leniency, MAX_MOVE_CHARS, MoveText, MoveTextError, Notation, full_path, numeric, parse_move,
    typed_readings, write, write_among,
};
