//! The public face of move generation on [`Position`].

use super::geometry::{self, Eight, Geometry, Ten};
use super::movegen::{self, Flags, KingReach, Sink};
use super::{Board, ByColor, KingRange, Move, Position, RuleSet, Square, SquareSet};

/// Collects every complete path of one piece that realises a given move.
struct PathSink {
    from: u8,
    to: u64,
    captured: u64,
    current: Option<u8>,
    path: Vec<u8>,
    found: Vec<Vec<u8>>,
    /// Also accept a sequence stopped on `to` (a table-rules move that is not legal).
    prefixes: bool,
}

impl Sink for PathSink {
    fn start(&mut self, from: u8) {
        self.current = Some(from);
        self.path.clear();
    }
    fn enter(&mut self, landing: u64, captured: u64) {
        self.path.push(landing.trailing_zeros() as u8);
        if self.prefixes
            && self.current == Some(self.from)
            && landing == self.to
            && captured == self.captured
        {
            self.found.push(self.path.clone());
        }
    }
    fn leave(&mut self) {
        self.path.pop();
    }
    fn complete(&mut self, to: u64, captured: u64) {
        if self.current == Some(self.from) && to == self.to && captured == self.captured {
            self.found.push(self.path.clone());
        }
    }
}

impl Position {
    /// All legal moves under `rules`, sorted as rules.md §6 lists them.
    pub fn legal_moves(&self, rules: &RuleSet) -> Vec<Move> {
        let mut moves = Vec::new();
        self.generate_moves(rules, &mut moves);
        moves.sort_unstable();
        moves
    }

    /// All legal moves into `out` (cleared first), unsorted: the fast path for search.
    pub fn generate_moves(&self, rules: &RuleSet, out: &mut Vec<Move>) {
        let f = Flags::of(rules);
        match self.board {
            Board::Eight => movegen::generate::<Eight>(self, f, out),
            Board::Ten => movegen::generate::<Ten>(self, f, out),
        }
    }

    /// The moves that crown a man or tower, into `out` (cleared first), when no capture is due
    /// (then they are legal moves; with a capture due, none is). The search plays them out at
    /// its horizon: a king about to be made changes a position more than an evaluation sees.
    pub fn crowning_moves(&self, rules: &RuleSet, out: &mut Vec<Move>) {
        match self.board {
            Board::Eight => movegen::crownings::<Eight>(self, out),
            Board::Ten => movegen::crownings::<Ten>(self, out),
        }
        // Rarely any: the capture test only then.
        if !out.is_empty() && self.has_capture(rules) {
            out.clear();
        }
    }

    /// The quiet steps of a man that offer a one-for-one exchange, appended to `out`, when no
    /// capture is due: after the step the opponent must capture, every capture takes one
    /// piece, and after each the side that stepped can capture back. Scan's quiescence plays
    /// these out in positions without kings: the evaluation of a quiet position cannot see an
    /// exchange that the side to move can force, and in draughts that is how most positions
    /// are won or lost.
    pub fn exchange_moves(&self, rules: &RuleSet, out: &mut Vec<Move>) {
        let start = out.len();
        let f = Flags::of(rules);
        match self.board {
            Board::Eight => movegen::offering_steps::<Eight>(self, f, out),
            Board::Ten => movegen::offering_steps::<Ten>(self, f, out),
        }
        let mut pos = *self;
        let mut replies = Vec::new();
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            let undo = pos.play_unchecked(&m);
            // Every reply is a capture: the step was kept for that.
            pos.generate_moves(rules, &mut replies);
            let offered = replies.iter().all(|r| {
                if r.capture_count() != 1 {
                    return false;
                }
                let back = pos.play_unchecked(r);
                let recapture = pos.has_capture(rules);
                pos.undo_unchecked(r, back);
                recapture
            });
            pos.undo_unchecked(&m, undo);
            if offered {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The number of legal moves.
    pub fn count_moves(&self, rules: &RuleSet) -> u64 {
        let f = Flags::of(rules);
        let mut scratch = Vec::new();
        match self.board {
            Board::Eight => movegen::count::<Eight>(self, f, &mut scratch),
            Board::Ten => movegen::count::<Ten>(self, f, &mut scratch),
        }
    }

    /// Whether the side to move must capture.
    pub fn has_capture(&self, rules: &RuleSet) -> bool {
        let f = Flags::of(rules);
        match self.board {
            Board::Eight => movegen::has_capture::<Eight>(self, f),
            Board::Ten => movegen::has_capture::<Ten>(self, f),
        }
    }

    /// The quiet moves each side's pieces have, as if that side were to move and no capture
    /// were due: how free each side is, for evaluation.
    #[inline(always)]
    pub fn mobility(&self, rules: &RuleSet) -> ByColor<u32> {
        let flying = rules.king == KingRange::Flying;
        match self.board {
            Board::Eight => movegen::mobility::<Eight>(self, flying),
            Board::Ten => movegen::mobility::<Ten>(self, flying),
        }
    }

    /// Where each side's kings can go in one move, split by whether an opposing man or tower
    /// could capture there at once: the evaluation's measure of a king's freedom, which raw
    /// mobility overstates on a board full of squares the king would be lost on.
    pub fn king_reach(&self, rules: &RuleSet) -> ByColor<KingReach> {
        let f = Flags::of(rules);
        match self.board {
            Board::Eight => movegen::king_reach::<Eight>(self, f),
            Board::Ten => movegen::king_reach::<Ten>(self, f),
        }
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, rules: &RuleSet, m: &Move) -> bool {
        m.board == self.board && self.legal_moves(rules).contains(m)
    }

    /// The legal moves from `from` to `to` (several when captures of different pieces share
    /// both squares).
    pub fn moves_between(&self, rules: &RuleSet, from: Square, to: Square) -> Vec<Move> {
        self.legal_moves(rules)
            .into_iter()
            .filter(|m| m.from() == from && m.to() == to)
            .collect()
    }

    /// Every landing-square sequence that realises the capture `m` (empty for a quiet move or a
    /// move that cannot be made here), ascending: the first is the one rules.md §6 writes. For a
    /// capture stopped early under table rules, the sequences that stop there.
    /// Each path lists the squares landed on, the last being `m.to()`.
    pub fn capture_paths(&self, rules: &RuleSet, m: &Move) -> Vec<Vec<Square>> {
        if !m.is_capture() || m.board != self.board {
            return Vec::new();
        }
        let sink = PathSink {
            from: m.from,
            to: 1 << m.to,
            captured: m.captured,
            current: None,
            path: Vec::new(),
            found: Vec::new(),
            prefixes: !self.legal_moves(rules).contains(m),
        };
        let f = Flags::of(rules);
        let sink = match self.board {
            Board::Eight => movegen::search_all::<Eight, _>(self, f, sink),
            Board::Ten => movegen::search_all::<Ten, _>(self, f, sink),
        };
        let mut paths: Vec<Vec<Square>> = sink
            .found
            .into_iter()
            .map(|p| {
                p.into_iter()
                    .map(|bit| {
                        Square::new(geometry::square_index(self.board, bit) + 1)
                            .expect("landing on the board")
                    })
                    .collect()
            })
            .collect();
        paths.sort();
        paths.dedup();
        paths
    }

    /// The landing squares of `m` that notation writes: the numerically smallest path for a
    /// capture, `[to]` for a quiet move.
    pub fn capture_path(&self, rules: &RuleSet, m: &Move) -> Vec<Square> {
        self.capture_paths(rules, m)
            .into_iter()
            .next()
            .unwrap_or_else(|| vec![m.to()])
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// Hands back the unchanged position when `m` is not legal here.
    pub fn play(mut self, rules: &RuleSet, m: &Move) -> Result<Position, Position> {
        if self.is_legal(rules, m) {
            self.play_unchecked(m);
            Ok(self)
        } else {
            Err(self)
        }
    }

    /// Counts the leaf nodes of the legal-move tree `depth` plies deep (unique moves).
    pub fn perft(&self, rules: &RuleSet, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let f = Flags::of(rules);
        let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
        let mut pos = *self;
        fn run<G: Geometry>(
            pos: &mut Position,
            f: Flags,
            depth: u32,
            bufs: &mut [Vec<Move>],
        ) -> u64 {
            movegen::perft::<G>(pos, f, depth, bufs)
        }
        match self.board {
            Board::Eight => run::<Eight>(&mut pos, f, depth, &mut bufs),
            Board::Ten => run::<Ten>(&mut pos, f, depth, &mut bufs),
        }
    }
}

/// Squares of the pieces that can move (for highlighting): the start squares of all legal moves.
pub fn movable_pieces(pos: &Position, rules: &RuleSet) -> SquareSet {
    pos.legal_moves(rules).iter().map(|m| m.from()).collect()
}
