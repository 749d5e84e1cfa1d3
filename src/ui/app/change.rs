//! The one way through: every command of the command table ([`super::commands`]), every
//! dialog answer, every move on the board or typed, every answer of the computer becomes a [`Change`] (a [`DocChange`]
//! of the document, or a look at another position), and [`DamaApp::apply`] applies it; the
//! document changes only by its own `apply`, called here. What follows a change — dropping
//! the computer's stale thinking, tidying or resetting the per-game window state, the cursor,
//! the autosave, the recent files, the words — happens there, once. What a change leaves to
//! follow (a problem's answer to the move played) is a [`FollowUp`], queued and done after
//! the change, never from inside it.

use std::collections::VecDeque;

use eframe::egui::Context;

use super::{DamaApp, Dialog};
use crate::game::event::{Event, Mover, Problem};
use crate::rules::{Branch, Position, Variant};
use crate::ui::document::{Applied, DocChange, Replaced};
use crate::ui::game_view::Spot;
use crate::ui::settings::Settings;

/// A change of the game, or of the position the board shows.
#[derive(Debug)]
pub(super) enum Change {
    /// A change of the document: a move, an undo, an answer, a file, the clocks, a variation.
    Doc(DocChange),
    /// Show another position of the game.
    Look(Target),
}

impl From<DocChange> for Change {
    fn from(change: DocChange) -> Change {
        Change::Doc(change)
    }
}

/// What is left to do once a change is done, in turn: [`DamaApp::apply`] takes it from its
/// queue after the change, never from inside it.
#[derive(Debug)]
pub(super) enum FollowUp {
    /// Another change: a problem's wrong move taken back, the defence's reply.
    Apply(Change),
    /// Words about what came before ("Správně."), after what is being said.
    Tell(Vec<Event>),
    /// The problem on the board is solved.
    ProblemSolved,
    /// The lesson's task on the board is solved by the move: its stars kept and said.
    LessonSolved,
}

/// What a feature (`feature.rs`) asked to be done, done by [`DamaApp::carry_out`] after
/// the feature's method returns, in turn.
pub(super) enum Effect {
    /// A change of the game or of the position shown, through `DamaApp::apply`.
    Apply(Change),
    /// Words about what happened; `true` cuts short what is being said.
    Tell(Vec<Event>, bool),
    /// Why something did not happen, said.
    Complain(Problem),
    /// A change of the settings, which are then saved.
    Settings(Box<dyn FnOnce(&mut Settings)>),
    /// The computer's thinking dropped: it would be about another game.
    CancelThinking,
    /// The analysis forgotten: it was about another position.
    ForgetAnalysis,
    /// The focus to the board's cursor square, named from this position (else from the
    /// position shown when it is done).
    FocusBoard(Context, Option<Position>),
    /// The new-game dialog, with a position (FEN) and its rules filled in.
    NewGame(String, Variant),
    /// A dialog opened: a question the feature cannot answer itself (a new variation?).
    Ask(Dialog),
}

/// A change of the variations, for where the board goes after it.
#[derive(Debug)]
pub(super) enum Varied {
    /// A move at this place.
    Vary(Spot),
    /// The variation of these branches was deleted.
    Removed(Vec<Branch>),
    /// The variation of these branches was promoted, shown at this ply of its own.
    Promoted(Vec<Branch>, usize),
}

impl Change {
    /// Whether the words of this change cut short what is being said. The computer's reply,
    /// claim or answer and the clocks follow what is being said: they do not cut the person's
    /// move short; what the person did is said at once.
    fn interrupts(&self) -> bool {
        let doc_change = match self {
            Change::Doc(doc_change) => doc_change,
            Change::Look(_) => return true,
        };
        match doc_change {
            DocChange::Play { by, .. }
            | DocChange::AnswerDraw { by, .. }
            | DocChange::Claim(by)
            | DocChange::Huff(_, by) => *by == Mover::Person,
            DocChange::Tick(..) => false,
            DocChange::Undo
            | DocChange::Redo
            | DocChange::Resign
            | DocChange::OfferDraw(_)
            | DocChange::Players(_)
            | DocChange::Replace(..)
            | DocChange::Saved { .. }
            | DocChange::PauseClock(_)
            | DocChange::Vary { .. }
            | DocChange::RemoveVariation(_)
            | DocChange::PromoteVariation(_) => true,
        }
    }
}

/// Which position to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// The start.
    Start,
    /// One ply earlier.
    Back,
    /// One ply later.
    Forward,
    /// The current position.
    Live,
    /// The position after this many plies.
    Ply(usize),
    /// A place in a variation.
    Variation(Spot),
    /// The next (`true`) or previous variation to the move shown.
    Sibling(bool),
}

impl DamaApp {
    /// Applies `change` and does what follows it (see the module's documentation), then
    /// what it leaves to follow up, in turn from a queue (not from inside the change): a
    /// follow-up's own follow-ups come next, before those queued earlier.
    pub(super) fn apply(&mut self, change: impl Into<Change>) {
        let mut queue = VecDeque::from([FollowUp::Apply(change.into())]);
        while let Some(next) = queue.pop_front() {
            let follow_ups = match next {
                FollowUp::Apply(change) => self.apply_one(change),
                FollowUp::Tell(events) => {
                    self.tell(&events, false);
                    Vec::new()
                }
                FollowUp::ProblemSolved => {
                    self.feature(|a| &mut a.exercises, |p, cx| p.mark_solved(cx));
                    Vec::new()
                }
                FollowUp::LessonSolved => {
                    self.feature(|a| &mut a.learning, |l, cx| l.mark_solved(cx));
                    Vec::new()
                }
            };
            for follow_up in follow_ups.into_iter().rev() {
                queue.push_front(follow_up);
            }
        }
    }

    /// Applies one change and does what follows it; returns what is left to follow up.
    fn apply_one(&mut self, change: Change) -> Vec<FollowUp> {
        let (revision, play_revision) = (self.doc.revision(), self.doc.play_revision());
        let interrupt = change.interrupts();
        let replacing = matches!(change, Change::Doc(DocChange::Replace(..)));
        if replacing && self.saving.job.is_some() {
            // The save in the background would mark another game saved in the game's file.
            self.complain(&Problem::SaveUnderWay);
            return Vec::new();
        }
        let problem = matches!(
            change,
            Change::Doc(DocChange::Replace(_, Replaced::Problem { .. }))
        );
        let lesson = matches!(
            change,
            Change::Doc(DocChange::Replace(_, Replaced::Lesson(_)))
        );
        let offering = matches!(change, Change::Doc(DocChange::OfferDraw(..)));
        // Looking back while the computer moves, the board stays on the position looked at:
        // the moves before it are as they were.
        let keeps_view = matches!(
            change,
            Change::Doc(DocChange::Play {
                by: Mover::Computer,
                ..
            })
        );
        let claiming = matches!(change, Change::Doc(DocChange::Claim(_)));
        let varied = match &change {
            Change::Doc(DocChange::Vary { branches, ply, .. }) => Some(Varied::Vary(Spot {
                branches: branches.clone(),
                ply: *ply,
            })),
            Change::Doc(DocChange::RemoveVariation(branches)) => {
                Some(Varied::Removed(branches.clone()))
            }
            Change::Doc(DocChange::PromoteVariation(branches)) => Some(Varied::Promoted(
                branches.clone(),
                self.view.variation.as_ref().map_or(1, |v| v.ply),
            )),
            _ => None,
        };
        let result: Applied = match change {
            Change::Doc(change) => self.doc.apply(change),
            Change::Look(target) => self.look(target),
        };
        let events = match result {
            Ok(events) => events,
            Err(problem) => {
                self.complain(&problem);
                return Vec::new();
            }
        };
        if self.doc.play_revision() != play_revision {
            // An answer of the computer about the game before would be stale.
            self.cancel_thinking();
            let (ply, variation) = (self.view.ply, self.view.variation.take());
            if replacing {
                self.view.reset();
            } else {
                self.view.after_change();
            }
            if keeps_view {
                self.view.ply = ply;
                self.view.variation = variation;
                self.variations.refresh(&self.doc, &mut self.view);
            }
        } else if offering {
            // The computer answers a draw offer before it goes on thinking about its move.
            self.cancel_thinking();
        }
        if claiming {
            // The claim is about the current position: the board shows it, and the offender
            // to choose.
            self.view.ply = None;
            self.view.variation = None;
        }
        if let Some(varied) = &varied {
            self.variations
                .after_varying(&self.doc, &mut self.view, varied, &events);
        }
        if replacing {
            // A game started from the editor's position, or another one: the editor is done.
            self.editor.close();
            self.forget_analysis();
            if !problem {
                self.exercises.close();
            }
            if !lesson {
                self.learning.close();
            }
        }
        let mut recent = None;
        for e in &events {
            match e {
                // The person's move takes the cursor along; the computer's reply leaves it
                // where the person is (the screen reader's focus stays there too).
                Event::Moved {
                    mv,
                    by: Mover::Person,
                    ..
                } if self.view.ply.is_none() => {
                    self.view.cursor = Some(mv.to());
                }
                Event::VariationStarted { mv, .. } | Event::VariationMoved { mv, .. } => {
                    self.view.cursor = Some(mv.to());
                }
                Event::ChooseOffender(offenders) => self.view.offenders = Some(*offenders),
                Event::Opened { path, .. } | Event::Saved(path) => recent = Some(path.clone()),
                _ => {}
            }
        }
        self.tell(&events, interrupt);
        if self.doc.revision() != revision {
            self.autosave_now();
        }
        // A move of a problem's solver is judged against the solution, a redone one too (a
        // wrong move taken back must not come back unjudged).
        let solver_moved = events.iter().any(|e| {
            matches!(
                e,
                Event::Moved {
                    by: Mover::Person,
                    ..
                } | Event::Redone { .. }
            )
        });
        let person_moved = events.iter().find_map(|e| match e {
            Event::Moved {
                by: Mover::Person,
                mv,
                ..
            } => Some(*mv),
            _ => None,
        });
        let follow_ups = if solver_moved && self.exercises.is_open() {
            let ply = self.doc.game().moves().len().saturating_sub(1);
            self.exercises.judge(&self.doc, ply)
        } else if let Some(mv) = person_moved.filter(|_| self.learning.is_open()) {
            // A lesson's answer, judged by the course (an undo starts the task again: no
            // move comes back by a redo).
            self.learning.judge(mv)
        } else {
            Vec::new()
        };
        if let Some(path) = recent {
            self.settings.add_recent(&path);
            self.save_settings();
        }
        follow_ups
    }

    /// Does what a feature asked for (`feature.rs`), in the order it asked: its changes of
    /// the game through [`DamaApp::apply`], like every other.
    pub(super) fn carry_out(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Apply(change) => self.apply(change),
                Effect::Tell(events, interrupt) => self.tell(&events, interrupt),
                Effect::Complain(problem) => self.complain(&problem),
                Effect::Settings(change) => {
                    change(&mut self.settings);
                    self.save_settings();
                }
                Effect::CancelThinking => self.cancel_thinking(),
                Effect::ForgetAnalysis => self.forget_analysis(),
                Effect::FocusBoard(ctx, named) => {
                    self.focus_board_named(&ctx, named);
                }
                Effect::NewGame(fen, variant) => self.open_new_game(Some(&fen), Some(variant)),
                Effect::Ask(dialog) => self.dialogs.open(dialog),
            }
        }
    }

    /// Shows another position of the game or of its variations (no change of the game):
    /// the view moves (`varying.rs`).
    pub(super) fn look(&mut self, target: Target) -> Applied {
        self.variations.look(&self.doc, &mut self.view, target)
    }
}
