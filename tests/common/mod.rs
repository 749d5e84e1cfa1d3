//! Helpers shared by the window tests (`mod common;` in each test file that uses them): the
//! window built around the app, a recording voice, squares found by their accessible labels,
//! the plies played, and a folder of its own for each test.
//!
//! Not every test file uses every helper.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use dama::rules::Variant;
use dama::speech::Recording;
use dama::ui::{DamaApp, Language, Settings};
use eframe::egui::{Key, Modifiers, Vec2};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::{Harness, Node};

/// The window size of every window test.
pub const SIZE: Vec2 = Vec2::new(1100.0, 760.0);

/// Default settings with the language and the rule set chosen.
pub fn settings(lang: Language, variant: Variant) -> Settings {
    Settings {
        language: Some(lang),
        last_rules: variant.id().into(),
        ..Settings::default()
    }
}

/// The window around `app`, set up already; no frame drawn yet.
pub fn window(mut app: DamaApp) -> Harness<'static, DamaApp> {
    // Frames follow each other at once here: what the focus says need not wait for Orca.
    app.set_reader_settle(std::time::Duration::ZERO);
    // One channel on every platform the tests run on (the live region has a test of its own).
    app.set_reader_by_description(true);
    Harness::builder()
        .with_size(SIZE)
        .build_ui_state(|ui, app: &mut DamaApp| app.show(ui), app)
}

/// The window of a new app with `settings`, silent; no frame drawn yet.
pub fn app_with(settings: Settings) -> Harness<'static, DamaApp> {
    window(DamaApp::with_settings(settings, None))
}

/// Gives `app` a voice that records what is said.
pub fn listen(app: &mut DamaApp) -> Recording {
    let voice = Recording::new();
    app.set_speaker(Box::new(voice.clone()));
    voice
}

/// The window of a new app with `settings`, and what it says; no frame drawn yet.
pub fn speaking(settings: Settings) -> (Harness<'static, DamaApp>, Recording) {
    let mut app = DamaApp::with_settings(settings, None);
    let voice = listen(&mut app);
    (window(app), voice)
}

/// Czech draughts in `lang`, and what the window says; no frame drawn yet.
pub fn harness(lang: Language) -> (Harness<'static, DamaApp>, Recording) {
    speaking(settings(lang, Variant::Czech))
}

/// Square `n`, found by its accessible label ("22, c3, white man, can move").
pub fn square<'h>(h: &'h Harness<'_, DamaApp>, n: u8) -> Node<'h> {
    let prefix = format!("{n}, ");
    h.get_by(move |node| node.label().is_some_and(|l| l.starts_with(&prefix)))
}

/// The label of square `n` (number, algebraic name, content, state).
pub fn label(h: &Harness<'_, DamaApp>, n: u8) -> String {
    square(h, n).accesskit_node().label().unwrap_or_default()
}

/// Clicks square `n` and runs the window until it settles.
pub fn click(h: &mut Harness<'_, DamaApp>, n: u8) {
    square(h, n).click();
    h.run();
}

/// The plies played, in PDN numbers ("22-18").
pub fn plies(h: &Harness<'_, DamaApp>) -> Vec<String> {
    h.state()
        .game()
        .moves()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

/// In the open Save dialog, types `path` over the suggested one and saves.
pub fn type_path_and_save(h: &mut Harness<'_, DamaApp>, path: &Path) {
    h.get_by_label("File path").focus();
    // Replace the suggested path.
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label("File path")
        .type_text(path.to_str().unwrap());
    h.run();
    h.get_by_label("Save").click();
    h.run();
}

/// An empty folder of its own for a test, removed with everything in it when the value is
/// dropped, so that test runs leave nothing behind. `file` (the test file's name) and `name`
/// (the test's) start its name, for finding it while the test runs.
pub fn temp_dir(file: &str, name: &str) -> TempDir {
    let dir = tempfile::Builder::new()
        .prefix(&format!("dama-{file}-{name}-"))
        .tempdir()
        .unwrap();
    TempDir(dir)
}

/// A test's folder (see [`temp_dir`]); it reads as the [`Path`] it is.
pub struct TempDir(tempfile::TempDir);

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
}

/// Writes `text` to the file `name` in `dir`; returns its path.
pub fn write_file(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}
