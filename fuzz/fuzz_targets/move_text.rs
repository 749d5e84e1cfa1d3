//! Any text as a move in the start positions: parsed, matched, or refused, never a panic.
#![no_main]

use dama::notation::parse_move;
use dama::rules::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    for v in Variant::ALL {
        let rules = v.rules();
        let pos = v.start_position();
        if let Ok((m, _)) = parse_move(&pos, rules, text) {
            assert!(pos.legal_moves(rules).contains(&m));
        }
    }
});
