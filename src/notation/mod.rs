//! Move text and game files. Knows the rules core, nothing of the window.

mod move_text;

pub use move_text::numeric;
