//! A person's moves as they come in: clicks and drags on the board, the typed move, the
//! keyboard cursor. Each complete move goes to the change path; what a click or key did
//! short of a move is said here.

use eframe::egui::{self, Context};

use super::DamaApp;
use crate::event::{Event, Mover, Problem, Refusal, SquareView};
use crate::notation::{MoveText, MoveTextError, typed_readings};
use crate::rules::{GameError, Square};
use crate::ui::board_view::{BoardInput, square_id};
use crate::ui::document::DocChange;
use crate::ui::picker::Click;
use crate::ui::settings::Player;

impl DamaApp {
    /// A square as the board shows it now, with its marks.
    fn square_view(&self, sq: Square) -> SquareView {
        let pos = self.shown_position();
        SquareView::new(pos, sq, self.highlights(pos).marks(sq))
    }

    /// Whether the person may move in the position shown; says why not. A position looked
    /// back at where the computer was to move is the computer's too.
    fn may_move(&mut self) -> bool {
        // A variation is a line considered: either side's moves are the person's to try.
        if self.view.variation.is_some() {
            return true;
        }
        let side = self.shown_position().side_to_move();
        let computer = matches!(self.doc.player(side), Player::Computer(_));
        let over = self.doc.game().outcome().is_some();
        if computer && (self.view.ply.is_some() || !over) {
            self.complain(&Problem::ComputerToMove);
            return false;
        }
        if self.view.ply.is_none() && self.doc.game().outcome().is_some() {
            self.complain(&Problem::Game(GameError::GameOver));
            return false;
        }
        true
    }

    pub(super) fn board_input(&mut self, input: BoardInput) {
        if self.editor.is_some() {
            self.edit_on_board(input);
            return;
        }
        if let (Some(offenders), BoardInput::Click(sq)) = (self.view.offenders, input) {
            if offenders.contains(sq) {
                self.apply(DocChange::Huff(sq, Mover::Person));
            } else {
                self.tell(&[Event::ChooseOffender(offenders)], true);
            }
            return;
        }
        if !self.may_move() {
            return;
        }
        let pos = *self.shown_position();
        let legal = self.moves_shown();
        let rules = self.doc.game().rules().clone();
        let clicks = match input {
            BoardInput::Click(sq) => vec![sq],
            BoardInput::Drag(from, to) => {
                self.view.picker.clear();
                vec![from, to]
            }
        };
        for sq in clicks {
            match self.view.picker.click(&pos, &rules, &legal, sq) {
                Click::Play(mv) => {
                    self.person_moves(mv);
                    return;
                }
                Click::Rejected(r) => self.complain(&Problem::Click(r)),
                Click::Selected => {
                    let targets = self.view.picker.targets(&pos, &rules, &legal);
                    let square = self.square_view(sq);
                    self.tell(
                        &[Event::Selected {
                            square,
                            targets: targets.into_iter().collect(),
                        }],
                        true,
                    );
                }
                Click::Extended => self.tell(&[Event::Extended(sq)], true),
                Click::Deselected => self.tell(&[Event::Deselected], true),
            }
        }
    }

    /// Plays a move typed in the move field: `32-28`, `32 28`, `3228`, `c3-d4`, `28x19`.
    /// It is judged like a move on the board: under table rules a move that ignores a capture
    /// is played too (rules.md §5).
    pub fn typed_move(&mut self, text: &str) {
        self.move_text.clear();
        if text.trim().is_empty() {
            self.tell(&[Event::MoveField], true);
            return;
        }
        if !self.may_move() {
            return;
        }
        let pos = *self.shown_position();
        let rules = self.doc.game().rules().clone();
        let moves = self.moves_shown();
        // Refused before anything is tried: a paste of a megabyte is not read.
        let tries = match typed_readings(text) {
            Ok(tries) => tries,
            Err(e) => {
                self.complain(&Problem::MoveText(e));
                return;
            }
        };
        let mut first_error: Option<MoveTextError> = None;
        for attempt in &tries {
            let found = MoveText::parse(pos.board(), attempt)
                .and_then(|mt| mt.resolve_among(&pos, &rules, attempt, &moves));
            match found {
                Ok((mv, _)) => {
                    self.view.picker.clear();
                    self.person_moves(mv);
                    return;
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        // Strict rules say why a quiet move is refused when a capture is due; table rules
        // never point out a capture.
        let strict = !self.table_rules();
        let quiet_but_must_capture = strict
            && pos.has_capture(&rules)
            && tries.iter().any(|a| {
                MoveText::parse(pos.board(), a)
                    .is_ok_and(|mt| !mt.capture && pos.piece_at(mt.squares[0]).is_some())
            });
        let problem = match first_error {
            _ if quiet_but_must_capture => Problem::Click(Refusal::MustCapture),
            Some(e) => Problem::MoveText(e),
            None => Problem::MoveText(MoveTextError::Syntax(text.trim().to_string())),
        };
        self.complain(&problem);
    }

    /// The square of the keyboard cursor: where it is, or the first piece that can move.
    pub(super) fn cursor_square(&self) -> Square {
        let board = self.shown_position().board();
        self.view.cursor.unwrap_or_else(|| {
            self.moves_shown()
                .first()
                .map(|m| m.from())
                .unwrap_or_else(|| board.square(1).expect("square 1"))
        })
    }

    /// Puts the focus on the board, at the keyboard cursor: where the focus goes when nothing
    /// else holds it (at the start, after a dialog or menu opened from nowhere, after Escape in
    /// the move field), so that the screen reader is always somewhere that speaks.
    /// Returns the square's widget id.
    pub(super) fn focus_board(&mut self, ctx: &Context) -> egui::Id {
        let sq = self.cursor_square();
        self.view.cursor = Some(sq);
        let id = square_id(sq);
        ctx.memory_mut(|m| m.request_focus(id));
        id
    }

    /// Moves the keyboard cursor one step; arrows follow the board as it is shown.
    pub(super) fn move_cursor(&mut self, ctx: &Context, key: egui::Key) {
        let pos = *self.shown_position();
        let board = pos.board();
        let size = board.size() as i16;
        let start = self.cursor_square();
        let (file, rank) = board.coords(start);
        let (mut f, mut r) = (file as i16, rank as i16);
        let flip = if self.settings.flipped { -1 } else { 1 };
        match key {
            egui::Key::ArrowLeft => f -= 2 * flip,
            egui::Key::ArrowRight => f += 2 * flip,
            egui::Key::ArrowUp => {
                r += flip;
                f ^= 1;
            }
            egui::Key::ArrowDown => {
                r -= flip;
                f ^= 1;
            }
            _ => {}
        }
        let next = if (0..size).contains(&f) && (1..=size).contains(&r) {
            board.square_at(f as u8, r as u8).unwrap_or(start)
        } else {
            start
        };
        // Off the board: the cursor stays on its square, and the focus there says nothing (it
        // does not move). From elsewhere the focus comes to the square, which says it.
        let on_board = ctx.memory(|m| m.focused()) == Some(square_id(start));
        if next == start && on_board {
            self.view.cursor = Some(start);
            self.complain(&Problem::BoardEdge);
            return;
        }
        self.view.cursor = Some(next);
        ctx.memory_mut(|m| {
            // The cursor moves by the board's geometry, not egui's nearest-widget search.
            m.move_focus(egui::FocusDirection::None);
            m.request_focus(square_id(next));
        });
        let view = self.square_view(next);
        self.tell(&[Event::Cursor(view)], true);
    }
}

/// The widgets that stand for the parts of the side panel, as last drawn: where Ctrl+F6 puts
/// the focus.
#[derive(Default)]
pub(super) struct Regions {
    /// The panel's first control: the first navigation button, or the position editor's rule
    /// set.
    pub panel: Option<egui::Id>,
    /// The move list's move shown (the last move when the board shows the current position).
    pub moves: Option<egui::Id>,
    /// Every move of the list, to tell that the focus is in it.
    pub all_moves: Vec<egui::Id>,
}

impl DamaApp {
    /// Ctrl+F6 and Ctrl+Shift+F6: the focus to the next (or previous) part of the window, in
    /// the order board, side panel, move field, move list; with the editor open, the board and
    /// its panel. The screen reader reads the widget the focus lands on.
    pub(super) fn next_region(&mut self, ctx: &Context, forward: bool) {
        let board = square_id(self.cursor_square());
        let field = super::move_field_id();
        let mut parts = vec![Some(board), self.regions.panel];
        if self.editor.is_none() {
            parts.push(Some(field));
            parts.push(self.regions.moves);
        }
        let parts: Vec<egui::Id> = parts.into_iter().flatten().collect();
        let focused = ctx.memory(|m| m.focused());
        let here = focused.and_then(|f| {
            if self.regions.all_moves.contains(&f) {
                parts.iter().position(|&p| Some(p) == self.regions.moves)
            } else if self
                .shown_position()
                .board()
                .all_squares()
                .any(|sq| square_id(sq) == f)
            {
                Some(0)
            } else {
                parts.iter().position(|&p| p == f)
            }
        });
        let n = parts.len();
        let to = match (here, forward) {
            (Some(i), true) => (i + 1) % n,
            (Some(i), false) => (i + n - 1) % n,
            // From elsewhere in the panel (a button, the analysis): on to the move field, or
            // back to the board.
            (None, true) => parts.iter().position(|&p| p == field).unwrap_or(0),
            (None, false) => 0,
        };
        if to == 0 {
            self.focus_board(ctx);
        } else {
            ctx.memory_mut(|m| m.request_focus(parts[to]));
        }
    }
}
