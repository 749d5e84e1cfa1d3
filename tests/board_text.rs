//! The board as text for braille displays, through the window: Ctrl+T shows it with the focus
//! on the line of the board's cursor, each line a list item named with its text (what a screen
//! reader says and a braille display shows), Up and Down go from line to line without moving
//! the board's cursor, Escape goes back to the board, Ctrl+T there hides it; the lines follow
//! the game, in Czech and in English; a row of the board has its squares in words as its
//! description (speech drops the dots); the View menu shows it as a check box with its state.

mod common;

use dama::rules::Variant;
use dama::ui::{Command, DamaApp, Language};
use eframe::egui::{self, Key, Modifiers, accesskit::Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// The accessible name and role of the focused widget.
fn focused(h: &Harness<'_, DamaApp>) -> (String, Role) {
    let node = h.get_by(|n| n.is_focused());
    let node = node.accesskit_node();
    (node.label().unwrap_or_default(), node.role())
}

fn command(h: &mut Harness<'_, DamaApp>, c: Command) {
    let sc = c.shortcut().expect("a shortcut");
    h.key_press_modifiers(sc.modifiers, sc.logical_key);
    h.run();
}

fn key(h: &mut Harness<'_, DamaApp>, k: Key) {
    h.key_press(k);
    h.run();
}

/// The lines of the board as text, as the screen reader finds them.
fn lines(h: &Harness<'_, DamaApp>) -> Vec<String> {
    h.query_all_by(|n| n.role() == Role::ListItem)
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| !l.is_empty())
        .collect()
}

const CZECH_START: &[&str] = &[
    "  abcdefgh",
    "8  l l l l  1 až 4",
    "7 l l l l   5 až 8",
    "6  l l l l  9 až 12",
    "5 . . . .   13 až 16",
    "4  . . . .  17 až 20",
    "3 k k k k   21 až 24",
    "2  k k k k  25 až 28",
    "1 k k k k   29 až 32",
    "Na tahu je bílý.",
    "k bílý kámen, l černý kámen, d bílá dáma, e černá dáma, tečka prázdné pole.",
];

#[test]
fn shown_read_line_by_line_and_hidden_by_keyboard() {
    let mut h = common::app_with(common::settings(Language::Czech, Variant::Czech));
    h.run();
    assert!(lines(&h).is_empty(), "hidden at first");
    let board = focused(&h);
    assert_eq!(board.1, Role::Cell);
    let cursor = h.state().cursor();

    command(&mut h, Command::BoardText);
    assert_eq!(lines(&h), CZECH_START);
    // The focus is on the line of the board's cursor (21, on rank 3).
    assert_eq!(focused(&h), (CZECH_START[6].into(), Role::ListItem));
    // A synthesizer drops the dots of the line: its speech has the row in words as well.
    assert_eq!(
        h.get_by(|n| n.is_focused()).accesskit_node().description(),
        Some("21 bílý kámen, 22 bílý kámen, 23 bílý kámen, 24 bílý kámen".into())
    );
    key(&mut h, Key::ArrowUp);
    key(&mut h, Key::ArrowUp);
    assert_eq!(
        h.get_by(|n| n.is_focused()).accesskit_node().description(),
        Some("13 prázdné, 14 prázdné, 15 prázdné, 16 prázdné".into())
    );
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::ArrowDown);
    assert_eq!(h.state().announcement(), "Deska jako text, řádek po řádku.");
    key(&mut h, Key::ArrowUp);
    assert_eq!(focused(&h).0, CZECH_START[5]);
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::ArrowDown);
    assert_eq!(focused(&h).0, CZECH_START[7]);
    key(&mut h, Key::End);
    assert_eq!(focused(&h).0, CZECH_START[10]);
    key(&mut h, Key::ArrowDown);
    assert_eq!(
        focused(&h).0,
        CZECH_START[10],
        "Down stops at the last line"
    );
    key(&mut h, Key::Home);
    assert_eq!(focused(&h).0, CZECH_START[0]);
    key(&mut h, Key::ArrowUp);
    assert_eq!(focused(&h).0, CZECH_START[0], "Up stops at the first line");
    assert_eq!(
        h.state().cursor(),
        cursor,
        "the arrows are the lines', not the board's"
    );

    // Escape: back to the board, the text stays.
    key(&mut h, Key::Escape);
    assert_eq!(focused(&h), board);
    assert_eq!(lines(&h).len(), CZECH_START.len());
    // Ctrl+T from the board goes into the text shown; from the text it hides it.
    command(&mut h, Command::BoardText);
    assert_eq!(focused(&h).1, Role::ListItem);
    command(&mut h, Command::BoardText);
    assert!(lines(&h).is_empty());
    assert_eq!(focused(&h), board);
    assert_eq!(h.state().announcement(), "Deska jako text skryta.");
    assert!(!h.state().settings.board_text);
}

#[test]
fn the_lines_follow_the_game_in_english_and_flipped() {
    let mut h = common::app_with(common::settings(Language::English, Variant::Czech));
    h.run();
    command(&mut h, Command::BoardText);
    key(&mut h, Key::Escape);
    common::click(&mut h, 22);
    common::click(&mut h, 18);
    let shown = lines(&h);
    assert_eq!(shown[5], "4  . m . .  17 to 20", "{shown:#?}");
    assert_eq!(shown[6], "3 m . m m   21 to 24");
    assert_eq!(shown[9], "Black to move.");
    assert_eq!(
        shown[10],
        "m white man, n black man, k white king, l black king, dot empty square."
    );
    command(&mut h, Command::FlipBoard);
    let shown = lines(&h);
    assert_eq!(shown[0], "  hgfedcba");
    assert_eq!(shown[1], "1  m m m m  32 to 29");
    assert_eq!(shown[5], "5  . . . .  16 to 13");
    // Looking back shows the position looked at.
    command(&mut h, Command::FirstPosition);
    assert_eq!(lines(&h)[6], "6 n n n n   12 to 9");
    assert_eq!(lines(&h)[9], "White to move.");
}

#[test]
fn two_towers_letters_and_numbers_on_ten_by_ten() {
    let mut h = common::app_with(common::settings(Language::Czech, Variant::TwoTowers));
    h.run();
    command(&mut h, Command::BoardText);
    let shown = lines(&h);
    assert_eq!(shown[0], "   abcdefghij");
    assert_eq!(shown[1], "10  l l l l l  1 až 5");
    assert_eq!(shown[3], " 8  l w l w l  11 až 15");
    assert_eq!(shown[8], " 3 k v k v k   36 až 40");
    assert_eq!(
        shown[12],
        "k bílý kámen, l černý kámen, d bílá dáma, e černá dáma, v bílá věž, w černá věž, tečka prázdné pole."
    );
    // The cursor starts on 31 (rank 4).
    assert_eq!(focused(&h).0, " 4  k k k k k  31 až 35");
}

#[test]
fn the_view_menu_shows_it_as_a_check_box() {
    let mut h = common::app_with(common::settings(Language::English, Variant::Czech));
    h.run();
    let item = |h: &Harness<'_, DamaApp>| {
        let node = h.get_by(|n| n.role() == Role::MenuItemCheckBox);
        let node = node.accesskit_node();
        (node.label().unwrap_or_default(), node.toggled())
    };
    h.key_press_modifiers(Modifiers::ALT, Key::V);
    h.run();
    assert_eq!(
        item(&h),
        (
            "Board as text Ctrl+T".into(),
            Some(egui::accesskit::Toggled::False)
        )
    );
    h.get_by(|n| n.role() == Role::MenuItemCheckBox).click();
    h.run();
    assert!(h.state().settings.board_text);
    assert_eq!(focused(&h).1, Role::ListItem, "the focus goes to the text");
    h.key_press_modifiers(Modifiers::ALT, Key::V);
    h.run();
    assert_eq!(
        item(&h),
        (
            "Board as text Ctrl+T".into(),
            Some(egui::accesskit::Toggled::True)
        )
    );
    // Chosen from the menu opened in the text, it hides the text.
    h.get_by(|n| n.role() == Role::MenuItemCheckBox).click();
    h.run();
    assert!(!h.state().settings.board_text);
    assert!(lines(&h).is_empty());
}

/// Words for the screen reader wait until the focus has rested where it moved: Orca reads a
/// newly focused widget with its description, and again as the description changes.
#[test]
fn words_wait_for_the_focus_to_rest() {
    let (mut h, _voice) = common::speaking(dama::ui::Settings {
        speech_mode: dama::ui::SpeechMode::ScreenReader,
        ..common::settings(Language::English, Variant::Czech)
    });
    h.run();
    command(&mut h, Command::BoardText);
    h.state_mut()
        .set_reader_settle(std::time::Duration::from_secs(3600));
    command(&mut h, Command::BoardText);
    let described = |h: &Harness<'_, DamaApp>| {
        h.query_all_by(|n| n.description().as_deref() == Some("Board as text hidden."))
            .count()
    };
    assert_eq!(focused(&h).1, Role::Cell);
    h.run_steps(5);
    assert_eq!(described(&h), 0, "not while the focus has just moved");
    h.state_mut().set_reader_settle(std::time::Duration::ZERO);
    // Handed over in one frame (and gone in the next): look at each frame.
    let mut seen = 0;
    for _ in 0..5 {
        h.step();
        seen = described(&h);
        if seen > 0 {
            break;
        }
    }
    assert_eq!(seen, 1, "handed over once the focus has rested");
}

/// After the end of the game the board as text says how it ended, not whose turn it is (a
/// braille reader read "Na tahu je bílý" after a resignation); a position looked at before
/// the end still says whose turn it was.
#[test]
fn after_the_end_the_text_says_how_the_game_ended() {
    let mut h = common::app_with(common::settings(Language::Czech, Variant::Czech));
    h.run();
    let dir = common::temp_dir("board-text", "ended");
    let path = common::write_file(
        &dir,
        "resigned.pdn",
        "[GameType \"29\"]\n[Result \"0-1\"]\n1. c3-d4 f6-e5 0-1\n",
    );
    h.state_mut().open_path(&path);
    h.run();
    command(&mut h, Command::BoardText);
    let said = lines(&h);
    assert!(
        said.contains(&"Černý vyhrál: soupeř se vzdal.".to_string()),
        "{said:?}"
    );
    assert!(!said.iter().any(|l| l.starts_with("Na tahu")), "{said:?}");
    key(&mut h, Key::Escape);
    command(&mut h, Command::PreviousPosition);
    command(&mut h, Command::BoardText);
    assert!(
        lines(&h).contains(&"Na tahu je černý.".to_string()),
        "{:?}",
        lines(&h)
    );
}
