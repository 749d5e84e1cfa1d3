//! What the window shows of the game and is doing with it: the position looked at, the piece
//! being moved, the offender being chosen, the hint, the keyboard cursor, and what the
//! computer has already considered. One value, so that a new game resets all of it at once.

use crate::rules::{Branch, Move, Square, SquareSet};

use super::document::Line;
use super::picker::Picker;

/// A variation on the board: where it is, the ply shown, and its line replayed.
#[derive(Clone, Debug)]
pub struct InVariation {
    /// The branches from the game to it.
    pub branches: Vec<Branch>,
    /// The ply shown, from 1 (its first move) to its length.
    pub ply: usize,
    /// Its line from the start of the game.
    pub line: Line,
}

impl InVariation {
    /// How many moves it has of its own.
    pub fn len(&self) -> usize {
        self.line.moves.len() - self.line.base
    }

    /// The ply of the whole line shown: the position after this many moves from the start.
    pub fn shown(&self) -> usize {
        self.line.base + self.ply
    }
}

/// A place in the game or its variations: the branches from the game to a line, and the
/// position after this many of that line's own moves (0 in a variation: where it hangs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    /// The branches (none: the game's own moves).
    pub branches: Vec<Branch>,
    /// The ply.
    pub ply: usize,
}

impl Spot {
    /// The same place named by the line it is in: the start of a variation is the position
    /// of the line above it where it hangs.
    pub fn normal(mut self) -> Spot {
        while self.ply == 0 {
            match self.branches.pop() {
                Some(b) => self.ply = b.at,
                None => break,
            }
        }
        self
    }

    /// The place after the first move of variation `index` to the move at `at` of this line.
    pub fn first_move_of(&self, at: usize, index: usize) -> Spot {
        let mut branches = self.branches.clone();
        branches.push(Branch { at, index });
        Spot { branches, ply: 1 }
    }
}

/// The per-game state of the window.
#[derive(Clone, Debug, Default)]
pub struct GameView {
    /// The ply shown when looking back (`None`: the current position); in a variation, the
    /// ply of the game it hangs from.
    pub ply: Option<usize>,
    /// The variation shown, if the board shows one.
    pub variation: Option<InVariation>,
    /// The move being chosen on the board.
    pub picker: Picker,
    /// A huff claimed with several offenders: the next board choice removes one of these.
    pub offenders: Option<SquareSet>,
    /// The computer's suggestion for the position on the board.
    pub hint: Option<Move>,
    /// The keyboard cursor.
    pub cursor: Option<Square>,
    /// The revision at which the computer last decided whether to claim a forgotten capture.
    pub claim_considered: Option<u64>,
    /// The revision at which the computer last answered a draw offer.
    pub draw_considered: Option<u64>,
    /// Each move of the game judged by the last review (until the game changes).
    pub review: Option<Vec<crate::engine::review::Judged>>,
    /// The ply of the mistake "next mistake" showed last.
    pub mistake_shown: Option<usize>,
}

impl GameView {
    /// A new game, an opened or resumed one: nothing of the game before stays.
    pub fn reset(&mut self) {
        *self = GameView::default();
    }

    /// After any other change of the game: a selection, an offender choice, a hint or an
    /// earlier position shown were about the game as it was. The cursor stays.
    pub fn after_change(&mut self) {
        self.ply = None;
        self.variation = None;
        self.picker.clear();
        self.offenders = None;
        self.hint = None;
        self.review = None;
        self.mistake_shown = None;
    }
}
