//! Refusals and failures in words: why a click, a typed move or a command did nothing, and why
//! a file could not be opened or saved. Each says why, in the user's language.

use std::path::Path;

use crate::game::event::{Problem, Refusal, SettingField, SettingsDamage};
use crate::language::Language;
use crate::notation::Notation;
use crate::store::autosave::AutosaveError;
use crate::store::collection::SpliceError;
use crate::store::dirs::FolderProblem;
use crate::store::game_file::{MAX_FILE, ReadError};

use super::errors::{MoveWords, counted, game_error, io, move_text_error};
use super::pdn::pdn_error as pdn;
use super::play::{computer_to_move, must_capture};
use super::setup::{fen_error, rule_set_error};

use Language::{Czech, English};

/// The words for a problem; the moves a refusal names are said in `notation`, as every move
/// is (a file's errors name them as the file writes them).
pub fn problem(lang: Language, notation: Notation, p: &Problem) -> String {
    let spoken = MoveWords::Spoken(notation);
    match p {
        Problem::Click(r) => refusal(lang, *r).into(),
        Problem::Game(e) => game_error(lang, spoken, e),
        Problem::MoveText(e) => move_text_error(lang, spoken, e),
        Problem::ComputerToMove => computer_to_move(lang).into(),
        Problem::NoDrawOffer => match lang {
            Czech => "Nikdo remízu nenabízí.".into(),
            English => "No draw has been offered.".into(),
        },
        Problem::NotYourDrawAnswer => match lang {
            Czech => "Na nabídku remízy odpovídá soupeř toho, kdo ji nabídl.".into(),
            English => "The opponent of the side that offered the draw answers it.".into(),
        },
        Problem::StillThinking => match lang {
            Czech => "Počítač ještě přemýšlí.".into(),
            English => "The computer is still thinking.".into(),
        },
        Problem::AtStart => match lang {
            Czech => "Už jste na začátku partie.".into(),
            English => "This is already the start of the game.".into(),
        },
        Problem::AtLive => match lang {
            Czech => "Už jste v aktuální pozici.".into(),
            English => "This is already the current position.".into(),
        },
        Problem::NoHint => match lang {
            Czech => "Hra skončila, není co radit.".into(),
            English => "The game is over: there is nothing to suggest.".into(),
        },
        Problem::Open { path, error } => read_error(lang, path, error),
        Problem::Replay { path, error } => match lang {
            Czech => format!(
                "Partii ze souboru nelze přehrát: {}: {}",
                path.display(),
                pdn(lang, error)
            ),
            English => format!(
                "The game in the file cannot be replayed: {}: {}",
                path.display(),
                pdn(lang, error)
            ),
        },
        Problem::Save { path, error } => match lang {
            Czech => format!(
                "Uložení se nezdařilo, partie zůstává neuložená: {}: {}.",
                path.display(),
                io(lang, error)
            ),
            English => format!(
                "Saving failed, the game stays unsaved: {}: {}.",
                path.display(),
                io(lang, error)
            ),
        },
        Problem::SaveInCollection {
            path,
            number,
            error,
        } => {
            let name = super::files::file_name(path);
            let why = splice_error(lang, error);
            match (lang, number) {
                (Czech, Some(number)) => format!(
                    "Partii {number} nelze zapsat zpět do souboru {name}: {why}. Soubor zůstal, \
                     jak byl; uložte partii jako nový soubor."
                ),
                (Czech, None) => format!(
                    "Partii nelze přidat do souboru {name}: {why}. Soubor zůstal, jak byl; \
                     uložte partii jako nový soubor."
                ),
                (English, Some(number)) => format!(
                    "Game {number} cannot be written back into {name}: {why}. The file is as it \
                     was; save the game as a new file."
                ),
                (English, None) => format!(
                    "The game cannot be added to {name}: {why}. The file is as it was; save the \
                     game as a new file."
                ),
            }
        }
        Problem::SaveSettings { dir, error } => match lang {
            Czech => format!(
                "Nastavení nelze uložit: {}: {}.",
                dir.display(),
                io(lang, error)
            ),
            English => format!(
                "The settings cannot be saved: {}: {}.",
                dir.display(),
                io(lang, error)
            ),
        },
        Problem::SettingsDamaged { kept_as, damage } => settings_damaged(lang, kept_as, damage),
        Problem::AutosaveDamaged { kept_as, error } => {
            let why = sentence(&autosave_error(lang, error));
            match lang {
                Czech => format!(
                    "Automaticky uložená partie byla poškozená: je uložena stranou jako {} a \
                     začíná nová hra. {why}",
                    kept_as.display()
                ),
                English => format!(
                    "The autosaved game was damaged: it was kept aside as {} and a new game \
                     starts. {why}",
                    kept_as.display()
                ),
            }
        }
        Problem::DataFolder { dir, problem } => data_folder(lang, dir, problem),
        Problem::AutosaveBusy => match lang {
            Czech => "Automatické ukládání je vypnuto: je otevřeno příliš mnoho oken Dámy.".into(),
            English => "Autosave is off: too many Dáma windows are open.".into(),
        },
        Problem::AutosaveFailed { path, error } => match lang {
            Czech => format!(
                "Automatické uložení selhalo: {}: {}.",
                path.display(),
                io(lang, error)
            ),
            English => format!("Autosave failed: {}: {}.", path.display(), io(lang, error)),
        },
        Problem::PutAsideFailed { path, error } => match lang {
            Czech => format!(
                "Přerušenou partii nelze odložit, při dalším uložení se přepíše: {}: {}.",
                path.display(),
                io(lang, error)
            ),
            English => format!(
                "The interrupted game cannot be put aside and will be overwritten: {}: {}.",
                path.display(),
                io(lang, error)
            ),
        },
        Problem::SpeechUnavailable(why) => match lang {
            // The engine's reason is in English: it goes to the log, not to a Czech user.
            Czech => "Řeč není k dispozici (podrobnosti jsou v protokolu dama.log).".into(),
            English => format!("Speech is not available: {why}."),
        },
        Problem::SpeechLost(why) => match lang {
            // As above: the engine's reason goes to the log.
            Czech => "Hlas Dámy se odmlčel: řečový server přestal odpovídat a znovu se připojit \
                      nepodařilo. Dáma to bude zkoušet dál (podrobnosti jsou v protokolu \
                      dama.log)."
                .into(),
            English => format!(
                "Dáma's voice was lost: the speech server stopped answering and could not be \
                 reached again ({why}). Dáma keeps trying."
            ),
        },
        Problem::ClipboardEmpty => match lang {
            Czech => "Ve schránce není žádný text.".into(),
            English => "The clipboard holds no text.".into(),
        },
        Problem::ClipboardTooLong { limit } => match lang {
            Czech => format!(
                "Text ve schránce je delší než {}, a proto to není postavení.",
                counted(lang, *limit, ["znak", "znaky", "znaků"])
            ),
            English => format!(
                "The clipboard text is longer than {}, so it is not a position.",
                counted(lang, *limit, ["character", "characters", "characters"])
            ),
        },
        Problem::SoundUnavailable => match lang {
            Czech => "Zvuky nelze přehrát: žádné zvukové zařízení nejde otevřít.".into(),
            English => "Sounds cannot be played: no sound device can be opened.".into(),
        },
        Problem::Rules(e) => match lang {
            Czech => format!(
                "Z těchto pravidel nelze začít hru. {}",
                sentence(&rule_set_error(lang, e))
            ),
            English => format!(
                "These rules do not make a game. {}",
                sentence(&rule_set_error(lang, e))
            ),
        },
        Problem::Setup(e) => match lang {
            Czech => format!(
                "Z tohoto postavení nelze začít. {}",
                sentence(&fen_error(lang, e))
            ),
            English => format!(
                "A game cannot start from this position. {}",
                sentence(&fen_error(lang, e))
            ),
        },
        Problem::Editing => match lang {
            Czech => "Ne během stavění postavení: hrát z něj začnete Ctrl+Enter, editor opustíte \
                      Escapem."
                .into(),
            English => "Not while setting up a position: Ctrl+Enter plays from it, Escape leaves \
                        the editor."
                .into(),
        },
        Problem::SaveUnderWay => match lang {
            Czech => "Ještě se ukládá: počkejte, až se uložení dokončí.".into(),
            English => "A save is still under way: wait until it is finished.".into(),
        },
        Problem::NotEditing => match lang {
            Czech => "Žádné postavení se nestaví: editor postavení otevře Ctrl+E.".into(),
            English => "No position is being set up: Ctrl+E opens the position editor.".into(),
        },
        Problem::NotReviewed(key) => match lang {
            Czech => format!("Partie ještě není rozebraná: rozbor spustíte {key}."),
            English => format!("The game has not been reviewed yet: {key} reviews it."),
        },
        Problem::NoMistakes => match lang {
            Czech => "Rozbor nenašel žádnou chybu.".into(),
            English => "The review found no mistakes.".into(),
        },
        Problem::NothingToReview => match lang {
            Czech => "Partie nemá žádný tah k rozboru.".into(),
            English => "The game has no moves to review.".into(),
        },
        Problem::NoClock => match lang {
            Czech => "Tato partie se hraje bez hodin.".into(),
            English => "This game has no clock.".into(),
        },
        Problem::NoCourse => match lang {
            Czech => "Učení nelze otevřít: jeho data jsou poškozená.".into(),
            English => "The course cannot be opened: its data is damaged.".into(),
        },
        Problem::NoEndgames => match lang {
            Czech => {
                "Databáze koncovek se stavějí jen pro pravidla z nabídky, ne pro upravená.".into()
            }
            English => "Endgame databases are built for the listed rule sets only, not for \
                        changed rules."
                .into(),
        },
        Problem::NoProblems => match lang {
            Czech => "Nejsou otevřené žádné úlohy: otevřete soubor s úlohami a zvolte Řešit jako \
                      úlohy."
                .into(),
            English => "No problems are open: open a file of problems and choose Solve as \
                        problems."
                .into(),
        },
        Problem::NoTowers => match lang {
            Czech => "Tato pravidla věže nemají.".into(),
            English => "These rules have no towers.".into(),
        },
        Problem::BoardEdge => match lang {
            Czech => "Okraj desky.".into(),
            English => "Edge of the board.".into(),
        },
        Problem::NoVariation => match lang {
            Czech => "Tento tah nemá žádnou variantu.".into(),
            English => "This move has no variation.".into(),
        },
        Problem::NotInVariation => match lang {
            Czech => "Deska neukazuje variantu, ale tahy partie.".into(),
            English => "The board shows the game's own moves, not a variation.".into(),
        },
        Problem::EndOfVariation => match lang {
            Czech => "Konec varianty.".into(),
            English => "The end of the variation.".into(),
        },
        Problem::ClaimsInLine => match lang {
            Czech => "Tahy partie odsud obsahují zapomenuté braní nebo jeho reklamaci; variantou \
                      být nemohou, varianta partií nebude."
                .into(),
            English => "The game's moves from here hold a forgotten capture or a claim, which a \
                        variation cannot: the variation cannot become the game."
                .into(),
        },
        Problem::LostOnTime => match lang {
            Czech => "Prohra na čas platí: čas na hodinách se vrátit nedá. Novou hru začnete \
                      Ctrl+N."
                .into(),
            English => "A loss on time stands: the time on the clocks cannot be taken back. \
                        Ctrl+N starts a new game."
                .into(),
        },
    }
}

/// `text` as a sentence: a capital first letter and a full stop.
fn sentence(text: &str) -> String {
    let mut out = super::capitalized(text);
    if !out.is_empty() && !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// Why a click on the board did nothing.
pub fn refusal(lang: Language, r: Refusal) -> &'static str {
    match (lang, r) {
        (_, Refusal::MustCapture) => must_capture(lang),
        (Czech, Refusal::NotYourPiece) => "To není kámen strany, která je na tahu.",
        (English, Refusal::NotYourPiece) => "That is not a piece of the side to move.",
        (Czech, Refusal::EmptySquare) => "Pole je prázdné.",
        (English, Refusal::EmptySquare) => "The square is empty.",
        (Czech, Refusal::CannotMove) => "Tímto kamenem nelze táhnout.",
        (English, Refusal::CannotMove) => "That piece cannot move.",
        (Czech, Refusal::NotADestination) => "Sem tah nevede.",
        (English, Refusal::NotADestination) => "No move goes there.",
        (Czech, Refusal::AmbiguousEnd) => {
            "Sem vede více skoků: vyberte postupně pole, na která kámen doskakuje."
        }
        (English, Refusal::AmbiguousEnd) => {
            "Several captures end here: choose the landing squares in order."
        }
    }
}

/// Why a file could not be opened: the reason, the path, and the details (line and column of
/// a syntax error, what the system said).
pub fn read_error(lang: Language, path: &Path, e: &ReadError) -> String {
    let shown = path.display();
    let reason = match (lang, e) {
        (Czech, ReadError::Missing) => "Soubor neexistuje".to_string(),
        (English, ReadError::Missing) => "The file does not exist".to_string(),
        (Czech, ReadError::Directory) => "Toto je složka, ne soubor".into(),
        (English, ReadError::Directory) => "This is a folder, not a file".into(),
        (Czech, ReadError::NotAFile) => "Toto není obyčejný soubor".into(),
        (English, ReadError::NotAFile) => "This is not a regular file".into(),
        (Czech, ReadError::TooLarge { size }) => format!(
            "Soubor je příliš velký ({} MB, nejvýše {} MB)",
            size.div_ceil(1 << 20),
            MAX_FILE >> 20
        ),
        (English, ReadError::TooLarge { size }) => format!(
            "The file is too large ({} MB, at most {} MB)",
            size.div_ceil(1 << 20),
            MAX_FILE >> 20
        ),
        (Czech, ReadError::Empty) => "Soubor je prázdný".into(),
        (English, ReadError::Empty) => "The file is empty".into(),
        (Czech, ReadError::Binary) => {
            "Toto není soubor PDN: obsahuje binární data (třeba obrázek nebo archiv)".into()
        }
        (English, ReadError::Binary) => {
            "This is not a PDN file: it holds binary data (an image or an archive, say)".into()
        }
        (Czech, ReadError::NoGame) => "V souboru není žádná partie".into(),
        (English, ReadError::NoGame) => "There is no game in the file".into(),
        (Czech, ReadError::Syntax(_)) => {
            "Soubor není platné PDN (je poškozený, nebo v jiném formátu)".into()
        }
        (English, ReadError::Syntax(_)) => {
            "The file is not valid PDN (damaged, or another format)".into()
        }
        (Czech, ReadError::Io(_)) => "Soubor nelze přečíst".into(),
        (English, ReadError::Io(_)) => "The file cannot be read".into(),
    };
    match e {
        ReadError::Syntax(err) => format!("{reason}: {shown}: {}", pdn(lang, err)),
        ReadError::Io(err) => format!("{reason}: {shown}: {}", io(lang, err)),
        _ => format!("{reason}: {shown}"),
    }
}

/// Why an autosaved game could not be read.
/// Why a game cannot be written back into its collection.
fn splice_error(lang: Language, e: &SpliceError) -> String {
    match (lang, e) {
        (Czech, SpliceError::NoSuchGame { games, .. }) => {
            format!(
                "soubor už má jen {}",
                super::errors::counted(lang, *games, ["partii", "partie", "partií"])
            )
        }
        (English, SpliceError::NoSuchGame { games, .. }) => format!(
            "the file holds only {games} {} now",
            if *games == 1 { "game" } else { "games" }
        ),
        (Czech, SpliceError::Unreadable(e)) => {
            format!(
                "partie na jejím místě v souboru nejde přečíst ({})",
                pdn(lang, e)
            )
        }
        (English, SpliceError::Unreadable(e)) => {
            format!(
                "the game in its place in the file does not read ({})",
                pdn(lang, e)
            )
        }
        (
            Czech,
            SpliceError::Unencodable {
                encoding,
                character,
            },
        ) => format!("znak „{character}“ nelze zapsat v kódování souboru ({encoding})"),
        (
            English,
            SpliceError::Unencodable {
                encoding,
                character,
            },
        ) => format!(
            "the character '{character}' cannot be written in the file's encoding ({encoding})"
        ),
        (Czech, SpliceError::NotTheSame { games }) => {
            format!("soubor by se pak nečetl jako {games} partií")
        }
        (English, SpliceError::NotTheSame { games }) => {
            format!("the file would not read back as {games} games")
        }
    }
}

fn autosave_error(lang: Language, e: &AutosaveError) -> String {
    match e {
        AutosaveError::Read(ReadError::Syntax(err)) | AutosaveError::Replay(err) => pdn(lang, err),
        AutosaveError::Read(ReadError::Io(err)) => io(lang, err),
        AutosaveError::Read(other) => {
            let text = read_error(lang, Path::new(""), other);
            text.trim_end_matches(": ").to_string()
        }
        AutosaveError::Rules(e) => rule_set_error(lang, e),
    }
}

/// Why the data folder cannot be used: play goes on without autosave.
fn data_folder(lang: Language, dir: &Path, problem: &FolderProblem) -> String {
    let shown = dir.display();
    let (in_the_way, is) = match (lang, problem) {
        (_, FolderProblem::Cannot(e)) => {
            return match lang {
                Czech => format!(
                    "Složku pro data {shown} nelze vytvořit: {}. Partie se proto automaticky \
                     neukládá.",
                    io(lang, e)
                ),
                English => format!(
                    "The data folder {shown} cannot be created: {}. The game is therefore not \
                     autosaved.",
                    io(lang, e)
                ),
            };
        }
        (Czech, FolderProblem::IsFile(p)) => (p, "je soubor, ne složka"),
        (English, FolderProblem::IsFile(p)) => (p, "is a file, not a folder"),
        (Czech, FolderProblem::LinkLoop(p)) => (p, "je odkaz, který vede sám na sebe"),
        (English, FolderProblem::LinkLoop(p)) => (p, "is a link loop, leading back to itself"),
    };
    match lang {
        Czech if in_the_way == dir => {
            format!("Složka pro data {shown} {is}. Partie se proto automaticky neukládá.")
        }
        English if in_the_way == dir => {
            format!("The data folder {shown} {is}. The game is therefore not autosaved.")
        }
        Czech => format!(
            "Složku pro data {shown} nelze vytvořit: {} {is}. Partie se proto automaticky \
             neukládá.",
            in_the_way.display()
        ),
        English => format!(
            "The data folder {shown} cannot be created: {} {is}. The game is therefore not \
             autosaved.",
            in_the_way.display()
        ),
    }
}

/// Why the settings file was kept aside, and what is used instead.
fn settings_damaged(lang: Language, kept_as: &Path, damage: &SettingsDamage) -> String {
    let kept = kept_as.display();
    match (lang, damage) {
        (Czech, SettingsDamage::Syntax(at)) => {
            let place = at.map_or(String::new(), |(l, c)| format!(" (řádek {l}, sloupec {c})"));
            format!(
                "Soubor nastavení byl poškozen{place}: je uložen stranou jako {kept} a platí \
                 výchozí nastavení."
            )
        }
        (English, SettingsDamage::Syntax(at)) => {
            let place = at.map_or(String::new(), |(l, c)| format!(" (line {l}, column {c})"));
            format!(
                "The settings file was damaged{place}: it was kept aside as {kept} and defaults \
                 are used."
            )
        }
        (Czech, SettingsDamage::TooLarge(size)) => format!(
            "Soubor nastavení je příliš velký ({size} bajtů): je uložen stranou jako {kept} a \
             platí výchozí nastavení."
        ),
        (English, SettingsDamage::TooLarge(size)) => format!(
            "The settings file is too large ({size} bytes): it was kept aside as {kept} and \
             defaults are used."
        ),
        (Czech, SettingsDamage::NotUtf8(Some(encoding))) => format!(
            "Soubor nastavení nebyl v kódování UTF-8: byl přečten jako {encoding} a uložen znovu; \
             původní je stranou jako {kept}."
        ),
        (English, SettingsDamage::NotUtf8(Some(encoding))) => format!(
            "The settings file was not in UTF-8: it was read as {encoding} and saved again; the \
             original was kept aside as {kept}."
        ),
        (Czech, SettingsDamage::NotUtf8(None)) => format!(
            "Soubor nastavení není text v kódování UTF-8 a nedá se přečíst: je uložen stranou \
             jako {kept} a platí výchozí nastavení."
        ),
        (English, SettingsDamage::NotUtf8(None)) => format!(
            "The settings file is not UTF-8 text and cannot be read: it was kept aside as {kept} \
             and defaults are used."
        ),
        (Czech, SettingsDamage::OutOfRange(fields)) => format!(
            "Některá nastavení měla neplatnou hodnotu a platí pro ně výchozí: {}. Původní soubor \
             je stranou jako {kept}.",
            field_names(lang, fields)
        ),
        (English, SettingsDamage::OutOfRange(fields)) => format!(
            "Some settings had invalid values and were reset: {}. The original file was kept \
             aside as {kept}.",
            field_names(lang, fields)
        ),
    }
}

/// The settings named in the user's words, joined by commas.
fn field_names(lang: Language, fields: &[SettingField]) -> String {
    let name = |f: &SettingField| match (lang, f) {
        (Czech, SettingField::Zoom) => "velikost rozhraní",
        (English, SettingField::Zoom) => "interface size",
        (Czech, SettingField::SoundVolume) => "hlasitost zvuků",
        (English, SettingField::SoundVolume) => "sound volume",
        (Czech, SettingField::VoiceRate) => "rychlost hlasu",
        (English, SettingField::VoiceRate) => "voice rate",
        (Czech, SettingField::VoiceVolume) => "hlasitost hlasu",
        (English, SettingField::VoiceVolume) => "voice volume",
        (Czech, SettingField::VoiceName) => "hlas",
        (English, SettingField::VoiceName) => "voice",
        (Czech, SettingField::WindowSize) => "velikost okna",
        (English, SettingField::WindowSize) => "window size",
        (Czech, SettingField::RecentFiles) => "naposledy otevřené soubory",
        (English, SettingField::RecentFiles) => "recent files",
        (Czech, SettingField::LastRules) => "pravidla",
        (English, SettingField::LastRules) => "rule set",
        (Czech, SettingField::PlayerNames) => "jména hráčů",
        (English, SettingField::PlayerNames) => "player names",
        (Czech, SettingField::EngineThreads) => "vlákna počítače",
        (English, SettingField::EngineThreads) => "computer threads",
        (Czech, SettingField::Language) => "jazyk",
        (English, SettingField::Language) => "language",
        (Czech, SettingField::Theme) => "vzhled",
        (English, SettingField::Theme) => "theme",
        (Czech, SettingField::Notation) => "zápis tahů",
        (English, SettingField::Notation) => "move notation",
        (Czech, SettingField::SquareNumbers) => "čísla polí",
        (English, SettingField::SquareNumbers) => "square numbers",
        (Czech, SettingField::Coordinates) => "souřadnice",
        (English, SettingField::Coordinates) => "coordinates",
        (Czech, SettingField::Flipped) => "otočení desky",
        (English, SettingField::Flipped) => "board flipped",
        (Czech, SettingField::BoardText) => "deska jako text",
        (English, SettingField::BoardText) => "board as text",
        (Czech, SettingField::TableRules) => "pravidla od stolu",
        (English, SettingField::TableRules) => "table rules",
        (Czech, SettingField::Players) => "hráči",
        (English, SettingField::Players) => "players",
        (Czech, SettingField::Speech) => "řeč",
        (English, SettingField::Speech) => "speech",
        (Czech, SettingField::SpeechMode) => "způsob řeči",
        (English, SettingField::SpeechMode) => "speech mode",
        (Czech, SettingField::Voice) => "nastavení hlasu",
        (English, SettingField::Voice) => "voice settings",
        (Czech, SettingField::Verbosity) => "podrobnost řeči",
        (English, SettingField::Verbosity) => "verbosity",
        (Czech, SettingField::Sounds) => "zvuky",
        (English, SettingField::Sounds) => "sounds",
        (Czech, SettingField::Clock) => "hodiny",
        (English, SettingField::Clock) => "clock",
        (Czech, SettingField::SolvedProblems) => "vyřešené úlohy",
        (English, SettingField::SolvedProblems) => "solved problems",
        (Czech, SettingField::CourseStars) => "hvězdy z učení",
        (English, SettingField::CourseStars) => "the course's stars",
    };
    fields.iter().map(name).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Level;
    use crate::game::event::{Edit, Endgames, Event, Look, Marks, Mover, SquareView, Undone};
    use crate::notation::MoveTextError;
    use crate::notation::pdn::{PdnError, PdnErrorKind, TextPos};
    use crate::rules::{
        Color, DrawReason, GameError, Outcome, Piece, Role, Square, SquareSet, Variant, WinReason,
    };
    use std::io;
    use std::path::PathBuf;

    use crate::speech::phrases::english::english_words as english_in;

    /// One problem of every kind. The match makes a new kind fail to compile here until it is
    /// listed.
    fn every_problem() -> Vec<Problem> {
        let path = PathBuf::from("/nikde/partie.pdn");
        let io = || io::Error::from(io::ErrorKind::PermissionDenied);
        let pdn = PdnError::new(
            TextPos { line: 3, col: 7 },
            PdnErrorKind::UnterminatedComment,
        );
        let all = vec![
            Problem::Click(Refusal::NotYourPiece),
            Problem::Click(Refusal::EmptySquare),
            Problem::Click(Refusal::CannotMove),
            Problem::Click(Refusal::MustCapture),
            Problem::Click(Refusal::NotADestination),
            Problem::Click(Refusal::AmbiguousEnd),
            Problem::Game(GameError::IllegalMove(
                Variant::Czech
                    .start_position()
                    .legal_moves(Variant::Czech.rules())[0],
            )),
            Problem::Game(GameError::GameOver),
            Problem::Game(GameError::NothingToUndo),
            Problem::Game(GameError::NothingToRedo),
            Problem::Game(GameError::NoClaim),
            Problem::MoveText(MoveTextError::Syntax("x".into())),
            Problem::ComputerToMove,
            Problem::StillThinking,
            Problem::NoDrawOffer,
            Problem::NotYourDrawAnswer,
            Problem::AtStart,
            Problem::AtLive,
            Problem::NoHint,
            Problem::Open {
                path: path.clone(),
                error: Box::new(ReadError::Io(io())),
            },
            Problem::Open {
                path: path.clone(),
                error: Box::new(ReadError::Syntax(pdn.clone())),
            },
            Problem::Replay {
                path: path.clone(),
                error: Box::new(pdn.clone()),
            },
            Problem::Save {
                path: path.clone(),
                error: io(),
            },
            Problem::SaveInCollection {
                path: path.clone(),
                number: Some(4),
                error: SpliceError::NoSuchGame {
                    number: 4,
                    games: 3,
                },
            },
            Problem::SaveSettings {
                dir: path.clone(),
                error: io(),
            },
            Problem::SettingsDamaged {
                kept_as: path.clone(),
                damage: SettingsDamage::Syntax(Some((1, 14))),
            },
            Problem::AutosaveDamaged {
                kept_as: path.clone(),
                error: Box::new(AutosaveError::Replay(pdn)),
            },
            Problem::AutosaveBusy,
            Problem::DataFolder {
                dir: path.clone(),
                problem: FolderProblem::IsFile(path.clone()),
            },
            Problem::DataFolder {
                dir: path.clone(),
                problem: FolderProblem::LinkLoop(PathBuf::from("/nikde")),
            },
            Problem::DataFolder {
                dir: path.clone(),
                problem: FolderProblem::Cannot(io()),
            },
            Problem::AutosaveFailed {
                path: path.clone(),
                error: io(),
            },
            Problem::PutAsideFailed {
                path: path.clone(),
                error: io(),
            },
            Problem::SpeechUnavailable("no socket".into()),
            Problem::SpeechLost("Value not received".into()),
            Problem::SoundUnavailable,
            Problem::ClipboardEmpty,
            Problem::ClipboardTooLong { limit: 1000 },
            Problem::Rules(Box::new(crate::rules::RuleSetError::Syntax {
                line: 1,
                column: 2,
                message: "expected ')'".into(),
            })),
            Problem::Setup(crate::rules::FenError::BadSection("32, 28".into())),
            Problem::Editing,
            Problem::SaveUnderWay,
            Problem::NotEditing,
            Problem::NotReviewed("Ctrl+R".into()),
            Problem::NoMistakes,
            Problem::NothingToReview,
            Problem::NoClock,
            Problem::NoProblems,
            Problem::NoCourse,
            Problem::NoEndgames,
            Problem::NoTowers,
            Problem::BoardEdge,
            Problem::NoVariation,
            Problem::NotInVariation,
            Problem::EndOfVariation,
            Problem::LostOnTime,
            Problem::ClaimsInLine,
        ];
        for p in &all {
            match p {
                Problem::Click(_)
                | Problem::Game(_)
                | Problem::MoveText(_)
                | Problem::ComputerToMove
                | Problem::StillThinking
                | Problem::NoDrawOffer
                | Problem::NotYourDrawAnswer
                | Problem::AtStart
                | Problem::AtLive
                | Problem::NoHint
                | Problem::Open { .. }
                | Problem::Replay { .. }
                | Problem::Save { .. }
                | Problem::SaveInCollection { .. }
                | Problem::SaveSettings { .. }
                | Problem::SettingsDamaged { .. }
                | Problem::AutosaveDamaged { .. }
                | Problem::AutosaveBusy
                | Problem::DataFolder { .. }
                | Problem::AutosaveFailed { .. }
                | Problem::PutAsideFailed { .. }
                | Problem::SpeechUnavailable(_)
                | Problem::SpeechLost(_)
                | Problem::SoundUnavailable
                | Problem::ClipboardEmpty
                | Problem::ClipboardTooLong { .. }
                | Problem::Rules(_)
                | Problem::Setup(_)
                | Problem::Editing
                | Problem::SaveUnderWay
                | Problem::NotEditing
                | Problem::NotReviewed(_)
                | Problem::NoMistakes
                | Problem::NothingToReview
                | Problem::NoClock
                | Problem::NoProblems
                | Problem::NoCourse
                | Problem::NoEndgames
                | Problem::NoTowers
                | Problem::BoardEdge
                | Problem::NoVariation
                | Problem::NotInVariation
                | Problem::EndOfVariation
                | Problem::LostOnTime
                | Problem::ClaimsInLine => {}
            }
        }
        all
    }

    /// One event of every kind (the match below, as for problems).
    fn every_event() -> Vec<Event> {
        let rules = Variant::Czech.rules();
        let before = Variant::Czech.start_position();
        let mv = before.legal_moves(rules)[0];
        let sq = Square::new(22).unwrap();
        let piece = Piece::new(Color::White, Role::Man);
        let view = SquareView::new(&before, sq, Marks::default());
        let all = vec![
            Event::Moved {
                before,
                mv,
                by: Mover::Person,
            },
            Event::Moved {
                before,
                mv,
                by: Mover::Computer,
            },
            Event::Ended(Outcome::Win {
                winner: Color::White,
                reason: WinReason::NoLegalMove,
            }),
            Event::Ended(Outcome::Draw(DrawReason::QuietMoves)),
            Event::ToMove(Color::Black),
            Event::Truncated { dropped: 3 },
            Event::DrawOfferLapsed,
            Event::Huffed { piece, square: sq },
            Event::ChooseOffender([sq].into_iter().collect::<SquareSet>()),
            Event::TakenBack { before, mv },
            Event::Undone(Undone::Move { before, mv }),
            Event::Undone(Undone::Ending(Outcome::Draw(DrawReason::Repetition))),
            Event::Undone(Undone::Huff { square: sq, piece }),
            Event::Undone(Undone::TakeBack { before, mv }),
            Event::Redone { before, mv },
            Event::Looked(Look::Start {
                plies: 4,
                entered: true,
            }),
            Event::Looked(Look::After {
                ply: 1,
                plies: 4,
                number: 1,
                before,
                mv,
                entered: true,
                mark: Some(crate::engine::review::Mark::Blunder),
            }),
            Event::Looked(Look::Live { onto: None }),
            Event::DrawOffered {
                by: Color::White,
                keys: Some(["Ctrl+Shift+A".into(), "Ctrl+Shift+N".into()]),
            },
            Event::DrawAnswered {
                by: Color::Black,
                accepted: false,
                mover: Mover::Person,
            },
            Event::DrawAnswered {
                by: Color::Black,
                accepted: true,
                mover: Mover::Computer,
            },
            Event::Resigned(Color::White),
            Event::NewGame {
                table_rules: true,
                players: [None, Some(crate::engine::Level::Expert)],
                set_up: None,
                clock: None,
            },
            Event::NewGame {
                table_rules: false,
                players: [None, None],
                set_up: Some(Variant::Czech.rules().parse_fen("W:W22,K29:B1-3").unwrap()),
                clock: Some(crate::game::clock::PRESETS[2]),
            },
            Event::PlayersChanged([None, None]),
            Event::Opened {
                path: "/nikde/partie.pdn".into(),
                number: 2,
                plies: 5,
                players: [None, Some(Level::Club)],
                warnings: Vec::new(),
            },
            Event::Resumed { plies: 5 },
            Event::Saved("/nikde/partie.pdn".into()),
            Event::Saving {
                path: "/nikde/partie.pdn".into(),
                bytes: 38_083_545,
            },
            Event::PutAside("/nikde/odloženo.pdn".into()),
            Event::LeftForLater("/nikde/autosave-2.pdn".into()),
            Event::PositionCopied("W:W22,K29:B1-3".into()),
            Event::Flipped {
                black_at_bottom: true,
            },
            Event::Cursor(view),
            Event::Selected {
                square: view,
                targets: SquareSet::EMPTY,
                at_cursor: false,
            },
            Event::Extended(sq),
            Event::Deselected,
            Event::Hint { before, mv },
            Event::ThinkingAboutHint,
            Event::MoveField,
            Event::ComputerThinking,
            Event::BoardText { shown: true },
            Event::BoardText { shown: false },
            Event::Cancelled,
            Event::Closed,
            Event::Course(crate::game::event::Lesson::Offered),
            Event::Course(crate::game::event::Lesson::Task {
                opened: Some(crate::game::event::LessonOpened {
                    number: 1,
                    count: 8,
                    title: "Deska a čísla polí".into(),
                    say: vec!["Hraje se na tmavých polích.".into()],
                }),
                number: 1,
                count: 3,
                ask: "Najděte pole 1.".into(),
            }),
            Event::Course(crate::game::event::Lesson::Right(None)),
            Event::Course(crate::game::event::Lesson::Right(Some(2))),
            Event::Course(crate::game::event::Lesson::Wrong(
                crate::course::Miss::NotThisMove,
            )),
            Event::Course(crate::game::event::Lesson::Wrong(
                crate::course::Miss::NotThisSquare,
            )),
            Event::Course(crate::game::event::Lesson::Wrong(
                crate::course::Miss::WantsSquare,
            )),
            Event::Course(crate::game::event::Lesson::Wrong(
                crate::course::Miss::WantsMove,
            )),
            Event::Course(crate::game::event::Lesson::Wrong(
                crate::course::Miss::WantsCommand,
            )),
            Event::Course(crate::game::event::Lesson::Wrong(
                crate::course::Miss::Illegal,
            )),
            Event::Course(crate::game::event::Lesson::Wrong(
                crate::course::Miss::Solved,
            )),
            Event::Course(crate::game::event::Lesson::Hint {
                words: "Pole 1 je vlevo nahoře.".into(),
                next: Some(crate::game::event::Hinted::Square(sq)),
            }),
            Event::Course(crate::game::event::Lesson::Hint {
                words: "F3 čte postavení.".into(),
                next: Some(crate::game::event::Hinted::Key("F3".into())),
            }),
            Event::Course(crate::game::event::Lesson::Hint {
                words: "Táhněte vpřed.".into(),
                next: Some(crate::game::event::Hinted::Move(before, mv)),
            }),
            Event::Course(crate::game::event::Lesson::Done {
                stars: 7,
                of: 9,
                next: Some("Jak táhne kámen".into()),
            }),
            Event::Course(crate::game::event::Lesson::Done {
                stars: 9,
                of: 9,
                next: None,
            }),
            Event::Edited(Edit::Opened {
                variant: Variant::TwoTowers,
                side: Color::Black,
            }),
            Event::Edited(Edit::Put(view)),
            Event::Edited(Edit::Moved {
                piece,
                from: sq,
                to: sq,
            }),
            Event::Edited(Edit::Brush(piece)),
            Event::Edited(Edit::Side(Color::White)),
            Event::Edited(Edit::Rules {
                variant: Variant::International,
                reset: true,
            }),
            Event::Edited(Edit::Rules {
                variant: Variant::English,
                reset: false,
            }),
            Event::Edited(Edit::Cleared),
            Event::Edited(Edit::StartPosition),
            Event::Edited(Edit::Left),
            Event::AnalysisMode(true),
            Event::AnalysisMode(false),
            Event::Analysing,
            Event::Analysed {
                pos: before,
                score: 120,
                line: vec![mv],
            },
            Event::Reviewing {
                moves: 12,
                seconds: 4,
            },
            Event::ReviewStopped,
            Event::Reviewed {
                counts: [1, 2, 3],
                key: "Ctrl+Shift+M".into(),
            },
            Event::ClockLow {
                color: Color::White,
                left: std::time::Duration::from_secs(60),
            },
            Event::Flagged(Color::Black),
            Event::ProblemShown {
                number: 2,
                count: 12,
                solved: 1,
                title: "Bílý táhne a vyhraje.".into(),
            },
            Event::RightMove,
            Event::WrongMove,
            Event::ProblemSolved {
                number: 2,
                solved: 2,
                count: 12,
            },
            Event::ProblemHint { from: sq, mv: None },
            Event::ProblemHint {
                from: sq,
                mv: Some((before, mv)),
            },
            Event::ClockPaused(true),
            Event::ClockPaused(false),
            Event::Clocks {
                left: [
                    std::time::Duration::from_secs(297),
                    std::time::Duration::from_millis(9_500),
                ],
                running: Some(Color::Black),
                paused: false,
            },
            Event::Clocks {
                left: [std::time::Duration::from_secs(300); 2],
                running: None,
                paused: true,
            },
            Event::Judged {
                number: 3,
                before,
                judged: crate::engine::review::Judged {
                    ply: 0,
                    played: mv,
                    mark: crate::engine::review::Mark::Blunder,
                    loss: 300,
                    better: Some(mv),
                },
            },
            Event::VariationStarted { before, mv },
            Event::VariationMoved { before, mv },
            Event::VariationCut { dropped: 2 },
            Event::VariationRemoved { moves: 5 },
            Event::VariationPromoted { game: true },
            Event::VariationPromoted { game: false },
            Event::Choices {
                at: before,
                next: Some(mv),
                variations: vec![mv, mv],
            },
            Event::Choices {
                at: before,
                next: None,
                variations: vec![mv],
            },
            Event::Note(crate::rules::Note {
                nags: vec![1, 6],
                comments: vec!["Rarely seen".into()],
            }),
            Event::Looked(Look::Variation {
                depth: 2,
                index: 1,
                count: 2,
                ply: 1,
                len: 3,
                number: 1,
                before,
                mv,
            }),
            Event::Endgames(Endgames::Started {
                variant: Variant::Czech,
                pieces: 4,
                bytes: 20_742_867,
                time: std::time::Duration::from_secs(30),
                done: 3,
                damaged: true,
            }),
            Event::Endgames(Endgames::Built {
                variant: Variant::Czech,
                pieces: 4,
                bytes: 20_742_867,
            }),
            Event::Endgames(Endgames::Stopped {
                variant: Variant::Czech,
                done: 3,
                of: 41,
            }),
            Event::Endgames(Endgames::Removed(Variant::Czech)),
            Event::Endgames(Endgames::Busy(Variant::Czech)),
            Event::Endgames(Endgames::Failed {
                variant: Variant::Czech,
                path: "/data/endgames".into(),
                error: (
                    std::io::ErrorKind::PermissionDenied,
                    Some(13),
                    "Permission denied (os error 13)".into(),
                ),
            }),
            Event::Endgames(Endgames::Offered {
                variant: Variant::TwoTowers,
                bytes: 661_000_000,
            }),
        ];
        for e in &all {
            match e {
                Event::Endgames(_)
                | Event::Moved { .. }
                | Event::Ended(_)
                | Event::ToMove(_)
                | Event::Truncated { .. }
                | Event::DrawOfferLapsed
                | Event::Huffed { .. }
                | Event::ChooseOffender(_)
                | Event::TakenBack { .. }
                | Event::Undone(_)
                | Event::Redone { .. }
                | Event::Looked(_)
                | Event::DrawOffered { .. }
                | Event::DrawAnswered { .. }
                | Event::Resigned(_)
                | Event::NewGame { .. }
                | Event::PlayersChanged(_)
                | Event::Opened { .. }
                | Event::Resumed { .. }
                | Event::Saved(_)
                | Event::Saving { .. }
                | Event::PutAside(_)
                | Event::LeftForLater(_)
                | Event::PositionCopied(_)
                | Event::Flipped { .. }
                | Event::Cursor(_)
                | Event::Selected { .. }
                | Event::Extended(_)
                | Event::Deselected
                | Event::Hint { .. }
                | Event::ThinkingAboutHint
                | Event::ComputerThinking
                | Event::MoveField
                | Event::BoardText { .. }
                | Event::Info(_)
                | Event::Cancelled
                | Event::Closed
                | Event::Edited(_)
                | Event::AnalysisMode(_)
                | Event::Analysing
                | Event::Analysed { .. }
                | Event::Reviewing { .. }
                | Event::ReviewStopped
                | Event::Reviewed { .. }
                | Event::Judged { .. }
                | Event::ProblemShown { .. }
                | Event::RightMove
                | Event::WrongMove
                | Event::Course(_)
                | Event::ProblemSolved { .. }
                | Event::ProblemHint { .. }
                | Event::ClockLow { .. }
                | Event::Flagged(_)
                | Event::ClockPaused(_)
                | Event::Clocks { .. }
                | Event::VariationStarted { .. }
                | Event::VariationMoved { .. }
                | Event::VariationCut { .. }
                | Event::VariationRemoved { .. }
                | Event::VariationPromoted { .. }
                | Event::Choices { .. }
                | Event::Note(_) => {}
            }
        }
        all
    }

    #[test]
    fn golden_save_under_way() {
        assert_eq!(
            problem(Czech, Notation::Numeric, &Problem::SaveUnderWay),
            "Ještě se ukládá: počkejte, až se uložení dokončí."
        );
        assert_eq!(
            problem(English, Notation::Numeric, &Problem::SaveUnderWay),
            "A save is still under way: wait until it is finished."
        );
    }

    #[test]
    fn golden_setup_problems() {
        use crate::rules::{FenError, PositionError};
        let p = Problem::Setup(FenError::Position(PositionError::TooManyPieces {
            color: crate::rules::Color::White,
            count: 13,
            most: 12,
        }));
        assert_eq!(
            problem(Czech, Notation::Numeric, &p),
            "Z tohoto postavení nelze začít. Bílý má na desce 13 kamenů, víc než 12, se kterými \
             tato pravidla začínají."
        );
        assert_eq!(
            problem(English, Notation::Numeric, &p),
            "A game cannot start from this position. White has 13 pieces, more than the 12 \
             these rules start with."
        );
    }

    #[test]
    fn golden_long_pasted_positions_are_quoted_as_an_excerpt() {
        use crate::rules::FenError;
        // A megabyte pasted into the position field: the words quote its first 40 characters.
        let p = Problem::Setup(FenError::BadSection("x".repeat(1 << 20)));
        let x40 = "x".repeat(40);
        assert_eq!(
            problem(Czech, Notation::Numeric, &p),
            format!(
                "Z tohoto postavení nelze začít. Část „{x40}…“ má začínat barvou a dvojtečkou, \
                 například W: nebo B:."
            )
        );
        assert_eq!(
            problem(English, Notation::Numeric, &p),
            format!(
                "A game cannot start from this position. The part “{x40}…” must start with a \
                 colour and a colon, such as W: or B:."
            )
        );
        let p = Problem::ClipboardTooLong { limit: 1000 };
        assert_eq!(
            problem(Czech, Notation::Numeric, &p),
            "Text ve schránce je delší než 1000 znaků, a proto to není postavení."
        );
        assert_eq!(
            problem(English, Notation::Numeric, &p),
            "The clipboard text is longer than 1000 characters, so it is not a position."
        );
    }

    #[test]
    fn golden_speech_lost() {
        let p = Problem::SpeechLost("Value not received".into());
        assert_eq!(
            problem(Czech, Notation::Numeric, &p),
            "Hlas Dámy se odmlčel: řečový server přestal odpovídat a znovu se připojit \
             nepodařilo. Dáma to bude zkoušet dál (podrobnosti jsou v protokolu dama.log)."
        );
        assert_eq!(
            problem(English, Notation::Numeric, &p),
            "Dáma's voice was lost: the speech server stopped answering and could not be \
             reached again (Value not received). Dáma keeps trying."
        );
    }

    #[test]
    fn golden_data_folder_problems() {
        let dir = PathBuf::from("/home/jana/.local/share/dama");
        let said = |lang, why| {
            problem(
                lang,
                Notation::Numeric,
                &Problem::DataFolder {
                    dir: dir.clone(),
                    problem: why,
                },
            )
        };
        let file = || FolderProblem::IsFile(dir.clone());
        assert_eq!(
            said(Czech, file()),
            "Složka pro data /home/jana/.local/share/dama je soubor, ne složka. Partie se proto \
             automaticky neukládá."
        );
        assert_eq!(
            said(English, file()),
            "The data folder /home/jana/.local/share/dama is a file, not a folder. The game is \
             therefore not autosaved."
        );
        let above = || FolderProblem::IsFile("/home/jana/.local".into());
        assert_eq!(
            said(Czech, above()),
            "Složku pro data /home/jana/.local/share/dama nelze vytvořit: /home/jana/.local je \
             soubor, ne složka. Partie se proto automaticky neukládá."
        );
        assert_eq!(
            said(English, above()),
            "The data folder /home/jana/.local/share/dama cannot be created: /home/jana/.local \
             is a file, not a folder. The game is therefore not autosaved."
        );
        let looped = || FolderProblem::LinkLoop(dir.clone());
        assert_eq!(
            said(Czech, looped()),
            "Složka pro data /home/jana/.local/share/dama je odkaz, který vede sám na sebe. \
             Partie se proto automaticky neukládá."
        );
        assert_eq!(
            said(English, looped()),
            "The data folder /home/jana/.local/share/dama is a link loop, leading back to \
             itself. The game is therefore not autosaved."
        );
        let denied = || FolderProblem::Cannot(io::Error::from(io::ErrorKind::PermissionDenied));
        assert_eq!(
            said(Czech, denied()),
            "Složku pro data /home/jana/.local/share/dama nelze vytvořit: chybí oprávnění. \
             Partie se proto automaticky neukládá."
        );
        assert_eq!(
            said(English, denied()),
            "The data folder /home/jana/.local/share/dama cannot be created: permission denied. \
             The game is therefore not autosaved."
        );
    }

    #[test]
    fn every_problem_and_event_is_said_in_czech_without_english() {
        let rules = Variant::Czech.rules();
        let mut bad = Vec::new();
        for lang in [Language::Czech, Language::English] {
            let cx = crate::speech::phrases::Context {
                lang,
                rules,
                verbosity: crate::speech::phrases::Verbosity::Full,
                notation: Notation::Numeric,
            };
            let (problems, events) = (every_problem(), every_event());
            let texts = problems
                .iter()
                .map(|p| problem(lang, Notation::Numeric, p))
                .chain(events.iter().map(|e| super::super::event(&cx, e)));
            for text in texts {
                assert!(!text.trim().is_empty());
                if lang == Language::Czech && !english_in(&text).is_empty() {
                    bad.push(format!("{text} {:?}", english_in(&text)));
                }
            }
        }
        assert!(bad.is_empty(), "English in Czech:\n{}", bad.join("\n"));
    }
}
