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
