//! Any bytes: the PDN reader and replay return games or errors, never panic, and what they
//! accept writes back and reads again.
#![no_main]

use dama::notation::pdn::{Line, Reader, replay, write_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for (i, game) in Reader::new(data).enumerate() {
        let Ok(mut game) = game else { break };
        if replay(&mut game, i + 1, None, None).is_ok() {
            let mut out = Vec::new();
            write_game(&game, &mut out).expect("writing to memory");
            let again: Vec<_> = Reader::new(out.as_slice()).collect();
            assert_eq!(again.len(), 1, "one game written, one read");
            let mut again = again.into_iter().next().unwrap().expect("written game reads");
            // PDN cannot write a comment holding both '}' and a line break: the writer puts
            // ']' for '}'. Known (issue 16): that can complete a command (`{a [%huff` + line
            // break + `}` comes back as `[%huff]`), and the written game then need not replay.
            if unwritable(&game.moves) {
                let _ = replay(&mut again, 1, None, None);
                return;
            }
            replay(&mut again, 1, None, None).expect("written game replays");
            again.moves.clear_positions();
            game.moves.clear_positions();
            // Known (issue 16): a set-up without the FEN keyword keeps its quotes (`/"B"/` reads
            // as `"B"`, is written `/FEN ""B""/` and reads back as `B`). Compared without them
            // until the library writes set-ups in their own form.
            unquote_setups(&mut again.moves);
            unquote_setups(&mut game.moves);
            assert_eq!(again.moves, game.moves);
        }
    }
});

fn unquote_setups(line: &mut Line) {
    if let Some(fen) = &mut line.setup {
        *fen = fen.trim().trim_matches('"').trim().to_string();
    }
    for node in &mut line.nodes {
        node.variations.iter_mut().for_each(unquote_setups);
    }
}

fn unwritable(line: &Line) -> bool {
    let bad = |c: &String| c.contains('}') && c.contains('\n');
    line.comments.iter().any(bad)
        || line
            .nodes
            .iter()
            .any(|n| n.comments.iter().any(bad) || n.variations.iter().any(unwritable))
}
