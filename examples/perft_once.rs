//! Perft at one depth, to measure the move generator alone:
//!
//! ```text
//! cargo run --release --example perft_once -- VARIANT DEPTH [FEN]
//! valgrind --tool=callgrind target/release/examples/perft_once english 9
//! ```
//!
//! Prints `perft DEPTH NODES` on standard output and the time on standard error. Under
//! callgrind its instruction count is the same from run to run however busy the machine is,
//! where times are not; `dama perft` runs every shallower depth first and parses its options.

use std::time::Instant;

use dama::rules::Variant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (variant, depth, fen) = match args.as_slice() {
        [v, d] => (v, d, None),
        [v, d, f] => (v, d, Some(f)),
        _ => {
            eprintln!("usage: perft_once VARIANT DEPTH [FEN]");
            std::process::exit(2);
        }
    };
    let variant: Variant = variant.parse().unwrap_or_else(|_| {
        eprintln!("unknown variant '{variant}'");
        std::process::exit(2)
    });
    let depth: u32 = depth.parse().unwrap_or_else(|_| {
        eprintln!("depth '{depth}' is no number");
        std::process::exit(2)
    });
    let rules = variant.rules();
    let pos = match fen {
        Some(f) => rules.parse_fen(f).unwrap_or_else(|e| {
            eprintln!("bad FEN '{f}': {e}");
            std::process::exit(2)
        }),
        None => variant.start_position(),
    };
    let start = Instant::now();
    let nodes = pos.perft(rules, depth);
    let secs = start.elapsed().as_secs_f64();
    println!("perft {depth} {nodes}");
    eprintln!(
        "{secs:.3} s, {:.1} M nodes/s",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
}
