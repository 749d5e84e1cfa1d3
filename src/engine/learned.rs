//! The learned evaluation: weights for local patterns of the board and a few global terms,
//! fitted to game results by logistic regression (`examples/train_eval.rs`), in the manner of
//! Fabien Letouzey's Scan.
//!
//! The men of each window of the board index a table of weights, one table per window: by
//! default 4×4 squares (8 dark squares, each empty, own or opposing: 3⁸ = 6,561 patterns), or
//! another [`Shape`] that the weights file names. Black's pieces are seen as
//! White's are, with the board turned round: the same table scores White's men in a window and
//! Black's men in the window opposite. Beside the patterns: the side to move, men, kings and
//! towers, whether a side has a king, mobility, and where kings and towers stand; in files of
//! [`Terms::Reach`] also Scan's king reach (the squares kings go to, safe or not) and left/right
//! balance, and in files of [`Terms::Edges`] Scan's 9-square patterns of the edges besides.
//! Every weight comes twice, for the opening and for the ending, blended by the men left.
//!
//! The weights of each preset rule set are a data file, `assets/eval/ID.eval`, built into the
//! program.

use std::sync::{Arc, LazyLock};

use crate::rules::{ByColor, Color, KingReach, Position, Role, RuleSet, Variant};

/// The shape of the windows: how many rows each covers (two dark squares a row, so `3^(2 ×
/// rows)` patterns a window) and how many rows apart they start. Files always start two apart.
/// Bigger and denser windows see more of the board's structure at the cost of more weights to
/// learn and more table look-ups a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    rows: u8,
    step: u8,
}

impl Shape {
    /// Scan 2.0's windows: 4 × 4 squares, starting every second row.
    pub const SQUARE: Shape = Shape { rows: 4, step: 2 };

    /// Patterns a window can show.
    pub fn patterns(self) -> usize {
        3usize.pow(2 * u32::from(self.rows))
    }

    /// A shape of 2 to 6 rows a window, starting 1 or 2 rows apart.
    pub fn new(rows: u8, step: u8) -> Option<Shape> {
        ((2..=6).contains(&rows) && (1..=2).contains(&step)).then_some(Shape { rows, step })
    }

    /// The shape written `ROWSxSTEP` (`4x2`, `5x1`), as `Display` writes it.
    pub fn parse(text: &str) -> Option<Shape> {
        let (rows, step) = text.split_once('x')?;
        Shape::new(rows.parse().ok()?, step.parse().ok()?)
    }
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.rows, self.step)
    }
}

/// Which terms beside the patterns, material and piece squares a weights file has; the
/// discriminant is the file's terms byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Terms {
    /// Mobility alone: the files written before the others existed.
    Base = 0,
    /// Also, after the windows, Scan 2.0's king reach (empty squares the kings go to where no
    /// opposing man could take them, and where one could) and left/right balance (how far the
    /// men and towers stand to one side, as `|Σ (2·file − size + 1)|`, which a side pays for).
    Reach = 1,
    /// [`Terms::Reach`], and then Scan 2.0's two patterns of the edges: the men on the 9 dark
    /// squares of the three files at each edge over six rows ([`EDGE_PATTERNS`] each), a table
    /// for the left strip of the far half and the right strip of the near half turned round,
    /// one for the other two.
    Edges = 2,
}

impl Terms {
    /// Every kind, in the order of its byte in a weights file.
    const ALL: [Terms; 3] = [Terms::Base, Terms::Reach, Terms::Edges];

    /// The kind a weights file's terms byte names.
    fn from_byte(byte: u8) -> Option<Terms> {
        Terms::ALL.get(usize::from(byte)).copied()
    }

    /// The features these terms add after the windows.
    fn extra(self) -> usize {
        match self {
            Terms::Base => 0,
            Terms::Reach => EXTRA_NAMES.len(),
            Terms::Edges => EXTRA_NAMES.len() + 2 * EDGE_PATTERNS,
        }
    }
}

/// Patterns of an edge strip: 3⁹.
pub const EDGE_PATTERNS: usize = 19_683;

/// One of the two tables of edge patterns ([`Terms::Edges`]): a strip of three files at an edge
/// of the far half as White sees it, and the strip the board turned round puts there as Black
/// sees it. Each strip lies in a window of 6 rows and 4 files, read as the windows are.
#[derive(Clone, Debug)]
struct Edge {
    /// The window holding the strip White sees: the bit offset of its first square a row.
    rows: [u8; 6],
    /// The window opposite, holding the strip Black sees.
    opposite: [u8; 6],
    /// The ternary digits of the strip's squares from a window's 12 bits (the three outside
    /// the strip ignored).
    digits: Vec<u32>,
    /// The same from the opposite window's bits, the board turned round.
    turned: Vec<u32>,
}

/// The names of the terms [`Terms::Reach`] adds after the windows, in order, for reports.
pub const EXTRA_NAMES: [&str; 3] = ["king-safe", "king-denied", "balance"];

/// Feature indices of the global terms.
const TURN: usize = 0;
const MEN: usize = 1;
const KINGS: usize = 2;
const TOWERS: usize = 3;
const HAS_KING: usize = 4;
const MOBILITY: usize = 5;
/// King squares start here, then tower squares, then the windows.
const SQUARES: usize = 6;

/// The names of the global features, in the order of their indices, for reports.
pub const GLOBAL_NAMES: [&str; SQUARES] =
    ["turn", "men", "kings", "towers", "has-king", "mobility"];

/// The window layout of one board: which bits of a [`crate::rules::SquareSet`] make up each
/// window, and how the features are numbered.
#[derive(Clone, Debug)]
pub struct Layout {
    shape: Shape,
    terms: Terms,
    /// The rule set, for the squares kings reach ([`Terms::Reach`]).
    rules: RuleSet,
    /// Bit `b` of the file of each dark square, as a set per `b`: the sum of the files of a
    /// set of men in four population counts, for the balance.
    file_bits: [u64; 4],
    /// Files of the board.
    size: i32,
    /// Dark squares on the board.
    squares: usize,
    /// Per window, the bit offset of the first of its two squares in each of its rows.
    windows: Vec<[u8; 6]>,
    /// Per window, where its table and the table of the window opposite (the board turned
    /// round) start among the window features.
    tables: Vec<(usize, usize)>,
    /// The ternary digits of a window's bits turned round ([`TERNARY`] of the bits reversed):
    /// one look-up for Black's men, at every leaf of the search.
    turned: Vec<u32>,
    /// Men and towers each side starts with: the measure of the phase.
    initial: u32,
    /// The edge tables of [`Terms::Edges`]; none for other terms.
    edges: Vec<Edge>,
}

/// Binary digits read as ternary ones: `TERNARY[b]` has digit `k` equal to bit `k` of `b`.
static TERNARY: LazyLock<Vec<u32>> = LazyLock::new(|| {
    (0..1usize << 12)
        .map(|b| {
            let mut v = 0;
            let mut p = 1;
            for k in 0..12 {
                if b >> k & 1 != 0 {
                    v += p;
                }
                p *= 3;
            }
            v
        })
        .collect()
});

impl Layout {
    /// The layout of `rules`' board with windows of `shape` and `terms`, if the windows fit it:
    /// they must cover the board from its first row to its last, so that each has one opposite.
    pub fn new(rules: &RuleSet, shape: Shape, terms: Terms) -> Option<Layout> {
        let board = rules.board;
        let size = usize::from(board.size());
        let width = usize::from(board.row_width());
        let height = usize::from(shape.rows);
        if height > size || (size - height) % usize::from(shape.step) != 0 {
            return None;
        }
        let row_starts: Vec<usize> = (0..=size - height)
            .step_by(usize::from(shape.step))
            .collect();
        let file_starts: Vec<usize> = (0..=size - 4).step_by(2).collect();
        let mut windows = Vec::new();
        let mut at = Vec::new();
        for &r in &row_starts {
            for &f in &file_starts {
                let mut rows = [0u8; 6];
                for (j, row) in rows.iter_mut().take(height).enumerate() {
                    *row = ((r + j) * width + f / 2) as u8;
                }
                windows.push(rows);
                at.push((r, f));
            }
        }
        let opposite: Vec<usize> = at
            .iter()
            .map(|&(r, f)| {
                let o = (size - height - r, size - 4 - f);
                at.iter()
                    .position(|&a| a == o)
                    .expect("windows turn into windows")
            })
            .collect();
        let initial = rules.start_position().map_or(12, |p| {
            (p.count(Color::White, Role::Man) + p.count(Color::White, Role::Tower)) as u32
        });
        let patterns = shape.patterns();
        let tables = opposite
            .iter()
            .enumerate()
            .map(|(i, &o)| (i * patterns, o * patterns))
            .collect();
        // Reversing a window's bits turns it round: rows and the squares in them both reverse.
        let bits = 2 * u32::from(shape.rows);
        let turned = (0..1u16 << bits)
            .map(|x| TERNARY[usize::from(x.reverse_bits() >> (16 - bits))])
            .collect();
        let mut file_bits = [0u64; 4];
        for sq in board.all_squares() {
            let file = board.coords(sq).0;
            for (b, set) in file_bits.iter_mut().enumerate() {
                if file >> b & 1 != 0 {
                    *set |= 1 << sq.index();
                }
            }
        }
        let edges = if terms == Terms::Edges {
            edges(board)
        } else {
            Vec::new()
        };
        Some(Layout {
            edges,
            shape,
            terms,
            rules: rules.clone(),
            file_bits,
            size: i32::from(board.size()),
            squares: size * size / 2,
            windows,
            tables,
            turned,
            initial: initial.max(1),
        })
    }

    /// The shape of the windows.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The terms beside the patterns.
    pub fn terms(&self) -> Terms {
        self.terms
    }

    /// Features in all.
    pub fn features(&self) -> usize {
        self.extras() + self.terms.extra()
    }

    /// The index of the first of the terms after the windows ([`EXTRA_NAMES`]).
    pub fn extras(&self) -> usize {
        SQUARES + 2 * self.squares + self.windows.len() * self.shape.patterns()
    }

    /// Number of windows.
    pub fn windows(&self) -> usize {
        self.windows.len()
    }

    /// Calls `f(feature, value)` for every feature of `pos` that is not zero, from White's
    /// point of view: a feature of Black's counts with the opposite sign. Returns the weight of
    /// the opening in `pos`, from 1 (all men on the board) to 0 (none left), from the same
    /// piece sets.
    #[inline]
    pub fn visit(
        &self,
        pos: &Position,
        mobility: ByColor<u32>,
        mut f: impl FnMut(usize, i32),
    ) -> f32 {
        let (men, phase) = self.visit_terms(pos, mobility, &mut f);
        let base = SQUARES + 2 * self.squares;
        let ternary = &*TERNARY;
        self.each_window(men, |i, w, b| {
            let (table, opposite) = self.tables[i];
            // White's men in this window, with its own table.
            f(base + table + (ternary[w] + 2 * ternary[b]) as usize, 1);
            // Black's men here are White's in the window opposite, its squares in reverse order.
            let turned = &self.turned;
            f(base + opposite + (turned[b] + 2 * turned[w]) as usize, -1);
        });
        phase
    }

    /// [`Layout::visit`] but for the windows: calls `f` for the other features and returns the
    /// men of White and Black, for the windows, and the weight of the opening.
    #[inline(always)]
    fn visit_terms(
        &self,
        pos: &Position,
        mobility: ByColor<u32>,
        f: &mut impl FnMut(usize, i32),
    ) -> ([u64; 2], f32) {
        let n = self.squares;
        let men = [
            pos.pieces_of(Color::White, Role::Man).0,
            pos.pieces_of(Color::Black, Role::Man).0,
        ];
        let kings = [
            pos.pieces_of(Color::White, Role::King).0,
            pos.pieces_of(Color::Black, Role::King).0,
        ];
        let towers = [
            pos.pieces_of(Color::White, Role::Tower).0,
            pos.pieces_of(Color::Black, Role::Tower).0,
        ];
        f(
            TURN,
            if pos.side_to_move() == Color::White {
                1
            } else {
                -1
            },
        );
        let count = |s: [u64; 2]| s[0].count_ones() as i32 - s[1].count_ones() as i32;
        let d = count(men);
        if d != 0 {
            f(MEN, d);
        }
        let d = count(kings);
        if d != 0 {
            f(KINGS, d);
        }
        let d = count(towers);
        if d != 0 {
            f(TOWERS, d);
        }
        let d = i32::from(kings[0] != 0) - i32::from(kings[1] != 0);
        if d != 0 {
            f(HAS_KING, d);
        }
        let d = mobility.white as i32 - mobility.black as i32;
        if d != 0 {
            f(MOBILITY, d);
        }
        for (base, sets) in [(SQUARES, kings), (SQUARES + n, towers)] {
            let mut w = sets[0];
            while w != 0 {
                f(base + w.trailing_zeros() as usize, 1);
                w &= w - 1;
            }
            let mut b = sets[1];
            while b != 0 {
                // Black's piece on square s stands where White's would on n - 1 - s.
                f(base + n - 1 - b.trailing_zeros() as usize, -1);
                b &= b - 1;
            }
        }
        if self.terms != Terms::Base {
            let extra = self.extras();
            if kings[0] | kings[1] != 0 {
                let reach = pos.king_reach(&self.rules);
                let d = |f: fn(&KingReach) -> u32| f(&reach.white) as i32 - f(&reach.black) as i32;
                let safe = d(|r| r.safe);
                if safe != 0 {
                    f(extra, safe);
                }
                let denied = d(|r| r.denied);
                if denied != 0 {
                    f(extra + 1, denied);
                }
            }
            // Σ (2·file − size + 1) over the men: how far they stand to one side.
            let skew = |set: u64| {
                let files: u32 = (0..4)
                    .map(|b| (set & self.file_bits[b]).count_ones() << b)
                    .sum();
                (2 * files as i32 - (self.size - 1) * set.count_ones() as i32).abs()
            };
            let d = skew(men[0] | towers[0]) - skew(men[1] | towers[1]);
            if d != 0 {
                f(extra + 2, d);
            }
            let mut base = extra + EXTRA_NAMES.len();
            for e in &self.edges {
                let [w, b] = self.edge_bits(men, e.rows[0]);
                let own = (e.digits[w] + 2 * e.digits[b]) as usize;
                if own != 0 {
                    f(base + own, 1);
                }
                let [w, b] = self.edge_bits(men, e.opposite[0]);
                let turned = (e.turned[b] + 2 * e.turned[w]) as usize;
                if turned != 0 {
                    f(base + turned, -1);
                }
                base += EDGE_PATTERNS;
            }
        }
        let uncrowned = (men[0] | men[1] | towers[0] | towers[1]).count_ones();
        let phase = (uncrowned as f32 / (2 * self.initial) as f32).min(1.0);
        (men, phase)
    }

    /// Calls `f(window, white, black)` for every window that holds a man of `men` (White's,
    /// Black's), with the bits of each side's men in it, two a row.
    #[inline]
    fn each_window(&self, men: [u64; 2], f: impl FnMut(usize, usize, usize)) {
        // A loop of a fixed number of rows and row width for each shape and board, as fast as
        // the 4×4 one was alone.
        // A row has half the board's files as dark squares: the bits between a window's rows.
        match (self.shape.rows, self.size / 2) {
            (2, 4) => self.windows_of::<2, 4>(men, f),
            (3, 4) => self.windows_of::<3, 4>(men, f),
            (4, 4) => self.windows_of::<4, 4>(men, f),
            (5, 4) => self.windows_of::<5, 4>(men, f),
            (_, 4) => self.windows_of::<6, 4>(men, f),
            (2, _) => self.windows_of::<2, 5>(men, f),
            (3, _) => self.windows_of::<3, 5>(men, f),
            (4, _) => self.windows_of::<4, 5>(men, f),
            (5, _) => self.windows_of::<5, 5>(men, f),
            (_, _) => self.windows_of::<6, 5>(men, f),
        }
    }

    /// [`Layout::each_window`] for windows of `H` rows on a board of `W` dark squares a row.
    #[inline]
    fn windows_of<const H: usize, const W: u32>(
        &self,
        men: [u64; 2],
        mut f: impl FnMut(usize, usize, usize),
    ) {
        for (i, rows) in self.windows.iter().enumerate() {
            let [w, b] = window_bits::<H, W>(men, rows[0]);
            if w | b != 0 {
                f(i, w, b);
            }
        }
    }

    /// The bits of White's and Black's men in the edge window whose first row starts at bit
    /// `first` (6 rows).
    #[inline]
    fn edge_bits(&self, men: [u64; 2], first: u8) -> [usize; 2] {
        if self.size / 2 == 4 {
            window_bits::<6, 4>(men, first)
        } else {
            window_bits::<6, 5>(men, first)
        }
    }
}

/// The two edge tables of `board` ([`Edge`]): the strips of files a–c and of the last three
/// files, in the six rows of the far half's edge (from square 1's row), as Scan 2.0 has them.
fn edges(board: crate::rules::Board) -> Vec<Edge> {
    let size = board.size();
    let width = usize::from(board.row_width());
    [0, size - 4]
        .into_iter()
        .map(|first_file| {
            // The window's offsets, row by row from the top, and the opposite window's.
            let offsets = |top: usize, file: u8| {
                let mut rows = [0u8; 6];
                for (j, r) in rows.iter_mut().enumerate() {
                    *r = ((top + j) * width + usize::from(file / 2)) as u8;
                }
                rows
            };
            let rows = offsets(0, first_file);
            let opposite = offsets(usize::from(size) - 6, size - 4 - first_file);
            // Which of the window's 12 bits lie in the strip: the three files at the edge.
            let strip = |file: u8| {
                if first_file == 0 {
                    file <= 2
                } else {
                    file >= size - 3
                }
            };
            let mut keep = Vec::new();
            for (j, &offset) in rows.iter().enumerate() {
                for k in 0..2 {
                    let sq = board
                        .square(offset + k + 1)
                        .expect("a window's square is on the board");
                    if strip(board.coords(sq).0) {
                        keep.push(2 * j + usize::from(k));
                    }
                }
            }
            debug_assert_eq!(keep.len(), 9);
            let digits: Vec<u32> = (0..1usize << 12)
                .map(|x| {
                    keep.iter()
                        .rev()
                        .fold(0, |v, &bit| 3 * v + (x >> bit & 1) as u32)
                })
                .collect();
            let turned = (0..1u16 << 12)
                .map(|x| digits[usize::from(x.reverse_bits() >> 4)])
                .collect();
            Edge {
                rows,
                opposite,
                digits,
                turned,
            }
        })
        .collect()
}

/// The bits of White's and Black's men (`men`) in a window of `H` rows on a board of `W` dark
/// squares a row, whose first row starts at bit `first`: two a row, the first row's lowest.
/// A window's rows lie `W` bits apart, so the pairs are gathered by halving steps of a shift
/// and a mask, both sides at once (Black's in the upper half of the word), rather than row by
/// row: at every leaf of the search, for every window.
#[inline(always)]
fn window_bits<const H: usize, const W: u32>(men: [u64; 2], first: u8) -> [usize; 2] {
    let both = |m: u64| m | m << 32;
    let window = const { gathered_mask(H, W, 1) };
    let mut x = (men[0] >> first) & window | ((men[1] >> first) & window) << 32;
    // Rows into groups of two, four, then eight: each step moves every second group of the
    // last step next to the one before it.
    if H > 1 {
        x = (x | x >> (W - 2)) & both(const { gathered_mask(H, W, 2) });
    }
    if H > 2 {
        x = (x | x >> (2 * W - 4)) & both(const { gathered_mask(H, W, 4) });
    }
    if H > 4 {
        x = (x | x >> (4 * W - 8)) & both(const { gathered_mask(H, W, 8) });
    }
    [(x & 0xFFFF_FFFF) as usize, (x >> 32) as usize]
}

/// Where a window's bits lie once gathered into groups of `rows` rows: each group at the bit
/// of its first row, its rows' pairs side by side (`rows` 1: as on the board).
const fn gathered_mask(h: usize, w: u32, rows: usize) -> u64 {
    let mut mask = 0u64;
    let mut start = 0;
    while start < h {
        let pairs = if h - start < rows { h - start } else { rows };
        mask |= ((1u64 << (2 * pairs)) - 1) << (start as u32 * w);
        start += rows;
    }
    mask
}

/// Weights are stored in sixteenths of a hundredth of a man.
pub const SCALE: i32 = 16;

/// Why a weights file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// Not a weights file.
    #[error("not a Dáma evaluation file")]
    Magic,
    /// Made for another board or another version of the features.
    #[error("the file has {found} features, the rule set needs {expected}")]
    Size {
        /// What the file holds.
        found: usize,
        /// What the rule set's layout has.
        expected: usize,
    },
    /// A window shape the board cannot hold.
    #[error("the file's windows of {rows} rows a step of {step} do not fit the board")]
    Shape {
        /// Rows a window covers.
        rows: u8,
        /// Rows between window starts.
        step: u8,
    },
}

/// The first files: windows of [`Shape::SQUARE`], weights straight after the magic.
const MAGIC_SQUARE: &[u8; 8] = b"DAMAEVL1";
/// Then: the shape's rows and step as two bytes, then the weights ([`Terms::Base`]).
const MAGIC_BASE: &[u8; 8] = b"DAMAEVL2";
/// Since: rows, step and the terms (1: [`Terms::Reach`], 2: [`Terms::Edges`]) as three bytes,
/// then the weights.
const MAGIC: &[u8; 8] = b"DAMAEVL3";

/// A learned evaluation for one rule set: its layout and weights.
#[derive(Clone, Debug)]
pub struct Learned {
    layout: Layout,
    /// Opening and ending weight of each feature, in [`SCALE`]ths of a hundredth of a man.
    weights: Vec<[i16; 2]>,
    /// Per window, the weight of each pattern as White sees it less that of the same men as
    /// Black sees them (the table of the window opposite, turned round): one look-up a window
    /// at every leaf of the search instead of two, with the same sums. `None` where a
    /// difference does not fit in 16 bits (weights near the limit): then the two look-ups.
    fused: Option<Vec<[i16; 2]>>,
}

impl Learned {
    /// Weights for `rules` from the bytes of a weights file.
    ///
    /// # Errors
    /// A file that is not one, or one made for another layout.
    pub fn from_bytes(rules: &RuleSet, bytes: &[u8]) -> Result<Learned, WeightsError> {
        let (rows, step, terms, body) = if let Some(body) = bytes.strip_prefix(MAGIC_SQUARE) {
            (Shape::SQUARE.rows, Shape::SQUARE.step, Terms::Base, body)
        } else if let Some(body) = bytes.strip_prefix(MAGIC_BASE) {
            match body {
                &[rows, step, ref body @ ..] => (rows, step, Terms::Base, body),
                _ => return Err(WeightsError::Magic),
            }
        } else {
            match *bytes.strip_prefix(MAGIC).ok_or(WeightsError::Magic)? {
                [rows, step, terms, ref body @ ..] => {
                    let terms = Terms::from_byte(terms).ok_or(WeightsError::Magic)?;
                    (rows, step, terms, body)
                }
                _ => return Err(WeightsError::Magic),
            }
        };
        let layout = Shape::new(rows, step)
            .and_then(|shape| Layout::new(rules, shape, terms))
            .ok_or(WeightsError::Shape { rows, step })?;
        let expected = layout.features();
        if body.len() != expected * 4 {
            return Err(WeightsError::Size {
                found: body.len() / 4,
                expected,
            });
        }
        let weights = body
            .chunks_exact(4)
            .map(|c| {
                [
                    i16::from_le_bytes([c[0], c[1]]),
                    i16::from_le_bytes([c[2], c[3]]),
                ]
            })
            .collect::<Vec<_>>();
        let fused = fuse(&layout, &weights);
        Ok(Learned {
            layout,
            weights,
            fused,
        })
    }

    /// Weights in hundredths of a man (opening, ending) of the features of `layout`, written
    /// as a weights file.
    pub fn to_bytes(layout: &Layout, weights: &[[f32; 2]]) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend([layout.shape.rows, layout.shape.step, layout.terms as u8]);
        for w in weights {
            for v in w {
                let q = (v * SCALE as f32).round().clamp(-32767.0, 32767.0) as i16;
                out.extend_from_slice(&q.to_le_bytes());
            }
        }
        out
    }

    /// The shipped weights of a preset rule set, if `rules` is one (by its id and board).
    pub fn shipped(rules: &RuleSet) -> Option<Arc<Learned>> {
        let preset = Variant::preset_of(rules)?;
        let (_, learned) = SHIPPED.iter().find(|(v, _)| *v == preset)?;
        learned.clone()
    }

    /// The weights in hundredths of a man (opening, ending), in the order of the layout's
    /// features: what [`Learned::to_bytes`] wrote, for a fit to go on from.
    pub fn weights(&self) -> Vec<[f32; 2]> {
        self.weights
            .iter()
            .map(|&[a, b]| [f32::from(a) / SCALE as f32, f32::from(b) / SCALE as f32])
            .collect()
    }

    /// The layout the weights belong to.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The score of `pos` for White, in hundredths of a man.
    #[inline(always)]
    pub fn evaluate(&self, pos: &Position, mobility: ByColor<u32>) -> i32 {
        let mut mg = 0;
        let mut eg = 0;
        let w = &self.weights;
        let add = |i: usize, v: i32, mg: &mut i32, eg: &mut i32| {
            let [a, b] = w[i];
            *mg += i32::from(a) * v;
            *eg += i32::from(b) * v;
        };
        let phase = match &self.fused {
            Some(fused) => {
                let layout = &self.layout;
                let (men, phase) =
                    layout.visit_terms(pos, mobility, &mut |i, v| add(i, v, &mut mg, &mut eg));
                let patterns = layout.shape.patterns();
                let ternary = &*TERNARY;
                layout.each_window(men, |i, w, b| {
                    let own = (ternary[w] + 2 * ternary[b]) as usize;
                    let [a, b] = fused[i * patterns + own];
                    mg += i32::from(a);
                    eg += i32::from(b);
                });
                phase
            }
            None => self
                .layout
                .visit(pos, mobility, |i, v| add(i, v, &mut mg, &mut eg)),
        };
        let phase = (phase * 256.0) as i32;
        (mg * phase + eg * (256 - phase)) / (256 * SCALE)
    }
}

/// The fused window tables of `weights` (see [`Learned`]'s `fused`), if every entry fits.
fn fuse(layout: &Layout, weights: &[[i16; 2]]) -> Option<Vec<[i16; 2]>> {
    let patterns = layout.shape.patterns();
    let base = SQUARES + 2 * layout.squares;
    let bits = 2 * usize::from(layout.shape.rows);
    let ternary = &*TERNARY;
    let mut fused = vec![[0i16; 2]; layout.windows.len() * patterns];
    for (i, &(table, opposite)) in layout.tables.iter().enumerate() {
        for w in 0..1usize << bits {
            // Every b without a square of w: the subsets of its complement.
            let free = !w & ((1 << bits) - 1);
            let mut b = free;
            loop {
                let own = (ternary[w] + 2 * ternary[b]) as usize;
                let turned = (layout.turned[b] + 2 * layout.turned[w]) as usize;
                let [a, c] = weights[base + table + own];
                let [x, y] = weights[base + opposite + turned];
                let sum = |p: i16, q: i16| i16::try_from(i32::from(p) - i32::from(q)).ok();
                fused[i * patterns + own] = [sum(a, x)?, sum(c, y)?];
                if b == 0 {
                    break;
                }
                b = (b - 1) & free;
            }
        }
    }
    Some(fused)
}

/// The shipped weights, read once, each beside its preset: a file that does not fit leaves its
/// rule set to the hand-set evaluation (a unit test keeps them fitting). Looked up by the
/// variant, not by its place in the enum, so that reordering the enum cannot mix them up.
static SHIPPED: LazyLock<[(Variant, Option<Arc<Learned>>); 5]> = LazyLock::new(|| {
    Variant::ALL.map(|v| {
        let learned = Learned::from_bytes(v.rules(), shipped_file(v))
            .ok()
            .map(Arc::new);
        (v, learned)
    })
});

/// The weights file of preset `v` (assets/eval/), as shipped inside the program.
fn shipped_file(v: Variant) -> &'static [u8] {
    match v {
        Variant::Czech => include_bytes!("../../assets/eval/czech.eval"),
        Variant::CzechBook => include_bytes!("../../assets/eval/czech-book.eval"),
        Variant::English => include_bytes!("../../assets/eval/english.eval"),
        Variant::TwoTowers => include_bytes!("../../assets/eval/two-towers.eval"),
        Variant::International => include_bytes!("../../assets/eval/international.eval"),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::Piece;
    use rand::rngs::SmallRng;
    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};

    /// The position with the board turned round and the colours swapped.
    fn mirrored(pos: &Position) -> Position {
        let board = pos.board();
        let n = board.all_squares().count();
        let mut out = Position::empty(board, !pos.side_to_move());
        for (sq, p) in pos.iter() {
            let to = board.square((n - sq.index()) as u8).expect("a square");
            out.set_piece(
                to,
                Some(Piece {
                    color: !p.color,
                    role: p.role,
                }),
            );
        }
        out
    }

    fn features(layout: &Layout, pos: &Position, rules: &RuleSet) -> Vec<(usize, i32)> {
        let mut v = Vec::new();
        layout.visit(pos, pos.mobility(rules), |i, x| v.push((i, x)));
        let mut merged: std::collections::BTreeMap<usize, i32> = Default::default();
        for (i, x) in v {
            *merged.entry(i).or_default() += x;
        }
        merged.into_iter().filter(|&(_, x)| x != 0).collect()
    }

    /// Every shape of windows, and whether it fits 8×8 and 10×10 boards.
    fn shapes() -> impl Iterator<Item = Shape> {
        (2..=6).flat_map(|rows| (1..=2).filter_map(move |step| Shape::new(rows, step)))
    }

    #[test]
    fn a_mirrored_position_has_the_opposite_features() {
        let mut rng = SmallRng::seed_from_u64(7);
        for (v, shape, terms) in Variant::ALL
            .into_iter()
            .flat_map(|v| shapes().flat_map(move |s| Terms::ALL.map(move |t| (v, s, t))))
        {
            let rules = v.rules();
            let Some(layout) = Layout::new(rules, shape, terms) else {
                continue;
            };
            for game in 0..10 {
                let mut pos = v.start_position();
                for _ in 0..rng.random_range(0..60) {
                    let moves = pos.legal_moves(rules);
                    let Some(m) = moves.choose(&mut rng) else {
                        break;
                    };
                    pos.play_unchecked(m);
                }
                // Every other position gets kings of both sides, for the kings' terms.
                if game % 2 == 1 {
                    let empty: Vec<_> = rules
                        .board
                        .all_squares()
                        .filter(|&sq| pos.piece_at(sq).is_none())
                        .collect();
                    let colors = [Color::White, Color::Black, Color::White];
                    for (&sq, color) in empty.choose_multiple(&mut rng, 3).zip(colors) {
                        pos.set_piece(
                            sq,
                            Some(Piece {
                                color,
                                role: Role::King,
                            }),
                        );
                    }
                }
                let a = features(&layout, &pos, rules);
                let b: Vec<(usize, i32)> = features(&layout, &mirrored(&pos), rules)
                    .into_iter()
                    .map(|(i, x)| (i, -x))
                    .collect();
                assert_eq!(a, b, "{v:?} {shape} {terms:?} {pos:?}");
                assert!(a.iter().all(|&(i, _)| i < layout.features()));
            }
        }
    }

    /// Random positions of `v`'s rule set, some with kings of both sides (also for the search's
    /// tests).
    pub(crate) fn random_positions(v: Variant, rng: &mut SmallRng, count: usize) -> Vec<Position> {
        let rules = v.rules();
        (0..count)
            .map(|game| {
                let mut pos = v.start_position();
                for _ in 0..rng.random_range(0..80) {
                    let moves = pos.legal_moves(rules);
                    let Some(m) = moves.choose(rng) else {
                        break;
                    };
                    pos.play_unchecked(m);
                }
                if game % 3 == 1 {
                    let empty: Vec<_> = rules
                        .board
                        .all_squares()
                        .filter(|&sq| pos.piece_at(sq).is_none())
                        .collect();
                    for (&sq, color) in empty.choose_multiple(rng, 2).zip(Color::ALL) {
                        let role = Role::King;
                        pos.set_piece(sq, Some(Piece { color, role }));
                    }
                }
                pos
            })
            .collect()
    }

    #[test]
    fn fused_windows_score_as_the_two_tables_do() {
        let mut rng = SmallRng::seed_from_u64(11);
        for v in Variant::ALL {
            let rules = v.rules();
            let mut cases: Vec<Learned> = Vec::new();
            for (shape, terms) in [
                ("4x2", Terms::Base),
                ("3x1", Terms::Reach),
                ("5x1", Terms::Reach),
                ("4x2", Terms::Edges),
            ] {
                let layout = Layout::new(rules, Shape::parse(shape).unwrap(), terms).unwrap();
                let weights: Vec<[f32; 2]> = (0..layout.features())
                    .map(|_| {
                        [
                            rng.random_range(-900.0..900.0),
                            rng.random_range(-900.0..900.0),
                        ]
                    })
                    .collect();
                cases.push(
                    Learned::from_bytes(rules, &Learned::to_bytes(&layout, &weights)).unwrap(),
                );
            }
            cases.push((*Learned::shipped(rules).unwrap()).clone());
            for fused in cases {
                assert!(fused.fused.is_some(), "{v:?}: weights that fit are fused");
                let plain = Learned {
                    fused: None,
                    ..fused.clone()
                };
                for pos in random_positions(v, &mut rng, 40) {
                    let mobility = pos.mobility(rules);
                    assert_eq!(
                        fused.evaluate(&pos, mobility),
                        plain.evaluate(&pos, mobility),
                        "{v:?} {} {pos:?}",
                        fused.layout.shape
                    );
                }
            }
        }
        // Weights near the limit, of opposite signs in a window and the one opposite, do not
        // fit once subtracted: the two look-ups stay.
        let rules = Variant::Czech.rules();
        let layout = Layout::new(rules, Shape::SQUARE, Terms::Base).unwrap();
        let weights: Vec<[f32; 2]> = (0..layout.features())
            .map(|i| {
                if i % 2 == 0 {
                    [2000.0, 1.0]
                } else {
                    [-2000.0, 1.0]
                }
            })
            .collect();
        let learned = Learned::from_bytes(rules, &Learned::to_bytes(&layout, &weights)).unwrap();
        assert!(learned.fused.is_none());
    }

    #[test]
    fn the_edge_strips_are_scan_s() {
        let rules = Variant::International.rules();
        let layout = Layout::new(rules, Shape::SQUARE, Terms::Edges).unwrap();
        let first = layout.extras() + EXTRA_NAMES.len();
        assert_eq!(layout.features(), first + 2 * EDGE_PATTERNS);
        // Scan 2.0's squares, White's strips and Black's (the board turned round).
        let strips: [([u8; 9], [u8; 9]); 2] = [
            (
                [1, 6, 7, 11, 16, 17, 21, 26, 27],
                [50, 45, 44, 40, 35, 34, 30, 25, 24],
            ),
            (
                [4, 5, 10, 14, 15, 20, 24, 25, 30],
                [47, 46, 41, 37, 36, 31, 27, 26, 21],
            ),
        ];
        let man = |color| {
            Some(Piece {
                color,
                role: Role::Man,
            })
        };
        for (t, (white, black)) in strips.into_iter().enumerate() {
            let table = first + t * EDGE_PATTERNS;
            // Each square of the strip alone is its own digit, in the order of the squares.
            for (k, &n) in white.iter().enumerate() {
                let mut pos = Position::empty(rules.board, Color::White);
                pos.set_piece(rules.board.square(n).unwrap(), man(Color::White));
                let f = features(&layout, &pos, rules);
                assert!(f.contains(&(table + 3usize.pow(k as u32), 1)), "{n}: {f:?}");
                let mut pos = Position::empty(rules.board, Color::White);
                pos.set_piece(rules.board.square(black[k]).unwrap(), man(Color::Black));
                let f = features(&layout, &pos, rules);
                assert!(
                    f.contains(&(table + 3usize.pow(k as u32), -1)),
                    "{n}: {f:?}"
                );
            }
            // A square next to the strip is not in it.
            let mut pos = Position::empty(rules.board, Color::White);
            pos.set_piece(rules.board.square(white[2] + 1).unwrap(), man(Color::White));
            let f = features(&layout, &pos, rules);
            assert!(
                f.iter()
                    .all(|&(i, _)| i < table || i >= table + EDGE_PATTERNS)
            );
        }
    }

    #[test]
    fn a_window_sees_its_eight_squares() {
        let rules = Variant::International.rules();
        let layout = Layout::new(rules, Shape::SQUARE, Terms::Base).unwrap();
        assert_eq!(layout.windows(), 16);
        assert_eq!(
            Layout::new(Variant::Czech.rules(), Shape::SQUARE, Terms::Base)
                .unwrap()
                .windows(),
            9
        );
        // The top left window of 10×10: squares 1, 2 (row 1), 6, 7, 11, 12, 16, 17.
        let mut pos = Position::empty(rules.board, Color::White);
        for s in [1, 7, 16] {
            pos.set_piece(
                rules.board.square(s).unwrap(),
                Some(Piece {
                    color: Color::White,
                    role: Role::Man,
                }),
            );
        }
        let men = pos.pieces_of(Color::White, Role::Man).0;
        let bits = window_bits::<4, 5>([men, 0], layout.windows[0][0]);
        assert_eq!(bits, [0b01_00_10_01, 0]);
    }

    /// The bits of `set` in the window of `rows` (the offsets of its rows' first squares), row
    /// by row: what the gathering steps of `window_bits` must give.
    fn bits_row_by_row(set: u64, rows: &[u8]) -> usize {
        let mut bits = 0;
        for (j, &r) in rows.iter().enumerate() {
            bits |= ((set >> r) & 3) << (2 * j);
        }
        bits as usize
    }

    /// Gathered in steps, both sides at once, every window's bits and every edge strip's are
    /// those read row by row, on both boards, in every shape, whatever the men.
    #[test]
    fn windows_are_gathered_as_read_row_by_row() {
        let mut rng = SmallRng::seed_from_u64(7);
        for v in [Variant::Czech, Variant::International] {
            let rules = v.rules();
            let squares = rules.board.all_squares().count() as u32;
            let on_board = u64::MAX >> (64 - squares);
            let mut checked = 0;
            for rows in 2..=6 {
                for step in 1..=2 {
                    let shape = Shape::new(rows, step).unwrap();
                    let Some(layout) = Layout::new(rules, shape, Terms::Edges) else {
                        continue;
                    };
                    for _ in 0..500 {
                        let white = rng.random::<u64>() & rng.random::<u64>() & on_board;
                        let black = rng.random::<u64>() & !white & on_board;
                        let mut seen = Vec::new();
                        layout.each_window([white, black], |i, w, b| seen.push((i, w, b)));
                        let expected: Vec<_> = layout
                            .windows
                            .iter()
                            .enumerate()
                            .map(|(i, r)| {
                                let r = &r[..usize::from(rows)];
                                (i, bits_row_by_row(white, r), bits_row_by_row(black, r))
                            })
                            .filter(|&(_, w, b)| w | b != 0)
                            .collect();
                        assert_eq!(seen, expected, "{v:?} {shape} {white:#x} {black:#x}");
                        for e in &layout.edges {
                            for r in [&e.rows, &e.opposite] {
                                let rows_read = [white, black].map(|m| bits_row_by_row(m, r));
                                assert_eq!(layout.edge_bits([white, black], r[0]), rows_read);
                            }
                        }
                        checked += 1;
                    }
                }
            }
            assert!(checked >= 2000, "{v:?}: {checked} cases");
        }
    }

    #[test]
    fn a_weights_file_names_its_windows() {
        let rules = Variant::CzechBook.rules();
        let shape = Shape::parse("5x1").unwrap();
        let layout = Layout::new(rules, shape, Terms::Reach).unwrap();
        // Rows 0–4, 1–5, 2–6 and 3–7, each at files 0, 2 and 4.
        assert_eq!(layout.windows(), 12);
        let weights = vec![[1.5, -2.0]; layout.features()];
        let bytes = Learned::to_bytes(&layout, &weights);
        let learned = Learned::from_bytes(rules, &bytes).unwrap();
        assert_eq!(learned.layout().shape(), shape);
        assert_eq!(learned.layout().terms(), Terms::Reach);
        assert_eq!(learned.weights[7], [24, -32]);
        // Windows of 5 rows every second row leave a row of 8 out: no such file is read.
        let mut odd = bytes.clone();
        odd[8..10].copy_from_slice(&[5, 2]);
        assert_eq!(
            Learned::from_bytes(rules, &odd).unwrap_err(),
            WeightsError::Shape { rows: 5, step: 2 }
        );
        // Terms the file does not name, and weights for other terms, are not read either.
        let mut unknown = bytes.clone();
        unknown[10] = 3;
        assert_eq!(
            Learned::from_bytes(rules, &unknown).unwrap_err(),
            WeightsError::Magic
        );
        let mut edges = bytes.clone();
        edges[10] = 2;
        assert_eq!(
            Learned::from_bytes(rules, &edges).unwrap_err(),
            WeightsError::Size {
                found: layout.features(),
                expected: layout.features() + 2 * EDGE_PATTERNS
            }
        );
        let mut base = bytes.clone();
        base[10] = 0;
        assert_eq!(
            Learned::from_bytes(rules, &base).unwrap_err(),
            WeightsError::Size {
                found: layout.features(),
                expected: layout.features() - EXTRA_NAMES.len()
            }
        );
        // The files of before (no terms byte) are read as they were.
        let mut old = b"DAMAEVL2".to_vec();
        old.extend([5, 1]);
        old.extend_from_slice(&bytes[11..bytes.len() - 4 * EXTRA_NAMES.len()]);
        let learned = Learned::from_bytes(rules, &old).unwrap();
        assert_eq!(learned.layout().terms(), Terms::Base);
        assert_eq!(learned.weights[7], [24, -32]);
        assert_eq!(Shape::parse("7x1"), None);
        assert_eq!(Shape::parse("4x3"), None);
        assert_eq!(Shape::SQUARE.to_string(), "4x2");
    }

    #[test]
    fn shipped_weights_fit_every_preset() {
        for v in Variant::ALL {
            let learned = Learned::shipped(v.rules()).expect("weights for every preset");
            // The start is about even, and a man more is worth about a man.
            let start = v.start_position();
            let mob = start.mobility(v.rules());
            let s = learned.evaluate(&start, mob);
            assert!(s.abs() < 50, "{v:?}: start {s}");
            // Without one of Black's men White stands better, without one of White's worse.
            for (color, sign) in [(Color::Black, 1), (Color::White, -1)] {
                let mut fewer = start;
                let sq = start.pieces_of(color, Role::Man).iter().nth(3).unwrap();
                fewer.set_piece(sq, None);
                let s = learned.evaluate(&fewer, fewer.mobility(v.rules())) * sign;
                assert!(s > 40, "{v:?}: {color:?} a man short: {s}");
            }
        }
    }
}
