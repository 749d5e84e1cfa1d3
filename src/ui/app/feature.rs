//! How a feature of the window (the position editor, the problems, …) is given what it needs
//! without `&mut DamaApp`: its own state, owned by its own type, and a [`FeatureCx`] — the
//! document and the settings to read, the view to move, and a sink for what it wants done.
//! [`DamaApp::feature`](super::DamaApp) lends the state and the context, and when the
//! feature's method has returned does what it asked, in the order asked, the changes of the
//! game through the one change path (`change.rs`).

use eframe::egui::Context;

use super::Dialog;
use super::change::{Change, Effect};
use crate::game::event::{Event, Problem};
use crate::rules::{Position, Variant};
use crate::ui::document::Document;
use crate::ui::game_view::GameView;
use crate::ui::i18n::Language;
use crate::ui::settings::Settings;

/// What a feature's method is given: what it may read, and where it says what to do.
pub(super) struct FeatureCx<'a> {
    /// The game and what is saved with it, to read; it changes by [`FeatureCx::apply`] only.
    pub doc: &'a Document,
    /// The settings, to read; they change by [`FeatureCx::change_settings`].
    pub settings: &'a Settings,
    /// What the window shows of the game (plain data: the cursor, the picker, …).
    pub view: &'a mut GameView,
    /// What the feature asked, in turn.
    out: Vec<Effect>,
}

impl<'a> FeatureCx<'a> {
    pub(super) fn new(doc: &'a Document, settings: &'a Settings, view: &'a mut GameView) -> Self {
        FeatureCx {
            doc,
            settings,
            view,
            out: Vec::new(),
        }
    }

    /// What was asked, for the window to do.
    pub(super) fn into_effects(self) -> Vec<Effect> {
        self.out
    }

    /// The language of the window.
    pub(super) fn lang(&self) -> Language {
        self.settings.language()
    }

    /// Applies `change` (after the feature's method, through the one change path).
    pub(super) fn apply(&mut self, change: impl Into<Change>) {
        self.out.push(Effect::Apply(change.into()));
    }

    /// Says `events`.
    pub(super) fn tell(&mut self, events: Vec<Event>, interrupt: bool) {
        self.out.push(Effect::Tell(events, interrupt));
    }

    /// Says why something did not happen.
    pub(super) fn complain(&mut self, problem: Problem) {
        self.out.push(Effect::Complain(problem));
    }

    /// Changes the settings by `change`, and saves them.
    pub(super) fn change_settings(&mut self, change: impl FnOnce(&mut Settings) + 'static) {
        self.out.push(Effect::Settings(Box::new(change)));
    }

    /// Drops the computer's thinking.
    pub(super) fn cancel_thinking(&mut self) {
        self.out.push(Effect::CancelThinking);
    }

    /// Forgets the analysis.
    pub(super) fn forget_analysis(&mut self) {
        self.out.push(Effect::ForgetAnalysis);
    }

    /// Puts the focus on the board.
    pub(super) fn focus_board(&mut self, ctx: &Context) {
        self.out.push(Effect::FocusBoard(ctx.clone(), None));
    }

    /// Puts the focus on the board, its square named from `pos`, the position shown now
    /// (what the feature does next changes it, as the square's widget was drawn from it).
    pub(super) fn focus_board_on(&mut self, ctx: &Context, pos: Position) {
        self.out.push(Effect::FocusBoard(ctx.clone(), Some(pos)));
    }

    /// Opens `dialog`, in place of the one open: a question before a change (a new
    /// variation, a deletion) is answered in the dialogs, which then apply it.
    pub(super) fn ask(&mut self, dialog: Dialog) {
        self.out.push(Effect::Ask(dialog));
    }

    /// Opens the new-game dialog with `fen` and `variant` filled in.
    pub(super) fn new_game(&mut self, fen: String, variant: Variant) {
        self.out.push(Effect::NewGame(fen, variant));
    }
}
