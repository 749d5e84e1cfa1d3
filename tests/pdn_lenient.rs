//! What real files from other programs need (issue 15), each case read with a warning and the
//! right error at the right place where it cannot be read: moves padded with spaces, match
//! points as the result, prose in parentheses, no move numbers, `[Variant]` tags, a Result tag
//! that disagrees, placeholder tags, `-` as the result, `\r` written out, short captures with
//! several paths; and the real files of tests/data/pdn replayed game by game, going on after a
//! bad one.

use dama::notation::pdn::{self, PdnError, PdnGame, Reader, ResultToken, TextPos, WarningKind};

fn at(line: u32, col: u32) -> TextPos {
    TextPos { line, col }
}

/// Reads and replays the one game of `text`: the game, its warnings, or the error.
fn replay(text: &str) -> Result<(PdnGame, pdn::Replayed), PdnError> {
    let mut game = Reader::new(text.as_bytes()).next().expect("a game")?;
    let r = pdn::replay(&mut game, 1, None, None)?;
    Ok((game, r))
}

fn kinds(r: &pdn::Replayed) -> Vec<WarningKind> {
    r.warnings.iter().map(|w| w.kind.clone()).collect()
}

#[test]
fn moves_padded_with_spaces() {
    let (game, r) = replay("[GameType \"20\"]\n 1. 32-28  19-23\n 2. 28x 19  14x 23 *").unwrap();
    assert_eq!(r.game.moves().len(), 4);
    let texts: Vec<&str> = game.moves.nodes.iter().map(|n| n.text.as_str()).collect();
    assert_eq!(texts, ["32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(
        kinds(&r),
        [
            WarningKind::SpacedMove("28x19".into()),
            WarningKind::SpacedMove("14x23".into())
        ]
    );
    assert_eq!(r.warnings[0].pos, at(3, 5));
    // `01.` move numbers and `06-11`, as Dambo writes them.
    let (_, r) = replay("[GameType \"20\"]\n01. 34-29 18-22 02. 40-34 12-18 *").unwrap();
    assert_eq!(r.game.moves().len(), 4);
}

#[test]
fn match_points_as_the_result_when_the_result_tag_agrees() {
    let text = "[GameType \"20\"]\n[Result \"4-6\"]\n1. 32-28 19-23 4-6\n";
    let (game, r) = replay(text).unwrap();
    assert_eq!(game.result, Some(ResultToken::SecondWins));
    assert_eq!(r.game.moves().len(), 2);
    assert_eq!(kinds(&r), [WarningKind::MatchPoints("4-6".into())]);
    assert_eq!(r.warnings[0].pos, at(3, 16));
    // Without the tag it is a move (and here not a legal one).
    let e = replay("[GameType \"20\"]\n1. 32-28 19-23 4-6\n").unwrap_err();
    assert_eq!(e.pos, at(2, 16));
    assert!(
        e.to_string().contains("4-6 is not a legal move here"),
        "{e}"
    );
}

#[test]
fn a_result_tag_that_disagrees_is_noted() {
    let (game, r) = replay("[GameType \"20\"]\n[Result \"2-0\"]\n1. 32-28 19-23 0-2\n").unwrap();
    assert_eq!(game.result, Some(ResultToken::SecondWins));
    assert_eq!(
        kinds(&r),
        [WarningKind::ResultMismatch {
            tag: "2-0".into(),
            moves: ResultToken::SecondWins
        }]
    );
}

#[test]
fn prose_in_parentheses_is_a_comment_and_variations_stay_variations() {
    let (game, r) = replay(
        "[GameType \"21\"]\n1. 11-15 (Wyllie thought for 20 minutes) 23-19 (22-17 9-13) \
         2. 8-11 *",
    )
    .unwrap();
    assert_eq!(r.game.moves().len(), 3);
    let first = &game.moves.nodes[0];
    assert_eq!(first.comments, ["Wyllie thought for 20 minutes"]);
    assert!(first.variations.is_empty());
    assert_eq!(game.moves.nodes[1].variations.len(), 1);
    assert_eq!(
        kinds(&r),
        [WarningKind::Prose("Wyllie thought for 20 minutes".into())]
    );
    assert_eq!(r.warnings[0].pos, at(2, 10));
    // A parenthesis that does not close is an error at its opening.
    let e = replay("[GameType \"21\"]\n1. 11-15 (9-13 22-18 *").unwrap_err();
    assert_eq!(e.pos, at(2, 10));
    assert_eq!(e.kind.to_string(), "unterminated variation: expected ')'");
}

#[test]
fn no_move_numbers() {
    let (_, r) = replay("[GameType \"20\"]\n32-28 19-23 28x19 14x23 *").unwrap();
    assert_eq!(r.game.moves().len(), 4);
    assert!(r.warnings.is_empty());
}

/// The tagless bug: a word that is no move made the game Czech (algebraic, it seemed) and the
/// error blamed the first move with White's moves as the legal list.
#[test]
fn a_word_that_is_no_move_is_the_error_where_it_stands() {
    let e = replay("10-14 22-18 Wyllie *").unwrap_err();
    assert_eq!(e.pos, at(1, 13));
    assert_eq!(
        e.kind.to_string(),
        "unexpected text: 'Wyllie' is not a move (expected a move, a move number, a comment or \
         a result)"
    );
    // The moves before it are English's (Black first), read as such without the word.
    let (_, r) = replay("10-14 22-18 *").unwrap();
    assert_eq!(r.game.rules().id, "english");
}

#[test]
fn variant_tags_name_the_rule_set_or_are_refused() {
    for (value, id) in [
        ("International", "international"),
        ("standard", "international"),
        ("American", "english"),
        ("english", "english"),
        ("czech", "czech"),
        ("two-towers", "two-towers"),
    ] {
        let text = format!("[Variant \"{value}\"]\n*");
        let (_, r) = replay(&text).unwrap_or_else(|e| panic!("{value}: {e}"));
        assert_eq!(r.game.rules().id, id, "{value}");
    }
    // An American game is not Czech (which a board of 32 squares would otherwise suggest).
    let (_, r) = replay("[Variant \"American\"]\n1. 11-15 23-19 *").unwrap();
    assert_eq!(r.game.rules().id, "english");
    for value in ["Russian", "Brazilian", "Italian", "Frisian", "Antidraughts"] {
        let text = format!("[Event \"x\"]\n[Variant \"{value}\"]\n1. 32-28 *");
        let e = replay(&text).unwrap_err();
        assert_eq!(e.pos, at(2, 1), "{value}");
        assert!(
            e.kind
                .to_string()
                .starts_with(&format!("Variant '{value}' is not a game Dáma plays")),
            "{e}"
        );
    }
    // A name nobody knows leaves the rule set to the GameType.
    let (_, r) = replay("[Variant \"Blitz\"]\n[GameType \"20\"]\n1. 32-28 *").unwrap();
    assert_eq!(r.game.rules().id, "international");
}

#[test]
fn placeholder_tags_dash_results_and_written_out_line_ends() {
    let (game, r) =
        replay("[Event \"x\"]\\r\n[Empty]\n[GameType \"20\"]\\r\n1. 32-28 19-23 -\n").unwrap();
    assert_eq!(game.result, Some(ResultToken::Unknown));
    assert_eq!(game.tag("Empty"), Some(""));
    assert_eq!(
        kinds(&r),
        [
            WarningKind::LiteralLineEnd,
            WarningKind::TagWithoutValue("Empty".into()),
            WarningKind::DashResult
        ]
    );
}

#[test]
fn a_short_capture_with_two_paths_is_read_by_the_moves_after_it() {
    // Game 7 of a Dutch file: `4x24` by a king, by 31 and 42 or by 22 and 33; only after the
    // first is the next move, 28-32, legal.
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pdn/international-schildpad-match-points.pdn"
    ))
    .unwrap();
    let mut reader = Reader::new(file.as_bytes()).going_on();
    let mut game = reader.nth(6).unwrap().unwrap();
    let r = pdn::replay(&mut game, 7, None, None).unwrap();
    let chosen: Vec<&WarningKind> = r
        .warnings
        .iter()
        .map(|w| &w.kind)
        .filter(|k| matches!(k, WarningKind::ChosenByNextMove { .. }))
        .collect();
    assert_eq!(
        chosen,
        [&WarningKind::ChosenByNextMove {
            text: "4x24".into(),
            chosen: "4x31x42x24".into()
        }]
    );
}

/// A real file: its name, its games, and the bad ones (game number, the start of the error).
type RealFile = (&'static str, usize, &'static [(usize, &'static str)]);

/// Every real file of tests/data/pdn, game by game, going on after a bad game: how many
/// replay, and where the bad ones are and why.
#[test]
fn real_files_from_other_programs() {
    let expected: &[RealFile] = &[
        ("czech-championship-2000-qualifier.pdn", 40, &[]),
        ("czech-team-championship-2008-algebraic.pdn", 40, &[]),
        ("english-11-man-ballots.pdn", 2400, &[]),
        ("english-oca-openings.pdn", 43, &[]),
        (
            "english-tinsley.pdn",
            724,
            &[(541, "5588:5: game 541: 32-28 is not a legal move here")],
        ),
        ("english-tricks-traps-shots-problems.pdn", 91, &[]),
        ("international-dambo-miniwk2007-match-points.pdn", 2, &[]),
        ("international-dragon-engine-comments.pdn", 1, &[]),
        ("international-dutch-semifinal-1996-padded.pdn", 13, &[]),
        ("international-italian-championship-2004.pdn", 45, &[]),
        (
            "international-kndb-toernooibase-dambo.pdn",
            // 99 games: the `\r` written out after the last result is no game of its own.
            99,
            &[(11, "212:1: game 11: unexpected text: 'Event' is not a move")],
        ),
        ("international-kurnik-playok.pdn", 4, &[]),
        (
            "international-lidraughts-broadcast.pdn",
            2,
            &[(2, "29:45: game 2: 5-10 is not a legal move here")],
        ),
        ("international-montpellier-tab-indented.pdn", 49, &[]),
        ("international-nk2009-annotated-variations.pdn", 7, &[]),
        ("international-open-leman-2021-utf8.pdn", 147, &[]),
        (
            "international-polish-team-one-line.pdn",
            82,
            &[
                (41, "89:1: game 41: expected a tag name after '['"),
                (81, "174:2: game 81: expected a tag name after '['"),
            ],
        ),
        ("international-problems-fen-setup.pdn", 35, &[]),
        (
            "international-scan-training-games.pdn",
            11,
            &[(11, "183:28: game 11: 17-11 is not a legal move here")],
        ),
        ("international-schildpad-match-points.pdn", 34, &[]),
    ];
    for (name, games, bad) in expected {
        let path = format!("{}/tests/data/pdn/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap();
        let mut rejected = Vec::new();
        let mut count = 0;
        for (i, game) in Reader::new(&bytes[..]).going_on().enumerate() {
            count += 1;
            let result = game.and_then(|mut g| pdn::replay(&mut g, i + 1, None, None));
            if let Err(e) = result {
                rejected.push((i + 1, e.to_string()));
            }
        }
        assert_eq!(count, *games, "{name}: games");
        assert_eq!(rejected.len(), bad.len(), "{name}: {rejected:#?}");
        for ((k, e), (want_k, want)) in rejected.iter().zip(bad.iter()) {
            assert_eq!(k, want_k, "{name}");
            assert!(e.starts_with(want), "{name}: {e}");
        }
    }
}

/// Files of games Dáma does not play are refused game by game with a reason, not misread.
#[test]
fn russian_and_italian_files_are_not_taken_for_ours() {
    for name in [
        "russian-ussr-championship-colon-captures.pdn",
        "russian-abatsiev-cyrillic.pdn",
        "italian-campionato-2005-italian-tags.pdn",
    ] {
        let path = format!("{}/tests/data/pdn/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap();
        let first = Reader::new(&bytes[..])
            .going_on()
            .next()
            .unwrap()
            .and_then(|mut g| pdn::replay(&mut g, 1, None, None));
        let e = first.expect_err(name);
        assert!(
            e.to_string().contains("no GameType tag"),
            "{name}: the error says how the game was read: {e}"
        );
    }
}

/// What Dáma writes other readers read: no move number repeated after a comment or a
/// variation (pydraughts deletes every later "3." when it meets "3." twice), FEN tags in their
/// own form (both Python readers refuse a trailing '.'); and Dáma reads it back the same.
#[test]
fn written_for_other_readers() {
    let text = "[GameType \"21\"]\n[FEN \"B:W21-32:B1-12.\"]\n\
                1. 11-15 {a comment} 23-19 (22-17 9-13) 2. 8-11 (9-13) 22-17 *\n";
    let mut game = Reader::new(text.as_bytes()).next().unwrap().unwrap();
    let r = pdn::replay(&mut game, 1, None, None).unwrap();
    let mut out = Vec::new();
    pdn::write_game(&game, &mut out).unwrap();
    let written = String::from_utf8(out).unwrap();
    assert!(
        written.contains("[FEN \"B:W21-32:B1-12\"]"),
        "normalised FEN: {written}"
    );
    assert!(
        written
            .contains("1. 11-15 {a comment} 23-19 (1... 22-17 2. 9-13) 2. 8-11 (2. 9-13) 22-17 *"),
        "{written}"
    );
    // A variation starts with its number; the main line goes on after it without one.
    assert!(!written.contains(") 2..."), "{written}");
    let mut again = Reader::new(written.as_bytes()).next().unwrap().unwrap();
    let r2 = pdn::replay(&mut again, 1, None, None).unwrap();
    assert_eq!(r.game.moves(), r2.game.moves());
    assert_eq!(r.game.start(), r2.game.start());
}
