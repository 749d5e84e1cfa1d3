//! The transposition table: what earlier searches learnt about a position, found again by its
//! key when the same position is reached by another move order.
//!
//! The search threads of one search share it without locks: an entry is three words written
//! and read one by one, the first being the key mixed with the other two, so that an entry
//! torn by two threads writing at once reads as no entry at all ("lockless hashing", Hyatt and
//! Mann).

use std::alloc::Layout;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use crate::rules::{Board, Move, Square, SquareSet};

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

impl Entry {
    /// The entry's data as two words: the captured squares, and the rest packed (never 0, so
    /// that an empty slot is never taken for an entry).
    fn pack(&self) -> (u64, u64) {
        let (captured, from, to, board, has) = match self.best {
            Some(m) => (
                m.captured().0,
                u64::from(m.from().number()),
                u64::from(m.to().number()),
                u64::from(m.board() == Board::Ten),
                1,
            ),
            None => (0, 0, 0, 0, 0),
        };
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let depth = (i64::from(self.depth).clamp(-1, 126) + 1) as u64;
        let meta = u64::from(self.score as u32)
            | depth << 32
            | bound << 40
            | u64::from(self.generation) << 42
            | from << 50
            | to << 56
            | has << 62
            | board << 63;
        (captured, meta)
    }

    fn unpack(captured: u64, meta: u64) -> Entry {
        let best = (meta >> 62 & 1 == 1).then(|| {
            let board = if meta >> 63 == 1 {
                Board::Ten
            } else {
                Board::Eight
            };
            let square = |n: u64| Square::new(n as u8).expect("a stored square");
            Move::new(
                board,
                square(meta >> 50 & 63),
                square(meta >> 56 & 63),
                SquareSet(captured),
            )
        });
        Entry {
            best,
            score: meta as u32 as i32,
            depth: ((meta >> 32 & 255) as i16) - 1,
            bound: match meta >> 40 & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            generation: (meta >> 42) as u8,
        }
    }
}

/// One entry's three words: key ^ captured ^ meta, captured, meta.
#[derive(Debug, Default)]
struct Slot([AtomicU64; 3]);

impl Slot {
    /// The entry, if the slot holds one for `key` that was not torn.
    #[inline]
    fn read(&self, key: u64) -> Option<Entry> {
        let [check, captured, meta] = [0, 1, 2].map(|i| self.0[i].load(Ordering::Relaxed));
        (meta != 0 && check ^ captured ^ meta == key).then(|| Entry::unpack(captured, meta))
    }

    /// The generation and depth of whatever entry the slot holds, for replacement.
    #[inline]
    fn standing(&self) -> Option<(u8, i16)> {
        let meta = self.0[2].load(Ordering::Relaxed);
        (meta != 0).then(|| ((meta >> 42) as u8, ((meta >> 32 & 255) as i16) - 1))
    }

    #[inline]
    fn holds(&self, key: u64) -> bool {
        let [check, captured, meta] = [0, 1, 2].map(|i| self.0[i].load(Ordering::Relaxed));
        meta != 0 && check ^ captured ^ meta == key
    }

    #[inline]
    fn write(&self, key: u64, e: &Entry) {
        let (captured, meta) = e.pack();
        self.0[0].store(key ^ captured ^ meta, Ordering::Relaxed);
        self.0[1].store(captured, Ordering::Relaxed);
        self.0[2].store(meta, Ordering::Relaxed);
    }

    fn clear(&self) {
        for w in &self.0 {
            w.store(0, Ordering::Relaxed);
        }
    }
}

/// Two entries that share a cache line: one probe, one wait on memory, reads both.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket([Slot; 2]);

/// The buckets in zeroed memory (all zeros is an empty bucket), asked of the allocator with a
/// word's alignment and aligned to a cache line by hand: zeroed memory of a word's alignment is
/// `calloc`'s, which the system maps in only as it is touched, whereas the standard allocator
/// zeroes memory of a larger alignment by writing it all (1 GiB of zeroed buckets was 1 GiB
/// resident before one probe). A search touches a small table's every page soon enough, but
/// a large one only as it fills.
struct Buckets {
    /// The first bucket, a cache line's alignment into the allocation.
    first: NonNull<Bucket>,
    len: usize,
    /// The allocation, to give back.
    memory: NonNull<u8>,
    layout: Layout,
}

// SAFETY: `Buckets` owns its memory as a `Vec` would; a `Bucket` is atomics only.
unsafe impl Send for Buckets {}
// SAFETY: as above: shared, it only lends `&[Bucket]`.
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `len` empty buckets, or `None` where the allocator cannot give the memory (or the size
    /// overflows): the caller asks for fewer instead of the process aborting.
    fn zeroed(len: usize) -> Option<Buckets> {
        const LINE: usize = std::mem::align_of::<Bucket>();
        let bytes = len.checked_mul(std::mem::size_of::<Bucket>())?;
        let layout =
            Layout::from_size_align(bytes.checked_add(LINE)?, std::mem::align_of::<u64>()).ok()?;
        #[cfg(test)]
        if layout.size() > tests::GRANTED.load(Ordering::Relaxed) {
            return None;
        }
        // SAFETY: the layout's size is not zero.
        let memory = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        // SAFETY: at most LINE - 1 bytes in, and LINE more were asked for, so `len` buckets
        // from there lie inside the allocation; zeroed, they are valid empty buckets.
        let first = unsafe { memory.add(memory.as_ptr().align_offset(LINE)) }.cast::<Bucket>();
        Some(Buckets {
            first,
            len,
            memory,
            layout,
        })
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];

    #[inline]
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `len` initialised buckets, owned by `self` (see `zeroed`).
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout, and freed only here.
        unsafe { std::alloc::dealloc(self.memory.as_ptr(), self.layout) };
    }
}

impl std::fmt::Debug for Buckets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} buckets", self.len)
    }
}

/// A fixed-size table of buckets indexed by the low bits of the position key. A new result
/// takes its position's entry, or else the bucket's less valuable one (from an earlier search,
/// or shallower), so a deep result is not lost to the many shallow ones near the leaves.
#[derive(Debug)]
pub struct Table {
    buckets: Buckets,
    mask: usize,
    generation: AtomicU8,
}

impl Table {
    /// A table of about `megabytes` MiB (rounded down to a power of two of buckets), or, where
    /// the machine cannot hold that much (more than its memory, or more than the allocator
    /// gives), the largest of half, a quarter… that it can, down to 1 MiB: never an abort.
    /// [`Table::megabytes`] says what it has.
    pub fn new(megabytes: usize) -> Table {
        let size = std::mem::size_of::<Bucket>();
        let most = machine_memory().unwrap_or(usize::MAX);
        let wanted = megabytes
            .max(1)
            .saturating_mul(1 << 20)
            .min(most)
            .max(1 << 20)
            / size;
        let mut n = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let buckets = loop {
            if let Some(b) = Buckets::zeroed(n) {
                break b;
            }
            if n * size <= 1 << 20 {
                // Not even a megabyte: as any other allocation that fails.
                std::alloc::handle_alloc_error(Layout::new::<[Bucket; (1 << 20) / 64]>());
            }
            n /= 2;
        };
        advise_huge_pages(&buckets);
        Table {
            buckets,
            mask: n - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// The table's size in MiB.
    pub fn megabytes(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Starts a new search: entries of earlier searches may now be replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for b in self.buckets.iter() {
            b.0.iter().for_each(Slot::clear);
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[key as usize & self.mask]
    }

    /// Asks the processor to fetch the bucket of `key` into the cache, so that the probe a
    /// little later does not wait for memory (otherwise a large share of a search's time).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch is only a hint and never faults; the pointer is to a live
            // element of `buckets` besides.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).0.iter().find_map(|s| s.read(key))
    }

    /// Remembers a result in its position's entry, or else in place of the bucket's entry from
    /// the oldest search, or the shallower of two from one search.
    #[inline]
    pub fn store(&self, key: u64, best: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let slots = &self.bucket(key).0;
        let i = slots
            .iter()
            .position(|s| s.standing().is_none() || s.holds(key))
            .unwrap_or_else(|| {
                let value = |s: &Slot| s.standing().map(|(g, d)| (g == generation, d));
                usize::from(value(&slots[1]) < value(&slots[0]))
            });
        let slot = &slots[i];
        // Keep the position's own move when none is given, never another position's.
        let best = best.or_else(|| slot.read(key).and_then(|e| e.best));
        slot.write(
            key,
            &Entry {
                best,
                score,
                depth,
                bound,
                generation,
            },
        );
    }
}

/// The machine's memory in bytes, where the system says: a larger table would not fit in it
/// once the search fills it.
#[cfg(target_os = "linux")]
fn machine_memory() -> Option<usize> {
    // SAFETY: sysconf only reads the system's figures.
    let (pages, page) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    let (pages, page) = (usize::try_from(pages).ok()?, usize::try_from(page).ok()?);
    pages.checked_mul(page).filter(|&bytes| bytes > 0)
}

#[cfg(not(target_os = "linux"))]
fn machine_memory() -> Option<usize> {
    None
}

/// Asks the kernel to back `memory`, not yet touched, with huge pages where it can. Probes go
/// to random slots of a table of many megabytes: with 4 KiB pages nearly each one misses the
/// address-translation cache, and the probes waited on those walks.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(memory: &[T]) {
    const HUGE: usize = 2 << 20;
    let start = memory.as_ptr() as usize;
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
fn advise_huge_pages<T>(_memory: &[T]) {}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// The largest allocation, in bytes, that the tables' allocator grants in tests: lowered,
    /// it stands for a machine that cannot give more. Other tests ask for 1 GiB at most.
    pub(crate) static GRANTED: AtomicUsize = AtomicUsize::new(usize::MAX);

    /// A table's memory is had from the system as the search touches it, not all at its
    /// making: every bucket was written then, and 1 GiB asked was 1 GiB resident at once.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_table_takes_memory_as_it_is_used() {
        let resident = || {
            let statm = std::fs::read_to_string("/proc/self/statm").expect("statm");
            let pages: usize = statm
                .split(' ')
                .nth(1)
                .and_then(|p| p.parse().ok())
                .unwrap();
            (pages * 4096) >> 20
        };
        let before = resident();
        let t = Table::new(1024);
        let grown = resident().saturating_sub(before);
        let size = (t.buckets.len() * std::mem::size_of::<Bucket>()) >> 20;
        assert!(grown < size / 4, "{grown} MiB of {size}");
        t.store(12345, None, 7, 3, Bound::Exact);
        assert_eq!(t.probe(12345).map(|e| e.score), Some(7));
        assert!(t.buckets.as_ptr().is_aligned() && t.buckets.len().is_power_of_two());
    }

    /// A table the allocator cannot give is a smaller one, and a size that overflows none,
    /// never an abort.
    #[test]
    fn a_table_too_large_is_a_smaller_one() {
        assert!(Buckets::zeroed(usize::MAX / 64).is_none());
        assert!(Buckets::zeroed(usize::MAX / 128).is_none());
        // Only where the machine's memory caps it: elsewhere the halving tries sizes the
        // system may grant and touch (Wine's zeroed memory took all 24 GB and was killed).
        #[cfg(target_os = "linux")]
        {
            let t = Table::new(usize::MAX);
            let most = machine_memory().unwrap_or(usize::MAX) >> 20;
            assert!(t.megabytes().is_power_of_two() && t.megabytes() <= most);
        }
        assert_eq!(Table::new(3).megabytes(), 2);
    }

    #[test]
    fn stores_and_replaces() {
        let t = Table::new(1);
        assert!(t.buckets.len().is_power_of_two());
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        let n = t.buckets.len() as u64;
        t.store(5, None, 10, 3, Bound::Exact);
        assert_eq!(t.probe(5).unwrap().score, 10);
        assert!(t.probe(5 + n).is_none());
        // Two positions of one bucket are both kept…
        t.store(5 + n, None, 20, 1, Bound::Lower);
        assert_eq!(t.probe(5).unwrap().score, 10);
        assert_eq!(t.probe(5 + n).unwrap().score, 20);
        // …and a third replaces the shallower one of this search…
        t.store(5 + 2 * n, None, 30, 2, Bound::Upper);
        assert_eq!(t.probe(5).unwrap().score, 10);
        assert!(t.probe(5 + n).is_none());
        assert_eq!(t.probe(5 + 2 * n).unwrap().bound, Bound::Upper);
        // …or, in the next search, one of the earlier search, even a deeper one.
        t.new_search();
        t.store(5 + 3 * n, None, 40, 1, Bound::Lower);
        t.store(5 + 4 * n, None, 50, 1, Bound::Lower);
        assert!(t.probe(5).is_none() && t.probe(5 + 2 * n).is_none());
        assert_eq!(t.probe(5 + 4 * n).unwrap().score, 50);
        // A position's own entry is updated in place, keeping its move when none is given.
        let m = Some(Move::new(
            crate::rules::Board::Eight,
            crate::rules::Square::new(22).unwrap(),
            crate::rules::Square::new(18).unwrap(),
            crate::rules::SquareSet(0),
        ));
        t.store(5 + 3 * n, m, 41, 2, Bound::Exact);
        t.store(5 + 3 * n, None, 42, 3, Bound::Exact);
        let e = t.probe(5 + 3 * n).unwrap();
        assert_eq!((e.score, e.best), (42, m));
        // A position that takes another's entry does not inherit its move.
        t.new_search();
        t.store(5 + 5 * n, None, 60, 4, Bound::Exact);
        t.store(5 + 6 * n, None, 70, 4, Bound::Exact);
        assert!(t.probe(5 + 3 * n).is_none());
        assert!(
            [5 + 5 * n, 5 + 6 * n]
                .iter()
                .all(|&k| t.probe(k).unwrap().best.is_none())
        );
        t.clear();
        assert!(t.probe(5 + 3 * n).is_none());
    }
}
