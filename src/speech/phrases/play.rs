//! The state of play in words: whose move it is, who won or why it is a draw, draw offers and
//! the computer's answers, and the claims of a forgotten capture (a huff, a take-back).

use crate::language::Language;
use crate::notation::Notation;
use crate::rules::{Color, DrawReason, Move, Outcome, Piece, Position, RuleSet, Square, WinReason};

use super::names::{color_name, piece_name, side_name};
use super::{capitalized, list, spoken_move};

use Language::{Czech, English};

/// "Na tahu je bílý", "White to move".
pub fn to_move(lang: Language, color: Color) -> String {
    match lang {
        Czech => format!("Na tahu je {}", color_name(lang, color)),
        English => format!("{} to move", side_name(lang, color)),
    }
}

/// Who won and why, or why it is a draw: "Bílý vyhrál: soupeř nemůže táhnout."
pub fn outcome(lang: Language, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let side = side_name(lang, winner);
            let why = match (lang, reason) {
                (Czech, WinReason::NoLegalMove) => "soupeř nemůže táhnout",
                (Czech, WinReason::Resignation) => "soupeř se vzdal",
                (Czech, WinReason::Time) => "soupeři došel čas",
                (Czech, WinReason::Adjudication) => "rozhodnuto mimo hru",
                (English, WinReason::Adjudication) => "adjudicated",
                (English, WinReason::Time) => "the opponent's time ran out",
                (English, WinReason::NoLegalMove) => "the opponent cannot move",
                (English, WinReason::Resignation) => "the opponent resigned",
            };
            match lang {
                Czech => format!("{side} vyhrál: {why}."),
                English => format!("{side} wins: {why}."),
            }
        }
        Outcome::Draw(reason) => match (lang, reason) {
            (Czech, DrawReason::Agreement) => "Remíza dohodou.".into(),
            (Czech, DrawReason::Repetition) => "Remíza: pozice se potřetí opakovala.".into(),
            (Czech, DrawReason::QuietMoves) => {
                "Remíza: příliš dlouho se nebralo a netáhlo kamenem.".into()
            }
            (Czech, DrawReason::Adjudication) => "Remíza: rozhodnuto mimo hru.".into(),
            (English, DrawReason::Agreement) => "Draw by agreement.".into(),
            (English, DrawReason::Adjudication) => "Draw: adjudicated.".into(),
            (English, DrawReason::Repetition) => {
                "Draw: the position occurred for the third time.".into()
            }
            (English, DrawReason::QuietMoves) => {
                "Draw: no capture and no man move for too long.".into()
            }
        },
    }
}

/// Who would resign, as the question asks it: "Partii vzdává bílý.", "White resigns the game."
pub fn resign_question(lang: Language, color: Color) -> String {
    match lang {
        Czech => format!("Partii vzdává {}.", color_name(lang, color)),
        English => format!("{} resigns the game.", side_name(lang, color)),
    }
}

/// "Bílý nabízí remízu.", "White offers a draw."
pub fn draw_offer(lang: Language, color: Color) -> String {
    match lang {
        Czech => format!("{} nabízí remízu.", side_name(lang, color)),
        English => format!("{} offers a draw.", side_name(lang, color)),
    }
}

/// "Musíte skákat.", "You must capture."
pub fn must_capture(lang: Language) -> &'static str {
    match lang {
        Czech => "Musíte skákat.",
        English => "You must capture.",
    }
}

/// The claim, as the claimer calls it: "Zapomněl jsi skákat!", "You forgot to capture!"
pub fn forgot_to_capture(lang: Language) -> &'static str {
    match lang {
        Czech => "Zapomněl jsi skákat!",
        English => "You forgot to capture!",
    }
}

/// A huff: "Zapomněl jsi skákat! Bílý kámen na 30 se odebírá."
pub fn huffed(lang: Language, piece: Piece, sq: Square) -> String {
    let name = piece_name(lang, piece);
    match lang {
        Czech => format!(
            "{} {} na {sq} se odebírá.",
            forgot_to_capture(lang),
            capitalized(name)
        ),
        English => format!("{} The {name} on {sq} is removed.", forgot_to_capture(lang)),
    }
}

/// Several offenders: "Zapomněl jsi skákat! Vyberte šipkami a Enterem, který kámen odebrat:
/// 28, 30."
pub fn choose_offender(lang: Language, offenders: crate::rules::SquareSet) -> String {
    match lang {
        Czech => format!(
            "{} Vyberte šipkami a Enterem, který kámen odebrat: {}.",
            forgot_to_capture(lang),
            list(offenders)
        ),
        English => format!(
            "{} Choose the piece to remove with the arrows and Enter: {}.",
            forgot_to_capture(lang),
            list(offenders)
        ),
    }
}

/// A take-back: "Zapomněl jsi skákat! Tah 1 na 5 se vrací, černý musí skákat."
pub fn taken_back(
    lang: Language,
    notation: Notation,
    pos_before: &Position,
    rules: &RuleSet,
    m: &Move,
) -> String {
    let side = pos_before.side_to_move();
    let spoken = spoken_move(lang, notation, pos_before, rules, m);
    match lang {
        Czech => format!(
            "{} Tah {spoken} se vrací, {} musí skákat.",
            forgot_to_capture(lang),
            color_name(lang, side)
        ),
        English => format!(
            "{} {spoken} is taken back; {} must capture.",
            forgot_to_capture(lang),
            color_name(lang, side)
        ),
    }
}

/// Said when a person tries to move while the computer is to move.
pub fn computer_to_move(lang: Language) -> &'static str {
    match lang {
        Czech => "Na tahu je počítač.",
        English => "It is the computer's move.",
    }
}

/// The computer's answer to a draw offer.
pub fn draw_answer(lang: Language, accepted: bool) -> &'static str {
    match (lang, accepted) {
        (Czech, true) => "Počítač remízu přijímá.",
        (Czech, false) => "Počítač remízu odmítá.",
        (English, true) => "The computer accepts the draw.",
        (English, false) => "The computer declines the draw.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation::Numeric;
    use crate::rules::{Role, Variant};

    #[test]
    fn whose_move_outcome_and_forgotten_captures() {
        assert_eq!(to_move(Czech, Color::Black), "Na tahu je černý");
        assert_eq!(to_move(English, Color::Black), "Black to move");
        let win = Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoLegalMove,
        };
        assert_eq!(outcome(Czech, win), "Bílý vyhrál: soupeř nemůže táhnout.");
        assert_eq!(
            outcome(English, win),
            "White wins: the opponent cannot move."
        );
        assert_eq!(
            outcome(Czech, Outcome::Draw(DrawReason::Repetition)),
            "Remíza: pozice se potřetí opakovala."
        );
        let adjudicated = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Adjudication,
        };
        assert_eq!(
            outcome(Czech, adjudicated),
            "Černý vyhrál: rozhodnuto mimo hru."
        );
        assert_eq!(outcome(English, adjudicated), "Black wins: adjudicated.");
        let adjudicated = Outcome::Draw(DrawReason::Adjudication);
        assert_eq!(outcome(Czech, adjudicated), "Remíza: rozhodnuto mimo hru.");
        assert_eq!(outcome(English, adjudicated), "Draw: adjudicated.");
        assert_eq!(draw_offer(English, Color::Black), "Black offers a draw.");
        assert_eq!(resign_question(Czech, Color::White), "Partii vzdává bílý.");
        assert_eq!(
            resign_question(English, Color::Black),
            "Black resigns the game."
        );
        let white_man = Piece::new(Color::White, Role::Man);
        assert_eq!(
            huffed(Czech, white_man, Square::new(30).unwrap()),
            "Zapomněl jsi skákat! Bílý kámen na 30 se odebírá."
        );
        assert_eq!(
            huffed(
                English,
                Piece::new(Color::Black, Role::King),
                Square::new(3).unwrap()
            ),
            "You forgot to capture! The black king on 3 is removed."
        );
        let two: crate::rules::SquareSet =
            [28, 30].iter().map(|&n| Square::new(n).unwrap()).collect();
        assert_eq!(
            choose_offender(Czech, two),
            "Zapomněl jsi skákat! Vyberte šipkami a Enterem, který kámen odebrat: 28, 30."
        );
        let rules = Variant::English.rules();
        let pos = rules.parse_fen("B:W18,32:B14,1").unwrap();
        let m = Move::new(
            crate::rules::Board::Eight,
            Square::new(1).unwrap(),
            Square::new(5).unwrap(),
            crate::rules::SquareSet::EMPTY,
        );
        assert_eq!(
            taken_back(Czech, Numeric, &pos, rules, &m),
            "Zapomněl jsi skákat! Tah 1 na 5 se vrací, černý musí skákat."
        );
        assert_eq!(
            taken_back(English, Numeric, &pos, rules, &m),
            "You forgot to capture! 1 to 5 is taken back; black must capture."
        );
    }

    #[test]
    fn computer_phrases() {
        assert_eq!(computer_to_move(Czech), "Na tahu je počítač.");
        assert_eq!(computer_to_move(English), "It is the computer's move.");
        assert_eq!(draw_answer(Czech, true), "Počítač remízu přijímá.");
        assert_eq!(
            draw_answer(English, false),
            "The computer declines the draw."
        );
    }
}
