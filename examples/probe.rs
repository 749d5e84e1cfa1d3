//! Looks positions up in the installed endgame databases, for match tools outside Rust (such as
//! `tools/scan_match.py`) that adjudicate a draw the databases call one, as `hub_match` does:
//!
//! ```text
//! cargo run --release --example probe -- VARIANT
//! ```
//!
//! Reads one FEN a line on standard input and answers each at once with one line: `win`,
//! `draw` or `loss` for the side to move, `unknown` when the position has more pieces than the
//! databases, or `error: …` for a line that is no position of the rule set (a line is read to
//! its first 200 characters). The databases are those the program reads (the data folder's
//! `endgames`, or `$DAMA_DATA_DIR/endgames`); without them it says so on standard error, ends
//! with code 2, and answers nothing. It starts by printing `pieces N`, the most the databases
//! hold.

// Only `fail` of what the match tools share: this tool takes no options and reads no book.
#[allow(dead_code)]
mod common;

use std::io::{BufRead, Write};

use dama::engine::endgame::{self, Wdl};
use dama::rules::Variant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant] = args.as_slice() else {
        common::fail("usage: probe VARIANT (FEN lines on standard input)");
    };
    let variant: Variant = variant
        .parse()
        .unwrap_or_else(|e| common::fail(format!("{variant}: {e}")));
    let rules = variant.rules();
    if let Some(dir) = dama::store::dirs::endgames_dir() {
        endgame::set_directory(&dir);
    }
    let Some(tables) = endgame::installed(rules) else {
        common::fail(format!("no endgame databases of {variant} installed"));
    };
    let mut out = std::io::stdout().lock();
    let mut answer = |line: &str| {
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .unwrap_or_else(|e| common::fail(format!("standard output: {e}")));
    };
    answer(&format!("pieces {}", tables.pieces()));
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap_or_else(|e| common::fail(format!("standard input: {e}")));
        let fen: String = line.trim().chars().take(200).collect();
        match rules.parse_fen(&fen) {
            Err(e) => answer(&format!("error: {e}")),
            Ok(pos) => answer(match tables.probe(&pos) {
                Some(Wdl::Win) => "win",
                Some(Wdl::Draw) => "draw",
                Some(Wdl::Loss) => "loss",
                None => "unknown",
            }),
        }
    }
}
