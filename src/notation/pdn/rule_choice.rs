//! The rule set of a PDN game: the one its tags name (`Variant`, `GameType`), the one its moves
//! suggest when they name none, and the tags written for a rule set.

use crate::rules::{RuleSet, Variant};

use super::game_type::{VariantTag, game_type_for, variant_tag};
use super::{GameType, GameTypeError, InferReason, Line, PdnGame};

fn highest_square(line: &Line, high: &mut u32, letters: &mut bool) {
    for node in &line.nodes {
        // Algebraic: a file letter, then the rank (`c3-d4`).
        let b = node.text.as_bytes();
        if b.len() > 1 && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit() {
            *letters = true;
        }
        for n in node.text.split(|c: char| !c.is_ascii_digit()) {
            if let Ok(v) = n.parse::<u32>() {
                *high = (*high).max(v);
            }
        }
        for v in &node.variations {
            highest_square(v, high, letters);
        }
    }
}

/// The rule set a game's tags name, if they name one: a `Variant` tag with a preset id, else
/// the GameType number.
///
/// # Errors
/// A GameType that is malformed or names a game Dáma does not play.
pub fn variant_from_tags(game: &PdnGame) -> Result<Option<Variant>, GameTypeError> {
    if let Some(value) = game.tag("Variant") {
        match variant_tag(value) {
            VariantTag::Plays(v) => return Ok(Some(v)),
            VariantTag::Other => return Err(GameTypeError::UnknownVariant(value.trim().into())),
            VariantTag::Unknown => {}
        }
    }
    let Some(value) = game.tag("GameType") else {
        return Ok(None);
    };
    let gt = GameType::parse(value)?;
    gt.variant()
        .map(Some)
        .ok_or(GameTypeError::Unknown(gt.number))
}

/// The rule set for a game without GameType (PDN defines no default, rules.md §6): squares
/// above 32 mean International, algebraic moves Czech, anything else English as CheckerBoard
/// writes it.
pub(crate) fn infer_variant(game: &PdnGame) -> (Variant, InferReason) {
    let mut high = 0;
    let mut letters = false;
    if let Some(fen) = game.tag("FEN") {
        for n in fen.split(|c: char| !c.is_ascii_digit()) {
            if let Ok(v) = n.parse::<u32>() {
                high = high.max(v);
            }
        }
    }
    highest_square(&game.moves, &mut high, &mut letters);
    if high > 32 {
        (Variant::International, InferReason::SquaresAbove32)
    } else if letters {
        (Variant::Czech, InferReason::AlgebraicMoves)
    } else {
        (Variant::English, InferReason::Squares1To32)
    }
}

/// Makes the tags of `game` name `rules`: leaves them when they already do, else writes the
/// GameType (and, for Dáma's private numbers, a `Variant` tag), so that a written file reads
/// back with the same rule set.
pub fn tag_rules(game: &mut PdnGame, rules: &RuleSet) {
    let named = variant_from_tags(game).ok().flatten();
    if named.is_some_and(|v| v.id() == rules.id) {
        return;
    }
    let (game_type, variant_tag) = game_type_for(rules);
    game.set_tag("GameType", game_type);
    if variant_tag {
        game.set_tag("Variant", rules.id.clone());
    } else {
        game.remove_tag("Variant");
    }
}
