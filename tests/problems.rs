//! Problems ("úlohy") through the window: a file of problems solved as exercises, with the
//! defence played, a wrong move taken back, hints, and the progress kept.

mod common;

use common::click;
use dama::ui::{Language, T};
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

const PROBLEMS: &str = "[Event \"Problem A\"]\n[GameType \"29\"]\n[FEN \"W:W22:B18\"]\n\
    {White to play and win} 1. 22x15 *\n\n\
    [Event \"Problem B\"]\n[GameType \"29\"]\n[FEN \"W:W21,23:B5\"]\n\
    1. 21-17 5-9 2. 17-13 *\n";

#[test]
fn problems_are_solved_move_by_move() {
    let cases = [
        (
            Language::English,
            [
                "Problem 1 of 2 (0 solved): White to play and win. White to move",
                "Problem 1 solved! 1 of 2 solved. Next problem: Ctrl+Page Down.",
                "Problem 2 of 2 (1 solved): Problem B. White to move",
                "Hint: move the piece on 21.",
                "The solution: 21 to 17",
                "That is not the solution; the move is taken back, try another.",
                "Computer: 5 to 9",
                "Problem 2 solved! 2 of 2 solved. Next problem: Ctrl+Page Down.",
            ],
        ),
        (
            Language::Czech,
            [
                "Úloha 1 z 2 (vyřešeno 0): White to play and win. Na tahu je bílý",
                "Úloha 1 vyřešena! Vyřešeno 1 z 2. Další úloha: Ctrl+Page Down.",
                "Úloha 2 z 2 (vyřešeno 1): Problem B. Na tahu je bílý",
                "Nápověda: táhněte figurou z pole 21.",
                "Řešení: 21 na 17",
                "To není řešení; tah je vrácen, zkuste jiný.",
                "Počítač: 5 na 9",
                "Úloha 2 vyřešena! Vyřešeno 2 z 2. Další úloha: Ctrl+Page Down.",
            ],
        ),
    ];
    for (lang, said) in cases {
        let (mut h, voice) = common::harness(lang);
        h.run();
        let dir = common::temp_dir("problems", &format!("{lang:?}"));
        let file = common::write_file(&dir, "ulohy.pdn", PROBLEMS);
        h.state_mut().open_path(&file);
        h.run();
        h.get_by_label(T::SolveAsProblems.get(lang)).click();
        h.run();
        let spoken = || voice.spoken();
        assert!(
            spoken().contains(&said[0].to_string()),
            "{lang:?}: {:?}",
            spoken()
        );
        click(&mut h, 22);
        click(&mut h, 15);
        assert_eq!(spoken().last().unwrap(), said[1], "{lang:?}");
        h.key_press_modifiers(Modifiers::COMMAND, Key::PageDown);
        h.run();
        assert!(
            spoken().contains(&said[2].to_string()),
            "{lang:?}: {:?}",
            spoken()
        );
        h.key_press(Key::F8);
        h.run();
        assert_eq!(spoken().last().unwrap(), said[3], "{lang:?}");
        h.key_press(Key::F8);
        h.run();
        assert_eq!(spoken().last().unwrap(), said[4], "{lang:?}");
        // A move that is not the solution is taken back.
        click(&mut h, 23);
        click(&mut h, 19);
        assert_eq!(spoken().last().unwrap(), said[5], "{lang:?}");
        assert!(h.state().game().moves().is_empty());
        // Redone, it is judged again (a regression: it came back unjudged).
        h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
        h.run();
        assert_eq!(spoken().last().unwrap(), said[5], "{lang:?}");
        assert!(h.state().game().moves().is_empty());
        // The solution's move: Dáma answers with the defence, then the last move solves it.
        click(&mut h, 21);
        click(&mut h, 17);
        let n = spoken().len();
        let right = if lang == Language::Czech {
            "Správně."
        } else {
            "Right."
        };
        assert_eq!(
            spoken()[n - 2..],
            [right.to_string(), said[6].to_string()],
            "{lang:?}"
        );
        assert_eq!(h.state().game().moves().len(), 2);
        click(&mut h, 17);
        click(&mut h, 13);
        assert_eq!(spoken().last().unwrap(), said[7], "{lang:?}");
        // Play goes on after the solution without being judged.
        click(&mut h, 9);
        click(&mut h, 14);
        click(&mut h, 13);
        click(&mut h, 9);
        assert_eq!(h.state().game().moves().len(), 5, "{lang:?}");
        assert_eq!(
            h.state().settings.solved_problems.get(&file),
            Some(&vec![0, 1]),
            "{lang:?}: the progress is kept"
        );
    }
}
