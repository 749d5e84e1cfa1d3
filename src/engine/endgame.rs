//! Endgame databases: whether each position of few pieces is won, drawn or lost for the side to
//! move, computed by retrograde analysis over every position of every material that fits, in
//! each rule set's own rules (its captures, its kings, its towers).
//!
//! `dama endgame --variant ID --pieces N` builds them into `ENDGAMES/ID.wdl` in the data
//! folder; the search finds them there ([`set_directory`], [`installed`]) and plays covered
//! endings exactly. The values are those of the game without the no-progress and repetition
//! rules: a win may take longer than a rule set's move counter allows. But where only a capture
//! restarts the no-progress count (the 8-men variant), a capture into a win or loss whose next
//! capture lies beyond the count is valued as one into a draw, and [`Tables::probe_counted`]
//! reads a position with the plies its count has left.
//!
//! Beside the values, `ENDGAMES/ID.dtc` holds each won or lost position's distance to
//! conversion: the plies to the next capture or crowning with best play (the winner hurrying, the
//! loser holding out); to the next capture alone where only a capture restarts the rule set's
//! no-progress count (the 8-men variant). A value alone does not say which winning move makes progress: a search
//! that sees every winning move as equally good shuffles its kings until a no-progress rule
//! draws the game. Following the distances down never repeats a position and reaches a capture
//! or a crowning in the fewest plies. One byte a position, so four times the size of the values;
//! the search goes without them when the file is missing.
//!
//! Every file ends with a CRC-32 of what it holds, checked as it is read: a damaged file is an
//! error ([`is_damage`]), never wrong values. Files written before (`DAMAWDL1`, `DAMADTC1`) have
//! none and are read as they were.
//!
//! Positions are numbered per material: each group of like pieces (White's men, White's
//! towers, Black's men, Black's towers, White's kings, Black's kings) takes a combination of
//! the squares the groups before it left free. Two bits a position on disk.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use crate::rules::{Color, Piece, Position, Role, RuleSet, Square};

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wdl {
    /// The side to move wins with best play.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses with best play.
    Loss,
}

const UNKNOWN: u8 = 0;
const WIN: u8 = 1;
const LOSS: u8 = 2;
const DRAW: u8 = 3;
/// Not a position of the game (a man on its promotion row): never reached.
const INVALID: u8 = 4;
/// Lost at once: the side to move has no move (stored as `LOSS`, at distance 0).
const NO_MOVE: u8 = 5;
/// The distance of a drawn position, or of one beyond 254 plies.
const FAR: u8 = u8::MAX;

/// The groups of like pieces, in the order they are numbered.
const GROUPS: [(Color, Role); 6] = [
    (Color::White, Role::Man),
    (Color::White, Role::Tower),
    (Color::Black, Role::Man),
    (Color::Black, Role::Tower),
    (Color::White, Role::King),
    (Color::Black, Role::King),
];

/// How many pieces of each group a position has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material(pub [u8; 6]);

impl Material {
    /// The material of `pos`.
    pub fn of(pos: &Position) -> Material {
        Material(GROUPS.map(|(c, r)| pos.pieces_of(c, r).len() as u8))
    }

    /// Pieces in all.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// How many pieces of `color` and `role`.
    pub fn count(&self, color: Color, role: Role) -> u32 {
        GROUPS
            .iter()
            .zip(self.0)
            .filter(|((c, r), _)| *c == color && *r == role)
            .map(|(_, n)| u32::from(n))
            .sum()
    }

    /// Positions of this material on `rules`' board, with either side to move (the men on
    /// their promotion row included): what its build computes and what it takes on disk.
    pub fn positions(&self, rules: &RuleSet) -> u64 {
        Indexer::new(rules, *self).size * 2
    }

    /// Pieces of `color`.
    fn of_color(&self, color: Color) -> u32 {
        GROUPS
            .iter()
            .zip(self.0)
            .filter(|((c, _), _)| *c == color)
            .map(|(_, n)| u32::from(n))
            .sum()
    }

    /// Men and towers: pieces still to be crowned.
    fn uncrowned(&self) -> u32 {
        u32::from(self.0[0] + self.0[1] + self.0[2] + self.0[3])
    }
}

/// Binomial coefficients up to 50 choose 8.
static BINOMIAL: LazyLock<[[u64; 9]; 51]> = LazyLock::new(|| {
    let mut c = [[0u64; 9]; 51];
    for n in 0..=50 {
        c[n][0] = 1;
        for k in 1..=8.min(n) {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
        }
    }
    c
});

/// The numbering of the positions of one material on one board.
#[derive(Clone, Debug)]
struct Indexer {
    material: Material,
    squares: u32,
    /// Each side's promotion row (White's first), where its men never stand.
    promotion: [u64; 2],
    /// Positions per side to move.
    size: u64,
}

impl Indexer {
    fn new(rules: &RuleSet, material: Material) -> Indexer {
        let squares = u32::from(rules.board.squares());
        let width = u32::from(rules.board.row_width());
        let row = (1u64 << width) - 1;
        let mut free = squares as usize;
        let mut size = 1u64;
        for &k in &material.0 {
            size *= BINOMIAL[free][usize::from(k)];
            free -= usize::from(k);
        }
        Indexer {
            material,
            squares,
            promotion: [row, row << (squares - width)],
            size,
        }
    }

    /// Every entry of this material from which a move without capture or crowning may lead to
    /// entry `e`: the side that moved slid one of its pieces back along a diagonal over empty
    /// squares. More than the true ones (a man does not move backwards, a capture may have been
    /// due): the caller values each from its own moves.
    fn predecessors(&self, rules: &RuleSet, rays: &Rays, e: usize, f: &mut dyn FnMut(usize)) {
        let Some(pos) = self.position_of(rules, e) else {
            return;
        };
        let mover = !pos.side_to_move();
        let occupied = pos.occupied().0;
        let mut before = pos.with_side(mover);
        for (to, piece) in pos.iter().filter(|(_, p)| p.color == mover) {
            let crowned = piece.role == Role::King;
            for ray in &rays.0[to.index()] {
                for &from in ray {
                    if occupied & (1u64 << from) != 0 {
                        break;
                    }
                    if !crowned && self.promotion[mover.index()] & (1u64 << from) != 0 {
                        continue;
                    }
                    let from = Square::new(from + 1).expect("a square of the board");
                    before.set_piece(to, None);
                    before.set_piece(from, Some(piece));
                    f(self.entry(&before));
                    before.set_piece(from, None);
                    before.set_piece(to, Some(piece));
                }
            }
        }
    }

    /// The entry of `pos` (of this material) in the values: its number and its side to move.
    fn entry(&self, pos: &Position) -> usize {
        (self.index(pos) * 2 + pos.side_to_move().index() as u64) as usize
    }

    /// The position of entry `e`, or `None` for a man on its promotion row.
    fn position_of(&self, rules: &RuleSet, e: usize) -> Option<Position> {
        let side = if e.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        self.position(rules, (e / 2) as u64, side)
    }

    /// The number of `pos` (of this material) for its side to move.
    fn index(&self, pos: &Position) -> u64 {
        let mut taken = 0u64;
        let mut index = 0u64;
        let mut free = self.squares as usize;
        for (g, &(c, r)) in GROUPS.iter().enumerate() {
            let k = usize::from(self.material.0[g]);
            if k == 0 {
                continue;
            }
            let set = pos.pieces_of(c, r).0;
            let mut rank = 0u64;
            let mut bits = set;
            let mut j = 0;
            while bits != 0 {
                let s = bits.trailing_zeros();
                bits &= bits - 1;
                // The square's place among the free ones.
                let below = (1u64 << s) - 1;
                let p = s as usize - (taken & below).count_ones() as usize;
                j += 1;
                rank += BINOMIAL[p][j];
            }
            index = index * BINOMIAL[free][k] + rank;
            free -= k;
            taken |= set;
        }
        index
    }

    /// The position numbered `index` with `side` to move, or `None` for a man on its
    /// promotion row.
    fn position(&self, rules: &RuleSet, mut index: u64, side: Color) -> Option<Position> {
        // Digits from the last group back.
        let mut ranks = [0u64; 6];
        let mut frees = [0usize; 6];
        let mut free = self.squares as usize;
        for (g, &k) in self.material.0.iter().enumerate() {
            frees[g] = free;
            free -= usize::from(k);
        }
        for g in (0..6).rev() {
            let k = usize::from(self.material.0[g]);
            if k == 0 {
                continue;
            }
            let base = BINOMIAL[frees[g]][k];
            ranks[g] = index % base;
            index /= base;
        }
        let mut pos = Position::empty(rules.board, side);
        let mut taken = 0u64;
        for (g, &(c, r)) in GROUPS.iter().enumerate() {
            let k = usize::from(self.material.0[g]);
            let mut rank = ranks[g];
            let mut set = 0u64;
            for j in (1..=k).rev() {
                // The largest place p with C(p, j) <= rank.
                let mut p = j - 1;
                while BINOMIAL[p + 1][j] <= rank {
                    p += 1;
                }
                rank -= BINOMIAL[p][j];
                set |= 1u64 << nth_free(taken, p as u32);
            }
            if r != Role::King && set & self.promotion[c.index()] != 0 {
                return None;
            }
            let mut bits = set;
            while bits != 0 {
                let s = bits.trailing_zeros();
                bits &= bits - 1;
                let sq = rules.board.square(s as u8 + 1)?;
                pos.set_piece(sq, Some(Piece { color: c, role: r }));
            }
            taken |= set;
        }
        Some(pos)
    }
}

/// `f` over blocks of `0..len` on `threads` threads, each taking the next block when done (the
/// cost of a position varies), the results joined in no set order.
fn in_blocks<R: Send>(
    len: usize,
    threads: usize,
    f: impl Fn(Range<usize>) -> Vec<R> + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let block = 4096;
    let out = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut mine = Vec::new();
                loop {
                    let start = next.fetch_add(block, Ordering::Relaxed);
                    if start >= len {
                        break;
                    }
                    mine.extend(f(start..(start + block).min(len)));
                }
                out.lock().expect("no thread panicked").append(&mut mine);
            });
        }
    });
    out.into_inner().expect("no thread panicked")
}

/// The squares along each diagonal from each square, nearest first, as 0-based indices.
struct Rays(Vec<[Vec<u8>; 4]>);

impl Rays {
    fn new(rules: &RuleSet) -> Rays {
        let board = rules.board;
        Rays(
            board
                .all_squares()
                .map(|sq| {
                    let (file, rank) = board.coords(sq);
                    [(1i8, 1i8), (1, -1), (-1, 1), (-1, -1)].map(|(df, dr)| {
                        let mut ray = Vec::new();
                        let (mut f, mut r) = (file as i8 + df, rank as i8 + dr);
                        while let Some(s) = u8::try_from(f)
                            .ok()
                            .zip(u8::try_from(r).ok())
                            .and_then(|(f, r)| board.square_at(f, r))
                        {
                            ray.push(s.index() as u8);
                            f += df;
                            r += dr;
                        }
                        ray
                    })
                })
                .collect(),
        )
    }
}

/// The square of the `p`-th (from 0) square not in `taken`.
fn nth_free(taken: u64, p: u32) -> u32 {
    let mut free = !taken;
    for _ in 0..p {
        free &= free - 1;
    }
    free.trailing_zeros()
}

/// The databases of one rule set: every material of up to `pieces` pieces.
#[derive(Debug)]
pub struct Tables {
    pieces: u32,
    slices: HashMap<Material, Slice>,
    /// The plies the no-progress rule allows between captures, where only a capture restarts
    /// it (the 8-men variant): the distances then say which wins it draws.
    capture_count: Option<u32>,
}

/// The plies `rules`' no-progress rule allows between two captures, where nothing else restarts
/// its count: a distance to the next capture is then all the rule needs to be known.
fn capture_count(rules: &RuleSet) -> Option<u32> {
    rules
        .draw
        .quiet_moves
        .filter(|q| !q.man_move_resets)
        .map(|q| 2 * u32::from(q.moves_each))
}

#[derive(Debug)]
struct Slice {
    indexer: Indexer,
    /// Two bits a position: index × 2 + side to move (0 White); 0 draw, 1 win, 2 loss.
    packed: Vec<u8>,
    /// Plies to conversion, a byte a position in the same order ([`FAR`] for a draw), when
    /// computed or read.
    distances: Option<Vec<u8>>,
}

impl Slice {
    fn get(&self, entry: usize) -> u8 {
        (self.packed[entry / 4] >> (2 * (entry % 4))) & 3
    }
}

/// What building the databases did, for reports.
#[derive(Clone, Debug, Default)]
pub struct BuildStats {
    /// Materials computed.
    pub materials: usize,
    /// Positions (both sides to move), invalid ones included.
    pub positions: u64,
    /// Won, drawn and lost positions for the side to move.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Lost positions.
    pub losses: u64,
    /// Won and lost positions whose next capture lies beyond the no-progress count, where only
    /// a capture restarts it: drawn under that rule.
    pub beyond_count: u64,
}

impl BuildStats {
    /// Adds what another material's build did.
    pub fn add(&mut self, other: &BuildStats) {
        self.materials += other.materials;
        self.positions += other.positions;
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.beyond_count += other.beyond_count;
    }
}

/// Every material of up to `pieces` pieces (at most 8) with pieces of both sides, in the order
/// they are solved: a move leads to fewer pieces, or as many with fewer to be crowned, and
/// those come first.
pub fn materials(rules: &RuleSet, pieces: u32) -> Vec<Material> {
    let towers = rules.has_towers();
    let mut materials = Vec::new();
    let limit = pieces.min(8) as u8;
    let mut counts = [0u8; 6];
    // Every split of up to `pieces` pieces into the six groups.
    fn each(g: usize, left: u8, counts: &mut [u8; 6], towers: bool, out: &mut Vec<Material>) {
        if g == 6 {
            let m = Material(*counts);
            if m.of_color(Color::White) > 0 && m.of_color(Color::Black) > 0 {
                out.push(m);
            }
            return;
        }
        let max = if !towers && GROUPS[g].1 == Role::Tower {
            0
        } else {
            left
        };
        for n in 0..=max {
            counts[g] = n;
            each(g + 1, left - n, counts, towers, out);
        }
        counts[g] = 0;
    }
    each(0, limit, &mut counts, towers, &mut materials);
    materials.sort_by_key(|m| (m.total(), m.uncrowned(), m.0));
    materials
}

impl Tables {
    /// The most pieces covered.
    pub fn pieces(&self) -> u32 {
        self.pieces
    }

    /// The value of `pos` for its side to move, if it is covered.
    pub fn probe(&self, pos: &Position) -> Option<Wdl> {
        let material = Material::of(pos);
        if material.total() > self.pieces {
            return None;
        }
        let side = pos.side_to_move();
        if material.of_color(side) == 0 {
            return Some(Wdl::Loss);
        }
        if material.of_color(!side) == 0 {
            return Some(Wdl::Win);
        }
        let slice = self.slices.get(&material)?;
        Some(match slice.get(slice.indexer.entry(pos)) {
            1 => Wdl::Win,
            2 => Wdl::Loss,
            _ => Wdl::Draw,
        })
    }

    /// The value of `pos` when the no-progress rule has counted `quiet` plies. Where only a
    /// capture restarts that count (the 8-men variant) and the distances are known, a win or
    /// loss whose next capture lies beyond the plies left is a draw: the loser holds out until
    /// the rule draws the game. Elsewhere the value of [`Tables::probe`].
    pub fn probe_counted(&self, pos: &Position, quiet: u32) -> Option<Wdl> {
        let value = self.probe(pos)?;
        let Some(limit) = self.capture_count else {
            return Some(value);
        };
        if value == Wdl::Draw {
            return Some(value);
        }
        let within = match self.distance(pos) {
            Some(d) => d <= limit.saturating_sub(quiet),
            // Beyond 254 plies, or the distances not read (then the value alone).
            None => self
                .slices
                .get(&Material::of(pos))
                .is_none_or(|s| s.distances.is_none()),
        };
        Some(if within { value } else { Wdl::Draw })
    }

    /// Whether the distances to conversion are known ([`Tables::distance`]).
    pub fn has_distances(&self) -> bool {
        !self.slices.is_empty() && self.slices.values().all(|s| s.distances.is_some())
    }

    /// The plies from `pos`, won or lost, to the next capture or crowning (a capture alone where
    /// only that restarts the no-progress count) with best play: the winner makes it as soon as
    /// it can while keeping the win, the loser puts it off. 0 for a
    /// position without the pieces or the moves to play on. `None` for a drawn position, one not
    /// covered, or when the distances were not read.
    pub fn distance(&self, pos: &Position) -> Option<u32> {
        let material = Material::of(pos);
        if material.total() > self.pieces {
            return None;
        }
        if material.of_color(Color::White) == 0 || material.of_color(Color::Black) == 0 {
            return Some(0);
        }
        let slice = self.slices.get(&material)?;
        let d = slice.distances.as_ref()?[slice.indexer.entry(pos)];
        (d != FAR).then_some(u32::from(d))
    }

    /// No databases yet, to be filled material by material ([`Tables::solve_next`]) in the order
    /// of [`materials`].
    pub fn empty(rules: &RuleSet, pieces: u32) -> Tables {
        Tables {
            pieces: pieces.min(8),
            slices: HashMap::new(),
            capture_count: capture_count(rules),
        }
    }

    /// Whether `material` is solved.
    pub fn has(&self, material: &Material) -> bool {
        self.slices.contains_key(material)
    }

    /// Computes the databases of `rules` up to `pieces` pieces on `threads` threads;
    /// `progress` hears each material when done.
    pub fn build(
        rules: &RuleSet,
        pieces: u32,
        threads: usize,
        progress: &mut dyn FnMut(&Material, &BuildStats),
    ) -> (Tables, BuildStats) {
        let mut tables = Tables::empty(rules, pieces);
        let mut stats = BuildStats::default();
        let never = AtomicBool::new(false);
        for m in materials(rules, pieces) {
            let s = tables
                .solve_next(rules, m, threads, &never)
                .expect("not cancelled");
            stats.add(&s);
            progress(&m, &s);
        }
        (tables, stats)
    }

    /// Solves `material` and keeps it, every material before it in [`materials`] being here
    /// (solved or read back with [`Tables::read_material`]): a build can so be stopped between
    /// materials and resumed. `None`, with nothing kept, when `cancel` is set before it is done:
    /// a material of many pieces takes minutes, and a person who stops a build should not wait.
    pub fn solve_next(
        &mut self,
        rules: &RuleSet,
        material: Material,
        threads: usize,
        cancel: &AtomicBool,
    ) -> Option<BuildStats> {
        let (slice, stats) = self.solve(rules, material, threads, cancel)?;
        self.slices.insert(material, slice);
        Some(stats)
    }

    /// Writes one solved material, its values and distances, for a build to resume from.
    ///
    /// # Errors
    /// Those of `out`; `NotFound` for a material not solved.
    pub fn write_material(&self, material: &Material, out: &mut dyn Write) -> io::Result<()> {
        let slice = self
            .slices
            .get(material)
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "material not solved"))?;
        let mut summed = Summed::new(out);
        summed.write_all(MATERIAL.checked)?;
        summed.write_all(&material.0)?;
        summed.write_all(&(slice.packed.len() as u64).to_le_bytes())?;
        summed.write_all(&slice.packed)?;
        let distances = slice.distances.as_deref().unwrap_or_default();
        summed.write_all(&(distances.len() as u64).to_le_bytes())?;
        summed.write_all(distances)?;
        summed.finish()
    }

    /// Reads back a material written by [`Tables::write_material`] for `rules` and keeps it.
    ///
    /// # Errors
    /// A file that is not one, is cut short, or is of another board or more pieces.
    pub fn read_material(&mut self, rules: &RuleSet, input: &mut dyn Read) -> io::Result<Material> {
        let mut input = Checked::open(input, &MATERIAL)?;
        let (material, len) = read_section_head(&mut input)?;
        if material.total() > self.pieces || material.total() > u32::from(rules.board.squares()) {
            return Err(bad_data(
                "a material with more pieces than the build covers",
            ));
        }
        let indexer = Indexer::new(rules, material);
        if len != (indexer.size * 2).div_ceil(4) {
            return Err(bad_data("a material of another board"));
        }
        let mut packed = vec![0u8; len as usize];
        input.read_exact(&mut packed)?;
        let mut len = [0u8; 8];
        input.read_exact(&mut len)?;
        let len = u64::from_le_bytes(len);
        let distances = match len {
            0 => None,
            n if n == indexer.size * 2 => {
                let mut d = vec![0u8; n as usize];
                input.read_exact(&mut d)?;
                Some(d)
            }
            _ => return Err(bad_data("distances of another board")),
        };
        input.finish()?;
        self.slices.insert(
            material,
            Slice {
                indexer,
                packed,
                distances,
            },
        );
        Ok(material)
    }

    /// Retrograde analysis of one material, every smaller one being known.
    ///
    /// A first pass values every position from its moves; after it, only the positions that can
    /// move to one just decided are valued again (a move within the material is one piece
    /// sliding along a diagonal, so they are found by sliding the pieces of the side that moved
    /// back), until a pass decides nothing: what is left is drawn. Each pass sees the values of
    /// the one before, so the result does not depend on the threads.
    fn solve(
        &self,
        rules: &RuleSet,
        material: Material,
        threads: usize,
        cancel: &AtomicBool,
    ) -> Option<(Slice, BuildStats)> {
        let indexer = Indexer::new(rules, material);
        let entries = (indexer.size * 2) as usize;
        let mut values = vec![UNKNOWN; entries];
        let rays = Rays::new(rules);
        let solver = Solver {
            tables: self,
            rules,
            indexer: &indexer,
        };
        // Entries a pass decides, with their values; and entries waiting for a crowning's
        // distance to come within reach, with the pass it does.
        let run = |values: &[u8], part: &mut dyn Iterator<Item = usize>, pass: u32| {
            let mut decided = Vec::new();
            let mut waiting = Vec::new();
            for e in part {
                match solver.value(values, e, pass) {
                    (UNKNOWN, Some(at)) => waiting.push((e, at)),
                    (UNKNOWN, None) => {}
                    (v, _) => decided.push((e, v)),
                }
            }
            vec![(decided, waiting)]
        };
        let join = |parts: Vec<PassResult>, wake: &mut BTreeMap<u32, Vec<usize>>| {
            let mut decided = Vec::new();
            for (d, w) in parts {
                decided.extend(d);
                for (e, at) in w {
                    wake.entry(at).or_default().push(e);
                }
            }
            decided
        };
        let mut wake = BTreeMap::new();
        let mut decided = join(
            in_blocks(entries, threads, |mut part| run(&values, &mut part, 1)),
            &mut wake,
        );
        // The pass that decides a position is its distance: a win needs a move to a loss
        // decided the pass before, a loss has only moves to wins decided before.
        let mut distances = vec![FAR; entries];
        for &(e, v) in &decided {
            (values[e], distances[e]) = if v == NO_MOVE { (LOSS, 0) } else { (v, 1) };
        }
        decided.retain(|&(_, v)| v != INVALID);
        let mut pass = 1u32;
        while !decided.is_empty() || !wake.is_empty() {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            pass = if decided.is_empty() {
                *wake.keys().next().expect("waiting entries")
            } else {
                pass + 1
            };
            let snapshot = &values;
            let mut candidates: Vec<usize> = in_blocks(decided.len(), threads, |part| {
                let mut out = Vec::new();
                for &(e, _) in &decided[part] {
                    indexer.predecessors(rules, &rays, e, &mut |p| {
                        if snapshot[p] == UNKNOWN {
                            out.push(p);
                        }
                    });
                }
                out
            });
            candidates.extend(wake.remove(&pass).unwrap_or_default());
            candidates.retain(|&e| snapshot[e] == UNKNOWN);
            candidates.sort_unstable();
            candidates.dedup();
            decided = join(
                in_blocks(candidates.len(), threads, |part| {
                    run(snapshot, &mut candidates[part].iter().copied(), pass)
                }),
                &mut wake,
            );
            for &(e, v) in &decided {
                values[e] = v;
                distances[e] = pass.min(u32::from(FAR - 1)) as u8;
            }
        }
        let mut stats = BuildStats {
            materials: 1,
            positions: entries as u64,
            ..BuildStats::default()
        };
        let count = self.capture_count.unwrap_or(u32::MAX);
        for (d, v) in distances.iter_mut().zip(&values) {
            if !matches!(*v, WIN | LOSS) {
                *d = FAR;
            } else if u32::from(*d) > count {
                stats.beyond_count += 1;
            }
        }
        let mut packed = vec![0u8; entries.div_ceil(4)];
        for (e, v) in values.iter().enumerate() {
            let bits = match *v {
                WIN => {
                    stats.wins += 1;
                    1
                }
                LOSS => {
                    stats.losses += 1;
                    2
                }
                INVALID => 0,
                _ => {
                    stats.draws += 1;
                    0
                }
            };
            packed[e / 4] |= bits << (2 * (e % 4));
        }
        let slice = Slice {
            indexer,
            packed,
            distances: Some(distances),
        };
        Some((slice, stats))
    }

    /// Writes the databases.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        self.write_sections(out, &VALUES, |slice| &slice.packed)
    }

    /// The layout both files share: the magic, the pieces, then each material (in order) with
    /// the length of its bytes and the bytes `section` gives, and the checksum of all that.
    fn write_sections(
        &self,
        out: &mut dyn Write,
        kind: &Kind,
        section: impl Fn(&Slice) -> &[u8],
    ) -> io::Result<()> {
        let mut out = Summed::new(out);
        out.write_all(kind.checked)?;
        out.write_all(&[self.pieces as u8])?;
        let mut keys: Vec<&Material> = self.slices.keys().collect();
        keys.sort();
        out.write_all(&(keys.len() as u32).to_le_bytes())?;
        for m in keys {
            let bytes = section(&self.slices[m]);
            out.write_all(&m.0)?;
            out.write_all(&(bytes.len() as u64).to_le_bytes())?;
            out.write_all(bytes)?;
        }
        out.finish()
    }

    /// The most pieces of the databases in a file written by [`Tables::write`], read from its
    /// head alone: to say what is installed without reading it all.
    ///
    /// # Errors
    /// A file that is not one.
    pub fn read_pieces(input: &mut dyn Read) -> io::Result<u32> {
        Checked::open(input, &VALUES).and_then(|mut c| read_counts(&mut c).map(|(p, _)| p))
    }

    /// Reads databases written by [`Tables::write`] for `rules`, their checksum checked.
    ///
    /// # Errors
    /// A file that is not one, not of this rule set's board, cut short or damaged
    /// ([`is_damage`] tells these from a disk that cannot be read).
    pub fn read(rules: &RuleSet, input: &mut dyn Read) -> io::Result<Tables> {
        let mut slices = HashMap::new();
        let pieces = read_values(rules, input, &mut |material, indexer, input| {
            let mut packed = vec![0u8; (indexer.size * 2).div_ceil(4) as usize];
            input.read_exact(&mut packed)?;
            slices.insert(
                material,
                Slice {
                    indexer,
                    packed,
                    distances: None,
                },
            );
            Ok(())
        })?;
        Ok(Tables {
            pieces,
            slices,
            capture_count: capture_count(rules),
        })
    }

    /// Checks a file of databases written by [`Tables::write`] for `rules` (its layout and
    /// checksum) without keeping it: a file of hundreds of megabytes is read a block at a time.
    /// Its most pieces.
    ///
    /// # Errors
    /// Those of [`Tables::read`].
    pub fn check(rules: &RuleSet, input: &mut dyn Read) -> io::Result<u32> {
        read_values(rules, input, &mut |_, indexer, input| {
            skip(input, (indexer.size * 2).div_ceil(4))
        })
    }

    /// Checks a file of distances written by [`Tables::write_distances`] for `rules`' databases
    /// of `pieces` pieces (`None`: of as many as it says), without keeping it. Its most pieces.
    ///
    /// # Errors
    /// Those of [`Tables::read_distances`].
    pub fn check_distances(
        rules: &RuleSet,
        pieces: Option<u32>,
        input: &mut dyn Read,
    ) -> io::Result<u32> {
        let mut input = Checked::open(input, &DISTANCES)?;
        let (found, count) = read_counts(&mut input)?;
        let pieces = pieces.unwrap_or(found);
        if found != pieces || pieces > 8 {
            return Err(bad_data("distances of other databases"));
        }
        for _ in 0..count {
            let (material, len) = read_section_head(&mut input)?;
            if material.total() > pieces || len != Indexer::new(rules, material).size * 2 {
                return Err(bad_data("distances of another board"));
            }
            skip(&mut input, len)?;
        }
        input.finish()?;
        Ok(pieces)
    }

    /// Writes the distances to conversion, when computed: a file of its own, as they take four
    /// times the room of the values.
    ///
    /// # Errors
    /// Those of `out`; `InvalidInput` when the distances were not computed.
    pub fn write_distances(&self, out: &mut dyn Write) -> io::Result<()> {
        if !self.has_distances() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "no distances to write",
            ));
        }
        self.write_sections(out, &DISTANCES, |slice| {
            slice.distances.as_deref().unwrap_or_default()
        })
    }

    /// Adds the distances written by [`Tables::write_distances`] for these databases.
    ///
    /// # Errors
    /// A file that is not one, or not of these databases (another board, other pieces); the
    /// tables are then left without distances.
    pub fn read_distances(&mut self, input: &mut dyn Read) -> io::Result<()> {
        let mut input = Checked::open(input, &DISTANCES)?;
        let (pieces, count) = read_counts(&mut input)?;
        if pieces != self.pieces || count as usize != self.slices.len() {
            return Err(bad_data("distances of other databases"));
        }
        let mut read = HashMap::new();
        for _ in 0..count {
            let (material, len) = read_section_head(&mut input)?;
            let Some(slice) = self.slices.get(&material) else {
                return Err(bad_data(
                    "distances of a material the databases do not have",
                ));
            };
            if len != slice.indexer.size * 2 {
                return Err(bad_data("distances of another board"));
            }
            let mut distances = vec![0u8; len as usize];
            input.read_exact(&mut distances)?;
            read.insert(material, distances);
        }
        input.finish()?;
        for (m, d) in read {
            if let Some(slice) = self.slices.get_mut(&m) {
                slice.distances = Some(d);
            }
        }
        Ok(())
    }
}

/// An error of a file that is not what it should be.
fn bad_data(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.to_string())
}

/// Whether an error of reading a file of databases says that the file is damaged (cut short,
/// its checksum or layout wrong, not such a file at all) rather than that the disk could not be
/// read: a damaged file is set aside and built again, an unreadable one left alone.
pub fn is_damage(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::InvalidData | io::ErrorKind::UnexpectedEof
    )
}

/// The pieces and the number of materials that follow the magic of both files.
fn read_counts(input: &mut dyn Read) -> io::Result<(u32, u32)> {
    let mut pieces = [0u8; 1];
    input.read_exact(&mut pieces)?;
    let mut count = [0u8; 4];
    input.read_exact(&mut count)?;
    Ok((u32::from(pieces[0]), u32::from_le_bytes(count)))
}

/// A file of values for `rules` read through: each material's bytes are left to `section`
/// (kept or skipped), the rest checked here. The most pieces.
fn read_values(
    rules: &RuleSet,
    input: &mut dyn Read,
    section: &mut dyn FnMut(Material, Indexer, &mut dyn Read) -> io::Result<()>,
) -> io::Result<u32> {
    let mut input = Checked::open(input, &VALUES)?;
    let (pieces, count) = read_counts(&mut input)?;
    if pieces > 8 || pieces > u32::from(rules.board.squares()) {
        return Err(bad_data("more pieces than databases are made for"));
    }
    for _ in 0..count {
        let (material, len) = read_section_head(&mut input)?;
        if material.total() > pieces {
            return Err(bad_data("a material with more pieces than the file covers"));
        }
        let indexer = Indexer::new(rules, material);
        if len != (indexer.size * 2).div_ceil(4) {
            return Err(bad_data("a database of another board"));
        }
        section(material, indexer, &mut input)?;
    }
    input.finish()?;
    Ok(pieces)
}

/// Reads past `len` bytes of `input` a block at a time; a file that ends before is cut short.
fn skip(input: &mut dyn Read, len: u64) -> io::Result<()> {
    if io::copy(&mut input.take(len), &mut io::sink())? < len {
        return Err(cut_short());
    }
    Ok(())
}

/// The error of a file that ends too soon, in words that say so (`read_exact`'s own, "failed
/// to fill whole buffer", says nothing of the file).
fn cut_short() -> io::Error {
    io::Error::new(io::ErrorKind::UnexpectedEof, "damaged: cut short")
}

/// One kind of file: the magic of files with a checksum at their end, and of those written
/// before they had one (read as they were, as nothing can check them).
struct Kind {
    checked: &'static [u8; 8],
    unchecked: &'static [u8; 8],
    not_ours: &'static str,
}

const VALUES: Kind = Kind {
    checked: b"DAMAWDL2",
    unchecked: b"DAMAWDL1",
    not_ours: "not a Dáma endgame database",
};
const DISTANCES: Kind = Kind {
    checked: b"DAMADTC2",
    unchecked: b"DAMADTC1",
    not_ours: "not the distances of a Dáma endgame database",
};
/// One material kept while a build is under way.
const MATERIAL: Kind = Kind {
    checked: b"DAMAMAT2",
    unchecked: b"DAMAMAT1",
    not_ours: "not a material of a Dáma endgame database",
};

/// A file written with its CRC-32 at the end: every byte before it is summed as it goes out.
/// CRC-32 (`crc32fast`, already a dependency) catches a cut or any burst of damage up to 32
/// bits and all but one in four billion others, at several gigabytes a second.
struct Summed<'a> {
    out: &'a mut dyn Write,
    sum: crc32fast::Hasher,
}

impl<'a> Summed<'a> {
    fn new(out: &'a mut dyn Write) -> Summed<'a> {
        Summed {
            out,
            sum: crc32fast::Hasher::new(),
        }
    }

    /// Writes the checksum, the file's last four bytes.
    fn finish(self) -> io::Result<()> {
        self.out.write_all(&self.sum.finalize().to_le_bytes())
    }
}

impl Write for Summed<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        self.sum.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// A file read with its magic checked, every byte summed as it comes in, for [`Checked::finish`]
/// to compare with the checksum at its end.
struct Checked<'a> {
    input: &'a mut dyn Read,
    sum: crc32fast::Hasher,
    /// Written with a checksum (else before files had one).
    summed: bool,
}

impl<'a> Checked<'a> {
    /// Reads the magic of `kind`: either version, or the error that it is not such a file.
    fn open(input: &'a mut dyn Read, kind: &Kind) -> io::Result<Checked<'a>> {
        let mut magic = [0u8; 8];
        input.read_exact(&mut magic).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => cut_short(),
            _ => e,
        })?;
        let summed = &magic == kind.checked;
        if !summed && &magic != kind.unchecked {
            return Err(bad_data(kind.not_ours));
        }
        let mut sum = crc32fast::Hasher::new();
        sum.update(&magic);
        Ok(Checked { input, sum, summed })
    }

    /// At the end of what was read: the checksum that follows is the sum of it, and nothing
    /// follows that (a file of either version that goes on is not what was written).
    fn finish(self) -> io::Result<()> {
        if self.summed {
            let mut stored = [0u8; 4];
            self.input
                .read_exact(&mut stored)
                .map_err(|_| cut_short())?;
            if u32::from_le_bytes(stored) != self.sum.finalize() {
                return Err(bad_data("damaged: its checksum does not match"));
            }
        }
        if self.input.read(&mut [0u8; 1])? != 0 {
            return Err(bad_data("longer than what was written"));
        }
        Ok(())
    }
}

impl Read for Checked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.input.read(buf)?;
        self.sum.update(&buf[..n]);
        Ok(n)
    }

    fn read_exact(&mut self, mut buf: &mut [u8]) -> io::Result<()> {
        while !buf.is_empty() {
            match self.read(buf) {
                Ok(0) => return Err(cut_short()),
                Ok(n) => buf = &mut buf[n..],
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

/// The material and the length in bytes that begin each material's section of both files.
fn read_section_head(input: &mut dyn Read) -> io::Result<(Material, u64)> {
    let mut m = [0u8; 6];
    input.read_exact(&mut m)?;
    let mut len = [0u8; 8];
    input.read_exact(&mut len)?;
    Ok((Material(m), u64::from_le_bytes(len)))
}

/// What a pass found in a block of entries: those it decided, with their values, and those
/// waiting for a crowning, with the pass at which its distance is within reach.
type PassResult = (Vec<(usize, u8)>, Vec<(usize, u32)>);

/// What valuing a position needs while one material is solved.
struct Solver<'a> {
    tables: &'a Tables,
    rules: &'a RuleSet,
    indexer: &'a Indexer,
}

impl Solver<'_> {
    /// The value of entry `e` at `pass` from its successors, or `UNKNOWN` while it depends on
    /// positions of the same material not yet known, or on a crowning whose distance is not yet
    /// within reach (then also the pass at which the next one is). The first pass also finds
    /// positions that are not positions of the game.
    fn value(&self, values: &[u8], e: usize, pass: u32) -> (u8, Option<u32>) {
        let (rules, indexer) = (self.rules, self.indexer);
        let first = pass == 1;
        let Some(pos) = indexer.position_of(rules, e) else {
            return (if first { INVALID } else { UNKNOWN }, None);
        };
        let moves = pos.legal_moves(rules);
        if moves.is_empty() {
            return (if first { NO_MOVE } else { LOSS }, None);
        }
        let mut all_won = true;
        let mut wait: Option<u32> = None;
        for m in &moves {
            let mut next = pos;
            next.play_unchecked(m);
            let material = Material::of(&next);
            let v = if material == indexer.material {
                match values[indexer.entry(&next)] {
                    WIN => Wdl::Win,
                    LOSS => Wdl::Loss,
                    DRAW => Wdl::Draw,
                    // A move that leaves the opponent no move wins at once, like a capture, at
                    // the first pass: so the pass that decides a position is its distance.
                    _ if first
                        && !next.has_capture(rules)
                        && next.mobility(rules)[next.side_to_move()] == 0 =>
                    {
                        Wdl::Loss
                    }
                    _ => {
                        all_won = false;
                        continue;
                    }
                }
            } else if converts(rules, &pos, &next) {
                // Where only a capture restarts the no-progress count, a win or loss after the
                // capture whose own next capture lies beyond that count is a draw.
                self.tables.probe_counted(&next, 0).unwrap_or(Wdl::Draw)
            } else {
                let v = self.tables.probe(&next).unwrap_or(Wdl::Draw);
                // A crowning that is no conversion: its distance goes on from the crowned
                // position's.
                if v != Wdl::Draw
                    && let Some(d) = self.tables.distance(&next)
                    && d >= pass
                {
                    // Within reach at pass d + 1.
                    wait = Some(wait.map_or(d + 1, |w| w.min(d + 1)));
                    all_won = false;
                    continue;
                }
                v
            };
            match v {
                Wdl::Loss => return (WIN, None),
                Wdl::Draw => all_won = false,
                Wdl::Win => {}
            }
        }
        if all_won {
            (LOSS, None)
        } else {
            (UNKNOWN, wait)
        }
    }
}

/// Where the databases are looked for: set once at start-up by the program.
static DIRECTORY: Mutex<Option<PathBuf>> = Mutex::new(None);
/// The databases read so far, by rule-set id (`None`: none installed).
static LOADED: LazyLock<Mutex<HashMap<String, Option<Arc<Tables>>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// Tells the search where the databases are (the data folder's `endgames`).
pub fn set_directory(dir: &Path) {
    *DIRECTORY.lock().expect("no thread panicked") = Some(dir.to_path_buf());
}

/// Where the databases are looked for, if the program said ([`set_directory`]): where the
/// window builds them.
pub fn directory() -> Option<PathBuf> {
    DIRECTORY.lock().expect("no thread panicked").clone()
}

/// Whether the move from `before` to `after` ends a distance to conversion: a capture, or a
/// crowning where a crowning restarts the rule set's no-progress count too (not in the 8-men
/// variant, where only a capture does).
pub fn converts(rules: &RuleSet, before: &Position, after: &Position) -> bool {
    let crowning_restarts = capture_count(rules).is_none();
    after.occupied().len() < before.occupied().len()
        || (crowning_restarts && Material::of(after) != Material::of(before))
}

/// The file of `rules`' databases in `dir`.
pub fn file_in(dir: &Path, rules: &RuleSet) -> PathBuf {
    dir.join(format!("{}.wdl", rules.id))
}

/// The file of the distances to conversion of `rules`' databases in `dir`.
pub fn distances_file_in(dir: &Path, rules: &RuleSet) -> PathBuf {
    dir.join(format!("{}.dtc", rules.id))
}

/// Forgets what [`installed`] read for `rules`, so that the next search reads the folder again:
/// after databases were built or removed while the program runs.
pub fn forget_installed(rules: &RuleSet) {
    LOADED.lock().expect("no thread panicked").remove(&rules.id);
}

/// The installed databases of a preset rule set, read on first use; `None` when none were
/// built or the file cannot be read (the search then goes without).
pub fn installed(rules: &RuleSet) -> Option<Arc<Tables>> {
    crate::rules::Variant::preset_of(rules)?;
    let mut loaded = LOADED.lock().expect("no thread panicked");
    if let Some(t) = loaded.get(&rules.id) {
        return t.clone();
    }
    let dir = DIRECTORY.lock().expect("no thread panicked").clone();
    let tables = dir.and_then(|d| {
        // Only a regular file: a FIFO in its place would hold the search for ever.
        let file = crate::regular_file::open(&file_in(&d, rules)).ok()?;
        let mut reader = io::BufReader::new(file);
        match Tables::read(rules, &mut reader) {
            Ok(mut t) => {
                if let Ok(file) = crate::regular_file::open(&distances_file_in(&d, rules))
                    && let Err(e) = t.read_distances(&mut io::BufReader::new(file))
                {
                    log::warn!("endgame distances of {} not used: {e}", rules.id);
                }
                Some(Arc::new(t))
            }
            // Damaged: nothing of it is used (the window and `dama endgame` say so and build
            // it again).
            Err(e) => {
                log::warn!("endgame databases of {} not used: {e}", rules.id);
                None
            }
        }
    });
    loaded.insert(rules.id.clone(), tables.clone());
    tables
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{QuietMoves, Variant};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn positions_are_numbered_one_to_one() {
        for v in [Variant::Czech, Variant::TwoTowers] {
            let rules = v.rules();
            let m = if v == Variant::TwoTowers {
                Material([1, 1, 0, 1, 0, 1])
            } else {
                Material([2, 0, 1, 0, 0, 1])
            };
            let ix = Indexer::new(rules, m);
            let mut rng = SmallRng::seed_from_u64(3);
            let mut valid = 0;
            for _ in 0..2000 {
                let i = rng.random_range(0..ix.size);
                if let Some(pos) = ix.position(rules, i, Color::Black) {
                    assert_eq!(Material::of(&pos), m);
                    assert_eq!(ix.index(&pos), i, "{v:?}");
                    valid += 1;
                }
            }
            assert!(valid > 1000);
        }
    }

    /// `n` random entries of each material of `tables`, seeded, as positions (entries that are
    /// no positions of the game left out).
    fn sample(tables: &Tables, rules: &RuleSet, seed: u64, n: usize) -> Vec<(Material, Position)> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut out = Vec::new();
        for (m, slice) in &tables.slices {
            for _ in 0..n {
                let i = rng.random_range(0..slice.indexer.size);
                let side = if rng.random() {
                    Color::White
                } else {
                    Color::Black
                };
                if let Some(pos) = slice.indexer.position(rules, i, side) {
                    out.push((*m, pos));
                }
            }
        }
        out
    }

    /// The value of a position whose moves lead to positions of these values (for the
    /// opponent).
    fn value_from(successors: &[Wdl]) -> Wdl {
        if successors.contains(&Wdl::Loss) {
            Wdl::Win
        } else if successors.iter().all(|&w| w == Wdl::Win) {
            Wdl::Loss
        } else {
            Wdl::Draw
        }
    }

    /// Every value agrees with the values of the positions a move leads to.
    #[test]
    fn values_follow_from_the_moves() {
        for v in [Variant::English, Variant::Czech] {
            let rules = v.rules();
            let (tables, stats) = Tables::build(rules, 3, 2, &mut |_, _| {});
            assert!(stats.wins > 0 && stats.losses > 0 && stats.draws > 0);
            for (m, pos) in sample(&tables, rules, 5, 200) {
                let values: Vec<Wdl> = pos
                    .legal_moves(rules)
                    .iter()
                    .map(|mv| {
                        let mut next = pos;
                        next.play_unchecked(mv);
                        tables.probe(&next).expect("covered")
                    })
                    .collect();
                let expected = value_from(&values);
                assert_eq!(tables.probe(&pos), Some(expected), "{v:?} {m:?} {pos:?}");
            }
        }
    }

    /// A won position's distance is one more than its nearest move to a loss (a capture or a
    /// crowning counting 0), a lost one's one more than its farthest move; drawn ones have none.
    #[test]
    fn distances_follow_from_the_moves() {
        for v in [Variant::English, Variant::Czech, Variant::CzechBook] {
            let rules = v.rules();
            // In the 8-men variant only a capture restarts the no-progress count.
            let crowning_converts = v != Variant::CzechBook;
            let (tables, _) = Tables::build(rules, 3, 2, &mut |_, _| {});
            let (mut won, mut lost) = (0, 0);
            for (m, pos) in sample(&tables, rules, 7, 300) {
                let value = tables.probe(&pos).expect("covered");
                let d = tables.distance(&pos);
                let moves = pos.legal_moves(rules);
                // Each move: its value for the opponent and its distance.
                let next: Vec<(Wdl, u32)> = moves
                    .iter()
                    .map(|mv| {
                        let mut next = pos;
                        next.play_unchecked(mv);
                        let capture = next.occupied().len() < pos.occupied().len();
                        let dn = if Material::of(&next) == m || (!capture && !crowning_converts) {
                            tables.distance(&next).unwrap_or(u32::MAX)
                        } else {
                            0
                        };
                        (tables.probe(&next).expect("covered"), dn)
                    })
                    .collect();
                let expected = match value {
                    Wdl::Draw => None,
                    _ if moves.is_empty() => Some(0),
                    Wdl::Win => {
                        won += 1;
                        next.iter()
                            .filter(|(w, _)| *w == Wdl::Loss)
                            .map(|(_, d)| d.saturating_add(1))
                            .min()
                    }
                    Wdl::Loss => {
                        lost += 1;
                        next.iter().map(|(_, d)| d.saturating_add(1)).max()
                    }
                };
                assert_eq!(d, expected, "{v:?} {m:?} {pos:?}");
            }
            assert!(won > 100 && lost > 100, "{v:?}: {won} won, {lost} lost");
        }
    }

    /// Where only a capture restarts the no-progress count, a win or loss whose next capture
    /// lies beyond the count is a draw, and so are the positions whose only way to it was such a
    /// capture. The 8-men variant with a count of 3 moves each, so that 3 pieces show it.
    #[test]
    fn a_win_beyond_the_no_progress_count_is_a_draw() {
        let real = Variant::CzechBook.rules();
        let mut short = real.clone();
        short.draw.quiet_moves = short
            .draw
            .quiet_moves
            .map(|q| QuietMoves { moves_each: 3, ..q });
        let (t, stats) = Tables::build(&short, 3, 2, &mut |_, _| {});
        let (unlimited, unlimited_stats) = Tables::build(real, 3, 2, &mut |_, _| {});
        assert_eq!(unlimited_stats.beyond_count, 0);
        assert!(stats.beyond_count > 0);
        let (mut beyond, mut near, mut changed) = (0, 0, 0);
        for (m, pos) in sample(&t, &short, 11, 300) {
            let value = t.probe(&pos).expect("covered");
            if value != unlimited.probe(&pos).expect("covered") {
                changed += 1;
            }
            // The value follows from the moves, a capture's as the count values it.
            let next: Vec<Wdl> = pos
                .legal_moves(&short)
                .iter()
                .map(|mv| {
                    let mut next = pos;
                    next.play_unchecked(mv);
                    if Material::of(&next).total() < m.total() {
                        t.probe_counted(&next, 0)
                    } else {
                        t.probe(&next)
                    }
                    .expect("covered")
                })
                .collect();
            assert_eq!(value, value_from(&next), "{pos:?}");
            // Counted: decided only while the distance fits in the 6 plies left.
            let counted = t.probe_counted(&pos, 0).expect("covered");
            match t.distance(&pos) {
                None => assert_eq!(counted, Wdl::Draw),
                Some(d) if d > 6 => {
                    assert_eq!(counted, Wdl::Draw, "{pos:?}");
                    beyond += 1;
                }
                Some(d) => {
                    assert_eq!(counted, value);
                    assert_eq!(t.probe_counted(&pos, 6 - d), Some(value));
                    if d > 0 {
                        assert_eq!(t.probe_counted(&pos, 7 - d), Some(Wdl::Draw), "{pos:?}");
                    }
                    near += 1;
                }
            }
        }
        assert!(
            beyond > 0 && near > 0 && changed > 0,
            "{beyond} {near} {changed}"
        );
        // Where a man's move restarts the count too, the count does not change a value.
        let czech = Variant::Czech.rules();
        let (t, stats) = Tables::build(czech, 3, 2, &mut |_, _| {});
        assert_eq!(stats.beyond_count, 0);
        for (_, pos) in sample(&t, czech, 11, 100) {
            assert_eq!(t.probe_counted(&pos, 29), t.probe(&pos));
        }
    }

    #[test]
    fn known_endings() {
        // English: two kings beat one; Czech (flying kings): two kings do not beat one.
        let english = Variant::English.rules();
        let (t, _) = Tables::build(english, 3, 2, &mut |_, _| {});
        let pos = english.parse_fen("W:WK1,K2:BK32").unwrap();
        assert_eq!(t.probe(&pos), Some(Wdl::Win));
        let czech = Variant::Czech.rules();
        let (t, _) = Tables::build(czech, 3, 2, &mut |_, _| {});
        let pos = czech.parse_fen("W:WK1,K2:BK32").unwrap();
        assert_eq!(t.probe(&pos), Some(Wdl::Draw));
        // Written and read back.
        let mut bytes = Vec::new();
        t.write(&mut bytes).unwrap();
        let mut back = Tables::read(czech, &mut bytes.as_slice()).unwrap();
        assert_eq!(back.probe(&pos), Some(Wdl::Draw));
        // The distances, a file of their own: without it there are none; with it, the same.
        let won = czech.parse_fen("W:WK1,K2:B28").unwrap();
        assert!(!back.has_distances());
        assert_eq!(back.distance(&won), None);
        let mut distances = Vec::new();
        t.write_distances(&mut distances).unwrap();
        assert!(back.read_distances(&mut &distances[..30]).is_err());
        assert!(!back.has_distances());
        let (t4, _) = Tables::build(czech, 2, 2, &mut |_, _| {});
        let mut other = Vec::new();
        t4.write_distances(&mut other).unwrap();
        assert!(back.read_distances(&mut other.as_slice()).is_err());
        back.read_distances(&mut distances.as_slice()).unwrap();
        assert!(back.has_distances());
        assert_eq!(back.distance(&won), t.distance(&won));
        assert!(t.distance(&won).is_some_and(|d| d > 0));
        assert!(Tables::read(english, &mut &bytes[..20]).is_err());
        // A damaged file is an error, not a crash: too many pieces, a material beyond them.
        let mut damaged = bytes.clone();
        damaged[8] = 200;
        assert!(Tables::read(czech, &mut damaged.as_slice()).is_err());
        let mut damaged = bytes.clone();
        damaged[13] = 9;
        assert!(Tables::read(czech, &mut damaged.as_slice()).is_err());
    }

    /// The byte range of `material`'s section in a file of [`Tables::write_sections`]'s layout.
    fn section_of(bytes: &[u8], material: Material) -> Range<usize> {
        let count = u32::from_le_bytes(bytes[9..13].try_into().unwrap());
        let mut at = 13;
        for _ in 0..count {
            let len = u64::from_le_bytes(bytes[at + 6..at + 14].try_into().unwrap()) as usize;
            if bytes[at..at + 6] == material.0 {
                return at + 14..at + 14 + len;
            }
            at += 14 + len;
        }
        panic!("no section of {material:?}");
    }

    /// A file cut short or with a section overwritten by other bytes of the same length is an
    /// error that says it is damaged, never other values; a file of the layout before
    /// checksums (its magic `…1`, no sum at its end) is read as it was.
    #[test]
    fn a_damaged_file_is_refused_and_one_without_a_checksum_is_read() {
        let rules = Variant::English.rules();
        let (t, _) = Tables::build(rules, 3, 2, &mut |_, _| {});
        let (mut values, mut distances) = (Vec::new(), Vec::new());
        t.write(&mut values).unwrap();
        t.write_distances(&mut distances).unwrap();
        assert_eq!(&values[..8], b"DAMAWDL2");
        // Two kings against one: lost for the side with one.
        let lost = rules.parse_fen("B:WK1,K2:BK32").unwrap();
        assert_eq!(t.probe(&lost), Some(Wdl::Loss));
        let section = section_of(&values, Material([0, 0, 0, 0, 2, 1]));
        let mut flipped = values.clone();
        // All zeros: every position a draw, as the probe found a loss turned into a small minus.
        flipped[section.clone()].fill(0);
        let mut one_bit = values.clone();
        one_bit[section.start + 7] ^= 0x10;
        for damaged in [
            &values[..values.len() / 2],
            &values[..values.len() - 1],
            &flipped[..],
            &one_bit[..],
            &[&values[..], &[0][..]].concat()[..],
        ] {
            let e = Tables::read(rules, &mut &damaged[..]).expect_err("damaged");
            assert!(is_damage(&e), "{e}");
            let e = Tables::check(rules, &mut &damaged[..]).expect_err("damaged");
            assert!(is_damage(&e), "{e}");
        }
        assert_eq!(Tables::check(rules, &mut values.as_slice()).unwrap(), 3);
        // The distances: refused damaged, the values kept without them.
        let mut back = Tables::read(rules, &mut values.as_slice()).unwrap();
        let mut bad = distances.clone();
        let at = section_of(&distances, Material([0, 0, 0, 0, 2, 1])).start + 3;
        bad[at] = bad[at].wrapping_add(1);
        let e = back
            .read_distances(&mut bad.as_slice())
            .expect_err("damaged");
        assert!(is_damage(&e), "{e}");
        assert!(!back.has_distances());
        assert!(Tables::check_distances(rules, Some(3), &mut bad.as_slice()).is_err());
        assert!(Tables::check_distances(rules, None, &mut bad.as_slice()).is_err());
        Tables::check_distances(rules, Some(3), &mut distances.as_slice()).unwrap();
        assert!(Tables::check_distances(rules, Some(4), &mut distances.as_slice()).is_err());
        assert_eq!(
            Tables::check_distances(rules, None, &mut distances.as_slice()).unwrap(),
            3
        );
        back.read_distances(&mut distances.as_slice()).unwrap();
        assert_eq!(back.distance(&lost), t.distance(&lost));
        // Written before checksums: read as before, and a cut still found.
        let old = |bytes: &[u8], magic: &[u8; 8]| [&magic[..], &bytes[8..bytes.len() - 4]].concat();
        let old_values = old(&values, b"DAMAWDL1");
        let old_distances = old(&distances, b"DAMADTC1");
        let mut back = Tables::read(rules, &mut old_values.as_slice()).unwrap();
        back.read_distances(&mut old_distances.as_slice()).unwrap();
        assert_eq!(back.probe(&lost), Some(Wdl::Loss));
        assert_eq!(Tables::check(rules, &mut old_values.as_slice()).unwrap(), 3);
        let cut = &old_values[..old_values.len() - 1];
        assert!(is_damage(&Tables::check(rules, &mut &cut[..]).unwrap_err()));
        assert_eq!(Tables::read_pieces(&mut old_values.as_slice()).unwrap(), 3);
        // A disk that cannot be read is no damage.
        assert!(!is_damage(&io::Error::from(
            io::ErrorKind::PermissionDenied
        )));
    }

    #[test]
    fn a_build_stopped_and_resumed_from_its_materials_is_the_build_in_one_go() {
        let rules = Variant::Czech.rules();
        let (whole, _) = Tables::build(rules, 3, 2, &mut |_, _| {});
        let order = materials(rules, 3);
        assert_eq!(order.len(), whole.slices.len());
        // Half the materials solved and kept as files, then a stop.
        let mut first = Tables::empty(rules, 3);
        let half = order.len() / 2;
        let mut kept = Vec::new();
        for m in &order[..half] {
            first
                .solve_next(rules, *m, 2, &AtomicBool::new(false))
                .unwrap();
            let mut bytes = Vec::new();
            first.write_material(m, &mut bytes).unwrap();
            kept.push(bytes);
        }
        let stop = AtomicBool::new(true);
        assert!(first.solve_next(rules, order[half], 2, &stop).is_none());
        assert!(!first.has(&order[half]));
        // A later run reads them back and solves the rest.
        let mut resumed = Tables::empty(rules, 3);
        for bytes in &kept {
            resumed.read_material(rules, &mut bytes.as_slice()).unwrap();
        }
        for m in &order[half..] {
            resumed
                .solve_next(rules, *m, 2, &AtomicBool::new(false))
                .unwrap();
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        whole.write(&mut a).unwrap();
        resumed.write(&mut b).unwrap();
        assert_eq!(a, b);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        whole.write_distances(&mut a).unwrap();
        resumed.write_distances(&mut b).unwrap();
        assert_eq!(a, b);
        // A material file cut short, of another board, or with more pieces is refused.
        let bytes = &kept[half - 1];
        let mut other = Tables::empty(rules, 3);
        assert!(
            other
                .read_material(rules, &mut &bytes[..bytes.len() - 1])
                .is_err()
        );
        assert!(
            other
                .read_material(Variant::International.rules(), &mut bytes.as_slice())
                .is_err()
        );
        assert!(
            Tables::empty(rules, 1)
                .read_material(rules, &mut bytes.as_slice())
                .is_err()
        );
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(other.read_material(rules, &mut longer.as_slice()).is_err());
        // A material overwritten with other bytes is solved again, not kept.
        let mut flipped = bytes.clone();
        flipped[30] ^= 1;
        let e = other
            .read_material(rules, &mut flipped.as_slice())
            .unwrap_err();
        assert!(is_damage(&e), "{e}");
        assert!(other.slices.is_empty());
    }

    #[test]
    fn materials_count_their_positions() {
        let rules = Variant::Czech.rules();
        // Two kings of one side and a man of the other on 32 squares: 32·31/2 places for the
        // kings' pair... counted in the numbering's order: the man first (on 28 squares, none on
        // its promotion row is excluded by the numbering), then the kings on the 31 left.
        let m = Material([0, 0, 1, 0, 2, 0]);
        assert_eq!(m.positions(rules), 2 * 32 * (31 * 30 / 2));
        assert_eq!(m.count(Color::White, Role::King), 2);
        assert_eq!(m.count(Color::Black, Role::Man), 1);
        assert_eq!(m.count(Color::White, Role::Man), 0);
        let all: u64 = materials(rules, 4).iter().map(|m| m.positions(rules)).sum();
        assert_eq!(all, 16_594_176);
    }
}
