//! Table rules in the core (rules.md §5): a forgotten capture or a capture stopped early is
//! accepted and recorded; the opponent may huff or take back before moving, or let it lapse.

use dama::rules::{
    Board, Claim, ClaimOffer, Color, Enforcement, Game, GameError, Move, Square, SquareSet, Variant,
};

fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

fn set(ns: &[u8]) -> SquareSet {
    ns.iter().map(|&n| sq(n)).collect()
}

fn game(variant: Variant, fen: &str) -> Game {
    let rules = variant.rules();
    let mut g = Game::from_position(rules.clone(), rules.parse_fen(fen).unwrap());
    g.set_enforcement(Enforcement::TableRules);
    g
}

fn quiet(board: Board, from: u8, to: u8) -> Move {
    Move::new(board, sq(from), sq(to), SquareSet::EMPTY)
}

fn play(g: &mut Game, text: &str) {
    let m = dama::notation::parse_move(g.position(), g.rules(), text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .0;
    g.play(m).unwrap();
}

#[test]
fn defaults_follow_the_rule_sets() {
    for (v, e, claim) in [
        (Variant::Czech, Enforcement::TableRules, Some(Claim::Huff)),
        (
            Variant::CzechBook,
            Enforcement::TableRules,
            Some(Claim::Huff),
        ),
        (Variant::English, Enforcement::Strict, Some(Claim::TakeBack)),
        (
            Variant::TwoTowers,
            Enforcement::Strict,
            Some(Claim::TakeBack),
        ),
        (Variant::International, Enforcement::Strict, None),
    ] {
        let g = Game::new(v.rules().clone()).unwrap();
        assert_eq!((g.enforcement(), v.rules().claim), (e, claim), "{v}");
    }
    // International has no claim: table rules cannot be chosen.
    let mut g = Game::new(Variant::International.rules().clone()).unwrap();
    g.set_enforcement(Enforcement::TableRules);
    assert_eq!(g.enforcement(), Enforcement::Strict);
}

#[test]
fn huff_with_one_offender() {
    // White's man on 30 must take 26 and 19; White plays 32-28 instead.
    let mut g = game(Variant::Czech, "W:W30,32:B26,19,1");
    let played = g.play(quiet(Board::Eight, 32, 28)).unwrap();
    assert_eq!(played.violation.unwrap().offenders, set(&[30]));
    assert_eq!(
        g.claim_offer(),
        Some(ClaimOffer {
            kind: Claim::Huff,
            offenders: set(&[30])
        })
    );
    assert_eq!(
        g.claim_take_back(),
        Err(GameError::NoClaim),
        "Czech claims by huffing"
    );
    assert_eq!(
        g.claim_huff(sq(28)),
        Err(GameError::NoClaim),
        "28 is no offender"
    );
    g.claim_huff(sq(30)).unwrap();
    assert_eq!(g.position().piece_at(sq(30)), None);
    assert_eq!(g.position().side_to_move(), Color::Black, "no turn is lost");
    assert_eq!(g.claim_offer(), None, "claimed once");
    play(&mut g, "1-5");
    assert_eq!(g.huff_before(1), Some(sq(30)));
    assert_eq!(g.moves().len(), 2);
}

#[test]
fn huff_chooses_among_several_offenders() {
    // 30, 31 and 32 could all capture; 32 moved to 28 and stays an offender there. Black
    // removes 31.
    let mut g = game(Variant::Czech, "W:W30,31,32:B26,27,1");
    g.play(quiet(Board::Eight, 32, 28)).unwrap();
    assert_eq!(g.claim_offer().unwrap().offenders, set(&[28, 30, 31]));
    g.claim_huff(sq(31)).unwrap();
    assert!(g.position().piece_at(sq(30)).is_some());
    assert_eq!(g.position().piece_at(sq(31)), None);
}

#[test]
fn a_capture_stopped_early_makes_the_moved_piece_the_offender() {
    let mut g = game(Variant::Czech, "W:W30:B26,19,1");
    let stopped = Move::new(Board::Eight, sq(30), sq(23), set(&[26]));
    let played = g.play(stopped).unwrap();
    assert_eq!(played.violation.unwrap().offenders, set(&[23]));
    assert_eq!(
        g.position().piece_at(sq(26)),
        None,
        "the one capture made stands"
    );
    g.claim_huff(sq(23)).unwrap();
    assert_eq!(g.position().pieces(Color::White), SquareSet::EMPTY);
}

#[test]
fn huff_in_the_book_variant() {
    // czech-book: Black starts; Black's 18 must take 23 but plays 1-5.
    let mut g = game(Variant::CzechBook, "B:W23,32:B18,1");
    g.play(quiet(Board::Eight, 1, 5)).unwrap();
    assert_eq!(g.claim_offer().map(|o| o.kind), Some(Claim::Huff));
    g.claim_huff(sq(18)).unwrap();
    assert_eq!(g.position().count(Color::Black, dama::rules::Role::Man), 1);
}

#[test]
fn the_right_to_claim_lapses_with_a_move() {
    let mut g = game(Variant::Czech, "W:W30,32:B26,19,1");
    g.play(quiet(Board::Eight, 32, 28)).unwrap();
    assert!(g.claim_offer().is_some());
    play(&mut g, "1-5");
    assert_eq!(g.claim_offer(), None);
    assert_eq!(g.claim_huff(sq(30)), Err(GameError::NoClaim));
}

#[test]
fn take_back_in_english_and_two_towers() {
    // English: Black's 14 must take 18; Black plays 1-5; White takes it back.
    let mut g = game(Variant::English, "B:W18,32:B14,1");
    g.play(quiet(Board::Eight, 1, 5)).unwrap();
    assert_eq!(g.claim_offer().map(|o| o.kind), Some(Claim::TakeBack));
    assert_eq!(g.claim_huff(sq(14)), Err(GameError::NoClaim));
    let back = g.claim_take_back().unwrap();
    assert_eq!(back.to_string(), "1-5");
    assert_eq!(g.position().side_to_move(), Color::Black);
    // Now only the legal capture: the forgotten one again is refused.
    assert_eq!(
        g.play(quiet(Board::Eight, 1, 5)),
        Err(GameError::IllegalMove(quiet(Board::Eight, 1, 5)))
    );
    assert_eq!(g.allowed_moves().len(), 1);
    play(&mut g, "14x23");
    assert_eq!(
        g.taken_back_before(0).map(|m| m.to_string()),
        Some("1-5".into())
    );
    assert_eq!(
        g.position().side_to_move(),
        Color::White,
        "then the claimer moves"
    );

    let mut g = game(Variant::TwoTowers, "W:W33,50:B28,1");
    g.play(quiet(Board::Ten, 50, 44)).unwrap();
    g.claim_take_back().unwrap();
    play(&mut g, "33x22");
    assert_eq!(g.moves().len(), 1);
}

#[test]
fn strict_refuses_and_explains_nothing_is_recorded() {
    for (v, fen, m) in [
        (
            Variant::Czech,
            "W:W30,32:B26,19,1",
            quiet(Board::Eight, 32, 28),
        ),
        (
            Variant::English,
            "B:W18,32:B14,1",
            quiet(Board::Eight, 1, 5),
        ),
        (
            Variant::International,
            "W:W33,50:B28,1",
            quiet(Board::Ten, 50, 44),
        ),
    ] {
        let rules = v.rules();
        let mut g = Game::from_position(rules.clone(), rules.parse_fen(fen).unwrap());
        g.set_enforcement(Enforcement::Strict);
        assert_eq!(g.play(m), Err(GameError::IllegalMove(m)), "{v}");
        assert!(g.moves().is_empty());
    }
}

#[test]
fn undo_and_redo_through_claims() {
    let mut g = game(Variant::Czech, "W:W30,32:B26,19,1");
    let start = *g.position();
    g.play(quiet(Board::Eight, 32, 28)).unwrap();
    let after_violation = *g.position();
    g.claim_huff(sq(30)).unwrap();
    play(&mut g, "1-5");
    // Undo the move: the huff stands again, Black to move.
    g.undo().unwrap();
    assert_eq!(g.position().piece_at(sq(30)), None);
    assert_eq!(g.position().side_to_move(), Color::Black);
    // Undo the huff: the claim is offered again.
    g.undo().unwrap();
    assert_eq!(*g.position(), after_violation);
    assert!(g.claim_offer().is_some());
    g.undo().unwrap();
    assert_eq!(*g.position(), start);
    // Redo the violation; claim again and play: the same record as before.
    g.redo().unwrap();
    assert!(g.last_violation().is_some());
    g.claim_huff(sq(30)).unwrap();
    play(&mut g, "1-5");
    assert_eq!(g.huff_before(1), Some(sq(30)));

    // Take back, then undo it: the violating move is back and can be claimed again.
    let mut g = game(Variant::English, "B:W18,32:B14,1");
    g.play(quiet(Board::Eight, 1, 5)).unwrap();
    g.claim_take_back().unwrap();
    g.undo().unwrap();
    assert_eq!(g.moves().len(), 1);
    assert!(g.claim_offer().is_some());
}

#[test]
fn a_huff_counts_as_progress_for_the_draw_counter() {
    let mut g = game(Variant::Czech, "W:WK29,K30,31:BK3,26,1");
    // White's king 30 must take 26 (king priority); White plays 29-25 with the other king.
    let m = Move::new(Board::Eight, sq(29), sq(25), SquareSet::EMPTY);
    let played = g.play(m);
    assert!(played.is_ok(), "{played:?}");
    assert_eq!(g.quiet_plies(), 1);
    let offender = g.claim_offer().unwrap().offenders.iter().next().unwrap();
    g.claim_huff(offender).unwrap();
    play(&mut g, "3-7");
    assert_eq!(g.quiet_plies(), 0, "the huff removed material");
}

/// Saves `g` as PDN text and replays it.
fn through_pdn(g: &Game) -> (String, Game) {
    let pdn = dama::notation::pdn::to_pdn(g, &[], ["", ""]);
    let mut text = Vec::new();
    dama::notation::pdn::write_game(&pdn, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let mut read = dama::notation::pdn::Reader::new(text.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    let replayed = dama::notation::pdn::replay(&mut read, 1, None, None)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    (text, replayed.game)
}

fn same_record(a: &Game, b: &Game) {
    assert_eq!(a.moves(), b.moves());
    assert_eq!(a.position(), b.position());
    assert_eq!(a.enforcement(), b.enforcement());
    assert_eq!(a.pending_huff(), b.pending_huff());
    assert_eq!(a.pending_take_back(), b.pending_take_back());
    assert_eq!(a.claim_offer(), b.claim_offer());
    for i in 0..a.moves().len() {
        assert_eq!(a.violation_at(i), b.violation_at(i), "ply {i}");
        assert_eq!(a.huff_before(i), b.huff_before(i), "ply {i}");
        assert_eq!(a.taken_back_before(i), b.taken_back_before(i), "ply {i}");
    }
}

#[test]
fn a_huffed_game_saves_and_replays_identically() {
    let mut g = game(Variant::Czech, "W:W30,32:B26,19,1");
    g.play(quiet(Board::Eight, 32, 28)).unwrap();
    g.claim_huff(sq(30)).unwrap();
    play(&mut g, "1-5");
    let (text, again) = through_pdn(&g);
    assert!(text.contains("[Enforcement \"table\"]"), "{text}");
    assert!(
        text.contains("1. g1-h2 {[%violation]} {[%huff 30]} b8-a7"),
        "{text}"
    );
    same_record(&g, &again);
}

#[test]
fn a_take_back_saves_and_replays_identically() {
    let mut g = game(Variant::English, "B:W18,32:B14,1");
    g.play(quiet(Board::Eight, 1, 5)).unwrap();
    g.claim_take_back().unwrap();
    play(&mut g, "14x23");
    play(&mut g, "32-27");
    let (text, again) = through_pdn(&g);
    assert!(
        text.contains("{[%takeback 1-5]} 1. 14x23 32-27 *"),
        "{text}"
    );
    same_record(&g, &again);
}

/// A claim saved before the claimer's move (an autosave right after it, say) is made again
/// when the file is read.
#[test]
fn a_claim_not_yet_followed_by_a_move_saves_and_replays() {
    let mut g = game(Variant::Czech, "W:W30,32:B26,19,1");
    g.play(quiet(Board::Eight, 32, 28)).unwrap();
    g.claim_huff(sq(30)).unwrap();
    let (text, again) = through_pdn(&g);
    assert!(
        text.contains("1. g1-h2 {[%violation]} {[%huff 30]} *"),
        "{text}"
    );
    assert_eq!(again.pending_huff(), Some(sq(30)));
    same_record(&g, &again);

    let mut g = game(Variant::English, "B:W18,32:B14,1");
    g.play(quiet(Board::Eight, 1, 5)).unwrap();
    g.claim_take_back().unwrap();
    let (text, again) = through_pdn(&g);
    assert!(text.contains("{[%takeback 1-5]} *"), "{text}");
    assert_eq!(
        again.pending_take_back().map(|m| m.to_string()),
        Some("1-5".into())
    );
    same_record(&g, &again);
    // The offender must still capture.
    assert_eq!(again.allowed_moves().len(), 1);
}

#[test]
fn an_unmarked_violation_in_a_file_is_an_error() {
    let text = "[GameType \"29\"]\n[FEN \"W:W30,32:B26,19,1\"]\n1. g1-h2 *\n";
    let mut read = dama::notation::pdn::Reader::new(text.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    let e = dama::notation::pdn::replay(&mut read, 1, None, None).unwrap_err();
    assert_eq!((e.pos.line, e.pos.col), (3, 4));
    assert!(e.kind.to_string().contains("not a legal move"), "{e}");
}

/// Lapse and a capture stopped early in every rule set with a claim.
#[test]
fn lapse_and_stopped_captures_in_every_rule_set_with_a_claim() {
    // (rule set, set-up, the full capture, the capture stopped after its first jump, a quiet
    // move of the offender's side, the claimer's quiet reply)
    let cases = [
        (
            Variant::Czech,
            "W:W30,32:B26,19,1",
            "30x16",
            (30, 23, 26),
            (32, 28),
            "1-5",
        ),
        (
            Variant::CzechBook,
            "B:W14,23,32:B9,1",
            "9x27",
            (9, 18, 14),
            (1, 5),
            "32-28",
        ),
        (
            Variant::English,
            "B:W14,23,32:B9,1",
            "9x27",
            (9, 18, 14),
            (1, 5),
            "32-28",
        ),
        (
            Variant::TwoTowers,
            "W:W33,50:B28,18,1",
            "33x13",
            (33, 22, 28),
            (50, 44),
            "28x50",
        ),
    ];
    for (v, fen, full, (from, to, first), (qf, qt), reply) in cases {
        let board = v.rules().board;
        // The full capture is legal.
        let mut g = game(v, fen);
        play(&mut g, full);
        assert!(g.last_violation().is_none(), "{v}");
        // Stopped after the first jump: the moved piece is the offender.
        let mut g = game(v, fen);
        let stopped = Move::new(board, sq(from), sq(to), set(&[first]));
        let played = g.play(stopped).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eq!(played.violation.unwrap().offenders, set(&[to]), "{v}");
        assert!(g.claim_offer().is_some(), "{v}");
        // A forgotten capture that the opponent lets lapse.
        let mut g = game(v, fen);
        g.play(quiet(board, qf, qt))
            .unwrap_or_else(|e| panic!("{v}: {e}"));
        assert!(g.claim_offer().is_some(), "{v}");
        play(&mut g, reply);
        assert_eq!(g.claim_offer(), None, "{v}: lapsed");
    }
}
