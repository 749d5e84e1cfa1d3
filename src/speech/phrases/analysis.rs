//! The engine's judgement in words: how a position stands and the line it expects ("Bílý stojí
//! lépe, asi o kámen; nejlepší 32 na 28, 19 na 23, …"), and a game review's marks ("Tah 12,
//! bílý 27 na 22 je chyba; lepší bylo 32 na 28"). The moves are said as every move is said, in
//! the notation the settings choose.

use crate::engine::KNOWN_WIN;
use crate::engine::review::{Judged, Mark};
use crate::language::Language;
use crate::notation::Notation;
use crate::rules::{Color, Move, Position, RuleSet};

use super::errors::counted;
use super::names::{color_name, side_name};
use super::spoken_move;

use Language::{Czech, English};

/// Scores from here on are a win found (a database or the search), said in words, not men.
const DECIDED: i32 = KNOWN_WIN - 1_000;

/// Moves of the expected line said; the rest is "…".
const LINE_MOVES: usize = 6;

/// How the position stands for the side ahead, from `score` (hundredths of a man, for the side
/// to move in `pos`).
pub fn standing(lang: Language, pos: &Position, score: i32) -> String {
    let mover = pos.side_to_move();
    let (ahead, by) = if score >= 0 {
        (mover, score)
    } else {
        (!mover, -score)
    };
    let side = side_name(lang, ahead);
    if by >= DECIDED {
        return match lang {
            Czech => format!("{side} vyhrává"),
            English => format!("{side} wins"),
        };
    }
    if by < 20 {
        return match lang {
            Czech => "Postavení je vyrovnané".into(),
            English => "The position is level".into(),
        };
    }
    if by < 60 {
        return match lang {
            Czech => format!("{side} stojí o něco lépe"),
            English => format!("{side} is slightly better"),
        };
    }
    let men = ((by + 50) / 100).max(1) as usize;
    match lang {
        Czech => {
            let amount = match men {
                1 => "kámen".to_string(),
                2 => "dva kameny".into(),
                3 => "tři kameny".into(),
                4 => "čtyři kameny".into(),
                n => format!("{n} kamenů"),
            };
            format!("{side} stojí lépe, asi o {amount}")
        }
        English => {
            let amount = match men {
                1 => "a man".to_string(),
                n => format!("{n} men"),
            };
            format!("{side} is better, by about {amount}")
        }
    }
}

/// The moves of `line` from `pos` as spoken, the first few of them.
pub fn line(
    lang: Language,
    notation: Notation,
    pos: &Position,
    rules: &RuleSet,
    line: &[Move],
) -> String {
    let mut at = *pos;
    let mut words = Vec::new();
    for m in line.iter().take(LINE_MOVES) {
        words.push(spoken_move(lang, notation, &at, rules, m));
        at.play_unchecked(m);
    }
    // Apart by semicolons: a capture's words have commas of their own ("10 bere 17, přes 14").
    let mut text = words.join("; ");
    if line.len() > LINE_MOVES {
        text.push_str("; …");
    }
    text
}

/// The analysis of `pos`: how it stands, and the best line.
pub fn analysis(
    lang: Language,
    notation: Notation,
    pos: &Position,
    rules: &RuleSet,
    score: i32,
    best: &[Move],
) -> String {
    let standing = standing(lang, pos, score);
    if best.is_empty() {
        return standing;
    }
    let line = line(lang, notation, pos, rules, best);
    match lang {
        Czech => format!("{standing}; nejlepší {line}"),
        English => format!("{standing}; best {line}"),
    }
}

/// The mark's name: "chyba", "mistake".
pub fn mark_name(lang: Language, mark: Mark) -> &'static str {
    match (lang, mark) {
        (Czech, Mark::Good) => "dobrý tah",
        (Czech, Mark::Inaccuracy) => "nepřesnost",
        (Czech, Mark::Mistake) => "chyba",
        (Czech, Mark::Blunder) => "hrubá chyba",
        (English, Mark::Good) => "good",
        (English, Mark::Inaccuracy) => "an inaccuracy",
        (English, Mark::Mistake) => "a mistake",
        (English, Mark::Blunder) => "a blunder",
    }
}

/// The mark as a score sheet writes it after the move: "?!", "?", "??".
pub fn mark_symbol(mark: Mark) -> &'static str {
    match mark {
        Mark::Good => "",
        Mark::Inaccuracy => "?!",
        Mark::Mistake => "?",
        Mark::Blunder => "??",
    }
}

/// A judged move: "Tah 12, bílý 27 na 22 je chyba; lepší bylo 32 na 28" (`number` as the
/// move list numbers it, `before` the position it was played in).
pub fn judged(
    lang: Language,
    notation: Notation,
    number: usize,
    before: &Position,
    rules: &RuleSet,
    j: &Judged,
) -> String {
    let played = spoken_move(lang, notation, before, rules, &j.played);
    let who = color_name(lang, before.side_to_move());
    let mark = mark_name(lang, j.mark);
    let head = match lang {
        Czech => format!("Tah {number}, {who} {played} je {mark}"),
        English => format!(
            "Move {number}, {} {played} is {mark}",
            side_name(lang, before.side_to_move())
        ),
    };
    match j.better {
        Some(b) => {
            let better = spoken_move(lang, notation, before, rules, &b);
            match lang {
                Czech => format!("{head}; lepší bylo {better}"),
                English => format!("{head}; {better} was better"),
            }
        }
        None => head,
    }
}

/// A review finished: how many moves of each kind of error.
pub fn reviewed(lang: Language, counts: [usize; 3], key: &str) -> String {
    let [inaccuracies, mistakes, blunders] = counts;
    if inaccuracies + mistakes + blunders == 0 {
        return match lang {
            Czech => "Rozbor partie hotov: žádná chyba ani nepřesnost.".into(),
            English => "Game review done: no mistakes and no inaccuracies.".into(),
        };
    }
    let forms = match lang {
        Czech => [
            ["nepřesnost", "nepřesnosti", "nepřesností"],
            ["chyba", "chyby", "chyb"],
            ["hrubá chyba", "hrubé chyby", "hrubých chyb"],
        ],
        English => [
            ["inaccuracy", "inaccuracies", "inaccuracies"],
            ["mistake", "mistakes", "mistakes"],
            ["blunder", "blunders", "blunders"],
        ],
    };
    let found = counts
        .iter()
        .zip(forms)
        .filter(|(n, _)| **n > 0)
        .map(|(n, f)| counted(lang, *n, f))
        .collect::<Vec<_>>()
        .join(", ");
    match lang {
        Czech => format!("Rozbor partie hotov: {found}. Na další chybu přejdete {key}."),
        English => format!("Game review done: {found}. {key} goes to the next mistake."),
    }
}

/// The score for the side panel, in men for White, one decimal: "+1,2", "-0.5"; `None` for a
/// decided position, which [`standing`] says in words.
pub fn score_short(lang: Language, pos: &Position, score: i32) -> Option<String> {
    let white = if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    };
    if white.abs() >= DECIDED {
        return None;
    }
    // In tenths, so that a score under half a tenth is "0.0", not "-0.0".
    let tenths = (f64::from(white) / 10.0).round();
    let men = if tenths == 0.0 {
        "0.0".to_string()
    } else {
        format!("{:+.1}", tenths / 10.0)
    };
    Some(match lang {
        Czech => men.replace('.', ","),
        English => men,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation::{Algebraic, Numeric};
    use crate::rules::Variant;

    #[test]
    fn golden_analysis() {
        let rules = Variant::Czech.rules();
        let pos = Variant::Czech.start_position();
        let line: Vec<Move> = {
            let mut at = pos;
            let mut out = Vec::new();
            for _ in 0..7 {
                let m = at.legal_moves(rules)[0];
                at.play_unchecked(&m);
                out.push(m);
            }
            out
        };
        // The line is said as every move is, in the notation chosen, never written "21-17".
        assert_eq!(
            analysis(Czech, Numeric, &pos, rules, 110, &line),
            "Bílý stojí lépe, asi o kámen; nejlepší 21 na 17; 9 na 13; 17 na 14; 10 bere 17; \
             22 na 18; 5 na 9; …"
        );
        assert_eq!(
            analysis(English, Numeric, &pos, rules, -210, &line[..2]),
            "Black is better, by about 2 men; best 21 to 17; 9 to 13"
        );
        assert_eq!(
            analysis(Czech, Algebraic, &pos, rules, 110, &line[..4]),
            "Bílý stojí lépe, asi o kámen; nejlepší a3 na b4; b6 na a5; b4 na c5; d6 bere b4"
        );
        assert_eq!(
            analysis(English, Algebraic, &pos, rules, -210, &line[..2]),
            "Black is better, by about 2 men; best a3 to b4; b6 to a5"
        );
        assert_eq!(
            analysis(Czech, Numeric, &pos, rules, 10, &[]),
            "Postavení je vyrovnané"
        );
        assert_eq!(standing(English, &pos, 40), "White is slightly better");
        assert_eq!(standing(Czech, &pos, -19_990), "Černý vyhrává");
        assert_eq!(score_short(Czech, &pos, -125).as_deref(), Some("-1,3"));
        assert_eq!(score_short(English, &pos, 50).as_deref(), Some("+0.5"));
        assert_eq!(score_short(English, &pos, 19_990), None);
        assert_eq!(score_short(Czech, &pos, -4).as_deref(), Some("0,0"));
    }

    #[test]
    fn golden_review() {
        let rules = Variant::Czech.rules();
        let pos = Variant::Czech.start_position();
        let moves = pos.legal_moves(rules);
        let j = Judged {
            ply: 0,
            played: moves[0],
            mark: Mark::Mistake,
            loss: 90,
            better: Some(moves[2]),
        };
        assert_eq!(
            judged(Czech, Numeric, 1, &pos, rules, &j),
            "Tah 1, bílý 21 na 17 je chyba; lepší bylo 22 na 18"
        );
        assert_eq!(
            judged(English, Numeric, 1, &pos, rules, &j),
            "Move 1, White 21 to 17 is a mistake; 22 to 18 was better"
        );
        assert_eq!(
            judged(Czech, Algebraic, 1, &pos, rules, &j),
            "Tah 1, bílý a3 na b4 je chyba; lepší bylo c3 na d4"
        );
        assert_eq!(
            judged(English, Algebraic, 1, &pos, rules, &j),
            "Move 1, White a3 to b4 is a mistake; c3 to d4 was better"
        );
        assert_eq!(
            reviewed(Czech, [2, 1, 0], "Ctrl+Shift+M"),
            "Rozbor partie hotov: 2 nepřesnosti, 1 chyba. Na další chybu přejdete Ctrl+Shift+M."
        );
        assert_eq!(
            reviewed(English, [1, 0, 2], "Ctrl+Shift+M"),
            "Game review done: 1 inaccuracy, 2 blunders. Ctrl+Shift+M goes to the next mistake."
        );
    }
}
