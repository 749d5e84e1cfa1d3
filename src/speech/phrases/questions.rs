//! The answers to the person's questions about the position shown and the game (each an
//! [`Info`]): must I capture and with what, one side's pieces, the moves of one piece, the last
//! moves; and what is said when nothing has been said yet, or how to go to a square.

use crate::game::event::Info;
use crate::language::Language;
use crate::rules::{Color, Move, Position};

use super::moves::{no_moves_yet, push_number};
use super::names::{piece_name, side_name, side_position};
use super::{Context, capitalized, spoken_move, square_name};

use Language::{Czech, English};

/// The words for a question's answer; `None` for an [`Info`] that is no question of these.
pub(super) fn answer(cx: &Context<'_>, info: &Info) -> Option<String> {
    let lang = cx.lang;
    let moves = |before: &Position, moves: &[Move]| {
        moves
            .iter()
            .map(|m| spoken_move(lang, cx.notation, before, cx.rules, m))
            .collect::<Vec<_>>()
            .join("; ")
    };
    Some(match info {
        Info::Game { .. } => return None,
        Info::NothingSaid => match lang {
            Czech => "Zatím nic nezaznělo.".into(),
            English => "Nothing has been said yet.".into(),
        },
        // "Bílý musí brát: 22 bere 15; 24 bere 17."
        Info::Captures {
            before,
            moves: captures,
            table,
        } => {
            let side = side_name(lang, before.side_to_move());
            match (lang, table, captures.is_empty()) {
                (Czech, true, _) => "Podle stolních pravidel braní nikdo nepřipomíná.".into(),
                (English, true, _) => "Under table rules nobody points out a capture.".into(),
                (Czech, false, true) => format!("{side} nemusí brát."),
                (English, false, true) => format!("{side} need not capture."),
                (Czech, false, false) => {
                    format!("{side} musí brát: {}.", moves(before, captures))
                }
                (English, false, false) => {
                    format!("{side} must capture: {}.", moves(before, captures))
                }
            }
        }
        Info::Pieces { pos, side } => side_position(lang, pos, *side),
        // "Bílý kámen na 22: 22 na 18; 22 na 17."
        Info::PieceMoves {
            before,
            square,
            moves: from,
        } => {
            let name = square_name(cx.notation, before.board(), *square);
            match (before.piece_at(*square), from.is_empty()) {
                (None, _) => match lang {
                    Czech => format!("Pole {name} je prázdné."),
                    English => format!("Square {name} is empty."),
                },
                (Some(piece), true) => match lang {
                    Czech => format!(
                        "{} na {name} nemůže táhnout.",
                        capitalized(piece_name(lang, piece))
                    ),
                    English => format!(
                        "The {} on {name} cannot move.",
                        piece_name(lang, piece).to_lowercase()
                    ),
                },
                (Some(piece), false) => format!(
                    "{} {} {name}: {}.",
                    capitalized(piece_name(lang, piece)),
                    match lang {
                        Czech => "na",
                        English => "on",
                    },
                    moves(before, from)
                ),
            }
        }
        // "Poslední tahy: 11. 22 na 18, 11 na 15. 12. 18 bere 11."
        Info::LastMoves(played) => {
            if played.is_empty() {
                return Some(no_moves_yet(lang));
            }
            let mut out = match lang {
                Czech => "Poslední tahy: ".to_string(),
                English => "Last moves: ".to_string(),
            };
            for (i, (ply, before, m)) in played.iter().enumerate() {
                push_number(&mut out, i, *ply, ". ");
                out.push_str(&spoken_move(lang, cx.notation, before, cx.rules, m));
            }
            out.push('.');
            out
        }
        Info::TypeSquare => match lang {
            Czech => "Napište číslo pole a stiskněte Enter.".into(),
            English => "Type a square's number and press Enter.".into(),
        },
    })
}

/// The side a question about "my" pieces means: the side to move in the position shown.
pub fn asked_side(pos: &Position, mine: bool) -> Color {
    match mine {
        true => pos.side_to_move(),
        false => !pos.side_to_move(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::event::Event;
    use crate::notation::Notation;
    use crate::rules::Variant;
    use crate::speech::phrases::{Verbosity, event};

    /// What `info` says in Czech and English, in the numeric notation.
    fn said(info: Info) -> [String; 2] {
        let rules = Variant::Czech.rules();
        let e = Event::Info(info);
        [Czech, English].map(|lang| {
            let cx = Context {
                lang,
                rules,
                verbosity: Verbosity::default(),
                notation: Notation::Numeric,
            };
            let text = event(&cx, &e);
            // No English reaches a Czech user.
            if lang == Czech {
                let english = crate::speech::phrases::english::english_words(&text);
                assert!(english.is_empty(), "{text}: {english:?}");
            }
            text
        })
    }

    fn pos(fen: &str) -> Position {
        Variant::Czech.rules().parse_fen(fen).unwrap()
    }

    #[test]
    fn nothing_said_and_how_to_go_to_a_square() {
        assert_eq!(
            said(Info::NothingSaid),
            ["Zatím nic nezaznělo.", "Nothing has been said yet."]
        );
        assert_eq!(
            said(Info::TypeSquare),
            [
                "Napište číslo pole a stiskněte Enter.",
                "Type a square's number and press Enter."
            ]
        );
    }

    #[test]
    fn must_i_capture_and_with_what() {
        let rules = Variant::Czech.rules();
        let before = pos("W:W22,23,30:B18");
        let captures: Vec<Move> = before
            .legal_moves(rules)
            .into_iter()
            .filter(|m| m.is_capture())
            .collect();
        let info = |moves: Vec<Move>, table| Info::Captures {
            before,
            moves,
            table,
        };
        assert_eq!(
            said(info(captures.clone(), false)),
            [
                "Bílý musí brát: 22 bere 15; 23 bere 14.",
                "White must capture: 22 takes 15; 23 takes 14."
            ]
        );
        assert_eq!(
            said(info(Vec::new(), false)),
            ["Bílý nemusí brát.", "White need not capture."]
        );
        assert_eq!(
            said(info(captures, true)),
            [
                "Podle stolních pravidel braní nikdo nepřipomíná.",
                "Under table rules nobody points out a capture."
            ]
        );
    }

    #[test]
    fn one_sides_pieces() {
        let p = pos("B:W22,24,K5:B18");
        assert_eq!(asked_side(&p, true), Color::Black);
        assert_eq!(asked_side(&p, false), Color::White);
        assert_eq!(
            said(Info::Pieces {
                pos: p,
                side: Color::White
            }),
            [
                "Bílý: kameny 22, 24; dámy 5.",
                "White: men 22, 24; kings 5."
            ]
        );
        assert_eq!(
            said(Info::Pieces {
                pos: pos("W:W22:B"),
                side: Color::Black
            }),
            ["Černý: nic.", "Black: nothing."]
        );
    }

    #[test]
    fn the_moves_of_one_piece() {
        let rules = Variant::Czech.rules();
        let before = pos("W:W22,30,31:B3");
        let from = |sq: u8| {
            let square = before.board().square(sq).unwrap();
            let moves = before
                .legal_moves(rules)
                .into_iter()
                .filter(|m| m.from() == square)
                .collect();
            Info::PieceMoves {
                before,
                square,
                moves,
            }
        };
        assert_eq!(
            said(from(22)),
            [
                "Bílý kámen na 22: 22 na 17; 22 na 18.",
                "White man on 22: 22 to 17; 22 to 18."
            ]
        );
        assert_eq!(
            said(from(3)),
            [
                "Černý kámen na 3 nemůže táhnout.",
                "The black man on 3 cannot move."
            ]
        );
        assert_eq!(
            said(from(14)),
            ["Pole 14 je prázdné.", "Square 14 is empty."]
        );
    }

    #[test]
    fn the_last_moves_with_their_numbers() {
        let rules = Variant::Czech.rules();
        let mut p = rules.start_position().unwrap();
        let mut played = Vec::new();
        for ply in 0..3 {
            let m = p.legal_moves(rules)[0];
            played.push((ply, p, m));
            p.play_unchecked(&m);
        }
        assert_eq!(
            said(Info::LastMoves(played.clone())),
            [
                "Poslední tahy: 1. 21 na 17, 9 na 13. 2. 17 na 14.",
                "Last moves: 1. 21 to 17, 9 to 13. 2. 17 to 14."
            ]
        );
        let [cs, en] = said(Info::LastMoves(played[1..].to_vec()));
        assert!(cs.starts_with("Poslední tahy: 1… "), "{cs}");
        assert!(cs.contains(". 2. "), "{cs}");
        assert!(en.starts_with("Last moves: 1… "), "{en}");
        assert_eq!(
            said(Info::LastMoves(Vec::new())),
            ["Zatím žádný tah.", "No moves yet."]
        );
    }
}
