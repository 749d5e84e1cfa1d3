//! Every user action as a command: its menu text and keyboard shortcut (one table, so that
//! each action has a keyboard path and the help lists them all). The table below is the only
//! list: the enum, [`Command::ALL`], the texts and the shortcuts are all made from it. Where the
//! menus show a command, whether it can be used now and what it does are in
//! [`super::commands`].

use eframe::egui::{Key, KeyboardShortcut, ModifierNames, Modifiers};

use crate::ui::i18n::{Language, T};

/// No modifier.
const NONE: Modifiers = Modifiers::NONE;
/// Ctrl (Cmd on a Mac).
const CTRL: Modifiers = Modifiers::COMMAND;
/// Shift.
const SHIFT: Modifiers = Modifiers::SHIFT;
/// Ctrl+Shift.
const CTRL_SHIFT: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};

macro_rules! commands {
    ($($(#[doc = $doc:literal])* $name:ident => $text:ident, $mods:ident + $key:ident;)*) => {
        /// An action of the user.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Command {
            $($(#[doc = $doc])* $name,)*
        }

        impl Command {
            /// All commands, in the order of the table (the help lists them so).
            pub const ALL: &'static [Command] = &[$(Command::$name,)*];

            /// The menu text.
            pub fn text(self) -> T {
                match self {
                    $(Command::$name => T::$text,)*
                }
            }

            /// The keyboard shortcut.
            pub fn shortcut(self) -> Option<KeyboardShortcut> {
                match self {
                    $(Command::$name => Some(KeyboardShortcut::new($mods, Key::$key)),)*
                }
            }
        }
    };
}

commands! {
    /// Open the new-game dialog.
    NewGame => NewGame, CTRL + N;
    /// Open a PDN file.
    Open => Open, CTRL + O;
    /// Save to the current file (or ask for one).
    Save => Save, CTRL + S;
    /// Save to a new file.
    SaveAs => SaveAs, CTRL_SHIFT + S;
    /// Close the window.
    Quit => Quit, CTRL + Q;
    /// Take back the last move.
    Undo => Undo, CTRL + Z;
    /// Play again the move taken back.
    Redo => Redo, CTRL + Y;
    /// Turn the board round.
    FlipBoard => FlipBoard, CTRL + F;
    /// Show the board as text (for braille displays) and go there, or hide it.
    BoardText => BoardText, CTRL + T;
    /// Open the settings.
    Settings => Settings, CTRL + Comma;
    /// The endgame databases: what is built, building them in the background, stopping,
    /// removing.
    Endgames => Endgames, CTRL_SHIFT + E;
    /// The side to move resigns.
    Resign => Resign, CTRL_SHIFT + R;
    /// The side to move offers a draw.
    OfferDraw => OfferDraw, CTRL_SHIFT + D;
    /// The opponent of the side that offered a draw accepts it.
    AcceptDraw => AcceptDraw, CTRL_SHIFT + A;
    /// The opponent of the side that offered a draw declines it.
    DeclineDraw => DeclineDraw, CTRL_SHIFT + N;
    /// Show the starting position.
    FirstPosition => FirstPosition, CTRL + Home;
    /// Show the position one move earlier.
    PreviousPosition => PreviousPosition, CTRL + ArrowLeft;
    /// Show the position one move later.
    NextPosition => NextPosition, CTRL + ArrowRight;
    /// Show the current position again.
    LivePosition => LivePosition, CTRL + End;
    /// Show the next variation to the move shown (the line's own move after the last).
    NextVariation => NextVariation, CTRL + ArrowDown;
    /// Show the variation before.
    PreviousVariation => PreviousVariation, CTRL + ArrowUp;
    /// Make the variation shown the line it hangs from (the game's moves, for a variation to
    /// them).
    PromoteVariation => PromoteVariation, CTRL_SHIFT + ArrowUp;
    /// Delete the variation shown, after asking.
    DeleteVariation => DeleteVariation, CTRL + Delete;
    /// Say the last move again.
    RepeatLastMove => RepeatLastMove, NONE + F2;
    /// Say where every piece stands.
    ReadPosition => ReadPosition, NONE + F3;
    /// Say which pieces can move and the moves they can make.
    ReadMoves => ReadMoves, NONE + F4;
    /// Say how many pieces each side has.
    ReadMaterial => ReadMaterial, NONE + F5;
    /// Say whose turn it is.
    WhoseTurn => WhoseTurn, NONE + F6;
    /// Say the moves of the game.
    ReadMoveList => ReadMoveList, NONE + F7;
    /// Say the game at a glance: its rules, who plays, where it stands, its file.
    SayGameInfo => SayGameInfo, CTRL + I;
    /// Say the last announcement again (F2, F3, … say the game; this says again whatever was
    /// said last: a move, a refusal, a square).
    RepeatAnnouncement => RepeatAnnouncement, NONE + F12;
    /// The last announcements, newest first, a line each to walk back through.
    AnnouncementHistory => AnnouncementHistory, SHIFT + F12;
    /// Say whether the side to move must capture, and with which moves (x: the capture's sign).
    MustCapture => MustCapture, CTRL_SHIFT + X;
    /// Say where the pieces of the side to move stand (F3 says both sides').
    MyPieces => MyPieces, SHIFT + F3;
    /// Say where the pieces of the other side stand.
    OtherPieces => OtherPieces, CTRL + F3;
    /// Say the moves of the piece under the keyboard cursor (F4 says every piece's).
    PieceMoves => PieceMoves, SHIFT + F4;
    /// Say the last moves up to the position shown, numbered (F7 says them all).
    LastMoves => LastMoves, SHIFT + F7;
    /// Put the focus on the board to type a square's number (then Enter: the cursor goes
    /// there and says what stands on it).
    GoToSquare => GoToSquare, CTRL + G;
    /// Put the cursor in the move field.
    MoveField => MoveFieldCommand, CTRL + M;
    /// Go to the next part of the window: the board, the side panel (or the position
    /// editor's), the move field, the move list (as F6 does in GTK programs; F6 itself says
    /// whose turn it is).
    NextRegion => NextRegion, CTRL + F6;
    /// Go to the part of the window before.
    PreviousRegion => PreviousRegion, CTRL_SHIFT + F6;
    /// Show the keyboard help.
    Help => KeyboardHelp, NONE + F1;
    /// The course: lessons of the rules and of Dáma itself, with tasks on the board; in a
    /// lesson, its task said again.
    Learn => Learn, CTRL + L;
    /// Claim the opponent's forgotten capture (table rules).
    Claim => Claim, NONE + F9;
    /// Ask the computer for a move for the side to move.
    Hint => Hint, NONE + F8;
    /// The next problem of the collection being solved.
    NextProblem => NextProblem, CTRL + PageDown;
    /// The problem before.
    PreviousProblem => PreviousProblem, CTRL + PageUp;
    /// Say the time each side has left.
    SayClocks => SayClocks, CTRL_SHIFT + T;
    /// Pause the clocks, or run them again.
    PauseClock => PauseClock, CTRL + P;
    /// Let the computer judge each position shown (the move list, the editor), or stop.
    Analysis => Analysis, SHIFT + F8;
    /// Say how the position shown stands and the best line (analysing it first if need be).
    SayAnalysis => SayAnalysis, CTRL + F8;
    /// Let the computer go through the whole game and mark each move.
    ReviewGame => ReviewGame, CTRL + R;
    /// Show the next move the review marked as a mistake or blunder, and say it.
    NextMistake => NextMistake, CTRL_SHIFT + M;
    /// Copy the position shown to the clipboard, as FEN.
    CopyPosition => CopyPosition, CTRL_SHIFT + C;
    /// Start a game from the position on the clipboard: the new-game dialog with it filled in.
    PastePosition => PastePosition, CTRL_SHIFT + V;
    /// Set up a position on the board: the position editor, from the position shown.
    EditPosition => EditPosition, CTRL + E;
    /// Start a game from the position set up in the editor: the new-game dialog, filled in.
    PlayFromEditor => PlayFromHere, CTRL + Enter;
}

impl Command {
    /// The command of this name (as the course's data names it: `ReadPosition`).
    pub fn named(name: &str) -> Option<Command> {
        Command::ALL
            .iter()
            .copied()
            .find(|c| format!("{c:?}") == name)
    }

    /// The shortcut as the menus, the help and the spoken hints write it, in `lang`: "Ctrl+S",
    /// "Ctrl+Šipka vlevo" (egui's own names are English); empty for a command without one.
    pub fn shortcut_text(self, lang: Language) -> String {
        self.shortcut()
            .map(|s| {
                let mac = cfg!(target_os = "macos");
                let mut text = ModifierNames::NAMES.format(&s.modifiers, mac);
                if !text.is_empty() {
                    text.push('+');
                }
                text.push_str(key_name(lang, s.logical_key));
                text
            })
            .unwrap_or_default()
    }
}

/// A key's name in `lang`: letters, digits and F-keys as printed on the key, the rest in words.
fn key_name(lang: Language, key: Key) -> &'static str {
    match lang {
        Language::English => key.name(),
        Language::Czech => match key {
            Key::Comma => "Čárka",
            Key::Period => "Tečka",
            Key::ArrowLeft => "Šipka vlevo",
            Key::ArrowRight => "Šipka vpravo",
            Key::ArrowUp => "Šipka nahoru",
            Key::ArrowDown => "Šipka dolů",
            Key::PageUp => "Page Up",
            Key::PageDown => "Page Down",
            Key::Space => "Mezerník",
            Key::Plus => "Plus",
            Key::Minus => "Minus",
            other => other.name(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortcuts_are_distinct() {
        let mut seen = Vec::new();
        for &c in Command::ALL {
            let sc = c.shortcut().expect("every command has a shortcut");
            assert!(!seen.contains(&sc), "{c:?} repeats a shortcut");
            seen.push(sc);
        }
    }

    #[test]
    fn texts_are_distinct() {
        let mut seen = Vec::new();
        for &c in Command::ALL {
            assert!(!seen.contains(&c.text()), "{c:?} repeats a menu text");
            seen.push(c.text());
        }
    }

    #[test]
    fn shortcuts_are_named_in_the_language_of_the_window() {
        let said = |c: Command| [Language::Czech, Language::English].map(|l| c.shortcut_text(l));
        assert_eq!(said(Command::Save), ["Ctrl+S", "Ctrl+S"]);
        assert_eq!(said(Command::SaveAs), ["Ctrl+Shift+S", "Ctrl+Shift+S"]);
        assert_eq!(said(Command::Settings), ["Ctrl+Čárka", "Ctrl+Comma"]);
        assert_eq!(
            said(Command::PreviousPosition),
            ["Ctrl+Šipka vlevo", "Ctrl+Left"]
        );
        assert_eq!(
            said(Command::PromoteVariation),
            ["Ctrl+Shift+Šipka nahoru", "Ctrl+Shift+Up"]
        );
        assert_eq!(
            said(Command::NextProblem),
            ["Ctrl+Page Down", "Ctrl+PageDown"]
        );
        assert_eq!(said(Command::ReadPosition), ["F3", "F3"]);
        // No English key name is left in the Czech list.
        for c in Command::ALL {
            let text = c.shortcut_text(Language::Czech);
            let key = text.rsplit('+').next().unwrap_or_default();
            let english = [
                "Comma", "Left", "Right", "Up", "Down", "PageUp", "PageDown", "Space",
            ];
            assert!(!english.contains(&key), "{c:?}: {text}");
        }
    }
}
