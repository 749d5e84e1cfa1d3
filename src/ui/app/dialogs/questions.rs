//! The questions about the game: resigning, a move at an earlier position, deleting a
//! variation, and resuming an interrupted game.

use eframe::egui::{self, Ui};

use super::widgets::choice_row;
use super::{DialogFrame, DialogUi, title};
use crate::speech::phrases;
use crate::store::autosave::Interrupted;
use crate::ui::i18n::{Language, T};

/// "Really resign?", and who would.
pub(super) struct ResignQuestion {
    /// The side that resigns.
    pub side: crate::rules::Color,
}

/// The answers to "really resign?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ResignAnswer {
    /// Yes: the game is lost.
    Resign,
    /// No: play on.
    PlayOn,
}

impl DialogUi for ResignQuestion {
    type Answer = ResignAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::ConfirmResign, lang)
    }

    fn question(&self, lang: Language) -> Option<String> {
        Some(phrases::resign_question(lang, self.side))
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<ResignAnswer> {
        let lang = at.lang;
        ui.heading(T::ConfirmResign.get(lang));
        ui.label(phrases::resign_question(lang, self.side));
        let choices = [
            (T::Yes, ResignAnswer::Resign),
            (T::No, ResignAnswer::PlayOn),
        ];
        // No: Enter on the question does not end the game.
        choice_row(ui, lang, &choices, ResignAnswer::PlayOn, at.focus_now())
    }
}

/// A move at an earlier position: a new variation, or in place of the later moves.
pub(super) struct BranchQuestion<'a> {
    /// What the dialog asks.
    pub question: &'a str,
}

/// The answers to a move at an earlier position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BranchAnswer {
    /// The move starts a new variation.
    NewVariation,
    /// The move replaces the later moves.
    ReplaceMoves,
    /// The move is not played.
    Cancel,
}

impl DialogUi for BranchQuestion<'_> {
    type Answer = BranchAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::BranchTitle, lang)
    }

    fn question(&self, _lang: Language) -> Option<String> {
        Some(self.question.to_string())
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<BranchAnswer> {
        let lang = at.lang;
        ui.heading(T::BranchTitle.get(lang));
        ui.add(egui::Label::new(self.question).wrap());
        let choices = [
            (T::NewVariation, BranchAnswer::NewVariation),
            (T::ReplaceMoves, BranchAnswer::ReplaceMoves),
            (T::Cancel, BranchAnswer::Cancel),
        ];
        // A new variation, never the replacement: one Enter loses no move.
        choice_row(
            ui,
            lang,
            &choices,
            BranchAnswer::NewVariation,
            at.focus_now(),
        )
    }
}

/// "Delete the variation?"
pub(super) struct RemoveVariationQuestion<'a> {
    /// What the dialog asks.
    pub question: &'a str,
}

/// The answers to "delete the variation?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RemoveVariationAnswer {
    /// Delete it.
    Delete,
    /// Keep it.
    Cancel,
}

impl DialogUi for RemoveVariationQuestion<'_> {
    type Answer = RemoveVariationAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::DeleteVariationTitle, lang)
    }

    fn question(&self, _lang: Language) -> Option<String> {
        Some(self.question.to_string())
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<RemoveVariationAnswer> {
        let lang = at.lang;
        ui.heading(T::DeleteVariationTitle.get(lang));
        ui.add(egui::Label::new(self.question).wrap());
        let choices = [
            (T::Delete, RemoveVariationAnswer::Delete),
            (T::Cancel, RemoveVariationAnswer::Cancel),
        ];
        // Cancel: one Enter deletes nothing.
        choice_row(
            ui,
            lang,
            &choices,
            RemoveVariationAnswer::Cancel,
            at.focus_now(),
        )
    }
}

/// "Resume the interrupted game?" for `found`: this window's own or another window's.
pub(super) struct ResumeQuestion<'a> {
    /// The game.
    pub found: &'a Interrupted,
    /// Whether this window can still take the game up (it has taken none up yet).
    pub here: bool,
    /// How many games are still to be asked about after it.
    pub more: usize,
}

/// What the player answered to a resume question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::ui::app) enum ResumeAnswer {
    /// Go on with the game in this window.
    Resume,
    /// Put it aside as `discarded.pdn` (openable by hand).
    Discard,
    /// Leave it where it is: offered again at the next start, or to a window opened meanwhile.
    Later,
}

impl DialogUi for ResumeQuestion<'_> {
    type Answer = ResumeAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::ResumeTitle, lang)
    }

    /// The game, and what the dialog says besides: more to come, or why not Resume.
    fn question(&self, lang: Language) -> Option<String> {
        let mut q = format!(
            "{} {}",
            T::ResumeText.get(lang),
            phrases::interrupted_game(lang, &self.found.session)
        );
        if self.more > 0 {
            q.push_str(". ");
            q.push_str(&phrases::more_interrupted(lang, self.more));
        }
        if !self.here {
            q.push_str(if self.more == 0 { ". " } else { " " });
            q.push_str(T::ResumeElsewhere.get(lang));
        }
        Some(q)
    }

    /// Focus starts on Resume (or, when this window already took a game up, on Later), so
    /// Enter never loses a game; Tab reaches Discard.
    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<ResumeAnswer> {
        let lang = at.lang;
        ui.heading(T::ResumeTitle.get(lang));
        ui.label(T::ResumeText.get(lang));
        ui.label(phrases::interrupted_game(lang, &self.found.session));
        if self.more > 0 {
            ui.label(phrases::more_interrupted(lang, self.more));
        }
        if !self.here {
            ui.label(T::ResumeElsewhere.get(lang));
        }
        let first = if self.here {
            (T::Resume, ResumeAnswer::Resume)
        } else {
            (T::ResumeLater, ResumeAnswer::Later)
        };
        let choices = [first, (T::Discard, ResumeAnswer::Discard)];
        choice_row(ui, lang, &choices, first.1, at.focus_now())
    }
}
