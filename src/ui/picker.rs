//! Choosing a move by clicking squares: the start, then the destination, or the landing
//! squares one by one when several captures share start and end. Pure logic, no drawing.

pub use crate::game::event::Refusal;
use crate::rules::{Move, Position, RuleSet, Square};

/// What a click did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    /// A piece was selected (or another one instead).
    Selected,
    /// The selection was dropped.
    Deselected,
    /// A landing square was added to the capture path being built.
    Extended,
    /// The move is complete.
    Play(Move),
    /// Nothing happened, for this reason.
    Rejected(Refusal),
}

/// The move being chosen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picker {
    /// The selected piece.
    pub from: Option<Square>,
    /// Landing squares clicked so far.
    pub path: Vec<Square>,
}

/// The landing paths of `m` (a quiet move has the one-square path `[to]`).
fn paths(pos: &Position, rules: &RuleSet, m: &Move) -> Vec<Vec<Square>> {
    if m.is_capture() {
        pos.capture_paths(rules, m)
    } else {
        vec![vec![m.to()]]
    }
}

impl Picker {
    /// Drops the selection.
    pub fn clear(&mut self) {
        self.from = None;
        self.path.clear();
    }

    /// The moves still possible with their paths that begin with the squares clicked so far.
    pub fn candidates(
        &self,
        pos: &Position,
        rules: &RuleSet,
        legal: &[Move],
    ) -> Vec<(Move, Vec<Vec<Square>>)> {
        let Some(from) = self.from else {
            return Vec::new();
        };
        legal
            .iter()
            .filter(|m| m.from() == from)
            .filter_map(|m| {
                let ps: Vec<Vec<Square>> = paths(pos, rules, m)
                    .into_iter()
                    .filter(|p| p.starts_with(&self.path))
                    .collect();
                (!ps.is_empty()).then_some((*m, ps))
            })
            .collect()
    }

    /// Squares that a click would take further: next landing squares and destinations.
    pub fn targets(&self, pos: &Position, rules: &RuleSet, legal: &[Move]) -> Vec<Square> {
        let mut out: Vec<Square> = Vec::new();
        for (m, ps) in self.candidates(pos, rules, legal) {
            for p in ps {
                if let Some(&next) = p.get(self.path.len()) {
                    out.push(next);
                }
            }
            out.push(m.to());
        }
        out.sort();
        out.dedup();
        out
    }

    /// Handles a click on `sq`.
    pub fn click(&mut self, pos: &Position, rules: &RuleSet, legal: &[Move], sq: Square) -> Click {
        let movable = |s: Square| legal.iter().any(|m| m.from() == s);
        if self.from.is_some() {
            let cands = self.candidates(pos, rules, legal);
            let depth = self.path.len();
            let extending: Vec<Move> = cands
                .iter()
                .filter(|(_, ps)| ps.iter().any(|p| p.get(depth) == Some(&sq)))
                .map(|(m, _)| *m)
                .collect();
            if extending.len() == 1 {
                let m = extending[0];
                self.clear();
                return Click::Play(m);
            }
            if extending.len() > 1 {
                self.path.push(sq);
                return Click::Extended;
            }
            let ending: Vec<Move> = cands
                .iter()
                .filter(|(m, _)| m.to() == sq)
                .map(|(m, _)| *m)
                .collect();
            match ending.len() {
                1 => {
                    self.clear();
                    return Click::Play(ending[0]);
                }
                0 => {}
                _ => return Click::Rejected(Refusal::AmbiguousEnd),
            }
            if Some(sq) == self.from && self.path.is_empty() {
                self.clear();
                return Click::Deselected;
            }
        }
        if movable(sq) {
            self.from = Some(sq);
            self.path.clear();
            return Click::Selected;
        }
        if self.from.is_some() && pos.piece_at(sq).is_none() {
            return Click::Rejected(Refusal::NotADestination);
        }
        let own = match pos.piece_at(sq) {
            None => return Click::Rejected(Refusal::EmptySquare),
            Some(p) => p.color == pos.side_to_move(),
        };
        // "Must capture" only where every move is a capture: under table rules `legal` holds
        // the quiet moves too, and a blocked piece must not give a due capture away.
        let only_captures = !legal.is_empty() && legal.iter().all(|m| m.is_capture());
        if !own {
            Click::Rejected(Refusal::NotYourPiece)
        } else if only_captures && pos.has_capture(rules) {
            Click::Rejected(Refusal::MustCapture)
        } else {
            Click::Rejected(Refusal::CannotMove)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn sq(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    #[test]
    fn select_then_destination() {
        let rules = Variant::Czech.rules();
        let pos = Variant::Czech.start_position();
        let legal = pos.legal_moves(rules);
        let mut p = Picker::default();
        assert_eq!(
            p.click(&pos, rules, &legal, sq(5)),
            Click::Rejected(Refusal::NotYourPiece)
        );
        assert_eq!(
            p.click(&pos, rules, &legal, sq(15)),
            Click::Rejected(Refusal::EmptySquare)
        );
        assert_eq!(
            p.click(&pos, rules, &legal, sq(29)),
            Click::Rejected(Refusal::CannotMove)
        );
        assert_eq!(p.click(&pos, rules, &legal, sq(22)), Click::Selected);
        assert_eq!(p.targets(&pos, rules, &legal), vec![sq(17), sq(18)]);
        assert_eq!(
            p.click(&pos, rules, &legal, sq(15)),
            Click::Rejected(Refusal::NotADestination)
        );
        assert_eq!(
            p.click(&pos, rules, &legal, sq(21)),
            Click::Selected,
            "another piece"
        );
        assert_eq!(p.click(&pos, rules, &legal, sq(21)), Click::Deselected);
        p.click(&pos, rules, &legal, sq(22));
        let Click::Play(m) = p.click(&pos, rules, &legal, sq(18)) else {
            panic!("a move")
        };
        assert_eq!(m.to_string(), "22-18");
        assert_eq!(p, Picker::default());
    }

    #[test]
    fn a_blocked_piece_keeps_a_due_capture_quiet_under_table_rules() {
        let rules = Variant::Czech.rules();
        // The man on 28 is blocked (24 and 19 behind it); 30 must capture.
        let pos = rules.parse_fen("W:W28,30,32:B17,18,19,24,25,26").unwrap();
        let mut p = Picker::default();
        let strict = pos.legal_moves(rules);
        assert_eq!(
            p.click(&pos, rules, &strict, sq(28)),
            Click::Rejected(Refusal::MustCapture)
        );
        let table = pos.table_moves(rules);
        assert_eq!(
            p.click(&pos, rules, &table, sq(28)),
            Click::Rejected(Refusal::CannotMove)
        );
    }

    #[test]
    fn must_capture_and_path_choice() {
        let rules = Variant::Czech.rules();
        // White man on c1 (30) reaches c5 (14) over 25, 17 or over 26, 18; the man on 32
        // cannot move while a capture is pending.
        let pos = rules.parse_fen("W:W30,32:B17,18,25,26").unwrap();
        let legal = pos.legal_moves(rules);
        let mut p = Picker::default();
        assert_eq!(
            p.click(&pos, rules, &legal, sq(32)),
            Click::Rejected(Refusal::MustCapture)
        );
        assert_eq!(p.click(&pos, rules, &legal, sq(30)), Click::Selected);
        assert_eq!(p.targets(&pos, rules, &legal), vec![sq(14), sq(21), sq(23)]);
        assert_eq!(
            p.click(&pos, rules, &legal, sq(14)),
            Click::Rejected(Refusal::AmbiguousEnd)
        );
        let Click::Play(m) = p.click(&pos, rules, &legal, sq(23)) else {
            panic!("the landing square decides")
        };
        assert_eq!(
            m.captured().iter().map(|s| s.number()).collect::<Vec<_>>(),
            vec![18, 26]
        );
    }
}
