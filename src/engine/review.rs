//! Game review: each move of a game judged by what it gave away against the engine's best move
//! in the same position, as a coach marks a score sheet.

use crate::rules::Move;

/// How a move is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// The best move, or close to it.
    Good,
    /// A little worse than the best.
    Inaccuracy,
    /// Clearly worse: about a man.
    Mistake,
    /// Throws away a won or level game, or more than two men.
    Blunder,
}

/// The engine's look at one position: its best move and the score for the side to move, in
/// hundredths of a man.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Look {
    /// The best move; `None` where the side to move has none.
    pub best: Option<Move>,
    /// The score for the side to move.
    pub score: i32,
    /// The line the engine expects, from `best`.
    pub line: Vec<Move>,
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The move's index in the game (the position before it is the game's position at `ply`).
    pub ply: usize,
    /// The move played.
    pub played: Move,
    /// The judgement.
    pub mark: Mark,
    /// What the move gave away against the best, in hundredths of a man (0 for the best).
    pub loss: i32,
    /// The engine's best move there, when it is another one.
    pub better: Option<Move>,
}

/// Losses from which a move is an inaccuracy, a mistake, a blunder (hundredths of a man).
const THRESHOLDS: [(i32, Mark); 3] = [
    (200, Mark::Blunder),
    (80, Mark::Mistake),
    (30, Mark::Inaccuracy),
];

/// Scores past a few men say only "won" or "lost": a move from a win in 12 to a win in 20 is
/// not a mistake, and a won position thrown away loses the whole of this.
const CAP: i32 = 500;

/// Judges each of `moves` from the engine's `looks` at the positions before and after it
/// (`looks` has one more entry than `moves`: the last is the position after the last move).
pub fn judge(moves: &[Move], looks: &[Look]) -> Vec<Judged> {
    moves
        .iter()
        .zip(looks.windows(2))
        .enumerate()
        .map(|(ply, (&played, pair))| {
            let before = pair[0].score.clamp(-CAP, CAP);
            // The position after is scored for the opponent.
            let after = (-pair[1].score).clamp(-CAP, CAP);
            let best = pair[0].best;
            let loss = if best == Some(played) {
                0
            } else {
                (before - after).max(0)
            };
            let mark = THRESHOLDS
                .iter()
                .find(|(from, _)| loss >= *from)
                .map_or(Mark::Good, |&(_, m)| m);
            Judged {
                ply,
                played,
                mark,
                loss,
                better: best.filter(|&b| b != played && mark != Mark::Good),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn a_move_is_judged_by_what_it_gave_away() {
        let rules = Variant::Czech.rules();
        let start = Variant::Czech.start_position();
        let moves = start.legal_moves(rules);
        let (a, b) = (moves[0], moves[1]);
        let look = |best, score| Look {
            best: Some(best),
            score,
            line: vec![best],
        };
        // Before: +20 for the mover. After each move: the opponent's score.
        let cases = [
            (look(a, 20), look(b, -20), a, Mark::Good, 0, None),
            (look(b, 20), look(b, 20), a, Mark::Inaccuracy, 40, Some(b)),
            (look(b, 20), look(b, 80), a, Mark::Mistake, 100, Some(b)),
            (look(b, 20), look(b, 300), a, Mark::Blunder, 320, Some(b)),
            // From a won position to a level one: a blunder, however far the win was.
            (look(b, 19_990), look(b, 0), a, Mark::Blunder, 500, Some(b)),
            // A slower win is no mistake.
            (look(b, 19_990), look(b, -19_950), a, Mark::Good, 0, None),
            // The best move is good whatever the scores say (a deeper look after it).
            (look(a, 20), look(b, 90), a, Mark::Good, 0, None),
        ];
        for (before, after, played, mark, loss, better) in cases {
            let j = judge(&[played], &[before, after]);
            assert_eq!(j.len(), 1);
            assert_eq!((j[0].mark, j[0].loss, j[0].better), (mark, loss, better));
        }
    }
}
