//! Table rules (rules.md §5): the moves a player can make at a real table when a capture is
//! mandatory — ignoring it, or stopping a capture sequence early — which the opponent may then
//! claim.

use super::geometry::{Eight, Geometry, Ten};
use super::movegen::{self, Flags, Sink};
use super::{Board, Move, Position, RuleSet, SquareSet};

/// Collects every point where a capture sequence could stop: each landing, complete or not.
struct Prefixes {
    out: Vec<Move>,
    board: Board,
    from: u8,
}

impl Sink for Prefixes {
    fn start(&mut self, from: u8) {
        self.from = from;
    }
    fn enter(&mut self, landing: u64, captured: u64) {
        self.out.push(Move {
            captured,
            from: self.from,
            to: landing.trailing_zeros() as u8,
            board: self.board,
        });
    }
    fn complete(&mut self, _to: u64, _captured: u64) {}
}

fn table_moves_g<G: Geometry>(pos: &Position, f: Flags, legal: Vec<Move>) -> Vec<Move> {
    let mut out = legal;
    let mut quiet = Vec::new();
    movegen::quiet_moves::<G>(pos, f, &mut quiet);
    out.extend(quiet);
    let sink = Prefixes {
        out: Vec::new(),
        board: pos.board,
        from: 0,
    };
    out.extend(movegen::search_all::<G, _>(pos, f, sink).out);
    out.sort_unstable();
    out.dedup();
    out
}

impl Position {
    /// The moves a player can make under table rules: the legal moves and, when a capture is
    /// mandatory, also every quiet move and every capture sequence stopped at any landing
    /// (any piece, whatever the capture precedence). Sorted as [`Position::legal_moves`].
    pub fn table_moves(&self, rules: &RuleSet) -> Vec<Move> {
        let legal = self.legal_moves(rules);
        if !legal.first().is_some_and(|m| m.is_capture()) {
            return legal;
        }
        let f = Flags::of(rules);
        match self.board {
            Board::Eight => table_moves_g::<Eight>(self, f, legal),
            Board::Ten => table_moves_g::<Ten>(self, f, legal),
        }
    }

    /// The pieces that could have made a legal capture here: the offenders when another move is
    /// played instead (empty when no capture is mandatory).
    pub fn capturing_pieces(&self, rules: &RuleSet) -> SquareSet {
        let legal = self.legal_moves(rules);
        if !legal.first().is_some_and(|m| m.is_capture()) {
            return SquareSet::EMPTY;
        }
        legal.iter().map(|m| m.from()).collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Variant;

    fn texts(variant: Variant, fen: &str) -> (Vec<String>, Vec<String>) {
        let rules = variant.rules();
        let pos = rules.parse_fen(fen).unwrap();
        let show = |ms: Vec<crate::rules::Move>| {
            ms.iter()
                .map(|m| format!("{m} {:?}", m.captured()))
                .collect::<Vec<_>>()
        };
        (show(pos.legal_moves(rules)), show(pos.table_moves(rules)))
    }

    #[test]
    fn without_a_capture_table_moves_are_the_legal_moves() {
        let (legal, table) = texts(Variant::Czech, "W:W21-32:B1-12");
        assert_eq!(legal, table);
    }

    #[test]
    fn a_forgotten_capture_and_a_stopped_sequence() {
        // White man 30 must take 26 and 19 (landing 23, then 16); it may also stop on 23, or
        // move the man on 32 instead.
        let (legal, table) = texts(Variant::Czech, "W:W30,32:B26,19");
        assert_eq!(legal, ["30x16 {19, 26}"]);
        assert_eq!(
            table,
            [
                "30x16 {19, 26}",
                "30x23 {26}",
                "30-25 {}",
                "32-27 {}",
                "32-28 {}",
            ]
        );
    }

    #[test]
    fn precedence_ignored_at_the_table() {
        // Česká dáma: the king on 29 must take 25 (king priority); the man on 23 taking 18 is a
        // violation, as is every quiet move.
        let rules = Variant::Czech.rules();
        let pos = rules.parse_fen("W:WK29,23:B25,18,5").unwrap();
        let legal: Vec<String> = pos
            .legal_moves(rules)
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert!(legal.iter().all(|m| m.starts_with("29x")), "{legal:?}");
        let table: Vec<String> = pos
            .table_moves(rules)
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert!(table.contains(&"23x14".to_string()), "{table:?}");
        assert!(table.contains(&"23-19".to_string()), "{table:?}");
        let offenders: Vec<u8> = pos
            .capturing_pieces(rules)
            .iter()
            .map(|s| s.number())
            .collect();
        assert_eq!(offenders, [29]);
    }
}
