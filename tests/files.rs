//! Bad files and saves through the window: every bad file gives a clear message, spoken as
//! well as shown, and the game in progress stays exactly as it was; a failed save keeps the
//! game; and saving never destroys a game file (collections, files changed elsewhere, two
//! windows on one file).

mod common;

use std::ops::Range;
use std::path::{Path, PathBuf};

use common::{click, harness, plies};
use dama::engine::Level;
use dama::notation::pdn;
use dama::rules::{Color, Variant};
use dama::speech::Recording;
use dama::store::game_file::MAX_FILE;
use dama::ui::{DamaApp, Dialog, Language, Player, Settings};
use eframe::egui::{self, Key, Modifiers, ViewportEvent, ViewportId, ViewportInfo};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// What must not change when a file is refused.
fn state(h: &Harness<'_, DamaApp>) -> (Vec<String>, Option<PathBuf>, bool, String) {
    let app = h.state();
    (
        plies(h),
        app.file().map(Path::to_path_buf),
        app.is_dirty(),
        app.game().position().fen(),
    )
}

/// A game loaded from a file, then a move played: a file name and unsaved changes to keep.
fn game_in_progress(h: &mut Harness<'_, DamaApp>, dir: &Path) -> PathBuf {
    let good = dir.join("good.pdn");
    std::fs::write(&good, "[GameType \"29\"]\n1. c3-d4 f6-e5 *\n").unwrap();
    h.state_mut().open_path(&good);
    h.run();
    assert_eq!(plies(h), ["22-18", "11-15"]);
    click(h, 18);
    click(h, 11);
    assert_eq!(plies(h), ["22-18", "11-15", "18x11"]);
    assert!(h.state().is_dirty());
    good
}

/// Opens `path`, checks that the game is untouched and that the message was shown and spoken;
/// returns the message.
fn refused(h: &mut Harness<'_, DamaApp>, voice: &Recording, path: &Path) -> String {
    let before = state(h);
    h.state_mut().open_path(path);
    h.run();
    assert_eq!(state(h), before, "{}", path.display());
    assert!(h.state().dialog().is_none());
    let notice = h.state().notice().expect("a notice").clone();
    assert!(notice.error, "{notice:?}");
    assert_eq!(voice.spoken().last(), Some(&notice.text));
    assert_eq!(h.state().announcement(), notice.text);
    // Shown once: in the status bar, which is the live region that screen readers announce.
    assert_eq!(
        h.query_all_by_label(&notice.text).count(),
        1,
        "{}",
        notice.text
    );
    notice.text
}

#[test]
fn every_kind_of_bad_file_is_refused_with_a_clear_message() {
    let dir = common::temp_dir("files", "bad");
    let (mut h, voice) = harness(Language::English);
    h.run();
    game_in_progress(&mut h, &dir);

    let png = dir.join("picture.pdn");
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0".to_vec();
    bytes.extend((0..4000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8));
    std::fs::write(&png, &bytes).unwrap();
    let text = refused(&mut h, &voice, &png);
    assert_eq!(
        text,
        format!(
            "This is not a PDN file: it holds binary data (an image or an archive, say): {}",
            png.display()
        )
    );

    let empty = dir.join("empty.pdn");
    std::fs::write(&empty, "  \n\n").unwrap();
    let text = refused(&mut h, &voice, &empty);
    assert_eq!(text, format!("The file is empty: {}", empty.display()));

    let letter = dir.join("letter.txt");
    std::fs::write(&letter, "Dear Sir,\nthe weather is fine, 22-18 degrees.\n").unwrap();
    let text = refused(&mut h, &voice, &letter);
    assert_eq!(
        text,
        format!(
            "The file is not valid PDN (damaged, or another format): {}: Game 1, line 1, \
             column 1: “Dear” is not a move: expected a move, a move number, a comment in braces \
             or a result.",
            letter.display()
        )
    );

    let broken = dir.join("broken.pdn");
    std::fs::write(
        &broken,
        "[Event \"x\"]\n[Site \"y\"]\n1. 22-18 {never closed\n",
    )
    .unwrap();
    let text = refused(&mut h, &voice, &broken);
    assert!(
        text.ends_with(
            "broken.pdn: Game 1, line 3, column 10: A comment is not closed: “}” is missing."
        ),
        "{text}"
    );

    let illegal = dir.join("illegal.pdn");
    std::fs::write(&illegal, "[GameType \"29\"]\n1. 22-18 11-15 2. 24-19 *\n").unwrap();
    let text = refused(&mut h, &voice, &illegal);
    assert!(
        text.starts_with("The game in the file cannot be replayed: ")
            && text.contains("illegal.pdn: Game 1, line 2, column 19: "),
        "{text}"
    );

    // A sparse file just over the limit: refused before a byte is read.
    let huge = dir.join("huge.pdn");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(MAX_FILE + 1)
        .unwrap();
    let text = refused(&mut h, &voice, &huge);
    assert_eq!(
        text,
        format!(
            "The file is too large (65 MB, at most 64 MB): {}",
            huge.display()
        )
    );

    let text = refused(&mut h, &voice, &dir);
    assert_eq!(
        text,
        format!("This is a folder, not a file: {}", dir.display())
    );

    let missing = dir.join("missing.pdn");
    let text = refused(&mut h, &voice, &missing);
    assert_eq!(
        text,
        format!("The file does not exist: {}", missing.display())
    );
    let under_a_file = empty.join("game.pdn");
    let text = refused(&mut h, &voice, &under_a_file);
    assert_eq!(
        text,
        format!("The file does not exist: {}", under_a_file.display())
    );

    #[cfg(unix)]
    {
        let text = refused(&mut h, &voice, Path::new("/dev/zero"));
        assert_eq!(text, "This is not a regular file: /dev/zero");
    }

    // The game goes on as before.
    click(&mut h, 9);
    click(&mut h, 13);
    assert_eq!(plies(&h), ["22-18", "11-15", "18x11", "9-13"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_files_are_explained_in_czech() {
    let dir = common::temp_dir("files", "czech");
    let (mut h, voice) = harness(Language::Czech);
    h.run();
    game_in_progress(&mut h, &dir);
    let empty = dir.join("prázdný.pdn");
    std::fs::write(&empty, "").unwrap();
    let text = refused(&mut h, &voice, &empty);
    assert_eq!(text, format!("Soubor je prázdný: {}", empty.display()));
    let text = refused(&mut h, &voice, &dir);
    assert_eq!(
        text,
        format!("Toto je složka, ne soubor: {}", dir.display())
    );
    // A tag not closed is skipped with a warning since issue 46: a tag value too long for
    // the reader is still an error, said in Czech.
    let broken = dir.join("vadný.pdn");
    let long = "x".repeat(70_000);
    std::fs::write(&broken, format!("[Event \"{long}\"]\n")).unwrap();
    let text = refused(&mut h, &voice, &broken);
    assert!(
        text.starts_with("Soubor není platné PDN (je poškozený, nebo v jiném formátu): ")
            && text.ends_with(
                "vadný.pdn: Partie 1, řádek 1, sloupec 8: Hodnota značky Event je \
                 delší než 65536 bajtů."
            ),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Saves through the Save-as dialog, typing `path` over the suggested one.
fn save_as(h: &mut Harness<'_, DamaApp>, path: &Path) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    common::type_path_and_save(h, path);
}

#[test]
fn a_failed_save_keeps_the_game_and_says_why() {
    let dir = common::temp_dir("files", "save");
    let (mut h, voice) = harness(Language::English);
    h.run();
    let good = game_in_progress(&mut h, &dir);
    let old = std::fs::read(&good).unwrap();
    // A path under a regular file: no one can create it, not even root.
    let impossible = good.join("game.pdn");
    let before = state(&h);
    save_as(&mut h, &impossible);
    assert_eq!(state(&h), before);
    assert!(h.state().is_dirty());
    assert_eq!(h.state().file(), Some(good.as_path()));
    let notice = h.state().notice().expect("a notice").clone();
    assert!(notice.error);
    assert!(
        notice.text.starts_with(&format!(
            "Saving failed, the game stays unsaved: {}: ",
            impossible.display()
        )) && (cfg!(not(unix)) || notice.text.contains("Not a directory")),
        "{}",
        notice.text
    );
    assert_eq!(voice.spoken().last(), Some(&notice.text));
    assert_eq!(h.query_all_by_label(&notice.text).count(), 1);
    assert_eq!(std::fs::read(&good).unwrap(), old);
    // Ctrl+S still saves to the file the game came from, which now holds all the moves.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!h.state().is_dirty(), "{:?}", h.state().notice());
    let text = std::fs::read_to_string(&good).unwrap();
    assert!(text.contains("1. c3-d4 f6-e5 2. d4:f6 *"), "{text}");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["good.pdn"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Makes `path` read-only or writable: mode 0444 or 0644 on Unix, the read-only flag on Windows.
fn set_read_only(path: &Path, read_only: bool) {
    let mut perms = std::fs::metadata(path).unwrap().permissions();
    #[cfg(unix)]
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, if read_only { 0o444 } else { 0o644 });
    #[cfg(not(unix))]
    #[allow(clippy::permissions_set_readonly_false)]
    perms.set_readonly(read_only);
    std::fs::set_permissions(path, perms).unwrap();
}

/// Save As onto another file, or Save onto a read-only one, asks first with the focus on
/// Cancel (a regression: a file of mode 0444 was replaced without a word). On Windows too,
/// where a read-only file cannot be renamed over.
#[test]
fn replacing_another_or_a_read_only_file_is_asked_first() {
    let dir = common::temp_dir("files", "replace");
    let (mut h, voice) = harness(Language::English);
    h.run();
    let good = game_in_progress(&mut h, &dir);
    let other = dir.join("other.pdn");
    std::fs::write(&other, "[Event \"kept\"]\n1. c3-d4 *\n").unwrap();
    set_read_only(&other, true);
    save_as(&mut h, &other);
    assert!(matches!(
        h.state().dialog(),
        Some(Dialog::ConfirmReplace(..))
    ));
    let question = format!(
        "Replace the file? The file {} is read-only. Replace it anyway?",
        other.display()
    );
    assert_eq!(voice.spoken().last(), Some(&question));
    h.run();
    assert!(h.get_by_label("Cancel").accesskit_node().is_focused());
    // Enter keeps the other file.
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().dialog().is_none());
    assert!(std::fs::read_to_string(&other).unwrap().contains("kept"));
    assert_eq!(h.state().file(), Some(good.as_path()));
    assert!(h.state().is_dirty());
    // Replace does replace it, keeping its mode.
    save_as(&mut h, &other);
    h.get_by_label("Replace").click();
    h.run();
    assert!(!h.state().is_dirty());
    assert_eq!(h.state().file(), Some(other.as_path()));
    let text = std::fs::read_to_string(&other).unwrap();
    assert!(text.contains("2. d4:f6 *"), "{text}");
    assert!(std::fs::metadata(&other).unwrap().permissions().readonly());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&other).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o444);
    }
    // Ctrl+S onto the game's own file, now read-only, asks too; a writable own file does not.
    click(&mut h, 12);
    click(&mut h, 16);
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(matches!(
        h.state().dialog(),
        Some(Dialog::ConfirmReplace(..))
    ));
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().dialog().is_none() && h.state().is_dirty());
    // Another existing file, writable: asked in the plain words.
    save_as(&mut h, &good);
    assert_eq!(
        voice.spoken().last().unwrap(),
        &format!(
            "Replace the file? The file {} already exists. Replace it with this game?",
            good.display()
        )
    );
    set_read_only(&other, false);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file of comments alone has no game, and the window says so; a NUL in a tag past the
/// first 8 KiB (where binary data is looked for) is refused at its place, as the command line
/// refuses it; UTF-16 text opens.
#[test]
fn no_game_control_characters_and_utf16() {
    let dir = common::temp_dir("files", "text");
    let (mut h, voice) = harness(Language::English);
    h.run();
    game_in_progress(&mut h, &dir);

    let notes = dir.join("notes.pdn");
    std::fs::write(&notes, "{Nothing but a note}\n").unwrap();
    let text = refused(&mut h, &voice, &notes);
    assert_eq!(
        text,
        format!("There is no game in the file: {}", notes.display())
    );

    // Not `nul.pdn`: NUL is a device on Windows, whatever the extension.
    let nul = dir.join("nul-byte.pdn");
    let mut bytes = format!("[Event \"{}\"]\n", "x".repeat(9000)).into_bytes();
    bytes.extend(b"[White \"a\0b\"]\n[GameType \"29\"]\n1. c3-d4 *\n");
    std::fs::write(&nul, bytes).unwrap();
    let text = refused(&mut h, &voice, &nul);
    assert!(
        text.ends_with(
            "nul-byte.pdn: Game 1, line 2, column 10: A tag or comment holds the control character \
             0x00: the file is binary data, not text."
        ),
        "{text}"
    );

    let utf16 = dir.join("unicode.pdn");
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(
        "[White \"Šťastný\"]\r\n[GameType \"29\"]\r\n1. c3-d4 f6-e5 *\r\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    std::fs::write(&utf16, bytes).unwrap();
    h.state_mut().open_path(&utf16);
    h.run();
    assert_eq!(plies(&h), ["22-18", "11-15"]);
    assert_eq!(h.state().file(), Some(utf16.as_path()));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The window keeps at most 10,000 games of a file, or as many as fit in its memory limit;
/// the games after them are counted, so that the game-choice dialog can say how many it left
/// out.
#[test]
fn games_past_the_limits_are_counted() {
    use dama::store::game_file::{KeptLimit, LeftOut, MAX_GAMES, read_file_games};
    let dir = common::temp_dir("files", "left-out");
    let many = dir.join("many.pdn");
    let game = "[GameType \"21\"]\n1. 11-15 *\n\n";
    std::fs::write(&many, game.repeat(MAX_GAMES + 3)).unwrap();
    let games = read_file_games(&many).unwrap();
    assert_eq!(games.good.len(), MAX_GAMES);
    assert_eq!(
        games.left_out,
        Some(LeftOut {
            games: 3,
            limit: KeptLimit::Games
        })
    );
    std::fs::write(&many, game.repeat(MAX_GAMES)).unwrap();
    assert_eq!(read_file_games(&many).unwrap().left_out, None);

    // Games of 100,000 comments each (6.5 MB of memory) fill the 256 MB limit after 40.
    let large = dir.join("large.pdn");
    let game = format!(
        "[GameType \"21\"]\n1. 11-15 {} *\n\n",
        "{c}".repeat(100_000)
    );
    std::fs::write(&large, game.repeat(50)).unwrap();
    let games = read_file_games(&large).unwrap();
    let kept = games.good.len();
    assert!((30..50).contains(&kept), "{kept}");
    assert_eq!(
        games.left_out,
        Some(LeftOut {
            games: 50 - kept,
            limit: KeptLimit::Memory
        })
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

// Saving never destroys a game file: a game of a collection goes back in its place with every
// other game kept byte for byte, and a file another program or window changed is asked about
// before it is overwritten, and before a game that is no longer in it is dropped.

/// Issue 46: the game chooser offers the 48 games of a file whose headers have tags written
/// wrong, numbered as the file holds them (the command line's numbers); game 10, whose header
/// starts with a bad tag, is chosen, changed and saved back in its place, and every other
/// byte of the file stays. Game 45's bytes start at its first bad tag, which ended game 44.
#[test]
fn the_chooser_counts_games_whose_tags_are_written_wrong() {
    use dama::store::game_file::read_file_games;
    let original = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lenient/bad-tags-48-games.pdn"
    ))
    .unwrap();
    let dir = common::temp_dir("collections", "bad-tags");
    let path = common::write_file(&dir, "bad-tags.pdn", &original);
    let games = read_file_games(&path).unwrap();
    assert_eq!(games.count(), 48);
    assert!(games.bad.is_empty(), "{:?}", games.bad);
    let numbers: Vec<usize> = games.good.iter().map(|(n, _)| *n).collect();
    assert_eq!(numbers, (1..=48).collect::<Vec<_>>());
    assert_eq!(games.good[44].1.tag("GameType"), Some("20"));
    assert_eq!(games.good[45].1.tag("Round"), Some("46"));

    let (mut h, _voice) = harness(Language::English);
    h.run();
    let before = spans(&original);
    let line_start = |line: usize| {
        let mut at = 0;
        for _ in 1..line {
            at += original[at..].iter().position(|&b| b == b'\n').unwrap() + 1;
        }
        at
    };
    assert_eq!(before[9].clone().unwrap().start, line_start(73));
    assert_eq!(before[44].clone().unwrap().start, line_start(358));
    assert!(before[43].clone().unwrap().end < line_start(357));
    open_game(&mut h, &path, 10);
    assert!(
        h.state()
            .title()
            .ends_with(" – game 10 of 48 in bad-tags.pdn"),
        "{}",
        h.state().title()
    );
    assert_eq!(h.state().game().moves().len(), 4);
    change(&mut h);
    save(&mut h);
    assert!(h.state().dialog().is_none());
    assert!(!h.state().is_dirty(), "{:?}", h.state().notice());
    let saved = std::fs::read(&path).unwrap();
    let after = spans(&saved);
    assert_eq!(before.len(), 48);
    assert_eq!(after.len(), 48);
    let (old, new) = (before[9].clone().unwrap(), after[9].clone().unwrap());
    assert_eq!(saved[..new.start], original[..old.start]);
    assert_eq!(saved[new.end..], original[old.end..]);
    let game = pdn::Reader::new(&saved[new]).next().unwrap().unwrap();
    assert_eq!(game.moves.nodes.len(), 3, "the move taken back");
    assert!(
        game.warnings.is_empty(),
        "written as PDN: {:?}",
        game.warnings
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

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

/// Takes the last move back (and first the result the file states, a resignation or agreed
/// draw, where it has one): a change to save.
fn change(h: &mut Harness<'_, DamaApp>) {
    let plies = h.state().game().moves().len();
    if h.state().game().ending().is_some() {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        h.run();
        assert!(h.state().game().ending().is_none());
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().game().moves().len() + 1, plies);
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
/// The window's close button pressed, and a frame run.
fn close_window(h: &mut Harness<'_, DamaApp>) {
    h.input_mut().viewports.insert(
        ViewportId::ROOT,
        ViewportInfo {
            events: vec![ViewportEvent::Close],
            ..ViewportInfo::default()
        },
    );
    h.run();
}

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
    close_window(&mut b);
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

/// A decided game (a resignation, an agreed draw, a result the position contradicts) opens as
/// decided and is saved with its result, unchanged: most real games end so.
#[test]
fn a_decided_game_keeps_its_result_when_saved() {
    let dir = common::temp_dir("files", "decided");
    let (mut h, voice) = harness(Language::English);
    h.run();
    for (name, text, said) in [
        (
            "resigned.pdn",
            "[Event \"club\"]\n[GameType \"21\"]\n[Result \"0-1\"]\n1. 11-15 23-19 0-1\n",
            "White wins: the opponent resigned.",
        ),
        (
            "agreed.pdn",
            "[GameType \"21\"]\n[Result \"1/2-1/2\"]\n1. 11-15 23-19 1/2-1/2\n",
            "Draw by agreement.",
        ),
        (
            "contradicted.pdn",
            "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"W:W18:B14\"]\n[Result \"1-0\"]\n1. 18x9 1-0\n",
            "The result 1-0 contradicts the final position, which gives 0-1",
        ),
    ] {
        let path = common::write_file(&dir, name, text);
        h.state_mut().open_path(&path);
        h.run();
        let outcome = h.state().game().outcome();
        assert!(outcome.is_some(), "{name}: {outcome:?}");
        assert!(
            voice.spoken().iter().any(|s| s.contains(said)),
            "{name}: {:?}",
            voice.spoken()
        );
        let result = pdn::result_of(h.state().game());
        assert!(!h.state().is_dirty(), "{name}");
        save(&mut h);
        assert!(!h.state().is_dirty(), "{name}: {:?}", h.state().notice());
        let saved = std::fs::read_to_string(&path).unwrap();
        let stated = text.lines().find(|l| l.starts_with("[Result")).unwrap();
        assert!(saved.contains(stated), "{name}: {saved}");
        assert!(
            saved.trim_end().ends_with(result.as_str()) && result != pdn::ResultToken::Unknown,
            "{name}: {saved}"
        );
        // Read back, it is decided alike.
        h.state_mut().open_path(&path);
        h.run();
        assert_eq!(h.state().game().outcome(), outcome, "{name}");
    }
}

/// A game of 58,000 tags (near the most the reader takes in one game) opens and saves at once:
/// a scan through all the others for each tag made 115,000 take 59 s to open and 127 s to save
/// (a release build); this test, a debug build, took 5.3 s to save before and 0.1 s after. The
/// bound is far above the time it takes now, and below the time it took.
#[test]
fn a_game_with_many_tags_opens_and_saves_at_once() {
    let dir = common::temp_dir("files", "many-tags");
    let mut text = String::from("[GameType \"21\"]\n");
    for i in 0..58_000 {
        text.push_str(&format!("[T{i} \"\"]\n"));
    }
    text.push_str("1. 11-15 23-19 *\n");
    let path = common::write_file(&dir, "tags.pdn", &text);
    let (mut h, _voice) = harness(Language::English);
    h.run();
    let started = std::time::Instant::now();
    h.state_mut().open_path(&path);
    h.run();
    let opened = started.elapsed();
    assert_eq!(plies(&h), ["11-15", "23-19"]);
    change(&mut h);
    let started = std::time::Instant::now();
    save(&mut h);
    let saved = started.elapsed();
    eprintln!("58,000 tags: opened in {opened:?}, saved in {saved:?}");
    assert!(!h.state().is_dirty(), "{:?}", h.state().notice());
    let back = std::fs::read_to_string(&path).unwrap();
    assert!(back.contains("[T57999 \"\"]"));
    assert!(opened + saved < std::time::Duration::from_secs(3));
}

/// The open game's file deleted by another program: Ctrl+S says so (not that it changed), with
/// Save it there again in focus, which writes the game there anew; closing the window after
/// the file went again asks too, and there offers to discard the game instead of a reload.
#[test]
fn a_deleted_file_is_told_as_gone_and_saved_there_again() {
    let dir = common::temp_dir("files", "deleted");
    let path = common::write_file(&dir, "a.pdn", "[Event \"a\"]\n1. 11-15 23-19 *\n");
    let (mut h, voice) = harness(Language::English);
    h.run();
    h.state_mut().open_path(&path);
    h.run();
    change(&mut h);
    std::fs::remove_file(&path).unwrap();
    save(&mut h);
    assert!(matches!(
        h.state().dialog(),
        Some(Dialog::GoneFromDisk(_, None))
    ));
    assert_eq!(
        voice.spoken().last().unwrap(),
        &format!(
            "The file no longer exists. a.pdn in {} was deleted or moved; the game exists only \
             in this window. Save it there again, or somewhere else?",
            dir.display()
        )
    );
    h.run();
    assert!(
        h.get_by_label("Save it there again")
            .accesskit_node()
            .is_focused()
    );
    assert!(h.query_by_label("Reload from the file").is_none());
    assert!(!path.exists());
    // Enter: the game is written there again.
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().dialog().is_none());
    assert!(!h.state().is_dirty(), "{:?}", h.state().notice());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("1. 11-15 *"), "{text}");
    // Saved, then gone again: the game is only here, so closing asks, and can discard it.
    std::fs::remove_file(&path).unwrap();
    close_window(&mut h);
    assert!(matches!(
        h.state().dialog(),
        Some(Dialog::GoneFromDisk(_, Some(dama::ui::Pending::Quit)))
    ));
    assert!(
        voice
            .spoken()
            .last()
            .unwrap()
            .ends_with("Save it there again, somewhere else, or discard it?")
    );
    h.run();
    assert!(
        h.get_by_label("Save it there again")
            .accesskit_node()
            .is_focused()
    );
    h.get_by_label("Discard").click();
    // The window closes now (it repaints until it is gone).
    h.step();
    h.step();
    assert!(h.state().dialog().is_none());
    assert!(!path.exists());
    // Getting the focus back after the file went says so once, too.
    let (mut h, _) = harness(Language::Czech);
    h.run();
    std::fs::write(&path, "[Event \"a\"]\n1. 11-15 23-19 *\n").unwrap();
    h.state_mut().open_path(&path);
    h.run();
    std::fs::remove_file(&path).unwrap();
    focus(&mut h, false);
    focus(&mut h, true);
    assert!(matches!(
        h.state().dialog(),
        Some(Dialog::GoneFromDisk(_, None))
    ));
    h.get_by_label("Zrušit").click();
    h.run();
    focus(&mut h, false);
    focus(&mut h, true);
    assert!(h.state().dialog().is_none());
}

/// Steps frames, a few milliseconds apart, while a save runs in the background: how many were
/// drawn, and the longest.
fn frames_while_saving(h: &mut Harness<'_, DamaApp>) -> (usize, std::time::Duration) {
    let (mut frames, mut longest) = (0, std::time::Duration::ZERO);
    let started = std::time::Instant::now();
    while h.state().is_saving() {
        assert!(started.elapsed().as_secs() < 120, "the save never ended");
        let t = std::time::Instant::now();
        h.step();
        longest = longest.max(t.elapsed());
        frames += 1;
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    (frames, longest)
}

/// Game 4 of a collection of 80,364 games (38 MB: the real 724 repeated) saved while the
/// window goes on: frames keep being drawn, the save is said and shown as it begins and as it
/// ends, another game waits for it, and the file is the bytes a save on the window's thread
/// writes (every other game byte for byte). A move taken back meanwhile stays unsaved. Closing
/// the window during a save closes it once the save is done.
#[test]
fn a_large_collection_is_saved_while_the_window_goes_on() {
    let dir = common::temp_dir("collections", "large");
    let original = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pdn/english-tinsley.pdn"
    ))
    .unwrap();
    let mut big = Vec::new();
    for _ in 0..111 {
        big.extend_from_slice(&original);
        big.extend_from_slice(b"\n");
    }
    let path = common::write_file(&dir, "big.pdn", &big);
    let (mut h, voice) = harness(Language::English);
    h.run();
    open_game(&mut h, &path, 4);
    assert!(
        h.state().title().ends_with(" – game 4 of 80364 in big.pdn"),
        "{}",
        h.state().title()
    );
    change(&mut h);
    // What a save on the window's thread would write.
    let game = h.state().document().to_pdn();
    let expected =
        dama::store::collection::splice(&big, dama::store::collection::At::Game(4), &game)
            .unwrap()
            .bytes;
    let started = std::time::Instant::now();
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.step();
    // The frame of the key press: the file looked at and the thread begun.
    let pressed = started.elapsed();
    assert!(h.state().is_saving());
    let saying = "Saving into big.pdn (38.1 MB)…";
    assert_eq!(voice.spoken().last().unwrap(), saying);
    assert!(h.query_all_by_label(saying).count() >= 1, "shown");
    // Another game waits: refused with words while the save runs.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.step();
    assert_eq!(
        voice.spoken().last().unwrap(),
        "A save is still under way: wait until it is finished."
    );
    assert!(h.state().dialog().is_none());
    let (frames, longest) = frames_while_saving(&mut h);
    let took = started.elapsed();
    eprintln!(
        "saved 38 MB in {took:?}: {frames} frames drawn meanwhile, the longest {longest:?}, \
         the key press's {pressed:?}"
    );
    assert!(frames >= 5, "{frames} frames in {took:?}");
    assert!(
        longest.max(pressed) * 4 < took,
        "a frame of {longest:?} or {pressed:?} in {took:?}"
    );
    h.run();
    assert!(!h.state().is_dirty(), "{:?}", h.state().notice());
    assert_eq!(voice.spoken().last().unwrap(), "Saved: big.pdn");
    let saved = std::fs::read(&path).unwrap();
    assert!(
        saved == expected,
        "not the bytes of a save on the window's thread"
    );
    let (before, after) = (spans(&big), spans(&saved));
    assert_eq!((before.len(), after.len()), (80_364, 80_364));
    let (old, new) = (before[3].clone().unwrap(), after[3].clone().unwrap());
    assert_eq!(saved[..new.start], big[..old.start]);
    assert_eq!(saved[new.end..], big[old.end..]);
    // A move taken back while the game is saved: the file holds the game as it was when the
    // save began, and the window still has the change to save.
    change(&mut h);
    let game = h.state().document().to_pdn();
    let expected =
        dama::store::collection::splice(&saved, dama::store::collection::At::Game(4), &game)
            .unwrap()
            .bytes;
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.step();
    assert!(h.state().is_saving());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.step();
    frames_while_saving(&mut h);
    h.run();
    assert!(std::fs::read(&path).unwrap() == expected);
    assert!(h.state().is_dirty());
    assert!(h.state().dialog().is_none(), "{:?}", h.state().notice());
    // Closing while a save runs: the window waits for it, then closes.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.step();
    assert!(h.state().is_saving());
    h.input_mut().viewports.insert(
        ViewportId::ROOT,
        ViewportInfo {
            events: vec![ViewportEvent::Close],
            ..ViewportInfo::default()
        },
    );
    h.step();
    assert!(h.state().is_saving());
    assert_eq!(voice.spoken().last().unwrap(), saying);
    frames_while_saving(&mut h);
    h.step();
    assert!(!h.state().is_dirty());
    assert!(h.state().dialog().is_none());
    let closing = h
        .output()
        .viewport_output
        .get(&ViewportId::ROOT)
        .is_some_and(|v| v.commands.contains(&egui::ViewportCommand::Close));
    assert!(closing, "the window closes after the save");
}

/// Draws frames until `done` holds: the computer thinks on its own thread meanwhile (the
/// window does not settle while it does).
fn wait_for(h: &mut Harness<'_, DamaApp>, what: &str, done: impl Fn(&DamaApp) -> bool) {
    let start = std::time::Instant::now();
    while !done(h.state()) {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "waited for {what}"
        );
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.run_steps(4);
}

/// A game against the computer saved and opened again goes on as it was played: the computer
/// plays Black at its level, and the window says so as the game opens. A file that says a
/// program plays White, with no level (as other programs write it), has the computer play
/// White at the level last chosen, and it moves at once.
#[test]
fn a_game_against_the_computer_comes_back_with_its_players() {
    let dir = common::temp_dir("files", "players");
    let path = dir.join("proti.pdn");
    let novice = Player::Computer(Level::Novice);
    let (mut h, voice) = common::speaking(Settings {
        white_player: Player::Human,
        black_player: novice,
        ..common::settings(Language::English, Variant::Czech)
    });
    h.run_steps(4);
    common::square(&h, 22).click();
    h.run_steps(4);
    common::square(&h, 18).click();
    wait_for(&mut h, "the computer's reply", |a| {
        a.game().moves().len() == 2
    });
    save_as(&mut h, &path);
    assert!(!h.state().is_dirty(), "{:?}", h.state().notice());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("[White \"?\"]\n[Black \"Dáma – Novice (2)\"]\n"),
        "{text}"
    );
    assert!(
        text.contains("[WhiteType \"human\"]\n[BlackType \"program\"]\n[BlackLevel \"2\"]\n"),
        "{text}"
    );
    // People play meanwhile; the file brings the computer back.
    h.state_mut().set_player(Color::Black, Player::Human);
    h.run();
    assert_eq!(h.state().player(Color::Black), Player::Human);
    h.state_mut().open_path(&path);
    h.run();
    assert_eq!(h.state().player(Color::White), Player::Human);
    assert_eq!(h.state().player(Color::Black), novice);
    assert_eq!(h.state().game().moves().len(), 2);
    assert_eq!(
        voice.spoken().last().unwrap(),
        "Game loaded: proti.pdn, 2 half-moves. White: human, Black: computer – Novice (2). White \
         to move"
    );
    // Saved again unchanged, the tags are as they were.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    let again = dir.join("znovu.pdn");
    common::type_path_and_save(&mut h, &again);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    // Another program's file: a program plays White, at no level it names.
    let other = common::write_file(
        &dir,
        "program.pdn",
        "[White \"Engine\"]\n[Black \"Jana\"]\n[WhiteType \"program\"]\n[BlackType \"human\"]\n\
         [GameType \"29\"]\n*\n",
    );
    h.state_mut().open_path(&other);
    h.run_steps(4);
    assert_eq!(h.state().player(Color::White), novice);
    assert_eq!(h.state().player(Color::Black), Player::Human);
    wait_for(&mut h, "the computer's first move", |a| {
        a.game().moves().len() == 1
    });
    assert_eq!(h.state().player(Color::White), novice);
}

/// The save dialog says the folder its file goes in, as it opens and under the field: a new
/// game's offered path is never a bare name (on a desktop without a documents folder it was
/// "dama.pdn", saved wherever the program was started), and a typed bare name is said with
/// the folder it would go in.
#[test]
fn the_save_dialog_says_its_folder() {
    let dir = common::temp_dir("files", "folder");
    let (mut h, voice) = harness(Language::English);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    let Some(Dialog::SavePath(offered, None)) = h.state().dialog() else {
        panic!("the save dialog");
    };
    let offered = PathBuf::from(offered);
    assert!(offered.is_absolute(), "{}", offered.display());
    assert_eq!(offered.file_name().unwrap(), "dama.pdn");
    let said = format!(
        "Save file. The file is saved in the folder {}.",
        offered.parent().unwrap().display()
    );
    assert_eq!(voice.spoken().last().unwrap(), &said);
    // A bare name typed: the folder it goes in is shown (and read) under the field.
    h.get_by_label("File path").focus();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label("File path").type_text("partie.pdn");
    h.run();
    let here = std::env::current_dir().unwrap();
    let line = format!("The file is saved in the folder {}.", here.display());
    assert_eq!(h.query_all_by_label(&line).count(), 1, "{line}");
    h.key_press(Key::Escape);
    h.run();
    // A game of a file: its folder.
    let path = common::write_file(&dir, "a.pdn", "[Event \"a\"]\n1. 11-15 23-19 *\n");
    h.state_mut().open_path(&path);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    assert_eq!(
        voice.spoken().last().unwrap(),
        &format!(
            "Save file. The file is saved in the folder {}.",
            dir.display()
        )
    );
    h.key_press(Key::Escape);
    h.run();
}
