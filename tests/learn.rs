//! The course in the window, by keyboard alone: Ctrl+L opens the first lesson of the game's
//! rule set and says it; a task answered by a square (the cursor and Enter, or typed) and by a
//! move; a wrong answer said and taken back; a hint, and the answer at the second asking;
//! stars kept; the next task with Ctrl+Page Down. Czech and English words are golden.

mod common;

use dama::rules::Variant;
use dama::ui::{Command, DamaApp, Language};
use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;

fn key(h: &mut Harness<'_, DamaApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

fn said(h: &Harness<'_, DamaApp>) -> String {
    h.state().announcement().to_string()
}

/// Types `text` into the move field (Ctrl+M) and presses Enter.
fn typed(h: &mut Harness<'_, DamaApp>, text: &str) {
    key(h, Modifiers::COMMAND, Key::M);
    h.state_mut().typed_move(text);
    h.run();
}

#[test]
fn the_first_lessons_of_ceska_dama_in_czech() {
    let mut h = common::app_with(common::settings(Language::Czech, Variant::Czech));
    h.run();
    key(&mut h, Modifiers::COMMAND, Key::L);
    assert_eq!(
        said(&h),
        "Lekce 1 z 8: Deska a čísla polí. Hraje se na tmavých polích desky osm krát osm; je jich \
         32. Bílý sedí dole, černý nahoře. Pole mají čísla 1 až 32, po řadách od černého: pole 1 \
         je vlevo nahoře, pole 4 vpravo nahoře, pole 29 vlevo dole a pole 32 vpravo dole. Každá \
         řada má čtyři pole. Nejdelší úhlopříčka, velká cesta, vede z pole 29 do pole 4 přes \
         pole 25, 22, 18, 15, 11 a 8. Úloha 1 z 3: Najděte pole 1: přesuňte kurzor šipkami do \
         levého horního rohu a stiskněte Enter."
    );
    // A wrong square: said, and the task stays.
    common::click(&mut h, 2);
    assert_eq!(
        said(&h),
        "To není ono. Zkuste jiné pole, nebo si řekněte o nápovědu klávesou F8."
    );
    key(&mut h, Modifiers::NONE, Key::F8);
    assert_eq!(said(&h), "Nápověda: Pole 1 je v horní řadě úplně vlevo.");
    key(&mut h, Modifiers::NONE, Key::F8);
    assert_eq!(
        said(&h),
        "Nápověda: Pole 1 je v horní řadě úplně vlevo. Je to pole 1."
    );
    common::click(&mut h, 1);
    assert_eq!(said(&h), "Správně! Úloha splněna: 1 hvězda ze 3.");
    // The next task, answered by typing the square's number.
    key(&mut h, Modifiers::COMMAND, Key::PageDown);
    assert!(
        said(&h).starts_with("Úloha 2 z 3: Najděte levý dolní roh"),
        "{}",
        said(&h)
    );
    typed(&mut h, "29");
    assert_eq!(said(&h), "Správně! Úloha splněna: 3 hvězdy ze 3.");
    key(&mut h, Modifiers::COMMAND, Key::PageDown);
    common::click(&mut h, 22);
    assert_eq!(
        said(&h),
        "Správně! Úloha splněna: 3 hvězdy ze 3. Lekce hotova: 7 hvězd z 9. Další lekce, Dáma z \
         klávesnice: Ctrl+Page Down."
    );
    // Lesson 2, Dáma itself: a task answered by a key (F3); another key is no answer.
    key(&mut h, Modifiers::COMMAND, Key::PageDown);
    assert!(
        said(&h).starts_with("Lekce 2 z 8: Dáma z klávesnice."),
        "{}",
        said(&h)
    );
    for _ in 0..3 {
        key(&mut h, Modifiers::COMMAND, Key::PageDown);
    }
    assert!(
        said(&h).starts_with("Úloha 4 z 5: Stiskněte F3"),
        "{}",
        said(&h)
    );
    key(&mut h, Modifiers::NONE, Key::F6);
    assert_eq!(said(&h), "Na tahu je bílý");
    key(&mut h, Modifiers::NONE, Key::F3);
    assert_eq!(said(&h), "Správně! Úloha splněna: 3 hvězdy ze 3.");
    key(&mut h, Modifiers::COMMAND, Key::PageDown);
    key(&mut h, Modifiers::NONE, Key::F7);
    assert_eq!(
        said(&h),
        "Správně! Úloha splněna: 3 hvězdy ze 3. Lekce hotova: 6 hvězd z 15. Další lekce, Jak \
         táhne kámen: Ctrl+Page Down."
    );
    // Lesson 3: a move that does not answer is taken back; the right one is right.
    key(&mut h, Modifiers::COMMAND, Key::PageDown);
    assert!(
        said(&h).starts_with("Lekce 3 z 8: Jak táhne kámen."),
        "{}",
        said(&h)
    );
    key(&mut h, Modifiers::COMMAND, Key::PageDown);
    key(&mut h, Modifiers::COMMAND, Key::PageDown);
    assert!(
        said(&h).starts_with("Úloha 3 z 3: Dojděte kamenem"),
        "{}",
        said(&h)
    );
    typed(&mut h, "22-17");
    // "22 na 17. Správně." is said, then the lesson's reply for Black.
    assert_eq!(said(&h), "Počítač: 3 na 7");
    typed(&mut h, "17-13");
    assert_eq!(
        said(&h),
        "Tento tah úlohu neřeší, je vrácen. Zkuste jiný, nebo si řekněte o nápovědu klávesou F8."
    );
    assert_eq!(
        h.state().game().moves().len(),
        2,
        "the wrong move is taken back"
    );
    typed(&mut h, "17-14");
    // "Správně! Úloha splněna: 2 hvězdy ze 3." is said first (one mistake).
    assert_eq!(
        said(&h),
        "Lekce hotova: 2 hvězdy z 9. Další lekce, Braní: Ctrl+Page Down."
    );
    // Ctrl+L says the task again; a new game leaves the course.
    key(&mut h, Modifiers::COMMAND, Key::L);
    assert!(
        said(&h).starts_with("Úloha 3 z 3: Dojděte kamenem"),
        "{}",
        said(&h)
    );
    h.state_mut().command(Command::NewGame);
    h.run();
}

#[test]
fn a_lesson_in_english_and_its_stars_kept() {
    let mut h = common::app_with(common::settings(Language::English, Variant::Czech));
    h.run();
    key(&mut h, Modifiers::COMMAND, Key::L);
    assert!(
        said(&h).starts_with("Lesson 1 of 8: The board and its numbers. The game is played"),
        "{}",
        said(&h)
    );
    assert!(
        said(&h).ends_with(
            "Task 1 of 3: Find square 1: move the cursor with the arrows to the top left corner \
             and press Enter."
        ),
        "{}",
        said(&h)
    );
    key(&mut h, Modifiers::NONE, Key::F8);
    assert_eq!(said(&h), "Hint: Square 1 is the leftmost of the top row.");
    common::click(&mut h, 1);
    assert_eq!(said(&h), "Right! Task done: 2 stars of 3.");
    assert_eq!(
        h.state().settings.course_stars.get("czech/board/1"),
        Some(&2)
    );
}

#[test]
fn the_course_is_offered_at_the_very_first_start_only() {
    let dir = common::temp_dir("learn", "first-start");
    let first = DamaApp::new(Some(dir.to_path_buf()));
    // Czech is the default language of a first start on a Czech desktop, English elsewhere.
    let offer = first.announcement().to_string();
    assert!(
        offer
            == "Vítejte v Dámě! Pravidla hry i ovládání programu vás naučí Učení: klávesy \
                  Ctrl+L, nebo nabídka Nápověda."
            || offer
                == "Welcome to Dáma! The course teaches you the rules and how to use the \
                    program: Ctrl+L, or the Help menu.",
        "{offer}"
    );
    drop(first);
    let again = DamaApp::new(Some(dir.to_path_buf()));
    assert_eq!(again.announcement(), "", "offered once");
}

#[test]
fn the_course_follows_the_rule_set_of_the_game() {
    for (variant, first) in [
        (Variant::TwoTowers, "Lekce 1 z 6:"),
        (Variant::English, "Lekce 1 z 5:"),
        (Variant::International, "Lekce 1 z 5:"),
        // The book variant has no course of its own: Česká dáma's opens.
        (Variant::CzechBook, "Lekce 1 z 8: Deska a čísla polí."),
    ] {
        let mut h = common::app_with(common::settings(Language::Czech, variant));
        h.run();
        key(&mut h, Modifiers::COMMAND, Key::L);
        assert!(said(&h).starts_with(first), "{variant:?}: {}", said(&h));
    }
}
