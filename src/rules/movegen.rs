//! Legal move generation (rules.md §2–§4): quiet moves, short and flying captures, the landing
//! rule, capture precedence, tower rules and duplicate paths.
//!
//! Everything here reads the rule set as data through [`Flags`]; nothing branches on a variant's
//! name. The board layout is a type parameter so that every shift is a constant.

use super::geometry::{Geometry, forward, shift};
use super::{Board, ByColor, Color, KingRange, Move, Position, Precedence, RuleSet};

/// The parts of a rule set that move generation reads, copied out once per call.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Flags {
    pub backward_men: bool,
    pub flying: bool,
    pub precedence: Precedence,
}

impl Flags {
    pub(crate) fn of(rules: &RuleSet) -> Flags {
        Flags {
            backward_men: rules.men_capture_backward,
            flying: rules.king == KingRange::Flying,
            precedence: rules.precedence,
        }
    }
}

const ALL_DIRS: [usize; 4] = [0, 1, 2, 3];

/// Bit index of the square one step back from `to_bit` along direction `d`.
#[inline(always)]
fn back<G: Geometry>(to_bit: u32, d: usize) -> u32 {
    match d {
        0 => to_bit - G::N,
        1 => to_bit - G::N - 1,
        2 => to_bit + G::N,
        _ => to_bit + G::N + 1,
    }
}

/// The pieces of the side to move, split by role, and the empty squares.
struct Sides {
    men: u64,
    kings: u64,
    towers: u64,
    them: u64,
    opp_kings: u64,
    opp_towers: u64,
    empty: u64,
}

#[inline(always)]
fn sides<G: Geometry>(pos: &Position) -> Sides {
    let us = pos.pieces[pos.side.index()];
    let them = pos.pieces[pos.side.index() ^ 1];
    Sides {
        men: us & !pos.kings & !pos.towers,
        kings: us & pos.kings,
        towers: us & pos.towers,
        them,
        opp_kings: them & pos.kings,
        opp_towers: them & pos.towers,
        empty: G::MASK & !(us | them),
    }
}

/// The pieces among `pieces` that have a short jump over `victims` into `empty` in one of `dirs`.
#[inline(always)]
fn short_jumpers<G: Geometry>(pieces: u64, victims: u64, empty: u64, dirs: &[usize]) -> u64 {
    let mut out = 0;
    for &d in dirs {
        out |= shift::<G>(shift::<G>(empty, d ^ 2) & victims, d ^ 2);
    }
    out & pieces
}

/// Which pieces of the side to move can start a capture. Flying kings are only known to be
/// able to capture or not (`kings` is then all kings or none).
#[derive(Clone, Copy)]
struct Capturers {
    men: u64,
    towers: u64,
    kings: u64,
}

impl Capturers {
    #[inline(always)]
    fn any(&self) -> bool {
        self.men | self.towers | self.kings != 0
    }
}

/// The directions in which the men of `side` capture.
#[inline(always)]
fn men_dirs(f: Flags, side: Color) -> &'static [usize] {
    with_men_dirs(f, side, |dirs| dirs)
}

/// Calls `k` with [`men_dirs`], a constant in each branch: `k` is inlined into each, so that
/// its loop over the directions unrolls into constant shifts. A loop over the slice chosen at
/// run time cost the capture test at every perft leaf 6 % more instructions in English and
/// 13 % in International.
#[inline(always)]
fn with_men_dirs<R>(f: Flags, side: Color, k: impl FnOnce(&'static [usize]) -> R) -> R {
    const WHITE: [usize; 2] = forward(Color::White);
    const BLACK: [usize; 2] = forward(Color::Black);
    if f.backward_men {
        k(&ALL_DIRS)
    } else {
        match side {
            Color::White => k(&WHITE),
            Color::Black => k(&BLACK),
        }
    }
}

/// The pieces of the side to move that can capture.
#[inline(always)]
fn capturers<G: Geometry>(s: &Sides, f: Flags, side: super::Color) -> Capturers {
    let mut c = Capturers {
        men: 0,
        towers: 0,
        kings: 0,
    };
    if s.men != 0 {
        let victims = s.them & !s.opp_towers;
        c.men = with_men_dirs(f, side, |dirs| {
            short_jumpers::<G>(s.men, victims, s.empty, dirs)
        });
    }
    if s.towers != 0 && s.opp_kings != 0 {
        c.towers = short_jumpers::<G>(s.towers, s.opp_kings, s.empty, &ALL_DIRS);
    }
    if s.kings != 0 {
        if !f.flying {
            c.kings = short_jumpers::<G>(s.kings, s.them, s.empty, &ALL_DIRS);
        } else {
            for d in ALL_DIRS {
                let mut fill = s.kings;
                let mut g = shift::<G>(fill, d) & s.empty;
                while g != 0 {
                    fill |= g;
                    g = shift::<G>(g, d) & s.empty;
                }
                if shift::<G>(shift::<G>(fill, d) & s.them, d) & s.empty != 0 {
                    c.kings = s.kings;
                    break;
                }
            }
        }
    }
    c
}

/// Receives what the capture search finds: landings as it goes (for paths) and complete
/// sequences. The move list and the path finder are the two sinks.
pub(crate) trait Sink {
    /// A new piece starts capturing from bit `from`.
    fn start(&mut self, from: u8);
    /// The capturing piece lands on `landing` (a single bit), having captured `captured` so far.
    #[inline(always)]
    fn enter(&mut self, _landing: u64, _captured: u64) {}
    /// Takes back the last [`Sink::enter`].
    #[inline(always)]
    fn leave(&mut self) {}
    /// A complete sequence ends on `to` having captured `captured`.
    fn complete(&mut self, to: u64, captured: u64);
}

/// Collects legal capture moves, applying the quantity rule and merging duplicate paths.
struct MoveSink<'a> {
    out: &'a mut Vec<Move>,
    board: Board,
    from: u8,
    quantity: bool,
    /// Most pieces captured by a move so far (quantity rule).
    best: u32,
}

impl Sink for MoveSink<'_> {
    #[inline(always)]
    fn start(&mut self, from: u8) {
        self.from = from;
    }

    #[inline]
    fn complete(&mut self, to: u64, captured: u64) {
        let n = captured.count_ones();
        if self.quantity {
            if n < self.best {
                return;
            }
            if n > self.best {
                self.out.clear();
                self.best = n;
            }
        }
        let m = Move {
            captured,
            from: self.from,
            to: to.trailing_zeros() as u8,
            board: self.board,
        };
        // A single capture has one path; longer ones may be reached in several orders.
        if n >= 2 && self.out.contains(&m) {
            return;
        }
        self.out.push(m);
    }
}

/// Depth-first enumeration of the capture sequences of one piece.
pub(crate) struct Captures<G: Geometry, S: Sink> {
    pub(crate) sink: S,
    /// Empty squares, the mover's start square included (it has left it).
    empty: u64,
    /// Pieces the current mover may jump.
    victims: u64,
    _g: std::marker::PhantomData<G>,
}

impl<G: Geometry, S: Sink> Captures<G, S> {
    /// Short jumps (men, towers, English kings) from the single bit `cur`.
    fn short(&mut self, cur: u64, captured: u64, dirs: &[usize]) {
        let mut any = false;
        for &d in dirs {
            let v = shift::<G>(cur, d) & self.victims & !captured;
            if v != 0 {
                let l = shift::<G>(v, d) & self.empty;
                if l != 0 {
                    any = true;
                    self.sink.enter(l, captured | v);
                    self.short(l, captured | v, dirs);
                    self.sink.leave();
                }
            }
        }
        if !any && captured != 0 {
            self.sink.complete(cur, captured);
        }
    }

    /// The first square along direction `d` from `cur` that is not empty (a piece, or nothing
    /// when the ray leaves the board).
    #[inline(always)]
    fn first_piece(&self, cur: u64, d: usize) -> u64 {
        let mut sq = shift::<G>(cur, d);
        while sq & self.empty != 0 {
            sq = shift::<G>(sq, d);
        }
        sq
    }

    /// Whether a flying king on `cur`, having arrived along `came`, can capture again.
    #[inline]
    fn king_can_continue(&self, cur: u64, captured: u64, came: usize) -> bool {
        for d in ALL_DIRS {
            if d == came ^ 2 {
                continue;
            }
            let sq = self.first_piece(cur, d);
            if sq & self.victims & !captured != 0 && shift::<G>(sq, d) & self.empty != 0 {
                return true;
            }
        }
        false
    }

    /// Flying-king captures from the single bit `cur`; `came` is the direction of the last jump
    /// (4 before the first). Applies the landing rule: where some landing squares behind a piece
    /// allow the capture to go on, only those may be used.
    fn flying(&mut self, cur: u64, captured: u64, came: usize) {
        for d in ALL_DIRS {
            if d == came ^ 2 {
                continue;
            }
            let sq = self.first_piece(cur, d);
            if sq & self.victims & !captured == 0 {
                continue;
            }
            let now = captured | sq;
            let mut landings = 0u64;
            let mut l = shift::<G>(sq, d) & self.empty;
            while l != 0 {
                landings |= l;
                l = shift::<G>(l, d) & self.empty;
            }
            if landings == 0 {
                continue;
            }
            let mut going_on = 0u64;
            let mut rest = landings;
            while rest != 0 {
                let b = rest & rest.wrapping_neg();
                rest ^= b;
                if self.king_can_continue(b, now, d) {
                    going_on |= b;
                }
            }
            if going_on != 0 {
                let mut rest = going_on;
                while rest != 0 {
                    let b = rest & rest.wrapping_neg();
                    rest ^= b;
                    self.sink.enter(b, now);
                    self.flying(b, now, d);
                    self.sink.leave();
                }
            } else {
                let mut rest = landings;
                while rest != 0 {
                    let b = rest & rest.wrapping_neg();
                    rest ^= b;
                    self.sink.enter(b, now);
                    self.sink.complete(b, now);
                    self.sink.leave();
                }
            }
        }
    }
}

/// Runs `f` on each set bit of `bits`, lowest first.
#[inline(always)]
fn each_bit(mut bits: u64, mut f: impl FnMut(u64)) {
    while bits != 0 {
        let b = bits & bits.wrapping_neg();
        bits ^= b;
        f(b);
    }
}

/// Runs the capture search of every piece of the side to move through `cx`. Kings go first and,
/// under king priority, `stop` (whether the sink holds a capture) ends the search after them.
fn search_captures<G: Geometry, S: Sink>(
    side: super::Color,
    s: &Sides,
    c: Capturers,
    f: Flags,
    cx: &mut Captures<G, S>,
    stop: impl Fn(&S) -> bool,
) {
    if c.kings != 0 {
        cx.victims = s.them;
        each_bit(c.kings, |b| {
            cx.sink.start(b.trailing_zeros() as u8);
            cx.empty = s.empty | b;
            if f.flying {
                cx.flying(b, 0, 4);
            } else {
                cx.short(b, 0, &ALL_DIRS);
            }
        });
        if f.precedence == Precedence::KingPriority && stop(&cx.sink) {
            return;
        }
    }
    if c.men != 0 {
        cx.victims = s.them & !s.opp_towers;
        let dirs = men_dirs(f, side);
        each_bit(c.men, |b| {
            cx.sink.start(b.trailing_zeros() as u8);
            cx.empty = s.empty | b;
            cx.short(b, 0, dirs);
        });
    }
    if c.towers != 0 {
        cx.victims = s.opp_kings;
        each_bit(c.towers, |b| {
            cx.sink.start(b.trailing_zeros() as u8);
            cx.empty = s.empty | b;
            cx.short(b, 0, &ALL_DIRS);
        });
    }
}

/// All legal captures, after precedence, into `out` (cleared first).
fn captures<G: Geometry>(pos: &Position, s: &Sides, c: Capturers, f: Flags, out: &mut Vec<Move>) {
    out.clear();
    let mut cx = Captures::<G, _> {
        sink: MoveSink {
            out,
            board: pos.board,
            from: 0,
            quantity: f.precedence == Precedence::Quantity,
            best: 0,
        },
        empty: s.empty,
        victims: 0,
        _g: std::marker::PhantomData,
    };
    search_captures(pos.side, s, c, f, &mut cx, |sink| !sink.out.is_empty());
}

/// Runs the capture search of all pieces into any sink (used to find paths).
pub(crate) fn search_all<G: Geometry, S: Sink>(pos: &Position, f: Flags, sink: S) -> S {
    let s = sides::<G>(pos);
    let mut cx = Captures::<G, S> {
        sink,
        empty: s.empty,
        victims: 0,
        _g: std::marker::PhantomData,
    };
    let c = capturers::<G>(&s, f, pos.side);
    search_captures(pos.side, &s, c, f, &mut cx, |_| false);
    cx.sink
}

/// All legal quiet moves into `out` (cleared first); called only when no capture exists.
fn quiet<G: Geometry>(pos: &Position, s: &Sides, f: Flags, out: &mut Vec<Move>) {
    out.clear();
    let board = pos.board;
    steps::<G>(pos, s, s.empty, out);
    each_bit(s.kings, |k| {
        let from = k.trailing_zeros() as u8;
        for d in ALL_DIRS {
            let mut to = shift::<G>(k, d) & s.empty;
            while to != 0 {
                out.push(Move {
                    captured: 0,
                    from,
                    to: to.trailing_zeros() as u8,
                    board,
                });
                if !f.flying {
                    break;
                }
                to = shift::<G>(to, d) & s.empty;
            }
        }
    });
}

/// The quiet moves that crown a man or tower, into `out` (cleared first); called only when no
/// capture exists.
pub(crate) fn crownings<G: Geometry>(pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    let s = sides::<G>(pos);
    steps::<G>(pos, &s, s.empty & G::PROMO[pos.side.index()], out);
}

/// The forward steps of the men (not towers) of the side to move that do not crown and after
/// which the opponent must capture, appended to `out`: the candidates for an exchange offered
/// at the search's horizon.
pub(crate) fn offering_steps<G: Geometry>(pos: &Position, f: Flags, out: &mut Vec<Move>) {
    let s = sides::<G>(pos);
    let targets = s.empty & !G::PROMO[pos.side.index()];
    for d in forward(pos.side) {
        each_bit(shift::<G>(s.men, d) & targets, |to| {
            let t = to.trailing_zeros();
            let from = back::<G>(t, d);
            let mut after = *pos;
            after.pieces[pos.side.index()] ^= (1 << from) | to;
            after.side = !pos.side;
            if has_capture::<G>(&after, f) {
                out.push(Move {
                    captured: 0,
                    from: from as u8,
                    to: t as u8,
                    board: pos.board,
                });
            }
        });
    }
}

/// The forward steps of the men and towers of the side to move onto `targets` (empty
/// squares), appended to `out`. Inlined, as its loop was inside [`quiet`] before it served
/// [`crownings`] too: a call of its own cost perft 0.6 % more instructions.
#[inline(always)]
fn steps<G: Geometry>(pos: &Position, s: &Sides, targets: u64, out: &mut Vec<Move>) {
    let board = pos.board;
    for d in forward(pos.side) {
        each_bit(shift::<G>(s.men | s.towers, d) & targets, |to| {
            let t = to.trailing_zeros();
            out.push(Move {
                captured: 0,
                from: back::<G>(t, d) as u8,
                to: t as u8,
                board,
            });
        });
    }
}

/// All quiet moves, whether or not a capture is mandatory (table rules), into `out`.
pub(crate) fn quiet_moves<G: Geometry>(pos: &Position, f: Flags, out: &mut Vec<Move>) {
    let s = sides::<G>(pos);
    quiet::<G>(pos, &s, f, out);
}

/// All legal moves, unsorted, into `out`.
#[inline]
pub(crate) fn generate<G: Geometry>(pos: &Position, f: Flags, out: &mut Vec<Move>) {
    let s = sides::<G>(pos);
    let c = capturers::<G>(&s, f, pos.side);
    if c.any() {
        captures::<G>(pos, &s, c, f, out);
    } else {
        quiet::<G>(pos, &s, f, out);
    }
}

/// The number of legal moves; counts quiet moves without listing them. `scratch` is a buffer
/// for captures.
#[inline]
pub(crate) fn count<G: Geometry>(pos: &Position, f: Flags, scratch: &mut Vec<Move>) -> u64 {
    let s = sides::<G>(pos);
    let c = capturers::<G>(&s, f, pos.side);
    if c.any() {
        captures::<G>(pos, &s, c, f, scratch);
        return scratch.len() as u64;
    }
    let movers = s.men | s.towers;
    let mut n = 0;
    for d in forward(pos.side) {
        n += (shift::<G>(movers, d) & s.empty).count_ones();
    }
    if s.kings != 0 {
        for d in ALL_DIRS {
            let mut g = shift::<G>(s.kings, d) & s.empty;
            while g != 0 {
                n += g.count_ones();
                if !f.flying {
                    break;
                }
                g = shift::<G>(g, d) & s.empty;
            }
        }
    }
    n as u64
}

/// The quiet steps each side's pieces have, as if it were to move and no capture were due.
/// Inlined whole, so that a caller compiled for `popcnt` counts with that one instruction.
#[inline(always)]
pub(crate) fn mobility<G: Geometry>(pos: &Position, flying: bool) -> ByColor<u32> {
    let empty = G::MASK & !(pos.pieces[0] | pos.pieces[1]);
    ByColor {
        white: side_mobility::<G>(pos, Color::White, empty, flying),
        black: side_mobility::<G>(pos, Color::Black, empty, flying),
    }
}

/// [`mobility`] of one side.
#[inline(always)]
fn side_mobility<G: Geometry>(pos: &Position, c: Color, empty: u64, flying: bool) -> u32 {
    let own = pos.pieces[c.index()];
    let movers = own & !pos.kings;
    let kings = own & pos.kings;
    let mut n = 0;
    for d in forward(c) {
        n += (shift::<G>(movers, d) & empty).count_ones();
    }
    if kings != 0 {
        king_steps::<G>(kings, empty, flying, |g| n += g.count_ones());
    }
    n
}

/// Calls `f` with the empty squares that `kings` reach, one set per step along each direction
/// (a single step for short kings): each king's squares once, as a king of its own would
/// reach them.
#[inline(always)]
fn king_steps<G: Geometry>(kings: u64, empty: u64, flying: bool, mut f: impl FnMut(u64)) {
    for d in ALL_DIRS {
        let mut g = shift::<G>(kings, d) & empty;
        while g != 0 {
            f(g);
            if !flying {
                break;
            }
            g = shift::<G>(g, d) & empty;
        }
    }
}

/// Per side, the empty squares its kings reach in one move, counted per king: those no opposing
/// man or tower could capture a piece on at once, and those one could (Scan's "safe" and
/// "denied" king mobility). A king shut in by squares it would be taken on is as good as held.
pub(crate) fn king_reach<G: Geometry>(pos: &Position, f: Flags) -> ByColor<KingReach> {
    let empty = G::MASK & !(pos.pieces[0] | pos.pieces[1]);
    ByColor::new_with(|c| {
        let kings = pos.pieces[c.index()] & pos.kings;
        let mut reach = KingReach::default();
        if kings == 0 {
            return reach;
        }
        let them = pos.pieces[c.index() ^ 1];
        let men = them & !pos.kings & !pos.towers;
        let towers = them & pos.towers;
        // A piece on `s` can be taken by a man or tower on the square before it along `d`
        // when the square after it is empty.
        let mut attacked = 0;
        for &d in men_dirs(f, !c) {
            attacked |= shift::<G>(men, d) & shift::<G>(empty, d ^ 2);
        }
        if towers != 0 {
            for d in ALL_DIRS {
                attacked |= shift::<G>(towers, d) & shift::<G>(empty, d ^ 2);
            }
        }
        king_steps::<G>(kings, empty, f.flying, |g| {
            reach.safe += (g & !attacked).count_ones();
            reach.denied += (g & attacked).count_ones();
        });
        reach
    })
}

/// Where one side's kings can go in one move (see [`crate::rules::Position::king_reach`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KingReach {
    /// Empty squares reached where no opposing man or tower could capture at once.
    pub safe: u32,
    /// Empty squares reached where one could.
    pub denied: u32,
}

/// Whether the side to move has a capture.
pub(crate) fn has_capture<G: Geometry>(pos: &Position, f: Flags) -> bool {
    capturers::<G>(&sides::<G>(pos), f, pos.side).any()
}

/// Perft with bulk counting at the last ply; `bufs` holds one move buffer per remaining ply.
pub(crate) fn perft<G: Geometry>(
    pos: &mut Position,
    f: Flags,
    depth: u32,
    bufs: &mut [Vec<Move>],
) -> u64 {
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return count::<G>(pos, f, buf);
    }
    generate::<G>(pos, f, buf);
    let mut nodes = 0;
    for m in buf.iter() {
        let undo = pos.play_unchecked(m);
        nodes += perft::<G>(pos, f, depth - 1, rest);
        pos.undo_unchecked(m, undo);
    }
    nodes
}
