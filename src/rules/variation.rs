//! The vocabulary of variations as a file writes them and the window names them: a
//! [`Variation`] (a line with the variations to its moves), a [`Branch`] (where one hangs in
//! the line above), a [`Note`] (what an annotator wrote after a move). The record itself is a
//! [`GameTree`](super::GameTree), which gives its variations in this form.

use super::Move;

/// What an annotator wrote after a move: its glyphs (`!`, `?`… as PDN numbers them: 1 to 6,
/// and others) and comments. Kept so that a game read from a file and saved again keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Note {
    /// The glyphs.
    pub nags: Vec<u16>,
    /// The comments.
    pub comments: Vec<String>,
}

impl Note {
    /// Whether there is nothing in it.
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comments.is_empty()
    }
}

/// A line of moves played instead of one move of the line it hangs from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// The moves, the first in place of the move it is a variation to.
    pub moves: Vec<Move>,
    /// `sidelines[i]`: the variations to `moves[i]` (shorter than `moves` where the later
    /// moves have none).
    pub sidelines: Vec<Vec<Variation>>,
    /// `notes[i]`: what was written after `moves[i]` (shorter where nothing was).
    pub notes: Vec<Note>,
}

impl Variation {
    /// A variation of one move.
    pub fn new(first: Move) -> Variation {
        Variation {
            moves: vec![first],
            ..Variation::default()
        }
    }

    /// What was written after `moves[ply]`.
    pub fn note(&self, ply: usize) -> Option<&Note> {
        self.notes.get(ply).filter(|n| !n.is_empty())
    }

    /// The variations to `moves[ply]`.
    pub fn at(&self, ply: usize) -> &[Variation] {
        self.sidelines.get(ply).map_or(&[], Vec::as_slice)
    }

    /// How many moves it holds, its own variations included.
    pub fn size(&self) -> usize {
        self.moves.len()
            + self
                .sidelines
                .iter()
                .flatten()
                .map(Variation::size)
                .sum::<usize>()
    }
}

/// Where a variation hangs in the line above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Branch {
    /// The ply of the line above whose move it replaces (0: its first move).
    pub at: usize,
    /// Which of the variations to that move, from 0.
    pub index: usize,
}
