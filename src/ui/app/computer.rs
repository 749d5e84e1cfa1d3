//! The computer opponent's plumbing: the questions put to the thinking thread, and its
//! answers handed to the change path. Apart from the window's state so that the talk with
//! the engine reads in one place.

use std::time::{Duration, Instant};

use eframe::egui::Context;

use super::{DamaApp, Dialog};
use crate::engine::review::{self, Mark};
use crate::engine::{Answer, ClaimChoice, Task, Worker};
use crate::game::event::{Event, Mover, Problem};
use crate::rules::{Color, Game, Position};
use crate::ui::Command;
use crate::ui::document::DocChange;
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
    /// How this position (the one shown) stands.
    Analysis(Position),
    /// Every move of the game.
    Review,
}

impl Thought {
    /// Whether the game waits for the computer's own answer (its move, a claim, a draw offer
    /// answered), which is said when it is slow to come; a hint, the analysis and a review are
    /// asked for by the person, who knows they are coming.
    fn is_the_computers_turn(self) -> bool {
        match self {
            Thought::Move | Thought::Claim | Thought::Draw(_) => true,
            Thought::Hint | Thought::Analysis(_) | Thought::Review => false,
        }
    }
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
    /// When it was asked.
    since: Instant,
    /// "Počítač přemýšlí…" was said.
    said: bool,
}

/// How long the computer may think about its move before that is said: a reply within it
/// follows the person's move with no word between.
const QUIET_THINKING: Duration = Duration::from_millis(500);

/// How much longer the computer may think, `elapsed` after it was asked, before "Počítač
/// přemýšlí…" is said; `None`: it is said now.
fn left_before_saying(elapsed: Duration) -> Option<Duration> {
    QUIET_THINKING.checked_sub(elapsed).filter(|d| !d.is_zero())
}

/// How long the computer thinks about a hint or a draw offer.
const ADVICE_TIME: Duration = Duration::from_millis(1500);

/// How long the computer analyses a position shown.
const ANALYSIS_TIME: Duration = Duration::from_millis(2000);

/// How long the computer looks at each position of a game it reviews.
const REVIEW_TIME: Duration = Duration::from_millis(300);

/// The computer's part of the window: the thinking thread, the question it is thinking
/// about, and the analysis of the position shown.
#[derive(Default)]
pub(super) struct Computer {
    /// Whether analysis follows the position shown.
    analysis_on: bool,
    /// What analysis last found: the position and the search's report.
    analysis: Option<(Position, crate::engine::Report)>,
    /// Say the analysis of the position shown when it is found.
    say_analysis: bool,
    /// The computer's thinking thread, started when first needed.
    worker: Option<Worker>,
    /// The question the computer is thinking about.
    thinking: Option<Thinking>,
}

impl Computer {
    /// Whether the computer is thinking (about a move, a claim, a hint, a draw offer, an
    /// analysis or a review).
    pub(super) fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Whether the computer thinks about something that a hint or a review must wait for:
    /// anything but the analysis, which gives way to them.
    pub(super) fn is_busy(&self) -> bool {
        self.thinking
            .is_some_and(|t| !matches!(t.thought, Thought::Analysis(_)))
    }

    /// Whether analysis follows the position shown.
    pub(super) fn analysis_on(&self) -> bool {
        self.analysis_on
    }

    /// What analysis found about `pos`, if it is about it.
    pub(super) fn analysis_of(&self, pos: &Position) -> Option<&crate::engine::Report> {
        self.analysis
            .as_ref()
            .filter(|(p, _)| p == pos)
            .map(|(_, report)| report)
    }

    /// Puts `task` about `game` to the thinking thread (started on the first question, with
    /// `threads` threads), to be answered while the document is at `revision`.
    fn ask(
        &mut self,
        ctx: &Context,
        (game, task): (&Game, Task),
        thought: Thought,
        revision: u64,
        threads: usize,
    ) {
        let worker = self.worker.get_or_insert_with(|| {
            let ctx = ctx.clone();
            Worker::new(move || ctx.request_repaint())
        });
        worker.set_threads(threads);
        let id = worker.ask(game, task);
        self.thinking = Some(Thinking {
            id,
            thought,
            revision,
            since: Instant::now(),
            said: false,
        });
    }

    /// Stops the thinking: its answer, when it comes, is dropped. What it was about.
    fn cancel(&mut self) -> Option<Thought> {
        let t = self.thinking.take()?;
        if let Some(w) = self.worker.as_mut() {
            w.cancel();
        }
        Some(t.thought)
    }

    /// The answer that has come, with what it was about and the revision it was asked at.
    /// The thinking is over once the thread is idle.
    fn take_answer(&mut self) -> Option<(Thought, u64, Answer)> {
        let polled = self.worker.as_mut().and_then(Worker::poll);
        let answer = match polled {
            Some((id, answer)) => self
                .thinking
                .take_if(|t| t.id == id)
                .map(|t| (t.thought, t.revision, answer)),
            None => None,
        };
        if self.worker.as_ref().is_none_or(|w| !w.busy()) {
            self.thinking = None;
        }
        answer
    }

    /// Whether "the computer is thinking" is to be said now: the game waits for the
    /// computer's own answer and it has thought [`QUIET_THINKING`] without one (said once;
    /// asks for a frame until then).
    fn thinking_to_say(&mut self, ctx: &Context) -> bool {
        let Some(t) = self.thinking.as_mut() else {
            return false;
        };
        if t.said || !t.thought.is_the_computers_turn() {
            return false;
        }
        match left_before_saying(t.since.elapsed()) {
            Some(left) => {
                ctx.request_repaint_after(left);
                false
            }
            None => {
                t.said = true;
                true
            }
        }
    }

    /// Ends the thinking thread (the window closes).
    pub(super) fn shut_down(&mut self) {
        self.cancel();
        self.worker = None;
    }
}

impl DamaApp {
    /// Stops the computer thinking: its answer, when it comes, is dropped. A review stopped
    /// so is said (it was announced as it started).
    pub(super) fn cancel_thinking(&mut self) {
        if self.computer.cancel() == Some(Thought::Review) {
            self.tell(&[Event::ReviewStopped], false);
        }
    }

    fn ask(&mut self, ctx: &Context, task: Task, thought: Thought) {
        self.ask_about(ctx, None, task, thought);
    }

    /// Asks about `game`, or the document's game (the worker takes its own copy).
    fn ask_about(&mut self, ctx: &Context, game: Option<&Game>, task: Task, thought: Thought) {
        let revision = self.revision_for(thought);
        let threads = self.settings.engine_threads as usize;
        let game = game.unwrap_or(self.doc.game());
        self.computer
            .ask(ctx, (game, task), thought, revision, threads);
    }

    /// The revision an answer about `thought` must still find.
    fn revision_for(&self, thought: Thought) -> u64 {
        match thought {
            Thought::Draw(_) => self.doc.revision(),
            Thought::Move
            | Thought::Claim
            | Thought::Hint
            | Thought::Analysis(_)
            | Thought::Review => self.doc.play_revision(),
        }
    }

    /// Takes the computer's answers and, when it is to move or to answer, sets it thinking.
    /// Nothing is asked while the resume question is open: the game may yet be replaced.
    pub(super) fn drive_computer(&mut self, ctx: &Context) {
        if let Some((thought, revision, answer)) = self.computer.take_answer()
            && revision == self.revision_for(thought)
        {
            self.answer(thought, answer);
        }
        // Analysis gives way to the computer's own move, and follows the position shown.
        let computer_due = !self.editor.is_open()
            && (self.doc.computer_to_move().is_some()
                || self
                    .doc
                    .draw_offer()
                    .is_some_and(|by| matches!(self.doc.player(!by), Player::Computer(_))));
        if let Some(t) = self.computer.thinking {
            let stale = match t.thought {
                Thought::Analysis(pos) => computer_due || pos != *self.shown_position(),
                Thought::Review => computer_due,
                // The game's own questions are dropped by a change of the game, not here.
                Thought::Move | Thought::Claim | Thought::Hint | Thought::Draw(_) => false,
            };
            if stale {
                self.cancel_thinking();
            }
        }
        self.say_thinking(ctx);
        if self.computer.thinking.is_some()
            || matches!(self.dialogs.current(), Some(Dialog::Resume(..)))
        {
            return;
        }
        // The game waits behind the position editor.
        if self.editor.is_open() {
            self.drive_analysis(ctx);
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
            self.drive_analysis(ctx);
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

    /// Says that the computer is thinking about its move, a claim or a draw offer, once it
    /// has thought [`QUIET_THINKING`] with no answer; asks for a frame then until it has.
    fn say_thinking(&mut self, ctx: &Context) {
        if self.computer.thinking_to_say(ctx) && self.settings.say_thinking {
            // Behind what is being said: the person's move.
            self.tell(&[Event::ComputerThinking], false);
        }
    }

    fn answer(&mut self, thought: Thought, answer: Answer) {
        match (thought, answer) {
            (Thought::Move, Answer::Move(Some(report))) => {
                if let Some(mv) = report.best {
                    self.apply(DocChange::Play {
                        mv,
                        from_ply: None,
                        by: Mover::Computer,
                    });
                }
            }
            (Thought::Claim, Answer::Claim(Some(claim))) => match claim {
                ClaimChoice::Huff(sq) => self.apply(DocChange::Huff(sq, Mover::Computer)),
                ClaimChoice::TakeBack => self.apply(DocChange::Claim(Mover::Computer)),
            },
            (Thought::Hint, Answer::Hint(Some(report))) => {
                if let Some(mv) = report.best {
                    self.view.hint = Some(mv);
                    let before = *self.doc.game().position();
                    self.tell(&[Event::Hint { before, mv }], false);
                }
            }
            (Thought::Analysis(pos), Answer::Analysis(report)) if pos == *self.shown_position() => {
                let event = Event::Analysed {
                    pos,
                    score: report.score,
                    line: report.pv.clone(),
                };
                self.computer.analysis = Some((pos, report));
                if std::mem::take(&mut self.computer.say_analysis) {
                    self.tell(&[event], false);
                }
            }
            (Thought::Review, Answer::Review(looks)) => {
                let moves = self.doc.game().moves().to_vec();
                if looks.len() == moves.len() + 1 {
                    let judged = review::judge(&moves, &looks);
                    let mut counts = [0; 3];
                    for j in &judged {
                        match j.mark {
                            Mark::Inaccuracy => counts[0] += 1,
                            Mark::Mistake => counts[1] += 1,
                            Mark::Blunder => counts[2] += 1,
                            Mark::Good => {}
                        }
                    }
                    self.view.review = Some(judged);
                    let key = self.shortcut_text(Command::NextMistake);
                    self.tell(&[Event::Reviewed { counts, key }], false);
                }
            }
            (Thought::Draw(by), Answer::Judge(Some(score))) => {
                // The score is for the side to move; the computer accepts when it is not
                // better off.
                let to_move = self.doc.game().position().side_to_move();
                let computer_score = if to_move == by { -score } else { score };
                self.apply(DocChange::AnswerDraw {
                    accept: computer_score <= 0,
                    by: Mover::Computer,
                });
            }
            _ => {}
        }
    }

    /// A move for the person to move, found by the computer and spoken.
    /// What may stop it (the game over, the computer to move or thinking) is refused before,
    /// by [`DamaApp::availability`].
    pub(super) fn ask_hint(&mut self, ctx: &Context) {
        self.stop_analysing();
        self.view.ply = None;
        self.view.variation = None;
        self.view.picker.clear();
        self.ask(ctx, Task::Hint(ADVICE_TIME), Thought::Hint);
        self.tell(&[Event::ThinkingAboutHint], true);
    }

    /// Asks for the analysis of the position shown when it is wanted and not yet found.
    fn drive_analysis(&mut self, ctx: &Context) {
        if !(self.computer.analysis_on || self.computer.say_analysis) {
            return;
        }
        let pos = *self.shown_position();
        if self
            .computer
            .analysis
            .as_ref()
            .is_some_and(|(p, _)| *p == pos)
        {
            return;
        }
        // The editor's position is a game of its own; the game's, the game up to the ply shown.
        // A variation's position likewise (its moves are not the game's).
        let (game, ply) = match self.editor.editor() {
            Some(editor) => (
                Some(Game::from_position(editor.variant.rules().clone(), pos)),
                None,
            ),
            None if self.view.variation.is_some() => (
                Some(Game::from_position(self.doc.game().rules().clone(), pos)),
                None,
            ),
            None => (None, self.view.ply),
        };
        let time = ANALYSIS_TIME;
        let task = Task::Analyse { ply, time };
        self.ask_about(ctx, game.as_ref(), task, Thought::Analysis(pos));
    }

    /// Stops an analysis under way (a hint, a review, other rules come first); whether one was.
    fn stop_analysing(&mut self) -> bool {
        let analysing = self
            .computer
            .thinking
            .is_some_and(|t| matches!(t.thought, Thought::Analysis(_)));
        if analysing {
            self.cancel_thinking();
        }
        analysing
    }

    /// Drops what analysis found, and the analysis under way: the rules it was for changed.
    pub(super) fn forget_analysis(&mut self) {
        self.computer.analysis = None;
        self.stop_analysing();
    }

    /// Analysis on or off.
    pub(super) fn toggle_analysis(&mut self) {
        self.computer.analysis_on = !self.computer.analysis_on;
        if !self.computer.analysis_on && self.stop_analysing() {
            self.computer.say_analysis = false;
        }
        self.tell(&[Event::AnalysisMode(self.computer.analysis_on)], true);
    }

    /// Says the analysis of the position shown, or has it said when it is found.
    pub(super) fn say_analysis(&mut self) {
        let pos = *self.shown_position();
        match &self.computer.analysis {
            Some((p, report)) if *p == pos => {
                let event = Event::Analysed {
                    pos,
                    score: report.score,
                    line: report.pv.clone(),
                };
                self.tell(&[event], true);
            }
            _ => {
                self.computer.say_analysis = true;
                self.tell(&[Event::Analysing], true);
            }
        }
    }

    /// Has the computer go through the whole game.
    /// A game without moves and a computer thinking are refused before, by
    /// [`DamaApp::availability`].
    pub(super) fn review_game(&mut self, ctx: &Context) {
        let moves = self.doc.game().moves().len();
        self.stop_analysing();
        self.ask(ctx, Task::Review(REVIEW_TIME), Thought::Review);
        let seconds = ((moves as u64 + 1) * REVIEW_TIME.as_millis() as u64).div_ceil(1000);
        self.tell(&[Event::Reviewing { moves, seconds }], true);
    }

    /// Shows the next move the review marked as a mistake or blunder after the position shown
    /// (from the first again after the last), and says it.
    pub(super) fn next_mistake(&mut self) {
        let Some(judged) = &self.view.review else {
            let key = self.shortcut_text(Command::ReviewGame);
            self.complain(&Problem::NotReviewed(key));
            return;
        };
        let bad: Vec<_> = judged
            .iter()
            .filter(|j| j.mark >= Mark::Mistake)
            .cloned()
            .collect();
        // From the position shown: a mistake there is said, unless it was the last one said.
        let from = match self.view.ply {
            Some(p) if self.view.mistake_shown == Some(p) => Some(p + 1),
            p => p,
        };
        let next = bad
            .iter()
            .find(|j| from.is_some_and(|p| j.ply >= p))
            .or(bad.first())
            .cloned();
        let Some(j) = next else {
            self.complain(&Problem::NoMistakes);
            return;
        };
        let game = self.doc.game();
        let before = *game.position_at(j.ply).unwrap_or(game.position());
        let number = game.number_of_move(j.ply);
        self.view.picker.clear();
        self.view.ply = Some(j.ply);
        self.view.variation = None;
        self.view.mistake_shown = Some(j.ply);
        self.view.cursor = Some(j.played.from());
        self.tell(
            &[Event::Judged {
                number,
                before,
                judged: j,
            }],
            true,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thinking_is_said_after_half_a_second() {
        let ms = Duration::from_millis;
        assert_eq!(left_before_saying(ms(0)), Some(ms(500)));
        assert_eq!(left_before_saying(ms(120)), Some(ms(380)));
        assert_eq!(left_before_saying(ms(499)), Some(ms(1)));
        assert_eq!(left_before_saying(ms(500)), None);
        assert_eq!(left_before_saying(ms(4000)), None);
    }
}
