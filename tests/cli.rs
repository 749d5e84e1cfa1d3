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
        &["frobnicate"],
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
fn help_documents_the_subcommands() {
    let o = dama(&["--help"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("perft") && text.contains("moves"), "{text}");
    let o = dama(&["perft", "--help"]);
    assert!(stdout(&o).contains("--fen"));
}

#[test]
fn without_a_subcommand_it_prints_help() {
    let o = dama(&[]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("Usage: dama"), "{}", stdout(&o));
}
