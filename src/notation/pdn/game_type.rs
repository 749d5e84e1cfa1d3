//! The PDN GameType tag (rules.md §6): its numbers and fields, and the tag a rule set is written
//! with. Which rule set a game is played by is `rule_choice`'s.

use crate::rules::{RuleSet, Variant};

/// A GameType tag Dáma cannot use.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameTypeError {
    /// The value does not start with a number.
    #[error("GameType '{0}' does not start with a game type number")]
    NoNumber(String),
    /// A game type number that names none of Dáma's rule sets.
    #[error("GameType {0} is not a game Dáma plays (it knows {games})", games = known_games())]
    Unknown(u32),
    /// A Variant tag naming a game Dáma does not play (Russian, Brazilian, Italian, …).
    #[error("Variant '{0}' is not a game Dáma plays (it knows {games})", games = known_games())]
    UnknownVariant(String),
}

/// What a `[Variant "…"]` tag names, as lidraughts, playstrategy, py-draughts and Dáma write
/// it: one of Dáma's rule sets, another game, or nothing Dáma knows (then the tag is left to
/// the GameType).
pub(super) enum VariantTag {
    /// One of Dáma's rule sets.
    Plays(Variant),
    /// A game Dáma does not play.
    Other,
    /// Nothing Dáma knows.
    Unknown,
}

pub(super) fn variant_tag(value: &str) -> VariantTag {
    let name = value.trim().to_lowercase().replace(['_', '-'], " ");
    if let Ok(v) = value.trim().parse() {
        return VariantTag::Plays(v);
    }
    match name.as_str() {
        "international" | "standard" | "international draughts" | "10x10" | "polish" => {
            VariantTag::Plays(Variant::International)
        }
        "english" | "american" | "checkers" | "english draughts" | "american checkers"
        | "straight checkers" => VariantTag::Plays(Variant::English),
        "czech" | "česká dáma" | "ceska dama" => VariantTag::Plays(Variant::Czech),
        "two towers" | "dvě věže" | "dve veze" => VariantTag::Plays(Variant::TwoTowers),
        "russian" | "russian draughts" | "shashki" | "brazilian" | "italian"
        | "italian draughts" | "frisian" | "frysk" | "frysk!" | "antidraughts" | "breakthrough"
        | "turkish" | "pool" | "pool checkers" | "spanish" | "portuguese" | "thai" | "canadian"
        | "malaysian" | "singaporean" | "armenian" | "gothic" | "german" | "dameo" | "losing"
        | "giveaway" | "suicide" => VariantTag::Other,
        _ => VariantTag::Unknown,
    }
}

/// "20 International draughts, 21 English draughts, …".
fn known_games() -> String {
    let games: Vec<String> = game_type_numbers()
        .into_iter()
        .map(|(n, v)| format!("{n} {}", v.rules().name_en))
        .collect();
    games.join(", ")
}

/// The game type number of a preset, from its rule-set data.
fn number_of(v: Variant) -> Option<u32> {
    GameType::parse(&v.rules().pdn_game_type)
        .ok()
        .map(|gt| gt.number)
}

/// The games a GameType tag can name: each preset's game type number, ascending (from
/// `assets/variants/*.ron`, so that a new preset needs no code here).
pub fn game_type_numbers() -> Vec<(u32, Variant)> {
    let mut games: Vec<(u32, Variant)> = Variant::ALL
        .into_iter()
        .filter_map(|v| number_of(v).map(|n| (n, v)))
        .collect();
    games.sort_by_key(|&(n, _)| n);
    games
}

/// The fields of a GameType tag: `21,B,8,8,N1,0`. Only the number is required.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameType {
    /// The game type number (20 International, 21 English, 29 Czech; 90 and 91 are Dáma's own
    /// for Two Towers and the 8-men Czech book variant; see [`game_type_numbers`]).
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

    /// The preset whose data has this number.
    pub fn variant(&self) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|&v| number_of(v) == Some(self.number))
    }
}

/// The GameType value Dáma writes for a rule set, and whether it also writes a `Variant` tag
/// (for its private numbers), from the presets' data. A house rule set is written as the
/// preset of its id (whatever options it changed); one with an id of its own as the official
/// GameType of its board (the first preset on that board without a Variant tag), with a
/// `Variant` tag naming it.
///
/// # Panics
/// If no preset on the rule set's board has an official GameType (the shipped presets do).
pub fn game_type_for(rules: &RuleSet) -> (&'static str, bool) {
    if let Ok(v) = rules.id.parse::<Variant>() {
        let preset = v.rules();
        return (&preset.pdn_game_type, preset.pdn_variant_tag);
    }
    let official = Variant::ALL
        .into_iter()
        .map(Variant::rules)
        .find(|p| p.board == rules.board && !p.pdn_variant_tag)
        .expect("a preset with an official GameType on each board");
    (&official.pdn_game_type, true)
}

/// The notation PDN files use for a rule set's moves (rules.md §6): algebraic for Česká dáma
/// (GameType 29, "A0"), numeric for the others.
pub fn pdn_notation(rules: &RuleSet) -> crate::notation::Notation {
    match game_type_for(rules).0.split(',').nth(4) {
        Some(n) if n.starts_with('A') => crate::notation::Notation::Algebraic,
        _ => crate::notation::Notation::Numeric,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;
    use crate::rules::{Board, KingRange};

    #[test]
    fn each_preset_game_type_names_it_again() {
        for v in Variant::ALL {
            let rules = v.rules();
            let gt = GameType::parse(&rules.pdn_game_type).expect("a GameType in the data");
            assert_eq!(gt.variant(), Some(v), "{v:?}");
            assert_eq!(
                game_type_for(rules),
                (rules.pdn_game_type.as_str(), rules.pdn_variant_tag)
            );
            // The board and the first player agree with the rule set.
            let size = match rules.board {
                Board::Eight => "8",
                Board::Ten => "10",
            };
            assert_eq!(
                gt.fields[..3],
                [&rules.first.char().to_string(), size, size],
                "{v:?}"
            );
        }
        assert_eq!(
            game_type_numbers().len(),
            Variant::ALL.len(),
            "numbers are distinct"
        );
        assert_eq!(
            GameTypeError::Unknown(30).to_string(),
            "GameType 30 is not a game Dáma plays (it knows 20 International draughts, \
             21 English draughts, 29 Czech draughts, 90 Two Towers, 91 Czech draughts (8 men))"
        );
    }

    #[test]
    fn house_rules_are_written_as_before() {
        let mut czech = Variant::Czech.rules().clone();
        czech.king = KingRange::Short;
        assert_eq!(game_type_for(&czech), ("29,W,8,8,A0,0", false));
        // Saved before the PDN fields existed: still the preset of its id.
        czech.pdn_game_type.clear();
        assert_eq!(game_type_for(&czech), ("29,W,8,8,A0,0", false));
        let mut book = Variant::CzechBook.rules().clone();
        book.pdn_game_type.clear();
        book.pdn_variant_tag = false;
        assert_eq!(game_type_for(&book), ("91,B,8,8,A0,0", true));
        let mut own = Variant::CzechBook.rules().clone();
        own.id = "moje".into();
        assert_eq!(game_type_for(&own), ("29,W,8,8,A0,0", true));
        let mut own = Variant::TwoTowers.rules().clone();
        own.id = "moje".into();
        assert_eq!(game_type_for(&own), ("20,W,10,10,N2,0", true));
        assert_eq!(pdn_notation(Variant::Czech.rules()), Notation::Algebraic);
        assert_eq!(
            pdn_notation(Variant::CzechBook.rules()),
            Notation::Algebraic
        );
        assert_eq!(pdn_notation(Variant::English.rules()), Notation::Numeric);
        assert_eq!(pdn_notation(&own), Notation::Numeric);
    }
}
