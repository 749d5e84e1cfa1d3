//! Log messages for bug reports: to stderr and to `dama.log` in the data directory.
//!
//! Our code logs through the `log` facade, as eframe, egui and winit do; AccessKit's D-Bus
//! layer (zbus) logs through `tracing`. `tracing-subscriber` receives both (its `tracing-log`
//! bridge turns `log` records into events), filters them with the `DAMA_LOG` variable in
//! `RUST_LOG` syntax, and writes each to two places with its own filter: a terminal that stays
//! quiet unless something is wrong, and a file that keeps what a bug report needs.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tracing_subscriber::filter::{EnvFilter, FilterFn};
use tracing_subscriber::prelude::*;

/// The variable that sets what is logged, e.g. `DAMA_LOG=debug` or `DAMA_LOG=dama=trace,warn`.
pub const LOG_ENV: &str = "DAMA_LOG";
/// What the log file gets without `DAMA_LOG`: Dáma's own messages from `info` up, others'
/// warnings.
pub const FILE_DEFAULT: &str = "dama=info,warn";
/// What stderr gets without `DAMA_LOG`: warnings and errors only.
pub const STDERR_DEFAULT: &str = "warn";
/// The log file's name in the data directory; the previous run's is kept as `dama.log.1`.
pub const LOG_FILE: &str = "dama.log";
/// The log file stops growing at this size (10 MiB), so that a long session at `trace` level
/// cannot fill the disk.
pub const MAX_LOG: u64 = 10 << 20;
/// The target of messages the program already prints on stderr for the user (the one-line
/// error of the command line, a panic's message): they go to the file only, not twice to the
/// terminal.
pub const FILE_ONLY: &str = "dama::file_only";

/// What [`init`] set up.
#[derive(Debug, Default)]
pub struct Logging {
    /// The log file, when there is one.
    pub file: Option<PathBuf>,
    /// Why some part could not be set up (also printed on stderr): no log file, a bad
    /// `DAMA_LOG`, a logger already installed.
    pub problems: Vec<String>,
}

/// Starts logging to stderr and, given a data directory, to `dama.log` in it (the previous log
/// renamed to `dama.log.1`), and installs a panic hook that logs the panic before the usual
/// message. Never fails: without a writable directory it logs to stderr only and says why.
pub fn init(data_dir: Option<&Path>) -> Logging {
    let mut logging = Logging::default();
    let env = std::env::var(LOG_ENV).ok().filter(|v| !v.trim().is_empty());
    let filter = |default: &str| match &env {
        Some(v) => EnvFilter::try_new(v).unwrap_or_else(|_| EnvFilter::new(default)),
        None => EnvFilter::new(default),
    };
    if let Some(v) = &env
        && let Err(e) = EnvFilter::try_new(v)
    {
        logging
            .problems
            .push(format!("{LOG_ENV}={v}: {e}; using the defaults"));
    }
    let file = data_dir.map(|dir| match open_log(dir) {
        Ok((path, file)) => {
            logging.file = Some(path);
            Some(file)
        }
        Err(e) => {
            let path = dir.join(LOG_FILE);
            logging.problems.push(format!(
                "cannot write the log file {}: {e}; logging to stderr only",
                path.display()
            ));
            None
        }
    });
    let stderr = tracing_subscriber::fmt::layer()
        .with_writer(io::stderr)
        .with_ansi(io::IsTerminal::is_terminal(&io::stderr()))
        .with_filter(filter(STDERR_DEFAULT))
        .with_filter(FilterFn::new(|meta| meta.target() != FILE_ONLY));
    let file_layer = file.flatten().map(|f| {
        tracing_subscriber::fmt::layer()
            .with_writer(Mutex::new(f))
            .with_ansi(false)
            .with_filter(filter(FILE_DEFAULT))
    });
    let installed = tracing_subscriber::registry()
        .with(stderr)
        .with(file_layer)
        .try_init();
    if let Err(e) = installed {
        logging
            .problems
            .push(format!("logging was already set up: {e}"));
    } else {
        install_panic_hook();
    }
    for p in &logging.problems {
        eprintln!("dama: {p}");
        log::warn!(target: FILE_ONLY, "{p}");
    }
    logging
}

/// Opens a fresh `dama.log` in `dir` (created if needed), keeping the previous one as
/// `dama.log.1`.
fn open_log(dir: &Path) -> io::Result<(PathBuf, CappedFile)> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(LOG_FILE);
    if path.exists() {
        std::fs::rename(&path, dir.join(format!("{LOG_FILE}.1")))?;
    }
    let file = OpenOptions::new().create(true).append(true).open(&path)?;
    Ok((
        path,
        CappedFile {
            file,
            written: 0,
            capped: false,
        },
    ))
}

/// A log file that stops at [`MAX_LOG`] bytes with a last line saying so.
struct CappedFile {
    file: File,
    written: u64,
    capped: bool,
}

impl Write for CappedFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.capped {
            return Ok(buf.len());
        }
        if self.written + buf.len() as u64 > MAX_LOG {
            self.capped = true;
            writeln!(self.file, "(log capped at {MAX_LOG} bytes)")?;
            return Ok(buf.len());
        }
        let n = self.file.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Logs a panic's message and place (to the file: the default hook, called next, prints it on
/// stderr), so that a crash report has it with what led to it.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".into());
        let place = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_else(|| "an unknown place".into());
        let thread = std::thread::current();
        let thread = thread.name().unwrap_or("unnamed");
        log::error!(target: FILE_ONLY, "panic in thread '{thread}' at {place}: {message}");
        previous(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_stops_at_its_cap() {
        let dir = std::env::temp_dir().join(format!("dama-log-cap-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (path, mut f) = open_log(&dir).unwrap();
        let line = [b'x'; 1000];
        for _ in 0..(MAX_LOG / 1000 + 10) {
            assert_eq!(f.write(&line).unwrap(), 1000);
        }
        let len = std::fs::metadata(&path).unwrap().len();
        assert!(len <= MAX_LOG + 100, "{len}");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.ends_with("(log capped at 10485760 bytes)\n"));
        // The next start keeps this log as dama.log.1.
        let (_, _) = open_log(&dir).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 0);
        assert_eq!(
            std::fs::metadata(dir.join("dama.log.1")).unwrap().len(),
            len
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
