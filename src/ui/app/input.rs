//! A person's moves as they come in: clicks and drags on the board, the typed move, the
//! keyboard cursor. Apart from the commands and the drawing that hand them over.

use eframe::egui::{self, Context};

use super::DamaApp;
use crate::speech::phrases;
use crate::ui::board_view::{BoardInput, square_id};
use crate::ui::i18n::T;
use crate::ui::picker::{Click, Refusal};

impl DamaApp {
    pub(super) fn board_input(&mut self, input: BoardInput) {
        if let (Some(offenders), BoardInput::Click(sq)) = (self.choosing_offender, input) {
            if offenders.contains(sq) {
                self.huff(sq);
            } else {
                let text = phrases::choose_offender(self.lang(), offenders);
                self.announce(text, true);
            }
            return;
        }
        if self.view.is_none() && self.computer_to_move().is_some() {
            self.say(phrases::computer_to_move(self.lang()), false);
            return;
        }
        let pos = *self.shown_position();
        let legal = match self.view {
            Some(_) => pos.legal_moves(self.game.rules()),
            None => self.game.allowed_moves(),
        };
        let rules = self.game.rules().clone();
        let mut clicks = match input {
            BoardInput::Click(sq) => vec![sq],
            BoardInput::Drag(from, to) => {
                self.picker.clear();
                vec![from, to]
            }
        };
        for sq in clicks.drain(..) {
            match self.picker.click(&pos, &rules, &legal, sq) {
                Click::Play(m) => {
                    self.play(m);
                    return;
                }
                Click::Rejected(r) => {
                    let t = match r {
                        Refusal::NotYourPiece => T::NotYourPiece,
                        Refusal::CannotMove => T::CannotMoveNotice,
                        Refusal::MustCapture => T::MustCaptureNotice,
                        Refusal::NotADestination => T::NotADestination,
                        Refusal::AmbiguousEnd => T::AmbiguousEnd,
                    };
                    self.say(t.get(self.lang()), false);
                }
                Click::Selected => {
                    self.notice = None;
                    let text = format!(
                        "{}, {}",
                        phrases::square(self.lang(), &pos, sq),
                        T::Selected.get(self.lang())
                    );
                    self.announce(text, true);
                }
                Click::Extended => {
                    self.notice = None;
                    self.announce(sq.to_string(), true);
                }
                Click::Deselected => {
                    self.notice = None;
                    self.announce(T::Cancelled.get(self.lang()), true);
                }
            }
        }
    }

    /// Plays a move typed in the move field: `32-28`, `32 28`, `3228`, `c3-d4`, `28x19`.
    pub fn typed_move(&mut self, text: &str) {
        if self.view.is_none() && self.computer_to_move().is_some() {
            self.move_text.clear();
            self.say(phrases::computer_to_move(self.lang()), false);
            return;
        }
        let pos = *self.shown_position();
        let rules = self.game.rules().clone();
        let lang = self.lang();
        let t = text.trim();
        let mut tries: Vec<String> = Vec::new();
        if t.contains(char::is_whitespace) {
            tries.push(t.split_whitespace().collect::<Vec<_>>().join("-"));
        } else if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            for cut in 1..t.len() {
                tries.push(format!("{}-{}", &t[..cut], &t[cut..]));
            }
            // Two-digit squares first: 3228 is 32-28.
            tries.sort_by_key(|x| (x.find('-') != Some(t.len() / 2), x.clone()));
        } else {
            tries.push(t.to_string());
        }
        let mut first_error = None;
        for attempt in &tries {
            match crate::notation::parse_move(&pos, &rules, attempt) {
                Ok((m, _)) => {
                    if self.view.is_none() && self.game.outcome().is_some() {
                        break;
                    }
                    self.move_text.clear();
                    self.picker.clear();
                    self.play(m);
                    return;
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        let quiet_but_must_capture = pos.has_capture(&rules)
            && tries.iter().any(|a| {
                crate::notation::MoveText::parse(pos.board(), a)
                    .is_ok_and(|mt| !mt.capture && pos.piece_at(mt.squares[0]).is_some())
            });
        self.move_text.clear();
        let message = if quiet_but_must_capture {
            phrases::must_capture(lang).to_string()
        } else {
            match first_error {
                Some(e) => e.to_string(),
                None => T::NotADestination.get(lang).to_string(),
            }
        };
        self.say(message, true);
    }

    /// Moves the keyboard cursor one step; arrows follow the board as it is shown.
    pub(super) fn move_cursor(&mut self, ctx: &Context, key: egui::Key) {
        let pos = *self.shown_position();
        let board = pos.board();
        let size = board.size() as i16;
        let start = self.cursor.unwrap_or_else(|| {
            pos.legal_moves(self.game.rules())
                .first()
                .map(|m| m.from())
                .unwrap_or_else(|| board.square(1).expect("square 1"))
        });
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
        self.cursor = Some(next);
        ctx.memory_mut(|m| {
            // The cursor moves by the board's geometry, not egui's nearest-widget search.
            m.move_focus(egui::FocusDirection::None);
            m.request_focus(square_id(next));
        });
        let text = phrases::square(self.lang(), &pos, next);
        self.announce(text, true);
    }
}
