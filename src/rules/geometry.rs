//! The bit layout behind positions: dark squares in a `u64` with one unused "ghost" bit after
//! every two rows, so that the four diagonal steps are plain shifts by `N` and `N + 1` (`N` dark
//! squares per row) and a step off the left or right edge lands on a ghost bit or outside the
//! board mask.
//!
//! ```text
//! 8×8 (N = 4):  row 0 = bits 0..3, row 1 = 4..7, ghost 8, row 2 = 9..12, … 35 bits in all
//! 10×10 (N = 5): row 0 = bits 0..4, row 1 = 5..9, ghost 10, row 2 = 11..15, … 54 bits in all
//! ```
//! Direction 0 is `<< N`, 1 is `<< N + 1` (both towards Black's far side, higher numbers),
//! 2 is `>> N`, 3 is `>> N + 1` (towards square 1). The opposite of `d` is `d ^ 2`.

use super::{Board, Color, SquareSet};

/// Constants of one board's bit layout, so that move generation compiles to constant shifts.
pub(crate) trait Geometry {
    /// Dark squares per row.
    const N: u32;
    /// Dark squares on the board.
    const SQUARES: u32;
    /// All playable bits.
    const MASK: u64;
    /// The promotion row per colour index (White: row 0, Black: the last row).
    const PROMO: [u64; 2];
    /// Bit of each 0-based square index.
    const BIT_OF: [u8; 50];
    /// 0-based square index of each bit (255 where there is none).
    const SQ_OF: [u8; 64];
}

const fn bit_of(n: u32, s0: u32) -> u32 {
    s0 + s0 / (2 * n)
}

const fn mask(n: u32) -> u64 {
    let mut m = 0u64;
    let mut s = 0;
    while s < 2 * n * n {
        m |= 1 << bit_of(n, s);
        s += 1;
    }
    m
}

const fn row_bits(n: u32, row: u32) -> u64 {
    let mut m = 0u64;
    let mut c = 0;
    while c < n {
        m |= 1 << bit_of(n, row * n + c);
        c += 1;
    }
    m
}

const fn bit_table(n: u32) -> [u8; 50] {
    let mut t = [255u8; 50];
    let mut s = 0;
    while s < 2 * n * n {
        t[s as usize] = bit_of(n, s) as u8;
        s += 1;
    }
    t
}

const fn square_table(n: u32) -> [u8; 64] {
    let mut t = [255u8; 64];
    let mut s = 0;
    while s < 2 * n * n {
        t[bit_of(n, s) as usize] = s as u8;
        s += 1;
    }
    t
}

/// The 8×8 layout.
pub(crate) struct Eight;
/// The 10×10 layout.
pub(crate) struct Ten;

impl Geometry for Eight {
    const N: u32 = 4;
    const SQUARES: u32 = 32;
    const MASK: u64 = mask(4);
    const PROMO: [u64; 2] = [row_bits(4, 0), row_bits(4, 7)];
    const BIT_OF: [u8; 50] = bit_table(4);
    const SQ_OF: [u8; 64] = square_table(4);
}

impl Geometry for Ten {
    const N: u32 = 5;
    const SQUARES: u32 = 50;
    const MASK: u64 = mask(5);
    const PROMO: [u64; 2] = [row_bits(5, 0), row_bits(5, 9)];
    const BIT_OF: [u8; 50] = bit_table(5);
    const SQ_OF: [u8; 64] = square_table(5);
}

/// One diagonal step of every bit in `b` in direction `d` (0..4).
#[inline(always)]
pub(crate) fn shift<G: Geometry>(b: u64, d: usize) -> u64 {
    match d {
        0 => b << G::N,
        1 => b << (G::N + 1),
        2 => b >> G::N,
        _ => b >> (G::N + 1),
    }
}

/// The two forward directions of a colour's men.
#[inline(always)]
pub(crate) const fn forward(color: Color) -> [usize; 2] {
    match color {
        Color::White => [2, 3],
        Color::Black => [0, 1],
    }
}

/// Converts a dense [`SquareSet`] into the padded layout.
#[inline]
pub(crate) fn to_bits<G: Geometry>(set: SquareSet) -> u64 {
    let mut out = 0;
    let group = 2 * G::N;
    let mut g = 0;
    while g * group < G::SQUARES {
        out |= ((set.0 >> (g * group)) & ((1 << group) - 1)) << (g * (group + 1));
        g += 1;
    }
    out
}

/// Converts padded bits into a dense [`SquareSet`].
#[inline]
pub(crate) fn to_set<G: Geometry>(bits: u64) -> SquareSet {
    let mut out = 0;
    let group = 2 * G::N;
    let mut g = 0;
    while g * group < G::SQUARES {
        out |= ((bits >> (g * (group + 1))) & ((1 << group) - 1)) << (g * group);
        g += 1;
    }
    SquareSet(out)
}

/// Runtime dispatch of [`to_bits`].
pub(crate) fn bits_of(board: Board, set: SquareSet) -> u64 {
    match board {
        Board::Eight => to_bits::<Eight>(set),
        Board::Ten => to_bits::<Ten>(set),
    }
}

/// Runtime dispatch of [`to_set`].
pub(crate) fn set_of(board: Board, bits: u64) -> SquareSet {
    match board {
        Board::Eight => to_set::<Eight>(bits),
        Board::Ten => to_set::<Ten>(bits),
    }
}

/// The bit of a 0-based square index on `board`.
#[inline]
pub(crate) fn bit_index(board: Board, s0: usize) -> u8 {
    match board {
        Board::Eight => Eight::BIT_OF[s0],
        Board::Ten => Ten::BIT_OF[s0],
    }
}

/// The 0-based square index of a bit on `board`.
#[inline]
pub(crate) fn square_index(board: Board, bit: u8) -> u8 {
    match board {
        Board::Eight => Eight::SQ_OF[bit as usize],
        Board::Ten => Ten::SQ_OF[bit as usize],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts() {
        assert_eq!(Eight::MASK.count_ones(), 32);
        assert_eq!(Ten::MASK.count_ones(), 50);
        assert_eq!(Eight::MASK & (1 << 8 | 1 << 17 | 1 << 26), 0);
        assert_eq!(Ten::MASK & (1 << 10 | 1 << 21 | 1 << 32 | 1 << 43), 0);
        assert_eq!(64 - Ten::MASK.leading_zeros(), 54);
        let all = SquareSet((1 << 50) - 1);
        assert_eq!(to_bits::<Ten>(all), Ten::MASK);
        assert_eq!(to_set::<Ten>(Ten::MASK), all);
        assert_eq!(to_bits::<Eight>(SquareSet((1 << 32) - 1)), Eight::MASK);
    }
}
