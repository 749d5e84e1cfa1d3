//! PDN speed: reading and replaying the Tinsley collection (724 English games), in bytes and
//! games per second; and saving one game back into a collection of 100,636 games (the
//! Tinsley games 139 times over, 47 MB), which reads the file twice (to find the game, and
//! to check what will be written).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dama::notation::pdn::{Reader, replay};
use dama::store::collection::{At, splice};

const TINSLEY: &[u8] = include_bytes!("../tests/data/pdn/english-tinsley.pdn");

/// Reads every game and replays those that replay (one game of the collection has an
/// impossible move); returns the number of games read.
fn read_and_replay(bytes: &[u8]) -> usize {
    let mut games = 0;
    for (i, game) in Reader::new(bytes).enumerate() {
        let mut game = game.expect("the collection reads");
        let _ = black_box(replay(&mut game, i + 1, None, None));
        games += 1;
    }
    games
}

fn pdn(c: &mut Criterion) {
    let games = read_and_replay(TINSLEY) as u64;
    let mut group = c.benchmark_group("pdn");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(TINSLEY.len() as u64));
    group.bench_function("tinsley/read", |b| {
        b.iter(|| Reader::new(black_box(TINSLEY)).count())
    });
    group.bench_function("tinsley/read+replay", |b| {
        b.iter(|| read_and_replay(black_box(TINSLEY)))
    });
    group.throughput(Throughput::Elements(games));
    group.bench_function("tinsley/read+replay games", |b| {
        b.iter(|| read_and_replay(black_box(TINSLEY)))
    });
    // Game 50,000 of 100,636 (game 44 of a copy of the Tinsley file, which reads).
    let big = TINSLEY.repeat(139);
    let game = Reader::new(TINSLEY).nth(3).unwrap().unwrap();
    let games = splice(&big, At::Game(50_000), &game)
        .expect("the game fits its place")
        .games;
    assert_eq!(games, 724 * 139);
    group.sample_size(10);
    group.throughput(Throughput::Bytes(big.len() as u64));
    group.bench_function("collection of 100636/save one game", |b| {
        b.iter(|| splice(black_box(&big), At::Game(50_000), &game).map(|s| s.games))
    });
    group.finish();
}

criterion_group!(benches, pdn);
criterion_main!(benches);
