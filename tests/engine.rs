//! The computer opponent: forced wins found, claims made when they pay, legal moves only in
//! seeded self-play of every rule set, and a thinking thread that can be cancelled.

use std::time::Duration;

use dama::engine::{
    Answer, ClaimChoice, Level, Limits, MATE_BOUND, Searcher, Task, Worker, choose_claim,
    choose_move, game_positions, make_claim,
};
use dama::rules::{Enforcement, Game, Position, RuleSet, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Exhaustively: can the side to move leave the opponent without a move within `plies`?
fn wins(pos: &Position, rules: &RuleSet, plies: u32) -> bool {
    plies > 0
        && pos.legal_moves(rules).iter().any(|m| {
            let mut p = *pos;
            p.play_unchecked(m);
            loses(&p, rules, plies - 1)
        })
}

fn loses(pos: &Position, rules: &RuleSet, plies: u32) -> bool {
    let moves = pos.legal_moves(rules);
    moves.is_empty()
        || (plies > 0
            && moves.iter().all(|m| {
                let mut p = *pos;
                p.play_unchecked(m);
                wins(&p, rules, plies - 1)
            }))
}

/// Shots: a quiet first move, after which White takes everything by its third move. Each is
/// checked by brute force to be a win in exactly five plies with one winning first move.
const SHOTS: [(Variant, &str, &str); 8] = [
    (Variant::English, "W:W11,18,27,31:B5,17,19", "27-23"),
    (Variant::English, "W:W11,13,K20,24:B4,15,23", "24-19"),
    (Variant::Czech, "W:W6,7:B1,19,23", "7-3"),
    (Variant::Czech, "W:W10,27,28,K31:B2,9,19", "10-7"),
    (Variant::International, "W:W7,34,37,K45:B14,25,27", "34-30"),
    (Variant::International, "W:W28,K39,47:B17,21,36", "28-22"),
    (Variant::TwoTowers, "W:WK15,42,K46,50:B6,13,27", "46-19"),
    (Variant::TwoTowers, "W:W7,9,19:B1,8,31,43", "9-3"),
];

#[test]
fn finds_forced_wins() {
    for (variant, fen, winning) in SHOTS {
        let rules = variant.rules();
        let pos = rules.parse_fen(fen).unwrap();
        assert!(!wins(&pos, rules, 3) && wins(&pos, rules, 5), "{fen}");
        let winners: Vec<String> = pos
            .legal_moves(rules)
            .into_iter()
            .filter(|m| {
                let mut p = pos;
                p.play_unchecked(m);
                loses(&p, rules, 4)
            })
            .map(|m| m.to_string())
            .collect();
        assert_eq!(winners, [winning], "{fen}");

        let mut searcher = Searcher::new(rules, 4);
        let report = searcher.search(&[pos], Limits::depth(9), &mut |_| {});
        assert_eq!(
            report.best.unwrap().to_string(),
            winning,
            "{variant:?} {fen}"
        );
        assert!(report.score > MATE_BOUND, "{fen}: score {}", report.score);
        assert_eq!(report.mate_in(), Some(5), "{fen}");
        assert_eq!(report.pv.len(), 5, "{fen}: {:?}", report.pv);
        // The same within a time limit.
        let mut fresh = Searcher::new(rules, 4);
        let timed = fresh.search(&[pos], Limits::time(Duration::from_secs(2)), &mut |_| {});
        assert_eq!(timed.best.unwrap().to_string(), winning, "{fen} (timed)");
        // And on three threads sharing the table, which all count their nodes.
        let mut threaded = Searcher::new(rules, 4);
        threaded.set_threads(3);
        assert_eq!(threaded.threads(), 3);
        let report3 = threaded.search(&[pos], Limits::depth(9), &mut |_| {});
        assert_eq!(
            report3.best.unwrap().to_string(),
            winning,
            "{fen} (threads)"
        );
        assert_eq!(report3.mate_in(), Some(5), "{fen} (threads)");
        assert!(report3.nodes > 0);
        threaded.clear();
        let again = threaded.search(
            &[pos],
            Limits::time(Duration::from_millis(300)),
            &mut |_| {},
        );
        assert_eq!(
            again.best.unwrap().to_string(),
            winning,
            "{fen} (threads, timed)"
        );
    }
}

#[test]
fn the_lost_side_has_no_move_and_a_losing_score() {
    let rules = Variant::Czech.rules();
    // Black to move, blocked: it has lost.
    let pos = rules.parse_fen("B:W25,30:B21").unwrap();
    assert!(pos.legal_moves(rules).is_empty());
    let report = Searcher::new(rules, 1).search(&[pos], Limits::depth(3), &mut |_| {});
    assert_eq!(report.best, None);
    assert!(report.score < -MATE_BOUND);
}

/// Exchanges at the horizon are an option of 10×10 boards: it changes International's tree
/// (a middlegame without kings, where exchanges are offered) and leaves an 8×8 board's alone.
#[test]
fn horizon_exchanges_change_only_ten_by_ten_trees() {
    let nodes = |variant: Variant, fen: &str, exchanges: bool| {
        let rules = variant.rules();
        let pos = rules.parse_fen(fen).unwrap();
        let mut s = Searcher::new(rules, 4);
        s.set_horizon_exchanges(exchanges);
        let report = s.search(&[pos], Limits::depth(6), &mut |_| {});
        assert!(pos.legal_moves(rules).contains(&report.best.unwrap()));
        report.nodes
    };
    // An opening of `tools/openings/international.fen`.
    let intl = "B:W27,30-33,35-37,39-50:B1-16,18-20,26";
    assert_ne!(
        nodes(Variant::International, intl, true),
        nodes(Variant::International, intl, false)
    );
    let czech = "W:W17,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,14";
    assert_eq!(
        nodes(Variant::Czech, czech, true),
        nodes(Variant::Czech, czech, false)
    );
}

#[test]
fn repetition_is_a_draw_in_search() {
    // A king each, Black's in its double corner: no win in 13 plies (brute force), and the
    // search must not claim an advantage from shuffling to and fro.
    let rules = Variant::English.rules();
    let pos = rules.parse_fen("W:WK29:BK1").unwrap();
    assert!(!wins(&pos, rules, 13));
    let report = Searcher::new(rules, 4).search(&[pos], Limits::depth(12), &mut |_| {});
    assert!(report.score.abs() < 50, "{}", report.score);
}

#[test]
fn the_no_progress_rule_is_a_draw_in_search() {
    // The book variant of Česká dáma: a king and four men against four men is a win, unless 20
    // moves each without a capture have nearly run out (man moves count too).
    let rules = Variant::CzechBook.rules();
    let start = rules.parse_fen("B:WK22,29,30,31,32:B1,2,3,4").unwrap();
    let fresh = Searcher::new(rules, 4).search(&[start], Limits::depth(6), &mut |_| {});
    assert!(fresh.score < -200, "Black is lost: {}", fresh.score);

    // 39 moves without capture or repetition (a random walk; a seed that gets stuck is
    // replaced by the next).
    let walk = |seed: u64| -> Option<Game> {
        let mut game = Game::from_position(rules.clone(), start);
        let mut rng = SmallRng::seed_from_u64(seed);
        while game.quiet_plies() < 39 {
            let moves: Vec<_> = game
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    let mut p = *game.position();
                    p.play_unchecked(m);
                    !m.is_capture()
                        && !p.has_capture(rules)
                        && (0..=game.moves().len()).all(|i| game.position_at(i) != Some(&p))
                })
                .collect();
            if moves.is_empty() {
                return None;
            }
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        Some(game)
    };
    let game = (0..200).find_map(walk).expect("a walk of 39 quiet plies");
    assert_eq!(game.repetitions(), 1);
    let late =
        Searcher::new(rules, 4).search(&game_positions(&game), Limits::depth(6), &mut |_| {});
    assert!(late.score.abs() < 20, "{}", late.score);
}

#[test]
fn every_level_plays_a_legal_move_and_the_weak_ones_vary() {
    let rules = Variant::Czech.rules();
    let start = Variant::Czech.start_position();
    let legal = start.legal_moves(rules);
    let mut seen = std::collections::BTreeSet::new();
    for level in [Level::Beginner, Level::Novice] {
        for seed in 0..12 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut s = Searcher::new(rules, 4);
            let m = choose_move(&mut s, &[start], level, &mut rng)
                .unwrap()
                .best
                .unwrap();
            assert!(legal.contains(&m));
            seen.insert(m);
        }
    }
    assert!(seen.len() > 1, "weak levels always play {seen:?}");
    assert_eq!(Level::from_number(1), Some(Level::Beginner));
    assert_eq!(Level::from_number(5), Some(Level::Master));
    assert_eq!(Level::from_number(6), None);
    assert_eq!(Level::Master.number(), 5);
}

/// Plays a game under table rules (where the rule set has a claim) from `White`'s point of view
/// as a careless human; returns the game.
fn violate_then_claim(variant: Variant, fen: &str, from: u8) -> Game {
    let rules = variant.rules();
    let mut game = Game::from_position(rules.clone(), rules.parse_fen(fen).unwrap());
    game.set_enforcement(Enforcement::TableRules);
    let m = game
        .allowed_moves()
        .into_iter()
        .find(|m| m.from().number() == from)
        .expect("the careless move");
    assert!(game.play(m).unwrap().violation.is_some());
    game
}

#[test]
fn claims_when_it_pays() {
    // Czech: White should have taken 22x15 and moved 31-27 instead; Black cannot take 22 itself
    // (25 is occupied) and blows the man away.
    let game = violate_then_claim(Variant::Czech, "W:W22,25,31:B18,3,4", 31);
    let mut s = Searcher::new(game.rules(), 4);
    let claim = choose_claim(&mut s, &game, Limits::depth(6));
    assert!(
        matches!(claim, Some(ClaimChoice::Huff(sq)) if sq.number() == 22),
        "{claim:?}"
    );
    let mut after = game.clone();
    make_claim(&mut after, claim.unwrap()).unwrap();
    assert_eq!(after.position().pieces(dama::rules::Color::White).len(), 2);

    // English: taking back makes White capture 22x15 and leaves two black men against one, a
    // win the endgame databases know (the evaluation sees both lines as won for Black).
    let game = violate_then_claim(Variant::English, "W:W22,30:B18,8,11", 30);
    let mut s = Searcher::new(game.rules(), 4);
    let (tables, _) = dama::engine::endgame::Tables::build(game.rules(), 3, 2, &mut |_, _| {});
    s.set_endgames(Some(std::sync::Arc::new(tables)));
    assert_eq!(
        choose_claim(&mut s, &game, Limits::depth(8)),
        Some(ClaimChoice::TakeBack)
    );

    // English: here taking back only makes White win a man: the computer plays on.
    let game = violate_then_claim(Variant::English, "W:W22,31:B18,1", 31);
    let mut s = Searcher::new(game.rules(), 4);
    assert_eq!(choose_claim(&mut s, &game, Limits::depth(8)), None);
}

/// Many seeded games of every rule set between the weak levels, now and then with a careless
/// move by "a human" under table rules: the computer only ever plays legal moves, never commits
/// a violation, and its claims are accepted.
#[test]
fn self_play_is_always_legal() {
    for variant in Variant::ALL {
        let rules = variant.rules();
        for seed in 0..20u64 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = Game::new(rules.clone()).unwrap();
            if rules.claim.is_some() {
                game.set_enforcement(Enforcement::TableRules);
            }
            let mut white = Searcher::new(rules, 2);
            let mut black = Searcher::new(rules, 2);
            let levels = [Level::Beginner, Level::Novice, Level::Club];
            let mut plies = 0;
            while game.outcome().is_none() && plies < 160 {
                let side = game.position().side_to_move();
                let searcher = if side == dama::rules::Color::White {
                    &mut white
                } else {
                    &mut black
                };
                if game.claim_offer().is_some()
                    && let Some(c) = choose_claim(searcher, &game, Limits::depth(2))
                {
                    make_claim(&mut game, c).expect("the computer's claim is valid");
                }
                // A careless human now and then, where table rules allow it.
                let allowed = game.allowed_moves();
                if rng.random_bool(0.1) && allowed.len() > game.legal_moves().len() {
                    let m = allowed[rng.random_range(0..allowed.len())];
                    game.play(m).unwrap();
                } else {
                    let level = levels[rng.random_range(0..levels.len())];
                    let positions = game_positions(&game);
                    let m = choose_move(searcher, &positions, level, &mut rng)
                        .expect("a move while the game goes on")
                        .best
                        .unwrap();
                    assert!(
                        game.legal_moves().contains(&m),
                        "{variant:?} seed {seed}: {m}"
                    );
                    let played = game.play(m).unwrap();
                    assert!(played.violation.is_none());
                }
                plies += 1;
            }
        }
    }
}

#[test]
fn the_thinking_thread_answers_and_can_be_cancelled() {
    let rules = Variant::International.rules();
    let game = Game::new(rules.clone()).unwrap();
    let mut worker = Worker::new(|| {});
    // A long think, cancelled at once by a new question: only the new answer arrives.
    let old = worker.ask(&game, Task::Move(Level::Master));
    std::thread::sleep(Duration::from_millis(50));
    let new = worker.ask(&game, Task::Hint(Duration::from_millis(100)));
    assert!(worker.busy());
    let (id, answer) = worker.wait(Duration::from_secs(30)).expect("an answer");
    assert_ne!(id, old);
    assert_eq!(id, new);
    let Answer::Hint(Some(report)) = answer else {
        panic!("a hint: {answer:?}")
    };
    assert!(game.legal_moves().contains(&report.best.unwrap()));
    assert!(!worker.busy());
    // Cancelled without a new question: nothing arrives.
    worker.ask(&game, Task::Move(Level::Master));
    worker.cancel();
    assert!(!worker.busy());
    std::thread::sleep(Duration::from_millis(200));
    assert!(worker.poll().is_none());
    // A finished game: no move.
    let over = Game::from_position(rules.clone(), rules.parse_fen("B:W31:B").unwrap());
    assert!(over.outcome().is_some());
    worker.ask(&over, Task::Move(Level::Beginner));
    let (_, answer) = worker.wait(Duration::from_secs(30)).expect("an answer");
    assert!(matches!(answer, Answer::Move(None)), "{answer:?}");
}

/// With the endgame databases, both sides keep the value of the position: a won ending of
/// English draughts (two kings against one) is won over the board, a drawn one of Czech
/// draughts (flying kings, two against one) stays drawn, and the search says so.
#[test]
fn endgame_databases_guide_the_play() {
    use dama::engine::endgame::{Tables, Wdl};
    use std::sync::Arc;
    for (variant, fen, value) in [
        (Variant::English, "W:WK1,K2:BK32", Wdl::Win),
        (Variant::Czech, "W:WK1,K2:BK32", Wdl::Draw),
    ] {
        let rules = variant.rules();
        let (tables, _) = Tables::build(rules, 3, 2, &mut |_, _| {});
        let tables = Arc::new(tables);
        assert_eq!(tables.probe(&rules.parse_fen(fen).unwrap()), Some(value));
        let mut game = Game::from_position(rules.clone(), rules.parse_fen(fen).unwrap());
        let mut searcher = Searcher::new(rules, 8);
        searcher.set_endgames(Some(Arc::clone(&tables)));
        // Before the root is covered, the search asks them after captures.
        let before = rules.parse_fen("W:WK1,K2,K3:BK32").unwrap();
        searcher.search(&[before], Limits::depth(8), &mut |_| {});
        assert!(searcher.tb_hits() > 0, "{variant:?}");
        while game.outcome().is_none() && game.moves().len() < 120 {
            let positions = game_positions(&game);
            let pos = *game.position();
            let report = searcher.search(&positions, Limits::depth(10), &mut |_| {});
            let m = report.best.unwrap();
            let mut next = pos;
            next.play_unchecked(&m);
            // The move keeps the value for the side that made it.
            let kept = match tables.probe(&next) {
                Some(Wdl::Win) => Wdl::Loss,
                Some(Wdl::Loss) => Wdl::Win,
                other => other.unwrap(),
            };
            assert_eq!(Some(kept), tables.probe(&pos), "{variant:?} {pos:?} {m}");
            game.play(m).unwrap();
        }
        let winner = match game.outcome() {
            Some(dama::rules::Outcome::Win { winner, .. }) => Some(winner),
            _ => None,
        };
        match value {
            Wdl::Win => assert_eq!(winner, Some(dama::rules::Color::White), "{variant:?}"),
            _ => assert_eq!(winner, None, "{variant:?}"),
        }
    }
}

/// However a search is cut short, its move is legal and its line starts with that move and is
/// legal throughout (the Hub's ponder move is the line's second). These node limits stop the
/// search while it searches again, wider, a root move that beat its window.
#[test]
fn a_stopped_search_reports_its_move_with_its_line() {
    let cases = [
        (
            Variant::English,
            "W:WK9,10,21,23,24,26,28-30,32:B3,4,8,11,13,20",
            8_193,
        ),
        (
            Variant::English,
            "W:WK9,10,21,23,24,26,28-30,32:B3,4,8,11,13,20",
            10_241,
        ),
        (
            Variant::International,
            "B:W26,27,37,39-42,44-47,49,50:B1-12,16,19,30,35",
            13_313,
        ),
        (
            Variant::Czech,
            "B:W21,22,24,27,29,32:B2-5,8,9,16,20",
            36_865,
        ),
    ];
    for (variant, fen, nodes) in cases {
        let rules = variant.rules();
        let pos = rules.parse_fen(fen).unwrap();
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let report = Searcher::new(rules, 4).search(&[pos], limits, &mut |_| {});
        let best = report.best.expect("a move");
        assert_eq!(report.pv.first(), Some(&best), "{variant:?} {fen}");
        let mut p = pos;
        for m in &report.pv {
            assert!(p.is_legal(rules, m), "{variant:?} {fen}: {:?}", report.pv);
            p.play_unchecked(m);
        }
    }
}

/// A won ending whose win takes many plies without a man's move (two kings and a man against a
/// king, flying kings): with the distances to conversion the computer wins it before Czech
/// draughts' no-progress rule (15 moves each) draws it, each move of the winner nearer to a
/// capture or a crowning (won in 19 plies). With the values alone the same search shuffled its
/// kings until the rule drew the game after 85 plies.
#[test]
fn a_won_ending_is_won_before_the_no_progress_rule_draws_it() {
    use dama::engine::endgame::{Material, Tables, Wdl};
    use dama::rules::{Color, Outcome};
    use std::sync::Arc;
    let rules = Variant::Czech.rules();
    let (tables, _) = Tables::build(rules, 4, 2, &mut |_, _| {});
    assert!(tables.has_distances());
    let tables = Arc::new(tables);
    let start = rules.parse_fen("W:WK3,15,K28:BK16").unwrap();
    assert_eq!(tables.probe(&start), Some(Wdl::Win));
    let mut game = Game::from_position(rules.clone(), start);
    let mut searcher = Searcher::new(rules, 8);
    searcher.set_endgames(Some(Arc::clone(&tables)));
    let mut last = (Material::of(&start), u32::MAX);
    while game.outcome().is_none() && game.moves().len() < 200 {
        let pos = *game.position();
        let report = searcher.search(&game_positions(&game), Limits::depth(8), &mut |_| {});
        game.play(report.best.unwrap()).unwrap();
        if pos.side_to_move() == Color::White
            && let Some(d) = tables.distance(&pos)
        {
            // A capture or a crowning starts the count again.
            if Material::of(&pos) == last.0 {
                assert!(d < last.1, "{pos:?}: distance {d} after {}", last.1);
            }
            last = (Material::of(&pos), d);
        }
    }
    assert!(
        matches!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                ..
            })
        ),
        "{:?} after {} plies",
        game.outcome(),
        game.moves().len()
    );
}

/// Every ending the databases call drawn is a draw, but not every one is as good: one a piece
/// up leaves an opponent without them chances to go wrong, one a piece down leaves none. Here
/// (Czech, a king and two men against a king and a man) the lines the search sees end in
/// covered draws; valued alike, it gave its king away (24-1, 8x29). It keeps it, and says the
/// draw it reaches, three pieces against one, is a little above level, not a man.
#[test]
fn a_drawn_ending_keeps_its_pieces() {
    use dama::engine::endgame::Tables;
    use dama::rules::Color;
    use std::sync::Arc;
    let rules = Variant::Czech.rules();
    let (tables, _) = Tables::build(rules, 4, 2, &mut |_, _| {});
    let pos = rules.parse_fen("W:WK24,30,25:BK8,17").unwrap();
    let mut searcher = Searcher::new(rules, 8);
    searcher.set_endgames(Some(Arc::new(tables)));
    let report = searcher.search(&[pos], Limits::depth(8), &mut |_| {});
    let mut after = pos;
    after.play_unchecked(&report.best.unwrap());
    for reply in after.legal_moves(rules) {
        let mut next = after;
        next.play_unchecked(&reply);
        assert_eq!(next.pieces(Color::White).len(), 3, "{:?}", report.pv);
    }
    assert!(report.score > 0 && report.score < 50, "{}", report.score);
}

/// On 10×10 boards a covered draw scores level whatever the material (against Scan 2.0, which
/// has databases of its own, the tenth of a man a piece that 8×8 boards keep lost points):
/// White must capture into two kings against one, which International's databases call drawn.
#[test]
fn a_drawn_ending_scores_level_on_ten_by_ten_boards() {
    use dama::engine::endgame::{Tables, Wdl};
    use std::sync::Arc;
    let rules = Variant::International.rules();
    let (tables, _) = Tables::build(rules, 3, 2, &mut |_, _| {});
    let pos = rules.parse_fen("W:WK46,K5:BK50,28").unwrap();
    for m in pos.legal_moves(rules) {
        assert!(m.is_capture());
        let mut after = pos;
        after.play_unchecked(&m);
        assert_eq!(tables.probe(&after), Some(Wdl::Draw));
    }
    let mut searcher = Searcher::new(rules, 8);
    searcher.set_endgames(Some(Arc::new(tables)));
    let report = searcher.search(&[pos], Limits::depth(6), &mut |_| {});
    assert_eq!(report.score, 0, "{:?}", report.pv);
    assert!(searcher.tb_hits() > 0);
}

/// In the 8-men variant only a capture restarts the no-progress count (20 moves each): a win
/// whose next capture lies 55 plies away is a draw, as the loser holds out until the rule draws
/// the game. White's one move, a capture, leads to such a win (`B:WK1,24,29:BK16`), which the
/// search, knowing the distances, values as a draw; with the values alone, as a win.
#[test]
fn a_win_beyond_the_eight_men_no_progress_count_is_a_draw() {
    use dama::engine::endgame::{Tables, Wdl};
    use std::sync::Arc;
    let rules = Variant::CzechBook.rules();
    let (tables, _) = Tables::build(rules, 4, 2, &mut |_, _| {});
    let start = rules.parse_fen("W:WK10,24,29:B6,K16").unwrap();
    let after = rules.parse_fen("B:WK1,24,29:BK16").unwrap();
    assert_eq!(tables.probe(&after), Some(Wdl::Loss));
    assert_eq!(tables.distance(&after), Some(55));
    assert_eq!(tables.probe_counted(&after, 0), Some(Wdl::Draw));
    let mut values = Vec::new();
    tables.write(&mut values).unwrap();
    let values_alone = Tables::read(rules, &mut values.as_slice()).unwrap();
    let game = Game::from_position(rules.clone(), start);
    let score = |t: Tables| {
        let mut searcher = Searcher::new(rules, 8);
        searcher.set_endgames(Some(Arc::new(t)));
        searcher
            .search(&game_positions(&game), Limits::depth(6), &mut |_| {})
            .score
    };
    // A draw, three pieces against one: a little above level for the pieces, not a man.
    let drawn = score(tables);
    assert!(drawn > 0 && drawn < 50, "{drawn}");
    assert!(score(values_alone) > 10_000);
}

/// A king's reach: the empty squares it goes to, split by whether an opposing man could take
/// it there at once, which depends on whether men capture backwards.
#[test]
fn king_reach_counts_the_squares_a_man_could_take_the_king_on() {
    use dama::rules::KingReach;
    let r = |safe, denied| KingReach { safe, denied };
    let none = r(0, 0);
    let cases = [
        // The king on 46 reaches 41, 37, 32 and 28 before the man on 23, which would take it
        // on 28 (jumping to 32).
        (Variant::International, "W:WK46:B23", r(3, 1), none),
        // The man on 22, beside the diagonal, would take the king on 28 (landing on 33) …
        (Variant::International, "W:WK46:B22", r(8, 1), none),
        // … but not with 33 taken: all nine squares are safe.
        (Variant::International, "W:WK46,33:B22", r(9, 0), none),
        // Česká dáma: the man on 18 could take the king on 15 only backwards (landing on 11),
        // which men do not there.
        (Variant::Czech, "W:WK4:B18", r(3, 0), none),
        // Forwards it does: the king on 29 is denied 18 (the man on 15 jumps to 22).
        (Variant::Czech, "W:WK29:B15", r(2, 1), none),
        // Dvě věže: a tower takes kings, in every direction.
        (Variant::TwoTowers, "W:WK46:BT23", r(3, 1), none),
        // English kings take one step: from 29 only 25, safe.
        (Variant::English, "W:WK29:B15", r(1, 0), none),
        // Black's kings count for Black: the king on 5 goes down to 41, where White's man on
        // 46 would take it (landing on 37).
        (Variant::International, "B:W46:BK5", none, r(7, 1)),
    ];
    for (variant, fen, white, black) in cases {
        let rules = variant.rules();
        let reach = rules.parse_fen(fen).unwrap().king_reach(rules);
        assert_eq!((reach.white, reach.black), (white, black), "{fen}");
    }
}

#[test]
fn no_iteration_begins_past_the_soft_limit() {
    let rules = Variant::International.rules();
    let pos = Variant::International.start_position();
    // Past a soft limit of nothing, the first iteration 12 plies deep is the last (as in Scan
    // 2.0, a move on a nearly spent clock is still searched that deep); the hard one is far off.
    let limits = Limits {
        time: Some(Duration::from_secs(60)),
        soft: Some(Duration::ZERO),
        ..Limits::default()
    };
    let report = Searcher::new(rules, 4).search(&[pos], limits, &mut |_| {});
    assert_eq!(report.depth, 12);
    assert!(report.best.is_some());
    // A soft limit not reached lets the depth limit end the search.
    let limits = Limits {
        depth: Some(5),
        soft: Some(Duration::from_secs(60)),
        ..Limits::default()
    };
    let report = Searcher::new(rules, 4).search(&[pos], limits, &mut |_| {});
    assert_eq!(report.depth, 5);
    // The finish flag (a soft limit run out after a ponder-hit) does what the soft limit does.
    let mut searcher = Searcher::new(rules, 4);
    searcher
        .finish_flag()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let limits = Limits {
        time: Some(Duration::from_secs(60)),
        ..Limits::default()
    };
    let report = searcher.search(&[pos], limits, &mut |_| {});
    assert_eq!(report.depth, 12);
}
