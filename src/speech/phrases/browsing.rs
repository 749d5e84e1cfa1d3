//! Browsing the game in words: which position the board shows as the player steps through the
//! moves and the variations, and the next moves a position offers.

use crate::game::event::Look;
use crate::language::Language;

use super::names::side_genitive;
use super::{Context, capitalized, spoken_move};

use Language::{Czech, English};

/// Which position the board shows, and how it was reached.
pub(super) fn looked(cx: &Context<'_>, look: &Look) -> String {
    let lang = cx.lang;
    let history = |entered: bool| match (lang, entered) {
        (_, false) => "",
        (Czech, true) => {
            " Prohlížíte dřívější pozici; tah odsud začne variantu, nebo nahradí další tahy."
        }
        (English, true) => {
            " You are looking at an earlier position; a move here starts a variation or \
             replaces the later moves."
        }
    };
    match look {
        Look::Start { plies, entered } => match lang {
            Czech => format!("Výchozí pozice (0 z {plies}).{}", history(*entered)),
            English => format!("Starting position (0 of {plies}).{}", history(*entered)),
        },
        Look::After {
            ply,
            plies,
            number,
            before,
            mv,
            entered,
            mark,
        } => {
            let side = side_genitive(lang, before.side_to_move());
            let mut spoken = spoken_move(lang, cx.notation, before, cx.rules, mv);
            // A reviewed game: the move's mark, as the move list names it.
            if let Some(mark) = mark {
                spoken.push_str(", ");
                spoken.push_str(super::analysis::mark_name(lang, *mark));
            }
            match lang {
                Czech => format!(
                    "Po {number}. tahu {side}: {spoken} ({ply} z {plies}).{}",
                    history(*entered)
                ),
                English => format!(
                    "After {side} move {number}: {spoken} ({ply} of {plies}).{}",
                    history(*entered)
                ),
            }
        }
        Look::Live { onto: None } => match lang {
            Czech => "Zpět v aktuální pozici.".into(),
            English => "Back at the current position.".into(),
        },
        Look::Live { onto: Some(last) } => {
            let last = looked(cx, last);
            match lang {
                Czech => format!("{last} Aktuální pozice."),
                English => format!("{last} The current position."),
            }
        }
        Look::Variation {
            depth,
            index,
            count,
            ply,
            len,
            number,
            before,
            mv,
        } => {
            let side = side_genitive(lang, before.side_to_move());
            let spoken = spoken_move(lang, cx.notation, before, cx.rules, mv);
            let which = match (lang, *depth > 1, *count > 1) {
                (Czech, false, false) => "Varianta".to_string(),
                (Czech, true, false) => "Vnořená varianta".to_string(),
                (Czech, false, true) => format!("Varianta {index} z {count}"),
                (Czech, true, true) => format!("Vnořená varianta {index} z {count}"),
                (English, false, false) => "Variation".to_string(),
                (English, true, false) => "Nested variation".to_string(),
                (English, false, true) => format!("Variation {index} of {count}"),
                (English, true, true) => format!("Nested variation {index} of {count}"),
            };
            // The ply in the variation in words of its own: "1 z 2" is already its number.
            match lang {
                Czech => {
                    let moves = if *len == 1 { "tahu" } else { "tahů" };
                    format!("{which}, po {number}. tahu {side}: {spoken} ({ply} z {len} {moves}).")
                }
                English => {
                    let moves = if *len == 1 { "move" } else { "moves" };
                    format!(
                        "{which}, after {side} move {number}: {spoken} ({ply} of {len} {moves})."
                    )
                }
            }
        }
    }
}

/// The words for the next moves a position has: the line's own and its variations.
pub(super) fn choices(
    cx: &Context<'_>,
    at: &crate::rules::Position,
    next: Option<&crate::rules::Move>,
    variations: &[crate::rules::Move],
) -> String {
    let lang = cx.lang;
    let list = variations
        .iter()
        .map(|m| spoken_move(lang, cx.notation, at, cx.rules, m))
        .collect::<Vec<_>>()
        .join(", ");
    let word = match (lang, variations.len()) {
        (Czech, 1) => "varianta",
        (Czech, _) => "varianty",
        (English, 1) => "variation",
        (English, _) => "variations",
    };
    match (next, lang) {
        (Some(m), Czech) => format!(
            "Další tah {}; {word}: {list}.",
            spoken_move(lang, cx.notation, at, cx.rules, m)
        ),
        (Some(m), English) => format!(
            "Next move {}; {word}: {list}.",
            spoken_move(lang, cx.notation, at, cx.rules, m)
        ),
        (None, _) => format!("{}: {list}.", capitalized(word)),
    }
}
