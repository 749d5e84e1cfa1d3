//! Perft speed: leaf nodes per second, single thread, bulk counting at the last ply.
//!
//! `cargo bench` runs depths that take tens of milliseconds; the deep published depths (English
//! perft 12, International perft 10) are timed with `dama perft`, which prints nodes per second.
//!
//! On a busy machine times vary more than a loss worth finding: 6 % more instructions in
//! English perft and 13 % in International went unseen for a week (issue 81). Instruction
//! counts do not vary; count them at this file's depths before and after a change with
//! `valgrind --tool=callgrind target/release/examples/perft_once english 9` (and
//! `international 7`).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dama::rules::Variant;

fn perft(c: &mut Criterion) {
    let cases = [
        ("english-initial", Variant::English, None, 9),
        ("czech-initial", Variant::Czech, None, 9),
        ("czech-book-initial", Variant::CzechBook, None, 7),
        ("international-initial", Variant::International, None, 7),
        ("two-towers-initial", Variant::TwoTowers, None, 7),
        (
            "woldouby",
            Variant::International,
            Some("W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"),
            11,
        ),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (id, variant, fen, depth) in cases {
        let rules = variant.rules();
        let pos = match fen {
            Some(f) => rules.parse_fen(f).expect("benchmark FEN"),
            None => variant.start_position(),
        };
        let nodes = pos.perft(rules, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{id}/{depth}"), |b| {
            b.iter(|| black_box(pos).perft(rules, depth))
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    // A flying-king position with many capture paths.
    let rules = Variant::International.rules();
    let pos = rules
        .parse_fen("W:WK46,K5:B7,9,18,20,29,31,33,38,40,42")
        .expect("benchmark FEN");
    c.bench_function("legal_moves/flying-kings", |b| {
        b.iter(|| black_box(pos).legal_moves(rules))
    });
}

criterion_group!(benches, perft, legal_moves);
criterion_main!(benches);
