//! Autosave through the window: a run that ends without a clean exit (a crash, `kill -9`) is
//! simulated by dropping the window state without `on_exit`; the next start in the same data
//! directory asks whether to resume.

mod common;

use std::path::Path;

use common::{click, plies};
use dama::rules::Variant;
use dama::speech::Recording;
use dama::ui::{DamaApp, Dialog, Language};
use eframe::egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// A window as `dama` opens it, autosaving in `data`.
fn start(data: &Path, lang: Language) -> (Harness<'static, DamaApp>, Recording) {
    let mut app = DamaApp::with_settings(common::settings(lang, Variant::Czech), None);
    let voice = common::listen(&mut app);
    app.start_autosave(data);
    let mut h = common::window(app);
    h.run();
    (h, voice)
}

fn autosave(data: &Path) -> String {
    std::fs::read_to_string(data.join("autosave.pdn")).unwrap_or_default()
}

/// Plays two moves and "crashes": the state is dropped without a clean exit.
fn play_and_crash(data: &Path) {
    let (mut h, _) = start(data, Language::English);
    assert!(h.state().dialog().is_none());
    click(&mut h, 22);
    click(&mut h, 18);
    assert!(autosave(data).contains("1. c3-d4 *"), "{}", autosave(data));
    click(&mut h, 11);
    click(&mut h, 15);
    assert!(
        autosave(data).contains("1. c3-d4 f6-e5 *"),
        "{}",
        autosave(data)
    );
    drop(h);
}

#[test]
fn after_a_crash_the_game_can_be_resumed_by_keyboard() {
    let data = common::temp_dir("autosave", "resume");
    play_and_crash(&data);
    let (mut h, voice) = start(&data, Language::English);
    assert!(matches!(h.state().dialog(), Some(Dialog::Resume(..))));
    assert!(h.query_all_by_label("Resume the interrupted game?").count() == 2);
    assert!(
        h.query_by_label("Czech draughts, 2 half-moves").is_some(),
        "the game is described"
    );
    // Spoken and in the live region at once.
    let question = "Resume the interrupted game? Dáma did not close properly last time. \
                    The game in progress was kept: Czech draughts, 2 half-moves";
    assert_eq!(voice.spoken(), [question]);
    assert_eq!(h.state().announcement(), question);
    // The interrupted game is not overwritten while the question is open.
    h.run();
    assert!(autosave(&data).contains("1. c3-d4 f6-e5 *"));
    // Focus is on Resume: Enter resumes.
    assert!(h.get_by_label("Resume").accesskit_node().is_focused());
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().dialog().is_none());
    assert_eq!(plies(&h), ["22-18", "11-15"]);
    assert_eq!(
        voice.spoken().last().unwrap(),
        "The interrupted game is resumed. White to move"
    );
    // Found only in the autosave: unsaved, so closing asks to save it.
    assert!(h.state().is_dirty());
    assert_eq!(h.state().file(), None);
    // Play goes on and is autosaved.
    click(&mut h, 18);
    click(&mut h, 11);
    assert!(autosave(&data).contains("1. c3-d4 f6-e5 2. d4:f6 *"));
    // Windows cannot remove the lock file of a window that still runs.
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn discard_starts_a_new_game_and_keeps_the_old_one_aside() {
    let data = common::temp_dir("autosave", "discard");
    play_and_crash(&data);
    let (mut h, voice) = start(&data, Language::English);
    // Escape does not dismiss the question, nor does a shortcut replace it (a regression: F1
    // opened the help over it, and the interrupted game was then overwritten).
    h.key_press(Key::Escape);
    h.run();
    assert!(matches!(h.state().dialog(), Some(Dialog::Resume(..))));
    for (mods, key) in [
        (eframe::egui::Modifiers::NONE, Key::F1),
        (eframe::egui::Modifiers::COMMAND, Key::N),
        (eframe::egui::Modifiers::COMMAND, Key::Z),
    ] {
        h.key_press_modifiers(mods, key);
        h.run();
        assert!(matches!(h.state().dialog(), Some(Dialog::Resume(..))));
    }
    h.get_by_label("Discard").click();
    h.run();
    assert!(h.state().dialog().is_none());
    assert!(plies(&h).is_empty());
    assert!(!h.state().is_dirty());
    let aside = data.join("discarded.pdn");
    let text = format!(
        "The interrupted game was put aside in the file {}",
        aside.display()
    );
    assert_eq!(h.state().notice().unwrap().text, text);
    assert_eq!(voice.spoken().last(), Some(&text));
    assert!(
        std::fs::read_to_string(&aside)
            .unwrap()
            .contains("1. c3-d4 f6-e5 *")
    );
    // The next start has nothing to resume.
    drop(h);
    let (h, _) = start(&data, Language::English);
    assert!(h.state().dialog().is_none());
    // Windows cannot remove the lock file of a window that still runs.
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn a_clean_exit_removes_the_autosave() {
    let data = common::temp_dir("autosave", "clean");
    let (mut h, _) = start(&data, Language::English);
    click(&mut h, 22);
    click(&mut h, 18);
    assert!(data.join("autosave.pdn").exists());
    eframe::App::on_exit(h.state_mut(), None);
    assert!(!data.join("autosave.pdn").exists());
    drop(h);
    let (h, _) = start(&data, Language::English);
    assert!(h.state().dialog().is_none());
    assert!(plies(&h).is_empty());
    // Windows cannot remove the lock file of a window that still runs.
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn closing_before_answering_keeps_the_interrupted_game() {
    let data = common::temp_dir("autosave", "unanswered");
    play_and_crash(&data);
    let (mut h, _) = start(&data, Language::English);
    eframe::App::on_exit(h.state_mut(), None);
    drop(h);
    let (h, _) = start(&data, Language::English);
    assert!(matches!(h.state().dialog(), Some(Dialog::Resume(..))));
    // Windows cannot remove the lock file of a window that still runs.
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn a_resumed_game_keeps_its_file_and_whether_it_was_saved() {
    let data = common::temp_dir("autosave", "file");
    let file = data.join("partie.pdn");
    std::fs::write(
        &file,
        "[GameType \"29\"]\n[White \"Jana\"]\n[Event \"Přebor\"]\n1. c3-d4 f6-e5 *\n",
    )
    .unwrap();
    // Loaded and left unchanged.
    let (mut h, _) = start(&data, Language::English);
    h.state_mut().open_path(&file);
    h.run();
    drop(h);
    let (mut h, _) = start(&data, Language::Czech);
    assert!(
        h.query_all_by_label("Pokračovat v přerušené partii?")
            .count()
            == 2
    );
    assert!(
        h.query_by_label("Česká dáma, 2 půltahy, bílý: Jana, soubor: partie.pdn")
            .is_some()
    );
    h.get_by_label("Pokračovat").click();
    h.run();
    assert_eq!(h.state().file(), Some(file.as_path()));
    assert!(!h.state().is_dirty());
    // Changed after loading: the change is unsaved.
    click(&mut h, 18);
    click(&mut h, 11);
    drop(h);
    let (mut h, _) = start(&data, Language::English);
    assert!(
        h.query_by_label(
            "Czech draughts, 3 half-moves, white: Jana, file: partie.pdn (unsaved changes)"
        )
        .is_some()
    );
    h.get_by_label("Resume").click();
    h.run();
    assert_eq!(h.state().file(), Some(file.as_path()));
    assert!(h.state().is_dirty());
    assert_eq!(plies(&h), ["22-18", "11-15", "18x11"]);
    // Saving writes the file's own tags back, without autosave's.
    h.key_press_modifiers(eframe::egui::Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!h.state().is_dirty());
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("[Event \"Přebor\"]"), "{saved}");
    assert!(!saved.contains("Dama"), "{saved}");
    // Windows cannot remove the lock file of a window that still runs.
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn a_file_from_the_command_line_opens_after_the_question() {
    let data = common::temp_dir("autosave", "command-line");
    play_and_crash(&data);
    let file = data.join("other.pdn");
    std::fs::write(&file, "[GameType \"29\"]\n1. c3-b4 *\n").unwrap();
    let (mut h, _) = start(&data, Language::English);
    h.state_mut().open_at_start(&file);
    h.run();
    assert!(matches!(h.state().dialog(), Some(Dialog::Resume(..))));
    h.get_by_label("Resume").click();
    h.run();
    // The resumed game is unsaved: opening the file asks first.
    assert!(h.query_all_by_label("Unsaved changes").count() == 2);
    h.get_by_label("Discard").click();
    h.run();
    assert_eq!(plies(&h), ["22-17"]);
    assert_eq!(h.state().file(), Some(file.as_path()));
    // Windows cannot remove the lock file of a window that still runs.
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn a_damaged_autosave_is_kept_aside_with_a_notice() {
    let cases: [(&str, &[u8]); 3] = [
        (
            "garbage",
            b"\x7fELF\x02\x01\x01\x00\x00\x00garbage\xff\xfe\x00",
        ),
        (
            "truncated",
            b"[Event \"?\"]\n[GameType \"29\"]\n\n1. c3-d4 f6-e5 2. d4:f6 {never",
        ),
        ("illegal", b"[GameType \"29\"]\n1. c3-d4 c3-d4 *\n"),
    ];
    for (name, bytes) in cases {
        let data = common::temp_dir("autosave", name);
        std::fs::write(data.join("autosave.pdn"), bytes).unwrap();
        let (mut h, voice) = start(&data, Language::English);
        assert!(h.state().dialog().is_none(), "{name}");
        assert!(plies(&h).is_empty(), "{name}: a new game");
        let kept = data.join("autosave.pdn.damaged");
        assert_eq!(std::fs::read(&kept).unwrap(), bytes, "{name}");
        let notice = h.state().notice().expect("a notice").clone();
        assert!(notice.error);
        let start = format!(
            "The autosaved game was damaged: it was kept aside as {} and a new game starts. ",
            kept.display()
        );
        assert!(
            notice.text.starts_with(&start) && notice.text.len() > start.len() + 10,
            "{name}: {}",
            notice.text
        );
        assert_eq!(voice.spoken(), std::slice::from_ref(&notice.text), "{name}");
        // The status bar is the live region: the text is there once.
        assert_eq!(h.query_all_by_label(&notice.text).count(), 1, "{name}");
        // Play goes on, autosaved again.
        click(&mut h, 22);
        click(&mut h, 18);
        assert!(autosave(&data).contains("1. c3-d4 *"), "{name}");
        assert_eq!(voice.spoken().last().unwrap(), "22 to 18");
        // Windows cannot remove the lock file of a window that still runs.
        drop(h);
        std::fs::remove_dir_all(&data).unwrap();
    }
}

#[test]
fn damaged_settings_and_autosave_are_both_reported() {
    let data = common::temp_dir("autosave", "both");
    let config = data.join("config");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("settings.ron"),
        "(language: Some(English), zoom: ",
    )
    .unwrap();
    std::fs::write(data.join("autosave.pdn"), "[GameType \"29\"\n").unwrap();
    let mut app = DamaApp::new(Some(config.clone()));
    app.start_autosave(&data);
    let text = &app.notice().unwrap().text;
    assert!(
        text.starts_with("The settings file was damaged")
            && text.contains("The autosaved game was damaged"),
        "{text}"
    );
    assert!(config.join("settings.ron.damaged").exists());
    assert!(data.join("autosave.pdn.damaged").exists());
    // Both are said once the window has a voice (the real one starts with the first frame).
    let voice = Recording::new();
    app.set_speaker(Box::new(voice.clone()));
    let spoken = voice.spoken();
    assert_eq!(spoken.len(), 2, "{spoken:?}");
    assert!(spoken[0].starts_with("The settings file was damaged"));
    assert!(spoken[1].starts_with("The autosaved game was damaged"));
    // The status bar and the live region keep both.
    assert_eq!(app.announcement(), format!("{} {}", spoken[0], spoken[1]));
    // Windows cannot remove the lock file of a window that still runs.
    drop(app);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn a_failing_autosave_is_reported_once_and_play_goes_on() {
    let data = common::temp_dir("autosave", "failing");
    let (mut h, voice) = start(&data, Language::English);
    assert_eq!(h.state().notice(), None);
    // A folder where the autosave file should be: writing it fails, even for root. (A data
    // folder that is a file has words of its own: see below.)
    let file = data.join("autosave.pdn");
    std::fs::remove_file(&file).unwrap();
    std::fs::create_dir_all(file.join("in-the-way")).unwrap();
    for n in [22, 18, 11, 15] {
        click(&mut h, n);
    }
    assert_eq!(plies(&h), ["22-18", "11-15"]);
    let failures: Vec<String> = voice
        .spoken()
        .into_iter()
        .filter(|t| t.starts_with("Autosave failed"))
        .collect();
    assert_eq!(
        failures.len(),
        1,
        "said once, not at every move: {failures:?}"
    );
    assert!(
        failures[0].starts_with(&format!("Autosave failed: {}: ", file.display())),
        "{}",
        failures[0]
    );
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn a_second_window_neither_offers_nor_overwrites_the_first_ones_game() {
    let data = common::temp_dir("autosave", "two-windows");
    let (mut first, _) = start(&data, Language::English);
    click(&mut first, 22);
    click(&mut first, 18);
    let (mut second, _) = start(&data, Language::English);
    assert!(
        second.state().dialog().is_none(),
        "the first window is running"
    );
    assert_eq!(
        second.state().autosave_path(),
        Some(data.join("autosave-2.pdn").as_path())
    );
    click(&mut second, 21);
    click(&mut second, 17);
    assert!(autosave(&data).contains("1. c3-d4 *"));
    // Closing the second cleanly leaves the first's autosave.
    eframe::App::on_exit(second.state_mut(), None);
    drop(second);
    assert!(!data.join("autosave-2.pdn").exists());
    assert!(autosave(&data).contains("1. c3-d4 *"));
    // The first crashes: the next window offers its game.
    drop(first);
    let (h, _) = start(&data, Language::English);
    assert!(matches!(h.state().dialog(), Some(Dialog::Resume(..))));
    // Windows cannot remove the lock file of a window that still runs.
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}

/// Both windows are killed: the next single start offers both games, its own slot's first; a
/// second game can be put aside or left for another window, and Enter never discards one (a
/// regression: `autosave-2.pdn` waited until two windows ran again).
#[test]
fn every_window_s_interrupted_game_is_offered_at_the_next_start() {
    let data = common::temp_dir("autosave", "both-killed");
    let (mut first, _) = start(&data, Language::English);
    click(&mut first, 22);
    click(&mut first, 18);
    let (mut second, _) = start(&data, Language::English);
    for (from, to) in [(21, 17), (11, 15), (17, 14)] {
        click(&mut second, from);
        click(&mut second, to);
    }
    drop((first, second));
    let (mut h, voice) = start(&data, Language::English);
    assert!(
        h.query_by_label("Czech draughts, 1 half-move").is_some(),
        "its own slot's game first"
    );
    assert!(
        h.query_by_label("1 more interrupted game will be offered after it.")
            .is_some()
    );
    assert_eq!(
        voice.spoken(),
        [
            "Resume the interrupted game? Dáma did not close properly last time. The game in \
          progress was kept: Czech draughts, 1 half-move. 1 more interrupted game will be \
          offered after it."
        ]
    );
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(plies(&h), ["22-18"]);
    h.run();
    // The second game, in a dialog of its own, with the focus on Later.
    assert!(matches!(h.state().dialog(), Some(Dialog::Resume(..))));
    assert!(h.query_by_label("Czech draughts, 3 half-moves").is_some());
    assert!(h.get_by_label("Later").accesskit_node().is_focused());
    assert!(
        h.query_by_label("Resume").is_none(),
        "this window plays one"
    );
    assert_eq!(
        voice.spoken().last().unwrap(),
        "Resume the interrupted game? Dáma did not close properly last time. The game in \
         progress was kept: Czech draughts, 3 half-moves. This window already goes on with \
         another game. This one can be left for later (the next Dáma window offers it) or put \
         aside."
    );
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().dialog().is_none());
    let kept = data.join("autosave-2.pdn");
    assert_eq!(
        h.state().announcement(),
        format!(
            "The interrupted game stays in {} and the next Dáma window offers it.",
            kept.display()
        )
    );
    // A second window started now finds it, and can put it aside.
    let (mut other, _) = start(&data, Language::English);
    assert!(
        other
            .query_by_label("Czech draughts, 3 half-moves")
            .is_some()
    );
    other.get_by_label("Discard").click();
    other.run();
    assert!(!kept.exists());
    let aside = std::fs::read_to_string(data.join("discarded-2.pdn")).unwrap();
    assert!(aside.contains("1. a3-b4 f6-e5 2. b4-c5 *"), "{aside}");
    assert!(
        autosave(&data).contains("1. c3-d4 *"),
        "the first game goes on"
    );
    // Windows cannot remove the lock file of a window that still runs.
    drop((h, other));
    std::fs::remove_dir_all(&data).unwrap();
}

/// A game left only in another slot is taken up in this window's own: the other file goes once
/// this window's autosave holds the game.
#[test]
fn another_slot_s_game_resumed_here_moves_to_this_window_s_slot() {
    let data = common::temp_dir("autosave", "adopt");
    let (mut first, _) = start(&data, Language::English);
    let (mut second, _) = start(&data, Language::Czech);
    click(&mut second, 22);
    click(&mut second, 18);
    eframe::App::on_exit(first.state_mut(), None);
    drop(first);
    drop(second);
    assert!(!data.join("autosave.pdn").exists());
    let (mut h, _) = start(&data, Language::Czech);
    assert_eq!(
        h.state().autosave_path(),
        Some(data.join("autosave.pdn").as_path())
    );
    assert!(h.query_by_label("Česká dáma, 1 půltah").is_some());
    h.get_by_label("Pokračovat").click();
    h.run();
    assert_eq!(plies(&h), ["22-18"]);
    assert!(autosave(&data).contains("1. c3-d4 *"));
    assert!(!data.join("autosave-2.pdn").exists());
    drop(h);
    let (h, _) = start(&data, Language::Czech);
    assert!(
        h.query_by_label("Česká dáma, 1 půltah").is_some(),
        "offered once, from its new slot"
    );
    // Windows cannot remove the lock file of a window that still runs.
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}

/// A write killed between creating its temporary file and renaming it leaves `.NAME.tmpPID-N`:
/// the next start removes those of the autosave, the settings and the recent files (a
/// regression: they stayed forever), and leaves everything else.
#[test]
fn temporary_files_of_a_crash_are_removed_at_the_next_start() {
    let data = common::temp_dir("autosave", "stale-data");
    let config = common::temp_dir("autosave", "stale-config");
    let games = common::temp_dir("autosave", "stale-games");
    let game = games.join("partie.pdn");
    std::fs::write(
        config.join("settings.ron"),
        format!("(recent_files: [{:?}])", game),
    )
    .unwrap();
    // No process has an id this large.
    let stale = [
        data.join(".autosave.pdn.tmp99999999-0"),
        data.join(".autosave-2.pdn.tmp99999999-3"),
        config.join(".settings.ron.tmp99999999-1"),
        games.join(".partie.pdn.tmp99999999-2"),
    ];
    let kept = [
        games.join(".jina.pdn.tmp99999999-2"),
        games.join("partie.pdn"),
    ];
    for f in stale.iter().chain(&kept) {
        std::fs::write(f, "[Event \"half").unwrap();
    }
    let mut app = DamaApp::new(Some(config.to_path_buf()));
    app.start_autosave(&data);
    for f in &stale {
        assert!(!f.exists(), "{} removed", f.display());
    }
    for f in &kept {
        assert!(f.exists(), "{} kept", f.display());
    }
    // Windows cannot remove the lock file of a window that still runs.
    drop(app);
    for dir in [data, config, games] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// In screen-reader mode the notices of a damaged settings file and autosave reach the screen
/// reader, both and in full, once the window has the keyboard (a regression: Orca heard neither,
/// since they waited for Dáma's own voice, which that mode never starts).
#[test]
fn start_up_notices_reach_the_screen_reader_once_the_window_has_the_keyboard() {
    use eframe::egui::{ViewportId, ViewportInfo};
    let data = common::temp_dir("autosave", "notices-reader");
    let config = data.join("config");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("settings.ron"),
        "(language: Some(English), speech_mode: ScreenReader, zoom: NaN)",
    )
    .unwrap();
    std::fs::write(data.join("autosave.pdn"), "[GameType \"29\"\n").unwrap();
    let mut app = DamaApp::new(Some(config.clone()));
    app.start_autosave(&data);
    let mut h = Harness::builder()
        .with_size(common::SIZE)
        .build_ui_state(|ui, app: &mut DamaApp| app.show(ui), app);
    // The words wait for the focus to rest this long: longer than the frames the harness runs
    // as it is built.
    h.state_mut()
        .set_reader_settle(std::time::Duration::from_millis(200));
    h.state_mut().set_reader_by_description(true);
    let focused = |h: &mut Harness<'_, DamaApp>, yes: bool| {
        h.input_mut().viewports.insert(
            ViewportId::ROOT,
            ViewportInfo {
                focused: Some(yes),
                ..ViewportInfo::default()
            },
        );
    };
    let described = |h: &Harness<'_, DamaApp>| {
        let mut all: Vec<String> = h
            .query_all_by(|n| n.description().is_some())
            .filter_map(|n| n.accesskit_node().description())
            .collect();
        all.extend(h.root().accesskit_node().description());
        all.retain(|d| d.contains("damaged"));
        all
    };
    // Handed over once the focus has rested on the board (and kept a while: each handing is
    // counted as it appears).
    let mut last = described(&h);
    let mut heard = last.clone();
    for _ in 0..40 {
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
        let now = described(&h);
        heard.extend(now.iter().filter(|d| !last.contains(d)).cloned());
        last = now;
    }
    assert_eq!(heard.len(), 1, "{heard:?}");
    assert!(
        heard[0].starts_with("Some settings had invalid values and were reset: interface size.")
            && heard[0].contains("The autosaved game was damaged"),
        "{heard:?}"
    );
    // Words said while the window does not have the keyboard wait until it has.
    let material = |h: &Harness<'_, DamaApp>| {
        h.query_all_by(|n| {
            n.description()
                .is_some_and(|d| d.starts_with("White: 12 men"))
        })
        .count()
    };
    focused(&mut h, false);
    h.key_press(Key::F5);
    for _ in 0..20 {
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
        assert_eq!(material(&h), 0, "kept while unfocused");
    }
    focused(&mut h, true);
    let mut heard = 0;
    let mut was = 0;
    for _ in 0..5 {
        h.step();
        let now = material(&h);
        heard += now.saturating_sub(was);
        was = now;
    }
    assert_eq!(heard, 1);
    // Windows cannot remove the lock file of a window that still runs.
    drop(h);
    std::fs::remove_dir_all(&data).unwrap();
}

/// Issue 41: a data folder that is a file or a link loop was reported as "the autosaved game
/// was damaged, kept aside as …" (there was none), then "File exists (os error 17)". It gets
/// words of its own, said once, and play goes on without autosave.
#[cfg(unix)]
#[test]
fn a_data_folder_in_the_way_is_named_and_play_goes_on() {
    let root = common::temp_dir("autosave", "folder-in-the-way");
    let file = root.join("data-file");
    std::fs::write(&file, "not a folder").unwrap();
    let looped = root.join("data-loop");
    std::os::unix::fs::symlink(&looped, &looped).unwrap();
    let cases = [
        (
            file.clone(),
            format!(
                "The data folder {} is a file, not a folder. The game is therefore not \
                 autosaved.",
                file.display()
            ),
        ),
        (
            file.join("dama"),
            format!(
                "The data folder {} cannot be created: {} is a file, not a folder. The game is \
                 therefore not autosaved.",
                file.join("dama").display(),
                file.display()
            ),
        ),
        (
            looped.clone(),
            format!(
                "The data folder {} is a link loop, leading back to itself. The game is \
                 therefore not autosaved.",
                looped.display()
            ),
        ),
    ];
    for (data, words) in cases {
        let (mut h, voice) = start(&data, Language::English);
        assert!(h.state().dialog().is_none());
        assert_eq!(h.state().autosave_path(), None, "no autosave");
        let notice = h.state().notice().expect("a notice").clone();
        assert_eq!(notice.text, words);
        assert_eq!(voice.spoken(), std::slice::from_ref(&words));
        click(&mut h, 22);
        click(&mut h, 18);
        assert_eq!(plies(&h), ["22-18"], "play goes on");
        assert_eq!(
            voice.spoken().last().unwrap(),
            "22 to 18",
            "and nothing more is said about autosave"
        );
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "not a folder",
            "nothing is kept aside or written"
        );
        assert!(!root.join("data-file.damaged").exists());
    }
    std::fs::remove_dir_all(&root).unwrap();
}
