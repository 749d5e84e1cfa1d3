//! Variations on the board: a move made at an earlier position, going through a variation,
//! to the next one and back, deleting and promoting one. The variations themselves are the
//! document's (saved with the game); which one the board shows is the window's.

use super::change::{Change, Target, Varied};
use super::{DamaApp, Dialog};
use crate::game::event::{Event, Look, Mover, Problem};
use crate::rules::Move;
use crate::ui::document::{Applied, DocChange};
use crate::ui::game_view::{InVariation, Spot};

impl DamaApp {
    /// The place the board shows (the game's current position: its last ply).
    pub(super) fn spot(&self) -> Spot {
        match &self.view.variation {
            Some(v) => Spot {
                branches: v.branches.clone(),
                ply: v.ply,
            },
            None => Spot {
                branches: Vec::new(),
                ply: self.view.ply.unwrap_or(self.doc.game().moves().len()),
            },
        }
    }

    /// A person's move on the board as shown. At the game's current position it is played.
    /// Elsewhere the line's own next move steps on to it, the first move of a variation goes
    /// into the variation, a move at a variation's end adds to it, and any other move asks:
    /// a new variation, or in place of the later moves.
    pub(super) fn person_moves(&mut self, mv: Move) {
        let play = DocChange::Play {
            mv,
            from_ply: self.view.ply,
            by: Mover::Person,
        };
        if self.view.variation.is_none() && self.view.ply.is_none() {
            self.apply(play);
            return;
        }
        let spot = self.spot();
        let Some(line) = self.doc.line(&spot.branches) else {
            self.apply(play);
            return;
        };
        let next = line.moves.get(line.base + spot.ply).copied();
        if next == Some(mv) {
            self.apply(Change::Look(Target::Forward));
            return;
        }
        let alternatives = self.doc.alternatives(&spot.branches, spot.ply);
        if let Some(index) = alternatives
            .iter()
            .position(|v| v.moves.first() == Some(&mv))
        {
            let into = spot.first_move_of(spot.ply, index);
            self.apply(Change::Look(Target::Variation(into)));
            return;
        }
        match next {
            None if !spot.branches.is_empty() => self.apply(DocChange::Vary {
                branches: spot.branches,
                ply: spot.ply,
                mv,
                replace: false,
            }),
            None => self.apply(play),
            Some(next) => {
                let at = line.positions[line.base + spot.ply];
                let later = line.moves.len() - line.base - spot.ply;
                let cx = crate::speech::phrases::Context {
                    rules: self.doc.game().rules(),
                    ..self.words()
                };
                let question = crate::speech::phrases::branch_question(
                    &cx,
                    &at,
                    &mv,
                    &next,
                    later,
                    !spot.branches.is_empty(),
                );
                self.dialogs.open(Dialog::Branch { spot, mv, question });
            }
        }
    }

    /// Shows `spot` without saying it; the words for it (the look and the variations there).
    pub(super) fn show_spot(&mut self, spot: Spot) -> Applied {
        let spot = spot.normal();
        if spot.branches.is_empty() {
            // The game's own moves: the look of the move list.
            self.view.variation = None;
            if self.view.ply.is_none() {
                self.view.ply = Some(spot.ply);
            }
            return self.look(Target::Ply(spot.ply));
        }
        let line = self.doc.line(&spot.branches).ok_or(Problem::NoVariation)?;
        let shown = InVariation {
            branches: spot.branches.clone(),
            ply: spot.ply,
            line,
        };
        if spot.ply > shown.len() {
            return Err(Problem::NoVariation);
        }
        let game = self.doc.game();
        let last = *spot.branches.last().expect("a variation");
        let above = &spot.branches[..spot.branches.len() - 1];
        let count = self.doc.alternatives(above, last.at).len();
        let i = shown.shown() - 1;
        let look = Look::Variation {
            depth: spot.branches.len(),
            index: last.index + 1,
            count,
            ply: spot.ply,
            len: shown.len(),
            number: game.number_of_move(i),
            before: shown.line.positions[i],
            mv: shown.line.moves[i],
        };
        self.view.picker.clear();
        self.view.ply = Some(spot.branches[0].at);
        self.view.variation = Some(shown);
        let mut events = vec![Event::Looked(look)];
        let note = self.doc.note(&spot.branches, spot.ply).cloned();
        events.extend(note.map(Event::Note));
        events.extend(self.choices(&spot));
        Ok(events)
    }

    /// The variations to the next move at `spot`, to be said there.
    pub(super) fn choices(&self, spot: &Spot) -> Option<Event> {
        let alternatives = self.doc.alternatives(&spot.branches, spot.ply);
        if alternatives.is_empty() {
            return None;
        }
        let line = self.doc.line(&spot.branches)?;
        let at = *line.positions.get(line.base + spot.ply)?;
        Some(Event::Choices {
            at,
            next: line.moves.get(line.base + spot.ply).copied(),
            variations: alternatives.iter().map(|v| v.moves[0]).collect(),
        })
    }

    /// One move back or on in the variation shown: back from its first move is the line
    /// above, where it hangs.
    pub(super) fn step_in_variation(&mut self, forward: bool) -> Applied {
        let v = self
            .view
            .variation
            .as_ref()
            .ok_or(Problem::NotInVariation)?;
        let ply = match forward {
            true if v.ply >= v.len() => return Err(Problem::EndOfVariation),
            true => v.ply + 1,
            false => v.ply - 1,
        };
        let branches = v.branches.clone();
        self.show_spot(Spot { branches, ply })
    }

    /// The next (or previous) variation: into the first (last) variation to the next move of
    /// the position shown, or among the moves played in the place of the move shown (the
    /// line's own and its variations, round in a circle). Just after a variation's first move,
    /// on to the variation beside it.
    pub(super) fn sibling(&mut self, forward: bool) -> Applied {
        let spot = self.spot();
        let at_first = spot.ply == 1 && !spot.branches.is_empty();
        let options = self.siblings(&spot);
        let next = self.doc.alternatives(&spot.branches, spot.ply).len();
        if !at_first && next > 0 && (forward || options.len() < 2) {
            let index = if forward { 0 } else { next - 1 };
            return self.show_spot(spot.first_move_of(spot.ply, index));
        }
        if options.len() < 2 {
            return Err(Problem::NoVariation);
        }
        let n = options.len();
        let now = options.iter().position(|o| *o == spot).unwrap_or(0);
        let to = if forward {
            (now + 1) % n
        } else {
            (now + n - 1) % n
        };
        self.show_spot(options[to].clone())
    }

    /// The places after each move played in the place of the last move to `spot`: the
    /// line's own, then its variations.
    fn siblings(&self, spot: &Spot) -> Vec<Spot> {
        let (above, at) = match spot.branches.split_last() {
            // A variation to the first move of a variation is played in the same place as
            // that variation: the places are those of the variation it is to.
            Some((last, above)) if spot.ply == 1 && last.at == 0 && !above.is_empty() => {
                let outer = Spot {
                    branches: above.to_vec(),
                    ply: 1,
                };
                return self.siblings(&outer);
            }
            Some((last, above)) if spot.ply == 1 => (above.to_vec(), last.at),
            _ if spot.ply == 0 => return Vec::new(),
            _ => (spot.branches.clone(), spot.ply - 1),
        };
        let count = self.doc.alternatives(&above, at).len();
        let Some(line) = self.doc.line(&above) else {
            return Vec::new();
        };
        let parent = Spot {
            branches: above,
            ply: at,
        };
        let mut options = Vec::new();
        if line.moves.len() - line.base > at {
            options.push(Spot {
                branches: parent.branches.clone(),
                ply: at + 1,
            });
        }
        // Each variation there, each followed by the variations to its own first move (a file
        // may have them), and theirs.
        let mut todo: Vec<Spot> = (0..count)
            .rev()
            .map(|i| parent.first_move_of(at, i))
            .collect();
        while let Some(v) = todo.pop() {
            let own = self.doc.alternatives(&v.branches, 0).len();
            let base = Spot {
                branches: v.branches.clone(),
                ply: 0,
            };
            todo.extend((0..own).rev().map(|i| base.first_move_of(0, i)));
            options.push(v);
        }
        options
    }

    /// Asks before deleting the variation shown.
    pub(super) fn ask_remove_variation(&mut self) {
        let Some(v) = &self.view.variation else {
            self.complain(&Problem::NotInVariation);
            return;
        };
        let branches = v.branches.clone();
        let Some(variation) = self.doc.variation(&branches) else {
            self.complain(&Problem::NotInVariation);
            return;
        };
        let question = crate::speech::phrases::remove_variation_question(
            self.lang(),
            self.settings.notation,
            &v.line.positions[v.line.base],
            self.doc.game().rules(),
            &variation.moves[0],
            variation.size(),
        );
        self.dialogs
            .open(Dialog::RemoveVariation(branches, question));
    }

    /// Makes the variation shown the line it hangs from.
    pub(super) fn promote_variation(&mut self) {
        match &self.view.variation {
            Some(v) => self.apply(DocChange::PromoteVariation(v.branches.clone())),
            None => self.complain(&Problem::NotInVariation),
        }
    }

    /// Where the board goes after a change of the variations: the new move, the line above a
    /// deleted variation, the promoted moves in their new place.
    pub(super) fn after_varying(&mut self, change: &Varied, events: &[Event]) {
        let spot = match change {
            Varied::Vary(spot) => {
                if events
                    .iter()
                    .any(|e| matches!(e, Event::VariationStarted { .. }))
                {
                    let count = self.doc.alternatives(&spot.branches, spot.ply).len();
                    spot.first_move_of(spot.ply, count.saturating_sub(1))
                } else {
                    Spot {
                        branches: spot.branches.clone(),
                        ply: spot.ply + 1,
                    }
                }
            }
            Varied::Removed(branches) => {
                let (last, above) = branches.split_last().expect("a variation");
                Spot {
                    branches: above.to_vec(),
                    ply: last.at,
                }
            }
            Varied::Promoted(branches, ply) => match branches.split_last() {
                Some((last, above)) if !above.is_empty() => Spot {
                    branches: above.to_vec(),
                    ply: last.at + ply,
                },
                // The game's own moves now: the board shows them as played.
                _ => {
                    self.view.variation = None;
                    self.view.ply = None;
                    return;
                }
            },
        };
        if self.show_spot(spot).is_err() {
            self.view.variation = None;
            self.view.ply = None;
        }
    }

    /// After a change of the game: the variation shown replayed again, or the current
    /// position if it is gone.
    pub(super) fn refresh_variation(&mut self) {
        let Some(v) = &self.view.variation else {
            return;
        };
        match self.doc.line(&v.branches) {
            Some(line) if line.moves.len() - line.base >= v.ply => {
                if let Some(v) = self.view.variation.as_mut() {
                    v.line = line;
                }
            }
            _ => {
                self.view.variation = None;
                self.view.ply = None;
            }
        }
    }
}
