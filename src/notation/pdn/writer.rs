//! Writing games as PDN in the export layout PDN takes from PGN: tags one per line, a blank
//! line, the movetext wrapped at 79 columns ending with the result, and a blank line after each
//! game.

use std::io::{self, Write};

use super::rule_choice::infer_variant;
use super::{Line, PdnGame, ResultToken, variant_from_tags};
use crate::rules::Color;

const WIDTH: usize = 79;

struct Wrapper {
    text: String,
    line_len: usize,
    /// The next token follows without a space (after '(').
    glue: bool,
}

impl Wrapper {
    /// Adds a token (which may hold a space, as "12. 32-28", kept on one line).
    fn token(&mut self, t: &str) {
        let len = t.chars().count();
        if self.line_len > 0 && self.line_len + 1 + len > WIDTH {
            self.text.push('\n');
            self.line_len = 0;
        } else if self.line_len > 0 && !self.glue {
            self.text.push(' ');
            self.line_len += 1;
        }
        self.glue = false;
        if self.line_len == 0 && self.text.ends_with(' ') {
            self.text.pop();
        }
        self.text.push_str(t);
        self.line_len += len;
    }

    fn open(&mut self) {
        self.token("(");
        self.glue = true;
    }

    fn close(&mut self) {
        self.text.push(')');
        self.line_len += 1;
    }
}

fn strength(nag: u16) -> Option<&'static str> {
    Some(match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        _ => return None,
    })
}

/// Writes a comment: in braces, or, when it holds a `}` (which cannot stand inside braces), as
/// a `;` comment to the end of the line. A comment holding both `}` and a line break has its
/// `}` replaced by `)`: PDN has no way to write it (not by `]`, which could complete a command
/// such as `[%huff …]` that the comment did not hold; found by fuzzing).
fn comment(w: &mut Wrapper, text: &str) {
    if text.contains('}') && !text.contains('\n') {
        w.token(&format!(";{text}"));
        w.text.push('\n');
        w.line_len = 0;
    } else {
        w.token(&format!("{{{}}}", text.replace('}', ")")));
    }
}

/// Whether the first move of the main line is the second player's (a FEN with the other side to
/// move), so that it is numbered `1...`.
fn second_player_starts(game: &PdnGame) -> bool {
    let Some(fen_side) = game.tag("FEN").and_then(|f| f.trim().chars().next()) else {
        return false;
    };
    let variant = match variant_from_tags(game) {
        Ok(Some(v)) => v,
        _ => infer_variant(game).0,
    };
    Color::from_char(fen_side).is_some_and(|side| side != variant.rules().first)
}

/// Writes a line of moves: `N.` before the first player's moves, `N...` only before a line that
/// starts with the second player's. Not again after a comment or a variation, as PGN writers
/// do: pydraughts reads a repeated number (`3.` and then `3...`) by deleting every later "3."
/// in the text, `13.` and `23.` included, and so misreads the moves. PDN does not require it.
fn write_line(w: &mut Wrapper, line: &Line, first_ply: usize) {
    if let Some(fen) = &line.setup {
        w.token(&format!("/FEN \"{fen}\"/"));
    }
    for c in &line.comments {
        comment(w, c);
    }
    let mut need_number = true;
    for (i, node) in line.nodes.iter().enumerate() {
        let ply = first_ply + i;
        let number = crate::rules::move_number(ply);
        let mut text = String::new();
        if ply.is_multiple_of(2) {
            text.push_str(&format!("{number}. "));
        } else if need_number {
            text.push_str(&format!("{number}... "));
        }
        text.push_str(&node.text);
        // Only the first glyph may be a mark glued to the move: two marks would read back as
        // one (`!` `?` as `!?`).
        let mut glyphs = Vec::new();
        for (k, &nag) in node.nags.iter().enumerate() {
            match strength(nag) {
                Some(s) if k == 0 => text.push_str(s),
                _ => glyphs.push(format!("${nag}")),
            }
        }
        w.token(&text);
        for g in glyphs {
            w.token(&g);
        }
        need_number = false;
        for c in &node.comments {
            comment(w, c);
        }
        for v in &node.variations {
            w.open();
            write_line(w, v, ply);
            w.close();
        }
    }
}

/// Writes one game.
///
/// # Errors
/// Only those of `out`.
pub fn write_game(game: &PdnGame, out: &mut impl Write) -> io::Result<()> {
    for (name, value) in &game.tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        writeln!(out, "[{name} \"{value}\"]")?;
    }
    let mut w = Wrapper {
        text: String::new(),
        line_len: 0,
        glue: false,
    };
    if !game.tags.is_empty() {
        writeln!(out)?;
    }
    let first = usize::from(second_player_starts(game));
    write_line(&mut w, &game.moves, first);
    let result = match game.result {
        Some(r) => r.as_str(),
        None => game
            .tag("Result")
            .and_then(ResultToken::parse)
            .map_or("*", ResultToken::as_str),
    };
    w.token(result);
    writeln!(out, "{}", w.text)?;
    writeln!(out)
}

/// Writes games one after another.
///
/// # Errors
/// Only those of `out`.
pub fn write_games<'a>(
    games: impl IntoIterator<Item = &'a PdnGame>,
    out: &mut impl Write,
) -> io::Result<()> {
    for g in games {
        write_game(g, out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pdn::Reader;

    /// Found by fuzzing: `!` then `$2` was written `!?`, which reads back as one glyph.
    #[test]
    fn two_glyphs_stay_two() {
        let text = "[GameType \"20\"]\n1. 32-28! $2 *\n";
        let game = Reader::new(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(game.moves.nodes[0].nags, vec![1, 2]);
        let mut out = Vec::new();
        write_game(&game, &mut out).unwrap();
        let again = Reader::new(out.as_slice()).next().unwrap().unwrap();
        assert_eq!(again.moves.nodes[0].nags, vec![1, 2]);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[GameType \"20\"]\n\n1. 32-28! $2 *\n\n"
        );
    }
}

#[cfg(test)]
mod comment_tests {
    use super::*;
    use crate::notation::pdn::Reader;

    /// Found by fuzzing: a comment holding '}' lost it on writing.
    #[test]
    fn a_comment_with_a_closing_brace_survives() {
        let text = "[GameType \"20\"]\n1. 32-28 % a } b\n19-23 *\n";
        let game = Reader::new(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(game.moves.nodes[0].comments, vec!["a } b"]);
        let mut out = Vec::new();
        write_game(&game, &mut out).unwrap();
        let again = Reader::new(out.as_slice()).next().unwrap().unwrap();
        assert_eq!(again.moves.nodes[0].comments, vec!["a } b"]);
        assert_eq!(again.moves.nodes.len(), 2);
    }

    /// Found by fuzzing: a comment holding a line break and `}` had its `}` written as `]`,
    /// which completed the table-rules command `[%huff` it held, so the game no longer replayed;
    /// a set-up written `/"B"/` kept its quotes and was written back with two pairs.
    #[test]
    fn fuzzed_comment_and_set_up_write_back_as_read() {
        use crate::notation::pdn::replay;
        let text = "[GameType \"20\"]\n1. 32-28 (a{[%huff\n}) *\n";
        let mut game = Reader::new(text.as_bytes()).next().unwrap().unwrap();
        replay(&mut game, 1, None, None).unwrap();
        let mut out = Vec::new();
        write_game(&game, &mut out).unwrap();
        let mut again = Reader::new(out.as_slice()).next().unwrap().unwrap();
        replay(&mut again, 1, None, None).expect("the written game replays");
        let text = "[GameType \"20\"] /\"W:W31:B20\"/ 1. 31-26 *\n";
        let game = Reader::new(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(game.moves.setup.as_deref(), Some("W:W31:B20"));
        let mut out = Vec::new();
        write_game(&game, &mut out).unwrap();
        let again = Reader::new(out.as_slice()).next().unwrap().unwrap();
        assert_eq!(again.moves.setup, game.moves.setup);
        // Quotes inside quotes: trimmed once they showed a second pair, written `/FEN ""B""/`.
        for text in ["/\" \"B\" \"/", "/FEN \" \"B\" \"/"] {
            let game = Reader::new(text.as_bytes()).next().unwrap().unwrap();
            assert_eq!(game.moves.setup.as_deref(), Some("B"), "{text}");
            let mut out = Vec::new();
            write_game(&game, &mut out).unwrap();
            let again = Reader::new(out.as_slice()).next().unwrap().unwrap();
            assert_eq!(again.moves.setup, game.moves.setup, "{text}");
        }
    }
}
