//! The menus by keyboard, as on the desktop, and as a screen reader sees them: F10 or Alt
//! with the underlined letter opens a menu on its first item, the arrows move through the
//! items and to the neighbouring menus (never the board cursor), Enter activates, Escape
//! closes and gives the focus back; items that cannot be used now are disabled for AT-SPI.

mod common;

use dama::rules::Variant;
use dama::ui::{DamaApp, Language};
use eframe::egui::{Key, Modifiers, accesskit::Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// The accessible name and role of the focused widget.
fn focused(h: &Harness<'_, DamaApp>) -> (String, Role) {
    let node = h.get_by(|n| n.is_focused());
    let node = node.accesskit_node();
    (node.label().unwrap_or_default(), node.role())
}

fn key(h: &mut Harness<'_, DamaApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

#[test]
fn menus_by_keyboard() {
    let mut h = common::app_with(common::settings(Language::English, Variant::Czech));
    h.run();
    key(&mut h, Modifiers::NONE, Key::ArrowUp);
    let board = focused(&h);
    assert_eq!(board.1, Role::Cell);
    let cursor = h.state().cursor();

    key(&mut h, Modifiers::NONE, Key::F10);
    assert_eq!(focused(&h), ("New game… Ctrl+N".into(), Role::MenuItem));
    key(&mut h, Modifiers::NONE, Key::ArrowDown);
    assert_eq!(focused(&h).0, "Open… Ctrl+O");
    key(&mut h, Modifiers::NONE, Key::ArrowUp);
    key(&mut h, Modifiers::NONE, Key::ArrowUp);
    assert_eq!(focused(&h).0, "Quit Ctrl+Q", "Up from the first item wraps");
    assert_eq!(h.state().cursor(), cursor, "the arrows are the menu's");
    // Right: the next menu, on its first item that can be used (nothing to undo yet).
    key(&mut h, Modifiers::NONE, Key::ArrowRight);
    assert_eq!(focused(&h).0, "Copy position (FEN) Ctrl+Shift+C");
    key(&mut h, Modifiers::NONE, Key::ArrowLeft);
    key(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert_eq!(
        focused(&h).0,
        "Keyboard shortcuts F1",
        "Left from the first menu wraps"
    );
    // Escape closes the menu and the focus goes back to the board.
    key(&mut h, Modifiers::NONE, Key::Escape);
    assert_eq!(focused(&h), board);
    assert!(h.query_by(|n| n.role() == Role::MenuItem).is_none());
    // Alt+letter, and Enter on an item.
    key(&mut h, Modifiers::ALT, Key::H);
    assert_eq!(focused(&h).0, "Keyboard shortcuts F1");
    key(&mut h, Modifiers::NONE, Key::Enter);
    assert!(matches!(h.state().dialog(), Some(dama::ui::Dialog::Help)));
    key(&mut h, Modifiers::NONE, Key::Escape);
    assert_eq!(focused(&h), board, "after the dialog, back on the board");
}

#[test]
fn czech_menus_open_by_their_underlined_letters() {
    let mut h = common::app_with(common::settings(Language::Czech, Variant::Czech));
    h.run();
    for (letter, menu, first) in [
        (Key::H, "Hra", "Nová hra… Ctrl+N"),
        (Key::U, "Úpravy", "Kopírovat postavení (FEN) Ctrl+Shift+C"),
        (Key::Z, "Zobrazení", "Otočit desku Ctrl+F"),
        (Key::N, "Nápověda", "Klávesové zkratky F1"),
    ] {
        key(&mut h, Modifiers::ALT, letter);
        assert_eq!(focused(&h).0, first, "Alt+{letter:?}");
        // The menu's button, expanded (the open popup is a menu of the same name).
        let expanded = h
            .query_all_by(|n| n.role() == Role::Menu && n.label().as_deref() == Some(menu))
            .any(|n| n.accesskit_node().data().is_expanded() == Some(true));
        assert!(expanded, "{menu}");
        key(&mut h, Modifiers::NONE, Key::Escape);
    }
    assert!(h.query_by(|n| n.role() == Role::MenuBar).is_some());
}

#[test]
fn items_that_cannot_be_used_are_disabled_for_the_screen_reader() {
    let mut h = common::app_with(common::settings(Language::English, Variant::Czech));
    h.run();
    let disabled = |h: &mut Harness<'_, DamaApp>| -> Vec<String> {
        key(h, Modifiers::NONE, Key::F10);
        let names = h
            .query_all_by(|n| n.role() == Role::MenuItem && n.is_disabled())
            .map(|n| n.accesskit_node().label().unwrap_or_default())
            .collect();
        key(h, Modifiers::NONE, Key::Escape);
        names
    };
    assert_eq!(
        disabled(&mut h),
        [
            "You forgot to capture! F9",
            "Next problem Ctrl+PageDown",
            "Previous problem Ctrl+PageUp",
            "Say the clocks Ctrl+Shift+T",
            "Pause or run the clocks Ctrl+P",
            "Review the game Ctrl+R",
            "Next mistake Ctrl+Shift+M",
            "Accept draw Ctrl+Shift+A",
            "Decline draw Ctrl+Shift+N"
        ]
    );
    // A draw offered: the answers can be used (by the other side, a person).
    key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::D);
    assert_eq!(
        disabled(&mut h),
        [
            "You forgot to capture! F9",
            "Next problem Ctrl+PageDown",
            "Previous problem Ctrl+PageUp",
            "Say the clocks Ctrl+Shift+T",
            "Pause or run the clocks Ctrl+P",
            "Review the game Ctrl+R",
            "Next mistake Ctrl+Shift+M"
        ]
    );
    // Edit: nothing to undo or redo at the start, no position being set up, no variation.
    key(&mut h, Modifiers::ALT, Key::E);
    let edit: Vec<String> = h
        .query_all_by(|n| n.role() == Role::MenuItem && n.is_disabled())
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .collect();
    assert_eq!(
        edit,
        [
            "Undo Ctrl+Z",
            "Redo Ctrl+Y",
            "Play from this position… Ctrl+Enter",
            "Promote the variation Ctrl+Shift+Up",
            "Delete the variation… Ctrl+Delete"
        ]
    );
    key(&mut h, Modifiers::NONE, Key::Escape);
    // View: no variation to go to.
    key(&mut h, Modifiers::ALT, Key::V);
    let view: Vec<String> = h
        .query_all_by(|n| n.role() == Role::MenuItem && n.is_disabled())
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .collect();
    assert_eq!(
        view,
        ["Next variation Ctrl+Down", "Previous variation Ctrl+Up"]
    );
    key(&mut h, Modifiers::NONE, Key::Escape);
}

/// The Enter that chooses a menu item is the menu's: the board, which gets the focus back in
/// the same frame, does not take it as a click (it selected the piece under the cursor).
#[test]
fn enter_on_a_menu_item_does_not_reach_the_board() {
    let mut h = common::app_with(common::settings(Language::English, Variant::Czech));
    h.run();
    // The cursor is on a piece that can move.
    assert!(focused(&h).0.ends_with("can move"), "{:?}", focused(&h));
    key(&mut h, Modifiers::ALT, Key::V);
    assert_eq!(focused(&h).0, "Flip board Ctrl+F");
    key(&mut h, Modifiers::NONE, Key::Enter);
    assert!(h.state().settings.flipped);
    assert_eq!(focused(&h).1, Role::Cell);
    let selected = h
        .query_all_by(|n| n.label().is_some_and(|l| l.contains("selected")))
        .count();
    assert_eq!(selected, 0, "no piece selected: {:?}", focused(&h));
    // The entry that is on or off reads its state; the others have none.
    key(&mut h, Modifiers::ALT, Key::V);
    let flip = h.get_by_label("Flip board Ctrl+F");
    assert_eq!(flip.accesskit_node().toggled(), None);
    let text = h.get_by_label("Board as text Ctrl+T");
    assert_eq!(
        text.accesskit_node().toggled(),
        Some(eframe::egui::accesskit::Toggled::False)
    );
}

/// Each opening of a menu has items of its own for the screen reader (Orca 43 stays silent on
/// an object it saw go away when it comes back under the same id), and the items belong to the
/// menu button, under one menu bar, with no nameless menu around them (Orca said "nabídka"
/// before every menu, and the menu's name twice).
#[test]
fn every_opening_of_a_menu_is_new_to_the_screen_reader() {
    let mut h = common::app_with(common::settings(Language::English, Variant::Czech));
    h.run();
    let focused_id = |h: &Harness<'_, DamaApp>| h.get_by(|n| n.is_focused()).accesskit_node().id();
    key(&mut h, Modifiers::NONE, Key::F10);
    let first = focused_id(&h);
    assert_eq!(focused(&h).0, "New game… Ctrl+N");
    // Up the tree from the item: the menu button "Game", then the bar.
    let menus: Vec<(Role, String)> = {
        let item = h.get_by(|n| n.is_focused());
        let mut up = Vec::new();
        let mut node = item.accesskit_node().parent();
        while let Some(n) = node {
            if matches!(n.role(), Role::Menu | Role::MenuBar) {
                up.push((n.role(), n.label().unwrap_or_default()));
            }
            node = n.parent();
        }
        up
    };
    assert_eq!(
        menus,
        [
            (Role::Menu, "Game".to_string()),
            (Role::MenuBar, String::new())
        ]
    );
    key(&mut h, Modifiers::NONE, Key::Escape);
    key(&mut h, Modifiers::NONE, Key::F10);
    assert_eq!(focused(&h).0, "New game… Ctrl+N");
    let second = focused_id(&h);
    assert_ne!(first, second, "the second opening's item is a new object");
    key(&mut h, Modifiers::NONE, Key::ArrowRight);
    key(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert_ne!(
        focused_id(&h),
        second,
        "so is the same menu reached again by the arrows"
    );
}
