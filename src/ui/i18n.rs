//! The words of the window in Czech and English.

use serde::{Deserialize, Serialize};

use crate::rules::{Color, DrawReason, Outcome, Piece, Role, RuleSet, WinReason};

/// A language of the user interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    /// Čeština.
    #[default]
    Czech,
    /// English.
    English,
}

impl Language {
    /// Both languages, Czech first.
    pub const ALL: [Language; 2] = [Language::Czech, Language::English];

    /// Czech when the system language is Czech (or Slovak, whose speakers read Czech), else
    /// English.
    pub fn system() -> Language {
        match sys_locale::get_locale() {
            Some(l) if l.starts_with("cs") || l.starts_with("sk") => Language::Czech,
            _ => Language::English,
        }
    }

    /// The language's own name.
    pub fn name(self) -> &'static str {
        match self {
            Language::Czech => "Čeština",
            Language::English => "English",
        }
    }
}

macro_rules! texts {
    ($($key:ident => $cs:expr, $en:expr;)*) => {
        /// A fixed text of the window.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(missing_docs)]
        pub enum T { $($key),* }

        impl T {
            /// The text in `lang`.
            pub fn get(self, lang: Language) -> &'static str {
                match (self, lang) {
                    $((T::$key, Language::Czech) => $cs, (T::$key, Language::English) => $en,)*
                }
            }
        }
    };
}

texts! {
    Game => "Hra", "Game";
    NewGame => "Nová hra…", "New game…";
    Open => "Otevřít…", "Open…";
    Save => "Uložit", "Save";
    SaveAs => "Uložit jako…", "Save as…";
    RecentFiles => "Nedávné soubory", "Recent files";
    Quit => "Konec", "Quit";
    Edit => "Úpravy", "Edit";
    Undo => "Zpět", "Undo";
    Redo => "Znovu", "Redo";
    View => "Zobrazení", "View";
    FlipBoard => "Otočit desku", "Flip board";
    Settings => "Nastavení…", "Settings…";
    Resign => "Vzdát", "Resign";
    OfferDraw => "Nabídnout remízu", "Offer draw";
    AcceptDraw => "Přijmout remízu", "Accept draw";
    DeclineDraw => "Odmítnout", "Decline";
    FirstPosition => "Na začátek", "To the start";
    PreviousPosition => "O tah zpět", "One move back";
    NextPosition => "O tah vpřed", "One move forward";
    LivePosition => "K aktuální pozici", "To the current position";
    Moves => "Tahy", "Moves";
    RuleSet => "Pravidla", "Rules";
    WhoStarts => "Začíná", "Who starts";
    MenCaptureBackward => "Kameny skáčou i dozadu", "Men capture backwards";
    FlyingKings => "Dáma táhne na dálku", "Flying kings";
    CaptureChoice => "Volba skoku", "Capture choice";
    PrecedenceFree => "Volná", "Free";
    PrecedenceKing => "Přednost dámy", "King first";
    PrecedenceQuantity => "Nejvíce kamenů", "Most pieces";
    WhitePlayer => "Bílý hráč", "White player";
    BlackPlayer => "Černý hráč", "Black player";
    Start => "Začít", "Start";
    Cancel => "Zrušit", "Cancel";
    Path => "Cesta k souboru", "File path";
    Browse => "Procházet…", "Browse…";
    OpenFile => "Otevřít soubor", "Open file";
    OpenButton => "Otevřít", "Open";
    SaveFile => "Uložit soubor", "Save file";
    ChooseGame => "Vyberte hru", "Choose a game";
    UnsavedTitle => "Neuložené změny", "Unsaved changes";
    UnsavedText => "Hra obsahuje neuložené změny. Uložit je?", "The game has unsaved changes. Save them?";
    SaveChanges => "Uložit", "Save";
    Discard => "Zahodit", "Discard";
    ConfirmResign => "Opravdu se vzdát?", "Really resign?";
    Yes => "Ano", "Yes";
    No => "Ne", "No";
    Language => "Jazyk", "Language";
    Theme => "Vzhled", "Theme";
    ThemeLight => "Světlý", "Light";
    ThemeDark => "Tmavý", "Dark";
    ThemeContrast => "Vysoký kontrast", "High contrast";
    Notation => "Zápis tahů", "Move notation";
    Numeric => "Číselný (32-28)", "Numeric (32-28)";
    Algebraic => "Algebraický (c3-d4)", "Algebraic (c3-d4)";
    NumbersOn8x8 => "Čísla polí na desce 8×8", "Square numbers on 8×8";
    Coordinates => "Souřadnice a–h, 1–8", "Coordinates a–h, 1–8";
    Close => "Zavřít", "Close";
    Saved => "Uloženo", "Saved";
    Board => "Deska", "Board";
    Empty => "prázdné", "empty";
    Selected => "vybráno", "selected";
    Destination => "cíl tahu", "destination";
    MustCapture => "musí skákat", "must capture";
    CanMove => "může táhnout", "can move";
    LastMove => "poslední tah", "last move";
    MustCaptureNotice => "Musíte skákat.", "You must capture.";
    CannotMoveNotice => "Tímto kamenem nelze táhnout.", "That piece cannot move.";
    NotYourPiece => "Na tahu je soupeř, nebo je pole prázdné.", "Not a piece of the side to move.";
    NotADestination => "Sem tah nevede.", "No move goes there.";
    AmbiguousEnd => "Sem vede více skoků: klikněte na pole doskoku postupně.", "Several captures end here: click the landing squares in order.";
    ViewingHistory => "Prohlížíte dřívější pozici. Tahem odsud hru změníte.", "Viewing an earlier position. A move here changes the game.";
    SettingsReset => "Soubor nastavení byl poškozen: uložen stranou, použito výchozí nastavení.", "The settings file was damaged: it was kept aside and defaults are used.";
    Help => "Nápověda", "Help";
}

/// Names and messages that depend on the game.
pub fn color_name(lang: Language, color: Color) -> &'static str {
    match (lang, color) {
        (Language::Czech, Color::White) => "bílý",
        (Language::Czech, Color::Black) => "černý",
        (Language::English, Color::White) => "white",
        (Language::English, Color::Black) => "black",
    }
}

/// The side as a player: "Bílý", "White".
pub fn side_name(lang: Language, color: Color) -> &'static str {
    match (lang, color) {
        (Language::Czech, Color::White) => "Bílý",
        (Language::Czech, Color::Black) => "Černý",
        (Language::English, Color::White) => "White",
        (Language::English, Color::Black) => "Black",
    }
}

/// "bílý kámen", "black king", "bílá věž".
pub fn piece_name(lang: Language, piece: Piece) -> &'static str {
    use Color::*;
    use Role::*;
    match (lang, piece.color, piece.role) {
        (Language::Czech, White, Man) => "bílý kámen",
        (Language::Czech, Black, Man) => "černý kámen",
        (Language::Czech, White, King) => "bílá dáma",
        (Language::Czech, Black, King) => "černá dáma",
        (Language::Czech, White, Tower) => "bílá věž",
        (Language::Czech, Black, Tower) => "černá věž",
        (Language::English, White, Man) => "white man",
        (Language::English, Black, Man) => "black man",
        (Language::English, White, King) => "white king",
        (Language::English, Black, King) => "black king",
        (Language::English, White, Tower) => "white tower",
        (Language::English, Black, Tower) => "black tower",
    }
}

/// "Na tahu je bílý", "White to move".
pub fn to_move(lang: Language, color: Color) -> String {
    match lang {
        Language::Czech => format!("Na tahu je {}", color_name(lang, color)),
        Language::English => format!("{} to move", side_name(lang, color)),
    }
}

/// The rule set's name in `lang`.
pub fn rules_name(lang: Language, rules: &RuleSet) -> &str {
    match lang {
        Language::Czech => &rules.name_cs,
        Language::English => &rules.name_en,
    }
}

/// Who won and why, or why it is a draw.
pub fn outcome(lang: Language, outcome: Outcome) -> String {
    match (lang, outcome) {
        (_, Outcome::Win { winner, reason }) => {
            let side = side_name(lang, winner);
            let why = match (lang, reason) {
                (Language::Czech, WinReason::NoLegalMove) => "soupeř nemůže táhnout",
                (Language::Czech, WinReason::Resignation) => "soupeř se vzdal",
                (Language::English, WinReason::NoLegalMove) => "the opponent cannot move",
                (Language::English, WinReason::Resignation) => "the opponent resigned",
            };
            match lang {
                Language::Czech => format!("{side} vyhrál: {why}."),
                Language::English => format!("{side} wins: {why}."),
            }
        }
        (Language::Czech, Outcome::Draw(r)) => format!(
            "Remíza: {}.",
            match r {
                DrawReason::Agreement => "dohodou",
                DrawReason::Repetition => "trojí opakování pozice",
                DrawReason::QuietMoves => "bez braní a bez tahu kamenem",
            }
        ),
        (Language::English, Outcome::Draw(r)) => format!(
            "Draw: {}.",
            match r {
                DrawReason::Agreement => "by agreement",
                DrawReason::Repetition => "the position occurred three times",
                DrawReason::QuietMoves => "no capture and no man move for too long",
            }
        ),
    }
}

/// "Bílý nabízí remízu", "White offers a draw".
pub fn draw_offer(lang: Language, color: Color) -> String {
    match lang {
        Language::Czech => format!("{} nabízí remízu.", side_name(lang, color)),
        Language::English => format!("{} offers a draw.", side_name(lang, color)),
    }
}
