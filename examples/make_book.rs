//! Makes a book of openings for engine matches (`hub_match --book`): positions a few random
//! plies from the start that are **slightly unbalanced**, so that games between close engines
//! end decisively more often than from the start (as checkers' 3-move ballots do):
//!
//! ```text
//! cargo run --release --example make_book -- VARIANT COUNT [--plies N] [--depth D] \
//!     [--band LOW,HIGH] [--seed S] [--exclude FILE]... [--note TEXT] > tools/openings/ID.fen
//! ```
//!
//! Candidates are `--plies` random legal plies from the start (seeded by `--seed`; default 4 on
//! 8×8 boards, where 3 leave too few positions for a few hundred, 6 for `czech-book`, whose 8
//! men leave the first plies few choices, and 5 on 10×10, where 4 transpose into some 2,000
//! positions only). Each new candidate (a FEN seen before, or in an `--exclude` book, is passed
//! over) is searched by Dáma's own engine to `--depth` (default 13 on 8×8, 10 on 10×10: under a
//! tenth of a second a position; one thread, a cleared table, so that a position's score does
//! not depend on what came before) and kept when the score for the side to move is within
//! `--band` men in absolute value (default `0.15,0.6`: from about the smallest edge the
//! evaluation tells from noise to well short of a man, an edge a good engine can hold or play
//! out). Kept positions are shuffled with the seed and written one FEN a line after a header
//! of `#` comments giving the command line and the figures, to standard output. It stops at
//! COUNT positions or after 200 × COUNT candidates. `--exclude FILE` keeps a book disjoint
//! from another (a held-out book), and `--note TEXT` adds a line to the header saying what the
//! book is for.

mod common;

use std::collections::HashSet;
use std::time::Instant;

use dama::engine::{Limits, MAN, Searcher};
use dama::rules::{Game, Variant};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

fn main() {
    // The command line as typed, an argument with a space quoted.
    let command_line = std::env::args()
        .skip(1)
        .map(|a| {
            if a.contains(' ') {
                format!("\"{a}\"")
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: make_book VARIANT COUNT [--plies N] [--depth D] [--band LOW,HIGH] \
        [--seed S] [--exclude FILE]... [--note TEXT]";
    let mut excluded = HashSet::new();
    while let Some(path) = common::option(&mut args, "--exclude") {
        excluded.extend(common::book_lines(&path).into_iter().map(|(_, fen)| fen));
    }
    let number = |name: &str, v: String| -> usize {
        v.parse()
            .unwrap_or_else(|_| common::fail(format!("{name}: a number, not {v}")))
    };
    let plies = common::option(&mut args, "--plies").map(|p| number("--plies", p));
    let depth = common::option(&mut args, "--depth").map(|d| number("--depth", d) as u32);
    let (low, high) = common::option(&mut args, "--band").map_or((0.15, 0.6), |b| {
        let band = format!("--band LOW,HIGH, not {b}");
        let (l, h) = b.split_once(',').unwrap_or_else(|| common::fail(&band));
        (
            l.parse().unwrap_or_else(|_| common::fail(&band)),
            h.parse().unwrap_or_else(|_| common::fail(&band)),
        )
    });
    let note = common::option(&mut args, "--note");
    let seed = common::option(&mut args, "--seed").map_or(1, |s| number("--seed", s) as u64);
    let arg = |i: usize| args.get(i).unwrap_or_else(|| common::fail(usage));
    let variant: Variant = arg(0)
        .parse()
        .unwrap_or_else(|e| common::fail(format!("{}: {e}", arg(0))));
    let count = number("COUNT", arg(1).clone());
    let rules = variant.rules();
    let small = rules.board.size() == 8;
    let plies = plies.unwrap_or(match variant {
        Variant::CzechBook => 6,
        _ if small => 4,
        _ => 5,
    });
    let depth = depth.unwrap_or(if small { 13 } else { 10 });
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut searcher = Searcher::new(rules, 16);
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    let (mut candidates, mut searched) = (0, 0);
    let began = Instant::now();
    while kept.len() < count && candidates < 200 * count {
        candidates += 1;
        let mut game = Game::new(rules.clone()).expect("preset");
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            game.play(m).expect("legal");
        }
        let pos = *game.position();
        let fen = pos.fen();
        if game.outcome().is_some() || excluded.contains(&fen) || !seen.insert(fen.clone()) {
            continue;
        }
        searched += 1;
        searcher.clear();
        let report = searcher.search(&[pos], Limits::depth(depth), &mut |_| {});
        let men = f64::from(report.score.abs()) / f64::from(MAN);
        if (low..=high).contains(&men) {
            kept.push(fen);
        }
    }
    kept.shuffle(&mut rng);
    println!("# Openings for {} made by Dáma's make_book:", variant.id());
    println!("#   cargo run --release --example make_book -- {command_line}");
    println!(
        "# {plies} random plies from the start (seed {seed}), each new position searched to depth \
         {depth}, kept when the side to move's score is {low} to {high} men either way; shuffled."
    );
    println!(
        "# {} kept of {searched} positions searched ({candidates} drawn), in {:.0} s.",
        kept.len(),
        began.elapsed().as_secs_f64()
    );
    if let Some(note) = note {
        println!("# {note}");
    }
    if !excluded.is_empty() {
        println!(
            "# No position of the {} in the book(s) given to --exclude.",
            excluded.len()
        );
    }
    for fen in kept {
        println!("{fen}");
    }
}
