//! The window's panels: the menu bar, the status bar, the move list beside the board, and
//! the board with its highlights. Apart from `show`, which lays them out each frame.

use eframe::egui::{self, Button, RichText, Ui};

use super::change::{Change, Target};
use super::{DamaApp, varying};
use crate::engine::review::Mark;
use crate::notation::{MAX_MOVE_CHARS, write};
use crate::rules::{Branch, Color, Position, SquareSet, Variation, move_number};
use crate::speech::phrases::{self, analysis};
use crate::ui::Command;
use crate::ui::board_view::{BoardView, Highlights, shows_numbers};
use crate::ui::game_view::Spot;
use crate::ui::i18n::T;
use crate::ui::move_list::{GameMove, Item, MoveList, MoveListResponse};
use crate::ui::panel_views::{AnalysisView, ClockView, StatusBar};
use crate::ui::settings::SpeechMode;
use crate::ui::theme::Palette;

/// The most characters the move field holds: one more than a move may have, so that a paste
/// the field cuts short is still refused as too long (never played as the move its start
/// names), and the field never grows with what is pasted into it.
pub(super) const MOVE_FIELD_CHARS: usize = MAX_MOVE_CHARS + 1;

impl DamaApp {
    /// Whether a person to move may claim a forgotten capture now. Not while the computer is
    /// to move: its claim is its own, and a button appearing would tell the person that they
    /// forgot a capture.
    pub(super) fn person_may_claim(&self) -> bool {
        self.doc.game().claim_offer().is_some() && self.doc.computer_to_move().is_none()
    }

    /// Whether a person answers the standing draw offer.
    pub(super) fn person_answers_draw(&self) -> bool {
        self.doc
            .draw_offer()
            .is_some_and(|by| self.doc.player(!by) == crate::ui::settings::Player::Human)
    }

    /// The status bar, from the announcer's notice and the document.
    pub(super) fn status_bar(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        let to_reader =
            self.settings.speech && self.settings.speech_mode == SpeechMode::ScreenReader;
        StatusBar {
            lang,
            notice: self
                .announcer
                .notice()
                .map_or(("", false), |n| (n.text.as_str(), n.error)),
            live: self.announcer.live_text().filter(|_| to_reader),
            rules: phrases::rules_name(lang, self.doc.game().rules()),
            thinking: self.computer.is_thinking(),
            saving: self
                .saving
                .job
                .as_ref()
                .map(|job| phrases::saving(lang, &job.path, job.bytes)),
            file: self.doc.file().map(|f| (f, self.doc.is_dirty())),
        }
        .show(ui);
    }

    /// The items of variation `v` (reached by `branches`, from `start`, its first move at
    /// `ply` counted from the first player's first move) in the move list, the variations in
    /// it in brackets after the move they replace.
    fn variation_items(
        &self,
        branches: &[Branch],
        v: &Variation,
        start: Position,
        ply: usize,
        items: &mut Vec<Item>,
    ) {
        let rules = self.doc.game().rules();
        items.push(Item::Open);
        let mut pos = start;
        for (i, m) in v.moves.iter().enumerate() {
            let at = ply + i;
            let number = match (i, at % 2) {
                (0, 1) => format!("{}… ", move_number(at)),
                (_, 0) => format!("{}. ", move_number(at)),
                _ => String::new(),
            };
            let text = format!("{number}{}", write(&pos, rules, m, self.settings.notation));
            let spot = Spot {
                branches: branches.to_vec(),
                ply: i + 1,
            };
            let glyphs = v
                .note(i)
                .map(|n| glyph_texts(self.lang(), &n.nags))
                .unwrap_or_default();
            items.push(Item::Move { text, spot, glyphs });
            if let Some(note) = v.note(i).filter(|n| !n.comments.is_empty()) {
                items.push(Item::Comment(note.comments.join(" ")));
            }
            for (index, inner) in v.at(i).iter().enumerate() {
                let mut deeper = branches.to_vec();
                deeper.push(Branch { at: i, index });
                self.variation_items(&deeper, inner, pos, at, items);
            }
            pos.play_unchecked(m);
        }
        items.push(Item::Close);
    }

    fn move_text(&self, ply: usize) -> String {
        let game = self.doc.game();
        let pos = game.position_at(ply).expect("a position per move");
        let m = &game.moves()[ply];
        write(pos, game.rules(), m, self.settings.notation)
    }

    pub(super) fn side_panel(&mut self, ui: &mut Ui) {
        if self.editor.is_open() {
            // The editor's panel, the analysis, then the end of the panel and what was done.
            let mut first = self.input.regions.panel;
            let answer = self.feature(|a| &mut a.editor, |e, cx| e.panel(cx, ui, &mut first));
            self.input.regions.panel = first;
            self.analysis_view(ui);
            if let Some(answer) = answer {
                self.feature(|a| &mut a.editor, |e, cx| e.panel_answer(cx, ui, answer));
            }
            return;
        }
        let lang = self.lang();
        self.clock_view(ui);
        if self.learning.panel(ui, &self.settings) {
            ui.horizontal_wrapped(|ui| {
                // (The hint is the panel's own button below.)
                for c in [Command::NextProblem, Command::Learn] {
                    self.command_button(ui, c, c.text().get(lang));
                }
            });
            ui.separator();
        }
        if let Some(ex) = self.exercises.exercises() {
            // Which problem is on the board, and what it asks.
            let title = &ex.list[ex.current].title;
            let head = crate::speech::phrases::problem_number(lang, ex.current + 1, ex.list.len());
            ui.label(RichText::new(head).heading());
            if !title.trim().is_empty() {
                ui.add(egui::Label::new(RichText::new(title.trim()).strong()).wrap());
            }
            ui.separator();
        }
        ui.heading(T::Moves.get(lang));
        for (color, name) in Color::ALL.into_iter().zip(self.doc.names()) {
            if !name.is_empty() {
                ui.label(format!("{}: {name}", phrases::side_name(lang, color)));
            }
        }
        // Wrapped: at 300 % beside the board the four buttons are wider than the panel.
        let mut first_button = None;
        ui.horizontal_wrapped(|ui| {
            for (c, icon) in [
                (Command::FirstPosition, "|<"),
                (Command::PreviousPosition, "<"),
                (Command::NextPosition, ">"),
                (Command::LivePosition, ">|"),
            ] {
                let b = ui.button(icon).on_hover_text(c.text().get(lang));
                first_button.get_or_insert(b.id);
                let label = c.text().get(lang).to_string();
                b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
                if b.clicked() {
                    self.input.queued.push(c);
                }
            }
        });
        self.input.regions.panel = first_button;
        self.command_button(ui, Command::Hint, T::Hint.get(lang));
        self.analysis_view(ui);
        if self.person_may_claim() && self.view.ply.is_none() {
            let text = RichText::new(T::Claim.get(lang)).strong();
            self.command_button(ui, Command::Claim, text);
        }
        ui.horizontal(|ui| {
            let label = ui.label(T::MoveField.get(lang));
            let edit = ui
                .add(
                    // An id of its own: the claim button appearing above must not take the
                    // field's focus away (its id would change with its place).
                    egui::TextEdit::singleline(&mut self.input.move_text)
                        .id(super::move_field_id())
                        .char_limit(MOVE_FIELD_CHARS)
                        .hint_text(T::MoveFieldHint.get(lang))
                        .desired_width(ui.available_width().clamp(60.0, 160.0)),
                )
                .labelled_by(label.id);
            if std::mem::take(&mut self.input.focus_move_field) {
                edit.request_focus();
            }
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                let text = self.input.move_text.clone();
                // The field stops reading a frame's keys at the Enter: what was typed after it
                // (the next move, typed fast or on a slow frame) is kept for the next move.
                let after = ui.input(|i| typed_after_enter(&i.events));
                self.typed_move(&text);
                self.input
                    .move_text
                    .extend(after.chars().take(MOVE_FIELD_CHARS));
                edit.request_focus();
            }
            // Escape leaves the field for the board, not for nowhere.
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                self.focus_board(ui.ctx());
            }
        });
        self.board_text(ui);
        ui.separator();
        let game = self.doc.game();
        let plies = game.moves().len();
        // In a variation no move of the game's own is the one shown.
        let viewing = match self.view.variation {
            Some(_) => usize::MAX,
            None => self.view.ply.unwrap_or(plies),
        };
        // Move numbers count pairs from the rule set's first player.
        let offset = game.first_ply();
        // The variations, each a row of its own under the row of the move it replaces.
        let mut variation_rows: Vec<(usize, Vec<Item>)> = Vec::new();
        for (ply, group) in self.doc.variations() {
            let pos = *game.position_at(ply).unwrap_or(game.position());
            for (index, v) in group.iter().enumerate() {
                let mut items = Vec::new();
                let branches = [Branch { at: ply, index }];
                self.variation_items(&branches, v, pos, ply + offset, &mut items);
                variation_rows.push((ply, items));
            }
        }
        variation_rows.sort_by_key(|(ply, _)| *ply);
        // What an annotator wrote after the game's moves, a row under the row of its move.
        let notes = self.doc.notes();
        let comment_rows: Vec<(usize, String)> = notes
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.comments.is_empty())
            .map(|(ply, n)| (ply, n.comments.join(" ")))
            .collect();
        let game_move = |ply: usize| {
            // The review's mark: "?" on the screen, the word for the screen reader; else the
            // glyphs a file gave it: "!" on the screen, the words for the reader.
            let review = self
                .view
                .review
                .as_ref()
                .and_then(|r| r.get(ply))
                .map(|j| j.mark)
                .filter(|&m| m != Mark::Good);
            let mark = match review {
                Some(m) => Some((
                    analysis::mark_symbol(m).to_string(),
                    analysis::mark_name(lang, m).to_string(),
                )),
                None => notes
                    .get(ply)
                    .map(|n| glyph_texts(lang, &n.nags))
                    .filter(|glyphs| !glyphs.0.is_empty()),
            };
            GameMove {
                text: self.move_text(ply),
                shown: viewing == ply + 1,
                mark,
            }
        };
        let shown = varying::spot(&self.doc, &self.view);
        let lead = self.doc.lead().join(" ");
        let list = MoveList {
            plies,
            offset,
            game_move: &game_move,
            comments: &comment_rows,
            variations: &variation_rows,
            lead: &lead,
            shown_spot: self.view.variation.is_some().then_some(&shown),
            variation_word: T::VariationItem.get(lang),
        }
        .show(ui);
        let MoveListResponse {
            look,
            look_spot,
            anchor: moves_anchor,
            all_moves,
        } = list;
        self.input.regions.moves = moves_anchor;
        self.input.regions.all_moves = all_moves;
        if let Some(ply) = look {
            self.apply(Change::Look(Target::Ply(ply)));
        }
        if let Some(spot) = look_spot {
            self.apply(Change::Look(Target::Variation(spot)));
        }
    }

    /// The clocks, in a game played on time.
    fn clock_view(&mut self, ui: &mut Ui) {
        if let Some(clock) = self.doc.clock() {
            ClockView {
                lang: self.lang(),
                clock,
                now: std::time::Instant::now(),
            }
            .show(ui);
        }
    }

    /// The analysis of the position shown, while analysis is on: the score and the words
    /// that [`Command::SayAnalysis`] says.
    pub(super) fn analysis_view(&mut self, ui: &mut Ui) {
        if !self.computer.analysis_on() {
            return;
        }
        let lang = self.lang();
        let pos = *self.shown_position();
        let words = self.computer.analysis_of(&pos).map(|report| {
            let rules = match self.editor.editor() {
                Some(editor) => editor.variant.rules(),
                None => self.doc.game().rules(),
            };
            let words = analysis::analysis(
                lang,
                self.settings.notation,
                &pos,
                rules,
                report.score,
                &report.pv,
            );
            match analysis::score_short(lang, &pos, report.score) {
                Some(score) => format!("{score} · {words}"),
                None => words,
            }
        });
        AnalysisView { lang, words }.show(ui);
    }

    /// What the board marks in `pos`, the position shown.
    pub(super) fn highlights(&self, pos: &Position) -> Highlights {
        if self.editor.is_open() {
            return Highlights::default();
        }
        let game = self.doc.game();
        let rules = game.rules();
        let live = self.view.ply.is_none();
        let last_move = match &self.view.variation {
            Some(v) => v.line.moves.get(v.shown() - 1),
            None => self
                .view
                .ply
                .unwrap_or(game.moves().len())
                .checked_sub(1)
                .and_then(|i| game.moves().get(i)),
        }
        .map(|m| (m.from(), m.to()));
        if live && game.outcome().is_some() {
            return Highlights {
                last_move,
                ..Highlights::default()
            };
        }
        if let Some(offenders) = self.view.offenders {
            return Highlights {
                offenders,
                last_move,
                ..Highlights::default()
            };
        }
        // Under table rules nobody points out a capture: the board shows every piece that can
        // move and no must-capture marks (rules.md §5), in earlier positions too.
        let table = self.table_rules();
        let legal = self.moves_shown();
        let movable: SquareSet = legal.iter().map(|m| m.from()).collect();
        let must_capture = if !table && legal.first().is_some_and(|m| m.is_capture()) {
            movable
        } else {
            SquareSet::EMPTY
        };
        let hint = self.view.hint.filter(|_| live).map(|m| (m.from(), m.to()));
        // A lesson's marks and arrows, on its task's own position.
        let (lesson_marks, lesson_arrows) = match self.learning.drawn() {
            Some((marks, arrows)) if live && self.doc.game().moves().is_empty() => {
                (marks.into_iter().collect(), arrows)
            }
            _ => (SquareSet::EMPTY, Vec::new()),
        };
        Highlights {
            hint,
            movable,
            must_capture,
            selected: self.view.picker.from,
            targets: self
                .view
                .picker
                .targets(pos, rules, &legal)
                .into_iter()
                .collect(),
            path: self.view.picker.path.clone(),
            last_move,
            offenders: SquareSet::EMPTY,
            lesson_marks,
            lesson_arrows,
        }
    }

    /// Whose turn it is, or how the game ended, or that an earlier position is shown; and a
    /// standing draw offer with its answers.
    pub(super) fn banner(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        let pos = *self.shown_position();
        let outcome = self.doc.game().outcome();
        if self.editor.is_open() {
            let text = format!(
                "{}: {}",
                T::PositionEditor.get(lang),
                phrases::to_move(lang, pos.side_to_move())
            );
            ui.add(egui::Label::new(RichText::new(text).heading()).wrap());
            return;
        }
        let banner = match (self.view.ply, outcome) {
            _ if self.view.variation.is_some() => {
                RichText::new(T::ViewingVariation.get(lang)).italics()
            }
            (None, Some(o)) => RichText::new(phrases::outcome(lang, o)).heading().strong(),
            (Some(_), _) => RichText::new(T::ViewingHistory.get(lang)).italics(),
            (None, None) => RichText::new(phrases::to_move(lang, pos.side_to_move())).heading(),
        };
        ui.add(egui::Label::new(banner).wrap());
        if let Some(offer) = self.doc.draw_offer()
            && outcome.is_none()
        {
            let answers = self.person_answers_draw();
            ui.horizontal_wrapped(|ui| {
                ui.label(phrases::draw_offer(lang, offer));
                // The computer answers an offer made to it on its own.
                if answers {
                    for c in [Command::AcceptDraw, Command::DeclineDraw] {
                        self.command_button(ui, c, c.text().get(lang));
                    }
                }
            });
        }
    }

    pub(super) fn board_panel(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        let pos = *self.shown_position();
        let highlights = self.highlights(&pos);
        let view = BoardView {
            pos: &pos,
            lang,
            palette: Palette::of(self.settings.theme),
            flipped: self.settings.flipped,
            numbers: shows_numbers(pos.board(), self.settings.numbers_on_8x8),
            coordinates: self.settings.coordinates,
            highlights: &highlights,
            // Always: a click after the end of the game says that the game is over.
            enabled: true,
            verbosity: self.settings.verbosity,
        };
        if let Some(input) = view.show(ui) {
            self.board_input(input);
            if self.editor.is_open() {
                // The letters and Delete go on where the mouse put a piece.
                self.focus_board(ui.ctx());
            }
        }
    }
}

/// The text typed in `events` after the first Enter.
fn typed_after_enter(events: &[egui::Event]) -> String {
    let enter = events.iter().position(|e| {
        matches!(
            e,
            egui::Event::Key {
                key: egui::Key::Enter,
                pressed: true,
                ..
            }
        )
    });
    let Some(enter) = enter else {
        return String::new();
    };
    events[enter + 1..]
        .iter()
        .filter_map(|e| match e {
            egui::Event::Text(t) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

/// The glyphs of a move that say its strength, as the list shows them ("!?") and as the
/// screen reader says them ("an interesting move").
fn glyph_texts(lang: crate::ui::i18n::Language, nags: &[u16]) -> (String, String) {
    const SYMBOLS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];
    let known: Vec<u16> = nags
        .iter()
        .copied()
        .filter(|n| (1..=6).contains(n))
        .collect();
    let symbols = known.iter().map(|&n| SYMBOLS[usize::from(n) - 1]).collect();
    let words = known
        .iter()
        .filter_map(|&n| crate::speech::phrases::glyph_name(lang, n))
        .collect::<Vec<_>>()
        .join(", ");
    (symbols, words)
}

impl DamaApp {
    /// A button of the panels for command `c`: usable as [`DamaApp::availability`] says (the
    /// one answer the menus, the shortcuts and `run` take too), its shortcut as its tooltip;
    /// a click queues the command as a shortcut does.
    pub(super) fn command_button(
        &mut self,
        ui: &mut Ui,
        c: Command,
        text: impl Into<egui::WidgetText>,
    ) -> egui::Response {
        let lang = self.lang();
        let b = ui
            .add_enabled(self.availability(c).is_ok(), Button::new(text))
            .on_hover_text(c.shortcut_text(lang));
        if b.clicked() {
            self.input.queued.push(c);
        }
        b
    }
}

impl DamaApp {
    /// The board as text where the settings show it, drawn from the position shown; Escape
    /// on a line gives the focus back to the board.
    fn board_text(&mut self, ui: &mut Ui) {
        self.input.board_text_rows.clear();
        if !self.settings.board_text {
            return;
        }
        let pos = *self.shown_position();
        let flipped = self.settings.flipped;
        let game = self.doc.game();
        let live = !self.editor.is_open()
            && self.view.variation.is_none()
            && self.view.ply.is_none_or(|ply| ply == game.moves().len());
        let focus_line = std::mem::take(&mut self.input.focus_board_text).then(|| {
            crate::speech::phrases::diagram::line_of(pos.board(), self.cursor_square(), flipped)
        });
        let shown = super::board_text::BoardText {
            lang: self.lang(),
            pos: &pos,
            rules: game.rules(),
            flipped,
            ended: live.then(|| game.outcome()).flatten(),
            focus_line,
            compact: self.window.compact,
        }
        .show(ui);
        self.input.board_text_rows = shown.rows;
        if shown.back_to_board {
            self.focus_board(ui.ctx());
        }
    }
}
