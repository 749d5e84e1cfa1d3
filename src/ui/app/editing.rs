//! The position editor in the window: opening and leaving it, its keys on the board, its panel
//! beside the board, and the way from it to a game (the new-game dialog, filled in). The game
//! itself is not touched until that game starts. The editor is a feature of its own
//! ([`Editing`]): its methods take a [`FeatureCx`], never the whole window.

use eframe::egui::{self, Context, Ui};

use super::dialogs::{combo, radio_group};
use super::feature::FeatureCx;
use crate::game::event::{Edit, Event};
use crate::rules::{Color, Position, Square, Variant};
use crate::speech::phrases;
use crate::ui::board_view::BoardInput;
use crate::ui::document::DocChange;
use crate::ui::editor::{EditChange, Editor, piece_for_key};
use crate::ui::i18n::T;

/// The position editor as a feature of the window: closed, or open on its position.
#[derive(Default)]
pub(super) struct Editing {
    /// The editor, while it is open: the board shows its position instead of the game's.
    editor: Option<Editor>,
}

/// What the person did in the editor's panel, acted on by [`Editing::panel_answer`] once the
/// rest of the panel (the analysis) is drawn.
pub(super) struct PanelAnswer {
    variant: Variant,
    side: Color,
    brush: crate::rules::Piece,
    changes: Vec<EditChange>,
    play: bool,
    close: bool,
}

impl Editing {
    /// The editor, if it is open.
    pub(super) fn editor(&self) -> Option<&Editor> {
        self.editor.as_ref()
    }

    /// Whether the editor is open.
    pub(super) fn is_open(&self) -> bool {
        self.editor.is_some()
    }

    /// Opens the editor on `shown` (the position the board shows), with the game's rules (or
    /// the rules chosen last, for rules of the player's own making). Open already: says how it
    /// works.
    pub(super) fn open(&mut self, cx: &mut FeatureCx, ctx: &Context, shown: &Position) {
        let editor = match self.editor.take() {
            Some(editor) => editor,
            None => {
                // The computer's move would change the game behind the editor.
                cx.cancel_thinking();
                cx.view.picker.clear();
                cx.view.offenders = None;
                let variant = Variant::preset_of(cx.doc.game().rules())
                    .or_else(|| cx.settings.last_rules.parse().ok())
                    .unwrap_or(Variant::Czech);
                let mut pos = *shown;
                if pos.board() != variant.start_position().board() {
                    pos = variant.start_position();
                }
                // Nobody can move behind the editor: the clocks wait too.
                let paused_clock = cx.doc.clock_runs();
                if paused_clock {
                    cx.apply(DocChange::PauseClock(std::time::Instant::now()));
                }
                cx.forget_analysis();
                // The cursor may be on a square of another board.
                cx.view.cursor = None;
                let mut editor = Editor::new(variant, pos);
                editor.paused_clock = paused_clock;
                editor
            }
        };
        let opened = Edit::Opened {
            variant: editor.variant,
            side: editor.position.side_to_move(),
        };
        self.editor = Some(editor);
        cx.focus_board(ctx);
        cx.tell(vec![Event::Edited(opened)], true);
    }

    /// Makes `change` in the editor and says it, or why it was refused.
    pub(super) fn edit(&mut self, cx: &mut FeatureCx, change: EditChange) {
        let Some(editor) = self.editor.as_mut() else {
            return;
        };
        match editor.apply(change) {
            Ok(edit) => {
                if let Edit::Rules { reset, .. } = edit {
                    // The analysis was for the rules before; the cursor maybe for another board.
                    cx.forget_analysis();
                    if reset {
                        cx.view.cursor = None;
                    }
                }
                cx.tell(vec![Event::Edited(edit)], true)
            }
            Err(problem) => cx.complain(problem),
        }
    }

    /// A click or drag on the board while the editor is open.
    pub(super) fn on_board(&mut self, cx: &mut FeatureCx, input: BoardInput) {
        match input {
            BoardInput::Click(sq) => {
                cx.view.cursor = Some(sq);
                self.edit(cx, EditChange::Click(sq));
            }
            BoardInput::Drag(from, to) => {
                cx.view.cursor = Some(to);
                self.edit(cx, EditChange::Drag(from, to));
            }
        }
    }

    /// Leaves the editor; the board shows the game again.
    pub(super) fn leave(&mut self, cx: &mut FeatureCx, ctx: &Context) {
        if let Some(editor) = self.editor.take() {
            cx.view.cursor = None;
            cx.forget_analysis();
            cx.focus_board(ctx);
            cx.tell(vec![Event::Edited(Edit::Left)], true);
            if editor.paused_clock {
                cx.apply(DocChange::PauseClock(std::time::Instant::now()));
            }
        }
    }

    /// The editor closed, without a word: a game replaced the one it was opened over.
    pub(super) fn close(&mut self) {
        self.editor = None;
    }

    /// Checks the position set up and, if a game can start from it, opens the new-game dialog
    /// with it and its rules filled in (players, names and the unsaved game are asked about
    /// there). The editor stays open behind it until the game starts.
    pub(super) fn new_game(&mut self, cx: &mut FeatureCx) {
        let Some(editor) = &self.editor else {
            return;
        };
        let variant = editor.variant;
        match editor.checked() {
            Ok(pos) => cx.new_game(pos.fen(), variant),
            Err(problem) => cx.complain(problem),
        }
    }

    /// The editor's keys on square `on`, which has the focus (`None`: another widget has it,
    /// or nothing has, as `focused` says): a letter puts a piece, Delete or Backspace empties
    /// it, Escape leaves the editor. The window calls it only while no dialog, menu or text
    /// field takes the keys.
    pub(super) fn keys(
        &mut self,
        cx: &mut FeatureCx,
        ctx: &Context,
        on: Option<Square>,
        focused: bool,
    ) {
        if self.editor.is_none() {
            return;
        }
        let key = |k| ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, k));
        if (on.is_some() || !focused) && key(egui::Key::Escape) {
            self.leave(cx, ctx);
            return;
        }
        let Some(sq) = on else {
            return;
        };
        let lang = cx.lang();
        let typed: Vec<_> = ctx.input_mut(|i| {
            let mut pieces = Vec::new();
            i.events.retain(|e| match e {
                egui::Event::Text(t) => {
                    let found: Vec<_> = t.chars().filter_map(|c| piece_for_key(lang, c)).collect();
                    let all = !found.is_empty() && found.len() == t.chars().count();
                    if all {
                        pieces.extend(found);
                    }
                    !all
                }
                _ => true,
            });
            pieces
        });
        for piece in typed {
            self.edit(cx, EditChange::Put(sq, Some(piece)));
        }
        if key(egui::Key::Delete) || key(egui::Key::Backspace) {
            self.edit(cx, EditChange::Put(sq, None));
        }
    }

    /// The editor's panel beside the board: rules, side to move, the piece a click puts, and
    /// what to do with the position; `regions_panel` becomes its first control (for Ctrl+F6).
    /// The window draws the analysis below it, then calls [`Editing::panel_answer`].
    pub(super) fn panel(
        &self,
        cx: &FeatureCx,
        ui: &mut Ui,
        regions_panel: &mut Option<egui::Id>,
    ) -> Option<PanelAnswer> {
        let lang = cx.lang();
        let editor = self.editor.as_ref()?;
        let (mut variant, mut side, mut brush) =
            (editor.variant, editor.position.side_to_move(), editor.brush);
        let brushes = editor.brushes();
        ui.heading(T::PositionEditor.get(lang));
        let label = ui.label(T::RuleSet.get(lang));
        let choices = Variant::ALL.map(|v| (v, phrases::rules_name(lang, v.rules()).to_string()));
        *regions_panel = Some(combo(
            ui,
            "editor-rules",
            label.id,
            T::RuleSet.get(lang),
            &mut variant,
            &choices,
            None,
        ));
        ui.label(T::EditorToMove.get(lang));
        ui.horizontal_wrapped(|ui| {
            radio_group(
                ui,
                T::EditorToMove.get(lang),
                &mut side,
                Color::ALL.map(|c| (c, phrases::side_name(lang, c))),
            )
        });
        ui.label(T::EditorPiece.get(lang));
        radio_group(
            ui,
            T::EditorPiece.get(lang),
            &mut brush,
            brushes
                .into_iter()
                .map(|p| (p, phrases::capitalized(phrases::piece_name(lang, p)))),
        );
        ui.separator();
        let mut changes = Vec::new();
        ui.horizontal_wrapped(|ui| {
            if ui.button(T::ClearBoard.get(lang)).clicked() {
                changes.push(EditChange::Clear);
            }
            if ui.button(T::EditorStart.get(lang)).clicked() {
                changes.push(EditChange::Start);
            }
        });
        let play = ui
            .button(egui::RichText::new(T::PlayFromHere.get(lang)).strong())
            .clicked();
        let close = ui
            .button(T::CloseEditor.get(lang))
            .on_hover_text("Esc")
            .clicked();
        Some(PanelAnswer {
            variant,
            side,
            brush,
            changes,
            play,
            close,
        })
    }

    /// The end of the editor's panel (how its keys work), and what was done in it, done.
    pub(super) fn panel_answer(&mut self, cx: &mut FeatureCx, ui: &mut Ui, answer: PanelAnswer) {
        let PanelAnswer {
            variant,
            side,
            brush,
            mut changes,
            play,
            close,
        } = answer;
        let towers = self
            .editor
            .as_ref()
            .is_some_and(|e| e.variant.rules().has_towers());
        ui.separator();
        ui.add(
            egui::Label::new(egui::RichText::new(phrases::editor_keys(cx.lang(), towers)).weak())
                .wrap(),
        );
        if let Some(editor) = &self.editor {
            if variant != editor.variant {
                changes.insert(0, EditChange::Rules(variant));
            }
            if side != editor.position.side_to_move() {
                changes.push(EditChange::Side(side));
            }
            if brush != editor.brush {
                changes.push(EditChange::Brush(brush));
            }
        }
        for change in changes {
            // After the whole board changed, the next thing is to put pieces on it.
            if matches!(change, EditChange::Clear | EditChange::Start)
                && let Some(editor) = &self.editor
            {
                cx.focus_board_on(ui.ctx(), editor.position);
            }
            self.edit(cx, change);
        }
        if play {
            self.new_game(cx);
        }
        if close {
            let ctx = ui.ctx().clone();
            self.leave(cx, &ctx);
        }
    }
}
