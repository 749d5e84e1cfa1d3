//! Self-play between two playing levels, for the figures of how much each level adds:
//!
//! ```text
//! cargo run --release --example levels -- VARIANT WEAK STRONG PAIRS [MAX_PLIES]
//! cargo run --release --example levels -- czech 1 2 20
//! ```
//!
//! Each pair of games starts from the same random opening (four random plies, seeded by the
//! pair's number) with the colours swapped; a game still going after MAX_PLIES (default 200) is
//! scored a draw. Prints each game and the total from the stronger level's side.

use dama::engine::{Level, Searcher, choose_move, game_positions};
use dama::rules::{Color, Game, Outcome, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: levels VARIANT WEAK STRONG PAIRS [MAX_PLIES]";
    let variant: Variant = args.first().expect(usage).parse().expect("a variant");
    let level = |i: usize| {
        Level::from_number(args.get(i).expect(usage).parse().expect("a level 1-5")).expect("1-5")
    };
    let (weak, strong) = (level(1), level(2));
    let pairs: u64 = args
        .get(3)
        .expect(usage)
        .parse()
        .expect("a number of pairs");
    let max_plies: usize = args.get(4).map_or(200, |s| s.parse().expect("plies"));
    let rules = variant.rules();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for pair in 0..pairs {
        for strong_is_white in [true, false] {
            let mut rng = SmallRng::seed_from_u64(pair);
            let mut game = Game::new(rules.clone()).expect("preset");
            for _ in 0..4 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.random_range(0..moves.len())])
                    .expect("legal");
            }
            let mut searchers = [Searcher::new(rules, 32), Searcher::new(rules, 32)];
            while game.outcome().is_none() && game.moves().len() < max_plies {
                let side = game.position().side_to_move();
                let strong_to_move = (side == Color::White) == strong_is_white;
                let (lvl, s) = if strong_to_move {
                    (strong, &mut searchers[0])
                } else {
                    (weak, &mut searchers[1])
                };
                let report = choose_move(s, &game_positions(&game), lvl, &mut rng)
                    .expect("a move while the game goes on");
                game.play(report.best.expect("a move")).expect("legal");
            }
            let strong_color = if strong_is_white {
                Color::White
            } else {
                Color::Black
            };
            let result = match game.outcome() {
                Some(Outcome::Win { winner, .. }) if winner == strong_color => {
                    wins += 1;
                    "win"
                }
                Some(Outcome::Win { .. }) => {
                    losses += 1;
                    "loss"
                }
                _ => {
                    draws += 1;
                    "draw"
                }
            };
            println!(
                "pair {pair} {}: {result} for level {} after {} plies",
                if strong_is_white {
                    "strong white"
                } else {
                    "strong black"
                },
                strong.number(),
                game.moves().len()
            );
        }
    }
    let games = wins + draws + losses;
    println!(
        "{} level {} vs {}: {games} games, +{wins} ={draws} -{losses}, score {:.1} %",
        variant.id(),
        strong.number(),
        weak.number(),
        (wins as f64 + draws as f64 / 2.0) * 100.0 / games.max(1) as f64
    );
}
