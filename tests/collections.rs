//! Saving never destroys a game file: a game of a collection goes back in its place with every
//! other game kept byte for byte, and a file another program or window changed is asked about
//! before it is overwritten, and before a game that is no longer in it is dropped.

mod common;

use std::ops::Range;
use std::path::Path;

use common::harness;
use dama::notation::pdn;
use dama::speech::Recording;
use dama::ui::{DamaApp, Dialog, Language};
use eframe::egui::{self, Key, Modifiers, ViewportEvent, ViewportId, ViewportInfo};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// The bytes of each game of `bytes` (`None` for a game that does not read).
fn spans(bytes: &[u8]) -> Vec<Option<Range<usize>>> {
    let mut reader = pdn::Reader::new(bytes).going_on();
    let mut out = Vec::new();
    while let Some(game) = reader.next_game() {
        out.push(
            game.ok()
                .and(reader.last_span())
                .map(|s| s.start as usize..s.end as usize),
        );
    }
    out
}

/// Opens `path`, a file of several games, and chooses game `number` in the dialog.
fn open_game(h: &mut Harness<'_, DamaApp>, path: &Path, number: usize) {
    h.state_mut().open_path(path);
    h.run();
    assert!(matches!(h.state().dialog(), Some(Dialog::ChooseGame(..))));
    let prefix = format!("{number}. ");
    h.get_by(|n| {
        n.role() == egui::accesskit::Role::Button
            && n.label().is_some_and(|l| l.starts_with(&prefix))
    })
    .click();
    h.run();
    assert!(h.state().dialog().is_none());
}

/// Takes the last move back: a change to save.
fn change(h: &mut Harness<'_, DamaApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.state().is_dirty());
}

fn save(h: &mut Harness<'_, DamaApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
}

/// A real collection of 724 games (one of which does not read): game 4 changed and saved
/// goes back in its place; every byte before and after it is as it was.
#[test]
fn a_game_of_a_collection_is_saved_in_its_place() {
    let dir = common::temp_dir("collections", "in-place");
    let original = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pdn/english-tinsley.pdn"
    ))
    .unwrap();
    let path = common::write_file(&dir, "tinsley.pdn", &original);
    let (mut h, voice) = harness(Language::English);
    h.run();
    open_game(&mut h, &path, 4);
    assert!(
        h.state()
            .title()
            .ends_with(" – game 4 of 724 in tinsley.pdn"),
        "{}",
        h.state().title()
    );
    let plies = h.state().game().moves().len();
    change(&mut h);
    let started = std::time::Instant::now();
    save(&mut h);
    eprintln!("saved game 4 of 724 in {:?}", started.elapsed());
    assert!(h.state().dialog().is_none());
    assert!(!h.state().is_dirty(), "{:?}", h.state().notice());
    assert!(voice.spoken().last().unwrap().starts_with("Saved"));
    let saved = std::fs::read(&path).unwrap();
    let (before, after) = (spans(&original), spans(&saved));
    assert_eq!(before.len(), 724);
    assert_eq!(after.len(), 724);
    let (old, new) = (before[3].clone().unwrap(), after[3].clone().unwrap());
    assert_eq!(saved[..new.start], original[..old.start]);
    assert_eq!(saved[new.end..], original[old.end..]);
    let game = pdn::Reader::new(&saved[new]).next().unwrap().unwrap();
    assert_eq!(game.moves.nodes.len(), plies - 1, "the move taken back");
    // The window reads what it wrote: another save, with nothing changed elsewhere, asks nothing.
    change(&mut h);
    save(&mut h);
    assert!(h.state().dialog().is_none() && !h.state().is_dirty());
    // Saved under another name, the game goes alone, and the collection stays.
    let alone = dir.join("alone.pdn");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    h.get_by_label(
        "Saving game 4 of 724 in tinsley.pdn. Under the same name the game goes back in its \
         place and the other games of the file stay as they are; under a new name it is saved \
         alone.",
    );
    common::type_path_and_save(&mut h, &alone);
    assert_eq!(spans(&std::fs::read(&alone).unwrap()).len(), 1);
    assert_eq!(spans(&std::fs::read(&path).unwrap()).len(), 724);
    assert_eq!(h.state().title(), "Dáma – English draughts – alone.pdn");
}

/// Another program appends a game to the open file: Ctrl+S asks, with Save as in focus (one
/// Enter loses nothing), and Overwrite writes the game in its place, keeping the new game.
#[test]
fn a_file_changed_elsewhere_is_asked_about_before_a_save() {
    let dir = common::temp_dir("collections", "changed");
    let path = common::write_file(&dir, "a.pdn", "[Event \"a\"]\n1. 11-15 23-19 *\n");
    let (mut h, voice) = harness(Language::English);
    h.run();
    h.state_mut().open_path(&path);
    h.run();
    change(&mut h);
    let appended = "\n[Event \"appended\"]\n1. 23-19 *\n";
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str(appended);
    std::fs::write(&path, &text).unwrap();
    save(&mut h);
    assert!(matches!(
        h.state().dialog(),
        Some(Dialog::ChangedOnDisk(_, None))
    ));
    assert_eq!(
        voice.spoken().last().unwrap(),
        "The file has changed. a.pdn was changed by another program or another Dáma window. \
         Save the game as a new file, overwrite the file with it, or drop it and reload the \
         file?"
    );
    h.run();
    assert!(
        h.get_by_label("Save as a new file…")
            .accesskit_node()
            .is_focused()
    );
    // Enter: a new name is offered; the file is untouched.
    h.key_press(Key::Enter);
    h.run();
    let Some(Dialog::SavePath(offered, None)) = h.state().dialog() else {
        panic!("{:?}", h.state().dialog().map(std::mem::discriminant));
    };
    assert_eq!(Path::new(offered), dir.join("a (2).pdn"));
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert!(h.state().is_dirty());
    // Overwrite: the game goes in its place, the appended game stays.
    save(&mut h);
    h.get_by_label("Overwrite").click();
    h.run();
    assert!(!h.state().is_dirty(), "{:?}", h.state().notice());
    let now = std::fs::read_to_string(&path).unwrap();
    assert!(now.ends_with(appended), "{now}");
    assert!(now.starts_with("[Event \"a\"]"), "{now}");
    let first = &now[..now.find("[Event \"appended\"]").unwrap()];
    assert!(first.contains("1. 11-15 *"), "the move taken back: {now}");
    // Reload: the file as it is now.
    std::fs::write(&path, "[Event \"b\"]\n1. 9-13 *\n").unwrap();
    change_after_reload_offer(&mut h, &voice);
    assert_eq!(h.state().document().to_pdn().tag("Event"), Some("b"));
}

/// A saved game whose file another program replaced: getting the focus back tells it once,
/// and Reload reads the file as it is now.
fn change_after_reload_offer(h: &mut Harness<'_, DamaApp>, voice: &Recording) {
    focus(h, false);
    focus(h, true);
    assert!(matches!(
        h.state().dialog(),
        Some(Dialog::ChangedOnDisk(_, None))
    ));
    assert!(
        voice
            .spoken()
            .last()
            .unwrap()
            .starts_with("The file has changed.")
    );
    h.get_by_label("Reload from the file").click();
    h.run();
    assert!(h.state().dialog().is_none());
    assert!(!h.state().is_dirty());
    // Asked once for each state of the file.
    focus(h, false);
    focus(h, true);
    assert!(h.state().dialog().is_none());
}

/// The window loses or gets the system's focus.
fn focus(h: &mut Harness<'_, DamaApp>, yes: bool) {
    h.input_mut().viewports.insert(
        ViewportId::ROOT,
        ViewportInfo {
            focused: Some(yes),
            ..ViewportInfo::default()
        },
    );
    h.run();
}

/// Two windows on one file: B saves, then A's save asks instead of writing over B's game;
/// when A overwrites anyway, B, whose game is no longer in the file, asks before it closes.
#[test]
fn two_windows_on_one_file_never_lose_a_move_silently() {
    let dir = common::temp_dir("collections", "two-windows");
    let path = common::write_file(
        &dir,
        "b.pdn",
        "[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 *\n",
    );
    let (mut a, _) = harness(Language::English);
    let (mut b, _) = harness(Language::English);
    for h in [&mut a, &mut b] {
        h.run();
        h.state_mut().open_path(&path);
        h.run();
    }
    change(&mut b);
    save(&mut b);
    assert!(!b.state().is_dirty());
    let after_b = std::fs::read_to_string(&path).unwrap();
    change(&mut a);
    change(&mut a);
    save(&mut a);
    assert!(matches!(
        a.state().dialog(),
        Some(Dialog::ChangedOnDisk(..))
    ));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), after_b);
    a.get_by_label("Overwrite").click();
    a.run();
    assert!(!a.state().is_dirty());
    assert_ne!(std::fs::read_to_string(&path).unwrap(), after_b);
    // B's game is nowhere else: closing the window asks first.
    b.input_mut().viewports.insert(
        ViewportId::ROOT,
        ViewportInfo {
            events: vec![ViewportEvent::Close],
            ..ViewportInfo::default()
        },
    );
    b.run();
    assert!(matches!(
        b.state().dialog(),
        Some(Dialog::ChangedOnDisk(_, Some(dama::ui::Pending::Quit)))
    ));
    b.run();
    assert!(
        b.get_by_label("Save as a new file…")
            .accesskit_node()
            .is_focused()
    );
}

/// Save as onto a file of several games says how many it holds, keeps Cancel in focus, and
/// adds the game after them when asked: every game before kept byte for byte.
#[test]
fn a_game_is_added_to_a_collection_on_request() {
    let dir = common::temp_dir("collections", "add");
    let three =
        "[Event \"1\"]\n1. 11-15 *\n\n[Event \"2\"]\n1. 9-13 *\n\n[Event \"3\"]\n1. 10-14 *\n";
    let path = common::write_file(&dir, "three.pdn", three);
    let mine = common::write_file(&dir, "mine.pdn", "[Event \"mine\"]\n1. 12-16 23-19 *\n");
    let (mut h, voice) = harness(Language::English);
    h.run();
    h.state_mut().open_path(&mine);
    h.run();
    change(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    common::type_path_and_save(&mut h, &path);
    assert!(matches!(
        h.state().dialog(),
        Some(Dialog::ConfirmReplace(_, None, 3))
    ));
    assert_eq!(
        voice.spoken().last().unwrap(),
        &format!(
            "Replace the file? The file {} holds 3 games. Add the game after them, or replace \
             them all with this game alone?",
            path.display()
        )
    );
    h.run();
    assert!(h.get_by_label("Cancel").accesskit_node().is_focused());
    h.get_by_label("Add to the file").click();
    h.run();
    assert!(!h.state().is_dirty(), "{:?}", h.state().notice());
    let now = std::fs::read_to_string(&path).unwrap();
    assert!(now.starts_with(three), "{now}");
    assert_eq!(spans(now.as_bytes()).len(), 4);
    assert!(now.ends_with("\n\n1. 12-16 *\n"), "{now}");
    assert!(h.state().title().ends_with(" – game 4 of 4 in three.pdn"));
    // Saved again, it stays game 4 in its place.
    change_back(&mut h);
    save(&mut h);
    assert!(h.state().dialog().is_none());
    let again = std::fs::read_to_string(&path).unwrap();
    assert!(
        again.starts_with(three) && again.ends_with("1. 12-16 23-19 *\n"),
        "{again}"
    );
}

/// Plays the move taken back again.
fn change_back(h: &mut Harness<'_, DamaApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert!(h.state().is_dirty());
}

/// Another program puts a game before the window's: Overwrite writes the game where it stands
/// now, and the game put before it stays.
#[test]
fn overwrite_finds_the_game_where_it_moved() {
    let dir = common::temp_dir("collections", "moved");
    let two = "[Event \"1\"]\n1. 11-15 *\n\n[Event \"2\"]\n1. 9-13 23-19 *\n";
    let path = common::write_file(&dir, "two.pdn", two);
    let (mut h, _) = harness(Language::English);
    h.run();
    open_game(&mut h, &path, 2);
    change(&mut h);
    let inserted = format!("[Event \"0\"]\n1. 10-14 *\n\n{two}");
    std::fs::write(&path, &inserted).unwrap();
    save(&mut h);
    h.get_by_label("Overwrite").click();
    h.run();
    assert!(!h.state().is_dirty(), "{:?}", h.state().notice());
    let now = std::fs::read_to_string(&path).unwrap();
    assert!(
        now.starts_with("[Event \"0\"]\n1. 10-14 *\n\n[Event \"1\"]\n1. 11-15 *\n\n[Event \"2\"]"),
        "{now}"
    );
    assert!(now.ends_with("1. 9-13 *\n"), "{now}");
    assert!(
        h.state().title().ends_with(" – game 3 of 3 in two.pdn"),
        "{}",
        h.state().title()
    );
}
