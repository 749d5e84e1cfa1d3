//! Text pasted by mistake, a megabyte of it, into the window's fields: each field keeps no more
//! than it has room for, and what is said and shown about it quotes a short excerpt, never the
//! text itself (issue 41: a megabyte of digits in the move field took 10 GB; a megabyte in the
//! position field was repeated whole under it, pushing Start and Cancel out of the dialog).

mod common;

use common::harness;
use dama::ui::{DamaApp, Language, T};
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

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
