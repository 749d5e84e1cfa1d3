//! Assembles tokens into games, one at a time.

use std::io::BufRead;
use std::ops::Range;

use super::{
    Decoder, ITEM_COST, Lexer, Line, MAX_DEPTH, MAX_GAME_TEXT, MAX_NODES, Node, PdnError,
    PdnErrorKind as Kind, PdnGame, ResultToken, TextPos, Token, Warning, WarningKind,
};

/// Reads games from PDN text one at a time: memory stays bounded by the largest game, whatever
/// the file's size. After an error it stops (the next call returns `None`), unless told to go
/// on ([`Reader::going_on`]); after an error reading the input it always stops.
pub struct Reader<R> {
    lexer: Lexer<R>,
    decoder: Decoder,
    /// A token read ahead (the tag that starts the next game).
    pending: Vec<(Token, TextPos)>,
    games: usize,
    failed: bool,
    /// Whether to go on with the next game after an error.
    go_on: bool,
    /// A broken tag met while finishing a game without a result: the next game's error.
    next_error: Option<PdnError>,
    /// The bytes of the tokens being taken from `pending`: where they start and end.
    batch: (u64, u64),
    /// The bytes of the game returned last ([`Reader::last_span`]).
    last_span: Option<Range<u64>>,
    /// Where the last tag split over two lines began ([`Lexer::take_split_tag`]).
    split_tag: Option<TextPos>,
    /// A tag that does not read, met at the start of a line after moves where it opens the
    /// next game: skipped, and the next game's first text.
    skipped_tag: Option<SkippedTag>,
}

/// Text of the header that is not a well-formed tag, skipped: why, where its `[` stands, and
/// its bytes.
struct SkippedTag {
    error: PdnError,
    start: TextPos,
    span: Range<u64>,
}

/// The memory spent on one game's text so far, against [`MAX_GAME_TEXT`].
#[derive(Default)]
struct Budget(usize);

impl Budget {
    /// Counts a string of `len` bytes kept at `pos`.
    fn text(&mut self, len: usize, pos: TextPos) -> Result<(), PdnError> {
        self.bytes(len + ITEM_COST, pos)
    }

    /// Counts `n` bytes kept at `pos` (a glyph is two).
    fn bytes(&mut self, n: usize, pos: TextPos) -> Result<(), PdnError> {
        self.0 += n;
        if self.0 > MAX_GAME_TEXT {
            return Err(PdnError::new(
                pos,
                Kind::GameTooLarge {
                    limit: MAX_GAME_TEXT,
                },
            ));
        }
        Ok(())
    }
}

fn strength_nag(s: &str) -> Option<u16> {
    Some(match s {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            lexer: Lexer::new(input),
            decoder: Decoder::default(),
            pending: Vec::new(),
            games: 0,
            failed: false,
            go_on: false,
            next_error: None,
            batch: (0, 0),
            last_span: None,
            split_tag: None,
            skipped_tag: None,
        }
    }

    /// A reader that goes on after a game with an error: it skips to the next line that starts
    /// with a tag, so that one bad game does not hide the games after it. (Text lost to an
    /// unterminated comment or variation is lost to the games in it too.) An error reading the
    /// input ([`Kind::Read`]: a folder, a failing disk, a line without end) ends it all the
    /// same: the next read would fail again, forever.
    pub fn going_on(mut self) -> Reader<R> {
        self.go_on = true;
        self
    }

    /// The decoder, which knows the file's encoding once it has seen non-ASCII text.
    pub fn decoder(&self) -> &Decoder {
        &self.decoder
    }

    /// Where the game returned last stands in the input, in bytes: from its first token (a
    /// comment before its tags included) to the end of its last (its result, where it has one),
    /// without the space around. The bytes of UTF-16 text are those of its UTF-8. Writing a
    /// game back into its collection replaces these bytes and no others.
    pub fn last_span(&self) -> Option<Range<u64>> {
        self.last_span.clone()
    }

    fn next_token(&mut self) -> Result<Option<(Token, TextPos)>, PdnError> {
        if self.pending.is_empty() {
            let mut tokens = self.lexer.next_tokens()?;
            if let Some(at) = self.lexer.take_split_tag() {
                self.split_tag = Some(at);
            }
            self.batch = (self.lexer.token_offset(), self.lexer.offset());
            tokens.reverse();
            self.pending = tokens;
        }
        Ok(self.pending.pop())
    }

    fn text(&mut self, bytes: &[u8], pos: TextPos, warnings: &mut Vec<Warning>) -> String {
        let (text, switched) = self.decoder.decode(bytes);
        if switched {
            warnings.push(Warning {
                pos,
                game: self.games,
                kind: WarningKind::NotUtf8(self.decoder.encoding()),
            });
        }
        text
    }

    /// Whether error `e`, met reading the next token, is a tag that does not read and is
    /// skipped: a tag written wrong in the header, or at the start of a line after the moves
    /// (where it opens the next game). A `[` after moves on their own line stays an error.
    fn is_bad_tag_line(&self, e: &PdnError, movetext: bool) -> bool {
        self.lexer.token_start() == Some(b'[')
            && e.kind.is_bad_tag()
            && (!movetext || self.lexer.token_first_on_line())
    }

    /// Skips the rest of the tag that gave error `e` ([`Lexer::skip_bad_tag`]).
    fn skip_bad_tag(&mut self, e: PdnError) -> Result<SkippedTag, PdnError> {
        let start = self.lexer.token_pos();
        let from = self.lexer.token_offset();
        self.lexer.skip_bad_tag()?;
        Ok(SkippedTag {
            error: e,
            start,
            span: from..self.lexer.text_end().max(from),
        })
    }

    /// The next game, `None` at the end of the input (or after an error).
    pub fn next_game(&mut self) -> Option<Result<PdnGame, PdnError>> {
        self.last_span = None;
        if self.failed {
            return None;
        }
        if let Some(e) = self.next_error.take() {
            self.games += 1;
            self.after_error(&e);
            return Some(Err(e.in_game(self.games)));
        }
        let game_no = self.games + 1;
        match self.read_game() {
            Ok(Some(g)) => Some(Ok(g)),
            Ok(None) => None,
            Err(e) => {
                self.games = game_no;
                self.after_error(&e);
                Some(Err(e.in_game(game_no)))
            }
        }
    }

    /// Stops, or skips to the next game after error `e`: never after a read error, which
    /// skipping would only meet again.
    fn after_error(&mut self, e: &PdnError) {
        if !self.go_on || matches!(e.kind, Kind::Read { .. }) {
            self.failed = true;
            return;
        }
        self.pending.clear();
        if let Err(e) = self.lexer.skip_to_tag_line() {
            self.next_error = Some(e);
        }
    }

    fn read_game(&mut self) -> Result<Option<PdnGame>, PdnError> {
        self.games += 1;
        let mut game = PdnGame::default();
        // Open lines: the main line first, then each variation being read with where its '('
        // stands.
        let mut stack: Vec<(Line, TextPos)> = vec![(Line::default(), TextPos::default())];
        let mut started = false;
        let mut movetext = false;
        let mut nodes = 0usize;
        let mut budget = Budget::default();
        // The game's bytes so far: from its first token to the end of the last one taken.
        let mut span = 0..0;
        // Tags that did not read, skipped: the game is one all the same.
        let mut skipped = false;
        if let Some(tag) = self.skipped_tag.take() {
            game.pos = tag.start;
            span = tag.span.clone();
            started = true;
            skipped = true;
            note_skipped(&mut game, &mut budget, tag)?;
        }
        loop {
            let next = match self.next_token() {
                Err(e) if self.is_bad_tag_line(&e, movetext) => {
                    let tag = self.skip_bad_tag(e)?;
                    if movetext {
                        // It opens the next game, as a tag would.
                        self.skipped_tag = Some(tag);
                        break;
                    }
                    if !started {
                        game.pos = tag.start;
                        span.start = tag.span.start;
                        started = true;
                    }
                    span.end = tag.span.end;
                    skipped = true;
                    note_skipped(&mut game, &mut budget, tag)?;
                    continue;
                }
                // A broken tag after moves opens the next game: this one ends here.
                Err(e) if movetext && self.lexer.token_start() == Some(b'[') => {
                    self.next_error = Some(e);
                    break;
                }
                other => other?,
            };
            let Some((token, pos)) = next else {
                if let Some((_, open)) = stack.get(1) {
                    return Err(PdnError::new(*open, Kind::UnterminatedVariation));
                }
                // Comments after the last game (or in a file of nothing else) make no game.
                let main = &stack[0].0;
                if !started
                    || (game.tags.is_empty()
                        && main.nodes.is_empty()
                        && main.setup.is_none()
                        && !skipped)
                {
                    self.games -= 1;
                    return Ok(None);
                }
                break;
            };
            if !started {
                game.pos = pos;
                span.start = self.batch.0;
                started = true;
            }
            // A tag that opens the next game is given back below, and is not this game's.
            let opens_next =
                movetext && matches!(token, Token::Tag { .. } | Token::TagWithoutValue(_));
            if !opens_next {
                span.end = self.batch.1;
            }
            let line = &mut stack.last_mut().expect("main line").0;
            match token {
                Token::Tag { name, value } => {
                    if movetext {
                        self.pending.push((Token::Tag { name, value }, pos));
                        break;
                    }
                    budget.text(name.len() + value.len(), pos)?;
                    if self.split_tag == Some(pos) {
                        self.split_tag = None;
                        budget.text(name.len() + ITEM_COST, pos)?;
                        game.warnings.push(Warning {
                            pos,
                            game: 0,
                            kind: WarningKind::SplitTag(name.clone()),
                        });
                    }
                    let value = self.text(&value, pos, &mut game.warnings);
                    game.tags.push((name, value));
                    game.tag_positions.push(pos);
                }
                Token::MoveNumber(_) | Token::Ellipsis => movetext = true,
                Token::Text(word) => return Err(PdnError::new(pos, Kind::NotAMove(word))),
                Token::TagWithoutValue(name) => {
                    if movetext {
                        self.pending.push((Token::TagWithoutValue(name), pos));
                        break;
                    }
                    // The tag and its warning.
                    budget.text(2 * name.len() + ITEM_COST, pos)?;
                    game.warnings.push(Warning {
                        pos,
                        game: 0,
                        kind: WarningKind::TagWithoutValue(name.clone()),
                    });
                    game.tags.push((name, String::new()));
                    game.tag_positions.push(pos);
                }
                Token::DashResult => {
                    if let Some((_, open)) = stack.get(1) {
                        let unknown = ResultToken::Unknown;
                        return Err(PdnError::new(*open, Kind::VariationOpenAtResult(unknown)));
                    }
                    game.warnings.push(Warning {
                        pos,
                        game: 0,
                        kind: WarningKind::DashResult,
                    });
                    game.result = Some(ResultToken::Unknown);
                    break;
                }
                Token::LiteralLineEnd => {
                    let said = game
                        .warnings
                        .iter()
                        .any(|w| w.kind == WarningKind::LiteralLineEnd);
                    if !said {
                        game.warnings.push(Warning {
                            pos,
                            game: 0,
                            kind: WarningKind::LiteralLineEnd,
                        });
                    }
                }
                Token::Prose(bytes) => {
                    // The comment and its warning.
                    budget.text(2 * bytes.len() + ITEM_COST, pos)?;
                    let text = self
                        .text(&bytes, pos, &mut game.warnings)
                        .trim()
                        .to_string();
                    game.warnings.push(Warning {
                        pos,
                        game: 0,
                        kind: WarningKind::Prose(text.clone()),
                    });
                    match line.nodes.last_mut() {
                        Some(node) => node.comments.push(text),
                        None => line.comments.push(text),
                    }
                }
                Token::SpacedMove(text) => {
                    budget.text(text.len(), pos)?;
                    game.warnings.push(Warning {
                        pos,
                        game: 0,
                        kind: WarningKind::SpacedMove(text.clone()),
                    });
                    movetext = true;
                    nodes += 1;
                    if nodes > MAX_NODES {
                        return Err(PdnError::new(pos, Kind::TooManyMoves { limit: MAX_NODES }));
                    }
                    line.nodes.push(Node {
                        text,
                        pos,
                        ..Node::default()
                    });
                }
                Token::Move(text) => {
                    movetext = true;
                    nodes += 1;
                    if nodes > MAX_NODES {
                        return Err(PdnError::new(pos, Kind::TooManyMoves { limit: MAX_NODES }));
                    }
                    line.nodes.push(Node {
                        text,
                        pos,
                        ..Node::default()
                    });
                }
                Token::Strength(s) => {
                    let Some(nag) = strength_nag(&s) else {
                        return Err(PdnError::new(pos, Kind::UnknownStrength(s)));
                    };
                    let Some(node) = line.nodes.last_mut() else {
                        return Err(PdnError::new(pos, Kind::StrengthWithoutMove(s)));
                    };
                    budget.bytes(2, pos)?;
                    node.nags.push(nag);
                }
                Token::Nag(n) => {
                    let node = line
                        .nodes
                        .last_mut()
                        .ok_or_else(|| PdnError::new(pos, Kind::NagWithoutMove(n)))?;
                    budget.bytes(2, pos)?;
                    node.nags.push(n);
                }
                Token::Comment(bytes) => {
                    budget.text(bytes.len(), pos)?;
                    let text = self
                        .text(&bytes, pos, &mut game.warnings)
                        .trim()
                        .to_string();
                    let line = &mut stack.last_mut().expect("main line").0;
                    match line.nodes.last_mut() {
                        Some(node) => node.comments.push(text),
                        None => line.comments.push(text),
                    }
                }
                Token::Glued(text) => {
                    // The comment and its warning.
                    budget.text(2 * text.len() + ITEM_COST, pos)?;
                    game.warnings.push(Warning {
                        pos,
                        game: 0,
                        kind: WarningKind::Glued(text.clone()),
                    });
                    let line = &mut stack.last_mut().expect("main line").0;
                    match line.nodes.last_mut() {
                        Some(node) => node.comments.push(text),
                        None => line.comments.push(text),
                    }
                }
                Token::Open => {
                    movetext = true;
                    if line.nodes.is_empty() {
                        return Err(PdnError::new(pos, Kind::VariationWithoutMove));
                    }
                    if stack.len() > MAX_DEPTH {
                        return Err(PdnError::new(pos, Kind::TooDeep { limit: MAX_DEPTH }));
                    }
                    stack.push((Line::default(), pos));
                }
                Token::Close => {
                    if stack.len() == 1 {
                        return Err(PdnError::new(pos, Kind::UnmatchedClose));
                    }
                    let (variation, _) = stack.pop().expect("checked");
                    let parent = &mut stack.last_mut().expect("main line").0;
                    parent
                        .nodes
                        .last_mut()
                        .expect("a variation follows a move")
                        .variations
                        .push(variation);
                }
                Token::Setup(bytes) => {
                    movetext = true;
                    if !line.nodes.is_empty() {
                        return Err(PdnError::new(pos, Kind::SetupAfterMove));
                    }
                    let text = String::from_utf8_lossy(&bytes).trim().to_string();
                    // `/FEN "…"/`, `/"…"/` or `/…/`: the FEN alone (found by fuzzing: quotes
                    // without the keyword were kept, and written back doubled). Every quote and
                    // space at either end goes, so what is written back reads the same.
                    let fen = text
                        .strip_prefix("FEN")
                        .unwrap_or(&text)
                        .trim_matches(|c: char| c == '"' || c.is_whitespace())
                        .to_string();
                    line.setup = Some(fen);
                    line.setup_pos = pos;
                }
                Token::Result(r) => {
                    if let Some((_, open)) = stack.get(1) {
                        return Err(PdnError::new(*open, Kind::VariationOpenAtResult(r)));
                    }
                    game.result = Some(r);
                    break;
                }
            }
        }
        game.moves = stack.pop().expect("main line").0;
        check_result(&mut game);
        let game_no = self.games;
        for w in &mut game.warnings {
            w.game = game_no;
        }
        self.last_span = Some(span);
        Ok(Some(game))
    }
}

/// The warning for a tag skipped in `game`'s header, counted against its budget.
fn note_skipped(game: &mut PdnGame, budget: &mut Budget, tag: SkippedTag) -> Result<(), PdnError> {
    let PdnError { pos, kind, .. } = tag.error;
    budget.text(kind.to_string().len(), pos)?;
    game.warnings.push(Warning {
        pos,
        game: 0,
        kind: WarningKind::TagSkipped(Box::new(kind)),
    });
    Ok(())
}

/// The result against the Result tag: match points at the end of the moves (`4-6`) are the
/// result when the tag says the same; a result that disagrees with the tag is noted.
fn check_result(game: &mut PdnGame) {
    let tag = game.tag("Result").map(|t| t.trim().to_string());
    if game.result.is_none()
        && let Some(tag) = &tag
        && let Some(last) = game.moves.nodes.last()
        && last.text == *tag
        && let Some(result) = match_points(tag)
    {
        let pos = last.pos;
        game.moves.nodes.pop();
        game.result = Some(result);
        game.warnings.push(Warning {
            pos,
            game: 0,
            kind: WarningKind::MatchPoints(tag.clone()),
        });
        return;
    }
    if let (Some(moves), Some(tag)) = (game.result, &tag)
        && let Some(said) = ResultToken::parse(tag).or_else(|| match_points(tag))
        && said != moves
        && moves != ResultToken::Unknown
    {
        let pos = game.moves.nodes.last().map_or(game.pos, |n| n.pos);
        game.warnings.push(Warning {
            pos,
            game: 0,
            kind: WarningKind::ResultMismatch {
                tag: tag.clone(),
                moves,
            },
        });
    }
}

/// Match points `a-b` as a result: the first player won with more, the second with fewer, a
/// draw with as many.
fn match_points(text: &str) -> Option<ResultToken> {
    let (a, b) = text.split_once('-')?;
    let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
    Some(match a.cmp(&b) {
        std::cmp::Ordering::Greater => ResultToken::FirstWins,
        std::cmp::Ordering::Less => ResultToken::SecondWins,
        std::cmp::Ordering::Equal => ResultToken::Draw,
    })
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<PdnGame, PdnError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_game()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    /// Input whose every read fails, as a folder's does (`dama replay DIR`).
    struct Failing;

    impl io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::IsADirectory))
        }
    }

    impl BufRead for Failing {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            Err(io::Error::from(io::ErrorKind::IsADirectory))
        }
        fn consume(&mut self, _: usize) {}
    }

    /// A read error ends even a reader that goes on after bad games: one error, then the end,
    /// instead of the same error for ever.
    #[test]
    fn a_read_error_ends_a_going_on_reader() {
        let results: Vec<_> = Reader::new(Failing).going_on().take(3).collect();
        assert_eq!(results.len(), 1, "{results:?}");
        let e = results[0].as_ref().unwrap_err();
        assert!(
            matches!(
                e.kind,
                Kind::Read {
                    kind: io::ErrorKind::IsADirectory,
                    ..
                }
            ),
            "{e}"
        );
        assert_eq!(e.game, 1);
    }

    /// A read error met while skipping a bad game is said once, as the next game's, and ends
    /// the reading; the good game before the bad one is kept.
    #[test]
    fn a_read_error_while_skipping_ends_a_going_on_reader() {
        let text: &[u8] = b"[GameType \"21\"]\n1. 11-15 *\n\n[GameType \"21\"]\n1. Xyz\n";
        let input = io::BufReader::with_capacity(8, io::Read::chain(text, Failing));
        let results: Vec<_> = Reader::new(input).going_on().take(5).collect();
        assert_eq!(results.len(), 3, "{results:?}");
        assert!(results[0].is_ok());
        assert!(matches!(
            results[1].as_ref().unwrap_err().kind,
            Kind::NotAMove(_)
        ));
        let e = results[2].as_ref().unwrap_err();
        assert!(matches!(e.kind, Kind::Read { .. }), "{e}");
        assert_eq!(e.game, 3);
    }

    /// Bytes without a line end (`/dev/zero` after a game) end the reading with one error once
    /// a line passes [`super::super::lexer::MAX_LINE`], instead of being skipped to the end.
    #[test]
    fn a_line_without_end_ends_a_going_on_reader() {
        use io::Read;
        let limit = super::super::lexer::MAX_LINE;
        let text: &[u8] = b"[GameType \"21\"]\n1. 11-15 *\n";
        for byte in [0, b' '] {
            let zeros = io::repeat(byte).take(3 * limit as u64);
            let input = io::BufReader::new(text.chain(zeros));
            let results: Vec<_> = Reader::new(input).going_on().take(5).collect();
            assert!(results[0].is_ok());
            let last = results.last().unwrap().as_ref().unwrap_err();
            let Kind::Read { message, .. } = &last.kind else {
                panic!("{last}");
            };
            assert_eq!(*message, format!("a line longer than {limit} bytes"));
            // A NUL is a bad game first, then the line is too long while skipping it.
            assert_eq!(results.len(), if byte == 0 { 3 } else { 2 }, "{results:?}");
        }
    }
}
