//! Refusals and failures in words: why a click, a typed move or a command did nothing, and why
//! a file could not be opened or saved. Each says why, in the user's language.

use std::path::Path;

use crate::autosave::AutosaveError;
use crate::event::{Problem, Refusal};
use crate::game_file::{MAX_FILE, ReadError};
use crate::language::Language;

use super::errors::{game_error, io, move_text_error};
use super::pdn::{pdn_error as pdn, rule_set_error};
use super::{computer_to_move, must_capture};

use Language::{Czech, English};

/// The words for a problem.
pub fn problem(lang: Language, p: &Problem) -> String {
    match p {
        Problem::Click(r) => refusal(lang, *r).into(),
        Problem::Game(e) => game_error(lang, e),
        Problem::MoveText(e) => move_text_error(lang, e),
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
        Problem::SettingsDamaged { kept_as, at } => {
            let place = match (lang, at) {
                (_, None) => String::new(),
                (Czech, Some((line, col))) => format!(" (řádek {line}, sloupec {col})"),
                (English, Some((line, col))) => format!(" (line {line}, column {col})"),
            };
            match lang {
                Czech => format!(
                    "Soubor nastavení byl poškozen{place}: je uložen stranou jako {} a platí \
                     výchozí nastavení.",
                    kept_as.display()
                ),
                English => format!(
                    "The settings file was damaged{place}: it was kept aside as {} and defaults \
                     are used.",
                    kept_as.display()
                ),
            }
        }
        Problem::AutosaveDamaged { kept_as, error } => {
            let why = autosave_error(lang, error);
            match lang {
                Czech => format!(
                    "Automaticky uložená partie byla poškozená ({why}): je uložena stranou jako \
                     {} a začíná nová hra.",
                    kept_as.display()
                ),
                English => format!(
                    "The autosaved game was damaged ({why}): it was kept aside as {} and a new \
                     game starts.",
                    kept_as.display()
                ),
            }
        }
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
        Problem::Rules(e) => match lang {
            Czech => format!(
                "Z těchto pravidel nelze začít hru: {}",
                rule_set_error(lang, e)
            ),
            English => format!(
                "These rules do not make a game: {}",
                rule_set_error(lang, e)
            ),
        },
    }
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
