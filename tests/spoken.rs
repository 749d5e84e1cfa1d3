//! Every command of the command table and every dialog answer, performed through the window in
//! Czech and in English, with what is spoken and what the live region (the status bar) holds
//! checked against golden strings. One script, run once per language; `GOLDEN` holds the
//! words in both.
//!
//! `DAMA_PRINT_SPOKEN=1 cargo test --test spoken -- --nocapture` prints what was said, step by
//! step, in the form of the table.

mod common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use dama::engine::Level;
use dama::rules::{Color, Variant};
use dama::speech::Recording;
use dama::ui::{Command, DamaApp, Dialog, Language, Player, T};
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// What each step says: the step, then the utterances in Czech, then in English. `{dir}` stands
/// for the test's folder.
const GOLDEN: &[(&str, &[&str], &[&str])] = &[
    ("whose turn", &["Na tahu je bílý"], &["White to move"]),
    (
        "legal moves",
        &[
            "Táhnout mohou 21, 22, 23, 24. Tahy: 21 na 17; 22 na 17; 22 na 18; 23 na 18; 23 na 19; 24 na 19; 24 na 20.",
        ],
        &[
            "Pieces that can move: 21, 22, 23, 24. Moves: 21 to 17; 22 to 17; 22 to 18; 23 to 18; 23 to 19; 24 to 19; 24 to 20.",
        ],
    ),
    (
        "position",
        &[
            "Bílý: kameny 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32. Černý: kameny 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12.",
        ],
        &[
            "White: men 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32. Black: men 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12.",
        ],
    ),
    (
        "material",
        &["Bílý: 12 kamenů. Černý: 12 kamenů."],
        &["White: 12 men. Black: 12 men."],
    ),
    (
        "move list, empty",
        &["Zatím žádný tah."],
        &["No moves yet."],
    ),
    ("last move, none", &["Zatím žádný tah."], &["No moves yet."]),
    (
        "undo at the start",
        &["Není co vrátit: partie je na začátku."],
        &["Nothing to undo: the game is at its start."],
    ),
    (
        "redo, nothing",
        &["Není co znovu zahrát."],
        &["Nothing to redo."],
    ),
    (
        "to the start, there",
        &["Už jste na začátku partie."],
        &["This is already the start of the game."],
    ),
    (
        "back, at the start",
        &["Už jste na začátku partie."],
        &["This is already the start of the game."],
    ),
    (
        "forward, at the end",
        &["Už jste v aktuální pozici."],
        &["This is already the current position."],
    ),
    (
        "to the end, there",
        &["Už jste v aktuální pozici."],
        &["This is already the current position."],
    ),
    (
        "claim, nothing",
        &["Není co reklamovat: soupeř svým posledním tahem nezapomněl skákat."],
        &["Nothing to claim: the opponent's last move did not miss a capture."],
    ),
    (
        "accept, no offer",
        &["Nikdo remízu nenabízí."],
        &["No draw has been offered."],
    ),
    (
        "decline, no offer",
        &["Nikdo remízu nenabízí."],
        &["No draw has been offered."],
    ),
    (
        "move field",
        &["Zadejte tah, například 32-28, a stiskněte Enter."],
        &["Type a move, for example 32-28, and press Enter."],
    ),
    ("typed move", &["22 na 18"], &["22 to 18"]),
    (
        "empty move field",
        &["Zadejte tah, například 32-28, a stiskněte Enter."],
        &["Type a move, for example 32-28, and press Enter."],
    ),
    ("out of the move field", &[], &[]),
    // Ctrl+F6 moves the focus, which the screen reader reads: nothing is said besides.
    ("next part of the window", &[], &[]),
    ("previous part of the window", &[], &[]),
    ("cursor", &["19, f4, prázdné"], &["19, f4, empty"]),
    ("cursor again", &["15, e5, prázdné"], &["15, e5, empty"]),
    (
        "cursor on a piece",
        &["11, f6, černý kámen, může táhnout"],
        &["11, f6, black man, can move"],
    ),
    // The cursor's square was just read: the selection says what is new.
    (
        "select by keyboard",
        &["Vybráno. Cíle tahu: 15, 16."],
        &["Selected. Destinations: 15, 16."],
    ),
    ("escape", &["Výběr zrušen."], &["Selection cancelled."]),
    (
        "select by click",
        &["Vybráno. Cíle tahu: 15, 16."],
        &["Selected. Destinations: 15, 16."],
    ),
    (
        "not a destination",
        &["Sem tah nevede."],
        &["No move goes there."],
    ),
    ("move by click", &["11 na 15"], &["11 to 15"]),
    ("last move", &["Černý: 11 na 15"], &["Black: 11 to 15"]),
    (
        "move list",
        &["1. 22 na 18, 11 na 15."],
        &["1. 22 to 18, 11 to 15."],
    ),
    (
        "game information",
        &["Česká dáma. Hrají dva lidé. Tah 2, na tahu je bílý. Partie není uložena v souboru."],
        &[
            "Czech draughts. Two people play. Move 2, White to move. The game is not saved in a file.",
        ],
    ),
    (
        "repeat the last announcement",
        &["Česká dáma. Hrají dva lidé. Tah 2, na tahu je bílý. Partie není uložena v souboru."],
        &[
            "Czech draughts. Two people play. Move 2, White to move. The game is not saved in a file.",
        ],
    ),
    (
        "announcement history",
        &["Historie hlášení"],
        &["Announcement history"],
    ),
    ("announcement history, escape", &["Zavřeno."], &["Closed."]),
    (
        "must I capture",
        &["Podle stolních pravidel braní nikdo nepřipomíná."],
        &["Under table rules nobody points out a capture."],
    ),
    (
        "my pieces",
        &["Bílý: kameny 18, 21, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32."],
        &["White: men 18, 21, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32."],
    ),
    (
        "the other side's pieces",
        &["Černý: kameny 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15."],
        &["Black: men 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15."],
    ),
    (
        "the last moves",
        &["Poslední tahy: 1. 22 na 18, 11 na 15."],
        &["Last moves: 1. 22 to 18, 11 to 15."],
    ),
    (
        "go to a square",
        &["Napište číslo pole a stiskněte Enter."],
        &["Type a square's number and press Enter."],
    ),
    (
        "a square's number",
        &["18, d4, bílý kámen, může táhnout"],
        &["18, d4, white man, can move"],
    ),
    (
        "the moves of the piece there",
        &["Bílý kámen na 18: 18 bere 11; 18 na 14."],
        &["White man on 18: 18 takes 11; 18 to 14."],
    ),
    (
        "a diagonal",
        &["15, e5, černý kámen, poslední tah"],
        &["15, e5, black man, last move"],
    ),
    (
        "no such square",
        &["„40“: pole 40 na desce 8×8 není."],
        &["“40”: there is no square 40 on the 8×8 board."],
    ),
    (
        "back",
        &[
            "Po 1. tahu bílého: 22 na 18 (1 z 2). Prohlížíte dřívější pozici; tah odsud začne variantu, nebo nahradí další tahy.",
        ],
        &[
            "After White's move 1: 22 to 18 (1 of 2). You are looking at an earlier position; a move here starts a variation or replaces the later moves.",
        ],
    ),
    (
        "to the start",
        &["Výchozí pozice (0 z 2)."],
        &["Starting position (0 of 2)."],
    ),
    (
        "forward",
        &["Po 1. tahu bílého: 22 na 18 (1 z 2)."],
        &["After White's move 1: 22 to 18 (1 of 2)."],
    ),
    (
        "to the end",
        &["Zpět v aktuální pozici."],
        &["Back at the current position."],
    ),
    (
        "undo",
        &["Vrácen tah: černý 11 na 15. Na tahu je černý"],
        &["Undone: Black 11 to 15. Black to move"],
    ),
    (
        "redo",
        &["Znovu zahráno: černý 11 na 15. Na tahu je bílý"],
        &["Redone: Black 11 to 15. White to move"],
    ),
    (
        "flip",
        &["Deska otočena: dole je černý."],
        &["Board flipped: Black at the bottom."],
    ),
    (
        "flip back",
        &["Deska otočena: dole je bílý."],
        &["Board flipped: White at the bottom."],
    ),
    (
        "board as text",
        &["Deska jako text, řádek po řádku."],
        &["Board as text, line by line."],
    ),
    (
        "board as text hidden",
        &["Deska jako text skryta."],
        &["Board as text hidden."],
    ),
    (
        "offer a draw",
        &["Bílý nabízí remízu. Přijmout: Ctrl+Shift+A, odmítnout: Ctrl+Shift+N."],
        &["White offers a draw. Accept: Ctrl+Shift+A, decline: Ctrl+Shift+N."],
    ),
    (
        "decline it",
        &["Černý remízu odmítá."],
        &["Black declines the draw."],
    ),
    (
        "offer again",
        &["Bílý nabízí remízu. Přijmout: Ctrl+Shift+A, odmítnout: Ctrl+Shift+N."],
        &["White offers a draw. Accept: Ctrl+Shift+A, decline: Ctrl+Shift+N."],
    ),
    (
        "accept it",
        &["Černý remízu přijímá. Remíza dohodou."],
        &["Black accepts the draw. Draw by agreement."],
    ),
    (
        "move after the end",
        &["Hra už skončila."],
        &["The game is over."],
    ),
    (
        "undo the draw",
        &["Remíza dohodou vzata zpět. Na tahu je bílý"],
        &["Agreed draw taken back. White to move"],
    ),
    (
        "offer, then move",
        &[
            "Bílý nabízí remízu. Přijmout: Ctrl+Shift+A, odmítnout: Ctrl+Shift+N.",
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "24 na 20. Nabídka remízy zanikla.",
        ],
        &[
            "White offers a draw. Accept: Ctrl+Shift+A, decline: Ctrl+Shift+N.",
            "Type a move, for example 32-28, and press Enter.",
            "24 to 20. The draw offer lapsed.",
        ],
    ),
    (
        "resign?",
        &["Opravdu se vzdát? Partii vzdává černý."],
        &["Really resign? Black resigns the game."],
    ),
    ("no", &["Zrušeno."], &["Cancelled."]),
    (
        "resign? again",
        &["Opravdu se vzdát? Partii vzdává černý."],
        &["Really resign? Black resigns the game."],
    ),
    (
        "yes",
        &["Černý se vzdává. Bílý vyhrál: soupeř se vzdal."],
        &["Black resigns. White wins: the opponent resigned."],
    ),
    (
        "resign when over",
        &["Hra už skončila."],
        &["The game is over."],
    ),
    (
        "undo the resignation",
        &["Vzdání vzato zpět. Na tahu je černý"],
        &["Resignation taken back. Black to move"],
    ),
    ("help", &["Klávesové zkratky"], &["Keyboard shortcuts"]),
    ("help closed", &["Zavřeno."], &["Closed."]),
    (
        "help again",
        &["Klávesové zkratky"],
        &["Keyboard shortcuts"],
    ),
    ("help, escape", &["Zavřeno."], &["Closed."]),
    (
        "settings",
        &["Nastavení. Vzhled, řeč, zvuky a počítač. Každá změna platí hned a uloží se."],
        &[
            "Settings. Appearance, speech, sounds and the computer. Each change applies at once and is kept.",
        ],
    ),
    ("settings closed", &["Zavřeno."], &["Closed."]),
    (
        "endgame databases",
        &[
            "Databáze koncovek. Česká dáma: databáze koncovek nejsou postaveny; počítač hraje \
           koncovky jen propočtem.",
        ],
        &[
            "Endgame databases. Czech draughts: no endgame databases are built; the computer \
           plays endings by search alone.",
        ],
    ),
    ("endgame databases closed", &["Zavřeno."], &["Closed."]),
    (
        "save, no file yet",
        &["Uložit soubor. Soubor se uloží do složky {folder}."],
        &["Save file. The file is saved in the folder {folder}."],
    ),
    ("save cancelled", &["Zrušeno."], &["Cancelled."]),
    (
        "save as",
        &["Uložit soubor. Soubor se uloží do složky {folder}."],
        &["Save file. The file is saved in the folder {folder}."],
    ),
    ("saved", &["Uloženo: partie.pdn"], &["Saved: partie.pdn"]),
    (
        "save to the file",
        &["Uloženo: partie.pdn"],
        &["Saved: partie.pdn"],
    ),
    (
        "a change",
        &[
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "9 na 13",
        ],
        &[
            "Type a move, for example 32-28, and press Enter.",
            "9 to 13",
        ],
    ),
    (
        "new game",
        &[
            "Nová hra. Pravidla, kdo hraje, hodiny a případně vlastní postavení. Tabulátor projde volby, Enter hru začne.",
        ],
        &[
            "New game. The rules, who plays, the clock and a position of your own if you like. Tab goes through the choices, Enter starts the game.",
        ],
    ),
    ("new game cancelled", &["Zrušeno."], &["Cancelled."]),
    (
        "new game, start",
        &[
            "Nová hra. Pravidla, kdo hraje, hodiny a případně vlastní postavení. Tabulátor projde volby, Enter hru začne.",
            "Neuložené změny. Partie obsahuje neuložené změny. Uložit je?",
        ],
        &[
            "New game. The rules, who plays, the clock and a position of your own if you like. Tab goes through the choices, Enter starts the game.",
            "Unsaved changes. The game has unsaved changes. Save them?",
        ],
    ),
    ("unsaved, cancel", &["Zrušeno."], &["Cancelled."]),
    (
        "new game, start again",
        &[
            "Nová hra. Pravidla, kdo hraje, hodiny a případně vlastní postavení. Tabulátor projde volby, Enter hru začne.",
            "Neuložené změny. Partie obsahuje neuložené změny. Uložit je?",
        ],
        &[
            "New game. The rules, who plays, the clock and a position of your own if you like. Tab goes through the choices, Enter starts the game.",
            "Unsaved changes. The game has unsaved changes. Save them?",
        ],
    ),
    (
        "unsaved, save",
        &[
            "Uloženo: partie.pdn",
            "Nová hra: Česká dáma, pravidla od stolu. Na tahu je bílý",
        ],
        &[
            "Saved: partie.pdn",
            "New game: Czech draughts, table rules. White to move",
        ],
    ),
    (
        "learn",
        &[
            "Lekce 1 z 8: Deska a čísla polí. Hraje se na tmavých polích desky osm krát osm; je jich 32. Bílý sedí dole, černý nahoře. Pole mají čísla 1 až 32, po řadách od černého: pole 1 je vlevo nahoře, pole 4 vpravo nahoře, pole 29 vlevo dole a pole 32 vpravo dole. Každá řada má čtyři pole. Nejdelší úhlopříčka, velká cesta, vede z pole 29 do pole 4 přes pole 25, 22, 18, 15, 11 a 8. Úloha 1 z 3: Najděte pole 1: přesuňte kurzor šipkami do levého horního rohu a stiskněte Enter.",
        ],
        &[
            "Lesson 1 of 8: The board and its numbers. The game is played on the dark squares of an eight by eight board; there are 32 of them. White sits at the bottom, Black at the top. The squares are numbered 1 to 32, row by row from Black's side: square 1 is top left, square 4 top right, square 29 bottom left and square 32 bottom right. Each row has four squares. The longest diagonal, the long road, runs from square 29 to square 4 through squares 25, 22, 18, 15, 11 and 8. Task 1 of 3: Find square 1: move the cursor with the arrows to the top left corner and press Enter.",
        ],
    ),
    ("open", &["Otevřít soubor"], &["Open file"]),
    ("open cancelled", &["Zrušeno."], &["Cancelled."]),
    (
        "open the saved game",
        &[
            "Otevřít soubor",
            "Partie načtena: partie.pdn, 4 půltahy. Na tahu je bílý",
        ],
        &[
            "Open file",
            "Game loaded: partie.pdn, 4 half-moves. White to move",
        ],
    ),
    (
        "a change again",
        &[
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "21 na 17",
        ],
        &[
            "Type a move, for example 32-28, and press Enter.",
            "21 to 17",
        ],
    ),
    (
        "open, unsaved",
        &["Neuložené změny. Partie obsahuje neuložené změny. Uložit je?"],
        &["Unsaved changes. The game has unsaved changes. Save them?"],
    ),
    ("unsaved, discard", &["Otevřít soubor"], &["Open file"]),
    ("open, escape", &["Zrušeno."], &["Cancelled."]),
    (
        "a file of two games",
        &["Vyberte partii: 2 partie"],
        &["Choose a game: 2 games"],
    ),
    ("choice cancelled", &["Zrušeno."], &["Cancelled."]),
    (
        "choose the second",
        &[
            "Vyberte partii: 2 partie",
            "Partie načtena: dvě.pdn, partie č. 2, 2 půltahy. Na tahu je bílý",
        ],
        &[
            "Choose a game: 2 games",
            "Game loaded: dvě.pdn, game 2, 2 half-moves. White to move",
        ],
    ),
    (
        "a set-up",
        &["Partie načtena: huff.pdn. Na tahu je bílý"],
        &["Game loaded: huff.pdn. White to move"],
    ),
    (
        "copy the position",
        &["Postavení je ve schránce: W:W30,32:B1,19,26"],
        &["Position copied to the clipboard: W:W30,32:B1,19,26"],
    ),
    (
        "paste a position",
        &[
            "Nová hra. Pravidla, kdo hraje, hodiny a případně vlastní postavení. Tabulátor projde volby, Enter hru začne.",
        ],
        &[
            "New game. The rules, who plays, the clock and a position of your own if you like. Tab goes through the choices, Enter starts the game.",
        ],
    ),
    ("pasted, escape", &["Zrušeno."], &["Cancelled."]),
    (
        "paste, nothing there",
        &["Ve schránce není žádný text."],
        &["The clipboard holds no text."],
    ),
    (
        "play from the editor, not open",
        &["Žádné postavení se nestaví: editor postavení otevře Ctrl+E."],
        &["No position is being set up: Ctrl+E opens the position editor."],
    ),
    (
        "set up a position",
        &[
            "Editor postavení: Česká dáma. Na tahu je bílý. Šipkami na pole, pak B bílý kámen, Č nebo C černý kámen, se Shiftem dáma. Delete pole vyprázdní, mezerník položí figuru zvolenou vpravo. Ctrl+Enter začne hru z postavení, Escape editor opustí.",
        ],
        &[
            "Position editor: Czech draughts. White to move. Arrows to a square, then W a white man, B a black man, with Shift a king. Delete empties it, Space puts the piece chosen on the right. Ctrl+Enter starts a game from the position, Escape leaves the editor.",
        ],
    ),
    ("editor: a click", &["29: bílý kámen"], &["29: white man"]),
    ("editor: a letter", &["29: černá dáma"], &["29: black king"]),
    ("editor: emptied", &["29: prázdné"], &["29: empty"]),
    (
        "editor: the game waits",
        &["Ne během stavění postavení: hrát z něj začnete Ctrl+Enter, editor opustíte Escapem."],
        &["Not while setting up a position: Ctrl+Enter plays from it, Escape leaves the editor."],
    ),
    (
        "editor: play from it",
        &[
            "Nová hra. Pravidla, kdo hraje, hodiny a případně vlastní postavení. Tabulátor projde volby, Enter hru začne.",
        ],
        &[
            "New game. The rules, who plays, the clock and a position of your own if you like. Tab goes through the choices, Enter starts the game.",
        ],
    ),
    ("editor: dialog cancelled", &["Zrušeno."], &["Cancelled."]),
    (
        "editor: left",
        &["Editor postavení zavřen, partie zůstala, jak byla."],
        &["Position editor closed; the game is as it was."],
    ),
    (
        "a capture forgotten",
        &[
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "32 na 28",
        ],
        &[
            "Type a move, for example 32-28, and press Enter.",
            "32 to 28",
        ],
    ),
    (
        "claimed",
        &["Zapomněl jsi skákat! Bílý kámen na 30 se odebírá."],
        &["You forgot to capture! The white man on 30 is removed."],
    ),
    (
        "undo the claim",
        &["Odebrání vzato zpět: bílý kámen na 30 je zpět na desce. Na tahu je černý"],
        &["Huff undone: the white man on 30 is back on the board. Black to move"],
    ),
    (
        "several offenders",
        &[
            "Partie načtena: several.pdn. Na tahu je bílý",
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "32 na 28",
            "Zapomněl jsi skákat! Vyberte šipkami a Enterem, který kámen odebrat: 28, 30, 31.",
        ],
        &[
            "Game loaded: several.pdn. White to move",
            "Type a move, for example 32-28, and press Enter.",
            "32 to 28",
            "You forgot to capture! Choose the piece to remove with the arrows and Enter: 28, 30, 31.",
        ],
    ),
    (
        "not an offender",
        &["Zapomněl jsi skákat! Vyberte šipkami a Enterem, který kámen odebrat: 28, 30, 31."],
        &[
            "You forgot to capture! Choose the piece to remove with the arrows and Enter: 28, 30, 31.",
        ],
    ),
    (
        "an offender",
        &["Zapomněl jsi skákat! Bílý kámen na 31 se odebírá."],
        &["You forgot to capture! The white man on 31 is removed."],
    ),
    (
        "take back",
        &[
            "Partie načtena: english.pdn. Na tahu je černý",
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "1 na 5",
            "Zapomněl jsi skákat! Tah 1 na 5 se vrací, černý musí skákat.",
        ],
        &[
            "Game loaded: english.pdn. Black to move",
            "Type a move, for example 32-28, and press Enter.",
            "1 to 5",
            "You forgot to capture! 1 to 5 is taken back; black must capture.",
        ],
    ),
    (
        "strict: must capture",
        &[
            "Partie načtena: strict.pdn. Na tahu je černý",
            "Musíte skákat.",
        ],
        &[
            "Game loaded: strict.pdn. Black to move",
            "You must capture.",
        ],
    ),
    (
        "strict: typed quiet move",
        &[
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "Musíte skákat.",
        ],
        &[
            "Type a move, for example 32-28, and press Enter.",
            "You must capture.",
        ],
    ),
    (
        "strict: legal moves",
        &["Musíte skákat. Skákat mohou 14. Tahy: 14 bere 23."],
        &["You must capture. Pieces that can capture: 14. Moves: 14 takes 23."],
    ),
    (
        "strict: must I capture",
        &["Černý musí brát: 14 bere 23."],
        &["Black must capture: 14 takes 23."],
    ),
    (
        "hint",
        &["Počítač hledá doporučený tah…", "Rada: 14 bere 23"],
        &["The computer is looking for a hint…", "Hint: 14 takes 23"],
    ),
    (
        "the computer plays Black",
        &["Bílý: člověk, černý: počítač – Začátečník (1)."],
        &["White: human, Black: computer – Beginner (1)."],
    ),
    (
        "its move",
        &["Počítač: 14 bere 23. Černý vyhrál: soupeř nemůže táhnout."],
        &["Computer: 14 takes 23. Black wins: the opponent cannot move."],
    ),
    (
        "hint when over",
        &["Hra skončila, není co radit."],
        &["The game is over: there is nothing to suggest."],
    ),
    (
        "people again",
        &["Obě strany hrají lidé."],
        &["People play both sides."],
    ),
    (
        "study: not reviewed",
        &[
            "Partie načtena: study.pdn. Na tahu je bílý",
            "Partie ještě není rozebraná: rozbor spustíte Ctrl+R.",
        ],
        &[
            "Game loaded: study.pdn. White to move",
            "The game has not been reviewed yet: Ctrl+R reviews it.",
        ],
    ),
    (
        "study: say the analysis",
        &[
            "Počítač rozebírá pozici…",
            "Bílý vyhrává; nejlepší 22 bere 15",
        ],
        &[
            "The computer is analysing the position…",
            "White wins; best 22 takes 15",
        ],
    ),
    (
        "study: analysis on",
        &["Analýza zapnuta: počítač hodnotí každou zobrazenou pozici."],
        &["Analysis on: the computer judges each position shown."],
    ),
    (
        "study: analysis off",
        &["Analýza vypnuta."],
        &["Analysis off."],
    ),
    (
        "study: the blunder",
        &[
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "31 na 27",
        ],
        &[
            "Type a move, for example 32-28, and press Enter.",
            "31 to 27",
        ],
    ),
    (
        "study: review",
        &[
            "Počítač prochází partii: 1 tah, asi 1 s.",
            "Rozbor partie hotov: 1 hrubá chyba. Na další chybu přejdete Ctrl+Shift+M.",
        ],
        &[
            "The computer is going through the game: 1 move, about 1 s.",
            "Game review done: 1 blunder. Ctrl+Shift+M goes to the next mistake.",
        ],
    ),
    (
        "study: next mistake",
        &["Tah 1, bílý 31 na 27 je hrubá chyba; lepší bylo 22 bere 15"],
        &["Move 1, White 31 to 27 is a blunder; 22 takes 15 was better"],
    ),
    (
        "variations: a game",
        &[
            "Nová hra. Pravidla, kdo hraje, hodiny a případně vlastní postavení. Tabulátor projde volby, Enter hru začne.",
            "Neuložené změny. Partie obsahuje neuložené změny. Uložit je?",
            "Nová hra: Česká dáma, pravidla od stolu. Na tahu je bílý",
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "22 na 18",
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "11 na 15",
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "18 bere 11",
            "Po 1. tahu černého: 11 na 15 (2 z 3). Prohlížíte dřívější pozici; tah odsud začne variantu, nebo nahradí další tahy.",
            "Po 1. tahu bílého: 22 na 18 (1 z 3).",
        ],
        &[
            "New game. The rules, who plays, the clock and a position of your own if you like. Tab goes through the choices, Enter starts the game.",
            "Unsaved changes. The game has unsaved changes. Save them?",
            "New game: Czech draughts, table rules. White to move",
            "Type a move, for example 32-28, and press Enter.",
            "22 to 18",
            "Type a move, for example 32-28, and press Enter.",
            "11 to 15",
            "Type a move, for example 32-28, and press Enter.",
            "18 takes 11",
            "After Black's move 1: 11 to 15 (2 of 3). You are looking at an earlier position; a move here starts a variation or replaces the later moves.",
            "After White's move 1: 22 to 18 (1 of 3).",
        ],
    ),
    (
        "variations: a move asks",
        &[
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "Tah v dřívější pozici. Partie pokračuje tahem 11 na 15. Tah 10 na 14 může začít novou variantu, nebo nahradit 2 další tahy.",
        ],
        &[
            "Type a move, for example 32-28, and press Enter.",
            "A move at an earlier position. The game goes on with 11 to 15. 10 to 14 can start a new variation, or replace 2 later moves.",
        ],
    ),
    (
        "variations: new variation",
        &["Nová varianta: 10 na 14"],
        &["New variation: 10 to 14"],
    ),
    (
        "variations: previous",
        &["Po 1. tahu černého: 11 na 15 (2 z 3)."],
        &["After Black's move 1: 11 to 15 (2 of 3)."],
    ),
    (
        "variations: next",
        &["Varianta, po 1. tahu černého: 10 na 14 (1 z 1 tahu)."],
        &["Variation, after Black's move 1: 10 to 14 (1 of 1 move)."],
    ),
    (
        "variations: promote",
        &["Varianta je teď partií; dřívější tahy partie jsou variantou."],
        &["The variation is now the game; the game's moves are a variation."],
    ),
    (
        "variations: delete asks",
        &[
            "Výchozí pozice (0 z 2). Prohlížíte dřívější pozici; tah odsud začne variantu, nebo nahradí další tahy.",
            "Po 1. tahu bílého: 22 na 18 (1 z 2). Další tah 10 na 14; varianta: 11 na 15.",
            "Varianta, po 1. tahu černého: 11 na 15 (1 z 2 tahů).",
            "Smazat variantu? Smazat variantu od tahu 11 na 15 (2 tahy) i s variantami v ní?",
        ],
        &[
            "Starting position (0 of 2). You are looking at an earlier position; a move here starts a variation or replaces the later moves.",
            "After White's move 1: 22 to 18 (1 of 2). Next move 10 to 14; variation: 11 to 15.",
            "Variation, after Black's move 1: 11 to 15 (1 of 2 moves).",
            "Delete the variation? Delete the variation from 11 to 15 (2 moves), with the variations in it?",
        ],
    ),
    (
        "variations: deleted",
        &["Varianta smazána (2 tahy)."],
        &["Variation deleted (2 moves)."],
    ),
    (
        "variations: none left",
        &["Tento tah nemá žádnou variantu."],
        &["This move has no variation."],
    ),
    (
        "clocks: none",
        &["Tato partie se hraje bez hodin."],
        &["This game has no clock."],
    ),
    (
        "pause: no clock",
        &["Tato partie se hraje bez hodin."],
        &["This game has no clock."],
    ),
    (
        "next problem, none open",
        &["Nejsou otevřené žádné úlohy: otevřete soubor s úlohami a zvolte Řešit jako úlohy."],
        &["No problems are open: open a file of problems and choose Solve as problems."],
    ),
    (
        "previous problem, none open",
        &["Nejsou otevřené žádné úlohy: otevřete soubor s úlohami a zvolte Řešit jako úlohy."],
        &["No problems are open: open a file of problems and choose Solve as problems."],
    ),
    (
        "quit, unsaved",
        &[
            "Nová hra. Pravidla, kdo hraje, hodiny a případně vlastní postavení. Tabulátor projde volby, Enter hru začne.",
            "Neuložené změny. Partie obsahuje neuložené změny. Uložit je?",
            "Nová hra: Česká dáma, pravidla od stolu. Na tahu je bílý",
            "Zadejte tah, například 32-28, a stiskněte Enter.",
            "22 na 18",
            "Neuložené změny. Partie obsahuje neuložené změny. Uložit je?",
        ],
        &[
            "New game. The rules, who plays, the clock and a position of your own if you like. Tab goes through the choices, Enter starts the game.",
            "Unsaved changes. The game has unsaved changes. Save them?",
            "New game: Czech draughts, table rules. White to move",
            "Type a move, for example 32-28, and press Enter.",
            "22 to 18",
            "Unsaved changes. The game has unsaved changes. Save them?",
        ],
    ),
    ("quit cancelled", &["Zrušeno."], &["Cancelled."]),
    (
        "quit, discard",
        &["Neuložené změny. Partie obsahuje neuložené změny. Uložit je?"],
        &["Unsaved changes. The game has unsaved changes. Save them?"],
    ),
];

/// The window, what it said, and the steps so far.
struct Script {
    h: Harness<'static, DamaApp>,
    voice: Recording,
    lang: Language,
    dir: common::TempDir,
    /// (step, new utterances, the live region after it)
    heard: Vec<(String, Vec<String>, String)>,
    commands: HashSet<Command>,
}

impl Script {
    fn new(lang: Language, dir: common::TempDir) -> Script {
        let (mut h, voice) = common::speaking(common::settings(lang, Variant::Czech));
        h.run();
        Script {
            h,
            voice,
            lang,
            dir,
            heard: Vec::new(),
            commands: HashSet::new(),
        }
    }

    fn t(&self, t: T) -> &'static str {
        t.get(self.lang)
    }

    /// Runs `act` as step `name` and notes what it said.
    fn step(&mut self, name: &str, act: impl FnOnce(&mut Script)) {
        let before = self.voice.spoken().len();
        act(self);
        let dir = self.dir.display().to_string();
        // The folder a save dialog offers (the documents or home folder): this computer's.
        let offered = match self.h.state().dialog() {
            Some(Dialog::SavePath(path, _)) => Path::new(path)
                .parent()
                .map(|f| f.display().to_string())
                .filter(|f| f.len() > 1),
            _ => None,
        };
        let places = |t: &str| match &offered {
            Some(folder) => t.replace(&dir, "{dir}").replace(folder, "{folder}"),
            None => t.replace(&dir, "{dir}"),
        };
        let new = self.voice.spoken()[before..]
            .iter()
            .map(|t| places(t))
            .collect();
        let live = places(self.h.state().announcement());
        if std::env::var_os("DAMA_PRINT_SPOKEN").is_some() {
            println!("\nGOLDEN\t{name:?}\t{new:?}");
        }
        self.heard.push((name.to_string(), new, live));
    }

    /// Presses the shortcut of `c`, as the command table gives it.
    fn command(&mut self, c: Command) {
        let sc = c.shortcut().expect("every command has a shortcut");
        self.h.key_press_modifiers(sc.modifiers, sc.logical_key);
        self.settle();
        self.commands.insert(c);
    }

    /// Draws until the window settles, or a few frames while the computer thinks (its
    /// spinner never lets the window settle).
    fn settle(&mut self) {
        let _ = self.h.run_ok();
    }

    fn key(&mut self, key: Key) {
        self.h.key_press(key);
        self.settle();
    }

    fn type_text(&mut self, text: &str) {
        self.h.event(egui::Event::Text(text.into()));
        self.settle();
    }

    fn button(&mut self, t: T) {
        self.h.get_by_label(self.t(t)).click();
        self.settle();
    }

    fn square(&mut self, n: u8) {
        common::click(&mut self.h, n);
    }

    /// Types a move in the move field.
    fn typed(&mut self, text: &str) {
        self.command(Command::MoveField);
        self.type_text(text);
        self.key(Key::Enter);
    }

    /// Replaces the path in an open file dialog with `path`.
    fn path(&mut self, path: &Path) {
        let field = self.t(T::Path);
        self.h.get_by_label(field).focus();
        self.h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        self.settle();
        self.h.get_by_label(field).type_text(path.to_str().unwrap());
        self.settle();
    }

    /// Draws frames until `done` holds: the computer thinks on a thread of its own.
    fn wait(&mut self, done: impl Fn(&DamaApp) -> bool) {
        let start = Instant::now();
        while !done(self.h.state()) {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "waited too long: {:?}",
                self.voice.spoken()
            );
            self.h.step();
            std::thread::sleep(Duration::from_millis(5));
        }
        self.h.run_steps(4);
    }

    fn file(&self, name: &str, text: &str) -> PathBuf {
        common::write_file(&self.dir, name, text)
    }
}

/// The script: every command, every dialog answer, and the board's own words.
fn script(lang: Language) -> Script {
    let name = match lang {
        Language::Czech => "cs",
        Language::English => "en",
    };
    let dir = common::temp_dir("spoken", name);
    let mut s = Script::new(lang, dir);

    // The reading keys on the starting position.
    s.step("whose turn", |s| s.command(Command::WhoseTurn));
    s.step("legal moves", |s| s.command(Command::ReadMoves));
    s.step("position", |s| s.command(Command::ReadPosition));
    s.step("material", |s| s.command(Command::ReadMaterial));
    s.step("move list, empty", |s| s.command(Command::ReadMoveList));
    s.step("last move, none", |s| s.command(Command::RepeatLastMove));
    // What cannot be done yet says why.
    s.step("undo at the start", |s| s.command(Command::Undo));
    s.step("redo, nothing", |s| s.command(Command::Redo));
    s.step("to the start, there", |s| s.command(Command::FirstPosition));
    s.step("back, at the start", |s| {
        s.command(Command::PreviousPosition)
    });
    s.step("forward, at the end", |s| s.command(Command::NextPosition));
    s.step("to the end, there", |s| s.command(Command::LivePosition));
    s.step("claim, nothing", |s| s.command(Command::Claim));
    s.step("accept, no offer", |s| s.command(Command::AcceptDraw));
    s.step("decline, no offer", |s| s.command(Command::DeclineDraw));
    // Moves: typed, and by the board's cursor.
    s.step("move field", |s| s.command(Command::MoveField));
    s.step("typed move", |s| {
        s.type_text("22-18");
        s.key(Key::Enter);
    });
    s.step("empty move field", |s| s.key(Key::Enter));
    s.step("out of the move field", |s| s.key(Key::Escape));
    s.step("next part of the window", |s| {
        s.command(Command::NextRegion)
    });
    s.step("previous part of the window", |s| {
        s.command(Command::PreviousRegion)
    });
    s.step("cursor", |s| s.key(Key::ArrowRight));
    s.step("cursor again", |s| s.key(Key::ArrowUp));
    s.step("cursor on a piece", |s| s.key(Key::ArrowUp));
    s.step("select by keyboard", |s| s.key(Key::Enter));
    s.step("escape", |s| s.key(Key::Escape));
    s.step("select by click", |s| s.square(11));
    s.step("not a destination", |s| s.square(19));
    s.step("move by click", |s| s.square(15));
    s.step("last move", |s| s.command(Command::RepeatLastMove));
    s.step("move list", |s| s.command(Command::ReadMoveList));
    s.step("game information", |s| s.command(Command::SayGameInfo));
    // Said again, and the history of what was said.
    s.step("repeat the last announcement", |s| {
        s.command(Command::RepeatAnnouncement)
    });
    s.step("announcement history", |s| {
        s.command(Command::AnnouncementHistory)
    });
    s.step("announcement history, escape", |s| s.key(Key::Escape));
    // Questions about the position shown.
    s.step("must I capture", |s| s.command(Command::MustCapture));
    s.step("my pieces", |s| s.command(Command::MyPieces));
    s.step("the other side's pieces", |s| {
        s.command(Command::OtherPieces)
    });
    s.step("the last moves", |s| s.command(Command::LastMoves));
    // The cursor: to a square by its number, along a diagonal, the moves of its piece.
    s.step("go to a square", |s| s.command(Command::GoToSquare));
    s.step("a square's number", |s| {
        s.type_text("18");
        s.key(Key::Enter);
    });
    s.step("the moves of the piece there", |s| {
        s.command(Command::PieceMoves)
    });
    s.step("a diagonal", |s| s.key(Key::PageUp));
    s.step("no such square", |s| {
        s.type_text("40");
        s.key(Key::Enter);
    });
    // Looking back and forward.
    s.step("back", |s| s.command(Command::PreviousPosition));
    s.step("to the start", |s| s.command(Command::FirstPosition));
    s.step("forward", |s| s.command(Command::NextPosition));
    s.step("to the end", |s| s.command(Command::LivePosition));
    // Undo and redo.
    s.step("undo", |s| s.command(Command::Undo));
    s.step("redo", |s| s.command(Command::Redo));
    // The board turned round and back.
    s.step("flip", |s| s.command(Command::FlipBoard));
    s.step("flip back", |s| s.command(Command::FlipBoard));
    s.step("board as text", |s| s.command(Command::BoardText));
    s.step("board as text hidden", |s| s.command(Command::BoardText));
    // Draw offers.
    s.step("offer a draw", |s| s.command(Command::OfferDraw));
    s.step("decline it", |s| s.command(Command::DeclineDraw));
    s.step("offer again", |s| s.command(Command::OfferDraw));
    s.step("accept it", |s| s.command(Command::AcceptDraw));
    s.step("move after the end", |s| s.square(21));
    s.step("undo the draw", |s| s.command(Command::Undo));
    s.step("offer, then move", |s| {
        s.command(Command::OfferDraw);
        s.typed("24-20");
    });
    // Resigning, asked first.
    s.step("resign?", |s| s.command(Command::Resign));
    s.step("no", |s| s.button(T::No));
    s.step("resign? again", |s| s.command(Command::Resign));
    s.step("yes", |s| s.button(T::Yes));
    s.step("resign when over", |s| s.command(Command::Resign));
    s.step("undo the resignation", |s| s.command(Command::Undo));
    // Help and settings.
    s.step("help", |s| s.command(Command::Help));
    s.step("help closed", |s| s.button(T::Close));
    s.step("help again", |s| s.command(Command::Help));
    s.step("help, escape", |s| s.key(Key::Escape));
    s.step("settings", |s| s.command(Command::Settings));
    s.step("settings closed", |s| s.button(T::Close));
    s.step("endgame databases", |s| s.command(Command::Endgames));
    s.step("endgame databases closed", |s| s.button(T::Close));
    // Saving.
    s.step("save, no file yet", |s| s.command(Command::Save));
    s.step("save cancelled", |s| s.button(T::Cancel));
    s.step("save as", |s| s.command(Command::SaveAs));
    s.step("saved", |s| {
        let path = s.dir.join("partie.pdn");
        s.path(&path);
        s.button(T::Save);
    });
    s.step("save to the file", |s| s.command(Command::Save));
    s.step("a change", |s| s.typed("9-13"));
    // A new game, asked about unsaved changes.
    s.step("new game", |s| s.command(Command::NewGame));
    s.step("new game cancelled", |s| s.button(T::Cancel));
    s.step("new game, start", |s| {
        s.command(Command::NewGame);
        s.button(T::Start);
    });
    s.step("unsaved, cancel", |s| s.button(T::Cancel));
    s.step("new game, start again", |s| {
        s.command(Command::NewGame);
        s.button(T::Start);
    });
    s.step("unsaved, save", |s| s.button(T::SaveChanges));
    // The course: its first lesson replaces the game (saved just now).
    s.step("learn", |s| s.command(Command::Learn));
    // Opening files.
    s.step("open", |s| s.command(Command::Open));
    s.step("open cancelled", |s| s.button(T::Cancel));
    s.step("open the saved game", |s| {
        s.command(Command::Open);
        let path = s.dir.join("partie.pdn");
        s.path(&path);
        s.button(T::OpenButton);
    });
    s.step("a change again", |s| s.typed("21-17"));
    s.step("open, unsaved", |s| s.command(Command::Open));
    s.step("unsaved, discard", |s| s.button(T::Discard));
    s.step("open, escape", |s| s.key(Key::Escape));
    let two = s.file(
        "dvě.pdn",
        "[White \"Jana\"]\n[Black \"Petr\"]\n[GameType \"29\"]\n1. c3-d4 *\n\n\
         [White \"Eva\"]\n[Black \"Karel\"]\n[GameType \"29\"]\n1. c3-b4 f6-g5 *\n",
    );
    s.step("a file of two games", |s| {
        s.h.state_mut().open_path(&two);
        s.settle();
    });
    s.step("choice cancelled", |s| s.button(T::Cancel));
    s.step("choose the second", |s| {
        s.h.state_mut().open_path(&two);
        s.settle();
        s.h.get_by_label_contains("Eva – Karel").click();
        s.settle();
    });
    // Forgotten captures under table rules (Česká dáma): one offender, then several.
    let huff = s.file(
        "huff.pdn",
        "[GameType \"29\"]\n[FEN \"W:W30,32:B26,19,1\"]\n*\n",
    );
    s.step("a set-up", |s| {
        s.h.state_mut().open_path(&huff);
        s.settle();
    });
    // The position to the clipboard, and a position from it (a PDN tag copied elsewhere).
    s.step("copy the position", |s| s.command(Command::CopyPosition));
    s.step("paste a position", |s| {
        let sc = Command::PastePosition.shortcut().unwrap();
        s.h.key_press_modifiers(sc.modifiers, sc.logical_key);
        s.h.step();
        s.h.event(egui::Event::Paste("[FEN \"W:W30,32:B26,19,1\"]\n".into()));
        s.settle();
        s.commands.insert(Command::PastePosition);
        // The FEN of the tag is in the position field, which has the focus.
        let field = s.h.query_by(|n| n.is_focused()).expect("a focused field");
        assert_eq!(field.value().as_deref(), Some("W:W30,32:B26,19,1"));
    });
    s.step("pasted, escape", |s| s.key(Key::Escape));
    s.step("paste, nothing there", |s| {
        s.command(Command::PastePosition)
    });
    // The position editor, from the position shown; the game waits behind it.
    s.step("play from the editor, not open", |s| {
        s.command(Command::PlayFromEditor)
    });
    s.step("set up a position", |s| s.command(Command::EditPosition));
    s.step("editor: a click", |s| s.square(29));
    s.step("editor: a letter", |s| {
        let king = if s.lang == Language::Czech { "Č" } else { "B" };
        s.type_text(king)
    });
    s.step("editor: emptied", |s| s.key(Key::Delete));
    s.step("editor: the game waits", |s| s.command(Command::Undo));
    s.step("editor: play from it", |s| {
        s.command(Command::PlayFromEditor)
    });
    s.step("editor: dialog cancelled", |s| s.key(Key::Escape));
    s.step("editor: left", |s| s.key(Key::Escape));
    s.step("a capture forgotten", |s| s.typed("32-28"));
    s.step("claimed", |s| s.command(Command::Claim));
    s.step("undo the claim", |s| s.command(Command::Undo));
    let several = s.file(
        "several.pdn",
        "[GameType \"29\"]\n[FEN \"W:W30,31,32:B26,27,1\"]\n*\n",
    );
    s.step("several offenders", |s| {
        s.h.state_mut().open_path(&several);
        s.settle();
        s.typed("32-28");
        s.command(Command::Claim);
    });
    s.step("not an offender", |s| s.square(29));
    s.step("an offender", |s| s.square(31));
    // A take-back (English, table rules).
    let english = s.file(
        "english.pdn",
        "[GameType \"21\"]\n[FEN \"B:W14,23,32:B9,1\"]\n[Enforcement \"table\"]\n*\n",
    );
    s.step("take back", |s| {
        s.h.state_mut().open_path(&english);
        s.settle();
        s.typed("1-5");
        s.command(Command::Claim);
    });
    // Strict rules explain a refused move.
    let strict = s.file(
        "strict.pdn",
        "[GameType \"21\"]\n[FEN \"B:W18:B14,1\"]\n*\n",
    );
    s.step("strict: must capture", |s| {
        s.h.state_mut().open_path(&strict);
        s.settle();
        s.square(1);
    });
    s.step("strict: typed quiet move", |s| s.typed("1-5"));
    s.step("strict: legal moves", |s| s.command(Command::ReadMoves));
    s.step("strict: must I capture", |s| {
        s.command(Command::MustCapture)
    });
    // A hint, where there is only one move.
    s.step("hint", |s| {
        s.command(Command::Hint);
        s.wait(|a| a.hint().is_some());
    });
    // The computer's turn.
    s.step("the computer plays Black", |s| {
        s.h.state_mut()
            .set_player(Color::Black, Player::Computer(Level::Beginner));
    });
    s.step("its move", |s| s.wait(|a| a.game().outcome().is_some()));
    s.step("hint when over", |s| s.command(Command::Hint));
    s.step("people again", |s| {
        s.h.state_mut().set_player(Color::Black, Player::Human);
    });
    // Analysis and review: White could capture the last black man and forgets to (table
    // rules), a blunder whatever the depth.
    let study = s.file(
        "study.pdn",
        "[GameType \"29\"]\n[FEN \"W:W22,31:B18\"]\n*\n",
    );
    s.step("study: not reviewed", |s| {
        s.h.state_mut().open_path(&study);
        s.settle();
        s.command(Command::NextMistake);
    });
    s.step("study: say the analysis", |s| {
        let before = s.voice.spoken().len();
        s.command(Command::SayAnalysis);
        let voice = s.voice.clone();
        s.wait(move |_| voice.spoken().len() >= before + 2);
    });
    s.step("study: analysis on", |s| s.command(Command::Analysis));
    s.step("study: analysis off", |s| s.command(Command::Analysis));
    s.step("study: the blunder", |s| s.typed("31-27"));
    s.step("study: review", |s| {
        let before = s.voice.spoken().len();
        s.command(Command::ReviewGame);
        let voice = s.voice.clone();
        s.wait(move |_| voice.spoken().len() >= before + 2);
    });
    s.step("study: next mistake", |s| s.command(Command::NextMistake));
    // Variations: a move at an earlier position asks, goes in a variation, which is gone
    // through, promoted and deleted.
    s.step("variations: a game", |s| {
        s.command(Command::NewGame);
        s.button(T::Start);
        s.button(T::Discard);
        for m in ["22-18", "11-15", "18x11"] {
            s.typed(m);
        }
        s.command(Command::PreviousPosition);
        s.command(Command::PreviousPosition);
    });
    s.step("variations: a move asks", |s| s.typed("10-14"));
    s.step("variations: new variation", |s| s.button(T::NewVariation));
    s.step("variations: previous", |s| {
        s.command(Command::PreviousVariation)
    });
    s.step("variations: next", |s| s.command(Command::NextVariation));
    s.step("variations: promote", |s| {
        s.command(Command::PromoteVariation)
    });
    s.step("variations: delete asks", |s| {
        s.command(Command::FirstPosition);
        s.command(Command::NextPosition);
        s.command(Command::NextVariation);
        s.command(Command::DeleteVariation);
    });
    s.step("variations: deleted", |s| s.button(T::Delete));
    s.step("variations: none left", |s| {
        s.command(Command::NextVariation)
    });
    s.step("clocks: none", |s| s.command(Command::SayClocks));
    s.step("pause: no clock", |s| s.command(Command::PauseClock));
    s.step("next problem, none open", |s| {
        s.command(Command::NextProblem)
    });
    s.step("previous problem, none open", |s| {
        s.command(Command::PreviousProblem)
    });
    // Quitting with unsaved changes asks first.
    s.step("quit, unsaved", |s| {
        s.command(Command::NewGame);
        s.button(T::Start);
        s.button(T::Discard);
        s.typed("22-18");
        s.command(Command::Quit);
    });
    s.step("quit cancelled", |s| s.button(T::Cancel));
    s.step("quit, discard", |s| {
        s.command(Command::Quit);
        s.button(T::Discard);
    });
    s
}

fn check(lang: Language) {
    let s = script(lang);
    // Every command of the command table was performed.
    let missed: Vec<_> = Command::ALL
        .iter()
        .filter(|c| !s.commands.contains(c))
        .collect();
    assert!(missed.is_empty(), "not performed: {missed:?}");
    // The window was asked to close in the end.
    let closing =
        s.h.output()
            .viewport_output
            .values()
            .any(|v| v.commands.contains(&egui::ViewportCommand::Close));
    assert!(
        closing,
        "Quit, Discard closes the window: {:?}",
        s.h.output()
            .viewport_output
            .values()
            .map(|v| v.commands.clone())
            .collect::<Vec<_>>()
    );
    assert!(s.h.state().dialog().is_none());
    assert_eq!(s.heard.len(), GOLDEN.len(), "one golden line per step");
    for ((name, new, live), (golden_name, cs, en)) in s.heard.iter().zip(GOLDEN) {
        assert_eq!(name, golden_name, "steps in order");
        let expected = match lang {
            Language::Czech => cs,
            Language::English => en,
        };
        assert_eq!(new, expected, "{lang:?}, step {name:?}");
        if let Some(last) = expected.last() {
            assert_eq!(live, last, "{lang:?}, step {name:?}: the live region");
        }
    }
    let _ = std::fs::remove_dir_all(&s.dir);
}

#[test]
fn every_command_and_answer_in_czech() {
    check(Language::Czech);
}

#[test]
fn every_command_and_answer_in_english() {
    check(Language::English);
}

/// Each announcement reaches the screen reader by one channel only. Through AT-SPI it is the
/// focused widget's description and nothing is a live region (Orca 46 and newer would read it
/// as well; Linux builds use it); elsewhere the status bar is the live region and holds the words handed over,
/// polite for what happened, assertive for a refusal, the same words again made a change. With
/// Dáma's own voice nothing is handed over and nothing is live.
#[test]
fn one_channel_to_the_screen_reader() {
    use egui::accesskit::Live;
    let live_nodes = |h: &Harness<'_, DamaApp>| {
        // A node's own live setting (its children inherit it).
        h.query_all_by(|n| n.data().live().is_some_and(|l| l != Live::Off))
            .map(|n| {
                let n = n.accesskit_node();
                (n.label().unwrap_or_default(), n.live())
            })
            .collect::<Vec<_>>()
    };
    use dama::ui::SpeechMode::{Both, OwnVoice, ScreenReader};
    for (mode, by_description) in [
        (ScreenReader, dama::ui::READER_BY_DESCRIPTION),
        (ScreenReader, false),
        (ScreenReader, true),
        (OwnVoice, false),
        (Both, false),
    ] {
        let (mut h, _) = common::speaking(dama::ui::Settings {
            speech_mode: mode,
            ..common::settings(Language::English, Variant::Czech)
        });
        h.state_mut().set_reader_by_description(by_description);
        h.run();
        h.key_press(Key::F5);
        h.run();
        let material = "White: 12 men. Black: 12 men.";
        let first = live_nodes(&h);
        if by_description || mode != ScreenReader {
            assert_eq!(first, [], "{mode:?}");
            continue;
        }
        let words = |live: &[(String, Live)]| live[0].0.trim_end_matches('\u{a0}').to_string();
        assert_eq!(first.len(), 1);
        assert_eq!(
            (words(&first), first[0].1),
            (material.to_string(), Live::Polite)
        );
        h.key_press(Key::F5);
        h.run();
        let again = live_nodes(&h);
        assert_eq!(words(&again), material);
        assert_ne!(again[0].0, first[0].0, "the same words are a change again");
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        h.run();
        let refused = live_nodes(&h);
        assert_eq!(
            (words(&refused), refused[0].1),
            (
                "Nothing to undo: the game is at its start.".to_string(),
                Live::Assertive
            )
        );
    }
}

/// A huff choice does not outlive its game: after Ctrl+N, the first click in the new game
/// selects a piece instead of asking for an offender (a regression).
#[test]
fn a_huff_choice_ends_with_its_game() {
    let dir = common::temp_dir("spoken", "stale-huff");
    let (mut h, voice) = common::harness(Language::English);
    h.run();
    let path = common::write_file(
        &dir,
        "several.pdn",
        "[GameType \"29\"]\n[FEN \"W:W30,31,32:B26,27,1\"]\n*\n",
    );
    h.state_mut().open_path(&path);
    h.run();
    common::click(&mut h, 32);
    common::click(&mut h, 28);
    h.key_press(Key::F9);
    h.run();
    assert_eq!(
        voice.spoken().last().unwrap(),
        "You forgot to capture! Choose the piece to remove with the arrows and Enter: 28, 30, 31."
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Start").click();
    h.run();
    h.get_by_label("Discard").click();
    h.run();
    assert!(matches!(h.state().dialog(), None | Some(Dialog::Help)));
    assert!(h.state().game().moves().is_empty());
    common::click(&mut h, 22);
    assert_eq!(
        voice.spoken().last().unwrap(),
        "22, c3, white man, selected. Destinations: 17, 18."
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Brief square descriptions leave out the algebraic name and the last move; full ones say
/// what the square's accessible name says.
#[test]
fn square_descriptions_brief_or_full() {
    use dama::speech::phrases::Verbosity;
    let cases = [
        (
            Verbosity::Brief,
            ["22, prázdné", "18, bílý kámen"],
            ["22, empty", "18, white man"],
        ),
        (
            Verbosity::Full,
            [
                "22, c3, prázdné, poslední tah",
                "18, d4, bílý kámen, poslední tah",
            ],
            ["22, c3, empty, last move", "18, d4, white man, last move"],
        ),
    ];
    for (verbosity, cs, en) in cases {
        for (lang, expected) in [(Language::Czech, cs), (Language::English, en)] {
            let (mut h, voice) = common::speaking(dama::ui::Settings {
                verbosity,
                ..common::settings(lang, Variant::Czech)
            });
            h.run();
            common::click(&mut h, 22);
            common::click(&mut h, 18);
            voice.clear();
            // From the piece just moved to where it came from, and back.
            for key in [Key::ArrowDown, Key::ArrowUp] {
                h.key_press(key);
                h.run();
            }
            assert_eq!(voice.spoken(), expected, "{verbosity:?}, {lang:?}");
            // The accessible name says the square as speech does (issue 82: brief squares
            // for the screen reader too).
            assert_eq!(common::label(&h, 18), expected[1]);
        }
    }
}

/// The resume question after a crash, and both answers, in Czech and in English.
#[test]
fn the_resume_question_and_its_answers() {
    let cases = [
        (
            Language::Czech,
            "Pokračovat v přerušené partii? Dáma minule nebyla správně ukončena. Rozehraná \
             partie zůstala uložena: Česká dáma, 2 půltahy",
            "Přerušená partie obnovena. Na tahu je bílý",
            "Přerušená partie byla odložena do souboru {dir}/discarded.pdn",
        ),
        (
            Language::English,
            "Resume the interrupted game? Dáma did not close properly last time. The game in \
             progress was kept: Czech draughts, 2 half-moves",
            "The interrupted game is resumed. White to move",
            "The interrupted game was put aside in the file {dir}/discarded.pdn",
        ),
    ];
    for (lang, question, resumed, put_aside) in cases {
        for resume in [true, false] {
            let dir = common::temp_dir("spoken", &format!("resume-{lang:?}-{resume}"));
            let start = || {
                let mut app = DamaApp::with_settings(common::settings(lang, Variant::Czech), None);
                let voice = common::listen(&mut app);
                app.start_autosave(&dir);
                let mut h = common::window(app);
                h.run();
                (h, voice)
            };
            // Two moves, then a crash: the state goes without a clean exit.
            {
                let (mut h, _) = start();
                for n in [22, 18, 11, 15] {
                    common::click(&mut h, n);
                }
            }
            let (mut h, voice) = start();
            assert_eq!(voice.spoken(), [question], "{lang:?}");
            assert_eq!(h.state().announcement(), question);
            let answer = if resume { T::Resume } else { T::Discard };
            h.get_by_label(answer.get(lang)).click();
            h.run();
            let expected = if resume { resumed } else { put_aside };
            let file = dir.join("discarded.pdn").display().to_string();
            let expected = expected.replace("{dir}/discarded.pdn", &file);
            assert_eq!(voice.spoken().last(), Some(&expected), "{lang:?}");
            assert_eq!(h.state().announcement(), expected);
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// Leaving speech to the screen reader, each announcement becomes the description of the
/// focused widget (a square from the start; the window when none has focus) while the focus
/// stays, for two seconds at most: Orca 43 presents such a
/// change, and ignores text that changes elsewhere. Focus moves are read by the screen reader
/// itself and are not handed over twice.
#[test]
fn the_screen_reader_is_handed_each_announcement() {
    let (mut h, voice) = common::speaking(dama::ui::Settings {
        speech_mode: dama::ui::SpeechMode::ScreenReader,
        ..common::settings(Language::Czech, Variant::Czech)
    });
    h.run();
    let material = "Bílý: 12 kamenů. Černý: 12 kamenů.".to_string();
    // The focus starts on the board, at the first piece that can move.
    let focused = h.get_by(|n| n.is_focused());
    assert!(
        focused
            .accesskit_node()
            .label()
            .is_some_and(|l| l.starts_with("21, ")),
        "{:?}",
        focused.accesskit_node().label()
    );
    let window =
        |h: &Harness<'_, DamaApp>| h.get_by(|n| n.is_focused()).accesskit_node().description();
    // One frame for the key going down: the words are there in that frame's tree.
    let key = |pressed, modifiers, key| egui::Event::Key {
        key,
        pressed,
        modifiers,
        repeat: false,
        physical_key: None,
    };
    let press = |h: &mut Harness<'_, DamaApp>, mods: Modifiers, k: Key| {
        h.event(key(true, mods, k));
        h.step();
    };
    let release = |h: &mut Harness<'_, DamaApp>, mods: Modifiers, k: Key| {
        h.event(key(false, mods, k));
        h.run();
    };
    press(&mut h, Modifiers::NONE, Key::F5);
    assert_eq!(window(&h), Some(material.clone()));
    release(&mut h, Modifiers::NONE, Key::F5);
    // Kept a while, for Orca reads its events in its own time.
    assert_eq!(window(&h), Some(material.clone()), "kept in the next frame");
    // The same words again are handed over again: a change, by an invisible space. (Words
    // for the same widget go 300 ms apart at least, so that Orca takes each.)
    let apart = || std::thread::sleep(std::time::Duration::from_millis(300));
    apart();
    press(&mut h, Modifiers::NONE, Key::F5);
    assert_eq!(window(&h), Some(format!("{material}\u{a0}")));
    release(&mut h, Modifiers::NONE, Key::F5);
    apart();
    press(&mut h, Modifiers::NONE, Key::F5);
    assert_eq!(window(&h), Some(material));
    release(&mut h, Modifiers::NONE, Key::F5);
    // The cursor moves the focus to a square, which the screen reader reads by itself.
    press(&mut h, Modifiers::NONE, Key::ArrowUp);
    let focused = h.get_by(|n| n.is_focused());
    assert!(focused.accesskit_node().label().is_some());
    assert_eq!(focused.accesskit_node().description(), None);
    release(&mut h, Modifiers::NONE, Key::ArrowUp);
    // A refusal with the focus on a square goes to that square.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    let focused = h.get_by(|n| n.is_focused());
    assert_eq!(
        focused.accesskit_node().description().as_deref(),
        Some("Není co vrátit: partie je na začátku.")
    );
    release(&mut h, Modifiers::COMMAND, Key::Z);
    // Dáma's own voice says nothing in this mode.
    assert!(voice.spoken().is_empty());
}

/// With both voices Dáma says the game and the screen reader the window: the cursor is left
/// to the screen reader, and nothing is handed to it twice.
#[test]
fn both_voices_say_nothing_twice() {
    let (mut h, voice) = common::speaking(dama::ui::Settings {
        speech_mode: dama::ui::SpeechMode::Both,
        ..common::settings(Language::English, Variant::Czech)
    });
    h.run();
    h.key_press(Key::ArrowUp);
    h.run();
    h.event(egui::Event::Key {
        key: Key::F6,
        pressed: true,
        modifiers: Modifiers::NONE,
        repeat: false,
        physical_key: None,
    });
    h.step();
    assert_eq!(voice.spoken(), ["White to move"]);
    let described = h
        .query_all_by(|n| n.description().as_deref() == Some("White to move"))
        .count();
    assert_eq!(described, 0, "nothing handed to the screen reader");
}
