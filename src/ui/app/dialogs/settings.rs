//! The settings form: language, theme, notation, board, speech, sounds, words, what is
//! announced, zoom and the computer's threads, each changed as it is chosen.

use eframe::egui::{self, Ui};

use super::widgets::{
    combo, control_label, describe, form_rows, is_narrow, percent_slider, radio_group, radio_row,
};
use super::{DialogFrame, DialogUi, title};
use crate::game::clock::TimeCalls;
use crate::notation::Notation;
use crate::speech::phrases::Verbosity;
use crate::ui::i18n::{Language, T};
use crate::ui::settings::{MAX_ENGINE_THREADS, Settings, SpeechMode, Theme};

/// The settings form, drawn from the settings it changes; `voices` are the speech engine's.
pub(super) struct SettingsForm<'a> {
    /// The settings, changed as they are chosen (the window saves and applies them).
    pub settings: &'a mut Settings,
    /// The voices to choose from.
    pub voices: &'a [String],
}

/// The settings form's one answer: it was closed (a choice is taken as it is made).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SettingsAnswer {
    /// Close was pressed.
    Close,
}

impl DialogUi for SettingsForm<'_> {
    type Answer = SettingsAnswer;

    fn title(&self, lang: Language) -> String {
        title(T::Settings, lang)
    }

    /// What the dialog is for, read with its title as it opens (before the focused control).
    fn question(&self, lang: Language) -> Option<String> {
        Some(T::SettingsPurpose.get(lang).to_string())
    }

    fn show(self, ui: &mut Ui, at: &DialogFrame) -> Option<SettingsAnswer> {
        let (s, voices, lang) = (self.settings, self.voices, at.lang);
        ui.heading(T::Settings.get(lang).trim_end_matches('…'));
        // Shown as well as given as the description: Orca 43 reads a dialog's first text as
        // it opens, not its description.
        ui.label(T::SettingsPurpose.get(lang));
        let narrow = is_narrow(ui);
        form_rows(ui, "settings", narrow, |ui| {
            radio_row(
                ui,
                T::Language.get(lang),
                &mut s.language,
                // Following the system is a choice of its own: one button is always checked.
                std::iter::once((None, T::SystemLanguage.get(lang)))
                    .chain(Language::ALL.map(|l| (Some(l), l.name()))),
            );
            radio_row(
                ui,
                T::Theme.get(lang),
                &mut s.theme,
                [
                    (Theme::Light, T::ThemeLight.get(lang)),
                    (Theme::Dark, T::ThemeDark.get(lang)),
                    (Theme::HighContrast, T::ThemeContrast.get(lang)),
                ],
            );
            radio_row(
                ui,
                T::Notation.get(lang),
                &mut s.notation,
                [
                    (Notation::Numeric, T::Numeric.get(lang)),
                    (Notation::Algebraic, T::Algebraic.get(lang)),
                ],
            );
            ui.label(T::Board.get(lang));
            ui.vertical(|ui| {
                ui.checkbox(&mut s.numbers_on_8x8, T::NumbersOn8x8.get(lang));
                ui.checkbox(&mut s.coordinates, T::Coordinates.get(lang));
                ui.checkbox(&mut s.flipped, T::FlipBoard.get(lang));
            });
            ui.end_row();
            ui.label(T::Speech.get(lang));
            ui.vertical(|ui| {
                ui.checkbox(&mut s.speech, T::SpeechOn.get(lang));
                radio_group(
                    ui,
                    T::Speech.get(lang),
                    &mut s.speech_mode,
                    [
                        (SpeechMode::OwnVoice, T::OwnVoice),
                        (SpeechMode::ScreenReader, T::ScreenReaderVoice),
                        (SpeechMode::Both, T::BothVoices),
                    ]
                    .map(|(mode, name)| (mode, name.get(lang))),
                );
                ui.horizontal(|ui| {
                    let label = control_label(ui, T::VoiceName.get(lang));
                    // The chosen voice stays a choice (and is shown) while the list of voices
                    // lacks it (no speech engine started).
                    let chosen = s.voice.name.clone().filter(|v| !voices.contains(v));
                    let choices: Vec<(Option<String>, String)> =
                        std::iter::once((None, T::AutomaticVoice.get(lang).to_string()))
                            .chain(
                                chosen
                                    .iter()
                                    .chain(voices)
                                    .map(|v| (Some(v.clone()), v.clone())),
                            )
                            .collect();
                    let name = T::VoiceName.get(lang);
                    combo(
                        ui,
                        "voice",
                        label.id,
                        name,
                        &mut s.voice.name,
                        &choices,
                        None,
                    );
                });
                ui.add(
                    percent_slider(lang, &mut s.voice.rate, 0.0..=100.0, 1.0)
                        .text(T::Rate.get(lang)),
                );
                ui.add(
                    percent_slider(lang, &mut s.voice.volume, 0.0..=100.0, 1.0)
                        .text(T::Volume.get(lang)),
                );
            });
            ui.end_row();
            ui.label(T::Sounds.get(lang));
            ui.vertical(|ui| {
                let what = T::SoundsWhat.get(lang);
                let on = ui
                    .checkbox(&mut s.sounds, T::SoundsOn.get(lang))
                    .on_hover_text(what);
                describe(ui, &on, what);
                ui.add_enabled(
                    s.sounds,
                    percent_slider(lang, &mut s.sound_volume, 0.0..=100.0, 1.0)
                        .text(T::SoundVolume.get(lang)),
                );
            });
            ui.end_row();
            radio_row(
                ui,
                T::SquareWords.get(lang),
                &mut s.verbosity,
                [
                    (Verbosity::Brief, T::BriefWords.get(lang)),
                    (Verbosity::Full, T::FullWords.get(lang)),
                ],
            );
            ui.label(T::Announcements.get(lang));
            ui.vertical(|ui| {
                ui.checkbox(&mut s.say_thinking, T::SayThinking.get(lang));
                let what = T::RereadSquareWhat.get(lang);
                let reread = ui
                    .checkbox(&mut s.reread_square, T::RereadSquare.get(lang))
                    .on_hover_text(what);
                describe(ui, &reread, what);
            });
            ui.end_row();
            radio_row(
                ui,
                T::TimeCalls.get(lang),
                &mut s.time_calls,
                TimeCalls::ALL.map(|calls| {
                    let name = match calls {
                        TimeCalls::Off => T::TimeCallsOff,
                        TimeCalls::LastMinute => T::TimeCallsLastMinute,
                        TimeCalls::EveryFiveMinutes => T::TimeCallsFiveMinutes,
                        TimeCalls::EveryMinute => T::TimeCallsEveryMinute,
                    };
                    (calls, name.get(lang))
                }),
            );
            let label = control_label(ui, T::Zoom.get(lang));
            ui.add(percent_slider(lang, &mut s.zoom, 100.0..=300.0, 25.0))
                .labelled_by(label.id);
            ui.end_row();
            let label = control_label(ui, T::EngineThreads.get(lang));
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
            let most = cores.max(s.engine_threads).min(MAX_ENGINE_THREADS);
            ui.add(
                egui::Slider::new(&mut s.engine_threads, 1..=most)
                    .step_by(1.0)
                    .drag_value_speed(1.0),
            )
            .labelled_by(label.id);
            ui.end_row();
        });
        let close = ui.button(T::Close.get(lang));
        if at.focus_now() {
            close.request_focus();
        }
        close.clicked().then_some(SettingsAnswer::Close)
    }
}
