//! The game tree as read from PDN: tags, the main line and its variations.

use crate::rules::Move;

use super::{PdnError, ResultToken, TextPos, Warning, WarningKind};

/// One move in a line, with what the annotator wrote around it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The move as written (without strength marks); rewritten by [`replay`](super::replay)
    /// when a notation is asked for.
    pub text: String,
    /// Where the move text starts.
    pub pos: TextPos,
    /// Numeric annotation glyphs; `!` `?` `!!` `??` `!?` `?!` are stored as 1–6.
    pub nags: Vec<u16>,
    /// Comments after the move.
    pub comments: Vec<String>,
    /// Alternatives to this move, each a line starting from the position before it.
    pub variations: Vec<Line>,
    /// The legal move, once replayed.
    pub mv: Option<Move>,
}

/// A sequence of moves: the main line or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// A `/FEN/` set-up at its start.
    pub setup: Option<String>,
    /// Where the set-up stands.
    pub setup_pos: TextPos,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves.
    pub nodes: Vec<Node>,
}

/// The heap memory of a string or list that holds `capacity` items of `item` bytes: the
/// allocator's block, rounded up to 16 bytes with a header of 8, at least 32.
fn block(capacity: usize, item: usize) -> usize {
    match capacity * item {
        0 => 0,
        n => (n + 8).next_multiple_of(16).max(32),
    }
}

fn strings_size(strings: &[String], capacity: usize) -> usize {
    block(capacity, size_of::<String>())
        + strings
            .iter()
            .map(|s| block(s.capacity(), 1))
            .sum::<usize>()
}

impl Line {
    /// About how many bytes of heap memory the line takes, its variations included: what
    /// the window counts against its limit for all the games of a file.
    pub fn heap_size(&self) -> usize {
        let own = self.setup.as_ref().map_or(0, |s| block(s.capacity(), 1))
            + strings_size(&self.comments, self.comments.capacity())
            + block(self.nodes.capacity(), size_of::<Node>());
        own + self
            .nodes
            .iter()
            .map(|n| {
                block(n.text.capacity(), 1)
                    + block(n.nags.capacity(), 2)
                    + strings_size(&n.comments, n.comments.capacity())
                    + block(n.variations.capacity(), size_of::<Line>())
                    + n.variations.iter().map(Line::heap_size).sum::<usize>()
            })
            .sum::<usize>()
    }

    /// Sets every node's position to the default, here and in all variations, so that lines
    /// read from different texts compare by content alone.
    pub fn clear_positions(&mut self) {
        self.setup_pos = TextPos::default();
        for node in &mut self.nodes {
            node.pos = TextPos::default();
            for v in &mut node.variations {
                v.clear_positions();
            }
        }
    }
}

/// One game of a PDN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs in file order, unknown ones included.
    pub tags: Vec<(String, String)>,
    /// Where each tag of `tags` stands (the default position for tags added in memory).
    pub tag_positions: Vec<TextPos>,
    /// The main line with its variations.
    pub moves: Line,
    /// The result written at the end of the movetext, if any.
    pub result: Option<ResultToken>,
    /// Where the game starts in the file.
    pub pos: TextPos,
    /// What the reader accepted leniently.
    pub warnings: Vec<Warning>,
}

impl PdnGame {
    /// The first tag that was skipped as written wrong, as the error it is in strict reading:
    /// a file of Dáma's own (the autosave) that has one is damaged, not another program's.
    pub fn skipped_tag_error(&self) -> Option<PdnError> {
        self.warnings.iter().find_map(|w| match &w.kind {
            WarningKind::TagSkipped(why) => Some(PdnError {
                pos: w.pos,
                game: w.game,
                kind: (**why).clone(),
            }),
            _ => None,
        })
    }

    /// About how many bytes of memory the game takes (see [`Line::heap_size`]); the warnings
    /// are counted as their text.
    pub fn heap_size(&self) -> usize {
        size_of::<PdnGame>()
            + block(self.tags.capacity(), size_of::<(String, String)>())
            + self
                .tags
                .iter()
                .map(|(n, v)| block(n.capacity(), 1) + block(v.capacity(), 1))
                .sum::<usize>()
            + block(self.tag_positions.capacity(), size_of::<TextPos>())
            + block(self.warnings.capacity(), size_of::<Warning>())
            + self
                .warnings
                .iter()
                .map(|w| block(w.kind.to_string().len(), 1))
                .sum::<usize>()
            + self.moves.heap_size()
    }

    /// The value of tag `name` (the first, if repeated).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The time left after each move of the main line, where a `[%clk]` comment gives it
    /// (as PGN programs write it: `[%clk 0:04:57]`).
    pub fn clock_marks(&self) -> Vec<Option<std::time::Duration>> {
        self.moves
            .nodes
            .iter()
            .map(|n| n.comments.iter().find_map(|c| parse_clk(c)))
            .collect()
    }

    /// Where tag `name` stands in the file, if it was read from one.
    pub fn tag_position(&self, name: &str) -> Option<TextPos> {
        let i = self.tags.iter().position(|(n, _)| n == name)?;
        self.tag_positions.get(i).copied()
    }

    /// Sets tag `name`, replacing its value or appending it.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value,
            None => {
                self.tags.push((name.to_string(), value));
                self.tag_positions
                    .resize(self.tags.len(), TextPos::default());
            }
        }
    }

    /// Removes every tag called `name`.
    pub fn remove_tag(&mut self, name: &str) {
        // In one pass: removing one at a time moves every tag after it each time.
        let tags = &self.tags;
        let positions = std::mem::take(&mut self.tag_positions);
        self.tag_positions = positions
            .into_iter()
            .enumerate()
            .filter(|&(k, _)| tags.get(k).is_none_or(|t| t.0 != name))
            .map(|(_, p)| p)
            .collect();
        self.tags.retain(|(n, _)| n != name);
    }

    /// The result as the Result tag gives it, `*` without one (the termination token at the
    /// end of the movetext is [`PdnGame::result`]).
    pub fn result_text(&self) -> &str {
        self.tag("Result").unwrap_or("*")
    }
}

/// A `[%clk]` command for `left`, to the nearest second: `[%clk 0:04:57]`.
pub fn clk_command(left: std::time::Duration) -> String {
    let s = (left.as_millis() as u64 + 500) / 1000;
    format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
}

/// The time of a `[%clk h:mm:ss]` command in `comment` (seconds may have a fraction).
fn parse_clk(comment: &str) -> Option<std::time::Duration> {
    let rest = &comment[comment.find("[%clk")? + 5..];
    let text = rest[..rest.find(']')?].trim();
    let mut secs = 0.0f64;
    for part in text.split(':') {
        let v: f64 = part.trim().parse().ok()?;
        if !(0.0..1e7).contains(&v) {
            return None;
        }
        secs = secs * 60.0 + v;
    }
    Some(std::time::Duration::from_secs_f64(secs))
}

#[cfg(test)]
mod clock_tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn clock_commands_are_written_and_read_back() {
        assert_eq!(
            clk_command(Duration::from_millis(297_400)),
            "[%clk 0:04:57]"
        );
        assert_eq!(clk_command(Duration::from_secs(3725)), "[%clk 1:02:05]");
        assert_eq!(parse_clk("[%clk 0:04:57]"), Some(Duration::from_secs(297)));
        assert_eq!(
            parse_clk("good move [%clk 1:02:05.5] [%emt 0:00:03]"),
            Some(Duration::from_millis(3_725_500))
        );
        assert_eq!(parse_clk("[%clk soon]"), None);
        assert_eq!(parse_clk("no clock"), None);
        assert_eq!(parse_clk("[%clk 0:01:00"), None);
    }
}
