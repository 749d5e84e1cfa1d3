//! Sets of squares.

use std::fmt;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not, Sub};

use super::Square;

/// A set of squares; bit `n − 1` stands for square `n`, whatever the board.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// A set holding one square.
    pub const fn from_square(sq: Square) -> SquareSet {
        SquareSet(1 << sq.index())
    }

    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// How many squares.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares in ascending order.
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

/// Ascending iterator over a [`SquareSet`].
#[derive(Clone, Debug)]
pub struct SquareSetIter(u64);

impl Iterator for SquareSetIter {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Square::new(i as u8 + 1)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, o: SquareSet) -> SquareSet {
        SquareSet(self.0 | o.0)
    }
}

impl BitOrAssign for SquareSet {
    fn bitor_assign(&mut self, o: SquareSet) {
        self.0 |= o.0;
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, o: SquareSet) -> SquareSet {
        SquareSet(self.0 & o.0)
    }
}

impl Sub for SquareSet {
    type Output = SquareSet;
    fn sub(self, o: SquareSet) -> SquareSet {
        SquareSet(self.0 & !o.0)
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    /// The complement within the 50 possible squares.
    fn not(self) -> SquareSet {
        SquareSet(!self.0 & ((1 << 50) - 1))
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.number()))
            .finish()
    }
}
