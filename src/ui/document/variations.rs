//! Lines considered instead of the game's moves, and what an annotator wrote after them: a
//! line replayed, a variation added to, deleted, promoted.

use crate::event::{Event, Problem};
use crate::rules::{
    Branch, GameError, GameTree, Move, Node, Note, Position, Variation, Variations,
};

use super::{Applied, Document, Line, lost_on_time};

impl Document {
    /// The variations kept with the game.
    pub fn variations(&self) -> &Variations {
        &self.variations
    }

    /// The line `branches` leads to (the game's own for none): every move from the start to
    /// its end, the position before each and after the last, and how many of the moves come
    /// before its own first; `None` where the branches lead nowhere.
    pub fn line(&self, branches: &[Branch]) -> Option<Line> {
        let game = &self.game;
        let (moves, base) = self.variations.line(game, branches)?;
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
        let i = ply.checked_sub(1)?;
        if branches.is_empty() {
            return self.notes().get(i).copied().filter(|n| !n.is_empty());
        }
        self.variation(branches)?.note(i)
    }

    /// What an annotator wrote after each of the game's moves, as far as they are the moves
    /// of the file it came from.
    pub fn notes(&self) -> Vec<&Note> {
        self.notes
            .iter()
            .zip(self.game.moves())
            .take_while(|((m, _), played)| m == *played)
            .map(|((_, n), _)| n)
            .collect()
    }

    /// How many of the notes are still the game's: as long as its moves are the file's.
    fn kept_notes(&self) -> usize {
        self.notes
            .iter()
            .zip(self.game.moves())
            .take_while(|((m, _), played)| m == *played)
            .count()
    }

    /// The game's moves with their notes and clock marks and the variations to them, as one
    /// tree (for the operations that work on the record as a whole).
    fn record_tree(&self) -> GameTree {
        let notes: Vec<Note> = self.notes()[..].iter().map(|n| (*n).clone()).collect();
        let groups: Vec<_> = self
            .variations
            .of_game(&self.game)
            .map(|(ply, group)| (ply, group.to_vec()))
            .collect();
        GameTree::from_record(self.game.moves(), &notes, &self.clock_marks, &groups)
    }

    /// Keeps the variations of `tree`, the game's record changed by an operation on the
    /// variations alone (the game's moves are the tree's main line).
    fn keep_variations(&mut self, tree: &GameTree) {
        let mut groups = tree.variations().into_iter().peekable();
        for ply in 0..self.game.moves().len() {
            let group = groups.next_if(|(p, _)| *p == ply).map(|(_, g)| g);
            self.variations
                .set(&self.game, ply, group.unwrap_or_default());
        }
    }

    /// The variation `branches` leads to.
    pub fn variation(&self, branches: &[Branch]) -> Option<&Variation> {
        self.variations.get(&self.game, branches)
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
        let game = &self.game;
        let mut events = Vec::new();
        if branches.is_empty() || (ply < len && !replace) {
            self.variations
                .add(game, branches, ply, mv)
                .ok_or(Problem::NoVariation)?;
            events.push(Event::VariationStarted { before, mv });
        } else {
            if ply < len {
                self.variations.truncate(game, branches, ply);
                events.push(Event::VariationCut { dropped: len - ply });
            }
            self.variations.extend(game, branches, mv);
            events.push(Event::VariationMoved { before, mv });
        }
        self.dirty = true;
        self.touch_saved();
        Ok(events)
    }

    /// Deletes the variation `branches` leads to, with the variations in it.
    pub(super) fn remove_variation(&mut self, branches: &[Branch]) -> Applied {
        let mut tree = self.record_tree();
        let path = tree.path(branches, 1).ok_or(Problem::NotInVariation)?;
        let removed = tree.remove(&path).ok_or(Problem::NotInVariation)?;
        self.keep_variations(&tree);
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
        let [first] = branches else {
            // A variation in a variation: the game's line stays, the variations change.
            let mut tree = self.record_tree();
            let path = tree.path(branches, 1).ok_or(Problem::NotInVariation)?;
            tree.promote(&path).ok_or(Problem::NotInVariation)?;
            self.keep_variations(&tree);
            self.dirty = true;
            self.touch_saved();
            return Ok(vec![Event::VariationPromoted { game: false }]);
        };
        let at = first.at;
        let mut tree = self.record_tree();
        let path = tree.path(branches, 1).ok_or(Problem::NotInVariation)?;
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
        tree.promote(&path).ok_or(Problem::NotInVariation)?;
        let main = tree.main_nodes();
        let mut game = old.clone();
        while game.moves().len() > at || game.ending().is_some() {
            game.undo().map_err(Problem::Game)?;
        }
        for node in &main[at..] {
            game.play(node.mv()).map_err(Problem::Game)?;
        }
        // The old moves from `at`, with the variations to them and what was written after
        // them, are a variation now; the chosen one's notes went with its moves into the game,
        // where the notes reached its first move.
        let kept = self.kept_notes();
        self.notes = main.iter().map(|n| (n.mv(), n.note.clone())).collect();
        if kept < at {
            self.notes.truncate(kept);
        }
        for ply in at..len {
            self.variations.set(old, ply, Vec::new());
        }
        for (ply, group) in tree.variations().into_iter().filter(|(p, _)| *p >= at) {
            self.variations.set(&game, ply, group);
        }
        self.game = game;
        self.clock_marks.truncate(at);
        self.draw_offer = None;
        self.touch_game();
        Ok(vec![Event::VariationPromoted { game: true }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Mover;
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
        let v = doc.variations().alternatives(doc.game(), &[], 0);
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
        doc.notes = vec![(first, note("the game's")), (reply, note("its reply"))];
        let at_one = *doc.game().position_at(1).unwrap();
        let instead = at_one
            .legal_moves(doc.game().rules())
            .into_iter()
            .find(|m| *m != reply)
            .unwrap();
        doc.vary(&[], 1, instead, false).unwrap();
        let mut with_note = doc
            .variation(&[Branch { at: 1, index: 0 }])
            .unwrap()
            .clone();
        with_note.notes = vec![note("instead")];
        doc.variations.set(&doc.game, 1, vec![with_note]);
        doc.promote_variation(&[Branch { at: 1, index: 0 }])
            .unwrap();
        assert_eq!(doc.game().moves(), [first, instead]);
        let notes: Vec<&Note> = doc.notes();
        assert_eq!(notes, [&note("the game's"), &note("instead")]);
        let v = &doc.variations().alternatives(doc.game(), &[], 1)[0];
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

    #[test]
    fn a_loss_on_time_is_not_taken_back_by_a_variation_nor_by_replacing_moves() {
        use crate::clock::TimeControl;
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
        doc.tick(Instant::now() + Duration::from_secs(11)).unwrap();
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
