//! What is said, as text: a pure function of what happened, in Czech and English. The window
//! shows the same words (status bar, live region, banner) and the speaker speaks them, so every
//! event and every error is put into words in this one place: [`event`] and [`problem`] for
//! what happened. The words are kept by what they describe: `names` (colours, pieces, squares,
//! the position, levels, players, rule sets), `moves` (legal moves, the move list, hints,
//! notes), `play` (whose move, the outcome, draw offers, forgotten captures), `files` (the
//! questions and notices about files, resume and collections), `editor` (the position editor),
//! `browsing` (stepping through the game), `setup` (a FEN, position or rule set that cannot be
//! used); their public functions are named here. This module keeps what they all share: the
//! [`Context`], the words of one move ([`spoken_move`]), a count of pieces and the excerpt of a
//! person's text.

pub mod analysis;
mod browsing;
pub mod cli;
mod course;
pub use course::{lesson_number, task_stars};
pub mod diagram;
mod editor;
pub mod endgames;
pub mod english;
pub mod errors;
pub mod events;
mod files;
mod moves;
mod names;
pub mod pdn;
mod play;
pub mod problems;
mod questions;
mod setup;

pub use editor::{editor_keys, piece_letters};
pub use events::{event, events};
pub use files::{
    changed_on_disk, game_of_file, games_left_out, games_not_opened, games_to_choose,
    gone_from_disk, interrupted_game, more_interrupted, replace_question, save_collection_hint,
    save_folder, saving,
};
pub use moves::{
    branch_question, glyph_name, half_moves, hint, last_move, legal_moves, move_list, note,
    remove_variation_question,
};
pub use names::{
    color_name, empty_square, level_name, material, piece_name, player_name, players, position,
    problem_number, rules_name, side_name, square, time_control,
};
pub use play::{
    choose_offender, computer_to_move, draw_answer, draw_offer, forgot_to_capture, huffed,
    must_capture, outcome, resign_question, taken_back, to_move,
};
pub use problems::problem;
pub use questions::asked_side;

use crate::language::Language;
use crate::notation::{Notation, write};
use crate::rules::{Board, Move, Position, Role, RuleSet, Square};

use Language::{Czech, English};

/// How much is said about a square.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Verbosity {
    /// Number, piece and the marks that matter for playing: "22, bílý kámen, může táhnout".
    Brief,
    /// Everything the square's accessible name says, its algebraic name and the last move
    /// included: "22, c3, bílý kámen, může táhnout".
    #[default]
    Full,
}

/// What the words depend on besides the event: the language, the game's rule set (to name
/// captures and the rule set), how much is said about squares and how moves name them.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The user's language.
    pub lang: Language,
    /// The rule set of the game the event belongs to.
    pub rules: &'a RuleSet,
    /// How much is said about a square.
    pub verbosity: Verbosity,
    /// How squares are named in the moves said: numbers or algebraic names, as the settings
    /// choose.
    pub notation: Notation,
}

/// The most characters of a person's text (a typed move, a position, a name, a line of a file)
/// that a message quotes; the rest is left out, so that a megabyte pasted by mistake is neither
/// shown in full nor read aloud.
pub const EXCERPT_CHARS: usize = 40;

/// `text` as every message quotes it: whole up to [`EXCERPT_CHARS`] characters, else its first
/// [`EXCERPT_CHARS`] characters and "…" (cut between characters, never inside one). Looks at no
/// more of `text` than it keeps.
pub fn excerpt(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => text.into(),
        Some((end, _)) => format!("{}…", &text[..end]).into(),
    }
}

/// A count with the right noun form: "1 kámen", "3 kameny", "5 kamenů", "2 kings".
pub fn count(lang: Language, n: usize, role: Role) -> String {
    let word = match (lang, role) {
        (Czech, Role::Man) => ["kámen", "kameny", "kamenů"],
        (Czech, Role::King) => ["dáma", "dámy", "dam"],
        (Czech, Role::Tower) => ["věž", "věže", "věží"],
        (English, Role::Man) => ["man", "men", "men"],
        (English, Role::King) => ["king", "kings", "kings"],
        (English, Role::Tower) => ["tower", "towers", "towers"],
    };
    errors::counted(lang, n, word)
}

/// A move as spoken, in the notation the settings choose: "32 na 28", "28 bere 19", "47 bere
/// 36, 3 kameny: 31, 38 a 42", "c3 na d4", with ", dáma" when the piece is crowned; the squares
/// taken are named for a capture of several pieces and for a king's. `pos` is the position
/// before the move. When another capture shares start and end, the landing squares are named.
/// Every move said or announced is made here, so that speech never reads a written "32-28".
pub fn spoken_move(
    lang: Language,
    notation: Notation,
    pos: &Position,
    rules: &RuleSet,
    m: &Move,
) -> String {
    // The written move names the landing squares exactly when they are needed.
    let written = write(pos, rules, m, Notation::Numeric);
    let mut text = spoken_written(lang, notation, pos.board(), &written);
    let n = m.capture_count() as usize;
    let was_king = pos.piece_at(m.from()).is_some_and(|p| p.role == Role::King);
    let mut after = *pos;
    after.play_unchecked(m);
    let is_king = after.piece_at(m.to()).is_some_and(|p| p.role == Role::King);
    if is_king && !was_king {
        text.push_str(match lang {
            Czech => ", dáma",
            English => ", king",
        });
    }
    // The pieces taken, by their squares, where the move's squares do not tell them: a king
    // takes from afar, and a capture of several passes squares the ear does not add up. Last,
    // so that no square of them is heard with the crowning.
    if n > 1 || (n == 1 && was_king) {
        let names: Vec<String> = m
            .captured()
            .iter()
            .map(|sq| square_name(notation, pos.board(), sq))
            .collect();
        text.push_str(&format!(
            ", {}: {}",
            count(lang, n, Role::Man),
            and_list(lang, &names)
        ));
    }
    text
}

/// A square as the moves name it, in the notation chosen: "22", "c3".
pub(super) fn square_name(notation: Notation, board: Board, sq: Square) -> String {
    match notation {
        Notation::Numeric => sq.to_string(),
        Notation::Algebraic => board.algebraic(sq),
    }
}

/// A move written in PDN (`32-28`, `28x19`, `47x38x24x13x36`, `c3:e5`) as spoken in
/// `notation`: "32 na 28", "47 bere 36, přes 38, 24, 13", "c3 bere e5". For the moves that
/// only their written form tells (the moves a refusal lists); text that is no move on `board`
/// is given back as it is.
pub fn spoken_written(lang: Language, notation: Notation, board: Board, written: &str) -> String {
    let Ok(mt) = crate::notation::MoveText::parse(board, written) else {
        return written.to_string();
    };
    let name = |sq: Square| square_name(notation, board, sq);
    let word = match (lang, mt.capture) {
        (Czech, false) => "na",
        (Czech, true) => "bere",
        (English, false) => "to",
        (English, true) => "takes",
    };
    let squares = &mt.squares;
    let last = squares.len() - 1;
    let mut text = format!("{} {word} {}", name(squares[0]), name(squares[last]));
    if last > 1 {
        text.push_str(match lang {
            Czech => ", přes ",
            English => ", via ",
        });
        let via: Vec<String> = squares[1..last].iter().map(|&sq| name(sq)).collect();
        text.push_str(&via.join(", "));
    }
    text
}

/// Names joined as a sentence joins them: "13, 18 a 22", "13, 18 and 22".
pub(crate) fn and_list(lang: Language, names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => {
            let and = match lang {
                Czech => "a",
                English => "and",
            };
            format!("{} {and} {last}", rest.join(", "))
        }
    }
}

fn list(squares: impl IntoIterator<Item = Square>) -> String {
    squares
        .into_iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `text` with its first letter in upper case.
pub(crate) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Joins texts into one announcement: each but the last ends as a sentence.
pub fn join(texts: impl IntoIterator<Item = String>) -> String {
    let mut out = String::new();
    for text in texts.into_iter().filter(|t| !t.is_empty()) {
        if !out.is_empty() {
            if !out.ends_with(['.', '!', '?', '…']) {
                out.push('.');
            }
            out.push(' ');
        }
        out.push_str(&text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_is_forty_characters_then_an_ellipsis() {
        let forty = "ž".repeat(40);
        assert_eq!(excerpt(&forty), forty);
        assert_eq!(excerpt("32-28"), "32-28");
        assert_eq!(excerpt(""), "");
        // Cut between characters: 41 two-byte letters keep 40 whole.
        assert_eq!(excerpt(&"ž".repeat(41)), format!("{forty}…"));
        let mega = "1".repeat(1 << 20);
        assert_eq!(excerpt(&mega), format!("{}…", "1".repeat(40)));
        assert_eq!(excerpt(&mega).chars().count(), EXCERPT_CHARS + 1);
    }
    use crate::notation::Notation::{Algebraic, Numeric};
    use crate::rules::Variant;

    fn said(lang: Language, variant: Variant, fen: &str) -> Vec<String> {
        let rules = variant.rules();
        let pos = rules.parse_fen(fen).unwrap();
        pos.legal_moves(rules)
            .iter()
            .map(|m| spoken_move(lang, Numeric, &pos, rules, m))
            .collect()
    }

    #[test]
    fn moves_in_czech_and_english() {
        let start = "W:W21-32:B1-12";
        assert_eq!(said(Czech, Variant::Czech, start)[0], "21 na 17");
        assert_eq!(said(English, Variant::Czech, start)[0], "21 to 17");
        assert_eq!(said(Czech, Variant::Czech, "W:W22:B18"), ["22 bere 15"]);
        assert_eq!(said(English, Variant::Czech, "W:W22:B18"), ["22 takes 15"]);
        // Two captures: the count.
        assert_eq!(
            said(Czech, Variant::Czech, "W:W30:B26,19"),
            ["30 bere 16, 2 kameny: 19 a 26"]
        );
        assert_eq!(
            said(English, Variant::Czech, "W:W30:B26,19"),
            ["30 takes 16, 2 men: 19 and 26"]
        );
        // Five: the other plural.
        assert_eq!(count(Czech, 5, Role::Man), "5 kamenů");
        assert_eq!(count(Czech, 1, Role::King), "1 dáma");
        assert_eq!(count(Czech, 3, Role::Tower), "3 věže");
        // Same start and end, different pieces: the landing squares are named.
        assert_eq!(
            said(Czech, Variant::Czech, "W:W30:B17,18,25,26"),
            [
                "30 bere 14, přes 21, 2 kameny: 17 a 25",
                "30 bere 14, přes 23, 2 kameny: 18 a 26"
            ]
        );
        assert_eq!(
            said(English, Variant::Czech, "W:W30:B17,18,25,26")[1],
            "30 takes 14, via 23, 2 men: 18 and 26"
        );
        // Crowning.
        assert_eq!(said(Czech, Variant::Czech, "W:W5:B20")[0], "5 na 1, dáma");
        assert_eq!(said(English, Variant::Czech, "W:W6:B20")[0], "6 to 1, king");
        // A king's capture names the piece taken, one or more; a crowning comes before them.
        assert_eq!(
            said(Czech, Variant::Czech, "W:WK29:B15"),
            [
                "29 bere 4, 1 kámen: 15",
                "29 bere 8, 1 kámen: 15",
                "29 bere 11, 1 kámen: 15"
            ]
        );
        assert_eq!(
            said(English, Variant::Czech, "W:WK29:B15")[0],
            "29 takes 4, 1 man: 15"
        );
        assert_eq!(
            said(Czech, Variant::Czech, "W:W26:B22,14,7")[0],
            "26 bere 3, dáma, 3 kameny: 7, 14 a 22"
        );
        assert_eq!(
            said(English, Variant::Czech, "W:W26:B22,14,7")[0],
            "26 takes 3, king, 3 men: 7, 14 and 22"
        );
        assert_eq!(count(Czech, 5, Role::Man), "5 kamenů");
    }

    #[test]
    fn moves_said_in_the_notation_chosen() {
        let say = |lang, notation, fen: &str| {
            let rules = Variant::Czech.rules();
            let pos = rules.parse_fen(fen).unwrap();
            pos.legal_moves(rules)
                .iter()
                .map(|m| spoken_move(lang, notation, &pos, rules, m))
                .collect::<Vec<_>>()
        };
        let start = "W:W21-32:B1-12";
        assert_eq!(say(Czech, Algebraic, start)[0], "a3 na b4");
        assert_eq!(say(English, Algebraic, start)[0], "a3 to b4");
        assert_eq!(say(Czech, Algebraic, "W:W22:B18"), ["c3 bere e5"]);
        assert_eq!(say(English, Algebraic, "W:W22:B18"), ["c3 takes e5"]);
        // A capture with its landing squares, and the count, in both notations.
        let two_ways = "W:W30:B17,18,25,26";
        assert_eq!(
            say(Czech, Numeric, two_ways),
            [
                "30 bere 14, přes 21, 2 kameny: 17 a 25",
                "30 bere 14, přes 23, 2 kameny: 18 a 26"
            ]
        );
        assert_eq!(
            say(Czech, Algebraic, two_ways),
            [
                "c1 bere c5, přes a3, 2 kameny: b4 a b2",
                "c1 bere c5, přes e3, 2 kameny: d4 a d2"
            ]
        );
        assert_eq!(
            say(English, Algebraic, two_ways)[1],
            "c1 takes c5, via e3, 2 men: d4 and d2"
        );
        assert_eq!(say(Czech, Algebraic, "W:W5:B20")[0], "a7 na b8, dáma");
        // Written text read back as spoken: what the refusals list.
        let board = crate::rules::Board::Ten;
        assert_eq!(
            spoken_written(Czech, Numeric, board, "47x38x24x13x36"),
            "47 bere 36, přes 38, 24, 13"
        );
        assert_eq!(
            spoken_written(English, Algebraic, board, "32-28"),
            "d4 to e5"
        );
        assert_eq!(spoken_written(Czech, Numeric, board, "nic"), "nic");
        // The lists of moves heard, in the notation chosen.
        let rules = Variant::Czech.rules();
        let pos = rules.parse_fen("W:W29,22:B18").unwrap();
        assert_eq!(
            legal_moves(Czech, Algebraic, &pos, rules, &pos.table_moves(rules)),
            "Táhnout mohou 22, 29. Tahy: c3 bere e5; c3 na b4; a1 na b2."
        );
        assert_eq!(
            hint(English, Algebraic, &pos, rules, &pos.legal_moves(rules)[0]),
            "Hint: c3 takes e5"
        );
    }
}
