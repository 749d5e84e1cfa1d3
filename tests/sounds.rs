//! Sound cues through the window: off unless chosen; then a selection, a refused click, a
//! move, a capture and the end of the game each sound, at the volume chosen apart from the
//! voice's; turning them on in Settings plays one to hear how loud; a machine without a sound
//! device says so once, in the user's language.

mod common;

use dama::rules::Variant;
use dama::sound::{Cue, CueRecording};
use dama::ui::{Command, DamaApp, Language, Settings, T};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn window(settings: Settings, player: &CueRecording) -> Harness<'static, DamaApp> {
    let mut app = DamaApp::with_settings(settings, None);
    app.set_sound_player(Box::new(player.clone()));
    let mut h = common::window(app);
    h.run();
    h
}

fn with_sounds(lang: Language) -> Settings {
    Settings {
        sounds: true,
        sound_volume: 0.3,
        ..common::settings(lang, Variant::Czech)
    }
}

#[test]
fn off_unless_chosen() {
    let player = CueRecording::new();
    let mut h = window(common::settings(Language::English, Variant::Czech), &player);
    common::click(&mut h, 22);
    common::click(&mut h, 18);
    common::click(&mut h, 1);
    assert_eq!(player.cues(), []);
}

#[test]
fn selection_refusal_moves_capture_and_the_end() {
    let player = CueRecording::new();
    let mut h = window(with_sounds(Language::English), &player);
    common::click(&mut h, 22);
    assert_eq!(player.cues(), [Cue::Selected]);
    // A square no move of the selected piece goes to.
    common::click(&mut h, 14);
    assert_eq!(player.cues().last(), Some(&Cue::Refused));
    common::click(&mut h, 18);
    assert_eq!(player.cues().last(), Some(&Cue::Moved));
    common::click(&mut h, 11);
    common::click(&mut h, 15);
    common::click(&mut h, 18);
    common::click(&mut h, 11);
    assert_eq!(player.cues().last(), Some(&Cue::Capture));
    // The volume is the sounds' own.
    assert!(player.played().iter().all(|&(_, v)| v == 0.3));
    // A typed move that is not legal is refused too.
    let before = player.cues().len();
    let sc = Command::MoveField.shortcut().unwrap();
    h.key_press_modifiers(sc.modifiers, sc.logical_key);
    h.run();
    h.event(eframe::egui::Event::Text("21-12".into()));
    h.key_press(eframe::egui::Key::Enter);
    h.run();
    assert_eq!(player.cues()[before..], [Cue::Refused]);
    // Resigning ends the game: one cue for the end.
    let before = player.cues().len();
    let sc = Command::Resign.shortcut().unwrap();
    h.key_press_modifiers(sc.modifiers, sc.logical_key);
    h.run();
    h.get_by_label(T::Yes.get(Language::English)).click();
    h.run();
    assert_eq!(player.cues()[before..], [Cue::GameOver]);
}

/// The refusals that came with variations sound as the others do.
#[test]
fn a_refused_variation_command_sounds() {
    let player = CueRecording::new();
    let mut h = window(with_sounds(Language::English), &player);
    // No variation to go to (NoVariation), none shown to delete or promote (NotInVariation).
    for c in [
        Command::NextVariation,
        Command::DeleteVariation,
        Command::PromoteVariation,
    ] {
        let before = player.cues().len();
        let sc = c.shortcut().unwrap();
        h.key_press_modifiers(sc.modifiers, sc.logical_key);
        h.run();
        assert_eq!(player.cues()[before..], [Cue::Refused], "{c:?}");
    }
}

#[test]
fn turned_on_in_settings_one_plays_to_hear_the_volume() {
    let player = CueRecording::new();
    let mut h = window(common::settings(Language::Czech, Variant::Czech), &player);
    let sc = Command::Settings.shortcut().unwrap();
    h.key_press_modifiers(sc.modifiers, sc.logical_key);
    h.run();
    h.get_by_label(T::SoundsOn.get(Language::Czech)).click();
    h.run();
    assert!(h.state().settings.sounds);
    assert_eq!(player.cues(), [Cue::Selected]);
    assert_eq!(player.played()[0].1, 0.5, "the default volume");
}

#[test]
fn no_sound_device_is_said_once() {
    let mut player = CueRecording::new();
    player.unavailable = true;
    let (mut h, voice) = {
        let mut app = DamaApp::with_settings(with_sounds(Language::Czech), None);
        app.set_sound_player(Box::new(player.clone()));
        let voice = common::listen(&mut app);
        (common::window(app), voice)
    };
    h.run();
    common::click(&mut h, 22);
    let unavailable = "Zvuky nelze přehrát: žádné zvukové zařízení nejde otevřít.";
    assert_eq!(h.state().announcement(), unavailable);
    common::click(&mut h, 18);
    common::click(&mut h, 11);
    let said = voice.spoken();
    assert_eq!(
        said.iter().filter(|s| s.contains(unavailable)).count(),
        1,
        "{said:?}"
    );
}
