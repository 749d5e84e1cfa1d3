//! Whether a command can be used now, and why not: the one answer the menus (an item greyed),
//! the keyboard help (a line marked unavailable), the shortcuts and [`DamaApp::run`] (the
//! reason said) all take, so that what looks usable is used and what is refused was shown so.

use super::DamaApp;
use crate::event::Problem;
use crate::rules::GameError;
use crate::ui::commands::Command;

impl DamaApp {
    /// `Ok` when `c` can be used now; else the problem said when it is tried. The checks are
    /// the ones the command's own code makes first, in the same order (that code keeps them:
    /// the computer's answers come the same way).
    pub(super) fn availability(&self, c: Command) -> Result<(), Problem> {
        let game = self.doc.game();
        let over = game.outcome().is_some();
        // The game waits behind the position editor: what plays, looks at or judges the game
        // is refused while it is open.
        let game_only = || {
            if self.editor.is_some() {
                Err(Problem::Editing)
            } else {
                Ok(())
            }
        };
        let check = |refused: bool, problem: Problem| if refused { Err(problem) } else { Ok(()) };
        match c {
            Command::NewGame
            | Command::Open
            | Command::Save
            | Command::SaveAs
            | Command::Quit
            | Command::FlipBoard
            | Command::BoardText
            | Command::Settings
            | Command::RepeatLastMove
            | Command::ReadPosition
            | Command::ReadMoves
            | Command::ReadMaterial
            | Command::WhoseTurn
            | Command::ReadMoveList
            | Command::NextRegion
            | Command::PreviousRegion
            | Command::Help
            | Command::Analysis
            | Command::SayAnalysis
            | Command::CopyPosition
            | Command::PastePosition
            | Command::EditPosition => Ok(()),
            Command::PlayFromEditor => check(self.editor.is_none(), Problem::NotEditing),
            Command::FirstPosition
            | Command::PreviousPosition
            | Command::NextPosition
            | Command::LivePosition
            | Command::MoveField => game_only(),
            Command::Undo => {
                game_only()?;
                check(!game.can_undo(), Problem::Game(GameError::NothingToUndo))
            }
            Command::Redo => {
                game_only()?;
                check(!game.can_redo(), Problem::Game(GameError::NothingToRedo))
            }
            Command::Resign | Command::OfferDraw => {
                game_only()?;
                check(over, Problem::Game(GameError::GameOver))
            }
            Command::AcceptDraw | Command::DeclineDraw => {
                game_only()?;
                check(self.doc.draw_offer().is_none(), Problem::NoDrawOffer)?;
                check(!self.person_answers_draw(), Problem::NotYourDrawAnswer)
            }
            Command::Claim => {
                game_only()?;
                check(
                    self.doc.computer_to_move().is_some(),
                    Problem::ComputerToMove,
                )?;
                check(
                    game.claim_offer().is_none(),
                    Problem::Game(GameError::NoClaim),
                )
            }
            // A problem's hint is the solution's next move, over or not.
            Command::Hint if self.exercises.is_some() => game_only(),
            Command::Hint => {
                game_only()?;
                check(over, Problem::NoHint)?;
                check(
                    self.doc.computer_to_move().is_some(),
                    Problem::ComputerToMove,
                )
            }
            Command::NextProblem | Command::PreviousProblem => {
                check(self.exercises.is_none(), Problem::NoProblems)
            }
            Command::SayClocks | Command::PauseClock => {
                check(self.doc.clock().is_none(), Problem::NoClock)
            }
            Command::ReviewGame => {
                game_only()?;
                check(game.moves().is_empty(), Problem::NothingToReview)
            }
            Command::NextMistake => {
                game_only()?;
                let key = || self.shortcut_text(Command::ReviewGame);
                match self.view.review {
                    Some(_) => Ok(()),
                    None => Err(Problem::NotReviewed(key())),
                }
            }
            Command::NextVariation | Command::PreviousVariation => {
                game_only()?;
                check(!self.doc.variations().any(game), Problem::NoVariation)
            }
            Command::PromoteVariation | Command::DeleteVariation => {
                game_only()?;
                check(self.view.variation.is_none(), Problem::NotInVariation)
            }
        }
    }
}
