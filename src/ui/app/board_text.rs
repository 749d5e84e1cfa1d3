//! The board as text, for braille displays: a line per row of the board (named with the line
//! for braille, described in words for speech), whose turn it is and what the letters mean,
//! with Up, Down, Home, End and Escape of its own. A widget: drawn from data, answering where
//! the focus goes; the window's panel gives it the position shown and acts on its answer.

use eframe::egui::{self, RichText, ScrollArea, Ui};

use crate::rules::{Outcome, Position, RuleSet};
use crate::speech::phrases::diagram;
use crate::ui::i18n::{Language, T};

/// The board as text, drawn from data: what it shows, and where its focus goes.
pub(super) struct BoardText<'a> {
    /// The language of the words.
    pub lang: Language,
    /// The position shown (the board's).
    pub pos: &'a Position,
    /// Its rules.
    pub rules: &'a RuleSet,
    /// Black at the bottom.
    pub flipped: bool,
    /// How the game ended, where the game's last position is the one shown.
    pub ended: Option<Outcome>,
    /// The line to give the focus to (Ctrl+T: the cursor's row).
    pub focus_line: Option<usize>,
    /// The whole panel scrolls (beside the board at 300 %): no scroll area of its own.
    pub compact: bool,
}

/// What the board as text answered.
pub(super) struct BoardTextShown {
    /// The ids of its lines (the lines' own words stay their description while focused).
    pub rows: Vec<egui::Id>,
    /// Escape on a line: the focus goes back to the board.
    pub back_to_board: bool,
}

impl BoardText<'_> {
    /// The board shown as text, for braille displays: a line the focus can rest on per row of
    /// the board, and for whose turn it is and what the letters mean, so that a screen reader
    /// reads (and a braille display shows) one line at a time as Up and Down move; the same
    /// position as the board's. Lines, not a text field: Orca 43 (Debian 12's) cannot read the
    /// lines of AccessKit's text fields (it asks for them by a call AccessKit does not answer).
    pub(super) fn show(self, ui: &mut Ui) -> BoardTextShown {
        let BoardText {
            lang,
            pos,
            rules,
            flipped,
            ended,
            focus_line,
            compact,
        } = self;
        let text = diagram::board_text(lang, pos, rules, flipped, ended);
        let lines: Vec<&str> = text.lines().collect();
        ui.label(RichText::new(T::BoardText.get(lang)).strong());
        let focused = ui.memory(|m| m.focused());
        let size = usize::from(pos.board().size());
        // The panel's width: the board's lines keep to one line and scroll sideways where they
        // are wider (300 %), the sentences after them wrap.
        let width = ui.available_width();
        let mut rows = Vec::with_capacity(lines.len());
        let mut back_to_board = false;
        let mut draw = |ui: &mut Ui| {
            let mut go = None;
            let mut rects = Vec::with_capacity(lines.len());
            for (i, line) in lines.iter().enumerate() {
                let id = board_text_row_id(i);
                if focused == Some(id) {
                    // The arrows and Escape are the lines' own, not egui's moves of the
                    // focus.
                    ui.memory_mut(|m| {
                        m.set_focus_lock_filter(
                            id,
                            egui::EventFilter {
                                vertical_arrows: true,
                                horizontal_arrows: true,
                                escape: true,
                                ..Default::default()
                            },
                        )
                    });
                    go = line_keys(ui.ctx(), i, lines.len());
                }
                let wrap = if i <= size { f32::INFINITY } else { width };
                let words = diagram::row_words(lang, pos, i, flipped);
                let row = text_line(ui, id, line, words, wrap);
                if focus_line == Some(i) {
                    row.request_focus();
                    row.scroll_to_me(None);
                }
                rects.push(row.rect);
                rows.push(id);
            }
            // The line the focus goes to is scrolled into view.
            match go {
                Some(Some(i)) => {
                    ui.memory_mut(|m| m.request_focus(board_text_row_id(i)));
                    ui.scroll_to_rect(rects[i], None);
                }
                Some(None) => back_to_board = true,
                None => {}
            }
        };
        if compact {
            // The whole panel scrolls (beside the board at 300 %).
            draw(ui);
        } else {
            // Above the move list, not more than the greater part of the panel's height.
            ScrollArea::both()
                .id_salt("board-text")
                .max_height(ui.available_height() * 0.6)
                .show(ui, draw);
        }
        BoardTextShown {
            rows,
            back_to_board,
        }
    }
}

/// Up, Down, Home and End on line `at` of `count` of the board as text: the line to go to;
/// Escape: `Some(None)`, back to the board.
fn line_keys(ctx: &egui::Context, at: usize, count: usize) -> Option<Option<usize>> {
    use egui::{Key, Modifiers};
    let key = |k| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, k));
    if key(Key::ArrowUp) {
        Some(Some(at.saturating_sub(1)))
    } else if key(Key::ArrowDown) {
        Some(Some((at + 1).min(count - 1)))
    } else if key(Key::Home) {
        Some(Some(0))
    } else if key(Key::End) {
        Some(Some(count - 1))
    } else if key(Key::Escape) {
        Some(None)
    } else {
        None
    }
}

/// The widget id of line `i` of the board as text, the same every frame.
fn board_text_row_id(i: usize) -> egui::Id {
    egui::Id::unique("dama-board-text").with(i)
}

/// One line of the board as text: painted in a fixed-width font (the squares stay in columns),
/// wrapped at `wrap`, focusable, named with its text for the screen reader (and its braille
/// display), and described with `words` for its speech.
fn text_line(
    ui: &mut Ui,
    id: egui::Id,
    line: &str,
    words: Option<String>,
    wrap: f32,
) -> egui::Response {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let color = ui.visuals().text_color();
    let galley = ui.fonts_mut(|f| f.layout(line.to_string(), font, color, wrap));
    let (rect, _) =
        ui.allocate_exact_size(galley.size() + egui::vec2(4.0, 2.0), egui::Sense::hover());
    let row = ui.interact(rect, id, egui::Sense::focusable_noninteractive());
    row.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ListItem, true, line));
    if let Some(words) = words {
        ui.ctx()
            .accesskit_node_builder(id, |node| node.set_description(words));
    }
    ui.painter()
        .galley(rect.min + egui::vec2(2.0, 1.0), galley, color);
    if row.has_focus() {
        let stroke = ui.visuals().selection.stroke;
        ui.painter()
            .rect_stroke(rect, 2.0, stroke, egui::StrokeKind::Inside);
    }
    row
}
