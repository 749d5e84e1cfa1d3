//! Alpha-beta search: iterative deepening with an aspiration window at the root,
//! principal-variation search, a transposition table, capture quiescence (a capture is never cut
//! off at the horizon: captures are compulsory, so the side to move cannot "stand pat" while one
//! is due; a crowning is played out there too, except on 8×8 boards with flying kings, and on
//! 10×10 boards without kings so is an exchange the side to move can offer, as Scan's is; like
//! Scan's, it leaves the transposition table alone), single-reply extensions, killer and history
//! move ordering (a cut-off also marks down the quiet moves tried before it), late-move
//! reductions, and Scan's shallow-search pruning.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::endgame::{self, Tables, Wdl};
use super::eval::Evaluator;
use super::tt::{Bound, Table};
use crate::rules::{KingRange, Move, Position, Role, RuleSet};

/// The score of a won game at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = MATE + 1;
/// The score of a position the endgame databases say is won, less the plies to reach it: below
/// [`MATE_BOUND`], as the win still has to be found.
pub const KNOWN_WIN: i32 = 20_000;
/// Deepest ply the search reaches, extensions included.
const MAX_PLY: usize = 128;
/// Per ply of depth, how far above beta a shallow search must score to cut a node.
const PRUNE_MARGIN: i32 = 5;
/// Half the first width of the root's window around the last iteration's score.
const ASPIRATION: i32 = 20;
/// What each piece more than the opponent's adds to a position the databases call drawn, on
/// 8×8 boards. A drawn ending a piece up still gives an opponent without the databases chances
/// to go wrong; one a piece down gives none. Scored 0, every covered draw looks alike, and the
/// search gives men away on the way into one as readily as it keeps them: in the 8-men variant
/// this scoring won 73.0 % of the points against the baseline where 0 won 70.3 %. On 10×10
/// boards covered draws score 0: International's databases reach 4 pieces only, and there the
/// same scoring lost to Scan 2.0 (27.5 % of the points over 40 games, 37.5 % with 0).
const DRAW_MATERIAL: i32 = 10;

/// When to stop searching. Unset limits do not apply; with none set the search goes to
/// [`Limits::MAX_DEPTH`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Iterations to complete.
    pub depth: Option<u32>,
    /// Thinking time: the search stops at this time, in the middle of an iteration if need be
    /// (its best move so far counts: the previous best is searched first), so that the time is
    /// used and not exceeded.
    pub time: Option<Duration>,
    /// A clock's share for the move: once an iteration of at least `SOFT_DEPTH` (12) ends past
    /// it, no new one begins (it would seldom end before `time`, and the time is better kept
    /// for later moves), while `time` still stops the one begun before it.
    pub soft: Option<Duration>,
    /// Nodes to visit.
    pub nodes: Option<u64>,
}

/// The least iteration a soft limit lets end a search, as in Scan 2.0: a move on a nearly
/// spent clock (a soft limit of nothing) is still searched this deep, or until its hard limit.
const SOFT_DEPTH: u32 = 12;

impl Limits {
    /// The deepest iteration.
    pub const MAX_DEPTH: u32 = 64;

    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The best move; `None` when the side to move has no move (it has lost).
    pub best: Option<Move>,
    /// Its score for the side to move, in hundredths of a man (see [`MATE`]).
    pub score: i32,
    /// The last iteration completed (or, when stopped, partly searched with a result).
    pub depth: u32,
    /// The deepest ply reached, extensions and captures included.
    pub seldepth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<Move>,
}

impl Report {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }

    /// Plies to a forced win (positive) or loss (negative), if the score says there is one.
    pub fn mate_in(&self) -> Option<i32> {
        if self.score > MATE_BOUND {
            Some(MATE - self.score)
        } else if self.score < -MATE_BOUND {
            Some(-(MATE + self.score))
        } else {
            None
        }
    }
}

/// A position on the way from the start of the game: its key, how many reversible moves (king
/// moves without capture) led to it, for repetition, and the plies the rule set's no-progress
/// rule has counted.
#[derive(Clone, Copy, Debug)]
struct Visited {
    /// The position's key; 0 where no search of it will read it (see `Searcher::push`).
    key: u64,
    reversible: usize,
    quiet: usize,
}

/// A searcher for one rule set. It keeps its transposition table between searches, so asking
/// it about successive positions of one game is cheaper than starting afresh.
#[derive(Debug)]
pub struct Searcher {
    rules: RuleSet,
    eval: Evaluator,
    tt: Arc<Table>,
    stop: Arc<AtomicBool>,
    /// Set from another thread: the iteration under way is the last (see
    /// [`Searcher::finish_flag`]).
    finish: Arc<AtomicBool>,
    nodes: u64,
    seldepth: usize,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    aborted: bool,
    buffers: Vec<Vec<Move>>,
    /// Ordering keys of the moves in `buffers`, per ply.
    keys: Vec<Vec<i32>>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Box<[[i32; 64]; 64]>,
    path: Vec<Visited>,
    /// The no-progress draw: plies, and whether a man's move restarts the count.
    quiet_limit: Option<(usize, bool)>,
    /// Endgame databases, if installed.
    endgames: Option<Arc<Tables>>,
    /// Positions of at most this many pieces are asked: all they cover, but fewer than the
    /// root's when the root itself is covered (the search then looks for the actual win, or a
    /// capture into a smaller won ending, among the moves that keep the value).
    probe_pieces: u32,
    /// Positions the databases answered in this search.
    tb_hits: u64,
    /// Searchers of the same position on other threads, sharing the table ("lazy SMP"): what
    /// one finds, the others read.
    helpers: Vec<Searcher>,
    /// Stops the helpers when this search ends.
    helper_stop: Arc<AtomicBool>,
    /// Iterations of a helper go this much deeper than their number, so that helpers do not
    /// all search the same depth at once.
    depth_offset: u32,
    /// Whether shallow-search pruning may cut this node: off inside the shallow search itself.
    prune: bool,
    /// Whether crownings are played out at the horizon ([`Searcher::crownings`]). They passed
    /// their SPRT in International; in Česká dáma the SPRT [0, 10] accepted H0 (−3.3 ± 10.3 Elo
    /// over 262 game pairs), so 8×8 boards with flying kings (Česká dáma and its 8-men
    /// variant, alike but for the men) stand pat there. English draughts keeps them, untested.
    horizon_crownings: bool,
    /// Whether the horizon of a position without kings or towers also plays out the exchanges
    /// the side to move can offer ([`Position::exchange_moves`], as Scan's quiescence does):
    /// off unless asked for ([`Searcher::set_horizon_exchanges`], `dama hub --exchanges`), until
    /// an SPRT decides. International, [0, 10] at 0.1 s a move: LLR +0.31 over 464 pairs, Elo
    /// +6.0 [-5.1, +17.1] (pentanomial 4 87 269 97 7), undecided; a gain that small would take
    /// some 4,000 pairs to decide, and the option costs half as many nodes again.
    horizon_exchanges: bool,
}

impl Searcher {
    /// A searcher with a transposition table of `tt_megabytes`.
    pub fn new(rules: &RuleSet, tt_megabytes: usize) -> Searcher {
        Searcher::with_table(
            rules,
            Evaluator::new(rules),
            Arc::new(Table::new(tt_megabytes)),
            Arc::new(AtomicBool::new(false)),
        )
    }

    fn with_table(
        rules: &RuleSet,
        eval: Evaluator,
        tt: Arc<Table>,
        stop: Arc<AtomicBool>,
    ) -> Searcher {
        Searcher {
            rules: rules.clone(),
            eval,
            tt,
            stop,
            finish: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            seldepth: 0,
            deadline: None,
            node_limit: None,
            aborted: false,
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            keys: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            killers: [[None; 2]; MAX_PLY + 1],
            history: Box::new([[0; 64]; 64]),
            path: Vec::new(),
            quiet_limit: rules
                .draw
                .quiet_moves
                .map(|q| (2 * usize::from(q.moves_each), q.man_move_resets)),
            endgames: endgame::installed(rules),
            probe_pieces: 0,
            tb_hits: 0,
            helpers: Vec::new(),
            helper_stop: Arc::new(AtomicBool::new(false)),
            depth_offset: 0,
            prune: true,
            horizon_crownings: rules.board.size() == 10 || rules.king != KingRange::Flying,
            horizon_exchanges: false,
        }
    }

    /// Searches on `threads` threads (1 to 64) from now on.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, 64) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut h = Searcher::with_table(
                &self.rules,
                self.eval.clone(),
                Arc::clone(&self.tt),
                Arc::clone(&self.helper_stop),
            );
            h.endgames = self.endgames.clone();
            h.horizon_exchanges = self.horizon_exchanges;
            h.depth_offset = (self.helpers.len() as u32 + 1) % 2;
            self.helpers.push(h);
        }
    }

    /// Plays out at the horizon the exchanges a side can offer in positions without kings or
    /// towers (on 10×10 boards only; see `horizon_exchanges`), or stops doing so. An engine
    /// option on trial: two players of one build compare with it and without it by SPRT.
    pub fn set_horizon_exchanges(&mut self, on: bool) {
        let on = on && self.rules.board.size() == 10;
        self.horizon_exchanges = on;
        for h in &mut self.helpers {
            h.horizon_exchanges = on;
        }
    }

    /// Threads a search uses.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Uses these endgame databases (or none) instead of the installed ones.
    pub fn set_endgames(&mut self, tables: Option<Arc<Tables>>) {
        for h in &mut self.helpers {
            h.endgames = tables.clone();
        }
        self.endgames = tables;
    }

    /// The endgame databases in use, if any.
    pub fn endgames(&self) -> Option<&Arc<Tables>> {
        self.endgames.as_ref()
    }

    /// Positions the endgame databases answered in the last search.
    pub fn tb_hits(&self) -> u64 {
        self.tb_hits
    }

    /// A searcher with its own evaluator (to compare or train evaluations).
    pub fn with_evaluator(rules: &RuleSet, tt_megabytes: usize, eval: Evaluator) -> Searcher {
        Searcher::with_table(
            rules,
            eval,
            Arc::new(Table::new(tt_megabytes)),
            Arc::new(AtomicBool::new(false)),
        )
    }

    /// A searcher stopped by `stop` (see [`Searcher::stop_flag`]).
    pub fn with_stop_flag(rules: &RuleSet, tt_megabytes: usize, stop: Arc<AtomicBool>) -> Searcher {
        Searcher {
            stop,
            ..Searcher::new(rules, tt_megabytes)
        }
    }

    /// The rule set searched.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// A flag that stops the search from another thread; the search then returns the best move
    /// found so far. The searcher never clears it: whoever sets it clears it before the next
    /// search, so that a stop sent just before a search starts is not lost.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// A flag that makes the iteration under way the last (from `SOFT_DEPTH` on), as
    /// [`Limits::soft`] does: for a soft limit that runs from another moment than the search's
    /// start (a `ponder-hit`).
    /// Cleared, as the stop flag is, by whoever sets it.
    pub fn finish_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.finish)
    }

    /// The transposition table's size in MiB: a power of two, and less than asked where the
    /// machine could not hold that much (the table then takes what it can, never aborting).
    pub fn hash_megabytes(&self) -> usize {
        self.tt.megabytes()
    }

    /// Forgets what earlier searches learnt (for a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        *self.history = [[0; 64]; 64];
        for h in &mut self.helpers {
            *h.history = [[0; 64]; 64];
        }
    }

    /// The static evaluation of `pos` for its side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.eval.evaluate(pos, &self.rules)
    }

    /// Searches the last of `positions` (the positions of a game so far, oldest first, so that
    /// repetitions count as draws) within `limits`, calling `progress` after each iteration.
    ///
    /// # Panics
    /// If `positions` is empty.
    pub fn search(
        &mut self,
        positions: &[Position],
        limits: Limits,
        progress: &mut dyn FnMut(&Report),
    ) -> Report {
        if self.helpers.is_empty() {
            return self.search_alone(positions, limits, progress);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        self.helper_stop.store(false, Ordering::Relaxed);
        let stop = Arc::clone(&self.helper_stop);
        let mut report = std::thread::scope(|s| {
            for h in &mut helpers {
                s.spawn(move || h.search_alone(positions, limits, &mut |_| {}));
            }
            let report = self.search_alone(positions, limits, progress);
            stop.store(true, Ordering::Relaxed);
            report
        });
        report.nodes += helpers.iter().map(|h| h.nodes).sum::<u64>();
        self.helpers = helpers;
        report
    }

    fn search_alone(
        &mut self,
        positions: &[Position],
        limits: Limits,
        progress: &mut dyn FnMut(&Report),
    ) -> Report {
        let start = Instant::now();
        let root = *positions.last().expect("a position to search");
        self.begin(positions, limits, start);
        let mut root_moves = root.legal_moves(&self.rules);
        let mut report = Report {
            best: root_moves.first().copied(),
            score: if root_moves.is_empty() { -MATE } else { 0 },
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: root_moves.first().copied().into_iter().collect(),
        };
        if root_moves.is_empty() {
            return report;
        }
        self.keep_known_result(&root, &mut root_moves);
        if let Some(e) = self.tt.probe(root.key())
            && let Some(m) = e.best
            && let Some(i) = root_moves.iter().position(|&r| r == m)
        {
            root_moves[..=i].rotate_right(1);
        }
        let max_depth = limits.depth.unwrap_or(Limits::MAX_DEPTH).max(1);
        let mut scores = vec![0; root_moves.len()];
        for depth in (1 + self.depth_offset).min(max_depth)..=max_depth {
            // A window around the last score, widened when the score falls outside it.
            let mut delta = ASPIRATION;
            let (mut low, mut high) = if depth >= 5 && report.score.abs() < KNOWN_WIN / 2 {
                (report.score - delta, report.score + delta)
            } else {
                (-INFINITY, INFINITY)
            };
            let mut best: Option<(Move, i32)>;
            loop {
                best = None;
                let mut alpha = low;
                let mut pos = root;
                for (i, &m) in root_moves.iter().enumerate() {
                    let king_step = self.king_step(&pos, &m);
                    let undo = pos.play_unchecked(&m);
                    self.push(&pos, king_step, m.is_capture(), true);
                    let score = if i == 0 {
                        -self.node(&mut pos, depth as i32 - 1, -high, -alpha, 1)
                    } else {
                        let s = -self.node(&mut pos, depth as i32 - 1, -alpha - 1, -alpha, 1);
                        if s > alpha && s < high && !self.aborted {
                            -self.node(&mut pos, depth as i32 - 1, -high, -alpha, 1)
                        } else {
                            s
                        }
                    };
                    self.path.pop();
                    pos.undo_unchecked(&m, undo);
                    if self.aborted {
                        break;
                    }
                    scores[i] = score;
                    if score > alpha {
                        alpha = score;
                        best = Some((m, score));
                        if score >= high {
                            break;
                        }
                    }
                }
                if self.aborted {
                    break;
                }
                match best {
                    // Better than the window: the move is searched first again, wider.
                    Some((m, score)) if score >= high => {
                        let i = root_moves
                            .iter()
                            .position(|&r| r == m)
                            .expect("a root move");
                        root_moves[..=i].rotate_right(1);
                        scores[..=i].rotate_right(1);
                        // Should the time run out before the wider search ends, this move
                        // is played, its line with it.
                        report.best = Some(m);
                        report.pv = self.principal_variation(root, m);
                        high = (score + delta).min(INFINITY);
                    }
                    // Worse: every move again, lower.
                    None => low = (low - delta).max(-INFINITY),
                    Some(_) => break,
                }
                delta *= 2;
            }
            if let Some((m, score)) = best
                && score < high
            {
                // The previous best is searched first: any result of this iteration, even an
                // interrupted one, is at least as well founded.
                report.best = Some(m);
                report.score = score;
                report.depth = depth;
                report.pv = self.principal_variation(root, m);
                self.tt
                    .store(root.key(), Some(m), score, depth as i16, Bound::Exact);
            }
            report.nodes = self.nodes;
            report.seldepth = self.seldepth as u32;
            report.elapsed = start.elapsed();
            if self.aborted {
                break;
            }
            progress(&report);
            let past_soft = limits.soft.is_some_and(|soft| report.elapsed >= soft)
                || self.finish.load(Ordering::Relaxed);
            if past_soft && depth >= SOFT_DEPTH {
                break;
            }
            // Best first next time, the rest by this iteration's scores.
            let mut order: Vec<(Move, i32)> = root_moves
                .iter()
                .copied()
                .zip(scores.iter().copied())
                .collect();
            order.sort_by_key(|&(m, s)| (Some(m) != report.best, -s));
            root_moves = order.iter().map(|&(m, _)| m).collect();
            scores = order.iter().map(|&(_, s)| s).collect();
            if root_moves.len() == 1 && limits.depth.is_none() {
                break;
            }
            if report.score.abs() > MATE_BOUND && (MATE - report.score.abs()) as u32 <= depth {
                break;
            }
        }
        report.elapsed = start.elapsed();
        report
    }

    /// The exact score of every legal move of the last of `positions`, searched `limits.depth`
    /// plies deep (4 if unset): for weaker play that picks among good moves rather than always
    /// the best. A time or node limit, or a stop, ends it early with the moves scored so far,
    /// best-ordered first, so at least the move that looks best at once is always scored.
    pub fn score_moves(&mut self, positions: &[Position], limits: Limits) -> Vec<(Move, i32)> {
        let root = *positions.last().expect("a position to search");
        let depth = limits.depth.unwrap_or(4).max(1);
        self.begin(positions, limits, Instant::now());
        let mut moves = root.legal_moves(&self.rules);
        // A quick look first, so that the moves a cut-off leaves unscored are the worse ones.
        let quick: Vec<i32> = moves
            .iter()
            .map(|m| {
                let mut pos = root;
                pos.play_unchecked(m);
                -self.eval.evaluate(&pos, &self.rules)
            })
            .collect();
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by_key(|&i| -quick[i]);
        moves = order.iter().map(|&i| moves[i]).collect();
        let mut out = Vec::new();
        for m in moves {
            let mut pos = root;
            let king_step = self.king_step(&pos, &m);
            let undo = pos.play_unchecked(&m);
            self.push(&pos, king_step, m.is_capture(), true);
            let score = -self.node(&mut pos, depth as i32 - 1, -INFINITY, INFINITY, 1);
            self.path.pop();
            pos.undo_unchecked(&m, undo);
            if self.aborted {
                // The first move counts even when stopped: a move must be played.
                if out.is_empty() {
                    out.push((m, score));
                }
                break;
            }
            out.push((m, score));
        }
        out
    }

    /// When the databases cover `root`, keeps only the moves that keep its value, and from then
    /// on asks them only of positions with fewer pieces, after a capture (asked of every
    /// position, a covered root would see all its winning moves as equally good). In a won
    /// position, where the distances to conversion are known, only the winning moves nearest
    /// to a capture (or a crowning, where that restarts the no-progress count too) are kept:
    /// the win is made before a no-progress rule draws it. Values are read with the plies the
    /// no-progress count has left ([`Tables::probe_counted`]), but for a win that count draws:
    /// that one is played as a win, nearest first, as the loser may still err.
    fn keep_known_result(&mut self, root: &Position, moves: &mut Vec<Move>) {
        let Some(tables) = self.endgames.as_ref() else {
            return;
        };
        let quiet = self.quiet() as u32;
        let (Some(raw), Some(value)) = (tables.probe(root), tables.probe_counted(root, quiet))
        else {
            return;
        };
        let counted = !(raw == Wdl::Win && value == Wdl::Draw);
        let rules = &self.rules;
        let value_after = |m: &Move| {
            let mut next = *root;
            next.play_unchecked(m);
            if !counted {
                return tables.probe(&next);
            }
            let quiet = if endgame::converts(rules, root, &next) {
                0
            } else {
                quiet + 1
            };
            tables.probe_counted(&next, quiet)
        };
        let wanted = match if counted { value } else { raw } {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => return,
        };
        let keep: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| value_after(m) == Some(wanted))
            .collect();
        if !keep.is_empty() {
            *moves = keep;
        }
        if wanted == Wdl::Loss && tables.has_distances() {
            let distances: Vec<u32> = moves
                .iter()
                .map(|m| {
                    let mut next = *root;
                    next.play_unchecked(m);
                    if endgame::converts(&self.rules, root, &next) {
                        0
                    } else {
                        // 0 when the opponent has no move left.
                        tables
                            .distance(&next)
                            .map_or(u32::MAX, |d| if d == 0 { 0 } else { d + 1 })
                    }
                })
                .collect();
            let nearest = distances.iter().copied().min().unwrap_or(0);
            let mut each = distances.into_iter();
            moves.retain(|_| each.next() == Some(nearest));
        }
        self.probe_pieces = root.occupied().len() as u32 - 1;
    }

    /// Positions visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn begin(&mut self, positions: &[Position], limits: Limits, start: Instant) {
        self.aborted = self.stop.load(Ordering::Relaxed);
        self.nodes = 0;
        self.tb_hits = 0;
        self.probe_pieces = self.endgames.as_ref().map_or(0, |t| t.pieces());
        self.prune = true;
        self.seldepth = 0;
        self.deadline = limits.time.map(|t| start + t);
        self.node_limit = limits.nodes;
        self.tt.new_search();
        self.killers = [[None; 2]; MAX_PLY + 1];
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
        self.path.clear();
        for (i, pos) in positions.iter().enumerate() {
            if i == 0 {
                self.path.push(Visited {
                    key: pos.key(),
                    reversible: 0,
                    quiet: 0,
                });
            } else {
                let before = &positions[i - 1];
                let capture = before.occupied().len() > pos.occupied().len();
                self.push(pos, reversible_step(before, pos), capture, true);
            }
        }
    }

    /// Whether `m` is a king's move without capture: it can be undone by another.
    #[inline]
    fn king_step(&self, pos: &Position, m: &Move) -> bool {
        !m.is_capture() && pos.piece_at(m.from()).is_some_and(|p| p.role == Role::King)
    }

    /// Records the position reached, `king_step` saying whether by a reversible move and
    /// `capture` whether by a capture. `hashed` says whether its key may be read: by the table,
    /// where the position is searched to a depth, or by `repeated`, where a king stepped to it.
    /// Most positions are leaves reached otherwise, which need no key. The entries `repeated`
    /// compares with were all searched to a depth or reached by a king's step, so each has one.
    #[inline]
    fn push(&mut self, after: &Position, king_step: bool, capture: bool, hashed: bool) {
        let last = self.path.last().copied();
        let reversible = if king_step {
            last.map_or(0, |v| v.reversible) + 1
        } else {
            0
        };
        let man_resets = self.quiet_limit.is_some_and(|(_, resets)| resets);
        let quiet = if capture || (!king_step && man_resets) {
            0
        } else {
            last.map_or(0, |v| v.quiet) + 1
        };
        let key = if hashed || king_step {
            let key = after.key();
            self.tt.prefetch(key);
            key
        } else {
            0
        };
        self.path.push(Visited {
            key,
            reversible,
            quiet,
        });
    }

    /// `score` faded towards a draw as the no-progress count of the position last pushed runs
    /// out, where only a capture restarts it (the 8-men variant): there the count runs through
    /// the whole game, and an advantage not turned into a capture in time is a draw. The side
    /// ahead then seeks the capture sooner, the side behind puts it off.
    #[inline]
    fn fade(&self, score: i32) -> i32 {
        match self.quiet_limit {
            Some((limit, false)) => {
                let quiet = self.quiet().min(limit) as i32;
                let limit = limit as i32;
                score * (2 * limit - quiet) / (2 * limit)
            }
            _ => score,
        }
    }

    /// Whether the no-progress rule has drawn the game at the position last pushed.
    #[inline]
    fn no_progress_draw(&self) -> bool {
        let quiet = self.quiet();
        self.quiet_limit.is_some_and(|(limit, _)| quiet >= limit)
    }

    /// The plies the no-progress rule has counted at the position last pushed.
    #[inline]
    fn quiet(&self) -> usize {
        self.path.last().map_or(0, |v| v.quiet)
    }

    /// Whether the position last pushed occurred before with the same side to move, since the
    /// last irreversible move.
    #[inline]
    fn repeated(&self) -> bool {
        let n = self.path.len() - 1;
        let here = self.path[n];
        let mut back = 4;
        while back <= here.reversible && back <= n {
            if self.path[n - back].key == here.key {
                return true;
            }
            back += 2;
        }
        false
    }

    #[inline]
    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 1023 == 0 {
            let stopped = self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.node_limit.is_some_and(|n| self.nodes >= n);
            self.aborted = stopped;
        }
        self.aborted
    }

    /// Negamax alpha-beta with principal-variation search below the root.
    fn node(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.repeated() || self.no_progress_draw() {
            return 0;
        }
        if depth <= 0 {
            return self.leaf(pos, alpha, beta, ply);
        }
        if ply >= MAX_PLY {
            return self.fade(self.eval.evaluate(pos, &self.rules));
        }
        if let Some(score) = self.probe(pos, ply) {
            return score;
        }
        // A win can be no faster than this: prune lines that cannot matter.
        let alpha_orig = alpha.max(-MATE + ply as i32);
        let beta = beta.min(MATE - ply as i32 - 1);
        alpha = alpha_orig;
        if alpha >= beta {
            return alpha;
        }

        // The table first: where it cuts, the moves need not be generated.
        let key = self.path[self.path.len() - 1].key;
        let pv_node = beta - alpha > 1;
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if !pv_node && i32::from(e.depth) >= depth {
                let score = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pos.generate_moves(&self.rules, &mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return -MATE + ply as i32;
        }
        let capture = moves[0].is_capture();

        // A search of two fifths of the depth that beats beta by a margin says the full one would
        // too (Scan's pruning): most of the tree is refuted this cheaply. Not near decided
        // scores, whose margin means nothing.
        if self.prune && !pv_node && depth >= 3 && beta.abs() < KNOWN_WIN - MAX_PLY as i32 {
            let margin = depth * PRUNE_MARGIN;
            let high = beta + margin;
            self.buffers[ply] = moves;
            self.prune = false;
            let score = self.node(pos, depth * 2 / 5, high - 1, high, ply);
            self.prune = true;
            moves = std::mem::take(&mut self.buffers[ply]);
            if self.aborted {
                self.buffers[ply] = moves;
                return 0;
            }
            if score >= high {
                self.buffers[ply] = moves;
                // A decided score less the margin would be a false distance to the end.
                return if score >= KNOWN_WIN - MAX_PLY as i32 {
                    beta
                } else {
                    score - margin
                };
            }
        }

        // A forced reply costs no depth: it is no choice at all.
        let next_depth = if moves.len() == 1 { depth } else { depth - 1 };
        let mut keys = std::mem::take(&mut self.keys[ply]);
        self.order(&moves, tt_move, ply, &mut keys);
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            // Selection: the best-ordered remaining move.
            let j = (i..moves.len())
                .max_by_key(|&j| keys[j])
                .expect("a move remains");
            moves.swap(i, j);
            keys.swap(i, j);
            let m = moves[i];
            let role = pos.piece_at(m.from()).map(|p| p.role);
            let king_step = !m.is_capture() && role == Some(Role::King);
            let undo = pos.play_unchecked(&m);
            // Late quiet moves are searched less deep, but never a crowning.
            let quiet =
                !capture && keys[i] < KILLER_2 && pos.piece_at(m.to()).map(|p| p.role) == role;
            self.push(pos, king_step, m.is_capture(), next_depth > 0);
            let mut score;
            if i == 0 {
                score = -self.node(pos, next_depth, -beta, -alpha, ply + 1);
            } else {
                let reduction = if quiet && depth >= 3 && i >= if pv_node { 3 } else { 1 } {
                    if !pv_node && i >= 6 { 2 } else { 1 }
                } else {
                    0
                };
                score = -self.node(pos, next_depth - reduction, -alpha - 1, -alpha, ply + 1);
                if score > alpha && reduction > 0 {
                    score = -self.node(pos, next_depth, -alpha - 1, -alpha, ply + 1);
                }
                if score > alpha && score < beta {
                    score = -self.node(pos, next_depth, -beta, -alpha, ply + 1);
                }
            }
            self.path.pop();
            pos.undo_unchecked(&m, undo);
            if self.aborted {
                self.buffers[ply] = moves;
                self.keys[ply] = keys;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if !capture {
                            self.reward(&m, &moves[..i], depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        self.keys[ply] = keys;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_move,
            to_tt(best_score, ply),
            depth.max(0) as i16,
            bound,
        );
        best_score
    }

    /// The databases' value of `pos`, where they cover it.
    #[inline]
    fn probe(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        if self.probe_pieces == 0 || pos.occupied().len() as u32 > self.probe_pieces {
            return None;
        }
        let value = self
            .endgames
            .as_ref()?
            .probe_counted(pos, self.quiet() as u32)?;
        self.tb_hits += 1;
        Some(match value {
            Wdl::Win => KNOWN_WIN - ply as i32,
            Wdl::Draw => self.draw_score(pos),
            Wdl::Loss => ply as i32 - KNOWN_WIN,
        })
    }

    /// A position below the horizon, reached by a capture, crowning or exchange played out
    /// there: every move that leads here is irreversible, so no repetition is looked for.
    fn quiesce(&mut self, pos: &mut Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.no_progress_draw() {
            return 0;
        }
        self.leaf(pos, alpha, beta, ply)
    }

    /// The quiescence search, as Scan's: a quiet position is evaluated as it stands, unless a
    /// crowning or an exchange does better (see `horizon`); a capture due is played out. It
    /// neither reads nor writes the transposition table: most of these positions are never met
    /// again, and waiting on memory for each costs more than the table saves here.
    fn leaf(&mut self, pos: &mut Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        if ply >= MAX_PLY {
            return self.fade(self.eval.evaluate(pos, &self.rules));
        }
        if let Some(score) = self.probe(pos, ply) {
            return score;
        }
        if !pos.has_capture(&self.rules) {
            let Some(stand) = self.stand(pos) else {
                return -MATE + ply as i32;
            };
            if stand >= beta || !(self.horizon_crownings || self.exchanges_at(pos)) {
                return stand;
            }
            return self.horizon(pos, stand, alpha, beta, ply);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pos.generate_moves(&self.rules, &mut moves);
        self.play_out(pos, moves, -INFINITY, alpha, beta, ply)
    }

    /// The best of `best` and the quiescence search's scores after each of `moves` (the captures
    /// due, or the crownings and exchanges of the horizon), cut off at `beta`; `moves` go back to
    /// the ply's buffer.
    fn play_out(
        &mut self,
        pos: &mut Position,
        moves: Vec<Move>,
        mut best: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        alpha = alpha.max(best);
        for &m in &moves {
            let undo = pos.play_unchecked(&m);
            self.push(pos, false, m.is_capture(), false);
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1);
            self.path.pop();
            pos.undo_unchecked(&m, undo);
            if self.aborted {
                best = 0;
                break;
            }
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// The score of a quiet position as it stands, for the side to move (faded: see `fade`), or
    /// `None` where that side has no move. Most leaves end here, and the mobility and the
    /// evaluation count bits some twenty times a leaf: with the processor's `popcnt` instruction
    /// where it has one (chosen as the program runs, so that one build still runs on a processor
    /// without it), with a dozen instructions each where not.
    #[inline]
    fn stand(&self, pos: &Position) -> Option<i32> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has `popcnt`, the one feature `stand_popcnt` is built for.
            return unsafe { self.stand_popcnt(pos) };
        }
        self.stand_counted(pos)
    }

    /// [`Searcher::stand`] built for a processor with `popcnt`: the counts of the functions it
    /// inlines become that one instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn stand_popcnt(&self, pos: &Position) -> Option<i32> {
        self.stand_counted(pos)
    }

    /// [`Searcher::stand`]'s work, inlined into both of its builds.
    #[inline(always)]
    fn stand_counted(&self, pos: &Position) -> Option<i32> {
        let mobility = pos.mobility(&self.rules);
        if mobility[pos.side_to_move()] == 0 {
            return None;
        }
        Some(self.fade(self.eval.evaluate_with(pos, mobility)))
    }

    /// Whether the horizon of `pos` plays out exchanges: see `horizon_exchanges`.
    fn exchanges_at(&self, pos: &Position) -> bool {
        self.horizon_exchanges && pos.kings == 0 && pos.towers == 0
    }

    /// The horizon of a quiet position worth `stand` as it stands: where `horizon_crownings`
    /// holds, its crownings are played out as captures are (Scan's quiescence does the same),
    /// since a king about to be made is worth more than an evaluation of the man sees; where
    /// `horizon_exchanges` does, so are the exchanges it can offer. The side to move may still
    /// keep `stand` by playing neither.
    fn horizon(
        &mut self,
        pos: &mut Position,
        stand: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        if self.horizon_crownings {
            pos.crowning_moves(&self.rules, &mut moves);
        }
        if self.exchanges_at(pos) {
            pos.exchange_moves(&self.rules, &mut moves);
        }
        self.play_out(pos, moves, stand, alpha, beta, ply)
    }

    /// Ordering keys: the table's move, captures by size, killers, then history.
    fn order(&self, moves: &[Move], tt_move: Option<Move>, ply: usize, keys: &mut Vec<i32>) {
        let [k1, k2] = self.killers[ply];
        keys.clear();
        keys.extend(moves.iter().map(|&m| {
            if Some(m) == tt_move {
                TT_MOVE
            } else if m.is_capture() {
                CAPTURE + m.capture_count() as i32
            } else if Some(m) == k1 {
                KILLER_1
            } else if Some(m) == k2 {
                KILLER_2
            } else {
                self.history[m.start_bit()][m.end_bit()].min(KILLER_2 - 1)
            }
        }));
    }

    /// A quiet move refuted its opponent's move: try it early in sibling positions, and the
    /// quiet moves `tried` before it, which did not, later.
    fn reward(&mut self, m: &Move, tried: &[Move], depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(*m) {
            k[1] = k[0];
            k[0] = Some(*m);
        }
        let h = &mut self.history[m.start_bit()][m.end_bit()];
        *h = (*h + depth * depth).min(KILLER_2 - 1);
        for t in tried {
            let h = &mut self.history[t.start_bit()][t.end_bit()];
            *h = (*h - depth * depth).max(-KILLER_2);
        }
    }

    /// The score of a position the databases call drawn, for its side to move: see
    /// [`DRAW_MATERIAL`], which counts on 8×8 boards only.
    fn draw_score(&self, pos: &Position) -> i32 {
        if self.rules.board.size() != 8 {
            return 0;
        }
        let side = pos.side_to_move();
        let ahead = pos.pieces(side).len() as i32 - pos.pieces(!side).len() as i32;
        ahead * DRAW_MATERIAL
    }

    /// The line the table expects after `best` from `root`, and then the moves forced on both
    /// sides: the quiescence search below the horizon keeps no moves in the table, so without
    /// them a line could stop halfway through an exchange.
    fn principal_variation(&self, root: Position, best: Move) -> Vec<Move> {
        let mut pv = vec![best];
        let mut pos = root;
        pos.play_unchecked(&best);
        let mut seen = vec![root.key(), pos.key()];
        while pv.len() < 32 {
            let m = match self.tt.probe(pos.key()).and_then(|e| e.best) {
                Some(m) if pos.is_legal(&self.rules, &m) => m,
                _ => match pos.legal_moves(&self.rules)[..] {
                    [only] => only,
                    _ => break,
                },
            };
            pos.play_unchecked(&m);
            if seen.contains(&pos.key()) {
                break;
            }
            seen.push(pos.key());
            pv.push(m);
        }
        pv
    }
}

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 25;
const KILLER_1: i32 = 1 << 24;
const KILLER_2: i32 = (1 << 24) - 1;

/// Mate scores are stored relative to the node, so that they stay right at another ply.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Whether `after` follows `before` by a king's move without capture.
fn reversible_step(before: &Position, after: &Position) -> bool {
    use crate::rules::Color;
    Color::ALL.into_iter().all(|c| {
        before.pieces_of(c, Role::Man) == after.pieces_of(c, Role::Man)
            && before.pieces_of(c, Role::Tower) == after.pieces_of(c, Role::Tower)
            && before.pieces(c).len() == after.pieces(c).len()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    /// Below the horizon nothing is written to the table: after a search of one ply it holds
    /// the root and none of the positions the quiescence search played out, though some of the
    /// root's moves are answered there by a capture.
    #[test]
    fn the_quiescence_search_leaves_the_table_alone() {
        let rules = Variant::International.rules();
        // An opening of `tools/openings/international.fen`.
        let root = rules
            .parse_fen("B:W27,30-33,35-37,39-50:B1-16,18-20,26")
            .unwrap();
        let mut s = Searcher::new(rules, 1);
        s.search(&[root], Limits::depth(1), &mut |_| {});
        assert!(s.tt.probe(root.key()).is_some());
        let mut answered_by_capture = 0;
        for m in root.legal_moves(rules) {
            let mut child = root;
            child.play_unchecked(&m);
            assert!(s.tt.probe(child.key()).is_none(), "{m:?}");
            for reply in child.legal_moves(rules).iter().filter(|r| r.is_capture()) {
                answered_by_capture += 1;
                let mut after = child;
                after.play_unchecked(reply);
                assert!(s.tt.probe(after.key()).is_none(), "{m:?} {reply:?}");
            }
        }
        assert!(answered_by_capture > 0);
    }

    /// The leaf's score built for `popcnt` is the plain build's, in every rule set, with kings
    /// and without: the processor a player has changes the speed, never the play.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn a_leaf_scores_the_same_with_popcnt() {
        use crate::engine::learned::tests::random_positions;
        use rand::SeedableRng;
        use rand::rngs::SmallRng;
        if !std::arch::is_x86_feature_detected!("popcnt") {
            return;
        }
        let mut rng = SmallRng::seed_from_u64(45);
        for v in Variant::ALL {
            let s = Searcher::new(v.rules(), 1);
            let mut kings = 0;
            for pos in random_positions(v, &mut rng, 300) {
                kings += usize::from(pos.kings != 0);
                // SAFETY: the processor has `popcnt`, checked above.
                let fast = unsafe { s.stand_popcnt(&pos) };
                assert_eq!(fast, s.stand_counted(&pos), "{v:?} {}", pos.fen());
            }
            assert!(kings > 0, "{v:?}: no position with a king");
        }
    }

    /// A line does not stop where the next move is forced, as it would at the horizon halfway
    /// through an exchange if it were only the table's moves: the quiescence search keeps none.
    #[test]
    fn a_line_goes_on_through_forced_replies() {
        let rules = Variant::International.rules();
        let book = include_str!("../../tools/openings/international.fen");
        let mut forced_after_horizon = 0;
        for fen in book.lines().filter(|l| !l.starts_with('#')).take(40) {
            let root = rules.parse_fen(fen).unwrap();
            let depth = 2;
            let report = Searcher::new(rules, 1).search(&[root], Limits::depth(depth), &mut |_| {});
            let mut end = root;
            for m in &report.pv {
                assert!(end.is_legal(rules, m), "{fen}: {:?}", report.pv);
                end.play_unchecked(m);
            }
            if report.pv.len() > depth as usize {
                forced_after_horizon += 1;
            }
            assert!(
                report.pv.len() == 32 || end.legal_moves(rules).len() != 1,
                "{fen}: {:?}",
                report.pv
            );
        }
        assert!(forced_after_horizon > 0);
    }
}
