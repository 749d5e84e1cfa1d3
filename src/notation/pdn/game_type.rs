//! The PDN GameType tag and the choice of rule set (rules.md §6).

use crate::rules::{RuleSet, Variant};

use super::{InferReason, Line, PdnGame};

/// A GameType tag Dáma cannot use.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameTypeError {
    /// The value does not start with a number.
    #[error("GameType '{0}' does not start with a game type number")]
    NoNumber(String),
    /// A game type number that names none of Dáma's rule sets.
    #[error(
        "GameType {0} is not a game Dáma plays (it knows 20 International, 21 English, \
         29 Czech, 90 Two Towers, 91 Czech 8 men)"
    )]
    Unknown(u32),
}

/// The fields of a GameType tag: `21,B,8,8,N1,0`. Only the number is required.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameType {
    /// The game type number (20 International, 21 English, 29 Czech; 90 and 91 are Dáma's own
    /// for Two Towers and the 8-men Czech book variant).
    pub number: u32,
    /// The remaining fields as written (start colour, width, height, notation, invert flag).
    pub fields: Vec<String>,
}

impl GameType {
    /// Reads the tag value.
    ///
    /// # Errors
    /// A value that does not start with a number.
    pub fn parse(value: &str) -> Result<GameType, GameTypeError> {
        let mut parts = value.split(',').map(|p| p.trim().to_string());
        let first = parts.next().unwrap_or_default();
        let number = first
            .parse()
            .map_err(|_| GameTypeError::NoNumber(value.to_string()))?;
        Ok(GameType {
            number,
            fields: parts.collect(),
        })
    }

    /// The preset of this number.
    pub fn variant(&self) -> Option<Variant> {
        Some(match self.number {
            20 => Variant::International,
            21 => Variant::English,
            29 => Variant::Czech,
            90 => Variant::TwoTowers,
            91 => Variant::CzechBook,
            _ => return None,
        })
    }
}

/// The GameType value Dáma writes for a rule set, and whether it also writes a `Variant` tag
/// (for its private numbers). A house rule set is written as the preset it derives from by id.
pub fn game_type_for(rules: &RuleSet) -> (&'static str, bool) {
    match rules.id.as_str() {
        "english" => ("21,B,8,8,N1,0", false),
        "czech" => ("29,W,8,8,A0,0", false),
        "international" => ("20,W,10,10,N2,0", false),
        "two-towers" => ("90,W,10,10,N2,0", true),
        "czech-book" => ("91,B,8,8,A0,0", true),
        _ => match rules.board {
            crate::rules::Board::Eight => ("29,W,8,8,A0,0", true),
            crate::rules::Board::Ten => ("20,W,10,10,N2,0", true),
        },
    }
}

fn highest_square(line: &Line, high: &mut u32, letters: &mut bool) {
    for node in &line.nodes {
        if node.text.starts_with(|c: char| c.is_ascii_alphabetic()) {
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
    if let Some(v) = game.tag("Variant").and_then(|v| v.trim().parse().ok()) {
        return Ok(Some(v));
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

/// The notation PDN files use for a rule set's moves (rules.md §6): algebraic for Česká dáma
/// (GameType 29, "A0"), numeric for the others.
pub fn pdn_notation(rules: &RuleSet) -> crate::notation::Notation {
    match game_type_for(rules).0.split(',').nth(4) {
        Some(n) if n.starts_with('A') => crate::notation::Notation::Algebraic,
        _ => crate::notation::Notation::Numeric,
    }
}
