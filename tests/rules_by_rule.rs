//! One test per rule of rules.md §1–§4, each on its own small position.
//!
//! Every expectation below was worked out by hand from the board geometry; the diagrams in the
//! comments show the squares involved. Moves are written `from-to` (quiet) or
//! `fromxto [captured, …]` (captures, captured squares ascending), and the lists are in the order
//! `legal_moves` returns them (from, to, captured squares, numerically).
//!
//! ```text
//! 8×8 numbering (White at the bottom)      10×10 numbering (White at the bottom)
//!
//!  8   .  1  .  2  .  3  .  4              10   .  1  .  2  .  3  .  4  .  5
//!  7   5  .  6  .  7  .  8  .               9   6  .  7  .  8  .  9  . 10  .
//!  6   .  9  . 10  . 11  . 12               8   . 11  . 12  . 13  . 14  . 15
//!  5  13  . 14  . 15  . 16  .               7  16  . 17  . 18  . 19  . 20  .
//!  4   . 17  . 18  . 19  . 20               6   . 21  . 22  . 23  . 24  . 25
//!  3  21  . 22  . 23  . 24  .               5  26  . 27  . 28  . 29  . 30  .
//!  2   . 25  . 26  . 27  . 28               4   . 31  . 32  . 33  . 34  . 35
//!  1  29  . 30  . 31  . 32  .               3  36  . 37  . 38  . 39  . 40  .
//!      a  b  c  d  e  f  g  h               2   . 41  . 42  . 43  . 44  . 45
//!                                           1  46  . 47  . 48  . 49  . 50  .
//!                                               a  b  c  d  e  f  g  h  i  j
//! ```
//!
//! In the small diagrams: `w`/`b` men, `W`/`B` kings, `t`/`T` towers (White/Black), `*` a square
//! a move lands on, `:` other empty squares of interest.

use dama::notation;
use dama::rules::{
    Board, Color, Game, Move, Outcome, Piece, Position, Role, RuleSet, Square, Variant, WinReason,
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const EIGHT_BY_EIGHT: [Variant; 3] = [Variant::Czech, Variant::CzechBook, Variant::English];
const TEN_BY_TEN: [Variant; 2] = [Variant::International, Variant::TwoTowers];

fn sq(n: u8) -> Square {
    Square::new(n).expect("square number 1..=50")
}

fn position(variant: Variant, fen: &str) -> Position {
    variant
        .rules()
        .parse_fen(fen)
        .unwrap_or_else(|e| panic!("{variant}: bad FEN {fen}: {e}"))
}

/// `32-28` for a quiet move, `46x25 [30, 41, 42]` for a capture.
fn describe(m: &Move) -> String {
    if m.is_capture() {
        let captured: Vec<String> = m
            .captured()
            .iter()
            .map(|s| s.number().to_string())
            .collect();
        format!(
            "{}x{} [{}]",
            m.from().number(),
            m.to().number(),
            captured.join(", ")
        )
    } else {
        format!("{}-{}", m.from().number(), m.to().number())
    }
}

/// The legal moves of `fen` under `variant`, described as above, in `legal_moves` order.
fn moves(variant: Variant, fen: &str) -> Vec<String> {
    let rules = variant.rules();
    position(variant, fen)
        .legal_moves(rules)
        .iter()
        .map(describe)
        .collect()
}

/// Asserts the exact list of legal moves for each of `variants`.
fn assert_moves(variants: &[Variant], fen: &str, expected: &[&str]) {
    for &v in variants {
        assert_eq!(moves(v, fen), expected, "variant {v}, position {fen}");
    }
}

/// The legal move of `fen` described as `mv`.
fn find(variant: Variant, pos: &Position, mv: &str) -> Move {
    pos.legal_moves(variant.rules())
        .into_iter()
        .find(|m| describe(m) == mv)
        .unwrap_or_else(|| panic!("{variant}: {mv} is not legal in {}", pos.fen()))
}

/// The position after playing the legal move `mv` (described as above) in `fen`.
fn after(variant: Variant, fen: &str, mv: &str) -> Position {
    let mut pos = position(variant, fen);
    let m = find(variant, &pos, mv);
    pos.play_unchecked(&m);
    pos
}

/// The landing squares of every path realising `mv`.
fn paths(variant: Variant, fen: &str, mv: &str) -> Vec<Vec<u8>> {
    let pos = position(variant, fen);
    let m = find(variant, &pos, mv);
    pos.capture_paths(variant.rules(), &m)
        .into_iter()
        .map(|p| p.into_iter().map(Square::number).collect())
        .collect()
}

fn piece(color: Color, role: Role) -> Option<Piece> {
    Some(Piece::new(color, role))
}

fn outcome(variant: Variant, fen: &str) -> Option<Outcome> {
    let rules: &RuleSet = variant.rules();
    Game::from_position(rules.clone(), position(variant, fen)).outcome()
}

// ---------------------------------------------------------------------------------------------
// §1 Boards, squares and numbering
// ---------------------------------------------------------------------------------------------

#[test]
fn s1_numbering_8x8_named_squares() {
    let b = Board::Eight;
    for (n, name) in [
        (1, "b8"),
        (2, "d8"),
        (3, "f8"),
        (4, "h8"),
        (5, "a7"),
        (8, "g7"),
        (9, "b6"),
        (22, "c3"),
        (29, "a1"),
        (30, "c1"),
        (31, "e1"),
        (32, "g1"),
    ] {
        assert_eq!(b.algebraic(sq(n)), name, "square {n}");
        assert_eq!(b.parse_algebraic(name), Some(sq(n)), "name {name}");
    }
    assert_eq!(b.coords(sq(1)), (1, 8));
    assert_eq!(b.coords(sq(29)), (0, 1));
    assert_eq!(b.square_at(6, 1), Some(sq(32)));
    assert_eq!(b.square(32), Some(sq(32)));
    assert_eq!(b.square(33), None);
}

#[test]
fn s1_numbering_10x10_named_squares() {
    let b = Board::Ten;
    for (n, name) in [
        (1, "b10"),
        (5, "j10"),
        (6, "a9"),
        (10, "i9"),
        (25, "j6"),
        (30, "i5"),
        (45, "j2"),
        (46, "a1"),
        (47, "c1"),
        (50, "i1"),
    ] {
        assert_eq!(b.algebraic(sq(n)), name, "square {n}");
        assert_eq!(b.parse_algebraic(name), Some(sq(n)), "name {name}");
    }
    assert_eq!(b.coords(sq(1)), (1, 10));
    assert_eq!(b.coords(sq(46)), (0, 1));
    assert_eq!(b.square_at(8, 1), Some(sq(50)));
    assert_eq!(b.square(50), Some(sq(50)));
    assert_eq!(b.square(51), None);
}

#[test]
fn s1_every_square_round_trips_and_is_numbered_row_by_row() {
    for b in [Board::Eight, Board::Ten] {
        let all: Vec<Square> = b.all_squares().collect();
        assert_eq!(all.len(), usize::from(b.squares()));
        for &s in &all {
            let name = b.algebraic(s);
            assert_eq!(b.parse_algebraic(&name), Some(s), "{b}: {name}");
            assert_eq!(
                b.parse_algebraic(&name.to_uppercase()),
                Some(s),
                "{b}: {name}"
            );
            let (file, rank) = b.coords(s);
            assert_eq!(b.square_at(file, rank), Some(s), "{b}: square {s}");
            // Dark squares only: a1 = (0, 1) is dark, so file + rank is odd.
            assert_eq!((file + rank) % 2, 1, "{b}: square {s} is light");
        }
        // Numbering: top row (Black's side) first, each row left to right as White sees it.
        let mut by_reading_order = all.clone();
        by_reading_order.sort_by_key(|&s| {
            let (file, rank) = b.coords(s);
            (std::cmp::Reverse(rank), file)
        });
        assert_eq!(by_reading_order, all, "{b}");
    }
}

#[test]
fn s1_light_and_off_board_squares_have_no_number() {
    for b in [Board::Eight, Board::Ten] {
        let size = b.size();
        let mut dark = 0;
        for file in 0..size {
            for rank in 1..=size {
                let is_dark = (file + rank) % 2 == 1;
                assert_eq!(
                    b.square_at(file, rank).is_some(),
                    is_dark,
                    "{b}: file {file} rank {rank}"
                );
                dark += usize::from(is_dark);
            }
        }
        assert_eq!(dark, usize::from(b.squares()));
        assert_eq!(b.square_at(size, 1), None);
        assert_eq!(b.square_at(0, size + 1), None);
        assert_eq!(b.square_at(1, 0), None);
    }
    for name in ["a8", "h1", "b1", "a2", "c3x", "i1", "a9", "a0"] {
        assert_eq!(Board::Eight.parse_algebraic(name), None, "8×8 {name}");
    }
    for name in ["a10", "j1", "b1", "a2", "k1", "a11", "a0"] {
        assert_eq!(Board::Ten.parse_algebraic(name), None, "10×10 {name}");
    }
}

// ---------------------------------------------------------------------------------------------
// §2 Pieces and common rules
// ---------------------------------------------------------------------------------------------

/// ```text
///  4  .  *  .  .  .  .  .  .      White men 21 (a3, left edge), 27 (f2) and 28 (h2, right edge)
///  3  w  .  .  .  *  .  *  .      move one square diagonally forward (towards squares 1..4):
///  2  .  .  .  .  .  w  .  w      21-17; 27-23, 27-24; 28-24. Never backwards.
/// ```
#[test]
fn s2_white_men_move_one_square_forward_8x8() {
    assert_moves(
        &EIGHT_BY_EIGHT,
        "W:W21,27,28:B4",
        &["21-17", "27-23", "27-24", "28-24"],
    );
}

/// Black men 5 (a7, left edge), 10 (d6) and 12 (h6, right edge) move towards row 29..32.
#[test]
fn s2_black_men_move_one_square_forward_8x8() {
    assert_moves(
        &EIGHT_BY_EIGHT,
        "B:W32:B5,10,12",
        &["5-9", "10-14", "10-15", "12-16"],
    );
}

/// White 33 (f4) -> 28 e5, 29 g5; 36 (a3, edge) -> 31 b4 only; 45 (j2, edge) -> 40 i3 only.
#[test]
fn s2_white_men_move_one_square_forward_10x10() {
    assert_moves(
        &TEN_BY_TEN,
        "W:W33,36,45:B6",
        &["33-28", "33-29", "36-31", "45-40"],
    );
}

/// Black 6 (a9, edge) -> 11 b8; 15 (j8, edge) -> 20 i7; 18 (e7) -> 22 d6, 23 f6.
#[test]
fn s2_black_men_move_one_square_forward_10x10() {
    assert_moves(
        &TEN_BY_TEN,
        "B:W50:B6,15,18",
        &["6-11", "15-20", "18-22", "18-23"],
    );
}

/// ```text
///  5  .  .  .  .  *  .  .  .      White man 22 (c3) must take 18 (d4) landing on 15 (e5);
///  4  .  .  .  b  .  .  .  .      the quiet moves of 31 (e1) and of 22 itself are not legal.
///  3  .  .  w  .  .  .  .  .
///  1  .  .  .  .  w  .  .  .
/// ```
#[test]
fn s2_capture_is_mandatory() {
    assert_moves(&EIGHT_BY_EIGHT, "W:W22,31:B18", &["22x15 [18]"]);
    // 10×10: man 38 (e3) takes 33 (f4) to 29 (g5); 38-32 and 47's moves are not legal.
    assert_moves(&TEN_BY_TEN, "W:W38,47:B33", &["38x29 [33]"]);
    // A king must capture too: king 29 (a1) takes 15 (e5); its quiet moves disappear.
    assert_moves(
        &[Variant::Czech, Variant::CzechBook],
        "W:WK29,31:B15",
        &["29x4 [15]", "29x8 [15]", "29x11 [15]"],
    );
}

/// ```text
///  4  .  .  .  b  .  .  .  .      a1-h8: king 29 (a1), black 22 (c3) and 18 (d4) directly
///  3  .  .  b  .  .  .  b  .      behind each other: no capture. e1-h4: man 31 (e1), black
///  2  .  :  .  :  .  b  .  .      27 (f2) and 24 (g3) directly behind each other: no capture.
///  1  W  .  .  .  w  .  .  .      Left: 29-25 and 31-26.
/// ```
#[test]
fn s2_two_pieces_directly_behind_each_other_cannot_be_jumped() {
    assert_moves(
        &[Variant::Czech, Variant::CzechBook],
        "W:WK29,31:B18,22,24,27",
        &["29-25", "31-26"],
    );
    // With a gap (c3 and e5, d4 empty) both can be taken, landing on d4 in between.
    assert_moves(
        &[Variant::Czech, Variant::CzechBook],
        "W:WK29:B15,22",
        &["29x4 [15, 22]", "29x8 [15, 22]", "29x11 [15, 22]"],
    );
    // 10×10: king 46 (a1) against 37 (c3) + 32 (d4); man 48 (e1) against 43 (f2) + 39 (g3).
    assert_moves(&TEN_BY_TEN, "W:WK46,48:B32,37,39,43", &["46-41", "48-42"]);
}

/// ```text
///  6  .  .  .  .  .  :  .  .      King 29 (a1) sees its own man on 22 (c3): it stops at 25.
///  5  .  .  .  .  b  .  .  .      Were own pieces jumpable it would land on 18 and take 15.
///  4  .  .  .  :  .  .  .  .
///  3  .  .  w  .  .  .  .  .
///  2  .  :  .  .  .  .  .  .
///  1  W  .  .  .  .  .  .  .
/// ```
#[test]
fn s2_own_pieces_are_never_jumped() {
    assert_moves(
        &EIGHT_BY_EIGHT[..2],
        "W:WK29,22:B15",
        &["22-17", "22-18", "29-25"],
    );
    // 10×10: man 38 (e3) next to its own man 33 (f4) with 29 empty behind.
    assert_moves(&TEN_BY_TEN, "W:W33,38:B6", &["33-28", "33-29", "38-32"]);
}

/// ```text
///  6  .  .  .  .  .  *  .  .      Man 27 (f2) takes 23 (e3) landing on 18 (d4), and must go on
///  5  .  .  .  .  b  .  .  .      over 15 (e5) to 11 (f6). Stopping on 18 is not a legal move.
///  4  .  .  .  :  .  .  .  .
///  3  .  .  .  .  b  .  .  .
///  2  .  .  .  .  .  w  .  .
/// ```
#[test]
fn s2_capture_sequence_must_be_completed() {
    assert_moves(&EIGHT_BY_EIGHT, "W:W27:B15,23", &["27x11 [15, 23]"]);
    assert_eq!(
        paths(Variant::Czech, "W:W27:B15,23", "27x11 [15, 23]"),
        [vec![18, 11]]
    );
}

/// A man jumps only an adjacent piece and lands on the square directly behind it.
#[test]
fn s2_men_capture_by_short_jump() {
    // 27 (f2) and 18 (d4) are on one diagonal with 23 (e3) empty between: no capture.
    assert_moves(&EIGHT_BY_EIGHT, "W:W27:B18", &["27-23", "27-24"]);
    // 22 (c3) takes 18 (d4) and lands on 15 (e5) only, although 11, 8 and 4 are empty.
    assert_moves(&EIGHT_BY_EIGHT, "W:W22:B18", &["22x15 [18]"]);
    // 10×10: man 44 (h2) and black 33 (f4) on one diagonal, 39 (g3) empty between: no capture.
    assert_moves(&TEN_BY_TEN, "W:W44:B33", &["44-39", "44-40"]);
    // 38 (e3) takes 33 (f4) and lands on 29 (g5) only, although 24, 20 and 15 are empty.
    assert_moves(&TEN_BY_TEN, "W:W38:B33", &["38x29 [33]"]);
}

/// ```text
///  8  .  b  .  .  .  .  .  *      King on 18 (d4) reaches every empty square of its four
///  7  *  .  .  .  .  .  *  .      diagonals: 13 moves.
///  6  .  *  .  .  .  *  .  .
///  5  .  .  *  .  *  .  .  .
///  4  .  .  .  W  .  .  .  .
///  3  .  .  *  .  *  .  .  .
///  2  .  *  .  .  .  *  .  .
///  1  *  .  .  .  .  .  *  .
/// ```
#[test]
fn s2_flying_king_moves_any_distance() {
    assert_moves(
        &[Variant::Czech, Variant::CzechBook],
        "W:WK18:B1",
        &[
            "18-4", "18-5", "18-8", "18-9", "18-11", "18-14", "18-15", "18-22", "18-23", "18-25",
            "18-27", "18-29", "18-32",
        ],
    );
    // Stops before a piece it cannot take (black man on h8, nothing behind it).
    assert_moves(
        &[Variant::Czech, Variant::CzechBook],
        "W:WK29:B4",
        &["29-8", "29-11", "29-15", "29-18", "29-22", "29-25"],
    );
    assert_moves(
        &TEN_BY_TEN,
        "W:WK46:B1",
        &[
            "46-5", "46-10", "46-14", "46-19", "46-23", "46-28", "46-32", "46-37", "46-41",
        ],
    );
}

/// ```text
///  8  .  .  .  .  .  .  .  b      King 29 (a1) takes 15 (e5) from a distance (25, 22, 18
///  7  .  .  .  .  .  .  *  .      empty) and lands on any empty square behind it before the
///  6  .  .  .  .  .  *  .  .      next piece: 11 (f6) or 8 (g7), not on the black man on 4.
///  5  .  .  .  .  b  .  .  .
///  1  W  .  .  .  .  .  .  .
/// ```
#[test]
fn s2_flying_king_captures_from_a_distance() {
    let fen = "W:WK29:B15,4";
    assert_moves(
        &[Variant::Czech, Variant::CzechBook],
        fen,
        &["29x8 [15]", "29x11 [15]"],
    );
    assert_moves(
        &TEN_BY_TEN,
        "W:WK46:B28,5",
        &["46x10 [28]", "46x14 [28]", "46x19 [28]", "46x23 [28]"],
    );
    let pos = after(Variant::Czech, fen, "29x8 [15]");
    assert_eq!(pos.fen(), "B:WK8:B4");
}

/// ```text
///  8  .  .  .  .  .  .  .  *      King 15 (e5) can take 11 (f6) landing 8/4, or 22 (c3)
///  7  .  .  .  .  .  .  *  .      landing 25/29. After either, the only way to go on would be
///  6  .  .  .  .  .  b  .  .      straight back along the same diagonal (a 180° turn), which
///  5  .  .  .  .  W  .  .  .      is not allowed (and would meet the piece just jumped, which
///  4  .  .  .  :  .  .  .  .      stays on the board): four single captures.
///  3  .  .  b  .  .  .  .  .
///  2  .  *  .  .  .  .  .  .
///  1  *  .  .  .  .  .  .  .
/// ```
#[test]
fn s2_flying_king_does_not_turn_back() {
    assert_moves(
        &[Variant::Czech, Variant::CzechBook],
        "W:WK15:B11,22",
        &["15x4 [11]", "15x8 [11]", "15x25 [22]", "15x29 [22]"],
    );
}

/// ```text
///  8  .  .  .  .  .  .  .  .      King 17 (b4); black men 22 (c3), 23 (e3), 15 (e5), 14 (c5)
///  7  .  .  .  .  .  .  .  .      around the empty square 18 (d4).
///  6  .  .  .  :  .  .  .  .      Clockwise: 17x22 -> 26 (d2), x23 -> 19 (f4), x15 -> 10 (d6),
///  5  *  .  b  .  b  .  .  .      x14 -> 17 (b4, its start) or 21 (a3).
///  4  .  W  .  .  .  :  .  .      Anticlockwise: 17x14 -> 10, x15 -> 19, x23 -> 26, x22 -> 17
///  3  *  .  b  .  b  .  .  .      or 13 (a5). Every intermediate landing is forced by the
///  2  .  .  .  :  .  .  .  .      landing rule (the others cannot go on). On b4 the king may not
///                                 jump c3 a second time.
/// ```
/// 17x17 is reached both ways and with the same captures: it is one move with two paths.
#[test]
fn s2_flying_king_may_end_on_its_start_square() {
    let fen = "W:WK17:B14,15,22,23";
    assert_moves(
        &[Variant::Czech, Variant::CzechBook],
        fen,
        &[
            "17x13 [14, 15, 22, 23]",
            "17x17 [14, 15, 22, 23]",
            "17x21 [14, 15, 22, 23]",
        ],
    );
    assert_eq!(
        paths(Variant::Czech, fen, "17x17 [14, 15, 22, 23]"),
        [vec![10, 19, 26, 17], vec![26, 19, 10, 17]]
    );
    let pos = position(Variant::Czech, fen);
    let m = find(Variant::Czech, &pos, "17x17 [14, 15, 22, 23]");
    assert_eq!(m.from(), m.to());
    assert_eq!(notation::numeric(&pos, Variant::Czech.rules(), &m), "17x17");
    let mut after_loop = pos;
    after_loop.play_unchecked(&m);
    assert_eq!(after_loop.fen(), "B:WK17:B");
}

/// ```text
///  8  .  .  .  *  .  .  .  .      King 5 (a7) takes 18 (d4); from 23 (e3) it can go on over
///  7  W  .  .  .  *  .  .  .      16 (g5) to 12 (h6); from 27 (f2) over 24 (g3) to 20 (h4) and
///  6  .  .  .  .  .  *  .  *      then over 16 (g5) to 11 (f6), 7 (e7) or 2 (d8).
///  5  .  .  .  .  .  .  b  .      From f6 the diagonal back to a1 passes d4, whose piece was
///  4  .  .  .  b  .  .  .  :      jumped and stays until the move ends: the king cannot pass it
///  3  .  .  b  .  :  .  b  .      and cannot jump it again, so 22 (c3) is safe. A "Turkish
///  2  .  .  .  .  .  :  .  .      strike" (removing d4 at once) would let it take c3 as a
///  1  .  .  .  .  .  .  :  .      fourth piece. Behind d4, 32 (g1) leads nowhere, so the
///                                 landing rule leaves only 23 and 27.
/// ```
#[test]
fn s2_jumped_pieces_stay_until_the_move_ends() {
    let fen = "W:WK5:B16,18,22,24";
    assert_moves(
        &[Variant::Czech],
        fen,
        &[
            "5x2 [16, 18, 24]",
            "5x7 [16, 18, 24]",
            "5x11 [16, 18, 24]",
            "5x12 [16, 18]",
        ],
    );
    assert_moves(
        &[Variant::CzechBook],
        fen,
        &["5x2 [16, 18, 24]", "5x7 [16, 18, 24]", "5x11 [16, 18, 24]"],
    );
    assert_eq!(
        paths(Variant::Czech, fen, "5x11 [16, 18, 24]"),
        [vec![27, 20, 11]]
    );
}

/// ```text
///  8  .  .  .  .  .  .  .  :      King 29 (a1) takes 22 (c3). Of the squares behind it
///  7  .  .  .  .  .  .  :  .      (18, 15, 11, 8, 4) only 15 (e5) lets it go on (over 19 f4),
///  6  .  .  .  .  .  :  .  .      so it must land there, then take 19 and land on 24 or 28.
///  5  .  .  .  .  :  .  .  .
///  4  .  .  .  :  .  b  .  .
///  3  .  .  b  .  .  .  *  .
///  2  .  .  .  .  .  .  .  *
///  1  W  .  .  .  .  .  .  .
/// ```
#[test]
fn s2_flying_king_must_land_where_it_can_go_on() {
    assert_moves(
        &[Variant::Czech, Variant::CzechBook],
        "W:WK29:B19,22",
        &["29x24 [19, 22]", "29x28 [19, 22]"],
    );
    // When no landing square lets it go on, any empty square behind the piece will do.
    assert_moves(
        &[Variant::Czech, Variant::CzechBook],
        "W:WK29:B22",
        &[
            "29x4 [22]",
            "29x8 [22]",
            "29x11 [22]",
            "29x15 [22]",
            "29x18 [22]",
        ],
    );
}

/// ```text
///  8  .  .  .  :  .  .  .  .  .  .     International man 21 (b6) with black men 17 (c7),
///  7  .  .  b  .  b  .  .  .  .  .     18 (e7), 27 (c5), 28 (e5): it can go round either way
///  6  .  w  .  .  .  :  .  .  .  .     (x27 -> 32 -> x28 -> 23 -> x18 -> 12 -> x17 -> 21, or the
///  5  .  .  b  .  b  .  .  .  .  .     reverse) and ends where it started. Same from, to and
///  4  .  .  .  :  .  .  .  .  .  .     captured set: one move, two paths.
/// ```
#[test]
fn s2_duplicate_paths_are_one_move() {
    let fen = "W:W21:B17,18,27,28";
    assert_moves(&TEN_BY_TEN, fen, &["21x21 [17, 18, 27, 28]"]);
    assert_eq!(
        paths(Variant::International, fen, "21x21 [17, 18, 27, 28]"),
        [vec![12, 23, 32, 21], vec![32, 23, 12, 21]]
    );
    let pos = position(Variant::International, fen);
    assert_eq!(pos.count_moves(Variant::International.rules()), 1);
}

#[test]
fn s2_side_without_pieces_loses() {
    assert_eq!(
        outcome(Variant::Czech, "W:W:B5"),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoLegalMove
        })
    );
    assert_eq!(
        outcome(Variant::International, "B:W46:B"),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoLegalMove
        })
    );
}

/// ```text
///  3  .  .  b  .      White man 29 (a1) faces 25 (b2) with 22 (c3) right behind it: it can
///  2  .  b  .  .      neither move nor capture, and White loses. With Black to move the game
///  1  w  .  .  .      goes on (25-30).
/// ```
#[test]
fn s2_side_that_is_blocked_loses() {
    let white_loses = Some(Outcome::Win {
        winner: Color::Black,
        reason: WinReason::NoLegalMove,
    });
    for v in EIGHT_BY_EIGHT {
        assert_eq!(outcome(v, "W:W29:B22,25"), white_loses, "{v}");
        assert_eq!(moves(v, "B:W29:B22,25"), ["22-26", "25-30"], "{v}");
        assert_eq!(outcome(v, "B:W29:B22,25"), None, "{v}");
    }
    // Seed 004: Black's last man on 45, a White man, tower or king on 50: Black cannot move.
    let black_loses = Some(Outcome::Win {
        winner: Color::White,
        reason: WinReason::NoLegalMove,
    });
    for fen in ["B:W50:B45", "B:WT50:B45", "B:WK50:B45"] {
        assert_eq!(outcome(Variant::TwoTowers, fen), black_loses, "{fen}");
    }
    assert_eq!(outcome(Variant::International, "B:W50:B45"), black_loses);
}

// ---------------------------------------------------------------------------------------------
// §3 Variants
// ---------------------------------------------------------------------------------------------

#[test]
fn s3_start_positions_and_who_moves_first() {
    let expected = [
        (Variant::Czech, Color::White, "W:W21-32:B1-12"),
        (Variant::CzechBook, Color::Black, "B:W25-32:B1-8"),
        (Variant::English, Color::Black, "B:W21-32:B1-12"),
        (
            Variant::TwoTowers,
            Color::White,
            "W:W31-36,T37,38,T39,40-50:B1-11,T12,13,T14,15-20",
        ),
        (Variant::International, Color::White, "W:W31-50:B1-20"),
    ];
    for (v, first, fen) in expected {
        let pos = v.start_position();
        assert_eq!(pos.side_to_move(), first, "{v}");
        assert_eq!(v.rules().first, first, "{v}");
        assert_eq!(pos.fen(), fen, "{v}");
    }
    let start_moves = |v: Variant| -> Vec<String> {
        v.start_position()
            .legal_moves(v.rules())
            .iter()
            .map(describe)
            .collect()
    };
    assert_eq!(
        start_moves(Variant::Czech),
        [
            "21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"
        ]
    );
    assert_eq!(
        start_moves(Variant::English),
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    );
    assert_eq!(
        start_moves(Variant::CzechBook),
        ["5-9", "6-9", "6-10", "7-10", "7-11", "8-11", "8-12"]
    );
    // Two Towers: the towers 37 and 39 stand behind the men of row 31-35; only those men move.
    assert_eq!(
        start_moves(Variant::TwoTowers),
        [
            "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"
        ]
    );
}

/// ```text
///  4  .  :  .  :  .      White man 22 (c3) has black men behind it on 25 (b2) and 26 (d2)
///  3  .  .  w  .  .      with 29 (a1) and 31 (e1) empty: 8×8 men capture forward only, so it
///  2  .  b  .  b  .      just moves on.
///  1  :  .  .  .  :
/// ```
#[test]
fn s3_men_capture_forward_only_8x8() {
    assert_moves(&EIGHT_BY_EIGHT, "W:W22:B25,26", &["22-17", "22-18"]);
    // Black man 18 (d4) with white men on 14 (c5) and 15 (e5) behind it, 9 and 11 empty.
    assert_moves(&EIGHT_BY_EIGHT, "B:W14,15:B18", &["18-22", "18-23"]);
}

/// International and Two Towers men also capture backwards.
#[test]
fn s3_men_capture_backward_10x10() {
    // White 33 (f4), black 38 (e3) and 39 (g3) behind it, 42 (d2) and 44 (h2) empty.
    assert_moves(&TEN_BY_TEN, "W:W33:B38,39", &["33x42 [38]", "33x44 [39]"]);
    // Black 28 (e5), white 22 (d6) and 23 (f6) behind it, 17 (c7) and 19 (g7) empty.
    assert_moves(&TEN_BY_TEN, "B:W22,23:B28", &["28x17 [22]", "28x19 [23]"]);
}

/// ```text
///  8  .  W  .  .  .  .  .  .      King 1 (b8) can take 6 (c7) landing on 10 (d6) (e5 is
///  7  .  .  b  .  .  .  .  .      occupied; from d6 nothing more: e5 and f4 stand together).
///  6  .  .  .  *  .  .  .  .      Man 32 (g1) can take 27 (f2) and 19 (f4): 32x23x16.
///  5  .  .  .  .  b  .  *  .
///  4  .  .  .  .  .  b  .  .      Czech (king priority): only the king's capture.
///  3  .  .  .  .  :  .  .  .      English (free choice): both.
///  2  .  .  .  .  .  b  .  .      Czech-book (quantity): only the man's double capture.
///  1  .  .  .  .  .  .  w  .
/// ```
#[test]
fn s3_capture_precedence_king_man() {
    let fen = "W:WK1,32:B6,15,19,27";
    assert_moves(&[Variant::Czech], fen, &["1x10 [6]"]);
    assert_moves(&[Variant::English], fen, &["1x10 [6]", "32x16 [19, 27]"]);
    assert_moves(&[Variant::CzechBook], fen, &["32x16 [19, 27]"]);
}

/// As above without the black man on 6: the king cannot capture, so in Czech the men's captures
/// are free, whatever their length: 29x22 (one piece) and 32x16 (two pieces).
#[test]
fn s3_czech_without_king_capture_choice_is_free() {
    let fen = "W:WK1,29,32:B15,19,25,27";
    assert_moves(
        &[Variant::Czech, Variant::English],
        fen,
        &["29x22 [25]", "32x16 [19, 27]"],
    );
    assert_moves(&[Variant::CzechBook], fen, &["32x16 [19, 27]"]);
}

/// ```text
///  6  .  .  .  *  .  .  .  .      Man 26 (d2) can take 22 (c3) to 17 (b4) and stop, or take
///  5  .  .  .  .  b  .  .  .      23 (e3) to 19 (f4) and then 15 (e5) to 10 (d6).
///  4  .  *  .  .  .  :  .  .      Free choice (Czech without kings, English): both.
///  3  .  .  b  .  b  .  .  .      Quantity (Czech-book): only the double.
///  2  .  .  .  w  .  .  .  .
/// ```
#[test]
fn s3_shorter_sequence_allowed_under_free_choice() {
    let fen = "W:W26:B15,22,23";
    assert_moves(
        &[Variant::Czech, Variant::English],
        fen,
        &["26x10 [15, 23]", "26x17 [22]"],
    );
    assert_moves(&[Variant::CzechBook], fen, &["26x10 [15, 23]"]);
}

/// ```text
///  9  W  .  .  .  .  .  .  .  .  .     King 6 (a9) can take 11 (b8) landing on 17 (c7) only.
///  8  .  b  .  .  .  .  .  .  .  .     Man 47 (c1) can take 42 (d2) and 33 (f4): 47x38x29.
///  7  .  .  *  .  .  .  .  .  .  .     Man 49 (g1) can take 44 (h2): 49x40.
///  6  .  .  .  b  .  .  .  .  .  .     Quantity: only the double capture; the king has no
///  5  .  .  .  .  b  .  *  .  .  .     priority.
///  4  .  .  .  .  .  b  .  .  .  .
///  3  .  .  .  .  :  .  .  .  *  .
///  2  .  .  .  b  .  .  .  b  .  .
///  1  .  .  w  .  .  .  w  .  .  .
/// ```
#[test]
fn s3_quantity_rule_10x10() {
    assert_moves(
        &TEN_BY_TEN,
        "W:WK6,47,49:B11,22,28,33,42,44",
        &["47x29 [33, 42]"],
    );
    // Ties stay free: without the black man on 33 every capture takes one piece.
    assert_moves(
        &TEN_BY_TEN,
        "W:WK6,47,49:B11,22,28,42,44",
        &["6x17 [11]", "47x38 [42]", "49x40 [44]"],
    );
}

/// English kings move one square only, in all four directions.
#[test]
fn s3_english_short_king_moves() {
    assert_moves(
        &[Variant::English],
        "W:WK18:B1",
        &["18-14", "18-15", "18-22", "18-23"],
    );
    // Black king too.
    assert_moves(
        &[Variant::English],
        "B:W32:BK18",
        &["18-14", "18-15", "18-22", "18-23"],
    );
    // No capture from a distance: 29 (a1) and 18 (d4) with 25, 22 empty.
    assert_moves(&[Variant::English], "W:WK29:B18", &["29-25"]);
}

/// ```text
///  6  .  *  .  .  .  *  .  .      English king 18 (d4) surrounded by black men on 14, 15, 22,
///  5  .  .  b  .  b  .  .  .      23 takes any of them with a short jump, in all four
///  4  .  .  .  W  .  .  .  .      directions, landing right behind it: 9, 11, 25, 27.
///  3  .  .  b  .  b  .  .  .
///  2  .  *  .  .  .  *  .  .
/// ```
#[test]
fn s3_english_short_king_captures() {
    assert_moves(
        &[Variant::English],
        "W:WK18:B14,15,22,23",
        &["18x9 [14]", "18x11 [15]", "18x25 [22]", "18x27 [23]"],
    );
    // A short king goes on in any direction: backwards over 23 (e3) to 27 (f2), then over
    // 24 (g3) to 20 (h4).
    assert_moves(&[Variant::English], "W:WK18:B23,24", &["18x20 [23, 24]"]);
}

/// ```text
///  8  .  .  .  .  .  *  .  .      Man 10 (d6) takes 7 (e7) and lands on 3 (f8), the last row:
///  7  .  .  .  .  b  .  b  .      the move ends there and the man is crowned, though a king on
///  6  .  .  .  w  .  .  .  :      f8 could go on over 8 (g7) to 12 (h6).
/// ```
#[test]
fn s3_8x8_man_capturing_onto_last_row_is_crowned_and_stops() {
    let fen = "W:W10:B7,8";
    assert_moves(&EIGHT_BY_EIGHT, fen, &["10x3 [7]"]);
    for v in EIGHT_BY_EIGHT {
        let pos = after(v, fen, "10x3 [7]");
        assert_eq!(pos.piece_at(sq(3)), piece(Color::White, Role::King), "{v}");
        assert_eq!(pos.fen(), "B:WK3:B8", "{v}");
    }
    // Black: 23 (e3) takes 27 (f2) to 32 (g1) and is crowned.
    for v in EIGHT_BY_EIGHT {
        let pos = after(v, "B:W27:B23", "23x32 [27]");
        assert_eq!(pos.piece_at(sq(32)), piece(Color::Black, Role::King), "{v}");
    }
    // A quiet move onto the last row crowns too.
    let pos = after(Variant::Czech, "W:W6:B28", "6-1");
    assert_eq!(pos.piece_at(sq(1)), piece(Color::White, Role::King));
}

/// ```text
/// 10  .  .  .  *  .  .  .  .  .  .     Man 13 (f8) takes 8 (e9) and reaches 2 (d10) on the far
///  9  .  .  b  .  b  .  .  .  .  .     row, but must go on backwards over 7 (c9) to 11 (b8): it
///  8  .  *  .  .  .  w  .  .  .  .     only passed the far row and stays a man.
/// ```
#[test]
fn s3_10x10_man_passing_far_row_is_not_crowned() {
    let fen = "W:W13:B7,8";
    assert_moves(&TEN_BY_TEN, fen, &["13x11 [7, 8]"]);
    for v in TEN_BY_TEN {
        let pos = after(v, fen, "13x11 [7, 8]");
        assert_eq!(pos.piece_at(sq(11)), piece(Color::White, Role::Man), "{v}");
        assert_eq!(pos.piece_at(sq(2)), None, "{v}");
        assert_eq!(pos.fen(), "B:W11:B", "{v}");
    }
}

/// ```text
/// 10  .  .  .  *  .  .  .  .  .  .     Man 13 (f8) takes 8 (e9) to 2 (d10) and, nothing more to
///  9  .  .  :  .  b  .  .  .  .  .     take for a man, ends there and is crowned. As a flying
///  8  .  b  .  .  .  w  .  .  .  .     king it could take 11 (b8) from d10, but the crowning
///  7  :  .  .  .  .  .  .  .  .  .     happens only when the move ends.
/// ```
#[test]
fn s3_10x10_man_ending_on_far_row_is_crowned() {
    let fen = "W:W13:B8,11";
    assert_moves(&TEN_BY_TEN, fen, &["13x2 [8]"]);
    for v in TEN_BY_TEN {
        let pos = after(v, fen, "13x2 [8]");
        assert_eq!(pos.piece_at(sq(2)), piece(Color::White, Role::King), "{v}");
        assert_eq!(pos.piece_at(sq(11)), piece(Color::Black, Role::Man), "{v}");
    }
}

// ---------------------------------------------------------------------------------------------
// §4 Two Towers
// ---------------------------------------------------------------------------------------------

const TT: [Variant; 1] = [Variant::TwoTowers];

/// A tower moves like a man: one square diagonally forward, never backwards, never further.
#[test]
fn s4_tower_moves_like_a_man() {
    // White tower 33 (f4) -> 28 (e5), 29 (g5); black tower 18 (e7) -> 22 (d6), 23 (f6).
    assert_moves(&TT, "W:WT33:BT18", &["33-28", "33-29"]);
    assert_moves(&TT, "B:WT33:BT18", &["18-22", "18-23"]);
    // Edge: tower 36 (a3) -> 31 only.
    assert_moves(&TT, "W:WT36:B1", &["36-31"]);
}

/// ```text
///  5  .  .  .  .  .  .  :  .  .  .     White man 38 (e3) next to the black tower 33 (f4) with
///  4  .  .  .  .  .  T  .  .  .  .     29 (g5) empty: men cannot jump towers. It moves 38-32.
///  3  .  .  .  .  w  .  .  .  .  .
/// ```
#[test]
fn s4_men_cannot_jump_towers() {
    assert_moves(&TT, "W:W38:BT33", &["38-32"]);
    // Backwards neither: white man 33 (f4), black tower 38 (e3) behind it, 42 (d2) empty.
    assert_moves(&TT, "W:W33:BT38", &["33-28", "33-29"]);
    // Black man 28 (e5) and white tower 33 (f4), 39 (g3) empty.
    assert_moves(&TT, "B:WT33:B28", &["28-32"]);
    // Men do jump kings.
    assert_moves(&TT, "W:W38:BK33", &["38x29 [33]"]);
}

/// A tower cannot jump a man or a tower, forwards or backwards.
#[test]
fn s4_towers_cannot_jump_men_or_towers() {
    assert_moves(&TT, "W:WT38:B33", &["38-32"]);
    assert_moves(&TT, "W:WT38:BT33", &["38-32"]);
    assert_moves(&TT, "W:WT33:B38,T39", &["33-28", "33-29"]);
}

/// ```text
///  5  .  .  :  .  .  .  .  .  .  .     King 50 (i1) takes the black tower 44 (h2), landing on
///  4  .  .  .  T  .  w  .  .  .  .     39 (g3) (its own man on 33 (f4) ends the landing squares).
///  3  .  .  .  .  w  .  *  .  .  .     The man 38 (e3) cannot take the tower 32 (d4) although
///  2  .  .  .  .  .  .  .  T  .  .     27 (c5) is empty: only a king jumps towers.
///  1  .  .  .  .  .  .  .  .  W  .
/// ```
#[test]
fn s4_only_a_king_jumps_a_tower() {
    assert_moves(&TT, "W:WK50,33,38:BT32,T44", &["50x39 [44]"]);
}

/// Seed 004: White king 46, Black men 41 and 42, Black tower 30: 46x37x48x25 taking three.
/// (Over 41 it could also land on 19 (g7) and take the tower 30 from there, to 35: two pieces
/// only, so the quantity rule excludes it.)
#[test]
fn s4_seed_example_king_jumps_tower_inside_longer_capture() {
    let fen = "W:WK46:B41,42,T30";
    assert_moves(&TT, fen, &["46x25 [30, 41, 42]"]);
    assert_eq!(
        paths(Variant::TwoTowers, fen, "46x25 [30, 41, 42]"),
        [vec![37, 48, 25]]
    );
    let pos = position(Variant::TwoTowers, fen);
    let m = find(Variant::TwoTowers, &pos, "46x25 [30, 41, 42]");
    assert_eq!(
        notation::numeric(&pos, Variant::TwoTowers.rules(), &m),
        "46x25"
    );
    assert_eq!(
        after(Variant::TwoTowers, fen, "46x25 [30, 41, 42]").fen(),
        "B:WK25:B"
    );
}

/// ```text
///  7  .  .  b  .  .  .  .  .  .  .     White tower 33 (f4) takes the black king 28 (e5) forwards
///  6  .  .  .  *  .  .  .  .  .  .     to 22 (d6), or the black king 39 (g3) backwards to 44
///  5  .  .  .  .  B  .  .  .  .  .     (h2). From 22 it cannot go on over the man 17 (c7).
///  4  .  .  .  .  .  t  .  .  .  .
///  3  .  .  .  .  .  .  B  .  .  .
///  2  .  .  .  .  .  .  .  *  .  .
/// ```
#[test]
fn s4_tower_captures_kings_forward_and_backward() {
    assert_moves(&TT, "W:WT33:BK28,K39,17", &["33x22 [28]", "33x44 [39]"]);
    // After the capture the tower is still a tower.
    let pos = after(Variant::TwoTowers, "W:WT33:BK28,K39,17", "33x44 [39]");
    assert_eq!(pos.piece_at(sq(44)), piece(Color::White, Role::Tower));
}

/// The tower goes on over further kings (33x22x13 over 28 and 18), but not over a man.
#[test]
fn s4_tower_continues_only_over_kings() {
    assert_moves(&TT, "W:WT33:BK18,K28", &["33x13 [18, 28]"]);
    assert_moves(&TT, "W:WT33:B18,K28", &["33x22 [28]"]);
}

/// A tower ending its move on the far row becomes a king; one only passing it does not.
#[test]
fn s4_tower_promotion() {
    // Quiet: tower 7 (c9) -> 1 or 2.
    assert_moves(&TT, "W:WT7:B45", &["7-1", "7-2"]);
    let pos = after(Variant::TwoTowers, "W:WT7:B45", "7-1");
    assert_eq!(pos.piece_at(sq(1)), piece(Color::White, Role::King));
    // Capture ending on the far row: tower 13 (f8) over the king 8 (e9) to 2 (d10).
    assert_moves(&TT, "W:WT13:BK8", &["13x2 [8]"]);
    let pos = after(Variant::TwoTowers, "W:WT13:BK8", "13x2 [8]");
    assert_eq!(pos.piece_at(sq(2)), piece(Color::White, Role::King));
    // Passing: over 8 to 2, then backwards over the king 7 (c9) to 11 (b8): still a tower.
    assert_moves(&TT, "W:WT13:BK7,K8", &["13x11 [7, 8]"]);
    let pos = after(Variant::TwoTowers, "W:WT13:BK7,K8", "13x11 [7, 8]");
    assert_eq!(pos.piece_at(sq(11)), piece(Color::White, Role::Tower));
    assert_eq!(pos.fen(), "B:WT11:B");
}

/// Every captured piece counts one; towers and kings have no priority.
#[test]
fn s4_quantity_counts_every_piece_as_one() {
    // Tower takes a king (one piece), man 47 takes man 42 (one piece): free choice.
    assert_moves(&TT, "W:WT33,47:BK28,42", &["33x22 [28]", "47x38 [42]"]);
    // King takes a tower (one), man takes a man (one): free choice.
    assert_moves(&TT, "W:WK50,33,47:B42,T44", &["47x38 [42]", "50x39 [44]"]);
    // Man 47 takes two men (42 then 32, landing 27): that beats the tower taking a king.
    assert_moves(&TT, "W:WT33,47:BK28,32,42", &["47x27 [32, 42]"]);
}
