//! Games on time through the window: the clock chosen in the new-game dialog, shown, said on
//! request, paused, and saved with the game.

mod common;

use dama::ui::{DamaApp, Language, T};
use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// A clock runs: the window asks to be drawn again and again, so it never settles.
fn frames(h: &mut Harness<'_, DamaApp>) {
    h.run_steps(4);
}

fn last(voice: &dama::speech::Recording) -> String {
    voice.spoken().last().cloned().unwrap_or_default()
}

#[test]
fn a_game_on_time_is_shown_said_paused_and_saved() {
    let cases = [
        (
            Language::English,
            "Clock",
            [
                "White has 5 minutes left, Black 5 minutes; the clocks are not running.",
                "White has 5 minutes 3 seconds left, Black {B}; Black's clock runs.",
                "Clocks paused.",
                "White has 5 minutes 3 seconds left, Black {B}; the clocks are paused.",
                "Clocks running again.",
            ],
            "Black ",
        ),
        (
            Language::Czech,
            "Hodiny",
            [
                "Bílému zbývá 5 minut, černému 5 minut; hodiny stojí.",
                "Bílému zbývá 5 minut 3 sekundy, černému {B}; běží hodiny černého.",
                "Hodiny zastaveny.",
                "Bílému zbývá 5 minut 3 sekundy, černému {B}; hodiny stojí.",
                "Hodiny znovu běží.",
            ],
            "Černý ",
        ),
    ];
    for (lang, combo, said, shown) in cases {
        let (mut h, voice) = common::harness(lang);
        h.run();
        // Without a clock the clock commands say so.
        h.key_press_modifiers(Modifiers::COMMAND, Key::P);
        h.run();
        assert!(h.state().game().moves().is_empty());
        h.key_press_modifiers(Modifiers::COMMAND, Key::N);
        h.run();
        h.get_by_role_and_label(eframe::egui::accesskit::Role::ComboBox, combo)
            .click();
        h.run();
        h.get_by_label("5 min + 3 s").click();
        h.run();
        h.get_by_label(T::Start.get(lang)).click();
        h.run();
        assert!(h.state().dialog().is_none(), "{lang:?}");
        let started = match lang {
            Language::English => {
                "New game: Czech draughts, table rules, 5 min + 3 s. White to move"
            }
            Language::Czech => {
                "Nová hra: Česká dáma, pravidla od stolu, 5 min + 3 s. Na tahu je bílý"
            }
        };
        assert_eq!(last(&voice), started, "{lang:?}");
        let say = |h: &mut Harness<'_, DamaApp>| {
            h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::T);
            frames(h);
        };
        say(&mut h);
        assert_eq!(last(&voice), said[0], "{lang:?}");
        common::click(&mut h, 22);
        common::click(&mut h, 18);
        frames(&mut h);
        say(&mut h);
        // Black's clock runs: how much it shows depends on the machine's speed.
        let (head, tail) = said[1].split_once("{B}").unwrap();
        let text = last(&voice);
        assert!(
            text.starts_with(head) && text.ends_with(tail),
            "{lang:?}: {text}"
        );
        let running = match lang {
            Language::English => "(running)",
            Language::Czech => "(běží)",
        };
        assert!(
            h.query_by_label_contains(running).is_some(),
            "{lang:?}: {shown}… {running}"
        );
        h.key_press_modifiers(Modifiers::COMMAND, Key::P);
        frames(&mut h);
        assert_eq!(last(&voice), said[2], "{lang:?}");
        say(&mut h);
        // Paused: Black's time stands still, and is said as the clock has it.
        let black = h
            .state()
            .document()
            .clock()
            .unwrap()
            .left(dama::rules::Color::Black, std::time::Instant::now());
        let words = dama::speech::phrases::events::time_left(lang, black);
        assert_eq!(last(&voice), said[3].replace("{B}", &words), "{lang:?}");
        h.key_press_modifiers(Modifiers::COMMAND, Key::P);
        frames(&mut h);
        assert_eq!(last(&voice), said[4], "{lang:?}");
        // The position editor pauses the clocks (nobody can move behind it), and leaving it
        // runs them again.
        h.key_press_modifiers(Modifiers::COMMAND, Key::E);
        frames(&mut h);
        assert!(
            h.state().document().clock().unwrap().is_paused(),
            "{lang:?}"
        );
        h.key_press(Key::Escape);
        frames(&mut h);
        assert!(
            !h.state().document().clock().unwrap().is_paused(),
            "{lang:?}"
        );
        assert_eq!(last(&voice), said[4], "{lang:?}");
        // Undo: White is to move again, and White's clock runs.
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        frames(&mut h);
        assert_eq!(
            h.state().document().clock().unwrap().running(),
            Some(dama::rules::Color::White),
            "{lang:?}"
        );
        // Saved with its time control and the time left after the move.
        let pdn = h.state().document().to_pdn();
        assert_eq!(pdn.tag("TimeControl"), Some("300+3"));
        assert!(pdn.moves.nodes.is_empty(), "the move was taken back");
        // The next new game offers the clock chosen last.
        h.key_press_modifiers(Modifiers::COMMAND, Key::N);
        frames(&mut h);
        let clock = h.get_by_role_and_label(eframe::egui::accesskit::Role::ComboBox, combo);
        assert_eq!(
            clock.accesskit_node().value().as_deref(),
            Some("5 min + 3 s"),
            "{lang:?}"
        );
    }
}

/// A game on time opened from a file goes on with the times its `[%clk]` comments left each
/// side, and so does one resumed from the autosave.
#[test]
fn a_game_on_time_goes_on_with_its_clocks() {
    use dama::rules::Color;
    use std::time::{Duration, Instant};
    let dir = common::temp_dir("clock", "reopened");
    let data = dir.join("data");
    let file = common::write_file(
        &dir,
        "timed.pdn",
        "[GameType \"29\"]\n[TimeControl \"300+3\"]\n\n\
         1. 22-18 {[%clk 0:04:41]} 11-15 {[%clk 0:03:12]} *\n",
    );
    let mut app = dama::ui::DamaApp::with_settings(
        common::settings(Language::English, dama::rules::Variant::Czech),
        None,
    );
    let voice = common::listen(&mut app);
    app.start_autosave(&data);
    let mut h = common::window(app);
    h.run();
    h.state_mut().open_path(&file);
    frames(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::T);
    frames(&mut h);
    assert_eq!(
        last(&voice),
        "White has 4 minutes 41 seconds left, Black 3 minutes 12 seconds; the clocks are not \
         running."
    );
    // The next move starts them, with White's increment.
    h.state_mut().typed_move("18x11");
    frames(&mut h);
    let clock = h.state().document().clock().unwrap().clone();
    assert_eq!(clock.running(), Some(Color::Black));
    assert_eq!(
        clock.left(Color::White, Instant::now()),
        Duration::from_secs(284)
    );
    let pdn = h.state().document().to_pdn();
    let comments: Vec<_> = pdn.moves.nodes.iter().map(|n| n.comments.clone()).collect();
    assert_eq!(
        comments,
        [["[%clk 0:04:41]"], ["[%clk 0:03:12]"], ["[%clk 0:04:44]"]]
    );
    drop(h);
    // Resumed from the autosave in a new window: the same times, waiting for the next move.
    let mut app = dama::ui::DamaApp::with_settings(
        common::settings(Language::English, dama::rules::Variant::Czech),
        None,
    );
    app.start_autosave(&data);
    let mut h = common::window(app);
    h.run();
    h.key_press(Key::Enter);
    frames(&mut h);
    assert_eq!(h.state().game().moves().len(), 3);
    let clock = h.state().document().clock().expect("the clocks go on");
    let now = Instant::now();
    assert_eq!(clock.left(Color::White, now), Duration::from_secs(284));
    assert_eq!(clock.left(Color::Black, now), Duration::from_secs(192));
    assert_eq!(clock.running(), None);
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}
