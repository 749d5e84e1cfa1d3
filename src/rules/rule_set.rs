//! Rule sets as data (rules.md §3): one description per variant, presets loaded from
//! `assets/variants/*.ron`, so that a house rule is a new description rather than new code.

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::fen::{self, FenError};
use super::{Board, Color, Position, PositionError, Role};

/// How far a king moves and captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KingRange {
    /// One square in any diagonal direction; captures by short jumps (English).
    Short,
    /// Any distance along a free diagonal; captures from a distance (Czech, International).
    Flying,
}

/// Which capture a player must choose when several are possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Precedence {
    /// Any complete capture sequence of any piece.
    Free,
    /// If any king can capture, a king must capture; otherwise free (Česká dáma).
    KingPriority,
    /// A sequence capturing the most pieces, every piece counting one.
    Quantity,
}

/// What the opponent may claim after a forgotten capture (rules.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Claim {
    /// The claimer removes one of the pieces that should have captured, then plays on
    /// (Česká dáma: "foukání").
    Huff,
    /// The move is taken back and the offender must capture; then the claimer plays.
    TakeBack,
}

/// The "no progress" rule: the game is drawn after so many moves of each player without a
/// capture (and, where `man_move_resets`, without a man moving).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuietMoves {
    /// Moves by *each* player: 15 means 30 plies.
    pub moves_each: u16,
    /// Whether a man (or tower) moving restarts the count, as a capture always does.
    pub man_move_resets: bool,
}

/// When a game is drawn without agreement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DrawRules {
    /// The same position (pieces and side to move) occurring this many times; usually 3.
    pub repetition: Option<u8>,
    /// The no-progress counter, if the rule set has one.
    pub quiet_moves: Option<QuietMoves>,
}

/// Everything that distinguishes one rule set from another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    /// Stable identifier (`czech`, `two-towers`, …), as on the command line.
    pub id: String,
    /// Czech name.
    pub name_cs: String,
    /// English name.
    pub name_en: String,
    /// 8×8 or 10×10.
    pub board: Board,
    /// White's pieces at the start, as a FEN piece list (`21-32`, `31-36,T37,…`).
    pub white: String,
    /// Black's pieces at the start.
    pub black: String,
    /// Who makes the first move.
    pub first: Color,
    /// Whether men also capture backwards.
    pub men_capture_backward: bool,
    /// Short or flying kings.
    pub king: KingRange,
    /// Which capture must be chosen.
    pub precedence: Precedence,
    /// Repetition and no-progress draws.
    pub draw: DrawRules,
    /// The claim after a forgotten capture; `None` where the rule set has no table rules.
    #[serde(default)]
    pub claim: Option<Claim>,
    /// Whether games start under table rules rather than strict enforcement.
    #[serde(default)]
    pub table_rules_by_default: bool,
    /// The PDN GameType tag written for this preset (rules.md §6), e.g. `29,W,8,8,A0,0`: the
    /// number names the game when a file is read, the notation field (`A0`, `N2`) decides how
    /// moves are written. Empty in rule sets saved before it existed; files take it from the
    /// preset of the same id (see `notation::pdn::game_type_for`).
    #[serde(default)]
    pub pdn_game_type: String,
    /// Whether a `[Variant "id"]` tag is written beside the GameType: for numbers that are
    /// Dáma's own (90, 91), which other programs do not know.
    #[serde(default)]
    pub pdn_variant_tag: bool,
}

/// A rule-set description that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleSetError {
    /// Not RON, or not the fields of a rule set.
    #[error("rule set syntax: {message}")]
    Syntax {
        /// The line where the RON parser stopped, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// The parser's own message, with the place (English).
        message: String,
    },
    /// A field holds what the rules core cannot play (a repetition of one, a no-progress
    /// count of nothing), or a preset's id names other rules than the preset's.
    #[error("rule set {id}: {field}: {problem}")]
    Field {
        /// The rule set.
        id: String,
        /// The field, as the description names it (`draw.repetition`).
        field: &'static str,
        /// What is wrong with it.
        problem: FieldProblem,
    },
    /// The starting piece lists do not make a valid position.
    #[error("rule set {id}: starting position: {error}")]
    Setup {
        /// The rule set.
        id: String,
        /// What is wrong with its set-up.
        error: FenError,
    },
}

/// Why a field of a rule set cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FieldProblem {
    /// A repetition draw after fewer than two occurrences: every position would be one.
    #[error("a position must occur at least twice, not {0} times")]
    TooFewRepetitions(u8),
    /// A no-progress draw after no moves: every game would be drawn at once.
    #[error("at least one move each")]
    NoQuietMoves,
    /// The id of a preset with another board or set-up: a game would be written and read back
    /// as the preset, which cannot replay it.
    #[error("not the board and set-up of the preset of this id")]
    NotThePreset,
}

impl RuleSet {
    /// Reads and checks a description in RON (an autosave's, a house rule) against what the
    /// rules core can play: draws after two occurrences or more and one move each or more, and
    /// a preset's id only with the preset's board and set-up (house rules change the rest), so
    /// that a game saved under it reads back (a tower in an 8×8 Česká dáma would be written as
    /// Česká dáma, which has none).
    ///
    /// # Errors
    /// Bad syntax, unknown fields, the first field the rules core cannot play (by name), or a
    /// starting position that does not fit the board.
    pub fn from_ron(text: &str) -> Result<RuleSet, RuleSetError> {
        let rules = RuleSet::read_ron(text)?;
        rules.check_preset()?;
        Ok(rules)
    }

    /// [`RuleSet::from_ron`] but for the preset of its id, which the presets themselves are
    /// read by.
    fn read_ron(text: &str) -> Result<RuleSet, RuleSetError> {
        let rules: RuleSet = ron::from_str(text).map_err(|e| RuleSetError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.to_string(),
        })?;
        rules.check_draws()?;
        rules.start_position()?;
        Ok(rules)
    }

    fn field_error(&self, field: &'static str, problem: FieldProblem) -> RuleSetError {
        RuleSetError::Field {
            id: self.id.clone(),
            field,
            problem,
        }
    }

    fn check_draws(&self) -> Result<(), RuleSetError> {
        if let Some(n) = self.draw.repetition
            && n < 2
        {
            return Err(self.field_error("draw.repetition", FieldProblem::TooFewRepetitions(n)));
        }
        if self.draw.quiet_moves.is_some_and(|q| q.moves_each == 0) {
            return Err(self.field_error("draw.quiet_moves.moves_each", FieldProblem::NoQuietMoves));
        }
        Ok(())
    }

    fn check_preset(&self) -> Result<(), RuleSetError> {
        let Ok(v) = self.id.parse::<Variant>() else {
            return Ok(());
        };
        let preset = v.rules();
        // House rules keep the preset's id and change how pieces move and capture; its board
        // and set-up are what the file's GameType and FEN are read by.
        let differs = [
            ("board", self.board != preset.board),
            ("white", self.white != preset.white),
            ("black", self.black != preset.black),
        ];
        match differs.into_iter().find(|d| d.1) {
            Some((name, _)) => Err(self.field_error(name, FieldProblem::NotThePreset)),
            None => Ok(()),
        }
    }

    /// The description in RON, as [`RuleSet::from_ron`] reads it.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a rule set always serialises")
    }

    /// The starting position, with the first player to move.
    ///
    /// # Errors
    /// A piece list that does not parse or fit the board.
    pub fn start_position(&self) -> Result<Position, RuleSetError> {
        let fen = format!("{}:W{}:B{}", self.first.char(), self.white, self.black);
        let setup = |error| RuleSetError::Setup {
            id: self.id.clone(),
            error,
        };
        let pos = fen::parse(self.board, &fen).map_err(setup)?;
        pos.validate().map_err(|e| setup(FenError::Position(e)))?;
        Ok(pos)
    }

    /// Whether the set-up has towers (and so the tower rules can come into play).
    pub fn has_towers(&self) -> bool {
        self.white.contains(['T', 't']) || self.black.contains(['T', 't'])
    }

    /// Reads a FEN for this rule set: the board must match and towers appear only where the rule
    /// set has them.
    ///
    /// # Errors
    /// See [`FenError`].
    pub fn parse_fen(&self, text: &str) -> Result<Position, FenError> {
        let pos = fen::parse(self.board, text)?;
        self.check_pieces(&pos).map_err(FenError::Position)?;
        Ok(pos)
    }

    /// Towers only where the rule set has them, and no man or tower on its promotion row.
    fn check_pieces(&self, pos: &Position) -> Result<(), PositionError> {
        if !self.has_towers()
            && let Some(sq) = Color::ALL
                .into_iter()
                .find_map(|c| pos.pieces_of(c, Role::Tower).iter().next())
        {
            return Err(PositionError::TowersNotAllowed(sq));
        }
        pos.validate()
    }

    /// Checks a position set up by hand before a game starts from it: what [`Self::parse_fen`]
    /// checks, and no more pieces or towers of a colour than the rule set starts with, a piece
    /// on each side, and a move for the side to move.
    ///
    /// # Errors
    /// The first problem found, White's before Black's.
    pub fn check_setup(&self, pos: &Position) -> Result<(), PositionError> {
        self.check_pieces(pos)?;
        // A rule set read from a description always has its start (it was checked then).
        let start = self.start_position().ok();
        for color in Color::ALL {
            let count = pos.pieces(color).len() as u32;
            if count == 0 {
                return Err(PositionError::NoPieces(color));
            }
            let Some(start) = &start else { continue };
            let most = start.pieces(color).len() as u32;
            if count > most {
                return Err(PositionError::TooManyPieces { color, count, most });
            }
            let count = pos.pieces_of(color, Role::Tower).len() as u32;
            let most = start.pieces_of(color, Role::Tower).len() as u32;
            if count > most {
                return Err(PositionError::TooManyTowers { color, count, most });
            }
        }
        if pos.legal_moves(self).is_empty() {
            return Err(PositionError::NoMoves(pos.side_to_move()));
        }
        Ok(())
    }

    /// Reads a position typed as its piece lists, as a player writes one down from a diagram:
    /// `W: 32, 28, K46; B: 12, 19` (a part per colour; `K` king, `T` or `V` tower), or a FEN,
    /// which names its side to move; the typed form has `side` to move. Then
    /// [`Self::check_setup`].
    ///
    /// # Errors
    /// What cannot be read, or a position no game of these rules can reach.
    pub fn parse_setup(&self, text: &str, side: Color) -> Result<Position, FenError> {
        // A FEN has a colour letter right after its first colon ("W:W21:B9") or more than
        // one colon; "W: 32, 28" or "W: b4, d2" (which a FEN reader would take for Black's b4)
        // is the typed form.
        let colons = text.matches(':').count();
        let after_colon = text
            .split_once(':')
            .and_then(|(_, rest)| rest.chars().next());
        let fen_like =
            colons > 1 || after_colon.is_some_and(|c| matches!(c, 'W' | 'B' | 'w' | 'b'));
        let pos = if text.contains(';') || !fen_like {
            fen::parse_setup(self.board, text, side)?
        } else {
            // What fails as a FEN may still be the typed form; if both fail, a text of one
            // colon gets the typed form's error, and of more the FEN's.
            match fen::parse(self.board, text) {
                Ok(pos) => pos,
                Err(e) => match fen::parse_setup(self.board, text, side) {
                    Ok(pos) => pos,
                    Err(typed) if colons <= 1 => return Err(typed),
                    Err(_) => return Err(e),
                },
            }
        };
        self.check_setup(&pos).map_err(FenError::Position)?;
        Ok(pos)
    }
}

/// The five preset rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Variant {
    /// Česká dáma: 8×8, 12 men, flying kings, king capture priority.
    Czech,
    /// Česká dáma with 8 men, as the rule books give it: Black starts, quantity rule.
    CzechBook,
    /// Anglická dáma: English draughts / checkers.
    English,
    /// Dvě věže: 10×10, 18 men and 2 towers a side.
    TwoTowers,
    /// International draughts (FMJD).
    International,
}

/// The presets' rule sets, read once, each beside its variant: looked up by the variant, not
/// by its place in the enum, so that reordering the enum cannot mix them up.
static PRESETS: LazyLock<[(Variant, RuleSet); 5]> = LazyLock::new(|| {
    Variant::ALL.map(|v| {
        let rules = RuleSet::read_ron(v.ron()).expect("shipped rule set is valid");
        (v, rules)
    })
});

impl Variant {
    /// All presets, in menu order.
    pub const ALL: [Variant; 5] = [
        Variant::Czech,
        Variant::CzechBook,
        Variant::English,
        Variant::TwoTowers,
        Variant::International,
    ];

    /// The stable identifier of rules.md §3.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Czech => "czech",
            Variant::CzechBook => "czech-book",
            Variant::English => "english",
            Variant::TwoTowers => "two-towers",
            Variant::International => "international",
        }
    }

    /// The preset `rules` is, if it is one unchanged: data made for a preset (learned weights,
    /// endgame databases) does not fit a rule set of one's own that reuses its id.
    pub fn preset_of(rules: &RuleSet) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == rules.id && v.rules() == rules)
    }

    /// The preset's rule set.
    pub fn rules(self) -> &'static RuleSet {
        let (_, rules) = PRESETS
            .iter()
            .find(|(v, _)| *v == self)
            .expect("every preset is loaded");
        rules
    }

    /// The preset's data file (assets/variants/), as shipped inside the program.
    fn ron(self) -> &'static str {
        match self {
            Variant::Czech => include_str!("../../assets/variants/czech.ron"),
            Variant::CzechBook => include_str!("../../assets/variants/czech-book.ron"),
            Variant::English => include_str!("../../assets/variants/english.ron"),
            Variant::TwoTowers => include_str!("../../assets/variants/two-towers.ron"),
            Variant::International => include_str!("../../assets/variants/international.ron"),
        }
    }

    /// The preset's starting position.
    pub fn start_position(self) -> Position {
        self.rules()
            .start_position()
            .expect("shipped rule set is valid")
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An identifier that names no preset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        write!(
            f,
            "unknown variant '{}' (expected one of: {})",
            self.0,
            ids.join(", ")
        )
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == s)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_is_known_only_unchanged() {
        for v in Variant::ALL {
            assert_eq!(Variant::preset_of(v.rules()), Some(v));
        }
        let mut own = Variant::Czech.rules().clone();
        own.men_capture_backward = !own.men_capture_backward;
        assert_eq!(Variant::preset_of(&own), None);
    }

    #[test]
    fn each_preset_is_the_variant_of_its_id() {
        for v in Variant::ALL {
            assert_eq!(v.id(), v.rules().id, "{v:?}");
            assert_eq!(v.id().parse(), Ok(v));
            assert_eq!(
                RuleSet::from_ron(&v.rules().to_ron()).as_ref(),
                Ok(v.rules())
            );
        }
        assert_eq!(
            UnknownVariant("chess".into()).to_string(),
            "unknown variant 'chess' (expected one of: czech, czech-book, english, two-towers, \
             international)"
        );
    }

    #[test]
    fn a_rule_set_saved_before_the_pdn_fields_still_loads() {
        let old: String = include_str!("../../assets/variants/two-towers.ron")
            .lines()
            .filter(|l| !l.contains("pdn_"))
            .collect::<Vec<_>>()
            .join("\n");
        let rules = RuleSet::from_ron(&old).expect("old RON loads");
        assert_eq!(rules.pdn_game_type, "");
        assert!(!rules.pdn_variant_tag);
        assert_eq!(rules.id, "two-towers");
        // Unknown fields are still refused, and the error says where.
        let unknown = old.replace("claim:", "colour: White, claim:");
        let line = 1 + old.lines().position(|l| l.contains("claim:")).unwrap();
        match RuleSet::from_ron(&unknown) {
            Err(RuleSetError::Syntax { line: at, .. }) => assert_eq!(at, line),
            other => panic!("{other:?}"),
        }
    }

    /// What the rules core cannot play is refused with the field's name: a damaged autosave
    /// once brought in a repetition of none, a no-progress count of nothing and a tower in an
    /// 8×8 Česká dáma. House rules (a preset's id, other ways of capturing) still load.
    #[test]
    fn a_description_the_rules_core_cannot_play_names_its_field() {
        let czech = Variant::Czech.rules().to_ron();
        let refused = |text: String| match RuleSet::from_ron(&text) {
            Err(RuleSetError::Field { field, problem, .. }) => (field, problem),
            other => panic!("{other:?}"),
        };
        let towers = czech.replace("\"21-32\"", "\"21-31,T32\"");
        assert_ne!(towers, czech);
        assert_eq!(refused(towers), ("white", FieldProblem::NotThePreset));
        let ten = czech.replace("Eight", "Ten");
        assert_ne!(ten, czech);
        assert_eq!(refused(ten), ("board", FieldProblem::NotThePreset));
        let mut rules = Variant::Czech.rules().clone();
        rules.draw.repetition = Some(0);
        assert_eq!(
            refused(rules.to_ron()),
            ("draw.repetition", FieldProblem::TooFewRepetitions(0))
        );
        let mut rules = Variant::Czech.rules().clone();
        rules.draw.quiet_moves = Some(QuietMoves {
            moves_each: 0,
            man_move_resets: true,
        });
        assert_eq!(
            refused(rules.to_ron()),
            ("draw.quiet_moves.moves_each", FieldProblem::NoQuietMoves)
        );
        // House rules keep the id; a rule set of one's own may have towers on 8×8.
        let mut house = Variant::Czech.rules().clone();
        house.men_capture_backward = true;
        house.king = KingRange::Short;
        assert_eq!(RuleSet::from_ron(&house.to_ron()), Ok(house.clone()));
        house.id = "moje".into();
        house.white = "21-31,T32".into();
        assert_eq!(RuleSet::from_ron(&house.to_ron()), Ok(house));
    }
}
