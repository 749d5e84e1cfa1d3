//! One answer to "can this command be used now?": at the start, with the position editor open
//! and when the game is over, a command the menus grey is greyed in the keyboard help too, and
//! its shortcut is refused in words with nothing changed; a command the menus offer is offered
//! by the help. (The menus offered Hint, Claim, the move field, Resign and a draw offer with
//! the editor open, and the shortcuts then refused them; Undo was greyed there and its
//! shortcut let through.)

mod common;

use dama::rules::Variant;
use dama::ui::{Command, DamaApp, Language};
use eframe::egui::{Key, Modifiers, accesskit::Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn key(h: &mut Harness<'_, DamaApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    settle(h);
}

/// Frames until the window rests; a few against the computer (the spinner of its thinking
/// keeps the window drawing).
fn settle(h: &mut Harness<'_, DamaApp>) {
    if h.state().settings.black_player != dama::ui::Player::Human {
        for _ in 0..4 {
            h.step();
        }
    } else {
        h.run();
    }
}

/// Every item of the four menus, opened by F10 and Right: (accessible name, usable).
fn menu_items(h: &mut Harness<'_, DamaApp>) -> Vec<(String, bool)> {
    let mut items = Vec::new();
    key(h, Modifiers::NONE, Key::F10);
    for _ in 0..4 {
        for n in h.query_all_by(|n| n.role() == Role::MenuItem) {
            let node = n.accesskit_node();
            items.push((node.label().unwrap_or_default(), !node.is_disabled()));
        }
        key(h, Modifiers::NONE, Key::ArrowRight);
    }
    key(h, Modifiers::NONE, Key::Escape);
    items
}

/// Every line of the keyboard help (F1): (accessible name, usable).
fn help_lines(h: &mut Harness<'_, DamaApp>) -> Vec<(String, bool)> {
    key(h, Modifiers::NONE, Key::F1);
    let lines = h
        .query_all_by(|n| n.role() == Role::ListItem)
        .map(|n| {
            let node = n.accesskit_node();
            (node.label().unwrap_or_default(), !node.is_disabled())
        })
        .collect();
    key(h, Modifiers::NONE, Key::Escape);
    lines
}

/// The window in one of the states looked at.
fn window(state: &str) -> Harness<'static, DamaApp> {
    let mut h = common::app_with(common::settings(Language::English, Variant::Czech));
    h.run();
    match state {
        "start" => {}
        "editor" => {
            h.state_mut().command(Command::EditPosition);
            h.run();
        }
        "over" => {
            // Black to move with no pieces left: the game is over at once.
            let dir = common::temp_dir("availability", "over");
            let path = common::write_file(&dir, "over.pdn", "[FEN \"B:W21:B\"]\n*\n");
            h.state_mut().open_path(&path);
            h.run();
            assert!(h.state().game().outcome().is_some(), "{state}");
        }
        _ => unreachable!(),
    }
    h
}

#[test]
fn menus_help_and_shortcuts_agree() {
    let lang = Language::English;
    for state in ["start", "editor", "over"] {
        let mut h = window(state);
        let menus = menu_items(&mut h);
        let help = help_lines(&mut h);
        let mut refused = 0;
        for &c in Command::ALL {
            let text = c.text().get(lang);
            let keys = c.shortcut_text(lang);
            let in_menu = menus
                .iter()
                .find(|(name, _)| *name == format!("{text} {keys}"))
                .map(|&(_, usable)| usable);
            // A line not usable now says so in words, as the screen reader reads it.
            let line = format!("{text}: {keys}");
            let in_help = help
                .iter()
                .find_map(|(name, usable)| {
                    let said = if *usable {
                        name == &line
                    } else {
                        *name == format!("{line} (not now)")
                    };
                    said.then_some(*usable)
                })
                .unwrap_or_else(|| panic!("{state}: {c:?} not in the help as it is"));
            let Some(usable) = in_menu else {
                // (Only the commands of the board's own keys are in no menu.)
                continue;
            };
            assert_eq!(
                usable, in_help,
                "{state}: {c:?}: the menu and the help differ"
            );
            if usable {
                continue;
            }
            // Greyed: its shortcut is refused in words, and the game and the window stay.
            let mut h = window(state);
            let before = (h.state().game().moves().len(), h.state().is_dirty());
            let sc = c.shortcut().expect("a shortcut");
            key(&mut h, sc.modifiers, sc.logical_key);
            let notice = h.state().notice().cloned();
            assert!(
                notice
                    .as_ref()
                    .is_some_and(|n| n.error && !n.text.is_empty()),
                "{state}: {c:?} greyed, but its shortcut said {notice:?}"
            );
            assert!(
                h.state().dialog().is_none(),
                "{state}: {c:?} opened a dialog"
            );
            let after = (h.state().game().moves().len(), h.state().is_dirty());
            assert_eq!(before, after, "{state}: {c:?}");
            refused += 1;
        }
        assert!(refused > 0, "{state}: something is greyed");
    }
}

/// With the position editor open, what plays or judges the game is greyed (it waits behind
/// the editor), and the editor's own Play is offered.
#[test]
fn the_editor_greys_what_plays_the_game() {
    let lang = Language::English;
    let mut h = window("editor");
    let menus = menu_items(&mut h);
    let usable = |c: Command| {
        let name = format!("{} {}", c.text().get(lang), c.shortcut_text(lang));
        menus
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, u)| u)
            .unwrap_or_else(|| panic!("{name} not in the menus"))
    };
    for c in [
        Command::Hint,
        Command::Claim,
        Command::MoveField,
        Command::Resign,
        Command::OfferDraw,
        Command::Undo,
        Command::ReviewGame,
    ] {
        assert!(!usable(c), "{c:?} greyed with the editor open");
    }
    for c in [
        Command::PlayFromEditor,
        Command::ReadPosition,
        Command::Help,
        Command::Settings,
    ] {
        assert!(usable(c), "{c:?} offered with the editor open");
    }
}

/// The command added to prove the path of a new command (issue 43): Ctrl+I, in the View menu
/// and the help, says the game at a glance, in the window's language.
#[test]
fn ctrl_i_says_the_game_at_a_glance() {
    let mut h = window("start");
    assert!(
        menu_items(&mut h).contains(&("Game information Ctrl+I".to_string(), true)),
        "{:?}",
        menu_items(&mut h)
    );
    key(&mut h, Modifiers::COMMAND, Key::I);
    assert_eq!(
        h.state().announcement(),
        "Czech draughts. Two people play. Move 1, White to move. The game is not saved in a \
         file."
    );
    let mut h = window("over");
    key(&mut h, Modifiers::COMMAND, Key::I);
    // A PDN file without a GameType tag is English draughts (the PDN standard's default).
    assert_eq!(
        h.state().announcement(),
        "English draughts. Two people play. White wins: the opponent cannot move. File \
         over.pdn."
    );
}

/// In Czech as in English, a line of the keyboard help that cannot be used now says so in its
/// name (Orca reads no state of a list item): "Přijmout remízu: Ctrl+Shift+A (nyní nelze)" with
/// no draw offered.
#[test]
fn the_help_says_in_words_what_cannot_be_used_now() {
    let mut h = common::app_with(common::settings(Language::Czech, Variant::Czech));
    h.run();
    let lines = help_lines(&mut h);
    let accept = lines
        .iter()
        .find(|(name, _)| name.starts_with("Přijmout remízu: "))
        .expect("the line of accepting a draw");
    assert!(!accept.1, "{accept:?}");
    assert!(accept.0.ends_with(" (nyní nelze)"), "{accept:?}");
    for (name, usable) in &lines {
        assert_eq!(!usable, name.ends_with(" (nyní nelze)"), "{name}");
    }
}

/// While the computer thinks about its move, what must wait for it (a hint, a review) is
/// greyed in the menus and the help, the panel's Hint button too, and its shortcut says why
/// with nothing asked of the computer. (They were offered, then refused in their handlers.)
#[test]
fn what_waits_for_the_computer_is_greyed_while_it_thinks() {
    use dama::engine::Level;
    use dama::ui::{Player, Settings};
    let lang = Language::English;
    let mut h = common::app_with(Settings {
        black_player: Player::Computer(Level::Master),
        ..common::settings(lang, Variant::Czech)
    });
    h.run();
    common::square(&h, 22).click();
    h.run();
    common::square(&h, 18).click();
    settle(&mut h);
    assert!(h.state().is_thinking(), "the master answered at once");
    let menus = menu_items(&mut h);
    let help = help_lines(&mut h);
    for c in [Command::Hint, Command::ReviewGame] {
        let text = format!("{} {}", c.text().get(lang), c.shortcut_text(lang));
        assert!(
            menus.iter().any(|(name, usable)| *name == text && !usable),
            "{c:?} in the menus: {menus:?}"
        );
        let line = format!(
            "{}: {} (not now)",
            c.text().get(lang),
            c.shortcut_text(lang)
        );
        assert!(
            help.iter().any(|(name, usable)| *name == line && !usable),
            "{c:?} in the help: {help:?}"
        );
    }
    assert!(
        h.get_by_role_and_label(Role::Button, "Hint")
            .accesskit_node()
            .is_disabled()
    );
    // (Hint says first that the computer is to move; Review, that it is still thinking.)
    let sc = Command::ReviewGame.shortcut().expect("a shortcut");
    h.key_press_modifiers(sc.modifiers, sc.logical_key);
    h.step();
    let notice = h.state().notice().cloned().expect("a notice");
    assert_eq!(
        (notice.error, notice.text.as_str()),
        (true, "The computer is still thinking.")
    );
}
