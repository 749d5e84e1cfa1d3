//! FEN (rules.md §6): writing the start positions, reading every accepted form, and refusing
//! malformed text with a message that names the offending part.
//!
//! Board numbering (rules.md §1): on 8×8, 1 = b8, 4 = h8, 22 = c3, 29 = a1, 32 = g1; on 10×10,
//! 1 = b10, 5 = j10, 46 = a1, 50 = i1.

use dama::rules::{
    Board, Color, FenError, Piece, Position, PositionError, Role, RuleSet, Square, Variant,
};
use proptest::prelude::*;

fn sq(n: u8) -> Square {
    Square::new(n).expect("square number 1..=50")
}

fn parse(v: Variant, fen: &str) -> Position {
    v.rules()
        .parse_fen(fen)
        .unwrap_or_else(|e| panic!("{v}: {fen:?} should parse: {e}"))
}

/// A position built piece by piece: `(square, colour, role)`.
fn build(board: Board, side: Color, pieces: &[(u8, Color, Role)]) -> Position {
    let mut pos = Position::empty(board, side);
    for &(n, color, role) in pieces {
        pos.set_piece(sq(n), Some(Piece::new(color, role)));
    }
    pos
}

fn men(range: std::ops::RangeInclusive<u8>, color: Color) -> Vec<(u8, Color, Role)> {
    range.map(|n| (n, color, Role::Man)).collect()
}

const W: Color = Color::White;
const B: Color = Color::Black;

/// The start positions as the perft files give them (tests/data/perft/*.perft).
const STARTS: [(Variant, &str); 5] = [
    (Variant::Czech, "W:W21-32:B1-12"),
    (Variant::CzechBook, "B:W25-32:B1-8"),
    (Variant::English, "B:W21-32:B1-12"),
    (
        Variant::TwoTowers,
        "W:W31-36,T37,38,T39,40-50:B1-11,T12,13,T14,15-20",
    ),
    (Variant::International, "W:W31-50:B1-20"),
];

#[test]
fn start_positions_are_written_exactly() {
    for (v, fen) in STARTS {
        let start = v.start_position();
        assert_eq!(start.fen(), fen, "{v}");
        assert_eq!(parse(v, fen), start, "{v}");
        assert_eq!(
            v.rules().start_position().unwrap().fen(),
            fen,
            "{v}: RuleSet::start_position"
        );
    }
}

#[test]
fn start_positions_hold_the_right_pieces() {
    let czech = build(Board::Eight, W, &[men(21..=32, W), men(1..=12, B)].concat());
    assert_eq!(Variant::Czech.start_position(), czech);
    assert_eq!(
        Variant::English.start_position(),
        czech.with_side(Color::Black)
    );
    let book = build(Board::Eight, B, &[men(25..=32, W), men(1..=8, B)].concat());
    assert_eq!(Variant::CzechBook.start_position(), book);
    let international = build(Board::Ten, W, &[men(31..=50, W), men(1..=20, B)].concat());
    assert_eq!(Variant::International.start_position(), international);
    let mut towers = build(Board::Ten, W, &[men(31..=50, W), men(1..=20, B)].concat());
    for (n, color) in [(37, W), (39, W), (12, B), (14, B)] {
        towers.set_piece(sq(n), Some(Piece::new(color, Role::Tower)));
    }
    assert_eq!(Variant::TwoTowers.start_position(), towers);
    assert_eq!(towers.count(W, Role::Tower), 2);
    assert_eq!(towers.count(W, Role::Man), 18);
    assert_eq!(towers.count(B, Role::Tower), 2);
    assert_eq!(towers.count(B, Role::Man), 18);
}

#[test]
fn writes_squares_ascending_with_ranges_of_three_or_more_men() {
    let pos = build(
        Board::Eight,
        W,
        &[
            (28, W, Role::Man),
            (21, W, Role::Man),
            (22, W, Role::Man),
            (24, W, Role::Man),
            (25, W, Role::King),
            (26, W, Role::Man),
            (27, W, Role::Man),
            (2, B, Role::Man),
            (1, B, Role::Man),
            (30, B, Role::King),
            (31, B, Role::King),
            (32, B, Role::King),
        ],
    );
    // 21,22 is a run of two (no range); the king on 25 breaks the run 24..28; kings are never
    // written as ranges.
    let fen = "W:W21,22,24,K25,26-28:B1,2,K30,K31,K32";
    assert_eq!(pos.fen(), fen);
    assert_eq!(parse(Variant::Czech, fen), pos);
}

#[test]
fn writes_empty_sides() {
    let empty = Position::empty(Board::Eight, B);
    assert_eq!(empty.fen(), "B:W:B");
    assert_eq!(parse(Variant::Czech, "B:W:B"), empty);
    let pos = build(Board::Ten, W, &[(46, W, Role::King)]);
    assert_eq!(pos.fen(), "W:WK46:B");
    assert_eq!(parse(Variant::International, &pos.fen()), pos);
}

#[test]
fn reads_ranges_kings_and_towers() {
    let pos = parse(Variant::International, "W:W31-35,K46:B1,2,K10");
    let expected = build(
        Board::Ten,
        W,
        &[
            men(31..=35, W),
            vec![(46, W, Role::King)],
            men(1..=2, B),
            vec![(10, B, Role::King)],
        ]
        .concat(),
    );
    assert_eq!(pos, expected);
    assert_eq!(pos.piece_at(sq(46)), Some(Piece::new(W, Role::King)));
    assert_eq!(pos.piece_at(sq(10)), Some(Piece::new(B, Role::King)));
    assert_eq!(pos.piece_at(sq(36)), None);

    // A king range (module docs: `K46-48`).
    let kings = parse(Variant::International, "B:WK46-48:B1");
    assert_eq!(kings.pieces_of(W, Role::King).len(), 3);
    for n in 46..=48 {
        assert_eq!(
            kings.piece_at(sq(n)),
            Some(Piece::new(W, Role::King)),
            "{n}"
        );
    }
    assert_eq!(kings.side_to_move(), B);

    // A one-square range.
    assert_eq!(
        parse(Variant::Czech, "W:W21-21:B1"),
        parse(Variant::Czech, "W:W21:B1")
    );

    // Towers in Two Towers; the seed 004 example.
    let pos = parse(Variant::TwoTowers, "W:WK46:B41,42,T30");
    assert_eq!(pos.piece_at(sq(30)), Some(Piece::new(B, Role::Tower)));
    assert_eq!(pos.piece_at(sq(41)), Some(Piece::new(B, Role::Man)));
    assert_eq!(pos.piece_at(sq(46)), Some(Piece::new(W, Role::King)));
    // Written in ascending order, the tower first.
    assert_eq!(pos.fen(), "W:WK46:BT30,41,42");
}

#[test]
fn reads_algebraic_squares() {
    // 8×8: c3 = 22, a1 = 29, h8 = 4, e5 = 15.
    let pos = parse(Variant::Czech, "B:Wc3,a1,Ke5:Bh8");
    let expected = build(
        Board::Eight,
        B,
        &[
            (22, W, Role::Man),
            (29, W, Role::Man),
            (15, W, Role::King),
            (4, B, Role::Man),
        ],
    );
    assert_eq!(pos, expected);
    assert_eq!(pos.fen(), "B:WK15,22,29:B4");
    // Upper case and mixed with numbers.
    assert_eq!(parse(Variant::Czech, "B:WC3,29,KE5:B4"), expected);
    // 10×10: j10 = 5, a1 = 46, e5 = 28 (rank 5 is row 5 from the top: 26..30; e = file 4,
    // odd row so column 2 → 28), i1 = 50.
    let pos = parse(Variant::International, "W:Wa1,i1,Ke5:Bj10");
    let expected = build(
        Board::Ten,
        W,
        &[
            (46, W, Role::Man),
            (50, W, Role::Man),
            (28, W, Role::King),
            (5, B, Role::Man),
        ],
    );
    assert_eq!(pos, expected);
}

#[test]
fn reads_squares_in_any_order() {
    let sorted = parse(Variant::Czech, "W:W21,25,32:B1,12");
    assert_eq!(parse(Variant::Czech, "W:W32,21,25:B12,1"), sorted);
    assert_eq!(parse(Variant::Czech, "W:W25,32,21:B12,1"), sorted);
    assert_eq!(sorted.fen(), "W:W21,25,32:B1,12");
    // Ranges mixed with single squares, kings first.
    assert_eq!(
        parse(Variant::Czech, "W:WK9,30-32,21:B5,1-3"),
        parse(Variant::Czech, "W:WK9,21,30,31,32:B1,2,3,5")
    );
}

#[test]
fn reads_spaces_a_trailing_dot_and_either_field_order() {
    let start = Variant::Czech.start_position();
    for fen in [
        "W:W21-32:B1-12",
        "W:W21-32:B1-12.",
        " W:W21-32:B1-12 . ",
        "W : W21-32 : B1-12",
        "W:W 21 - 32 :B 1-12",
        "W:W21-24, 25-28 ,29-32:B1,2,3,4,5-12",
        "W:B1-12:W21-32",
        "W:B1-12:W21-32.",
        "W:W21-32,:B1-12,",
    ] {
        assert_eq!(parse(Variant::Czech, fen), start, "{fen:?}");
    }
    let pos = parse(Variant::Czech, "W: W K29 , 30 : B K 4");
    assert_eq!(pos.piece_at(sq(29)), Some(Piece::new(W, Role::King)));
    assert_eq!(pos.piece_at(sq(30)), Some(Piece::new(W, Role::Man)));
    assert_eq!(pos.piece_at(sq(4)), Some(Piece::new(B, Role::King)));
    assert_eq!(pos.occupied().len(), 3);
}

#[test]
fn reads_a_missing_colour_field() {
    let only_white = parse(Variant::Czech, "B:W21-32");
    assert_eq!(only_white.pieces(W).len(), 12);
    assert!(only_white.pieces(B).is_empty());
    assert_eq!(only_white.side_to_move(), B);
    assert_eq!(only_white.fen(), "B:W21-32:B");

    let only_black = parse(Variant::International, "W:B1-20");
    assert!(only_black.pieces(W).is_empty());
    assert_eq!(only_black.pieces(B).len(), 20);
    assert_eq!(only_black.fen(), "W:W:B1-20");

    let nothing = parse(Variant::English, "B");
    assert_eq!(nothing, Position::empty(Board::Eight, B));
    assert_eq!(
        parse(Variant::English, "W."),
        Position::empty(Board::Eight, W)
    );
}

#[test]
fn round_trips_hand_made_positions() {
    for (v, fen) in [
        (Variant::Czech, "W:WK1,K2,29-31:B5,K28,K32"),
        (Variant::Czech, "B:W:BK29"),
        (Variant::English, "W:W5,9,K13:B20,K24,28"),
        (Variant::CzechBook, "B:W9-11,K14:B16-18,K20"),
        (Variant::International, "W:W31-35,K46:B1,2,K10"),
        (Variant::International, "B:WK1,K5,K46,K50:B"),
        (Variant::TwoTowers, "W:WK46:BT30,41,42"),
        (Variant::TwoTowers, "B:W26-28,T29,T30,K31:BT6,T7,K8,21-25"),
    ] {
        let pos = parse(v, fen);
        assert_eq!(pos.fen(), fen, "{v}");
        assert_eq!(parse(v, &pos.fen()), pos, "{v}");
    }
}

/// The error of reading `fen` under `v`: asserts that it is one and that its message
/// contains each of `needles`.
fn error(v: Variant, fen: &str, needles: &[&str]) -> FenError {
    let err = match v.rules().parse_fen(fen) {
        Ok(pos) => panic!("{v}: {fen:?} should be refused, read as {pos:?}"),
        Err(e) => e,
    };
    let msg = err.to_string();
    for needle in needles {
        assert!(
            msg.contains(needle),
            "{v}: the message for {fen:?} should name {needle:?}: {msg:?}"
        );
    }
    err
}

#[test]
fn refuses_a_bad_side_to_move() {
    assert_eq!(
        error(Variant::Czech, "X:W21-32:B1-12", &["'X'", "W or B"]),
        FenError::BadSide("X".into())
    );
    assert_eq!(
        error(Variant::Czech, "WB:W21:B1", &["'WB'"]),
        FenError::BadSide("WB".into())
    );
    assert_eq!(
        error(Variant::Czech, ":W21:B1", &["W or B"]),
        FenError::BadSide(String::new())
    );
    // The first field is the side to move, not a piece list.
    error(Variant::Czech, "W21-32:B1-12", &["'W21-32'"]);
}

#[test]
fn refuses_squares_off_the_board() {
    assert_eq!(
        error(Variant::Czech, "W:W21,33:B1", &["'33'", "8×8"]),
        FenError::BadSquare {
            square: "33".into(),
            board: Board::Eight
        }
    );
    error(Variant::English, "B:W0:B1", &["'0'", "8×8"]);
    error(Variant::Czech, "W:W21:B1,K50", &["'50'", "8×8"]);
    error(Variant::International, "W:W51:B1", &["'51'", "10×10"]);
    error(Variant::TwoTowers, "W:W31:B0", &["'0'", "10×10"]);
    error(Variant::Czech, "W:W999:B1", &["'999'"]);
    // A range reaching off the board names the bad end.
    error(Variant::Czech, "W:W21-33:B1", &["33", "8×8"]);
    error(Variant::Czech, "W:W0-3:B5", &["0"]);
    // Algebraic squares off the board or light.
    error(Variant::Czech, "W:Wi1:B1", &["'i1'"]);
    error(Variant::Czech, "W:Wa9:B1", &["'a9'"]);
    error(Variant::Czech, "W:Wa2:B1", &["'a2'"]);
    error(Variant::Czech, "W:Wa0:B1", &["'a0'"]);
    // (`k1` would be a king on square 1.)
    error(Variant::International, "W:Wm1:B2", &["'m1'"]);
    error(Variant::International, "W:Wa11:B1", &["'a11'"]);
}

#[test]
fn refuses_bad_ranges() {
    assert_eq!(
        error(Variant::Czech, "W:W21:B5-3", &["'5-3'"]),
        FenError::BadRange("5-3".into())
    );
    error(Variant::Czech, "W:W21-x:B1", &["'21-x'"]);
    error(Variant::Czech, "W:W-:B1", &["'-'"]);
    error(Variant::Czech, "W:W21-:B1", &["'21-'"]);
    error(Variant::Czech, "W:W21-22-23:B1", &["21-22-23"]);
    error(Variant::International, "W:W300-301:B1", &["300-301"]);
}

#[test]
fn refuses_a_square_given_twice() {
    assert_eq!(
        error(Variant::Czech, "W:W21,21:B1", &["21", "twice"]),
        FenError::SquareTwice(sq(21))
    );
    // In both colours.
    error(Variant::Czech, "W:W21:B21", &["21", "twice"]);
    // Inside overlapping ranges, as a king and a man, by number and by name.
    error(Variant::Czech, "W:W21-24,23-26:B1", &["23", "twice"]);
    error(Variant::Czech, "W:WK22,22:B1", &["22", "twice"]);
    error(Variant::Czech, "W:W22,c3:B1", &["22", "twice"]);
}

#[test]
fn refuses_a_colour_listed_twice() {
    assert_eq!(
        error(Variant::Czech, "W:W21:W22:B1", &["white", "twice"]),
        FenError::ColorTwice(Color::White)
    );
    error(Variant::Czech, "W:B1:W21:B2", &["black", "twice"]);
    error(Variant::Czech, "W:W21:B1:B2", &["black", "twice"]);
}

#[test]
fn refuses_a_bad_field() {
    assert_eq!(
        error(Variant::Czech, "W:X21:B1", &["'X21'"]),
        FenError::BadField("X21".into())
    );
    error(Variant::Czech, "W:W21::B1", &["W or B"]);
    error(Variant::Czech, "W:21-32:B1-12", &["'21-32'"]);
}

#[test]
fn refuses_towers_without_the_tower_rules() {
    for v in [
        Variant::Czech,
        Variant::CzechBook,
        Variant::English,
        Variant::International,
    ] {
        let err = error(v, "W:WT22:B1", &["22", "tower"]);
        assert_eq!(
            err,
            FenError::Position(PositionError::TowersNotAllowed(sq(22))),
            "{v}"
        );
        error(v, "W:W22:BT9", &["9", "tower"]);
    }
    // Two Towers reads them.
    let pos = parse(Variant::TwoTowers, "W:WT22:BT9");
    assert_eq!(pos.piece_at(sq(22)), Some(Piece::new(W, Role::Tower)));
    assert_eq!(pos.piece_at(sq(9)), Some(Piece::new(B, Role::Tower)));
}

#[test]
fn refuses_an_uncrowned_man_on_its_promotion_row() {
    // A white man on 1..4 (8×8) or 1..5 (10×10); a black man on 29..32 or 46..50.
    for (v, fen, square, color) in [
        (Variant::Czech, "W:W1:B12", 1, W),
        (Variant::Czech, "W:W21:B30", 30, B),
        (Variant::CzechBook, "B:W4:B12", 4, W),
        (Variant::English, "B:W21:B32", 32, B),
        (Variant::International, "W:W5:B20", 5, W),
        (Variant::International, "W:W31:B46", 46, B),
        (Variant::TwoTowers, "W:W3:B20", 3, W),
    ] {
        let err = error(v, fen, &[&square.to_string(), "man", "king"]);
        assert_eq!(
            err,
            FenError::Position(PositionError::UncrownedOnPromotionRow {
                square: sq(square),
                piece: Piece::new(color, Role::Man)
            }),
            "{v} {fen}"
        );
    }
    // A tower too.
    error(Variant::TwoTowers, "W:WT2:B20", &["2", "tower"]);
    error(Variant::TwoTowers, "W:W40:BT48", &["48", "tower"]);
    // Kings are fine there, and men on their own back row.
    parse(Variant::Czech, "W:WK1,29:BK30,4");
    parse(Variant::International, "W:WK5,46:BK47-50,1");
}

#[test]
fn refuses_garbage_unicode_and_empty_text() {
    for fen in ["", "   ", ".", " . "] {
        assert_eq!(error(Variant::Czech, fen, &["empty"]), FenError::Empty);
    }
    error(Variant::Czech, "hello", &["'hello'"]);
    error(Variant::Czech, "W:W21:B1:garbage", &["'garbage'"]);
    error(Variant::Czech, "W:Wxyz:B1", &["'xyz'"]);
    error(Variant::Czech, "W:W2a:B1", &["'2a'"]);
    error(Variant::Czech, "W:WKK21:B1", &["'K21'"]);
    error(Variant::Czech, "W:W21;22:B1", &["'21;22'"]);
    // Unicode: full-width digits, accented letters, a Czech side letter, an emoji.
    error(Variant::Czech, "W:W２１:B1", &["'２１'"]);
    error(Variant::Czech, "W:Wé3:B1", &["'é3'"]);
    error(Variant::Czech, "Č:W21:B1", &["'Č'"]);
    error(Variant::International, "W:W31,🙂:B1", &["'🙂'"]);
    error(Variant::International, "W:K🙂", &["'K🙂'"]);
    error(Variant::International, "🙂", &["'🙂'"]);
    error(Variant::TwoTowers, "W:WT", &["''"]);
}

#[test]
fn the_board_comes_from_the_rule_set() {
    // The 10×10 start is not an 8×8 position.
    error(Variant::Czech, "W:W31-50:B1-20", &["50", "8×8"]);
    // …but the 8×8 start is a (strange) 10×10 one.
    let pos = parse(Variant::International, "W:W21-32:B1-12");
    assert_eq!(pos.board(), Board::Ten);
    assert_eq!(pos.occupied().len(), 24);
}

fn any_variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

fn check_parse(rules: &RuleSet, text: &str) -> Result<(), TestCaseError> {
    match rules.parse_fen(text) {
        Ok(pos) => {
            // Whatever is accepted is a valid position that writes and reads back.
            prop_assert_eq!(pos.board(), rules.board);
            prop_assert!(pos.validate().is_ok());
            prop_assert_eq!(rules.parse_fen(&pos.fen()), Ok(pos));
        }
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_strings_never_panic(v in any_variant(), text in any::<String>()) {
        check_parse(v.rules(), &text)?;
    }

    #[test]
    fn fen_like_strings_never_panic(
        v in any_variant(),
        text in "[WBKTwbkt:,.\\- 0-9a-k]{0,40}",
    ) {
        check_parse(v.rules(), &text)?;
    }

    /// The typed form too: whatever is typed, an answer and no panic; what it accepts passes
    /// the set-up checks and is written and read back as the same position.
    #[test]
    fn typed_positions_never_panic(
        v in any_variant(),
        text in "[WBKTVwbčé:;,.\\- 0-9a-k]{0,40}",
    ) {
        if let Ok(pos) = v.rules().parse_setup(&text, Color::Black) {
            prop_assert!(v.rules().check_setup(&pos).is_ok());
            prop_assert_eq!(v.rules().parse_fen(&pos.fen()), Ok(pos));
        }
    }

    #[test]
    fn mutated_start_positions_never_panic(
        v in any_variant(),
        at in any::<prop::sample::Index>(),
        insert in "[WBKT:,.\\-0-9a-z٣é🙂]{0,3}",
        delete in 0usize..4,
    ) {
        let start = v.start_position().fen();
        let chars: Vec<char> = start.chars().collect();
        let i = at.index(chars.len() + 1);
        let end = (i + delete).min(chars.len());
        let text: String = chars[..i]
            .iter()
            .chain(insert.chars().collect::<Vec<_>>().iter())
            .chain(chars[end..].iter())
            .collect();
        check_parse(v.rules(), &text)?;
    }
}

fn setup(v: Variant, text: &str, side: Color) -> Result<Position, FenError> {
    v.rules().parse_setup(text, side)
}

#[test]
fn reads_a_typed_position() {
    // The form a player writes down from a diagram; the side to move is given beside it.
    let pos = setup(Variant::International, "W: 32, 28, K46; B: 12, 19", B).unwrap();
    let expected = build(
        Board::Ten,
        B,
        &[
            (28, W, Role::Man),
            (32, W, Role::Man),
            (46, W, Role::King),
            (12, B, Role::Man),
            (19, B, Role::Man),
        ],
    );
    assert_eq!(pos, expected);
    // Czech colour words, either order, ranges, algebraic squares, a final full stop.
    let pos = setup(Variant::Czech, "černé: 1-3 ; bílé: c3, K29.", W).unwrap();
    assert_eq!(pos.fen(), "W:W22,K29:B1-3");
    let pos = setup(Variant::Czech, "Bílý: 21; Černý: 9", B).unwrap();
    assert_eq!(pos.fen(), "B:W21:B9");
    // V (věž) or T for a tower; one colour may stay empty of text but not of pieces.
    let pos = setup(Variant::TwoTowers, "W: V46, 32; B: t5, 12", W).unwrap();
    assert_eq!(pos.fen(), "W:W32,T46:BT5,12");
    // A FEN is read as a FEN, with its own side to move.
    let pos = setup(Variant::Czech, "B:W21:B9", W).unwrap();
    assert_eq!(pos.side_to_move(), B);
}

#[test]
fn refuses_a_malformed_typed_position() {
    let cases: [(&str, FenError); 6] = [
        ("32, 28; B: 12", FenError::BadSection("32, 28".into())),
        // A Czech tower's range is named as typed.
        ("W: V9-3; B: 12", FenError::BadRange("V9-3".into())),
        ("Q: 32; B: 12", FenError::BadSection("Q: 32".into())),
        ("W: 32; W: 28; B: 12", FenError::ColorTwice(W)),
        (
            "W: 32, 77; B: 12",
            FenError::BadSquare {
                square: "77".into(),
                board: Board::Eight,
            },
        ),
        ("W: 22, K22; B: 12", FenError::SquareTwice(sq(22))),
    ];
    for (text, expected) in cases {
        assert_eq!(setup(Variant::Czech, text, W), Err(expected), "{text}");
    }
}

#[test]
fn refuses_a_setup_no_game_reaches() {
    let no = |v: Variant, text: &str| match setup(v, text, W) {
        Err(FenError::Position(e)) => e,
        other => panic!("{v}: {text:?} should be refused, got {other:?}"),
    };
    assert_eq!(
        no(Variant::Czech, "W: 17-29; B: 1"),
        PositionError::TooManyPieces {
            color: W,
            count: 13,
            most: 12
        }
    );
    assert_eq!(
        no(Variant::CzechBook, "W: 21-32; B: 1"),
        PositionError::TooManyPieces {
            color: W,
            count: 12,
            most: 8
        }
    );
    assert_eq!(
        no(Variant::TwoTowers, "W: 40; B: T1, T2, T3"),
        PositionError::TooManyTowers {
            color: B,
            count: 3,
            most: 2
        }
    );
    assert_eq!(no(Variant::English, "W: 21"), PositionError::NoPieces(B));
    assert_eq!(no(Variant::English, "B: K1"), PositionError::NoPieces(W));
    assert_eq!(
        no(Variant::Czech, "W: 2; B: 30"),
        PositionError::UncrownedOnPromotionRow {
            square: sq(2),
            piece: Piece::new(W, Role::Man)
        }
    );
    assert_eq!(
        no(Variant::International, "W: T40; B: 3"),
        PositionError::TowersNotAllowed(sq(40))
    );
    // Up to the start's count is fine: twelve kings a side in Czech.
    setup(Variant::Czech, "W: K1-12; B: K21-32", W).unwrap();
}

#[test]
fn a_malformed_fen_keeps_its_own_error_in_the_typed_form_field() {
    assert_eq!(
        setup(Variant::Czech, "W:X21:B1", W),
        Err(FenError::BadField("X21".into()))
    );
    assert_eq!(
        setup(Variant::Czech, "21, 22", W),
        Err(FenError::BadSection("21, 22".into()))
    );
}

/// Review findings: a Czech player's B is bílé beside Č; algebraic squares after one colour
/// are not read as a FEN's Black field; a side to move without a move is refused.
#[test]
fn typed_positions_as_czech_players_write_them() {
    let pos = setup(Variant::Czech, "B: 21, 22; Č: 9", W).unwrap();
    assert_eq!(pos.fen(), "W:W21,22:B9");
    // B alone is Black, as in FEN.
    let pos = setup(Variant::Czech, "W: 21; B: 9", W).unwrap();
    assert_eq!(pos.fen(), "W:W21:B9");
    assert_eq!(
        setup(Variant::Czech, "W: c3, a1", W),
        Err(FenError::Position(PositionError::NoPieces(B)))
    );
    // White to move, its only man blocked by two black men: no move.
    assert_eq!(
        setup(Variant::English, "W: 29; B: 25, 22", W),
        Err(FenError::Position(PositionError::NoMoves(W)))
    );
}
