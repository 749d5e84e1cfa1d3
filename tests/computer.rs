//! Playing against the computer through the window: it answers a move, moves first when it has
//! White, is cancelled by undo and a new game, gives hints, claims forgotten captures, and answers
//! draw offers; the window goes on drawing meanwhile.

mod common;

use std::time::{Duration, Instant};

use common::label;
use dama::engine::Level;
use dama::rules::{Color, Variant};
use dama::ui::{DamaApp, Language, Player, Settings};
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn app(variant: Variant, white: Player, black: Player) -> Harness<'static, DamaApp> {
    common::app_with(Settings {
        white_player: white,
        black_player: black,
        ..common::settings(Language::English, variant)
    })
}

/// Draws frames until `done` holds (the computer thinks on its own thread meanwhile).
fn wait_for(h: &mut Harness<'_, DamaApp>, what: &str, done: impl Fn(&DamaApp) -> bool) {
    let start = Instant::now();
    while !done(h.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "waited for {what}"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    frames(h);
}

/// Clicks square `n`; a few frames (the window does not settle while the computer thinks).
/// The accessible name of the focused widget ("" where none has the focus).
fn focused(h: &Harness<'_, DamaApp>) -> String {
    h.query_by(|n| n.is_focused())
        .and_then(|n| n.accesskit_node().label())
        .unwrap_or_default()
}

fn click(h: &mut Harness<'_, DamaApp>, n: u8) {
    common::square(h, n).click();
    frames(h);
}

fn open_fen(h: &mut Harness<'_, DamaApp>, name: &str, pdn: &str) {
    let dir = common::temp_dir("computer", name);
    let path = common::write_file(&dir, "game.pdn", pdn);
    h.state_mut().open_path(&path);
    frames(h);
}

/// A few frames: the spinner of a thinking computer never lets the window settle.
fn frames(h: &mut Harness<'_, DamaApp>) {
    h.run_steps(4);
}

fn plies(h: &Harness<'_, DamaApp>) -> usize {
    h.state().game().moves().len()
}

/// Czech draughts against the beginner: the person's 22-18 and the computer's reply.
fn after_its_reply() -> Harness<'static, DamaApp> {
    let mut h = app(
        Variant::Czech,
        Player::Human,
        Player::Computer(Level::Beginner),
    );
    frames(&mut h);
    click(&mut h, 22);
    click(&mut h, 18);
    wait_for(&mut h, "the computer's move", |a| {
        a.game().moves().len() == 2
    });
    h
}

#[test]
fn the_computer_answers_a_move() {
    let h = after_its_reply();
    let app = h.state();
    assert!(!app.is_thinking());
    let reply = app.game().moves()[1];
    let before = app.game().position_at(1).unwrap();
    assert!(before.legal_moves(app.game().rules()).contains(&reply));
    // Its move is said as the computer's ("Computer: 11 to 15").
    assert_eq!(
        app.announcement(),
        format!("Computer: {} to {}", reply.from(), reply.to()).as_str()
    );
    assert_eq!(app.game().position().side_to_move(), Color::White);
}

#[test]
fn both_moves_are_spoken_in_czech() {
    let (mut h, voice) = common::speaking(Settings {
        black_player: Player::Computer(Level::Beginner),
        ..common::settings(Language::Czech, Variant::Czech)
    });
    frames(&mut h);
    voice.clear();
    click(&mut h, 22);
    click(&mut h, 18);
    wait_for(&mut h, "the reply", |a| a.game().moves().len() == 2);
    let reply = h.state().game().moves()[1];
    // On a machine so busy that the beginner thinks over half a second, that is said between
    // the two moves, rightly (`a_long_thinking_is_said`).
    let spoken: Vec<String> = voice
        .spoken()
        .into_iter()
        .filter(|s| s != "Počítač přemýšlí…")
        .collect();
    let reply_text = format!("Počítač: {} na {}", reply.from(), reply.to());
    assert_eq!(
        spoken[spoken.len() - 2..],
        ["22 na 18".to_string(), reply_text],
        "{spoken:?}"
    );
}

#[test]
fn the_computer_moves_first_with_white_chosen_in_the_dialog() {
    let mut h = app(Variant::English, Player::Human, Player::Human);
    frames(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    frames(&mut h);
    h.get_by_role_and_label(eframe::egui::accesskit::Role::ComboBox, "White: Played by")
        .click();
    frames(&mut h);
    h.get_by_label("Computer – Novice (2)").click();
    frames(&mut h);
    h.get_by_label("Start").click();
    frames(&mut h);
    assert_eq!(
        h.state().player(Color::White),
        Player::Computer(Level::Novice)
    );
    assert_eq!(h.state().player(Color::Black), Player::Human);
    // English: Black moves first, so the computer (White) waits for the person.
    assert!(!h.state().is_thinking());
    assert_eq!(plies(&h), 0);
    click(&mut h, 11);
    click(&mut h, 15);
    wait_for(&mut h, "White's reply", |a| a.game().moves().len() == 2);
    // The choice is remembered for the next new game.
    assert_eq!(
        h.state().settings.white_player,
        Player::Computer(Level::Novice)
    );
    // Saved, the computer side is named by its level.
    let dir = common::temp_dir("computer", "names");
    let path = dir.join("game.pdn");
    h.state_mut().save_to(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[White \"Dáma – Novice (2)\"]"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn while_the_computer_thinks_the_person_cannot_move_and_undo_cancels() {
    let mut h = app(
        Variant::Czech,
        Player::Human,
        Player::Computer(Level::Master),
    );
    frames(&mut h);
    click(&mut h, 22);
    click(&mut h, 18);
    assert!(h.state().is_thinking());
    assert!(h.query_by_label("The computer is thinking…").is_some());
    // A click on the board is refused with a reason.
    click(&mut h, 21);
    assert_eq!(h.state().announcement(), "It is the computer's move.");
    // Undo takes the person's move back and stops the thinking: no reply comes later.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    frames(&mut h);
    assert_eq!(plies(&h), 0);
    assert!(!h.state().is_thinking());
    for _ in 0..20 {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(plies(&h), 0);
    assert!(h.query_by_label("The computer is thinking…").is_none());
}

/// A computer that takes its time (the master thinks for seconds) says so after half a second;
/// undo stops it.
#[test]
fn a_long_thinking_is_said() {
    for (lang, thinking) in [
        (Language::Czech, "Počítač přemýšlí…"),
        (Language::English, "The computer is thinking…"),
    ] {
        let (mut h, voice) = common::speaking(Settings {
            black_player: Player::Computer(Level::Master),
            ..common::settings(lang, Variant::Czech)
        });
        frames(&mut h);
        click(&mut h, 22);
        click(&mut h, 18);
        wait_for(&mut h, "the words", |a| {
            a.announcement() == thinking || a.game().moves().len() == 2
        });
        assert_eq!(h.state().announcement(), thinking);
        let spoken = voice.spoken();
        assert_eq!(spoken.last().map(String::as_str), Some(thinking));
        assert_eq!(spoken.iter().filter(|s| *s == thinking).count(), 1);
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        frames(&mut h);
        assert!(!h.state().is_thinking());
    }
}

/// With "Say that the computer is thinking" off, a long thinking is shown but not said: the
/// person's move is the last word until the reply.
#[test]
fn a_long_thinking_is_shown_but_not_said_when_so_chosen() {
    let (mut h, voice) = common::speaking(Settings {
        black_player: Player::Computer(Level::Master),
        say_thinking: false,
        ..common::settings(Language::English, Variant::Czech)
    });
    frames(&mut h);
    click(&mut h, 22);
    click(&mut h, 18);
    let began = Instant::now();
    while began.elapsed() < Duration::from_millis(900) && h.state().is_thinking() {
        frames(&mut h);
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(h.state().is_thinking(), "the master answered within 0.9 s");
    assert!(h.query_by_label("The computer is thinking…").is_some());
    assert_eq!(h.state().announcement(), "22 to 18");
    assert!(
        !voice.spoken().iter().any(|s| s.contains("thinking")),
        "{:?}",
        voice.spoken()
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    frames(&mut h);
}

#[test]
fn undo_against_the_computer_goes_back_to_the_persons_move() {
    let mut h = app(
        Variant::Czech,
        Player::Human,
        Player::Computer(Level::Beginner),
    );
    frames(&mut h);
    click(&mut h, 22);
    click(&mut h, 18);
    wait_for(&mut h, "the reply", |a| a.game().moves().len() == 2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    frames(&mut h);
    assert_eq!(
        plies(&h),
        0,
        "both the reply and the person's move are taken back"
    );
    assert!(!h.state().is_thinking());
}

#[test]
fn a_new_game_cancels_the_thinking() {
    let mut h = app(
        Variant::Czech,
        Player::Human,
        Player::Computer(Level::Master),
    );
    frames(&mut h);
    click(&mut h, 22);
    click(&mut h, 18);
    assert!(h.state().is_thinking());
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    frames(&mut h);
    h.get_by_label("Start").click();
    frames(&mut h);
    // The unsaved game is discarded.
    h.get_by_label("Discard").click();
    frames(&mut h);
    assert_eq!(plies(&h), 0);
    assert!(!h.state().is_thinking());
    for _ in 0..20 {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(plies(&h), 0);
}

#[test]
fn a_hint_is_spoken_and_marked_on_the_board() {
    let mut h = app(Variant::Czech, Player::Human, Player::Human);
    open_fen(
        &mut h,
        "hint",
        "[GameType \"29\"]\n[FEN \"W:W22,31:B18,3,4\"]\n[Enforcement \"strict\"]\n*\n",
    );
    h.key_press(Key::F8);
    frames(&mut h);
    wait_for(&mut h, "the hint", |a| a.hint().is_some());
    let hint = h.state().hint().unwrap();
    assert_eq!(hint.to_string(), "22x15");
    assert_eq!(h.state().announcement(), "Hint: 22 takes 15");
    assert!(label(&h, 22).ends_with(", hint"), "{}", label(&h, 22));
    assert!(label(&h, 15).ends_with(", hint"), "{}", label(&h, 15));
    // The hint button does the same, and a move makes the hint go.
    click(&mut h, 22);
    click(&mut h, 15);
    assert!(h.state().hint().is_none());
    assert!(!label(&h, 15).contains("hint"));
    h.get_by_label("Hint").click();
    frames(&mut h);
    wait_for(&mut h, "Black's hint", |a| a.hint().is_some());
    assert!(h.state().announcement().starts_with("Hint: "));
}

#[test]
fn the_computer_claims_a_forgotten_capture() {
    // Czech table rules: White ought to take 22x15 and plays 31-27 instead; the computer, Black,
    // blows away the man on 22, then moves.
    let mut h = app(Variant::Czech, Player::Human, Player::Human);
    open_fen(
        &mut h,
        "claim",
        "[GameType \"29\"]\n[FEN \"W:W22,25,31:B18,3,4\"]\n[Enforcement \"table\"]\n*\n",
    );
    h.state_mut()
        .set_player(Color::Black, Player::Computer(Level::Club));
    click(&mut h, 31);
    click(&mut h, 27);
    assert!(h.state().game().violation_at(0).is_some());
    wait_for(&mut h, "the claim and the reply", |a| {
        a.game().moves().len() == 2
    });
    let game = h.state().game();
    assert_eq!(game.huff_before(1).map(|s| s.number()), Some(22));
    assert!(
        game.position()
            .piece_at(dama::rules::Square::new(22).unwrap())
            .is_none()
    );
}

#[test]
fn the_computer_answers_a_draw_offer() {
    // Black, the computer, is three men up: it declines.
    let mut h = app(Variant::Czech, Player::Human, Player::Human);
    open_fen(
        &mut h,
        "decline",
        "[GameType \"29\"]\n[FEN \"W:W29:B1,2,3,4\"]\n*\n",
    );
    h.state_mut()
        .set_player(Color::Black, Player::Computer(Level::Beginner));
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::D);
    frames(&mut h);
    wait_for(&mut h, "the answer", |a| {
        a.announcement() == "The computer declines the draw."
    });
    assert!(h.state().game().outcome().is_none());

    // Three men down: it accepts.
    let mut h = app(Variant::Czech, Player::Human, Player::Human);
    open_fen(
        &mut h,
        "accept",
        "[GameType \"29\"]\n[FEN \"W:W29,30,31,32:B1\"]\n*\n",
    );
    h.state_mut()
        .set_player(Color::Black, Player::Computer(Level::Beginner));
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::D);
    frames(&mut h);
    wait_for(&mut h, "the answer", |a| a.game().outcome().is_some());
    assert_eq!(
        h.state().announcement(),
        "The computer accepts the draw. Draw by agreement."
    );
}

#[test]
fn two_computers_play_a_game_to_its_end() {
    let mut h = app(
        Variant::CzechBook,
        Player::Computer(Level::Beginner),
        Player::Computer(Level::Beginner),
    );
    wait_for(&mut h, "the end of the game", |a| {
        a.game().outcome().is_some() || a.game().moves().len() >= 60
    });
    let game = h.state().game();
    for (i, m) in game.moves().iter().enumerate() {
        let pos = game.position_at(i).unwrap();
        assert!(pos.legal_moves(game.rules()).contains(m));
    }
}

#[test]
fn a_game_against_the_computer_resumes_against_the_computer() {
    let data = common::temp_dir("computer", "resume");
    let start = |data: &std::path::Path| {
        let mut app =
            DamaApp::with_settings(common::settings(Language::English, Variant::Czech), None);
        app.start_autosave(data);
        common::window(app)
    };
    let mut h = start(&data);
    frames(&mut h);
    h.state_mut()
        .set_player(Color::Black, Player::Computer(Level::Novice));
    click(&mut h, 22);
    click(&mut h, 18);
    wait_for(&mut h, "the reply", |a| a.game().moves().len() == 2);
    let moves = h.state().game().moves().to_vec();
    // A crash: no clean exit.
    drop(h);
    let mut h = start(&data);
    frames(&mut h);
    h.get_by_label("Resume").click();
    frames(&mut h);
    assert_eq!(h.state().game().moves(), moves);
    assert_eq!(
        h.state().player(Color::Black),
        Player::Computer(Level::Novice)
    );
    assert_eq!(h.state().player(Color::White), Player::Human);
    // Play goes on against the computer.
    let white = h.state().game().legal_moves()[0];
    click(&mut h, white.from().number());
    click(&mut h, white.to().number());
    wait_for(&mut h, "the next reply", |a| a.game().moves().len() == 4);
    let _ = std::fs::remove_dir_all(&data);
}

/// Looking back at a position where the computer was to move, the person cannot play its
/// move for it (a regression: the later moves were dropped and the person moved for Black).
#[test]
fn looking_back_the_computers_move_stays_its_own() {
    let mut h = after_its_reply();
    h.key_press_modifiers(Modifiers::COMMAND, Key::ArrowLeft);
    frames(&mut h);
    click(&mut h, 9);
    click(&mut h, 13);
    assert_eq!(plies(&h), 2);
    assert_eq!(h.state().announcement(), "It is the computer's move.");
}

/// Issue 82: a move made with the cursor and the computer's reply. The cursor stays on the
/// square the screen reader read (the reply does not take it away), the arrows go on from
/// there, and the focused square's new name reaches the screen reader after the words that
/// tell the change (Orca 48 took words that came with the name for the square's old
/// description and dropped them).
#[test]
fn the_reply_leaves_the_cursor_where_the_focus_is_and_the_words_come_first() {
    let (mut h, _voice) = common::speaking(Settings {
        black_player: Player::Computer(Level::Beginner),
        speech_mode: dama::ui::SpeechMode::ScreenReader,
        ..common::settings(Language::English, Variant::Czech)
    });
    h.state_mut().set_reader_settle(Duration::ZERO);
    frames(&mut h);
    // From the first piece that can move (21) to 22, selected; up to 18, played.
    for key in [Key::ArrowRight, Key::Enter, Key::ArrowUp] {
        h.key_press(key);
        frames(&mut h);
    }
    assert!(
        focused(&h).starts_with("18, d4, empty, destination"),
        "{}",
        focused(&h)
    );
    h.event(egui::Event::Key {
        key: Key::Enter,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::NONE,
    });
    // The frame the move's words are handed over in: the square keeps the name the screen
    // reader had, then takes its new one.
    let mut handed = false;
    let mut seen = Vec::new();
    for _ in 0..20 {
        h.step();
        seen.push(
            h.query_by(|n| n.is_focused())
                .and_then(|n| n.accesskit_node().description()),
        );
        let node = common::square(&h, 18);
        let node = node.accesskit_node();
        if node.description().is_some_and(|d| d.contains("22 to 18")) {
            assert_eq!(node.label().as_deref(), Some("18, d4, empty, destination"));
            handed = true;
            break;
        }
    }
    assert!(
        handed,
        "the move's words were handed to the screen reader: {seen:?}"
    );
    wait_for(&mut h, "the computer's move", |a| {
        a.game().moves().len() == 2
    });
    // The reply's words follow, apart from the move's (a screen reader drops a description
    // change overtaken by another while still queued).
    let start = Instant::now();
    loop {
        h.step();
        let node = common::square(&h, 18);
        if node
            .accesskit_node()
            .description()
            .is_some_and(|d| d.contains("Computer: "))
        {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the reply's words"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(300));
    frames(&mut h);
    // Still on 18 (its new name), the cursor too; Down goes to 22, not from the reply's square.
    assert!(focused(&h).starts_with("18, d4, "), "{}", focused(&h));
    assert_eq!(h.state().cursor().map(|s| s.number()), Some(18));
    h.key_press(Key::ArrowDown);
    frames(&mut h);
    assert!(focused(&h).starts_with("22, c3, "), "{}", focused(&h));
}

/// With "Read the square under the cursor again after a move" off, the focused square keeps
/// the name the screen reader read (Orca 46 and later read a changed name again) until the
/// cursor leaves it; back on it, its name is the square as it is.
#[test]
fn the_square_under_the_cursor_keeps_its_name_when_so_chosen() {
    let (mut h, _voice) = common::speaking(Settings {
        black_player: Player::Computer(Level::Beginner),
        speech_mode: dama::ui::SpeechMode::ScreenReader,
        reread_square: false,
        ..common::settings(Language::English, Variant::Czech)
    });
    h.state_mut().set_reader_settle(Duration::ZERO);
    frames(&mut h);
    for key in [Key::ArrowRight, Key::Enter, Key::ArrowUp, Key::Enter] {
        h.key_press(key);
        frames(&mut h);
    }
    wait_for(&mut h, "the computer's move", |a| {
        a.game().moves().len() == 2
    });
    // Long after the words went (and the name would have followed them).
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(1500) {
        frames(&mut h);
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(focused(&h), "18, d4, empty, destination");
    h.key_press(Key::ArrowDown);
    frames(&mut h);
    h.key_press(Key::ArrowUp);
    frames(&mut h);
    let now = focused(&h);
    assert!(
        now.starts_with("18, d4, ") && !now.contains("destination"),
        "{now}"
    );
}
