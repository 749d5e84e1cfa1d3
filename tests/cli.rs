//! The headless command line: output format, errors and exit codes.

use std::process::{Command, Output};

fn dama(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .output()
        .expect("dama runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn perft_prints_one_line_per_depth() {
    let o = dama(&["perft", "--variant", "czech", "--depth", "4"]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "perft 1 7\nperft 2 49\nperft 3 302\nperft 4 1469\n"
    );
    assert!(stderr(&o).contains("nodes/s"), "{}", stderr(&o));
}

#[test]
fn perft_from_a_fen() {
    let o = dama(&[
        "perft",
        "--variant",
        "two-towers",
        "--fen",
        "W:WK46:B41,42,T30",
        "--depth",
        "1",
    ]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "perft 1 1\n");
}

#[test]
fn moves_lists_legal_moves_in_order() {
    let o = dama(&["moves", "--variant", "international"]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30\n"
    );
    let o = dama(&[
        "moves",
        "--variant",
        "two-towers",
        "--fen",
        "W:WK46:B41,42,T30",
    ]);
    assert_eq!(stdout(&o), "46x25\n");
}

#[test]
fn moves_writes_the_full_path_when_captures_share_start_and_end() {
    // White man on c1 (30) reaches c5 (14) over b2, b4 (25, 17) or over d2, d4 (26, 18).
    let o = dama(&["moves", "--variant", "czech", "--fen", "W:W30:B17,18,25,26"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "30x21x14 30x23x14\n");
}

#[test]
fn errors_are_one_line_with_exit_code_2() {
    for args in [
        &["perft", "--variant", "chess", "--depth", "3"][..],
        &["perft", "--variant", "czech", "--depth", "0"],
        &["perft", "--variant", "czech", "--depth", "x"],
        &[
            "perft",
            "--variant",
            "czech",
            "--fen",
            "W:W33:B1",
            "--depth",
            "1",
        ],
        &["moves", "--variant", "english", "--fen", "garbage"],
        &["perft", "--depth", "3"],
        &["perft", "extra.pdn", "--variant", "czech", "--depth", "1"],
    ] {
        let o = dama(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("dama: "), "{args:?}: {err}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
    let o = dama(&["moves", "--variant", "czech", "--fen", "W:W33:B1"]);
    assert!(
        stderr(&o).contains("33"),
        "names the square: {}",
        stderr(&o)
    );
    let o = dama(&["perft", "--variant", "chess", "--depth", "3"]);
    assert!(stderr(&o).contains("chess"), "{}", stderr(&o));
}

#[test]
fn every_rule_set_is_offered_and_accepted() {
    let o = dama(&["perft", "--variant", "chess", "--depth", "1"]);
    let help = stdout(&dama(&["moves", "--help"]));
    for v in dama::rules::Variant::ALL {
        assert!(stderr(&o).contains(v.id()), "{}", stderr(&o));
        assert!(
            help.contains(v.id()) && help.contains(&v.rules().name_en),
            "{help}"
        );
        let o = dama(&["perft", "--variant", v.id(), "--depth", "1"]);
        assert!(o.status.success(), "{v}: {}", stderr(&o));
    }
}

#[test]
fn help_documents_the_subcommands() {
    let o = dama(&["--help"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("perft") && text.contains("moves"), "{text}");
    let o = dama(&["perft", "--help"]);
    assert!(stdout(&o).contains("--fen"));
}

/// Linux without X11 or Wayland (a server, an SSH session); Windows always has a desktop.
#[cfg(target_os = "linux")]
#[test]
fn without_a_display_the_window_reports_one_line() {
    let o = Command::new(env!("CARGO_BIN_EXE_dama"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env(
            "DAMA_CONFIG_DIR",
            std::env::temp_dir().join("dama-cli-no-display"),
        )
        .env(
            "DAMA_DATA_DIR",
            std::env::temp_dir().join("dama-cli-no-display"),
        )
        .env_remove("DAMA_LOG")
        .output()
        .expect("dama runs");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.starts_with("cannot open the window"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

fn data(name: &str) -> String {
    format!("{}/tests/data/pdn/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// One bad game does not hide the games after it: a line per good game, the bad one on
/// stderr where it is, a summary, exit code 1.
#[test]
fn replay_prints_a_line_per_game_and_goes_on_after_a_bad_one() {
    let file = data("english-tinsley.pdn");
    let o = dama(&["replay", &file]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // Game 541 of the collection plays 32-28 with no piece on 32; the 183 after it are good.
    assert_eq!(lines.len(), 723);
    assert_eq!(
        lines[0],
        "game 1: 56 plies, result 1/2-1/2, final B:WK3,6,28:B5,12,K26"
    );
    assert!(lines[540].starts_with("game 542: "), "{}", lines[540]);
    assert!(lines[722].starts_with("game 724: "), "{}", lines[722]);
    let err = stderr(&o);
    let bad: Vec<&str> = err.lines().filter(|l| !l.contains("warning")).collect();
    assert_eq!(bad.len(), 3, "{bad:?}");
    assert!(
        bad[0].starts_with(&format!(
            "{file}:5588:5: game 541: 32-28 is not a legal move here"
        )),
        "{}",
        bad[0]
    );
    assert_eq!(
        bad[1],
        format!("{file}: 724 games, 723 replayed, 1 rejected")
    );
    assert_eq!(bad[2], "1 game rejected");
    assert!(err.contains("warning: game 1: no GameType tag: read as English"));
    assert!(err.contains(&format!(
        "{file}:5:46: warning: game 1: 10x14: a plain move is written as a capture"
    )));
}

/// Issue 46: a game whose header has tags written wrong (as a translating tool leaves them)
/// was many games and errors and renumbered the games after it; each such tag is a warning,
/// and the summary counts the 48 games the file holds. A capture written as a path with `-`
/// is read with the single jump's warning; a path that fits no capture is an error there.
#[test]
fn replay_skips_tags_written_wrong_and_reads_dashed_capture_paths() {
    let file = format!(
        "{}/tests/data/lenient/bad-tags-48-games.pdn",
        env!("CARGO_MANIFEST_DIR")
    );
    let o = dama(&["replay", &file]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 48);
    assert!(lines[44].starts_with("game 45: 4 plies"), "{}", lines[44]);
    assert!(lines[47].starts_with("game 48: 4 plies"), "{}", lines[47]);
    let err = stderr(&o);
    let skipped: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("a tag that is not well formed is skipped"))
        .collect();
    assert_eq!(skipped.len(), 13, "{err}");
    assert_eq!(
        skipped[2],
        format!(
            "{file}:76:7: warning: game 10: a tag that is not well formed is skipped: expected \
             '\"' to open the value of tag Type"
        )
    );
    assert_eq!(
        err.lines().last(),
        Some(format!("{file}: 48 games, 48 replayed, 0 rejected").as_str())
    );

    let file = format!(
        "{}/tests/data/lenient/dash-capture-paths.pdn",
        env!("CARGO_MANIFEST_DIR")
    );
    let o = dama(&["replay", &file]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "{file}:5:4: warning: game 1: 29-18-27: a capture is written as a plain move"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{file}:35:4: game 6: 29-18-38 is not a legal move here (legal: 29x38)"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("{file}: 6 games, 5 replayed, 1 rejected")),
        "{err}"
    );
}

#[test]
fn replay_reads_fen_only_entries() {
    let file = data("english-11-man-ballots.pdn");
    let o = dama(&["replay", &file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let expected = std::fs::read_to_string(&file)
        .unwrap()
        .matches("[FEN")
        .count();
    assert_eq!(out.lines().count(), expected);
    assert_eq!(
        out.lines().next().unwrap(),
        "game 1: 0 plies, result *, final B:W19,21-23,25-27,29-32:B1-7,9-12"
    );
}

#[test]
fn replay_reports_a_missing_file() {
    let o = dama(&["replay", "/nonexistent/games.pdn"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("/nonexistent/games.pdn: cannot open"));
}

#[test]
fn convert_writes_a_file_that_replays_the_same() {
    let dir = std::env::temp_dir().join(format!("dama-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in.pdn");
    std::fs::write(
        &input,
        "[Event \"Test\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n\
         [GameType \"29\"]\n1. 22-18 11-15 2. 18x11 8x15 *\n",
    )
    .unwrap();
    let alg = dir.join("alg.pdn");
    let o = dama(&[
        "convert",
        "--notation",
        "algebraic",
        input.to_str().unwrap(),
        alg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&alg).unwrap();
    assert!(text.contains("1. c3-d4 f6-e5 2. d4:f6 g7:e5 *"), "{text}");
    let a = dama(&["replay", input.to_str().unwrap()]);
    let b = dama(&["replay", alg.to_str().unwrap()]);
    assert_eq!(stdout(&a), stdout(&b));
    assert_eq!(
        stdout(&a),
        "game 1: 4 plies, result *, final W:W31,33-50:B1-13,15-18,20,23\n\
         game 2: 4 plies, result *, final W:W21,23-32:B1-7,9,10,12,15\n"
    );

    // A file that does not replay leaves an existing output untouched.
    let bad = dir.join("bad.pdn");
    std::fs::write(&bad, "1. 32-27 *\n").unwrap();
    let o = dama(&["convert", bad.to_str().unwrap(), alg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains(":1:4: game 1: 32-27 is not a legal move"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&alg).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn replay_understands_claims() {
    let dir = std::env::temp_dir().join(format!("dama-cli-claims-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("claims.pdn");
    std::fs::write(
        &file,
        "[GameType \"29\"]\n[FEN \"W:W30,32:B26,19,1\"]\n[Enforcement \"table\"]\n\
         1. g1-h2 {[%violation]} {[%huff 30]} 1... b8-a7 *\n",
    )
    .unwrap();
    let o = dama(&["replay", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "game 1: 2 plies, result *, final W:W28:B5,19,26\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bestmove_prints_the_move_and_the_score() {
    // A shot: 27-23 gives a man and takes everything by White's third move.
    let o = dama(&[
        "bestmove",
        "--variant",
        "english",
        "--fen",
        "W:W11,18,27,31:B5,17,19",
        "--depth",
        "8",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "27-23\n");
    let err = stderr(&o);
    assert!(err.contains("score 29995 (win in 5 plies) depth"), "{err}");
    assert!(err.contains("pv 27-23 "), "{err}");

    // Czech games are written algebraically in PDN; a time limit instead of a depth.
    let o = dama(&["bestmove", "--variant", "czech", "--time", "200"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        [
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"
        ]
        .contains(&text.trim()),
        "{text}"
    );

    // Lost positions, missing or double limits, bad FEN: one line and an error code.
    let o = dama(&[
        "bestmove",
        "--variant",
        "czech",
        "--fen",
        "B:W25,30:B21",
        "--depth",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no legal move"), "{}", stderr(&o));
    let o = dama(&["bestmove", "--variant", "czech"]);
    assert_eq!(o.status.code(), Some(2));
    let o = dama(&[
        "bestmove",
        "--variant",
        "czech",
        "--depth",
        "3",
        "--time",
        "10",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = dama(&[
        "bestmove",
        "--variant",
        "czech",
        "--fen",
        "X",
        "--depth",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

/// A fresh folder for a test's files.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `dama ARGS` with stdout going to `out` and stderr captured.
#[cfg(target_os = "linux")]
fn dama_to(args: &[&str], out: std::process::Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .stdout(out)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("dama runs")
}

/// A full disk (stdout on /dev/full) is one line on stderr and exit code 1 in every
/// subcommand, never a panic.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_one_line_and_exit_code_1() {
    let tinsley = data("english-tinsley.pdn");
    for args in [
        &["perft", "--variant", "czech", "--depth", "3"][..],
        &["moves", "--variant", "czech"],
        &["replay", &tinsley],
        &["bestmove", "--variant", "english", "--depth", "2"],
    ] {
        let full = std::fs::File::create("/dev/full").unwrap();
        let o = dama_to(args, full.into());
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        let line = err
            .lines()
            .find(|l| l.starts_with("cannot write the output"))
            .unwrap_or_else(|| panic!("{args:?}: {err}"));
        assert!(line.contains("No space left on device"), "{line}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// A full stderr loses the notes but is no panic either.
#[cfg(target_os = "linux")]
#[test]
fn a_full_stderr_is_no_panic() {
    let full = std::fs::File::create("/dev/full").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["perft", "--variant", "czech", "--depth", "2"])
        .stderr(full)
        .output()
        .expect("dama runs");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "perft 1 7\nperft 2 49\n");
}

/// `dama perft … | head -1`: the reader closes the pipe, and dama stops quietly with code 0.
#[test]
fn a_closed_pipe_stops_quietly() {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["perft", "--variant", "czech", "--depth", "30"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("dama runs");
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "perft 1 7\n");
    // The pipe is closed here; the next depth written finds it so.
    let o = child.wait_with_output().unwrap();
    let err = stderr(&o);
    assert!(o.status.success(), "{:?}: {err}", o.status);
    assert!(
        !err.contains("panicked") && !err.contains("cannot write"),
        "{err}"
    );
}

/// A file with no game (empty, blank, comments only) is an error in replay and convert, which
/// then writes nothing.
#[test]
fn a_file_without_games_is_an_error() {
    let dir = temp_dir("empty");
    for (name, text) in [
        ("empty.pdn", ""),
        ("blank.pdn", "  \n\n"),
        ("notes.pdn", "{only a note}\n"),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let file = file.to_str().unwrap();
        let o = dama(&["replay", file]);
        assert_eq!(o.status.code(), Some(1), "{name}");
        assert_eq!(stderr(&o), format!("{file}: no games in the file\n"));
        assert!(stdout(&o).is_empty());
        let out = dir.join("out.pdn");
        let o = dama(&["convert", file, out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{name}");
        assert_eq!(stderr(&o), format!("{file}: no games in the file\n"));
        assert!(!out.exists());
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        3,
        "nothing left over"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// convert writes game by game to a temporary file: a bad game after good ones, or an output
/// folder that does not exist, leaves OUT as it was and no temporary file behind.
#[test]
fn convert_streams_and_leaves_nothing_on_failure() {
    let dir = temp_dir("stream");
    let input = dir.join("in.pdn");
    let mut text = "[GameType \"21\"]\n1. 11-15 23-19 *\n\n".repeat(500);
    text.push_str("[GameType \"21\"]\n1. 11-18 *\n");
    std::fs::write(&input, &text).unwrap();
    let out = dir.join("out.pdn");
    std::fs::write(&out, "old").unwrap();
    let o = dama(&["convert", input.to_str().unwrap(), out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("game 501: "), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");

    // Without the bad game the whole collection is written; what a killed run left beside it
    // (its process gone) is removed, and another file's is not.
    let left = dir.join(".out.pdn.tmp4294967294-3");
    let other = dir.join(".other.pdn.tmp4294967294-3");
    std::fs::write(&left, "half").unwrap();
    std::fs::write(&other, "half").unwrap();
    std::fs::write(&input, text.rsplit_once("[GameType").unwrap().0).unwrap();
    let o = dama(&["convert", input.to_str().unwrap(), out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!left.exists() && other.exists());
    std::fs::remove_file(&other).unwrap();
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        written.matches("1. 11-15 23-19 *").count(),
        500,
        "{written}"
    );

    let nowhere = dir.join("no/such/folder/out.pdn");
    let o = dama(&[
        "convert",
        input.to_str().unwrap(),
        nowhere.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!("{}: cannot write: ", nowhere.display())),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A NUL in a tag value is refused with its place, so that convert never writes a file that
/// the window would call binary; in the first 8 KiB, which tell text from binary data as the
/// window tells them, it is binary data.
#[test]
fn a_nul_in_a_tag_is_refused_at_its_place() {
    let dir = temp_dir("nul");
    let input = dir.join("in.pdn");
    let bad = "[Event \"a\0b\"]\n[GameType \"21\"]\n1. 11-15 *\n";
    // 300 games of 35 bytes before it.
    let good = "[GameType \"21\"]\n1. 11-15 23-19 *\n".repeat(300);
    std::fs::write(&input, format!("{good}{bad}")).unwrap();
    let out = dir.join("out.pdn");
    let o = dama(&["convert", input.to_str().unwrap(), out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!(
            "{}:601:10: game 301: control character 0x00 in a tag or comment: the file is not \
             text\n",
            input.display()
        )
    );
    assert!(!out.exists());
    std::fs::write(&input, bad).unwrap();
    let o = dama(&["convert", input.to_str().unwrap(), out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!("{}: binary data, not PDN text\n", input.display())
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// UTF-16 files, as Windows' Notepad saves "Unicode", replay like their UTF-8 text.
#[test]
fn replay_reads_utf16() {
    let dir = temp_dir("utf16");
    let text = "[White \"Šťastný\"]\r\n[GameType \"21\"]\r\n1. 11-15 23-19 *\r\n";
    let utf8 = dir.join("utf8.pdn");
    std::fs::write(&utf8, text).unwrap();
    let expected = stdout(&dama(&["replay", utf8.to_str().unwrap()]));
    assert_eq!(
        expected,
        "game 1: 2 plies, result *, final B:W19,21,22,24-32:B1-10,12,15\n"
    );
    let mut le = vec![0xFF, 0xFE];
    le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let mut be = vec![0xFE, 0xFF];
    be.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    for (name, bytes) in [("le.pdn", le), ("be.pdn", be)] {
        let file = dir.join(name);
        std::fs::write(&file, bytes).unwrap();
        let o = dama(&["replay", file.to_str().unwrap()]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert_eq!(stdout(&o), expected, "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// One game too large for memory is an error at its place; replay goes on with the next.
#[test]
fn a_game_over_the_memory_budget_is_rejected_and_replay_goes_on() {
    let dir = temp_dir("budget");
    let file = dir.join("comments.pdn");
    let mut text = "[GameType \"21\"]\n1. 11-15 ".to_string();
    text.push_str(&"{c}".repeat(200_000));
    text.push_str(" *\n\n[GameType \"21\"]\n1. 11-15 *\n");
    std::fs::write(&file, text).unwrap();
    let o = dama(&["replay", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    // The comment that passes the budget: the tag and 129054 comments fit (74 + 65 each).
    assert!(
        err.contains(&format!(
            "{}:2:387172: game 1: the tags and comments of the game take more than 8388608 \
             bytes of memory",
            file.display()
        )),
        "{err}"
    );
    assert!(err.contains("2 games, 1 replayed, 1 rejected"), "{err}");
    assert!(stdout(&o).starts_with("game 2: 1 plies"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dama hub` as a GUI drives it: the parameters, a position with moves, a search to a depth
/// and one under a clock, `ping` while thinking, `stop`, and `quit`; in two rule sets.
#[test]
fn hub_plays_over_the_protocol() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .arg("hub")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("dama runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut send = |line: &str| writeln!(stdin, "{line}").unwrap();
    let mut until = |prefix: &str| -> Vec<String> {
        let mut seen = Vec::new();
        for line in lines.by_ref() {
            let line = line.unwrap();
            let last = line.starts_with(prefix);
            seen.push(line);
            if last {
                return seen;
            }
        }
        panic!("no {prefix:?} in {seen:?}");
    };
    send("hub");
    let hello = until("wait");
    assert!(hello[0].starts_with("id name=Dáma version="), "{hello:?}");
    assert!(
        hello.iter().any(|l| l
            == "param name=variant value=international type=enum \
                values=\"czech czech-book english two-towers international\""),
        "{hello:?}"
    );
    assert!(
        hello
            .iter()
            .any(|l| l == "param name=threads value=1 type=int min=1 max=64"),
        "{hello:?}"
    );
    send("set-param name=variant value=czech");
    send("set-param name=threads value=2");
    send("init");
    assert_eq!(until("ready"), ["ready"]);
    // After 22-18 11-15 (c3-d4 f6-e5) White takes on 15.
    send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 11-15\"");
    send("level depth=3");
    send("go think");
    let search = until("done");
    assert!(
        search.iter().any(|l| l.starts_with("info depth=3 ")),
        "{search:?}"
    );
    assert_eq!(
        search.last().unwrap().split_whitespace().nth(1),
        Some("move=18x11x15")
    );
    // A bad position is an error line, and the engine goes on.
    send("pos pos=Wbbb");
    assert!(until("error")[0].starts_with("error message="));
    send("ping");
    assert_eq!(until("pong"), ["pong"]);
    // An endless analysis answers ping while it thinks, and stop ends it with a move.
    send("new-game");
    send("pos fen=B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    send("level infinite");
    send("go analyze");
    send("ping");
    assert!(until("pong").last().unwrap() == "pong");
    send("stop");
    let done = until("done");
    assert!(done.last().unwrap().starts_with("done move="), "{done:?}");
    send("quit");
    assert!(child.wait().unwrap().success());
}

/// `dama endgame` writes the values and, beside them, the distances to conversion;
/// `--no-distances` leaves them out, and removes those of an earlier build.
#[test]
fn endgame_writes_the_values_and_the_distances() {
    let data = std::env::temp_dir().join(format!("dama-cli-endgame-{}", std::process::id()));
    let dir = data.join("endgames");
    let _ = std::fs::remove_dir_all(&data);
    let dir_text = dir.to_str().unwrap();
    let args = [
        "endgame",
        "--variant",
        "czech",
        "--pieces",
        "3",
        "--threads",
        "2",
        "--dir",
        dir_text,
    ];
    let o = dama(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("czech: distances to conversion, "), "{out}");
    assert!(
        out.contains("czech: 16 materials of up to 3 pieces"),
        "{out}"
    );
    let values = std::fs::metadata(dir.join("czech.wdl")).unwrap().len();
    let distances = std::fs::metadata(dir.join("czech.dtc")).unwrap().len();
    assert!(distances > 3 * values, "{distances} bytes against {values}");
    let o = dama(&[&args[..], &["--no-distances"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stdout(&o).contains("distances"), "{}", stdout(&o));
    assert!(dir.join("czech.wdl").exists());
    assert!(!dir.join("czech.dtc").exists());
    let _ = std::fs::remove_dir_all(&data);
}

/// `dama ARGS` with `stdin` as its input, killed after `secs` seconds: a test of an input
/// without end fails instead of hanging when the bound is gone.
fn dama_within(args: &[&str], stdin: std::process::Stdio, secs: u64) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .stdin(stdin)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("dama runs");
    // Read as it comes, so that a full pipe cannot stop the child.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut out, &mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut err, &mut v);
        v
    });
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed().as_secs() >= secs {
            let _ = child.kill();
            let _ = child.wait();
            panic!("dama {args:?} still ran after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

/// A folder is one error and exit code 1 in replay and convert, not "cannot read: Is a
/// directory" for ever.
#[test]
fn a_folder_is_one_error() {
    let dir = temp_dir("folder");
    let folder = dir.to_str().unwrap();
    let out = dir.join("out.pdn");
    for args in [
        &["replay", folder][..],
        &["convert", folder, out.to_str().unwrap()],
    ] {
        let o = dama_within(args, std::process::Stdio::null(), 30);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&o), format!("{folder}: a folder, not a file\n"));
        assert!(stdout(&o).is_empty());
    }
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Binary data without end (`/dev/zero`) is refused from its first bytes, as the window
/// refuses a binary file.
#[cfg(unix)]
#[test]
fn dev_zero_is_binary_data() {
    let dir = temp_dir("zero");
    let out = dir.join("out.pdn");
    for args in [
        &["replay", "/dev/zero"][..],
        &["convert", "/dev/zero", out.to_str().unwrap()],
    ] {
        let o = dama_within(args, std::process::Stdio::null(), 30);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&o), "/dev/zero: binary data, not PDN text\n");
    }
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A pipe that never ends (`yes | dama replay /dev/stdin`) is read to a bound, then one error.
#[cfg(target_os = "linux")]
#[test]
fn a_pipe_is_read_to_a_bound() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["replay", "/dev/stdin"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("dama runs");
    let mut stdin = child.stdin.take().unwrap();
    // 80 MiB of `y` lines, more than the bound; writing stops when dama has stopped reading.
    let writer = std::thread::spawn(move || {
        let block = "y\n".repeat(1 << 19);
        for _ in 0..80 {
            if stdin.write_all(block.as_bytes()).is_err() {
                break;
            }
        }
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("game 2: cannot read: more than 67108864 bytes from a pipe or device"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 4, "{err}");
}

fn tiny_game(dir: &std::path::Path) -> (std::path::PathBuf, String) {
    let input = dir.join("in.pdn");
    std::fs::write(&input, "[GameType \"21\"]\n1. 11-15 23-19 *\n").unwrap();
    let expected = "[GameType \"21\"]\n\n1. 11-15 23-19 *\n\n".to_string();
    (input, expected)
}

/// `dama convert IN -` writes to standard output, and no file named `-`.
#[test]
fn convert_to_a_dash_writes_standard_output() {
    let dir = temp_dir("dash");
    let (input, expected) = tiny_game(&dir);
    let o = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["convert", input.to_str().unwrap(), "-"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), expected);
    assert!(!dir.join("-").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// OUT a FIFO, or a link to one, is written into: the reader gets the games, and the FIFO and
/// the link stay what they were.
#[cfg(target_os = "linux")]
#[test]
fn convert_writes_into_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let dir = temp_dir("fifo");
    let (input, expected) = tiny_game(&dir);
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let link = dir.join("link");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    for out in [&fifo, &link] {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        let o = dama_within(
            &["convert", input.to_str().unwrap(), out.to_str().unwrap()],
            std::process::Stdio::null(),
            30,
        );
        let kind = std::fs::metadata(&fifo).unwrap().file_type();
        if !kind.is_fifo() {
            panic!("{} became {kind:?}: {}", out.display(), stderr(&o));
        }
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(reader.join().unwrap(), expected);
    }
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// OUT a link to a pipe, as `/dev/stdout`, `/dev/fd/N` and `>(…)` are: the pipe gets the
/// games, and the link stays. The link is one of this test's own (to `/dev/fd/1`, the
/// standard output the test reads): a failure, run as root, must not replace `/dev/stdout`.
#[cfg(target_os = "linux")]
#[test]
fn convert_writes_into_a_link_to_a_pipe() {
    let dir = temp_dir("fd1");
    let (input, expected) = tiny_game(&dir);
    let link = dir.join("out.pdn");
    std::os::unix::fs::symlink("/dev/fd/1", &link).unwrap();
    let o = dama(&["convert", input.to_str().unwrap(), link.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), expected);
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A character device stays one (as root, `/dev/null` itself was replaced by a file). As
/// root the device is a copy of `/dev/null`'s node in a temporary folder, so that a failure
/// of this test destroys nothing; otherwise `/dev/null`, which only root could replace.
#[cfg(target_os = "linux")]
#[test]
fn convert_into_a_device_leaves_it_a_device() {
    use std::os::unix::fs::FileTypeExt;
    let dir = temp_dir("device");
    let (input, _) = tiny_game(&dir);
    let node = dir.join("null");
    let made = Command::new("mknod")
        .arg(&node)
        .args(["c", "1", "3"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    // SAFETY: geteuid only reads this process's user id.
    let root = unsafe { libc::geteuid() } == 0;
    let device = match (made, root) {
        (true, _) => node,
        (false, false) => std::path::PathBuf::from("/dev/null"),
        (false, true) => {
            eprintln!("root without mknod: no device that may be replaced safely");
            std::fs::remove_dir_all(&dir).unwrap();
            return;
        }
    };
    let o = dama(&["convert", input.to_str().unwrap(), device.to_str().unwrap()]);
    let kind = std::fs::metadata(&device).unwrap().file_type();
    assert!(
        kind.is_char_device(),
        "{} became {kind:?}",
        device.display()
    );
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A regular OUT is still replaced, not written into: a new file (inode) takes its place, and
/// a link to it stays a link.
#[cfg(unix)]
#[test]
fn convert_replaces_a_regular_file() {
    use std::os::unix::fs::MetadataExt;
    let dir = temp_dir("replace");
    let (input, expected) = tiny_game(&dir);
    let out = dir.join("out.pdn");
    std::fs::write(&out, "x".repeat(1000)).unwrap();
    let link = dir.join("link.pdn");
    std::os::unix::fs::symlink(&out, &link).unwrap();
    let before = std::fs::metadata(&out).unwrap().ino();
    let o = dama(&["convert", input.to_str().unwrap(), link.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), expected);
    assert_ne!(std::fs::metadata(&out).unwrap().ino(), before);
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dama hub` reads a line of at most 64 KiB, and no binary data: one error and exit code 1,
/// after answering the lines before.
#[test]
fn hub_stops_on_a_long_line_or_binary_data() {
    use std::io::Write;
    for (input, error) in [
        (
            vec![0u8; 1 << 20],
            "hub: binary data (byte 0x00), not a protocol line\n",
        ),
        (
            [&b"ping\n"[..], &vec![b'x'; 100_000]].concat(),
            "hub: a line longer than 65536 bytes\n",
        ),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
            .arg("hub")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("dama runs");
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let o = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert_eq!(stderr(&o), error);
        let pong = if error.contains("longer") {
            "pong\n"
        } else {
            ""
        };
        assert_eq!(stdout(&o), pong);
    }
}

/// `dama hub --eval` that cannot be read, or is far too large for a weights file, is one line
/// and exit code 1 before the protocol starts.
#[test]
fn hub_refuses_an_eval_file_it_cannot_read() {
    let dir = temp_dir("hub-eval");
    let missing = dir.join("missing.eval");
    let big = dir.join("big.eval");
    std::fs::write(&big, vec![0u8; 8 << 20 | 1]).unwrap();
    for (path, why) in [
        (&missing, "cannot open"),
        (&dir, "a folder, not a weights file"),
        (&big, "more than 8388608 bytes: not a weights file"),
    ] {
        let o = dama(&["hub", "--eval", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.starts_with(&format!("{}: {why}", path.display())) && err.lines().count() == 1,
            "{err}"
        );
        assert_eq!(stdout(&o), "");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dama bestmove --eval` thinks with the file's weights: the shipped ones from a file give the
/// shipped move, score and nodes; weights for another board are one line and exit code 1.
#[test]
fn bestmove_thinks_with_the_weights_of_a_file() {
    let root = env!("CARGO_MANIFEST_DIR");
    let args = |eval: Option<&str>| {
        let mut a = vec!["bestmove", "--variant", "international", "--depth", "6"];
        if let Some(e) = eval {
            a.extend(["--eval", e]);
        }
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let run = |eval: Option<&str>| {
        let a = args(eval);
        dama(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let shipped = run(None);
    let file = format!("{root}/assets/eval/international.eval");
    let from_file = run(Some(&file));
    assert_eq!(from_file.status.code(), Some(0), "{}", stderr(&from_file));
    assert_eq!(stdout(&from_file), stdout(&shipped));
    let last = |o: &std::process::Output| {
        stderr(o).lines().last().map(|l| {
            // The time and the speed differ from run to run; the rest does not.
            l.split(" time ").next().unwrap_or("").to_string()
                + l.split(" pv ").nth(1).unwrap_or("")
        })
    };
    assert_eq!(last(&from_file), last(&shipped));
    let czech = format!("{root}/assets/eval/czech.eval");
    let o = run(Some(&czech));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!("{czech}: the file has 59119 features, the rule set needs 105082\n")
    );
    assert_eq!(stdout(&o), "");
}

/// `dama endgame --dir` that is a file, or under one, is said before any computing (no
/// progress line), and `--threads 0` is refused by the argument parser.
#[test]
fn endgame_checks_its_arguments_first() {
    let dir = temp_dir("endgame-args");
    let file = dir.join("file");
    std::fs::write(&file, "").unwrap();
    let under = file.join("endgames");
    for (dir, error) in [
        (&file, format!("{}: not a folder\n", file.display())),
        (
            &under,
            format!("{}: cannot create the folder: ", under.display()),
        ),
    ] {
        let o = dama(&[
            "endgame",
            "--variant",
            "czech",
            "--pieces",
            "3",
            "--dir",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(1));
        let err = stderr(&o);
        assert!(err.starts_with(&error), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let o = dama(&[
        "endgame",
        "--variant",
        "czech",
        "--pieces",
        "2",
        "--threads",
        "0",
        "--dir",
        dir.join("made").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "dama: invalid value '0' for '--threads <THREADS>': 0 is not in 1..=256\n"
    );
    assert!(!dir.join("made").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dama endgame` refuses a build this computer cannot hold (International of 6 pieces: 420 GB
/// at its height) before it begins, in one line with exit code 1, writing nothing; `--force` is
/// an option it knows.
#[test]
fn endgame_refuses_a_build_beyond_the_memory() {
    let dir = temp_dir("endgame-memory");
    let endgames = dir.join("endgames");
    let o = dama_within(
        &[
            "endgame",
            "--variant",
            "international",
            "--pieces",
            "6",
            "--dir",
            endgames.to_str().unwrap(),
        ],
        std::process::Stdio::null(),
        30,
    );
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let refusal = err.lines().last().unwrap_or_default();
    assert!(
        refusal.starts_with("international: a build up to 6 pieces needs 420.3 GB of memory"),
        "{err}"
    );
    assert!(
        refusal.ends_with("nothing was built (--force builds it anyway)"),
        "{err}"
    );
    // The plan said first, then the refusal: no material begun.
    assert_eq!(err.lines().count(), 2, "{err}");
    let left: Vec<_> = std::fs::read_dir(&endgames).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    // A build that fits goes on with --force as without.
    let o = dama(&[
        "endgame",
        "--variant",
        "czech",
        "--pieces",
        "2",
        "--force",
        "--dir",
        endgames.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(endgames.join("czech.wdl").is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An endgame database that is a FIFO (nobody writing to it) is no database: `dama bestmove`
/// answers at once without it, where opening it waited for ever.
#[cfg(target_os = "linux")]
#[test]
fn bestmove_never_waits_on_a_database_that_is_a_pipe() {
    let dir = temp_dir("fifo-database");
    let endgames = dir.join("endgames");
    std::fs::create_dir_all(&endgames).unwrap();
    for name in ["english.wdl", "english.dtc"] {
        let made = Command::new("mkfifo").arg(endgames.join(name)).status();
        assert!(made.unwrap().success());
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["bestmove", "--variant", "english", "--fen", "B:WK1,K2:BK32"])
        .args(["--depth", "4"])
        .env("DAMA_DATA_DIR", &dir)
        .env("DAMA_CONFIG_DIR", &dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed().as_secs() >= 30 {
            let _ = child.kill();
            let _ = child.wait();
            panic!("dama bestmove still ran after 30 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}
