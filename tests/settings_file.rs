//! A settings file that cannot be used as it is never stops the window and is never lost: it is
//! kept aside, what can be read of it is used, and a notice says so (issue 16: a `NaN` zoom
//! stopped the window at every start; an ISO-8859-2 file was replaced by defaults without a
//! word).

mod common;

use dama::event::{SettingField as Field, SettingsDamage as Damage};
use dama::ui::{DamaApp, Settings};
use dama::ui::{LoadNotice, MAX_SETTINGS_FILE};

fn settings_with(name: &str, contents: &[u8]) -> common::TempDir {
    let dir = common::temp_dir("settings_file", name);
    std::fs::write(dir.join("settings.ron"), contents).unwrap();
    dir
}

/// What the settings file now holds, read again.
fn saved(dir: &std::path::Path) -> Settings {
    let (s, notice) = Settings::load(dir);
    assert_eq!(notice, None, "the repaired file reads without a notice");
    s
}

#[test]
fn a_nan_zoom_is_reset_and_the_window_draws() {
    let dir = settings_with(
        "nan",
        b"(language: Some(English), zoom: NaN, sound_volume: inf, theme: Dark)",
    );
    let app = DamaApp::new(Some(dir.to_path_buf()));
    assert_eq!(app.settings.zoom, 1.0);
    assert_eq!(app.settings.sound_volume, 0.5);
    assert_eq!(
        app.settings.theme,
        dama::ui::Theme::Dark,
        "the rest is kept"
    );
    assert_eq!(
        app.announcement(),
        format!(
            "Some settings had invalid values and were reset: interface size, sound volume. \
             The original file was kept aside as {}.",
            dir.join("settings.ron.damaged").display()
        )
    );
    let kept = std::fs::read_to_string(dir.join("settings.ron.damaged")).unwrap();
    assert!(kept.contains("zoom: NaN"));
    assert_eq!(saved(&dir).zoom, 1.0);
    let mut h = common::window(app);
    h.run();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_value_out_of_range_is_replaced() {
    let long = "x".repeat(300);
    let text = format!(
        "(zoom: 7.5, sound_volume: -1, voice: (rate: 3, volume: NaN, language: Czech, \
         name: Some(\"{long}\")), window_size: Some((0, 1e30)), last_rules: \"chess\", \
         white_name: \"{long}\", black_name: \"a\\u{{0}}b\", recent_files: [\"\", \"/a\"], \
         engine_threads: 0)"
    );
    let (s, notice) = Settings::load(&settings_with("range", text.as_bytes()));
    let notice = notice.expect("a notice");
    assert_eq!(
        notice.damage,
        Damage::OutOfRange(vec![
            Field::Zoom,
            Field::SoundVolume,
            Field::VoiceRate,
            Field::VoiceVolume,
            Field::VoiceName,
            Field::WindowSize,
            Field::RecentFiles,
            Field::LastRules,
            Field::PlayerNames,
            Field::EngineThreads,
        ])
    );
    assert_eq!(
        (s.zoom, s.sound_volume),
        (3.0, 0.0),
        "the nearest valid value"
    );
    assert_eq!((s.voice.rate, s.voice.volume), (1.0, 1.0));
    assert_eq!((&s.voice.name, s.window_size), (&None, None));
    assert_eq!(s.last_rules, "czech");
    assert_eq!(s.white_name.chars().count(), 200);
    assert_eq!(s.black_name, "ab");
    assert_eq!(s.recent_files, [std::path::PathBuf::from("/a")]);
    let mut valid = s.clone();
    assert_eq!(valid.validate(), [], "validating twice changes nothing");
}

#[test]
fn an_iso_8859_2_file_keeps_its_values_with_a_notice_in_czech() {
    // "Jiří Šťastný" as an old Czech editor saved it.
    let mut text = b"(language: Some(Czech), white_name: \"Ji".to_vec();
    text.extend([0xF8, 0xED, b' ', 0xA9, 0xBB, b'a', b's', b't', b'n', 0xFD]);
    text.extend(b"\", zoom: 1.5)");
    let dir = settings_with("latin2", &text);
    let app = DamaApp::new(Some(dir.to_path_buf()));
    assert_eq!(app.settings.white_name, "Jiří Šťastný");
    assert_eq!(app.settings.zoom, 1.5);
    assert_eq!(
        app.announcement(),
        format!(
            "Soubor nastavení nebyl v kódování UTF-8: byl přečten jako ISO-8859-2 a uložen \
             znovu; původní je stranou jako {}.",
            dir.join("settings.ron.damaged").display()
        )
    );
    assert_eq!(
        std::fs::read(dir.join("settings.ron.damaged")).unwrap(),
        text
    );
    assert_eq!(
        saved(&dir).white_name,
        "Jiří Šťastný",
        "saved again in UTF-8"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_windows_1250_file_is_read_too() {
    // Š (0x8A) and ť (0x9D) are where Windows-1250 differs from ISO-8859-2.
    let mut text = b"(black_name: \"".to_vec();
    text.extend([0x8A, 0x9D, b'a', b's', b't', b'n', 0xFD]);
    text.extend(b"\")");
    let (s, notice) = Settings::load(&settings_with("cp1250", &text));
    assert_eq!(s.black_name, "Šťastný");
    assert_eq!(
        notice.map(|n| n.damage),
        Some(Damage::NotUtf8(Some("Windows-1250")))
    );
}

#[test]
fn bytes_that_are_no_settings_give_defaults_and_are_kept() {
    let text = [0xFF, 0xFE, 0x00, 0x28, 0x81, 0x00];
    let dir = settings_with("binary", &text);
    let (s, notice) = Settings::load(&dir);
    assert_eq!(s, Settings::default());
    let LoadNotice {
        kept_as, damage, ..
    } = notice.expect("a notice");
    assert_eq!(damage, Damage::NotUtf8(None));
    assert_eq!(std::fs::read(kept_as).unwrap(), text);
    assert!(
        !dir.join("settings.ron").exists(),
        "defaults are not written over nothing"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_huge_file_is_not_read_whole() {
    let mut text = b"(theme: Dark, white_name: \"".to_vec();
    text.resize(MAX_SETTINGS_FILE as usize + 10, b'a');
    let dir = settings_with("huge", &text);
    let app = DamaApp::new(Some(dir.to_path_buf()));
    assert_eq!(app.settings, Settings::default());
    // In the system's language: the file's own choice could not be read.
    let said = app.announcement();
    assert!(
        said.contains(&format!("({} ", MAX_SETTINGS_FILE + 1)),
        "{said}"
    );
    assert!(said.contains(&dir.join("settings.ron.damaged").display().to_string()));
    assert_eq!(
        std::fs::metadata(dir.join("settings.ron.damaged"))
            .unwrap()
            .len(),
        text.len() as u64
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
