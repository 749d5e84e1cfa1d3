//! The board as text, for braille displays: a row of the board per line, one character per
//! square, with the rank before and the numbers of the row's squares after, then whose turn it
//! is and what the letters mean.
//!
//! Only lowercase letters stand for pieces: a capital takes two cells in literary braille (the
//! capital sign), which would break the one cell per square that lets a finger follow a
//! diagonal down the lines. White's piece is the role's initial, Black's the next letter of the
//! alphabet (Czech: kámen k, l; dáma d, e; věž v, w). A dark square left empty is a dot, a light
//! square a blank cell, as on a tactile board.

use crate::language::Language;
use crate::rules::{Board, Color, Outcome, Piece, Position, Role, RuleSet, Square};

use super::names::{empty_square, piece_name};
use super::play::{outcome, to_move};

use Language::{Czech, English};

/// An empty dark square.
pub const EMPTY: char = '.';
/// A light square (nothing ever stands there).
pub const LIGHT: char = ' ';

/// The letter of `piece`: White's the role's initial, Black's the letter after it.
pub fn piece_letter(lang: Language, piece: Piece) -> char {
    let white = match (lang, piece.role) {
        (Czech, Role::Man) => 'k',
        (Czech, Role::King) => 'd',
        (Czech, Role::Tower) => 'v',
        (English, Role::Man) => 'm',
        (English, Role::King) => 'k',
        (English, Role::Tower) => 't',
    };
    match piece.color {
        Color::White => white,
        Color::Black => char::from(white as u8 + 1),
    }
}

/// The whole board as lines of text, as it is shown (`flipped`: Black at the bottom); after
/// the board, whose turn it is, or how the game ended where `ended` (the game's last position,
/// decided: a braille reader once read "Na tahu je bílý" after a resignation).
///
/// ```text
///    abcdefgh
/// 8  l l l l  1 až 4
/// …
/// 1 k k k k   29 až 32
/// Na tahu je bílý.
/// k bílý kámen, l černý kámen, d bílá dáma, e černá dáma, tečka prázdné pole.
/// ```
pub fn board_text(
    lang: Language,
    pos: &Position,
    rules: &RuleSet,
    flipped: bool,
    ended: Option<Outcome>,
) -> String {
    let board = pos.board();
    let size = board.size();
    let width = size.to_string().len();
    let files = shown_files(size, flipped);
    let ranks: Vec<u8> = if flipped {
        (1..=size).collect()
    } else {
        (1..=size).rev().collect()
    };
    let mut out = String::new();
    out.push_str(&" ".repeat(width + 1));
    out.extend(files.iter().map(|&f| char::from(b'a' + f)));
    out.push('\n');
    for &rank in &ranks {
        let mut row = String::new();
        let mut numbers = Vec::new();
        for &file in &files {
            match board.square_at(file, rank) {
                None => row.push(LIGHT),
                Some(sq) => {
                    numbers.push(sq.number());
                    row.push(pos.piece_at(sq).map_or(EMPTY, |p| piece_letter(lang, p)));
                }
            }
        }
        let (first, last) = (numbers[0], numbers[numbers.len() - 1]);
        let to = match lang {
            Czech => "až",
            English => "to",
        };
        out.push_str(&format!("{rank:>width$} {row}  {first} {to} {last}\n"));
    }
    match ended {
        Some(o) => out.push_str(&outcome(lang, o)),
        None => {
            out.push_str(&to_move(lang, pos.side_to_move()));
            out.push('.');
        }
    }
    out.push('\n');
    out.push_str(&legend(lang, rules));
    out
}

/// Line `line` of [`board_text`] in words, for speech: "13 prázdné, 14 prázdné, 15 černý
/// kámen, 16 prázdné"; `None` for a line that is not a row of the board. A synthesizer drops
/// the dots of the braille line ("5 . . l ." is heard as "5 l"), so the screen reader says
/// this after it (as the line's description, which braille displays do not show).
pub fn row_words(lang: Language, pos: &Position, line: usize, flipped: bool) -> Option<String> {
    let board = pos.board();
    let size = board.size();
    let row = u8::try_from(line).ok().filter(|r| (1..=size).contains(r))? - 1;
    let rank = if flipped { row + 1 } else { size - row };
    let words: Vec<String> = shown_files(size, flipped)
        .into_iter()
        .filter_map(|f| board.square_at(f, rank))
        .map(|sq| {
            let what = pos
                .piece_at(sq)
                .map_or(empty_square(lang), |p| piece_name(lang, p));
            format!("{} {what}", sq.number())
        })
        .collect();
    Some(words.join(", "))
}

/// The files of a board of `size` from left to right as it is shown (`flipped`: Black at the
/// bottom, the files reversed).
fn shown_files(size: u8, flipped: bool) -> Vec<u8> {
    if flipped {
        (0..size).rev().collect()
    } else {
        (0..size).collect()
    }
}

/// The line of [`board_text`] that holds the row of square `sq` (from 0: the file letters).
pub fn line_of(board: Board, sq: Square, flipped: bool) -> usize {
    let (_, rank) = board.coords(sq);
    let row = if flipped {
        rank - 1
    } else {
        board.size() - rank
    };
    1 + usize::from(row)
}

/// What the letters mean, for the pieces of `rules`: "k bílý kámen, l černý kámen, …".
pub fn legend(lang: Language, rules: &RuleSet) -> String {
    let roles: &[Role] = if rules.has_towers() {
        &[Role::Man, Role::King, Role::Tower]
    } else {
        &[Role::Man, Role::King]
    };
    let mut parts = Vec::new();
    for &role in roles {
        for color in Color::ALL {
            let piece = Piece { color, role };
            parts.push(format!(
                "{} {}",
                piece_letter(lang, piece),
                piece_name(lang, piece)
            ));
        }
    }
    parts.push(
        match lang {
            Czech => "tečka prázdné pole",
            English => "dot empty square",
        }
        .to_string(),
    );
    format!("{}.", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn a_row_in_words() {
        let pos = Variant::Czech.start_position();
        assert_eq!(
            row_words(Czech, &pos, 1, false).as_deref(),
            Some("1 černý kámen, 2 černý kámen, 3 černý kámen, 4 černý kámen")
        );
        assert_eq!(
            row_words(English, &pos, 4, false).as_deref(),
            Some("13 empty, 14 empty, 15 empty, 16 empty")
        );
        // Flipped: the bottom line is the board's top row, read from the right.
        assert_eq!(
            row_words(Czech, &pos, 8, true).as_deref(),
            Some("4 černý kámen, 3 černý kámen, 2 černý kámen, 1 černý kámen")
        );
        assert_eq!(
            row_words(English, &pos, 8, false).as_deref(),
            Some("29 white man, 30 white man, 31 white man, 32 white man")
        );
        assert_eq!(row_words(Czech, &pos, 0, false), None);
        assert_eq!(row_words(Czech, &pos, 9, false), None);
    }

    #[test]
    fn letters_differ_for_every_piece() {
        for lang in [Czech, English] {
            let mut seen = vec![EMPTY, LIGHT];
            for role in Role::ALL {
                for color in Color::ALL {
                    let c = piece_letter(lang, Piece { color, role });
                    assert!(c.is_ascii_lowercase(), "{c:?}");
                    assert!(!seen.contains(&c), "{lang:?} repeats {c:?}");
                    seen.push(c);
                }
            }
        }
    }

    #[test]
    fn a_game_over_says_how_it_ended() {
        let pos = Variant::Czech.start_position();
        let ended = Outcome::Draw(crate::rules::DrawReason::Agreement);
        let text = board_text(Czech, &pos, Variant::Czech.rules(), false, Some(ended));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[9], "Remíza dohodou.");
        let text = board_text(English, &pos, Variant::Czech.rules(), false, None);
        assert_eq!(text.lines().nth(9), Some("White to move."));
    }

    #[test]
    fn each_square_is_on_its_line() {
        for v in [Variant::Czech, Variant::TwoTowers] {
            let pos = v.start_position();
            let board = pos.board();
            let size = usize::from(board.size());
            for flipped in [false, true] {
                let text = board_text(English, &pos, v.rules(), flipped, None);
                let lines: Vec<&str> = text.lines().collect();
                for sq in board.all_squares() {
                    let line = lines[line_of(board, sq, flipped)];
                    // The rank, then the first and the last number of the row's squares.
                    let numbers: Vec<u8> = line
                        .split_whitespace()
                        .filter_map(|w| w.parse::<u8>().ok())
                        .collect();
                    let (a, b) = (numbers[1], numbers[2]);
                    assert!(
                        (a.min(b)..=a.max(b)).contains(&sq.number()),
                        "{line:?} {sq:?}"
                    );
                    let (file, rank) = board.coords(sq);
                    assert_eq!(numbers[0], rank, "{line:?}");
                    let col = if flipped {
                        size - 1 - usize::from(file)
                    } else {
                        usize::from(file)
                    };
                    let want = pos.piece_at(sq).map_or(EMPTY, |p| piece_letter(English, p));
                    let width = size.to_string().len();
                    assert_eq!(
                        line.chars().nth(width + 1 + col),
                        Some(want),
                        "{line:?} {sq:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_line_of_the_board_has_one_character_per_square() {
        for v in [Variant::Czech, Variant::TwoTowers] {
            let pos = v.start_position();
            let size = usize::from(pos.board().size());
            for flipped in [false, true] {
                let text = board_text(Czech, &pos, v.rules(), flipped, None);
                let lines: Vec<&str> = text.lines().collect();
                let width = size.to_string().len();
                for line in &lines[1..=size] {
                    let squares: String = line.chars().skip(width + 1).take(size).collect();
                    assert_eq!(squares.chars().count(), size, "{line:?}");
                    assert_eq!(
                        squares.chars().filter(|&c| c != LIGHT).count(),
                        size / 2,
                        "{line:?}"
                    );
                }
            }
        }
    }
}
