//! The window at a large interface size: 300 % on a 1280×900 screen (a low-vision player's
//! setting) keeps the board at least as large as at 100 %, and every dialog inside the
//! window with its answers reachable.

mod common;

use dama::rules::Variant;
use dama::ui::{DamaApp, Language};
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// The screen, in pixels.
const SCREEN: (f64, f64) = (1280.0, 900.0);

/// The window filling a 1280×900 screen at `scale` (its points are `scale` pixels), as
/// eframe runs it.
fn window(scale: f32, lang: Language) -> Harness<'static, DamaApp> {
    let settings = common::settings(lang, Variant::TwoTowers);
    let mut h = Harness::builder()
        .with_size(egui::vec2(SCREEN.0 as f32 / scale, SCREEN.1 as f32 / scale))
        .with_pixels_per_point(scale)
        .build_eframe(|_| DamaApp::with_settings(settings, None));
    h.run();
    h
}

/// The side of square `n` in pixels.
fn cell(h: &Harness<'_, DamaApp>, n: u8) -> f64 {
    let b = common::square(h, n)
        .accesskit_node()
        .bounding_box()
        .expect("drawn");
    b.width()
}

#[test]
fn the_board_is_no_smaller_at_300_percent() {
    let at_100 = cell(&window(1.0, Language::Czech), 1);
    let big = window(3.0, Language::Czech);
    let at_300 = cell(&big, 1);
    assert!(
        at_300 >= at_100,
        "a square: {at_300} px at 300 %, {at_100} px at 100 %"
    );
    // The whole board is on the screen.
    for n in [1, 5, 46, 50] {
        let b = common::square(&big, n)
            .accesskit_node()
            .bounding_box()
            .unwrap();
        assert!(b.x1 <= SCREEN.0 && b.y1 <= SCREEN.1, "square {n}: {b:?}");
    }
}

#[test]
fn dialogs_fit_the_window_at_300_percent() {
    let mut h = window(3.0, Language::Czech);
    let dialogs = [
        (Modifiers::COMMAND, Key::N, ["Začít", "Zrušit"].as_slice()),
        (Modifiers::NONE, Key::F1, ["Zavřít"].as_slice()),
        (Modifiers::COMMAND, Key::Comma, ["Zavřít"].as_slice()),
        (Modifiers::COMMAND, Key::O, ["Zrušit"].as_slice()),
        (
            Modifiers::COMMAND | Modifiers::SHIFT,
            Key::R,
            ["Ano", "Ne"].as_slice(),
        ),
    ];
    for (mods, key, answers) in dialogs {
        h.key_press_modifiers(mods, key);
        h.run();
        let dialog = h.get_by(|n| n.role() == egui::accesskit::Role::Dialog);
        let title = dialog.accesskit_node().label().unwrap_or_default();
        // The answers can be reached by Tab (the focus scrolls to them) and are then seen.
        for answer in answers {
            for _ in 0..60 {
                let focused = h
                    .query_by(|n| n.is_focused())
                    .and_then(|n| n.accesskit_node().label());
                if focused.as_deref() == Some(answer) {
                    break;
                }
                h.key_press(Key::Tab);
                h.run();
            }
            let button = h.get_by_label(answer);
            assert!(button.is_focused(), "{title}: {answer} reached by Tab");
            let a = button.accesskit_node().bounding_box().expect("drawn");
            assert!(
                a.x0 >= 0.0 && a.y0 >= 0.0 && a.x1 <= SCREEN.0 && a.y1 <= SCREEN.1,
                "{title}: {answer} {a:?} on the screen"
            );
        }
        h.key_press(Key::Escape);
        h.run();
        assert!(h.state().dialog().is_none(), "{title}");
    }
}

/// Beside the board at 300 % the panel's controls stay inside the panel, on the screen, and
/// not under the board (the four buttons to step through the game were wider than the panel,
/// which pushed its content under the board); the board as text scrolls to the focused line.
#[test]
fn the_panel_beside_the_board_keeps_inside_at_300_percent() {
    let mut h = window(3.0, Language::Czech);
    let board_right = common::square(&h, 5)
        .accesskit_node()
        .bounding_box()
        .unwrap()
        .x1;
    for label in [
        "Výchozí pozice",
        "Předchozí pozice",
        "Následující pozice",
        "Aktuální pozice",
        "Poradit tah",
    ] {
        let b = h
            .get_by_label(label)
            .accesskit_node()
            .bounding_box()
            .unwrap();
        assert!(
            b.x0 >= board_right && b.x1 <= SCREEN.0,
            "{label}: {b:?}, the board ends at {board_right}"
        );
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::T);
    h.run();
    // From the line of the cursor (31, rank 4) to rank 1.
    for _ in 0..3 {
        h.key_press(Key::ArrowDown);
        h.run();
    }
    let line = h.get_by(|n| n.is_focused());
    assert_eq!(
        line.accesskit_node().label().as_deref(),
        Some(" 1 k k k k k   46 až 50")
    );
    let b = line.accesskit_node().bounding_box().unwrap();
    assert!(
        b.y0 >= 0.0 && b.y1 <= SCREEN.1,
        "the focused line is seen: {b:?}"
    );
}
