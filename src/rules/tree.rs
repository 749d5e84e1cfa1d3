//! The game tree: every move of the record, the game's own and its variations, in one tree,
//! with what was written after each move and the clock after it.
//!
//! A node's first child is the line's next move; its other children are the variations to that
//! move, in order. A path (the indices of the children taken from the root) names a node, and
//! one path is the cursor: the position the record stands at. Keeping moves, notes, clock marks
//! and variations in one structure means no list has to be kept in step with another by hand,
//! and making a variation the main line is reordering children, not copying lines about.
//!
//! The tree knows moves only; positions come from playing them (see [`GameTree::replay`]) or
//! from the [`Game`](super::Game) that plays the rules along one line of it: the main line,
//! whose moves after the game's are those taken back, kept to come back when played again
//! ([`GameTree::follow`]).

use std::time::Duration;

use super::{Branch, Move, Note, Position, Variation};

/// One move of the tree, with what follows it.
///
/// A game's line is a chain of nodes as deep as the game is long (many thousands of plies in
/// a program's file): dropping, cloning and comparing nodes go through the tree with a stack
/// of their own, not by recursion, which would overflow the thread's.
#[derive(Debug, Eq)]
pub struct Node {
    mv: Move,
    /// What an annotator wrote after the move.
    pub note: Note,
    /// The mover's time left after the move, where it was timed (saved as `[%clk]`).
    pub clock: Option<Duration>,
    /// How deep among its siblings it is nested: 0 for the line's next move, 1 for a variation
    /// to it, 2 for a variation to the first move of the nearest 1 before it, and so on.
    /// Siblings are alternatives to the same move either way; the nesting is kept because a
    /// file writes `(10-14 (9-13))` and the window goes through it as written.
    nesting: usize,
    /// The next move first, then the variations to it, each followed by those nested in it.
    children: Vec<Node>,
}

impl Drop for Node {
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.children);
        while let Some(mut node) = stack.pop() {
            stack.append(&mut node.children);
        }
    }
}

impl Clone for Node {
    fn clone(&self) -> Node {
        // Each node copied without its children, in preorder with its parent's index; then
        // from the last, each put into its parent (its own children are complete by then).
        let shallow = |n: &Node| Node {
            mv: n.mv,
            note: n.note.clone(),
            clock: n.clock,
            nesting: n.nesting,
            children: Vec::with_capacity(n.children.len()),
        };
        let mut flat: Vec<(Option<Node>, usize)> = vec![(Some(shallow(self)), 0)];
        let mut todo: Vec<(&Node, usize)> = self.children.iter().rev().map(|c| (c, 0)).collect();
        while let Some((node, parent)) = todo.pop() {
            let at = flat.len();
            flat.push((Some(shallow(node)), parent));
            todo.extend(node.children.iter().rev().map(|c| (c, at)));
        }
        for i in (1..flat.len()).rev() {
            let parent = flat[i].1;
            let mut node = flat[i].0.take().expect("each node once");
            node.children.reverse();
            flat[parent]
                .0
                .as_mut()
                .expect("a parent comes first")
                .children
                .push(node);
        }
        let mut root = flat[0].0.take().expect("the node copied");
        root.children.reverse();
        root
    }
}

impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        let mut todo = vec![(self, other)];
        while let Some((a, b)) = todo.pop() {
            if a.mv != b.mv
                || a.note != b.note
                || a.clock != b.clock
                || a.nesting != b.nesting
                || a.children.len() != b.children.len()
            {
                return false;
            }
            todo.extend(a.children.iter().zip(&b.children));
        }
        true
    }
}

impl Node {
    /// A node of `mv`, with nothing after it.
    pub fn new(mv: Move) -> Node {
        Node {
            mv,
            note: Note::default(),
            clock: None,
            nesting: 0,
            children: Vec::new(),
        }
    }

    /// The move.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// How deep it is nested among its siblings (0: the line's next move; 1: a variation to
    /// it; 2: a variation to the first move of the nearest 1 before it…).
    pub fn nesting(&self) -> usize {
        self.nesting
    }

    /// The moves that may follow: the line's next first, then the variations to it.
    pub fn children(&self) -> &[Node] {
        &self.children
    }

    /// How many moves it holds, itself and all that follow included.
    pub fn size(&self) -> usize {
        1 + self.children.iter().map(Node::size).sum::<usize>()
    }

    /// The nodes of a variation as a file has it, at `nesting`: the line as one chain, then
    /// the variations to its first move, one deeper.
    fn from_variation(v: &Variation, nesting: usize) -> Vec<Node> {
        let Some((&first, rest)) = v.moves.split_first() else {
            return Vec::new();
        };
        // Built from the end: the node of `moves[ply]` has the next move, then the variations
        // to that move.
        let mut tail: Option<Node> = None;
        for (i, &mv) in rest.iter().enumerate().rev() {
            let ply = i + 1;
            let mut node = Node::new(mv);
            node.note = v.notes.get(ply).cloned().unwrap_or_default();
            node.children.extend(tail.take());
            node.children.extend(nodes_of(v.at(ply + 1), 1));
            tail = Some(node);
        }
        let mut head = Node::new(first);
        head.nesting = nesting;
        head.note = v.notes.first().cloned().unwrap_or_default();
        head.children.extend(tail);
        head.children.extend(nodes_of(v.at(1), 1));
        let mut nodes = vec![head];
        nodes.extend(nodes_of(v.at(0), nesting + 1));
        nodes
    }

    /// The line from this node along first children, as a variation, with the variations to
    /// its later moves; none to its first (those are among this node's siblings).
    fn to_variation(&self) -> Variation {
        let mut v = Variation::new(self.mv);
        v.notes.push(self.note.clone());
        v.sidelines.push(Vec::new());
        let mut node = self;
        while let Some((next, others)) = node.children.split_first() {
            v.moves.push(next.mv);
            v.notes.push(next.note.clone());
            v.sidelines.push(variations_of(others));
            node = next;
        }
        while v.sidelines.last().is_some_and(Vec::is_empty) {
            v.sidelines.pop();
        }
        while v.notes.last().is_some_and(Note::is_empty) {
            v.notes.pop();
        }
        v
    }
}

/// The nodes of `variations`, the first move of each at `nesting`.
fn nodes_of(variations: &[Variation], nesting: usize) -> Vec<Node> {
    variations
        .iter()
        .flat_map(|v| Node::from_variation(v, nesting))
        .collect()
}

/// Siblings after a line's next move as a file writes them: each of the least nested is a
/// variation, the more nested after it up to the next the variations to its first move.
fn variations_of(siblings: &[Node]) -> Vec<Variation> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < siblings.len() {
        let end = run_end(siblings, i);
        let mut v = siblings[i].to_variation();
        let firsts = variations_of(&siblings[i + 1..end]);
        if !firsts.is_empty() {
            v.sidelines.resize_with(v.sidelines.len().max(1), Vec::new);
            v.sidelines[0] = firsts;
        }
        out.push(v);
        i = end;
    }
    out
}

/// Pushes the branches to sibling `i` (not the first), a variation to the move after `at` own
/// moves of the line the siblings follow: one, or, nested in a variation's first move, the
/// branches to that variation and one more.
fn branch_to(siblings: &[Node], i: usize, at: usize, branches: &mut Vec<Branch>) {
    let nesting = siblings[i].nesting;
    let above = (0..i)
        .rev()
        .find(|&j| siblings[j].nesting < nesting)
        .expect("the first sibling is the least nested");
    let at = if above == 0 {
        at
    } else {
        branch_to(siblings, above, at, branches);
        0
    };
    let index = (above + 1..i)
        .filter(|&k| siblings[k].nesting == nesting)
        .count();
    branches.push(Branch { at, index });
}

/// The index after sibling `i` and those nested in it.
fn run_end(siblings: &[Node], i: usize) -> usize {
    let nesting = siblings[i].nesting;
    siblings[i + 1..]
        .iter()
        .position(|n| n.nesting <= nesting)
        .map_or(siblings.len(), |p| i + 1 + p)
}

/// The whole record as a tree of moves from the start, and the cursor in it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTree {
    /// The first move, then the variations to it.
    roots: Vec<Node>,
    /// Where the record stands: the path of the last move played (empty: the start).
    cursor: Vec<usize>,
}

impl GameTree {
    /// No moves: the record of a game not yet played.
    pub const EMPTY: GameTree = GameTree {
        roots: Vec::new(),
        cursor: Vec::new(),
    };

    /// Makes `moves` the start of the main line, the cursor at their end, as a game played
    /// along it moves on: where the main line has another move, `moves`' one takes its place
    /// with nothing after it (the variations to it stay: they are to the move of that ply,
    /// whichever is played). The main line's moves after `moves` stay, with their notes and
    /// variations, to come back when the same moves are played again (after an undo).
    pub fn follow(&mut self, moves: &[Move]) {
        let mut children = &mut self.roots;
        for &mv in moves {
            match children.first_mut() {
                Some(next) if next.mv == mv => {}
                Some(next) => *next = Node::new(mv),
                None => children.push(Node::new(mv)),
            }
            children = &mut children[0].children;
        }
        self.cursor = vec![0; moves.len()];
    }

    /// Calls `f` with the ply and the node of each move of the main line, to change their
    /// notes or clocks.
    pub fn for_main_nodes(&mut self, mut f: impl FnMut(usize, &mut Node)) {
        let mut children = &mut self.roots;
        let mut ply = 0;
        while let Some(node) = children.first_mut() {
            f(ply, node);
            ply += 1;
            children = &mut node.children;
        }
    }

    /// Drops the variations to the moves after the node at `path` along its line (the line's
    /// own moves stay): they were to positions that are no more (a piece huffed or come back
    /// changes them without a move).
    pub fn drop_variations_after(&mut self, path: &[usize]) {
        let Some(mut children) = self.children_mut(path) else {
            return;
        };
        while !children.is_empty() {
            children.truncate(1);
            children = &mut children[0].children;
        }
    }

    /// A tree of one line of `moves`, the cursor at its end.
    pub fn from_moves(moves: &[Move]) -> GameTree {
        let mut tree = GameTree::default();
        tree.follow(moves);
        tree
    }

    /// The tree of a record as a file has it: the game's `moves`, what was written after each
    /// (`notes`, `clocks`: shorter where nothing was) and its variations (the ply of the game's
    /// move they replace, and them). The cursor is at the end of the game's moves; variations
    /// to a ply the game has not played are left out.
    pub fn from_record(
        moves: &[Move],
        notes: &[Note],
        clocks: &[Option<Duration>],
        variations: &[(usize, Vec<Variation>)],
    ) -> GameTree {
        let mut tree = GameTree::from_moves(moves);
        let main = tree.cursor.clone();
        tree.for_main_nodes(|ply, node| {
            node.note = notes.get(ply).cloned().unwrap_or_default();
            node.clock = clocks.get(ply).copied().flatten();
        });
        for (ply, group) in variations {
            if *ply >= moves.len() {
                continue;
            }
            let siblings = tree
                .children_mut(&main[..*ply])
                .expect("a node per ply of the game");
            siblings.extend(nodes_of(group, 1));
        }
        tree
    }

    /// The variations to each move of the main line, as a file writes them: the ply of the
    /// move they replace, and them (only plies with some).
    pub fn variations(&self) -> Vec<(usize, Vec<Variation>)> {
        self.variations_before(usize::MAX)
    }

    /// [`GameTree::variations`] to the main line's first `plies` moves only (those of a game
    /// that follows it; the later ones were taken back).
    pub fn variations_before(&self, plies: usize) -> Vec<(usize, Vec<Variation>)> {
        let mut groups = Vec::new();
        let mut children = &self.roots;
        for ply in 0..plies {
            let Some((next, others)) = children.split_first() else {
                break;
            };
            if !others.is_empty() {
                groups.push((ply, variations_of(others)));
            }
            children = &next.children;
        }
        groups
    }

    /// The variations to the next move after the node at `path` (the root for none): its
    /// children after the first, each with what follows it.
    pub fn variations_at(&self, path: &[usize]) -> Vec<Variation> {
        variations_of(
            self.children(path)
                .map_or(&[][..], |c| c.get(1..).unwrap_or(&[])),
        )
    }

    /// The path of the last move played.
    pub fn cursor(&self) -> &[usize] {
        &self.cursor
    }

    /// Puts the cursor on the node at `path`; whether there is one.
    pub fn set_cursor(&mut self, path: &[usize]) -> bool {
        let exists = path.is_empty() || self.node(path).is_some();
        if exists {
            self.cursor = path.to_vec();
        }
        exists
    }

    /// The node at `path` (`None` for the root, which is no move, or a path that leads
    /// nowhere).
    pub fn node(&self, path: &[usize]) -> Option<&Node> {
        let (&first, rest) = path.split_first()?;
        let mut node = self.roots.get(first)?;
        for &i in rest {
            node = node.children.get(i)?;
        }
        Some(node)
    }

    /// The node at `path`, to change its note or clock.
    pub fn node_mut(&mut self, path: &[usize]) -> Option<&mut Node> {
        let (&first, rest) = path.split_first()?;
        let mut node = self.roots.get_mut(first)?;
        for &i in rest {
            node = node.children.get_mut(i)?;
        }
        Some(node)
    }

    /// What may follow the node at `path` (the root for none): the next move first, then the
    /// variations to it.
    pub fn children(&self, path: &[usize]) -> Option<&[Node]> {
        if path.is_empty() {
            return Some(&self.roots);
        }
        self.node(path).map(Node::children)
    }

    fn children_mut(&mut self, path: &[usize]) -> Option<&mut Vec<Node>> {
        if path.is_empty() {
            return Some(&mut self.roots);
        }
        self.node_mut(path).map(|n| &mut n.children)
    }

    /// The moves from the start to the node at `path`, it included.
    pub fn line(&self, path: &[usize]) -> Option<Vec<Move>> {
        let mut moves = Vec::with_capacity(path.len());
        let mut children = &self.roots;
        for &i in path {
            let node = children.get(i)?;
            moves.push(node.mv);
            children = &node.children;
        }
        Some(moves)
    }

    /// `path`, then on along the first children to the end of its line.
    pub fn main_path(&self, path: &[usize]) -> Vec<usize> {
        let mut path = path.to_vec();
        while self.children(&path).is_some_and(|c| !c.is_empty()) {
            path.push(0);
        }
        path
    }

    /// The moves of the main line, from the start along the first children.
    pub fn main_line(&self) -> Vec<Move> {
        self.line(&self.main_path(&[]))
            .expect("a path the tree made")
    }

    /// The nodes of the main line, from the first move along the first children.
    pub fn main_nodes(&self) -> Vec<&Node> {
        let mut nodes = Vec::new();
        let mut children = &self.roots;
        while let Some(node) = children.first() {
            nodes.push(node);
            children = &node.children;
        }
        nodes
    }

    /// The positions before each move of the line to `path` and after the last, played from
    /// `start` (moves are played as recorded: the tree holds no rules).
    pub fn replay(&self, start: &Position, path: &[usize]) -> Option<Vec<Position>> {
        let moves = self.line(path)?;
        let mut positions = Vec::with_capacity(moves.len() + 1);
        positions.push(*start);
        for m in &moves {
            let mut pos = *positions.last().expect("a start");
            pos.play_unchecked(m);
            positions.push(pos);
        }
        Some(positions)
    }

    /// The path of `mv` after the node at `path`: the child already there, or a new one (the
    /// next move where there is none, else the last variation to it). `None` where `path`
    /// leads nowhere.
    pub fn extend(&mut self, path: &[usize], mv: Move) -> Option<Vec<usize>> {
        let children = self.children_mut(path)?;
        let i = match children.iter().position(|c| c.mv == mv) {
            Some(i) => i,
            None => {
                let mut node = Node::new(mv);
                node.nesting = usize::from(!children.is_empty());
                children.push(node);
                children.len() - 1
            }
        };
        let mut path = path.to_vec();
        path.push(i);
        Some(path)
    }

    /// Adds a line of `mv` beside the node at `path`: a variation to its move, after those
    /// there (nested in it where it is a variation itself, as a file writes one to a
    /// variation's first move), or the sibling already starting with `mv`. Its path; `None` at
    /// the root or where `path` leads nowhere. The cursor stays on its moves.
    pub fn vary(&mut self, path: &[usize], mv: Move) -> Option<Vec<usize>> {
        let (&i, parent) = path.split_last()?;
        let siblings = self.children_mut(parent)?;
        let mut node = Node::new(mv);
        node.nesting = siblings.get(i)?.nesting + 1;
        let at = match siblings.iter().position(|c| c.mv == mv) {
            Some(at) => at,
            None => {
                let at = run_end(siblings, i);
                siblings.insert(at, node);
                let cursor = &mut self.cursor;
                if cursor.len() > parent.len() && cursor.starts_with(parent) {
                    let c = &mut cursor[parent.len()];
                    *c += usize::from(*c >= at);
                }
                at
            }
        };
        let mut path = parent.to_vec();
        path.push(at);
        Some(path)
    }

    /// Drops everything after the node at `path` (the root for none): the line's later moves and
    /// the variations to them, returned. The cursor, if it was among them, comes back to
    /// `path`.
    pub fn cut(&mut self, path: &[usize]) -> Vec<Node> {
        let Some(children) = self.children_mut(path) else {
            return Vec::new();
        };
        let cut = std::mem::take(children);
        if self.cursor.len() > path.len() && self.cursor.starts_with(path) {
            self.cursor.truncate(path.len());
        }
        cut
    }

    /// The path of the place the window names by branches from the game's line (the main
    /// line here) to a variation and a ply of that line's own moves (0 in a variation: where
    /// it hangs), so that what names places by branches can work on the tree. `None` where the
    /// branches or the ply lead nowhere.
    pub fn path(&self, branches: &[Branch], ply: usize) -> Option<Vec<usize>> {
        // The path of the line's first move; `None` for the main line.
        let mut head: Option<Vec<usize>> = None;
        for b in branches {
            let new = match &head {
                Some(h) if b.at == 0 => {
                    // A variation to a variation's first move: nested after it.
                    let (&at, parent) = h.split_last().expect("a head is a move");
                    let siblings = self.children(parent)?;
                    let nesting = siblings[at].nesting + 1;
                    let k = (at + 1..run_end(siblings, at))
                        .filter(|&k| siblings[k].nesting == nesting)
                        .nth(b.index)?;
                    [parent, &[k]].concat()
                }
                _ => {
                    let before = self.line_node(head.as_deref(), b.at)?;
                    let siblings = self.children(&before)?;
                    let k = (1..siblings.len())
                        .filter(|&k| siblings[k].nesting == 1)
                        .nth(b.index)?;
                    [&before[..], &[k]].concat()
                }
            };
            head = Some(new);
        }
        let path = self.line_node(head.as_deref(), ply)?;
        (path.is_empty() || self.node(&path).is_some()).then_some(path)
    }

    /// The path of the node after `ply` own moves of the line whose first move is at `head`
    /// (the main line for none): the node before its first move for 0.
    fn line_node(&self, head: Option<&[usize]>, ply: usize) -> Option<Vec<usize>> {
        let mut path = match head {
            None => return Some(vec![0; ply]),
            Some(h) if ply == 0 => return Some(h[..h.len() - 1].to_vec()),
            Some(h) => h.to_vec(),
        };
        path.resize(path.len() + ply - 1, 0);
        Some(path)
    }

    /// The branches from the main line to the line the node at `path` is on, and how many of
    /// that line's own moves lead to it: the place as the window names it ([`GameTree::path`]
    /// the other way). `None` where `path` leads nowhere.
    pub fn branches(&self, path: &[usize]) -> Option<(Vec<Branch>, usize)> {
        let mut branches = Vec::new();
        let mut ply = 0;
        let mut siblings = &self.roots;
        for &i in path {
            let node = siblings.get(i)?;
            if i != 0 {
                branch_to(siblings, i, ply, &mut branches);
                ply = 0;
            }
            ply += 1;
            siblings = &node.children;
        }
        Some((branches, ply))
    }

    /// Where the variation holding the node at `path` starts: the depth of its first move in
    /// the path (the last index that is not a first child). `None` on the main line.
    fn variation_depth(path: &[usize]) -> Option<usize> {
        path.iter().rposition(|&i| i != 0)
    }

    /// Takes away the variation the node at `path` is in, from its first move, with all that
    /// follows it and the variations nested in it: the variation's first node, then those. The
    /// cursor, if it was in them, goes back to where the variation hangs (the position before
    /// its first move); one in a later variation beside it follows it. `None` on the main
    /// line, or where `path` leads nowhere.
    pub fn remove(&mut self, path: &[usize]) -> Option<Vec<Node>> {
        self.node(path)?;
        let depth = GameTree::variation_depth(path)?;
        let (parent, k) = (&path[..depth], path[depth]);
        let siblings = self.children_mut(parent)?;
        let end = run_end(siblings, k);
        let removed = siblings.drain(k..end).collect();
        let cursor = &mut self.cursor;
        if cursor.len() > depth && cursor.starts_with(parent) {
            if (k..end).contains(&cursor[depth]) {
                cursor.truncate(depth);
            } else if cursor[depth] >= end {
                cursor[depth] -= end - k;
            }
        }
        Some(removed)
    }

    /// Makes the variation the node at `path` is in the line it hangs from, and that line's
    /// moves from there a variation in its place (among the others, where the promoted one
    /// was); the variations nested in the promoted one come after the others. One level at a
    /// time: a variation of a variation becomes its parent's line, not the main line. The
    /// node's path now; the cursor follows the moves it was on. `None` on the main line, or
    /// where `path` leads nowhere.
    pub fn promote(&mut self, path: &[usize]) -> Option<Vec<usize>> {
        self.node(path)?;
        let depth = GameTree::variation_depth(path)?;
        let (parent, k) = (&path[..depth], path[depth]);
        let siblings = self.children_mut(parent)?;
        let nesting = siblings[k].nesting;
        // The line it hangs from: the nearest sibling before it one less nested.
        let j = (0..k).rev().find(|&i| siblings[i].nesting < nesting)?;
        let (j_end, k_end) = (run_end(siblings, j), run_end(siblings, k));
        let order: Vec<usize> = (0..j)
            .chain([k])
            .chain(j + 1..k)
            .chain([j])
            .chain(k_end..j_end)
            .chain(k + 1..k_end)
            .chain(j_end..siblings.len())
            .collect();
        siblings[k].nesting -= 1;
        siblings[j].nesting += 1;
        for n in &mut siblings[k + 1..k_end] {
            n.nesting -= 1;
        }
        let mut old: Vec<Option<Node>> = std::mem::take(siblings).into_iter().map(Some).collect();
        *siblings = order
            .iter()
            .map(|&i| old[i].take().expect("each sibling once"))
            .collect();
        let remap = |p: &mut Vec<usize>| {
            if p.len() > depth && p.starts_with(parent) {
                p[depth] = order
                    .iter()
                    .position(|&i| i == p[depth])
                    .expect("each sibling once");
            }
        };
        remap(&mut self.cursor);
        let mut promoted = path.to_vec();
        remap(&mut promoted);
        Some(promoted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    /// The legal moves at the start of a Czech game, in their order.
    fn firsts() -> Vec<Move> {
        let rules = Variant::Czech.rules();
        Variant::Czech.start_position().legal_moves(rules)
    }

    /// A legal line of `n` moves from the start: the first legal move each time.
    fn moves(n: usize) -> Vec<Move> {
        let rules = Variant::Czech.rules();
        let mut pos = Variant::Czech.start_position();
        (0..n)
            .map(|_| {
                let m = pos.legal_moves(rules)[0];
                pos.play_unchecked(&m);
                m
            })
            .collect()
    }

    fn note(text: &str) -> Note {
        Note {
            nags: Vec::new(),
            comments: vec![text.to_string()],
        }
    }

    #[test]
    fn a_line_is_the_moves_to_a_node_and_the_cursor_names_one() {
        let game = moves(4);
        let mut tree = GameTree::from_moves(&game);
        assert_eq!(tree.cursor(), [0, 0, 0, 0]);
        assert_eq!(tree.line(tree.cursor()).unwrap(), game);
        assert_eq!(tree.main_line(), game);
        assert_eq!(tree.line(&[]).unwrap(), []);
        assert_eq!(tree.line(&[0, 1]), None);
        assert!(tree.set_cursor(&[0, 0]));
        assert_eq!(tree.line(tree.cursor()).unwrap(), game[..2]);
        assert!(!tree.set_cursor(&[0, 7]));
        assert_eq!(tree.cursor(), [0, 0]);
        assert_eq!(tree.main_path(&[0]), [0, 0, 0, 0]);
        assert_eq!(tree.node(&[]), None);
        assert_eq!(tree.node(&[0]).unwrap().size(), 4);
        let main: Vec<Move> = tree.main_nodes().iter().map(|n| n.mv()).collect();
        assert_eq!(main, game);
    }

    #[test]
    fn extending_finds_the_move_already_there_or_adds_it_after_the_others() {
        let game = moves(2);
        let mut tree = GameTree::from_moves(&game);
        assert_eq!(tree.extend(&[], game[0]).unwrap(), [0]);
        assert_eq!(tree.extend(&[], firsts()[1]).unwrap(), [1]);
        assert_eq!(tree.extend(&[0, 0], firsts()[1]).unwrap(), [0, 0, 0]);
        assert_eq!(tree.extend(&[3], game[0]), None);
    }

    #[test]
    fn a_variation_at_the_first_ply_is_a_sibling_of_the_first_move() {
        let game = moves(3);
        let mut tree = GameTree::from_moves(&game);
        let v = tree.vary(&[0], firsts()[2]).unwrap();
        assert_eq!(v, [1]);
        let w = tree.extend(&v, game[1]).unwrap();
        assert_eq!(tree.line(&w).unwrap(), [firsts()[2], game[1]]);
        // The same first move again is the same variation; the root has no sibling.
        assert_eq!(tree.vary(&[0], firsts()[2]).unwrap(), [1]);
        assert_eq!(tree.vary(&[], firsts()[2]), None);
        assert_eq!(tree.vary(&[5], firsts()[2]), None);
        assert_eq!(tree.main_line(), game);
        let groups = tree.variations();
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].0, 0);
        assert_eq!(groups[0].1[0].moves, [firsts()[2], game[1]]);
    }

    #[test]
    fn removing_a_variation_keeps_the_others_and_moves_the_cursor_out_of_it() {
        let game = moves(4);
        let mut tree = GameTree::from_moves(&game);
        let a = tree.vary(&[0, 0], firsts()[0]).unwrap();
        let b = tree.vary(&[0, 0], firsts()[1]).unwrap();
        assert_eq!((a.clone(), b.clone()), (vec![0, 1], vec![0, 2]));
        let deep = tree.extend(&b, game[2]).unwrap();
        // The cursor deep in the later variation follows it when the first goes.
        tree.set_cursor(&deep);
        let removed = tree.remove(&a).unwrap();
        assert_eq!(removed.len(), 1);
        assert_eq!(removed[0].mv(), firsts()[0]);
        assert_eq!(tree.cursor(), [0, 1, 0]);
        // Removing the line the cursor is on, from any of its nodes: back where it hangs.
        assert_eq!(tree.remove(&[0, 1, 0]).unwrap()[0].size(), 2);
        assert_eq!(tree.cursor(), [0]);
        assert_eq!(tree.variations(), []);
        // The main line is not a variation.
        assert_eq!(tree.remove(&[0, 0]), None);
        assert_eq!(tree.remove(&[0, 4]), None);
        assert_eq!(tree.main_line(), game);
    }

    #[test]
    fn a_cursor_elsewhere_stays_when_a_variation_goes() {
        let game = moves(4);
        let mut tree = GameTree::from_moves(&game);
        let v = tree.vary(&[0, 0, 0], firsts()[0]).unwrap();
        tree.remove(&v).unwrap();
        assert_eq!(tree.cursor(), [0, 0, 0, 0]);
    }

    #[test]
    fn promoting_swaps_the_variation_with_the_line_it_hangs_from() {
        let game = moves(4);
        let mut tree = GameTree::from_moves(&game);
        let a = tree.vary(&[0, 0], firsts()[0]).unwrap();
        let b = tree.vary(&[0, 0], firsts()[1]).unwrap();
        let b2 = tree.extend(&b, firsts()[2]).unwrap();
        tree.set_cursor(&[0, 0, 0]);
        let promoted = tree.promote(&b2).unwrap();
        assert_eq!(promoted, [0, 0, 0]);
        assert_eq!(tree.main_line(), [game[0], firsts()[1], firsts()[2]]);
        // The old line is a variation where the promoted one was; the cursor stays on its
        // moves; the other variation stays where it was.
        assert_eq!(tree.cursor(), [0, 2, 0]);
        assert_eq!(tree.line(tree.cursor()).unwrap(), game[..3]);
        assert_eq!(tree.node(&a).unwrap().mv(), firsts()[0]);
        // Promoting it back restores the tree.
        tree.promote(&[0, 2, 0]).unwrap();
        assert_eq!(tree.main_line(), game);
        assert_eq!(tree.node(&[0, 2]).unwrap().mv(), firsts()[1]);
        assert_eq!(tree.promote(&[0, 0, 0]), None);
        assert_eq!(tree.promote(&[0, 9]), None);
    }

    #[test]
    fn a_variation_of_a_variation_is_promoted_into_its_parent_only() {
        let game = moves(4);
        let mut tree = GameTree::from_moves(&game);
        let outer = tree.vary(&[0], firsts()[1]).unwrap();
        let o2 = tree.extend(&outer, firsts()[2]).unwrap();
        let o3 = tree.extend(&o2, firsts()[3]).unwrap();
        let inner = tree.vary(&o2, firsts()[4]).unwrap();
        let i2 = tree.extend(&inner, firsts()[5]).unwrap();
        assert_eq!(i2, [1, 1, 0]);
        tree.set_cursor(&o3);
        assert_eq!(tree.promote(&i2).unwrap(), [1, 0, 0]);
        assert_eq!(tree.main_line(), game, "the game's own line is untouched");
        let v = &tree.variations_at(&[])[0];
        assert_eq!(v.moves, [firsts()[1], firsts()[4], firsts()[5]]);
        assert_eq!(v.at(1)[0].moves, [firsts()[2], firsts()[3]]);
        assert_eq!(tree.cursor(), [1, 1, 0]);
        assert_eq!(
            tree.line(tree.cursor()).unwrap(),
            [firsts()[1], firsts()[2], firsts()[3]]
        );
        // Then the outer one into the game.
        assert_eq!(tree.promote(&[1, 0, 0]).unwrap(), [0, 0, 0]);
        assert_eq!(tree.main_line(), [firsts()[1], firsts()[4], firsts()[5]]);
        assert_eq!(tree.variations_at(&[])[0].moves, game);
    }

    #[test]
    fn notes_and_clocks_go_with_their_moves() {
        let game = moves(3);
        let ten = Some(Duration::from_secs(10));
        let mut tree = GameTree::from_record(&game, &[note("a"), note("b")], &[None, ten], &[]);
        assert_eq!(tree.node(&[0]).unwrap().note, note("a"));
        assert_eq!(tree.node(&[0, 0]).unwrap().clock, ten);
        assert!(tree.node(&[0, 0, 0]).unwrap().note.is_empty());
        let v = tree.vary(&[0, 0], firsts()[0]).unwrap();
        tree.node_mut(&v).unwrap().note = note("c");
        tree.promote(&v).unwrap();
        assert_eq!(tree.node(&[0, 0]).unwrap().note, note("c"));
        assert_eq!(tree.node(&[0, 0]).unwrap().clock, None);
        assert_eq!(tree.node(&[0, 1]).unwrap().note, note("b"));
        assert_eq!(tree.node(&[0, 1]).unwrap().clock, ten);
        assert_eq!(tree.variations_at(&[0])[0].notes, [note("b")]);
    }

    #[test]
    fn cutting_drops_the_later_moves_and_brings_the_cursor_back() {
        let game = moves(4);
        let mut tree = GameTree::from_moves(&game);
        tree.vary(&[0, 0, 0], firsts()[0]).unwrap();
        let cut = tree.cut(&[0, 0]);
        assert_eq!(cut.iter().map(Node::size).sum::<usize>(), 3);
        assert_eq!(tree.cursor(), [0, 0]);
        assert_eq!(tree.main_line(), game[..2]);
    }

    #[test]
    fn variations_as_a_file_has_them_survive_the_tree() {
        let game = moves(4);
        let f = firsts();
        // 2... (f1 f2 (f3 f4) f5 {x}) (f6 (f7)): a variation with one of its own to its second
        // move, a note, and one with a variation to its first move.
        let inner = Variation::new(f[3]);
        let mut with_inner = Variation::new(f[1]);
        with_inner.moves.extend([f[2], f[5]]);
        with_inner.moves.push(f[4]);
        with_inner.sidelines = vec![Vec::new(), vec![inner]];
        with_inner.notes = vec![Note::default(), Note::default(), note("x")];
        let other = Variation::new(f[6]);
        let groups = vec![(1, vec![with_inner.clone(), other.clone()])];
        let tree = GameTree::from_record(&game, &[], &[], &groups);
        assert_eq!(tree.main_line(), game);
        assert_eq!(tree.variations(), groups);
        // A variation to a variation's first move is a sibling too, nested after it, and comes
        // back nested.
        let mut nested = other.clone();
        nested.sidelines = vec![vec![Variation::new(f[5])]];
        let groups = vec![(0, vec![nested, Variation::new(f[4])])];
        let tree = GameTree::from_record(&game, &[], &[], &groups);
        let nestings: Vec<usize> = tree
            .children(&[])
            .unwrap()
            .iter()
            .map(Node::nesting)
            .collect();
        assert_eq!(nestings, [0, 1, 2, 1]);
        assert_eq!(tree.variations(), groups);
        // Variations past the game's end are left out.
        let tree = GameTree::from_record(&game, &[], &[], &[(4, vec![Variation::new(f[0])])]);
        assert_eq!(tree.variations(), []);
    }

    #[test]
    fn a_tree_from_a_position_with_black_to_move_replays_its_lines() {
        let rules = Variant::Czech.rules();
        let start = rules.parse_fen("B:W21,22:B9,10").unwrap();
        let first = start.legal_moves(rules);
        assert!(first.len() > 1);
        let mut after = start;
        after.play_unchecked(&first[0]);
        let reply = after.legal_moves(rules)[0];
        let mut tree = GameTree::from_moves(&[first[0], reply]);
        let v = tree.vary(&[0], first[1]).unwrap();
        let positions = tree.replay(&start, &v).unwrap();
        assert_eq!(positions.len(), 2);
        assert_eq!(positions[0], start);
        assert!(positions[1].side_to_move() != start.side_to_move());
        let main = tree.replay(&start, tree.cursor()).unwrap();
        assert_eq!(main[1], after);
        assert_eq!(tree.replay(&start, &[4]), None);
        assert_eq!(tree.variations()[0], (0, vec![Variation::new(first[1])]));
    }

    /// `1. a (1. b (1. c) (1. d)) (1. e)`: the siblings of `a` with their nestings.
    fn nested() -> (GameTree, Vec<Move>) {
        let game = moves(2);
        let f = firsts();
        let mut tree = GameTree::from_moves(&game);
        let b = tree.vary(&[0], f[1]).unwrap();
        let e = tree.vary(&[0], f[4]).unwrap();
        assert_eq!(e, [2]);
        // Beside b, nested in it: before e.
        assert_eq!(tree.vary(&b, f[2]).unwrap(), [2]);
        assert_eq!(tree.vary(&b, f[3]).unwrap(), [3]);
        let order = vec![game[0], f[1], f[2], f[3], f[4]];
        let nestings: Vec<usize> = tree
            .children(&[])
            .unwrap()
            .iter()
            .map(Node::nesting)
            .collect();
        assert_eq!(nestings, [0, 1, 2, 2, 1]);
        (tree, order)
    }

    fn firsts_of(tree: &GameTree) -> Vec<(Move, usize)> {
        let children = tree.children(&[]).unwrap();
        children.iter().map(|n| (n.mv(), n.nesting())).collect()
    }

    #[test]
    fn a_variation_nested_in_another_is_added_after_it_and_moves_the_cursor_on() {
        let (mut tree, order) = nested();
        tree.set_cursor(&[4]);
        tree.vary(&[1], firsts()[5]).unwrap();
        assert_eq!(tree.cursor(), [5], "e moved on past the new one");
        assert_eq!(tree.node(&[4]).unwrap().mv(), firsts()[5]);
        assert_eq!(tree.node(&[5]).unwrap().mv(), order[4]);
        let v = &tree.variations()[0].1;
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].at(0).len(), 3);
    }

    #[test]
    fn removing_a_variation_takes_those_nested_in_it() {
        let (mut tree, order) = nested();
        tree.set_cursor(&[4]);
        let removed = tree.remove(&[1]).unwrap();
        assert_eq!(removed.len(), 3);
        assert_eq!(tree.cursor(), [1]);
        assert_eq!(firsts_of(&tree), [(order[0], 0), (order[4], 1)]);
        // One nested alone.
        let (mut tree, order) = nested();
        assert_eq!(tree.remove(&[2]).unwrap().len(), 1);
        assert_eq!(
            firsts_of(&tree),
            [(order[0], 0), (order[1], 1), (order[3], 2), (order[4], 1)]
        );
    }

    #[test]
    fn a_variation_nested_in_another_is_promoted_into_its_place() {
        let (mut tree, order) = nested();
        tree.set_cursor(&[1]);
        // c takes b's place; b goes where c was, among d; e stays.
        assert_eq!(tree.promote(&[2]).unwrap(), [1]);
        assert_eq!(
            firsts_of(&tree),
            [
                (order[0], 0),
                (order[2], 1),
                (order[1], 2),
                (order[3], 2),
                (order[4], 1)
            ]
        );
        assert_eq!(tree.cursor(), [2]);
        // The game's own move gives way to b, and the nested ones come after e, one less deep.
        let (mut tree, order) = nested();
        assert_eq!(tree.promote(&[1]).unwrap(), [0]);
        assert_eq!(
            firsts_of(&tree),
            [
                (order[1], 0),
                (order[0], 1),
                (order[4], 1),
                (order[2], 1),
                (order[3], 1)
            ]
        );
        assert_eq!(tree.cursor(), [1, 0], "on the game's old moves");
    }

    #[test]
    fn a_line_of_many_thousand_moves_is_cloned_compared_and_dropped_without_recursion() {
        let game = moves(2);
        let line: Vec<Move> = (0..200_000).map(|i| game[i % 2]).collect();
        let mut tree = GameTree::from_moves(&line);
        tree.vary(&[0, 0], firsts()[1]).unwrap();
        tree.node_mut(&[0, 0]).unwrap().note = note("second");
        let copy = tree.clone();
        assert_eq!(copy, tree);
        assert_eq!(copy.variations(), tree.variations());
        assert_eq!(copy.node(&[0, 0]).unwrap().note, note("second"));
        tree.node_mut(&[0, 0]).unwrap().note = note("changed");
        assert_ne!(copy, tree);
        drop(copy);
        drop(tree);
    }

    #[test]
    fn following_a_game_keeps_the_moves_taken_back_until_another_is_played() {
        let game = moves(4);
        let f = firsts();
        let mut tree = GameTree::from_moves(&game);
        tree.node_mut(&[0, 0, 0]).unwrap().note = note("third");
        tree.vary(&[0, 0, 0], f[0]).unwrap();
        tree.vary(&[0, 0], f[1]).unwrap();
        // Two moves taken back: the cursor comes back, the moves and their notes stay.
        tree.follow(&game[..2]);
        assert_eq!(tree.cursor(), [0, 0]);
        assert_eq!(tree.main_line(), game);
        // Played again, they are the same nodes.
        tree.follow(&game[..3]);
        assert_eq!(tree.node(&[0, 0, 0]).unwrap().note, note("third"));
        assert_eq!(tree.variations().len(), 2);
        // Another move in place of the second: the variations to it stay, what followed goes.
        tree.follow(&[game[0], f[2]]);
        assert_eq!(tree.main_line(), [game[0], f[2]]);
        assert_eq!(tree.variations_at(&[0])[0].moves, [f[1]]);
        assert_eq!(tree.variations().len(), 1);
        // Moves beyond the tree's are added.
        tree.follow(&game[..1]);
        tree.follow(&[game[0], f[2], game[2]]);
        assert_eq!(tree.main_line(), [game[0], f[2], game[2]]);
        assert_eq!(tree.cursor(), [0, 0, 0]);
        let mut empty = GameTree::EMPTY;
        empty.follow(&game);
        assert_eq!(empty, GameTree::from_moves(&game));
    }

    #[test]
    fn the_main_lines_nodes_are_reached_in_order_and_its_variations_up_to_a_ply() {
        let game = moves(4);
        let f = firsts();
        let mut tree = GameTree::from_moves(&game);
        tree.vary(&[0], f[1]).unwrap();
        tree.vary(&[0, 0, 0], f[2]).unwrap();
        let mut seen = Vec::new();
        tree.for_main_nodes(|ply, node| {
            seen.push((ply, node.mv()));
            node.clock = Some(Duration::from_secs(ply as u64));
        });
        assert_eq!(seen, game.iter().copied().enumerate().collect::<Vec<_>>());
        assert_eq!(
            tree.node(&[0, 0, 0]).unwrap().clock,
            Some(Duration::from_secs(2))
        );
        // The variations to the first two moves only: the later ones were taken back.
        let plies = |groups: Vec<(usize, Vec<Variation>)>| -> Vec<usize> {
            groups.into_iter().map(|(p, _)| p).collect()
        };
        assert_eq!(plies(tree.variations_before(2)), [0]);
        assert_eq!(plies(tree.variations_before(3)), [0, 2]);
        assert_eq!(plies(tree.variations()), [0, 2]);
    }

    #[test]
    fn dropping_the_variations_after_a_node_keeps_its_line() {
        let game = moves(4);
        let f = firsts();
        let mut tree = GameTree::from_moves(&game);
        tree.vary(&[0], f[1]).unwrap();
        tree.vary(&[0, 0, 0], f[0]).unwrap();
        tree.node_mut(&[0, 0, 0, 0]).unwrap().note = note("kept");
        tree.drop_variations_after(&[0, 0]);
        assert_eq!(tree.main_line(), game);
        assert_eq!(tree.node(&[0, 0, 0, 0]).unwrap().note, note("kept"));
        let plies: Vec<usize> = tree.variations().iter().map(|(p, _)| *p).collect();
        assert_eq!(plies, [0], "only the one before the node");
    }

    /// A variation in a variation's later move and one nested in a variation's first move are
    /// promoted into the variation they hang from, as the variations kept beside the game were.
    #[test]
    fn promoting_in_a_variation_makes_it_the_line_of_that_variation() {
        let game = moves(4);
        let f = firsts();
        // The outer variation f1 f2 f3, with f4 and f5 to its f2 and f6 to its f1; another
        // beside it (the tree holds moves, not rules: any move other than these will do).
        let beside = game[1];
        let build = || {
            let mut tree = GameTree::from_moves(&game);
            let outer = tree.vary(&[0], f[1]).unwrap();
            let second = tree.extend(&outer, f[2]).unwrap();
            tree.extend(&second, f[3]).unwrap();
            tree.vary(&second, f[4]).unwrap();
            let later = tree.vary(&second, f[5]).unwrap();
            let nested = tree.vary(&outer, f[6]).unwrap();
            tree.vary(&[0], beside).unwrap();
            (tree, later, nested)
        };
        let line = |moves: &[Move], sidelines: Vec<Vec<Variation>>| Variation {
            moves: moves.to_vec(),
            sidelines,
            notes: Vec::new(),
        };
        let one = |m: Move| Variation::new(m);
        let (mut tree, later, nested) = build();
        assert_eq!((later.clone(), nested.clone()), (vec![1, 2], vec![2]));
        tree.promote(&later).unwrap();
        let promoted = line(
            &[f[1], f[5]],
            vec![
                vec![one(f[6])],
                vec![one(f[4]), line(&[f[2], f[3]], Vec::new())],
            ],
        );
        assert_eq!(tree.variations(), [(0, vec![promoted, one(beside)])]);
        let (mut tree, _, nested) = build();
        tree.promote(&nested).unwrap();
        let old = line(
            &[f[1], f[2], f[3]],
            vec![Vec::new(), vec![one(f[4]), one(f[5])]],
        );
        let promoted = line(&[f[6]], vec![vec![old]]);
        assert_eq!(tree.variations(), [(0, vec![promoted, one(beside)])]);
    }

    #[test]
    fn a_place_named_by_branches_is_a_path_and_back() {
        let game = moves(4);
        let f = firsts();
        let mut tree = GameTree::from_moves(&game);
        let outer = tree.vary(&[0], f[1]).unwrap();
        let second = tree.extend(&outer, f[2]).unwrap();
        tree.extend(&second, f[3]).unwrap();
        tree.vary(&second, f[5]).unwrap();
        let nested = tree.vary(&outer, f[6]).unwrap();
        tree.vary(&nested, f[4]).unwrap();
        tree.vary(&[0, 0, 0], f[0]).unwrap();
        let b = |at, index| Branch { at, index };
        // Each line: its branches, every move from the start to its end, and how many of them
        // come before its own.
        let all = [
            (vec![], game.clone(), 0),
            (vec![b(0, 0)], vec![f[1], f[2], f[3]], 0),
            (vec![b(0, 0), b(1, 0)], vec![f[1], f[5]], 1),
            (vec![b(0, 0), b(0, 0)], vec![f[6]], 0),
            (vec![b(0, 0), b(0, 0), b(0, 0)], vec![f[4]], 0),
            (vec![b(2, 0)], vec![game[0], game[1], f[0]], 2),
        ];
        for (branches, moves, base) in all {
            for ply in 0..=moves.len() - base {
                let path = tree.path(&branches, ply).unwrap();
                assert_eq!(
                    tree.line(&path).unwrap(),
                    moves[..base + ply],
                    "{branches:?} {ply}"
                );
                if ply > 0 || branches.is_empty() {
                    assert_eq!(tree.branches(&path), Some((branches.clone(), ply)));
                }
            }
            assert_eq!(tree.path(&branches, moves.len() - base + 1), None);
        }
        assert_eq!(tree.path(&[b(0, 5)], 1), None);
        assert_eq!(tree.path(&[b(0, 0), b(0, 1)], 1), None);
        assert_eq!(tree.branches(&[7]), None);
    }
}
