//! The keyboard help: every command with its keys, a line each, read line by line.

use eframe::egui::{self, ScrollArea, Ui};

use super::widgets::follow_focus;
use super::{DialogFrame, DialogUi, title};
use crate::ui::i18n::{Language, T};

/// The keyboard help, from its lines: a command's text, its keys, and whether it can be used
/// now (one that cannot is shown, and read, as unavailable, as its menu item is).
pub(super) struct HelpList {
    /// The lines, the board's keys first.
    pub lines: Vec<(String, Option<String>, bool)>,
}

/// The keyboard help's one answer: it was closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HelpAnswer {
    /// Close was pressed.
    Close,
}

impl DialogUi for HelpList {
    type Answer = HelpAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::KeyboardHelp, lang)
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<HelpAnswer> {
        let not_now = T::NotNow.get(at.lang);
        let lines = self.lines.iter().map(|(text, key, enabled)| {
            (text.as_str(), key.as_deref(), (!enabled).then_some(not_now))
        });
        line_list(ui, at, T::KeyboardHelp, lines)
    }
}

/// The history of announcements: what was said, newest first, a line each, read line by line
/// as the keyboard help is (a missed word is never lost).
pub(super) struct HistoryList {
    /// What was said, newest first.
    pub lines: Vec<String>,
}

impl DialogUi for HistoryList {
    type Answer = HelpAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::AnnouncementHistory, lang)
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<HelpAnswer> {
        let lines = self.lines.iter().map(|text| (text.as_str(), None, None));
        line_list(ui, at, T::AnnouncementHistory, lines)
    }
}

/// A dialog of lines under `heading`, each a [`help_row`] (its text, its keys, and why it
/// cannot be used now), read line by line: the focus starts on the first, read at once; Up,
/// Down and Tab go through the rest. The lines scroll, the Close button stays in sight.
fn line_list<'a>(
    ui: &mut Ui,
    at: &DialogFrame,
    heading: T,
    lines: impl Iterator<Item = (&'a str, Option<&'a str>, Option<&'a str>)>,
) -> Option<HelpAnswer> {
    let lang = at.lang;
    ui.heading(heading.get(lang));
    let height = (at.room.y - 160.0).max(120.0);
    ScrollArea::vertical().max_height(height).show(ui, |ui| {
        let mut ids = Vec::new();
        for (i, (text, key, not_now)) in lines.enumerate() {
            let row = help_row(ui, text, key, not_now);
            if at.focus_now() && i == 0 {
                row.request_focus();
            }
            ids.push(row.id);
        }
        step_through_rows(ui, &ids);
        follow_focus(ui);
    });
    let close = ui.button(T::Close.get(lang));
    close.clicked().then_some(HelpAnswer::Close)
}

/// One line of the keyboard help: a command and its keys, a line the focus can rest on, so
/// that a screen reader reads the help line by line. The text is painted, not made of labels:
/// the screen reader would read stray labels with the dialog. A line of a command not usable
/// now is greyed with `not_now` written after it, in its name too, and marked unavailable.
pub(super) fn help_row(
    ui: &mut Ui,
    text: &str,
    key: Option<&str>,
    not_now: Option<&str>,
) -> egui::Response {
    let enabled = not_now.is_none();
    let name = match key {
        Some(key) => format!("{text}: {key}"),
        None => text.to_string(),
    };
    // The words in the name too: Orca presents a list item's state as nothing, so a line of
    // a command not usable now was read as a usable one.
    let name = match not_now {
        Some(not_now) => format!("{name} ({not_now})"),
        None => name,
    };
    let mut job = egui::text::LayoutJob::default();
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = if enabled {
        ui.visuals().text_color()
    } else {
        ui.visuals().weak_text_color()
    };
    job.append(text, 0.0, egui::TextFormat::simple(font.clone(), color));
    if let Some(key) = key {
        let strong = ui.visuals().strong_text_color();
        job.append(key, 12.0, egui::TextFormat::simple(font.clone(), strong));
    }
    // Not by the grey alone: the words too (the screen reader hears the state).
    if let Some(not_now) = not_now {
        let italic = egui::TextFormat {
            italics: true,
            ..egui::TextFormat::simple(font, color)
        };
        job.append(&format!("({not_now})"), 12.0, italic);
    }
    job.wrap.max_width = ui.available_width();
    let galley = ui.fonts_mut(|f| f.layout_job(job));
    let (rect, row) = ui.allocate_exact_size(
        galley.size() + egui::vec2(0.0, 4.0),
        egui::Sense::focusable_noninteractive(),
    );
    row.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ListItem, enabled, &name));
    ui.painter()
        .galley(rect.min + egui::vec2(0.0, 2.0), galley, color);
    if row.has_focus() {
        let stroke = ui.visuals().selection.stroke;
        ui.painter()
            .rect_stroke(rect.expand(2.0), 2.0, stroke, egui::StrokeKind::Outside);
    }
    row
}

/// Up and Down move the focus to the row before or after the focused one of `rows`, in
/// their order. egui's own search for the nearest widget goes by the rectangles the scroll
/// area clips: from the last row in sight Down went to the Close button under the list, and
/// from there to the row after the next ("Následující pozice" was never read going down).
fn step_through_rows(ui: &Ui, rows: &[egui::Id]) {
    let Some(at) = ui
        .memory(|m| m.focused())
        .and_then(|id| rows.iter().position(|&r| r == id))
    else {
        return;
    };
    let (down, up) = ui.input(|i| {
        (
            i.modifiers.is_none() && i.key_pressed(egui::Key::ArrowDown),
            i.modifiers.is_none() && i.key_pressed(egui::Key::ArrowUp),
        )
    });
    let next = match (down, up) {
        (true, false) => rows.get(at + 1),
        (false, true) => at.checked_sub(1).and_then(|i| rows.get(i)),
        _ => None,
    };
    // Past either end, egui's search goes on as before (below the last row: Close).
    if let Some(&next) = next {
        ui.memory_mut(|m| {
            m.move_focus(egui::FocusDirection::None);
            m.request_focus(next);
        });
    }
}
