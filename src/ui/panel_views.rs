//! The small panels around the board as widgets, drawn from data the window hands them (as
//! [`crate::ui::board_view::BoardView`] and [`crate::ui::move_list::MoveList`] are): the status
//! bar, the clocks and the analysis. They only show; what can be done with them is done by
//! the commands.

use eframe::egui::{self, RichText, Ui};

use crate::game::clock::Clock;
use crate::rules::Color;
use crate::speech::phrases;
use crate::ui::i18n::{Language, T};

/// The status bar: the last announcement and the game's rule set, the computer thinking, a
/// save under way, the file.
pub struct StatusBar<'a> {
    /// The language of the window.
    pub lang: Language,
    /// The last announcement, and whether it reports a problem.
    pub notice: (&'a str, bool),
    /// The words last handed to the screen reader, where the status bar is its live region.
    pub live: Option<String>,
    /// The rule set's name.
    pub rules: &'a str,
    /// Whether the computer is thinking.
    pub thinking: bool,
    /// What a save running in the background says, while it runs.
    pub saving: Option<String>,
    /// The game's file, and whether it has unsaved changes.
    pub file: Option<(&'a std::path::Path, bool)>,
}

impl StatusBar<'_> {
    /// Lays the bar out in `ui`.
    pub fn show(self, ui: &mut Ui) {
        let (text, error) = self.notice;
        // The last announcement, also the live region that screen readers announce: the same
        // words as the speech, a failure in the error colour and bold, not by colour alone.
        let text = RichText::new(text);
        let text = if error {
            text.color(ui.visuals().error_fg_color).strong()
        } else {
            text
        };
        let status = ui.add(egui::Label::new(text).wrap());
        // Where the live region is the screen reader's channel, the status bar is it: it holds
        // the words last handed over (the cursor's squares, which the focus says, are not).
        if let Some(label) = self.live {
            ui.ctx().accesskit_node_builder(status.id, |node| {
                node.set_label(label);
                node.set_live(if error {
                    egui::accesskit::Live::Assertive
                } else {
                    egui::accesskit::Live::Polite
                });
            });
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(self.rules);
            ui.separator();
            // Where it never moves the board: the thinking indicator.
            if self.thinking {
                ui.add(egui::Spinner::new());
                ui.label(RichText::new(T::Thinking.get(self.lang)).strong());
                ui.separator();
            }
            if let Some(saving) = self.saving {
                ui.add(egui::Spinner::new());
                ui.label(RichText::new(saving).strong());
                ui.separator();
            }
            if let Some((file, dirty)) = self.file {
                let mark = if dirty { " •" } else { "" };
                ui.label(format!("{}{mark}", file.display()));
            }
        });
    }
}

/// The clocks, in a game played on time: each side's time, the running one marked by a word
/// and bold, not by colour alone.
pub struct ClockView<'a> {
    /// The language of the window.
    pub lang: Language,
    /// The clocks.
    pub clock: &'a Clock,
    /// Now.
    pub now: std::time::Instant,
}

impl ClockView<'_> {
    /// Lays the clocks out in `ui`.
    pub fn show(self, ui: &mut Ui) {
        let lang = self.lang;
        ui.vertical(|ui| {
            for color in Color::ALL {
                let left = self.clock.left(color, self.now);
                let secs = crate::game::clock::shown_seconds(left);
                let mut text = format!(
                    "{} {}:{:02}",
                    phrases::side_name(lang, color),
                    secs / 60,
                    secs % 60
                );
                let running = self.clock.running() == Some(color);
                if running {
                    text.push_str(&format!(" ({})", T::ClockRuns.get(lang)));
                }
                let text = RichText::new(text).size(18.0).monospace();
                ui.label(if running { text.strong() } else { text });
            }
            if self.clock.is_paused() {
                ui.label(RichText::new(T::ClockPausedMark.get(lang)).italics());
            }
        });
        ui.separator();
    }
}

/// The analysis of the position shown: its words, or that they are being found.
pub struct AnalysisView {
    /// The language of the window.
    pub lang: Language,
    /// The score and the best line in words (none: the computer is still analysing).
    pub words: Option<String>,
}

impl AnalysisView {
    /// Lays the analysis out in `ui`.
    pub fn show(self, ui: &mut Ui) {
        ui.separator();
        ui.label(RichText::new(T::Analysis.get(self.lang)).strong());
        match self.words {
            Some(text) => {
                ui.add(egui::Label::new(text).wrap());
            }
            None => {
                ui.weak(T::AnalysisWaiting.get(self.lang));
            }
        }
        ui.separator();
    }
}
