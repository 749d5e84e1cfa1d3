//! The game record (rules.md §2–§3): draw rules of every variant, the end of the game,
//! resignation, agreed draws, undo and redo, and refused requests.
//!
//! Board numbering (rules.md §1): on 8×8, 1 = b8 … 4 = h8, 29 = a1 … 32 = g1; on 10×10,
//! 1 = b10 … 5 = j10, 46 = a1 … 50 = i1. White men move towards square 1.

use dama::rules::{
    Board, Color, DrawReason, Game, GameError, Move, Outcome, Position, Role, RuleSet, Square,
    SquareSet, Variant, WinReason,
};

fn sq(n: u8) -> Square {
    Square::new(n).expect("square number 1..=50")
}

fn game(v: Variant, fen: &str) -> Game {
    let rules = v.rules();
    let pos = rules
        .parse_fen(fen)
        .unwrap_or_else(|e| panic!("{v}: bad test FEN {fen}: {e}"));
    Game::from_position(rules.clone(), pos)
}

/// The one legal move from `from` to `to`.
fn find(game: &Game, from: u8, to: u8) -> Move {
    let found: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == sq(from) && m.to() == sq(to))
        .collect();
    assert_eq!(
        found.len(),
        1,
        "{}: expected exactly one legal move {from}-{to} in {:?}, legal: {:?}",
        game.rules().id,
        game.position(),
        game.legal_moves()
    );
    found[0]
}

fn play(game: &mut Game, from: u8, to: u8) -> Option<Outcome> {
    let m = find(game, from, to);
    let played = game
        .play(m)
        .unwrap_or_else(|e| panic!("{}: {m} refused: {e}", game.rules().id));
    assert_eq!(played.mv, m);
    assert_eq!(played.outcome, game.outcome());
    played.outcome
}

fn history(game: &Game) -> Vec<Position> {
    (0..=game.moves().len())
        .map(|i| *game.position_at(i).expect("ply within the game"))
        .collect()
}

fn role_at(pos: &Position, m: &Move) -> Option<Role> {
    pos.piece_at(m.from()).map(|p| p.role)
}

/// A position in which the side to move must not capture and still has moves.
fn is_calm(pos: &Position, rules: &RuleSet) -> bool {
    !pos.has_capture(rules) && pos.count_moves(rules) > 0
}

/// The quiet moves of pieces of `role` from the last position of `seen` that lead to a
/// position not in `seen`, in which the opponent has no capture, with those positions.
/// Ordered by the positions' keys: a fixed but scattered order, so that the kings roam the
/// whole board rather than crowd into a corner.
fn fresh_quiet_moves(rules: &RuleSet, seen: &[Position], role: Role) -> Vec<(Move, Position)> {
    let pos = seen.last().expect("a game has a start");
    let mut out: Vec<(Move, Position)> = pos
        .legal_moves(rules)
        .into_iter()
        .filter(|m| !m.is_capture() && role_at(pos, m) == Some(role))
        .map(|m| (m, pos.play(rules, &m).expect("a legal move plays")))
        .filter(|(_, next)| !seen.contains(next) && is_calm(next, rules))
        .collect();
    out.sort_by_key(|(_, next)| next.key());
    out
}

fn plan(rules: &RuleSet, seen: &mut Vec<Position>, plies: usize, out: &mut Vec<Move>) -> bool {
    if plies == 0 {
        return true;
    }
    for (m, next) in fresh_quiet_moves(rules, seen, Role::King) {
        seen.push(next);
        out.push(m);
        if plan(rules, seen, plies - 1, out) {
            return true;
        }
        out.pop();
        seen.pop();
    }
    false
}

/// `plies` quiet king moves from the game's position (depth-first search), after which no
/// position of the game has occurred twice and nobody ever had a capture. Deterministic, so
/// that the draw counters can be checked ply by ply without repetitions interfering.
fn king_walk(game: &Game, plies: usize) -> Vec<Move> {
    let mut seen = history(game);
    let mut out = Vec::new();
    assert!(
        plan(game.rules(), &mut seen, plies, &mut out),
        "{}: no walk of {plies} king plies from {:?}",
        game.rules().id,
        game.position()
    );
    out
}

/// Plays a quiet man move to a fresh, calm position.
fn play_man(game: &mut Game) -> Option<Outcome> {
    let (m, _) = fresh_quiet_moves(game.rules(), &history(game), Role::Man)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no man move in {:?}", game.position()));
    game.play(m).expect("a legal move is accepted").outcome
}

/// Plays `plies` king moves, checking that nothing ends the game and (if `counter` is given)
/// that the no-progress counter climbs from `counter` on.
fn walk(game: &mut Game, plies: usize, counter: Option<usize>) {
    let id = &game.rules().id.clone();
    // Plan two plies more than needed, so that the game can go on afterwards.
    let moves = king_walk(game, plies + 2);
    for (i, &m) in moves[..plies].iter().enumerate() {
        let played = game.play(m).expect("a legal move is accepted");
        assert_eq!(
            played.outcome,
            None,
            "{id}: ended by {m} in {:?}",
            game.position()
        );
        assert_eq!(played.outcome, game.outcome(), "{id}");
        assert_eq!(game.repetitions(), 1, "{id}");
        if let Some(c) = counter {
            assert_eq!(game.quiet_plies(), c + i + 1, "{id}");
            assert_eq!(game.claimable_draw(), None, "{id}");
        }
    }
}

/// Plays one more king move and returns the outcome.
fn last_king_move(game: &mut Game) -> Option<Outcome> {
    let m = king_walk(game, 1)[0];
    let played = game.play(m).expect("a legal move is accepted");
    assert_eq!(played.outcome, game.outcome());
    played.outcome
}

/// A quiet king move of the side to move followed by a capture *by a king* of the opponent,
/// after which both sides still have a king and the kings can go on for `then` quiet plies.
fn king_capture_pair(game: &Game, then: usize) -> Option<(Move, Move)> {
    let rules = game.rules();
    let pos = game.position();
    let seen = history(game);
    for m in game.legal_moves() {
        if m.is_capture() || role_at(pos, &m) != Some(Role::King) {
            continue;
        }
        let next = pos.play(rules, &m).unwrap();
        if seen.contains(&next) {
            continue;
        }
        for c in next.legal_moves(rules) {
            if !c.is_capture() || role_at(&next, &c) != Some(Role::King) {
                continue;
            }
            let after = next.play(rules, &c).unwrap();
            let kings = |color| after.count(color, Role::King);
            if kings(Color::White) == 0 || kings(Color::Black) == 0 || !is_calm(&after, rules) {
                continue;
            }
            let mut seen = history(game);
            seen.extend([next, after]);
            if plan(rules, &mut seen, then, &mut Vec::new()) {
                return Some((m, c));
            }
        }
    }
    None
}

/// The no-progress rule of rules.md §3, in plies, and whether a man move restarts it.
fn quiet_rule(v: Variant) -> Option<(usize, bool)> {
    match v {
        Variant::Czech => Some((30, true)),
        Variant::CzechBook => Some((40, false)),
        Variant::English => Some((80, true)),
        Variant::International => Some((50, true)),
        Variant::TwoTowers => None,
    }
}

/// Whether the variant has the threefold repetition rule (rules.md §3).
fn has_repetition(v: Variant) -> bool {
    v != Variant::CzechBook
}

/// Two kings and a man a side, every piece on the edge of the board so that nothing can be
/// captured at the start.
fn kings_and_men(v: Variant) -> &'static str {
    match v.rules().board {
        Board::Eight => "W:WK29,K30,31:BK3,K4,2",
        Board::Ten => "W:WK46,K47,48:BK4,K5,3",
    }
}

/// A white king and a black king in opposite corners, shuffling between edge squares (a piece
/// on the edge can never be jumped): the FEN and the two squares of each king.
fn shuffle_setup(v: Variant) -> (&'static str, [u8; 2], [u8; 2]) {
    match v.rules().board {
        // g1 <-> h2 and b8 <-> a7.
        Board::Eight => ("W:WK32:BK1", [32, 28], [1, 5]),
        // i1 <-> j2 and b10 <-> a9.
        Board::Ten => ("W:WK50:BK1", [50, 45], [1, 6]),
    }
}

/// Plays ply `i` (0-based) of the shuffle: W out, B out, W back, B back, …
fn shuffle_ply(game: &mut Game, white: [u8; 2], black: [u8; 2], i: usize) -> Option<Outcome> {
    let (squares, out) = if i.is_multiple_of(2) {
        (white, i.is_multiple_of(4))
    } else {
        (black, i % 4 == 1)
    };
    let (from, to) = if out {
        (squares[0], squares[1])
    } else {
        (squares[1], squares[0])
    };
    play(game, from, to)
}

#[test]
fn preset_draw_rules_match_the_spec() {
    for v in Variant::ALL {
        let draw = v.rules().draw;
        assert_eq!(draw.repetition.is_some(), has_repetition(v), "{v}");
        if let Some(n) = draw.repetition {
            assert_eq!(n, 3, "{v}");
        }
        let got = draw
            .quiet_moves
            .map(|q| (2 * q.moves_each as usize, q.man_move_resets));
        assert_eq!(got, quiet_rule(v), "{v}");
    }
}

#[test]
fn threefold_repetition_draws_automatically() {
    // Positions after each ply: p1 p2 p3 p0 p1 p2 p3 p0 — p0 (the start) occurs for the third
    // time after ply 8.
    let expected_reps = [1, 1, 1, 2, 2, 2, 2, 3];
    for v in Variant::ALL.into_iter().filter(|&v| has_repetition(v)) {
        let (fen, white, black) = shuffle_setup(v);
        let mut g = game(v, fen);
        assert_eq!(g.repetitions(), 1, "{v}");
        for (i, &reps) in expected_reps.iter().enumerate() {
            assert_eq!(g.outcome(), None, "{v}: over before ply {}", i + 1);
            let outcome = shuffle_ply(&mut g, white, black, i);
            assert_eq!(
                g.repetitions(),
                reps,
                "{v}: repetitions after ply {}",
                i + 1
            );
            assert_eq!(g.quiet_plies(), i + 1, "{v}");
            if i + 1 < 8 {
                assert_eq!(outcome, None, "{v}: drawn early after ply {}", i + 1);
                assert_eq!(g.claimable_draw(), None, "{v}");
            } else {
                assert_eq!(outcome, Some(Outcome::Draw(DrawReason::Repetition)), "{v}");
                assert_eq!(g.claimable_draw(), Some(DrawReason::Repetition), "{v}");
            }
        }
        assert_eq!(g.position(), g.start(), "{v}");
        // Play after the draw is refused; undo reopens the game.
        let m = g.position().legal_moves(g.rules())[0];
        assert_eq!(g.play(m), Err(GameError::GameOver), "{v}");
        assert_eq!(g.moves().len(), 8, "{v}");
        g.undo().unwrap();
        assert_eq!(g.outcome(), None, "{v}");
        assert_eq!(g.repetitions(), 2, "{v}");
    }
}

/// `Game::legal_moves` is documented as "none once the game is over", and `Game::play` refuses
/// every move after an automatic draw; the list offered to the player must agree (regression:
/// it used to check only resignation and agreement).
#[test]
fn no_moves_offered_after_an_automatic_draw() {
    for v in Variant::ALL.into_iter().filter(|&v| has_repetition(v)) {
        let (fen, white, black) = shuffle_setup(v);
        let mut g = game(v, fen);
        for i in 0..8 {
            shuffle_ply(&mut g, white, black, i);
        }
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw(DrawReason::Repetition)),
            "{v}"
        );
        for m in g.position().legal_moves(g.rules()) {
            assert_eq!(g.play(m), Err(GameError::GameOver), "{v}");
        }
        assert_eq!(
            g.legal_moves(),
            Vec::<Move>::new(),
            "{v}: moves offered after the draw"
        );
    }
    let v = Variant::Czech;
    let mut g = game(v, kings_and_men(v));
    walk(&mut g, 29, Some(0));
    assert_eq!(
        last_king_move(&mut g),
        Some(Outcome::Draw(DrawReason::QuietMoves))
    );
    assert_eq!(
        g.legal_moves(),
        Vec::<Move>::new(),
        "moves offered after the draw"
    );
}

#[test]
fn repetition_counts_side_to_move() {
    // Czech, flying kings. White king g1 (32) goes round 32-27-23-32 along the g1-a7 diagonal
    // (three moves) while the black king h8 (4) shuffles 4-8-4 (two): after five plies the
    // pieces stand as at the start but Black is to move — a different position. Neither king
    // is ever on a diagonal of the other.
    let mut g = game(Variant::Czech, "W:WK32:BK4");
    for (i, (from, to)) in [(32, 27), (4, 8), (27, 23), (8, 4), (23, 32)]
        .into_iter()
        .enumerate()
    {
        assert_eq!(play(&mut g, from, to), None);
        assert_eq!(g.repetitions(), 1, "after ply {}", i + 1);
    }
    assert_ne!(g.position(), g.start());
    assert_eq!(g.position().with_side(Color::White), *g.start());
    // 4-8, 32-27, 8-4, 27-32: the position after ply 5 (Black to move) occurs again.
    for (from, to) in [(4, 8), (32, 27), (8, 4), (27, 32)] {
        play(&mut g, from, to);
    }
    assert_eq!(g.position(), g.position_at(5).unwrap());
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
}

#[test]
fn czech_book_has_no_repetition_rule() {
    let v = Variant::CzechBook;
    let (fen, white, black) = shuffle_setup(v);
    let mut g = game(v, fen);
    // The same shuffle: the start occurs a third time after 8 plies, a fourth after 12 …
    for i in 0..39 {
        let outcome = shuffle_ply(&mut g, white, black, i);
        assert_eq!(outcome, None, "czech-book ended after ply {}", i + 1);
        assert_eq!(g.claimable_draw(), None, "after ply {}", i + 1);
        assert_eq!(g.repetitions(), (i + 1) / 4 + 1, "after ply {}", i + 1);
        assert_eq!(g.quiet_plies(), i + 1);
    }
    // … and only the no-capture rule (20 moves each) ends it, on the 40th ply.
    let outcome = shuffle_ply(&mut g, white, black, 39);
    assert_eq!(outcome, Some(Outcome::Draw(DrawReason::QuietMoves)));
}

#[test]
fn no_progress_draw_exactly_at_the_limit() {
    for v in Variant::ALL {
        let mut g = game(v, kings_and_men(v));
        assert_eq!(g.quiet_plies(), 0, "{v}");
        let Some((limit, _)) = quiet_rule(v) else {
            // Two Towers: no such rule, however long the kings wander.
            walk(&mut g, 150, None);
            assert_eq!(g.claimable_draw(), None, "{v}");
            continue;
        };
        // One ply short of the limit: still going.
        walk(&mut g, limit - 1, Some(0));
        assert_eq!(g.quiet_plies(), limit - 1, "{v}");
        let outcome = last_king_move(&mut g);
        assert_eq!(outcome, Some(Outcome::Draw(DrawReason::QuietMoves)), "{v}");
        assert_eq!(g.quiet_plies(), limit, "{v}");
        assert_eq!(g.claimable_draw(), Some(DrawReason::QuietMoves), "{v}");
        let m = g.position().legal_moves(g.rules())[0];
        assert_eq!(g.play(m), Err(GameError::GameOver), "{v}");
        assert_eq!(g.moves().len(), limit, "{v}");
    }
}

#[test]
fn man_move_resets_the_counter_where_the_rule_says_so() {
    for v in Variant::ALL {
        let Some((limit, man_resets)) = quiet_rule(v) else {
            continue;
        };
        let mut g = game(v, kings_and_men(v));
        walk(&mut g, 10, Some(0));
        assert_eq!(play_man(&mut g), None, "{v}");
        let after_man = if man_resets { 0 } else { 11 };
        assert_eq!(g.quiet_plies(), after_man, "{v}: after a man move");
        // The draw comes `limit` plies after the last reset, not one ply earlier.
        walk(&mut g, limit - 1 - after_man, Some(after_man));
        let outcome = last_king_move(&mut g);
        assert_eq!(outcome, Some(Outcome::Draw(DrawReason::QuietMoves)), "{v}");
        let total = if man_resets { 11 + limit } else { limit };
        assert_eq!(g.moves().len(), total, "{v}");
    }
}

#[test]
fn capture_resets_the_counter() {
    for v in Variant::ALL {
        let then = quiet_rule(v).map_or(0, |(limit, _)| limit) + 2;
        // Walk the kings at least ten plies, until one side can offer a king to a king.
        let start = game(v, kings_and_men(v));
        let (mut g, sacrifice, capture) = (10..60)
            .find_map(|plies| {
                let mut g = start.clone();
                walk(&mut g, plies, Some(0));
                king_capture_pair(&g, then).map(|(s, c)| (g, s, c))
            })
            .unwrap_or_else(|| panic!("{v}: no king sacrifice found"));
        let walked = g.moves().len();
        assert!(walked >= 10, "{v}");
        assert_eq!(g.play(sacrifice).unwrap().outcome, None, "{v}");
        assert_eq!(g.quiet_plies(), walked + 1, "{v}");
        let played = g.play(capture).unwrap();
        assert_eq!(played.outcome, None, "{v}");
        assert_eq!(g.quiet_plies(), 0, "{v}: after a king capture");
        let Some((limit, _)) = quiet_rule(v) else {
            continue;
        };
        walk(&mut g, limit - 1, Some(0));
        let outcome = last_king_move(&mut g);
        assert_eq!(outcome, Some(Outcome::Draw(DrawReason::QuietMoves)), "{v}");
        // Undo reopens the game, redo ends it again.
        g.undo().unwrap();
        assert_eq!(g.outcome(), None, "{v}");
        assert_eq!(g.quiet_plies(), limit - 1, "{v}");
        let played = g.redo().unwrap();
        assert_eq!(
            played.outcome,
            Some(Outcome::Draw(DrawReason::QuietMoves)),
            "{v}"
        );
    }
}

/// White captures the last black piece: Black, to move, has nothing and loses.
#[test]
fn side_without_pieces_loses() {
    for v in Variant::ALL {
        // 8×8: c3 (22) jumps d4 (18) to e5 (15); 10×10: d4 (32) jumps c5 (27) to b6 (21).
        let (fen, from, to) = match v.rules().board {
            Board::Eight => ("W:W22:B18", 22, 15),
            Board::Ten => ("W:W32:B27", 32, 21),
        };
        let mut g = game(v, fen);
        assert_eq!(g.outcome(), None, "{v}");
        let m = find(&g, from, to);
        assert!(m.is_capture(), "{v}");
        let outcome = play(&mut g, from, to);
        let win = Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoLegalMove,
        });
        assert_eq!(outcome, win, "{v}");
        assert!(g.position().pieces(Color::Black).is_empty(), "{v}");
        assert!(g.legal_moves().is_empty(), "{v}");
        assert_eq!(g.play(m), Err(GameError::GameOver), "{v}");
        assert_eq!(g.resign(Color::White), Err(GameError::GameOver), "{v}");
        assert_eq!(g.agree_draw(), Err(GameError::GameOver), "{v}");
        assert_eq!(g.outcome(), win, "{v}");
    }
}

/// A game set up with the side to move having no pieces is already over.
#[test]
fn set_up_without_pieces_is_over() {
    for v in Variant::ALL {
        let fen = match v.rules().board {
            Board::Eight => "B:W22",
            Board::Ten => "B:W32",
        };
        let g = game(v, fen);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::NoLegalMove,
            }),
            "{v}"
        );
    }
}

/// White blocks the only black man: Black has a piece but no move and loses.
#[test]
fn side_with_all_pieces_blocked_loses() {
    for v in Variant::ALL {
        // 8×8: black man a3 (21); White a1-b2 (29-25) with c1 (30) behind: 21 can neither
        // step to 25 nor jump it. 10×10: black man a3 (36); White a1-b2 (46-41) with c1 (47)
        // behind it; the backward diagonal (31) is empty, nothing to jump there.
        let (fen, from, to) = match v.rules().board {
            Board::Eight => ("W:W29,30:B21", 29, 25),
            Board::Ten => ("W:W46,47:B36", 46, 41),
        };
        let mut g = game(v, fen);
        assert_eq!(g.outcome(), None, "{v}");
        let outcome = play(&mut g, from, to);
        assert_eq!(
            outcome,
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::NoLegalMove,
            }),
            "{v}"
        );
        assert_eq!(g.position().pieces(Color::Black).len(), 1, "{v}");
        assert_eq!(g.position().count_moves(g.rules()), 0, "{v}");
    }
}

/// The same with colours reversed: Black blocks White, and Black wins.
#[test]
fn blocked_white_loses() {
    // English, Black to move. White man h6 (12); black men f8 (3) and h8 (4). Black plays
    // h8-g7 (4-8): 12 can only step to 8 (now occupied), and the jump over 8 lands on 3
    // (occupied); English men do not capture backwards.
    let mut g = game(Variant::English, "B:W12:B3,4");
    assert_eq!(g.outcome(), None);
    let outcome = play(&mut g, 4, 8);
    assert_eq!(
        outcome,
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoLegalMove,
        })
    );
    assert_eq!(g.position().pieces(Color::White).len(), 1);
}

#[test]
fn resignation_and_undo() {
    let rules = Variant::Czech.rules();
    let mut g = Game::new(rules.clone()).unwrap();
    assert_eq!(g.position().fen(), "W:W21-32:B1-12");
    assert!(!g.can_undo());
    assert_eq!(g.undo(), Err(GameError::NothingToUndo));
    play(&mut g, 22, 18);
    let after_move = *g.position();
    g.resign(Color::Black).unwrap();
    let won = Some(Outcome::Win {
        winner: Color::White,
        reason: WinReason::Resignation,
    });
    assert_eq!(g.outcome(), won);
    assert!(g.legal_moves().is_empty());
    let reply = g.position().legal_moves(rules)[0];
    assert_eq!(g.play(reply), Err(GameError::GameOver));
    assert_eq!(g.resign(Color::White), Err(GameError::GameOver));
    assert_eq!(g.agree_draw(), Err(GameError::GameOver));
    assert_eq!(g.outcome(), won);
    // Undo takes back the resignation only, not the move.
    assert!(g.can_undo());
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.moves().len(), 1);
    assert_eq!(*g.position(), after_move);
    // The player to move may resign too; the winner is the other one.
    g.resign(Color::Black).unwrap();
    g.undo().unwrap();
    g.resign(Color::White).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        })
    );
    g.undo().unwrap();
    // Now undo takes back the move.
    g.undo().unwrap();
    assert_eq!(g.moves().len(), 0);
    assert_eq!(g.position(), g.start());
    assert_eq!(g.outcome(), None);
}

#[test]
fn agreed_draw() {
    for v in Variant::ALL {
        let mut g = Game::new(v.rules().clone()).unwrap();
        let first = g.legal_moves()[0];
        g.play(first).unwrap();
        g.agree_draw().unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw(DrawReason::Agreement)),
            "{v}"
        );
        assert!(g.legal_moves().is_empty(), "{v}");
        let reply = g.position().legal_moves(g.rules())[0];
        assert_eq!(g.play(reply), Err(GameError::GameOver), "{v}");
        assert_eq!(g.agree_draw(), Err(GameError::GameOver), "{v}");
        assert_eq!(g.claim_draw(), Err(GameError::GameOver), "{v}");
        g.undo().unwrap();
        assert_eq!(g.outcome(), None, "{v}");
        assert_eq!(g.moves(), &[first], "{v}");
        g.play(reply).unwrap();
        assert_eq!(g.moves().len(), 2, "{v}");
    }
}

#[test]
fn undo_and_redo() {
    let rules = Variant::Czech.rules();
    let mut g = Game::new(rules.clone()).unwrap();
    assert!(!g.can_redo());
    assert_eq!(g.redo(), Err(GameError::NothingToRedo));
    let p0 = *g.position();
    play(&mut g, 22, 18);
    let p1 = *g.position();
    play(&mut g, 11, 15);
    let p2 = *g.position();
    let (a, b) = (g.moves()[0], g.moves()[1]);
    g.undo().unwrap();
    g.undo().unwrap();
    assert_eq!(*g.position(), p0);
    assert!(g.moves().is_empty());
    assert!(g.can_redo());
    assert_eq!(g.redo().unwrap().mv, a);
    assert_eq!(*g.position(), p1);
    assert_eq!(g.redo().unwrap().mv, b);
    assert_eq!(*g.position(), p2);
    assert_eq!(g.moves(), &[a, b]);
    assert!(!g.can_redo());
    assert_eq!(g.redo(), Err(GameError::NothingToRedo));
    assert_eq!(*g.position(), p2);

    // Replaying the same move keeps the rest of the redo list.
    g.undo().unwrap();
    g.undo().unwrap();
    g.play(a).unwrap();
    assert!(g.can_redo());
    assert_eq!(g.redo().unwrap().mv, b);
    assert_eq!(*g.position(), p2);

    // A different move clears it.
    g.undo().unwrap();
    g.undo().unwrap();
    play(&mut g, 21, 17);
    assert!(!g.can_redo());
    assert_eq!(g.redo(), Err(GameError::NothingToRedo));
    assert_eq!(g.moves().len(), 1);
    assert_ne!(g.moves()[0], a);

    // Undo of a resignation leaves the redo list alone.
    play(&mut g, 11, 15);
    g.undo().unwrap();
    g.resign(Color::White).unwrap();
    assert!(!g.can_redo(), "no redo while the game is over");
    g.undo().unwrap();
    assert!(g.can_redo());
    assert_eq!(g.redo().unwrap().mv.to(), sq(15));
}

#[test]
fn illegal_move_is_refused_and_the_game_unchanged() {
    let rules = Variant::Czech.rules();
    let mut g = Game::new(rules.clone()).unwrap();
    // Česká dáma starts under table rules (rules.md §5); this test is about strict play.
    assert_eq!(g.enforcement(), dama::rules::Enforcement::TableRules);
    g.set_enforcement(dama::rules::Enforcement::Strict);
    play(&mut g, 22, 18);
    play(&mut g, 11, 15);
    g.undo().unwrap();
    let before = g.clone();
    let empty = SquareSet::EMPTY;
    let illegal = [
        // Black is to move: a white man.
        Move::new(Board::Eight, sq(21), sq(17), empty),
        // A black man two squares at once (f6-d4 over the empty e5: 10-15-19).
        Move::new(Board::Eight, sq(10), sq(19), empty),
        // Backwards, onto another black man.
        Move::new(Board::Eight, sq(9), sq(5), empty),
        // From an empty square.
        Move::new(Board::Eight, sq(15), sq(19), empty),
        // A capture of nothing (h6 over the empty g5 to f4).
        Move::new(Board::Eight, sq(12), sq(19), SquareSet::from_square(sq(16))),
        // The legal 11-15, claiming a capture.
        Move::new(Board::Eight, sq(11), sq(15), SquareSet::from_square(sq(16))),
        // A legal-looking move on the wrong board.
        Move::new(Board::Ten, sq(11), sq(15), empty),
    ];
    assert_eq!(g.position().side_to_move(), Color::Black);
    for m in illegal {
        assert_eq!(g.play(m), Err(GameError::IllegalMove(m)), "{m:?}");
        assert_eq!(g.position(), before.position());
        assert_eq!(g.moves(), before.moves());
        assert_eq!(g.outcome(), None);
        assert!(g.can_redo(), "an illegal move must not clear the redo list");
    }
    // A forced capture: Black plays 11-15 (f6-e5) next to White's 18 (d4), leaving f6 empty;
    // now White must jump 18x11 and any other move is illegal.
    g.redo().unwrap();
    let quiet = Move::new(Board::Eight, sq(21), sq(17), empty);
    assert_eq!(g.play(quiet), Err(GameError::IllegalMove(quiet)));
    let legal = g.legal_moves();
    assert_eq!(legal.len(), 1);
    assert_eq!(legal[0].from(), sq(18));
    assert_eq!(legal[0].to(), sq(11));
    assert_eq!(legal[0].captured(), SquareSet::from_square(sq(15)));
    // Under table rules the same forgotten capture is accepted, as a violation.
    g.set_enforcement(dama::rules::Enforcement::TableRules);
    let played = g.play(quiet).unwrap();
    assert_eq!(
        played.violation.map(|v| v.offenders),
        Some(SquareSet::from_square(sq(18)))
    );
}

#[test]
fn claimable_repetition_when_draws_are_not_automatic() {
    for v in Variant::ALL.into_iter().filter(|&v| has_repetition(v)) {
        let (fen, white, black) = shuffle_setup(v);
        let mut g = game(v, fen);
        g.set_automatic_draws(false);
        assert_eq!(g.claimable_draw(), None, "{v}");
        assert!(g.claim_draw().is_err(), "{v}: nothing to claim yet");
        assert_eq!(g.outcome(), None, "{v}");
        for i in 0..7 {
            shuffle_ply(&mut g, white, black, i);
            assert_eq!(g.claimable_draw(), None, "{v}: after ply {}", i + 1);
        }
        assert_eq!(shuffle_ply(&mut g, white, black, 7), None, "{v}");
        assert_eq!(g.claimable_draw(), Some(DrawReason::Repetition), "{v}");
        assert!(!g.legal_moves().is_empty(), "{v}");
        // Play goes on; the draw stays claimable while the position keeps repeating.
        assert_eq!(shuffle_ply(&mut g, white, black, 8), None, "{v}");
        assert_eq!(g.repetitions(), 3, "{v}");
        assert_eq!(g.claimable_draw(), Some(DrawReason::Repetition), "{v}");
        g.claim_draw().unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw(DrawReason::Repetition)),
            "{v}"
        );
        let m = g.position().legal_moves(g.rules())[0];
        assert_eq!(g.play(m), Err(GameError::GameOver), "{v}");
        assert!(g.claim_draw().is_err(), "{v}");
    }
}

#[test]
fn claimable_no_progress_when_draws_are_not_automatic() {
    for v in Variant::ALL {
        let Some((limit, _)) = quiet_rule(v) else {
            continue;
        };
        let mut g = game(v, kings_and_men(v));
        g.set_automatic_draws(false);
        walk(&mut g, limit - 1, Some(0));
        assert_eq!(last_king_move(&mut g), None, "{v}");
        assert_eq!(g.claimable_draw(), Some(DrawReason::QuietMoves), "{v}");
        assert_eq!(g.outcome(), None, "{v}");
        assert!(!g.legal_moves().is_empty(), "{v}");
        // Turning automatic draws back on ends the game at once.
        let mut automatic = g.clone();
        automatic.set_automatic_draws(true);
        assert_eq!(
            automatic.outcome(),
            Some(Outcome::Draw(DrawReason::QuietMoves)),
            "{v}"
        );
        // Playing on is allowed, then the claim ends it.
        assert_eq!(last_king_move(&mut g), None, "{v}");
        assert_eq!(g.claimable_draw(), Some(DrawReason::QuietMoves), "{v}");
        g.claim_draw().unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw(DrawReason::QuietMoves)),
            "{v}"
        );
        // Undo takes the claim back.
        g.undo().unwrap();
        assert_eq!(g.outcome(), None, "{v}");
        assert_eq!(g.quiet_plies(), limit + 1, "{v}");
    }
}
