//! A person's moves as they come in: clicks and drags on the board, the typed move, the
//! keyboard cursor. Each complete move goes to the change path; what a click or key did
//! short of a move is said here.

use std::time::{Duration, Instant};

use eframe::egui::{self, Context};

use super::DamaApp;
use crate::game::event::{Event, Mover, Problem, Refusal, SquareView};
use crate::notation::{MoveText, MoveTextError, typed_readings};
use crate::rules::{GameError, Position, Square};
use crate::ui::Command;
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
        if self.editor.is_open() {
            self.feature(|a| &mut a.editor, |e, cx| e.on_board(cx, input));
            return;
        }
        // A lesson's task that asks for a square: the square chosen is the answer.
        if let BoardInput::Click(sq) = input
            && self.learning.wants_square()
        {
            self.feature(|a| &mut a.learning, |l, cx| l.answer_square(cx, sq));
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
                    self.feature(|a| &mut a.variations, |v, cx| v.person_moves(cx, mv));
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
                            at_cursor: self.view.cursor == Some(sq),
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
        self.input.move_text.clear();
        if text.trim().is_empty() {
            self.tell(&[Event::MoveField], true);
            return;
        }
        // A lesson's task that asks for a square: its number (or name) typed is the answer.
        if self.learning.wants_square()
            && let Some(sq) = self.shown_position().board().parse_square(text.trim())
        {
            self.feature(|a| &mut a.learning, |l, cx| l.answer_square(cx, sq));
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
                    self.feature(|a| &mut a.variations, |v, cx| v.person_moves(cx, mv));
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
                MoveText::parse(pos.board(), a).is_ok_and(|mt| {
                    // A path of squares joined by `-` is a capture, written so.
                    !mt.capture && mt.squares.len() == 2 && pos.piece_at(mt.squares[0]).is_some()
                })
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
        self.focus_board_named(ctx, None)
    }

    /// [`DamaApp::focus_board`], the square named from `named` if given (the position shown
    /// when the focus was asked for), else from the position shown now.
    pub(super) fn focus_board_named(&mut self, ctx: &Context, named: Option<Position>) -> egui::Id {
        let sq = self.cursor_square();
        self.view.cursor = Some(sq);
        let id = square_id(sq);
        ctx.memory_mut(|m| m.request_focus(id));
        // The board was drawn earlier in this frame, maybe from the game before (a dialog
        // that began a new one): the square the screen reader reads now is named as it is.
        let pos = named.unwrap_or(*self.shown_position());
        let label = crate::ui::board_view::square_label(
            self.lang(),
            &pos,
            sq,
            &self.highlights(&pos),
            self.settings.verbosity,
        );
        ctx.accesskit_node_builder(id, |node| node.set_label(label));
        id
    }

    /// The square of the board shown whose widget is `id`.
    pub(super) fn square_of(&self, id: egui::Id) -> Option<Square> {
        self.shown_position()
            .board()
            .all_squares()
            .find(|&sq| square_id(sq) == id)
    }

    /// Whether `id` is a square of the board shown.
    pub(super) fn is_square(&self, id: egui::Id) -> bool {
        self.square_of(id).is_some()
    }

    /// The square of the board that has the keyboard focus: the one the screen reader read.
    pub(super) fn focused_square(&self, ctx: &Context) -> Option<Square> {
        self.square_of(ctx.memory(|m| m.focused())?)
    }

    /// A square's number typed on the board (digits, then Enter) moves the keyboard cursor
    /// there, and what stands on it is said; Escape forgets the digits. The digits are taken
    /// only where the focus is on the board (or nowhere), so that no field loses them; Enter
    /// without digits is the square's own (select, move).
    pub(super) fn type_square(&mut self, ctx: &Context) {
        let board = self.shown_position().board();
        let on_board = ctx
            .memory(|m| m.focused())
            .is_none_or(|f| self.is_square(f));
        if !on_board {
            self.input.square_typed.clear();
            return;
        }
        let digits: String = ctx.input_mut(|i| {
            let mut digits = String::new();
            i.events.retain(|e| match e {
                egui::Event::Text(t) if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) => {
                    digits.push_str(t);
                    false
                }
                _ => true,
            });
            digits
        });
        // No board has a square of more than three digits: the last three typed count.
        self.input.square_typed.push_str(&digits);
        let extra = self.input.square_typed.len().saturating_sub(3);
        self.input.square_typed.drain(..extra);
        if self.input.square_typed.is_empty() {
            return;
        }
        let key = |k| ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, k));
        if key(egui::Key::Escape) {
            self.input.square_typed.clear();
            return;
        }
        if !key(egui::Key::Enter) {
            return;
        }
        let typed = std::mem::take(&mut self.input.square_typed);
        let Some(sq) = board.parse_square(&typed) else {
            self.complain(&Problem::MoveText(MoveTextError::Square {
                text: typed.clone(),
                square: typed,
                board,
            }));
            return;
        };
        self.cursor_to(ctx, sq);
    }

    /// Moves the keyboard cursor and the focus to `sq`, and says the square: the screen reader
    /// reads the square the focus moves to; where the focus is there already, the words go
    /// to it as well.
    fn cursor_to(&mut self, ctx: &Context, sq: Square) {
        let moves = ctx.memory(|m| m.focused()) != Some(square_id(sq));
        self.view.cursor = Some(sq);
        ctx.memory_mut(|m| {
            // The cursor moves by the board's geometry, not egui's nearest-widget search.
            m.move_focus(egui::FocusDirection::None);
            m.request_focus(square_id(sq));
        });
        let view = self.square_view(sq);
        let text = crate::speech::phrases::events(&self.words(), &[Event::Cursor(view)]);
        self.say(text, false, true, moves);
    }

    /// Moves the keyboard cursor one step from the square the focus is on (the one the screen
    /// reader read last); arrows follow the board as it is shown, and Home, Page Up, End and
    /// Page Down (a numeric keypad's 7, 9, 1 and 3) go along the diagonals: up and left, up
    /// and right, down and left, down and right.
    pub(super) fn move_cursor(&mut self, ctx: &Context, key: egui::Key) {
        let pos = *self.shown_position();
        let board = pos.board();
        let size = board.size() as i16;
        let start = self
            .focused_square(ctx)
            .unwrap_or_else(|| self.cursor_square());
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
            egui::Key::Home => (f, r) = (f - flip, r + flip),
            egui::Key::PageUp => (f, r) = (f + flip, r + flip),
            egui::Key::End => (f, r) = (f - flip, r - flip),
            egui::Key::PageDown => (f, r) = (f + flip, r - flip),
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
        self.cursor_to(ctx, next);
    }
}

/// The keyboard and the focus of the window: what was asked for, the move field, and where the
/// focus goes (kept apart from the game: a key press becomes a command or a change here).
#[derive(Default)]
pub(super) struct Input {
    /// Commands asked for (menus, shortcuts, buttons), run after the panels are drawn.
    pub queued: Vec<Command>,
    /// Text of the move field.
    pub move_text: String,
    /// Whether the move field is to take the focus.
    pub focus_move_field: bool,
    /// The menus' keyboard.
    pub menus: super::menus::MenuKeys,
    /// Where Ctrl+F6 goes in the side panel, as last drawn.
    pub regions: Regions,
    /// Where the focus is in going to the board at the start.
    pub start: StartFocus,
    /// Frames since "Paste position" asked for the clipboard, while its text has not come.
    pub paste_wait: Option<u8>,
    /// The lines of the board as text, as last drawn (none: hidden).
    pub board_text_rows: Vec<egui::Id>,
    /// Whether the board as text is to take the focus.
    pub focus_board_text: bool,
    /// The digits of a square's number typed on the board, before Enter.
    pub square_typed: String,
}

/// How long after a screen reader has first asked for the window's objects the focus goes to
/// the board at the start: the screen reader first meets the window (it is told of the
/// window's objects some time after it asked).
const START_SETTLE: Duration = Duration::from_millis(1000);

/// How long the window has the keyboard before the focus goes to the board at the start when
/// no screen reader has asked for the window's objects.
const START_ALONE: Duration = Duration::from_millis(2500);

/// The focus going to the board at the start: not before egui's unseen first layout, and not
/// before a screen reader has met the window (see [`DamaApp::place_start_focus`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum StartFocus {
    /// No frame has been shown yet.
    #[default]
    BeforeFirstFrame,
    /// Waiting: since when the window has had the keyboard, and since when with a screen
    /// reader reading it.
    Waiting {
        /// Since when the window has had the keyboard.
        window: Option<Instant>,
        /// Since when the window has had the keyboard with a screen reader reading it.
        reader: Option<Instant>,
    },
    /// The focus went (or something else took it first).
    Placed,
}

impl StartFocus {
    /// Whether a frame has been shown (what is said before waits for the voice).
    pub(super) fn shown(self) -> bool {
        self != StartFocus::BeforeFirstFrame
    }

    /// How much longer to wait, with the window's keyboard and a screen reader as they are
    /// now.
    fn left(&mut self, has_keyboard: bool, has_reader: bool) -> Duration {
        let StartFocus::Waiting { window, reader } = self else {
            return Duration::ZERO;
        };
        if !has_keyboard {
            (*window, *reader) = (None, None);
            return START_ALONE;
        }
        let now = Instant::now();
        let since_window = window.get_or_insert(now).elapsed();
        match has_reader {
            true => START_SETTLE.saturating_sub(reader.get_or_insert(now).elapsed()),
            false => START_ALONE.saturating_sub(since_window),
        }
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
    /// At the start the focus goes to the board (not in egui's unseen first layout), once
    /// the window has the keyboard and a screen reader has had a moment with the window's
    /// objects: Orca 43 drops the focus of an application it has not met yet
    /// ("potentially-defunct source") and said only the window's name. AccessKit comes on
    /// when a screen reader asks; without one the focus goes a little later, or at the
    /// first key.
    pub(super) fn place_start_focus(&mut self, ctx: &Context) {
        if self.input.start == StartFocus::BeforeFirstFrame && !ctx.will_discard() {
            self.input.start = StartFocus::Waiting {
                window: None,
                reader: None,
            };
        }
        if !matches!(self.input.start, StartFocus::Waiting { .. }) {
            return;
        }
        let window = ctx.input(|i| i.viewport().focused);
        let reader = ctx
            .accesskit_node_builder(egui::accesskit_root_id(), |_| ())
            .is_some();
        let key = ctx.input(|i| {
            i.events
                .iter()
                .any(|e| matches!(e, egui::Event::Key { pressed: true, .. }))
        });
        let left = self.input.start.left(window == Some(true), reader);
        if window.is_none() || (window == Some(true) && (key || left.is_zero())) {
            self.input.start = StartFocus::Placed;
            if !self.dialogs.is_open() && ctx.memory(|m| m.focused()).is_none() {
                self.focus_board(ctx);
            }
        } else if window == Some(true) {
            ctx.request_repaint_after(left);
        }
    }

    /// Ctrl+F6 and Ctrl+Shift+F6: the focus to the next (or previous) part of the window, in
    /// the order board, side panel, move field, move list; with the editor open, the board and
    /// its panel. The screen reader reads the widget the focus lands on.
    pub(super) fn next_region(&mut self, ctx: &Context, forward: bool) {
        let board = square_id(self.cursor_square());
        let field = super::move_field_id();
        let mut parts = vec![Some(board), self.input.regions.panel];
        if !self.editor.is_open() {
            parts.push(Some(field));
            parts.push(self.input.regions.moves);
        }
        let parts: Vec<egui::Id> = parts.into_iter().flatten().collect();
        let focused = ctx.memory(|m| m.focused());
        let here = focused.and_then(|f| {
            if self.input.regions.all_moves.contains(&f) {
                parts
                    .iter()
                    .position(|&p| Some(p) == self.input.regions.moves)
            } else if self.is_square(f) {
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
