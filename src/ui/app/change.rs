//! The one way through: every command of the command table, every dialog answer, every move
//! on the board or typed, every answer of the computer becomes a [`Change`], and
//! [`DamaApp::apply`] applies it. What follows a change — dropping the computer's stale
//! thinking, tidying or resetting the per-game window state, the cursor, the autosave, the
//! recent files, the words — happens there, once.

use eframe::egui::{Context, ViewportCommand};

use super::{DamaApp, Dialog, Pending};
use crate::engine::review::Mark;
use crate::event::{Event, Look, Mover, Problem};
use crate::rules::{Branch, GameError, Move, Square};
use crate::speech::phrases;
use crate::ui::commands::Command;
use crate::ui::document::{Applied, Document, Replaced};
use crate::ui::game_view::Spot;
use crate::ui::settings::Player;

/// A change of the game, or of the position the board shows.
#[derive(Debug)]
pub(super) enum Change {
    /// A move, by a person on the board as shown, or by the computer.
    Play {
        /// The move.
        mv: Move,
        /// Who plays it.
        by: Mover,
    },
    /// Claim the opponent's forgotten capture.
    Claim(Mover),
    /// Remove this offender (a huff, after the choice among several).
    Huff(Square, Mover),
    /// Take back the last action.
    Undo,
    /// Play again what was taken back.
    Redo,
    /// Resign.
    Resign,
    /// Offer a draw; the shortcuts that answer it, to be said.
    OfferDraw([String; 2]),
    /// Answer the standing draw offer.
    AnswerDraw {
        /// Accept it.
        accept: bool,
        /// Who answers.
        by: Mover,
    },
    /// Who plays White and Black.
    Players([Player; 2]),
    /// A new game, an opened or a resumed one.
    Replace(Box<Document>, Replaced),
    /// The game was written to a file.
    Saved {
        /// The file.
        path: std::path::PathBuf,
        /// The tags written.
        tags: Vec<(String, String)>,
        /// Where the game stands in the file now.
        place: crate::collection::Place,
    },
    /// Show another position of the game.
    Look(Target),
    /// The clocks at this moment: a threshold to say, or a flag fallen.
    Tick(std::time::Instant),
    /// Pause the clocks, or run them again.
    PauseClock(std::time::Instant),
    /// A move at a place of the game's earlier positions or of a variation, played in a
    /// variation: a new one, or added to the one there (in place of its later moves, with
    /// `replace`).
    Vary {
        /// Where.
        spot: Spot,
        /// The move.
        mv: Move,
        /// Its later moves go.
        replace: bool,
    },
    /// Delete the variation of these branches.
    RemoveVariation(Vec<Branch>),
    /// Make the variation of these branches the line it hangs from.
    PromoteVariation(Vec<Branch>),
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
        match self {
            Change::Play { by, .. }
            | Change::AnswerDraw { by, .. }
            | Change::Claim(by)
            | Change::Huff(_, by) => *by == Mover::Person,
            Change::Tick(_) => false,
            Change::Undo
            | Change::Redo
            | Change::Resign
            | Change::OfferDraw(_)
            | Change::Players(_)
            | Change::Replace(..)
            | Change::Saved { .. }
            | Change::Look(_)
            | Change::PauseClock(_)
            | Change::Vary { .. }
            | Change::RemoveVariation(_)
            | Change::PromoteVariation(_) => true,
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
    /// Applies `change` and does what follows it (see the module's documentation).
    pub(super) fn apply(&mut self, change: Change) {
        let (revision, play_revision) = (self.doc.revision(), self.doc.play_revision());
        let interrupt = change.interrupts();
        let replacing = matches!(change, Change::Replace(..));
        let problem = matches!(change, Change::Replace(_, Replaced::Problem { .. }));
        let offering = matches!(change, Change::OfferDraw(..));
        // Looking back while the computer moves, the board stays on the position looked at:
        // the moves before it are as they were.
        let keeps_view = matches!(
            change,
            Change::Play {
                by: Mover::Computer,
                ..
            }
        );
        let claiming = matches!(change, Change::Claim(_));
        let varied = match &change {
            Change::Vary { spot, .. } => Some(Varied::Vary(spot.clone())),
            Change::RemoveVariation(branches) => Some(Varied::Removed(branches.clone())),
            Change::PromoteVariation(branches) => Some(Varied::Promoted(
                branches.clone(),
                self.view.variation.as_ref().map_or(1, |v| v.ply),
            )),
            _ => None,
        };
        let result: Applied = match change {
            Change::Play { mv, by } => {
                let from = match by {
                    Mover::Person => self.view.ply,
                    Mover::Computer => None,
                };
                self.doc.play(mv, from, by)
            }
            Change::Claim(by) => self.doc.claim(by),
            Change::Huff(sq, by) => self.doc.huff(sq, by),
            Change::Undo => self.doc.undo(),
            Change::Redo => self.doc.redo(),
            Change::Resign => self.doc.resign(),
            Change::OfferDraw(keys) => self.doc.offer_draw(keys),
            Change::AnswerDraw { accept, by } => self.doc.answer_draw(accept, by),
            Change::Players(players) => self.doc.set_players(players),
            Change::Replace(doc, how) => self.doc.replace(*doc, how),
            Change::Saved { path, tags, place } => self.doc.saved(path, tags, place),
            Change::Look(target) => self.look(target),
            Change::Tick(now) => self.doc.tick(now),
            Change::PauseClock(now) => self.doc.toggle_pause(now),
            Change::Vary { spot, mv, replace } => {
                self.doc.vary(&spot.branches, spot.ply, mv, replace)
            }
            Change::RemoveVariation(branches) => self.doc.remove_variation(&branches),
            Change::PromoteVariation(branches) => self.doc.promote_variation(&branches),
        };
        let events = match result {
            Ok(events) => events,
            Err(problem) => {
                self.complain(&problem);
                return;
            }
        };
        if self.doc.play_revision() != play_revision {
            self.doc.follow_clock(std::time::Instant::now());
        }
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
                self.refresh_variation();
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
            self.after_varying(varied, &events);
        }
        if replacing {
            // A game started from the editor's position, or another one: the editor is done.
            self.editor = None;
            self.forget_analysis();
            if !problem {
                self.exercises = None;
            }
        }
        let mut recent = None;
        for e in &events {
            match e {
                Event::Moved { mv, .. } if self.view.ply.is_none() => {
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
        if solver_moved && self.exercises.is_some() {
            let ply = self.doc.game().moves().len().saturating_sub(1);
            self.judge_problem_move(ply);
        }
        if let Some(path) = recent {
            self.settings.add_recent(&path);
            self.save_settings();
        }
    }

    /// Shows another position of the game or of its variations (no change of the game).
    pub(super) fn look(&mut self, target: Target) -> Applied {
        match target {
            Target::Variation(spot) => return self.show_spot(spot),
            Target::Sibling(forward) => return self.sibling(forward),
            Target::Back | Target::Forward if self.view.variation.is_some() => {
                return self.step_in_variation(target == Target::Forward);
            }
            _ => {}
        }
        // The game's own moves: a variation shown is left.
        let leaving = self.view.variation.take();
        let result = self.look_in_game(target, leaving.is_some());
        if result.is_err() {
            self.view.variation = leaving;
        }
        result
    }

    fn look_in_game(&mut self, target: Target, leaving: bool) -> Applied {
        let game = self.doc.game();
        let plies = game.moves().len();
        let now = self.view.ply;
        let to = match target {
            Target::Start if plies == 0 && leaving => None,
            Target::Start if plies == 0 || (now == Some(0) && !leaving) => {
                return Err(Problem::AtStart);
            }
            Target::Start => Some(0),
            Target::Back => match now.unwrap_or(plies) {
                0 => return Err(Problem::AtStart),
                p => Some(p - 1),
            },
            Target::Forward => match now {
                None => return Err(Problem::AtLive),
                Some(p) => Some(p + 1),
            },
            Target::Live if now.is_none() => return Err(Problem::AtLive),
            Target::Live => None,
            Target::Ply(p) if p >= plies && now.is_none() => return Err(Problem::AtLive),
            Target::Ply(p) => Some(p),
            Target::Variation(_) | Target::Sibling(_) => unreachable!("looked at above"),
        }
        .filter(|&p| p < plies);
        let entered = now.is_none() && to.is_some();
        // The position after ply `ply`, as stepping onto it says it.
        let after = |ply: usize, entered: bool| Look::After {
            ply,
            plies,
            number: game.number_of_move(ply - 1),
            before: *game.position_at(ply - 1).expect("a position per move"),
            mv: game.moves()[ply - 1],
            entered,
            mark: self
                .view
                .review
                .as_ref()
                .and_then(|r| r.get(ply - 1))
                .map(|j| j.mark)
                .filter(|&m| m != Mark::Good),
        };
        let look = match to {
            // Stepped forward onto the last move: that move, and that this is the game now.
            None if matches!(target, Target::Forward) && plies > 0 => Look::Live {
                onto: Some(Box::new(after(plies, false))),
            },
            None => Look::Live { onto: None },
            Some(0) => Look::Start { plies, entered },
            Some(ply) => after(ply, entered),
        };
        self.view.picker.clear();
        self.view.ply = to;
        let mut events = vec![Event::Looked(look)];
        let spot = Spot {
            branches: Vec::new(),
            ply: to.unwrap_or(plies),
        };
        if to.is_some() {
            events.extend(self.doc.note(&[], spot.ply).cloned().map(Event::Note));
        }
        events.extend(self.choices(&spot));
        Ok(events)
    }

    /// Does what a command of the command table (menu item, shortcut, button) asks.
    pub(super) fn run(&mut self, ctx: &Context, c: Command) {
        let lang = self.lang();
        // What the menus grey is refused here, with the reason said.
        if let Err(problem) = self.availability(c) {
            self.complain(&problem);
            return;
        }
        match c {
            Command::EditPosition => self.open_editor(ctx),
            Command::PlayFromEditor => self.play_from_editor(),
            Command::NewGame => self.open_new_game(None, None),
            Command::Open => self.guard(Pending::Open),
            Command::Save => match self.doc.file().map(|f| f.to_path_buf()) {
                Some(path) => {
                    let next = self.save_or_confirm(path, None);
                    self.dialogs.set(next);
                }
                None => self
                    .dialogs
                    .open(Dialog::SavePath(self.suggested_path(), None)),
            },
            Command::SaveAs => self
                .dialogs
                .open(Dialog::SavePath(self.suggested_path(), None)),
            // Unsaved work is asked about before the window is asked to close.
            Command::Quit if self.doc.is_dirty() => {
                self.dialogs.open(Dialog::Unsaved(Pending::Quit));
            }
            Command::Quit => ctx.send_viewport_cmd(ViewportCommand::Close),
            Command::Undo => self.apply(Change::Undo),
            Command::Redo => self.apply(Change::Redo),
            Command::FlipBoard => {
                self.settings.flipped = !self.settings.flipped;
                let black_at_bottom = self.settings.flipped;
                self.tell(&[Event::Flipped { black_at_bottom }], true);
                self.save_settings();
            }
            Command::BoardText => {
                let focused = self.focus_outside_menus();
                let inside = focused.is_some_and(|id| self.board_text_rows.contains(&id));
                let shown = !(self.settings.board_text && inside);
                self.settings.board_text = shown;
                if shown {
                    self.focus_board_text = true;
                } else {
                    self.focus_board(ctx);
                }
                self.tell(&[Event::BoardText { shown }], true);
                self.save_settings();
            }
            Command::Settings => self.dialogs.open(Dialog::Settings),
            Command::Resign => match self.doc.game().outcome() {
                None => self.dialogs.open(Dialog::ConfirmResign),
                Some(_) => self.complain(&Problem::Game(GameError::GameOver)),
            },
            Command::OfferDraw => {
                let keys = self.draw_answer_keys();
                self.apply(Change::OfferDraw(keys));
            }
            Command::AcceptDraw => self.apply(Change::AnswerDraw {
                accept: true,
                by: Mover::Person,
            }),
            Command::DeclineDraw => self.apply(Change::AnswerDraw {
                accept: false,
                by: Mover::Person,
            }),
            Command::NextVariation => self.apply(Change::Look(Target::Sibling(true))),
            Command::PreviousVariation => self.apply(Change::Look(Target::Sibling(false))),
            Command::PromoteVariation => self.promote_variation(),
            Command::DeleteVariation => self.ask_remove_variation(),
            Command::FirstPosition => self.apply(Change::Look(Target::Start)),
            Command::PreviousPosition => self.apply(Change::Look(Target::Back)),
            Command::NextPosition => self.apply(Change::Look(Target::Forward)),
            Command::LivePosition => self.apply(Change::Look(Target::Live)),
            Command::RepeatLastMove => {
                let text = phrases::last_move(lang, self.settings.notation, self.doc.game());
                self.announce(text, false, true);
            }
            Command::ReadPosition => {
                let text = phrases::position(lang, self.shown_position());
                self.announce(text, false, true);
            }
            Command::ReadMoves => {
                let pos = *self.shown_position();
                let moves = self.moves_shown();
                let rules = match &self.editor {
                    Some(editor) => editor.variant.rules(),
                    None => self.doc.game().rules(),
                };
                let text = phrases::legal_moves(lang, self.settings.notation, &pos, rules, &moves);
                self.announce(text, false, true);
            }
            Command::ReadMaterial => {
                let text = phrases::material(lang, self.shown_position());
                self.announce(text, false, true);
            }
            Command::WhoseTurn => {
                let game = self.doc.game();
                let text = match game.outcome() {
                    _ if self.editor.is_some() => {
                        phrases::to_move(lang, self.shown_position().side_to_move())
                    }
                    Some(o) => phrases::outcome(lang, o),
                    None => phrases::to_move(lang, game.position().side_to_move()),
                };
                self.announce(text, false, true);
            }
            Command::ReadMoveList => {
                let text = phrases::move_list(
                    lang,
                    self.settings.notation,
                    self.doc.game(),
                    self.doc.variations(),
                );
                self.announce(text, false, true);
            }
            Command::MoveField => {
                // The screen reader reads the field the focus moves to, its name and its
                // example ("Tah, vstupní pole, např. 32-28"): the instruction is not handed to
                // it as well. Already in the field, the focus says nothing: it is.
                let moving = ctx.memory(|m| m.focused()) != Some(super::move_field_id());
                self.focus_move_field = true;
                let text = phrases::events(&self.words(), &[Event::MoveField]);
                self.say(text, false, true, moving);
            }
            Command::NextRegion => self.next_region(ctx, true),
            Command::PreviousRegion => self.next_region(ctx, false),
            Command::Help => self.dialogs.open(Dialog::Help),
            Command::Claim => {
                self.apply(Change::Claim(Mover::Person));
                // The piece to remove is chosen on the board: the focus goes there, on the
                // first of them (from the move field, Escape would cancel the choice).
                if let Some(first) = self.view.offenders.and_then(|o| o.iter().next()) {
                    self.view.cursor = Some(first);
                    self.focus_board(ctx);
                }
            }
            Command::Hint if self.exercises.is_some() => self.problem_hint(),
            Command::Hint => self.ask_hint(ctx),
            Command::NextProblem => self.step_problem(true),
            Command::PreviousProblem => self.step_problem(false),
            Command::Analysis => self.toggle_analysis(),
            Command::PauseClock => self.apply(Change::PauseClock(std::time::Instant::now())),
            Command::SayClocks => match self.doc.clocks(std::time::Instant::now()) {
                Ok(events) => self.tell(&events, true),
                Err(problem) => self.complain(&problem),
            },
            Command::SayAnalysis => self.say_analysis(),
            Command::ReviewGame => self.review_game(ctx),
            Command::NextMistake => self.next_mistake(),
            Command::CopyPosition => {
                let fen = self.shown_position().fen();
                ctx.copy_text(fen.clone());
                self.tell(&[Event::PositionCopied(fen)], true);
            }
            Command::PastePosition => {
                self.paste_wait = Some(0);
                ctx.send_viewport_cmd(ViewportCommand::RequestPaste);
                ctx.request_repaint();
            }
        }
    }
}
