//! `dama perft` and `dama moves`: the rules core's moves from a position.

use std::time::Instant;

use dama::rules::{Position, RuleSet};

use super::output::{Failure, Output};

pub(super) fn position(rules: &RuleSet, fen: Option<&str>) -> Result<Position, Failure> {
    match fen {
        None => Ok(rules.start_position().map_err(|e| e.to_string())?),
        Some(text) => Ok(rules
            .parse_fen(text)
            .map_err(|e| format!("bad FEN '{text}': {e}"))?),
    }
}

/// `dama perft`: `perft D NODES` on stdout for each depth up to `depth`, each as soon as it is
/// known; the time and speed on stderr.
pub(super) fn perft(rules: &RuleSet, fen: Option<&str>, depth: u32) -> Result<(), Failure> {
    let pos = position(rules, fen)?;
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
    out.finish()
}

/// `dama moves`: the legal moves of a position, in numeric notation, on one line.
pub(super) fn moves(rules: &RuleSet, fen: Option<&str>) -> Result<(), Failure> {
    let pos = position(rules, fen)?;
    let moves: Vec<String> = pos
        .legal_moves(rules)
        .iter()
        .map(|m| dama::notation::numeric(&pos, rules, m))
        .collect();
    let mut out = Output::new();
    out.line(format_args!("{}", moves.join(" ")))?;
    out.finish()
}
