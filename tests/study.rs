//! Analysis and game review through the window: the analysis follows the position shown, the
//! review marks the move list and goes to the mistake.

mod common;

use std::time::{Duration, Instant};

use dama::ui::{DamaApp, Language};
use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// Draws frames until `done` holds: the computer thinks on a thread of its own.
fn wait(h: &mut Harness<'_, DamaApp>, done: impl Fn(&Harness<'_, DamaApp>) -> bool) {
    let start = Instant::now();
    while !done(h) {
        if start.elapsed() > Duration::from_secs(60) {
            let labels: Vec<_> = h
                .query_all_by(|_| true)
                .filter_map(|n| n.accesskit_node().label())
                .collect();
            panic!("waited too long: {labels:?}");
        }
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run_steps(4);
}

/// White could take Black's last man with 22x15 and plays 31-27 instead (table rules).
/// `test` names the folder of its file: the tests run at once.
fn blunder(lang: Language, test: &str) -> (Harness<'static, DamaApp>, dama::speech::Recording) {
    let (mut h, voice) = common::harness(lang);
    let dir = common::temp_dir("study", &format!("{test}-{lang:?}"));
    let file = common::write_file(
        &dir,
        "study.pdn",
        "[GameType \"29\"]\n[FEN \"W:W22,31:B18\"]\n*\n",
    );
    h.state_mut().open_path(&file);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::M);
    h.run();
    h.event(eframe::egui::Event::Text("31-27".into()));
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().game().moves().len(), 1);
    (h, voice)
}

#[test]
fn the_analysis_follows_the_position_shown() {
    for (lang, won, waiting) in [
        (
            Language::English,
            "White wins; best 22 takes 15",
            "Analysing the position…",
        ),
        (
            Language::Czech,
            "Bílý vyhrává; nejlepší 22 bere 15",
            "Počítač rozebírá pozici…",
        ),
    ] {
        let (mut h, _voice) = blunder(lang, "analysis");
        h.key_press_modifiers(Modifiers::SHIFT, Key::F8);
        h.run_steps(2);
        // At the current position (Black to move, after the blunder) it thinks, then shows.
        wait(&mut h, |h| h.query_by_label_contains(waiting).is_none());
        // One move back: the position before the blunder, which White wins at once.
        h.key_press_modifiers(Modifiers::COMMAND, Key::ArrowLeft);
        h.run_steps(2);
        assert_eq!(h.state().shown_ply(), Some(0));
        wait(&mut h, |h| h.query_by_label_contains(won).is_some());
        // Off: the panel goes.
        h.key_press_modifiers(Modifiers::SHIFT, Key::F8);
        h.run_steps(2);
        assert!(h.query_by_label_contains(won).is_none(), "{lang:?}");
    }
}

#[test]
fn the_review_marks_the_move_list_and_goes_to_the_mistake() {
    for (lang, item, said) in [
        (
            Language::English,
            "31-27, a blunder",
            "Move 1, White 31 to 27 is a blunder; 22 takes 15 was better",
        ),
        (
            Language::Czech,
            "31-27, hrubá chyba",
            "Tah 1, bílý 31 na 27 je hrubá chyba; lepší bylo 22 bere 15",
        ),
    ] {
        let (mut h, voice) = blunder(lang, "review");
        h.key_press_modifiers(Modifiers::COMMAND, Key::R);
        h.run_steps(2);
        wait(&mut h, |h| h.query_by_label(item).is_some());
        // Shown as "31-27??" on the screen.
        assert!(h.query_by_label("31-27??").is_none());
        h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::M);
        h.run();
        assert_eq!(voice.spoken().last().map(String::as_str), Some(said));
        // The board shows the position the blunder was played in.
        assert_eq!(h.state().shown_ply(), Some(0));
        assert_eq!(h.state().shown_position().fen(), "W:W22,31:B18");
        // Saved as annotators write it: the glyph, and the better move as a variation
        // (Czech PDN is algebraic: 31-27?? (22x15)).
        let dir = common::temp_dir("study", &format!("review-saved-{lang:?}"));
        let path = dir.join("reviewed.pdn");
        h.state_mut().save_to(&path);
        h.run();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("1. e1-f2?? {[%violation]} (1. c3:e5)"),
            "{text}"
        );

        // A new move drops the review: it was about the game as it was.
        h.key_press_modifiers(Modifiers::COMMAND, Key::End);
        h.run();
        common::click(&mut h, 18);
        common::click(&mut h, 25);
        assert!(h.query_by_label(item).is_none(), "{lang:?}");
        // The file saved, read back: the better move is a variation.
        let (mut back, _voice) = common::harness(lang);
        back.run();
        back.state_mut().open_path(&path);
        back.run();
        let doc = back.state().document();
        assert_eq!(doc.file(), Some(path.as_path()));
        assert_eq!(doc.alternatives(&[], 0)[0].moves[0].to_string(), "22x15");
        drop(back);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Stepping through a reviewed game, a move marked by the review is said with its mark (it
/// was said without: no "hrubá chyba" on Ctrl+Right).
#[test]
fn stepping_onto_a_marked_move_says_its_mark() {
    for (lang, item, stepped) in [
        (
            Language::English,
            "31-27, a blunder",
            "After White's move 1: 31 to 27, a blunder (1 of 2).",
        ),
        (
            Language::Czech,
            "31-27, hrubá chyba",
            "Po 1. tahu bílého: 31 na 27, hrubá chyba (1 z 2).",
        ),
    ] {
        let (mut h, _voice) = blunder(lang, "stepping");
        // Black's reply: the game has a move after the blunder.
        let game = h.state().game();
        let reply = game.position().legal_moves(game.rules())[0].to_string();
        h.state_mut().typed_move(&reply);
        h.run();
        assert_eq!(h.state().game().moves().len(), 2);
        h.key_press_modifiers(Modifiers::COMMAND, Key::R);
        h.run_steps(2);
        wait(&mut h, |h| h.query_by_label(item).is_some());
        h.key_press_modifiers(Modifiers::COMMAND, Key::Home);
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::ArrowRight);
        h.run();
        assert_eq!(h.state().shown_ply(), Some(1));
        assert_eq!(h.state().announcement(), stepped, "{lang:?}");
    }
}
