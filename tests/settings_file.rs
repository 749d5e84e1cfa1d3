//! A settings file that cannot be used as it is never stops the window and is never lost: it is
//! kept aside, what can be read of it is used, and a notice says so (issue 16: a `NaN` zoom
//! stopped the window at every start; an ISO-8859-2 file was replaced by defaults without a
//! word).

mod common;

use dama::game::event::{SettingField as Field, SettingsDamage as Damage};
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

#[test]
fn an_unknown_value_resets_that_setting_alone() {
    // A theme of a newer version, a zoom of the wrong type, a Boolean spelt wrong.
    let dir = settings_with(
        "unknown_value",
        b"(language: Some(English), theme: Sepia, zoom: \"big\", coordinates: yes, \
          flipped: true, white_name: \"Jana\", sounds: true, sound_volume: 0.25)",
    );
    let app = DamaApp::new(Some(dir.to_path_buf()));
    let s = &app.settings;
    assert_eq!(
        (s.theme, s.zoom, s.coordinates),
        (dama::ui::Theme::Light, 1.0, true),
        "the unreadable ones take their defaults"
    );
    assert_eq!(
        (
            s.language,
            s.flipped,
            s.white_name.as_str(),
            s.sounds,
            s.sound_volume
        ),
        (Some(dama::ui::Language::English), true, "Jana", true, 0.25),
        "every other setting is kept"
    );
    assert_eq!(
        app.announcement(),
        format!(
            "Some settings had invalid values and were reset: interface size, theme, \
             coordinates. The original file was kept aside as {}.",
            dir.join("settings.ron.damaged").display()
        )
    );
    assert!(
        std::fs::read_to_string(dir.join("settings.ron.damaged"))
            .unwrap()
            .contains("theme: Sepia")
    );
    let again = saved(&dir);
    assert_eq!((again.flipped, again.white_name.as_str()), (true, "Jana"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_notice_names_the_setting_in_czech() {
    let dir = settings_with(
        "unknown_value_cs",
        b"(language: Some(Czech), theme: Sepia, speech_mode: Whisper, engine_threads: -3)",
    );
    let app = DamaApp::new(Some(dir.to_path_buf()));
    assert_eq!(
        app.announcement(),
        format!(
            "Některá nastavení měla neplatnou hodnotu a platí pro ně výchozí: vlákna počítače, \
             vzhled, způsob řeči. Původní soubor je stranou jako {}.",
            dir.join("settings.ron.damaged").display()
        )
    );
    assert_eq!(app.settings.language, Some(dama::ui::Language::Czech));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fields_of_a_newer_version_survive_a_save() {
    let dir = settings_with(
        "newer",
        b"(theme: Dark, board_style: Marble(grain: 3), // a newer version's\n\
          future_list: [1, 2, 3], zoom: 1.5)",
    );
    let (mut s, notice) = Settings::load(&dir);
    assert_eq!(notice, None, "a newer version's fields are no damage");
    assert_eq!((s.theme, s.zoom), (dama::ui::Theme::Dark, 1.5));
    s.flipped = true;
    s.save(&dir).unwrap();
    let text = std::fs::read_to_string(dir.join("settings.ron")).unwrap();
    assert!(text.contains("board_style: Marble(grain: 3),"), "{text}");
    assert!(text.contains("future_list: [1, 2, 3],"), "{text}");
    let again = saved(&dir);
    assert_eq!(again, s, "read back the same, the newer fields too");
    assert_eq!(
        again.other_fields,
        [
            ("board_style".to_string(), "Marble(grain: 3)".to_string()),
            ("future_list".to_string(), "[1, 2, 3]".to_string()),
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 41: after a file whose name is not UTF-8 was opened, every save of the settings
/// failed ("path contains invalid UTF-8 characters"). Such a path is left out of the file.
#[cfg(unix)]
#[test]
fn a_path_that_is_not_utf8_does_not_stop_the_save() {
    use std::os::unix::ffi::OsStrExt;
    let dir = common::temp_dir("settings_file", "not_utf8_path");
    let odd = std::path::PathBuf::from(std::ffi::OsStr::from_bytes(b"/tmp/partie-\xE8.pdn"));
    let mut s = Settings {
        flipped: true,
        ..Settings::default()
    };
    s.add_recent(std::path::Path::new("/tmp/a.pdn"));
    s.add_recent(&odd);
    s.solved_problems.insert(odd.clone(), vec![1, 2]);
    s.solved_problems.insert("/tmp/ulohy.pdn".into(), vec![3]);
    s.save(&dir).expect("the settings are saved");
    let again = saved(&dir);
    assert!(again.flipped);
    assert_eq!(again.recent_files, [std::path::PathBuf::from("/tmp/a.pdn")]);
    assert_eq!(
        again.solved_problems.into_iter().collect::<Vec<_>>(),
        [("/tmp/ulohy.pdn".into(), vec![3])]
    );
    assert_eq!(s.recent_files.len(), 2, "kept for this run");
    std::fs::remove_dir_all(&dir).unwrap();
}
