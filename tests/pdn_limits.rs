//! What the PDN reader does with text that is not a plain game file: the memory a game may take
//! (tags and comments, however small each is), control characters that only binary data has,
//! UTF-16 text, and comments that make no game.

use dama::notation::pdn::{
    ITEM_COST, MAX_GAME_TEXT, PdnError, PdnErrorKind, PdnGame, Reader, TextPos,
};

fn at(line: u32, col: u32) -> TextPos {
    TextPos { line, col }
}

fn read_all(input: &[u8]) -> Vec<Result<PdnGame, PdnError>> {
    Reader::new(input).collect()
}

fn read_going_on(input: &[u8]) -> Vec<Result<PdnGame, PdnError>> {
    Reader::new(input).going_on().collect()
}

/// The error of the first game of `input`.
fn first_error(input: &[u8]) -> PdnError {
    match read_all(input).into_iter().next() {
        Some(Err(e)) => e,
        other => panic!("expected an error, got {other:?}"),
    }
}

/// Millions of one-letter comments stop at the budget, at the comment that passes it, and the
/// next game is read as usual.
#[test]
fn tiny_comments_count_against_the_game_budget() {
    let per_comment = 1 + ITEM_COST;
    let fit = MAX_GAME_TEXT / per_comment;
    let mut text = b"[Event \"x\"]\n1. 11-15 ".to_vec();
    text.extend(b"{c}".repeat(fit + 10));
    text.extend(b" *\n\n[Event \"y\"]\n1. 11-15 *\n");
    let items = read_going_on(&text);
    assert_eq!(items.len(), 2, "the game after the bad one is read");
    let Err(e) = &items[0] else {
        panic!("the first game is too large")
    };
    // The tag counts too: the comment that passes the budget is a few before `fit + 1`.
    let tag = "Event".len() + 1 + ITEM_COST;
    let over = (MAX_GAME_TEXT - tag) / per_comment; // comments that fit, from 0
    assert_eq!(e.pos, at(2, 10 + 3 * over as u32));
    assert_eq!(e.game, 1);
    assert_eq!(
        e.kind,
        PdnErrorKind::GameTooLarge {
            limit: MAX_GAME_TEXT
        }
    );
    assert_eq!(
        e.to_string(),
        format!(
            "2:{}: game 1: the tags and comments of the game take more than 8388608 bytes of \
             memory",
            10 + 3 * over
        )
    );
    let good = items[1].as_ref().expect("game 2 reads");
    assert_eq!(good.tag("Event"), Some("y"));
}

#[test]
fn many_tags_and_glyphs_count_too() {
    let tags = b"[A \"b\"]\n".repeat(MAX_GAME_TEXT / ITEM_COST + 1);
    let e = first_error(&tags);
    assert!(matches!(e.kind, PdnErrorKind::GameTooLarge { .. }), "{e}");
    assert!(e.pos.line > 1000, "{e}");
    // A million glyphs on one move: two bytes each, 8 MiB is over four million.
    let mut glyphs = b"1. 11-15 ".to_vec();
    glyphs.extend(b"$1 ".repeat(MAX_GAME_TEXT / 2 + 1));
    let e = first_error(&glyphs);
    assert!(matches!(e.kind, PdnErrorKind::GameTooLarge { .. }), "{e}");
    // A real game with long comments is far inside the budget.
    let mut text = b"[Event \"x\"]\n1. 11-15 ".to_vec();
    for _ in 0..1000 {
        text.extend(b"{");
        text.extend(b"a".repeat(1000));
        text.extend(b"} 23-19 8-11 ");
    }
    text.extend(b"*\n");
    assert!(read_all(&text)[0].is_ok());
}

/// A NUL or other control character in a tag value or comment is binary data: an error at its
/// place, as the window refuses a file with one as binary (the command line wrote it before).
#[test]
fn control_characters_in_text_are_an_error_at_their_place() {
    let cases: [(&[u8], TextPos, u8); 6] = [
        (b"[Event \"a\0b\"]\n1. 11-15 *", at(1, 10), 0),
        (b"[Event \"a\\\x1bb\"]\n1. 11-15 *", at(1, 11), 0x1B),
        (b"[Event \"x\"]\n1. 11-15 {ab\x07} *", at(2, 13), 7),
        (b"1. 11-15 % line \x00 comment\n*", at(1, 17), 0),
        (b"1. 11-15 (23-19 {x\x7f}) *", at(1, 19), 0x7F),
        (b"1. 11-15 (Wyllie \x01 thought) *", at(1, 18), 1),
    ];
    for (text, pos, byte) in cases {
        let e = first_error(text);
        assert_eq!(
            (e.pos, e.kind.clone()),
            (pos, PdnErrorKind::ControlCharacter(byte)),
            "{}",
            String::from_utf8_lossy(text)
        );
    }
    assert_eq!(
        first_error(b"[Event \"a\0b\"]").to_string(),
        "1:10: game 1: control character 0x00 in a tag or comment: the file is not text"
    );
    // Tab, carriage return and line feed are text.
    let ok = b"[Event \"a\tb\"]\r\n1. 11-15 {a\tb\r\nc} *\r\n";
    let games = read_all(ok);
    assert!(games[0].is_ok(), "{:?}", games[0]);
}

fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if bom {
        out.extend(if big_endian {
            [0xFE, 0xFF]
        } else {
            [0xFF, 0xFE]
        });
    }
    for unit in text.encode_utf16() {
        out.extend(if big_endian {
            unit.to_be_bytes()
        } else {
            unit.to_le_bytes()
        });
    }
    out
}

/// UTF-16 files (Windows' "Unicode") read as their text, with or without a byte-order mark,
/// with the same lines and columns.
#[test]
fn utf16_files_are_read() {
    let text = "[White \"Jiří Šťastný\"]\r\n[GameType \"21\"]\r\n1. 11-15 {Dobrý tah} 23-19 *\r\n";
    let expected: Vec<PdnGame> = Reader::new(text.as_bytes()).map(Result::unwrap).collect();
    for big_endian in [false, true] {
        for bom in [false, true] {
            let bytes = utf16(text, big_endian, bom);
            let games: Vec<PdnGame> = Reader::new(&bytes[..]).map(Result::unwrap).collect();
            assert_eq!(games, expected, "big endian {big_endian}, BOM {bom}");
            assert_eq!(games[0].tag("White"), Some("Jiří Šťastný"));
        }
    }
    // An error says where, in characters.
    let bad = utf16("[Event \"Brno\"]\n1. 11-15 Wyllie *\n", false, true);
    let e = first_error(&bad);
    assert_eq!((e.pos, e.game), (at(2, 10), 1));
}

/// Comments with no tag, move or result make no game: a file of nothing else has none, and a
/// comment after the last game adds none.
#[test]
fn comments_alone_make_no_game() {
    assert!(read_all(b"{just a note}\n% and a line\n").is_empty());
    assert!(read_all(b"  \n\t\r\n").is_empty());
    let games = read_all(b"[Event \"x\"]\n1. 11-15 *\n\n{the end of the collection}\n");
    assert_eq!(games.len(), 1);
    // A game with no moves but a result or a tag is a game.
    assert_eq!(read_all(b"*").len(), 1);
    assert_eq!(read_all(b"[FEN \"B:W21:B1\"]").len(), 1);
}
