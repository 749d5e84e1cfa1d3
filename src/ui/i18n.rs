//! The labels of the window in Czech and English: menu items, buttons, headings, the texts of
//! dialogs. Sentences that report what happened are made in [`crate::speech::phrases`].

pub use crate::language::Language;

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
    Undo => "Vrátit tah", "Undo";
    Redo => "Znovu zahrát", "Redo";
    View => "Zobrazení", "View";
    FlipBoard => "Otočit desku", "Flip board";
    BoardText => "Deska jako text", "Board as text";
    Settings => "Nastavení…", "Settings…";
    Endgames => "Databáze koncovek…", "Endgame databases…";
    EndgamesBuild => "Postavit", "Build";
    EndgamesStop => "Zastavit stavbu", "Stop the build";
    EndgamesRemove => "Smazat", "Remove";
    Resign => "Vzdát", "Resign";
    OfferDraw => "Nabídnout remízu", "Offer draw";
    AcceptDraw => "Přijmout remízu", "Accept draw";
    DeclineDraw => "Odmítnout remízu", "Decline draw";
    FirstPosition => "Výchozí pozice", "Starting position";
    PreviousPosition => "Předchozí pozice", "Previous position";
    NextPosition => "Následující pozice", "Next position";
    LivePosition => "Aktuální pozice", "Current position";
    Moves => "Tahy", "Moves";
    RuleSet => "Pravidla", "Rules";
    WhoStarts => "Začíná", "Who starts";
    CopyPosition => "Kopírovat postavení (FEN)", "Copy position (FEN)";
    PastePosition => "Vložit postavení…", "Paste position…";
    EditPosition => "Postavit pozici…", "Set up position…";
    PositionEditor => "Editor postavení", "Position editor";
    EditorToMove => "Na tahu", "To move";
    EditorPiece => "Mezerník a kliknutí položí", "Space and a click put";
    ClearBoard => "Vyprázdnit desku", "Clear board";
    EditorStart => "Výchozí postavení", "Starting position";
    PlayFromHere => "Hrát z tohoto postavení…", "Play from this position…";
    CloseEditor => "Zavřít editor", "Close editor";
    Analysis => "Analýza", "Analysis";
    SayClocks => "Říct čas na hodinách", "Say the clocks";
    NextProblem => "Další úloha", "Next problem";
    Learn => "Učení", "Learn";
    Task => "Úloha", "Task";
    PreviousProblem => "Předchozí úloha", "Previous problem";
    SolveAsProblems => "Řešit jako úlohy", "Solve as problems";
    PauseClock => "Zastavit nebo spustit hodiny", "Pause or run the clocks";
    Clock => "Hodiny", "Clock";
    NoClock => "Bez hodin", "No clock";
    ClockRuns => "běží", "running";
    ClockPausedMark => "stojí", "paused";
    SayAnalysis => "Říct hodnocení pozice", "Say the analysis";
    ReviewGame => "Rozebrat partii", "Review the game";
    NextMistake => "Další chyba", "Next mistake";
    NextVariation => "Další varianta", "Next variation";
    PreviousVariation => "Předchozí varianta", "Previous variation";
    PromoteVariation => "Povýšit variantu", "Promote the variation";
    DeleteVariation => "Smazat variantu…", "Delete the variation…";
    ViewingVariation => "Prohlížíte variantu; partie se jí nemění.", "Viewing a variation; the game is not changed by it.";
    BranchTitle => "Tah v dřívější pozici", "A move at an earlier position";
    NewVariation => "Nová varianta", "New variation";
    ReplaceMoves => "Nahradit další tahy", "Replace the later moves";
    DeleteVariationTitle => "Smazat variantu?", "Delete the variation?";
    Delete => "Smazat", "Delete";
    VariationItem => "varianta", "variation";
    AnalysisWaiting => "Počítač rozebírá pozici…", "Analysing the position…";
    SetupPosition => "Postavení (FEN nebo W: 32, 28, K46; B: 12, 19)", "Position (FEN or W: 32, 28, K46; B: 12, 19)";
    SetupPositionHint => "prázdné: obvyklé výchozí", "empty: the usual start";
    SetupPositionNote => "Z napsaných seznamů kamenů táhne první ten, kdo začíná; FEN to říká sám.", "From typed piece lists, who starts moves first; a FEN says it itself.";
    MenCaptureBackward => "Kameny skáčou i dozadu", "Men capture backwards";
    FlyingKings => "Dáma táhne na dálku", "Flying kings";
    CaptureChoice => "Volba skoku", "Capture choice";
    PrecedenceFree => "Volná", "Free";
    PrecedenceKing => "Přednost dámy", "King first";
    PrecedenceQuantity => "Nejvíce kamenů", "Most pieces";
    WhitePlayer => "Bílý hráč", "White player";
    BlackPlayer => "Černý hráč", "Black player";
    PlayedBy => "Hraje", "Played by";
    Thinking => "Počítač přemýšlí…", "The computer is thinking…";
    Hint => "Poradit tah", "Hint";
    Start => "Začít", "Start";
    Cancel => "Zrušit", "Cancel";
    Path => "Cesta k souboru", "File path";
    Browse => "Procházet…", "Browse…";
    OpenFile => "Otevřít soubor", "Open file";
    OpenButton => "Otevřít", "Open";
    SaveFile => "Uložit soubor", "Save file";
    ReplaceTitle => "Nahradit soubor?", "Replace the file?";
    Replace => "Nahradit", "Replace";
    ChooseGame => "Vyberte partii", "Choose a game";
    BadGames => "Partie, které nelze otevřít", "Games that cannot be opened";
    UnsavedMark => " (neuloženo)", " (unsaved)";
    UnsavedTitle => "Neuložené změny", "Unsaved changes";
    ChangedOnDiskTitle => "Soubor se změnil", "The file has changed";
    SaveAsNew => "Uložit jako nový soubor…", "Save as a new file…";
    GoneFromDiskTitle => "Soubor už neexistuje", "The file no longer exists";
    SaveAgain => "Uložit znovu na stejné místo", "Save it there again";
    Overwrite => "Přepsat", "Overwrite";
    AddToFile => "Přidat do souboru", "Add to the file";
    Reload => "Načíst znovu ze souboru", "Reload from the file";
    UnsavedText => "Partie obsahuje neuložené změny. Uložit je?", "The game has unsaved changes. Save them?";
    SaveChanges => "Uložit", "Save";
    Discard => "Zahodit", "Discard";
    ConfirmResign => "Opravdu se vzdát?", "Really resign?";
    Yes => "Ano", "Yes";
    No => "Ne", "No";
    Language => "Jazyk", "Language";
    SystemLanguage => "Podle systému", "As the system";
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
    Board => "Deska", "Board";
    ViewingHistory => "Prohlížíte dřívější pozici. Tah odsud začne variantu, nebo nahradí další tahy.", "Viewing an earlier position. A move here starts a variation or replaces the later moves.";
    Help => "Nápověda", "Help";
    Claim => "Zapomněl jsi skákat!", "You forgot to capture!";
    TableRules => "Pravidla od stolu (skok lze zapomenout, soupeř ho může reklamovat)", "Table rules (a capture can be forgotten and claimed)";
    RepeatLastMove => "Zopakovat poslední tah", "Repeat the last move";
    ReadPosition => "Přečíst pozici", "Read the position";
    ReadMoves => "Přečíst možné tahy", "Read the legal moves";
    ReadMaterial => "Počet kamenů", "Count the pieces";
    RepeatAnnouncement => "Zopakovat poslední hlášení", "Repeat the last announcement";
    AnnouncementHistory => "Historie hlášení", "Announcement history";
    MustCapture => "Musím brát?", "Must I capture?";
    MyPieces => "Kameny strany na tahu", "Pieces of the side to move";
    OtherPieces => "Kameny druhé strany", "Pieces of the other side";
    PieceMoves => "Tahy kamene pod kurzorem", "Moves of the piece at the cursor";
    LastMoves => "Posledních pět tahů", "The last five moves";
    GoToSquare => "Přejít na pole…", "Go to square…";
    WhoseTurn => "Kdo je na tahu", "Whose turn";
    ReadMoveList => "Přečíst zápis partie", "Read the move list";
    SayGameInfo => "Informace o partii", "Game information";
    MoveFieldCommand => "Zadat tah z klávesnice", "Type a move";
    NextRegion => "Další část okna", "Next part of the window";
    PreviousRegion => "Předchozí část okna", "Previous part of the window";
    KeyboardHelp => "Klávesové zkratky", "Keyboard shortcuts";
    NewGamePurpose => "Pravidla, kdo hraje, hodiny a případně vlastní postavení. Tabulátor projde volby, Enter hru začne.", "The rules, who plays, the clock and a position of your own if you like. Tab goes through the choices, Enter starts the game.";
    SettingsPurpose => "Vzhled, řeč, zvuky a počítač. Každá změna platí hned a uloží se.", "Appearance, speech, sounds and the computer. Each change applies at once and is kept.";
    NotNow => "nyní nelze", "not now";
    MoveField => "Tah", "Move";
    MoveFieldHint => "např. 32-28, 3228, c3-d4", "e.g. 32-28, 3228, c3-d4";
    BoardKeys => "Šipky: pohyb po tmavých polích. Home, Page Up, End, Page Down (na numerické klávesnici 7, 9, 1, 3): pohyb po úhlopříčkách. Číslo pole a Enter: přejít na pole. Enter nebo mezerník: vybrat kámen a táhnout. Escape: zrušit výběr.", "Arrow keys: move over the dark squares. Home, Page Up, End, Page Down (7, 9, 1, 3 on the numeric keypad): move along the diagonals. A square's number and Enter: go to the square. Enter or Space: select a piece and move. Escape: cancel the selection.";
    Speech => "Řeč", "Speech";
    SpeechOn => "Říkat tahy a zprávy", "Speak moves and messages";
    OwnVoice => "Vlastním hlasem Dámy", "With Dáma's own voice";
    ScreenReaderVoice => "Nechat na odečítači obrazovky", "Leave it to the screen reader";
    BothVoices => "Hlasem Dámy tahy, odečítačem okno", "Dáma's voice for the game, the screen reader for the window";
    Rate => "Rychlost", "Rate";
    VoiceName => "Hlas", "Voice";
    AutomaticVoice => "Podle jazyka", "By language";
    Volume => "Hlasitost", "Volume";
    Sounds => "Zvuky", "Sounds";
    SoundsOn => "Přehrávat zvukové signály", "Play sound cues";
    SoundsWhat => "Výběr kamene, odmítnutý tah, tah, braní, proměna, konec hry", "Piece selected, move refused, move, capture, promotion, game over";
    SoundVolume => "Hlasitost zvuků", "Sound volume";
    Zoom => "Velikost rozhraní", "Interface size";
    ResizePanel => "Změnit šířku panelu", "Resize panel";
    EngineThreads => "Vlákna počítače (úrovně 4 a 5)", "Computer threads (levels 4 and 5)";
    SquareWords => "Popis polí", "Square descriptions";
    BriefWords => "Stručný (číslo, kámen, stav)", "Brief (number, piece, state)";
    FullWords => "Úplný (i písmena a poslední tah)", "Full (with letters and the last move)";
    Announcements => "Hlášení", "Announcements";
    SayThinking => "Hlásit, že počítač přemýšlí", "Say that the computer is thinking";
    RereadSquare => "Po tahu přečíst pole pod kurzorem znovu", "Read the square under the cursor again after a move";
    RereadSquareWhat => "Orca 46 a novější přečte pole pod kurzorem znovu, když se na něm tahem něco změní. Vypnuto: nový stav pole zazní, až na ně kurzor přijde; braillský řádek do té doby ukazuje starý.", "Orca 46 and later read the square under the cursor again when a move changes it. Off: its new state is heard when the cursor comes to it; until then a braille display shows the old one.";
    TimeCalls => "Hlásit zbývající čas", "Announce the time left";
    TimeCallsOff => "Nehlásit", "Never";
    TimeCallsLastMinute => "Při minutě a 10 sekundách", "At one minute and 10 seconds";
    TimeCallsFiveMinutes => "Každých 5 minut", "Every 5 minutes";
    TimeCallsEveryMinute => "Každou minutu", "Every minute";
    ResumeTitle => "Pokračovat v přerušené partii?", "Resume the interrupted game?";
    ResumeText => "Dáma minule nebyla správně ukončena. Rozehraná partie zůstala uložena:", "Dáma did not close properly last time. The game in progress was kept:";
    Resume => "Pokračovat", "Resume";
    ResumeLater => "Později", "Later";
    ResumeElsewhere => "V tomto okně už pokračuje jiná partie. Tuto můžete nechat na později (nabídne se v příštím okně Dámy) nebo odložit.", "This window already goes on with another game. This one can be left for later (the next Dáma window offers it) or put aside.";
}

/// A whole percentage as the window's language writes it: "50 %" in Czech (a space before
/// the sign, one that does not break), "50%" in English. The sliders of the settings show
/// their numbers so: a screen reader reads a slider's number as the platform hands it over
/// (AT-SPI gives Orca only the number, which it says "0.5" in any language), and a whole
/// number is said the same in Czech and English.
pub fn percent(lang: Language, value: f64) -> String {
    let n = value.round();
    match lang {
        Language::Czech => format!("{n}\u{a0}%"),
        Language::English => format!("{n}%"),
    }
}

/// A percentage typed into a slider's number field: "50", "50 %", "50%", "12,5" or "12.5"
/// (a decimal comma or point); `None` for anything else, which leaves the slider as it was.
pub fn read_percent(text: &str) -> Option<f64> {
    let number = text.trim().trim_end_matches('%').trim();
    if number.len() > 16 {
        return None;
    }
    let value: f64 = number.replace(',', ".").parse().ok()?;
    value.is_finite().then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_in_czech_and_english() {
        assert_eq!(percent(Language::Czech, 50.0), "50\u{a0}%");
        assert_eq!(percent(Language::English, 50.0), "50%");
        // Whole numbers: no decimal point nor comma to say in the wrong language.
        assert_eq!(percent(Language::Czech, 53.7), "54\u{a0}%");
        assert_eq!(percent(Language::Czech, 100.0), "100\u{a0}%");
        assert_eq!(percent(Language::English, 0.0), "0%");
        for text in ["50", "50 %", "50%", " 50\u{a0}% ", "50,0", "50.0"] {
            assert_eq!(read_percent(text), Some(50.0), "{text:?}");
        }
        assert_eq!(read_percent("12,5"), Some(12.5));
        for text in ["", "%", "padesát", "1,2,3", "NaN", "inf", &"9".repeat(1000)] {
            assert_eq!(read_percent(text), None, "{text:?}");
        }
        // What is written is read back.
        for lang in [Language::Czech, Language::English] {
            assert_eq!(read_percent(&percent(lang, 125.0)), Some(125.0));
        }
    }
}
