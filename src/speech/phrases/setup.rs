//! A game's set-up in words, when it cannot be used: a FEN that does not read, a position that
//! cannot occur in a game, a rule-set description that cannot be used, a rule-set id Dáma does
//! not know. A game file, the position editor and an autosave carry them.

use crate::language::Language;
use crate::rules::{
    Color, FenError, FieldProblem, PositionError, RuleSetError, UnknownVariant, Variant,
};

use super::errors::counted;
use super::excerpt;
use super::names::{piece_name, rules_name, side_name};

use Language::{Czech, English};

/// Why a FEN does not read: "Pole 33 na desce 8×8 není."
pub fn fen_error(lang: Language, e: &FenError) -> String {
    match (lang, e) {
        (Czech, FenError::Empty) => "Zápis FEN je prázdný.".into(),
        (English, FenError::Empty) => "The FEN is empty.".into(),
        (Czech, FenError::BadSide(s)) => {
            format!(
                "FEN má začínat stranou na tahu, W nebo B, ne „{s}“.",
                s = excerpt(s)
            )
        }
        (English, FenError::BadSide(s)) => {
            format!(
                "A FEN must start with the side to move, W or B, not “{s}”.",
                s = excerpt(s)
            )
        }
        (Czech, FenError::BadField(s)) => {
            format!("Část FEN „{s}“ nezačíná W ani B.", s = excerpt(s))
        }
        (English, FenError::BadField(s)) => {
            format!(
                "The FEN part “{s}” does not start with W or B.",
                s = excerpt(s)
            )
        }
        (Czech, FenError::ColorTwice(c)) => {
            let who = match c {
                Color::White => "Bílé",
                Color::Black => "Černé",
            };
            format!("{who} kameny jsou uvedeny dvakrát.")
        }
        (English, FenError::ColorTwice(c)) => {
            let who = match c {
                Color::White => "White's",
                Color::Black => "Black's",
            };
            format!("{who} pieces are listed twice.")
        }
        (Czech, FenError::BadSquare { square, board }) => {
            format!(
                "Pole „{square}“ na desce {board} není.",
                square = excerpt(square)
            )
        }
        (English, FenError::BadSquare { square, board }) => {
            format!(
                "There is no square “{square}” on the {board} board.",
                square = excerpt(square)
            )
        }
        (Czech, FenError::BadRange(s)) => format!(
            "Rozsah „{s}“ je chybný: mají to být dvě čísla polí, první nejvýš rovné druhému.",
            s = excerpt(s)
        ),
        (English, FenError::BadRange(s)) => format!(
            "The range “{s}” is wrong: it must be two square numbers, the first not above the \
             second.",
            s = excerpt(s)
        ),
        (Czech, FenError::SquareTwice(sq)) => format!("Pole {sq} je uvedeno dvakrát."),
        (English, FenError::SquareTwice(sq)) => {
            format!("Square {sq} is listed twice.")
        }
        (Czech, FenError::BadSection(s)) => {
            format!(
                "Část „{s}“ má začínat barvou a dvojtečkou, například W: nebo B:.",
                s = excerpt(s)
            )
        }
        (English, FenError::BadSection(s)) => {
            format!(
                "The part “{s}” must start with a colour and a colon, such as W: or B:.",
                s = excerpt(s)
            )
        }
        (_, FenError::Position(e)) => position_error(lang, e),
    }
}

/// Why a position cannot occur in a game: "Na poli 4 v řadě proměny stojí bílý kámen; tam už
/// musí stát dáma."
pub fn position_error(lang: Language, e: &PositionError) -> String {
    match (lang, e) {
        (Czech, PositionError::UncrownedOnPromotionRow { square, piece }) => format!(
            "Na poli {square} v řadě proměny stojí {}; tam už musí stát dáma.",
            piece_name(lang, *piece)
        ),
        (English, PositionError::UncrownedOnPromotionRow { square, piece }) => format!(
            "The {} on square {square} stands on its promotion row; it should be a king.",
            piece_name(lang, *piece)
        ),
        (Czech, PositionError::TowersNotAllowed(sq)) => {
            format!("Na poli {sq} stojí věž, ale tato pravidla věže nemají.")
        }
        (English, PositionError::TowersNotAllowed(sq)) => {
            format!("There is a tower on square {sq}, but these rules have no towers.")
        }
        (Czech, PositionError::TooManyPieces { color, count, most }) => format!(
            "{} má na desce {}, víc než {most}, se kterými tato pravidla začínají.",
            side_name(lang, *color),
            counted(lang, *count as usize, ["kámen", "kameny", "kamenů"]),
        ),
        (English, PositionError::TooManyPieces { color, count, most }) => format!(
            "{} has {}, more than the {most} these rules start with.",
            side_name(lang, *color),
            counted(lang, *count as usize, ["piece", "pieces", "pieces"]),
        ),
        (Czech, PositionError::TooManyTowers { color, count, most }) => format!(
            "{} má {}, víc než {most}, se kterými tato pravidla začínají; věže nepřibývají.",
            side_name(lang, *color),
            counted(lang, *count as usize, ["věž", "věže", "věží"]),
        ),
        (English, PositionError::TooManyTowers { color, count, most }) => format!(
            "{} has {}, more than the {most} these rules start with; no tower is ever made.",
            side_name(lang, *color),
            counted(lang, *count as usize, ["tower", "towers", "towers"]),
        ),
        (Czech, PositionError::NoPieces(color)) => format!(
            "{} nemá na desce žádný kámen: hra by skončila dřív, než začne.",
            side_name(lang, *color)
        ),
        (English, PositionError::NoPieces(color)) => format!(
            "{} has no pieces: the game would be over before it starts.",
            side_name(lang, *color)
        ),
        (Czech, PositionError::NoMoves(color)) => format!(
            "{} je na tahu, ale nemá žádný tah: hra by skončila dřív, než začne.",
            side_name(lang, *color)
        ),
        (English, PositionError::NoMoves(color)) => format!(
            "{} is to move but has no move: the game would be over before it starts.",
            side_name(lang, *color)
        ),
    }
}

/// Why a rule-set description cannot be used (a damaged autosave, a house rule file).
pub fn rule_set_error(lang: Language, e: &RuleSetError) -> String {
    match (lang, e) {
        (Czech, RuleSetError::Syntax { line, column, .. }) => {
            format!("Popis pravidel nelze přečíst (řádek {line}, sloupec {column}).")
        }
        (
            English,
            RuleSetError::Syntax {
                line,
                column,
                message,
            },
        ) => {
            // The parser's message starts with the place, said here in words.
            let detail = message.split_once(": ").map_or(message.as_str(), |m| m.1);
            format!(
                "The rule set description cannot be read (line {line}, column {column}): \
                 {detail}."
            )
        }
        (_, RuleSetError::Field { id, field, problem }) => {
            let name = id
                .parse::<Variant>()
                .map_or(excerpt(id), |v| rules_name(lang, v.rules()).into());
            match (lang, problem) {
                (Czech, FieldProblem::TooFewRepetitions(n)) => format!(
                    "Pravidla „{name}“ nelze hrát: pro remízu opakováním se pozice musí \
                     vyskytnout nejméně dvakrát, ne {n}krát (pole {field})."
                ),
                (English, FieldProblem::TooFewRepetitions(n)) => format!(
                    "The rules “{name}” cannot be played: a repetition draw needs a position to \
                     occur at least twice, not {n} times (field {field})."
                ),
                (Czech, FieldProblem::NoQuietMoves) => format!(
                    "Pravidla „{name}“ nelze hrát: remíza bez postupu nastává nejdříve po jednom \
                     tahu každého hráče (pole {field})."
                ),
                (English, FieldProblem::NoQuietMoves) => format!(
                    "The rules “{name}” cannot be played: a no-progress draw needs at least one \
                     move each (field {field})."
                ),
                (Czech, FieldProblem::NotThePreset) => {
                    // The field in words: its own name is English.
                    let what = match *field {
                        "board" => "jinou desku",
                        "white" => "jiné výchozí postavení bílého",
                        "black" => "jiné výchozí postavení černého",
                        _ => "jinou desku nebo výchozí postavení",
                    };
                    format!(
                        "Pravidla „{name}“ mají {what} než pravidla toho jména, takže by se \
                         uložená partie nedala přečíst."
                    )
                }
                (English, FieldProblem::NotThePreset) => format!(
                    "The rules “{name}” have another board or set-up than the rules of that \
                     name, so a game saved with them could not be read back (field {field})."
                ),
            }
        }
        (_, RuleSetError::Setup { id, error }) => {
            let name = id
                .parse::<Variant>()
                .map_or(excerpt(id), |v| rules_name(lang, v.rules()).into());
            match lang {
                Czech => format!(
                    "Výchozí postavení pravidel „{name}“ je chybné. {}",
                    fen_error(lang, error)
                ),
                English => format!(
                    "The starting position of the rules “{name}” is wrong. {}",
                    fen_error(lang, error)
                ),
            }
        }
    }
}

/// An unknown rule-set id, with the ones there are: "Pravidla „šachy“ Dáma nezná. Na výběr
/// jsou: czech – Česká dáma, …"
pub fn unknown_variant(lang: Language, e: &UnknownVariant) -> String {
    let ids: Vec<String> = Variant::ALL
        .iter()
        .map(|v| format!("{} – {}", v.id(), rules_name(lang, v.rules())))
        .collect();
    let ids = ids.join(", ");
    match lang {
        Czech => format!(
            "Pravidla „{}“ Dáma nezná. Na výběr jsou: {ids}.",
            excerpt(&e.0)
        ),
        English => format!(
            "Dáma does not know the rules “{}”. The choices are: {ids}.",
            excerpt(&e.0)
        ),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::mem::discriminant;

    use super::*;
    use crate::rules::{Board, Piece, Role, Square};

    fn sq(n: u8) -> Square {
        Square::new(n).expect("a square")
    }

    #[test]
    fn golden_errors() {
        let e = PositionError::UncrownedOnPromotionRow {
            square: sq(4),
            piece: Piece::new(Color::White, Role::Man),
        };
        assert_eq!(
            position_error(Czech, &e),
            "Na poli 4 v řadě proměny stojí bílý kámen; tam už musí stát dáma."
        );
        assert_eq!(
            position_error(English, &e),
            "The white man on square 4 stands on its promotion row; it should be a king."
        );
        let e = PositionError::TooManyPieces {
            color: Color::White,
            count: 13,
            most: 12,
        };
        assert_eq!(
            position_error(Czech, &e),
            "Bílý má na desce 13 kamenů, víc než 12, se kterými tato pravidla začínají."
        );
        assert_eq!(
            position_error(English, &e),
            "White has 13 pieces, more than the 12 these rules start with."
        );
        let e = PositionError::TooManyTowers {
            color: Color::Black,
            count: 3,
            most: 2,
        };
        assert_eq!(
            position_error(Czech, &e),
            "Černý má 3 věže, víc než 2, se kterými tato pravidla začínají; věže nepřibývají."
        );
        assert_eq!(
            position_error(English, &e),
            "Black has 3 towers, more than the 2 these rules start with; no tower is ever made."
        );
        let e = PositionError::NoPieces(Color::Black);
        assert_eq!(
            position_error(Czech, &e),
            "Černý nemá na desce žádný kámen: hra by skončila dřív, než začne."
        );
        assert_eq!(
            position_error(English, &e),
            "Black has no pieces: the game would be over before it starts."
        );
        let e = PositionError::NoMoves(Color::White);
        assert_eq!(
            position_error(Czech, &e),
            "Bílý je na tahu, ale nemá žádný tah: hra by skončila dřív, než začne."
        );
        assert_eq!(
            position_error(English, &e),
            "White is to move but has no move: the game would be over before it starts."
        );
        let e = FenError::BadSection("32, 28".into());
        assert_eq!(
            fen_error(Czech, &e),
            "Část „32, 28“ má začínat barvou a dvojtečkou, například W: nebo B:."
        );
        assert_eq!(
            fen_error(English, &e),
            "The part “32, 28” must start with a colour and a colon, such as W: or B:."
        );
        let e = RuleSetError::Setup {
            id: "czech".into(),
            error: FenError::SquareTwice(sq(9)),
        };
        assert_eq!(
            rule_set_error(Czech, &e),
            "Výchozí postavení pravidel „Česká dáma“ je chybné. Pole 9 je uvedeno dvakrát."
        );
        let field = |field, problem| RuleSetError::Field {
            id: "czech".into(),
            field,
            problem,
        };
        let e = field("draw.repetition", FieldProblem::TooFewRepetitions(1));
        assert_eq!(
            rule_set_error(Czech, &e),
            "Pravidla „Česká dáma“ nelze hrát: pro remízu opakováním se pozice musí vyskytnout \
             nejméně dvakrát, ne 1krát (pole draw.repetition)."
        );
        assert_eq!(
            rule_set_error(English, &e),
            "The rules “Czech draughts” cannot be played: a repetition draw needs a position to \
             occur at least twice, not 1 times (field draw.repetition)."
        );
        let e = field("draw.quiet_moves.moves_each", FieldProblem::NoQuietMoves);
        assert_eq!(
            rule_set_error(Czech, &e),
            "Pravidla „Česká dáma“ nelze hrát: remíza bez postupu nastává nejdříve po jednom \
             tahu každého hráče (pole draw.quiet_moves.moves_each)."
        );
        assert_eq!(
            rule_set_error(English, &e),
            "The rules “Czech draughts” cannot be played: a no-progress draw needs at least one \
             move each (field draw.quiet_moves.moves_each)."
        );
        let e = field("white", FieldProblem::NotThePreset);
        assert_eq!(
            rule_set_error(Czech, &e),
            "Pravidla „Česká dáma“ mají jiné výchozí postavení bílého než pravidla toho jména, \
             takže by se uložená partie nedala přečíst."
        );
        assert_eq!(
            rule_set_error(English, &e),
            "The rules “Czech draughts” have another board or set-up than the rules of that \
             name, so a game saved with them could not be read back (field white)."
        );
        assert_eq!(
            unknown_variant(English, &UnknownVariant("chess".into())),
            "Dáma does not know the rules “chess”. The choices are: czech – Czech draughts, \
             czech-book – Czech draughts (8 men), english – English draughts, two-towers – Two \
             Towers, international – International draughts."
        );
    }

    /// Every distinct kind once: `discriminant`s must not repeat.
    fn distinct<T>(all: &[T]) {
        let kinds: HashSet<_> = all.iter().map(discriminant).collect();
        assert_eq!(kinds.len(), all.len(), "one value per kind");
    }

    fn every_fen_error() -> Vec<FenError> {
        let all = vec![
            FenError::Empty,
            FenError::BadSide("Q".into()),
            FenError::BadField("Z9".into()),
            FenError::ColorTwice(Color::Black),
            FenError::BadSquare {
                square: "k9".into(),
                board: Board::Ten,
            },
            FenError::BadRange("9-3".into()),
            FenError::SquareTwice(sq(7)),
            FenError::BadSection("32, 28".into()),
            FenError::Position(PositionError::TowersNotAllowed(sq(3))),
        ];
        // One arm per kind: a new kind does not compile until it is listed above.
        for e in &all {
            match e {
                FenError::Empty
                | FenError::BadSide(_)
                | FenError::BadField(_)
                | FenError::ColorTwice(_)
                | FenError::BadSquare { .. }
                | FenError::BadRange(_)
                | FenError::SquareTwice(_)
                | FenError::BadSection(_)
                | FenError::Position(_) => {}
            }
        }
        distinct(&all);
        all
    }

    fn every_position_error() -> Vec<PositionError> {
        let all = vec![
            PositionError::UncrownedOnPromotionRow {
                square: sq(2),
                piece: Piece::new(Color::Black, Role::Tower),
            },
            PositionError::TowersNotAllowed(sq(3)),
            PositionError::TooManyPieces {
                color: Color::White,
                count: 13,
                most: 12,
            },
            PositionError::TooManyTowers {
                color: Color::Black,
                count: 3,
                most: 2,
            },
            PositionError::NoPieces(Color::Black),
            PositionError::NoMoves(Color::White),
        ];
        for e in &all {
            match e {
                PositionError::UncrownedOnPromotionRow { .. }
                | PositionError::TowersNotAllowed(_)
                | PositionError::TooManyPieces { .. }
                | PositionError::TooManyTowers { .. }
                | PositionError::NoPieces(_)
                | PositionError::NoMoves(_) => {}
            }
        }
        distinct(&all);
        all
    }

    fn every_rule_set_error() -> Vec<RuleSetError> {
        let mut all = vec![
            RuleSetError::Syntax {
                line: 3,
                column: 5,
                message: "3:5: Unexpected end of RON".into(),
            },
            RuleSetError::Setup {
                id: "moje".into(),
                error: FenError::Empty,
            },
            RuleSetError::Field {
                id: "moje".into(),
                field: "draw.repetition",
                problem: FieldProblem::TooFewRepetitions(0),
            },
        ];
        for e in &all {
            match e {
                RuleSetError::Syntax { .. }
                | RuleSetError::Setup { .. }
                | RuleSetError::Field { .. } => {}
            }
        }
        distinct(&all);
        // The data inside a kind has words of its own.
        all.extend(
            [
                ("draw.quiet_moves.moves_each", FieldProblem::NoQuietMoves),
                ("board", FieldProblem::NotThePreset),
                ("black", FieldProblem::NotThePreset),
            ]
            .map(|(field, problem)| RuleSetError::Field {
                id: "moje".into(),
                field,
                problem,
            }),
        );
        all
    }

    /// English words that have no business in a Czech sentence.
    use crate::speech::phrases::english::english_words;

    #[test]
    fn czech_has_no_english_words() {
        let mut said = Vec::new();
        said.extend(every_fen_error().iter().map(|e| fen_error(Czech, e)));
        said.extend(
            every_position_error()
                .iter()
                .map(|e| position_error(Czech, e)),
        );
        said.extend(
            every_rule_set_error()
                .iter()
                .map(|e| rule_set_error(Czech, e)),
        );
        said.push(unknown_variant(Czech, &UnknownVariant("šachy".into())));
        for text in &said {
            assert!(!text.trim().is_empty());
            assert!(text.ends_with('.'), "a sentence: {text}");
            assert_eq!(english_words(text), Vec::<String>::new(), "{text}");
        }
    }

    #[test]
    fn every_quoted_text_is_an_excerpt() {
        let long = format!("{}{}", "Ž".repeat(40), "y".repeat(100_000));
        let cut = format!("{}…", "Ž".repeat(40));
        let l = || long.clone();
        let fens = [FenError::BadRange(l()), FenError::BadSection(l())];
        for lang in [Czech, English] {
            let mut said: Vec<String> = fens.iter().map(|e| fen_error(lang, e)).collect();
            said.push(unknown_variant(lang, &UnknownVariant(l())));
            for text in &said {
                // The sentence and at most two excerpts, never the text itself.
                assert!(text.chars().count() < 600, "{}", excerpt(text));
                assert!(text.contains(&cut), "{}", excerpt(text));
                assert!(!text.contains("ŽŽy"), "{}", excerpt(text));
            }
        }
    }
}
