//! `dama replay` and `dama convert`: PDN files read game by game and replayed on the rules
//! core, and written back.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use dama::notation::Notation;
use dama::notation::pdn::{self, PdnGame, Replayed};
use dama::rules::RuleSet;

use super::output::{Failure, Output, bad_file, output_failed};

/// Most bytes read from an input that is not a regular file (a pipe, `/dev/stdin`, a device):
/// a regular file ends where its size says, a stream may never end. As much as the window
/// reads of a file; a larger collection is read from a file.
const MAX_STREAM: u64 = dama::store::game_file::MAX_FILE;

/// A PDN input, ready to read: a folder or binary data (judged from its first 8 KiB, as the
/// window judges a file) is refused before anything is read as PDN, and a stream ends in an
/// error after [`MAX_STREAM`] bytes.
fn open(path: &Path) -> Result<BufReader<Capped<impl Read>>, Failure> {
    use dama::store::game_file::{ReadError, SNIFF, is_binary};
    let refused = |why: ReadError| bad_file(format!("{}: {why}", path.display()));
    let cannot_open = |e: io::Error| bad_file(format!("{}: cannot open: {e}", path.display()));
    let meta = std::fs::metadata(path).map_err(cannot_open)?;
    if meta.is_dir() {
        return Err(refused(ReadError::Directory));
    }
    let mut file = File::open(path).map_err(cannot_open)?;
    let mut head = Vec::with_capacity(SNIFF);
    (&mut file)
        .take(SNIFF as u64)
        .read_to_end(&mut head)
        .map_err(|e| bad_file(format!("{}: cannot read: {e}", path.display())))?;
    if is_binary(&head) {
        return Err(refused(ReadError::Binary));
    }
    let left = if meta.is_file() { u64::MAX } else { MAX_STREAM };
    Ok(BufReader::new(Capped {
        inner: io::Cursor::new(head).chain(file),
        left,
    }))
}

/// A reader that fails once more than a number of bytes would be read: the error ends the PDN
/// reader, where `take` would end the input quietly, as if the file ended there.
struct Capped<R> {
    inner: R,
    left: u64,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            // One byte more tells an input that ended right at the limit from a longer one.
            return match self.inner.read(&mut [0])? {
                0 => Ok(0),
                _ => Err(io::Error::new(
                    io::ErrorKind::FileTooLarge,
                    format!("more than {MAX_STREAM} bytes from a pipe or device"),
                )),
            };
        }
        let len = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..len])?;
        self.left -= n as u64;
        Ok(n)
    }
}

/// Reads and replays every game of `path` one at a time, calling `each` with the tree and the
/// replayed record, and stopping at the first error (its own included); warnings go to
/// stderr. A file without a game is an error.
fn replay_file(
    path: &Path,
    rules: Option<&RuleSet>,
    rewrite: Option<Notation>,
    mut each: impl FnMut(PdnGame, Replayed) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let at = |e: pdn::PdnError| bad_file(format!("{}:{e}", path.display()));
    let mut games = 0;
    for (i, game) in pdn::Reader::new(open(path)?).enumerate() {
        let mut game = game.map_err(at)?;
        let replayed = pdn::replay(&mut game, i + 1, rules, rewrite).map_err(at)?;
        for w in &replayed.warnings {
            note!(
                "{}:{}: warning: game {}: {}",
                path.display(),
                w.pos,
                i + 1,
                w.kind
            );
        }
        each(game, replayed)?;
        games += 1;
    }
    if games == 0 {
        return Err(no_games(path));
    }
    Ok(())
}

/// A file that holds no game: empty, only white space or comments.
fn no_games(path: &Path) -> Failure {
    bad_file(format!("{}: no games in the file", path.display()))
}

/// `dama replay` of one file: a line per good game on stdout, `FILE:LINE:COL: game K: message`
/// per bad one on stderr, going on after it, and a summary on stderr; the number of games
/// rejected.
fn replay_all(path: &Path, rules: Option<&RuleSet>, out: &mut Output) -> Result<usize, Failure> {
    // Warnings can be several a game: written in blocks, not a system call a line.
    let mut err = BufWriter::new(io::stderr().lock());
    let (mut good, mut bad) = (0usize, 0usize);
    for (i, game) in pdn::Reader::new(open(path)?).going_on().enumerate() {
        let k = i + 1;
        let replayed = game.and_then(|mut game| {
            let r = pdn::replay(&mut game, k, rules, None)?;
            Ok((game, r))
        });
        match replayed {
            Ok((game, replayed)) => {
                for w in &replayed.warnings {
                    let _ = writeln!(
                        err,
                        "{}:{}: warning: game {k}: {}",
                        path.display(),
                        w.pos,
                        w.kind
                    );
                }
                good += 1;
                out.line(format_args!(
                    "game {k}: {} plies, result {}, final {}",
                    replayed.game.moves().len(),
                    game.result_text().trim(),
                    replayed.game.position().fen()
                ))?;
            }
            Err(e) => {
                bad += 1;
                let _ = writeln!(err, "{}:{e}", path.display());
            }
        }
    }
    if good + bad == 0 {
        let _ = err.flush();
        return Err(no_games(path));
    }
    let _ = writeln!(
        err,
        "{}: {} {}, {good} replayed, {bad} rejected",
        path.display(),
        good + bad,
        if good + bad == 1 { "game" } else { "games" }
    );
    // The lines of this file before its summary.
    out.flush()?;
    let _ = err.flush();
    Ok(bad)
}

/// Where `convert` writes, by what OUT is: a regular file (or a name not yet taken) is
/// replaced only once every game was read, through a file beside it that an error removes; a
/// FIFO, device or pipe (`/dev/null`, `>(gzip > x.gz)`, `/dev/fd/3`) is written into, as
/// `cat > OUT` would, never replaced by a file; `-` is standard output.
enum Sink {
    Replace(dama::store::storage::AtomicFile),
    Into(BufWriter<File>),
    Stdout(Output),
}

impl Sink {
    fn open(path: &Path) -> Result<Sink, Failure> {
        let cannot_write =
            |e: io::Error| bad_file(format!("{}: cannot write: {e}", path.display()));
        if path.as_os_str() == "-" {
            return Ok(Sink::Stdout(Output::new()));
        }
        // Links followed: a link to a pipe is the pipe.
        if let Ok(meta) = std::fs::metadata(path) {
            if meta.is_dir() {
                return Err(cannot_write(io::ErrorKind::IsADirectory.into()));
            }
            if !meta.is_file() {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(cannot_write)?;
                // What was opened, not what was looked at: never written into a regular file
                // that took its place, which would keep the old file's tail.
                if !file.metadata().map_err(cannot_write)?.is_file() {
                    return Ok(Sink::Into(BufWriter::new(file)));
                }
            }
        }
        // What a run that was killed left beside the file is removed first (only where the
        // process that made it is gone).
        if let Some(name) = path.file_name().and_then(|n| n.to_str()) {
            let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
            dama::store::storage::remove_stale_temp_files(
                dir.unwrap_or(Path::new(".")),
                Some(&[name]),
            );
        }
        dama::store::storage::AtomicFile::create(path)
            .map(Sink::Replace)
            .map_err(cannot_write)
    }

    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Sink::Replace(file) => file,
            Sink::Into(file) => file,
            Sink::Stdout(out) => &mut out.0,
        }
    }

    /// The failure of writing to `path`: a reader that closed the pipe stops quietly, as on
    /// standard output ([`output_failed`]).
    fn failed(&self, path: &Path, e: io::Error) -> Failure {
        match self {
            Sink::Stdout(_) => output_failed(e),
            Sink::Into(_) if e.kind() == io::ErrorKind::BrokenPipe => output_failed(e),
            _ => bad_file(format!("{}: cannot write: {e}", path.display())),
        }
    }

    fn write(&mut self, game: &PdnGame, path: &Path) -> Result<(), Failure> {
        pdn::write_game(game, &mut self.writer()).map_err(|e| self.failed(path, e))
    }

    /// Writes what is buffered; a file to replace replaces its target now.
    fn finish(mut self, path: &Path) -> Result<(), Failure> {
        if let Err(e) = self.writer().flush() {
            return Err(self.failed(path, e));
        }
        match self {
            Sink::Replace(file) => file
                .commit()
                .map_err(|e| bad_file(format!("{}: cannot write: {e}", path.display()))),
            Sink::Into(_) | Sink::Stdout(_) => Ok(()),
        }
    }
}

/// `dama replay`: every game of `files` replayed, a line per good game on stdout; a failure
/// when any game was rejected.
pub(super) fn replay(rules: Option<&RuleSet>, files: &[PathBuf]) -> Result<(), Failure> {
    let mut rejected = 0;
    let mut out = Output::new();
    for path in files {
        rejected += replay_all(path, rules, &mut out)?;
    }
    out.finish()?;
    if rejected > 0 {
        return Err(bad_file(format!(
            "{rejected} {} rejected",
            if rejected == 1 { "game" } else { "games" }
        )));
    }
    Ok(())
}

/// `dama convert`: the games of `input` replayed and written to `output`, their moves in
/// `notation` when one is given.
pub(super) fn convert(
    notation: Option<Notation>,
    rules: Option<&RuleSet>,
    input: &Path,
    output: &Path,
) -> Result<(), Failure> {
    // Game by game, so that memory holds one game, whatever the size of the
    // collection. Opened at the first game: a missing or empty IN is said as such.
    let mut out = None;
    replay_file(input, rules, notation, |mut game, replayed| {
        pdn::tag_rules(&mut game, replayed.game.rules());
        let sink = match &mut out {
            Some(sink) => sink,
            None => out.insert(Sink::open(output)?),
        };
        sink.write(&game, output)
    })?;
    if let Some(sink) = out {
        sink.finish(output)?;
    }
    Ok(())
}
