//! The position editor: a board being set up, apart from the game, until a game starts from
//! it. Every change returns what happened as an [`Edit`], which the window says; nothing here
//! draws.

use crate::game::event::{Edit, Marks, Problem, SquareView};
use crate::rules::{Color, FenError, Piece, Position, Role, Square, Variant};

/// The position being set up, its rules, and the piece a click or Space puts.
#[derive(Clone, Debug)]
pub struct Editor {
    /// The rules the position is for.
    pub variant: Variant,
    /// The pieces and the side to move.
    pub position: Position,
    /// What a click, or Space on a square, puts.
    pub brush: Piece,
    /// The game's clocks were paused as the editor opened (they run again as it closes).
    pub paused_clock: bool,
}

/// A change asked of the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditChange {
    /// Put this piece on the square, or empty it.
    Put(Square, Option<Piece>),
    /// A click: put the brush there, or take it off if it is there already.
    Click(Square),
    /// A piece dragged from one square to another.
    Drag(Square, Square),
    /// What a click puts.
    Brush(Piece),
    /// Who is to move.
    Side(Color),
    /// Other rules: the pieces stay where the board is the same size.
    Rules(Variant),
    /// Take every piece off.
    Clear,
    /// Put the rules' starting position.
    Start,
}

impl Editor {
    /// An editor on `position` (the one the board showed), for `variant`.
    pub fn new(variant: Variant, position: Position) -> Editor {
        Editor {
            variant,
            position,
            brush: Piece::new(Color::White, Role::Man),
            paused_clock: false,
        }
    }

    /// The pieces a click can put in these rules: men and kings, and towers where the rules
    /// have them.
    pub fn brushes(&self) -> Vec<Piece> {
        let towers = self.variant.rules().has_towers();
        Color::ALL
            .into_iter()
            .flat_map(|c| [Role::Man, Role::King, Role::Tower].map(|r| Piece::new(c, r)))
            .filter(|p| towers || p.role != Role::Tower)
            .collect()
    }

    /// Makes `change`; says what happened, or why nothing did.
    ///
    /// # Errors
    /// A tower in rules without towers, a square not on the board.
    pub fn apply(&mut self, change: EditChange) -> Result<Edit, Problem> {
        let board = self.position.board();
        let on_board = |sq: Square| {
            if board.contains(sq) {
                Ok(())
            } else {
                Err(Problem::Setup(FenError::BadSquare {
                    square: sq.to_string(),
                    board,
                }))
            }
        };
        match change {
            EditChange::Put(sq, piece) => {
                on_board(sq)?;
                if piece.is_some_and(|p| p.role == Role::Tower)
                    && !self.variant.rules().has_towers()
                {
                    return Err(Problem::NoTowers);
                }
                self.position.set_piece(sq, piece);
                Ok(Edit::Put(SquareView::new(
                    &self.position,
                    sq,
                    Marks::default(),
                )))
            }
            EditChange::Click(sq) => {
                on_board(sq)?;
                let piece = (self.position.piece_at(sq) != Some(self.brush)).then_some(self.brush);
                self.apply(EditChange::Put(sq, piece))
            }
            EditChange::Drag(from, to) => {
                on_board(from)?;
                on_board(to)?;
                let Some(piece) = self.position.piece_at(from) else {
                    return self.apply(EditChange::Click(to));
                };
                self.position.set_piece(from, None);
                self.position.set_piece(to, Some(piece));
                Ok(Edit::Moved { piece, from, to })
            }
            EditChange::Brush(piece) => {
                if piece.role == Role::Tower && !self.variant.rules().has_towers() {
                    return Err(Problem::NoTowers);
                }
                self.brush = piece;
                Ok(Edit::Brush(piece))
            }
            EditChange::Side(side) => {
                self.position.set_side_to_move(side);
                Ok(Edit::Side(side))
            }
            EditChange::Rules(variant) => {
                let start = variant.start_position();
                let reset = start.board() != board;
                self.variant = variant;
                if reset {
                    self.position = start.with_side(self.position.side_to_move());
                } else if !variant.rules().has_towers() {
                    // No towers in these rules: each becomes a man of its colour.
                    let towers: Vec<_> = self
                        .position
                        .iter()
                        .filter(|(_, p)| p.role == Role::Tower)
                        .collect();
                    for (sq, p) in towers {
                        self.position
                            .set_piece(sq, Some(Piece::new(p.color, Role::Man)));
                    }
                }
                if self.brush.role == Role::Tower && !variant.rules().has_towers() {
                    self.brush = Piece::new(self.brush.color, Role::Man);
                }
                Ok(Edit::Rules { variant, reset })
            }
            EditChange::Clear => {
                self.position = Position::empty(board, self.position.side_to_move());
                Ok(Edit::Cleared)
            }
            EditChange::Start => {
                let start = self.variant.start_position();
                self.position = start;
                Ok(Edit::StartPosition)
            }
        }
    }

    /// The position, if a game of these rules can start from it.
    ///
    /// # Errors
    /// Why not ([`crate::rules::RuleSet::check_setup`]).
    pub fn checked(&self) -> Result<Position, Problem> {
        self.variant
            .rules()
            .check_setup(&self.position)
            .map(|()| self.position)
            .map_err(|e| Problem::Setup(FenError::Position(e)))
    }
}

/// The piece a typed character puts in `lang`, if it is one of the editor's letters.
pub fn piece_for_key(lang: crate::language::Language, c: char) -> Option<Piece> {
    crate::speech::phrases::piece_letters(lang)
        .iter()
        .find(|(k, _)| *k == c)
        .map(|&(_, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::language::Language;
    use crate::rules::PositionError;

    fn sq(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    #[test]
    fn a_click_puts_the_brush_and_a_second_takes_it_off() {
        let mut e = Editor::new(
            Variant::Czech,
            Position::empty(crate::rules::Board::Eight, Color::White),
        );
        e.apply(EditChange::Brush(Piece::new(Color::Black, Role::King)))
            .unwrap();
        e.apply(EditChange::Click(sq(22))).unwrap();
        assert_eq!(
            e.position.piece_at(sq(22)),
            Some(Piece::new(Color::Black, Role::King))
        );
        e.apply(EditChange::Click(sq(22))).unwrap();
        assert_eq!(e.position.piece_at(sq(22)), None);
    }

    #[test]
    fn towers_only_where_the_rules_have_them() {
        let mut e = Editor::new(Variant::Czech, Variant::Czech.start_position());
        let tower = Piece::new(Color::White, Role::Tower);
        assert!(matches!(
            e.apply(EditChange::Put(sq(22), Some(tower))),
            Err(Problem::NoTowers)
        ));
        assert_eq!(e.brushes().len(), 4);
        e.apply(EditChange::Rules(Variant::TwoTowers)).unwrap();
        assert_eq!(e.position, Variant::TwoTowers.start_position());
        assert_eq!(e.brushes().len(), 6);
        e.apply(EditChange::Brush(tower)).unwrap();
        // Back to rules without towers on the same board: towers become men.
        e.apply(EditChange::Rules(Variant::International)).unwrap();
        assert_eq!(e.position.count(Color::White, Role::Tower), 0);
        assert_eq!(e.position.count(Color::White, Role::Man), 20);
        assert_eq!(e.brush, Piece::new(Color::White, Role::Man));
    }

    #[test]
    fn the_position_is_checked_against_the_rules() {
        let mut e = Editor::new(Variant::Czech, Variant::Czech.start_position());
        e.apply(EditChange::Clear).unwrap();
        e.apply(EditChange::Put(
            sq(22),
            Some(Piece::new(Color::White, Role::Man)),
        ))
        .unwrap();
        assert!(matches!(
            e.checked(),
            Err(Problem::Setup(FenError::Position(PositionError::NoPieces(
                Color::Black
            ))))
        ));
        e.apply(EditChange::Drag(sq(22), sq(1))).unwrap();
        e.apply(EditChange::Put(
            sq(32),
            Some(Piece::new(Color::Black, Role::Man)),
        ))
        .unwrap();
        assert!(matches!(
            e.checked(),
            Err(Problem::Setup(FenError::Position(
                PositionError::UncrownedOnPromotionRow { .. }
            )))
        ));
        e.apply(EditChange::Put(
            sq(1),
            Some(Piece::new(Color::White, Role::King)),
        ))
        .unwrap();
        e.apply(EditChange::Put(sq(32), None)).unwrap();
        e.apply(EditChange::Put(
            sq(5),
            Some(Piece::new(Color::Black, Role::Man)),
        ))
        .unwrap();
        e.apply(EditChange::Side(Color::Black)).unwrap();
        assert_eq!(e.checked().unwrap().fen(), "B:WK1:B5");
    }

    #[test]
    fn letters_in_each_language() {
        let wm = Piece::new(Color::White, Role::Man);
        let bk = Piece::new(Color::Black, Role::King);
        assert_eq!(piece_for_key(Language::English, 'w'), Some(wm));
        assert_eq!(piece_for_key(Language::English, 'B'), Some(bk));
        assert_eq!(piece_for_key(Language::Czech, 'b'), Some(wm));
        assert_eq!(piece_for_key(Language::Czech, 'Č'), Some(bk));
        assert_eq!(piece_for_key(Language::Czech, 'C'), Some(bk));
        assert_eq!(piece_for_key(Language::English, 'x'), None);
    }
}
