//! Lines considered instead of the game's moves, and what an annotator wrote after them: a
//! line replayed, a variation added to, deleted, promoted — operations on the record's
//! [`GameTree`], whose main line the game follows.

use crate::game::event::{Event, Problem};
use crate::rules::{Branch, GameError, GameTree, Move, Node, Note, Position, Variation};

use super::{Applied, Document, Line, lost_on_time};

impl Document {
    /// Every move recorded with the game: the game's own from the root (and those taken
    /// back after them), what was written after each, the clocks, the variations.
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The variations to the game's moves: the ply of the move they replace, and them, as a
    /// file writes them (only plies with some). Variations to a move taken back wait for it
    /// to be played again.
    pub fn variations(&self) -> Vec<(usize, Vec<Variation>)> {
        self.tree.variations_before(self.game.moves().len())
    }

    /// Whether the game has any variation.
    pub fn has_variations(&self) -> bool {
        !self.variations().is_empty()
    }

    /// The variations to the move at `ply` of the line `branches` leads to (the game itself
    /// for none).
    pub fn alternatives(&self, branches: &[Branch], ply: usize) -> Vec<Variation> {
        if !branches.is_empty() {
            return self
                .variation(branches)
                .map(|v| v.at(ply).to_vec())
                .unwrap_or_default();
        }
        if ply >= self.game.moves().len() {
            return Vec::new();
        }
        self.tree.variations_at(&vec![0; ply])
    }

    /// The variation `branches` leads to (`None` for no branch, or branches that lead
    /// nowhere).
    pub fn variation(&self, branches: &[Branch]) -> Option<Variation> {
        let (last, above) = branches.split_last()?;
        self.alternatives(above, last.at)
            .into_iter()
            .nth(last.index)
    }

    /// The path in the tree of the node after `ply` own moves of the line `branches` leads
    /// to; `None` where they lead nowhere or to a variation of a move taken back.
    fn path(&self, branches: &[Branch], ply: usize) -> Option<Vec<usize>> {
        let plies = self.game.moves().len();
        match branches.first() {
            None if ply > plies => None,
            Some(first) if first.at >= plies => None,
            _ => self.tree.path(branches, ply),
        }
    }

    /// The line `branches` leads to (the game's own for none): every move from the start to
    /// its end, the position before each and after the last, and how many of the moves come
    /// before its own first; `None` where the branches lead nowhere.
    pub fn line(&self, branches: &[Branch]) -> Option<Line> {
        let game = &self.game;
        let (moves, base) = if branches.is_empty() {
            (game.moves().to_vec(), 0)
        } else {
            let head = self.path(branches, 1)?;
            let moves = self.tree.line(&self.tree.main_path(&head))?;
            (moves, head.len() - 1)
        };
        // The game's positions up to the first branch (claims change them without a move),
        // then the variation's moves played on.
        let from = branches.first().map_or(game.moves().len(), |b| b.at);
        let mut positions: Vec<Position> = (0..=from)
            .map(|p| *game.position_at(p).expect("a position per ply"))
            .collect();
        for m in &moves[from..] {
            let mut pos = *positions.last().expect("a start");
            pos.play_unchecked(m);
            positions.push(pos);
        }
        Some(Line {
            moves,
            positions,
            base,
        })
    }

    /// What an annotator wrote after move `ply` (from 1) of the line `branches` leads to, if
    /// anything.
    pub fn note(&self, branches: &[Branch], ply: usize) -> Option<&Note> {
        if ply == 0 {
            return None;
        }
        let path = self.path(branches, ply)?;
        let note = &self.tree.node(&path)?.note;
        (!note.is_empty()).then_some(note)
    }

    /// What an annotator wrote after each of the game's moves.
    pub fn notes(&self) -> Vec<&Note> {
        let mut notes: Vec<&Note> = self
            .tree
            .main_nodes()
            .into_iter()
            .map(|n| &n.note)
            .collect();
        notes.truncate(self.game.moves().len());
        notes
    }

    /// A move played in the line `branches` leads to, after its first `ply` moves: a new
    /// variation to the move there, or the next move of a variation at its end, or one in
    /// place of the variation's later moves (`replace`, which drops them). Only legal moves:
    /// a variation is a line considered, not played under table rules.
    pub(super) fn vary(
        &mut self,
        branches: &[Branch],
        ply: usize,
        mv: Move,
        replace: bool,
    ) -> Applied {
        let line = self.line(branches).ok_or(Problem::NoVariation)?;
        let before = *line
            .positions
            .get(line.base + ply)
            .ok_or(Problem::NoVariation)?;
        if !before.legal_moves(self.game.rules()).contains(&mv) {
            return Err(Problem::Game(GameError::IllegalMove(mv)));
        }
        let len = line.moves.len() - line.base;
        let mut events = Vec::new();
        if branches.is_empty() || (ply < len && !replace) {
            // A variation to the line's move after `ply`: a sibling of its node.
            let next = self.path(branches, ply + 1).ok_or(Problem::NoVariation)?;
            self.tree.vary(&next, mv).ok_or(Problem::NoVariation)?;
            events.push(Event::VariationStarted { before, mv });
        } else {
            // Its first move is where the variation hangs: never cut there.
            let at = self
                .path(branches, ply)
                .filter(|_| ply > 0)
                .ok_or(Problem::NoVariation)?;
            if ply < len {
                self.tree.cut(&at);
                events.push(Event::VariationCut { dropped: len - ply });
            }
            self.tree.extend(&at, mv).ok_or(Problem::NoVariation)?;
            events.push(Event::VariationMoved { before, mv });
        }
        self.dirty = true;
        self.touch_saved();
        Ok(events)
    }

    /// Deletes the variation `branches` leads to, with the variations in it.
    pub(super) fn remove_variation(&mut self, branches: &[Branch]) -> Applied {
        let path = self.path(branches, 1).ok_or(Problem::NotInVariation)?;
        let removed = self.tree.remove(&path).ok_or(Problem::NotInVariation)?;
        self.dirty = true;
        self.touch_saved();
        Ok(vec![Event::VariationRemoved {
            moves: removed.iter().map(Node::size).sum(),
        }])
    }

    /// Makes the variation `branches` leads to the line it hangs from, that line's moves from
    /// there a variation in its place. A variation to the game's own moves becomes the game:
    /// its later moves become the variation, and a result by resignation or agreement is taken
    /// back with them. Not where those moves hold what a variation cannot (a forgotten capture,
    /// a claim), nor after a loss on time.
    pub(super) fn promote_variation(&mut self, branches: &[Branch]) -> Applied {
        let path = self.path(branches, 1).ok_or(Problem::NotInVariation)?;
        let [first] = branches else {
            // A variation in a variation: the game's line stays, the variations change.
            self.tree.promote(&path).ok_or(Problem::NotInVariation)?;
            self.dirty = true;
            self.touch_saved();
            return Ok(vec![Event::VariationPromoted { game: false }]);
        };
        let at = first.at;
        let old = &self.game;
        if lost_on_time(old) {
            return Err(Problem::LostOnTime);
        }
        let len = old.moves().len();
        let claimed = (at..len).any(|ply| {
            old.violation_at(ply).is_some()
                || (ply > at
                    && (old.huff_before(ply).is_some() || old.taken_back_before(ply).is_some()))
        }) || old.pending_huff().is_some()
            || old.pending_take_back().is_some();
        if claimed {
            return Err(Problem::ClaimsInLine);
        }
        // The game's moves from `at`, with the variations to them and what was written after
        // them, become a variation (not those taken back after them, nor their clocks); the
        // chosen one's moves and notes go into the game.
        let mut tree = self.tree.clone();
        tree.cut(&vec![0; len]);
        tree.for_main_nodes(|ply, node| {
            if ply >= at {
                node.clock = None;
            }
        });
        tree.promote(&path).ok_or(Problem::NotInVariation)?;
        let mut game = old.clone();
        while game.moves().len() > at || game.ending().is_some() {
            game.undo().map_err(Problem::Game)?;
        }
        for node in &tree.main_nodes()[at..] {
            game.play(node.mv()).map_err(Problem::Game)?;
        }
        self.tree = tree;
        self.game = game;
        self.follow_game();
        self.draw_offer = None;
        self.touch_game();
        Ok(vec![Event::VariationPromoted { game: true }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::event::Mover;
    use crate::rules::Variant;
    use crate::ui::document::tests::{by_hand, mv};
    use crate::ui::settings::Player;
    use std::time::{Duration, Instant};

    #[test]
    fn the_games_moves_with_a_forgotten_capture_stay_the_game() {
        // White forgets 30x21 with 32-28; a variation with the capture cannot take the game's
        // place: the forgotten capture would have to become a variation, which holds only
        // moves by the rules.
        let mut doc = by_hand("W:W30,32:B26,1");
        let forgot = mv(&doc, "32-28");
        doc.play(forgot, None, Mover::Person).unwrap();
        let reply = mv(&doc, "1-5");
        doc.play(reply, None, Mover::Person).unwrap();
        let capture = doc.game().start().legal_moves(doc.game().rules())[0];
        doc.vary(&[], 0, capture, false).unwrap();
        let branch = [Branch { at: 0, index: 0 }];
        let moves = doc.game().moves().to_vec();
        assert!(matches!(
            doc.promote_variation(&branch),
            Err(Problem::ClaimsInLine)
        ));
        assert_eq!(doc.game().moves(), moves);
        // Without the violation it does, and the game's moves are the variation.
        let mut doc = by_hand("W:W21,22:B1,2");
        let first = mv(&doc, "22-18");
        doc.play(first, None, Mover::Person).unwrap();
        let other = mv(&doc, "1-5");
        doc.play(other, None, Mover::Person).unwrap();
        let instead = doc.game().start().legal_moves(doc.game().rules())[0];
        let instead = if instead == first {
            doc.game().start().legal_moves(doc.game().rules())[1]
        } else {
            instead
        };
        doc.vary(&[], 0, instead, false).unwrap();
        doc.promote_variation(&branch).unwrap();
        assert_eq!(doc.game().moves(), [instead]);
        let v = doc.alternatives(&[], 0);
        assert_eq!(v[0].moves, [first, other]);
    }

    #[test]
    fn a_promoted_variation_takes_its_notes_into_the_game_and_leaves_the_games_behind() {
        let note = |text: &str| Note {
            nags: vec![1],
            comments: vec![text.to_string()],
        };
        let mut doc = by_hand("W:W21,22:B1,2");
        let first = mv(&doc, "22-18");
        doc.play(first, None, Mover::Person).unwrap();
        let reply = mv(&doc, "1-5");
        doc.play(reply, None, Mover::Person).unwrap();
        doc.tree.node_mut(&[0]).unwrap().note = note("the game's");
        doc.tree.node_mut(&[0, 0]).unwrap().note = note("its reply");
        let at_one = *doc.game().position_at(1).unwrap();
        let instead = at_one
            .legal_moves(doc.game().rules())
            .into_iter()
            .find(|m| *m != reply)
            .unwrap();
        doc.vary(&[], 1, instead, false).unwrap();
        doc.tree.node_mut(&[0, 1]).unwrap().note = note("instead");
        doc.promote_variation(&[Branch { at: 1, index: 0 }])
            .unwrap();
        assert_eq!(doc.game().moves(), [first, instead]);
        let notes: Vec<&Note> = doc.notes();
        assert_eq!(notes, [&note("the game's"), &note("instead")]);
        let v = &doc.alternatives(&[], 1)[0];
        assert_eq!(v.moves, [reply]);
        assert_eq!(v.notes, [note("its reply")]);
    }

    #[test]
    fn a_variation_in_a_variation_is_promoted_in_its_place() {
        let mut doc = by_hand("W:W21,22:B1,2");
        let first = mv(&doc, "22-18");
        doc.play(first, None, Mover::Person).unwrap();
        let reply = mv(&doc, "1-5");
        doc.play(reply, None, Mover::Person).unwrap();
        let rules = doc.game().rules().clone();
        let outer = [Branch { at: 0, index: 0 }];
        let other = |line: &Line, ply: usize, not: Move| {
            let pos = line.positions[ply];
            let moves = pos.legal_moves(&rules);
            moves.into_iter().find(|m| *m != not).unwrap()
        };
        let start = doc.line(&[]).unwrap();
        doc.vary(&[], 0, other(&start, 0, first), false).unwrap();
        let line = doc.line(&outer).unwrap();
        let second = line.positions[1].legal_moves(&rules)[0];
        doc.vary(&outer, 1, second, false).unwrap();
        let line = doc.line(&outer).unwrap();
        let instead = other(&line, 1, second);
        doc.vary(&outer, 1, instead, false).unwrap();
        let inner = [outer[0], Branch { at: 1, index: 0 }];
        let events = doc.promote_variation(&inner).unwrap();
        assert!(matches!(
            events[..],
            [Event::VariationPromoted { game: false }]
        ));
        assert_eq!(doc.game().moves(), [first, reply]);
        let v = doc.variation(&outer).unwrap();
        assert_eq!(v.moves[1..], [instead]);
        assert_eq!(v.at(1)[0].moves, [second]);
    }

    /// A game of `n` plies from the start between two people, the first legal move each time.
    fn line(n: usize) -> Document {
        let mut doc = by_hand(&Variant::Czech.start_position().fen());
        for _ in 0..n {
            let m = doc.game().legal_moves()[0];
            doc.play(m, None, Mover::Person).unwrap();
        }
        doc
    }

    /// The legal move `i` at `ply` of the game, other than the game's own there.
    fn other(doc: &Document, ply: usize, i: usize) -> Move {
        let pos = doc.game().position_at(ply).unwrap();
        let own = doc.game().moves().get(ply).copied();
        let moves = pos.legal_moves(doc.game().rules());
        moves
            .into_iter()
            .filter(|m| Some(*m) != own)
            .nth(i)
            .unwrap()
    }

    #[test]
    fn a_variation_is_found_by_its_branches_and_its_line_leads_there() {
        let mut doc = line(6);
        let b = Branch { at: 2, index: 0 };
        // A first move after which there is a choice.
        let rules = doc.game().rules().clone();
        let at = *doc.game().position_at(2).unwrap();
        let first = (0..)
            .map(|i| other(&doc, 2, i))
            .find(|m| {
                let mut after = at;
                after.play_unchecked(m);
                after.legal_moves(&rules).len() > 1
            })
            .unwrap();
        doc.vary(&[], 2, first, false).unwrap();
        let next = doc.line(&[b]).unwrap().positions[3].legal_moves(doc.game().rules())[0];
        doc.vary(&[b], 1, next, false).unwrap();
        let line = doc.line(&[b]).unwrap();
        assert_eq!(line.base, 2);
        let g = doc.game().moves().to_vec();
        assert_eq!(line.moves, [g[0], g[1], first, next]);
        assert_eq!(doc.alternatives(&[], 2).len(), 1);
        assert!(doc.alternatives(&[], 3).is_empty());
        // A variation in the variation, to its second move.
        let instead = line.positions[3]
            .legal_moves(doc.game().rules())
            .into_iter()
            .find(|m| *m != next)
            .unwrap();
        doc.vary(&[b], 1, instead, false).unwrap();
        let inner = Branch { at: 1, index: 0 };
        let line = doc.line(&[b, inner]).unwrap();
        assert_eq!(line.base, 3);
        assert_eq!(line.moves, [g[0], g[1], first, instead]);
        assert!(doc.line(&[b, Branch { at: 5, index: 0 }]).is_none());
        assert_eq!(doc.variation(&[b]).unwrap().size(), 3);
        assert_eq!(doc.note(&[b], 1), None);
    }

    #[test]
    fn variations_stay_with_the_moves_that_lead_to_them() {
        let mut doc = line(6);
        let alt = other(&doc, 4, 0);
        doc.vary(&[], 4, alt, false).unwrap();
        // Three moves taken back: the variation is to a move the game no longer has.
        for _ in 0..3 {
            doc.undo().unwrap();
        }
        assert!(!doc.has_variations());
        // One played again: the position is there, but not the move it is to.
        doc.redo().unwrap();
        assert!(!doc.has_variations());
        assert!(doc.alternatives(&[], 4).is_empty());
        assert!(doc.vary(&[], 4, alt, false).is_err());
        // Both: it is back, and saved.
        doc.redo().unwrap();
        assert!(doc.has_variations());
        assert_eq!(doc.alternatives(&[], 4).len(), 1);
        assert_eq!(doc.to_pdn().moves.nodes[4].variations.len(), 1);
    }

    #[test]
    fn a_huff_taken_back_takes_the_variations_after_it_along() {
        // White forgets to take (30x21 was due) with 32-28; Black huffs 30 and plays 1-5.
        let mut doc = by_hand("W:W30,32:B26,1");
        let forgot = mv(&doc, "32-28");
        doc.play(forgot, None, Mover::Person).unwrap();
        doc.huff(crate::rules::Square::new(30).unwrap(), Mover::Person)
            .unwrap();
        let reply = mv(&doc, "1-5");
        doc.play(reply, None, Mover::Person).unwrap();
        let alt = other(&doc, 1, 0);
        doc.vary(&[], 1, alt, false).unwrap();
        assert!(doc.has_variations());
        // The move and the huff taken back, and another move played: the variation was from
        // the position after the huff, which the game no longer has.
        doc.undo().unwrap();
        doc.undo().unwrap();
        let capture = doc.game().legal_moves()[0];
        doc.play(capture, None, Mover::Person).unwrap();
        assert_eq!(doc.game().moves().len(), 2);
        assert!(!doc.has_variations());
    }

    #[test]
    fn removing_a_variation_keeps_the_others() {
        let mut doc = line(4);
        let (a, b) = (other(&doc, 1, 0), other(&doc, 1, 1));
        doc.vary(&[], 1, a, false).unwrap();
        doc.vary(&[], 1, b, false).unwrap();
        let first = [Branch { at: 1, index: 0 }];
        assert_eq!(
            doc.variation(&[Branch { at: 1, index: 1 }]).unwrap().moves,
            [b]
        );
        let events = doc.remove_variation(&first).unwrap();
        assert!(matches!(events[..], [Event::VariationRemoved { moves: 1 }]));
        assert_eq!(doc.alternatives(&[], 1)[0].moves, [b]);
        doc.remove_variation(&first).unwrap();
        assert!(!doc.has_variations());
        assert!(doc.remove_variation(&first).is_err());
        // The game's own moves are not a variation to take away.
        assert!(doc.remove_variation(&[]).is_err());
    }

    #[test]
    fn a_loss_on_time_is_not_taken_back_by_a_variation_nor_by_replacing_moves() {
        use crate::game::clock::TimeControl;
        let control = TimeControl::PerMove(Duration::from_secs(10));
        let rules = Variant::Czech.rules().clone();
        let mut doc = Document::new_timed_game(
            rules,
            false,
            [String::new(), String::new()],
            [Player::Human; 2],
            None,
            Some(control),
        )
        .unwrap();
        let first = doc.game().legal_moves()[0];
        doc.play(first, None, Mover::Person).unwrap();
        doc.tick(
            Instant::now() + Duration::from_secs(11),
            crate::game::clock::TimeCalls::LastMinute,
        )
        .unwrap();
        assert!(doc.game().outcome().is_some(), "Black lost on time");
        let other = doc.game().start().legal_moves(doc.game().rules())[1];
        assert!(matches!(
            doc.play(other, Some(0), Mover::Person),
            Err(Problem::LostOnTime)
        ));
        doc.vary(&[], 0, other, false).unwrap();
        assert!(matches!(
            doc.promote_variation(&[Branch { at: 0, index: 0 }]),
            Err(Problem::LostOnTime)
        ));
        assert_eq!(doc.game().moves(), [first]);
        // Saved, the loss says how it came.
        assert_eq!(doc.to_pdn().tag("Termination"), Some("time forfeit"));
    }
}
