//! Moves in words beyond one move (which [`spoken_move`] says): the legal moves, the move list
//! with its variations, the last move, a hint, an annotator's notes, the questions about
//! variations, and a count of half-moves.

use crate::language::Language;
use crate::notation::Notation;
use crate::rules::{Game, Move, Position, RuleSet, Square, Variation, move_number};

use super::errors;
use super::names::side_name;
use super::{Context, capitalized, list, spoken_move};

use Language::{Czech, English};

/// A count of plies, named so: "6 moves" would be read as six moves of each side.
pub fn half_moves(lang: Language, plies: usize) -> String {
    errors::counted(
        lang,
        plies,
        match lang {
            Czech => ["půltah", "půltahy", "půltahů"],
            English => ["half-move", "half-moves", "half-moves"],
        },
    )
}

/// The pieces that can move and the legal moves: "Táhnout mohou 21, 22. Tahy: 21 na 17, …"
///
/// `moves` are the moves the player may make: under table rules they include those that ignore a
/// capture, and then nothing says a capture is due (rules.md §5). Only when every move is a
/// capture does the answer begin with "Musíte skákat".
pub fn legal_moves(
    lang: Language,
    notation: Notation,
    pos: &Position,
    rules: &RuleSet,
    moves: &[Move],
) -> String {
    if moves.is_empty() {
        return match lang {
            Czech => "Žádný tah.".into(),
            English => "No move.".into(),
        };
    }
    let mut from: Vec<Square> = moves.iter().map(|m| m.from()).collect();
    from.sort();
    from.dedup();
    let spoken: Vec<String> = moves
        .iter()
        .map(|m| spoken_move(lang, notation, pos, rules, m))
        .collect();
    let capture = moves.iter().all(|m| m.is_capture());
    match (lang, capture) {
        (Czech, false) => format!("Táhnout mohou {}. Tahy: {}.", list(from), spoken.join("; ")),
        (Czech, true) => format!(
            "Musíte skákat. Skákat mohou {}. Tahy: {}.",
            list(from),
            spoken.join("; ")
        ),
        (English, false) => format!(
            "Pieces that can move: {}. Moves: {}.",
            list(from),
            spoken.join("; ")
        ),
        (English, true) => format!(
            "You must capture. Pieces that can capture: {}. Moves: {}.",
            list(from),
            spoken.join("; ")
        ),
    }
}

/// The moves of the game, numbered, each variation in brackets after the move it replaces:
/// "1. 22 na 18, 11 na 15 (varianta: 1… 9 na 13). 2. 18 bere 11."
pub fn move_list(
    lang: Language,
    notation: Notation,
    game: &Game,
    variations: &[(usize, Vec<Variation>)],
) -> String {
    let moves = game.moves();
    if moves.is_empty() {
        return no_moves_yet(lang);
    }
    let offset = game.first_ply();
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        let ply = i + offset;
        let pos = game.position_at(i).expect("a position per move");
        let spoken = spoken_move(lang, notation, pos, game.rules(), m);
        if ply.is_multiple_of(2) || i == 0 {
            if !out.is_empty() {
                out.push_str(". ");
            }
            out.push_str(&format!("{}. ", move_number(ply)));
        } else {
            out.push_str(", ");
        }
        out.push_str(&spoken);
        let to_this = variations.iter().filter(|(ply, _)| *ply == i);
        for v in to_this.flat_map(|(_, group)| group) {
            out.push_str(&variation_words(lang, notation, game.rules(), pos, ply, v));
        }
    }
    out.push('.');
    out
}

/// Before the `i`th move of a line said, at `ply`: the first says its number ("11. ", or "11… "
/// for the second player's move), a later one of the first player `between` and its number,
/// the second player's ", ".
pub(super) fn push_number(out: &mut String, i: usize, ply: usize, between: &str) {
    if i == 0 {
        let mark = if ply % 2 == 1 { "…" } else { "." };
        out.push_str(&format!("{}{mark} ", move_number(ply)));
    } else if ply.is_multiple_of(2) {
        out.push_str(&format!("{between}{}. ", move_number(ply)));
    } else {
        out.push_str(", ");
    }
}

/// A variation in brackets, its moves numbered as the list numbers them from `ply` (its first
/// move's, counted from the rule set's first player's first move).
fn variation_words(
    lang: Language,
    notation: Notation,
    rules: &RuleSet,
    start: &Position,
    ply: usize,
    v: &Variation,
) -> String {
    let mut out = match lang {
        Czech => " (varianta: ".to_string(),
        English => " (variation: ".to_string(),
    };
    let mut pos = *start;
    for (i, m) in v.moves.iter().enumerate() {
        let at = ply + i;
        push_number(&mut out, i, at, ", ");
        out.push_str(&spoken_move(lang, notation, &pos, rules, m));
        for inner in v.at(i) {
            out.push_str(&variation_words(lang, notation, rules, &pos, at, inner));
        }
        pos.play_unchecked(m);
    }
    out.push(')');
    out
}

/// The word for an annotation glyph: `!` "dobrý tah / a good move", `?!` "pochybný tah / a
/// dubious move"; `None` for the glyphs that are not about the move's strength.
pub fn glyph_name(lang: Language, nag: u16) -> Option<&'static str> {
    Some(match (lang, nag) {
        (Czech, 1) => "dobrý tah",
        (Czech, 2) => "chyba",
        (Czech, 3) => "výborný tah",
        (Czech, 4) => "hrubá chyba",
        (Czech, 5) => "zajímavý tah",
        (Czech, 6) => "pochybný tah",
        (English, 1) => "a good move",
        (English, 2) => "a mistake",
        (English, 3) => "a brilliant move",
        (English, 4) => "a blunder",
        (English, 5) => "an interesting move",
        (English, 6) => "a dubious move",
        _ => return None,
    })
}

/// What an annotator wrote after a move: its glyphs in words, then the comments as written.
pub fn note(lang: Language, note: &crate::rules::Note) -> String {
    let glyphs: Vec<&str> = note
        .nags
        .iter()
        .filter_map(|&n| glyph_name(lang, n))
        .collect();
    let mut out = String::new();
    if !glyphs.is_empty() {
        out.push_str(&capitalized(&glyphs.join(", ")));
        out.push('.');
    }
    if !note.comments.is_empty() {
        if !out.is_empty() {
            out.push(' ');
        }
        let label = match lang {
            Czech => "Komentář",
            English => "Comment",
        };
        out.push_str(&format!("{label}: {}", note.comments.join(" ")));
        if !out.ends_with(['.', '!', '?', '…']) {
            out.push('.');
        }
    }
    out
}

/// What a move at an earlier position asks: a new variation, or in place of the later moves.
pub fn branch_question(
    cx: &Context<'_>,
    at: &Position,
    mv: &Move,
    next: &Move,
    later: usize,
    in_variation: bool,
) -> String {
    let lang = cx.lang;
    let mv = spoken_move(lang, cx.notation, at, cx.rules, mv);
    let next = spoken_move(lang, cx.notation, at, cx.rules, next);
    match lang {
        Czech => format!(
            "{} pokračuje tahem {next}. Tah {mv} může začít novou variantu, nebo nahradit {}.",
            if in_variation { "Varianta" } else { "Partie" },
            errors::counted(lang, later, ["další tah", "další tahy", "dalších tahů"])
        ),
        English => format!(
            "The {} goes on with {next}. {mv} can start a new variation, or replace {}.",
            if in_variation { "variation" } else { "game" },
            errors::counted(lang, later, ["later move", "later moves", "later moves"])
        ),
    }
}

/// Whether to delete a variation: its first move, and how many moves go with it.
pub fn remove_variation_question(
    lang: Language,
    notation: Notation,
    at: &Position,
    rules: &RuleSet,
    first: &Move,
    moves: usize,
) -> String {
    let first = spoken_move(lang, notation, at, rules, first);
    match lang {
        Czech => format!(
            "Smazat variantu od tahu {first} ({}) i s variantami v ní?",
            errors::counted(lang, moves, ["tah", "tahy", "tahů"])
        ),
        English => format!(
            "Delete the variation from {first} ({}), with the variations in it?",
            errors::counted(lang, moves, ["move", "moves", "moves"])
        ),
    }
}

/// The last move, or that there is none.
pub fn last_move(lang: Language, notation: Notation, game: &Game) -> String {
    match game.moves().last() {
        Some(m) => {
            let i = game.moves().len() - 1;
            let pos = game.position_at(i).expect("a position per move");
            let mover = side_name(lang, pos.side_to_move());
            format!(
                "{mover}: {}",
                spoken_move(lang, notation, pos, game.rules(), m)
            )
        }
        None => no_moves_yet(lang),
    }
}

/// What the move list, the last move and the last moves say of a game with none.
pub(super) fn no_moves_yet(lang: Language) -> String {
    match lang {
        Czech => "Zatím žádný tah.".into(),
        English => "No moves yet.".into(),
    }
}

/// A hint: "Rada: 22 na 18", "Hint: 22 to 18".
pub fn hint(
    lang: Language,
    notation: Notation,
    pos: &Position,
    rules: &RuleSet,
    m: &Move,
) -> String {
    let spoken = spoken_move(lang, notation, pos, rules, m);
    match lang {
        Czech => format!("Rada: {spoken}"),
        English => format!("Hint: {spoken}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation::Numeric;
    use crate::rules::Variant;

    #[test]
    fn legal_moves_and_the_game() {
        let rules = Variant::Czech.rules();
        let pos = rules.parse_fen("W:W29,22:B18").unwrap();
        assert_eq!(
            legal_moves(Czech, Numeric, &pos, rules, &pos.legal_moves(rules)),
            "Musíte skákat. Skákat mohou 22. Tahy: 22 bere 15."
        );
        // Under table rules the quiet moves are listed too, and nothing says a capture is due.
        assert_eq!(
            legal_moves(Czech, Numeric, &pos, rules, &pos.table_moves(rules)),
            "Táhnout mohou 22, 29. Tahy: 22 bere 15; 22 na 17; 29 na 25."
        );
        let pos = rules.parse_fen("W:W29:B1").unwrap();
        assert_eq!(
            legal_moves(English, Numeric, &pos, rules, &pos.legal_moves(rules)),
            "Pieces that can move: 29. Moves: 29 to 25."
        );
        let mut game = Game::new(rules.clone()).unwrap();
        let none = [];
        assert_eq!(move_list(Czech, Numeric, &game, &none), "Zatím žádný tah.");
        for text in ["22-18", "11-15", "18x11"] {
            let m = crate::notation::parse_move(game.position(), rules, text)
                .unwrap()
                .0;
            game.play(m).unwrap();
        }
        assert_eq!(
            move_list(Czech, Numeric, &game, &none),
            "1. 22 na 18, 11 na 15. 2. 18 bere 11."
        );
        assert_eq!(
            move_list(English, Numeric, &game, &none),
            "1. 22 to 18, 11 to 15. 2. 18 takes 11."
        );
        // Variations in brackets after the move they replace, numbered as the list is; one in
        // a variation inside it.
        let mv =
            |pos: &Position, text: &str| crate::notation::parse_move(pos, rules, text).unwrap().0;
        let after1 = *game.position_at(1).unwrap();
        let mut tree = crate::rules::GameTree::from_moves(game.moves());
        let v = tree.vary(&[0, 0], mv(&after1, "9-13")).unwrap();
        let mut p = after1;
        p.play_unchecked(&mv(&after1, "9-13"));
        let second = tree.extend(&v, mv(&p, "24-20")).unwrap();
        tree.vary(&second, mv(&p, "21-17")).unwrap();
        let vars = tree.variations();
        assert_eq!(
            move_list(Czech, Numeric, &game, &vars),
            "1. 22 na 18, 11 na 15 (varianta: 1… 9 na 13, 2. 24 na 20 (varianta: 2. 21 na 17)). \
             2. 18 bere 11."
        );
        assert_eq!(
            move_list(English, Numeric, &game, &vars),
            "1. 22 to 18, 11 to 15 (variation: 1… 9 to 13, 2. 24 to 20 (variation: 2. 21 to 17)). \
             2. 18 takes 11."
        );
        assert_eq!(last_move(Czech, Numeric, &game), "Bílý: 18 bere 11");
        // What an annotator wrote: the glyphs in words, the comment as written.
        let written = crate::rules::Note {
            nags: vec![6, 19],
            comments: vec!["Hraje se zřídka".into()],
        };
        assert_eq!(
            note(Czech, &written),
            "Pochybný tah. Komentář: Hraje se zřídka."
        );
        assert_eq!(
            note(English, &written),
            "A dubious move. Comment: Hraje se zřídka."
        );
    }

    #[test]
    fn hints() {
        let rules = Variant::Czech.rules();
        let pos = Variant::Czech.start_position();
        let m = pos
            .legal_moves(rules)
            .into_iter()
            .find(|m| m.from().number() == 22 && m.to().number() == 18)
            .unwrap();
        assert_eq!(hint(Czech, Numeric, &pos, rules, &m), "Rada: 22 na 18");
        assert_eq!(hint(English, Numeric, &pos, rules, &m), "Hint: 22 to 18");
        let shot = rules.parse_fen("W:W22:B18").unwrap();
        let capture = shot.legal_moves(rules)[0];
        assert_eq!(
            hint(Czech, Numeric, &shot, rules, &capture),
            "Rada: 22 bere 15"
        );
    }
}
