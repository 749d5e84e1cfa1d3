//! Writing moves as text (rules.md §6).

use crate::rules::{Move, Position, RuleSet};

/// A move in PDN numeric notation: `32-28`, `28x19`, or the full path (`47x38x24x13x36`) when
/// another legal capture shares its start and end but captures other pieces. The path written
/// is the one with the numerically smallest landing squares.
pub fn numeric(pos: &Position, rules: &RuleSet, m: &Move) -> String {
    if !m.is_capture() {
        return format!("{}-{}", m.from(), m.to());
    }
    let ambiguous = pos
        .legal_moves(rules)
        .iter()
        .any(|o| o.from() == m.from() && o.to() == m.to() && o.captured() != m.captured());
    if !ambiguous {
        return format!("{}x{}", m.from(), m.to());
    }
    let mut text = m.from().to_string();
    for sq in pos.capture_path(rules, m) {
        text.push('x');
        text.push_str(&sq.to_string());
    }
    text
}
