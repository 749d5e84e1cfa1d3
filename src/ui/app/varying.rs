//! Variations on the board: a move made at an earlier position, going through the game's
//! moves and a variation's, to the next variation and back, deleting and promoting one. The
//! variations themselves are the document's (saved with the game); which place the board
//! shows is the window's ([`GameView`]). The variations are a feature of their own
//! ([`Variations`]) with no state of their own: what a person does to them takes a
//! [`FeatureCx`]; a look at another position (a `Change::Look`, which `change.rs` applies
//! with [`Variations::look`]) takes the document to read and the view to move, and asks for
//! nothing.

use super::Dialog;
use super::change::{Change, Target, Varied};
use super::feature::FeatureCx;
use crate::engine::review::Mark;
use crate::game::event::{Event, Look, Mover, Problem};
use crate::rules::Move;
use crate::ui::document::{Applied, DocChange, Document};
use crate::ui::game_view::{GameView, InVariation, Spot};

/// The variations as a feature of the window. Their state is the document's (the variations)
/// and the view's (the one shown): the type holds nothing.
#[derive(Default)]
pub(super) struct Variations;

/// The place the board shows (the game's current position: its last ply).
pub(super) fn spot(doc: &Document, view: &GameView) -> Spot {
    match &view.variation {
        Some(v) => Spot {
            branches: v.branches.clone(),
            ply: v.ply,
        },
        None => Spot {
            branches: Vec::new(),
            ply: view.ply.unwrap_or(doc.game().moves().len()),
        },
    }
}

/// The variations to the next move at `spot`, to be said there.
fn choices(doc: &Document, spot: &Spot) -> Option<Event> {
    let alternatives = doc.alternatives(&spot.branches, spot.ply);
    if alternatives.is_empty() {
        return None;
    }
    let line = doc.line(&spot.branches)?;
    let at = *line.positions.get(line.base + spot.ply)?;
    Some(Event::Choices {
        at,
        next: line.moves.get(line.base + spot.ply).copied(),
        variations: alternatives.iter().map(|v| v.moves[0]).collect(),
    })
}

impl Variations {
    /// Shows another position of the game or of its variations (no change of the game);
    /// the words for it.
    pub(super) fn look(&self, doc: &Document, view: &mut GameView, target: Target) -> Applied {
        match target {
            Target::Variation(spot) => return self.show_spot(doc, view, spot),
            Target::Sibling(forward) => return self.sibling(doc, view, forward),
            Target::Back | Target::Forward if view.variation.is_some() => {
                return self.step(doc, view, target == Target::Forward);
            }
            _ => {}
        }
        // The game's own moves: a variation shown is left.
        let leaving = view.variation.take();
        let result = look_in_game(doc, view, target, leaving.is_some());
        if result.is_err() {
            view.variation = leaving;
        }
        result
    }

    /// A person's move on the board as shown. At the game's current position it is played.
    /// Elsewhere the line's own next move steps on to it, the first move of a variation goes
    /// into the variation, a move at a variation's end adds to it, and any other move asks:
    /// a new variation, or in place of the later moves.
    pub(super) fn person_moves(&self, cx: &mut FeatureCx, mv: Move) {
        let play = DocChange::Play {
            mv,
            from_ply: cx.view.ply,
            by: Mover::Person,
        };
        if cx.view.variation.is_none() && cx.view.ply.is_none() {
            cx.apply(play);
            return;
        }
        let spot = spot(cx.doc, cx.view);
        let Some(line) = cx.doc.line(&spot.branches) else {
            cx.apply(play);
            return;
        };
        let next = line.moves.get(line.base + spot.ply).copied();
        if next == Some(mv) {
            cx.apply(Change::Look(Target::Forward));
            return;
        }
        let alternatives = cx.doc.alternatives(&spot.branches, spot.ply);
        if let Some(index) = alternatives
            .iter()
            .position(|v| v.moves.first() == Some(&mv))
        {
            let into = spot.first_move_of(spot.ply, index);
            cx.apply(Change::Look(Target::Variation(into)));
            return;
        }
        match next {
            None if !spot.branches.is_empty() => cx.apply(DocChange::Vary {
                branches: spot.branches,
                ply: spot.ply,
                mv,
                replace: false,
            }),
            None => cx.apply(play),
            Some(next) => {
                let at = line.positions[line.base + spot.ply];
                let later = line.moves.len() - line.base - spot.ply;
                let words = crate::speech::phrases::Context {
                    lang: cx.lang(),
                    rules: cx.doc.game().rules(),
                    verbosity: cx.settings.verbosity,
                    notation: cx.settings.notation,
                };
                let question = crate::speech::phrases::branch_question(
                    &words,
                    &at,
                    &mv,
                    &next,
                    later,
                    !spot.branches.is_empty(),
                );
                cx.ask(Dialog::Branch { spot, mv, question });
            }
        }
    }

    /// Shows `spot` without saying it; the words for it (the look and the variations there).
    fn show_spot(&self, doc: &Document, view: &mut GameView, spot: Spot) -> Applied {
        let spot = spot.normal();
        if spot.branches.is_empty() {
            // The game's own moves: the look of the move list.
            view.variation = None;
            if view.ply.is_none() {
                view.ply = Some(spot.ply);
            }
            return look_in_game(doc, view, Target::Ply(spot.ply), false);
        }
        let line = doc.line(&spot.branches).ok_or(Problem::NoVariation)?;
        let shown = InVariation {
            branches: spot.branches.clone(),
            ply: spot.ply,
            line,
        };
        if spot.ply > shown.len() {
            return Err(Problem::NoVariation);
        }
        let game = doc.game();
        let last = *spot.branches.last().expect("a variation");
        let above = &spot.branches[..spot.branches.len() - 1];
        let count = doc.alternatives(above, last.at).len();
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
        view.picker.clear();
        view.ply = Some(spot.branches[0].at);
        view.variation = Some(shown);
        let mut events = vec![Event::Looked(look)];
        let note = doc.note(&spot.branches, spot.ply).cloned();
        events.extend(note.map(Event::Note));
        events.extend(choices(doc, &spot));
        Ok(events)
    }

    /// One move back or on in the variation shown: back from its first move is the line
    /// above, where it hangs.
    fn step(&self, doc: &Document, view: &mut GameView, forward: bool) -> Applied {
        let v = view.variation.as_ref().ok_or(Problem::NotInVariation)?;
        let ply = match forward {
            true if v.ply >= v.len() => return Err(Problem::EndOfVariation),
            true => v.ply + 1,
            false => v.ply - 1,
        };
        let branches = v.branches.clone();
        self.show_spot(doc, view, Spot { branches, ply })
    }

    /// The next (or previous) variation: into the first (last) variation to the next move of
    /// the position shown, or among the moves played in the place of the move shown (the
    /// line's own and its variations, round in a circle). Just after a variation's first move,
    /// on to the variation beside it.
    fn sibling(&self, doc: &Document, view: &mut GameView, forward: bool) -> Applied {
        let spot = spot(doc, view);
        let at_first = spot.ply == 1 && !spot.branches.is_empty();
        let options = siblings(doc, &spot);
        let next = doc.alternatives(&spot.branches, spot.ply).len();
        if !at_first && next > 0 && (forward || options.len() < 2) {
            let index = if forward { 0 } else { next - 1 };
            return self.show_spot(doc, view, spot.first_move_of(spot.ply, index));
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
        self.show_spot(doc, view, options[to].clone())
    }

    /// Asks before deleting the variation shown.
    pub(super) fn ask_remove(&self, cx: &mut FeatureCx) {
        let Some(v) = &cx.view.variation else {
            cx.complain(Problem::NotInVariation);
            return;
        };
        let (branches, from) = (v.branches.clone(), v.line.positions[v.line.base]);
        let Some(variation) = cx.doc.variation(&branches) else {
            cx.complain(Problem::NotInVariation);
            return;
        };
        let question = crate::speech::phrases::remove_variation_question(
            cx.lang(),
            cx.settings.notation,
            &from,
            cx.doc.game().rules(),
            &variation.moves[0],
            variation.size(),
        );
        cx.ask(Dialog::RemoveVariation(branches, question));
    }

    /// Makes the variation shown the line it hangs from.
    pub(super) fn promote(&self, cx: &mut FeatureCx) {
        match &cx.view.variation {
            Some(v) => {
                let branches = v.branches.clone();
                cx.apply(DocChange::PromoteVariation(branches));
            }
            None => cx.complain(Problem::NotInVariation),
        }
    }

    /// Where the board goes after a change of the variations: the new move, the line above a
    /// deleted variation, the promoted moves in their new place.
    pub(super) fn after_varying(
        &self,
        doc: &Document,
        view: &mut GameView,
        change: &Varied,
        events: &[Event],
    ) {
        let spot = match change {
            Varied::Vary(spot) => {
                if events
                    .iter()
                    .any(|e| matches!(e, Event::VariationStarted { .. }))
                {
                    let count = doc.alternatives(&spot.branches, spot.ply).len();
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
                    view.variation = None;
                    view.ply = None;
                    return;
                }
            },
        };
        if self.show_spot(doc, view, spot).is_err() {
            view.variation = None;
            view.ply = None;
        }
    }

    /// After a change of the game: the variation shown replayed again, or the current
    /// position if it is gone.
    pub(super) fn refresh(&self, doc: &Document, view: &mut GameView) {
        let Some(v) = &view.variation else {
            return;
        };
        match doc.line(&v.branches) {
            Some(line) if line.moves.len() - line.base >= v.ply => {
                if let Some(v) = view.variation.as_mut() {
                    v.line = line;
                }
            }
            _ => {
                view.variation = None;
                view.ply = None;
            }
        }
    }
}

/// The places after each move played in the place of the last move to `spot`: the line's
/// own, then its variations.
fn siblings(doc: &Document, spot: &Spot) -> Vec<Spot> {
    let (above, at) = match spot.branches.split_last() {
        // A variation to the first move of a variation is played in the same place as
        // that variation: the places are those of the variation it is to.
        Some((last, above)) if spot.ply == 1 && last.at == 0 && !above.is_empty() => {
            let outer = Spot {
                branches: above.to_vec(),
                ply: 1,
            };
            return siblings(doc, &outer);
        }
        Some((last, above)) if spot.ply == 1 => (above.to_vec(), last.at),
        _ if spot.ply == 0 => return Vec::new(),
        _ => (spot.branches.clone(), spot.ply - 1),
    };
    let count = doc.alternatives(&above, at).len();
    let Some(line) = doc.line(&above) else {
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
        let own = doc.alternatives(&v.branches, 0).len();
        let base = Spot {
            branches: v.branches.clone(),
            ply: 0,
        };
        todo.extend((0..own).rev().map(|i| base.first_move_of(0, i)));
        options.push(v);
    }
    options
}

/// Shows a position of the game's own moves (`leaving`: from a variation shown); the words
/// for it.
fn look_in_game(doc: &Document, view: &mut GameView, target: Target, leaving: bool) -> Applied {
    let game = doc.game();
    let plies = game.moves().len();
    let now = view.ply;
    let to = match target {
        Target::Start if plies == 0 && leaving => None,
        Target::Start if plies == 0 || (now == Some(0) && !leaving) => {
            return Err(Problem::AtStart);
        }
        Target::Start => Some(0),
        Target::Back => match now.unwrap_or(plies) {
            0 => return Err(Problem::AtStart),
            p => Some(p - 1),
        },
        Target::Forward => match now {
            None => return Err(Problem::AtLive),
            Some(p) => Some(p + 1),
        },
        Target::Live if now.is_none() => return Err(Problem::AtLive),
        Target::Live => None,
        Target::Ply(p) if p >= plies && now.is_none() => return Err(Problem::AtLive),
        Target::Ply(p) => Some(p),
        Target::Variation(_) | Target::Sibling(_) => unreachable!("looked at above"),
    }
    .filter(|&p| p < plies);
    let entered = now.is_none() && to.is_some();
    // The position after ply `ply`, as stepping onto it says it.
    let after = |ply: usize, entered: bool| Look::After {
        ply,
        plies,
        number: game.number_of_move(ply - 1),
        before: *game.position_at(ply - 1).expect("a position per move"),
        mv: game.moves()[ply - 1],
        entered,
        mark: view
            .review
            .as_ref()
            .and_then(|r| r.get(ply - 1))
            .map(|j| j.mark)
            .filter(|&m| m != Mark::Good),
    };
    let look = match to {
        // Stepped forward onto the last move: that move, and that this is the game now.
        None if matches!(target, Target::Forward) && plies > 0 => Look::Live {
            onto: Some(Box::new(after(plies, false))),
        },
        None => Look::Live { onto: None },
        Some(0) => Look::Start { plies, entered },
        Some(ply) => after(ply, entered),
    };
    view.picker.clear();
    view.ply = to;
    let mut events = vec![Event::Looked(look)];
    let spot = Spot {
        branches: Vec::new(),
        ply: to.unwrap_or(plies),
    };
    if to.is_some() {
        events.extend(doc.note(&[], spot.ply).cloned().map(Event::Note));
    }
    events.extend(choices(doc, &spot));
    Ok(events)
}
