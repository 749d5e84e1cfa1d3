//! The transposition table: what earlier searches learnt about a position, found again by its
//! key when the same position is reached by another move order.

use crate::rules::Move;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

/// One remembered position.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// The best (or refuting) move found, tried first next time.
    pub best: Option<Move>,
    /// Score from the point of view of the side to move; mate scores relative to this node.
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: i16,
    /// Exact, lower or upper.
    pub bound: Bound,
    /// Search generation, so that old entries give way.
    generation: u8,
}

/// A fixed-size table indexed by the low bits of the position key.
#[derive(Debug)]
pub struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` MB (rounded down to a power of two of entries).
    pub fn new(megabytes: usize) -> Table {
        let size = std::mem::size_of::<Option<Entry>>();
        let wanted = (megabytes.max(1) << 20) / size;
        let n = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let mut entries = Vec::with_capacity(n);
        advise_huge_pages(entries.spare_capacity_mut());
        entries.resize(n, None);
        Table {
            entries,
            mask: n - 1,
            generation: 0,
        }
    }

    /// Starts a new search: entries of earlier searches may now be replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(None);
    }

    /// Asks the processor to fetch the slot of `key` into the cache, so that the probe a little
    /// later does not wait for memory (most of a search's time otherwise).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const Option<Entry> = &self.entries[key as usize & self.mask];
            // SAFETY: a prefetch is only a hint and never faults; the pointer is to a live
            // element of `entries` besides.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Remembers a result, keeping a deeper entry of the current search for another position.
    #[inline]
    pub fn store(&mut self, key: u64, best: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let slot = &mut self.entries[key as usize & self.mask];
        if let Some(old) = slot
            && old.key != key
            && old.generation == self.generation
            && old.depth > depth
        {
            return;
        }
        let best = best.or_else(|| slot.filter(|e| e.key == key).and_then(|e| e.best));
        *slot = Some(Entry {
            key,
            best,
            score,
            depth,
            bound,
            generation: self.generation,
        });
    }
}

/// Asks the kernel to back `memory`, not yet touched, with huge pages where it can. Probes go
/// to random slots of a table of many megabytes: with 4 KiB pages nearly each one misses the
/// address-translation cache, and most of a search's time went into those walks.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(memory: &mut [T]) {
    const HUGE: usize = 2 << 20;
    let start = memory.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(memory);
    let (first, last) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
    if first < last {
        // SAFETY: the range lies inside `memory`, which we own; the advice changes how the
        // kernel backs the pages, not their contents. A failure only means small pages.
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            )
        };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_memory: &mut [T]) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_replaces() {
        let mut t = Table::new(1);
        assert!(t.entries.len().is_power_of_two());
        t.store(5, None, 10, 3, Bound::Exact);
        assert_eq!(t.probe(5).unwrap().score, 10);
        assert!(t.probe(5 + t.entries.len() as u64).is_none());
        // A shallower result for another position does not evict a deeper one of this search…
        let other = 5 + t.entries.len() as u64;
        t.store(other, None, 20, 1, Bound::Lower);
        assert_eq!(t.probe(5).unwrap().score, 10);
        // …but does in the next search.
        t.new_search();
        t.store(other, None, 20, 1, Bound::Lower);
        assert_eq!(t.probe(other).unwrap().bound, Bound::Lower);
        t.clear();
        assert!(t.probe(other).is_none());
    }
}
