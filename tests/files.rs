//! Bad files and failed saves through the window: every one gives a clear message, spoken as
//! well as shown, and the game in progress stays exactly as it was.

mod common;

use std::path::{Path, PathBuf};

use common::{click, harness, plies};
use dama::game_file::MAX_FILE;
use dama::speech::Recording;
use dama::ui::{DamaApp, Dialog, Language};
use eframe::egui::{Key, Modifiers};
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
    let broken = dir.join("vadný.pdn");
    std::fs::write(&broken, "[Event \"x\"\n").unwrap();
    let text = refused(&mut h, &voice, &broken);
    assert!(
        text.starts_with("Soubor není platné PDN (je poškozený, nebo v jiném formátu): ")
            && text.ends_with(
                "vadný.pdn: Partie 1, řádek 1, sloupec 1: Značka Event není uzavřena, chybí „]“."
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
    use dama::game_file::{KeptLimit, LeftOut, MAX_GAMES, read_file_games};
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
