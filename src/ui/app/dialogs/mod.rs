//! The dialogs on top of the window. The host (`host.rs`) holds which one is open and does
//! what every dialog does alike: a modal of its own for each opening, the focus taken in a
//! frame after it opened and given back as it closes, Tab kept inside, Escape to cancel, what
//! it asks said as it opens. Each dialog is a type of its own behind [`DialogUi`]: drawn from
//! its data, it answers with a value of its own answer enum, and [`DamaApp::dialogs`] acts on
//! the answer through the one change path. `new_game.rs`, `settings.rs`: the forms;
//! `file_questions.rs`: paths, replacing, choosing a game, a file changed on disk, unsaved
//! changes; `questions.rs`: resigning, a move at an earlier position, deleting a variation,
//! resuming; `help.rs`: the keyboard help; `widgets.rs`: the row of answers, combo boxes and
//! the rest the dialogs are made of.

mod endgames;
mod file_questions;
mod help;
mod host;
pub(super) mod new_game;
mod questions;
mod settings;
mod widgets;

use std::path::{Path, PathBuf};

use eframe::egui::{self, Context, Ui};

pub(super) use self::host::DialogHost;
pub(super) use self::questions::ResumeAnswer;
pub(super) use self::widgets::{combo, radio_group};

use self::endgames::{EndgamesAnswer, EndgamesView, SaidOfEndgames};
use self::file_questions::{
    ChangedAnswer, ChangedOnDiskQuestion, ChooseAnswer, ChooseGameList, GoneAnswer,
    GoneFromDiskQuestion, OpenPathForm, PathAnswer, ReplaceAnswer, ReplaceQuestion, SavePathForm,
    UnsavedAnswer, UnsavedQuestion,
};
use self::help::{HelpAnswer, HelpList, HistoryList};
use self::host::Opening;
use self::new_game::{NewGameAnswer, NewGameView};
use self::questions::{
    BranchAnswer, BranchQuestion, RemoveVariationAnswer, RemoveVariationQuestion, ResignAnswer,
    ResignQuestion, ResumeQuestion,
};
use self::settings::{SettingsAnswer, SettingsForm};
use super::{DamaApp, NewGameForm, Pending};
use crate::game::event::{Event, Mover, Problem};
use crate::rules::Move;
use crate::speech::phrases;
use crate::store::storage;
use crate::ui::Command;
use crate::ui::document::DocChange;
use crate::ui::i18n::{Language, T};
use crate::ui::settings::Settings;

/// A dialog on top of the window.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// Rule set, options and names.
    NewGame(Box<NewGameForm>),
    /// A path to open, typed or browsed.
    OpenPath(String),
    /// A path to save to, and what waits for the game to be saved ("save changes?" answered
    /// Save for a game without a file).
    SavePath(String, Option<Pending>),
    /// "Replace the file?": the path chosen holds another file, or a read-only one; what waits
    /// for the save, and how many games the file holds (a file of games can take the game
    /// after its last instead).
    ConfirmReplace(PathBuf, Option<Pending>, usize),
    /// Several games in a file: which one; the games that cannot be opened, and how many more
    /// the file has that are not offered.
    ChooseGame(PathBuf, crate::store::game_file::FileGames),
    /// "The file has changed on disk": another program or window changed the game's file since
    /// it was read or saved. Save as, overwrite, reload (or go on without saving, before what
    /// waits), or cancel.
    ChangedOnDisk(PathBuf, Option<Pending>),
    /// "The file no longer exists": the game's file was deleted or moved since it was read or
    /// saved. Save it there again, save as, (go on without saving, before what waits), or
    /// cancel.
    GoneFromDisk(PathBuf, Option<Pending>),
    /// Save, discard or cancel before `Pending`.
    Unsaved(Pending),
    /// "Really resign?"
    ConfirmResign,
    /// Preferences.
    Settings,
    /// The endgame databases of the game's rule set, with what the screen reader was last given
    /// as its description (see `EndgamesView::spoken`).
    Endgames(Option<SaidOfEndgames>),
    /// The keyboard shortcuts.
    Help,
    /// What was said before it opened, newest first (its own title is not among them).
    History(Vec<String>),
    /// "Resume the interrupted game?": this window's own or another window's (see
    /// [`crate::store::autosave::Autosave::others`]).
    Resume(Box<crate::store::autosave::Interrupted>),
    /// A move at an earlier position: a new variation, or in place of the later moves.
    Branch {
        /// Where it is played.
        spot: crate::ui::game_view::Spot,
        /// The move.
        mv: Move,
        /// What the dialog asks.
        question: String,
    },
    /// "Delete the variation?": its branches, and the question.
    RemoveVariation(Vec<crate::rules::Branch>, String),
}

impl Dialog {
    /// How Escape (or a click beside the dialog) leaves it unanswered: closed where nothing
    /// was asked, cancelled where something was; `None` for the resume question, which must be
    /// answered (Escape would leave the game neither resumed nor put aside).
    fn left_by_escape(&self) -> Option<Event> {
        match self {
            Dialog::Help | Dialog::History(_) | Dialog::Settings | Dialog::Endgames(_) => {
                Some(Event::Closed)
            }
            Dialog::NewGame(_)
            | Dialog::OpenPath(_)
            | Dialog::SavePath(..)
            | Dialog::ConfirmReplace(..)
            | Dialog::ChooseGame(..)
            | Dialog::ChangedOnDisk(..)
            | Dialog::GoneFromDisk(..)
            | Dialog::Unsaved(_)
            | Dialog::ConfirmResign
            | Dialog::Branch { .. }
            | Dialog::RemoveVariation(..) => Some(Event::Cancelled),
            Dialog::Resume(_) => None,
        }
    }
}

/// What a dialog is drawn with in a frame.
#[derive(Clone, Copy, Debug)]
pub(super) struct DialogFrame {
    /// The window's language.
    pub lang: Language,
    /// Frames the dialog has been shown before this one (0: it has just opened).
    pub frames: u32,
    /// The room the window leaves the dialog.
    pub room: egui::Vec2,
}

impl DialogFrame {
    /// Whether the focus goes into the dialog now: once it is drawn where it stays, in its
    /// second frame (egui lays a new dialog out unseen first, and a screen reader would lose
    /// the focus with that first layout).
    pub fn focus_now(&self) -> bool {
        self.frames == 1
    }
}

/// A dialog: drawn from its data, it answers what the person chose. The window acts on the
/// answer; the host does what every dialog does alike.
pub(super) trait DialogUi {
    /// What the person can answer.
    type Answer;

    /// The dialog's name: for the screen reader, and said first as it opens.
    fn title(&self, lang: Language) -> String;

    /// What it asks, where it asks something: its description for the screen reader, and
    /// said after its title as it opens.
    fn question(&self, _lang: Language) -> Option<String> {
        None
    }

    /// Draws the dialog's inside; the answer, in the frame it is given.
    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<Self::Answer>;
}

/// A dialog's title from its menu text (without the "…" of an item that opens a dialog).
fn title(t: T, lang: Language) -> String {
    t.get(lang).trim_end_matches('…').to_string()
}

/// What became of the dialog in a frame.
enum Outcome {
    /// Not answered yet: it stays.
    Open,
    /// Answered: it goes (or another that the answer opened takes its place).
    Answered,
    /// Answered, and this dialog follows, unless the answer opened another.
    Then(Dialog),
    /// Left without an answer: cancelled, or closed.
    Left(Event),
}

/// A dialog as it was shown in a frame: its title and question, its answer, and whether it
/// was asked to close (Escape, a click beside it).
struct Shown<A> {
    title: String,
    question: Option<String>,
    answer: A,
    close: bool,
}

impl<A> Shown<Option<A>> {
    /// What the answer, if one was given, does.
    fn then(self, act: impl FnOnce(A) -> Outcome) -> Shown<Outcome> {
        Shown {
            title: self.title,
            question: self.question,
            answer: self.answer.map_or(Outcome::Open, act),
            close: self.close,
        }
    }
}

/// Shows `view` in the dialog frame of `opening`.
fn present<D: DialogUi>(
    ctx: &Context,
    opening: Opening,
    at: &DialogFrame,
    view: D,
) -> Shown<Option<D::Answer>> {
    let title = view.title(at.lang);
    let question = view.question(at.lang);
    let (answer, close) = host::modal(ctx, opening, title.clone(), question.clone(), |ui| {
        view.show(ui, at)
    });
    Shown {
        title,
        question,
        answer,
        close,
    }
}

impl DamaApp {
    /// Draws the open dialog, and acts on its answer.
    pub(super) fn dialogs(&mut self, ctx: &Context) {
        let Some(mut dialog) = self.dialogs.take() else {
            // The next interrupted game is asked about in a dialog of its own, a frame later,
            // so that it opens, takes the focus and is read as new.
            if self.next_resume_question() {
                return;
            }
            self.dialogs.focus_again(ctx);
            return;
        };
        let opening = self.dialogs.begin(&dialog);
        if opening.fresh {
            self.dialogs.remember_focus(ctx);
        }
        let at = DialogFrame {
            lang: self.lang(),
            frames: opening.frames,
            room: host::room(ctx),
        };
        let shown = self.dialog_body(ctx, opening, &at, &mut dialog);
        if opening.fresh {
            // A dialog says what it asks as it opens, and takes the focus (given back when it
            // closes); the screen reader reads the dialog itself as the focus enters it.
            let text = phrases::events::join([shown.title, shown.question.unwrap_or_default()]);
            self.say(text, false, true, true);
        }
        let (mut keep, mut left) = match shown.answer {
            Outcome::Open => (Some(dialog), None),
            Outcome::Answered => (None, None),
            Outcome::Then(next) => (Some(next), None),
            Outcome::Left(event) => (None, Some(event)),
        };
        if shown.close
            && let Some(event) = keep.as_ref().and_then(Dialog::left_by_escape)
        {
            keep = None;
            left = Some(event);
        }
        if let Some(event) = left {
            self.tell(&[event], true);
        }
        if let Some(dialog) = keep {
            self.dialogs.keep(dialog);
        }
        if !self.dialogs.is_open() {
            // Back where the focus was, or to the board where it was nowhere. A game begun
            // or opened from the board goes on at its first piece that can move (the cursor
            // begins anew), not on the square of the game before.
            let id = match self.dialogs.give_focus_back(ctx) {
                Some(id) if self.view.cursor.is_some() || !self.is_square(id) => id,
                _ => self.focus_board(ctx),
            };
            self.dialogs.gave_focus_to(id);
        }
    }

    /// Shows `dialog` and acts on its answer.
    fn dialog_body(
        &mut self,
        ctx: &Context,
        opening: Opening,
        at: &DialogFrame,
        dialog: &mut Dialog,
    ) -> Shown<Outcome> {
        let lang = at.lang;
        match dialog {
            Dialog::NewGame(form) => {
                present(ctx, opening, at, NewGameView { form }).then(|answer| match answer {
                    NewGameAnswer::Start => self.start_from(form),
                    NewGameAnswer::Cancel => Outcome::Left(Event::Cancelled),
                })
            }
            Dialog::OpenPath(text) => {
                present(ctx, opening, at, OpenPathForm { text }).then(|answer| match answer {
                    PathAnswer::Chosen(path) => {
                        self.open_path(&path);
                        Outcome::Answered
                    }
                    PathAnswer::Cancel => Outcome::Left(Event::Cancelled),
                })
            }
            Dialog::SavePath(text, then) => {
                // A game of a collection: saved under the same name, it goes back in its place.
                let hint = match (self.doc.file(), self.doc.place()) {
                    (Some(file), Some(place)) if place.in_collection() => {
                        let place = phrases::game_of_file(lang, place.number, place.games, file);
                        Some(phrases::save_collection_hint(lang, &place))
                    }
                    _ => None,
                };
                let form = SavePathForm { text, hint };
                present(ctx, opening, at, form).then(|answer| match answer {
                    PathAnswer::Chosen(path) => match self.save_or_confirm(path, then.take()) {
                        Some(next) => Outcome::Then(next),
                        None => Outcome::Answered,
                    },
                    PathAnswer::Cancel => Outcome::Left(Event::Cancelled),
                })
            }
            Dialog::ConfirmReplace(path, then, games) => {
                let question = ReplaceQuestion {
                    path,
                    games: *games,
                };
                present(ctx, opening, at, question).then(|answer| {
                    let add = match answer {
                        ReplaceAnswer::AddToFile => true,
                        ReplaceAnswer::Replace => false,
                        ReplaceAnswer::Cancel => return Outcome::Left(Event::Cancelled),
                    };
                    self.save_then(path, then.take(), add);
                    Outcome::Answered
                })
            }
            Dialog::ChooseGame(path, file) => present(ctx, opening, at, ChooseGameList { file })
                .then(|answer| {
                    match answer {
                        ChooseAnswer::Game(i) => {
                            let (count, stamp) = (file.count(), file.stamp);
                            let (number, game) = file.good.swap_remove(i);
                            self.load_game(path, game, number, count, stamp);
                        }
                        ChooseAnswer::SolveAll => {
                            let games = std::mem::take(&mut file.good);
                            self.feature(|a| &mut a.exercises, |p, cx| p.solve(cx, path, games));
                        }
                        ChooseAnswer::Cancel => return Outcome::Left(Event::Cancelled),
                    }
                    Outcome::Answered
                }),
            Dialog::ChangedOnDisk(path, then) => {
                let question = ChangedOnDiskQuestion {
                    path,
                    waiting: then.is_some(),
                };
                present(ctx, opening, at, question).then(|answer| {
                    match answer {
                        ChangedAnswer::SaveAs => {
                            let other = storage::another_name(path).display().to_string();
                            return Outcome::Then(Dialog::SavePath(other, then.take()));
                        }
                        ChangedAnswer::Overwrite => self.save_then(path, then.take(), false),
                        ChangedAnswer::Reload | ChangedAnswer::Discard => match then.take() {
                            Some(then) => self.proceed(then),
                            None => self.reload(),
                        },
                        ChangedAnswer::Cancel => return Outcome::Left(Event::Cancelled),
                    }
                    Outcome::Answered
                })
            }
            Dialog::GoneFromDisk(path, then) => {
                let question = GoneFromDiskQuestion {
                    path,
                    waiting: then.is_some(),
                };
                present(ctx, opening, at, question).then(|answer| {
                    match answer {
                        GoneAnswer::SaveAgain => self.save_then(path, then.take(), false),
                        GoneAnswer::SaveAs => {
                            let other = path.display().to_string();
                            return Outcome::Then(Dialog::SavePath(other, then.take()));
                        }
                        GoneAnswer::Discard => {
                            if let Some(then) = then.take() {
                                self.proceed(then);
                            }
                        }
                        GoneAnswer::Cancel => return Outcome::Left(Event::Cancelled),
                    }
                    Outcome::Answered
                })
            }
            Dialog::Unsaved(then) => {
                present(ctx, opening, at, UnsavedQuestion).then(|answer| match answer {
                    UnsavedAnswer::Save => self.save_first(then.clone()),
                    UnsavedAnswer::Discard => {
                        self.proceed(then.clone());
                        Outcome::Answered
                    }
                    UnsavedAnswer::Cancel => Outcome::Left(Event::Cancelled),
                })
            }
            Dialog::Branch { spot, mv, question } => {
                present(ctx, opening, at, BranchQuestion { question }).then(|answer| {
                    let replace = match answer {
                        BranchAnswer::NewVariation => false,
                        BranchAnswer::ReplaceMoves => true,
                        BranchAnswer::Cancel => return Outcome::Left(Event::Cancelled),
                    };
                    self.play_at(spot, *mv, replace);
                    Outcome::Answered
                })
            }
            Dialog::RemoveVariation(branches, question) => {
                present(ctx, opening, at, RemoveVariationQuestion { question }).then(|answer| {
                    match answer {
                        RemoveVariationAnswer::Delete => {
                            self.apply(DocChange::RemoveVariation(branches.clone()));
                            Outcome::Answered
                        }
                        RemoveVariationAnswer::Cancel => Outcome::Left(Event::Cancelled),
                    }
                })
            }
            Dialog::ConfirmResign => {
                let side = self.doc.acting_side();
                present(ctx, opening, at, ResignQuestion { side }).then(|answer| match answer {
                    ResignAnswer::Resign => {
                        self.apply(DocChange::Resign);
                        Outcome::Answered
                    }
                    ResignAnswer::PlayOn => Outcome::Left(Event::Cancelled),
                })
            }
            Dialog::Help => {
                // A command that cannot be used now is shown (and read) as unavailable, as its
                // menu item is.
                let lines = std::iter::once((T::BoardKeys.get(lang).to_string(), None, true))
                    .chain(Command::ALL.iter().map(|&c| {
                        let key = c.shortcut().map(|_| c.shortcut_text(lang));
                        (
                            c.text().get(lang).to_string(),
                            key,
                            self.availability(c).is_ok(),
                        )
                    }))
                    .collect();
                present(ctx, opening, at, HelpList { lines })
                    .then(|HelpAnswer::Close| Outcome::Left(Event::Closed))
            }
            Dialog::History(lines) => {
                let lines = lines.clone();
                present(ctx, opening, at, HistoryList { lines })
                    .then(|HelpAnswer::Close| Outcome::Left(Event::Closed))
            }
            Dialog::Resume(found) => {
                let question = ResumeQuestion {
                    found,
                    here: !self.saving.resumed_here,
                    more: self.saving.resume_queue.len(),
                };
                present(ctx, opening, at, question).then(|answer| {
                    self.answer_resume((**found).clone(), answer);
                    Outcome::Answered
                })
            }
            Dialog::Endgames(said) => {
                let Some(variant) = crate::rules::Variant::preset_of(self.doc.game().rules())
                else {
                    return present(
                        ctx,
                        opening,
                        at,
                        self.endgames_view(lang, None, false, said),
                    )
                    .then(|_| Outcome::Left(Event::Closed));
                };
                let view = self.endgames_view(lang, Some(variant), opening.fresh, said);
                present(ctx, opening, at, view).then(|answer| {
                    let news = match answer {
                        EndgamesAnswer::Build => self.endgames.start(variant),
                        EndgamesAnswer::Stop => {
                            // Told when the build's thread has stopped.
                            self.endgames.stop();
                            None
                        }
                        EndgamesAnswer::Remove => self.endgames.remove(variant),
                        EndgamesAnswer::Close => return Outcome::Left(Event::Closed),
                    };
                    if let Some(news) = news {
                        self.tell(&[news], true);
                    }
                    Outcome::Answered
                })
            }
            Dialog::Settings => {
                let voices = self.announcer.voices();
                let before = self.settings.clone();
                let form = SettingsForm {
                    settings: &mut self.settings,
                    voices: &voices,
                };
                let shown = present(ctx, opening, at, form);
                if self.settings != before {
                    self.settings_changed(&before);
                }
                shown.then(|SettingsAnswer::Close| Outcome::Left(Event::Closed))
            }
        }
    }

    /// The endgame dialog's words and answers for `variant` (none: rules of no preset): what is
    /// on disk read as the dialog opens (`fresh`) and after a change, the build's progress from
    /// memory each frame.
    fn endgames_view(
        &mut self,
        lang: Language,
        variant: Option<crate::rules::Variant>,
        fresh: bool,
        said: &mut Option<SaidOfEndgames>,
    ) -> EndgamesView {
        let Some(variant) = variant else {
            let text = phrases::problem(lang, self.settings.notation, &Problem::NoEndgames);
            return EndgamesView {
                spoken: text.clone(),
                text,
                can_build: false,
                can_stop: false,
                can_remove: false,
            };
        };
        let super::endgames::OnDisk { installed, next } = self.endgames.on_disk(variant, fresh);
        let building = self.endgames.building();
        let text = phrases::endgames::status(lang, variant, installed, building, next);
        // The same words but for the build's progress keep the description as it was.
        let unmoved = building.map(|b| phrases::endgames::Building {
            percent: 0,
            left: None,
            ..b
        });
        let key = phrases::endgames::status(lang, variant, installed, unmoved, next);
        let spoken = SaidOfEndgames::describe(said, key, &text, fresh);
        EndgamesView {
            spoken,
            text,
            can_build: building.is_none() && next.is_some(),
            can_stop: self.endgames.is_building(variant),
            can_remove: installed != crate::store::endgame_files::Installed::Nothing
                || self.endgames.is_building(variant),
        }
    }

    /// Start pressed on the new-game form: the game starts (after "save changes?"), or a
    /// position that cannot start one keeps the form open, its field in focus.
    fn start_from(&mut self, form: &mut NewGameForm) -> Outcome {
        match form.start_position() {
            Ok(start) => {
                form.start = start;
                self.guard(Pending::NewGame(Box::new(form.clone())));
                Outcome::Answered
            }
            Err(e) => {
                form.position_error = Some(e.clone());
                form.focus_position = true;
                self.complain(&Problem::Setup(e));
                Outcome::Open
            }
        }
    }

    /// "Save changes?" answered Save: the game is saved to its file (or to one asked for),
    /// then `then`.
    fn save_first(&mut self, then: Pending) -> Outcome {
        match self.doc.file().map(Path::to_path_buf) {
            Some(path) => match self.save_or_confirm(path, Some(then)) {
                Some(next) => Outcome::Then(next),
                None => Outcome::Answered,
            },
            None => Outcome::Then(Dialog::SavePath(self.suggested_path(), Some(then))),
        }
    }

    /// A move at an earlier position, played as a new variation or (`replace`) in place of
    /// the later moves.
    fn play_at(&mut self, spot: &crate::ui::game_view::Spot, mv: Move, replace: bool) {
        if replace && spot.branches.is_empty() {
            // The game's later moves go (the document drops them), from where the move was
            // asked about.
            self.apply(DocChange::Play {
                mv,
                from_ply: Some(spot.ply),
                by: Mover::Person,
            });
        } else {
            self.apply(DocChange::Vary {
                branches: spot.branches.clone(),
                ply: spot.ply,
                mv,
                replace,
            });
        }
    }

    /// The settings changed in the settings form (they were `before`): saved and applied.
    fn settings_changed(&mut self, before: &Settings) {
        self.save_settings();
        self.window.applied_zoom = None;
        // Sounds turned on, or their volume changed: one to hear how loud.
        let after = (self.settings.sounds, self.settings.sound_volume);
        if after.0 && after != (before.sounds, before.sound_volume) {
            self.preview_sound();
        }
    }
}
