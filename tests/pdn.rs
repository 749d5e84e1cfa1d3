//! The PDN layer (rules.md §6): the lexer token by token, the reader's game splitting and tree,
//! errors with their exact line, column and game, text encodings, the real collections in
//! tests/data/pdn, read → write → read round trips, and adversarial input.
//!
//! Board numbering (rules.md §1): on 8×8, 1 = b8 … 4 = h8, 22 = c3, 29 = a1, 32 = g1; on 10×10,
//! 1 = b10 … 5 = j10, 46 = a1, 50 = i1. In English Black (1–12) moves first, towards 32.

use std::io::{BufReader, Read};
use std::time::{Duration, Instant};

use dama::notation::pdn::{
    self, Encoding, GameType, Lexer, Line, MAX_DEPTH, MAX_NODES, Node, PdnError, PdnGame, Reader,
    Replayed, ResultToken, TextPos, Token, WarningKind,
};
use dama::rules::{Position, Variant};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn at(line: u32, col: u32) -> TextPos {
    TextPos { line, col }
}

/// Every token of `input` with its position; panics on a lexer error.
fn tokens_at(input: &[u8]) -> Vec<(Token, TextPos)> {
    let mut lexer = Lexer::new(input);
    let mut out = Vec::new();
    loop {
        let batch = lexer
            .next_tokens()
            .unwrap_or_else(|e| panic!("{:?}: unexpected lexer error {e}", lossy(input)));
        if batch.is_empty() {
            return out;
        }
        out.extend(batch);
    }
}

/// Every token of `input`.
fn tokens(input: &[u8]) -> Vec<Token> {
    tokens_at(input).into_iter().map(|(t, _)| t).collect()
}

/// The first lexer error of `input`; panics when it lexes cleanly.
fn lex_error(input: &[u8]) -> PdnError {
    let mut lexer = Lexer::new(input);
    loop {
        match lexer.next_tokens() {
            Err(e) => return e,
            Ok(batch) if batch.is_empty() => {
                panic!("{:?}: expected a lexer error", lossy(input))
            }
            Ok(_) => {}
        }
    }
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned()
}

fn mv(text: &str) -> Token {
    Token::Move(text.to_string())
}

fn comment(text: &str) -> Token {
    Token::Comment(text.as_bytes().to_vec())
}

fn strength(text: &str) -> Token {
    Token::Strength(text.to_string())
}

/// Every item the reader yields (it stops after the first error).
fn read_all(input: &[u8]) -> Vec<Result<PdnGame, PdnError>> {
    Reader::new(input).collect()
}

/// Every game of `input`; panics on an error.
fn read_ok(input: &[u8]) -> Vec<PdnGame> {
    read_all(input)
        .into_iter()
        .enumerate()
        .map(|(i, g)| g.unwrap_or_else(|e| panic!("game {}: unexpected error {e}", i + 1)))
        .collect()
}

/// The one game of `input`.
fn read_one(input: &str) -> PdnGame {
    let mut games = read_ok(input.as_bytes());
    assert_eq!(games.len(), 1, "{input:?}: expected one game");
    games.pop().expect("one game")
}

/// The reader's error for `input`: the last item, after any good games.
fn read_error(input: &[u8]) -> PdnError {
    let items = read_all(input);
    match items.last() {
        Some(Err(e)) => {
            assert!(
                items[..items.len() - 1].iter().all(Result::is_ok),
                "only the last item is an error"
            );
            e.clone()
        }
        other => panic!("{:?}: expected a read error, got {other:?}", lossy(input)),
    }
}

/// Replays the one game of `input` (as game 1).
fn replay_one(input: &str) -> (PdnGame, Result<Replayed, PdnError>) {
    let mut game = read_one(input);
    let replayed = pdn::replay(&mut game, 1, None, None);
    (game, replayed)
}

fn replay_error(input: &str, game_no: usize) -> PdnError {
    let mut game = read_one(input);
    match pdn::replay(&mut game, game_no, None, None) {
        Ok(r) => panic!(
            "{input:?}: expected a replay error, replayed to {}",
            r.game.position().fen()
        ),
        Err(e) => e,
    }
}

/// A node as the reader builds it (position cleared).
fn node(text: &str, nags: &[u16], comments: &[&str], variations: Vec<Line>) -> Node {
    Node {
        text: text.to_string(),
        nags: nags.to_vec(),
        comments: comments.iter().map(|c| c.to_string()).collect(),
        variations,
        ..Node::default()
    }
}

/// A plain node.
fn n(text: &str) -> Node {
    node(text, &[], &[], Vec::new())
}

fn line(nodes: Vec<Node>) -> Line {
    Line {
        nodes,
        ..Line::default()
    }
}

/// The tree without text positions (they depend on the layout, not on the game).
fn without_pos(line: &Line) -> Line {
    let mut line = line.clone();
    clear_pos(&mut line);
    line
}

fn clear_pos(line: &mut Line) {
    line.setup_pos = TextPos::default();
    for node in &mut line.nodes {
        node.pos = TextPos::default();
        for v in &mut node.variations {
            clear_pos(v);
        }
    }
}

fn tags(game: &PdnGame) -> Vec<(&str, &str)> {
    game.tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect()
}

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/pdn/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

// ---------------------------------------------------------------------------------------------
// 1. Lexer
// ---------------------------------------------------------------------------------------------

#[test]
fn lexer_tags_with_escapes_and_spaces() {
    assert_eq!(
        tokens(br#"[Event "A \"quoted\" name \\ end"] [ My_Tag2   ""  ]"#),
        vec![
            Token::Tag {
                name: "Event".into(),
                value: br#"A "quoted" name \ end"#.to_vec(),
            },
            Token::Tag {
                name: "My_Tag2".into(),
                value: Vec::new(),
            },
        ]
    );
    // Any escaped byte stands for itself; the value keeps its bytes undecoded.
    assert_eq!(
        tokens(b"[White \"\\x\xC5\xA0\"]"),
        vec![Token::Tag {
            name: "White".into(),
            value: b"x\xC5\xA0".to_vec(),
        }]
    );
    assert_eq!(
        tokens_at(b"[Event \"a\"]\n  [Site \"b\"]"),
        vec![
            (
                Token::Tag {
                    name: "Event".into(),
                    value: b"a".to_vec()
                },
                at(1, 1)
            ),
            (
                Token::Tag {
                    name: "Site".into(),
                    value: b"b".to_vec()
                },
                at(2, 3)
            ),
        ]
    );
}

#[test]
fn lexer_move_numbers_and_ellipsis() {
    assert_eq!(
        tokens(b"12. 32-28 12... 28-24 1.32-28 12...28-24 ... 19-23 ....."),
        vec![
            Token::MoveNumber(12),
            mv("32-28"),
            Token::MoveNumber(12),
            mv("28-24"),
            Token::MoveNumber(1),
            mv("32-28"),
            Token::MoveNumber(12),
            mv("28-24"),
            Token::Ellipsis,
            mv("19-23"),
            Token::Ellipsis,
        ]
    );
    // A glued move starts right after the dots.
    assert_eq!(
        tokens_at(b"1.32-28 12...c3-d4"),
        vec![
            (Token::MoveNumber(1), at(1, 1)),
            (mv("32-28"), at(1, 3)),
            (Token::MoveNumber(12), at(1, 9)),
            (mv("c3-d4"), at(1, 14)),
        ]
    );
}

#[test]
fn lexer_moves_numeric_algebraic_full_path_and_colon() {
    assert_eq!(
        tokens(b"32-28 28x19 47x38x24x13x36 c3-d4 c3:e5 a1:c3:e5 28X19 j10-i9"),
        vec![
            mv("32-28"),
            mv("28x19"),
            mv("47x38x24x13x36"),
            mv("c3-d4"),
            mv("c3:e5"),
            mv("a1:c3:e5"),
            mv("28X19"),
            mv("j10-i9"),
        ]
    );
}

#[test]
fn lexer_move_strength_marks() {
    assert_eq!(
        tokens(b"11-15! 23-19? 8-11!! 22-17?? 9-13!? 17x10?! 10-14 ?"),
        vec![
            mv("11-15"),
            strength("!"),
            mv("23-19"),
            strength("?"),
            mv("8-11"),
            strength("!!"),
            mv("22-17"),
            strength("??"),
            mv("9-13"),
            strength("!?"),
            mv("17x10"),
            strength("?!"),
            mv("10-14"),
            strength("?"),
        ]
    );
    let e = lex_error(b"11-15 !!!");
    assert_eq!(e.pos, at(1, 7));
    assert!(e.kind.to_string().contains("longer than two marks"), "{e}");
}

#[test]
fn lexer_nags() {
    assert_eq!(
        tokens(b"11-15 $1 $14 $255 $65535"),
        vec![
            mv("11-15"),
            Token::Nag(1),
            Token::Nag(14),
            Token::Nag(255),
            Token::Nag(65535),
        ]
    );
    for bad in [&b"11-15 $ 23-19"[..], b"11-15 $65536", b"11-15 $x"] {
        let e = lex_error(bad);
        assert_eq!(e.pos, at(1, 7), "{:?}", lossy(bad));
        assert!(
            e.kind.to_string().contains("expected a number after '$'"),
            "{e}"
        );
    }
}

#[test]
fn lexer_brace_comments_span_lines() {
    assert_eq!(
        tokens_at(b"11-15 {first line\nsecond line} 23-19 {a {b} {}"),
        vec![
            (mv("11-15"), at(1, 1)),
            (comment("first line\nsecond line"), at(1, 7)),
            (mv("23-19"), at(2, 14)),
            (comment("a {b"), at(2, 20)),
            (comment(""), at(2, 27)),
        ]
    );
}

#[test]
fn lexer_percent_and_semicolon_comments_run_to_the_end_of_the_line() {
    assert_eq!(
        tokens_at(b"% percent line\n11-15 ; semicolon {not a brace\n23-19 %at the end"),
        vec![
            (comment(" percent line"), at(1, 1)),
            (mv("11-15"), at(2, 1)),
            (comment(" semicolon {not a brace"), at(2, 7)),
            (mv("23-19"), at(3, 1)),
            (comment("at the end"), at(3, 7)),
        ]
    );
}

#[test]
fn lexer_variations() {
    assert_eq!(
        tokens(b"11-15 (9-13 (9-14)) 23-19 ()"),
        vec![
            mv("11-15"),
            Token::Open,
            mv("9-13"),
            Token::Open,
            mv("9-14"),
            Token::Close,
            Token::Close,
            mv("23-19"),
            Token::Open,
            Token::Close,
        ]
    );
}

#[test]
fn lexer_setup() {
    assert_eq!(
        tokens_at(b"/FEN \"W:W1:B2\"/ 1. 1-5 (/B:W18:B14/ 14x23)"),
        vec![
            (Token::Setup(b"FEN \"W:W1:B2\"".to_vec()), at(1, 1)),
            (Token::MoveNumber(1), at(1, 17)),
            (mv("1-5"), at(1, 20)),
            (Token::Open, at(1, 24)),
            (Token::Setup(b"B:W18:B14".to_vec()), at(1, 25)),
            (mv("14x23"), at(1, 37)),
            (Token::Close, at(1, 42)),
        ]
    );
    let e = lex_error(b"1. 11-15\n  /FEN \"W:W1:B2\"");
    assert_eq!(e.pos, at(2, 3));
    assert!(
        e.kind
            .to_string()
            .contains("unterminated set-up: expected '/'"),
        "{e}"
    );
}

#[test]
fn lexer_results() {
    use ResultToken::*;
    assert_eq!(
        tokens(b"1-0 0-1 1/2-1/2 * 2-0 0-2 1-1 11-15*"),
        vec![
            Token::Result(FirstWins),
            Token::Result(SecondWins),
            Token::Result(Draw),
            Token::Result(Unknown),
            Token::Result(FirstWins),
            Token::Result(SecondWins),
            Token::Result(Draw),
            mv("11-15"),
            Token::Result(Unknown),
        ]
    );
    for (text, r) in [
        ("1-0", FirstWins),
        ("2-0", FirstWins),
        ("0-1", SecondWins),
        ("0-2", SecondWins),
        ("1/2-1/2", Draw),
        ("1-1", Draw),
        ("*", Unknown),
    ] {
        assert_eq!(ResultToken::parse(text), Some(r), "{text}");
    }
    assert_eq!(ResultToken::parse("1/2"), None);
    assert_eq!(ResultToken::parse("3-0"), None);
    assert_eq!(
        [FirstWins, SecondWins, Draw, Unknown].map(ResultToken::as_str),
        ["1-0", "0-1", "1/2-1/2", "*"]
    );
}

#[test]
fn lexer_skips_a_bom_at_the_start_only() {
    assert_eq!(
        tokens_at(b"\xEF\xBB\xBF[Event \"x\"] 11-15"),
        vec![
            (
                Token::Tag {
                    name: "Event".into(),
                    value: b"x".to_vec()
                },
                at(1, 1)
            ),
            (mv("11-15"), at(1, 13)),
        ]
    );
    assert_eq!(tokens(b"\xEF\xBB\xBF"), Vec::<Token>::new());
    assert_eq!(tokens(b"\xEF\xBB\xBF\n\n"), Vec::<Token>::new());
    // Elsewhere it is junk.
    let e = lex_error(b"11-15 \xEF\xBB\xBF");
    assert_eq!(e.pos, at(1, 7));
    assert!(e.kind.to_string().contains("unexpected byte 0xEF"), "{e}");
}

#[test]
fn lexer_empty_and_blank_input() {
    assert_eq!(tokens(b""), Vec::<Token>::new());
    assert_eq!(tokens(b" \t\r\n\n  \r\n"), Vec::<Token>::new());
    let mut lexer = Lexer::new(&b"  \n "[..]);
    assert_eq!(lexer.next_tokens(), Ok(Vec::new()));
    // And it stays at the end.
    assert_eq!(lexer.next_tokens(), Ok(Vec::new()));
    assert_eq!(lexer.pos(), at(2, 2));
}

#[test]
fn lexer_text_glued_after_a_move() {
    assert_eq!(
        tokens_at(b"8-11Redovers. c3-d4Good"),
        vec![
            (mv("8-11"), at(1, 1)),
            (Token::Glued("Redovers.".into()), at(1, 5)),
            (mv("c3-d4"), at(1, 15)),
            (Token::Glued("Good".into()), at(1, 20)),
        ]
    );
}

#[test]
fn lexer_text_glued_after_a_numbered_move() {
    assert_eq!(
        tokens(b"1.8-11Redovers."),
        vec![
            Token::MoveNumber(1),
            mv("8-11"),
            Token::Glued("Redovers.".into())
        ]
    );
}

#[test]
fn lexer_columns_count_utf8_characters() {
    // Š, ť and ý are two bytes each in UTF-8, one column each.
    assert_eq!(
        tokens_at("{Šťastný} 11-15".as_bytes()),
        vec![(comment("Šťastný"), at(1, 1)), (mv("11-15"), at(1, 11))]
    );
}

#[test]
fn lexer_columns_count_single_byte_characters() {
    let mut text = b"{".to_vec();
    text.extend_from_slice(&[0x8A, 0x9D, b'a', b's', b't', b'n', 0xFD]);
    text.extend_from_slice(b"} 11-15");
    let toks = tokens_at(&text);
    assert_eq!(toks[1], (mv("11-15"), at(1, 11)));
}

#[test]
fn lexer_errors_name_the_place() {
    // (input, line, column, part of the message)
    let cases: [(&[u8], u32, u32, &str); 11] = [
        (
            b"1. 11-15 {never closed\n23-19",
            1,
            10,
            "unterminated comment: expected '}'",
        ),
        (
            b"[Event \"abc",
            1,
            8,
            "unterminated value of tag Event: expected '\"'",
        ),
        (
            b"[Event \"abc\n\"]",
            1,
            8,
            "unterminated value of tag Event",
        ),
        (b"[Event \"a\\", 1, 8, "unterminated value of tag Event"),
        (
            b"[Event \"abc\"\n1. 11-15",
            1,
            1,
            "unterminated tag Event: expected ']'",
        ),
        (
            b"[Event \"abc\"",
            1,
            1,
            "unterminated tag Event: expected ']'",
        ),
        (
            b"[Event 5]",
            1,
            8,
            "expected '\"' to open the value of tag Event",
        ),
        (b"\n [ \"x\"]", 2, 4, "expected a tag name after '['"),
        (
            b"1. 11-15 & 23-19",
            1,
            10,
            "unexpected '&': expected a tag, move",
        ),
        (b"\x00\x01junk", 1, 1, "unexpected byte 0x00"),
        (
            b"99999999999. 11-15",
            1,
            1,
            "move number '99999999999.' too large",
        ),
    ];
    for (input, line, col, msg) in cases {
        let e = lex_error(input);
        assert_eq!(e.pos, at(line, col), "{:?}: {e}", lossy(input));
        assert_eq!(e.game, 0, "the lexer knows no games");
        assert!(e.kind.to_string().contains(msg), "{:?}: {e}", lossy(input));
    }
}

// ---------------------------------------------------------------------------------------------
// 2. Reader: games, tags, tree
// ---------------------------------------------------------------------------------------------

#[test]
fn reader_splits_games_with_and_without_results() {
    let text = "[Event \"one\"]\n\
                1. 11-15 23-19 *\n\
                [Event \"two\"]\n\
                1. 9-13 22-18\n\
                [Event \"three\"]\n\
                [Result \"0-1\"]\n\
                1. 10-14\n\
                1-0\n\
                1. 11-16 24-20 1/2-1/2\n\
                [FEN \"B:W21:B1\"] *\n\
                [FEN \"B:W22:B2\"] 0-2\n\n";
    let games = read_ok(text.as_bytes());
    assert_eq!(games.len(), 6);
    let texts =
        |g: &PdnGame| -> Vec<String> { g.moves.nodes.iter().map(|n| n.text.clone()).collect() };
    assert_eq!(tags(&games[0]), [("Event", "one")]);
    assert_eq!(texts(&games[0]), ["11-15", "23-19"]);
    assert_eq!(games[0].result, Some(ResultToken::Unknown));
    assert_eq!(games[0].pos, at(1, 1));

    assert_eq!(tags(&games[1]), [("Event", "two")]);
    assert_eq!(texts(&games[1]), ["9-13", "22-18"]);
    assert_eq!(games[1].result, None, "ended by the next game's tag");
    assert_eq!(games[1].result_text(), "*");
    assert_eq!(games[1].pos, at(3, 1));

    assert_eq!(tags(&games[2]), [("Event", "three"), ("Result", "0-1")]);
    assert_eq!(texts(&games[2]), ["10-14"]);
    assert_eq!(games[2].result, Some(ResultToken::FirstWins));
    assert_eq!(
        games[2].result_text(),
        "0-1",
        "the Result tag, not the token"
    );
    assert_eq!(games[2].pos, at(5, 1));

    assert!(games[3].tags.is_empty());
    assert_eq!(texts(&games[3]), ["11-16", "24-20"]);
    assert_eq!(games[3].result, Some(ResultToken::Draw));
    assert_eq!(games[3].result_text(), "*", "the Result tag only");
    assert_eq!(games[3].pos, at(9, 1));

    assert_eq!(tags(&games[4]), [("FEN", "B:W21:B1")]);
    assert!(games[4].moves.nodes.is_empty());
    assert_eq!(games[4].result, Some(ResultToken::Unknown));
    assert_eq!(tags(&games[5]), [("FEN", "B:W22:B2")]);
    assert_eq!(games[5].result, Some(ResultToken::SecondWins));
    assert_eq!(games[5].result_text(), "*");
    assert_eq!(games[5].pos, at(11, 1));
}

#[test]
fn reader_without_games() {
    assert!(read_all(b"").is_empty());
    assert!(read_all(b"\n \r\n\t").is_empty());
    assert!(read_all(b"\xEF\xBB\xBF\n").is_empty());
}

#[test]
fn reader_tree_keeps_nested_variations_on_the_move_they_replace() {
    let game = read_one(
        "[Event \"Tree\"]\n\
         {before} 1. 11-15 {after 11-15} (1. 9-13 {alt} 22-18 (1... 24-20 $2) 2. 13-17?)\n\
         23-19! $14 (1... 22-18 2. 15x22) 2. 8-11 1-0",
    );
    let expected = Line {
        setup: None,
        setup_pos: TextPos::default(),
        comments: vec!["before".into()],
        nodes: vec![
            node(
                "11-15",
                &[],
                &["after 11-15"],
                vec![line(vec![
                    node("9-13", &[], &["alt"], vec![]),
                    node(
                        "22-18",
                        &[],
                        &[],
                        vec![line(vec![node("24-20", &[2], &[], vec![])])],
                    ),
                    node("13-17", &[2], &[], vec![]),
                ])],
            ),
            node(
                "23-19",
                &[1, 14],
                &[],
                vec![line(vec![n("22-18"), n("15x22")])],
            ),
            n("8-11"),
        ],
    };
    assert_eq!(without_pos(&game.moves), expected);
    assert_eq!(game.result, Some(ResultToken::FirstWins));
    // Positions of moves, also inside variations.
    assert_eq!(game.moves.nodes[0].pos, at(2, 13));
    assert_eq!(game.moves.nodes[0].variations[0].nodes[1].pos, at(2, 48));
    assert_eq!(
        game.moves.nodes[0].variations[0].nodes[1].variations[0].nodes[0].pos,
        at(2, 60)
    );
    assert_eq!(game.moves.nodes[1].pos, at(3, 1));
    assert!(game.moves.nodes.iter().all(|n| n.mv.is_none()));
    assert!(game.warnings.is_empty());
}

#[test]
fn reader_several_variations_on_one_move_and_comments_inside_them() {
    let game = read_one("1. 11-15 (9-13) ({why not} 10-14 {ok}) ( ) 23-19 *");
    let expected = line(vec![
        node(
            "11-15",
            &[],
            &[],
            vec![
                line(vec![n("9-13")]),
                Line {
                    comments: vec!["why not".into()],
                    nodes: vec![node("10-14", &[], &["ok"], vec![])],
                    ..Line::default()
                },
                Line::default(),
            ],
        ),
        n("23-19"),
    ]);
    assert_eq!(without_pos(&game.moves), expected);
}

#[test]
fn reader_comments_line_and_node_trimmed() {
    let game = read_one(
        "[Event \"c\"]\r\n\
         {  first  } % second\r\n\
         1. 11-15 ; after the move\r\n\
         {two} {three}\r\n\
         23-19 {multi\r\nline} *\r\n",
    );
    assert_eq!(game.moves.comments, ["first", "second"]);
    assert_eq!(
        game.moves.nodes[0].comments,
        ["after the move", "two", "three"]
    );
    assert_eq!(game.moves.nodes[1].comments, ["multi\r\nline"]);
    assert_eq!(tags(&game), [("Event", "c")]);
}

#[test]
fn reader_comment_before_the_tags_belongs_to_the_game() {
    let game = read_one("{header}\n[Event \"x\"]\n1. 11-15 *");
    assert_eq!(tags(&game), [("Event", "x")]);
    assert_eq!(game.moves.comments, ["header"]);
    assert_eq!(game.pos, at(1, 1));
}

#[test]
fn reader_nags_and_strength_marks_are_nags_1_to_6() {
    let game =
        read_one("1. 11-15! 23-19? 2. 8-11!! 22-17?? 3. 9-13!? 17-14?! $14 $0 4. 10x17 $3 !");
    let nags: Vec<Vec<u16>> = game.moves.nodes.iter().map(|n| n.nags.clone()).collect();
    assert_eq!(
        nags,
        [
            vec![1],
            vec![2],
            vec![3],
            vec![4],
            vec![5],
            vec![6, 14, 0],
            vec![3, 1]
        ]
    );
    assert_eq!(game.result, None);
}

#[test]
fn reader_all_tags_kept_in_order_unknown_ones_included() {
    let game = read_one(
        "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"3\"]\n[White \"W\"]\n\
         [Black \"B\"]\n[Result \"1/2-1/2\"]\n[Zeta \"z\"]\n[GameType \"21,B,8,8,N1,0\"]\n\
         [Alpha \"a\"]\n[FEN \"B:W21-32:B1-12\"]\n[Zeta \"second\"]\n*",
    );
    assert_eq!(
        tags(&game),
        [
            ("Event", "E"),
            ("Site", "S"),
            ("Date", "2024.01.02"),
            ("Round", "3"),
            ("White", "W"),
            ("Black", "B"),
            ("Result", "1/2-1/2"),
            ("Zeta", "z"),
            ("GameType", "21,B,8,8,N1,0"),
            ("Alpha", "a"),
            ("FEN", "B:W21-32:B1-12"),
            ("Zeta", "second"),
        ]
    );
    assert_eq!(game.tag("Zeta"), Some("z"), "the first of a repeated tag");
    assert_eq!(game.tag("Alpha"), Some("a"));
    assert_eq!(game.tag("zeta"), None, "tag names are case-sensitive");
    assert_eq!(game.tag("Missing"), None);
    assert_eq!(game.result, Some(ResultToken::Unknown));
    assert_eq!(game.result_text(), "1/2-1/2");
    assert!(game.moves.nodes.is_empty());

    let gt = GameType::parse(game.tag("GameType").unwrap()).expect("GameType");
    assert_eq!(gt.number, 21);
    assert_eq!(gt.fields, ["B", "8", "8", "N1", "0"]);
    assert_eq!(gt.variant(), Some(Variant::English));
    assert_eq!(pdn::variant_from_tags(&game), Ok(Some(Variant::English)));

    let gt = GameType::parse(" 20 , W,10,10,N2,0").expect("spaces around fields");
    assert_eq!(gt.number, 20);
    assert_eq!(gt.fields, ["W", "10", "10", "N2", "0"]);
    assert_eq!(GameType::parse("29").expect("number only").fields.len(), 0);
    assert!(GameType::parse("W,8,8").is_err());
    assert_eq!(
        GameType::parse("90").unwrap().variant(),
        Some(Variant::TwoTowers)
    );
    assert_eq!(
        GameType::parse("91").unwrap().variant(),
        Some(Variant::CzechBook)
    );
    assert_eq!(GameType::parse("30").unwrap().variant(), None);
}

#[test]
fn reader_setups_in_the_movetext() {
    let game = read_one("/FEN \"B:W18:B14\"/ 1. 14x23 (/ W:W9:B5 / 1... 5x14) 1-0");
    assert_eq!(game.moves.setup.as_deref(), Some("B:W18:B14"));
    assert_eq!(
        game.moves.nodes[0].variations[0].setup.as_deref(),
        Some("W:W9:B5")
    );
    let (game, replayed) = replay_one("[GameType \"21\"]\n/FEN \"B:W18:B14\"/ 1. 14x23 1-0");
    let replayed = replayed.expect("replays");
    assert_eq!(game.moves.nodes[0].text, "14x23");
    assert_eq!(replayed.game.moves().len(), 1);
    assert_eq!(replayed.game.position().fen(), "W:W:B23");
}

#[test]
fn reader_glued_text_becomes_a_comment_with_a_warning() {
    let game = read_one("1. 8-11Redovers. 22-18 *");
    assert_eq!(
        without_pos(&game.moves),
        line(vec![node("8-11", &[], &["Redovers."], vec![]), n("22-18")])
    );
    assert_eq!(game.warnings.len(), 1);
    assert_eq!(game.warnings[0].pos, at(1, 8));
    assert_eq!(game.warnings[0].game, 1);
    assert!(
        game.warnings[0]
            .kind
            .to_string()
            .contains("text glued to a move kept as a comment: 'Redovers.'"),
        "{}",
        game.warnings[0]
    );
}

#[test]
fn reader_stops_after_an_error() {
    let items = read_all(b"1. 11-15 *\n1. 9-13 ) *\n1. 10-14 *\n");
    assert_eq!(items.len(), 2);
    assert!(items[0].is_ok());
    let e = items[1].as_ref().unwrap_err();
    assert_eq!((e.pos, e.game), (at(2, 9), 2));
    let mut reader = Reader::new(&b"1. 11-15 )\n1. 9-13 *"[..]);
    assert!(matches!(reader.next(), Some(Err(_))));
    assert!(reader.next().is_none());
    assert!(reader.next().is_none());
}

// ---------------------------------------------------------------------------------------------
// 2b. Choosing the rule set
// ---------------------------------------------------------------------------------------------

fn rules_id(input: &str) -> (String, Vec<String>) {
    let (_, replayed) = replay_one(input);
    let r = replayed.unwrap_or_else(|e| panic!("{input:?}: {e}"));
    (
        r.game.rules().id.clone(),
        r.warnings.iter().map(|w| w.kind.to_string()).collect(),
    )
}

#[test]
fn rule_set_from_game_type_variant_tag_or_squares() {
    let english = "no GameType tag: read as English draughts (squares 1-32)";
    let international = "no GameType tag: read as International draughts (squares above 32)";
    let cases: [(&str, &str, &[&str]); 10] = [
        ("1. 11-15 23-19 *", "english", &[english]),
        ("1. 33-28 18-22 *", "international", &[international]),
        (
            "[FEN \"W:W40:B10\"]\n1. 40-34 *",
            "international",
            &[international],
        ),
        ("[GameType \"21,B,8,8,N1,0\"]\n1. 11-15 *", "english", &[]),
        (
            "[GameType \"20,W,10,10,N2,0\"]\n1. 32-28 *",
            "international",
            &[],
        ),
        ("[GameType \"29,W,8,8,A0,0\"]\n1. c3-d4 *", "czech", &[]),
        (
            "[GameType \"90,W,10,10,N2,0\"]\n1. 33-28 *",
            "two-towers",
            &[],
        ),
        (
            "[GameType \"91,B,8,8,A0,0\"]\n1. a7-b6 *",
            "czech-book",
            &[],
        ),
        ("[Variant \"two-towers\"]\n1. 33-28 *", "two-towers", &[]),
        (
            "[GameType \"29\"]\n[Variant \"czech-book\"]\n1. 5-9 *",
            "czech-book",
            &[],
        ),
    ];
    for (input, id, warnings) in cases {
        assert_eq!(
            rules_id(input),
            (
                id.to_string(),
                warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>()
            ),
            "{input:?}"
        );
    }
    // The no-GameType warning stands at the start of the game.
    let (_, r) = replay_one("\n\n  1. 11-15 *");
    let r = r.unwrap();
    assert_eq!((r.warnings[0].pos, r.warnings[0].game), (at(3, 3), 1));
    // A rule set given by the caller wins over the tags.
    let mut game = read_one("[GameType \"21\"]\n1. c3-d4 *");
    let r = pdn::replay(&mut game, 1, Some(Variant::Czech.rules()), None).expect("czech");
    assert_eq!(r.game.rules().id, "czech");
    assert!(r.warnings.is_empty());
}

#[test]
fn replay_normalises_the_move_text() {
    // A plain move written with x (a warning), numeric in a Czech game (rewritten algebraic).
    let (game, r) = replay_one("[GameType \"21\"]\n1. 11-15 23-19 2. 10x14 *");
    let r = r.unwrap();
    let texts: Vec<&str> = game.moves.nodes.iter().map(|n| n.text.as_str()).collect();
    assert_eq!(texts, ["11-15", "23-19", "10-14"]);
    assert_eq!(r.warnings.len(), 1);
    assert_eq!((r.warnings[0].pos, r.warnings[0].game), (at(2, 19), 1));
    assert_eq!(
        r.warnings[0].kind.to_string(),
        "10x14: a plain move is written as a capture"
    );
    let (game, r) = replay_one("[GameType \"29,W,8,8,A0,0\"]\n1. 22-18 11-15 2. 18x11 *");
    r.unwrap();
    let texts: Vec<&str> = game.moves.nodes.iter().map(|n| n.text.as_str()).collect();
    assert_eq!(texts, ["c3-d4", "f6-e5", "d4:f6"]);
    assert!(game.moves.nodes.iter().all(|n| n.mv.is_some()));
}

// ---------------------------------------------------------------------------------------------
// 3. Errors: exact place, game and message
// ---------------------------------------------------------------------------------------------

#[test]
fn error_unterminated_comment_names_its_brace_and_game() {
    let e =
        read_error(b"[Event \"a\"]\n1. 11-15 *\n\n[Event \"b\"]\n1. 11-15 {never closed\n23-19\n");
    assert_eq!((e.pos, e.game), (at(5, 10), 2));
    assert_eq!(e.kind.to_string(), "unterminated comment: expected '}'");
    assert_eq!(
        e.to_string(),
        "5:10: game 2: unterminated comment: expected '}'"
    );
}

/// The one warning of `game`, which skipped a tag line that does not read: where the tag is
/// wrong, in which game, and why.
fn skipped_line(game: &PdnGame) -> (TextPos, usize, String) {
    assert_eq!(game.warnings.len(), 1, "{:?}", game.warnings);
    let w = &game.warnings[0];
    let WarningKind::TagSkipped(why) = &w.kind else {
        panic!("{w}");
    };
    (w.pos, w.game, why.to_string())
}

/// Issue 46: a tag value not closed on its line was an error that lost the game; the line is
/// skipped with a warning where the value starts, and the game goes on.
#[test]
fn unterminated_tag_value_skips_its_line() {
    let game = read_one("[Event \"a\"]\n[Site \"Praha\n1. 11-15 *");
    assert_eq!(tags(&game), [("Event", "a")]);
    assert_eq!(game.moves.nodes.len(), 1);
    assert_eq!(
        skipped_line(&game),
        (
            at(2, 7),
            1,
            "unterminated value of tag Site: expected '\"'".into()
        )
    );
    // The last line of a file, after a game: a game of its own (of nothing but that line).
    let games = read_ok(b"1. 11-15 *\n[Site \"Pra");
    assert_eq!(games.len(), 2);
    assert_eq!(skipped_line(&games[1]).0, at(2, 7));
    assert_eq!(skipped_line(&games[1]).1, 2);
    assert_eq!(games[1].pos, at(2, 1));
}

/// Issue 46: a tag without its `]` was an error that lost the game; its line is skipped with
/// a warning at the tag, and the moves on the next line are the game's.
#[test]
fn missing_closing_bracket_skips_its_line() {
    let game = read_one("[Event \"a\"]\n[Site \"b\"\n1. 11-15 *");
    assert_eq!(tags(&game), [("Event", "a")]);
    assert_eq!(game.moves.nodes.len(), 1);
    assert_eq!(game.result, Some(ResultToken::Unknown));
    assert_eq!(
        skipped_line(&game),
        (at(2, 1), 1, "unterminated tag Site: expected ']'".into())
    );
}

#[test]
fn error_close_without_open() {
    let e = read_error(b"1. 11-15 *\n1. 11-15 (9-13)) 23-19 *");
    assert_eq!((e.pos, e.game), (at(2, 16), 2));
    assert_eq!(e.kind.to_string(), "')' without a variation to close");
}

#[test]
fn error_unterminated_variation_at_the_end() {
    let e = read_error(b"[Event \"v\"]\n1. 11-15 (1. 9-13 22-18\n");
    assert_eq!((e.pos, e.game), (at(2, 10), 1));
    assert_eq!(e.kind.to_string(), "unterminated variation: expected ')'");
    // Nested: the outermost open '(' is named.
    let e = read_error(b"1. 11-15 (1. 9-13 22-18 (1... 24-20");
    assert_eq!((e.pos, e.game), (at(1, 10), 1));
    let e = read_error(b"1. 11-15 (1. 9-13 22-18 (1... 24-20)");
    assert_eq!((e.pos, e.game), (at(1, 10), 1));
}

#[test]
fn error_result_inside_a_variation() {
    let e = read_error(b"1. 11-15 *\n\n1. 11-15 (1. 9-13 1-0) *");
    assert_eq!((e.pos, e.game), (at(3, 10), 2));
    assert_eq!(
        e.kind.to_string(),
        "unterminated variation: expected ')' before the result 1-0"
    );
}

#[test]
fn error_unexpected_character() {
    let e = read_error(b"[Event \"x\"]\n1. 11-15 & 23-19 *");
    assert_eq!((e.pos, e.game), (at(2, 10), 1));
    assert_eq!(
        e.kind.to_string(),
        "unexpected '&': expected a tag, move, comment, variation or result"
    );
}

#[test]
fn error_misplaced_marks_variations_and_setups() {
    let cases: [(&str, u32, u32, &str); 5] = [
        ("! 11-15 *", 1, 1, "move strength '!' without a move"),
        ("[Event \"x\"]\n$3 11-15 *", 2, 1, "$3 without a move"),
        (
            "(9-13) 11-15 *",
            1,
            1,
            "a variation '(' must follow the move it replaces",
        ),
        (
            "1. 11-15 ((9-13)) *",
            1,
            11,
            "a variation '(' must follow the move it replaces",
        ),
        (
            "1. 11-15 /FEN \"B:W18:B14\"/ *",
            1,
            10,
            "a /set-up/ must come before the first move of a line",
        ),
    ];
    for (input, line, col, msg) in cases {
        let e = read_error(input.as_bytes());
        assert_eq!((e.pos, e.game), (at(line, col), 1), "{input:?}: {e}");
        assert_eq!(e.kind.to_string(), msg, "{input:?}");
    }
}

#[test]
fn error_illegal_move_names_it_and_lists_the_legal_moves() {
    let e = replay_error("[Event \"Illegal\"]\n1. 11-15 23-19\n2. 12-15 *", 7);
    assert_eq!((e.pos, e.game), (at(3, 4), 7));
    assert_eq!(
        e.kind.to_string(),
        "12-15 is not a legal move here (legal: 7-11 8-11 9-13 9-14 10-14 12-16 15-18)"
    );
    assert_eq!(
        e.to_string(),
        "3:4: game 7: 12-15 is not a legal move here \
         (legal: 7-11 8-11 9-13 9-14 10-14 12-16 15-18)"
    );
    // Inside a variation.
    let e = replay_error("1. 11-15 (1. 12-17) 23-19 *", 2);
    assert_eq!((e.pos, e.game), (at(1, 14), 2));
    assert_eq!(
        e.kind.to_string(),
        "12-17 is not a legal move here (legal: 9-13 9-14 10-14 10-15 11-15 11-16 12-16)"
    );
    // Not move syntax, and a square off the board.
    let e = read_error(b"[GameType \"21\"]\n1. 11-15 banana *");
    assert_eq!(e.pos, at(2, 10));
    assert!(e.kind.to_string().contains("'banana' is not a move"), "{e}");
    let e = replay_error("[GameType \"21\"]\n1. 11-55 *", 1);
    assert_eq!(e.pos, at(2, 4));
    assert!(
        e.kind
            .to_string()
            .contains("55 is not a square of the 8×8 board"),
        "{e}"
    );
}

#[test]
fn error_ambiguous_move() {
    // White man c1 (30) reaches c5 (14) over b2, b4 (25, 17) or over d2, d4 (26, 18).
    let e = replay_error(
        "[GameType \"29,W,8,8,A0,0\"]\n[FEN \"W:W30:B17,18,25,26\"]\n1. c1:c5 *",
        4,
    );
    assert_eq!((e.pos, e.game), (at(3, 4), 4));
    assert_eq!(
        e.kind.to_string(),
        "c1:c5 is ambiguous: it could be 30x21x14 or 30x23x14"
    );
    // The full path, or any landing square, settles it.
    let (game, r) =
        replay_one("[GameType \"29,W,8,8,A0,0\"]\n[FEN \"W:W30:B17,18,25,26\"]\n1. c1:e3:c5 *");
    r.unwrap();
    assert_eq!(game.moves.nodes[0].text, "c1:e3:c5");
}

#[test]
fn error_broken_fen_tag() {
    let e = replay_error("[FEN \"B:W21,Z9:B1\"]\n[GameType \"21\"]\n1. 1-5 *", 3);
    assert_eq!((e.pos, e.game), (at(1, 1), 3));
    assert!(
        e.kind
            .to_string()
            .starts_with("bad FEN tag 'B:W21,Z9:B1': "),
        "{}",
        e.kind
    );
    assert!(e.kind.to_string().contains("'Z9'"), "{}", e.kind);
    for fen in ["", "X:W21:B1", "B:W21:W22", "B:W21,21:B1", "B:W21:B40"] {
        let e = replay_error(&format!("[FEN \"{fen}\"]\n[GameType \"21\"]\n*"), 1);
        assert_eq!(e.pos, at(1, 1), "{fen:?}");
        assert!(
            e.kind
                .to_string()
                .starts_with(&format!("bad FEN tag '{fen}'")),
            "{e}"
        );
    }
}

#[test]
fn error_broken_fen_tag_names_the_tag() {
    let e = replay_error(
        "[Event \"x\"]\n[GameType \"21\"]\n[FEN \"B:W21,Z9:B1\"]\n*",
        1,
    );
    assert_eq!(e.pos, at(3, 1));
}

#[test]
fn error_broken_setup_names_its_place() {
    let e = replay_error("[GameType \"21\"]\n/FEN \"B:W99\"/ *", 1);
    assert_eq!((e.pos, e.game), (at(2, 1), 1));
    assert!(e.kind.to_string().contains("bad set-up 'B:W99'"), "{e}");
}

#[test]
fn error_broken_setup_before_moves() {
    let e = replay_error("[GameType \"21\"]\n/FEN \"B:W99\"/ 1. 1-5 *", 1);
    assert!(
        e.kind.to_string().starts_with("bad set-up 'B:W99': "),
        "{e}"
    );
    assert_eq!(e.game, 1);
    assert_eq!(e.pos.line, 2);
    assert!(e.pos.col >= 1);
}

#[test]
fn error_unknown_game_type() {
    let e = replay_error("[Event \"x\"]\n[GameType \"30,W,8,8,N1,0\"]\n1. 11-15 *", 5);
    assert_eq!((e.pos, e.game), (at(2, 1), 5), "at the GameType tag");
    assert!(
        e.kind
            .to_string()
            .starts_with("GameType 30 is not a game Dáma plays"),
        "{}",
        e.kind
    );
    assert!(
        e.kind.to_string().contains("20 International"),
        "{}",
        e.kind
    );
    let e = replay_error("[GameType \"checkers\"]\n1. 11-15 *", 1);
    assert_eq!(
        e.kind.to_string(),
        "GameType 'checkers' does not start with a game type number"
    );
}

#[test]
fn error_in_the_next_game_after_a_game_without_result() {
    // A tag that does not read at the start of a line opens the next game, which skips it
    // (issue 46): it was that game's error.
    let items = read_all(b"[Event \"a\"]\n1. 11-15 23-19\n[Event \"b\n");
    assert_eq!(items.len(), 2, "{items:?}");
    assert_eq!(items[0].as_ref().unwrap().moves.nodes.len(), 2);
    let game = items[1].as_ref().unwrap();
    assert_eq!(skipped_line(game).0, at(3, 8));
    assert_eq!(skipped_line(game).1, 2);
    assert_eq!(game.pos, at(3, 1));
    // A tag that cannot be skipped (binary data in it), and a `[` after moves on their line,
    // are the next game's error as they were.
    for (text, pos) in [
        (
            &b"[Event \"a\"]\n1. 11-15 23-19\n[Event \"b\x01\"]\n"[..],
            at(3, 10),
        ),
        (
            &b"[Event \"a\"]\n1. 11-15 23-19 [Event \"b\n"[..],
            at(2, 23),
        ),
    ] {
        let items = read_all(text);
        assert_eq!(items.len(), 2, "{items:?}");
        assert!(items[0].is_ok());
        let e = items[1].as_ref().unwrap_err();
        assert_eq!((e.pos, e.game), (pos, 2), "{e}");
    }
}

// ---------------------------------------------------------------------------------------------
// 4. Encodings
// ---------------------------------------------------------------------------------------------

const NAME: &str = "Šťastný Dvořák";

/// The test game with `name` (bytes in some encoding) as White and in a comment.
fn czech_game(prefix: &[u8], name: &[u8]) -> Vec<u8> {
    let mut out = prefix.to_vec();
    out.extend_from_slice(b"[Event \"Encoding\"]\n[White \"");
    out.extend_from_slice(name);
    out.extend_from_slice(b"\"]\n[Black \"Novak\"]\n1. 11-15 {");
    out.extend_from_slice(name);
    out.extend_from_slice(b"} 23-19 *\n");
    out
}

fn read_czech(bytes: &[u8]) -> (PdnGame, Encoding) {
    let mut reader = Reader::new(bytes);
    let game = reader.next().expect("a game").expect("reads");
    assert!(reader.next().is_none());
    (game, reader.decoder().encoding())
}

#[test]
fn encoding_utf8_with_and_without_bom() {
    for prefix in [&b""[..], b"\xEF\xBB\xBF"] {
        let (game, enc) = read_czech(&czech_game(prefix, NAME.as_bytes()));
        assert_eq!(game.tag("White"), Some(NAME));
        assert_eq!(game.moves.nodes[0].comments, [NAME]);
        assert_eq!(enc, Encoding::Utf8);
        assert!(game.warnings.is_empty(), "{:?}", game.warnings);
        assert_eq!(game.pos, at(1, 1));
        // Columns count characters: "1. 11-15 {Šťastný Dvořák} 23-19" puts 23-19 at 27.
        assert_eq!(game.moves.nodes[1].pos, at(4, 27));
    }
}

#[test]
fn encoding_windows_1250_and_iso_8859_2_are_detected() {
    // Š ť a s t n ý ␣ D v o ř á k
    let cp1250 = [
        0x8A, 0x9D, b'a', b's', b't', b'n', 0xFD, b' ', b'D', b'v', b'o', 0xF8, 0xE1, b'k',
    ];
    let latin2 = [
        0xA9, 0xBB, b'a', b's', b't', b'n', 0xFD, b' ', b'D', b'v', b'o', 0xF8, 0xE1, b'k',
    ];
    for (bytes, encoding) in [
        (&cp1250, Encoding::Windows1250),
        (&latin2, Encoding::Iso8859_2),
    ] {
        let (mut game, enc) = read_czech(&czech_game(b"", bytes));
        assert_eq!(enc, encoding);
        assert_eq!(game.tag("White"), Some(NAME), "{encoding:?}");
        assert_eq!(game.moves.nodes[0].comments, [NAME], "{encoding:?}");
        assert_eq!(game.warnings.len(), 1, "{:?}", game.warnings);
        let w = &game.warnings[0];
        assert_eq!((w.pos, w.game), (at(2, 1), 1));
        assert_eq!(
            w.kind.to_string(),
            format!("the file is not UTF-8: read as {encoding}")
        );
        // Replay passes the reader's warnings on.
        let r = pdn::replay(&mut game, 1, Some(Variant::English.rules()), None).expect("replays");
        assert_eq!(r.warnings, game.warnings);
    }
}

#[test]
fn encoding_holds_for_the_rest_of_the_file() {
    let mut text = czech_game(b"", &[0x8A, b'x']);
    text.extend_from_slice(&czech_game(b"", &[0xE1]));
    let games = read_ok(&text);
    assert_eq!(games[0].tag("White"), Some("Šx"));
    assert_eq!(games[1].tag("White"), Some("á"));
    assert_eq!(games[0].warnings.len(), 1);
    assert!(games[1].warnings.is_empty(), "warned once per file");
}

// ---------------------------------------------------------------------------------------------
// 5. Real data
// ---------------------------------------------------------------------------------------------

const CORRUPT_TINSLEY_GAME: usize = 541;

#[test]
fn tinsley_every_game_reads_and_all_but_one_replay() {
    let text = data("english-tinsley.pdn");
    let mut games = read_ok(&text);
    let mut first = games[0].clone();
    assert_eq!(games.len(), 724);
    assert_eq!(
        games[0].tag("Event"),
        Some("Ohio State Ty 1946"),
        "first game"
    );
    assert_eq!(games[0].tag("Black"), Some("MF Tinsley"));
    assert_eq!(games[0].result, Some(ResultToken::Draw));
    let mut capture_marks = 0;
    let mut replayed = 0;
    for (i, game) in games.iter_mut().enumerate() {
        let k = i + 1;
        match pdn::replay(game, k, None, None) {
            Ok(r) => {
                assert_ne!(k, CORRUPT_TINSLEY_GAME, "game 541 has an impossible move");
                assert_eq!(r.game.rules().id, "english", "game {k}");
                assert_eq!(r.game.moves().len(), count_main_line(game), "game {k}");
                for w in &r.warnings {
                    assert_eq!(w.game, k);
                    if w.kind
                        .to_string()
                        .ends_with("a plain move is written as a capture")
                    {
                        capture_marks += 1;
                    }
                }
                replayed += 1;
            }
            Err(e) => {
                assert_eq!(k, CORRUPT_TINSLEY_GAME, "game {k}: {e}");
                assert_eq!((e.pos, e.game), (at(5588, 5), 541));
                assert!(
                    e.kind
                        .to_string()
                        .starts_with("32-28 is not a legal move here (legal: "),
                    "{e}"
                );
            }
        }
    }
    assert_eq!(replayed, 723);
    assert!(capture_marks > 0);
    // The first of them: game 1, "4. 10x14" on line 5.
    let r = pdn::replay(&mut first, 1, None, None).unwrap();
    assert_eq!(r.warnings[1].pos, at(5, 46));
    assert_eq!(
        r.warnings[1].kind.to_string(),
        "10x14: a plain move is written as a capture"
    );
}

fn count_main_line(game: &PdnGame) -> usize {
    game.moves.nodes.len()
}

#[test]
fn ballots_every_entry_loads_with_no_moves() {
    let text = data("english-11-man-ballots.pdn");
    assert!(text.windows(2).any(|w| w == b"\r\n"), "CRLF line endings");
    let expected = String::from_utf8_lossy(&text)
        .lines()
        .filter(|l| l.starts_with("[FEN"))
        .count();
    assert_eq!(expected, 2400);
    let mut games = read_ok(&text);
    assert_eq!(games.len(), expected);
    let english = Variant::English.rules();
    for (i, game) in games.iter_mut().enumerate() {
        let fen = game.tag("FEN").expect("FEN tag").to_string();
        assert_eq!(game.result, Some(ResultToken::Unknown));
        let r =
            pdn::replay(game, i + 1, None, None).unwrap_or_else(|e| panic!("entry {}: {e}", i + 1));
        assert_eq!(r.game.moves().len(), 0);
        assert_eq!(r.game.rules().id, "english");
        assert_eq!(*r.game.position(), english.parse_fen(&fen).unwrap());
        let pieces = r.game.position().iter().count();
        assert_eq!(pieces, 22, "entry {}: 11 men a side", i + 1);
    }
    // The first entry, its squares out of order, written in order.
    let mut first = games[0].clone();
    let r = pdn::replay(&mut first, 1, None, None).unwrap();
    assert_eq!(r.game.position().fen(), "B:W19,21-23,25-27,29-32:B1-7,9-12");
}

// ---------------------------------------------------------------------------------------------
// 6. Round trip: read → replay → write → read → replay
// ---------------------------------------------------------------------------------------------

struct Done {
    tags: Vec<(String, String)>,
    moves: Line,
    result: Option<ResultToken>,
    position: Position,
    start: Position,
    plies: usize,
}

/// Reads and replays every game except those in `skip`; returns the replayed trees (they are
/// what is written).
fn read_and_replay(text: &[u8], skip: &[usize]) -> Vec<(PdnGame, Done)> {
    let mut out = Vec::new();
    for (i, game) in Reader::new(text).enumerate() {
        let k = i + 1;
        let mut game = game.unwrap_or_else(|e| panic!("{e}"));
        if skip.contains(&k) {
            continue;
        }
        let r = pdn::replay(&mut game, k, None, None).unwrap_or_else(|e| panic!("{e}"));
        let done = Done {
            tags: game.tags.clone(),
            moves: without_pos(&game.moves),
            result: game.result,
            position: *r.game.position(),
            start: *r.game.start(),
            plies: r.game.moves().len(),
        };
        out.push((game, done));
    }
    out
}

fn round_trip(text: &[u8], skip: &[usize]) -> Vec<u8> {
    let first = read_and_replay(text, skip);
    let games: Vec<PdnGame> = first.iter().map(|(g, _)| g.clone()).collect();
    let mut written = Vec::new();
    pdn::write_games(&games, &mut written).expect("writes to memory");
    let second = read_and_replay(&written, &[]);
    assert_eq!(first.len(), second.len(), "number of games");
    for (k, ((_, a), (_, b))) in first.iter().zip(&second).enumerate() {
        let k = k + 1;
        assert_eq!(a.tags, b.tags, "game {k}: tags");
        assert_eq!(a.moves, b.moves, "game {k}: tree");
        assert_eq!(a.result, b.result, "game {k}: result");
        assert_eq!(a.start, b.start, "game {k}: start");
        assert_eq!(a.position, b.position, "game {k}: final position");
        assert_eq!(a.plies, b.plies, "game {k}: plies");
    }
    // Writing the re-read games gives the same text.
    let again: Vec<PdnGame> = second.into_iter().map(|(g, _)| g).collect();
    let mut rewritten = Vec::new();
    pdn::write_games(&again, &mut rewritten).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&written),
        String::from_utf8_lossy(&rewritten)
    );
    written
}

#[test]
fn round_trip_tinsley() {
    let written = round_trip(&data("english-tinsley.pdn"), &[CORRUPT_TINSLEY_GAME]);
    let text = String::from_utf8(written).unwrap();
    assert_eq!(text.matches("[Event ").count(), 723);
    assert!(text.lines().all(|l| l.chars().count() <= 79), "wrapped");
}

const SAMPLER: &str = r#"[Event "Syntax \"sampler\" \\ 1"]
[Site "Praha"]
[Date "2024.05.01"]
[Round "1"]
[White "Šťastný Dvořák"]
[Black "Novák"]
[Result "1-0"]
[GameType "21,B,8,8,N1,0"]
[Annotator "Nobody"]
[Opening "Old Fourteenth"]
{Before the first move}
1. 11-15 {main line} (1. 9-13 {alt} 22-18 (1... 24-20 $2) 2. 13-17?) 23-19! $14
(1... 22-18 2. 15x22 25x18 (2... 26x17 {other capture})) 2. 8-11 ; a line comment
22-17 % a percent comment
3. 9-13 17-14 4. 10x17 {forced} ... 21x14 !? 1-0

[Event "Set-up"]
[GameType "21"]
/FEN "B:W18,K27,32:B14,K2"/ {a set-up} 1. 14x23 (/FEN "B:W19:B15"/ 1. 15x24) 27x18 1/2-1/2

[Event "Česká partie"]
[GameType "29,W,8,8,A0,0"]
1. c3-d4 f6-e5 2. d4:f6 g7:e5 (2... e7:g5) 3. b2-c3 1-1

[Event "International"]
[GameType "20,W,10,10,N2,0"]
[FEN "W:WK8:B28,13,39,21"]
1. 8x32x16 {the full path is needed} (1. 8x30x43x16 $1) 39-43 2. 16x49 2-0

[Event "White first"]
[GameType "21"]
[FEN "W:W21-32:B1-12"]
1... 22-18 2. 11-15 0-2

[Event "Unfinished"]
[GameType "21"]
1. 11-15 *
"#;

#[test]
fn round_trip_every_syntax_element() {
    let games = read_and_replay(SAMPLER.as_bytes(), &[]);
    assert_eq!(games.len(), 6);
    let plies: Vec<usize> = games.iter().map(|(_, d)| d.plies).collect();
    assert_eq!(plies, [8, 2, 5, 3, 2, 1]);
    let results: Vec<Option<ResultToken>> = games.iter().map(|(_, d)| d.result).collect();
    use ResultToken::*;
    assert_eq!(
        results,
        [
            Some(FirstWins),
            Some(Draw),
            Some(Draw),
            Some(FirstWins),
            Some(SecondWins),
            Some(Unknown)
        ]
    );
    let sampler = &games[0].0;
    assert_eq!(sampler.tag("Event"), Some(r#"Syntax "sampler" \ 1"#));
    assert_eq!(sampler.tag("White"), Some("Šťastný Dvořák"));
    assert_eq!(sampler.tags[8], ("Annotator".into(), "Nobody".into()));
    assert_eq!(sampler.moves.comments, ["Before the first move"]);
    assert_eq!(sampler.moves.nodes[3].comments, ["a percent comment"]);
    assert_eq!(sampler.moves.nodes[7].nags, [5]);
    assert_eq!(
        games[1].0.moves.setup.as_deref(),
        Some("B:W18,K27,32:B14,K2")
    );
    assert_eq!(
        games[2].0.moves.nodes[3].variations[0].nodes[0].text,
        "e7:g5"
    );
    assert_eq!(games[3].0.moves.nodes[0].text, "8x19x32x16");
    assert_eq!(
        games[3].0.moves.nodes[0].variations[0].nodes[0].text,
        "8x30x43x16"
    );
    assert_eq!(games[3].1.position.fen(), "B:WK49:B");

    let written = String::from_utf8(round_trip(SAMPLER.as_bytes(), &[])).unwrap();
    // Both captures of the International game need their full path.
    assert!(written.contains("1. 8x19x32x16"), "{written}");
    assert!(written.contains("(1. 8x30x43x16!)"), "{written}");
    assert!(
        written.contains(r#"[Event "Syntax \"sampler\" \\ 1"]"#),
        "{written}"
    );
    assert!(written.contains("/FEN \"B:W19:B15\"/"), "{written}");
    assert!(
        written.contains("1. c3-d4 f6-e5 2. d4:f6 g7:e5"),
        "{written}"
    );
}

#[test]
fn round_trip_two_strength_marks_on_one_move() {
    round_trip(b"1. 11-15 23-19! ? 2. 8-11 ?? ! *", &[]);
}

/// PDN ends every game with a result token, so the writer adds one where the file had none:
/// the Result tag's value, else `*`. Everything else reads back the same.
#[test]
fn round_trip_game_without_result_token() {
    let text = b"[Event \"a\"]\n1. 11-15 23-19\n[Event \"b\"]\n[Result \"1-0\"]\n1. 9-13";
    let games = read_and_replay(text, &[]);
    assert!(games.iter().all(|(g, _)| g.result.is_none()));
    let mut out = Vec::new();
    pdn::write_games(games.iter().map(|(g, _)| g), &mut out).unwrap();
    let again = read_and_replay(&out, &[]);
    assert_eq!(again.len(), 2);
    assert_eq!(again[0].0.result, Some(ResultToken::Unknown));
    assert_eq!(again[1].0.result, Some(ResultToken::FirstWins));
    for ((a, _), (b, _)) in games.iter().zip(&again) {
        let (mut la, mut lb) = (a.moves.clone(), b.moves.clone());
        clear_pos(&mut la);
        clear_pos(&mut lb);
        assert_eq!(la, lb);
        assert_eq!(a.tags, b.tags);
    }
}

#[test]
fn writer_numbers_the_second_player_after_a_game_type_number_only() {
    let games = read_and_replay(
        b"[GameType \"21\"]\n[FEN \"W:W21-32:B1-12\"]\n1... 22-18 2. 11-15 *",
        &[],
    );
    let mut out = Vec::new();
    pdn::write_game(&games[0].0, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("1... 22-18 2. 11-15 *"), "{text}");
}

#[test]
fn writer_numbers_the_second_player_with_a_full_game_type() {
    let games = read_and_replay(
        b"[GameType \"21,B,8,8,N1,0\"]\n[FEN \"W:W21-32:B1-12\"]\n1... 22-18 2. 11-15 *",
        &[],
    );
    let mut out = Vec::new();
    pdn::write_game(&games[0].0, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text,
        "[GameType \"21,B,8,8,N1,0\"]\n[FEN \"W:W21-32:B1-12\"]\n\n1... 22-18 2. 11-15 *\n\n"
    );
}

// ---------------------------------------------------------------------------------------------
// 7. Adversarial input
// ---------------------------------------------------------------------------------------------

/// A small linear congruential generator (Knuth's MMIX constants), for reproducible junk.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as u32
    }
}

#[test]
fn a_million_open_parentheses_after_a_move() {
    let mut text = b"1. 11-15 ".to_vec();
    text.extend(std::iter::repeat_n(b'(', 1_000_000));
    let start = Instant::now();
    let e = read_error(&text);
    assert!(start.elapsed() < Duration::from_secs(10));
    // The second '(' opens a variation inside one that has no move yet.
    assert_eq!((e.pos, e.game), (at(1, 11), 1));
    assert_eq!(
        e.kind.to_string(),
        "a variation '(' must follow the move it replaces"
    );
}

#[test]
fn a_million_nested_variations() {
    let mut text = b"1. 11-15 ".to_vec();
    for _ in 0..1_000_000 {
        text.extend_from_slice(b"(11-15 ");
    }
    let start = Instant::now();
    let e = read_error(&text);
    assert!(start.elapsed() < Duration::from_secs(10));
    // The 65th '(' is one too many: 10 + 7 × 64.
    assert_eq!(MAX_DEPTH, 64);
    assert_eq!((e.pos, e.game), (at(1, 458), 1));
    assert_eq!(e.kind.to_string(), "variations nested deeper than 64");
}

#[test]
fn variations_nested_64_deep_are_accepted_and_round_trip() {
    let mut text = "[GameType \"21\"]\n1. 11-15 ".to_string();
    text.push_str(&"(11-15 ".repeat(MAX_DEPTH));
    text.push_str(&")".repeat(MAX_DEPTH));
    text.push_str(" 23-19 *");
    let game = read_one(&text);
    let mut depth = 0;
    let mut line = &game.moves;
    while let Some(v) = line.nodes.first().and_then(|n| n.variations.first()) {
        depth += 1;
        line = v;
    }
    assert_eq!(depth, MAX_DEPTH);
    round_trip(text.as_bytes(), &[]);
}

#[test]
fn too_many_moves_in_one_game() {
    assert_eq!(MAX_NODES, 200_000);
    let text = "11-15 ".repeat(MAX_NODES + 1);
    let e = read_error(text.as_bytes());
    assert_eq!((e.pos, e.game), (at(1, 1 + 6 * MAX_NODES as u32), 1));
    assert_eq!(e.kind.to_string(), "game longer than 200000 moves");
}

#[test]
fn an_over_long_comment_or_tag_value() {
    let mut text = b"1. 11-15 {".to_vec();
    text.extend(std::iter::repeat_n(b'a', (1 << 20) + 1));
    text.push(b'}');
    let e = read_error(&text);
    assert_eq!((e.pos, e.game), (at(1, 10), 1));
    assert_eq!(e.kind.to_string(), "comment longer than 1048576 bytes");
    let mut text = b"[Event \"".to_vec();
    text.extend(std::iter::repeat_n(b'a', (1 << 16) + 1));
    text.extend_from_slice(b"\"]");
    let e = read_error(&text);
    assert_eq!((e.pos, e.game), (at(1, 8), 1));
    assert_eq!(e.kind.to_string(), "tag value too long");
}

#[test]
fn binary_junk_is_an_error() {
    for junk in [
        &b"\x7fELF\x02\x01\x01\x00"[..],
        b"\x89PNG\r\n\x1a\n",
        b"PK\x03\x04\x14\x00",
        b"\x00\x00\x00\x00",
    ] {
        let e = read_error(junk);
        assert_eq!(e.game, 1, "{junk:?}");
        assert!(e.kind.to_string().contains("unexpected"), "{junk:?}: {e}");
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Lcg(0x5EED);
    let junk: Vec<u8> = (0..200_000).map(|_| rng.next() as u8).collect();
    let items = read_all(&junk);
    assert!(items.iter().any(Result::is_err), "junk is an error");
    for (i, item) in items.into_iter().enumerate() {
        if let Ok(mut game) = item {
            let _ = pdn::replay(&mut game, i + 1, None, None);
        }
    }
}

#[test]
fn random_pdn_like_text_never_panics() {
    const PIECES: [&str; 32] = [
        "11-15 ",
        "23-19 ",
        "9-13 ",
        "22-18 ",
        "15x22 ",
        "c3-d4 ",
        "f6:e5 ",
        "32-28 ",
        "47x38x29 ",
        "1. ",
        "1... ",
        "... ",
        "(",
        ")",
        "{c}",
        "{",
        "}",
        "$3 ",
        "!",
        "?!",
        "[Event \"x\"]\n",
        "[GameType \"20\"]",
        "[FEN \"W:W40:B10\"]",
        "/FEN \"B:W18:B14\"/",
        "*",
        "1-0 ",
        "2-0",
        "\n",
        "% c\n",
        "\"",
        "x",
        "8-11Glued ",
    ];
    for seed in 0..300u64 {
        let mut rng = Lcg(seed);
        let mut text = String::new();
        for _ in 0..200 {
            text.push_str(PIECES[rng.next() as usize % PIECES.len()]);
        }
        let mut games = Vec::new();
        for (i, item) in Reader::new(text.as_bytes()).enumerate() {
            if let Ok(mut game) = item
                && pdn::replay(&mut game, i + 1, None, None).is_ok()
            {
                games.push(game);
            }
        }
        let mut out = Vec::new();
        pdn::write_games(&games, &mut out).unwrap();
        for item in Reader::new(&out[..]) {
            item.unwrap_or_else(|e| panic!("seed {seed}: written text does not read: {e}"));
        }
    }
}

/// Random text for a comment: letters, spaces, brackets, quotes, Czech letters, line breaks.
fn random_comment(rng: &mut Lcg, braces: bool) -> String {
    const CHARS: [&str; 16] = [
        "a", "b", " ", "  ", "(", ")", "[", "\"", "ř", "Š", "$1", "1-0", "*", "{", "}", "\n",
    ];
    let len = rng.next() as usize % 12;
    let mut text = String::new();
    for _ in 0..len {
        let c = CHARS[rng.next() as usize % CHARS.len()];
        if (braces && c == "}") || (!braces && c == "\n") {
            continue;
        }
        text.push_str(c);
    }
    text
}

/// Random annotations after a move: NAGs, strength marks, comments of both kinds.
fn random_annotations(rng: &mut Lcg, text: &mut String) {
    if rng.next().is_multiple_of(4) {
        text.push_str(["!", "?", "!!", "??", "!?", "?!"][rng.next() as usize % 6]);
    }
    text.push(' ');
    while rng.next().is_multiple_of(5) {
        text.push_str(&format!("${} ", rng.next() % 300));
    }
    while rng.next().is_multiple_of(5) {
        match rng.next() % 3 {
            0 => text.push_str(&format!("{{{}}} ", random_comment(rng, true))),
            1 => text.push_str(&format!(";{}\n", random_comment(rng, false))),
            _ => text.push_str(&format!("%{}\n", random_comment(rng, false))),
        }
    }
}

/// A random line of legal moves from `pos`, with annotations and variations.
fn random_line(
    rng: &mut Lcg,
    rules: &dama::rules::RuleSet,
    notation: dama::notation::Notation,
    mut pos: Position,
    depth: usize,
    first: Option<dama::rules::Move>,
) -> String {
    let mut text = String::new();
    let len = if depth == 0 {
        30
    } else {
        1 + rng.next() as usize % 4
    };
    for i in 0..len {
        let legal = pos.legal_moves(rules);
        if legal.is_empty() {
            break;
        }
        let m = match (i, first) {
            (0, Some(m)) => m,
            _ => legal[rng.next() as usize % legal.len()],
        };
        if i == 0 || rng.next().is_multiple_of(3) {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        let written = if m.is_capture() && rng.next().is_multiple_of(2) {
            dama::notation::full_path(&pos, rules, &m, notation)
        } else {
            dama::notation::write(&pos, rules, &m, notation)
        };
        text.push_str(&written);
        random_annotations(rng, &mut text);
        if depth < 3 && legal.len() > 1 {
            while rng.next().is_multiple_of(4) {
                let other = legal[rng.next() as usize % legal.len()];
                if other != m {
                    text.push('(');
                    text.push_str(&random_line(
                        rng,
                        rules,
                        notation,
                        pos,
                        depth + 1,
                        Some(other),
                    ));
                    text.push_str(") ");
                }
            }
        }
        pos.play_unchecked(&m);
    }
    text
}

#[test]
fn random_annotated_games_round_trip() {
    let mut rng = Lcg(2024);
    let mut text = String::new();
    for k in 0..300 {
        let variant = Variant::ALL[k % Variant::ALL.len()];
        let rules = variant.rules();
        let notation = pdn::pdn_notation(rules);
        let (game_type, variant_tag) = pdn::game_type_for(rules);
        text.push_str(&format!(
            "[Event \"Random {k} \\\"{}\\\" \\\\\"]\n[GameType \"{game_type}\"]\n",
            variant.id()
        ));
        if variant_tag {
            text.push_str(&format!("[Variant \"{}\"]\n", variant.id()));
        }
        if rng.next().is_multiple_of(3) {
            text.push_str(&format!("{{{}}}\n", random_comment(&mut rng, true)));
        }
        text.push_str(&random_line(
            &mut rng,
            rules,
            notation,
            variant.start_position(),
            0,
            None,
        ));
        text.push_str(["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"][rng.next() as usize % 7]);
        text.push_str("\n\n");
    }
    let games = read_and_replay(text.as_bytes(), &[]);
    assert_eq!(games.len(), 300);
    assert!(
        games
            .iter()
            .any(|(g, _)| g.moves.nodes.iter().any(|n| !n.variations.is_empty()))
    );
    round_trip(text.as_bytes(), &[]);
}

/// The same game text again and again, `left` times, in reads of 1 to 13 bytes: never all in
/// memory.
struct Games {
    text: &'static [u8],
    at: usize,
    left: usize,
    rng: Lcg,
}

impl Read for Games {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 || buf.is_empty() {
            return Ok(0);
        }
        let want = 1 + self.rng.next() as usize % 13;
        let rest = &self.text[self.at..];
        let n = rest.len().min(buf.len()).min(want);
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        if self.at == self.text.len() {
            self.at = 0;
            self.left -= 1;
        }
        Ok(n)
    }
}

#[test]
fn a_stream_of_100000_games() {
    let input = BufReader::new(Games {
        text: b"[Event \"g\"]\n1. 11-15 {c} 23-19 (1... 22-18) 2. 8-11 1-0\n\n",
        at: 0,
        left: 100_000,
        rng: Lcg(7),
    });
    let mut count = 0usize;
    let mut last = TextPos::default();
    for game in Reader::new(input) {
        let game = game.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.moves.nodes.len(), 3);
        count += 1;
        last = game.pos;
    }
    assert_eq!(count, 100_000);
    assert_eq!(last, at(3 * 99_999 + 1, 1));
}

#[test]
fn bom_split_across_reads() {
    struct OneByte<'a>(&'a [u8]);
    impl Read for OneByte<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match (self.0.split_first(), buf.first_mut()) {
                (Some((&b, rest)), Some(slot)) => {
                    *slot = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }
    let input = BufReader::new(OneByte(b"\xEF\xBB\xBF[Event \"x\"] 1. 11-15 *"));
    let games: Vec<_> = Reader::new(input).collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].as_ref().unwrap().tag("Event"), Some("x"));
}

#[test]
fn error_illegal_move_where_no_move_is_legal_says_so() {
    // White's only man on 29 is blocked by 25, and the capture's landing by 22: no legal move.
    let e = replay_error("[GameType \"21\"]\n[FEN \"W:W29:B25,22\"]\n1. 29-25 *", 3);
    assert_eq!((e.pos, e.game), (at(3, 4), 3));
    assert_eq!(
        e.kind.to_string(),
        "29-25 is not a legal move here (there is no legal move in this position)"
    );
    assert_eq!(
        e.to_string(),
        "3:4: game 3: 29-25 is not a legal move here (there is no legal move in this position)"
    );
}
