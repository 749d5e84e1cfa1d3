//! The `dama` program: with a subcommand it works headless on the command line.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use dama::rules::{Position, RuleSet, Variant};

/// Dáma — draughts for Czech players (Česká dáma, Anglická dáma, Dvě věže, International).
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
struct Cli {
    /// Without a subcommand the program will open the game window; until then it prints this
    /// help.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal-move tree: prints `perft D NODES` for D = 1..=DEPTH on
    /// stdout, time and nodes per second on stderr.
    Perft {
        /// Rule set: czech, czech-book, english, two-towers or international.
        #[arg(long, value_name = "VARIANT")]
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
        /// Rule set: czech, czech-book, english, two-towers or international.
        #[arg(long, value_name = "VARIANT")]
        variant: Variant,
        /// Position in FEN (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
    },
}

/// Exit code for bad arguments or input, as clap uses.
const USAGE: u8 = 2;

fn position(rules: &RuleSet, fen: Option<&str>) -> Result<Position, String> {
    match fen {
        None => rules.start_position().map_err(|e| e.to_string()),
        Some(text) => rules
            .parse_fen(text)
            .map_err(|e| format!("bad FEN '{text}': {e}")),
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let Some(command) = cli.command else {
        use clap::CommandFactory;
        Cli::command()
            .print_long_help()
            .map_err(|e| e.to_string())?;
        return Ok(());
    };
    match command {
        Command::Perft {
            variant,
            fen,
            depth,
        } => {
            let rules = variant.rules();
            let pos = position(rules, fen.as_deref())?;
            for d in 1..=depth {
                let start = Instant::now();
                let nodes = pos.perft(rules, d);
                let secs = start.elapsed().as_secs_f64();
                println!("perft {d} {nodes}");
                eprintln!(
                    "perft {d}: {secs:.3} s, {:.1} M nodes/s",
                    nodes as f64 / secs.max(1e-9) / 1e6
                );
            }
        }
        Command::Moves { variant, fen } => {
            let rules = variant.rules();
            let pos = position(rules, fen.as_deref())?;
            let moves: Vec<String> = pos
                .legal_moves(rules)
                .iter()
                .map(|m| dama::notation::numeric(&pos, rules, m))
                .collect();
            println!("{}", moves.join(" "));
        }
    }
    Ok(())
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

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("dama: {}", one_line(&e));
            return ExitCode::from(USAGE);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("dama: {msg}");
            ExitCode::from(USAGE)
        }
    }
}
