//! What is said, as text: a pure function of what happened, in Czech and English. The window
//! shows the same words (status bar, live region, banner) and the speaker speaks them, so every
//! event and every error is put into words in this one place: [`event`] and [`problem`] for
//! what happened, the functions here for moves, squares and the answers to the reading keys.

pub mod analysis;
pub mod diagram;
pub mod english;
pub mod errors;
pub mod events;
pub mod pdn;
pub mod problems;

pub use events::{event, events};
pub use problems::problem;

use crate::engine::Level;
use crate::event::SquareView;
use crate::language::Language;
use crate::notation::{Notation, write};
use crate::rules::{
    Board, Color, DrawReason, Game, Move, Outcome, Piece, Position, Role, RuleSet, Square,
    Variation, Variations, WinReason, move_number,
};

use Language::{Czech, English};

/// How much is said about a square.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Verbosity {
    /// Number, piece and the marks that matter for playing: "22, bílý kámen, může táhnout".
    Brief,
    /// Everything the square's accessible name says, its algebraic name and the last move
    /// included: "22, c3, bílý kámen, může táhnout".
    #[default]
    Full,
}

/// What the words depend on besides the event: the language, the game's rule set (to name
/// captures and the rule set), how much is said about squares and how moves name them.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The user's language.
    pub lang: Language,
    /// The rule set of the game the event belongs to.
    pub rules: &'a RuleSet,
    /// How much is said about a square.
    pub verbosity: Verbosity,
    /// How squares are named in the moves said: numbers or algebraic names, as the settings
    /// choose.
    pub notation: Notation,
}

/// The most characters of a person's text (a typed move, a position, a name, a line of a file)
/// that a message quotes; the rest is left out, so that a megabyte pasted by mistake is neither
/// shown in full nor read aloud.
pub const EXCERPT_CHARS: usize = 40;

/// `text` as every message quotes it: whole up to [`EXCERPT_CHARS`] characters, else its first
/// [`EXCERPT_CHARS`] characters and "…" (cut between characters, never inside one). Looks at no
/// more of `text` than it keeps.
pub fn excerpt(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => text.into(),
        Some((end, _)) => format!("{}…", &text[..end]).into(),
    }
}

/// "bílý", "black".
pub fn color_name(lang: Language, color: Color) -> &'static str {
    match (lang, color) {
        (Czech, Color::White) => "bílý",
        (Czech, Color::Black) => "černý",
        (English, Color::White) => "white",
        (English, Color::Black) => "black",
    }
}

/// The side as a player: "Bílý", "White".
pub fn side_name(lang: Language, color: Color) -> &'static str {
    match (lang, color) {
        (Czech, Color::White) => "Bílý",
        (Czech, Color::Black) => "Černý",
        (English, Color::White) => "White",
        (English, Color::Black) => "Black",
    }
}

/// "bílý kámen", "black king", "bílá věž".
pub fn piece_name(lang: Language, piece: Piece) -> &'static str {
    use Color::{Black, White};
    use Role::{King, Man, Tower};
    match (lang, piece.color, piece.role) {
        (Czech, White, Man) => "bílý kámen",
        (Czech, Black, Man) => "černý kámen",
        (Czech, White, King) => "bílá dáma",
        (Czech, Black, King) => "černá dáma",
        (Czech, White, Tower) => "bílá věž",
        (Czech, Black, Tower) => "černá věž",
        (English, White, Man) => "white man",
        (English, Black, Man) => "black man",
        (English, White, King) => "white king",
        (English, Black, King) => "black king",
        (English, White, Tower) => "white tower",
        (English, Black, Tower) => "black tower",
    }
}

/// The letters that put a piece in the position editor: the initial of the colour's word for
/// a man, and with Shift (a capital) for a king; the initial of the word for a tower, with
/// Shift for Black's. Czech also takes `c` for `č`, which not every keyboard has.
pub fn piece_letters(lang: Language) -> &'static [(char, Piece)] {
    use Color::{Black, White};
    use Role::{King, Man, Tower};
    const EN: [(char, Piece); 6] = [
        ('w', Piece::new(White, Man)),
        ('W', Piece::new(White, King)),
        ('b', Piece::new(Black, Man)),
        ('B', Piece::new(Black, King)),
        ('t', Piece::new(White, Tower)),
        ('T', Piece::new(Black, Tower)),
    ];
    const CS: [(char, Piece); 8] = [
        ('b', Piece::new(White, Man)),
        ('B', Piece::new(White, King)),
        ('č', Piece::new(Black, Man)),
        ('Č', Piece::new(Black, King)),
        ('c', Piece::new(Black, Man)),
        ('C', Piece::new(Black, King)),
        ('v', Piece::new(White, Tower)),
        ('V', Piece::new(Black, Tower)),
    ];
    match lang {
        Czech => &CS,
        English => &EN,
    }
}

/// How to use the position editor's keys, said as it opens (towers only where the rules have
/// them).
pub fn editor_keys(lang: Language, towers: bool) -> String {
    let tower = match (lang, towers) {
        (_, false) => "",
        (Czech, true) => " V věž, se Shiftem černá.",
        (English, true) => " T a tower, with Shift a black one.",
    };
    match lang {
        Czech => format!(
            "Šipkami na pole, pak B bílý kámen, Č nebo C černý kámen, se Shiftem dáma.{tower} \
             Delete pole vyprázdní, mezerník položí figuru zvolenou vpravo. Ctrl+Enter začne hru \
             z postavení, Escape editor opustí."
        ),
        English => format!(
            "Arrows to a square, then W a white man, B a black man, with Shift a king.{tower} \
             Delete empties it, Space puts the piece chosen on the right. Ctrl+Enter starts a game \
             from the position, Escape leaves the editor."
        ),
    }
}

/// A time control as the new-game dialog offers it: "5 min + 3 s", "10 s na tah".
pub fn time_control(lang: Language, control: crate::clock::TimeControl) -> String {
    use crate::clock::TimeControl;
    match control {
        TimeControl::Fischer { base, increment } => {
            let min = base.as_secs() / 60;
            match increment.as_secs() {
                0 => format!("{min} min"),
                inc => format!("{min} min + {inc} s"),
            }
        }
        TimeControl::PerMove(t) => match lang {
            Czech => format!("{} s na tah", t.as_secs()),
            English => format!("{} s a move", t.as_secs()),
        },
    }
}

/// Which problem of a collection: "Úloha 2 z 12", "Problem 2 of 12".
pub fn problem_number(lang: Language, number: usize, count: usize) -> String {
    match lang {
        Czech => format!("Úloha {number} z {count}"),
        English => format!("Problem {number} of {count}"),
    }
}

/// A count with the right noun form: "1 kámen", "3 kameny", "5 kamenů", "2 kings".
pub fn count(lang: Language, n: usize, role: Role) -> String {
    let word = match (lang, role) {
        (Czech, Role::Man) => ["kámen", "kameny", "kamenů"],
        (Czech, Role::King) => ["dáma", "dámy", "dam"],
        (Czech, Role::Tower) => ["věž", "věže", "věží"],
        (English, Role::Man) => ["man", "men", "men"],
        (English, Role::King) => ["king", "kings", "kings"],
        (English, Role::Tower) => ["tower", "towers", "towers"],
    };
    errors::counted(lang, n, word)
}

/// "Na tahu je bílý", "White to move".
pub fn to_move(lang: Language, color: Color) -> String {
    match lang {
        Czech => format!("Na tahu je {}", color_name(lang, color)),
        English => format!("{} to move", side_name(lang, color)),
    }
}

/// Who won and why, or why it is a draw: "Bílý vyhrál: soupeř nemůže táhnout."
pub fn outcome(lang: Language, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let side = side_name(lang, winner);
            let why = match (lang, reason) {
                (Czech, WinReason::NoLegalMove) => "soupeř nemůže táhnout",
                (Czech, WinReason::Resignation) => "soupeř se vzdal",
                (Czech, WinReason::Time) => "soupeři došel čas",
                (English, WinReason::Time) => "the opponent's time ran out",
                (English, WinReason::NoLegalMove) => "the opponent cannot move",
                (English, WinReason::Resignation) => "the opponent resigned",
            };
            match lang {
                Czech => format!("{side} vyhrál: {why}."),
                English => format!("{side} wins: {why}."),
            }
        }
        Outcome::Draw(reason) => match (lang, reason) {
            (Czech, DrawReason::Agreement) => "Remíza dohodou.".into(),
            (Czech, DrawReason::Repetition) => "Remíza: pozice se potřetí opakovala.".into(),
            (Czech, DrawReason::QuietMoves) => {
                "Remíza: příliš dlouho se nebralo a netáhlo kamenem.".into()
            }
            (English, DrawReason::Agreement) => "Draw by agreement.".into(),
            (English, DrawReason::Repetition) => {
                "Draw: the position occurred for the third time.".into()
            }
            (English, DrawReason::QuietMoves) => {
                "Draw: no capture and no man move for too long.".into()
            }
        },
    }
}

/// "Bílý nabízí remízu.", "White offers a draw."
pub fn draw_offer(lang: Language, color: Color) -> String {
    match lang {
        Czech => format!("{} nabízí remízu.", side_name(lang, color)),
        English => format!("{} offers a draw.", side_name(lang, color)),
    }
}

/// A move as spoken, in the notation the settings choose: "32 na 28", "28 bere 19", "47 bere
/// 36, 3 kameny", "c3 na d4", with ", dáma" when the piece is crowned. `pos` is the position
/// before the move. When another capture shares start and end, the landing squares are named.
/// Every move said or announced is made here, so that speech never reads a written "32-28".
pub fn spoken_move(
    lang: Language,
    notation: Notation,
    pos: &Position,
    rules: &RuleSet,
    m: &Move,
) -> String {
    // The written move names the landing squares exactly when they are needed.
    let written = write(pos, rules, m, Notation::Numeric);
    let mut text = spoken_written(lang, notation, pos.board(), &written);
    let n = m.capture_count() as usize;
    if n > 1 {
        text.push_str(", ");
        text.push_str(&count(lang, n, Role::Man));
    }
    let was_king = pos.piece_at(m.from()).is_some_and(|p| p.role == Role::King);
    let mut after = *pos;
    after.play_unchecked(m);
    let is_king = after.piece_at(m.to()).is_some_and(|p| p.role == Role::King);
    if is_king && !was_king {
        text.push_str(match lang {
            Czech => ", dáma",
            English => ", king",
        });
    }
    text
}

/// A move written in PDN (`32-28`, `28x19`, `47x38x24x13x36`, `c3:e5`) as spoken in
/// `notation`: "32 na 28", "47 bere 36, přes 38, 24, 13", "c3 bere e5". For the moves that
/// only their written form tells (the moves a refusal lists); text that is no move on `board`
/// is given back as it is.
pub fn spoken_written(lang: Language, notation: Notation, board: Board, written: &str) -> String {
    let Ok(mt) = crate::notation::MoveText::parse(board, written) else {
        return written.to_string();
    };
    let name = |sq: Square| match notation {
        Notation::Numeric => sq.to_string(),
        Notation::Algebraic => board.algebraic(sq),
    };
    let word = match (lang, mt.capture) {
        (Czech, false) => "na",
        (Czech, true) => "bere",
        (English, false) => "to",
        (English, true) => "takes",
    };
    let squares = &mt.squares;
    let last = squares.len() - 1;
    let mut text = format!("{} {word} {}", name(squares[0]), name(squares[last]));
    if last > 1 {
        text.push_str(match lang {
            Czech => ", přes ",
            English => ", via ",
        });
        let via: Vec<String> = squares[1..last].iter().map(|&sq| name(sq)).collect();
        text.push_str(&via.join(", "));
    }
    text
}

/// An empty square, as a square's contents are said: "prázdné".
pub fn empty_square(lang: Language) -> &'static str {
    match lang {
        Czech => "prázdné",
        English => "empty",
    }
}

/// A square as the board shows it: "22, c3, bílý kámen, může táhnout" ([`Verbosity::Full`],
/// the square's accessible name too) or "22, bílý kámen, může táhnout".
pub fn square(lang: Language, view: &SquareView, verbosity: Verbosity) -> String {
    let mut words = vec![view.square.to_string()];
    if verbosity == Verbosity::Full {
        words.push(view.board.algebraic(view.square));
    }
    words.push(
        view.piece
            .map_or(empty_square(lang), |p| piece_name(lang, p))
            .to_string(),
    );
    let m = view.marks;
    let mut mark = |cs: &str, en: &str| {
        words.push(match lang {
            Czech => cs.into(),
            English => en.into(),
        })
    };
    if m.selected {
        mark("vybráno", "selected");
    }
    if m.must_capture {
        mark("musí skákat", "must capture");
    } else if m.can_move && !m.selected {
        mark("může táhnout", "can move");
    }
    if m.destination {
        mark("cíl tahu", "destination");
    }
    if m.last_move && verbosity == Verbosity::Full {
        mark("poslední tah", "last move");
    }
    if m.hint {
        mark("doporučený tah", "hint");
    }
    if m.offender {
        mark("k odebrání", "to remove");
    }
    words.join(", ")
}

/// The name of a playing level: "Klubový hráč (3)".
pub fn level_name(lang: Language, level: Level) -> String {
    let name = match (lang, level) {
        (Czech, Level::Beginner) => "Začátečník",
        (Czech, Level::Novice) => "Mírně pokročilý",
        (Czech, Level::Club) => "Klubový hráč",
        (Czech, Level::Expert) => "Expert",
        (Czech, Level::Master) => "Mistr",
        (English, Level::Beginner) => "Beginner",
        (English, Level::Novice) => "Novice",
        (English, Level::Club) => "Club player",
        (English, Level::Expert) => "Expert",
        (English, Level::Master) => "Master",
    };
    format!("{name} ({})", level.number())
}

/// Who plays a side: "Člověk", "Počítač – Mistr (5)" (`None` is a person).
pub fn player_name(lang: Language, player: Option<Level>) -> String {
    match (lang, player) {
        (Czech, None) => "Člověk".into(),
        (English, None) => "Human".into(),
        (Czech, Some(level)) => format!("Počítač – {}", level_name(lang, level)),
        (English, Some(level)) => format!("Computer – {}", level_name(lang, level)),
    }
}

/// What an interrupted game was, as the resume question describes it: "Česká dáma, 12 tahů,
/// bílý: Jana, soubor: partie.pdn (neuloženo)".
pub fn interrupted_game(lang: Language, s: &crate::autosave::Session) -> String {
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
        let name = events::file_name(f);
        parts.push(match (lang, s.dirty) {
            (Czech, false) => format!("soubor: {name}"),
            (Czech, true) => format!("soubor: {name} (neuložené změny)"),
            (English, false) => format!("file: {name}"),
            (English, true) => format!("file: {name} (unsaved changes)"),
        });
    }
    parts.join(", ")
}

/// A count of plies, named so: "6 moves" would be read as six moves of each side.
pub fn half_moves(lang: Language, plies: usize) -> String {
    errors::counted(
        lang,
        plies,
        match lang {
            Czech => ["půltah", "půltahy", "půltahů"],
            English => ["half-move", "half-moves", "half-moves"],
        },
    )
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
    let name = events::file_name(path);
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

/// Where the game stands in a file of several: "partie 4 z 25 v souboru turnaj.pdn", for the
/// title bar and the save dialog.
pub fn game_of_file(lang: Language, number: usize, games: usize, path: &std::path::Path) -> String {
    let name = events::file_name(path);
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
pub fn games_left_out(lang: Language, left: &crate::game_file::LeftOut) -> String {
    use crate::game_file::{KeptLimit, MAX_GAMES, MAX_KEPT};
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

/// The rule set's name: "Česká dáma", "Czech draughts".
pub fn rules_name(lang: Language, rules: &RuleSet) -> &str {
    match lang {
        Czech => &rules.name_cs,
        English => &rules.name_en,
    }
}

/// Who plays, when the computer plays a side: "Bílý: člověk, černý: počítač – Mistr (5)."
/// Nothing when people play both sides.
pub fn players(lang: Language, players: [Option<Level>; 2]) -> Option<String> {
    if players.iter().all(Option::is_none) {
        return None;
    }
    let sides: Vec<String> = Color::ALL
        .into_iter()
        .zip(players)
        .map(|(c, p)| {
            let who = lowercase_first(&player_name(lang, p));
            let side = match lang {
                Czech => color_name(lang, c),
                English => side_name(lang, c),
            };
            format!("{side}: {who}")
        })
        .collect();
    Some(format!("{}.", capitalized(&sides.join(", "))))
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn list(squares: impl IntoIterator<Item = Square>) -> String {
    squares
        .into_iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every piece by square: "Bílý: kameny 21, 22; dámy 29. Černý: kameny 1, 2."
pub fn position(lang: Language, pos: &Position) -> String {
    let mut parts = Vec::new();
    for color in Color::ALL {
        let mut groups = Vec::new();
        for role in Role::ALL {
            let set = pos.pieces_of(color, role);
            if set.is_empty() {
                continue;
            }
            let name = match (lang, role) {
                (Czech, Role::Man) => "kameny",
                (Czech, Role::King) => "dámy",
                (Czech, Role::Tower) => "věže",
                (English, Role::Man) => "men",
                (English, Role::King) => "kings",
                (English, Role::Tower) => "towers",
            };
            groups.push(format!("{name} {}", list(set)));
        }
        let side = side_name(lang, color);
        parts.push(if groups.is_empty() {
            match lang {
                Czech => format!("{side}: nic."),
                English => format!("{side}: nothing."),
            }
        } else {
            format!("{side}: {}.", groups.join("; "))
        });
    }
    parts.join(" ")
}

/// Pieces on the board: "Bílý: 8 kamenů, 1 dáma. Černý: 7 kamenů."
pub fn material(lang: Language, pos: &Position) -> String {
    Color::ALL
        .iter()
        .map(|&color| {
            let counts: Vec<String> = Role::ALL
                .iter()
                .filter_map(|&role| {
                    let n = pos.count(color, role);
                    (n > 0).then(|| count(lang, n, role))
                })
                .collect();
            let side = side_name(lang, color);
            if counts.is_empty() {
                match lang {
                    Czech => format!("{side}: nic."),
                    English => format!("{side}: nothing."),
                }
            } else {
                format!("{side}: {}.", counts.join(", "))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The pieces that can move and the legal moves: "Táhnout mohou 21, 22. Tahy: 21 na 17, …"
///
/// `moves` are the moves the player may make: under table rules they include those that ignore a
/// capture, and then nothing says a capture is due (rules.md §5). Only when every move is a
/// capture does the answer begin with "Musíte skákat".
pub fn legal_moves(
    lang: Language,
    notation: Notation,
    pos: &Position,
    rules: &RuleSet,
    moves: &[Move],
) -> String {
    if moves.is_empty() {
        return match lang {
            Czech => "Žádný tah.".into(),
            English => "No move.".into(),
        };
    }
    let mut from: Vec<Square> = moves.iter().map(|m| m.from()).collect();
    from.sort();
    from.dedup();
    let spoken: Vec<String> = moves
        .iter()
        .map(|m| spoken_move(lang, notation, pos, rules, m))
        .collect();
    let capture = moves.iter().all(|m| m.is_capture());
    match (lang, capture) {
        (Czech, false) => format!("Táhnout mohou {}. Tahy: {}.", list(from), spoken.join("; ")),
        (Czech, true) => format!(
            "Musíte skákat. Skákat mohou {}. Tahy: {}.",
            list(from),
            spoken.join("; ")
        ),
        (English, false) => format!(
            "Pieces that can move: {}. Moves: {}.",
            list(from),
            spoken.join("; ")
        ),
        (English, true) => format!(
            "You must capture. Pieces that can capture: {}. Moves: {}.",
            list(from),
            spoken.join("; ")
        ),
    }
}

/// The moves of the game, numbered, each variation in brackets after the move it replaces:
/// "1. 22 na 18, 11 na 15 (varianta: 1… 9 na 13). 2. 18 bere 11."
pub fn move_list(
    lang: Language,
    notation: Notation,
    game: &Game,
    variations: &Variations,
) -> String {
    let moves = game.moves();
    if moves.is_empty() {
        return match lang {
            Czech => "Zatím žádný tah.".into(),
            English => "No moves yet.".into(),
        };
    }
    let offset = game.first_ply();
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        let ply = i + offset;
        let pos = game.position_at(i).expect("a position per move");
        let spoken = spoken_move(lang, notation, pos, game.rules(), m);
        if ply.is_multiple_of(2) || i == 0 {
            if !out.is_empty() {
                out.push_str(". ");
            }
            out.push_str(&format!("{}. ", move_number(ply)));
        } else {
            out.push_str(", ");
        }
        out.push_str(&spoken);
        for v in variations.at(game, i) {
            out.push_str(&variation_words(lang, notation, game.rules(), pos, ply, v));
        }
    }
    out.push('.');
    out
}

/// A variation in brackets, its moves numbered as the list numbers them from `ply` (its first
/// move's, counted from the rule set's first player's first move).
fn variation_words(
    lang: Language,
    notation: Notation,
    rules: &RuleSet,
    start: &Position,
    ply: usize,
    v: &Variation,
) -> String {
    let mut out = match lang {
        Czech => " (varianta: ".to_string(),
        English => " (variation: ".to_string(),
    };
    let mut pos = *start;
    for (i, m) in v.moves.iter().enumerate() {
        let at = ply + i;
        if i == 0 {
            let mark = if at % 2 == 1 { "…" } else { "." };
            out.push_str(&format!("{}{mark} ", move_number(at)));
        } else if at.is_multiple_of(2) {
            out.push_str(&format!(", {}. ", move_number(at)));
        } else {
            out.push_str(", ");
        }
        out.push_str(&spoken_move(lang, notation, &pos, rules, m));
        for inner in v.at(i) {
            out.push_str(&variation_words(lang, notation, rules, &pos, at, inner));
        }
        pos.play_unchecked(m);
    }
    out.push(')');
    out
}

/// The word for an annotation glyph: `!` "dobrý tah / a good move", `?!` "pochybný tah / a
/// dubious move"; `None` for the glyphs that are not about the move's strength.
pub fn glyph_name(lang: Language, nag: u16) -> Option<&'static str> {
    Some(match (lang, nag) {
        (Czech, 1) => "dobrý tah",
        (Czech, 2) => "chyba",
        (Czech, 3) => "výborný tah",
        (Czech, 4) => "hrubá chyba",
        (Czech, 5) => "zajímavý tah",
        (Czech, 6) => "pochybný tah",
        (English, 1) => "a good move",
        (English, 2) => "a mistake",
        (English, 3) => "a brilliant move",
        (English, 4) => "a blunder",
        (English, 5) => "an interesting move",
        (English, 6) => "a dubious move",
        _ => return None,
    })
}

/// What an annotator wrote after a move: its glyphs in words, then the comments as written.
pub fn note(lang: Language, note: &crate::rules::Note) -> String {
    let glyphs: Vec<&str> = note
        .nags
        .iter()
        .filter_map(|&n| glyph_name(lang, n))
        .collect();
    let mut out = String::new();
    if !glyphs.is_empty() {
        out.push_str(&capitalized(&glyphs.join(", ")));
        out.push('.');
    }
    if !note.comments.is_empty() {
        if !out.is_empty() {
            out.push(' ');
        }
        let label = match lang {
            Czech => "Komentář",
            English => "Comment",
        };
        out.push_str(&format!("{label}: {}", note.comments.join(" ")));
        if !out.ends_with(['.', '!', '?', '…']) {
            out.push('.');
        }
    }
    out
}

/// What a move at an earlier position asks: a new variation, or in place of the later moves.
pub fn branch_question(
    cx: &Context<'_>,
    at: &Position,
    mv: &Move,
    next: &Move,
    later: usize,
    in_variation: bool,
) -> String {
    let lang = cx.lang;
    let mv = spoken_move(lang, cx.notation, at, cx.rules, mv);
    let next = spoken_move(lang, cx.notation, at, cx.rules, next);
    match lang {
        Czech => format!(
            "{} pokračuje tahem {next}. Tah {mv} může začít novou variantu, nebo nahradit {}.",
            if in_variation { "Varianta" } else { "Partie" },
            errors::counted(lang, later, ["další tah", "další tahy", "dalších tahů"])
        ),
        English => format!(
            "The {} goes on with {next}. {mv} can start a new variation, or replace {}.",
            if in_variation { "variation" } else { "game" },
            errors::counted(lang, later, ["later move", "later moves", "later moves"])
        ),
    }
}

/// Whether to delete a variation: its first move, and how many moves go with it.
pub fn remove_variation_question(
    lang: Language,
    notation: Notation,
    at: &Position,
    rules: &RuleSet,
    first: &Move,
    moves: usize,
) -> String {
    let first = spoken_move(lang, notation, at, rules, first);
    match lang {
        Czech => format!(
            "Smazat variantu od tahu {first} ({}) i s variantami v ní?",
            errors::counted(lang, moves, ["tah", "tahy", "tahů"])
        ),
        English => format!(
            "Delete the variation from {first} ({}), with the variations in it?",
            errors::counted(lang, moves, ["move", "moves", "moves"])
        ),
    }
}

/// "Musíte skákat.", "You must capture."
pub fn must_capture(lang: Language) -> &'static str {
    match lang {
        Czech => "Musíte skákat.",
        English => "You must capture.",
    }
}

/// The last move, or that there is none.
pub fn last_move(lang: Language, notation: Notation, game: &Game) -> String {
    match game.moves().last() {
        Some(m) => {
            let i = game.moves().len() - 1;
            let pos = game.position_at(i).expect("a position per move");
            let mover = side_name(lang, pos.side_to_move());
            format!(
                "{mover}: {}",
                spoken_move(lang, notation, pos, game.rules(), m)
            )
        }
        None => match lang {
            Czech => "Zatím žádný tah.".into(),
            English => "No moves yet.".into(),
        },
    }
}

/// `text` with its first letter in upper case.
pub(crate) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The claim, as the claimer calls it: "Zapomněl jsi skákat!", "You forgot to capture!"
pub fn forgot_to_capture(lang: Language) -> &'static str {
    match lang {
        Czech => "Zapomněl jsi skákat!",
        English => "You forgot to capture!",
    }
}

/// A huff: "Zapomněl jsi skákat! Bílý kámen na 30 se odebírá."
pub fn huffed(lang: Language, piece: Piece, sq: Square) -> String {
    let name = piece_name(lang, piece);
    match lang {
        Czech => format!(
            "{} {} na {sq} se odebírá.",
            forgot_to_capture(lang),
            capitalized(name)
        ),
        English => format!("{} The {name} on {sq} is removed.", forgot_to_capture(lang)),
    }
}

/// Several offenders: "Zapomněl jsi skákat! Vyberte šipkami a Enterem, který kámen odebrat:
/// 28, 30."
pub fn choose_offender(lang: Language, offenders: crate::rules::SquareSet) -> String {
    match lang {
        Czech => format!(
            "{} Vyberte šipkami a Enterem, který kámen odebrat: {}.",
            forgot_to_capture(lang),
            list(offenders)
        ),
        English => format!(
            "{} Choose the piece to remove with the arrows and Enter: {}.",
            forgot_to_capture(lang),
            list(offenders)
        ),
    }
}

/// A take-back: "Zapomněl jsi skákat! Tah 1 na 5 se vrací, černý musí skákat."
pub fn taken_back(
    lang: Language,
    notation: Notation,
    pos_before: &Position,
    rules: &RuleSet,
    m: &Move,
) -> String {
    let side = pos_before.side_to_move();
    let spoken = spoken_move(lang, notation, pos_before, rules, m);
    match lang {
        Czech => format!(
            "{} Tah {spoken} se vrací, {} musí skákat.",
            forgot_to_capture(lang),
            color_name(lang, side)
        ),
        English => format!(
            "{} {spoken} is taken back; {} must capture.",
            forgot_to_capture(lang),
            color_name(lang, side)
        ),
    }
}

/// A hint: "Rada: 22 na 18", "Hint: 22 to 18".
pub fn hint(
    lang: Language,
    notation: Notation,
    pos: &Position,
    rules: &RuleSet,
    m: &Move,
) -> String {
    let spoken = spoken_move(lang, notation, pos, rules, m);
    match lang {
        Czech => format!("Rada: {spoken}"),
        English => format!("Hint: {spoken}"),
    }
}

/// Said when a person tries to move while the computer is to move.
pub fn computer_to_move(lang: Language) -> &'static str {
    match lang {
        Czech => "Na tahu je počítač.",
        English => "It is the computer's move.",
    }
}

/// The computer's answer to a draw offer.
pub fn draw_answer(lang: Language, accepted: bool) -> &'static str {
    match (lang, accepted) {
        (Czech, true) => "Počítač remízu přijímá.",
        (Czech, false) => "Počítač remízu odmítá.",
        (English, true) => "The computer accepts the draw.",
        (English, false) => "The computer declines the draw.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_is_forty_characters_then_an_ellipsis() {
        let forty = "ž".repeat(40);
        assert_eq!(excerpt(&forty), forty);
        assert_eq!(excerpt("32-28"), "32-28");
        assert_eq!(excerpt(""), "");
        // Cut between characters: 41 two-byte letters keep 40 whole.
        assert_eq!(excerpt(&"ž".repeat(41)), format!("{forty}…"));
        let mega = "1".repeat(1 << 20);
        assert_eq!(excerpt(&mega), format!("{}…", "1".repeat(40)));
        assert_eq!(excerpt(&mega).chars().count(), EXCERPT_CHARS + 1);
    }
    use crate::event::Marks;
    use crate::notation::Notation::{Algebraic, Numeric};
    use crate::rules::Variant;

    fn said(lang: Language, variant: Variant, fen: &str) -> Vec<String> {
        let rules = variant.rules();
        let pos = rules.parse_fen(fen).unwrap();
        pos.legal_moves(rules)
            .iter()
            .map(|m| spoken_move(lang, Numeric, &pos, rules, m))
            .collect()
    }

    #[test]
    fn moves_in_czech_and_english() {
        let start = "W:W21-32:B1-12";
        assert_eq!(said(Czech, Variant::Czech, start)[0], "21 na 17");
        assert_eq!(said(English, Variant::Czech, start)[0], "21 to 17");
        assert_eq!(said(Czech, Variant::Czech, "W:W22:B18"), ["22 bere 15"]);
        assert_eq!(said(English, Variant::Czech, "W:W22:B18"), ["22 takes 15"]);
        // Two captures: the count.
        assert_eq!(
            said(Czech, Variant::Czech, "W:W30:B26,19"),
            ["30 bere 16, 2 kameny"]
        );
        assert_eq!(
            said(English, Variant::Czech, "W:W30:B26,19"),
            ["30 takes 16, 2 men"]
        );
        // Five: the other plural.
        assert_eq!(count(Czech, 5, Role::Man), "5 kamenů");
        assert_eq!(count(Czech, 1, Role::King), "1 dáma");
        assert_eq!(count(Czech, 3, Role::Tower), "3 věže");
        // Same start and end, different pieces: the landing squares are named.
        assert_eq!(
            said(Czech, Variant::Czech, "W:W30:B17,18,25,26"),
            [
                "30 bere 14, přes 21, 2 kameny",
                "30 bere 14, přes 23, 2 kameny"
            ]
        );
        assert_eq!(
            said(English, Variant::Czech, "W:W30:B17,18,25,26")[1],
            "30 takes 14, via 23, 2 men"
        );
        // Crowning.
        assert_eq!(said(Czech, Variant::Czech, "W:W5:B20")[0], "5 na 1, dáma");
        assert_eq!(said(English, Variant::Czech, "W:W6:B20")[0], "6 to 1, king");
    }

    #[test]
    fn moves_said_in_the_notation_chosen() {
        let say = |lang, notation, fen: &str| {
            let rules = Variant::Czech.rules();
            let pos = rules.parse_fen(fen).unwrap();
            pos.legal_moves(rules)
                .iter()
                .map(|m| spoken_move(lang, notation, &pos, rules, m))
                .collect::<Vec<_>>()
        };
        let start = "W:W21-32:B1-12";
        assert_eq!(say(Czech, Algebraic, start)[0], "a3 na b4");
        assert_eq!(say(English, Algebraic, start)[0], "a3 to b4");
        assert_eq!(say(Czech, Algebraic, "W:W22:B18"), ["c3 bere e5"]);
        assert_eq!(say(English, Algebraic, "W:W22:B18"), ["c3 takes e5"]);
        // A capture with its landing squares, and the count, in both notations.
        let two_ways = "W:W30:B17,18,25,26";
        assert_eq!(
            say(Czech, Numeric, two_ways),
            [
                "30 bere 14, přes 21, 2 kameny",
                "30 bere 14, přes 23, 2 kameny"
            ]
        );
        assert_eq!(
            say(Czech, Algebraic, two_ways),
            [
                "c1 bere c5, přes a3, 2 kameny",
                "c1 bere c5, přes e3, 2 kameny"
            ]
        );
        assert_eq!(
            say(English, Algebraic, two_ways)[1],
            "c1 takes c5, via e3, 2 men"
        );
        assert_eq!(say(Czech, Algebraic, "W:W5:B20")[0], "a7 na b8, dáma");
        // Written text read back as spoken: what the refusals list.
        let board = crate::rules::Board::Ten;
        assert_eq!(
            spoken_written(Czech, Numeric, board, "47x38x24x13x36"),
            "47 bere 36, přes 38, 24, 13"
        );
        assert_eq!(
            spoken_written(English, Algebraic, board, "32-28"),
            "d4 to e5"
        );
        assert_eq!(spoken_written(Czech, Numeric, board, "nic"), "nic");
        // The lists of moves heard, in the notation chosen.
        let rules = Variant::Czech.rules();
        let pos = rules.parse_fen("W:W29,22:B18").unwrap();
        assert_eq!(
            legal_moves(Czech, Algebraic, &pos, rules, &pos.table_moves(rules)),
            "Táhnout mohou 22, 29. Tahy: c3 bere e5; c3 na b4; a1 na b2."
        );
        assert_eq!(
            hint(English, Algebraic, &pos, rules, &pos.legal_moves(rules)[0]),
            "Hint: c3 takes e5"
        );
    }

    #[test]
    fn squares_position_and_material() {
        let rules = Variant::TwoTowers.rules();
        let pos = rules.parse_fen("W:W31,32,K46:B1,T12").unwrap();
        let sq = |n| Square::new(n).unwrap();
        let view = |n, marks| SquareView::new(&pos, sq(n), marks);
        let brief = Verbosity::Brief;
        let none = Marks::default();
        assert_eq!(square(Czech, &view(32, none), brief), "32, bílý kámen");
        assert_eq!(square(Czech, &view(33, none), brief), "33, prázdné");
        assert_eq!(square(English, &view(12, none), brief), "12, black tower");
        assert_eq!(square(Czech, &view(46, none), brief), "46, bílá dáma");
        let moved = Marks {
            can_move: true,
            last_move: true,
            ..none
        };
        assert_eq!(
            square(Czech, &view(46, moved), Verbosity::Full),
            "46, a1, bílá dáma, může táhnout, poslední tah"
        );
        assert_eq!(
            square(English, &view(46, moved), brief),
            "46, white king, can move"
        );
        let target = Marks {
            destination: true,
            hint: true,
            ..none
        };
        assert_eq!(
            square(Czech, &view(41, target), Verbosity::Full),
            "41, b2, prázdné, cíl tahu, doporučený tah"
        );
        assert_eq!(
            position(Czech, &pos),
            "Bílý: kameny 31, 32; dámy 46. Černý: kameny 1; věže 12."
        );
        assert_eq!(
            position(English, &pos),
            "White: men 31, 32; kings 46. Black: men 1; towers 12."
        );
        assert_eq!(
            material(Czech, &pos),
            "Bílý: 2 kameny, 1 dáma. Černý: 1 kámen, 1 věž."
        );
        assert_eq!(
            material(English, &pos),
            "White: 2 men, 1 king. Black: 1 man, 1 tower."
        );
        let empty = rules.parse_fen("B:W31:B").unwrap();
        assert_eq!(material(Czech, &empty), "Bílý: 1 kámen. Černý: nic.");
    }

    #[test]
    fn legal_moves_and_the_game() {
        let rules = Variant::Czech.rules();
        let pos = rules.parse_fen("W:W29,22:B18").unwrap();
        assert_eq!(
            legal_moves(Czech, Numeric, &pos, rules, &pos.legal_moves(rules)),
            "Musíte skákat. Skákat mohou 22. Tahy: 22 bere 15."
        );
        // Under table rules the quiet moves are listed too, and nothing says a capture is due.
        assert_eq!(
            legal_moves(Czech, Numeric, &pos, rules, &pos.table_moves(rules)),
            "Táhnout mohou 22, 29. Tahy: 22 bere 15; 22 na 17; 29 na 25."
        );
        let pos = rules.parse_fen("W:W29:B1").unwrap();
        assert_eq!(
            legal_moves(English, Numeric, &pos, rules, &pos.legal_moves(rules)),
            "Pieces that can move: 29. Moves: 29 to 25."
        );
        let mut game = Game::new(rules.clone()).unwrap();
        let none = Variations::default();
        assert_eq!(move_list(Czech, Numeric, &game, &none), "Zatím žádný tah.");
        for text in ["22-18", "11-15", "18x11"] {
            let m = crate::notation::parse_move(game.position(), rules, text)
                .unwrap()
                .0;
            game.play(m).unwrap();
        }
        assert_eq!(
            move_list(Czech, Numeric, &game, &none),
            "1. 22 na 18, 11 na 15. 2. 18 bere 11."
        );
        assert_eq!(
            move_list(English, Numeric, &game, &none),
            "1. 22 to 18, 11 to 15. 2. 18 takes 11."
        );
        // Variations in brackets after the move they replace, numbered as the list is; one in
        // a variation inside it.
        let mv =
            |pos: &Position, text: &str| crate::notation::parse_move(pos, rules, text).unwrap().0;
        let mut vars = Variations::default();
        let after1 = *game.position_at(1).unwrap();
        let b = vars.add(&game, &[], 1, mv(&after1, "9-13")).unwrap();
        let mut p = after1;
        p.play_unchecked(&mv(&after1, "9-13"));
        vars.extend(&game, &[b], mv(&p, "24-20"));
        vars.add(&game, &[b], 1, mv(&p, "21-17")).unwrap();
        assert_eq!(
            move_list(Czech, Numeric, &game, &vars),
            "1. 22 na 18, 11 na 15 (varianta: 1… 9 na 13, 2. 24 na 20 (varianta: 2. 21 na 17)). \
             2. 18 bere 11."
        );
        assert_eq!(
            move_list(English, Numeric, &game, &vars),
            "1. 22 to 18, 11 to 15 (variation: 1… 9 to 13, 2. 24 to 20 (variation: 2. 21 to 17)). \
             2. 18 takes 11."
        );
        assert_eq!(last_move(Czech, Numeric, &game), "Bílý: 18 bere 11");
        // What an annotator wrote: the glyphs in words, the comment as written.
        let written = crate::rules::Note {
            nags: vec![6, 19],
            comments: vec!["Hraje se zřídka".into()],
        };
        assert_eq!(
            note(Czech, &written),
            "Pochybný tah. Komentář: Hraje se zřídka."
        );
        assert_eq!(
            note(English, &written),
            "A dubious move. Comment: Hraje se zřídka."
        );
        assert_eq!(to_move(Czech, Color::Black), "Na tahu je černý");
        assert_eq!(to_move(English, Color::Black), "Black to move");
        let win = Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoLegalMove,
        };
        assert_eq!(outcome(Czech, win), "Bílý vyhrál: soupeř nemůže táhnout.");
        assert_eq!(
            outcome(English, win),
            "White wins: the opponent cannot move."
        );
        assert_eq!(
            outcome(Czech, Outcome::Draw(DrawReason::Repetition)),
            "Remíza: pozice se potřetí opakovala."
        );
        assert_eq!(draw_offer(English, Color::Black), "Black offers a draw.");
        let white_man = Piece::new(Color::White, Role::Man);
        assert_eq!(
            huffed(Czech, white_man, Square::new(30).unwrap()),
            "Zapomněl jsi skákat! Bílý kámen na 30 se odebírá."
        );
        assert_eq!(
            huffed(
                English,
                Piece::new(Color::Black, Role::King),
                Square::new(3).unwrap()
            ),
            "You forgot to capture! The black king on 3 is removed."
        );
        let two: crate::rules::SquareSet =
            [28, 30].iter().map(|&n| Square::new(n).unwrap()).collect();
        assert_eq!(
            choose_offender(Czech, two),
            "Zapomněl jsi skákat! Vyberte šipkami a Enterem, který kámen odebrat: 28, 30."
        );
        let rules = Variant::English.rules();
        let pos = rules.parse_fen("B:W18,32:B14,1").unwrap();
        let m = Move::new(
            crate::rules::Board::Eight,
            Square::new(1).unwrap(),
            Square::new(5).unwrap(),
            crate::rules::SquareSet::EMPTY,
        );
        assert_eq!(
            taken_back(Czech, Numeric, &pos, rules, &m),
            "Zapomněl jsi skákat! Tah 1 na 5 se vrací, černý musí skákat."
        );
        assert_eq!(
            taken_back(English, Numeric, &pos, rules, &m),
            "You forgot to capture! 1 to 5 is taken back; black must capture."
        );
    }

    #[test]
    fn computer_phrases() {
        let rules = Variant::Czech.rules();
        let pos = Variant::Czech.start_position();
        let m = pos
            .legal_moves(rules)
            .into_iter()
            .find(|m| m.from().number() == 22 && m.to().number() == 18)
            .unwrap();
        assert_eq!(hint(Czech, Numeric, &pos, rules, &m), "Rada: 22 na 18");
        assert_eq!(hint(English, Numeric, &pos, rules, &m), "Hint: 22 to 18");
        let shot = rules.parse_fen("W:W22:B18").unwrap();
        let capture = shot.legal_moves(rules)[0];
        assert_eq!(
            hint(Czech, Numeric, &shot, rules, &capture),
            "Rada: 22 bere 15"
        );
        assert_eq!(computer_to_move(Czech), "Na tahu je počítač.");
        assert_eq!(computer_to_move(English), "It is the computer's move.");
        assert_eq!(draw_answer(Czech, true), "Počítač remízu přijímá.");
        assert_eq!(
            draw_answer(English, false),
            "The computer declines the draw."
        );
    }

    #[test]
    fn games_left_out_of_a_file() {
        use crate::game_file::{KeptLimit, LeftOut};
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
