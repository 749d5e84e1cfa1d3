//! Undo and redo: against the computer, back to the person's own move and forward with the
//! computer's reply.

use crate::game::event::{Event, Problem, Undone};
use crate::rules::GameError;

use super::{Applied, Document, lost_on_time};

impl Document {
    /// Takes back the last action; against the computer, back to the person's own move (past
    /// the computer's move and a claim it made before it).
    pub(super) fn undo(&mut self) -> Applied {
        let mut events = vec![Event::Undone(self.undo_one()?)];
        while self.human_side().is_some() && self.computer_to_move().is_some() {
            match self.undo_one() {
                Ok(u) => events.push(Event::Undone(u)),
                Err(_) => break,
            }
        }
        self.draw_offer = None;
        self.follow_game();
        self.touch_game();
        events.push(Event::ToMove(self.game.position().side_to_move()));
        Ok(events)
    }

    fn undo_one(&mut self) -> Result<Undone, Problem> {
        let g = &self.game;
        let undone = if let Some(o) = g.ending() {
            // The clocks cannot be taken back: a flag that fell stays down.
            if lost_on_time(g) {
                return Err(Problem::LostOnTime);
            }
            Undone::Ending(o)
        } else if let Some(square) = g.pending_huff() {
            // The piece comes back: it is on the board after the undo.
            self.game.undo().map_err(Problem::Game)?;
            self.follow_changed_position();
            let piece = self.game.position().piece_at(square);
            let piece = piece.expect("a huffed piece comes back");
            return Ok(Undone::Huff { square, piece });
        } else if let Some(mv) = g.pending_take_back() {
            Undone::TakeBack {
                before: *g.position(),
                mv,
            }
        } else {
            let ply = g
                .moves()
                .len()
                .checked_sub(1)
                .ok_or(Problem::Game(GameError::NothingToUndo))?;
            Undone::Move {
                before: *g.position_at(ply).expect("a position per move"),
                mv: g.moves()[ply],
            }
        };
        self.game.undo().map_err(Problem::Game)?;
        Ok(undone)
    }

    /// Plays again the move taken back; against the computer, its reply too.
    pub(super) fn redo(&mut self) -> Applied {
        let mut events = Vec::new();
        self.redo_one(&mut events)?;
        if self.human_side().is_some() && self.computer_to_move().is_some() && self.game.can_redo()
        {
            // The person's move is redone even when the computer's reply cannot be.
            let _ = self.redo_one(&mut events);
        }
        self.draw_offer = None;
        self.follow_game();
        self.touch_game();
        if self.game.outcome().is_none() {
            events.push(Event::ToMove(self.game.position().side_to_move()));
        }
        Ok(events)
    }

    fn redo_one(&mut self, events: &mut Vec<Event>) -> Result<(), Problem> {
        let before = *self.game.position();
        let played = self.game.redo().map_err(Problem::Game)?;
        events.push(Event::Redone {
            before,
            mv: played.mv,
        });
        if let Some(o) = played.outcome {
            events.push(Event::Ended(o));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::event::Mover;
    use crate::rules::Square;
    use crate::ui::document::tests::{against_the_computer, mv};

    #[test]
    fn undo_goes_back_to_the_persons_move_past_the_computers_claim() {
        // White forgets to capture 26 (30x21 was due) and plays 32-28; the computer huffs the
        // man on 30 and plays 1-5.
        let mut doc = against_the_computer("W:W30,32:B26,1");
        let forgot = mv(&doc, "32-28");
        doc.play(forgot, None, Mover::Person).unwrap();
        doc.huff(Square::new(30).unwrap(), Mover::Computer).unwrap();
        let reply = mv(&doc, "1-5");
        doc.play(reply, None, Mover::Computer).unwrap();
        let events = doc.undo().unwrap();
        let undone: Vec<String> = events
            .iter()
            .filter_map(|e| match e {
                Event::Undone(u) => Some(format!("{u:?}")),
                _ => None,
            })
            .collect();
        assert_eq!(undone.len(), 3, "{undone:?}");
        assert!(doc.game().moves().is_empty());
        assert_eq!(doc.computer_to_move(), None, "the person is to move");
        assert!(
            doc.game()
                .position()
                .piece_at(Square::new(30).unwrap())
                .is_some()
        );
    }

    #[test]
    fn redo_plays_the_persons_move_and_the_computers_reply() {
        let mut doc = against_the_computer("W:W21,22:B1,2");
        let first = mv(&doc, "22-18");
        doc.play(first, None, Mover::Person).unwrap();
        let reply = mv(&doc, "1-5");
        doc.play(reply, None, Mover::Computer).unwrap();
        doc.undo().unwrap();
        assert!(doc.game().moves().is_empty());
        doc.redo().unwrap();
        assert_eq!(doc.game().moves().len(), 2, "both redone");
    }
}
