//! Errors of the layers below in words: what the rules core refused, a move that could not be
//! read, what the system said about a file. The lower layers hand over typed errors that carry
//! their data (the text typed, the moves allowed, the kind of system error); the sentences are
//! made here, in the user's language.

use std::io;

use crate::language::Language;
use crate::notation::{MoveTextError, Notation};
use crate::rules::{Board, GameError};

use super::{excerpt, spoken_written};

use Language::{Czech, English};

/// The form of a Czech noun after the number `n`: `forms` are for 1, for 2–4 and for 0 and 5 or
/// more ("1 tah", "3 tahy", "5 tahů"); in English the first form for 1, the second otherwise.
pub fn plural(lang: Language, n: usize, forms: [&str; 3]) -> &str {
    match (lang, n) {
        (_, 1) => forms[0],
        (Czech, 2..=4) | (English, _) => forms[1],
        (Czech, _) => forms[2],
    }
}

/// "3 tahy", "1 move": a number with its noun (see [`plural`]).
pub fn counted(lang: Language, n: usize, forms: [&str; 3]) -> String {
    format!("{n} {}", plural(lang, n, forms))
}

/// What the system said about a file, in `lang`. English keeps the system's own message (it
/// names the error exactly); Czech names the kind of error, with the system's error number
/// when there is no Czech name for it.
pub fn io_error(lang: Language, kind: io::ErrorKind, code: Option<i32>, message: &str) -> String {
    use io::ErrorKind as K;
    if lang == English {
        return message.to_string();
    }
    let known = match kind {
        K::NotFound => "soubor nebo složka neexistuje",
        K::PermissionDenied => "chybí oprávnění",
        K::AlreadyExists => "soubor už existuje",
        K::StorageFull => "na disku není místo",
        K::QuotaExceeded => "překročena kvóta disku",
        K::ReadOnlyFilesystem => "disk je jen pro čtení",
        K::IsADirectory => "je to složka, ne soubor",
        K::NotADirectory => "část cesty není složka",
        K::DirectoryNotEmpty => "složka není prázdná",
        K::FileTooLarge => "soubor je příliš velký",
        K::InvalidFilename => "neplatné jméno souboru",
        K::InvalidData => "neplatná data",
        K::UnexpectedEof => "soubor předčasně končí",
        K::ResourceBusy => "zařízení nebo soubor je zaneprázdněné",
        K::TimedOut => "vypršel čas",
        K::Interrupted => "přerušeno",
        K::CrossesDevices => "přesun mezi disky není možný",
        K::TooManyLinks => "příliš mnoho odkazů",
        K::OutOfMemory => "nedostatek paměti",
        K::Unsupported => "operace není podporována",
        _ => "",
    };
    match (known, code) {
        ("", Some(n)) => format!("systémová chyba č. {n}"),
        ("", None) => "systémová chyba".to_string(),
        (text, _) => text.to_string(),
    }
}

/// [`io_error`] of an [`io::Error`].
pub fn io(lang: Language, e: &io::Error) -> String {
    io_error(lang, e.kind(), e.raw_os_error(), &e.to_string())
}

/// How a message names the moves it lists besides the text quoted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveWords {
    /// As PDN writes them, "21-17": a file's error, whose reader looks for them in the file.
    Written,
    /// As every move is said, in the notation the settings choose: "21 na 17", "c3 na d4".
    Spoken(Notation),
}

impl MoveWords {
    /// `written` (PDN numeric, as the errors of the layers below carry moves) named so.
    fn name(self, lang: Language, board: Board, written: &str) -> String {
        match self {
            MoveWords::Written => written.to_string(),
            MoveWords::Spoken(notation) => spoken_written(lang, notation, board, written),
        }
    }

    fn names(self, lang: Language, board: Board, written: &[String]) -> Vec<String> {
        written.iter().map(|w| self.name(lang, board, w)).collect()
    }

    /// What lists the moves: a comma between written ones, a semicolon between spoken ones.
    fn separator(self) -> &'static str {
        match self {
            MoveWords::Written => ", ",
            MoveWords::Spoken(_) => "; ",
        }
    }
}

/// Why typed move text was not played: "„hello“ není tah (např. 32-28, 28x19 nebo c3-d4)."
/// The text is quoted as an [`excerpt`], as typed; the moves allowed are named as `words`
/// says.
pub fn move_text_error(lang: Language, words: MoveWords, e: &MoveTextError) -> String {
    match (lang, e) {
        (Czech, MoveTextError::TooLong { limit }) => format!(
            "Zápis tahu je delší než {} (zadejte např. 32-28, 28x19 nebo c3-d4).",
            counted(lang, *limit, ["znak", "znaky", "znaků"])
        ),
        (English, MoveTextError::TooLong { limit }) => format!(
            "The move text is longer than {} (type e.g. 32-28, 28x19 or c3-d4).",
            counted(lang, *limit, ["character", "characters", "characters"])
        ),
        (Czech, MoveTextError::Syntax(text)) => format!(
            "„{}“ není tah (zadejte např. 32-28, 28x19 nebo c3-d4).",
            excerpt(text)
        ),
        (English, MoveTextError::Syntax(text)) => format!(
            "“{}” is not a move (type e.g. 32-28, 28x19 or c3-d4).",
            excerpt(text)
        ),
        (
            Czech,
            MoveTextError::Square {
                text,
                square,
                board,
            },
        ) => format!(
            "„{}“: pole {} na desce {board} není.",
            excerpt(text),
            excerpt(square)
        ),
        (
            English,
            MoveTextError::Square {
                text,
                square,
                board,
            },
        ) => format!(
            "“{}”: there is no square {} on the {board} board.",
            excerpt(text),
            excerpt(square)
        ),
        (Czech, MoveTextError::Illegal { text, legal, .. }) if legal.is_empty() => format!(
            "Tah {} tu zahrát nelze. V této pozici není možný žádný tah.",
            excerpt(text)
        ),
        (English, MoveTextError::Illegal { text, legal, .. }) if legal.is_empty() => format!(
            "{} cannot be played here. There is no legal move in this position.",
            excerpt(text)
        ),
        // Spoken moves have commas of their own ("30 bere 14, přes 21"): apart by semicolons.
        (Czech, MoveTextError::Illegal { text, legal, board }) => format!(
            "Tah {} tu zahrát nelze. Možné tahy: {}.",
            excerpt(text),
            words.names(lang, *board, legal).join(words.separator())
        ),
        (English, MoveTextError::Illegal { text, legal, board }) => format!(
            "{} cannot be played here. Possible moves: {}.",
            excerpt(text),
            words.names(lang, *board, legal).join(words.separator())
        ),
        (
            Czech,
            MoveTextError::Ambiguous {
                text,
                candidates,
                board,
            },
        ) => format!(
            "Tah {} není jednoznačný: může to být {}.",
            excerpt(text),
            words.names(lang, *board, candidates).join(" nebo ")
        ),
        (
            English,
            MoveTextError::Ambiguous {
                text,
                candidates,
                board,
            },
        ) => format!(
            "{} is ambiguous: it could be {}.",
            excerpt(text),
            words.names(lang, *board, candidates).join(" or ")
        ),
    }
}

/// What the rules core refused: "Hra skončila.", "Není co vrátit."; a move it refused named as
/// `words` says.
pub fn game_error(lang: Language, words: MoveWords, e: &GameError) -> String {
    let refused = |m: &crate::rules::Move| words.name(lang, m.board(), &m.to_string());
    match (lang, e) {
        (Czech, GameError::IllegalMove(m)) => format!("Tah {} tu není možný.", refused(m)),
        (English, GameError::IllegalMove(m)) => format!("{} is not possible here.", refused(m)),
        (Czech, GameError::GameOver) => "Hra už skončila.".into(),
        (English, GameError::GameOver) => "The game is over.".into(),
        (Czech, GameError::NothingToUndo) => "Není co vrátit: partie je na začátku.".into(),
        (English, GameError::NothingToUndo) => "Nothing to undo: the game is at its start.".into(),
        (Czech, GameError::NothingToRedo) => "Není co znovu zahrát.".into(),
        (English, GameError::NothingToRedo) => "Nothing to redo.".into(),
        (Czech, GameError::NoClaim) => {
            "Není co reklamovat: soupeř svým posledním tahem nezapomněl skákat.".into()
        }
        (English, GameError::NoClaim) => {
            "Nothing to claim: the opponent's last move did not miss a capture.".into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Move;

    #[test]
    fn czech_plurals() {
        let forms = ["tah", "tahy", "tahů"];
        let said: Vec<String> = [0, 1, 2, 4, 5, 11, 22]
            .into_iter()
            .map(|n| counted(Czech, n, forms))
            .collect();
        assert_eq!(
            said,
            [
                "0 tahů", "1 tah", "2 tahy", "4 tahy", "5 tahů", "11 tahů", "22 tahů"
            ]
        );
        assert_eq!(counted(English, 1, ["move", "moves", "moves"]), "1 move");
        assert_eq!(counted(English, 0, ["move", "moves", "moves"]), "0 moves");
    }

    #[test]
    fn system_errors_in_czech() {
        let full = io::Error::from(io::ErrorKind::StorageFull);
        assert_eq!(io(Czech, &full), "na disku není místo");
        let odd = io::Error::from_raw_os_error(71);
        assert_eq!(io(Czech, &odd), "systémová chyba č. 71");
        assert_eq!(io(English, &odd), odd.to_string());
    }

    #[test]
    fn typed_moves_refused_in_both_languages() {
        let e = MoveTextError::Illegal {
            text: "21-14".into(),
            legal: vec!["21-17".into(), "22-18".into()],
            board: Board::Eight,
        };
        // A file's error names the moves as the file writes them.
        assert_eq!(
            move_text_error(Czech, MoveWords::Written, &e),
            "Tah 21-14 tu zahrát nelze. Možné tahy: 21-17, 22-18."
        );
        assert_eq!(
            move_text_error(English, MoveWords::Written, &e),
            "21-14 cannot be played here. Possible moves: 21-17, 22-18."
        );
        // No move at all is said so, not as an empty list.
        let none = MoveTextError::Illegal {
            text: "29-25".into(),
            legal: Vec::new(),
            board: Board::Eight,
        };
        for words in [MoveWords::Written, MoveWords::Spoken(Notation::Numeric)] {
            assert_eq!(
                move_text_error(Czech, words, &none),
                "Tah 29-25 tu zahrát nelze. V této pozici není možný žádný tah."
            );
            assert_eq!(
                move_text_error(English, words, &none),
                "29-25 cannot be played here. There is no legal move in this position."
            );
        }
        // A refused typed move is heard: the moves allowed are said as every move is, in the
        // notation chosen; the text typed is quoted as typed.
        let numeric = MoveWords::Spoken(Notation::Numeric);
        let algebraic = MoveWords::Spoken(Notation::Algebraic);
        assert_eq!(
            move_text_error(Czech, numeric, &e),
            "Tah 21-14 tu zahrát nelze. Možné tahy: 21 na 17; 22 na 18."
        );
        assert_eq!(
            move_text_error(English, numeric, &e),
            "21-14 cannot be played here. Possible moves: 21 to 17; 22 to 18."
        );
        assert_eq!(
            move_text_error(Czech, algebraic, &e),
            "Tah 21-14 tu zahrát nelze. Možné tahy: a3 na b4; c3 na d4."
        );
        assert_eq!(
            move_text_error(English, algebraic, &e),
            "21-14 cannot be played here. Possible moves: a3 to b4; c3 to d4."
        );
        // Captures that share start and end: their landing squares.
        let e = MoveTextError::Ambiguous {
            text: "30x14".into(),
            candidates: vec!["30x21x14".into(), "30x23x14".into()],
            board: Board::Eight,
        };
        assert_eq!(
            move_text_error(Czech, numeric, &e),
            "Tah 30x14 není jednoznačný: může to být 30 bere 14, přes 21 nebo 30 bere 14, přes 23."
        );
        assert_eq!(
            move_text_error(English, algebraic, &e),
            "30x14 is ambiguous: it could be c1 takes c5, via a3 or c1 takes c5, via e3."
        );
        assert_eq!(
            move_text_error(Czech, MoveWords::Written, &e),
            "Tah 30x14 není jednoznačný: může to být 30x21x14 nebo 30x23x14."
        );
        // A move the rules core refused.
        let refused = GameError::IllegalMove(Move::new(
            Board::Eight,
            crate::rules::Square::new(25).unwrap(),
            crate::rules::Square::new(18).unwrap(),
            crate::rules::SquareSet::EMPTY,
        ));
        assert_eq!(
            game_error(Czech, numeric, &refused),
            "Tah 25 na 18 tu není možný."
        );
        assert_eq!(
            game_error(English, algebraic, &refused),
            "b2 to d4 is not possible here."
        );
        let e = MoveTextError::Syntax("hello".into());
        assert_eq!(
            move_text_error(Czech, MoveWords::Written, &e),
            "„hello“ není tah (zadejte např. 32-28, 28x19 nebo c3-d4)."
        );
    }

    #[test]
    fn typed_moves_are_quoted_as_an_excerpt() {
        let long = format!("{}ž{}", "x".repeat(39), "y".repeat(1_000_000));
        let e = MoveTextError::Syntax(long);
        assert_eq!(
            move_text_error(Czech, MoveWords::Written, &e),
            "„xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxž…“ není tah (zadejte např. 32-28, 28x19 \
             nebo c3-d4)."
        );
        assert_eq!(
            move_text_error(English, MoveWords::Written, &e),
            "“xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxž…” is not a move (type e.g. 32-28, 28x19 \
             or c3-d4)."
        );
        let e = MoveTextError::TooLong { limit: 256 };
        assert_eq!(
            move_text_error(Czech, MoveWords::Written, &e),
            "Zápis tahu je delší než 256 znaků (zadejte např. 32-28, 28x19 nebo c3-d4)."
        );
        assert_eq!(
            move_text_error(English, MoveWords::Written, &e),
            "The move text is longer than 256 characters (type e.g. 32-28, 28x19 or c3-d4)."
        );
        let e = MoveTextError::Square {
            text: format!("1-{}", "2".repeat(200)),
            square: "2".repeat(200),
            board: crate::rules::Board::Eight,
        };
        assert_eq!(
            move_text_error(English, MoveWords::Written, &e),
            format!(
                "“1-{}…”: there is no square {}… on the 8×8 board.",
                "2".repeat(38),
                "2".repeat(40)
            )
        );
    }
}
