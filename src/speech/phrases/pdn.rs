//! A game file in words: why a PDN file cannot be read or replayed, what was accepted with a
//! warning, and a GameType tag that names no game Dáma plays. The PDN layer hands over typed
//! values with their data; the sentences, with the place in the file, are made here in the
//! user's language (its own `Display` is the command line's English). The errors of the rules
//! core that a file can carry (FEN, positions, rule sets) are said by `setup`, and named here too
//! for the callers that find them with the file's errors.

use crate::language::Language;
use crate::notation::Leniency;
use crate::notation::pdn::{
    Encoding, GameTypeError, InferReason, PdnError, PdnErrorKind, TextPos, Warning, WarningKind,
    game_type_numbers,
};
use crate::rules::{Color, Variant};

use super::errors::{MoveWords, counted, game_error, io_error, move_text_error};
use super::excerpt;
use super::names::rules_name;
pub use super::setup::{fen_error, position_error, rule_set_error, unknown_variant};

use Language::{Czech, English};

/// "65536 bajtů", "65536 bytes": the limits on the length of text.
fn bytes(lang: Language, n: usize) -> String {
    let forms = match lang {
        Czech => ["bajt", "bajty", "bajtů"],
        English => ["byte", "bytes", "bytes"],
    };
    counted(lang, n, forms)
}

/// Where in the file: "Partie 3, řádek 12, sloupec 5", "Line 12, column 5" (no game number
/// when it is not known).
fn place(lang: Language, game: usize, pos: TextPos) -> String {
    let (line, col) = (pos.line, pos.col);
    match (lang, game) {
        (Czech, 0) => format!("Řádek {line}, sloupec {col}"),
        (Czech, g) => format!("Partie {g}, řádek {line}, sloupec {col}"),
        (English, 0) => format!("Line {line}, column {col}"),
        (English, g) => format!("Game {g}, line {line}, column {col}"),
    }
}

/// Why a PDN file cannot be read, with the place: "Partie 3, řádek 12, sloupec 5: Komentář
/// není uzavřen, chybí „}“."
pub fn pdn_error(lang: Language, e: &PdnError) -> String {
    format!(
        "{}: {}",
        place(lang, e.game, e.pos),
        pdn_error_kind(lang, &e.kind)
    )
}

/// What was accepted leniently, with the place: "Partie 1, řádek 1, sloupec 8: Text „Red“
/// přilepený k tahu je zachován jako komentář."
pub fn pdn_warning(lang: Language, w: &Warning) -> String {
    format!(
        "{}: {}",
        place(lang, w.game, w.pos),
        pdn_warning_kind(lang, &w.kind)
    )
}

/// [`pdn_error`] without the place, for a caller that says it otherwise.
pub fn pdn_error_kind(lang: Language, kind: &PdnErrorKind) -> String {
    use PdnErrorKind as K;
    match (lang, kind) {
        (
            _,
            K::Read {
                kind,
                code,
                message,
            },
        ) => {
            let why = io_error(lang, *kind, *code, message);
            match lang {
                Czech => format!("Soubor nelze dočíst: {why}."),
                English => format!("The file could not be read to the end: {why}."),
            }
        }
        (Czech, K::UnexpectedByte(b)) if b.is_ascii_graphic() => format!(
            "Znak „{}“ sem nepatří: čeká se značka, tah, komentář, varianta nebo výsledek.",
            *b as char
        ),
        (Czech, K::UnexpectedByte(b)) => format!(
            "Bajt 0x{b:02X} sem nepatří: čeká se značka, tah, komentář, varianta nebo výsledek."
        ),
        (English, K::UnexpectedByte(b)) if b.is_ascii_graphic() => format!(
            "“{}” does not belong here: a tag, move, comment, variation or result was expected.",
            *b as char
        ),
        (English, K::UnexpectedByte(b)) => format!(
            "Byte 0x{b:02X} does not belong here: a tag, move, comment, variation or result \
             was expected."
        ),
        (Czech, K::ControlCharacter(b)) => format!(
            "Ve značce nebo komentáři je řídicí znak 0x{b:02X}: soubor není text, ale binární \
             data."
        ),
        (English, K::ControlCharacter(b)) => format!(
            "A tag or comment holds the control character 0x{b:02X}: the file is binary data, \
             not text."
        ),
        (Czech, K::UnterminatedComment) => "Komentář není uzavřen, chybí „}“.".into(),
        (English, K::UnterminatedComment) => "A comment is not closed: “}” is missing.".into(),
        (Czech, K::UnterminatedSetup) => "Postavení mezi lomítky není uzavřeno, chybí „/“.".into(),
        (English, K::UnterminatedSetup) => {
            "A set-up between slashes is not closed: “/” is missing.".into()
        }
        (Czech, K::CommentTooLong { limit }) => {
            format!("Komentář je delší než {}.", bytes(lang, *limit))
        }
        (English, K::CommentTooLong { limit }) => {
            format!("A comment is longer than {}.", bytes(lang, *limit))
        }
        (Czech, K::SetupTooLong { limit }) => format!(
            "Postavení mezi lomítky je delší než {}.",
            bytes(lang, *limit)
        ),
        (English, K::SetupTooLong { limit }) => format!(
            "A set-up between slashes is longer than {}.",
            bytes(lang, *limit)
        ),
        (Czech, K::TagNameTooLong { limit }) => {
            format!("Jméno značky je delší než {}.", bytes(lang, *limit))
        }
        (English, K::TagNameTooLong { limit }) => {
            format!("A tag name is longer than {}.", bytes(lang, *limit))
        }
        (Czech, K::TagValueTooLong { tag, limit }) => {
            format!(
                "Hodnota značky {tag} je delší než {}.",
                bytes(lang, *limit),
                tag = excerpt(tag)
            )
        }
        (English, K::TagValueTooLong { tag, limit }) => format!(
            "The value of tag {tag} is longer than {}.",
            bytes(lang, *limit),
            tag = excerpt(tag)
        ),
        (Czech, K::MoveTextTooLong { limit }) => {
            format!("Zápis tahu je delší než {}.", bytes(lang, *limit))
        }
        (English, K::MoveTextTooLong { limit }) => {
            format!("A move is longer than {}.", bytes(lang, *limit))
        }
        (Czech, K::MissingTagName) => "Za „[“ chybí jméno značky.".into(),
        (English, K::MissingTagName) => "A tag name is missing after “[”.".into(),
        (Czech, K::MissingTagValue { tag }) => {
            format!(
                "Hodnota značky {tag} má být v uvozovkách, chybí úvodní „\"“.",
                tag = excerpt(tag)
            )
        }
        (English, K::MissingTagValue { tag }) => {
            format!(
                "The value of tag {tag} must be in quotes: the opening “\"” is missing.",
                tag = excerpt(tag)
            )
        }
        (Czech, K::UnterminatedTagValue { tag }) => {
            format!(
                "Hodnota značky {tag} není uzavřena, na konci řádku chybí „\"“.",
                tag = excerpt(tag)
            )
        }
        (English, K::UnterminatedTagValue { tag }) => format!(
            "The value of tag {tag} is not closed: the closing “\"” is missing on its line.",
            tag = excerpt(tag)
        ),
        (Czech, K::UnterminatedTag { tag }) => {
            format!("Značka {tag} není uzavřena, chybí „]“.", tag = excerpt(tag))
        }
        (English, K::UnterminatedTag { tag }) => {
            format!(
                "Tag {tag} is not closed: “]” is missing.",
                tag = excerpt(tag)
            )
        }
        (Czech, K::MoveNumberTooLarge(text)) => {
            format!("Číslo tahu „{text}“ je příliš velké.", text = excerpt(text))
        }
        (English, K::MoveNumberTooLarge(text)) => {
            format!(
                "The move number “{text}” is too large.",
                text = excerpt(text)
            )
        }
        (Czech, K::MissingNagNumber) => {
            "Za „$“ musí následovat číslo hodnocení od 0 do 65535.".into()
        }
        (English, K::MissingNagNumber) => {
            "“$” must be followed by an annotation number from 0 to 65535.".into()
        }
        (Czech, K::StrengthTooLong) => {
            "Hodnocení tahu má nejvýš dvě znaménka, například „!?“.".into()
        }
        (English, K::StrengthTooLong) => {
            "A move strength has at most two marks, such as “!?”.".into()
        }
        (Czech, K::UnterminatedVariation) => "Varianta není uzavřena, chybí „)“.".into(),
        (English, K::UnterminatedVariation) => "A variation is not closed: “)” is missing.".into(),
        (Czech, K::VariationOpenAtResult(r)) => format!(
            "Varianta není uzavřena, před výsledkem {} chybí „)“.",
            r.as_str()
        ),
        (English, K::VariationOpenAtResult(r)) => format!(
            "A variation is not closed: “)” is missing before the result {}.",
            r.as_str()
        ),
        (Czech, K::TooManyMoves { limit }) => format!(
            "Partie má i s variantami víc než {}.",
            counted(lang, *limit, ["tah", "tahy", "tahů"])
        ),
        (English, K::TooManyMoves { limit }) => format!(
            "The game has more than {}, variations included.",
            counted(lang, *limit, ["move", "moves", "moves"])
        ),
        (Czech, K::GameTooLarge { limit }) => format!(
            "Značky, komentáře a hodnocení partie by zabraly víc než {} paměti.",
            bytes(lang, *limit)
        ),
        (English, K::GameTooLarge { limit }) => format!(
            "The tags, comments and annotations of the game would take more than {} of memory.",
            bytes(lang, *limit)
        ),
        (Czech, K::UnknownStrength(s)) => {
            format!("„{s}“ není známé hodnocení tahu.", s = excerpt(s))
        }
        (English, K::UnknownStrength(s)) => {
            format!("“{s}” is not a known move strength.", s = excerpt(s))
        }
        (Czech, K::StrengthWithoutMove(s)) => {
            format!(
                "Hodnocení „{s}“ nenásleduje po žádném tahu.",
                s = excerpt(s)
            )
        }
        (English, K::StrengthWithoutMove(s)) => {
            format!(
                "The move strength “{s}” does not follow a move.",
                s = excerpt(s)
            )
        }
        (Czech, K::NagWithoutMove(n)) => format!("Hodnocení ${n} nenásleduje po žádném tahu."),
        (English, K::NagWithoutMove(n)) => format!("The annotation ${n} does not follow a move."),
        (Czech, K::VariationWithoutMove) => {
            "Varianta „(“ musí stát za tahem, který nahrazuje.".into()
        }
        (English, K::VariationWithoutMove) => {
            "A variation “(” must follow the move it replaces.".into()
        }
        (Czech, K::TooDeep { limit }) => format!(
            "Varianty jsou do sebe vnořené příliš hluboko, nejvýš je možná hloubka {limit}."
        ),
        (English, K::TooDeep { limit }) => format!(
            "Variations are nested too deep: at most {} are possible.",
            counted(lang, *limit, ["level", "levels", "levels"])
        ),
        (
            Czech,
            K::ReadAs {
                variant,
                reason,
                error,
            },
        ) => {
            let why = match reason {
                InferReason::SquaresAbove32 => "jsou v ní pole nad 32",
                InferReason::AlgebraicMoves => "tahy jsou zapsány algebraicky",
                InferReason::Squares1To32 => "jsou v ní jen pole 1 až 32",
            };
            format!(
                "{} Partie nemá značku GameType a četla se jako {}, protože {why}; jde-li o hru \
                 s jinými pravidly, například ruskou nebo italskou dámu, tu Dáma nehraje.",
                pdn_error_kind(lang, error),
                rules_name(lang, variant.rules())
            )
        }
        (
            English,
            K::ReadAs {
                variant,
                reason,
                error,
            },
        ) => {
            let why = match reason {
                InferReason::SquaresAbove32 => "it has squares above 32",
                InferReason::AlgebraicMoves => "its moves are written in algebraic notation",
                InferReason::Squares1To32 => "it has squares 1 to 32 only",
            };
            format!(
                "{} The game has no GameType tag and was read as {} because {why}; if it is a \
                 game of other rules, such as Russian or Italian draughts, Dáma does not play it.",
                pdn_error_kind(lang, error),
                rules_name(lang, variant.rules())
            )
        }
        (Czech, K::NotAMove(word)) => format!(
            "„{word}“ není tah: čeká se tah, číslo tahu, komentář ve složených závorkách nebo \
             výsledek.",
            word = excerpt(word)
        ),
        (English, K::NotAMove(word)) => format!(
            "“{word}” is not a move: expected a move, a move number, a comment in braces or a \
             result.",
            word = excerpt(word)
        ),
        (Czech, K::UnmatchedClose) => "„)“ neuzavírá žádnou variantu.".into(),
        (English, K::UnmatchedClose) => "“)” closes no variation.".into(),
        (Czech, K::SetupAfterMove) => {
            "Postavení mezi lomítky smí stát jen před prvním tahem partie nebo varianty.".into()
        }
        (English, K::SetupAfterMove) => {
            "A set-up between slashes may only stand before the first move of the game or of \
             a variation."
                .into()
        }
        (_, K::GameType(e)) => game_type_error(lang, e),
        (Czech, K::BadFenTag { fen, error }) => {
            format!(
                "Značka FEN „{fen}“ je chybná. {}",
                fen_error(lang, error),
                fen = excerpt(fen)
            )
        }
        (English, K::BadFenTag { fen, error }) => {
            format!(
                "The FEN tag “{fen}” is wrong. {}",
                fen_error(lang, error),
                fen = excerpt(fen)
            )
        }
        (Czech, K::BadSetup { fen, error }) => format!(
            "Postavení „{fen}“ mezi tahy je chybné. {}",
            fen_error(lang, error),
            fen = excerpt(fen)
        ),
        (English, K::BadSetup { fen, error }) => format!(
            "The set-up “{fen}” among the moves is wrong. {}",
            fen_error(lang, error),
            fen = excerpt(fen)
        ),
        (_, K::Rules(e)) => rule_set_error(lang, e),
        (_, K::Move(e)) => move_text_error(lang, MoveWords::Written, e),
        (Czech, K::MainLine(e)) => {
            format!(
                "Hlavní variantu nelze přehrát. {}",
                game_error(lang, MoveWords::Written, e)
            )
        }
        (English, K::MainLine(e)) => {
            format!(
                "The main line cannot be replayed. {}",
                game_error(lang, MoveWords::Written, e)
            )
        }
        (Czech, K::HuffSquare(sq)) => format!(
            "Příkaz [%huff {sq}] k odebrání kamene, který zapomněl skákat, neudává platné pole.",
            sq = excerpt(sq)
        ),
        (English, K::HuffSquare(sq)) => format!(
            "The command [%huff {sq}] to remove a piece that forgot to capture does not name a \
             square.",
            sq = excerpt(sq)
        ),
        (Czech, K::Huff { square, error }) => format!(
            "Kámen na poli {square} nelze odebrat za zapomenuté skákání ([%huff {square}]). {}",
            game_error(lang, MoveWords::Written, error),
            square = excerpt(square)
        ),
        (English, K::Huff { square, error }) => format!(
            "The piece on square {square} cannot be removed for a forgotten capture \
             ([%huff {square}]). {}",
            game_error(lang, MoveWords::Written, error),
            square = excerpt(square)
        ),
        (Czech, K::TakeBackMove { text, error }) => format!(
            "Tah {text} nelze vrátit za zapomenuté skákání ([%takeback {text}]). {}",
            move_text_error(lang, MoveWords::Written, error),
            text = excerpt(text)
        ),
        (English, K::TakeBackMove { text, error }) => format!(
            "The move {text} cannot be taken back for a forgotten capture \
             ([%takeback {text}]). {}",
            move_text_error(lang, MoveWords::Written, error),
            text = excerpt(text)
        ),
        (Czech, K::TakeBack { text, error }) => format!(
            "Tah {text} nelze vrátit za zapomenuté skákání ([%takeback {text}]). {}",
            game_error(lang, MoveWords::Written, error),
            text = excerpt(text)
        ),
        (English, K::TakeBack { text, error }) => format!(
            "The move {text} cannot be taken back for a forgotten capture \
             ([%takeback {text}]). {}",
            game_error(lang, MoveWords::Written, error),
            text = excerpt(text)
        ),
    }
}

/// "Windows-1250".
fn encoding_name(e: Encoding) -> &'static str {
    // The standard names ("Windows-1252"), the same in Czech and English; never the variant's
    // identifier.
    e.name()
}

/// [`pdn_warning`] without the place, for a caller that says it otherwise.
pub fn pdn_warning_kind(lang: Language, kind: &WarningKind) -> String {
    match (lang, kind) {
        (Czech, WarningKind::NotUtf8(e)) => format!(
            "Soubor není v kódování UTF-8, čte se jako {}.",
            encoding_name(*e)
        ),
        (English, WarningKind::NotUtf8(e)) => format!(
            "The file is not in UTF-8; it is read as {}.",
            encoding_name(*e)
        ),
        (Czech, WarningKind::Glued(text)) => {
            format!(
                "Text „{text}“ přilepený k tahu je zachován jako komentář.",
                text = excerpt(text)
            )
        }
        (English, WarningKind::Glued(text)) => {
            format!(
                "The text “{text}” glued to a move is kept as a comment.",
                text = excerpt(text)
            )
        }
        (Czech, WarningKind::Lenient { text, leniency }) => match leniency {
            Leniency::CaptureMarkOnPlainMove => {
                format!(
                    "Tah {text} je zapsán jako skok, ale žádný kámen nebere.",
                    text = excerpt(text)
                )
            }
            Leniency::PlainMarkOnCapture => {
                format!(
                    "Tah {text} je skok, ale je zapsán jako obyčejný tah.",
                    text = excerpt(text)
                )
            }
        },
        (English, WarningKind::Lenient { text, leniency }) => match leniency {
            Leniency::CaptureMarkOnPlainMove => {
                format!(
                    "{text} is written as a capture but captures nothing.",
                    text = excerpt(text)
                )
            }
            Leniency::PlainMarkOnCapture => {
                format!(
                    "{text} is a capture but is written as a plain move.",
                    text = excerpt(text)
                )
            }
        },
        (Czech, WarningKind::ChosenByNextMove { text, chosen }) => format!(
            "Skok {text} lze zahrát několika cestami; čte se jako {chosen}, po kterém jdou zahrát \
             další tahy partie.",
            text = excerpt(text)
        ),
        (English, WarningKind::ChosenByNextMove { text, chosen }) => format!(
            "The capture {text} fits several paths; it is read as {chosen}, after which the \
             next moves of the game are legal.",
            text = excerpt(text)
        ),
        (Czech, WarningKind::TagWithoutValue(name)) => {
            format!(
                "Značka {name} nemá hodnotu; je zachována s prázdnou.",
                name = excerpt(name)
            )
        }
        (English, WarningKind::TagWithoutValue(name)) => {
            format!(
                "The tag {name} has no value; it is kept with an empty one.",
                name = excerpt(name)
            )
        }
        (Czech, WarningKind::SplitTag(name)) => format!(
            "Značka {name} je rozdělená na dva řádky; čte se jako jedna značka.",
            name = excerpt(name)
        ),
        (English, WarningKind::SplitTag(name)) => format!(
            "The tag {name} is split over two lines; it is read as one tag.",
            name = excerpt(name)
        ),
        (Czech, WarningKind::TagSkipped(why)) => format!(
            "Značka v záhlaví není správně zapsaná, proto se přeskakuje. {}",
            pdn_error_kind(lang, why)
        ),
        (English, WarningKind::TagSkipped(why)) => format!(
            "A tag in the header is not well formed, so it is skipped. {}",
            pdn_error_kind(lang, why)
        ),
        (Czech, WarningKind::DashResult) => {
            "Výsledek „-“ se čte jako „*“ (nedohraná partie).".into()
        }
        (English, WarningKind::DashResult) => {
            "The result “-” is read as “*” (an unfinished game).".into()
        }
        (Czech, WarningKind::LiteralLineEnd) => {
            "Konec řádku zapsaný jako text (\\r) se čte jako mezera.".into()
        }
        (English, WarningKind::LiteralLineEnd) => {
            "A line end written out as text (\\r) is read as a space.".into()
        }
        (Czech, WarningKind::SpacedMove(text)) => {
            format!(
                "Tah je zapsán s mezerami, čte se jako {text}.",
                text = excerpt(text)
            )
        }
        (English, WarningKind::SpacedMove(text)) => {
            format!(
                "A move is written with spaces; it is read as {text}.",
                text = excerpt(text)
            )
        }
        (Czech, WarningKind::Prose(text)) => {
            format!(
                "Text v závorce „{text}“ není varianta; je zachován jako komentář.",
                text = excerpt(text)
            )
        }
        (English, WarningKind::Prose(text)) => {
            format!(
                "The text in parentheses “{text}” is not a variation; it is kept as a comment.",
                text = excerpt(text)
            )
        }
        (Czech, WarningKind::MatchPoints(text)) => format!(
            "Body zápasu {text} na konci tahů se čtou jako výsledek, jak ho uvádí záhlaví partie.",
            text = excerpt(text)
        ),
        (English, WarningKind::MatchPoints(text)) => format!(
            "The match points {text} at the end of the moves are read as the result, as the \
             Result tag gives it.",
            text = excerpt(text)
        ),
        (Czech, WarningKind::ResultMismatch { tag, moves }) => format!(
            "Výsledek v záhlaví partie ({tag}) nesouhlasí s výsledkem na konci tahů ({}); platí \
             výsledek u tahů.",
            moves.as_str(),
            tag = excerpt(tag)
        ),
        (English, WarningKind::ResultMismatch { tag, moves }) => format!(
            "The Result tag says {tag} but the moves end with {}; the result at the moves is \
             taken.",
            moves.as_str(),
            tag = excerpt(tag)
        ),
        (Czech, WarningKind::ResultContradicts { stated, position }) => format!(
            "Výsledek {} odporuje konečné pozici, podle které je výsledek {}; ponechává se \
             výsledek ze souboru jako rozhodnutý mimo hru.",
            stated.as_str(),
            position.as_str()
        ),
        (English, WarningKind::ResultContradicts { stated, position }) => format!(
            "The result {} contradicts the final position, which gives {}; the file's result is \
             kept as adjudicated.",
            stated.as_str(),
            position.as_str()
        ),
        (Czech, WarningKind::Inferred { variant, reason }) => {
            let why = match reason {
                InferReason::SquaresAbove32 => "jsou v ní pole nad 32",
                InferReason::AlgebraicMoves => "tahy jsou zapsány algebraicky",
                InferReason::Squares1To32 => "jsou v ní jen pole 1 až 32",
            };
            format!(
                "Partie nemá značku GameType, proto se čte jako {}: {why}.",
                rules_name(lang, variant.rules())
            )
        }
        (English, WarningKind::Inferred { variant, reason }) => {
            let why = match reason {
                InferReason::SquaresAbove32 => "it has squares above 32",
                InferReason::AlgebraicMoves => "its moves are written in algebraic notation",
                InferReason::Squares1To32 => "it has squares 1 to 32 only",
            };
            format!(
                "The game has no GameType tag, so it is read as {}: {why}.",
                rules_name(lang, variant.rules())
            )
        }
        (Czech, WarningKind::UnknownPlayer { tag, value, side }) => format!(
            "Značka {tag} „{value}“ neudává hráče, kterého Dáma zná; za {} proto hraje člověk.",
            match side {
                Color::White => "bílého",
                Color::Black => "černého",
            },
            tag = excerpt(tag),
            value = excerpt(value)
        ),
        (English, WarningKind::UnknownPlayer { tag, value, side }) => format!(
            "The tag {tag} “{value}” names no player Dáma knows, so a person plays {}.",
            match side {
                Color::White => "White",
                Color::Black => "Black",
            },
            tag = excerpt(tag),
            value = excerpt(value)
        ),
    }
}

/// A GameType tag that names no game Dáma plays, with the games it does play (from the
/// presets' data).
pub fn game_type_error(lang: Language, e: &GameTypeError) -> String {
    match (lang, e) {
        (_, GameTypeError::UnknownVariant(name)) => {
            let known: Vec<&str> = Variant::ALL
                .into_iter()
                .map(|v| rules_name(lang, v.rules()))
                .collect();
            let known = known.join(", ");
            match lang {
                Czech => format!(
                    "Značka Variant uvádí hru „{name}“, kterou Dáma nehraje. Hraje tyto: {known}.",
                    name = excerpt(name)
                ),
                English => format!(
                    "The Variant tag names “{name}”, a game Dáma does not play. It plays: {known}.",
                    name = excerpt(name)
                ),
            }
        }
        (Czech, GameTypeError::NoNumber(value)) => {
            format!(
                "Značka GameType „{value}“ nezačíná číslem typu hry.",
                value = excerpt(value)
            )
        }
        (English, GameTypeError::NoNumber(value)) => {
            format!(
                "The GameType tag “{value}” does not start with a game type number.",
                value = excerpt(value)
            )
        }
        (_, GameTypeError::Unknown(n)) => {
            let known: Vec<String> = game_type_numbers()
                .into_iter()
                .map(|(k, v)| format!("{k} – {}", rules_name(lang, v.rules())))
                .collect();
            let known = known.join(", ");
            match lang {
                Czech => format!(
                    "Značka GameType uvádí typ hry {n}, který Dáma nehraje. Hraje tyto: {known}."
                ),
                English => format!(
                    "The GameType tag names game type {n}, which Dáma does not play. It plays: \
                     {known}."
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::io;
    use std::mem::discriminant;

    use super::*;
    use crate::notation::MoveTextError;
    use crate::notation::pdn::ResultToken;
    use crate::rules::{Board, FenError, GameError, RuleSetError};

    fn at(line: u32, col: u32) -> TextPos {
        TextPos { line, col }
    }

    #[test]
    fn golden_errors() {
        let e = PdnError {
            pos: at(12, 5),
            game: 3,
            kind: PdnErrorKind::UnterminatedComment,
        };
        assert_eq!(
            pdn_error(Czech, &e),
            "Partie 3, řádek 12, sloupec 5: Komentář není uzavřen, chybí „}“."
        );
        assert_eq!(
            pdn_error(English, &e),
            "Game 3, line 12, column 5: A comment is not closed: “}” is missing."
        );
        let e = PdnError::new(
            at(2, 1),
            PdnErrorKind::BadFenTag {
                fen: "B:W33".into(),
                error: FenError::BadSquare {
                    square: "33".into(),
                    board: Board::Eight,
                },
            },
        );
        assert_eq!(
            pdn_error(Czech, &e),
            "Řádek 2, sloupec 1: Značka FEN „B:W33“ je chybná. Pole „33“ na desce 8×8 není."
        );
        assert_eq!(
            pdn_error(English, &e),
            "Line 2, column 1: The FEN tag “B:W33” is wrong. There is no square “33” on the \
             8×8 board."
        );
        let e = PdnError {
            pos: at(5, 8),
            game: 1,
            kind: PdnErrorKind::Move(MoveTextError::Illegal {
                text: "21-14".into(),
                legal: vec!["21-17".into(), "22-18".into()],
                board: crate::rules::Board::Eight,
            }),
        };
        assert_eq!(
            pdn_error(Czech, &e),
            "Partie 1, řádek 5, sloupec 8: Tah 21-14 tu zahrát nelze. Možné tahy: 21-17, 22-18."
        );
        // A move after the game's end: no list of moves, but words that there is none.
        let e = PdnError {
            pos: at(3, 4),
            game: 3,
            kind: PdnErrorKind::Move(MoveTextError::Illegal {
                text: "29-25".into(),
                legal: Vec::new(),
                board: crate::rules::Board::Eight,
            }),
        };
        assert_eq!(
            pdn_error(Czech, &e),
            "Partie 3, řádek 3, sloupec 4: Tah 29-25 tu zahrát nelze. V této pozici není možný \
             žádný tah."
        );
        assert_eq!(
            pdn_error(English, &e),
            "Game 3, line 3, column 4: 29-25 cannot be played here. There is no legal move in \
             this position."
        );
        let e = PdnErrorKind::Read {
            kind: io::ErrorKind::PermissionDenied,
            code: Some(13),
            message: "Permission denied (os error 13)".into(),
        };
        assert_eq!(
            pdn_error_kind(Czech, &e),
            "Soubor nelze dočíst: chybí oprávnění."
        );
        assert_eq!(
            pdn_error_kind(English, &e),
            "The file could not be read to the end: Permission denied (os error 13)."
        );
        let e = PdnErrorKind::TooManyMoves { limit: 200_000 };
        assert_eq!(
            pdn_error_kind(Czech, &e),
            "Partie má i s variantami víc než 200000 tahů."
        );
        let e = PdnErrorKind::GameTooLarge { limit: 8 << 20 };
        assert_eq!(
            pdn_error_kind(Czech, &e),
            "Značky, komentáře a hodnocení partie by zabraly víc než 8388608 bajtů paměti."
        );
        assert_eq!(
            pdn_error_kind(English, &e),
            "The tags, comments and annotations of the game would take more than 8388608 \
             bytes of memory."
        );
        let e = PdnError {
            pos: at(3, 9),
            game: 2,
            kind: PdnErrorKind::ControlCharacter(0),
        };
        assert_eq!(
            pdn_error(Czech, &e),
            "Partie 2, řádek 3, sloupec 9: Ve značce nebo komentáři je řídicí znak 0x00: soubor \
             není text, ale binární data."
        );
        assert_eq!(
            pdn_error(English, &e),
            "Game 2, line 3, column 9: A tag or comment holds the control character 0x00: the \
             file is binary data, not text."
        );
        let e = PdnErrorKind::GameType(GameTypeError::Unknown(30));
        assert_eq!(
            pdn_error_kind(Czech, &e),
            "Značka GameType uvádí typ hry 30, který Dáma nehraje. Hraje tyto: \
             20 – Mezinárodní dáma, 21 – Anglická dáma, 29 – Česká dáma, 90 – Dvě věže, \
             91 – Česká dáma (8 kamenů)."
        );
    }

    #[test]
    fn golden_warnings() {
        let w = WarningKind::UnknownPlayer {
            tag: "BlackLevel".into(),
            value: "9".into(),
            side: Color::Black,
        };
        assert_eq!(
            pdn_warning_kind(Czech, &w),
            "Značka BlackLevel „9“ neudává hráče, kterého Dáma zná; za černého proto hraje člověk."
        );
        assert_eq!(
            pdn_warning_kind(English, &w),
            "The tag BlackLevel “9” names no player Dáma knows, so a person plays Black."
        );
        let w = WarningKind::UnknownPlayer {
            tag: "WhiteType".into(),
            value: "robot".into(),
            side: Color::White,
        };
        assert_eq!(
            pdn_warning_kind(Czech, &w),
            "Značka WhiteType „robot“ neudává hráče, kterého Dáma zná; za bílého proto hraje člověk."
        );
        assert_eq!(
            pdn_warning_kind(English, &w),
            "The tag WhiteType “robot” names no player Dáma knows, so a person plays White."
        );
        let w = Warning {
            pos: at(1, 8),
            game: 1,
            kind: WarningKind::Glued("Red".into()),
        };
        assert_eq!(
            pdn_warning(Czech, &w),
            "Partie 1, řádek 1, sloupec 8: Text „Red“ přilepený k tahu je zachován jako komentář."
        );
        assert_eq!(
            pdn_warning(English, &w),
            "Game 1, line 1, column 8: The text “Red” glued to a move is kept as a comment."
        );
        let w = WarningKind::Inferred {
            variant: Variant::English,
            reason: InferReason::Squares1To32,
        };
        assert_eq!(
            pdn_warning_kind(Czech, &w),
            "Partie nemá značku GameType, proto se čte jako Anglická dáma: jsou v ní jen pole \
             1 až 32."
        );
        assert_eq!(
            pdn_warning_kind(English, &w),
            "The game has no GameType tag, so it is read as English draughts: it has squares 1 \
             to 32 only."
        );
        let w = WarningKind::Lenient {
            text: "9x13".into(),
            leniency: Leniency::CaptureMarkOnPlainMove,
        };
        assert_eq!(
            pdn_warning_kind(Czech, &w),
            "Tah 9x13 je zapsán jako skok, ale žádný kámen nebere."
        );
        let w = WarningKind::NotUtf8(Encoding::Windows1250);
        assert_eq!(
            pdn_warning_kind(Czech, &w),
            "Soubor není v kódování UTF-8, čte se jako Windows-1250."
        );
        // A tag that a translating tool left (`[Type de jeu "20"]`), skipped.
        let w = Warning {
            pos: at(3, 7),
            game: 45,
            kind: WarningKind::TagSkipped(Box::new(PdnErrorKind::MissingTagValue {
                tag: "Type".into(),
            })),
        };
        assert_eq!(
            pdn_warning(Czech, &w),
            "Partie 45, řádek 3, sloupec 7: Značka v záhlaví není správně zapsaná, proto se \
             přeskakuje. Hodnota značky Type má být v uvozovkách, chybí úvodní „\"“."
        );
        assert_eq!(
            pdn_warning(English, &w),
            "Game 45, line 3, column 7: A tag in the header is not well formed, so it is \
             skipped. The value of tag Type must be in quotes: the opening “\"” is missing."
        );
        let w = WarningKind::TagSkipped(Box::new(PdnErrorKind::MissingTagName));
        assert_eq!(
            pdn_warning_kind(Czech, &w),
            "Značka v záhlaví není správně zapsaná, proto se přeskakuje. Za „[“ chybí jméno \
             značky."
        );
        assert_eq!(
            pdn_warning_kind(English, &w),
            "A tag in the header is not well formed, so it is skipped. A tag name is missing \
             after “[”."
        );
        // `[Event "x"` alone, once a file's error: its words are the warning's reason.
        let w = Warning {
            pos: at(1, 1),
            game: 1,
            kind: WarningKind::TagSkipped(Box::new(PdnErrorKind::UnterminatedTag {
                tag: "Event".into(),
            })),
        };
        assert_eq!(
            pdn_warning(Czech, &w),
            "Partie 1, řádek 1, sloupec 1: Značka v záhlaví není správně zapsaná, proto se \
             přeskakuje. Značka Event není uzavřena, chybí „]“."
        );
        // A capture's whole path written with `-` (`29-18-27`): the single jump's words.
        let w = WarningKind::Lenient {
            text: "29-18-27".into(),
            leniency: Leniency::PlainMarkOnCapture,
        };
        assert_eq!(
            pdn_warning_kind(Czech, &w),
            "Tah 29-18-27 je skok, ale je zapsán jako obyčejný tah."
        );
        assert_eq!(
            pdn_warning_kind(English, &w),
            "29-18-27 is a capture but is written as a plain move."
        );
        let w = WarningKind::ResultContradicts {
            stated: crate::notation::pdn::ResultToken::FirstWins,
            position: crate::notation::pdn::ResultToken::SecondWins,
        };
        assert_eq!(
            pdn_warning_kind(Czech, &w),
            "Výsledek 1-0 odporuje konečné pozici, podle které je výsledek 0-1; ponechává se \
             výsledek ze souboru jako rozhodnutý mimo hru."
        );
        assert_eq!(
            pdn_warning_kind(English, &w),
            "The result 1-0 contradicts the final position, which gives 0-1; the file's result is \
             kept as adjudicated."
        );
    }

    /// Every distinct kind once: `discriminant`s must not repeat.
    fn distinct<T>(all: &[T]) {
        let kinds: HashSet<_> = all.iter().map(discriminant).collect();
        assert_eq!(kinds.len(), all.len(), "one value per kind");
    }

    fn every_game_type_error() -> Vec<GameTypeError> {
        let all = vec![
            GameTypeError::NoNumber("Xyz".into()),
            GameTypeError::Unknown(30),
            GameTypeError::UnknownVariant("Russian".into()),
        ];
        for e in &all {
            match e {
                GameTypeError::NoNumber(_)
                | GameTypeError::Unknown(_)
                | GameTypeError::UnknownVariant(_) => {}
            }
        }
        distinct(&all);
        all
    }

    fn every_pdn_error() -> Vec<PdnErrorKind> {
        use PdnErrorKind as K;
        let all = vec![
            K::Read {
                kind: io::ErrorKind::Other,
                code: None,
                message: "disk on fire".into(),
            },
            K::UnexpectedByte(b'&'),
            K::ControlCharacter(0x1B),
            K::UnterminatedComment,
            K::UnterminatedSetup,
            K::CommentTooLong { limit: 1 << 20 },
            K::SetupTooLong { limit: 1 << 16 },
            K::TagNameTooLong { limit: 1 << 16 },
            K::TagValueTooLong {
                tag: "Site".into(),
                limit: 1 << 16,
            },
            K::MoveTextTooLong { limit: 1 << 16 },
            K::MissingTagName,
            K::MissingTagValue { tag: "Site".into() },
            K::UnterminatedTagValue { tag: "Site".into() },
            K::UnterminatedTag { tag: "Site".into() },
            K::MoveNumberTooLarge("99999999999.".into()),
            K::MissingNagNumber,
            K::StrengthTooLong,
            K::UnterminatedVariation,
            K::VariationOpenAtResult(ResultToken::FirstWins),
            K::TooManyMoves { limit: 200_000 },
            K::GameTooLarge { limit: 8 << 20 },
            K::UnknownStrength("!!!".into()),
            K::StrengthWithoutMove("!?".into()),
            K::NagWithoutMove(5),
            K::VariationWithoutMove,
            K::TooDeep { limit: 64 },
            K::UnmatchedClose,
            K::SetupAfterMove,
            K::GameType(GameTypeError::Unknown(30)),
            K::BadFenTag {
                fen: "Q:Z9".into(),
                error: FenError::BadSide("Q".into()),
            },
            K::BadSetup {
                fen: "B:W99".into(),
                error: FenError::BadSquare {
                    square: "99".into(),
                    board: Board::Eight,
                },
            },
            K::Rules(RuleSetError::Setup {
                id: "two-towers".into(),
                error: FenError::Empty,
            }),
            K::Move(MoveTextError::Ambiguous {
                text: "1x10".into(),
                candidates: vec!["1x6x10".into(), "1x5x10".into()],
                board: crate::rules::Board::Eight,
            }),
            K::MainLine(GameError::GameOver),
            K::HuffSquare("z9".into()),
            K::Huff {
                square: "30".into(),
                error: GameError::NoClaim,
            },
            K::TakeBackMove {
                text: "1-5".into(),
                error: MoveTextError::Syntax("1-5".into()),
            },
            K::TakeBack {
                text: "1-5".into(),
                error: GameError::NothingToUndo,
            },
            K::NotAMove("Xyz".into()),
            K::ReadAs {
                variant: Variant::English,
                reason: InferReason::Squares1To32,
                error: Box::new(K::UnmatchedClose),
            },
        ];
        for k in &all {
            match k {
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
                | K::MissingTagName
                | K::MissingTagValue { .. }
                | K::UnterminatedTagValue { .. }
                | K::UnterminatedTag { .. }
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
                | K::TakeBack { .. }
                | K::NotAMove(_)
                | K::ReadAs { .. } => {}
            }
        }
        distinct(&all);
        all
    }

    fn every_warning() -> Vec<WarningKind> {
        let mut all = vec![
            WarningKind::NotUtf8(Encoding::Iso8859_2),
            WarningKind::Glued("Xyz".into()),
            WarningKind::Lenient {
                text: "9x13".into(),
                leniency: Leniency::CaptureMarkOnPlainMove,
            },
            WarningKind::Inferred {
                variant: Variant::International,
                reason: InferReason::SquaresAbove32,
            },
            WarningKind::SpacedMove("1-6".into()),
            WarningKind::Prose("Xyz".into()),
            WarningKind::MatchPoints("4-6".into()),
            WarningKind::ResultMismatch {
                tag: "1-0".into(),
                moves: crate::notation::pdn::ResultToken::SecondWins,
            },
            WarningKind::ChosenByNextMove {
                text: "36x16".into(),
                chosen: "36x13x2x16".into(),
            },
            WarningKind::ResultContradicts {
                stated: crate::notation::pdn::ResultToken::SecondWins,
                position: crate::notation::pdn::ResultToken::FirstWins,
            },
            WarningKind::TagWithoutValue("Xyz".into()),
            WarningKind::SplitTag("Xyz".into()),
            WarningKind::DashResult,
            WarningKind::LiteralLineEnd,
            WarningKind::TagSkipped(Box::new(PdnErrorKind::MissingTagName)),
            WarningKind::UnknownPlayer {
                tag: "WhiteType".into(),
                value: "Xyz".into(),
                side: Color::White,
            },
        ];
        for w in &all {
            match w {
                WarningKind::NotUtf8(_)
                | WarningKind::Glued(_)
                | WarningKind::Lenient { .. }
                | WarningKind::Inferred { .. }
                | WarningKind::SpacedMove(_)
                | WarningKind::Prose(_)
                | WarningKind::MatchPoints(_)
                | WarningKind::ResultMismatch { .. }
                | WarningKind::ResultContradicts { .. }
                | WarningKind::ChosenByNextMove { .. }
                | WarningKind::TagWithoutValue(_)
                | WarningKind::SplitTag(_)
                | WarningKind::DashResult
                | WarningKind::LiteralLineEnd
                | WarningKind::TagSkipped(_)
                | WarningKind::UnknownPlayer { .. } => {}
            }
        }
        distinct(&all);
        // The data inside a kind has words of its own.
        all.extend([
            WarningKind::NotUtf8(Encoding::Windows1250),
            WarningKind::Lenient {
                text: "9-18".into(),
                leniency: Leniency::PlainMarkOnCapture,
            },
            WarningKind::Inferred {
                variant: Variant::Czech,
                reason: InferReason::AlgebraicMoves,
            },
            WarningKind::Inferred {
                variant: Variant::English,
                reason: InferReason::Squares1To32,
            },
        ]);
        // Every tag written wrong that is skipped, with its words.
        all.extend(
            every_pdn_error()
                .into_iter()
                .filter(PdnErrorKind::is_bad_tag)
                .map(|k| WarningKind::TagSkipped(Box::new(k))),
        );
        all
    }

    /// English words that have no business in a Czech sentence.
    use crate::speech::phrases::english::english_words;

    #[test]
    fn czech_has_no_english_words() {
        let mut said = Vec::new();
        for k in every_pdn_error() {
            said.push(pdn_error(Czech, &PdnError::new(at(12, 5), k.clone())));
            said.push(pdn_error(
                Czech,
                &PdnError {
                    pos: at(1, 1),
                    game: 3,
                    kind: k,
                },
            ));
        }
        for (k, game) in every_warning().into_iter().zip(0..) {
            said.push(pdn_warning(
                Czech,
                &Warning {
                    pos: at(4, 2),
                    game,
                    kind: k,
                },
            ));
        }
        said.extend(
            every_game_type_error()
                .iter()
                .map(|e| game_type_error(Czech, e)),
        );
        for text in &said {
            assert!(!text.trim().is_empty());
            assert!(text.ends_with('.'), "a sentence: {text}");
            assert_eq!(english_words(text), Vec::<String>::new(), "{text}");
        }
        // The check itself finds English.
        assert_eq!(
            english_words(&pdn_error_kind(English, &PdnErrorKind::UnterminatedComment)),
            ["comment", "is", "not", "is", "missing"]
        );
    }

    #[test]
    fn english_is_said_for_every_kind_too() {
        for k in every_pdn_error() {
            let text = pdn_error_kind(English, &k);
            assert!(text.ends_with('.') && !text.contains('„'), "{text}");
        }
        for k in every_warning() {
            let text = pdn_warning_kind(English, &k);
            assert!(text.ends_with('.') && !text.contains('„'), "{text}");
        }
    }

    #[test]
    fn every_quoted_text_of_a_file_is_an_excerpt() {
        use PdnErrorKind as K;
        let long = format!("{}{}", "Ž".repeat(40), "y".repeat(100_000));
        let cut = format!("{}…", "Ž".repeat(40));
        let l = || long.clone();
        let errors = [
            K::TagValueTooLong {
                tag: l(),
                limit: 1 << 16,
            },
            K::MissingTagValue { tag: l() },
            K::UnterminatedTagValue { tag: l() },
            K::UnterminatedTag { tag: l() },
            K::MoveNumberTooLarge(l()),
            K::UnknownStrength(l()),
            K::StrengthWithoutMove(l()),
            K::GameType(GameTypeError::NoNumber(l())),
            K::GameType(GameTypeError::UnknownVariant(l())),
            K::BadFenTag {
                fen: l(),
                error: FenError::BadSide(l()),
            },
            K::BadSetup {
                fen: l(),
                error: FenError::BadSquare {
                    square: l(),
                    board: Board::Eight,
                },
            },
            K::Rules(RuleSetError::Setup {
                id: l(),
                error: FenError::BadField(l()),
            }),
            K::Move(MoveTextError::Syntax(l())),
            K::HuffSquare(l()),
            K::Huff {
                square: l(),
                error: GameError::NoClaim,
            },
            K::TakeBackMove {
                text: l(),
                error: MoveTextError::Illegal {
                    text: l(),
                    legal: vec!["1-5".into()],
                    board: crate::rules::Board::Eight,
                },
            },
            K::TakeBack {
                text: l(),
                error: GameError::NothingToUndo,
            },
            K::NotAMove(l()),
        ];
        let warnings = [
            WarningKind::Glued(l()),
            WarningKind::Lenient {
                text: l(),
                leniency: Leniency::CaptureMarkOnPlainMove,
            },
            WarningKind::Lenient {
                text: l(),
                leniency: Leniency::PlainMarkOnCapture,
            },
            WarningKind::SpacedMove(l()),
            WarningKind::Prose(l()),
            WarningKind::MatchPoints(l()),
            WarningKind::ResultMismatch {
                tag: l(),
                moves: ResultToken::SecondWins,
            },
            WarningKind::ChosenByNextMove {
                text: l(),
                chosen: "36x13x2x16".into(),
            },
            WarningKind::TagWithoutValue(l()),
            WarningKind::SplitTag(l()),
            WarningKind::TagSkipped(Box::new(K::MissingTagValue { tag: l() })),
            WarningKind::UnknownPlayer {
                tag: "BlackType".into(),
                value: l(),
                side: Color::Black,
            },
        ];
        for lang in [Czech, English] {
            let mut said: Vec<String> = errors.iter().map(|k| pdn_error_kind(lang, k)).collect();
            said.extend(warnings.iter().map(|k| pdn_warning_kind(lang, k)));
            for text in &said {
                // The sentence and at most two excerpts, never the text itself.
                assert!(text.chars().count() < 600, "{}", excerpt(text));
                assert!(text.contains(&cut), "{}", excerpt(text));
                assert!(!text.contains("ŽŽy"), "{}", excerpt(text));
            }
        }
        // Golden: the excerpt as a sentence has it.
        let e = K::NotAMove(format!("{}{}", "a".repeat(40), "b".repeat(1000)));
        assert_eq!(
            pdn_error_kind(Czech, &e),
            format!(
                "„{}…“ není tah: čeká se tah, číslo tahu, komentář ve složených závorkách nebo \
                 výsledek.",
                "a".repeat(40)
            )
        );
        assert_eq!(
            pdn_error_kind(English, &e),
            format!(
                "“{}…” is not a move: expected a move, a move number, a comment in braces or a \
                 result.",
                "a".repeat(40)
            )
        );
    }
}
