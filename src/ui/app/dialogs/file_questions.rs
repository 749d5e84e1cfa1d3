//! The dialogs about files: a path to open or save to, "replace the file?", the choice of a
//! game in a file, "the file has changed on disk", "the file no longer exists", and "save
//! changes?".

use std::path::{Path, PathBuf};

use eframe::egui::{self, Align, Button, Layout, ScrollArea, Ui};

use super::help::help_row;
use super::widgets::{choice_row, control_label};
use super::{DialogFrame, DialogUi, title};
use crate::speech::phrases;
use crate::store::game_file::FileGames;
use crate::store::storage::read_only;
use crate::ui::i18n::{Language, T};

/// The most characters a path field holds: Linux's longest path (`PATH_MAX`).
const PATH_CHARS: usize = 4096;

/// The answers to a path dialog (open or save).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PathAnswer {
    /// This path was chosen.
    Chosen(PathBuf),
    /// None was.
    Cancel,
}

/// "Open": a path typed or browsed.
pub(super) struct OpenPathForm<'a> {
    /// The path field's text.
    pub text: &'a mut String,
}

impl DialogUi for OpenPathForm<'_> {
    type Answer = PathAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::OpenFile, lang)
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<PathAnswer> {
        ui.heading(T::OpenFile.get(at.lang));
        path_ui(ui, at.lang, self.text, T::OpenButton, false, at.focus_now())
    }
}

/// "Save as": a path typed or browsed.
pub(super) struct SavePathForm<'a> {
    /// The path field's text.
    pub text: &'a mut String,
    /// For a game of a collection: that under the same name it goes back in its place.
    pub hint: Option<String>,
}

impl DialogUi for SavePathForm<'_> {
    type Answer = PathAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::SaveFile, lang)
    }

    /// The folder the file goes in, said as the dialog opens: the field may hold a bare name.
    fn question(&self, lang: Language) -> Option<String> {
        folder_of(self.text).map(|f| phrases::save_folder(lang, &f))
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<PathAnswer> {
        ui.heading(T::SaveFile.get(at.lang));
        if let Some(hint) = self.hint {
            ui.add(egui::Label::new(hint).wrap());
        }
        path_ui(ui, at.lang, self.text, T::Save, true, at.focus_now())
    }
}

/// A path field with a Browse button (the native dialog, where there is one), and the action
/// and Cancel under it.
fn path_ui(
    ui: &mut Ui,
    lang: Language,
    text: &mut String,
    action: T,
    save: bool,
    focus: bool,
) -> Option<PathAnswer> {
    let mut answer = None;
    // The field takes what width there is: at 300 % the Browse button goes below it.
    let width = (ui.available_width() - 24.0).min(320.0);
    ui.horizontal_wrapped(|ui| {
        let label = control_label(ui, T::Path.get(lang));
        let edit = ui
            .add(
                egui::TextEdit::singleline(text)
                    .char_limit(PATH_CHARS)
                    .desired_width(width),
            )
            .labelled_by(label.id);
        if focus {
            edit.request_focus();
        }
        if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) && !text.is_empty() {
            answer = Some(PathAnswer::Chosen(PathBuf::from(text.trim())));
        }
        if ui.button(T::Browse.get(lang)).clicked() {
            let mut dialog = rfd::FileDialog::new().add_filter("PDN", &["pdn", "PDN"]);
            // The system's dialog starts where the field points.
            if let Some(folder) = folder_of(text).filter(|f| f.is_dir()) {
                dialog = dialog.set_directory(folder);
            }
            let picked = if save {
                let name = Path::new(text.trim())
                    .file_name()
                    .map_or("dama.pdn".into(), |n| n.to_string_lossy());
                dialog.set_file_name(name).save_file()
            } else {
                dialog.pick_file()
            };
            if let Some(p) = picked {
                *text = p.display().to_string();
            }
        }
    });
    // Where the file goes, as the path typed so far says.
    if save && let Some(folder) = folder_of(text) {
        ui.add(egui::Label::new(phrases::save_folder(lang, &folder)).wrap());
    }
    ui.with_layout(Layout::right_to_left(Align::Min), |ui| {
        if ui.button(T::Cancel.get(lang)).clicked() {
            answer = Some(PathAnswer::Cancel);
        }
        if ui
            .add_enabled(!text.trim().is_empty(), Button::new(action.get(lang)))
            .clicked()
        {
            answer = Some(PathAnswer::Chosen(PathBuf::from(text.trim())));
        }
    });
    answer
}

/// The folder a file at the path `text` goes in, in full (a bare name goes where the program
/// was started); `None` for no path.
fn folder_of(text: &str) -> Option<PathBuf> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let path = std::path::absolute(text).ok()?;
    path.parent().map(Path::to_path_buf)
}

/// "Replace the file?": the path chosen holds another file, or a read-only one.
pub(super) struct ReplaceQuestion<'a> {
    /// The file.
    pub path: &'a Path,
    /// How many games it holds (a file of games can take the game after its last instead).
    pub games: usize,
}

/// The answers to "replace the file?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ReplaceAnswer {
    /// Add the game after the file's last, all of them kept.
    AddToFile,
    /// Write the game in the file's place.
    Replace,
    /// Save nothing.
    Cancel,
}

impl ReplaceQuestion<'_> {
    fn words(&self, lang: Language) -> String {
        phrases::replace_question(lang, self.path, read_only(self.path), self.games)
    }
}

impl DialogUi for ReplaceQuestion<'_> {
    type Answer = ReplaceAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::ReplaceTitle, lang)
    }

    fn question(&self, lang: Language) -> Option<String> {
        Some(self.words(lang))
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<ReplaceAnswer> {
        let lang = at.lang;
        ui.heading(T::ReplaceTitle.get(lang));
        ui.add(egui::Label::new(self.words(lang)).wrap());
        // A PDN file of games can take this one after its last, all of them kept.
        let mut answers = vec![
            (T::Replace, ReplaceAnswer::Replace),
            (T::Cancel, ReplaceAnswer::Cancel),
        ];
        if self.games > 0 {
            answers.insert(0, (T::AddToFile, ReplaceAnswer::AddToFile));
        }
        // Cancel, never Replace: one Enter must not lose the other file.
        choice_row(ui, lang, &answers, ReplaceAnswer::Cancel, at.focus_now())
    }
}

/// Several games in a file: which one (or all, as problems to solve).
pub(super) struct ChooseGameList<'a> {
    /// The file's games: those that replay, those that cannot be opened, and how many more
    /// it has that are not offered.
    pub file: &'a FileGames,
}

/// The answers to the choice of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ChooseAnswer {
    /// The game at this index of those that replay.
    Game(usize),
    /// All of them, as problems to solve.
    SolveAll,
    /// None.
    Cancel,
}

impl DialogUi for ChooseGameList<'_> {
    type Answer = ChooseAnswer;

    fn title(&self, lang: Language) -> String {
        let count = phrases::games_to_choose(lang, self.file.good.len());
        format!("{}: {count}", title(T::ChooseGame, lang))
    }

    fn question(&self, lang: Language) -> Option<String> {
        let (bad, left_out) = (&self.file.bad, &self.file.left_out);
        let question = (!bad.is_empty()).then(|| phrases::games_not_opened(lang, bad.len()));
        let left = left_out.map(|left| phrases::games_left_out(lang, &left));
        match (question, left) {
            (Some(q), Some(l)) => Some(format!("{q} {l}")),
            (q, l) => q.or(l),
        }
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<ChooseAnswer> {
        let lang = at.lang;
        let (games, bad, left_out) = (&self.file.good, &self.file.bad, &self.file.left_out);
        ui.heading(T::ChooseGame.get(lang));
        if let Some(left) = left_out {
            ui.label(phrases::games_left_out(lang, left));
        }
        let mut chosen = None;
        ScrollArea::vertical().max_height(400.0).show(ui, |ui| {
            for (i, (number, g)) in games.iter().enumerate() {
                let title = format!(
                    "{number}. {} – {}  {}  {}",
                    g.tag("White").unwrap_or("?"),
                    g.tag("Black").unwrap_or("?"),
                    g.result_text().trim(),
                    g.tag("Event").unwrap_or("")
                );
                let button = ui.button(title);
                if at.focus_now() && i == 0 {
                    button.request_focus();
                }
                if button.clicked() {
                    chosen = Some(i);
                }
            }
            // The games that cannot be opened, each a line the screen reader reads:
            // which and why.
            if !bad.is_empty() {
                ui.separator();
                ui.label(egui::RichText::new(T::BadGames.get(lang)).strong());
                for e in bad.iter() {
                    help_row(ui, &phrases::pdn::pdn_error(lang, e), None, None);
                }
            }
        });
        let (solve, cancel) = ui
            .horizontal(|ui| {
                let solve = ui.button(T::SolveAsProblems.get(lang)).clicked();
                (solve, ui.button(T::Cancel.get(lang)).clicked())
            })
            .inner;
        if cancel {
            Some(ChooseAnswer::Cancel)
        } else if solve {
            Some(ChooseAnswer::SolveAll)
        } else {
            chosen.map(ChooseAnswer::Game)
        }
    }
}

/// "The file has changed on disk": another program or window changed the game's file since
/// it was read or saved.
pub(super) struct ChangedOnDiskQuestion<'a> {
    /// The file.
    pub path: &'a Path,
    /// Whether something waits for the game to be saved (closing, another game).
    pub waiting: bool,
}

/// The answers to "the file has changed on disk".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ChangedAnswer {
    /// Save the game under another name: nothing is lost.
    SaveAs,
    /// Write the game into the file as it is now.
    Overwrite,
    /// Read the file again (nothing waits).
    Reload,
    /// Go on without saving (something waits).
    Discard,
    /// Leave everything as it is.
    Cancel,
}

impl DialogUi for ChangedOnDiskQuestion<'_> {
    type Answer = ChangedAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::ChangedOnDiskTitle, lang)
    }

    fn question(&self, lang: Language) -> Option<String> {
        Some(phrases::changed_on_disk(lang, self.path, self.waiting))
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<ChangedAnswer> {
        let lang = at.lang;
        ui.heading(T::ChangedOnDiskTitle.get(lang));
        ui.add(egui::Label::new(phrases::changed_on_disk(lang, self.path, self.waiting)).wrap());
        // Save as first and in focus: it loses nothing, neither the other program's file nor
        // this game. Then Overwrite, then Reload (or, before closing or another game, leaving
        // the game unsaved), then Cancel.
        let third = if self.waiting {
            (T::Discard, ChangedAnswer::Discard)
        } else {
            (T::Reload, ChangedAnswer::Reload)
        };
        let choices = [
            (T::SaveAsNew, ChangedAnswer::SaveAs),
            (T::Overwrite, ChangedAnswer::Overwrite),
            third,
            (T::Cancel, ChangedAnswer::Cancel),
        ];
        choice_row(ui, lang, &choices, ChangedAnswer::SaveAs, at.focus_now())
    }
}

/// "The file no longer exists": the game's file was deleted or moved since it was read or
/// saved, so that the window's game exists nowhere else.
pub(super) struct GoneFromDiskQuestion<'a> {
    /// The file.
    pub path: &'a Path,
    /// Whether something waits for the game to be saved (closing, another game).
    pub waiting: bool,
}

/// The answers to "the file no longer exists".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GoneAnswer {
    /// Write the game to the same path again.
    SaveAgain,
    /// Choose where to save it.
    SaveAs,
    /// Go on without saving (something waits).
    Discard,
    /// Leave everything as it is.
    Cancel,
}

impl DialogUi for GoneFromDiskQuestion<'_> {
    type Answer = GoneAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::GoneFromDiskTitle, lang)
    }

    fn question(&self, lang: Language) -> Option<String> {
        Some(phrases::gone_from_disk(lang, self.path, self.waiting))
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<GoneAnswer> {
        let lang = at.lang;
        ui.heading(T::GoneFromDiskTitle.get(lang));
        ui.add(egui::Label::new(phrases::gone_from_disk(lang, self.path, self.waiting)).wrap());
        // Save again first and in focus: nothing is at the path to lose, and the game is kept.
        // Discard only where something waits (there is no file to reload), then Cancel.
        let mut choices = vec![
            (T::SaveAgain, GoneAnswer::SaveAgain),
            (T::SaveAs, GoneAnswer::SaveAs),
        ];
        if self.waiting {
            choices.push((T::Discard, GoneAnswer::Discard));
        }
        choices.push((T::Cancel, GoneAnswer::Cancel));
        choice_row(ui, lang, &choices, GoneAnswer::SaveAgain, at.focus_now())
    }
}

/// "Save changes?" before something replaces the game.
pub(super) struct UnsavedQuestion;

/// The answers to "save changes?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum UnsavedAnswer {
    /// Save the game, then go on.
    Save,
    /// Go on without saving.
    Discard,
    /// Neither.
    Cancel,
}

impl DialogUi for UnsavedQuestion {
    type Answer = UnsavedAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::UnsavedTitle, lang)
    }

    fn question(&self, lang: Language) -> Option<String> {
        Some(T::UnsavedText.get(lang).to_string())
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<UnsavedAnswer> {
        let lang = at.lang;
        ui.heading(T::UnsavedTitle.get(lang));
        ui.label(T::UnsavedText.get(lang));
        let choices = [
            (T::SaveChanges, UnsavedAnswer::Save),
            (T::Discard, UnsavedAnswer::Discard),
            (T::Cancel, UnsavedAnswer::Cancel),
        ];
        // Save, never Discard: one Enter must not lose the game.
        choice_row(ui, lang, &choices, UnsavedAnswer::Save, at.focus_now())
    }
}
