//! A whole game by keyboard and ear: no pointer, and every spoken text checked.

mod common;

use common::{click, harness, label};
use dama::ui::{DamaApp, Language, T};
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn press(h: &mut Harness<'_, DamaApp>, key: Key) {
    h.key_press(key);
    h.run();
}

fn type_text(h: &mut Harness<'_, DamaApp>, text: &str) {
    h.event(eframe::egui::Event::Text(text.into()));
    h.run();
}

fn open_by_keyboard(h: &mut Harness<'_, DamaApp>, text: &str) {
    // The folder (a new one each time) lives until the file is opened, at the end.
    let dir = common::temp_dir("keyboard", "open");
    let path = common::write_file(&dir, "kb.pdn", text);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    type_text(h, path.to_str().unwrap());
    press(h, Key::Enter);
}

#[test]
fn a_complete_game_by_keyboard_with_speech() {
    let (mut h, voice) = harness(Language::English);
    h.run();
    // Strict rules: the refused quiet move is explained.
    open_by_keyboard(
        &mut h,
        "[GameType \"29\"]\n[FEN \"W:W20,26:B12\"]\n[Enforcement \"strict\"]\n*\n",
    );
    // The cursor starts on the first piece that can move (20) and walks to 26.
    for key in [
        Key::ArrowLeft,
        Key::ArrowDown,
        Key::ArrowLeft,
        Key::ArrowDown,
    ] {
        press(&mut h, key);
    }
    press(&mut h, Key::Enter);
    press(&mut h, Key::ArrowUp);
    press(&mut h, Key::Enter);
    // Black types a move with a space.
    h.key_press_modifiers(Modifiers::COMMAND, Key::M);
    h.run();
    type_text(&mut h, "12 16");
    press(&mut h, Key::Enter);
    // White asks for the legal moves, tries a quiet move, then types the capture.
    press(&mut h, Key::F4);
    type_text(&mut h, "22-18");
    press(&mut h, Key::Enter);
    type_text(&mut h, "2011");
    press(&mut h, Key::Enter);
    for key in [Key::F6, Key::F2, Key::F7, Key::F3, Key::F5] {
        press(&mut h, key);
    }
    assert_eq!(
        voice.spoken(),
        [
            "Open file",
            "Game loaded: kb.pdn. White to move",
            "19, f4, empty",
            "23, e3, empty",
            "22, c3, empty",
            "26, d2, white man, can move",
            "Selected. Destinations: 22, 23.",
            "22, c3, empty, destination",
            "26 to 22",
            "Type a move, for example 32-28, and press Enter.",
            "12 to 16",
            "You must capture. Pieces that can capture: 20. Moves: 20 takes 11.",
            "You must capture.",
            "20 takes 11. White wins: the opponent cannot move.",
            "White wins: the opponent cannot move.",
            "White: 20 takes 11",
            "1. 26 to 22, 12 to 16. 2. 20 takes 11.",
            "White: men 11, 22. Black: nothing.",
            "White: 2 men. Black: nothing.",
        ]
    );
    assert_eq!(h.state().game().moves().len(), 3);
    // The live region carries the last announcement for screen readers.
    assert_eq!(h.state().announcement(), "White: 2 men. Black: nothing.");
}

#[test]
fn czech_speech_and_escape() {
    let (mut h, voice) = harness(Language::Czech);
    h.run();
    press(&mut h, Key::ArrowRight);
    press(&mut h, Key::Enter);
    press(&mut h, Key::Escape);
    h.key_press_modifiers(Modifiers::COMMAND, Key::M);
    h.run();
    type_text(&mut h, "c3-d4");
    press(&mut h, Key::Enter);
    press(&mut h, Key::F6);
    assert_eq!(
        voice.spoken(),
        [
            "22, c3, bílý kámen, může táhnout",
            "Vybráno. Cíle tahu: 17, 18.",
            "Výběr zrušen.",
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "22 na 18",
            "Na tahu je černý",
        ]
    );
}

#[test]
fn speech_off_or_left_to_the_screen_reader_says_nothing() {
    let (mut h, voice) = harness(Language::English);
    h.state_mut().settings.speech_mode = dama::ui::SpeechMode::ScreenReader;
    h.run();
    press(&mut h, Key::F6);
    assert!(voice.spoken().is_empty());
    assert_eq!(h.state().announcement(), "White to move");
    h.state_mut().settings.speech_mode = dama::ui::SpeechMode::OwnVoice;
    h.state_mut().settings.speech = false;
    press(&mut h, Key::F6);
    assert!(voice.spoken().is_empty());
    assert!(h.query_all_by_label("White to move").count() >= 1);
}

/// A speaker whose engine could not start.
struct Mute;

impl dama::speech::Speaker for Mute {
    fn say(&mut self, _text: &str, _interrupt: bool) {}
    fn configure(&mut self, _voice: dama::speech::Voice) {}
    fn status(&self) -> dama::speech::SpeechStatus {
        dama::speech::SpeechStatus::Unavailable("no speech-dispatcher".into())
    }
}

#[test]
fn without_speech_the_game_goes_on_and_says_so_once() {
    let (mut h, _) = harness(Language::English);
    h.state_mut().set_speaker(Box::new(Mute));
    h.run();
    let notice = h.state().notice().expect("a notice").clone();
    assert_eq!(
        notice.text,
        "Speech is not available: no speech-dispatcher."
    );
    assert!(notice.error);
    h.key_press_modifiers(Modifiers::COMMAND, Key::M);
    h.run();
    type_text(&mut h, "22-18");
    press(&mut h, Key::Enter);
    assert_eq!(h.state().game().moves().len(), 1);
    // Said once: the notice does not come back.
    assert_eq!(h.state().announcement(), "22 to 18");
    press(&mut h, Key::F6);
    assert_eq!(h.state().announcement(), "Black to move");
}

/// A speech server that goes away while the window runs: every connection fails to speak,
/// and no new one can be made.
struct GoneServer {
    up: std::sync::Arc<std::sync::atomic::AtomicBool>,
    heard: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl dama::speech::Engine for GoneServer {
    fn speak(&mut self, text: &str) -> Result<(), String> {
        if !self.up.load(std::sync::atomic::Ordering::SeqCst) {
            return Err("Value not received".into());
        }
        self.heard.lock().unwrap().push(text.to_string());
        Ok(())
    }
    fn stop(&mut self) {}
    fn configure(&mut self, _voice: &dama::speech::Voice) {}
    fn voices(&mut self) -> Vec<String> {
        Vec::new()
    }
}

/// Issue 41: speech-dispatcher restarted while Dáma ran, and Dáma's voice was silent for the
/// rest of the session with nothing on screen. Where it cannot be reached again, the window
/// says so once.
#[test]
fn a_voice_lost_for_good_is_said_once() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    let up = Arc::new(AtomicBool::new(true));
    let heard = Arc::new(Mutex::new(Vec::new()));
    let (server_up, server_heard) = (Arc::clone(&up), Arc::clone(&heard));
    let connect: dama::speech::Connect = Arc::new(move || {
        if !server_up.load(Ordering::SeqCst) {
            return Err("no socket".into());
        }
        Ok(Box::new(GoneServer {
            up: Arc::clone(&server_up),
            heard: Arc::clone(&server_heard),
        }))
    });
    let (mut h, _) = harness(Language::English);
    let speaker = dama::speech::TtsSpeaker::with_engine(
        dama::speech::Voice::default(),
        connect,
        dama::speech::FIRST_RETRY,
    );
    h.state_mut().set_speaker(Box::new(speaker));
    h.run();
    press(&mut h, Key::F6);
    let start = std::time::Instant::now();
    while heard.lock().unwrap().is_empty() {
        assert!(start.elapsed().as_secs() < 5, "the voice speaks");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    up.store(false, Ordering::SeqCst);
    // The next words fail, and so does the new connection.
    h.key_press_modifiers(Modifiers::COMMAND, Key::M);
    h.run();
    let lost = "Dáma's voice was lost: the speech server stopped answering and could not be \
                reached again (no socket). Dáma keeps trying.";
    let start = std::time::Instant::now();
    while h.state().announcement() != lost {
        assert!(
            start.elapsed().as_secs() < 5,
            "said: {}",
            h.state().announcement()
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    assert!(h.state().notice().unwrap().error);
    // Said once: the moves are said, and the notice does not come back.
    for (text, said) in [("22-18", "22 to 18"), ("11-15", "11 to 15")] {
        type_text(&mut h, text);
        press(&mut h, Key::Enter);
        for _ in 0..20 {
            std::thread::sleep(std::time::Duration::from_millis(10));
            h.step();
        }
        assert_eq!(h.state().announcement(), said);
    }
    assert_eq!(*heard.lock().unwrap(), ["White to move"]);
}

fn open_fen(h: &mut Harness<'_, DamaApp>, game_type: &str, fen: &str) {
    open_by_keyboard(
        h,
        &format!("[GameType \"{game_type}\"]\n[FEN \"{fen}\"]\n*\n"),
    );
}

#[test]
fn the_forgotten_capture_claimed_in_the_window() {
    let (mut h, voice) = harness(Language::English);
    h.run();
    open_fen(&mut h, "29", "W:W30,32:B26,19,1");
    voice.clear();
    // Table rules: the board points out no capture, and the forgotten one is accepted silently.
    assert_eq!(label(&h, 30), "30, c1, white man, can move");
    click(&mut h, 32);
    click(&mut h, 28);
    assert_eq!(
        voice.spoken(),
        [
            "32, g1, white man, selected. Destinations: 27, 28.",
            "32 to 28"
        ]
    );
    assert!(h.query_by_label("You forgot to capture!").is_some());
    press(&mut h, Key::F9);
    assert_eq!(
        voice.spoken().last().unwrap(),
        "You forgot to capture! The white man on 30 is removed."
    );
    assert_eq!(label(&h, 30), "30, c1, empty");
    assert!(
        h.query_by_label("You forgot to capture!").is_none(),
        "claimed once"
    );
    click(&mut h, 1);
    click(&mut h, 5);
    assert_eq!(h.state().game().moves().len(), 2);
    assert_eq!(
        h.state().game().huff_before(1).map(|s| s.number()),
        Some(30)
    );

    // Several pieces could have captured (32 moved and stays an offender on 28): Black
    // chooses on the board.
    let (mut h, voice) = harness(Language::Czech);
    h.run();
    open_fen(&mut h, "29", "W:W30,31,32:B26,27,1");
    click(&mut h, 32);
    click(&mut h, 28);
    press(&mut h, Key::F9);
    assert_eq!(
        voice.spoken().last().unwrap(),
        "Zapomněl jsi skákat! Vyberte šipkami a Enterem, který kámen odebrat: 28, 30, 31."
    );
    // The choice is made on the board: the focus is there, on the first of them.
    {
        use egui_kittest::kittest::NodeT;
        let focused = h.get_by(|n| n.is_focused());
        let name = focused.accesskit_node().label().unwrap_or_default();
        assert!(name.starts_with("28, "), "{name}");
    }
    click(&mut h, 29);
    assert_eq!(
        voice.spoken().last().unwrap(),
        "Zapomněl jsi skákat! Vyberte šipkami a Enterem, který kámen odebrat: 28, 30, 31.",
        "not an offender: asked again"
    );
    click(&mut h, 31);
    assert_eq!(
        voice.spoken().last().unwrap(),
        "Zapomněl jsi skákat! Bílý kámen na 31 se odebírá."
    );
    assert_eq!(label(&h, 31), "31, e1, prázdné");
}

/// Issue 46: a capture typed as its path, squares apart by spaces or `-` (`29 18 27`), is the
/// capture; a path that fits none is said to be no legal move, not "you must capture".
#[test]
fn a_capture_typed_as_its_path_is_played() {
    let (mut h, voice) = harness(Language::English);
    h.run();
    open_fen(&mut h, "20", "W:W29,50:B5,22,23");
    h.key_press_modifiers(Modifiers::COMMAND, Key::M);
    h.run();
    voice.clear();
    type_text(&mut h, "29 18 22");
    press(&mut h, Key::Enter);
    assert_eq!(h.state().game().moves().len(), 0);
    type_text(&mut h, "29 18 27");
    press(&mut h, Key::Enter);
    assert_eq!(h.state().game().moves().len(), 1);
    assert_eq!(
        voice.spoken(),
        [
            "29-18-22 cannot be played here. Possible moves: 29 takes 27.",
            "29 takes 27, 2 men: 22 and 23"
        ]
    );
}

#[test]
fn strict_play_explains_a_refused_quiet_move() {
    let (mut h, voice) = harness(Language::Czech);
    h.run();
    open_fen(&mut h, "21", "B:W18,32:B14,1");
    voice.clear();
    click(&mut h, 1);
    assert_eq!(voice.spoken(), ["Musíte skákat."]);
    assert_eq!(h.state().game().moves().len(), 0);
}

#[test]
fn a_take_back_in_english_chosen_in_the_new_game_dialog() {
    let (mut h, voice) = harness(Language::English);
    h.state_mut().settings.last_rules = "english".into();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(matches!(
        h.state().dialog(),
        Some(dama::ui::Dialog::NewGame(_))
    ));
    h.get_by_label("Table rules (a capture can be forgotten and claimed)")
        .click();
    h.run();
    h.get_by_label("Start").click();
    h.run();
    assert_eq!(h.state().game().rules().id, "english");
    for (from, to) in [(11, 15), (22, 18), (9, 14)] {
        click(&mut h, from);
        click(&mut h, to);
    }
    assert_eq!(
        h.state().game().moves().len(),
        3,
        "the forgotten capture is accepted"
    );
    press(&mut h, Key::F9);
    assert_eq!(
        voice.spoken().last().unwrap(),
        "You forgot to capture! 9 to 14 is taken back; black must capture."
    );
    click(&mut h, 9);
    assert_eq!(voice.spoken().last().unwrap(), "You must capture.");
    click(&mut h, 15);
    click(&mut h, 22);
    let g = h.state().game();
    assert_eq!(g.moves().len(), 3);
    assert_eq!(
        g.taken_back_before(2).map(|m| m.to_string()),
        Some("9-14".into())
    );
}

/// Through the window, in every rule set with a claim: a capture stopped early and claimed,
/// and a forgotten capture whose claim lapses.
#[test]
fn stopped_captures_and_lapses_through_the_window() {
    // (GameType, set-up, stopped capture: from and first landing, what the claim says, a
    // quiet move forgetting the capture, the claimer's reply)
    let cases = [
        (
            "29",
            "W:W30,32:B26,19,1",
            (30, 23),
            "The white man on 23 is removed.",
            (32, 28),
            (1, 5),
        ),
        (
            "91",
            "B:W14,23,32:B9,1",
            (9, 18),
            "The black man on 18 is removed.",
            (1, 5),
            (32, 28),
        ),
        (
            "21",
            "B:W14,23,32:B9,1",
            (9, 18),
            "9 takes 18 is taken back",
            (1, 5),
            (32, 28),
        ),
        (
            "90",
            "W:W33,50:B28,18,1",
            (33, 22),
            "33 takes 22 is taken back",
            (50, 44),
            (28, 50),
        ),
    ];
    for (game_type, fen, (from, landing), claim_says, (qf, qt), (rf, rt)) in cases {
        let file =
            format!("[GameType \"{game_type}\"]\n[FEN \"{fen}\"]\n[Enforcement \"table\"]\n*\n");
        let (mut h, voice) = harness(Language::English);
        h.run();
        open_by_keyboard(&mut h, &file);
        click(&mut h, from);
        click(&mut h, landing);
        click(&mut h, landing);
        assert_eq!(
            h.state().game().moves().len(),
            1,
            "{game_type}: stopped on {landing}"
        );
        press(&mut h, Key::F9);
        let said = voice.spoken().last().unwrap().clone();
        assert!(said.contains(claim_says), "{game_type}: {said}");

        let (mut h, _) = harness(Language::English);
        h.run();
        open_by_keyboard(&mut h, &file);
        click(&mut h, qf);
        click(&mut h, qt);
        assert!(
            h.query_by_label("You forgot to capture!").is_some(),
            "{game_type}"
        );
        click(&mut h, rf);
        click(&mut h, rt);
        assert_eq!(h.state().game().moves().len(), 2, "{game_type}");
        assert!(
            h.query_by_label("You forgot to capture!").is_none(),
            "{game_type}: lapsed"
        );
    }
}

/// Under table rules an earlier position looked at keeps quiet about a capture that was due
/// there too: it would tell that a move after it forgot one.
#[test]
fn looking_back_under_table_rules_gives_no_capture_away() {
    let (mut h, voice) = harness(Language::English);
    h.run();
    open_fen(&mut h, "29", "W:W30,32:B26,19,1");
    click(&mut h, 32);
    click(&mut h, 28);
    click(&mut h, 1);
    click(&mut h, 5);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Home);
    h.run();
    assert_eq!(label(&h, 30), "30, c1, white man, can move");
    press(&mut h, Key::F4);
    assert_eq!(
        voice.spoken().last().unwrap(),
        "Pieces that can move: 30, 32. Moves: 30 takes 16, 2 men: 19 and 26; 30 takes 23; 30 to 25; \
         32 to 27; 32 to 28."
    );
    // Under strict rules the same position says so.
    let (mut h, voice) = harness(Language::English);
    h.run();
    open_by_keyboard(
        &mut h,
        "[GameType \"29\"]\n[FEN \"W:W30,32:B26,19,1\"]\n[Enforcement \"strict\"]\n1. 30x16 1-5 *\n",
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Home);
    h.run();
    assert_eq!(label(&h, 30), "30, c1, white man, must capture");
    press(&mut h, Key::F4);
    assert_eq!(
        voice.spoken().last().unwrap(),
        "You must capture. Pieces that can capture: 30. Moves: 30 takes 16, 2 men: 19 and 26."
    );
}

// Text pasted by mistake, a megabyte of it, into the window's fields: each field keeps no more
// than it has room for, and what is said and shown about it quotes a short excerpt, never the
// text itself (issue 41: a megabyte of digits in the move field took 10 GB; a megabyte in the
// position field was repeated whole under it, pushing Start and Cancel out of the dialog).

const MEGABYTE: usize = 1 << 20;

/// Pastes `text` into the focused field and runs the window.
fn paste(h: &mut Harness<'_, DamaApp>, text: String) {
    h.event(egui::Event::Paste(text));
    h.run();
}

/// The focused widget's text, in characters.
fn focused_chars(h: &Harness<'_, DamaApp>) -> usize {
    h.query_by(|n| n.is_focused())
        .and_then(|n| n.value())
        .unwrap_or_default()
        .chars()
        .count()
}

/// A megabyte pasted into the move field: the field takes 257 characters of it, and Enter
/// says the text is too long; nothing is played.
#[test]
fn a_megabyte_pasted_into_the_move_field_is_refused_in_a_sentence() {
    let cases = [
        (
            Language::English,
            "The move text is longer than 256 characters (type e.g. 32-28, 28x19 or c3-d4).",
        ),
        (
            Language::Czech,
            "Zápis tahu je delší než 256 znaků (zadejte např. 32-28, 28x19 nebo c3-d4).",
        ),
    ];
    for (lang, said) in cases {
        for pasted in ["1".repeat(MEGABYTE), "x".repeat(MEGABYTE)] {
            let (mut h, voice) = harness(lang);
            h.run();
            h.key_press_modifiers(Modifiers::COMMAND, Key::M);
            h.run();
            paste(&mut h, pasted);
            assert_eq!(focused_chars(&h), 257, "{lang:?}: the field is bounded");
            h.key_press(Key::Enter);
            h.run();
            assert_eq!(voice.spoken().last().map(String::as_str), Some(said));
            assert_eq!(h.state().announcement(), said);
            assert!(h.state().game().moves().is_empty());
        }
    }
}

/// A long text that is not a move, within the bound: the refusal quotes its first 40
/// characters and "…".
#[test]
fn a_long_wrong_move_is_quoted_as_an_excerpt() {
    let cases = [
        (
            Language::English,
            format!(
                "“{}…” is not a move (type e.g. 32-28, 28x19 or c3-d4).",
                "ž".repeat(40)
            ),
        ),
        (
            Language::Czech,
            format!(
                "„{}…“ není tah (zadejte např. 32-28, 28x19 nebo c3-d4).",
                "ž".repeat(40)
            ),
        ),
    ];
    for (lang, said) in cases {
        let (mut h, voice) = harness(lang);
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::M);
        h.run();
        paste(&mut h, "ž".repeat(200));
        h.key_press(Key::Enter);
        h.run();
        assert_eq!(voice.spoken().last(), Some(&said));
        assert_eq!(h.state().announcement(), said);
    }
}

/// A megabyte pasted into the new-game dialog's position field: the field takes 1000
/// characters, Start refuses them in words that quote 40, and the dialog keeps Start and
/// Cancel in the window.
#[test]
fn a_megabyte_pasted_into_the_position_field_keeps_the_dialog_whole() {
    let cases = [
        (
            Language::English,
            "Position (FEN or W: 32, 28, K46; B: 12, 19)",
            "A game cannot start from this position. The part “{x}” must start with a colour and \
             a colon, such as W: or B:.",
        ),
        (
            Language::Czech,
            "Postavení (FEN nebo W: 32, 28, K46; B: 12, 19)",
            "Z tohoto postavení nelze začít. Část „{x}“ má začínat barvou a dvojtečkou, například \
             W: nebo B:.",
        ),
    ];
    let excerpt = format!("{}…", "x".repeat(40));
    for (lang, field, said) in cases {
        let (mut h, voice) = harness(lang);
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::N);
        h.run();
        h.get_by_label(field).focus();
        h.run();
        paste(&mut h, "x".repeat(MEGABYTE));
        assert_eq!(focused_chars(&h), 1000, "{lang:?}: the field is bounded");
        h.get_by_label(T::Start.get(lang)).click();
        h.run();
        let said = said.replace("{x}", &excerpt);
        assert_eq!(voice.spoken().last(), Some(&said));
        assert!(h.state().dialog().is_some(), "{lang:?}: the dialog stays");
        // The refusal under the field is the same excerpt, and the buttons are in the window.
        let dialog = h.get_by(|n| n.role() == egui::accesskit::Role::Dialog);
        assert!(
            dialog.query_by_label_contains(&excerpt).is_some(),
            "{lang:?}"
        );
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, common::SIZE);
        for button in [T::Start, T::Cancel] {
            let rect = h.get_by_label(button.get(lang)).rect();
            assert!(
                window.contains_rect(rect),
                "{lang:?}: {} at {rect:?}, outside the window",
                button.get(lang)
            );
        }
    }
}

/// "Paste position" with a text longer than any position does not open the dialog with it:
/// it says why.
#[test]
fn a_pasted_position_longer_than_any_is_refused() {
    let cases = [
        (
            Language::English,
            "The clipboard text is longer than 1000 characters, so it is not a position.",
        ),
        (
            Language::Czech,
            "Text ve schránce je delší než 1000 znaků, a proto to není postavení.",
        ),
    ];
    for (lang, said) in cases {
        let (mut h, voice) = harness(lang);
        h.run();
        let sc = dama::ui::Command::PastePosition.shortcut().unwrap();
        h.key_press_modifiers(sc.modifiers, sc.logical_key);
        h.step();
        h.event(egui::Event::Paste(format!(
            "W:W{}",
            "1,".repeat(MEGABYTE / 2)
        )));
        h.run();
        assert_eq!(voice.spoken().last().map(String::as_str), Some(said));
        assert!(h.state().dialog().is_none(), "{lang:?}");
    }
}

/// The accessible name of the focused widget.
fn focused_label(h: &Harness<'_, DamaApp>) -> String {
    use egui_kittest::kittest::NodeT;
    let node = h.get_by(|n| n.is_focused());
    node.accesskit_node().label().unwrap_or_default()
}

/// Down goes through the F1 list one line at a time, in order, every command once (it went from
/// "Předchozí pozice" to Close and on past "Následující pozice"), and Up comes back the same way.
#[test]
fn down_goes_through_every_line_of_the_help_in_order() {
    use dama::ui::Command;
    for lang in [Language::Czech, Language::English] {
        let (mut h, _voice) = harness(lang);
        h.run();
        press(&mut h, Key::F1);
        h.run();
        let lines: Vec<String> = std::iter::once(T::BoardKeys.get(lang).to_string())
            .chain(
                Command::ALL
                    .iter()
                    .map(|c| format!("{}: {}", c.text().get(lang), c.shortcut_text(lang))),
            )
            .collect();
        // A line says too whether it can be used now (tests/availability.rs checks which).
        let not_now = format!(" ({})", T::NotNow.get(lang));
        let line = |h: &Harness<'_, DamaApp>| {
            let label = focused_label(h);
            label.strip_suffix(&not_now).unwrap_or(&label).to_string()
        };
        let mut down = vec![line(&h)];
        for _ in 1..lines.len() {
            press(&mut h, Key::ArrowDown);
            down.push(line(&h));
        }
        assert_eq!(down, lines, "{lang:?}");
        let mut up = vec![line(&h)];
        for _ in 1..lines.len() {
            press(&mut h, Key::ArrowUp);
            up.push(line(&h));
        }
        up.reverse();
        assert_eq!(up, lines, "{lang:?}");
    }
    let next = format!(
        "{}: {}",
        Command::NextPosition.text().get(Language::Czech),
        Command::NextPosition.shortcut_text(Language::Czech)
    );
    assert_eq!(next, "Následující pozice: Ctrl+Šipka vpravo");
}

/// An arrow that would leave the board says so, with the refusal's sound: the cursor stays,
/// and the focus on its square, which says nothing (it was silent).
#[test]
fn an_arrow_at_the_edge_of_the_board_says_so() {
    use dama::sound::{Cue, CueRecording};
    for (lang, edge) in [
        (Language::Czech, "Okraj desky."),
        (Language::English, "Edge of the board."),
    ] {
        let player = CueRecording::new();
        let mut app = dama::ui::DamaApp::with_settings(
            dama::ui::Settings {
                sounds: true,
                ..common::settings(lang, dama::rules::Variant::Czech)
            },
            None,
        );
        app.set_sound_player(Box::new(player.clone()));
        let voice = common::listen(&mut app);
        let mut h = common::window(app);
        h.run();
        // The cursor starts on 21, at the left edge (a3).
        press(&mut h, Key::ArrowDown);
        press(&mut h, Key::ArrowUp);
        let at = h.state().cursor();
        assert_eq!(at.map(|s| s.number()), Some(21));
        voice.clear();
        press(&mut h, Key::ArrowLeft);
        assert_eq!(h.state().cursor(), at);
        assert_eq!(voice.spoken(), [edge], "{lang:?}");
        assert_eq!(h.state().announcement(), edge);
        assert_eq!(player.cues().last(), Some(&Cue::Refused));
        // Inside the board the cursor moves as before.
        voice.clear();
        press(&mut h, Key::ArrowRight);
        assert_eq!(h.state().cursor().map(|s| s.number()), Some(22));
        assert_ne!(voice.spoken(), [edge]);
    }
}

/// Ctrl+M with the screen reader: the field the focus moves to is read (its name and example),
/// and the instruction is not handed over besides (it was, as the square's description, just
/// before the field was read). Ctrl+M in the field, where the focus does not move, hands it over.
#[test]
fn ctrl_m_is_said_once_to_the_screen_reader() {
    use egui_kittest::kittest::NodeT;
    let said = "Zadejte tah, například 32-28, a stiskněte Enter.";
    let mut settings = common::settings(Language::Czech, dama::rules::Variant::Czech);
    settings.speech_mode = dama::ui::SpeechMode::ScreenReader;
    let (mut h, _voice) = common::speaking(settings);
    h.run();
    let ctrl_m = |h: &mut Harness<'_, DamaApp>| {
        // Handings, counted as the words appear (they stay a while).
        let mut handed = 0;
        let mut was = false;
        for pressed in [true, false] {
            h.event(egui::Event::Key {
                key: Key::M,
                pressed,
                modifiers: Modifiers::COMMAND,
                repeat: false,
                physical_key: None,
            });
            for _ in 0..4 {
                h.step();
                let there = h
                    .query_all_by(|n| n.description().as_deref() == Some(said))
                    .count()
                    > 0;
                handed += usize::from(there && !was);
                was = there;
            }
        }
        handed
    };
    assert_eq!(ctrl_m(&mut h), 0, "handed to the screen reader");
    let field = h.get_by(|n| n.is_focused());
    let field = field.accesskit_node();
    assert_eq!(field.label().as_deref(), Some("Tah"));
    assert_eq!(field.placeholder(), Some("např. 32-28, 3228, c3-d4"));
    // The status bar shows it still.
    assert_eq!(h.state().announcement(), said);
    assert_eq!(ctrl_m(&mut h), 1, "in the field");
}

/// Ctrl+F6 goes round the parts of the window, as F6 does in GTK programs: the board, the side
/// panel, the move field, the move list, and back; Ctrl+Shift+F6 the other way. With the
/// position editor open: the board and the editor's panel. (The editor's panel took some 56
/// Tabs.)
#[test]
fn ctrl_f6_goes_round_the_parts_of_the_window() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT;
    let mut h = common::app_with(common::settings(
        Language::English,
        dama::rules::Variant::Czech,
    ));
    h.run();
    common::click(&mut h, 22);
    common::click(&mut h, 18);
    let focused = |h: &Harness<'_, DamaApp>| {
        let n = h.get_by(|n| n.is_focused());
        let n = n.accesskit_node();
        (n.role(), n.label().unwrap_or_default())
    };
    let key = |h: &mut Harness<'_, DamaApp>, mods: Modifiers| {
        h.key_press_modifiers(mods, Key::F6);
        h.run();
    };
    h.key_press(Key::ArrowUp);
    h.run();
    assert_eq!(focused(&h).0, Role::Cell);
    let ctrl = Modifiers::COMMAND;
    key(&mut h, ctrl);
    assert_eq!(focused(&h), (Role::Button, "Starting position".to_string()));
    key(&mut h, ctrl);
    assert_eq!(focused(&h), (Role::TextInput, "Move".to_string()));
    key(&mut h, ctrl);
    assert_eq!(focused(&h).1, "22-18", "the move shown");
    key(&mut h, ctrl);
    assert_eq!(focused(&h).0, Role::Cell);
    key(&mut h, ctrl | Modifiers::SHIFT);
    assert_eq!(focused(&h).1, "22-18");
    key(&mut h, ctrl | Modifiers::SHIFT);
    assert_eq!(focused(&h).1, "Move");
    // The editor: its panel, then the board again.
    h.key_press_modifiers(ctrl, Key::E);
    h.run();
    assert_eq!(focused(&h).0, Role::Cell);
    key(&mut h, ctrl);
    assert_eq!(focused(&h), (Role::ComboBox, "Rules".to_string()));
    key(&mut h, ctrl);
    assert_eq!(focused(&h).0, Role::Cell);
}

/// The next move typed so fast that its first character comes in the frame of the Enter that
/// plays the move before it: the character is kept (the field stops reading at the Enter, and
/// lost it).
#[test]
fn a_character_typed_with_the_enter_starts_the_next_move() {
    let (mut h, _voice) = harness(Language::English);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::M);
    h.run();
    type_text(&mut h, "22-18");
    // The three in one frame (the harness gives each queued event a frame of its own).
    let enter = |pressed| egui::Event::Key {
        key: Key::Enter,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: Modifiers::NONE,
    };
    h.input_mut()
        .events
        .extend([enter(true), enter(false), egui::Event::Text("1".into())]);
    h.run();
    assert_eq!(h.state().game().moves().len(), 1);
    assert_eq!(
        h.query_by(|n| n.is_focused()).and_then(|n| n.value()),
        Some("1".to_string())
    );
    type_text(&mut h, "1-15");
    press(&mut h, Key::Enter);
    assert_eq!(common::plies(&h), ["22-18", "11-15"]);
}

/// F12 says the last announcement again, and is not itself kept: Shift+F12 lists what was
/// said, newest first, each line once, the newest focused; Escape closes the list.
#[test]
fn the_last_announcement_again_and_the_history() {
    let (mut h, voice) = harness(Language::English);
    h.run();
    press(&mut h, Key::F5);
    press(&mut h, Key::F6);
    voice.clear();
    press(&mut h, Key::F12);
    assert_eq!(voice.spoken(), ["White to move"]);
    assert_eq!(h.state().announcement(), "White to move");
    h.key_press_modifiers(Modifiers::SHIFT, Key::F12);
    h.run();
    assert!(matches!(
        h.state().dialog(),
        Some(dama::ui::Dialog::History(_))
    ));
    // The repeat is not a line of its own; the newest line has the focus, the older follow.
    let lines = |h: &Harness<'_, DamaApp>, text: &str| {
        h.query_all_by(|n| {
            n.role() == egui::accesskit::Role::ListItem && n.label().as_deref() == Some(text)
        })
        .count()
    };
    assert_eq!(lines(&h, "White to move"), 1);
    assert_eq!(lines(&h, "White: 12 men. Black: 12 men."), 1);
    let focused = h.query_by(|n| n.is_focused()).expect("a focused line");
    assert_eq!(
        focused.accesskit_node().label().as_deref(),
        Some("White to move")
    );
    press(&mut h, Key::ArrowDown);
    let focused = h.query_by(|n| n.is_focused()).expect("a focused line");
    assert_eq!(
        focused.accesskit_node().label().as_deref(),
        Some("White: 12 men. Black: 12 men.")
    );
    press(&mut h, Key::Escape);
    assert!(h.state().dialog().is_none());
}

/// A square's number typed on the board moves the cursor there (the focus with it); Home, Page
/// Up, End and Page Down go along the diagonals; digits in the move field stay a move.
#[test]
fn the_cursor_by_number_and_along_diagonals() {
    let (mut h, voice) = harness(Language::English);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::G);
    h.run();
    type_text(&mut h, "2");
    type_text(&mut h, "3");
    press(&mut h, Key::Enter);
    let focused = h.query_by(|n| n.is_focused()).expect("a focused square");
    assert_eq!(focused.accesskit_node().label(), Some(label(&h, 23)));
    assert_eq!(
        h.state().game().moves().len(),
        0,
        "Enter went to the number"
    );
    press(&mut h, Key::Home);
    assert_eq!(voice.spoken().last().unwrap(), "18, d4, empty");
    press(&mut h, Key::PageDown);
    press(&mut h, Key::End);
    press(&mut h, Key::PageUp);
    let focused = h.query_by(|n| n.is_focused()).expect("a focused square");
    assert_eq!(focused.accesskit_node().label(), Some(label(&h, 23)));
    // A number the board does not have is refused, and the cursor stays.
    type_text(&mut h, "99");
    press(&mut h, Key::Enter);
    assert_eq!(
        voice.spoken().last().unwrap(),
        "“99”: there is no square 99 on the 8×8 board."
    );
    // In the move field the digits are the move's.
    h.key_press_modifiers(Modifiers::COMMAND, Key::M);
    h.run();
    type_text(&mut h, "2218");
    press(&mut h, Key::Enter);
    assert_eq!(h.state().game().moves().len(), 1);
}
