//! Property tests over random games in every variant: make/unmake, legality of the generated
//! moves, capture paths, FEN round trips and position invariants (rules.md §2–§4, §6).
//!
//! A game is a vector of choice indices: at each ply the move `legal[idx % len]` is played,
//! until the vector or the legal moves run out.

use std::collections::HashSet;

use dama::rules::{Color, Move, Position, Precedence, Role, RuleSet, Square, SquareSet, Variant};
use proptest::prelude::*;

const MAX_PLIES: usize = 60;

/// The positions of a random game (the start included) and the moves between them.
fn random_game(rules: &RuleSet, start: Position, choices: &[u16]) -> (Vec<Position>, Vec<Move>) {
    let mut positions = vec![start];
    let mut moves = Vec::new();
    let mut pos = start;
    for &c in choices {
        let legal = pos.legal_moves(rules);
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        pos.play_unchecked(&m);
        positions.push(pos);
        moves.push(m);
    }
    (positions, moves)
}

fn choices() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 0..=MAX_PLIES)
}

/// Also some set-ups with kings and towers, where long and flying captures come sooner.
const EXTRA_STARTS: [(Variant, &str); 12] = [
    (Variant::Czech, "W:WK29,21-24:BK4,9-12"),
    (Variant::Czech, "B:WK30,K31,22,23,26:B6,7,K10,14,K15"),
    (Variant::CzechBook, "B:WK32,K25,26,27:BK1,5,6,7,10"),
    (Variant::English, "B:WK30,21,22,25,26:BK3,6,7,K11"),
    (
        Variant::International,
        "W:WK46,K50,31-35,38,40:BK1,K5,12-20",
    ),
    (Variant::International, "W:WK46:B7,9,18,19,29,31,33,42"),
    (Variant::TwoTowers, "W:WK46,T37,T39,31-35:BK5,T12,T14,16-20"),
    (Variant::TwoTowers, "W:WK46:B41,42,T30"),
    // Towers one step from their promotion rows.
    (Variant::TwoTowers, "W:WT7,T9,K46,38:BT42,T44,K5,13"),
    // Men one step from theirs, some blocked, some able to capture instead.
    (Variant::Czech, "W:W5,6,8,14,22:BK1,26,27,10"),
    (Variant::English, "B:W6,K31,18:B25,27,28,K2"),
    (Variant::International, "B:W6,7,K50,28:B41,42,44,K3,32"),
];

fn any_start() -> impl Strategy<Value = (Variant, Position)> {
    let presets = prop::sample::select(Variant::ALL.to_vec()).prop_map(|v| (v, v.start_position()));
    let extras = prop::sample::select(EXTRA_STARTS.to_vec()).prop_map(|(v, fen)| {
        let pos = v.rules().parse_fen(fen).expect("test FEN parses");
        (v, pos)
    });
    prop_oneof![3 => presets, 1 => extras]
}

/// Every position of games from every preset start, and from one extra start.
fn for_each_position(
    choices: &[u16],
    extra: (Variant, Position),
    mut f: impl FnMut(Variant, &Position) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let starts = Variant::ALL
        .iter()
        .map(|&v| (v, v.start_position()))
        .chain(std::iter::once(extra));
    for (v, start) in starts {
        let (positions, _) = random_game(v.rules(), start, choices);
        for pos in &positions {
            f(v, pos)?;
        }
    }
    Ok(())
}

/// Checks that `got`, moves a search plays at its horizon, are each the legal move of `pos`
/// that `wanted` keeps, once.
fn exactly_the_legal(
    v: Variant,
    pos: &Position,
    got: &[Move],
    wanted: impl Fn(&Move) -> bool,
) -> Result<(), TestCaseError> {
    let set: HashSet<Move> = got.iter().copied().collect();
    prop_assert_eq!(set.len(), got.len(), "{} {:?}", v, pos);
    let want: HashSet<Move> = pos
        .legal_moves(v.rules())
        .into_iter()
        .filter(wanted)
        .collect();
    prop_assert_eq!(set, want, "{} {:?}", v, pos);
    Ok(())
}

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(128)
}

/// A tower stepping onto its promotion row is crowned, and taking the move back gives the
/// tower back (not a man).
#[test]
fn tower_promotion_is_undone() {
    let rules = Variant::TwoTowers.rules();
    // White tower c9 (7) steps to 1 or 2; black tower d2 (42) steps to 47 or 48.
    for fen in ["W:WT7:B20", "B:W31:BT42"] {
        let pos = rules.parse_fen(fen).unwrap();
        let moves = pos.legal_moves(rules);
        assert_eq!(moves.len(), 2, "{fen}");
        for m in moves {
            let mut p = pos;
            let undo = p.play_unchecked(&m);
            let crowned = p.piece_at(m.to()).unwrap();
            assert_eq!(crowned.role, Role::King, "{fen} {m}");
            assert_eq!(p.count(crowned.color, Role::Tower), 0, "{fen} {m}");
            p.undo_unchecked(&m, undo);
            assert_eq!(p, pos, "{fen} {m}");
            assert_eq!(p.piece_at(m.from()).unwrap().role, Role::Tower, "{fen} {m}");
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// `play_unchecked` then `undo_unchecked` restores the position exactly, for every legal
    /// move at every ply; the position played is the one `Position::play` gives.
    #[test]
    fn play_then_undo_restores_the_position(
        choices in choices(),
        extra in any_start(),
    ) {
        for_each_position(&choices, extra, |v, pos| {
            let rules = v.rules();
            for m in pos.legal_moves(rules) {
                let mut p = *pos;
                let undo = p.play_unchecked(&m);
                let played = p;
                prop_assert_eq!(pos.play(rules, &m), Ok(played), "{} {:?} {:?}", v, pos, m);
                p.undo_unchecked(&m, undo);
                prop_assert_eq!(p, *pos, "{} undo of {:?}", v, m);
                prop_assert_eq!(p.key(), pos.key());
                prop_assert_eq!(p.fen(), pos.fen());
            }
            Ok(())
        })?;
    }

    /// Move generation agrees with itself: `generate_moves`, `legal_moves` and `count_moves`
    /// give the same moves, no move twice, every move plays through `Position::play`, and
    /// the sorted list follows rules.md §6.
    #[test]
    fn generated_moves_are_legal_and_consistent(
        choices in choices(),
        extra in any_start(),
    ) {
        for_each_position(&choices, extra, |v, pos| {
            let rules = v.rules();
            let legal = pos.legal_moves(rules);
            let mut generated = vec![Move::new(
                rules.board,
                Square::new(1).unwrap(),
                Square::new(2).unwrap(),
                SquareSet::EMPTY,
            )];
            pos.generate_moves(rules, &mut generated);
            prop_assert_eq!(generated.len(), legal.len(), "{} {:?}", v, pos);
            let gen_set: HashSet<Move> = generated.iter().copied().collect();
            let legal_set: HashSet<Move> = legal.iter().copied().collect();
            prop_assert_eq!(&gen_set, &legal_set, "{} {:?}", v, pos);
            prop_assert_eq!(legal_set.len(), legal.len(), "{}: a move listed twice in {:?}", v, pos);
            prop_assert_eq!(pos.count_moves(rules), legal.len() as u64, "{} {:?}", v, pos);
            prop_assert!(legal.is_sorted(), "{} {:?}", v, pos);
            for w in legal.windows(2) {
                let key = |m: &Move| {
                    (m.from().number(), m.to().number(), m.captured().iter().collect::<Vec<_>>())
                };
                prop_assert!(key(&w[0]) < key(&w[1]), "{} order {:?} {:?}", v, w[0], w[1]);
            }
            for m in &legal {
                prop_assert!(pos.is_legal(rules, m));
                let after = pos.play(rules, m);
                prop_assert!(after.is_ok(), "{} {:?} {:?}", v, pos, m);
                let after = after.unwrap();
                prop_assert_eq!(after.side_to_move(), !pos.side_to_move());
                prop_assert_eq!(m.board(), rules.board);
            }
            Ok(())
        })?;
    }

    /// The crowning moves the search plays at its horizon are exactly the legal moves that
    /// crown a man or tower, and none while a capture is due.
    #[test]
    fn crowning_moves_are_the_legal_crownings(
        choices in choices(),
        extra in any_start(),
    ) {
        for_each_position(&choices, extra, |v, pos| {
            let rules = v.rules();
            let mut crownings = Vec::new();
            pos.crowning_moves(rules, &mut crownings);
            exactly_the_legal(v, pos, &crownings, |m| {
                let role = pos.piece_at(m.from()).map(|p| p.role);
                let mut after = *pos;
                after.play_unchecked(m);
                !m.is_capture()
                    && role != Some(Role::King)
                    && after.piece_at(m.to()).map(|p| p.role) == Some(Role::King)
            })
        })?;
    }

    /// The exchanges the search plays at its horizon are exactly the legal steps of a man that
    /// do not crown and after which every legal reply captures one piece and leaves a capture
    /// back; none while a capture is due.
    #[test]
    fn exchange_moves_are_the_one_for_one_offers(
        choices in choices(),
        extra in any_start(),
    ) {
        for_each_position(&choices, extra, |v, pos| {
            let rules = v.rules();
            let mut exchanges = Vec::new();
            if !pos.has_capture(rules) {
                pos.exchange_moves(rules, &mut exchanges);
            }
            exactly_the_legal(v, pos, &exchanges, |m| {
                let role = pos.piece_at(m.from()).map(|p| p.role);
                let after = pos.play(rules, m).expect("a legal move");
                let replies = after.legal_moves(rules);
                !m.is_capture()
                    && role == Some(Role::Man)
                    && after.piece_at(m.to()).map(|p| p.role) == Some(Role::Man)
                    && !replies.is_empty()
                    && replies.iter().all(|r| {
                        r.capture_count() == 1
                            && after.play(rules, r).expect("a legal reply").has_capture(rules)
                    })
            })
        })?;
    }

    /// Each move moves a piece of the side to move onto an empty square (or back to its own
    /// square, after a circle of a flying king), removes exactly the captured opponent pieces,
    /// and crowns a man or tower ending on its promotion row.
    #[test]
    fn moves_do_what_they_say(
        choices in choices(),
        extra in any_start(),
    ) {
        for_each_position(&choices, extra, |v, pos| {
            let rules = v.rules();
            let us = pos.side_to_move();
            let them = !us;
            for m in pos.legal_moves(rules) {
                let piece = pos.piece_at(m.from());
                prop_assert!(piece.is_some_and(|p| p.color == us), "{} {:?} {:?}", v, pos, m);
                let piece = piece.unwrap();
                prop_assert!(m.to() == m.from() || pos.piece_at(m.to()).is_none(), "{} {:?}", v, m);
                // Only a king can come back to its start, or, where men capture backwards, a man
                // going round a square of four captures (24x24 over 29, 30, 39, 40).
                if m.to() == m.from() {
                    prop_assert!(
                        piece.role == Role::King
                            || (rules.men_capture_backward && m.capture_count() >= 4),
                        "{} {:?}",
                        v,
                        m
                    );
                }
                prop_assert!(!m.captured().contains(m.from()) && !m.captured().contains(m.to()));
                for c in m.captured() {
                    let victim = pos.piece_at(c);
                    prop_assert!(victim.is_some_and(|p| p.color == them), "{} {:?} {:?}", v, pos, m);
                    // Two Towers (rules.md §4): only a king jumps a tower; a tower jumps only
                    // kings.
                    if victim.unwrap().role == Role::Tower {
                        prop_assert_eq!(piece.role, Role::King, "{} {:?} {:?}", v, pos, m);
                    }
                    if piece.role == Role::Tower {
                        prop_assert_eq!(victim.unwrap().role, Role::King, "{} {:?} {:?}", v, pos, m);
                    }
                }
                // On 8×8 men capture forward only: every landing is nearer the promotion row.
                if piece.role == Role::Man && !rules.men_capture_backward && m.is_capture() {
                    let width = rules.board.row_width();
                    let row = |s: Square| i32::from((s.number() - 1) / width);
                    let step = if us == Color::White { -1 } else { 1 };
                    let mut at = row(m.from());
                    for s in pos.capture_path(rules, &m) {
                        prop_assert_eq!(row(s), at + 2 * step, "{} {:?} {:?}", v, pos, m);
                        at = row(s);
                    }
                }
                let after = pos.play(rules, &m).unwrap();
                prop_assert_eq!(after.pieces(them), pos.pieces(them) - m.captured());
                let mut moved = pos.pieces(us);
                moved.remove(m.from());
                moved.insert(m.to());
                prop_assert_eq!(after.pieces(us), moved);
                let crowned = piece.role != Role::King
                    && rules.board.promotion_row(us).any(|s| s == m.to());
                let role = if crowned { Role::King } else { piece.role };
                prop_assert_eq!(after.piece_at(m.to()).map(|p| p.role), Some(role), "{} {:?} {:?}", v, pos, m);
                // Captured pieces of the opponent: the rest keep their roles.
                for (s, p) in after.iter().filter(|(_, p)| p.color == them) {
                    prop_assert_eq!(pos.piece_at(s), Some(p));
                }
            }
            Ok(())
        })?;
    }

    /// Captures are mandatory and follow the precedence rule; every capture has a path of one
    /// landing square per captured piece, ending on its `to` square.
    #[test]
    fn captures_are_mandatory_and_have_paths(
        choices in choices(),
        extra in any_start(),
    ) {
        for_each_position(&choices, extra, |v, pos| {
            let rules = v.rules();
            let legal = pos.legal_moves(rules);
            let captures = legal.iter().filter(|m| m.is_capture()).count();
            prop_assert!(captures == 0 || captures == legal.len(), "{}: capture not forced in {:?}", v, pos);
            prop_assert_eq!(pos.has_capture(rules), captures > 0, "{} {:?}", v, pos);
            if rules.precedence == Precedence::Quantity && captures > 0 {
                let most = legal.iter().map(|m| m.capture_count()).max().unwrap();
                prop_assert!(legal.iter().all(|m| m.capture_count() == most), "{} {:?}", v, pos);
            }
            if rules.precedence == Precedence::KingPriority {
                let by_king = |m: &Move| pos.piece_at(m.from()).is_some_and(|p| p.role == Role::King);
                if legal.iter().any(|m| m.is_capture() && by_king(m)) {
                    prop_assert!(legal.iter().all(by_king), "{}: king priority in {:?}", v, pos);
                }
            }
            for m in &legal {
                let paths = pos.capture_paths(rules, m);
                if !m.is_capture() {
                    prop_assert!(paths.is_empty(), "{} {:?}", v, m);
                    prop_assert_eq!(pos.capture_path(rules, m), vec![m.to()]);
                    continue;
                }
                prop_assert!(!paths.is_empty(), "{}: no path for {:?} in {:?}", v, m, pos);
                for path in &paths {
                    prop_assert_eq!(path.last(), Some(&m.to()), "{} {:?} {:?}", v, m, path);
                    prop_assert_eq!(path.len(), m.capture_count() as usize, "{} {:?} {:?}", v, m, path);
                }
                prop_assert!(paths.is_sorted());
                prop_assert_eq!(&pos.capture_path(rules, m), &paths[0]);
            }
            Ok(())
        })?;
    }

    /// Every position of a game writes as FEN and reads back as itself.
    #[test]
    fn fen_round_trips(
        choices in choices(),
        extra in any_start(),
    ) {
        for_each_position(&choices, extra, |v, pos| {
            let rules = v.rules();
            let fen = pos.fen();
            prop_assert_eq!(rules.parse_fen(&fen), Ok(*pos), "{}", fen);
            prop_assert_eq!(rules.parse_fen(&fen).unwrap().fen(), fen);
            Ok(())
        })?;
    }

    /// No square holds two colours, roles partition each colour's pieces, no man or tower
    /// stands uncrowned on its promotion row, towers only where the rule set has them, and
    /// material never grows.
    #[test]
    fn positions_stay_sound(
        choices in choices(),
        extra in any_start(),
    ) {
        for (v, start) in Variant::ALL.iter().map(|&v| (v, v.start_position())).chain([extra]) {
            let rules = v.rules();
            let (positions, moves) = random_game(rules, start, &choices);
            for pos in &positions {
                let (w, b) = (pos.pieces(Color::White), pos.pieces(Color::Black));
                prop_assert!((w & b).is_empty(), "{} {:?}", v, pos);
                prop_assert_eq!(w | b, pos.occupied());
                for color in Color::ALL {
                    let roles: Vec<SquareSet> =
                        [Role::Man, Role::King, Role::Tower].iter().map(|&r| pos.pieces_of(color, r)).collect();
                    prop_assert_eq!(roles[0] | roles[1] | roles[2], pos.pieces(color));
                    prop_assert_eq!(roles[0].len() + roles[1].len() + roles[2].len(), pos.pieces(color).len());
                    if !rules.has_towers() {
                        prop_assert!(roles[2].is_empty());
                    }
                    for s in rules.board.promotion_row(color) {
                        let p = pos.piece_at(s);
                        prop_assert!(
                            !p.is_some_and(|p| p.color == color && p.role != Role::King),
                            "{}: uncrowned {:?} on {} in {:?}", v, p, s, pos
                        );
                    }
                }
                prop_assert!(pos.validate().is_ok(), "{} {:?}", v, pos);
                prop_assert_eq!(pos.board(), rules.board);
                for s in pos.occupied() {
                    prop_assert!(rules.board.contains(s));
                }
            }
            for (i, m) in moves.iter().enumerate() {
                let (before, after) = (&positions[i], &positions[i + 1]);
                prop_assert_eq!(
                    after.occupied().len() + m.capture_count() as usize,
                    before.occupied().len()
                );
                for color in Color::ALL {
                    prop_assert!(after.count(color, Role::Tower) <= before.count(color, Role::Tower));
                    // Kings appear only by crowning: at most one more per move.
                    prop_assert!(after.count(color, Role::King) <= before.count(color, Role::King) + 1);
                }
            }
        }
    }
}
