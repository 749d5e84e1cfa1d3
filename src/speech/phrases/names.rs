//! Names, as the other phrases use them and the window shows them: colours, sides, pieces and
//! their counts on the board, a square and its contents, the position and the material, playing
//! levels and who plays, rule sets, time controls and a problem's number in its collection.

use crate::engine::Level;
use crate::game::event::SquareView;
use crate::language::Language;
use crate::rules::{Color, Piece, Position, Role, RuleSet};

use super::{Verbosity, capitalized, count, list};

use Language::{Czech, English};

/// "bílý", "black".
pub fn color_name(lang: Language, color: Color) -> &'static str {
    match (lang, color) {
        (Czech, Color::White) => "bílý",
        (Czech, Color::Black) => "černý",
        (English, Color::White) => "white",
        (English, Color::Black) => "black",
    }
}

/// The side as a player: "Bílý", "White".
pub fn side_name(lang: Language, color: Color) -> &'static str {
    match (lang, color) {
        (Czech, Color::White) => "Bílý",
        (Czech, Color::Black) => "Černý",
        (English, Color::White) => "White",
        (English, Color::Black) => "Black",
    }
}

/// "bílý kámen", "black king", "bílá věž".
pub fn piece_name(lang: Language, piece: Piece) -> &'static str {
    use Color::{Black, White};
    use Role::{King, Man, Tower};
    match (lang, piece.color, piece.role) {
        (Czech, White, Man) => "bílý kámen",
        (Czech, Black, Man) => "černý kámen",
        (Czech, White, King) => "bílá dáma",
        (Czech, Black, King) => "černá dáma",
        (Czech, White, Tower) => "bílá věž",
        (Czech, Black, Tower) => "černá věž",
        (English, White, Man) => "white man",
        (English, Black, Man) => "black man",
        (English, White, King) => "white king",
        (English, Black, King) => "black king",
        (English, White, Tower) => "white tower",
        (English, Black, Tower) => "black tower",
    }
}

/// A time control as the new-game dialog offers it: "5 min + 3 s", "10 s na tah".
pub fn time_control(lang: Language, control: crate::game::clock::TimeControl) -> String {
    use crate::game::clock::TimeControl;
    match control {
        TimeControl::Fischer { base, increment } => {
            let min = base.as_secs() / 60;
            match increment.as_secs() {
                0 => format!("{min} min"),
                inc => format!("{min} min + {inc} s"),
            }
        }
        TimeControl::PerMove(t) => match lang {
            Czech => format!("{} s na tah", t.as_secs()),
            English => format!("{} s a move", t.as_secs()),
        },
    }
}

/// Which problem of a collection: "Úloha 2 z 12", "Problem 2 of 12".
pub fn problem_number(lang: Language, number: usize, count: usize) -> String {
    match lang {
        Czech => format!("Úloha {number} z {count}"),
        English => format!("Problem {number} of {count}"),
    }
}

/// An empty square, as a square's contents are said: "prázdné".
pub fn empty_square(lang: Language) -> &'static str {
    match lang {
        Czech => "prázdné",
        English => "empty",
    }
}

/// A square as the board shows it: "22, c3, bílý kámen, může táhnout" ([`Verbosity::Full`],
/// the square's accessible name too) or "22, bílý kámen, může táhnout".
pub fn square(lang: Language, view: &SquareView, verbosity: Verbosity) -> String {
    let mut words = vec![view.square.to_string()];
    if verbosity == Verbosity::Full {
        words.push(view.board.algebraic(view.square));
    }
    words.push(
        view.piece
            .map_or(empty_square(lang), |p| piece_name(lang, p))
            .to_string(),
    );
    let m = view.marks;
    let mut mark = |cs: &str, en: &str| {
        words.push(match lang {
            Czech => cs.into(),
            English => en.into(),
        })
    };
    if m.selected {
        mark("vybráno", "selected");
    }
    if m.must_capture {
        mark("musí skákat", "must capture");
    } else if m.can_move && !m.selected {
        mark("může táhnout", "can move");
    }
    if m.destination {
        mark("cíl tahu", "destination");
    }
    if m.last_move && verbosity == Verbosity::Full {
        mark("poslední tah", "last move");
    }
    if m.hint {
        mark("doporučený tah", "hint");
    }
    if m.offender {
        mark("k odebrání", "to remove");
    }
    words.join(", ")
}

/// The name of a playing level: "Klubový hráč (3)".
pub fn level_name(lang: Language, level: Level) -> String {
    let name = match (lang, level) {
        (Czech, Level::Beginner) => "Začátečník",
        (Czech, Level::Novice) => "Mírně pokročilý",
        (Czech, Level::Club) => "Klubový hráč",
        (Czech, Level::Expert) => "Expert",
        (Czech, Level::Master) => "Mistr",
        (English, Level::Beginner) => "Beginner",
        (English, Level::Novice) => "Novice",
        (English, Level::Club) => "Club player",
        (English, Level::Expert) => "Expert",
        (English, Level::Master) => "Master",
    };
    format!("{name} ({})", level.number())
}

/// Who plays a side: "Člověk", "Počítač – Mistr (5)" (`None` is a person).
pub fn player_name(lang: Language, player: Option<Level>) -> String {
    match (lang, player) {
        (Czech, None) => "Člověk".into(),
        (English, None) => "Human".into(),
        (Czech, Some(level)) => format!("Počítač – {}", level_name(lang, level)),
        (English, Some(level)) => format!("Computer – {}", level_name(lang, level)),
    }
}

/// The rule set's name: "Česká dáma", "Czech draughts".
pub fn rules_name(lang: Language, rules: &RuleSet) -> &str {
    match lang {
        Czech => &rules.name_cs,
        English => &rules.name_en,
    }
}

/// Who plays, when the computer plays a side: "Bílý: člověk, černý: počítač – Mistr (5)."
/// Nothing when people play both sides.
pub fn players(lang: Language, players: [Option<Level>; 2]) -> Option<String> {
    if players.iter().all(Option::is_none) {
        return None;
    }
    let sides: Vec<String> = Color::ALL
        .into_iter()
        .zip(players)
        .map(|(c, p)| {
            let who = lowercase_first(&player_name(lang, p));
            let side = match lang {
                Czech => color_name(lang, c),
                English => side_name(lang, c),
            };
            format!("{side}: {who}")
        })
        .collect();
    Some(format!("{}.", capitalized(&sides.join(", "))))
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Every piece by square: "Bílý: kameny 21, 22; dámy 29. Černý: kameny 1, 2."
pub fn position(lang: Language, pos: &Position) -> String {
    Color::ALL
        .iter()
        .map(|&color| side_position(lang, pos, color))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where one side's pieces stand: "Bílý: kameny 21, 22; dámy 5.", "Černý: nic."
pub fn side_position(lang: Language, pos: &Position, color: Color) -> String {
    let mut groups = Vec::new();
    for role in Role::ALL {
        let set = pos.pieces_of(color, role);
        if set.is_empty() {
            continue;
        }
        let name = match (lang, role) {
            (Czech, Role::Man) => "kameny",
            (Czech, Role::King) => "dámy",
            (Czech, Role::Tower) => "věže",
            (English, Role::Man) => "men",
            (English, Role::King) => "kings",
            (English, Role::Tower) => "towers",
        };
        groups.push(format!("{name} {}", list(set)));
    }
    let side = side_name(lang, color);
    if groups.is_empty() {
        match lang {
            Czech => format!("{side}: nic."),
            English => format!("{side}: nothing."),
        }
    } else {
        format!("{side}: {}.", groups.join("; "))
    }
}

/// Pieces on the board: "Bílý: 8 kamenů, 1 dáma. Černý: 7 kamenů."
pub fn material(lang: Language, pos: &Position) -> String {
    Color::ALL
        .iter()
        .map(|&color| {
            let counts: Vec<String> = Role::ALL
                .iter()
                .filter_map(|&role| {
                    let n = pos.count(color, role);
                    (n > 0).then(|| count(lang, n, role))
                })
                .collect();
            let side = side_name(lang, color);
            if counts.is_empty() {
                match lang {
                    Czech => format!("{side}: nic."),
                    English => format!("{side}: nothing."),
                }
            } else {
                format!("{side}: {}.", counts.join(", "))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The side in the genitive, as in "po tahu bílého": "bílého", "White's".
pub(super) fn side_genitive(lang: Language, c: Color) -> &'static str {
    match (lang, c) {
        (Czech, Color::White) => "bílého",
        (Czech, Color::Black) => "černého",
        (English, Color::White) => "White's",
        (English, Color::Black) => "Black's",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::event::Marks;
    use crate::rules::{Square, Variant};

    #[test]
    fn squares_position_and_material() {
        let rules = Variant::TwoTowers.rules();
        let pos = rules.parse_fen("W:W31,32,K46:B1,T12").unwrap();
        let sq = |n| Square::new(n).unwrap();
        let view = |n, marks| SquareView::new(&pos, sq(n), marks);
        let brief = Verbosity::Brief;
        let none = Marks::default();
        assert_eq!(square(Czech, &view(32, none), brief), "32, bílý kámen");
        assert_eq!(square(Czech, &view(33, none), brief), "33, prázdné");
        assert_eq!(square(English, &view(12, none), brief), "12, black tower");
        assert_eq!(square(Czech, &view(46, none), brief), "46, bílá dáma");
        let moved = Marks {
            can_move: true,
            last_move: true,
            ..none
        };
        assert_eq!(
            square(Czech, &view(46, moved), Verbosity::Full),
            "46, a1, bílá dáma, může táhnout, poslední tah"
        );
        assert_eq!(
            square(English, &view(46, moved), brief),
            "46, white king, can move"
        );
        let target = Marks {
            destination: true,
            hint: true,
            ..none
        };
        assert_eq!(
            square(Czech, &view(41, target), Verbosity::Full),
            "41, b2, prázdné, cíl tahu, doporučený tah"
        );
        assert_eq!(
            position(Czech, &pos),
            "Bílý: kameny 31, 32; dámy 46. Černý: kameny 1; věže 12."
        );
        assert_eq!(
            position(English, &pos),
            "White: men 31, 32; kings 46. Black: men 1; towers 12."
        );
        assert_eq!(
            material(Czech, &pos),
            "Bílý: 2 kameny, 1 dáma. Černý: 1 kámen, 1 věž."
        );
        assert_eq!(
            material(English, &pos),
            "White: 2 men, 1 king. Black: 1 man, 1 tower."
        );
        let empty = rules.parse_fen("B:W31:B").unwrap();
        assert_eq!(material(Czech, &empty), "Bílý: 1 kámen. Černý: nic.");
    }
}
