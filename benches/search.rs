//! Search speed: time to a fixed depth and nodes per second on fixed positions, single thread,
//! with the window's 64 MB transposition table, made once and cleared before each run (so every
//! run does the same work, and the time is the search's, not the allocation's).
//!
//! Throughput is in nodes (criterion's "elements"): nodes per second. `dama bestmove --time MS`
//! prints the same figures for any position.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dama::engine::{Limits, Searcher};
use dama::rules::Variant;

/// The size of the thinking thread's table.
const TABLE_MB: usize = 64;

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
        let mut searcher = Searcher::new(rules, TABLE_MB);
        let nodes = searcher
            .search(&[pos], Limits::depth(depth), &mut |_| {})
            .nodes;
        searcher.clear();
        let again = searcher.search(&[pos], Limits::depth(depth), &mut |_| {});
        assert_eq!(
            again.nodes, nodes,
            "{id}: a cleared searcher repeats its work"
        );
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{id}/{depth}"), |b| {
            b.iter(|| {
                searcher.clear();
                searcher.search(&[black_box(pos)], Limits::depth(depth), &mut |_| {})
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
