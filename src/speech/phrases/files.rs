//! Files, resume and collections in words: the questions about replacing a file or one changed
//! on disk, where a game stands in a file of several, what an interrupted game was and how many
//! more are offered, and the games of a file the window leaves out.

use crate::language::Language;
use crate::rules::Color;

use super::errors;
use super::excerpt;
use super::moves::half_moves;
use super::names::{color_name, rules_name};
use super::play::outcome;

use Language::{Czech, English};

/// What an interrupted game was, as the resume question describes it: "Česká dáma, 12 tahů,
/// bílý: Jana, soubor: partie.pdn (neuloženo)".
pub fn interrupted_game(lang: Language, s: &crate::store::autosave::Session) -> String {
    let mut parts = vec![rules_name(lang, s.game.rules()).to_string()];
    parts.push(half_moves(lang, s.game.moves().len()));
    for (color, name) in Color::ALL.into_iter().zip(&s.names) {
        if !name.is_empty() {
            parts.push(format!("{}: {}", color_name(lang, color), excerpt(name)));
        }
    }
    if let Some(o) = s.game.outcome() {
        parts.push(outcome(lang, o).trim_end_matches('.').to_string());
    }
    if let Some(f) = &s.file {
        let name = file_name(f);
        parts.push(match (lang, s.dirty) {
            (Czech, false) => format!("soubor: {name}"),
            (Czech, true) => format!("soubor: {name} (neuložené změny)"),
            (English, false) => format!("file: {name}"),
            (English, true) => format!("file: {name} (unsaved changes)"),
        });
    }
    parts.join(", ")
}

/// Whether to replace a file by the game saved over it.
pub fn replace_question(
    lang: Language,
    path: &std::path::Path,
    read_only: bool,
    games: usize,
) -> String {
    let path = path.display();
    // A file of several games: replacing it drops them all, so the question says so, and
    // offers to add the game after them.
    let many = |forms| errors::counted(lang, games, forms);
    match (lang, read_only, games > 1) {
        (Czech, false, false) => format!("Soubor {path} už existuje. Nahradit ho uloženou partií?"),
        (Czech, true, false) => format!("Soubor {path} je jen pro čtení. Přesto ho nahradit?"),
        (Czech, ro, true) => format!(
            "Soubor {path}{} obsahuje {}. Přidat partii za ně, nebo je všechny nahradit jen \
             touto partií?",
            if ro { " je jen pro čtení a" } else { "" },
            many(["partii", "partie", "partií"])
        ),
        (English, false, false) => {
            format!("The file {path} already exists. Replace it with this game?")
        }
        (English, true, false) => format!("The file {path} is read-only. Replace it anyway?"),
        (English, ro, true) => format!(
            "The file {path}{} holds {}. Add the game after them, or replace them all with this \
             game alone?",
            if ro { " is read-only and" } else { "" },
            many(["game", "games", "games"])
        ),
    }
}

/// What "the file has changed" says: another program or window changed the game's file since
/// the game was read from it or saved to it. `before` when something waits for the answer
/// (closing the window, another game): the third answer is then to go on without saving.
pub fn changed_on_disk(lang: Language, path: &std::path::Path, before: bool) -> String {
    let name = file_name(path);
    match (lang, before) {
        (Czech, false) => format!(
            "Soubor {name} mezitím změnil jiný program nebo jiné okno Dámy. Uložit partii jako \
             nový soubor, přepsat jí soubor, nebo ji zahodit a načíst soubor znovu?"
        ),
        (Czech, true) => format!(
            "Soubor {name} mezitím změnil jiný program nebo jiné okno Dámy a partie z tohoto \
             okna v něm už není. Uložit ji jako nový soubor, přepsat jí soubor, nebo ji zahodit?"
        ),
        (English, false) => format!(
            "{name} was changed by another program or another Dáma window. Save the game as a \
             new file, overwrite the file with it, or drop it and reload the file?"
        ),
        (English, true) => format!(
            "{name} was changed by another program or another Dáma window, and the game of \
             this window is no longer in it. Save it as a new file, overwrite the file with it, \
             or discard it?"
        ),
    }
}

/// What "the file no longer exists" says: the game's file was deleted or moved since the game
/// was read from it or saved to it, so the game exists only in the window. `before` when
/// something waits for the answer (closing the window, another game): going on without saving
/// is offered too.
pub fn gone_from_disk(lang: Language, path: &std::path::Path, before: bool) -> String {
    let name = file_name(path);
    let folder = path
        .parent()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    match (lang, before) {
        (Czech, false) => format!(
            "Soubor {name} ve složce {folder} mezitím někdo smazal nebo přesunul; partie je \
             jen v tomto okně. Uložit ji znovu na stejné místo, nebo jinam?"
        ),
        (Czech, true) => format!(
            "Soubor {name} ve složce {folder} mezitím někdo smazal nebo přesunul; partie je \
             jen v tomto okně. Uložit ji znovu na stejné místo, jinam, nebo ji zahodit?"
        ),
        (English, false) => format!(
            "{name} in {folder} was deleted or moved; the game exists only in this window. \
             Save it there again, or somewhere else?"
        ),
        (English, true) => format!(
            "{name} in {folder} was deleted or moved; the game exists only in this window. \
             Save it there again, somewhere else, or discard it?"
        ),
    }
}

/// What is said as a save into a large file begins in the background, and what the status bar
/// shows while it runs: the window goes on meanwhile, so that a person hears that the save is
/// under way (its end is told as "Saved").
pub fn saving(lang: Language, path: &std::path::Path, bytes: u64) -> String {
    let name = file_name(path);
    let size = super::endgames::size(lang, bytes);
    match lang {
        Czech => format!("Ukládá se do souboru {name} ({size})…"),
        English => format!("Saving into {name} ({size})…"),
    }
}

/// Where the game stands in a file of several: "partie 4 z 25 v souboru turnaj.pdn", for the
/// title bar and the save dialog.
pub fn game_of_file(lang: Language, number: usize, games: usize, path: &std::path::Path) -> String {
    let name = file_name(path);
    match lang {
        Czech => format!("partie {number} z {games} v souboru {name}"),
        English => format!("game {number} of {games} in {name}"),
    }
}

/// What the save dialog says of a game of a collection (`place` from [`game_of_file`]).
pub fn save_collection_hint(lang: Language, place: &str) -> String {
    match lang {
        Czech => format!(
            "Ukládá se {place}. Pod stejným názvem se partie zapíše zpět na své místo a ostatní \
             partie souboru zůstanou, jak jsou; pod novým názvem se uloží sama."
        ),
        English => format!(
            "Saving {place}. Under the same name the game goes back in its place and the other \
             games of the file stay as they are; under a new name it is saved alone."
        ),
    }
}

/// Where the save dialog's file goes: "Soubor se uloží do složky /home/jana/Dokumenty." The
/// path field alone may read as a bare name ("dama.pdn", saved where the program was started).
pub fn save_folder(lang: Language, folder: &std::path::Path) -> String {
    let folder = folder.display();
    match lang {
        Czech => format!("Soubor se uloží do složky {folder}."),
        English => format!("The file is saved in the folder {folder}."),
    }
}

/// How many more interrupted games are asked about after this one.
pub fn more_interrupted(lang: Language, more: usize) -> String {
    match lang {
        Czech => format!(
            "Po ní se nabídne ještě {}.",
            errors::counted(
                lang,
                more,
                ["přerušená partie", "přerušené partie", "přerušených partií"]
            )
        ),
        English => format!(
            "{} more interrupted {} will be offered after it.",
            more,
            if more == 1 { "game" } else { "games" }
        ),
    }
}

/// The games of a file that the game-choice dialog does not offer, and why: "Vynechané partie:
/// 18518 (okno nabízí z jednoho souboru nejvýš 10000 partií)."
pub fn games_left_out(lang: Language, left: &crate::store::game_file::LeftOut) -> String {
    use crate::store::game_file::{KeptLimit, MAX_GAMES, MAX_KEPT};
    let n = left.games;
    let mb = MAX_KEPT >> 20;
    match (lang, left.limit) {
        (Czech, KeptLimit::Games) => {
            format!(
                "Vynechané partie: {n} (okno nabízí z jednoho souboru nejvýš {MAX_GAMES} partií)."
            )
        }
        (English, KeptLimit::Games) => {
            format!("Games left out: {n} (the window offers at most {MAX_GAMES} games of a file).")
        }
        (Czech, KeptLimit::Memory) => {
            format!("Vynechané partie: {n} (partie souboru by zabraly víc než {mb} MB paměti).")
        }
        (English, KeptLimit::Memory) => format!(
            "Games left out: {n} (the games of the file would take more than {mb} MB of memory)."
        ),
    }
}

/// How many games a file offers to choose from: "12 partií", "12 games".
pub fn games_to_choose(lang: Language, n: usize) -> String {
    let words = match lang {
        Czech => ["partie", "partie", "partií"],
        English => ["game", "games", "games"],
    };
    errors::counted(lang, n, words)
}

/// How many games of a file cannot be opened, and that why is listed below the games.
pub fn games_not_opened(lang: Language, n: usize) -> String {
    match lang {
        Czech => format!("Partie, které nelze otevřít: {n}. Proč, je uvedeno pod seznamem."),
        English => format!("Games that cannot be opened: {n}. Why is listed below the games."),
    }
}

/// The name of a file without its folder ("partie.pdn").
pub fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::phrases::english;

    #[test]
    fn the_save_dialog_says_its_folder() {
        let folder = std::path::Path::new("/home/jana/Dokumenty");
        assert_eq!(
            save_folder(Czech, folder),
            "Soubor se uloží do složky /home/jana/Dokumenty."
        );
        assert_eq!(
            save_folder(English, folder),
            "The file is saved in the folder /home/jana/Dokumenty."
        );
        let empty: Vec<String> = Vec::new();
        assert_eq!(english::english_words(&save_folder(Czech, folder)), empty);
    }

    #[test]
    fn a_file_deleted_or_moved_is_said_so() {
        let path = std::path::Path::new("/home/jana/partie/turnaj.pdn");
        assert_eq!(
            gone_from_disk(Czech, path, false),
            "Soubor turnaj.pdn ve složce /home/jana/partie mezitím někdo smazal nebo přesunul; \
             partie je jen v tomto okně. Uložit ji znovu na stejné místo, nebo jinam?"
        );
        assert_eq!(
            gone_from_disk(Czech, path, true),
            "Soubor turnaj.pdn ve složce /home/jana/partie mezitím někdo smazal nebo přesunul; \
             partie je jen v tomto okně. Uložit ji znovu na stejné místo, jinam, nebo ji \
             zahodit?"
        );
        assert_eq!(
            gone_from_disk(English, path, false),
            "turnaj.pdn in /home/jana/partie was deleted or moved; the game exists only in this \
             window. Save it there again, or somewhere else?"
        );
        assert_eq!(
            gone_from_disk(English, path, true),
            "turnaj.pdn in /home/jana/partie was deleted or moved; the game exists only in this \
             window. Save it there again, somewhere else, or discard it?"
        );
        for before in [false, true] {
            let text = gone_from_disk(Czech, path, before);
            assert_eq!(
                english::english_words(&text),
                Vec::<String>::new(),
                "{text}"
            );
        }
    }

    #[test]
    fn a_save_in_the_background_is_said() {
        let path = std::path::Path::new("/home/jana/velká sbírka.pdn");
        assert_eq!(
            saving(Czech, path, 38_083_545),
            "Ukládá se do souboru velká sbírka.pdn (38,1 MB)…"
        );
        assert_eq!(
            saving(English, path, 38_083_545),
            "Saving into velká sbírka.pdn (38.1 MB)…"
        );
        let text = saving(Czech, path, 2_500_000);
        assert_eq!(
            english::english_words(&text),
            Vec::<String>::new(),
            "{text}"
        );
    }

    #[test]
    fn games_left_out_of_a_file() {
        use crate::store::game_file::{KeptLimit, LeftOut};
        let many = LeftOut {
            games: 18_518,
            limit: KeptLimit::Games,
        };
        assert_eq!(
            games_left_out(Czech, &many),
            "Vynechané partie: 18518 (okno nabízí z jednoho souboru nejvýš 10000 partií)."
        );
        assert_eq!(
            games_left_out(English, &many),
            "Games left out: 18518 (the window offers at most 10000 games of a file)."
        );
        let large = LeftOut {
            games: 5,
            limit: KeptLimit::Memory,
        };
        assert_eq!(
            games_left_out(Czech, &large),
            "Vynechané partie: 5 (partie souboru by zabraly víc než 256 MB paměti)."
        );
        assert_eq!(
            games_left_out(English, &large),
            "Games left out: 5 (the games of the file would take more than 256 MB of memory)."
        );
        for left in [many, large] {
            let text = games_left_out(Czech, &left);
            assert_eq!(
                english::english_words(&text),
                Vec::<String>::new(),
                "{text}"
            );
        }
    }
}
