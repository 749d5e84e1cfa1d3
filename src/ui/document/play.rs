//! Moves and what the players do besides: a move played, a forgotten capture claimed, a
//! resignation, a draw offered and answered, who plays.

use std::time::Instant;

use crate::game::event::{Event, Mover, Problem};
use crate::rules::{GameError, Move, Square};

use super::{Applied, Document, lost_on_time};
use crate::ui::settings::Player;

impl Document {
    /// Plays `mv` by `by`. With `from_ply` (the board shows an earlier position), the later
    /// moves are dropped first; nothing is dropped when the move is refused.
    pub(super) fn play(&mut self, mv: Move, from_ply: Option<usize>, by: Mover) -> Applied {
        let mut game = self.game.clone();
        let mut events = Vec::new();
        if let Some(ply) = from_ply.filter(|&p| p < game.moves().len()) {
            // Dropping the later moves would take back the result, and a flag that fell
            // stays down.
            if lost_on_time(&game) {
                return Err(Problem::LostOnTime);
            }
            let dropped = game.moves().len() - ply;
            while game.moves().len() > ply {
                if game.undo().is_err() {
                    break;
                }
            }
            events.push(Event::Truncated { dropped });
        }
        let before = *game.position();
        let played = game.play(mv).map_err(Problem::Game)?;
        self.game = game;
        self.follow_game();
        self.touch_game();
        if let Some(clock) = self.clock.as_mut()
            && clock.flagged().is_none()
        {
            let now = Instant::now();
            let left = clock.moved(before.side_to_move(), now);
            if played.outcome.is_some() {
                clock.stop(now);
            }
            let path = vec![0; self.game.moves().len()];
            if let Some(node) = self.tree.node_mut(&path) {
                node.clock = Some(left);
            }
        }
        events.push(Event::Moved { before, mv, by });
        if self.draw_offer.take().is_some() {
            events.push(Event::DrawOfferLapsed);
        }
        if let Some(o) = played.outcome {
            events.push(Event::Ended(o));
        }
        Ok(events)
    }

    /// Whether `by` may act for the side to move: a person only where a person plays it.
    fn may_act(&self, by: Mover) -> Result<(), Problem> {
        match (by, self.computer_to_move()) {
            (Mover::Person, Some(_)) => Err(Problem::ComputerToMove),
            _ => Ok(()),
        }
    }

    /// "Zapomněl jsi skákat!": takes back the opponent's violating move, or removes its only
    /// offending piece; with several offenders the claimer is asked to choose
    /// ([`Event::ChooseOffender`], nothing changes yet). The side to move claims: a person
    /// cannot claim for the computer (nor learn so that it forgot a capture).
    pub(super) fn claim(&mut self, by: Mover) -> Applied {
        self.may_act(by)?;
        let offer = self
            .game
            .claim_offer()
            .ok_or(Problem::Game(GameError::NoClaim))?;
        match offer.kind {
            crate::rules::Claim::TakeBack => {
                let ply = self.game.moves().len() - 1;
                let before = *self.game.position_at(ply).expect("a position per move");
                let mv = self.game.claim_take_back().map_err(Problem::Game)?;
                self.follow_game();
                self.touch_game();
                Ok(vec![Event::TakenBack { before, mv }])
            }
            crate::rules::Claim::Huff if offer.offenders.len() == 1 => {
                let square = offer.offenders.iter().next().expect("one offender");
                self.huff(square, by)
            }
            crate::rules::Claim::Huff => Ok(vec![Event::ChooseOffender(offer.offenders)]),
        }
    }

    /// Removes the offending piece on `square` (a huff).
    pub(super) fn huff(&mut self, square: Square, by: Mover) -> Applied {
        self.may_act(by)?;
        let piece = self.game.position().piece_at(square);
        self.game.claim_huff(square).map_err(Problem::Game)?;
        self.follow_changed_position();
        self.touch_game();
        let piece = piece.expect("an offender is a piece");
        Ok(vec![Event::Huffed { piece, square }])
    }

    /// The person resigns (against the computer), or the side to move does.
    pub(super) fn resign(&mut self) -> Applied {
        let side = self.acting_side();
        self.game.resign(side).map_err(Problem::Game)?;
        self.draw_offer = None;
        self.touch_game();
        let outcome = self.game.outcome().expect("a resigned game is over");
        Ok(vec![Event::Resigned(side), Event::Ended(outcome)])
    }

    /// The person (against the computer), or the side to move, offers a draw; `keys` are the
    /// shortcuts that answer it, said when a person answers.
    pub(super) fn offer_draw(&mut self, keys: [String; 2]) -> Applied {
        if self.game.outcome().is_some() {
            return Err(Problem::Game(GameError::GameOver));
        }
        let by = self.acting_side();
        self.draw_offer = Some(by);
        self.touch_saved();
        let keys = (self.player(!by) == Player::Human).then_some(keys);
        Ok(vec![Event::DrawOffered { by, keys }])
    }

    /// The opponent of the side that offered a draw answers it: a person, or the computer.
    pub(super) fn answer_draw(&mut self, accept: bool, mover: Mover) -> Applied {
        let offer = self.draw_offer.ok_or(Problem::NoDrawOffer)?;
        let by = !offer;
        let computer_answers = matches!(self.player(by), Player::Computer(_));
        if computer_answers != (mover == Mover::Computer) {
            return Err(Problem::NotYourDrawAnswer);
        }
        let mut events = vec![Event::DrawAnswered {
            by,
            accepted: accept,
            mover,
        }];
        if accept {
            self.game.agree_draw().map_err(Problem::Game)?;
            events.push(Event::Ended(
                self.game.outcome().expect("an agreed draw ends the game"),
            ));
        }
        self.draw_offer = None;
        if accept {
            self.touch_game();
        } else {
            self.touch_saved();
        }
        Ok(events)
    }

    /// Who plays White and Black from now on.
    pub(super) fn set_players(&mut self, players: [Player; 2]) -> Applied {
        self.players = players;
        self.touch_players();
        Ok(vec![Event::PlayersChanged(self.computer_levels())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::collection::Place;
    use crate::ui::document::tests::{against_the_computer, mv};
    use std::path::Path;

    #[test]
    fn a_person_cannot_claim_for_the_computer() {
        let mut doc = against_the_computer("W:W30,32:B26,1");
        let forgot = mv(&doc, "32-28");
        doc.play(forgot, None, Mover::Person).unwrap();
        let revision = doc.revision();
        assert!(matches!(
            doc.claim(Mover::Person),
            Err(Problem::ComputerToMove)
        ));
        assert!(matches!(
            doc.huff(Square::new(30).unwrap(), Mover::Person),
            Err(Problem::ComputerToMove)
        ));
        assert_eq!(doc.revision(), revision, "nothing changed");
        assert!(doc.claim(Mover::Computer).is_ok());
    }

    #[test]
    fn saving_and_draw_offers_leave_the_play_as_it_is() {
        let mut doc = against_the_computer("W:W21,22:B1,2");
        let play = doc.play_revision();
        doc.offer_draw([String::new(), String::new()]).unwrap();
        let revision = doc.revision();
        doc.saved(
            "/a.pdn".into(),
            Vec::new(),
            Place::in_bytes(b"", 1),
            revision,
        )
        .unwrap();
        assert_eq!(doc.play_revision(), play);
        assert_eq!(doc.revision(), 2);
        // The person cannot answer for the computer, and the computer answers.
        assert!(matches!(
            doc.answer_draw(true, Mover::Person),
            Err(Problem::NotYourDrawAnswer)
        ));
        doc.answer_draw(false, Mover::Computer).unwrap();
        assert_eq!(doc.draw_offer(), None);
        assert_eq!(doc.play_revision(), play, "a declined draw changes no play");
        let first = mv(&doc, "22-18");
        doc.play(first, None, Mover::Person).unwrap();
        assert!(doc.play_revision() > play);
        assert!(doc.is_dirty());
        // A save in the background of the game as it was before the move: the file is the
        // game's, and the move is still unsaved; a save of the game as it is now saves it.
        let place = Place::in_bytes(b"[Event \"x\"]\n*\n", 1);
        doc.saved("/b.pdn".into(), Vec::new(), place, revision)
            .unwrap();
        assert_eq!(doc.file(), Some(Path::new("/b.pdn")));
        assert_eq!(doc.place(), Some(place));
        assert!(doc.is_dirty());
        let now = doc.revision();
        doc.saved("/b.pdn".into(), Vec::new(), place, now).unwrap();
        assert!(!doc.is_dirty());
    }
}
