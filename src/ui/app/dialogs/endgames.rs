//! The endgame databases of the game's rule set: what is built, how far a build in the
//! background is, and building, stopping or removing them.

use eframe::egui::{self, Ui};

use super::widgets::choice_row;
use super::{DialogFrame, DialogUi, title};
use crate::ui::i18n::{Language, T};

/// The dialog: what it says (made once a frame, so that a build's progress shows as it
/// goes; what is on disk as last read, not read each frame), and the answers that can be
/// given now.
pub(super) struct EndgamesView {
    /// What is built, a build under way, what the next build takes.
    pub text: String,
    /// The same as the screen reader's description of the dialog: as it was when only the
    /// build's progress has changed since. Orca 48 reads every change of the description of
    /// a dialog the focus is in, and read the progress over and over while the dialog was
    /// open; it is said when asked for (Ctrl+Shift+E) and at the build's end.
    pub spoken: String,
    /// A build of the next size can begin.
    pub can_build: bool,
    /// A build of this rule set is under way.
    pub can_stop: bool,
    /// There is something of this rule set on disk, or being built.
    pub can_remove: bool,
}

/// What the screen reader was given as the dialog's description, and the words it was made
/// from without the build's progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaidOfEndgames {
    key: String,
    text: String,
}

impl SaidOfEndgames {
    /// The description for `text`, whose words without the progress are `key`: `text` itself
    /// as the dialog opens (`fresh`) or where more than the progress changed, else the one
    /// given before.
    pub(super) fn describe(
        said: &mut Option<SaidOfEndgames>,
        key: String,
        text: &str,
        fresh: bool,
    ) -> String {
        match said {
            Some(s) if s.key == key && !fresh => s.text.clone(),
            _ => {
                let text = text.to_string();
                *said = Some(SaidOfEndgames {
                    key,
                    text: text.clone(),
                });
                text
            }
        }
    }
}

/// The answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum EndgamesAnswer {
    /// Build the next size in the background.
    Build,
    /// Stop the build under way (what it solved is kept).
    Stop,
    /// Remove them from the disk.
    Remove,
    /// Close the dialog.
    Close,
}

impl DialogUi for EndgamesView {
    type Answer = EndgamesAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::Endgames, lang)
    }

    fn question(&self, _lang: Language) -> Option<String> {
        Some(self.spoken.clone())
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<EndgamesAnswer> {
        let lang = at.lang;
        ui.heading(title(T::Endgames, lang));
        // Read in lines of a paragraph, not one line across the window; always that wide, so
        // that the dialog does not narrow and move its buttons as a build's progress is said in
        // shorter or longer words.
        let width = at
            .room
            .x
            .min(40.0 * ui.text_style_height(&egui::TextStyle::Body));
        ui.set_max_width(width);
        ui.set_min_width(width);
        ui.add(egui::Label::new(&self.text).wrap());
        let mut choices = Vec::new();
        if self.can_build {
            choices.push((T::EndgamesBuild, EndgamesAnswer::Build));
        }
        if self.can_stop {
            choices.push((T::EndgamesStop, EndgamesAnswer::Stop));
        }
        if self.can_remove {
            choices.push((T::EndgamesRemove, EndgamesAnswer::Remove));
        }
        choices.push((T::Close, EndgamesAnswer::Close));
        // Close: Enter on the dialog neither writes hundreds of megabytes nor removes them.
        choice_row(ui, lang, &choices, EndgamesAnswer::Close, at.focus_now())
    }
}
