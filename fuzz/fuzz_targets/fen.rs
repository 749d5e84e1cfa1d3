//! Any text as a FEN: a position that writes back and reads as itself, or an error.
#![no_main]

use dama::rules::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    for v in Variant::ALL {
        let rules = v.rules();
        if let Ok(pos) = rules.parse_fen(text) {
            assert_eq!(rules.parse_fen(&pos.fen()), Ok(pos));
            let _ = pos.legal_moves(rules);
        }
    }
});
