//! Search speed: time to a fixed depth and nodes per second on fixed positions, single thread,
//! a fresh 16 MB transposition table each run (so every run does the same work).
//!
//! Throughput is in nodes (criterion's "elements"): nodes per second. `dama bestmove --time MS`
//! prints the same figures for any position.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dama::engine::{Limits, Searcher};
use dama::rules::Variant;

fn search(c: &mut Criterion) {
    let cases = [
        ("english-initial", Variant::English, None, 14),
        ("czech-initial", Variant::Czech, None, 14),
        ("czech-book-initial", Variant::CzechBook, None, 14),
        ("international-initial", Variant::International, None, 12),
        ("two-towers-initial", Variant::TwoTowers, None, 12),
        (
            "czech-middlegame",
            Variant::Czech,
            Some("W:W17,21,22,24,25,27,28,30,31:B1,2,3,5,6,9,10,12,14"),
            15,
        ),
        (
            "international-woldouby",
            Variant::International,
            Some("W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"),
            12,
        ),
        (
            "czech-kings-endgame",
            Variant::Czech,
            Some("W:WK32,21,22,23:BK1,9,10,11"),
            14,
        ),
    ];
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (id, variant, fen, depth) in cases {
        let rules = variant.rules();
        let pos = match fen {
            Some(f) => rules.parse_fen(f).expect("benchmark FEN"),
            None => variant.start_position(),
        };
        let nodes = Searcher::new(rules, 16)
            .search(&[pos], Limits::depth(depth), &mut |_| {})
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{id}/{depth}"), |b| {
            b.iter(|| {
                let mut s = Searcher::new(rules, 16);
                s.search(&[black_box(pos)], Limits::depth(depth), &mut |_| {})
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
