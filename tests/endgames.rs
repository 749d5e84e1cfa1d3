//! The endgame databases from the window, by keyboard: Ctrl+Shift+E says what is built and what
//! a build takes; a build goes on in the background and says when it is done; a build stopped
//! (or cut off by closing the program) goes on from what it kept; a level that plays better with
//! databases begins their build the first time it is chosen, its size said first; Remove takes
//! them off the disk; damaged databases are said to be so, never read, set aside and built
//! again. One test: the folder the search reads is one for the whole program.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use dama::engine::Level;
use dama::engine::endgame::{self, Wdl};
use dama::rules::Variant;
use dama::ui::{DamaApp, Language, Player};
use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn said(h: &Harness<'_, DamaApp>) -> String {
    h.state().announcement().to_string()
}

/// A few frames: the computer may be thinking (a spinner keeps the window drawing), so the
/// window is not waited on to settle.
fn frames(h: &mut Harness<'_, DamaApp>) {
    for _ in 0..4 {
        h.step();
    }
}

fn endgames_dialog(h: &mut Harness<'_, DamaApp>) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::E);
    frames(h);
}

/// Runs frames until the window has said something that contains `text` (a build runs on a
/// thread of its own), for at most a minute.
fn until_said(h: &mut Harness<'_, DamaApp>, text: &str) -> String {
    let began = Instant::now();
    loop {
        frames(h);
        let now = said(h);
        if now.contains(text) {
            return now;
        }
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "never said {text:?}; last: {now}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn databases_are_built_stopped_resumed_and_removed_from_the_window() {
    let data = common::temp_dir("endgames", "window");
    let dir = data.join("endgames");
    dama::engine::endgame::set_directory(&dir);

    // A build of 2 pieces stopped before its first material, as a closed program leaves it.
    std::fs::create_dir_all(dir.join("czech.partial")).unwrap();
    std::fs::write(
        dir.join("czech.partial/plan.txt"),
        "pieces 2\ndistances yes\n",
    )
    .unwrap();
    let mut h = common::app_with(common::settings(Language::Czech, Variant::Czech));
    frames(&mut h);
    endgames_dialog(&mut h);
    assert_eq!(
        said(&h),
        "Databáze koncovek. Česká dáma: stavba databází koncovek do 2 kamenů byla zastavena, \
         uloženo 0 z 4 materiálů; pokračuje tam, kde skončila. Databáze do 2 kamenů zaberou na \
         disku 10,1 kB a postaví se na pozadí asi za minutu; hra přitom nečeká."
    );
    // What is on disk is read as the dialog opens, not each frame it is drawn: the stopped
    // build's plan taken away behind its back, the frames after still show what was read.
    let stopped = "Česká dáma: stavba databází koncovek do 2 kamenů byla zastavena, uloženo 0 z 4 \
                   materiálů; pokračuje tam, kde skončila. Databáze do 2 kamenů zaberou na disku \
                   10,1 kB a postaví se na pozadí asi za minutu; hra přitom nečeká.";
    assert!(h.query_by_label(stopped).is_some());
    let plan = dir.join("czech.partial/plan.txt");
    let aside = dir.join("plan.txt.aside");
    std::fs::rename(&plan, &aside).unwrap();
    frames(&mut h);
    assert!(h.query_by_label(stopped).is_some());
    std::fs::rename(&aside, &plan).unwrap();
    // The focus is on Close: Enter writes nothing. Shift+Tab twice reaches Build.
    h.key_press_modifiers(Modifiers::SHIFT, Key::Tab);
    frames(&mut h);
    h.key_press_modifiers(Modifiers::SHIFT, Key::Tab);
    frames(&mut h);
    h.key_press(Key::Enter);
    frames(&mut h);
    assert!(
        said(&h).starts_with(
            "Česká dáma: stavím databáze koncovek do 2 kamenů: 10,1 kB na disku, potrvá to asi \
             minutu."
        ),
        "{}",
        said(&h)
    );
    assert_eq!(
        until_said(&mut h, "hotové"),
        "Česká dáma: databáze koncovek do 2 kamenů jsou hotové (10,1 kB); počítač je použije od \
         svého dalšího tahu."
    );
    assert!(dir.join("czech.wdl").is_file() && dir.join("czech.dtc").is_file());
    assert!(!dir.join("czech.partial").exists());
    // The search finds them without a restart.
    let tables = dama::engine::endgame::installed(Variant::Czech.rules()).expect("read");
    assert_eq!(tables.pieces(), 2);

    // Asked again: what is there, and what the next size takes.
    endgames_dialog(&mut h);
    assert_eq!(
        said(&h),
        "Databáze koncovek. Česká dáma: databáze koncovek do 2 kamenů jsou postaveny, na disku \
         zabírají 10,1 kB. Databáze do 4 kamenů zaberou na disku 20,7 MB a postaví se na pozadí \
         asi za 2 minuty; hra přitom nečeká."
    );
    // Remove (Shift+Tab once from Close): gone from the disk and from the search.
    h.key_press_modifiers(Modifiers::SHIFT, Key::Tab);
    frames(&mut h);
    h.key_press(Key::Enter);
    frames(&mut h);
    assert_eq!(said(&h), "Česká dáma: databáze koncovek jsou smazány.");
    assert!(!dir.join("czech.wdl").exists() && !dir.join("czech.dtc").exists());
    assert!(dama::engine::endgame::installed(Variant::Czech.rules()).is_none());
    drop(h);

    // English rules against the computer at level 4: the build begins at once, its size said
    // first; stopped from the dialog, it keeps what it solved.
    let mut settings = common::settings(Language::English, Variant::English);
    // White: in English draughts Black moves first, so the computer does not think (and say
    // so) while the dialog is read, however slow the frames.
    settings.white_player = Player::Computer(Level::Expert);
    let mut h = common::app_with(settings);
    frames(&mut h);
    assert!(
        said(&h).starts_with(
            "English draughts: building endgame databases up to 4 pieces: 20.7 MB on disk, \
             taking about 2 minutes. Play does not wait;"
        ),
        "{}",
        said(&h)
    );
    endgames_dialog(&mut h);
    // What is built (nothing yet), not the build's kept materials as if it were stopped.
    assert!(
        said(&h).starts_with(
            "Endgame databases. English draughts: no endgame databases are built; the computer \
             plays endings by search alone. Building databases up to 4 pieces for English \
             draughts in the background: "
        ),
        "{}",
        said(&h)
    );
    assert!(
        said(&h)
            .contains("Building databases up to 4 pieces for English draughts in the background: "),
        "{}",
        said(&h)
    );
    // The dialog's description (what Orca 48 reads again at each change of it) stays as it
    // opened while only the build's progress changes; the text shown follows the progress.
    let description = |h: &Harness<'_, DamaApp>| {
        h.get_by_role(eframe::egui::accesskit::Role::Dialog)
            .accesskit_node()
            .description()
            .map(|d| d.to_string())
    };
    let opened = description(&h).expect("the dialog is described");
    let shown_as_opened = |h: &Harness<'_, DamaApp>| h.query_by_label(&opened).is_some();
    // (The progress may have moved on already in the frames since it opened.)
    let began = Instant::now();
    while shown_as_opened(&h) {
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "no progress shown"
        );
        frames(&mut h);
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(description(&h).as_deref(), Some(opened.as_str()));
    // Stopped once a material is kept, so that there is something to go on from (the frames of
    // a release build can come before the build's first material is written).
    let partial = dir.join("english.partial");
    let stop_at = h.get_by_label("Stop the build").rect().left();
    let began = Instant::now();
    while !std::fs::read_dir(&partial).is_ok_and(|mut d| {
        d.any(|e| e.is_ok_and(|e| e.path().extension().is_some_and(|x| x == "mat")))
    }) {
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "no material kept"
        );
        frames(&mut h);
        std::thread::sleep(Duration::from_millis(20));
    }
    // The dialog keeps its width as the progress is said in other words: the button stays
    // where the pointer aims.
    frames(&mut h);
    assert_eq!(h.get_by_label("Stop the build").rect().left(), stop_at);
    // Through AccessKit, as a screen reader clicks: a new line of the progress text still
    // moves the centred dialog up or down.
    h.get_by_label("Stop the build").click_accesskit();
    frames(&mut h);
    let stopped = until_said(&mut h, "stopped");
    assert!(
        stopped.starts_with("English draughts: building endgame databases stopped; "),
        "{stopped}"
    );
    assert!(dir.join("english.partial/plan.txt").is_file());
    drop(h);

    // A stopped build shows as such, and Build goes on from it.
    let mut h = common::app_with(common::settings(Language::English, Variant::English));
    frames(&mut h);
    endgames_dialog(&mut h);
    assert!(
        said(&h).contains(
            "English draughts: the build of endgame databases up to 4 pieces was stopped with "
        ),
        "{}",
        said(&h)
    );
    h.get_by_label("Build").click();
    frames(&mut h);
    assert!(
        said(&h).contains("Going on from what was kept: "),
        "{}",
        said(&h)
    );
    // Remove while it runs: the build stops, and what it kept is removed too.
    endgames_dialog(&mut h);
    h.get_by_label("Remove").click_accesskit();
    frames(&mut h);
    // Told once the build's thread has stopped: the window does not wait for it.
    assert_eq!(
        until_said(&mut h, "removed"),
        "English draughts: endgame databases are removed."
    );
    assert!(!dir.join("english.partial").exists());
    drop(h);

    // Damaged databases: never read as other values, said to be damaged, set aside (renamed,
    // the bytes kept) and built again, by level 4 as if there were none.
    let english = Variant::English.rules();
    let built = dama::store::endgame_files::build(
        english,
        3,
        2,
        &dir,
        true,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(built.is_ok());
    let values = dir.join("english.wdl");
    let whole = std::fs::read(&values).unwrap();
    let lost = english.parse_fen("B:WK1,K2:BK32").unwrap();
    let probed = || {
        endgame::forget_installed(english);
        endgame::installed(english).map(|t| t.probe(&lost))
    };
    assert_eq!(probed(), Some(Some(Wdl::Loss)));
    // The section of two kings against one overwritten with as many other bytes: read
    // without a checksum, the loss was a draw.
    let mut flipped = whole.clone();
    flipped[section(&whole, [0, 0, 0, 0, 2, 1])].fill(0);
    std::fs::write(&values, &flipped).unwrap();
    assert_eq!(probed(), None);
    let mut settings = common::settings(Language::English, Variant::English);
    settings.white_player = Player::Computer(Level::Expert);
    let mut h = common::app_with(settings);
    frames(&mut h);
    assert!(
        said(&h).starts_with(
            "English draughts: the databases on disk are damaged, set aside; building endgame \
             databases up to 3 pieces: "
        ),
        "{}",
        said(&h)
    );
    until_said(&mut h, "ready");
    assert_eq!(
        std::fs::read(dir.join("english.wdl.damaged")).unwrap(),
        flipped
    );
    // The distances were sound: replaced by the build, not set aside.
    assert!(!dir.join("english.dtc.damaged").exists());
    assert_eq!(probed(), Some(Some(Wdl::Loss)));
    drop(h);

    // Cut short: the dialog says so, not that they are built; Build sets it aside beside the
    // first and builds them again.
    let cut = &whole[..whole.len() / 8];
    std::fs::write(&values, cut).unwrap();
    assert_eq!(probed(), None);
    let mut h = common::app_with(common::settings(Language::English, Variant::English));
    frames(&mut h);
    endgames_dialog(&mut h);
    assert!(
        said(&h).starts_with(
            "Endgame databases. English draughts: the endgame databases up to 3 pieces on disk \
             are damaged, and the computer does not use them."
        ),
        "{}",
        said(&h)
    );
    h.get_by_label("Build").click();
    frames(&mut h);
    assert!(said(&h).contains("damaged, set aside"), "{}", said(&h));
    until_said(&mut h, "ready");
    assert_eq!(
        std::fs::read(dir.join("english.wdl.damaged.2")).unwrap(),
        cut
    );
    assert_eq!(
        std::fs::read(dir.join("english.wdl.damaged")).unwrap(),
        flipped
    );
    assert_eq!(probed(), Some(Some(Wdl::Loss)));
}

/// The bytes of `material`'s section in a file of endgame databases (magic, pieces, count,
/// then each material's key, length and bytes).
fn section(bytes: &[u8], material: [u8; 6]) -> std::ops::Range<usize> {
    let count = u32::from_le_bytes(bytes[9..13].try_into().unwrap());
    let mut at = 13;
    for _ in 0..count {
        let len = u64::from_le_bytes(bytes[at + 6..at + 14].try_into().unwrap()) as usize;
        if bytes[at..at + 6] == material {
            return at + 14..at + 14 + len;
        }
        at += 14 + len;
    }
    panic!("no section of {material:?}");
}
