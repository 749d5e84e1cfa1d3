//! What can go wrong reading a PDN file, and what is accepted with a warning: typed values that
//! carry their data, so that `speech::phrases::pdn` can say them in the user's language. Their
//! `Display` is the English the command line prints.

use std::fmt;
use std::io;

use crate::notation::{Leniency, MoveTextError};
use crate::rules::{Color, FenError, GameError, RuleSetError, Variant};

use super::{Encoding, GameTypeError, ResultToken, TextPos};

/// A PDN file that cannot be read: where, in which game, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {}{kind}", game_prefix(*.game))]
pub struct PdnError {
    /// Where the problem starts.
    pub pos: TextPos,
    /// The game it is in, counting from 1 (0 when not known).
    pub game: usize,
    /// What is wrong or what was expected.
    pub kind: PdnErrorKind,
}

/// "game 3: ", or nothing when the game is not known.
fn game_prefix(game: usize) -> String {
    if game == 0 {
        String::new()
    } else {
        format!("game {game}: ")
    }
}

/// `'x'` for a printable ASCII byte, else `byte 0xEF`.
fn shown_byte(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{b:02X}")
    }
}

/// Why a PDN text cannot be read or replayed: one kind per problem the lexer, the reader and
/// replay find, each with the data needed to describe it (the text, the tag, the limit, the
/// error of the layer below).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdnErrorKind {
    /// The system failed to deliver the file's bytes.
    #[error("cannot read: {message}")]
    Read {
        /// The kind of system error.
        kind: io::ErrorKind,
        /// The system's error number, if it gave one.
        code: Option<i32>,
        /// The system's own message (English).
        message: String,
    },
    /// A byte that starts no token (a UTF-8 byte-order mark that is not whole included).
    #[error(
        "unexpected {}: expected a tag, move, comment, variation or result",
        shown_byte(*.0)
    )]
    UnexpectedByte(u8),
    /// A control character (NUL, escape…) in a tag value, comment or set-up: binary data, not
    /// text.
    #[error("control character 0x{0:02X} in a tag or comment: the file is not text")]
    ControlCharacter(u8),
    /// `{` without `}`.
    #[error("unterminated comment: expected '}}'")]
    UnterminatedComment,
    /// `/…` set-up without the closing `/`.
    #[error("unterminated set-up: expected '/'")]
    UnterminatedSetup,
    /// A comment over the limit.
    #[error("comment longer than {limit} bytes")]
    CommentTooLong {
        /// The most bytes accepted.
        limit: usize,
    },
    /// A `/…/` set-up over the limit.
    #[error("set-up longer than {limit} bytes")]
    SetupTooLong {
        /// The most bytes accepted.
        limit: usize,
    },
    /// A tag name over the limit.
    #[error("tag name too long")]
    TagNameTooLong {
        /// The most bytes accepted.
        limit: usize,
    },
    /// A tag value over the limit.
    #[error("tag value too long")]
    TagValueTooLong {
        /// The tag.
        tag: String,
        /// The most bytes accepted.
        limit: usize,
    },
    /// A word of move text over the limit.
    #[error("move text too long")]
    MoveTextTooLong {
        /// The most bytes accepted.
        limit: usize,
    },
    /// `[` not followed by a name.
    #[error("expected a tag name after '['")]
    MissingTagName,
    /// A tag name not followed by a quoted value.
    #[error("expected '\"' to open the value of tag {tag}")]
    MissingTagValue {
        /// The tag.
        tag: String,
    },
    /// A tag value without its closing quote on the same line.
    #[error("unterminated value of tag {tag}: expected '\"'")]
    UnterminatedTagValue {
        /// The tag.
        tag: String,
    },
    /// A tag without its closing `]`.
    #[error("unterminated tag {tag}: expected ']'")]
    UnterminatedTag {
        /// The tag.
        tag: String,
    },
    /// A move number that does not fit in 32 bits.
    #[error("move number '{0}' too large")]
    MoveNumberTooLarge(String),
    /// `$` without a number from 0 to 65535.
    #[error("expected a number after '$'")]
    MissingNagNumber,
    /// More than two `!`/`?` marks.
    #[error("move strength longer than two marks")]
    StrengthTooLong,
    /// A variation still open at the end of the text.
    #[error("unterminated variation: expected ')'")]
    UnterminatedVariation,
    /// A variation still open at the game's result.
    #[error("unterminated variation: expected ')' before the result {}", .0.as_str())]
    VariationOpenAtResult(ResultToken),
    /// More moves (variations included) than [`MAX_NODES`](super::MAX_NODES).
    #[error("game longer than {limit} moves")]
    TooManyMoves {
        /// The most moves accepted.
        limit: usize,
    },
    /// Tags, comments and annotations of one game over
    /// [`MAX_GAME_TEXT`](super::MAX_GAME_TEXT) bytes of memory.
    #[error("the tags and comments of the game take more than {limit} bytes of memory")]
    GameTooLarge {
        /// The most bytes accepted.
        limit: usize,
    },
    /// Two marks that are not one of `!!`, `??`, `!?`, `?!`.
    #[error("unknown move strength '{0}'")]
    UnknownStrength(String),
    /// A move strength before any move of its line.
    #[error("move strength '{0}' without a move")]
    StrengthWithoutMove(String),
    /// A `$n` glyph before any move of its line.
    #[error("${0} without a move")]
    NagWithoutMove(u16),
    /// `(` before any move of its line.
    #[error("a variation '(' must follow the move it replaces")]
    VariationWithoutMove,
    /// Variations nested deeper than [`MAX_DEPTH`](super::MAX_DEPTH).
    #[error("variations nested deeper than {limit}")]
    TooDeep {
        /// The deepest nesting accepted.
        limit: usize,
    },
    /// A game without GameType read with the rule set its moves suggested, which then did not
    /// replay: the error, and how the game was read (it may be a game Dáma does not play).
    #[error(
        "{error} (the game has no GameType tag and was read as {} because of its {reason}; a \
         game of other rules, such as Russian or Italian draughts, Dáma does not play)",
        variant.rules().name_en
    )]
    ReadAs {
        /// The rule set the game was read with.
        variant: Variant,
        /// Why.
        reason: InferReason,
        /// What went wrong.
        error: Box<PdnErrorKind>,
    },
    /// A word in the moves that is no move, number or result (prose outside a comment).
    #[error(
        "unexpected text: '{0}' is not a move (expected a move, a move number, a comment or a \
         result)"
    )]
    NotAMove(String),
    /// `)` with no variation open.
    #[error("')' without a variation to close")]
    UnmatchedClose,
    /// A `/…/` set-up after a move of its line.
    #[error("a /set-up/ must come before the first move of a line")]
    SetupAfterMove,
    /// A GameType tag that is malformed or names a game Dáma does not play.
    #[error("{0}")]
    GameType(GameTypeError),
    /// A FEN tag that does not read as a position of the rule set.
    #[error("bad FEN tag '{fen}': {error}")]
    BadFenTag {
        /// The tag's value.
        fen: String,
        /// Why it does not read.
        error: FenError,
    },
    /// A `/…/` set-up in the moves that does not read as a position of the rule set.
    #[error("bad set-up '{fen}': {error}")]
    BadSetup {
        /// The set-up as written.
        fen: String,
        /// Why it does not read.
        error: FenError,
    },
    /// The rule set chosen cannot set up its starting position.
    #[error("{0}")]
    Rules(RuleSetError),
    /// A move that does not read, or matches no allowed move or several.
    #[error("{0}")]
    Move(MoveTextError),
    /// A move of the main line the game record refused.
    #[error("cannot replay the main line: {0}")]
    MainLine(GameError),
    /// `[%huff X]` where X is not a square.
    #[error("[%huff {0}]: not a square")]
    HuffSquare(String),
    /// `[%huff X]` that cannot be claimed.
    #[error("[%huff {square}]: {error}")]
    Huff {
        /// The square as written.
        square: String,
        /// Why the game refused the claim.
        error: GameError,
    },
    /// `[%takeback M]` where M is not a move the player could have made.
    #[error("[%takeback {text}]: {error}")]
    TakeBackMove {
        /// The move as written.
        text: String,
        /// Why it does not match.
        error: MoveTextError,
    },
    /// `[%takeback M]` that cannot be claimed.
    #[error("[%takeback {text}]: {error}")]
    TakeBack {
        /// The move as written.
        text: String,
        /// Why the game refused the move or the claim.
        error: GameError,
    },
}

impl PdnErrorKind {
    /// Whether this is a tag written wrong (no name, no quoted value, no closing quote or
    /// bracket): a tag of the header that reads so is skipped with a warning. A tag over a
    /// limit or with binary data in it stays an error.
    pub fn is_bad_tag(&self) -> bool {
        use PdnErrorKind as K;
        match self {
            K::MissingTagName
            | K::MissingTagValue { .. }
            | K::UnterminatedTagValue { .. }
            | K::UnterminatedTag { .. } => true,
            K::Read { .. }
            | K::UnexpectedByte(_)
            | K::ControlCharacter(_)
            | K::UnterminatedComment
            | K::UnterminatedSetup
            | K::CommentTooLong { .. }
            | K::SetupTooLong { .. }
            | K::TagNameTooLong { .. }
            | K::TagValueTooLong { .. }
            | K::MoveTextTooLong { .. }
            | K::MoveNumberTooLarge(_)
            | K::MissingNagNumber
            | K::StrengthTooLong
            | K::UnterminatedVariation
            | K::VariationOpenAtResult(_)
            | K::TooManyMoves { .. }
            | K::GameTooLarge { .. }
            | K::UnknownStrength(_)
            | K::StrengthWithoutMove(_)
            | K::NagWithoutMove(_)
            | K::VariationWithoutMove
            | K::TooDeep { .. }
            | K::ReadAs { .. }
            | K::NotAMove(_)
            | K::UnmatchedClose
            | K::SetupAfterMove
            | K::GameType(_)
            | K::BadFenTag { .. }
            | K::BadSetup { .. }
            | K::Rules(_)
            | K::Move(_)
            | K::MainLine(_)
            | K::HuffSquare(_)
            | K::Huff { .. }
            | K::TakeBackMove { .. }
            | K::TakeBack { .. } => false,
        }
    }

    /// The kind of a read error, keeping what the system said.
    pub fn read(e: &io::Error) -> PdnErrorKind {
        PdnErrorKind::Read {
            kind: e.kind(),
            code: e.raw_os_error(),
            message: e.to_string(),
        }
    }
}

impl PdnError {
    /// An error at `pos`, in a game not yet known.
    pub fn new(pos: TextPos, kind: PdnErrorKind) -> PdnError {
        PdnError { pos, game: 0, kind }
    }

    /// Sets the game number unless one is already set.
    pub(super) fn in_game(mut self, game: usize) -> PdnError {
        if self.game == 0 {
            self.game = game;
        }
        self
    }
}

/// Something accepted that is not quite PDN, for the caller to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// Where.
    pub pos: TextPos,
    /// The game, from 1.
    pub game: usize,
    /// What was accepted.
    pub kind: WarningKind,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}{}", self.pos, game_prefix(self.game), self.kind)
    }
}

/// What was accepted leniently, with its data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WarningKind {
    /// The text is not UTF-8; from here on it is decoded as `0`.
    NotUtf8(Encoding),
    /// Letters glued to the end of a move (`8-11Redoverstepped`), kept as a comment.
    Glued(String),
    /// A move whose capture mark does not match the move it was matched to.
    Lenient {
        /// The move as written.
        text: String,
        /// What was not as PDN writes it.
        leniency: Leniency,
    },
    /// A move written with spaces inside (`1- 6`), read without them.
    SpacedMove(String),
    /// A short capture that fits several paths, chosen as the one the next move can follow.
    ChosenByNextMove {
        /// The move as written.
        text: String,
        /// The path chosen, in full.
        chosen: String,
    },
    /// A tag with no value (`[Empty]`), kept with an empty one.
    TagWithoutValue(String),
    /// A tag whose `[` stands alone at the end of a line and its name on the next, read as
    /// one tag.
    SplitTag(String),
    /// A tag of the header that is not well formed (`[Type de jeu "20"]`, as a translating
    /// tool leaves one), skipped through its `]`, to the next `[` or to the line's end so that
    /// the game goes on: why it does not read (a [`PdnErrorKind::is_bad_tag`] kind).
    TagSkipped(Box<PdnErrorKind>),
    /// `-` as the result, read as `*` (unfinished).
    DashResult,
    /// `\r` or `\n` written out as text (after tags, as some exports have it), read as space.
    LiteralLineEnd,
    /// `(…)` that does not read as moves, kept as a comment.
    Prose(String),
    /// Match points as the result (`4-6`), read as the result because the Result tag says
    /// the same.
    MatchPoints(String),
    /// The Result tag and the result at the end of the moves disagree; the moves' is taken.
    ResultMismatch {
        /// The Result tag's value.
        tag: String,
        /// The result at the end of the moves.
        moves: ResultToken,
    },
    /// The stated result contradicts the final position (a win for the side that cannot
    /// move); the stated one is kept, as an adjudication.
    ResultContradicts {
        /// The result the file states.
        stated: ResultToken,
        /// The result the final position gives.
        position: ResultToken,
    },
    /// No GameType (nor Variant) tag: the rule set was chosen from the moves (rules.md §6).
    Inferred {
        /// The rule set chosen.
        variant: Variant,
        /// What in the game chose it.
        reason: InferReason,
    },
    /// A tag of who plays a side (`BlackType`, `BlackLevel`) with a value that names no player
    /// Dáma knows (a type other than `human` or `program`, a level out of range): a person
    /// plays that side.
    UnknownPlayer {
        /// The tag's name.
        tag: String,
        /// Its value.
        value: String,
        /// The side a person plays.
        side: Color,
    },
}

/// Why a game without GameType was read with the rule set it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InferReason {
    /// Squares above 32: a 10×10 board.
    SquaresAbove32,
    /// Moves with letters: algebraic, as Czech files write them.
    AlgebraicMoves,
    /// Squares 1–32 only, as English files write them.
    Squares1To32,
}

impl fmt::Display for InferReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            InferReason::SquaresAbove32 => "squares above 32",
            InferReason::AlgebraicMoves => "algebraic moves",
            InferReason::Squares1To32 => "squares 1-32",
        })
    }
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarningKind::NotUtf8(encoding) => {
                write!(f, "the file is not UTF-8: read as {encoding}")
            }
            WarningKind::Glued(text) => {
                write!(f, "text glued to a move kept as a comment: '{text}'")
            }
            WarningKind::Lenient { text, leniency } => write!(f, "{text}: {leniency}"),
            WarningKind::SpacedMove(text) => {
                write!(f, "move written with spaces, read as {text}")
            }
            WarningKind::ChosenByNextMove { text, chosen } => write!(
                f,
                "{text} fits several captures: read as {chosen}, which the moves after it follow"
            ),
            WarningKind::TagWithoutValue(name) => {
                write!(f, "tag {name} has no value: kept with an empty one")
            }
            WarningKind::TagSkipped(why) => {
                write!(f, "a tag that is not well formed is skipped: {why}")
            }
            WarningKind::DashResult => write!(f, "'-' as the result is read as '*' (unfinished)"),
            WarningKind::LiteralLineEnd => {
                write!(f, "a line end written out as text (\\r) is read as a space")
            }
            WarningKind::Prose(text) => {
                write!(
                    f,
                    "parenthesis that is not a variation kept as a comment: '{text}'"
                )
            }
            WarningKind::SplitTag(name) => {
                write!(f, "the tag {name} is split over two lines: read as one tag")
            }
            WarningKind::MatchPoints(text) => write!(
                f,
                "match points {text} read as the result, as the Result tag gives them"
            ),
            WarningKind::ResultMismatch { tag, moves } => write!(
                f,
                "the Result tag says {tag} but the moves end with {}: the moves' result is taken",
                moves.as_str()
            ),
            WarningKind::ResultContradicts { stated, position } => write!(
                f,
                "the result {} contradicts the final position, which gives {}: kept as an \
                 adjudication",
                stated.as_str(),
                position.as_str()
            ),
            WarningKind::Inferred { variant, reason } => write!(
                f,
                "no GameType tag: read as {} ({reason})",
                variant.rules().name_en
            ),
            WarningKind::UnknownPlayer { tag, value, side } => write!(
                f,
                "{tag} \"{value}\" names no player Dáma knows: a person plays {}",
                match side {
                    Color::White => "White",
                    Color::Black => "Black",
                }
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PdnErrorKind as K;

    /// The English of every kind, as the command line printed it when the kinds were strings.
    #[test]
    fn english_text_is_unchanged() {
        let fen = |error| K::BadFenTag {
            fen: "X".into(),
            error,
        };
        let cases: Vec<(PdnErrorKind, &str)> = vec![
            (
                K::read(&io::Error::other("disk on fire")),
                "cannot read: disk on fire",
            ),
            (
                K::UnexpectedByte(0xEF),
                "unexpected byte 0xEF: expected a tag, move, comment, variation or result",
            ),
            (
                K::UnexpectedByte(b'&'),
                "unexpected '&': expected a tag, move, comment, variation or result",
            ),
            (
                K::ControlCharacter(0),
                "control character 0x00 in a tag or comment: the file is not text",
            ),
            (K::UnterminatedComment, "unterminated comment: expected '}'"),
            (K::UnterminatedSetup, "unterminated set-up: expected '/'"),
            (
                K::CommentTooLong { limit: 1 << 20 },
                "comment longer than 1048576 bytes",
            ),
            (
                K::SetupTooLong { limit: 1 << 16 },
                "set-up longer than 65536 bytes",
            ),
            (K::TagNameTooLong { limit: 1 << 16 }, "tag name too long"),
            (
                K::TagValueTooLong {
                    tag: "Site".into(),
                    limit: 1 << 16,
                },
                "tag value too long",
            ),
            (K::MoveTextTooLong { limit: 1 << 16 }, "move text too long"),
            (K::MissingTagName, "expected a tag name after '['"),
            (
                K::MissingTagValue { tag: "Site".into() },
                "expected '\"' to open the value of tag Site",
            ),
            (
                K::UnterminatedTagValue { tag: "Site".into() },
                "unterminated value of tag Site: expected '\"'",
            ),
            (
                K::UnterminatedTag { tag: "Site".into() },
                "unterminated tag Site: expected ']'",
            ),
            (
                K::MoveNumberTooLarge("99999999999.".into()),
                "move number '99999999999.' too large",
            ),
            (K::MissingNagNumber, "expected a number after '$'"),
            (K::StrengthTooLong, "move strength longer than two marks"),
            (
                K::UnterminatedVariation,
                "unterminated variation: expected ')'",
            ),
            (
                K::VariationOpenAtResult(ResultToken::Draw),
                "unterminated variation: expected ')' before the result 1/2-1/2",
            ),
            (
                K::TooManyMoves { limit: 200_000 },
                "game longer than 200000 moves",
            ),
            (
                K::GameTooLarge { limit: 8 << 20 },
                "the tags and comments of the game take more than 8388608 bytes of memory",
            ),
            (
                K::UnknownStrength("!!!".into()),
                "unknown move strength '!!!'",
            ),
            (
                K::StrengthWithoutMove("!".into()),
                "move strength '!' without a move",
            ),
            (K::NagWithoutMove(5), "$5 without a move"),
            (
                K::VariationWithoutMove,
                "a variation '(' must follow the move it replaces",
            ),
            (K::TooDeep { limit: 64 }, "variations nested deeper than 64"),
            (K::UnmatchedClose, "')' without a variation to close"),
            (
                K::SetupAfterMove,
                "a /set-up/ must come before the first move of a line",
            ),
            (
                K::GameType(GameTypeError::NoNumber("checkers".into())),
                "GameType 'checkers' does not start with a game type number",
            ),
            (fen(FenError::Empty), "bad FEN tag 'X': empty FEN"),
            (
                K::BadSetup {
                    fen: "X".into(),
                    error: FenError::Empty,
                },
                "bad set-up 'X': empty FEN",
            ),
            (
                K::Rules(RuleSetError::Setup {
                    id: "x".into(),
                    error: FenError::Empty,
                }),
                "rule set x: starting position: empty FEN",
            ),
            (
                K::Move(MoveTextError::Syntax("banana".into())),
                "'banana' is not a move (expected e.g. 32-28, 28x19 or c3-d4)",
            ),
            (
                K::MainLine(GameError::GameOver),
                "cannot replay the main line: the game is over",
            ),
            (K::HuffSquare("z9".into()), "[%huff z9]: not a square"),
            (
                K::Huff {
                    square: "30".into(),
                    error: GameError::NoClaim,
                },
                "[%huff 30]: there is nothing to claim",
            ),
            (
                K::TakeBackMove {
                    text: "1-5".into(),
                    error: MoveTextError::Syntax("1-5".into()),
                },
                "[%takeback 1-5]: '1-5' is not a move (expected e.g. 32-28, 28x19 or c3-d4)",
            ),
            (
                K::TakeBack {
                    text: "1-5".into(),
                    error: GameError::NoClaim,
                },
                "[%takeback 1-5]: there is nothing to claim",
            ),
        ];
        for (kind, text) in cases {
            assert_eq!(kind.to_string(), text, "{kind:?}");
        }
        let at = TextPos { line: 12, col: 5 };
        let mut e = PdnError::new(at, K::UnmatchedClose);
        assert_eq!(e.to_string(), "12:5: ')' without a variation to close");
        e = e.in_game(3).in_game(4);
        assert_eq!(
            e.to_string(),
            "12:5: game 3: ')' without a variation to close"
        );
    }

    #[test]
    fn english_warnings_are_unchanged() {
        let cases = [
            (
                WarningKind::NotUtf8(Encoding::Windows1250),
                "the file is not UTF-8: read as Windows-1250",
            ),
            (
                WarningKind::Glued("Red".into()),
                "text glued to a move kept as a comment: 'Red'",
            ),
            (
                WarningKind::TagSkipped(Box::new(PdnErrorKind::MissingTagValue {
                    tag: "Type".into(),
                })),
                "a tag that is not well formed is skipped: expected '\"' to open the value of tag Type",
            ),
            (
                WarningKind::Lenient {
                    text: "11x15".into(),
                    leniency: Leniency::CaptureMarkOnPlainMove,
                },
                "11x15: a plain move is written as a capture",
            ),
            (
                WarningKind::Inferred {
                    variant: Variant::International,
                    reason: InferReason::SquaresAbove32,
                },
                "no GameType tag: read as International draughts (squares above 32)",
            ),
            (
                WarningKind::Inferred {
                    variant: Variant::Czech,
                    reason: InferReason::AlgebraicMoves,
                },
                "no GameType tag: read as Czech draughts (algebraic moves)",
            ),
            (
                WarningKind::Inferred {
                    variant: Variant::English,
                    reason: InferReason::Squares1To32,
                },
                "no GameType tag: read as English draughts (squares 1-32)",
            ),
            (
                WarningKind::UnknownPlayer {
                    tag: "BlackLevel".into(),
                    value: "9".into(),
                    side: Color::Black,
                },
                "BlackLevel \"9\" names no player Dáma knows: a person plays Black",
            ),
        ];
        for (kind, text) in cases {
            assert_eq!(kind.to_string(), text);
        }
        let w = Warning {
            pos: TextPos { line: 1, col: 8 },
            game: 2,
            kind: WarningKind::Glued("Red".into()),
        };
        assert_eq!(
            w.to_string(),
            "1:8: game 2: text glued to a move kept as a comment: 'Red'"
        );
    }
}
