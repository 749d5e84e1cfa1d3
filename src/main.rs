//! The `dama` program: with a subcommand it works headless on the command line.

// On Windows a console program opens a console window beside the game window when started from
// Explorer or the Start menu; as a window program it has none, and borrows the console of the
// command prompt it was typed in (see `windows_console`).
#![cfg_attr(windows, windows_subsystem = "windows")]

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use dama::notation::Notation;
use dama::notation::pdn::{self, PdnGame, Replayed};
use dama::rules::{Position, RuleSet, Variant};

/// Dáma — draughts for Czech players (Česká dáma, Anglická dáma, Dvě věže, International).
#[derive(Parser, Debug)]
#[command(version, about, long_about = None, args_conflicts_with_subcommands = true)]
struct Cli {
    /// Without a subcommand the program opens the game window.
    #[command(subcommand)]
    command: Option<Command>,
    /// A PDN file to open in the window.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal-move tree: prints `perft D NODES` for D = 1..=DEPTH on
    /// stdout, time and nodes per second on stderr.
    Perft {
        /// Rule set.
        #[arg(long, value_name = "VARIANT", value_parser = variant_parser())]
        variant: Variant,
        /// Start position in FEN, e.g. `W:W21-32:B1-12` (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
        /// Deepest ply to count (1 to 30).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: u32,
    },
    /// Print all legal moves on one line, space-separated, in PDN numeric notation, sorted by
    /// from square, to square and captured squares.
    Moves {
        /// Rule set.
        #[arg(long, value_name = "VARIANT", value_parser = variant_parser())]
        variant: Variant,
        /// Position in FEN (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Speak the Hub protocol (version 2, as Scan and draughts GUIs do) on stdin and stdout:
    /// other programs play and analyse with Dáma's engine, in every rule set (parameter
    /// `variant`).
    Hub {
        /// Evaluate with the weights of FILE (made by the `train_eval` example) instead of the
        /// shipped ones, to compare two evaluations by SPRT without building the program again.
        #[arg(long, value_name = "FILE")]
        eval: Option<PathBuf>,
        /// On 10×10 boards, play out at the search's horizon the exchanges a side can offer in
        /// positions without kings, as Scan 2.0 does: on trial, to be compared by SPRT with
        /// the engine without it.
        #[arg(long)]
        exchanges: bool,
        /// With flying kings, discount a lead while the side behind has a king, as Scan 2.0's
        /// evaluation does (on or off): by default on in International, where it passed its
        /// SPRT, and off elsewhere.
        #[arg(long, value_name = "on|off", value_parser = on_off())]
        king_discount: Option<bool>,
    },
    /// Think about a position and print the best move in PDN notation on stdout, then the
    /// score (in hundredths of a man, for the side to move), depth, nodes and principal
    /// variation on stderr.
    #[command(group(clap::ArgGroup::new("limit").required(true).args(["time", "depth"])))]
    Bestmove {
        /// Rule set.
        #[arg(long, value_name = "VARIANT", value_parser = variant_parser())]
        variant: Variant,
        /// Position in FEN (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
        /// Thinking time in milliseconds.
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
        time: Option<u64>,
        /// Depth to search, in plies (1 to 64).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// Search threads (1 to 64).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: u32,
        /// Evaluate with the weights of FILE (made by the `train_eval` example) instead of the
        /// shipped ones: to see what new weights make of a position, and how fast they are.
        #[arg(long, value_name = "FILE")]
        eval: Option<PathBuf>,
    },
    /// Build the endgame databases of a rule set (won, drawn or lost for every position of up to
    /// PIECES pieces) into the data folder's `endgames`, where the computer opponent finds them.
    Endgame {
        /// Rule set.
        #[arg(long, value_name = "VARIANT", value_parser = variant_parser())]
        variant: Variant,
        /// Most pieces on the board (2 to 6; 4 takes seconds to minutes, 5 much longer).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(2..=6))]
        pieces: u32,
        /// Threads to use, 1 to 256 (default: every core).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
        /// Folder to write to (default: the data folder's `endgames`).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Leave out the distances to conversion (`ID.dtc`, four times the size of the values),
        /// with which the computer wins a won ending before a no-progress rule draws it.
        #[arg(long)]
        no_distances: bool,
        /// Build even where the build needs more memory than this computer has free (without
        /// it such a build is refused before it begins).
        #[arg(long)]
        force: bool,
    },
    /// Replay every game of PDN files on the rules core: one line per game, `game K: N plies,
    /// result R, final FEN`; warnings on stderr. A bad game is `FILE:LINE:COL: game K: message`
    /// on stderr, and the games after it are read on; a summary per file on stderr; exit code 1
    /// if any game was rejected.
    Replay {
        /// Read every game with this rule set instead of the one the file names.
        #[arg(long, value_name = "VARIANT", value_parser = variant_parser())]
        variant: Option<Variant>,
        /// PDN files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Read a PDN file, check every move, and write it again normalised, e.g. from numeric to
    /// algebraic notation. A regular OUT is replaced only when everything was read; a FIFO,
    /// device or pipe is written into as the games are read, and `-` is standard output.
    Convert {
        /// Notation of the moves written (default: algebraic for Czech games, as PDN writes
        /// them, numeric for the others).
        #[arg(long, value_enum)]
        notation: Option<NotationArg>,
        /// Read every game with this rule set instead of the one the file names.
        #[arg(long, value_name = "VARIANT", value_parser = variant_parser())]
        variant: Option<Variant>,
        /// PDN file to read.
        input: PathBuf,
        /// PDN file to write, or `-` for standard output.
        output: PathBuf,
    },
}

/// The `--variant` values: the ids of [`Variant::ALL`], each with its English name, so that
/// `--help` lists them and a wrong one is refused with the list, without repeating it here.
fn variant_parser() -> impl clap::builder::TypedValueParser<Value = Variant> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = Variant::ALL.map(|v| PossibleValue::new(v.id()).help(v.rules().name_en.clone()));
    PossibleValuesParser::new(values).map(|id| id.parse::<Variant>().expect("an id of a preset"))
}

/// Move notation on the command line.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum NotationArg {
    /// Square numbers: 32-28, 28x19.
    Numeric,
    /// Algebraic squares: c3-d4, c3:e5.
    Algebraic,
}

/// A failure after the arguments were understood: the message and the exit code.
struct Failure {
    message: String,
    code: u8,
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
const BAD_FILE: u8 = 1;
/// "Exit code" of a [`Failure`] that is no failure: stdout was closed by its reader (`dama perft
/// … | head -1`), who wanted no more. The program stops quietly with code 0, as `cat` and
/// ripgrep do, instead of a message for something the user did on purpose.
const STOPPED: u8 = 0;

fn bad_file(message: String) -> Failure {
    Failure {
        message,
        code: BAD_FILE,
    }
}

/// The failure of writing the output: a broken pipe stops quietly ([`STOPPED`]); anything else
/// (a full disk, an I/O error) is one line and exit code 1.
fn output_failed(e: io::Error) -> Failure {
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
struct Output(BufWriter<io::StdoutLock<'static>>);

impl Output {
    fn new() -> Output {
        Output(BufWriter::new(io::stdout().lock()))
    }

    /// Writes one line.
    fn line(&mut self, text: std::fmt::Arguments<'_>) -> Result<(), Failure> {
        writeln!(self.0, "{text}").map_err(output_failed)
    }

    /// Writes what is buffered, for a line the user waits for (a perft depth).
    fn flush(&mut self) -> Result<(), Failure> {
        self.0.flush().map_err(output_failed)
    }

    /// Flushes at the end: an error writing the last lines is an error too.
    fn finish(mut self) -> Result<(), Failure> {
        self.flush()
    }
}

/// Writes a line to stderr, ignoring a failure: `eprintln!` panics when stderr cannot be
/// written (`2>/dev/full`), and there is nowhere else to say it.
macro_rules! note {
    ($($arg:tt)*) => {{
        let _ = writeln!(io::stderr().lock(), $($arg)*);
    }};
}

/// Most bytes read from an input that is not a regular file (a pipe, `/dev/stdin`, a device):
/// a regular file ends where its size says, a stream may never end. As much as the window
/// reads of a file; a larger collection is read from a file.
const MAX_STREAM: u64 = dama::store::game_file::MAX_FILE;

/// The weights file of `dama hub --eval` and `dama bestmove --eval`, read whole within
/// [`hub::MAX_EVAL_FILE`] bytes (whether the weights fit the rule set is told where they are
/// read as weights: the hub's `init`, or bestmove before it thinks).
///
/// [`hub::MAX_EVAL_FILE`]: dama::engine::hub::MAX_EVAL_FILE
fn read_eval(path: &Path) -> Result<Vec<u8>, Failure> {
    use dama::engine::hub::MAX_EVAL_FILE;
    let fail = |why: String| bad_file(format!("{}: {why}", path.display()));
    if path.is_dir() {
        return Err(fail("a folder, not a weights file".into()));
    }
    let file = File::open(path).map_err(|e| fail(format!("cannot open: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_EVAL_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_EVAL_FILE {
        return Err(fail(format!(
            "more than {MAX_EVAL_FILE} bytes: not a weights file"
        )));
    }
    Ok(bytes)
}

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

/// Exit code for bad arguments or input, as clap uses.
const USAGE: u8 = 2;

fn position(rules: &RuleSet, fen: Option<&str>) -> Result<Position, Failure> {
    match fen {
        None => Ok(rules.start_position().map_err(|e| e.to_string())?),
        Some(text) => Ok(rules
            .parse_fen(text)
            .map_err(|e| format!("bad FEN '{text}': {e}"))?),
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    let Some(command) = cli.command else {
        return dama::ui::run(cli.file)
            .map_err(|e| bad_file(format!("cannot open the window: {e}")));
    };
    match command {
        Command::Perft {
            variant,
            fen,
            depth,
        } => {
            let rules = variant.rules();
            let pos = position(rules, fen.as_deref())?;
            let mut out = Output::new();
            for d in 1..=depth {
                let start = Instant::now();
                let nodes = pos.perft(rules, d);
                let secs = start.elapsed().as_secs_f64();
                out.line(format_args!("perft {d} {nodes}"))?;
                // Each depth as soon as it is known: the deep ones take long.
                out.flush()?;
                note!(
                    "perft {d}: {secs:.3} s, {:.1} M nodes/s",
                    nodes as f64 / secs.max(1e-9) / 1e6
                );
            }
            out.finish()?;
        }
        Command::Moves { variant, fen } => {
            let rules = variant.rules();
            let pos = position(rules, fen.as_deref())?;
            let moves: Vec<String> = pos
                .legal_moves(rules)
                .iter()
                .map(|m| dama::notation::numeric(&pos, rules, m))
                .collect();
            let mut out = Output::new();
            out.line(format_args!("{}", moves.join(" ")))?;
            out.finish()?;
        }
        Command::Hub {
            eval,
            exchanges,
            king_discount,
        } => {
            let eval = eval.map(|path| read_eval(&path)).transpose()?;
            let stdin = io::stdin().lock();
            let trial = dama::engine::hub::Trial {
                exchanges,
                king_discount,
            };
            dama::engine::hub::run(stdin, io::stdout(), eval, trial)
                .map_err(|e| bad_file(format!("hub: {e}")))?;
        }
        Command::Bestmove {
            variant,
            fen,
            time,
            depth,
            threads,
            eval,
        } => bestmove(
            variant.rules(),
            &position(variant.rules(), fen.as_deref())?,
            time,
            depth,
            threads as usize,
            eval.as_deref(),
        )?,
        Command::Endgame {
            variant,
            pieces,
            threads,
            dir,
            no_distances,
            force,
        } => build_endgames(variant.rules(), pieces, threads, dir, !no_distances, force)?,
        Command::Replay { variant, files } => {
            let rules = variant.map(Variant::rules);
            let mut rejected = 0;
            let mut out = Output::new();
            for path in &files {
                rejected += replay_all(path, rules, &mut out)?;
            }
            out.finish()?;
            if rejected > 0 {
                return Err(bad_file(format!(
                    "{rejected} {} rejected",
                    if rejected == 1 { "game" } else { "games" }
                )));
            }
        }
        Command::Convert {
            notation,
            variant,
            input,
            output,
        } => {
            let notation = notation.map(|n| match n {
                NotationArg::Numeric => Notation::Numeric,
                NotationArg::Algebraic => Notation::Algebraic,
            });
            let rules = variant.map(Variant::rules);
            // Game by game, so that memory holds one game, whatever the size of the
            // collection. Opened at the first game: a missing or empty IN is said as such.
            let mut out = None;
            replay_file(&input, rules, notation, |mut game, replayed| {
                pdn::tag_rules(&mut game, replayed.game.rules());
                let sink = match &mut out {
                    Some(sink) => sink,
                    None => out.insert(Sink::open(&output)?),
                };
                sink.write(&game, &output)
            })?;
            if let Some(sink) = out {
                sink.finish(&output)?;
            }
        }
    }
    Ok(())
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

/// `dama endgame`: builds the databases of `rules` up to `pieces` pieces into `dir` (the data
/// folder's `endgames` by default), resuming a build that was stopped; one this computer cannot
/// hold only when `force`d.
fn build_endgames(
    rules: &RuleSet,
    pieces: u32,
    threads: Option<u32>,
    dir: Option<PathBuf>,
    distances: bool,
    force: bool,
) -> Result<(), Failure> {
    use dama::engine::endgame::{distances_file_in, file_in};
    use dama::store::endgame_files::{self, Finished, Plan};
    let Some(dir) = dir.or_else(dama::store::dirs::endgames_dir) else {
        return Err(bad_file(
            "no data folder for the endgame databases: give --dir".into(),
        ));
    };
    // The folder is made before computing, which may take hours: a folder that cannot be used
    // is said at once, not after.
    if std::fs::metadata(&dir).is_ok_and(|m| !m.is_dir()) {
        return Err(bad_file(format!("{}: not a folder", dir.display())));
    }
    std::fs::create_dir_all(&dir)
        .map_err(|e| bad_file(format!("{}: cannot create the folder: {e}", dir.display())))?;
    // Said before the plan, not after it: nothing here will be built.
    if endgame_files::busy(&dir, rules) {
        let busy = endgame_files::BuildError::Busy { path: dir.clone() };
        return Err(bad_file(busy.to_string()));
    }
    let threads = threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    // What it takes, before anything large is written.
    let plan = Plan::new(rules, pieces);
    note!(
        "{}: {} materials of up to {} pieces, {} positions: {} on disk ({} of values{}), {} of memory, about {} on {threads} threads",
        rules.id,
        plan.materials.len(),
        plan.pieces,
        count_words(plan.positions),
        bytes_words(plan.disk_bytes(distances)),
        bytes_words(plan.values_bytes),
        if distances {
            format!(
                ", {} of distances to conversion",
                bytes_words(plan.distances_bytes)
            )
        } else {
            String::new()
        },
        bytes_words(plan.memory_bytes()),
        duration_words(plan.estimated(threads)),
    );
    // Refused before anything is written: a build beyond the memory swaps for days or is killed
    // hours in.
    let available = endgame_files::available_memory();
    if !force && !plan.fits_memory(available) {
        return Err(bad_file(format!(
            "{}: {}",
            rules.id,
            dama::speech::phrases::endgames::too_much_memory(
                dama::language::Language::English,
                plan.pieces,
                plan.memory_bytes(),
                available,
                endgame_files::DESKTOP_MEMORY,
            )
        )));
    }
    // Damaged files are set aside before the build replaces them, and said: the search did not
    // use them, and the person may want to look at them.
    for (from, to) in endgame_files::set_aside(&dir, rules).map_err(|e| bad_file(e.to_string()))? {
        note!(
            "{}: {}",
            rules.id,
            dama::speech::phrases::endgames::set_aside(
                dama::language::Language::English,
                &from,
                &to
            )
        );
    }
    // Its plan read once: what it was building and what it kept are of the same plan.
    if let Some(stopped) = endgame_files::stopped(&dir, rules)
        && (stopped.pieces, stopped.distances) == (plan.pieces, distances)
    {
        let (done, of) = (stopped.done, stopped.of);
        note!(
            "{}: going on with a stopped build, {done} of {of} materials done",
            rules.id
        );
    }
    let bar = indicatif::ProgressBar::new(1000);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "[{elapsed_precise}] {bar:30} {percent:>3} % {msg}",
        )
        .expect("a valid template"),
    );
    let start = Instant::now();
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let finished =
        endgame_files::build(rules, pieces, threads, &dir, distances, &cancel, &mut |p| {
            let line = format!(
                "{}/{} {}, about {} left",
                p.done,
                p.of,
                material_words(&p.material),
                duration_words(p.left)
            );
            // A terminal sees one bar; a log, a line a material solved.
            if bar.is_hidden() {
                if !p.read_back {
                    note!(
                        "{}: {line} ({:.0} %, {:.1} s)",
                        rules.id,
                        p.fraction * 100.0,
                        p.elapsed.as_secs_f64()
                    );
                }
            } else {
                bar.set_position((p.fraction * 1000.0) as u64);
                bar.set_message(line);
            }
        })
        .map_err(|e| bad_file(e.to_string()));
    bar.finish_and_clear();
    let Finished::Built {
        stats,
        read_back,
        values_bytes,
        distances_bytes,
    } = finished?
    else {
        return Err(bad_file(format!("{}: the build was stopped", rules.id)));
    };
    let mut out = Output::new();
    if distances {
        out.line(format_args!(
            "{}: distances to conversion, {distances_bytes} bytes in {}",
            rules.id,
            distances_file_in(&dir, rules).display()
        ))?;
        if stats.beyond_count > 0 {
            out.line(format_args!(
                "{}: {} won or lost positions take longer to their next capture than the no-progress rule allows: drawn under it",
                rules.id, stats.beyond_count
            ))?;
        }
    }
    let resumed = if read_back > 0 {
        format!(" ({read_back} materials read back from a stopped build)")
    } else {
        String::new()
    };
    out.line(format_args!(
        "{}: {} materials of up to {} pieces, {} positions ({} won, {} drawn, {} lost){resumed}, {values_bytes} bytes in {}, {:.1} s on {threads} threads",
        rules.id,
        stats.materials + read_back,
        plan.pieces,
        plan.positions,
        stats.wins,
        stats.draws,
        stats.losses,
        file_in(&dir, rules).display(),
        start.elapsed().as_secs_f64()
    ))?;
    out.finish()
}

/// A material as people say it, White's pieces first: "king and man against two men".
fn material_words(m: &dama::engine::endgame::Material) -> String {
    use dama::rules::{Color, Role};
    let side = |color| {
        let parts: Vec<String> = [
            (Role::King, "king", "kings"),
            (Role::Tower, "tower", "towers"),
            (Role::Man, "man", "men"),
        ]
        .into_iter()
        .filter_map(|(role, one, many)| match m.count(color, role) {
            0 => None,
            1 => Some(one.to_string()),
            n => Some(format!("{} {many}", number_words(n))),
        })
        .collect();
        match parts.as_slice() {
            [] => "nothing".to_string(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    };
    format!("{} against {}", side(Color::White), side(Color::Black))
}

/// A small number in words, as a material is said.
fn number_words(n: u32) -> String {
    const WORDS: [&str; 9] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// A count as people read it: 16.6 million.
fn count_words(n: u64) -> String {
    match n {
        0..1_000_000 => n.to_string(),
        1_000_000..1_000_000_000 => format!("{:.1} million", n as f64 / 1e6),
        _ => format!("{:.1} billion", n as f64 / 1e9),
    }
}

/// A size in bytes as people read it: 4.1 MB.
fn bytes_words(n: u64) -> String {
    indicatif::DecimalBytes(n).to_string()
}

/// A time as people read it: 40 s, 3 min, 2 h 10 min.
fn duration_words(d: std::time::Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{} s", s.max(1)),
        60..3600 => format!("{} min", (s + 30) / 60),
        _ => format!("{} h {} min", s / 3600, (s % 3600) / 60),
    }
}

fn bestmove(
    rules: &RuleSet,
    pos: &Position,
    time: Option<u64>,
    depth: Option<u32>,
    threads: usize,
    eval: Option<&Path>,
) -> Result<(), Failure> {
    use dama::engine::learned::Learned;
    use dama::engine::{Evaluator, Limits, Searcher};
    let limits = Limits {
        depth,
        time: time.map(std::time::Duration::from_millis),
        ..Limits::default()
    };
    let mut searcher = match eval {
        Some(path) => {
            let learned = Learned::from_bytes(rules, &read_eval(path)?)
                .map_err(|e| bad_file(format!("{}: {e}", path.display())))?;
            let eval = Evaluator::with_learned(rules, std::sync::Arc::new(learned));
            Searcher::with_evaluator(rules, 64, eval)
        }
        None => Searcher::new(rules, 64),
    };
    searcher.set_threads(threads);
    let report = searcher.search(&[*pos], limits, &mut |r| {
        note!(
            "info depth {} seldepth {} score {} nodes {} nps {} time {} ms",
            r.depth,
            r.seldepth,
            r.score,
            r.nodes,
            r.nps(),
            r.elapsed.as_millis()
        );
    });
    let notation = pdn::pdn_notation(rules);
    let Some(best) = report.best else {
        return Err(bad_file(format!(
            "no legal move: {} has lost",
            pos.side_to_move()
        )));
    };
    let mut out = Output::new();
    out.line(format_args!(
        "{}",
        dama::notation::write(pos, rules, &best, notation)
    ))?;
    out.finish()?;
    let mut line = Vec::new();
    let mut p = *pos;
    for m in &report.pv {
        line.push(dama::notation::write(&p, rules, m, notation));
        p.play_unchecked(m);
    }
    let mate = report
        .mate_in()
        .map(|n| format!(" (win in {n} plies)"))
        .filter(|_| report.score > 0)
        .or_else(|| report.mate_in().map(|n| format!(" (loss in {} plies)", -n)))
        .unwrap_or_default();
    note!(
        "score {}{mate} depth {} nodes {} time {} ms nps {} pv {}",
        report.score,
        report.depth,
        report.nodes,
        report.elapsed.as_millis(),
        report.nps(),
        line.join(" ")
    );
    Ok(())
}

fn shown(path: Option<&Path>) -> String {
    path.map(|p| p.display().to_string())
        .unwrap_or_else(|| "none".into())
}

/// Clap's error as one line: the message and any list of possible values, without the usage
/// block.
fn one_line(err: &clap::Error) -> String {
    let text = err.render().to_string();
    let mut parts = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("Usage:") || line.starts_with("For more information")
        {
            if !parts.is_empty() {
                break;
            }
            continue;
        }
        parts.push(line.to_string());
    }
    let line = parts.join(" ");
    line.strip_prefix("error: ").unwrap_or(&line).to_string()
}

/// A window program started from a command prompt has no standard output: it writes to the
/// prompt's console instead, unless its output was redirected (a file or pipe is kept).
#[cfg(windows)]
fn windows_console() {
    use windows_sys::Win32::Foundation::INVALID_HANDLE_VALUE;
    use windows_sys::Win32::System::Console::{
        ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_OUTPUT_HANDLE,
    };
    // SAFETY: both only read or set this process's console state; no pointers are passed.
    unsafe {
        let out = GetStdHandle(STD_OUTPUT_HANDLE);
        if out.is_null() || out == INVALID_HANDLE_VALUE {
            AttachConsole(ATTACH_PARENT_PROCESS);
        }
    }
}

fn main() -> ExitCode {
    #[cfg(windows)]
    windows_console();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            note!("dama: {}", one_line(&e));
            return ExitCode::from(USAGE);
        }
    };
    // The window logs to a file in the data directory too; a subcommand only to stderr, where
    // it stays quiet unless DAMA_LOG asks for more (its output is for scripts).
    let window = cli.command.is_none();
    let data_dir = if window {
        dama::store::dirs::data_dir()
    } else {
        None
    };
    let logging = dama::logging::init(data_dir.as_deref());
    log::info!(
        "Dáma {} ({} {}) starting; data directory {}, log file {}",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::OS,
        std::env::consts::ARCH,
        shown(data_dir.as_deref()),
        shown(logging.file.as_deref()),
    );
    if let Some(dir) = dama::store::dirs::endgames_dir() {
        dama::engine::endgame::set_directory(&dir);
    }
    let result = run(cli);
    if let Err(Failure { message, code }) = &result
        && *code != STOPPED
    {
        log::error!(target: dama::logging::FILE_ONLY, "{message}");
    } else if window {
        log::info!("window closed");
    }
    match result {
        Ok(()) | Err(Failure { code: STOPPED, .. }) => ExitCode::SUCCESS,
        Err(Failure { message, code }) if code == BAD_FILE => {
            note!("{message}");
            ExitCode::from(code)
        }
        Err(Failure { message, code }) => {
            note!("dama: {message}");
            ExitCode::from(code)
        }
    }
}

/// `on` or `off`, as a switch on the command line is said.
fn on_off() -> impl clap::builder::TypedValueParser<Value = bool> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["on", "off"]).map(|s| s == "on")
}
