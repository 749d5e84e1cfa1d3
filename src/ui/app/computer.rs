//! The computer opponent's plumbing: the questions put to the thinking thread, and its
//! answers played, claimed or spoken. Apart from the window's state so that the talk with
//! the engine reads in one place.

use eframe::egui::Context;

use super::DamaApp;
use crate::engine::{Answer, ClaimChoice, Level, Task, Worker};
use crate::rules::Color;
use crate::speech::phrases;
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

/// A question put to the thinking thread, and the game state it was about.
#[derive(Clone, Copy, Debug)]
pub(super) struct Thinking {
    id: u64,
    thought: Thought,
    stamp: Stamp,
}

/// Identifies a state of the game: answers about an earlier state are dropped.
pub(super) type Stamp = (usize, u64, bool);

/// How long the computer thinks about a hint or a draw offer.
pub(super) const ADVICE_TIME: std::time::Duration = std::time::Duration::from_millis(1500);

impl DamaApp {
    /// The game state now, to tell whether an answer is still about it.
    pub(super) fn stamp(&self) -> Stamp {
        (
            self.game.moves().len(),
            self.game.position().key(),
            self.game.outcome().is_some(),
        )
    }

    /// The level of the computer to move, if the computer is to move in a game going on.
    pub(super) fn computer_to_move(&self) -> Option<Level> {
        if self.game.outcome().is_some() {
            return None;
        }
        match self.player(self.game.position().side_to_move()) {
            Player::Computer(level) => Some(level),
            Player::Human => None,
        }
    }

    /// The side a single person plays against the computer.
    pub(super) fn human_side(&self) -> Option<Color> {
        match self.players {
            [Player::Human, Player::Computer(_)] => Some(Color::White),
            [Player::Computer(_), Player::Human] => Some(Color::Black),
            _ => None,
        }
    }

    /// Stops the computer thinking: its answer, when it comes, is dropped.
    pub(super) fn cancel_thinking(&mut self) {
        if self.thinking.take().is_some()
            && let Some(w) = self.worker.as_mut()
        {
            w.cancel();
        }
    }

    pub(super) fn ask(&mut self, ctx: &Context, task: Task, thought: Thought) {
        let worker = self.worker.get_or_insert_with(|| {
            let ctx = ctx.clone();
            Worker::new(move || ctx.request_repaint())
        });
        let id = worker.ask(&self.game, task);
        self.thinking = Some(Thinking {
            id,
            thought,
            stamp: self.stamp(),
        });
    }

    /// Takes the computer's answers and, when it is to move, sets it thinking.
    pub(super) fn drive_computer(&mut self, ctx: &Context) {
        let polled = self.worker.as_mut().and_then(Worker::poll);
        if let Some((id, answer)) = polled
            && let Some(t) = self.thinking.take_if(|t| t.id == id)
            && t.stamp == self.stamp()
        {
            self.answer(t.thought, answer);
        }
        if self.worker.as_ref().is_none_or(|w| !w.busy()) {
            self.thinking = None;
        }
        if self.thinking.is_some() {
            return;
        }
        let Some(level) = self.computer_to_move() else {
            return;
        };
        if self.game.claim_offer().is_some() && self.claim_considered != Some(self.stamp()) {
            self.claim_considered = Some(self.stamp());
            self.ask(ctx, Task::Claim(level), Thought::Claim);
        } else {
            self.ask(ctx, Task::Move(level), Thought::Move);
        }
    }

    fn answer(&mut self, thought: Thought, answer: Answer) {
        let lang = self.lang();
        match (thought, answer) {
            (Thought::Move, Answer::Move(Some(report))) => {
                if let Some(m) = report.best {
                    self.picker.clear();
                    self.play_now(m, false);
                }
            }
            (Thought::Claim, Answer::Claim(Some(claim))) => match claim {
                ClaimChoice::Huff(sq) => self.huff(sq),
                ClaimChoice::TakeBack => self.claim(),
            },
            (Thought::Hint, Answer::Hint(Some(report))) => {
                if let Some(m) = report.best {
                    self.hint = Some((m, self.stamp()));
                    let pos = *self.game.position();
                    let text = phrases::hint(lang, &pos, self.game.rules(), &m);
                    self.say(text, false);
                }
            }
            (Thought::Draw(by), Answer::Judge(Some(score))) => {
                // The score is for the side to move; the computer accepts when it is not
                // better off.
                let to_move = self.game.position().side_to_move();
                let computer_score = if to_move == by { -score } else { score };
                let accepted = computer_score <= 0 && self.draw_offer == Some(by);
                if accepted && self.game.agree_draw().is_ok() {
                    self.dirty = true;
                }
                self.draw_offer = None;
                self.say(phrases::draw_answer(lang, accepted), false);
            }
            _ => {}
        }
    }

    /// A move for the person to move, found by the computer and spoken.
    pub(super) fn ask_hint(&mut self, ctx: &Context) {
        if self.game.outcome().is_some() {
            return;
        }
        if self.computer_to_move().is_some() {
            self.say(phrases::computer_to_move(self.lang()), false);
            return;
        }
        self.look(None);
        self.ask(ctx, Task::Hint(ADVICE_TIME), Thought::Hint);
    }
}
