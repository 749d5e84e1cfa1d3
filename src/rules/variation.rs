//! Variations: lines of moves considered instead of the game's own, kept with the game.
//!
//! The game itself stays a [`Game`] (its record has claims, clocks and a result that no
//! variation has); the variations hang from it as a tree of moves. Each group of variations is
//! kept with the moves of the game that lead to it and the position they start from, so that
//! taking moves back and playing them again neither loses a variation nor leaves one hanging
//! from a position it did not start from (a huff changes a position without a move).

use super::{Game, Move, Position};

/// What an annotator wrote after a move: its glyphs (`!`, `?`… as PDN numbers them: 1 to 6,
/// and others) and comments. Kept so that a game read from a file and saved again keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Note {
    /// The glyphs.
    pub nags: Vec<u16>,
    /// The comments.
    pub comments: Vec<String>,
}

impl Note {
    /// Whether there is nothing in it.
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comments.is_empty()
    }
}

/// A line of moves played instead of one move of the line it hangs from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// The moves, the first in place of the move it is a variation to.
    pub moves: Vec<Move>,
    /// `sidelines[i]`: the variations to `moves[i]` (shorter than `moves` where the later
    /// moves have none).
    pub sidelines: Vec<Vec<Variation>>,
    /// `notes[i]`: what was written after `moves[i]` (shorter where nothing was).
    pub notes: Vec<Note>,
}

impl Variation {
    /// A variation of one move.
    pub fn new(first: Move) -> Variation {
        Variation {
            moves: vec![first],
            ..Variation::default()
        }
    }

    /// What was written after `moves[ply]`.
    pub fn note(&self, ply: usize) -> Option<&Note> {
        self.notes.get(ply).filter(|n| !n.is_empty())
    }

    /// The variations to `moves[ply]`.
    pub fn at(&self, ply: usize) -> &[Variation] {
        self.sidelines.get(ply).map_or(&[], Vec::as_slice)
    }

    fn at_mut(&mut self, ply: usize) -> &mut Vec<Variation> {
        if self.sidelines.len() <= ply {
            self.sidelines.resize_with(ply + 1, Vec::new);
        }
        &mut self.sidelines[ply]
    }

    /// Keeps the first `len` moves and the variations to them.
    pub fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
        self.sidelines.truncate(len);
        self.notes.truncate(len);
    }

    /// How many moves it holds, its own variations included.
    pub fn size(&self) -> usize {
        self.moves.len()
            + self
                .sidelines
                .iter()
                .flatten()
                .map(Variation::size)
                .sum::<usize>()
    }
}

/// Where a variation hangs in the line above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Branch {
    /// The ply of the line above whose move it replaces (0: its first move).
    pub at: usize,
    /// Which of the variations to that move, from 0.
    pub index: usize,
}

/// The variations of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variations {
    /// The variations to the game's move after each list of moves, from the position there.
    groups: Vec<Group>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Group {
    moves: Vec<Move>,
    start: Position,
    variations: Vec<Variation>,
}

impl Group {
    /// Whether the group hangs from `game`'s position after its first `moves.len()` moves,
    /// before a move the game has played.
    fn hangs_from(&self, game: &Game) -> bool {
        let ply = self.moves.len();
        ply < game.moves().len()
            && game.moves().starts_with(&self.moves)
            && game.position_at(ply) == Some(&self.start)
    }
}

impl Variations {
    /// No variations.
    pub const EMPTY: Variations = Variations { groups: Vec::new() };

    /// The variations to the move at `ply` of `game` (none where it has not played one).
    pub fn at(&self, game: &Game, ply: usize) -> &[Variation] {
        self.groups
            .iter()
            .find(|g| g.moves.len() == ply && g.hangs_from(game))
            .map_or(&[], |g| g.variations.as_slice())
    }

    fn at_mut(&mut self, game: &Game, ply: usize) -> Option<&mut Vec<Variation>> {
        let start = *game.position_at(ply)?;
        if ply >= game.moves().len() {
            return None;
        }
        let moves = &game.moves()[..ply];
        let i = match self
            .groups
            .iter()
            .position(|g| g.moves == moves && g.start == start)
        {
            Some(i) => i,
            None => {
                self.groups.push(Group {
                    moves: moves.to_vec(),
                    start,
                    variations: Vec::new(),
                });
                self.groups.len() - 1
            }
        };
        Some(&mut self.groups[i].variations)
    }

    /// Sets the variations to the move at `ply` of `game` (as a file has them).
    pub fn set(&mut self, game: &Game, ply: usize, variations: Vec<Variation>) {
        if let Some(group) = self.at_mut(game, ply) {
            *group = variations;
        }
        self.groups.retain(|g| !g.variations.is_empty());
    }

    /// Whether `game` has any variation.
    pub fn any(&self, game: &Game) -> bool {
        self.of_game(game).next().is_some()
    }

    /// The groups of variations of `game`: the ply of the move they replace, and them.
    /// Variations to a move the game has not played (it was taken back) wait for it to be
    /// played again: a variation is to a move.
    pub fn of_game<'a>(&'a self, game: &'a Game) -> impl Iterator<Item = (usize, &'a [Variation])> {
        self.groups
            .iter()
            .filter(move |g| !g.variations.is_empty() && g.hangs_from(game))
            .map(|g| (g.moves.len(), g.variations.as_slice()))
    }

    /// The variation reached from `game` by `branches` (`None` for no branch, or branches
    /// that lead nowhere).
    pub fn get(&self, game: &Game, branches: &[Branch]) -> Option<&Variation> {
        let (first, rest) = branches.split_first()?;
        let mut v = self.at(game, first.at).get(first.index)?;
        for b in rest {
            if b.at >= v.moves.len() {
                return None;
            }
            v = v.at(b.at).get(b.index)?;
        }
        Some(v)
    }

    fn get_mut(&mut self, game: &Game, branches: &[Branch]) -> Option<&mut Variation> {
        let (first, rest) = branches.split_first()?;
        let group = self.at_mut(game, first.at)?;
        let mut v = group.get_mut(first.index)?;
        for b in rest {
            if b.at >= v.moves.len() {
                return None;
            }
            v = v.at_mut(b.at).get_mut(b.index)?;
        }
        Some(v)
    }

    /// The variations to the move at `ply` of the line `branches` leads to (the game itself
    /// for none).
    pub fn alternatives(&self, game: &Game, branches: &[Branch], ply: usize) -> &[Variation] {
        if branches.is_empty() {
            return self.at(game, ply);
        }
        self.get(game, branches).map_or(&[], |v| v.at(ply))
    }

    /// The moves from the start to the end of the line `branches` leads to, and how many of
    /// them come before its own first move; `None` where the branches lead nowhere.
    pub fn line(&self, game: &Game, branches: &[Branch]) -> Option<(Vec<Move>, usize)> {
        let Some((first, rest)) = branches.split_first() else {
            return Some((game.moves().to_vec(), 0));
        };
        let mut v = self.at(game, first.at).get(first.index)?;
        let mut moves = game.moves()[..first.at].to_vec();
        for b in rest {
            if b.at >= v.moves.len() {
                return None;
            }
            moves.extend_from_slice(&v.moves[..b.at]);
            v = v.at(b.at).get(b.index)?;
        }
        let base = moves.len();
        moves.extend_from_slice(&v.moves);
        Some((moves, base))
    }

    /// Adds a variation of `first` to the move at `at` of the line `branches` leads to, after
    /// those already there; its branch, or `None` where the branches lead nowhere.
    pub fn add(
        &mut self,
        game: &Game,
        branches: &[Branch],
        at: usize,
        first: Move,
    ) -> Option<Branch> {
        let group = if branches.is_empty() {
            self.at_mut(game, at)?
        } else {
            let v = self.get_mut(game, branches)?;
            if at > v.moves.len() {
                return None;
            }
            v.at_mut(at)
        };
        group.push(Variation::new(first));
        Some(Branch {
            at,
            index: group.len() - 1,
        })
    }

    /// Plays `mv` at the end of the variation `branches` leads to; whether there is one.
    pub fn extend(&mut self, game: &Game, branches: &[Branch], mv: Move) -> bool {
        match self.get_mut(game, branches) {
            Some(v) => {
                v.moves.push(mv);
                true
            }
            None => false,
        }
    }

    /// Keeps the first `len` moves of the variation `branches` leads to; whether there is one.
    pub fn truncate(&mut self, game: &Game, branches: &[Branch], len: usize) -> bool {
        match self.get_mut(game, branches) {
            Some(v) => {
                v.truncate(len);
                true
            }
            None => false,
        }
    }

    /// Takes away the variation `branches` leads to, with the variations in it.
    pub fn remove(&mut self, game: &Game, branches: &[Branch]) -> Option<Variation> {
        let (last, above) = branches.split_last()?;
        let group = if above.is_empty() {
            self.at_mut(game, last.at)?
        } else {
            self.get_mut(game, above)?.at_mut(last.at)
        };
        let removed = (last.index < group.len()).then(|| group.remove(last.index));
        self.groups.retain(|g| !g.variations.is_empty());
        removed
    }

    /// Makes the variation `branches` leads to the line it hangs from, and that line's moves
    /// from there a variation in its place; only for a variation in a variation (the game's own
    /// moves are the game's). The branch of the line as it is now; `None` where it cannot be.
    pub fn promote(&mut self, game: &Game, branches: &[Branch]) -> Option<Branch> {
        let (last, above) = branches.split_last()?;
        if above.is_empty() {
            return None;
        }
        let parent = self.get_mut(game, above)?;
        let at = last.at;
        if last.index >= parent.at(at).len() {
            return None;
        }
        let mut chosen = parent.at_mut(at).remove(last.index);
        // The parent's moves from `at` become a variation in the chosen one's place; the
        // variations to the move at `at` (the chosen one's to its first move too) stay there.
        let mut old = Variation {
            moves: parent.moves.split_off(at),
            sidelines: parent.sidelines.split_off(at),
            notes: if parent.notes.len() > at {
                parent.notes.split_off(at)
            } else {
                Vec::new()
            },
        };
        let mut others = std::mem::take(&mut old.sidelines[0]);
        others.insert(last.index, old);
        if let Some(firsts) = chosen.sidelines.first_mut() {
            others.append(firsts);
        } else {
            chosen.sidelines.push(Vec::new());
        }
        chosen.sidelines[0] = others;
        parent.moves.append(&mut chosen.moves);
        parent.sidelines.append(&mut chosen.sidelines);
        parent.notes.resize_with(at, Note::default);
        parent.notes.append(&mut chosen.notes);
        Some(*last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Enforcement, Square, Variant};

    /// A game of `n` plies from the start, the first legal move each time.
    fn line(n: usize) -> Game {
        let mut game = Game::new(Variant::Czech.rules().clone()).unwrap();
        for _ in 0..n {
            let m = game.legal_moves()[0];
            game.play(m).unwrap();
        }
        game
    }

    fn other(i: usize) -> Move {
        let rules = Variant::Czech.rules();
        Variant::Czech.start_position().legal_moves(rules)[i]
    }

    #[test]
    fn a_variation_is_found_by_its_branches_and_its_line_leads_there() {
        let game = line(6);
        let mut vars = Variations::default();
        let b = vars.add(&game, &[], 2, other(1)).unwrap();
        assert_eq!(b, Branch { at: 2, index: 0 });
        assert!(vars.extend(&game, &[b], other(2)));
        let (moves, base) = vars.line(&game, &[b]).unwrap();
        assert_eq!(base, 2);
        let g = game.moves();
        assert_eq!(moves, [g[0], g[1], other(1), other(2)]);
        assert_eq!(vars.alternatives(&game, &[], 2).len(), 1);
        assert!(vars.alternatives(&game, &[], 3).is_empty());
        // A variation in the variation, to its second move.
        let inner = vars.add(&game, &[b], 1, other(3)).unwrap();
        let (moves, base) = vars.line(&game, &[b, inner]).unwrap();
        assert_eq!(base, 3);
        assert_eq!(moves, [g[0], g[1], other(1), other(3)]);
        assert!(vars.line(&game, &[b, Branch { at: 5, index: 0 }]).is_none());
        assert_eq!(vars.get(&game, &[b]).unwrap().size(), 3);
    }

    #[test]
    fn variations_stay_with_the_moves_that_lead_to_them() {
        let mut game = line(6);
        let mut vars = Variations::default();
        vars.add(&game, &[], 4, other(1)).unwrap();
        // Three moves taken back: the variation hangs from a position the game no longer has.
        game.undo().unwrap();
        game.undo().unwrap();
        game.undo().unwrap();
        assert!(!vars.any(&game));
        // One played again: from a position it has, but to a move it has not played.
        game.redo().unwrap();
        assert!(!vars.any(&game));
        assert!(vars.alternatives(&game, &[], 4).is_empty());
        assert!(vars.add(&game, &[], 4, other(1)).is_none());
        // Both: it is back.
        game.redo().unwrap();
        assert!(vars.any(&game));
        assert_eq!(vars.alternatives(&game, &[], 4).len(), 1);
    }

    #[test]
    fn a_huff_taken_back_takes_the_variations_after_it_along() {
        // White forgets to take (30x21 was due) with 32-28; Black huffs 30 and plays 1-5.
        let rules = Variant::Czech.rules();
        let mut game =
            Game::from_position(rules.clone(), rules.parse_fen("W:W30,32:B26,1").unwrap());
        game.set_enforcement(Enforcement::TableRules);
        let mv = |g: &Game, t: &str| {
            let allowed = g.allowed_moves();
            allowed.into_iter().find(|m| m.to_string() == t).unwrap()
        };
        game.play(mv(&game, "32-28")).unwrap();
        game.claim_huff(Square::new(30).unwrap()).unwrap();
        game.play(mv(&game, "1-5")).unwrap();
        let mut vars = Variations::default();
        let after_huff = *game.position_at(1).unwrap();
        let alt = after_huff
            .legal_moves(rules)
            .into_iter()
            .find(|m| *m != game.moves()[1])
            .unwrap();
        vars.add(&game, &[], 1, alt).unwrap();
        assert!(vars.any(&game));
        // The move and the huff taken back, and another move played: the variation was from
        // the position after the huff, which the game no longer has.
        game.undo().unwrap();
        game.undo().unwrap();
        let capture = game.legal_moves()[0];
        game.play(capture).unwrap();
        assert_eq!(game.moves().len(), 2);
        assert!(!vars.any(&game));
    }

    #[test]
    fn removing_a_variation_keeps_the_others() {
        let game = line(4);
        let mut vars = Variations::default();
        let a = vars.add(&game, &[], 1, other(1)).unwrap();
        let b = vars.add(&game, &[], 1, other(2)).unwrap();
        assert_eq!(b.index, 1);
        let removed = vars.remove(&game, &[a]).unwrap();
        assert_eq!(removed.moves, [other(1)]);
        assert_eq!(vars.alternatives(&game, &[], 1)[0].moves, [other(2)]);
        vars.remove(&game, &[a]).unwrap();
        assert!(!vars.any(&game));
        assert!(vars.remove(&game, &[a]).is_none());
    }

    #[test]
    fn a_variation_in_a_variation_is_promoted_in_its_place() {
        let game = line(4);
        let mut vars = Variations::default();
        let outer = vars.add(&game, &[], 0, other(1)).unwrap();
        vars.extend(&game, &[outer], other(2));
        vars.extend(&game, &[outer], other(3));
        let inner = vars.add(&game, &[outer], 1, other(4)).unwrap();
        vars.extend(&game, &[outer, inner], other(5));
        let back = vars.promote(&game, &[outer, inner]).unwrap();
        let v = vars.get(&game, &[outer]).unwrap();
        assert_eq!(v.moves, [other(1), other(4), other(5)]);
        assert_eq!(v.at(1)[back.index].moves, [other(2), other(3)]);
        // The game's own moves are not a variation's to take.
        assert!(vars.promote(&game, &[outer]).is_none());
    }
}
