//! The computer opponent's plumbing: the questions put to the thinking thread, and its
//! answers handed to the change path. Apart from the window's state so that the talk with
//! the engine reads in one place.

use eframe::egui::Context;

use super::change::Change;
use super::{DamaApp, Dialog};
use crate::engine::{Answer, ClaimChoice, Task, Worker};
use crate::event::{Event, Mover, Problem};
use crate::rules::Color;
use crate::ui::settings::Player;

/// What the computer is thinking about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Thought {
    /// Its own move.
    Move,
    /// Whether to claim a forgotten capture.
    Claim,
    /// A move to suggest to a person.
    Hint,
    /// Whether to accept a draw offered by `Color`.
    Draw(Color),
}

/// A question put to the thinking thread, and the revision it was about: an answer about an
/// earlier one is dropped. A move, a claim or a hint is about the play
/// ([`Document::play_revision`](crate::ui::Document::play_revision)); a draw answer is about
/// the offer too (the whole [`Document::revision`](crate::ui::Document::revision)).
#[derive(Clone, Copy, Debug)]
pub(super) struct Thinking {
    id: u64,
    thought: Thought,
    revision: u64,
}

/// How long the computer thinks about a hint or a draw offer.
const ADVICE_TIME: std::time::Duration = std::time::Duration::from_millis(1500);

impl DamaApp {
    /// Stops the computer thinking: its answer, when it comes, is dropped.
    pub(super) fn cancel_thinking(&mut self) {
        if self.thinking.take().is_some()
            && let Some(w) = self.worker.as_mut()
        {
            w.cancel();
        }
    }

    fn ask(&mut self, ctx: &Context, task: Task, thought: Thought) {
        let worker = self.worker.get_or_insert_with(|| {
            let ctx = ctx.clone();
            Worker::new(move || ctx.request_repaint())
        });
        worker.set_threads(self.settings.engine_threads as usize);
        let id = worker.ask(self.doc.game(), task);
        let revision = self.revision_for(thought);
        self.thinking = Some(Thinking {
            id,
            thought,
            revision,
        });
    }

    /// The revision an answer about `thought` must still find.
    fn revision_for(&self, thought: Thought) -> u64 {
        match thought {
            Thought::Draw(_) => self.doc.revision(),
            Thought::Move | Thought::Claim | Thought::Hint => self.doc.play_revision(),
        }
    }

    /// Takes the computer's answers and, when it is to move or to answer, sets it thinking.
    /// Nothing is asked while the resume question is open: the game may yet be replaced.
    pub(super) fn drive_computer(&mut self, ctx: &Context) {
        // The game waits behind the position editor.
        if self.editor.is_some() {
            return;
        }
        let polled = self.worker.as_mut().and_then(Worker::poll);
        if let Some((id, answer)) = polled
            && let Some(t) = self.thinking.take_if(|t| t.id == id)
            && t.revision == self.revision_for(t.thought)
        {
            self.answer(t.thought, answer);
        }
        if self.worker.as_ref().is_none_or(|w| !w.busy()) {
            self.thinking = None;
        }
        if self.thinking.is_some() || matches!(self.dialog, Some(Dialog::Resume(..))) {
            return;
        }
        let revision = self.doc.revision();
        if let Some(by) = self.doc.draw_offer()
            && matches!(self.doc.player(!by), Player::Computer(_))
            && self.view.draw_considered != Some(revision)
        {
            self.view.draw_considered = Some(revision);
            self.ask(ctx, Task::Judge(ADVICE_TIME), Thought::Draw(by));
            return;
        }
        let Some(level) = self.doc.computer_to_move() else {
            return;
        };
        let play = self.doc.play_revision();
        if self.doc.game().claim_offer().is_some() && self.view.claim_considered != Some(play) {
            self.view.claim_considered = Some(play);
            self.ask(ctx, Task::Claim(level), Thought::Claim);
        } else {
            self.ask(ctx, Task::Move(level), Thought::Move);
        }
    }

    fn answer(&mut self, thought: Thought, answer: Answer) {
        match (thought, answer) {
            (Thought::Move, Answer::Move(Some(report))) => {
                if let Some(mv) = report.best {
                    self.apply(Change::Play {
                        mv,
                        by: Mover::Computer,
                    });
                }
            }
            (Thought::Claim, Answer::Claim(Some(claim))) => match claim {
                ClaimChoice::Huff(sq) => self.apply(Change::Huff(sq, Mover::Computer)),
                ClaimChoice::TakeBack => self.apply(Change::Claim(Mover::Computer)),
            },
            (Thought::Hint, Answer::Hint(Some(report))) => {
                if let Some(mv) = report.best {
                    self.view.hint = Some(mv);
                    let before = *self.doc.game().position();
                    self.tell(&[Event::Hint { before, mv }], false);
                }
            }
            (Thought::Draw(by), Answer::Judge(Some(score))) => {
                // The score is for the side to move; the computer accepts when it is not
                // better off.
                let to_move = self.doc.game().position().side_to_move();
                let computer_score = if to_move == by { -score } else { score };
                self.apply(Change::AnswerDraw {
                    accept: computer_score <= 0,
                    by: Mover::Computer,
                });
            }
            _ => {}
        }
    }

    /// A move for the person to move, found by the computer and spoken.
    pub(super) fn ask_hint(&mut self, ctx: &Context) {
        if self.doc.game().outcome().is_some() {
            self.complain(&Problem::NoHint);
            return;
        }
        if self.doc.computer_to_move().is_some() {
            self.complain(&Problem::ComputerToMove);
            return;
        }
        if self.thinking.is_some() {
            self.complain(&Problem::StillThinking);
            return;
        }
        self.view.ply = None;
        self.view.picker.clear();
        self.ask(ctx, Task::Hint(ADVICE_TIME), Thought::Hint);
        self.tell(&[Event::ThinkingAboutHint], true);
    }
}
