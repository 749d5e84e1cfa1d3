//! What the commands of the table ([`super::command`]) do: where the menus show them
//! ([`MENUS`]), whether one can be used now and why not ([`DamaApp::availability`]: the one
//! answer the menus, the help, the shortcuts and `run` take), and what it does
//! ([`DamaApp::run`]).

use eframe::egui::{Context, ViewportCommand};

use super::change::{Change, Target};
use super::command::Command;
use super::{DamaApp, Dialog, Pending};
use crate::game::event::{Event, Info, Mover, Problem};
use crate::rules::GameError;
use crate::speech::phrases;
use crate::ui::document::DocChange;
use crate::ui::i18n::T;

/// How many half-moves "the last moves" says: the last five moves of each side.
const LAST_MOVES: usize = 10;

/// The menus of the bar, in its order: each its title and its groups of commands, with a
/// separator between groups. A command is in a menu where it is placed here; the recent files
/// follow [`Command::Open`] as a submenu.
pub(super) const MENUS: [(T, &[&[Command]]); 4] = {
    use Command::*;
    [
        (
            T::Game,
            &[
                &[NewGame, Open, Save, SaveAs],
                &[
                    Claim,
                    Hint,
                    NextProblem,
                    PreviousProblem,
                    SayClocks,
                    PauseClock,
                    Analysis,
                    SayAnalysis,
                    ReviewGame,
                    NextMistake,
                    OfferDraw,
                    AcceptDraw,
                    DeclineDraw,
                    Resign,
                ],
                &[Quit],
            ],
        ),
        (
            T::Edit,
            &[
                &[Undo, Redo],
                &[CopyPosition, PastePosition, EditPosition, PlayFromEditor],
                &[PromoteVariation, DeleteVariation],
                &[MoveField, NextRegion, PreviousRegion],
                &[Settings, Endgames],
            ],
        ),
        (
            T::View,
            &[
                &[FlipBoard, BoardText],
                &[
                    FirstPosition,
                    PreviousPosition,
                    NextPosition,
                    LivePosition,
                    NextVariation,
                    PreviousVariation,
                ],
                &[
                    RepeatLastMove,
                    ReadPosition,
                    ReadMoves,
                    ReadMaterial,
                    WhoseTurn,
                    ReadMoveList,
                    SayGameInfo,
                ],
                &[
                    MustCapture,
                    MyPieces,
                    OtherPieces,
                    PieceMoves,
                    LastMoves,
                    GoToSquare,
                ],
                &[RepeatAnnouncement, AnnouncementHistory],
            ],
        ),
        (T::Help, &[&[Help, Learn]]),
    ]
};

/// Whether a command can be used now, and why not: the one answer the menus (an item greyed),
/// the keyboard help (a line marked unavailable), the shortcuts and [`DamaApp::run`] (the
/// reason said) all take, so that what looks usable is used and what is refused was shown so.
impl DamaApp {
    /// Whether `c` is on (`Some(true)`) or off where its menu entry shows a state.
    pub(super) fn checked(&self, c: Command) -> Option<bool> {
        match c {
            Command::BoardText => Some(self.settings.board_text),
            Command::NewGame
            | Command::Open
            | Command::Save
            | Command::SaveAs
            | Command::Quit
            | Command::Undo
            | Command::Redo
            | Command::FlipBoard
            | Command::Settings
            | Command::Endgames
            | Command::Resign
            | Command::OfferDraw
            | Command::AcceptDraw
            | Command::DeclineDraw
            | Command::FirstPosition
            | Command::PreviousPosition
            | Command::NextPosition
            | Command::LivePosition
            | Command::NextVariation
            | Command::PreviousVariation
            | Command::PromoteVariation
            | Command::DeleteVariation
            | Command::RepeatLastMove
            | Command::ReadPosition
            | Command::ReadMoves
            | Command::ReadMaterial
            | Command::WhoseTurn
            | Command::ReadMoveList
            | Command::SayGameInfo
            | Command::LastMoves
            | Command::RepeatAnnouncement
            | Command::AnnouncementHistory
            | Command::MustCapture
            | Command::MyPieces
            | Command::OtherPieces
            | Command::PieceMoves
            | Command::GoToSquare
            | Command::MoveField
            | Command::NextRegion
            | Command::PreviousRegion
            | Command::Help
            | Command::Learn
            | Command::Claim
            | Command::Hint
            | Command::NextProblem
            | Command::PreviousProblem
            | Command::SayClocks
            | Command::PauseClock
            | Command::Analysis
            | Command::SayAnalysis
            | Command::ReviewGame
            | Command::NextMistake
            | Command::CopyPosition
            | Command::PastePosition
            | Command::EditPosition
            | Command::PlayFromEditor => None,
        }
    }

    /// `Ok` when `c` can be used now; else the problem said when it is tried. `run` asks it
    /// before a command's own code, which does not check again (a hint or a review starts
    /// the computer thinking once this has let it through).
    pub(super) fn availability(&self, c: Command) -> Result<(), Problem> {
        let game = self.doc.game();
        let over = game.outcome().is_some();
        // The game waits behind the position editor: what plays, looks at or judges the game
        // is refused while it is open.
        let game_only = || {
            if self.editor.is_open() {
                Err(Problem::Editing)
            } else {
                Ok(())
            }
        };
        let check = |refused: bool, problem: Problem| if refused { Err(problem) } else { Ok(()) };
        match c {
            // A second save would race the one in the background, another game would take
            // its place; closing waits for it.
            Command::NewGame | Command::Open | Command::Save | Command::SaveAs | Command::Learn => {
                check(self.saving.job.is_some(), Problem::SaveUnderWay)
            }
            Command::Quit
            | Command::FlipBoard
            | Command::BoardText
            | Command::Settings
            | Command::RepeatLastMove
            | Command::ReadPosition
            | Command::ReadMoves
            | Command::ReadMaterial
            | Command::WhoseTurn
            | Command::ReadMoveList
            | Command::SayGameInfo
            | Command::RepeatAnnouncement
            | Command::AnnouncementHistory
            | Command::MustCapture
            | Command::MyPieces
            | Command::OtherPieces
            | Command::PieceMoves
            | Command::GoToSquare
            | Command::NextRegion
            | Command::PreviousRegion
            | Command::Help
            | Command::Analysis
            | Command::SayAnalysis
            | Command::CopyPosition
            | Command::PastePosition
            | Command::EditPosition => Ok(()),
            Command::Endgames => check(
                crate::rules::Variant::preset_of(game.rules()).is_none(),
                Problem::NoEndgames,
            ),
            Command::PlayFromEditor => check(!self.editor.is_open(), Problem::NotEditing),
            Command::FirstPosition
            | Command::PreviousPosition
            | Command::NextPosition
            | Command::LivePosition
            | Command::MoveField => game_only(),
            Command::Undo => {
                game_only()?;
                check(!game.can_undo(), Problem::Game(GameError::NothingToUndo))
            }
            Command::Redo => {
                game_only()?;
                // A lesson's wrong move, taken back, does not come back.
                check(
                    !game.can_redo() || self.learning.is_open(),
                    Problem::Game(GameError::NothingToRedo),
                )
            }
            Command::Resign | Command::OfferDraw => {
                game_only()?;
                check(over, Problem::Game(GameError::GameOver))
            }
            Command::AcceptDraw | Command::DeclineDraw => {
                game_only()?;
                check(self.doc.draw_offer().is_none(), Problem::NoDrawOffer)?;
                check(!self.person_answers_draw(), Problem::NotYourDrawAnswer)
            }
            Command::Claim => {
                game_only()?;
                check(
                    self.doc.computer_to_move().is_some(),
                    Problem::ComputerToMove,
                )?;
                check(
                    game.claim_offer().is_none(),
                    Problem::Game(GameError::NoClaim),
                )
            }
            // A problem's hint is the solution's next move, over or not; a lesson's its own.
            Command::Hint if self.exercises.is_open() || self.learning.is_open() => game_only(),
            Command::Hint => {
                game_only()?;
                check(over, Problem::NoHint)?;
                check(
                    self.doc.computer_to_move().is_some(),
                    Problem::ComputerToMove,
                )?;
                check(self.computer.is_busy(), Problem::StillThinking)
            }
            Command::NextProblem | Command::PreviousProblem => check(
                !self.exercises.is_open() && !self.learning.is_open(),
                Problem::NoProblems,
            ),
            Command::SayClocks | Command::PauseClock => {
                check(self.doc.clock().is_none(), Problem::NoClock)
            }
            Command::ReviewGame => {
                game_only()?;
                check(game.moves().is_empty(), Problem::NothingToReview)?;
                check(self.computer.is_busy(), Problem::StillThinking)
            }
            // The game's moves: none in the editor.
            Command::LastMoves => game_only(),
            Command::NextMistake => {
                game_only()?;
                let key = || self.shortcut_text(Command::ReviewGame);
                match self.view.review {
                    Some(_) => Ok(()),
                    None => Err(Problem::NotReviewed(key())),
                }
            }
            Command::NextVariation | Command::PreviousVariation => {
                game_only()?;
                check(!self.doc.has_variations(), Problem::NoVariation)
            }
            Command::PromoteVariation | Command::DeleteVariation => {
                game_only()?;
                check(self.view.variation.is_none(), Problem::NotInVariation)
            }
        }
    }
}

/// What each command does.
impl DamaApp {
    /// Does what a command of the command table (menu item, shortcut, button) asks.
    pub(super) fn run(&mut self, ctx: &Context, c: Command) {
        // What the menus grey is refused here, with the reason said.
        if let Err(problem) = self.availability(c) {
            self.complain(&problem);
            return;
        }
        let lesson = self.learning.at();
        self.run_unjudged(ctx, c);
        if let Some(at) = lesson {
            self.feature(|a| &mut a.learning, |l, cx| l.judge_command(cx, c, at));
        }
    }

    /// What command `c` does (it may be used now).
    fn run_unjudged(&mut self, ctx: &Context, c: Command) {
        let lang = self.lang();
        match c {
            Command::EditPosition => {
                let shown = *self.shown_position();
                self.feature(|a| &mut a.editor, |e, cx| e.open(cx, ctx, &shown));
            }
            Command::PlayFromEditor => self.feature(|a| &mut a.editor, |e, cx| e.new_game(cx)),
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
            // In a lesson the task starts again.
            Command::Undo if self.learning.is_open() => {
                self.feature(|a| &mut a.learning, |l, cx| l.learn(cx))
            }
            Command::Undo => self.apply(DocChange::Undo),
            Command::Redo => self.apply(DocChange::Redo),
            Command::FlipBoard => {
                self.settings.flipped = !self.settings.flipped;
                let black_at_bottom = self.settings.flipped;
                self.tell(&[Event::Flipped { black_at_bottom }], true);
                self.save_settings();
            }
            Command::BoardText => {
                let focused = self.focus_outside_menus();
                let inside = focused.is_some_and(|id| self.input.board_text_rows.contains(&id));
                let shown = !(self.settings.board_text && inside);
                self.settings.board_text = shown;
                if shown {
                    self.input.focus_board_text = true;
                } else {
                    self.focus_board(ctx);
                }
                self.tell(&[Event::BoardText { shown }], true);
                self.save_settings();
            }
            Command::Settings => self.dialogs.open(Dialog::Settings),
            Command::Endgames => self.dialogs.open(Dialog::Endgames(None)),
            Command::Resign => match self.doc.game().outcome() {
                None => self.dialogs.open(Dialog::ConfirmResign),
                Some(_) => self.complain(&Problem::Game(GameError::GameOver)),
            },
            Command::OfferDraw => {
                let keys = self.draw_answer_keys();
                self.apply(DocChange::OfferDraw(keys));
            }
            Command::AcceptDraw => self.apply(DocChange::AnswerDraw {
                accept: true,
                by: Mover::Person,
            }),
            Command::DeclineDraw => self.apply(DocChange::AnswerDraw {
                accept: false,
                by: Mover::Person,
            }),
            Command::NextVariation => self.apply(Change::Look(Target::Sibling(true))),
            Command::PreviousVariation => self.apply(Change::Look(Target::Sibling(false))),
            Command::PromoteVariation => self.feature(|a| &mut a.variations, |v, cx| v.promote(cx)),
            Command::DeleteVariation => {
                self.feature(|a| &mut a.variations, |v, cx| v.ask_remove(cx))
            }
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
                let rules = match self.editor.editor() {
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
                    _ if self.editor.is_open() => {
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
                    &self.doc.variations(),
                );
                self.announce(text, false, true);
            }
            Command::SayGameInfo => {
                let game = self.doc.game();
                let stand = match game.outcome() {
                    Some(o) => Err(o),
                    None => Ok((
                        game.number_of_move(game.moves().len()),
                        game.position().side_to_move(),
                    )),
                };
                let place = self.doc.place().filter(|p| p.in_collection());
                let info = Info::Game {
                    players: self.doc.computer_levels(),
                    stand,
                    file: self
                        .doc
                        .file()
                        .map(|f| (f.to_path_buf(), place.map(|p| (p.number, p.games)))),
                    unsaved: self.doc.is_dirty(),
                };
                self.tell(&[Event::Info(info)], true);
            }
            Command::RepeatAnnouncement => self.repeat_announcement(),
            Command::AnnouncementHistory if self.announcer.history().next().is_none() => {
                self.tell(&[Event::Info(Info::NothingSaid)], true);
            }
            Command::AnnouncementHistory => {
                let lines = self.announcer.history().map(|n| n.text.clone()).collect();
                self.dialogs.open(Dialog::History(lines));
            }
            Command::MustCapture => {
                let before = *self.shown_position();
                let moves = before
                    .legal_moves(self.words().rules)
                    .into_iter()
                    .filter(|m| m.is_capture())
                    .collect();
                // A variation and the editor's position are lines considered, not played under
                // table rules.
                let table =
                    self.table_rules() && !self.editor.is_open() && self.view.variation.is_none();
                let info = Info::Captures {
                    before,
                    moves,
                    table,
                };
                self.tell(&[Event::Info(info)], true);
            }
            Command::MyPieces | Command::OtherPieces => {
                let pos = *self.shown_position();
                let side = phrases::asked_side(&pos, c == Command::MyPieces);
                self.tell(&[Event::Info(Info::Pieces { pos, side })], true);
            }
            Command::PieceMoves => {
                let before = *self.shown_position();
                let square = self.cursor_square();
                let moves = self
                    .moves_shown()
                    .into_iter()
                    .filter(|m| m.from() == square)
                    .collect();
                let info = Info::PieceMoves {
                    before,
                    square,
                    moves,
                };
                self.tell(&[Event::Info(info)], true);
            }
            Command::LastMoves => {
                let game = self.doc.game();
                let end = self.view.ply.unwrap_or(game.moves().len());
                let offset = game.first_ply();
                let played = (end.saturating_sub(LAST_MOVES)..end)
                    .filter_map(|i| {
                        let before = *game.position_at(i)?;
                        Some((i + offset, before, *game.moves().get(i)?))
                    })
                    .collect();
                self.tell(&[Event::Info(Info::LastMoves(played))], true);
            }
            Command::GoToSquare => {
                self.focus_board(ctx);
                self.input.square_typed.clear();
                self.tell(&[Event::Info(Info::TypeSquare)], true);
            }
            Command::MoveField => {
                // The screen reader reads the field the focus moves to, its name and its
                // example ("Tah, vstupní pole, např. 32-28"): the instruction is not handed to
                // it as well. Already in the field, the focus says nothing: it is.
                let moving = ctx.memory(|m| m.focused()) != Some(super::move_field_id());
                self.input.focus_move_field = true;
                let text = phrases::events(&self.words(), &[Event::MoveField]);
                self.say(text, false, true, moving);
            }
            Command::NextRegion => self.next_region(ctx, true),
            Command::PreviousRegion => self.next_region(ctx, false),
            Command::Help => self.dialogs.open(Dialog::Help),
            Command::Claim => {
                self.apply(DocChange::Claim(Mover::Person));
                // The piece to remove is chosen on the board: the focus goes there, on the
                // first of them (from the move field, Escape would cancel the choice).
                if let Some(first) = self.view.offenders.and_then(|o| o.iter().next()) {
                    self.view.cursor = Some(first);
                    self.focus_board(ctx);
                }
            }
            Command::Hint if self.learning.is_open() => {
                self.feature(|a| &mut a.learning, |l, cx| l.hint(cx))
            }
            Command::Hint if self.exercises.is_open() => {
                self.feature(|a| &mut a.exercises, |p, cx| p.hint(cx))
            }
            Command::Hint => self.ask_hint(ctx),
            Command::NextProblem if self.learning.is_open() => {
                self.feature(|a| &mut a.learning, |l, cx| l.step(cx, true))
            }
            Command::PreviousProblem if self.learning.is_open() => {
                self.feature(|a| &mut a.learning, |l, cx| l.step(cx, false))
            }
            Command::NextProblem => self.feature(|a| &mut a.exercises, |p, cx| p.step(cx, true)),
            Command::PreviousProblem => {
                self.feature(|a| &mut a.exercises, |p, cx| p.step(cx, false))
            }
            // A lesson replaces the game: unsaved changes are asked about first.
            Command::Learn if !self.learning.is_open() => self.guard(Pending::Learn),
            Command::Learn => self.feature(|a| &mut a.learning, |l, cx| l.learn(cx)),
            Command::Analysis => self.toggle_analysis(),
            Command::PauseClock => self.apply(DocChange::PauseClock(std::time::Instant::now())),
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
                self.input.paste_wait = Some(0);
                ctx.send_viewport_cmd(ViewportCommand::RequestPaste);
                ctx.request_repaint();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_is_in_one_menu_once() {
        for &c in Command::ALL {
            let places = MENUS
                .iter()
                .flat_map(|(_, groups)| groups.iter())
                .flat_map(|group| group.iter())
                .filter(|&&m| m == c)
                .count();
            assert_eq!(places, 1, "{c:?} is in {places} places of the menus");
        }
    }
}
