//! The `dama` program's command line: the arguments, the subcommand they name, and how it ends
//! (the exit code and the one line on stderr). Each subcommand group has its file: `perft`
//! (perft, moves), `engine` (hub, bestmove), `endgame`, `replay` (replay, convert); `output`
//! holds what they share (stdout, failures and exit codes).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use dama::notation::Notation;
use dama::rules::Variant;

/// Writes a line to stderr, ignoring a failure: `eprintln!` panics when stderr cannot be
/// written (`2>/dev/full`), and there is nowhere else to say it.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

mod endgame;
mod engine;
mod output;
mod perft;
mod replay;

use output::{BAD_FILE, Failure, STOPPED, USAGE, bad_file};

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

fn dispatch(cli: Cli) -> Result<(), Failure> {
    let Some(command) = cli.command else {
        return dama::ui::run(cli.file)
            .map_err(|e| bad_file(format!("cannot open the window: {e}")));
    };
    match command {
        Command::Perft {
            variant,
            fen,
            depth,
        } => perft::perft(variant.rules(), fen.as_deref(), depth)?,
        Command::Moves { variant, fen } => perft::moves(variant.rules(), fen.as_deref())?,
        Command::Hub {
            eval,
            exchanges,
            king_discount,
        } => engine::hub(eval, exchanges, king_discount)?,
        Command::Bestmove {
            variant,
            fen,
            time,
            depth,
            threads,
            eval,
        } => engine::bestmove(
            variant.rules(),
            &perft::position(variant.rules(), fen.as_deref())?,
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
        } => endgame::build_endgames(variant.rules(), pieces, threads, dir, !no_distances, force)?,
        Command::Replay { variant, files } => replay::replay(variant.map(Variant::rules), &files)?,
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
            replay::convert(notation, variant.map(Variant::rules), &input, &output)?
        }
    }
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

/// The program: the arguments read, logging started, the subcommand (or the window) run, and
/// its failure said; the exit code.
pub fn run() -> ExitCode {
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
    // Logged as the program (`dama`), the target its lines have always had.
    log::info!(
        target: "dama",
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
    let result = dispatch(cli);
    if let Err(Failure { message, code }) = &result
        && *code != STOPPED
    {
        log::error!(target: dama::logging::FILE_ONLY, "{message}");
    } else if window {
        log::info!(target: "dama", "window closed");
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
