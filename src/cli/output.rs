//! What the subcommands share: standard output that reports its failures, and a failure's
//! message with its exit code.

use std::io::{self, BufWriter, Write};

/// A failure after the arguments were understood: the message and the exit code.
pub(super) struct Failure {
    pub(super) message: String,
    pub(super) code: u8,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure {
            message,
            code: USAGE,
        }
    }
}

/// Exit code for a file that cannot be read or replayed, or output that cannot be written.
pub(super) const BAD_FILE: u8 = 1;
/// "Exit code" of a [`Failure`] that is no failure: stdout was closed by its reader (`dama perft
/// … | head -1`), who wanted no more. The program stops quietly with code 0, as `cat` and
/// ripgrep do, instead of a message for something the user did on purpose.
pub(super) const STOPPED: u8 = 0;

pub(super) fn bad_file(message: String) -> Failure {
    Failure {
        message,
        code: BAD_FILE,
    }
}

/// The failure of writing the output: a broken pipe stops quietly ([`STOPPED`]); anything else
/// (a full disk, an I/O error) is one line and exit code 1.
pub(super) fn output_failed(e: io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return Failure {
            message: String::new(),
            code: STOPPED,
        };
    }
    bad_file(format!("cannot write the output: {e}"))
}

/// Stdout, locked and buffered: `println!` panics when the output cannot be written (a closed
/// pipe, a full disk), these report it as a [`Failure`]. Nothing is kept unwritten at the end:
/// [`Output::finish`] flushes and checks.
pub(super) struct Output(pub(super) BufWriter<io::StdoutLock<'static>>);

impl Output {
    pub(super) fn new() -> Output {
        Output(BufWriter::new(io::stdout().lock()))
    }

    /// Writes one line.
    pub(super) fn line(&mut self, text: std::fmt::Arguments<'_>) -> Result<(), Failure> {
        writeln!(self.0, "{text}").map_err(output_failed)
    }

    /// Writes what is buffered, for a line the user waits for (a perft depth).
    pub(super) fn flush(&mut self) -> Result<(), Failure> {
        self.0.flush().map_err(output_failed)
    }

    /// Flushes at the end: an error writing the last lines is an error too.
    pub(super) fn finish(mut self) -> Result<(), Failure> {
        self.flush()
    }
}

/// Exit code for bad arguments or input, as clap uses.
pub(super) const USAGE: u8 = 2;
