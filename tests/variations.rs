//! Variations through the window: a move at an earlier position asks, starts a variation
//! (or replaces the later moves), and the variation is shown, gone through, spoken, saved
//! in PDN and read back, promoted and deleted.

mod common;

use dama::speech::Recording;
use dama::ui::{DamaApp, Language};
use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// The last thing said.
fn said(voice: &Recording) -> String {
    voice.spoken().last().cloned().unwrap_or_default()
}

fn key(h: &mut Harness<'_, DamaApp>, mods: Modifiers, k: Key) {
    h.key_press_modifiers(mods, k);
    h.run();
}

/// A Czech game of 22-18 11-15 18x11, the board back at the position after 22-18, and a
/// variation 10-14 24-19 started there with the dialog's first answer.
fn with_variation(lang: Language) -> (Harness<'static, DamaApp>, Recording) {
    let (mut h, voice) = common::harness(lang);
    h.run();
    for m in ["22-18", "11-15", "18x11"] {
        h.state_mut().typed_move(m);
        h.run();
    }
    key(&mut h, Modifiers::COMMAND, Key::ArrowLeft);
    key(&mut h, Modifiers::COMMAND, Key::ArrowLeft);
    assert_eq!(h.state().shown_ply(), Some(1));
    // The line's own next move steps on; another asks.
    h.state_mut().typed_move("10-14");
    h.run();
    assert!(h.state().dialog().is_some(), "{lang:?}: the move asks");
    (h, voice)
}

#[test]
fn a_move_at_an_earlier_position_starts_a_variation() {
    for (lang, question, started, moved, back, at_main, into) in [
        (
            Language::English,
            "A move at an earlier position. The game goes on with 11 to 15. 10 to 14 can start a \
             new variation, or replace 2 later moves.",
            "New variation: 10 to 14",
            "24 to 19",
            "Variation, after Black's move 1: 10 to 14 (1 of 2 moves).",
            "After White's move 1: 22 to 18 (1 of 3). Next move 11 to 15; variation: 10 to 14.",
            "Variation, after Black's move 1: 10 to 14 (1 of 2 moves).",
        ),
        (
            Language::Czech,
            "Tah v dřívější pozici. Partie pokračuje tahem 11 na 15. Tah 10 na 14 může začít \
             novou variantu, nebo nahradit 2 další tahy.",
            "Nová varianta: 10 na 14",
            "24 na 19",
            "Varianta, po 1. tahu černého: 10 na 14 (1 z 2 tahů).",
            "Po 1. tahu bílého: 22 na 18 (1 z 3). Další tah 11 na 15; varianta: 10 na 14.",
            "Varianta, po 1. tahu černého: 10 na 14 (1 z 2 tahů).",
        ),
    ] {
        let (mut h, voice) = with_variation(lang);
        h.run_steps(2);
        assert_eq!(said(&voice), question, "{lang:?}");
        // The focus is on New variation: Enter loses no move.
        key(&mut h, Modifiers::NONE, Key::Enter);
        assert_eq!(said(&voice), started);
        assert_eq!(
            common::plies(&h),
            ["22-18", "11-15", "18x11"],
            "the game stays"
        );
        assert_eq!(
            h.state().shown_variation().map(|(b, p)| (b.len(), p)),
            Some((1, 1))
        );
        // At the variation's end a move adds to it, without asking.
        h.state_mut().typed_move("24-19");
        h.run();
        assert!(h.state().dialog().is_none());
        assert_eq!(said(&voice), moved);
        assert_eq!(h.state().shown_variation().map(|(_, p)| p), Some(2));
        // Back in the variation, back to where it hangs: its choices are said.
        key(&mut h, Modifiers::COMMAND, Key::ArrowLeft);
        assert_eq!(said(&voice), back);
        key(&mut h, Modifiers::COMMAND, Key::ArrowLeft);
        assert_eq!(said(&voice), at_main);
        assert_eq!(h.state().shown_variation(), None);
        assert_eq!(h.state().shown_ply(), Some(1));
        // Ctrl+Down goes into the variation, again to the line's own move, again back in.
        key(&mut h, Modifiers::COMMAND, Key::ArrowDown);
        assert_eq!(said(&voice), into);
        key(&mut h, Modifiers::COMMAND, Key::ArrowDown);
        assert_eq!(h.state().shown_variation(), None);
        assert_eq!(h.state().shown_ply(), Some(2));
        key(&mut h, Modifiers::COMMAND, Key::ArrowUp);
        assert!(h.state().shown_variation().is_some());
        // The move list shows it, each move a widget named as in a variation.
        let word = match lang {
            Language::English => "variation",
            Language::Czech => "varianta",
        };
        assert!(h.query_by_label(&format!("{word} 1… 10-14")).is_some());
        assert!(h.query_by_label(&format!("{word} 2. 24-19")).is_some());
        // The move list read aloud has it in brackets.
        key(&mut h, Modifiers::NONE, Key::F7);
        let list = match lang {
            Language::English => {
                "1. 22 to 18, 11 to 15 (variation: 1… 10 to 14, 2. 24 to 19). 2. 18 takes 11."
            }
            Language::Czech => {
                "1. 22 na 18, 11 na 15 (varianta: 1… 10 na 14, 2. 24 na 19). 2. 18 bere 11."
            }
        };
        assert_eq!(said(&voice), list);
        // The end of the variation is said as such.
        key(&mut h, Modifiers::COMMAND, Key::ArrowRight);
        key(&mut h, Modifiers::COMMAND, Key::ArrowRight);
        let end = match lang {
            Language::English => "The end of the variation.",
            Language::Czech => "Konec varianty.",
        };
        assert_eq!(said(&voice), end);
        // The current position leaves the variation.
        key(&mut h, Modifiers::COMMAND, Key::End);
        assert_eq!(h.state().shown_variation(), None);
        assert_eq!(h.state().shown_ply(), None);
    }
}

#[test]
fn variations_are_saved_in_pdn_and_read_back() {
    let (mut h, _voice) = with_variation(Language::English);
    key(&mut h, Modifiers::NONE, Key::Enter);
    h.state_mut().typed_move("24-19");
    h.run();
    // A variation in the variation: 23-19 in place of 24-19.
    key(&mut h, Modifiers::COMMAND, Key::ArrowLeft);
    h.state_mut().typed_move("23-19");
    h.run();
    key(&mut h, Modifiers::NONE, Key::Enter);
    assert_eq!(
        h.state().shown_variation().map(|(b, p)| (b.len(), p)),
        Some((2, 1))
    );
    let dir = common::temp_dir("variations", "saved");
    let path = dir.join("variations.pdn");
    h.state_mut().save_to(&path);
    h.run();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        // Czech PDN is algebraic: 1. 22-18 11-15 (1... 10-14 2. 24-19 (2. 23-19)) 2. 18x11.
        text.contains("1. c3-d4 f6-e5 (1... d6-c5 2. g3-f4 (2. e3-f4)) 2. d4:f6"),
        "{text}"
    );
    // Read back in a new window: the same variations, in the list and in the words.
    let (mut back, voice) = common::harness(Language::English);
    back.run();
    back.state_mut().open_path(&path);
    back.run();
    assert_eq!(
        back.state().document().variations(),
        h.state().document().variations()
    );
    key(&mut back, Modifiers::NONE, Key::F7);
    assert_eq!(
        said(&voice),
        "1. 22 to 18, 11 to 15 (variation: 1… 10 to 14, 2. 24 to 19 (variation: 2. 23 to 19)). \
         2. 18 takes 11."
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_later_moves_are_replaced_only_when_chosen() {
    for (lang, dropped) in [
        (
            Language::English,
            "Play goes on from an earlier position: 2 later moves dropped",
        ),
        (
            Language::Czech,
            "Partie pokračuje z dřívější pozice, 2 pozdější tahy smazány",
        ),
    ] {
        let (mut h, voice) = with_variation(lang);
        h.run_steps(2);
        // Tab from New variation to Replace the later moves.
        key(&mut h, Modifiers::NONE, Key::Tab);
        key(&mut h, Modifiers::NONE, Key::Enter);
        assert_eq!(common::plies(&h), ["22-18", "10-14"], "{lang:?}");
        assert!(
            voice.spoken().iter().any(|s| s.starts_with(dropped)),
            "{:?}",
            voice.spoken()
        );
        // Escape cancels: nothing changes.
        key(&mut h, Modifiers::COMMAND, Key::ArrowLeft);
        h.state_mut().typed_move("11-15");
        h.run();
        assert!(h.state().dialog().is_some());
        key(&mut h, Modifiers::NONE, Key::Escape);
        assert!(h.state().dialog().is_none());
        assert_eq!(common::plies(&h), ["22-18", "10-14"]);
        assert!(!h.state().document().has_variations());
    }
}

#[test]
fn a_variation_is_promoted_and_deleted() {
    for (lang, promoted, question, deleted) in [
        (
            Language::English,
            "The variation is now the game; the game's moves are a variation.",
            "Delete the variation? Delete the variation from 11 to 15 (2 moves), with the \
             variations in it?",
            "Variation deleted (2 moves).",
        ),
        (
            Language::Czech,
            "Varianta je teď partií; dřívější tahy partie jsou variantou.",
            "Smazat variantu? Smazat variantu od tahu 11 na 15 (2 tahy) i s variantami v ní?",
            "Varianta smazána (2 tahy).",
        ),
    ] {
        let (mut h, voice) = with_variation(lang);
        key(&mut h, Modifiers::NONE, Key::Enter);
        h.state_mut().typed_move("24-19");
        h.run();
        // Ctrl+Shift+Up: the variation becomes the game, the game's moves a variation.
        key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::ArrowUp);
        assert_eq!(said(&voice), promoted, "{lang:?}");
        assert_eq!(common::plies(&h), ["22-18", "10-14", "24-19"]);
        assert_eq!(h.state().shown_variation(), None);
        // Into the old moves, now a variation, and Ctrl+Delete: the focus is on Cancel.
        key(&mut h, Modifiers::COMMAND, Key::Home);
        key(&mut h, Modifiers::COMMAND, Key::ArrowRight);
        key(&mut h, Modifiers::COMMAND, Key::ArrowDown);
        assert!(h.state().shown_variation().is_some());
        key(&mut h, Modifiers::COMMAND, Key::Delete);
        h.run_steps(2);
        assert_eq!(said(&voice), question);
        key(&mut h, Modifiers::NONE, Key::Enter);
        assert!(h.state().document().has_variations());
        key(&mut h, Modifiers::COMMAND, Key::Delete);
        h.run_steps(2);
        key(&mut h, Modifiers::SHIFT, Key::Tab);
        key(&mut h, Modifiers::NONE, Key::Enter);
        assert_eq!(said(&voice), deleted);
        assert!(!h.state().document().has_variations());
        assert_eq!(h.state().shown_ply(), Some(1), "where it hung");
        // Nothing left to go to.
        key(&mut h, Modifiers::COMMAND, Key::ArrowDown);
        let none = match lang {
            Language::English => "This move has no variation.",
            Language::Czech => "Tento tah nemá žádnou variantu.",
        };
        assert_eq!(said(&voice), none);
    }
}

/// Variations from a file: one to a variation's first move is reached with Ctrl+Down like any
/// other; one with a set-up of its own (`/FEN/`), which does not start from the game's
/// position, is left out rather than shown from the wrong position.
#[test]
fn variations_from_a_file_are_all_reached_by_keyboard() {
    let dir = common::temp_dir("variations", "file");
    let file = common::write_file(
        &dir,
        "nested.pdn",
        "[GameType \"29\"]\n\n1. 22-18 11-15 (1... 10-14 (1... 9-13)) \
         (/FEN \"B:W28:B20\"/ 1... 20-24) 2. 18x11 *\n",
    );
    let (mut h, voice) = common::harness(Language::English);
    h.run();
    h.state_mut().open_path(&file);
    h.run();
    assert_eq!(
        common::plies(&h),
        ["22-18", "11-15", "18x11"],
        "{:?}",
        voice.spoken()
    );
    key(&mut h, Modifiers::COMMAND, Key::Home);
    key(&mut h, Modifiers::COMMAND, Key::ArrowRight);
    assert!(said(&voice).ends_with("Next move 11 to 15; variation: 10 to 14."));
    key(&mut h, Modifiers::COMMAND, Key::ArrowDown);
    assert_eq!(
        h.state().shown_variation().map(|(b, p)| (b.len(), p)),
        Some((1, 1))
    );
    // Beside 10-14: the variation to it, 9-13.
    key(&mut h, Modifiers::COMMAND, Key::ArrowDown);
    assert_eq!(
        h.state().shown_variation().map(|(b, p)| (b.len(), p)),
        Some((2, 1))
    );
    assert!(said(&voice).contains("9 to 13"), "{}", said(&voice));
    // And round to the game's own move.
    key(&mut h, Modifiers::COMMAND, Key::ArrowDown);
    assert_eq!(h.state().shown_variation(), None);
    assert_eq!(h.state().shown_ply(), Some(2));
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What an annotator wrote in a file (comments and glyphs, in the game and in its variations)
/// is kept when the game is saved again, a variation added or not.
#[test]
fn an_annotated_game_keeps_its_notes_when_saved_again() {
    let dir = common::temp_dir("variations", "notes");
    let file = common::write_file(
        &dir,
        "annotated.pdn",
        "[GameType \"29\"]\n\n{From the club's book} 1. 22-18! {The usual start} 11-15 \
         (1... 10-14?! {Rarely seen} 2. 24-19) 2. 18x11 *\n",
    );
    let (mut h, voice) = common::harness(Language::English);
    h.run();
    h.state_mut().open_path(&file);
    h.run();
    // Shown and said: the comment before the first move as the game opens, the glyph on the
    // move, the words for the screen reader, the comments.
    assert!(
        voice
            .spoken()
            .iter()
            .any(|s| s.contains("Comment: From the club's book.")),
        "{:?}",
        voice.spoken()
    );
    assert!(h.query_by_label("From the club's book").is_some());
    assert!(h.query_by_label("Rarely seen").is_some());
    assert!(h.query_by_label("22-18, a good move").is_some());
    assert!(h.query_by_label("The usual start").is_some());
    assert!(
        h.query_by_label("variation 1… 10-14, a dubious move")
            .is_some()
    );
    key(&mut h, Modifiers::COMMAND, Key::Home);
    key(&mut h, Modifiers::COMMAND, Key::ArrowRight);
    assert_eq!(
        said(&voice),
        "After White's move 1: 22 to 18 (1 of 3). A good move. Comment: The usual start. Next \
         move 11 to 15; variation: 10 to 14."
    );
    key(&mut h, Modifiers::COMMAND, Key::ArrowDown);
    assert_eq!(
        said(&voice),
        "Variation, after Black's move 1: 10 to 14 (1 of 2 moves). A dubious move. Comment: \
         Rarely seen."
    );
    key(&mut h, Modifiers::COMMAND, Key::ArrowLeft);
    // A variation of one's own: 12-16 in place of 11-15.
    h.state_mut().typed_move("12-16");
    h.run();
    key(&mut h, Modifiers::NONE, Key::Enter);
    assert!(h.state().shown_variation().is_some());
    let saved = dir.join("saved.pdn");
    h.state_mut().save_to(&saved);
    h.run();
    // The writer wraps long lines.
    let text = std::fs::read_to_string(&saved).unwrap().replace('\n', " ");
    // Czech PDN is algebraic: 22-18 is c3-d4, 11-15 f6-e5, 10-14 d6-c5, 24-19 g3-f4, 12-16 h6-g5.
    assert!(
        text.contains(
            "{From the club's book} 1. c3-d4! {The usual start} f6-e5 (1... d6-c5?! \
             {Rarely seen} 2. g3-f4) (1... h6-g5) 2. d4:f6"
        ),
        "{text}"
    );
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}
