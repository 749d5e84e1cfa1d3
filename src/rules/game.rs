//! The game record: moves played from a start position, undo and redo, draws and results.

use std::fmt;

use super::{Claim, Color, Move, Position, Role, RuleSet, RuleSetError, Square, SquareSet};

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
    /// The loser's time ran out.
    Time,
    /// Decided away from the board: by an arbiter, or as a game's record states a result that
    /// no rule played on it explains.
    Adjudication,
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
    /// Decided away from the board: by an arbiter, or as a game's record states it.
    Adjudication,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::NoLegalMove => "opponent cannot move",
                    WinReason::Resignation => "opponent resigned",
                    WinReason::Time => "opponent's time ran out",
                    WinReason::Adjudication => "adjudicated",
                };
                write!(f, "{winner} wins ({why})")
            }
            Outcome::Draw(reason) => {
                let why = match reason {
                    DrawReason::Agreement => "agreed",
                    DrawReason::Repetition => "repetition",
                    DrawReason::QuietMoves => "no progress",
                    DrawReason::Adjudication => "adjudicated",
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
    /// No claim of that kind is possible now.
    #[error("there is nothing to claim")]
    NoClaim,
}

/// How strictly the rules are enforced (rules.md §5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Enforcement {
    /// Only legal moves can be made.
    #[default]
    Strict,
    /// A player may also ignore a mandatory capture or stop a capture early; the opponent may
    /// claim it.
    TableRules,
}

/// A move that ignored a mandatory capture or stopped a capture sequence early.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Violation {
    /// Who made it.
    pub by: Color,
    /// The pieces that should have captured, on their squares after the move (a piece that
    /// moved is the offender on its new square).
    pub offenders: SquareSet,
}

/// What the side to move may claim now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClaimOffer {
    /// Huff or take back, as the rule set says.
    pub kind: Claim,
    /// The offending pieces (for a huff, the claimer chooses one).
    pub offenders: SquareSet,
}

/// What happened around one move besides the move itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Extra {
    /// The move was a violation.
    violation: Option<Violation>,
    /// Before the move, its player huffed this piece; the position before the huff.
    huff: Option<(Square, Position)>,
    /// Before the move, the opponent's claim took back this violating move of its player.
    taken_back: Option<Box<(Move, Extra)>>,
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
    /// The move was a violation (under table rules).
    pub violation: Option<Violation>,
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
    /// What happened around each move (violations, claims); parallel to `moves`.
    extras: Vec<Extra>,
    /// Undone moves, the next to redo last.
    redo: Vec<Move>,
    enforcement: Enforcement,
    /// The side to move has huffed this piece and not moved yet; the position before.
    pending_huff: Option<(Square, Position)>,
    /// The side to move must make a legal move after its violating move was taken back.
    pending_take_back: Option<(Move, Extra)>,
    /// A result by resignation or agreement.
    ending: Option<Outcome>,
    automatic_draws: bool,
}

/// The move number of `ply` counted from the first player's first move (0): two plies to a
/// number, from 1. A game's own moves are counted from [`Game::first_ply`].
pub const fn move_number(ply: usize) -> usize {
    ply / 2 + 1
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
        let enforcement = if rules.table_rules_by_default && rules.claim.is_some() {
            Enforcement::TableRules
        } else {
            Enforcement::Strict
        };
        Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            extras: Vec::new(),
            redo: Vec::new(),
            enforcement,
            pending_huff: None,
            pending_take_back: None,
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

    /// The game's first move counted from the rule set's first player's first move: 1 where
    /// the game starts (from a FEN) with the other side to move, else 0. Move numbers count
    /// pairs from the first player, so such a game's first move is "1…" (see [`move_number`]).
    pub fn first_ply(&self) -> usize {
        usize::from(self.start().side_to_move() != self.rules.first)
    }

    /// The number of the game's move at `index` (from 0), as the move list writes it.
    pub fn number_of_move(&self, index: usize) -> usize {
        move_number(index + self.first_ply())
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
        let legal = pos.legal_moves(&self.rules);
        let is_legal = legal.contains(&m);
        let allowed =
            is_legal || (self.table_rules_now() && pos.table_moves(&self.rules).contains(&m));
        if !allowed {
            return Err(GameError::IllegalMove(m));
        }
        let violation = (!is_legal).then(|| {
            let mut offenders = pos.capturing_pieces(&self.rules);
            if offenders.contains(m.from()) {
                offenders.remove(m.from());
                offenders.insert(m.to());
            }
            Violation {
                by: pos.side_to_move(),
                offenders,
            }
        });
        let was_king = pos.piece_at(m.from()).is_some_and(|p| p.role == Role::King);
        pos.play_unchecked(&m);
        let promoted = !was_king && pos.piece_at(m.to()).is_some_and(|p| p.role == Role::King);
        self.positions.push(pos);
        self.moves.push(m);
        self.extras.push(Extra {
            violation,
            huff: self.pending_huff.take(),
            taken_back: self.pending_take_back.take().map(Box::new),
        });
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(Played {
            mv: m,
            promoted,
            outcome: self.outcome(),
            violation,
        })
    }

    /// Whether moves that break a mandatory capture are accepted now: table rules, a rule set
    /// with a claim, and not right after a take-back (the offender must then capture).
    fn table_rules_now(&self) -> bool {
        self.enforcement == Enforcement::TableRules
            && self.rules.claim.is_some()
            && self.pending_take_back.is_none()
    }

    /// The moves the side to move can make: the legal ones, and under table rules also those
    /// that ignore a mandatory capture (see [`Position::table_moves`]).
    pub fn allowed_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        if self.table_rules_now() {
            self.position().table_moves(&self.rules)
        } else {
            self.position().legal_moves(&self.rules)
        }
    }

    /// Strict enforcement or table rules.
    pub fn enforcement(&self) -> Enforcement {
        self.enforcement
    }

    /// Chooses the enforcement; table rules only where the rule set has a claim.
    pub fn set_enforcement(&mut self, e: Enforcement) {
        self.enforcement = if self.rules.claim.is_some() {
            e
        } else {
            Enforcement::Strict
        };
    }

    /// The violation made by the last move, if it was one.
    pub fn last_violation(&self) -> Option<Violation> {
        self.extras.last().and_then(|e| e.violation)
    }

    /// The violation made by move `ply` (0-based), if it was one.
    pub fn violation_at(&self, ply: usize) -> Option<Violation> {
        self.extras.get(ply).and_then(|e| e.violation)
    }

    /// The piece huffed before move `ply` by its player, if any.
    pub fn huff_before(&self, ply: usize) -> Option<Square> {
        self.extras.get(ply).and_then(|e| e.huff.map(|(sq, _)| sq))
    }

    /// The violating move taken back before move `ply`, if any.
    pub fn taken_back_before(&self, ply: usize) -> Option<Move> {
        self.extras
            .get(ply)
            .and_then(|e| e.taken_back.as_ref().map(|b| b.0))
    }

    /// The piece the side to move has huffed, before making its own move.
    pub fn pending_huff(&self) -> Option<Square> {
        self.pending_huff.map(|(sq, _)| sq)
    }

    /// The opponent's violating move that the side to move's claim took back, before the
    /// offender's capture replaces it.
    pub fn pending_take_back(&self) -> Option<Move> {
        self.pending_take_back.as_ref().map(|(m, _)| *m)
    }

    /// What the side to move may claim now: after the opponent's violation, before moving.
    pub fn claim_offer(&self) -> Option<ClaimOffer> {
        if self.enforcement != Enforcement::TableRules
            || self.pending_huff.is_some()
            || self.pending_take_back.is_some()
            || self.ending.is_some()
        {
            return None;
        }
        let kind = self.rules.claim?;
        let v = self.last_violation()?;
        let pos = self.position();
        if v.by == pos.side_to_move() {
            return None;
        }
        let offenders = v.offenders & pos.pieces(v.by);
        (!offenders.is_empty()).then_some(ClaimOffer { kind, offenders })
    }

    /// Huff: the side to move removes the offending piece on `square`, then plays its own
    /// move (rules.md §5).
    ///
    /// # Errors
    /// No huff can be claimed now, or `square` holds no offender.
    pub fn claim_huff(&mut self, square: Square) -> Result<(), GameError> {
        match self.claim_offer() {
            Some(o) if o.kind == Claim::Huff && o.offenders.contains(square) => {
                let pos = self.positions.last_mut().expect("a game has a start");
                let before = *pos;
                pos.set_piece(square, None);
                self.pending_huff = Some((square, before));
                self.redo.clear();
                Ok(())
            }
            _ => Err(GameError::NoClaim),
        }
    }

    /// Take back: the opponent's violating move is undone and the opponent must now play a
    /// legal move (a capture); then the claimer moves. Returns the move taken back.
    ///
    /// # Errors
    /// No take-back can be claimed now.
    pub fn claim_take_back(&mut self) -> Result<Move, GameError> {
        match self.claim_offer() {
            Some(o) if o.kind == Claim::TakeBack => {
                let m = self.moves.pop().expect("a violation is a move");
                self.positions.pop();
                let extra = self.extras.pop().expect("extras follow moves");
                self.pending_take_back = Some((m, extra));
                self.redo.clear();
                Ok(m)
            }
            _ => Err(GameError::NoClaim),
        }
    }

    /// A result that no move made: a resignation, an agreed or a claimed draw. [`Game::undo`]
    /// takes it back first.
    pub fn ending(&self) -> Option<Outcome> {
        self.ending
    }

    /// Takes back the last action: a resignation or agreed draw, else the last move.
    ///
    /// # Errors
    /// At the start, with nothing to take back.
    pub fn undo(&mut self) -> Result<(), GameError> {
        if self.ending.take().is_some() {
            return Ok(());
        }
        if let Some((_, before)) = self.pending_huff.take() {
            *self.positions.last_mut().expect("a game has a start") = before;
            return Ok(());
        }
        if let Some((m, extra)) = self.pending_take_back.take() {
            let mut pos = *self.position();
            pos.play_unchecked(&m);
            self.positions.push(pos);
            self.moves.push(m);
            self.extras.push(extra);
            return Ok(());
        }
        let m = self.moves.pop().ok_or(GameError::NothingToUndo)?;
        self.positions.pop();
        let extra = self.extras.pop().expect("extras follow moves");
        // Back to the moment before the move: a claim made before it stands again.
        self.pending_huff = extra.huff;
        self.pending_take_back = extra.taken_back.map(|b| *b);
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
        self.ending.is_some()
            || self.pending_huff.is_some()
            || self.pending_take_back.is_some()
            || !self.moves.is_empty()
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

    /// `color`'s time ran out: the opponent wins.
    ///
    /// # Errors
    /// The game is already over.
    pub fn lose_on_time(&mut self, color: Color) -> Result<(), GameError> {
        self.end(Outcome::Win {
            winner: !color,
            reason: WinReason::Time,
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

    /// Ends the game as its record states: `outcome` stands even where the position says
    /// otherwise (a game read from a file keeps the result written there). [`Game::undo`]
    /// takes it back first, as a resignation.
    ///
    /// # Errors
    /// The game already has an ending that no move made.
    pub fn record_ending(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if self.ending.is_some() {
            return Err(GameError::GameOver);
        }
        self.ending = Some(outcome);
        Ok(())
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
            .zip(&self.extras)
            .rev()
            .take_while(|((m, before), extra)| {
                // A huffed piece is material gone, like a capture.
                if extra.huff.is_some() {
                    return false;
                }
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
