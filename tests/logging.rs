//! The log: a file in the data directory for bug reports, stderr kept quiet, the level from
//! `DAMA_LOG`, and a panic logged with its place.

mod common;

use std::process::{Command, Output};

/// Starts the window where there is no display: it logs its start and the failure, then exits.
/// Linux only: Windows always has a desktop, where the window would open.
#[cfg(target_os = "linux")]
fn window(data_dir: &std::path::Path, log: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_dama"));
    c.env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("DAMA_CONFIG_DIR", data_dir.join("config"))
        .env("DAMA_DATA_DIR", data_dir);
    match log {
        Some(v) => c.env("DAMA_LOG", v),
        None => c.env_remove("DAMA_LOG"),
    };
    c.output().expect("dama runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn the_window_logs_to_a_file_and_keeps_the_previous_log() {
    let dir = common::temp_dir("logging", "file");
    let o = window(&dir, None);
    assert_eq!(o.status.code(), Some(1));
    // stderr has the user's one line only; the file has the details.
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    let log = std::fs::read_to_string(dir.join("dama.log")).unwrap();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 2, "{log}");
    assert!(
        lines[0].contains(" INFO dama: Dáma ")
            && lines[0].contains(&format!("data directory {}", dir.display()))
            && lines[0].contains(&format!("log file {}", dir.join("dama.log").display())),
        "{log}"
    );
    assert!(
        lines[1].contains(" ERROR ") && lines[1].contains("cannot open the window: "),
        "{log}"
    );
    // The next run keeps this log as dama.log.1.
    let o = window(&dir, None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(dir.join("dama.log.1")).unwrap(),
        log
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn dama_log_sets_the_level() {
    let dir = common::temp_dir("logging", "level");
    let o = window(&dir, Some("debug"));
    assert_eq!(o.status.code(), Some(1));
    // At debug level stderr shows the start too.
    let err = stderr(&o);
    assert!(err.contains(" INFO dama: Dáma "), "{err}");
    // Off: nothing at all in the file.
    let o = window(&dir, Some("off"));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(dir.join("dama.log")).unwrap(), "");
    // A bad value is reported and the defaults are used.
    let o = window(&dir, Some("dama=loud"));
    let err = stderr(&o);
    assert!(err.starts_with("dama: DAMA_LOG=dama=loud: "), "{err}");
    assert!(err.contains("using the defaults"), "{err}");
    let log = std::fs::read_to_string(dir.join("dama.log")).unwrap();
    assert!(log.contains(" INFO dama: Dáma "), "{log}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn an_unwritable_data_directory_leaves_stderr_only() {
    let dir = common::temp_dir("logging", "unwritable");
    // A regular file where the directory should be: fails even for root.
    let file = dir.join("not-a-dir");
    std::fs::write(&file, "x").unwrap();
    let o = window(&file, None);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with(&format!(
            "dama: cannot write the log file {}: ",
            file.join("dama.log").display()
        )) && lines[0].ends_with("logging to stderr only"),
        "{err}"
    );
    assert!(lines[1].starts_with("cannot open the window"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn subcommands_log_nothing_and_write_no_file() {
    let dir = common::temp_dir("logging", "cli");
    let o = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["moves", "--variant", "czech"])
        .env("DAMA_DATA_DIR", &dir)
        .env_remove("DAMA_LOG")
        .output()
        .unwrap();
    assert!(o.status.success());
    assert_eq!(stderr(&o), "");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// In this process (the logger is global, so one test does it): messages of the `log` facade
/// reach the file, and a panic is logged with its place before the usual message.
#[test]
fn a_panic_is_logged_with_its_place() {
    let dir = common::temp_dir("logging", "panic");
    let logging = dama::logging::init(Some(&dir));
    assert_eq!(logging.problems, Vec::<String>::new());
    assert_eq!(logging.file, Some(dir.join("dama.log")));
    log::warn!("from the log facade");
    let line = line!() + 1;
    let caught = std::panic::catch_unwind(|| panic!("boom {}", 42));
    assert!(caught.is_err());
    let log = std::fs::read_to_string(dir.join("dama.log")).unwrap();
    assert!(log.contains(" WARN logging: from the log facade"), "{log}");
    assert!(
        log.contains(&format!(
            "panic in thread 'a_panic_is_logged_with_its_place' at tests/logging.rs:{line}:"
        )) && log.contains(": boom 42"),
        "{log}"
    );
    // A second set-up is refused without harm.
    let again = dama::logging::init(None);
    assert_eq!(again.problems.len(), 1, "{:?}", again.problems);
    std::fs::remove_dir_all(&dir).unwrap();
}
