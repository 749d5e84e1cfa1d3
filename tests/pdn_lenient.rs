//! What real files from other programs need (issue 15), each case read with a warning and the
//! right error at the right place where it cannot be read: moves padded with spaces, match
//! points as the result, prose in parentheses, no move numbers, `[Variant]` tags, a Result tag
//! that disagrees, placeholder tags, `-` as the result, `\r` written out, short captures with
//! several paths; and the real files of tests/data/pdn replayed game by game, going on after a
//! bad one. Issue 46: tags written wrong in a header are skipped, and captures written as a
//! path of squares joined by `-` are read.

use dama::notation::Leniency;
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
        // A lone `[` line and a `[[Event` are skipped with a warning (issue 46), and their
        // games replay: they were games 41 and 81's errors.
        ("international-polish-team-one-line.pdn", 82, &[]),
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

fn lenient_data(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/lenient/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(path).unwrap()
}

/// Where each tag written wrong of `game` was skipped, and why.
fn skipped(game: &PdnGame) -> Vec<(TextPos, String)> {
    game.warnings
        .iter()
        .filter_map(|w| match &w.kind {
            WarningKind::TagSkipped(why) => Some((w.pos, why.to_string())),
            _ => None,
        })
        .collect()
}

/// Issue 46: a header that a translating tool left with tags such as `[Type de jeu "20"]`
/// broke one game into many (one per such line) and renumbered the games after it. Each tag
/// written wrong is skipped with one warning where it goes wrong, and the file has its 48
/// games: one whose bad tags are anywhere in its header (first, between good ones, with `]`
/// or `"` inside, unterminated, before the moves, on a line with a good tag), one whose first
/// bad tag comes after a game with no result, one whose header is only bad tags.
#[test]
fn tags_written_wrong_are_skipped_and_the_games_counted_as_they_are() {
    let bytes = lenient_data("bad-tags-48-games.pdn");
    let games: Vec<PdnGame> = Reader::new(&bytes[..])
        .going_on()
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 48);
    for (i, game) in games.iter().enumerate() {
        let mut game = game.clone();
        let r = pdn::replay(&mut game, i + 1, None, None)
            .unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
        assert_eq!(r.game.moves().len(), 4, "game {}", i + 1);
        assert_eq!(r.game.rules().id, "international", "game {}", i + 1);
        if ![10, 45, 47].contains(&(i + 1)) {
            assert_eq!(game.warnings, [], "game {}", i + 1);
            let round = (i + 1).to_string();
            assert_eq!(game.tag("Round"), Some(round.as_str()));
        }
    }
    let ten = &games[9];
    assert_eq!(ten.pos, at(73, 1));
    assert_eq!(
        skipped(ten),
        [
            (at(73, 2), "expected a tag name after '['".to_string()),
            (at(75, 3), "expected '\"' to open the value of tag R".into()),
            (
                at(76, 7),
                "expected '\"' to open the value of tag Type".into()
            ),
            (at(77, 1), "unterminated tag Blanc: expected ']'".into()),
            (at(78, 1), "unterminated tag Noir: expected ']'".into()),
            (
                at(79, 8),
                "unterminated value of tag Ronde: expected '\"'".into()
            ),
            (at(81, 2), "expected a tag name after '['".into()),
            (at(82, 2), "expected a tag name after '['".into()),
        ]
    );
    assert!(ten.warnings.iter().all(|w| w.game == 10));
    // The good tags around them are kept, the one after a bad tag on its line too.
    let tags: Vec<(&str, &str)> = ten
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        tags,
        [
            ("Site", "Paris"),
            ("GameType", "20"),
            ("Date", "2021.05.01")
        ]
    );
    assert_eq!(ten.result, Some(ResultToken::Draw));
    // Game 44 has no result: game 45's first bad tag ends it and is game 45's.
    assert_eq!(games[43].result, None);
    assert_eq!(games[43].moves.nodes.len(), 4);
    let forty_five = &games[44];
    assert_eq!(forty_five.pos, at(358, 1));
    assert_eq!(
        skipped(forty_five)
            .iter()
            .map(|(pos, _)| *pos)
            .collect::<Vec<_>>(),
        [at(358, 2), at(359, 3), at(361, 7)]
    );
    assert!(forty_five.warnings.iter().all(|w| w.game == 45));
    assert_eq!(forty_five.tag("GameType"), Some("20"));
    assert_eq!(forty_five.result, Some(ResultToken::SecondWins));
    // A header of nothing but bad tags is still a game's.
    let forty_seven = &games[46];
    assert!(forty_seven.tags.is_empty());
    assert_eq!(skipped(forty_seven).len(), 2);
    assert_eq!(forty_seven.moves.nodes.len(), 4);
    assert_eq!(games[47].tag("Round"), Some("48"));
}

/// A game written on one line goes on after a tag written wrong with its next tag; a `[` in a
/// comment is the comment's, and a game of one bad tag at the end of a file is a game.
#[test]
fn a_tag_written_wrong_on_a_line_of_tags_skips_only_itself() {
    let (game, r) =
        replay("[Event \"a\"] [Type de jeu \"20\"] [GameType \"20\"] 1. 32-28 19-23 *").unwrap();
    assert_eq!(game.tag("Event"), Some("a"));
    assert_eq!(game.tag("GameType"), Some("20"));
    assert_eq!(r.game.moves().len(), 2);
    assert_eq!(
        skipped(&game),
        [(
            at(1, 19),
            "expected '\"' to open the value of tag Type".to_string()
        )]
    );
    // The last tag before the moves on their line: skipped through its `]`, not the moves;
    // a `]` inside quotes does not end it, nor does a `"` inside a value.
    for text in [
        "[Event \"a\"] [Type de jeu \"20\"] 1. 32-28 19-23 *",
        "[Event \"a\"] [Type de jeu \"2]0\"] 1. 32-28 19-23 *",
        "[Event \"a\"] [Noir \"Martin \"le Grand\"\"] 1. 32-28 19-23 *",
    ] {
        let (game, r) = replay(&format!("[GameType \"20\"]\n{text}")).unwrap();
        assert_eq!(game.tag("Event"), Some("a"), "{text}");
        assert_eq!(r.game.moves().len(), 2, "{text}");
        assert_eq!(skipped(&game).len(), 1, "{text}");
        assert_eq!(game.result, Some(ResultToken::Unknown), "{text}");
    }
    // `[[Event`, as a real file has it: the second `[` opens the tag.
    let (game, _) = replay("[[Event \"a\"] [GameType \"20\"] 1. 32-28 *").unwrap();
    assert_eq!(game.tag("Event"), Some("a"));
    assert_eq!(skipped(&game).len(), 1);
    // In a comment a `[` is text, as it was.
    let (game, r) = replay("[GameType \"20\"]\n1. 32-28 {see [Type de jeu} 19-23 *").unwrap();
    assert_eq!(game.moves.nodes[0].comments, ["see [Type de jeu"]);
    assert!(r.warnings.is_empty());
    let games: Vec<_> = Reader::new(&b"[GameType \"20\"]\n1. 32-28 *\n[Type de jeu"[..])
        .going_on()
        .collect();
    assert_eq!(games.len(), 2);
    assert_eq!(skipped(games[1].as_ref().unwrap()).len(), 1);
}

/// The polish file's lone `[` line and `[[Event` were games 41 and 81's errors; they are
/// skipped with a warning, and games 41 and 81 are the games those lines stand before.
#[test]
fn a_real_file_with_stray_brackets_keeps_its_games() {
    let path = format!(
        "{}/tests/data/pdn/international-polish-team-one-line.pdn",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(path).unwrap();
    let games: Vec<PdnGame> = Reader::new(&bytes[..])
        .going_on()
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 82);
    assert_eq!(
        skipped(&games[40]),
        [(at(88, 2), "expected a tag name after '['".to_string())]
    );
    assert_eq!(games[40].tag("White"), Some("Bankowska, Marta"));
    assert_eq!(
        skipped(&games[80]),
        [(at(174, 2), "expected a tag name after '['".to_string())]
    );
    assert_eq!(games[80].tag("Black"), Some("Reszka, Damian"));
    let skipping: Vec<usize> = (0..games.len())
        .filter(|&i| !skipped(&games[i]).is_empty())
        .map(|i| i + 1)
        .collect();
    assert_eq!(skipping, [41, 81]);
}

/// Issue 46: a capture written as its path with `-` (`29-18-27`, as Dynamo writes a
/// multi-jump) was "not a move"; it is read as the capture, with the single jump's warning.
#[test]
fn a_capture_path_written_with_dashes_is_the_capture() {
    let bytes = lenient_data("dash-capture-paths.pdn");
    let mut out = Vec::new();
    for (i, game) in Reader::new(&bytes[..]).going_on().enumerate() {
        let mut game = game.unwrap();
        let r = pdn::replay(&mut game, i + 1, None, None);
        out.push((game, r));
    }
    assert_eq!(out.len(), 6);
    let lenient = |text: &str| WarningKind::Lenient {
        text: text.into(),
        leniency: Leniency::PlainMarkOnCapture,
    };
    let expected = [
        ("29-18-27", "29x27", at(5, 4)),
        ("12-21-32-23", "12x23", at(11, 6)),
        ("46-23-40", "46x40", at(17, 4)),
        ("29-27", "29x27", at(23, 4)),
    ];
    for (i, (written, read, pos)) in expected.into_iter().enumerate() {
        let (game, r) = &out[i];
        let r = r.as_ref().unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(kinds(r), [lenient(written)], "{written}");
        assert_eq!(r.warnings[0].pos, pos);
        assert_eq!(r.warnings[0].game, i + 1);
        assert_eq!(game.moves.nodes[0].text, read);
        assert_eq!(r.game.moves().len(), 2);
    }
    // The king's capture lands where the path says: on 40, not 34 or 45.
    assert_eq!(
        out[2].1.as_ref().unwrap().game.position().fen(),
        "W:WK40:B8"
    );
    // An `x` path is read as before, with no warning.
    let r = out[4].1.as_ref().unwrap();
    assert!(r.warnings.is_empty());
    assert_eq!(out[4].0.moves.nodes[0].text, "29x27");
    // A path that skips a landing square fits no move: an error at its place.
    let e = out[5].1.as_ref().unwrap_err();
    assert_eq!((e.pos, e.game), (at(35, 4), 6));
    assert_eq!(
        e.kind.to_string(),
        "29-18-38 is not a legal move here (legal: 29x38)"
    );
}

/// A path with `-` is read only as a capture's whole path: start, every landing square in
/// order, end. A flying king's landing square off its path, squares out of order, a plain
/// move written as a path, or separators mixed, are errors at their place.
#[test]
fn a_dashed_path_that_fits_no_capture_is_an_error_at_its_place() {
    let cases = [
        // The king takes 32 then 29: 28 is no square it can land on and go on from.
        (
            "[GameType \"20\"]\n[FEN \"W:WK46:B3,29,32\"]\n1. 46-28-40 *",
            "46-28-40 is not a legal move here (legal: 46x34 46x40 46x45)",
        ),
        // Landing squares out of order.
        (
            "[GameType \"20\"]\n[FEN \"W:W29,50:B5,22,23\"]\n1. 29-27-18 *",
            "29-27-18 is not a legal move here (legal: 29x27)",
        ),
        // A plain move never has three squares.
        (
            "[Event \"A plain move\"]\n[GameType \"20\"]\n1. 32-28-23 *",
            "32-28-23 is not a legal move here (legal: 31-26 31-27 32-27 32-28 33-28 33-29 \
             34-29 34-30 35-30)",
        ),
    ];
    for (text, message) in cases {
        let e = replay(text).unwrap_err();
        assert_eq!(e.pos, at(3, 4), "{text}");
        assert_eq!(e.kind.to_string(), message);
    }
    // Separators mixed are no move, as before.
    let e = replay("[GameType \"20\"]\n[FEN \"W:W29,50:B5,22,23\"]\n1. 29-18x27 *").unwrap_err();
    assert_eq!(e.pos, at(3, 4));
    assert_eq!(
        e.kind.to_string(),
        "'29-18x27' is not a move (expected e.g. 32-28, 28x19 or c3-d4)"
    );
}

/// A tag whose `[` stands alone at the end of its line and its name on the next, as a French
/// tournament file writes some: one tag, with a warning, and every game whole (game 9 was read
/// as a broken game: "'Event' is not a move").
#[test]
fn a_tag_split_over_two_lines_is_one_tag() {
    let mut text = String::new();
    for i in 1..=12 {
        if i == 9 {
            text.push_str("[\nEvent \"Tournoi de Paris\"]\n");
        } else {
            text.push_str(&format!("[Event \"Partie {i}\"]\n"));
        }
        text.push_str("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n");
    }
    let games: Vec<PdnGame> = Reader::new(text.as_bytes())
        .going_on()
        .map(|g| g.expect("a whole game"))
        .collect();
    assert_eq!(games.len(), 12);
    let ninth = &games[8];
    assert_eq!(ninth.tag("Event"), Some("Tournoi de Paris"));
    assert_eq!(ninth.moves.nodes.len(), 4);
    let warnings: Vec<_> = ninth.warnings.iter().map(|w| (w.pos, &w.kind)).collect();
    assert_eq!(
        warnings,
        [(at(33, 1), &WarningKind::SplitTag("Event".into()))]
    );
    assert!(
        games
            .iter()
            .enumerate()
            .all(|(i, g)| i == 8 || g.warnings.is_empty())
    );
    // A `[` alone with no name on the next line is still the tag skipped it was, where it was.
    let game = Reader::new("[\n\n1. 32-28 *\n".as_bytes())
        .next()
        .unwrap()
        .unwrap();
    let warnings: Vec<_> = game.warnings.iter().map(|w| w.pos).collect();
    assert_eq!(warnings, [at(1, 2)]);
    assert!(matches!(game.warnings[0].kind, WarningKind::TagSkipped(_)));
}
