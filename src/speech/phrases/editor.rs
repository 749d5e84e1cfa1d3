//! The position editor in words: the letters that put each piece, how to use its keys, and
//! what each change in the editor says.

use crate::game::event::Edit;
use crate::language::Language;
use crate::rules::{Color, Piece, Role};

use super::capitalized;
use super::names::{piece_name, rules_name};
use super::play::to_move;

use Language::{Czech, English};

/// The letters that put a piece in the position editor: the initial of the colour's word for
/// a man, and with Shift (a capital) for a king; the initial of the word for a tower, with
/// Shift for Black's. Czech also takes `c` for `č`, which not every keyboard has.
pub fn piece_letters(lang: Language) -> &'static [(char, Piece)] {
    use Color::{Black, White};
    use Role::{King, Man, Tower};
    const EN: [(char, Piece); 6] = [
        ('w', Piece::new(White, Man)),
        ('W', Piece::new(White, King)),
        ('b', Piece::new(Black, Man)),
        ('B', Piece::new(Black, King)),
        ('t', Piece::new(White, Tower)),
        ('T', Piece::new(Black, Tower)),
    ];
    const CS: [(char, Piece); 8] = [
        ('b', Piece::new(White, Man)),
        ('B', Piece::new(White, King)),
        ('č', Piece::new(Black, Man)),
        ('Č', Piece::new(Black, King)),
        ('c', Piece::new(Black, Man)),
        ('C', Piece::new(Black, King)),
        ('v', Piece::new(White, Tower)),
        ('V', Piece::new(Black, Tower)),
    ];
    match lang {
        Czech => &CS,
        English => &EN,
    }
}

/// How to use the position editor's keys, said as it opens (towers only where the rules have
/// them).
pub fn editor_keys(lang: Language, towers: bool) -> String {
    let tower = match (lang, towers) {
        (_, false) => "",
        (Czech, true) => " V věž, se Shiftem černá.",
        (English, true) => " T a tower, with Shift a black one.",
    };
    match lang {
        Czech => format!(
            "Šipkami na pole, pak B bílý kámen, Č nebo C černý kámen, se Shiftem dáma.{tower} \
             Delete pole vyprázdní, mezerník položí figuru zvolenou vpravo. Ctrl+Enter začne hru \
             z postavení, Escape editor opustí."
        ),
        English => format!(
            "Arrows to a square, then W a white man, B a black man, with Shift a king.{tower} \
             Delete empties it, Space puts the piece chosen on the right. Ctrl+Enter starts a game \
             from the position, Escape leaves the editor."
        ),
    }
}

/// A change in the position editor in words.
pub(super) fn edited(lang: Language, edit: &Edit) -> String {
    match *edit {
        Edit::Opened { variant, side } => {
            let name = rules_name(lang, variant.rules());
            let keys = editor_keys(lang, variant.rules().has_towers());
            let turn = to_move(lang, side);
            match lang {
                Czech => format!("Editor postavení: {name}. {turn}. {keys}"),
                English => format!("Position editor: {name}. {turn}. {keys}"),
            }
        }
        Edit::Put(view) => {
            let what = match (lang, view.piece) {
                (_, Some(p)) => piece_name(lang, p),
                (Czech, None) => "prázdné",
                (English, None) => "empty",
            };
            format!("{}: {what}", view.square)
        }
        Edit::Moved { piece, from, to } => {
            let piece = capitalized(piece_name(lang, piece));
            match lang {
                Czech => format!("{piece} z {from} na {to}"),
                English => format!("{piece} from {from} to {to}"),
            }
        }
        Edit::Brush(p) => match lang {
            Czech => format!("Mezerník a kliknutí položí: {}", piece_name(lang, p)),
            English => format!("Space and a click put: {}", piece_name(lang, p)),
        },
        Edit::Side(c) => to_move(lang, c),
        Edit::Rules { variant, reset } => {
            let name = rules_name(lang, variant.rules());
            match (lang, reset) {
                (Czech, false) => format!("Pravidla: {name}"),
                (Czech, true) => format!("Pravidla: {name}. Jiná deska: výchozí postavení."),
                (English, false) => format!("Rules: {name}"),
                (English, true) => format!("Rules: {name}. Another board: the starting position."),
            }
        }
        Edit::Cleared => match lang {
            Czech => "Deska je prázdná.".into(),
            English => "The board is empty.".into(),
        },
        Edit::StartPosition => match lang {
            Czech => "Výchozí postavení.".into(),
            English => "The starting position.".into(),
        },
        Edit::Left => match lang {
            Czech => "Editor postavení zavřen, partie zůstala, jak byla.".into(),
            English => "Position editor closed; the game is as it was.".into(),
        },
    }
}
