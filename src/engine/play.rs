//! The computer as a player: playing strength levels, the choice of a move at a level, and
//! whether to claim an opponent's forgotten capture under table rules.

use std::time::Duration;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::search::{Limits, Report, Searcher};
use crate::rules::{Claim, Game, Move, Position, Square};

/// How strongly the computer plays.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Level {
    /// Looks two plies ahead and picks any move not much worse than the best: it plays
    /// plausible moves and overlooks shots.
    Beginner,
    /// Four plies, picking among moves close to the best.
    Novice,
    /// Six plies, now and then the second-best move.
    #[default]
    Club,
    /// Its best move after a second of thought.
    Expert,
    /// Its best move after five seconds of thought.
    Master,
}

impl Level {
    /// From weakest to strongest.
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Novice,
        Level::Club,
        Level::Expert,
        Level::Master,
    ];

    /// 1 (weakest) to 5.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The level numbered `n` (1 to 5).
    pub fn from_number(n: u8) -> Option<Level> {
        Level::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// How deep or how long the level searches, and how far below the best score a move it
    /// plays may be.
    fn plan(self) -> (Limits, i32) {
        let ms = Duration::from_millis;
        match self {
            Level::Beginner => (Limits::depth(2), 150),
            Level::Novice => (Limits::depth(4), 50),
            Level::Club => (
                Limits {
                    depth: Some(6),
                    time: Some(ms(1000)),
                    ..Limits::default()
                },
                15,
            ),
            Level::Expert => (Limits::time(ms(1000)), 0),
            Level::Master => (Limits::time(ms(5000)), 0),
        }
    }

    /// The search limits of this level, for the searches behind a claim.
    pub fn limits(self) -> Limits {
        self.plan().0
    }
}

/// The positions of `game` from its start to now, as the search takes them (for repetitions).
pub fn game_positions(game: &Game) -> Vec<Position> {
    let mut out: Vec<Position> = (0..game.moves().len())
        .filter_map(|i| game.position_at(i).copied())
        .collect();
    out.push(*game.position());
    out
}

/// Chooses the move the computer plays at `level` in the last of `positions`; `None` when there
/// is no legal move. Only legal moves are ever chosen: under table rules the computer never
/// forgets a capture.
pub fn choose_move(
    searcher: &mut Searcher,
    positions: &[Position],
    level: Level,
    rng: &mut impl Rng,
) -> Option<Report> {
    let (limits, margin) = level.plan();
    if margin == 0 {
        let report = searcher.search(positions, limits, &mut |_| {});
        return report.best.map(|_| report);
    }
    // The weaker levels need every move's exact score, to pick among the good ones.
    let depth = limits.depth.unwrap_or(4);
    let mut scored = searcher.score_moves(positions, limits);
    let best = scored.iter().map(|&(_, s)| s).max()?;
    scored.retain(|&(_, s)| s >= best - margin);
    let (mv, score) = scored[rng.random_range(0..scored.len())];
    Some(Report {
        best: Some(mv),
        score,
        depth,
        seldepth: depth,
        nodes: searcher.nodes(),
        elapsed: Duration::ZERO,
        pv: vec![mv],
    })
}

/// The claim the computer makes after its opponent's forgotten capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimChoice {
    /// Remove the offending piece on this square, then move.
    Huff(Square),
    /// Have the violating move taken back.
    TakeBack,
}

/// Whether claiming the opponent's violation pays, and how: each possible claim is searched
/// against playing on without it, and the best is chosen. `None` when nothing can be claimed or
/// playing on is at least as good.
pub fn choose_claim(searcher: &mut Searcher, game: &Game, limits: Limits) -> Option<ClaimChoice> {
    let offer = game.claim_offer()?;
    let positions = game_positions(game);
    // Each option gets a share of the time.
    let options = 1 + match offer.kind {
        Claim::Huff => offer.offenders.len(),
        Claim::TakeBack => 1,
    };
    let share = Limits {
        time: limits.time.map(|t| t / options as u32),
        ..limits
    };
    let no_claim = searcher.search(&positions, share, &mut |_| {}).score;
    let mut best: Option<(ClaimChoice, i32)> = None;
    match offer.kind {
        Claim::Huff => {
            for sq in offer.offenders.iter() {
                let mut after = positions.clone();
                after
                    .last_mut()
                    .expect("a game has a position")
                    .set_piece(sq, None);
                let score = searcher.search(&after, share, &mut |_| {}).score;
                if best.is_none_or(|(_, s)| score > s) {
                    best = Some((ClaimChoice::Huff(sq), score));
                }
            }
        }
        Claim::TakeBack => {
            // The offender plays again from before its move, now bound to capture.
            let before = &positions[..positions.len() - 1];
            let score = -searcher.search(before, share, &mut |_| {}).score;
            best = Some((ClaimChoice::TakeBack, score));
        }
    }
    best.filter(|&(_, s)| s > no_claim).map(|(c, _)| c)
}

/// Plays the computer's claim in `game`.
///
/// # Errors
/// The claim is not possible in `game` (see [`Game::claim_huff`]).
pub fn make_claim(
    game: &mut Game,
    claim: ClaimChoice,
) -> Result<Option<Move>, crate::rules::GameError> {
    match claim {
        ClaimChoice::Huff(sq) => game.claim_huff(sq).map(|()| None),
        ClaimChoice::TakeBack => game.claim_take_back().map(Some),
    }
}
