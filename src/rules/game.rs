//! The game record: moves played from a start position, undo and redo, draws and results.

use std::fmt;

use super::{Color, Move, Position, Role, RuleSet, RuleSetError};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// Who won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser was to move and had no legal move (no pieces, or all blocked).
    NoLegalMove,
    /// The loser resigned.
    Resignation,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Both players agreed.
    Agreement,
    /// The same position occurred the rule set's number of times (three).
    Repetition,
    /// The rule set's number of moves passed without progress.
    QuietMoves,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::NoLegalMove => "opponent cannot move",
                    WinReason::Resignation => "opponent resigned",
                };
                write!(f, "{winner} wins ({why})")
            }
            Outcome::Draw(reason) => {
                let why = match reason {
                    DrawReason::Agreement => "agreed",
                    DrawReason::Repetition => "repetition",
                    DrawReason::QuietMoves => "no progress",
                };
                write!(f, "draw ({why})")
            }
        }
    }
}

/// A request the game refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The move is not among the legal moves.
    #[error("move {0} is not legal here")]
    IllegalMove(Move),
    /// The game has a result (or no draw can be claimed).
    #[error("the game is over")]
    GameOver,
    /// At the start of the record.
    #[error("nothing to undo")]
    NothingToUndo,
    /// No move was taken back since the last new move.
    #[error("nothing to redo")]
    NothingToRedo,
}

/// What playing a move did, for the layers that show and speak it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// The moving piece was crowned.
    pub promoted: bool,
    /// The game ended with this move.
    pub outcome: Option<Outcome>,
}

/// One game: the rule set, the start, the moves, and what can be redone.
///
/// The record is the single source of truth: positions, draw counters, repetitions and the
/// result are derived from it.
#[derive(Clone, Debug)]
pub struct Game {
    rules: RuleSet,
    /// `positions[i]` stands before `moves[i]`; one more position than moves.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Undone moves, the next to redo last.
    redo: Vec<Move>,
    /// A result by resignation or agreement.
    ending: Option<Outcome>,
    automatic_draws: bool,
}

impl Game {
    /// A new game from the rule set's starting position.
    ///
    /// # Errors
    /// A rule set whose starting position does not fit its board.
    pub fn new(rules: RuleSet) -> Result<Game, RuleSetError> {
        let start = rules.start_position()?;
        Ok(Game::from_position(rules, start))
    }

    /// A game from any position (a FEN set-up).
    pub fn from_position(rules: RuleSet, start: Position) -> Game {
        Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            redo: Vec::new(),
            ending: None,
            automatic_draws: true,
        }
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a start")
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position after `ply` moves (0 = the start), if the game is that long.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.position().legal_moves(&self.rules)
    }

    /// When off, a repetition or no-progress draw is only offered ([`Game::claimable_draw`]) and
    /// play goes on until a player claims it with [`Game::claim_draw`]. On by default
    /// (rules.md §3).
    pub fn set_automatic_draws(&mut self, on: bool) {
        self.automatic_draws = on;
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// The move is not legal, or the game is over; the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<Played, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::GameOver);
        }
        let mut pos = *self.position();
        if !pos.is_legal(&self.rules, &m) {
            return Err(GameError::IllegalMove(m));
        }
        let was_king = pos.piece_at(m.from()).is_some_and(|p| p.role == Role::King);
        pos.play_unchecked(&m);
        let promoted = !was_king && pos.piece_at(m.to()).is_some_and(|p| p.role == Role::King);
        self.positions.push(pos);
        self.moves.push(m);
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(Played {
            mv: m,
            promoted,
            outcome: self.outcome(),
        })
    }

    /// Takes back the last action: a resignation or agreed draw, else the last move.
    ///
    /// # Errors
    /// At the start, with nothing to take back.
    pub fn undo(&mut self) -> Result<(), GameError> {
        if self.ending.take().is_some() {
            return Ok(());
        }
        let m = self.moves.pop().ok_or(GameError::NothingToUndo)?;
        self.positions.pop();
        self.redo.push(m);
        Ok(())
    }

    /// Plays again the move last taken back.
    ///
    /// # Errors
    /// Nothing was taken back since the last new move.
    pub fn redo(&mut self) -> Result<Played, GameError> {
        let m = *self.redo.last().ok_or(GameError::NothingToRedo)?;
        self.play(m)
    }

    /// Whether [`Game::undo`] has something to take back.
    pub fn can_undo(&self) -> bool {
        self.ending.is_some() || !self.moves.is_empty()
    }

    /// Whether [`Game::redo`] has a move to play again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && self.ending.is_none()
    }

    /// `color` resigns.
    ///
    /// # Errors
    /// The game is already over.
    pub fn resign(&mut self, color: Color) -> Result<(), GameError> {
        self.end(Outcome::Win {
            winner: !color,
            reason: WinReason::Resignation,
        })
    }

    /// Both players agree a draw.
    ///
    /// # Errors
    /// The game is already over.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.end(Outcome::Draw(DrawReason::Agreement))
    }

    /// The player to move claims a repetition or no-progress draw that
    /// [`Game::claimable_draw`] offers.
    ///
    /// # Errors
    /// No draw can be claimed now, or the game is over.
    pub fn claim_draw(&mut self) -> Result<(), GameError> {
        match self.claimable_draw() {
            Some(reason) if self.outcome().is_none() => self.end(Outcome::Draw(reason)),
            _ => Err(GameError::GameOver),
        }
    }

    fn end(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if self.outcome().is_some() {
            return Err(GameError::GameOver);
        }
        self.ending = Some(outcome);
        Ok(())
    }

    /// How many times the current position (pieces and side to move) has occurred, this time
    /// included.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|p| *p == now).count()
    }

    /// Plies counted by the rule set's no-progress rule: since the last capture (and, where the
    /// rule says so, the last man or tower move).
    pub fn quiet_plies(&self) -> usize {
        let resets_on_man = self
            .rules
            .draw
            .quiet_moves
            .is_some_and(|q| q.man_move_resets);
        self.moves
            .iter()
            .zip(&self.positions)
            .rev()
            .take_while(|(m, before)| {
                let man_moved = before
                    .piece_at(m.from())
                    .is_some_and(|p| p.role != Role::King);
                let progress = m.is_capture() || (resets_on_man && man_moved);
                !progress
            })
            .count()
    }

    /// A draw condition of the rule set that holds now (repetition first), whether or not draws
    /// are automatic.
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        let draw = self.rules.draw;
        if draw
            .repetition
            .is_some_and(|n| self.repetitions() >= n as usize)
        {
            return Some(DrawReason::Repetition);
        }
        if draw
            .quiet_moves
            .is_some_and(|q| self.quiet_plies() >= 2 * q.moves_each as usize)
        {
            return Some(DrawReason::QuietMoves);
        }
        None
    }

    /// The result, if the game is over. A side to move without a legal move loses, even when a
    /// draw condition arises on the same move.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.ending {
            return Some(o);
        }
        let pos = self.position();
        if pos.count_moves(&self.rules) == 0 {
            return Some(Outcome::Win {
                winner: !pos.side_to_move(),
                reason: WinReason::NoLegalMove,
            });
        }
        if self.automatic_draws {
            return self.claimable_draw().map(Outcome::Draw);
        }
        None
    }
}
