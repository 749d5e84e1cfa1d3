//! Every user action as a command, with its menu text and keyboard shortcut in one table, so
//! that each action has a keyboard path and the help lists them all.

use eframe::egui::{Key, KeyboardShortcut, Modifiers};

use super::i18n::T;

/// An action of the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Open the new-game dialog.
    NewGame,
    /// Open a PDN file.
    Open,
    /// Save to the current file (or ask for one).
    Save,
    /// Save to a new file.
    SaveAs,
    /// Close the window.
    Quit,
    /// Take back the last move.
    Undo,
    /// Play again the move taken back.
    Redo,
    /// Turn the board round.
    FlipBoard,
    /// Open the settings.
    Settings,
    /// The side to move resigns.
    Resign,
    /// The side to move offers a draw.
    OfferDraw,
    /// Show the starting position.
    FirstPosition,
    /// Show the position one move earlier.
    PreviousPosition,
    /// Show the position one move later.
    NextPosition,
    /// Show the current position again.
    LivePosition,
    /// Say the last move again.
    RepeatLastMove,
    /// Say where every piece stands.
    ReadPosition,
    /// Say which pieces can move and the legal moves.
    ReadMoves,
    /// Say how many pieces each side has.
    ReadMaterial,
    /// Say whose turn it is.
    WhoseTurn,
    /// Say the moves of the game.
    ReadMoveList,
    /// Put the cursor in the move field.
    MoveField,
    /// Show the keyboard help.
    Help,
    /// Claim the opponent's forgotten capture (table rules).
    Claim,
    /// Ask the computer for a move for the side to move.
    Hint,
}

impl Command {
    /// All commands, in menu order.
    pub const ALL: [Command; 25] = [
        Command::NewGame,
        Command::Open,
        Command::Save,
        Command::SaveAs,
        Command::Quit,
        Command::Undo,
        Command::Redo,
        Command::FlipBoard,
        Command::Settings,
        Command::Resign,
        Command::OfferDraw,
        Command::FirstPosition,
        Command::PreviousPosition,
        Command::NextPosition,
        Command::LivePosition,
        Command::RepeatLastMove,
        Command::ReadPosition,
        Command::ReadMoves,
        Command::ReadMaterial,
        Command::WhoseTurn,
        Command::ReadMoveList,
        Command::MoveField,
        Command::Help,
        Command::Claim,
        Command::Hint,
    ];

    /// The menu text.
    pub fn text(self) -> T {
        match self {
            Command::NewGame => T::NewGame,
            Command::Open => T::Open,
            Command::Save => T::Save,
            Command::SaveAs => T::SaveAs,
            Command::Quit => T::Quit,
            Command::Undo => T::Undo,
            Command::Redo => T::Redo,
            Command::FlipBoard => T::FlipBoard,
            Command::Settings => T::Settings,
            Command::Resign => T::Resign,
            Command::OfferDraw => T::OfferDraw,
            Command::FirstPosition => T::FirstPosition,
            Command::PreviousPosition => T::PreviousPosition,
            Command::NextPosition => T::NextPosition,
            Command::LivePosition => T::LivePosition,
            Command::RepeatLastMove => T::RepeatLastMove,
            Command::ReadPosition => T::ReadPosition,
            Command::ReadMoves => T::ReadMoves,
            Command::ReadMaterial => T::ReadMaterial,
            Command::WhoseTurn => T::WhoseTurn,
            Command::ReadMoveList => T::ReadMoveList,
            Command::MoveField => T::MoveFieldCommand,
            Command::Help => T::KeyboardHelp,
            Command::Claim => T::Claim,
            Command::Hint => T::Hint,
        }
    }

    /// The keyboard shortcut.
    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        let key = |key| Some(KeyboardShortcut::new(Modifiers::NONE, key));
        let ctrl = |key| Some(KeyboardShortcut::new(Modifiers::COMMAND, key));
        let ctrl_shift = |key| {
            Some(KeyboardShortcut::new(
                Modifiers::COMMAND | Modifiers::SHIFT,
                key,
            ))
        };
        match self {
            Command::NewGame => ctrl(Key::N),
            Command::Open => ctrl(Key::O),
            Command::Save => ctrl(Key::S),
            Command::SaveAs => ctrl_shift(Key::S),
            Command::Quit => ctrl(Key::Q),
            Command::Undo => ctrl(Key::Z),
            Command::Redo => ctrl(Key::Y),
            Command::FlipBoard => ctrl(Key::F),
            Command::Settings => ctrl(Key::Comma),
            Command::Resign => ctrl_shift(Key::R),
            Command::OfferDraw => ctrl_shift(Key::D),
            Command::FirstPosition => ctrl(Key::Home),
            Command::PreviousPosition => ctrl(Key::ArrowLeft),
            Command::NextPosition => ctrl(Key::ArrowRight),
            Command::LivePosition => ctrl(Key::End),
            Command::RepeatLastMove => key(Key::F2),
            Command::ReadPosition => key(Key::F3),
            Command::ReadMoves => key(Key::F4),
            Command::ReadMaterial => key(Key::F5),
            Command::WhoseTurn => key(Key::F6),
            Command::ReadMoveList => key(Key::F7),
            Command::MoveField => ctrl(Key::M),
            Command::Help => key(Key::F1),
            Command::Claim => key(Key::F9),
            Command::Hint => key(Key::F8),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortcuts_are_distinct() {
        let mut seen = Vec::new();
        for c in Command::ALL {
            let sc = c.shortcut().expect("every command has a shortcut");
            assert!(!seen.contains(&sc), "{c:?} repeats a shortcut");
            seen.push(sc);
        }
    }
}
