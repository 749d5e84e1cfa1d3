//! The position editor in the window: opening and leaving it, its keys on the board, its panel
//! beside the board, and the way from it to a game (the new-game dialog, filled in). The game
//! itself is not touched until that game starts.

use eframe::egui::{self, Context, Ui};

use super::DamaApp;
use super::dialogs::{combo, radio_group};
use crate::game::event::{Edit, Event};
use crate::rules::{Color, Variant};
use crate::speech::phrases;
use crate::ui::board_view::BoardInput;
use crate::ui::document::DocChange;
use crate::ui::editor::{EditChange, Editor, piece_for_key};
use crate::ui::i18n::T;

impl DamaApp {
    /// The position editor, if it is open.
    pub fn editor(&self) -> Option<&Editor> {
        self.editor.as_ref()
    }

    /// Opens the position editor on the position shown, with the game's rules (or the rules
    /// chosen last, for rules of the player's own making). Open already: says how it works.
    pub(super) fn open_editor(&mut self, ctx: &Context) {
        let editor = match self.editor.take() {
            Some(editor) => editor,
            None => {
                // The computer's move would change the game behind the editor.
                self.cancel_thinking();
                self.view.picker.clear();
                self.view.offenders = None;
                let variant = Variant::preset_of(self.doc.game().rules())
                    .or_else(|| self.settings.last_rules.parse().ok())
                    .unwrap_or(Variant::Czech);
                let mut pos = *self.shown_position();
                if pos.board() != variant.start_position().board() {
                    pos = variant.start_position();
                }
                // Nobody can move behind the editor: the clocks wait too.
                let paused_clock = self.doc.clock_runs();
                if paused_clock {
                    self.apply(DocChange::PauseClock(std::time::Instant::now()));
                }
                self.forget_analysis();
                // The cursor may be on a square of another board.
                self.view.cursor = None;
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
        self.focus_board(ctx);
        self.tell(&[Event::Edited(opened)], true);
    }

    /// Makes `change` in the editor and says it, or why it was refused.
    pub(super) fn edit(&mut self, change: EditChange) {
        let Some(editor) = self.editor.as_mut() else {
            return;
        };
        match editor.apply(change) {
            Ok(edit) => {
                if let Edit::Rules { reset, .. } = edit {
                    // The analysis was for the rules before; the cursor maybe for another board.
                    self.forget_analysis();
                    if reset {
                        self.view.cursor = None;
                    }
                }
                self.tell(&[Event::Edited(edit)], true)
            }
            Err(problem) => self.complain(&problem),
        }
    }

    /// A click or drag on the board while the editor is open.
    pub(super) fn edit_on_board(&mut self, input: BoardInput) {
        match input {
            BoardInput::Click(sq) => {
                self.view.cursor = Some(sq);
                self.edit(EditChange::Click(sq));
            }
            BoardInput::Drag(from, to) => {
                self.view.cursor = Some(to);
                self.edit(EditChange::Drag(from, to));
            }
        }
    }

    /// Leaves the editor; the board shows the game again.
    pub(super) fn leave_editor(&mut self, ctx: &Context) {
        if let Some(editor) = self.editor.take() {
            self.view.cursor = None;
            self.forget_analysis();
            self.focus_board(ctx);
            self.tell(&[Event::Edited(Edit::Left)], true);
            if editor.paused_clock {
                self.apply(DocChange::PauseClock(std::time::Instant::now()));
            }
        }
    }

    /// Checks the position set up and, if a game can start from it, opens the new-game dialog
    /// with it and its rules filled in (players, names and the unsaved game are asked about
    /// there). The editor stays open behind it until the game starts.
    pub(super) fn play_from_editor(&mut self) {
        let Some(editor) = &self.editor else {
            return;
        };
        let variant = editor.variant;
        match editor.checked() {
            Ok(pos) => self.open_new_game(Some(&pos.fen()), Some(variant)),
            Err(problem) => self.complain(&problem),
        }
    }

    /// The editor's keys on a square that has the focus: a letter puts a piece, Delete or
    /// Backspace empties it, Escape leaves the editor.
    pub(super) fn editor_keys(&mut self, ctx: &Context) {
        if self.editor.is_none()
            || self.dialogs.is_open()
            || ctx.text_edit_focused()
            || self.menu_is_open(ctx)
        {
            return;
        }
        let focused = ctx.memory(|m| m.focused());
        let on = self.focused_square(ctx);
        let key = |k| ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, k));
        if (on.is_some() || focused.is_none()) && key(egui::Key::Escape) {
            self.leave_editor(ctx);
            return;
        }
        let Some(sq) = on else {
            return;
        };
        let lang = self.lang();
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
            self.edit(EditChange::Put(sq, Some(piece)));
        }
        if key(egui::Key::Delete) || key(egui::Key::Backspace) {
            self.edit(EditChange::Put(sq, None));
        }
    }

    /// The editor's panel beside the board: rules, side to move, the piece a click puts, and
    /// what to do with the position.
    pub(super) fn editor_panel(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        let Some(editor) = &self.editor else {
            return;
        };
        let (mut variant, mut side, mut brush) =
            (editor.variant, editor.position.side_to_move(), editor.brush);
        let brushes = editor.brushes();
        let towers = editor.variant.rules().has_towers();
        ui.heading(T::PositionEditor.get(lang));
        let label = ui.label(T::RuleSet.get(lang));
        let choices = Variant::ALL.map(|v| (v, phrases::rules_name(lang, v.rules()).to_string()));
        self.input.regions.panel = Some(combo(
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
        self.analysis_view(ui);
        ui.separator();
        ui.add(
            egui::Label::new(egui::RichText::new(phrases::editor_keys(lang, towers)).weak()).wrap(),
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
            if matches!(change, EditChange::Clear | EditChange::Start) {
                self.focus_board(ui.ctx());
            }
            self.edit(change);
        }
        if play {
            self.play_from_editor();
        }
        if close {
            let ctx = ui.ctx().clone();
            self.leave_editor(&ctx);
        }
    }
}
