//! The new-game form: rule set, options, clock, position, players and names.

use eframe::egui::{self, Align, Layout, Ui};

use super::widgets::{
    combo, control_label, describe, empty_cell, form_rows, hide_from_reader, is_narrow, radio_row,
};
use super::{DialogFrame, DialogUi, title};
use crate::engine::Level;
use crate::rules::{Color, FenError, KingRange, Position, Precedence, RuleSet, Variant};
use crate::speech::phrases;
use crate::ui::i18n::{Language, T};
use crate::ui::settings::{MAX_NAME, Player};

/// The most characters the new-game dialog's position field holds. The longest position of a
/// 10×10 board, every square listed with a king's mark (`W:WK1,K2,…`), takes about 250, piece
/// lists with spaces about 300; beyond this a paste is refused, so the field never grows with
/// what is pasted and its error quotes no more than an excerpt.
pub const POSITION_CHARS: usize = 1000;

/// The new-game dialog's choices.
#[derive(Clone, Debug)]
pub struct NewGameForm {
    /// The preset the choices start from.
    pub variant: Variant,
    /// The rule set as changed by the options.
    pub rules: RuleSet,
    /// Names.
    pub white: String,
    /// Names.
    pub black: String,
    /// Table rules (where the rule set has a claim).
    pub table_rules: bool,
    /// Who plays White and Black.
    pub players: [Player; 2],
    /// The position to start from, as typed: a FEN or piece lists (`W: 32, 28; B: 12`), the
    /// side to move of the latter being who starts; empty for the rule set's own start.
    pub position: String,
    /// Why the typed position was refused, shown under it until Start is pressed again.
    pub position_error: Option<FenError>,
    /// Put the focus on the position field at the next frame (after a refusal).
    pub focus_position: bool,
    /// The position checked when Start was pressed (`None`: the rule set's own start).
    pub start: Option<Position>,
    /// The time control (`None`: no clock).
    pub clock: Option<crate::game::clock::TimeControl>,
}

impl NewGameForm {
    /// The form as it was left: the rule set, table rules (where it has a claim), names and
    /// players chosen last.
    pub(in crate::ui::app) fn new(
        variant: Variant,
        table_rules: Option<bool>,
        white: &str,
        black: &str,
        players: [Player; 2],
    ) -> NewGameForm {
        let rules = variant.rules();
        NewGameForm {
            variant,
            rules: rules.clone(),
            white: white.into(),
            black: black.into(),
            table_rules: table_rules
                .filter(|_| rules.claim.is_some())
                .unwrap_or(rules.table_rules_by_default),
            players,
            position: String::new(),
            position_error: None,
            focus_position: false,
            start: None,
            clock: None,
        }
    }

    /// The position typed, checked against the rules chosen; `None` for their own start.
    ///
    /// # Errors
    /// What cannot be read, or no game of these rules reaches.
    pub fn start_position(&self) -> Result<Option<Position>, FenError> {
        if self.position.trim().is_empty() {
            return Ok(None);
        }
        self.rules
            .parse_setup(&self.position, self.rules.first)
            .map(Some)
    }
}

/// The new-game form, drawn from its choices (which it changes as they are chosen). It opens
/// with the focus on Start: Enter starts a game like the last one, Tab goes through the
/// choices; Enter in a text field starts too.
pub(super) struct NewGameView<'a> {
    /// The choices.
    pub form: &'a mut NewGameForm,
}

/// The answers to the new-game form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NewGameAnswer {
    /// Start a game of the choices.
    Start,
    /// No new game.
    Cancel,
}

impl DialogUi for NewGameView<'_> {
    type Answer = NewGameAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::NewGame, lang)
    }

    /// What the dialog is for, read with its title as it opens (before the focused control).
    fn question(&self, lang: Language) -> Option<String> {
        Some(T::NewGamePurpose.get(lang).to_string())
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<NewGameAnswer> {
        let (form, lang, frames) = (self.form, at.lang, at.frames);
        ui.heading(T::NewGame.get(lang).trim_end_matches('…'));
        // Shown as well as given as the description: Orca 43 reads a dialog's first text as
        // it opens, not its description.
        ui.label(T::NewGamePurpose.get(lang));
        let narrow = is_narrow(ui);
        // The focus goes in at the dialog's second frame (see `dialogs`); a pasted position puts it
        // on its field instead of on Start.
        let focus = frames == 1 && !form.focus_position;
        let mut entered = false;
        let mut enter_in = |ui: &Ui, field: &egui::Response| {
            entered |= field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        };
        form_rows(ui, "new-game", narrow, |ui| {
            let label = control_label(ui, T::RuleSet.get(lang));
            let before = form.variant;
            let choices =
                Variant::ALL.map(|v| (v, phrases::rules_name(lang, v.rules()).to_string()));
            combo(
                ui,
                "rules",
                label.id,
                T::RuleSet.get(lang),
                &mut form.variant,
                &choices,
                None,
            );
            if form.variant != before {
                form.rules = form.variant.rules().clone();
                form.table_rules = form.rules.table_rules_by_default;
                // A refusal was for the rules before.
                form.position_error = None;
            }
            ui.end_row();
            radio_row(
                ui,
                T::WhoStarts.get(lang),
                &mut form.rules.first,
                Color::ALL.map(|c| (c, phrases::side_name(lang, c))),
            );
            let label = control_label(ui, T::Clock.get(lang));
            let mut choices = vec![(None, T::NoClock.get(lang).to_string())];
            choices.extend(
                crate::game::clock::PRESETS.map(|c| (Some(c), phrases::time_control(lang, c))),
            );
            combo(
                ui,
                "clock",
                label.id,
                T::Clock.get(lang),
                &mut form.clock,
                &choices,
                None,
            );
            ui.end_row();
            let label = control_label(ui, T::SetupPosition.get(lang));
            ui.vertical(|ui| {
                let field = ui
                    .add(
                        egui::TextEdit::singleline(&mut form.position)
                            .char_limit(POSITION_CHARS)
                            .hint_text(T::SetupPositionHint.get(lang))
                            .desired_width(320.0),
                    )
                    .labelled_by(label.id);
                enter_in(ui, &field);
                // Not in the dialog's first, unseen frame (see `dialogs`).
                if form.focus_position && frames > 0 {
                    form.focus_position = false;
                    field.request_focus();
                }
                if field.changed() {
                    form.position_error = None;
                }
                // Always a line here, so that a refusal does not make the dialog grow (a modal keeps
                // the size it had, and would hide its buttons): why the position was refused, or
                // who moves first from it.
                match &form.position_error {
                    Some(e) => {
                        let text = phrases::pdn::fen_error(lang, e);
                        ui.label(egui::RichText::new(text).color(ui.visuals().error_fg_color));
                    }
                    None => {
                        // The field's description for the screen reader, where it is not loose
                        // text that Orca 43 reads as the dialog opens.
                        let note = T::SetupPositionNote.get(lang);
                        let shown = ui.weak(note);
                        hide_from_reader(ui, shown);
                        describe(ui, &field, note);
                    }
                }
            });
            ui.end_row();
            radio_row(
                ui,
                T::CaptureChoice.get(lang),
                &mut form.rules.precedence,
                [
                    (Precedence::Free, T::PrecedenceFree.get(lang)),
                    (Precedence::KingPriority, T::PrecedenceKing.get(lang)),
                    (Precedence::Quantity, T::PrecedenceQuantity.get(lang)),
                ],
            );
            empty_cell(ui, narrow);
            ui.checkbox(
                &mut form.rules.men_capture_backward,
                T::MenCaptureBackward.get(lang),
            );
            ui.end_row();
            empty_cell(ui, narrow);
            let mut flying = form.rules.king == KingRange::Flying;
            if ui.checkbox(&mut flying, T::FlyingKings.get(lang)).changed() {
                form.rules.king = if flying {
                    KingRange::Flying
                } else {
                    KingRange::Short
                };
            }
            ui.end_row();
            empty_cell(ui, narrow);
            ui.add_enabled(
                form.rules.claim.is_some(),
                egui::Checkbox::new(&mut form.table_rules, T::TableRules.get(lang)),
            );
            ui.end_row();
            for (i, color) in Color::ALL.into_iter().enumerate() {
                let played_by = format!(
                    "{}: {}",
                    phrases::side_name(lang, color),
                    T::PlayedBy.get(lang)
                );
                let label = control_label(ui, &played_by);
                let choices: Vec<(Player, String)> = std::iter::once(Player::Human)
                    .chain(Level::ALL.into_iter().map(Player::Computer))
                    .map(|p| (p, phrases::player_name(lang, p.level())))
                    .collect();
                let player = &mut form.players[i];
                combo(
                    ui,
                    ("player", i),
                    label.id,
                    &played_by,
                    player,
                    &choices,
                    Some(240.0),
                );
                ui.end_row();
                let (t, name) = match color {
                    Color::White => (T::WhitePlayer, &mut form.white),
                    Color::Black => (T::BlackPlayer, &mut form.black),
                };
                let label = control_label(ui, t.get(lang));
                let field = ui
                    .add(egui::TextEdit::singleline(name).char_limit(MAX_NAME))
                    .labelled_by(label.id);
                enter_in(ui, &field);
                ui.end_row();
            }
        });
        let mut answer = entered.then_some(NewGameAnswer::Start);
        ui.with_layout(Layout::right_to_left(Align::Min), |ui| {
            if ui.button(T::Cancel.get(lang)).clicked() {
                answer = Some(NewGameAnswer::Cancel);
            }
            let start = ui.button(T::Start.get(lang));
            if focus {
                start.request_focus();
            }
            if start.clicked() {
                answer = Some(NewGameAnswer::Start);
            }
        });
        answer
    }
}
