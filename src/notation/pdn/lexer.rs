//! PDN tokens, read byte by byte from any [`BufRead`] with their line and column.
//!
//! The lexer judges only syntax: which text is a tag, a move, a comment. It knows nothing of
//! the rules; bytes of tag values and comments stay bytes until the reader decodes them.

use std::io::{self, BufRead};

use super::source::Source;
use super::{MAX_DEPTH, PdnError, PdnErrorKind as Kind, ResultToken, TextPos};

/// Longest comment accepted (a larger one is an error, not an unbounded allocation).
pub const MAX_COMMENT: usize = 1 << 20;
/// Longest tag name or value, move text or set-up.
pub const MAX_SHORT: usize = 1 << 16;
/// Longest line, in bytes (a CR or LF ends one): twice the memory a game's text may take
/// ([`MAX_GAME_TEXT`](super::MAX_GAME_TEXT); a glyph `$1 ` is three bytes counted as two), far
/// beyond any real file, while a stream of bytes without a line end (`/dev/zero` after a
/// game) ends in a read error at once instead of being skipped for ever.
pub const MAX_LINE: usize = 2 * super::MAX_GAME_TEXT;

/// One PDN token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// `[Name "value"]`; the value unescaped, still raw bytes.
    Tag {
        /// The tag name.
        name: String,
        /// The value's bytes.
        value: Vec<u8>,
    },
    /// `12.` or `12...`.
    MoveNumber(u32),
    /// `...` standing alone.
    Ellipsis,
    /// Move text such as `32-28`, `28x19x10`, `c3:e5`.
    Move(String),
    /// Move strength after a move: `!`, `?`, `!!`, `??`, `!?`, `?!`.
    Strength(String),
    /// `$n`.
    Nag(u16),
    /// `{…}`, or a `%` or `;` comment to the end of the line; raw bytes.
    Comment(Vec<u8>),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `/FEN "…"/` or `/W:…/` in the movetext: the FEN inside.
    Setup(Vec<u8>),
    /// A game result.
    Result(ResultToken),
    /// Letters glued to the end of a move (`8-11Redoverstepped…`), as some collections have
    /// them: kept as a comment, with a warning.
    Glued(String),
    /// A move written with spaces after its separator, as older programs padded square
    /// numbers (`1- 6`, `28x 6`): the move without them.
    SpacedMove(String),
    /// A word that is no move, number or result (`Wyllie`): prose outside a comment.
    Text(String),
    /// `(…)` that does not read as moves (`(Wyllie thought for 20 minutes)`): its raw bytes,
    /// kept as a comment with a warning.
    Prose(Vec<u8>),
    /// `[Name]` with no value, as some exports write a placeholder tag.
    TagWithoutValue(String),
    /// `-` where the result stands, as some programs write an unfinished game's: `*`.
    DashResult,
    /// A line end written out as text, `\r` or `\n` (some exports put `\r` after every tag):
    /// space, with a warning.
    LiteralLineEnd,
}

/// A move, and any letters glued to its end as a separate token; a word with no move in front
/// is text.
fn move_and_glued(w: &str, start: TextPos) -> Vec<(Token, TextPos)> {
    let p = move_prefix_len(w.as_bytes());
    if p == 0 {
        return vec![(Token::Text(w.to_string()), start)];
    }
    if p > 0 && p < w.len() {
        let glued = TextPos {
            line: start.line,
            col: start.col + p as u32,
        };
        return vec![
            (Token::Move(w[..p].to_string()), start),
            (Token::Glued(w[p..].to_string()), glued),
        ];
    }
    vec![(Token::Move(w.to_string()), start)]
}

/// How much of `w` reads as move text (squares joined by `-`, `x` or `:`); 0 if none.
fn move_prefix_len(w: &[u8]) -> usize {
    let mut i = 0;
    let mut good = 0;
    loop {
        if i < w.len() && w[i].is_ascii_alphabetic() && !matches!(w[i], b'x' | b'X') {
            i += 1;
        }
        let digits = w[i.min(w.len())..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            return good;
        }
        i += digits;
        good = i;
        if i < w.len() && matches!(w[i], b'-' | b'x' | b'X' | b':') {
            i += 1;
        } else {
            return good;
        }
    }
}

/// A byte source with line and column.
pub struct Lexer<R> {
    inner: Source<R>,
    line: u32,
    col: u32,
    at_start: bool,
    /// UTF-8 continuation bytes still expected after a lead byte; a byte 0x80–0xBF that is not
    /// one (single-byte encodings) counts as a character of its own.
    continuation: u8,
    /// The first byte of the token being read.
    token_start: Option<u8>,
    /// Bytes read so far (of the UTF-8 the lexer reads, for UTF-16 text), and where the
    /// tokens read last began: a game's place in its file, to write it back there.
    offset: u64,
    token_offset: u64,
    /// Bytes read since the last line end, against [`MAX_LINE`].
    line_bytes: usize,
    /// Whether only white space was read since the last line end.
    blank_line: bool,
    /// Where the token read last begins, and whether it is the first of its line.
    token_pos: TextPos,
    token_first_on_line: bool,
    /// The offset just after the last byte read that is not white space.
    text_end: u64,
    /// Where the last tag split over two lines began (`[` alone on its line), until taken.
    split_tag: Option<TextPos>,
}

impl<R> Lexer<R> {
    /// The first byte of the token read last (or being read when an error came): lets the
    /// reader tell a broken tag that opens the next game from an error inside this one.
    pub fn token_start(&self) -> Option<u8> {
        self.token_start
    }

    /// Where a tag read since the last call began whose `[` stood alone at the end of its line
    /// and its name on the next (as a French tournament file writes them): read as one tag,
    /// for the reader to warn of.
    pub fn take_split_tag(&mut self) -> Option<TextPos> {
        self.split_tag.take()
    }

    /// How many bytes have been read: where the next token, or the end, stands.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Where the tokens read last ([`Lexer::next_tokens`]) begin, in bytes.
    pub fn token_offset(&self) -> u64 {
        self.token_offset
    }

    /// Where the token read last (or being read when an error came) begins.
    pub fn token_pos(&self) -> TextPos {
        self.token_pos
    }

    /// Whether the token read last begins its line (only white space before it): a `[` there
    /// begins a tag line, one after moves on their line is in the moves.
    pub fn token_first_on_line(&self) -> bool {
        self.token_first_on_line
    }

    /// The offset just after the last byte read that is not white space: where the text read
    /// so far ends, without the space after it.
    pub fn text_end(&self) -> u64 {
        self.text_end
    }
}

/// A control character that no text has (all but tab, line feed and carriage return): inside
/// a tag value or comment it means binary data, which the window refuses too.
fn is_control(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0x7F
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b':' | b'.' | b'/')
}

impl<R: BufRead> Lexer<R> {
    /// A lexer at the start of `inner`; a UTF-8 byte-order mark is skipped, and UTF-16 text
    /// (with a byte-order mark or without) is read as UTF-8.
    pub fn new(inner: R) -> Lexer<R> {
        Lexer {
            inner: Source::Bytes(inner),
            line: 1,
            col: 1,
            at_start: true,
            continuation: 0,
            token_start: None,
            offset: 0,
            token_offset: 0,
            line_bytes: 0,
            blank_line: true,
            token_pos: TextPos::default(),
            token_first_on_line: false,
            text_end: 0,
            split_tag: None,
        }
    }

    /// A lexer of text that stands at `pos` of a file (the inside of a parenthesis).
    fn at(inner: R, pos: TextPos) -> Lexer<R> {
        Lexer {
            inner: Source::Bytes(inner),
            line: pos.line,
            col: pos.col,
            at_start: false,
            continuation: 0,
            token_start: None,
            offset: 0,
            token_offset: 0,
            line_bytes: 0,
            blank_line: true,
            token_pos: TextPos::default(),
            token_first_on_line: false,
            text_end: 0,
            split_tag: None,
        }
    }

    /// Where the next byte stands.
    pub fn pos(&self) -> TextPos {
        TextPos {
            line: self.line,
            col: self.col,
        }
    }

    fn io(&self, e: io::Error) -> PdnError {
        PdnError::new(self.pos(), Kind::read(&e))
    }

    /// The error for control character `b`, the byte just read (ASCII, not a line end: one
    /// column back).
    fn control(&self, b: u8) -> PdnError {
        let at = TextPos {
            line: self.line,
            col: self.col.saturating_sub(1).max(1),
        };
        PdnError::new(at, Kind::ControlCharacter(b))
    }

    fn peek(&mut self) -> Result<Option<u8>, PdnError> {
        match self.inner.fill_buf() {
            Ok(buf) => Ok(buf.first().copied()),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => self.peek(),
            Err(e) => Err(self.io(e)),
        }
    }

    fn bump(&mut self) -> Result<Option<u8>, PdnError> {
        let b = self.peek()?;
        if let Some(b) = b {
            if b == b'\n' || b == b'\r' {
                self.line_bytes = 0;
            } else if self.line_bytes >= MAX_LINE {
                let e = io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("a line longer than {MAX_LINE} bytes"),
                );
                return Err(self.io(e));
            } else {
                self.line_bytes += 1;
            }
            self.inner.consume(1);
            self.offset += 1;
            if !b.is_ascii_whitespace() {
                self.blank_line = false;
                self.text_end = self.offset;
            }
            if b == b'\n' {
                self.blank_line = true;
                self.line = self.line.saturating_add(1);
                self.col = 1;
                self.continuation = 0;
            } else if b & 0xC0 == 0x80 && self.continuation > 0 {
                self.continuation -= 1;
            } else {
                self.col = self.col.saturating_add(1);
                self.continuation = match b {
                    0xC2..=0xDF => 1,
                    0xE0..=0xEF => 2,
                    0xF0..=0xF4 => 3,
                    _ => 0,
                };
            }
        }
        Ok(b)
    }

    /// Skips a UTF-8 byte-order mark, however the input is split into reads, or turns to
    /// reading UTF-16.
    fn skip_bom(&mut self) -> Result<(), PdnError> {
        self.at_start = false;
        self.inner.start().map_err(|e| self.io(e))?;
        if self.peek()? != Some(0xEF) {
            return Ok(());
        }
        let start = self.pos();
        for expected in [0xEF, 0xBB, 0xBF] {
            if self.peek()? != Some(expected) {
                return Err(PdnError::new(start, Kind::UnexpectedByte(0xEF)));
            }
            self.inner.consume(1);
            self.offset += 1;
        }
        self.continuation = 0;
        Ok(())
    }

    /// Reads bytes up to (not including) `end`, or to the end of the line when `end` is `\n`;
    /// `unterminated` and `too_long` are the errors when `end` does not come or comes too late.
    fn until(
        &mut self,
        end: u8,
        limit: usize,
        start: TextPos,
        unterminated: Kind,
        too_long: Kind,
    ) -> Result<Vec<u8>, PdnError> {
        let mut out = Vec::new();
        loop {
            match self.bump()? {
                None if end == b'\n' => return Ok(out),
                None => return Err(PdnError::new(start, unterminated)),
                Some(b) if b == end => return Ok(out),
                Some(b) => {
                    if out.len() >= limit {
                        return Err(PdnError::new(start, too_long));
                    }
                    if is_control(b) {
                        return Err(self.control(b));
                    }
                    out.push(b);
                }
            }
        }
    }

    fn skip_space(&mut self) -> Result<(), PdnError> {
        while let Some(b) = self.peek()? {
            if b.is_ascii_whitespace() {
                self.bump()?;
            } else {
                break;
            }
        }
        Ok(())
    }

    /// Skips spaces and tabs (and a carriage return), never a line end: a tag is on one line,
    /// so that a broken one is skipped with no more than its line ([`Lexer::skip_bad_tag`]).
    fn skip_blanks(&mut self) -> Result<(), PdnError> {
        while let Some(b' ' | b'\t' | b'\r') = self.peek()? {
            self.bump()?;
        }
        Ok(())
    }

    fn tag(&mut self, start: TextPos) -> Result<Token, PdnError> {
        self.skip_blanks()?;
        // `[` alone on its line: the name may follow on the next one (never further). Where
        // none does, the error is where it was, after the `[`.
        let after_bracket = self.pos();
        if self.peek()? == Some(b'\n') {
            self.bump()?;
            self.skip_blanks()?;
            if self.peek()?.is_some_and(|b| b.is_ascii_alphabetic()) {
                self.split_tag = Some(start);
            }
        }
        let mut name = String::new();
        while let Some(b) = self.peek()? {
            if b.is_ascii_alphanumeric() || b == b'_' {
                if name.len() >= MAX_SHORT {
                    return Err(PdnError::new(
                        start,
                        Kind::TagNameTooLong { limit: MAX_SHORT },
                    ));
                }
                name.push(b as char);
                self.bump()?;
            } else {
                break;
            }
        }
        if name.is_empty() {
            return Err(PdnError::new(after_bracket, Kind::MissingTagName));
        }
        self.skip_blanks()?;
        if self.peek()? == Some(b']') {
            self.bump()?;
            return Ok(Token::TagWithoutValue(name));
        }
        if self.peek()? != Some(b'"') {
            return Err(PdnError::new(
                self.pos(),
                Kind::MissingTagValue { tag: name },
            ));
        }
        let value_start = self.pos();
        self.bump()?;
        let mut value = Vec::new();
        loop {
            match self.bump()? {
                None | Some(b'\n') => {
                    return Err(PdnError::new(
                        value_start,
                        Kind::UnterminatedTagValue { tag: name },
                    ));
                }
                Some(b'"') => break,
                Some(b'\\') => match self.bump()? {
                    Some(b) if is_control(b) => return Err(self.control(b)),
                    Some(b) if b != b'\n' => value.push(b),
                    _ => {
                        return Err(PdnError::new(
                            value_start,
                            Kind::UnterminatedTagValue { tag: name },
                        ));
                    }
                },
                Some(b) if is_control(b) => return Err(self.control(b)),
                Some(b) => {
                    if value.len() >= MAX_SHORT {
                        return Err(PdnError::new(
                            value_start,
                            Kind::TagValueTooLong {
                                tag: name,
                                limit: MAX_SHORT,
                            },
                        ));
                    }
                    value.push(b);
                }
            }
        }
        self.skip_blanks()?;
        if self.peek()? != Some(b']') {
            return Err(PdnError::new(start, Kind::UnterminatedTag { tag: name }));
        }
        self.bump()?;
        Ok(Token::Tag { name, value })
    }

    fn word(&mut self, start: TextPos) -> Result<Vec<(Token, TextPos)>, PdnError> {
        let mut w = String::new();
        while let Some(b) = self.peek()? {
            if !is_word_byte(b) {
                break;
            }
            if w.len() >= MAX_SHORT {
                return Err(PdnError::new(
                    start,
                    Kind::MoveTextTooLong { limit: MAX_SHORT },
                ));
            }
            w.push(b as char);
            self.bump()?;
        }
        let mut spaced = false;
        // `1- 6`, `28x 6`: a separator, spaces, then the square.
        while w.len() > 1
            && w.ends_with(['-', 'x', 'X', ':'])
            && move_prefix_len(w.as_bytes()) == w.len() - 1
            && self.spaces_then_digit()?
        {
            spaced = true;
            while let Some(b) = self.peek()? {
                if !is_word_byte(b) {
                    break;
                }
                if w.len() >= MAX_SHORT {
                    return Err(PdnError::new(
                        start,
                        Kind::MoveTextTooLong { limit: MAX_SHORT },
                    ));
                }
                w.push(b as char);
                self.bump()?;
            }
        }
        if spaced && move_prefix_len(w.as_bytes()) == w.len() {
            return Ok(vec![(Token::SpacedMove(w), start)]);
        }
        if let Some(r) = ResultToken::parse(&w) {
            return Ok(vec![(Token::Result(r), start)]);
        }
        if w == "-" {
            return Ok(vec![(Token::DashResult, start)]);
        }
        if w.bytes().all(|b| b == b'.') {
            return Ok(vec![(Token::Ellipsis, start)]);
        }
        let digits = w.bytes().take_while(u8::is_ascii_digit).count();
        let dots = w[digits..].bytes().take_while(|&b| b == b'.').count();
        if digits > 0 && dots > 0 {
            let n: u32 = w[..digits]
                .parse()
                .map_err(|_| PdnError::new(start, Kind::MoveNumberTooLarge(w.clone())))?;
            let mut out = vec![(Token::MoveNumber(n), start)];
            let rest = &w[digits + dots..];
            if !rest.is_empty() {
                let pos = TextPos {
                    line: start.line,
                    col: start.col + (digits + dots) as u32,
                };
                out.extend(move_and_glued(rest, pos));
            }
            return Ok(out);
        }
        Ok(move_and_glued(&w, start))
    }

    /// Skips to the start of the next game, or to the end: where reading goes on after an
    /// error. A game starts at a line that begins with `[` after a line that is not a tag (the
    /// moves or a blank line before it): the bad game's own remaining tags are skipped.
    pub fn skip_to_tag_line(&mut self) -> Result<(), PdnError> {
        // The line the error is on: a tag line if the error was in a tag.
        let mut first = Some(if self.token_start == Some(b'[') {
            b'['
        } else {
            b'-'
        });
        let mut last = first;
        let mut after_tag = false;
        let mut line_start = false;
        while let Some(b) = self.peek()? {
            if line_start && b == b'[' && !after_tag {
                return Ok(());
            }
            self.bump()?;
            line_start = b == b'\n';
            if line_start {
                after_tag = first == Some(b'[') && last == Some(b']');
                first = None;
                last = None;
            } else if !b.is_ascii_whitespace() {
                first = first.or(Some(b));
                last = Some(b);
            }
        }
        Ok(())
    }

    /// Skips what is left of a tag that does not read: through its `]`, or up to the next `[`
    /// (neither inside quotes), or to the line's end (kept), whichever comes first, so that a
    /// file that writes a game on one line goes on with its next tag or its moves. Nothing is
    /// skipped when the error already took the line end (a tag value not closed on its line).
    ///
    /// # Errors
    /// A read error, or a line over `MAX_LINE`.
    pub fn skip_bad_tag(&mut self) -> Result<(), PdnError> {
        if self.line != self.token_pos.line {
            return Ok(());
        }
        let mut quoted = false;
        while let Some(b) = self.peek()? {
            match b {
                b'\n' | b'\r' => break,
                b'[' if !quoted => break,
                _ => {}
            }
            self.bump()?;
            match b {
                b'"' => quoted = !quoted,
                b']' if !quoted => break,
                _ => {}
            }
        }
        Ok(())
    }

    /// Skips spaces and tabs (not line ends); whether a digit follows them.
    fn spaces_then_digit(&mut self) -> Result<bool, PdnError> {
        let mut any = false;
        while let Some(b' ' | b'\t') = self.peek()? {
            self.bump()?;
            any = true;
        }
        Ok(any && self.peek()?.is_some_and(|b| b.is_ascii_digit()))
    }

    /// `(…)`: a variation when its inside reads as moves (its tokens between `Open` and
    /// `Close`), else prose kept whole. The inside is read to the matching `)`, nested
    /// parentheses and `{…}` comments included, then lexed on its own.
    fn parenthesis(&mut self, start: TextPos) -> Result<Vec<(Token, TextPos)>, PdnError> {
        self.bump()?;
        let inside = self.pos();
        let mut bytes = Vec::new();
        let mut depth = 1usize;
        let mut in_comment = false;
        let mut in_line_comment = false;
        // Whether only spaces came since the last '(': another '(' there opens a variation
        // with no move to replace (prose never starts so).
        let mut just_opened = true;
        let close = loop {
            let at = self.pos();
            let Some(b) = self.bump()? else {
                return Err(PdnError::new(start, Kind::UnterminatedVariation));
            };
            match b {
                b if is_control(b) => return Err(PdnError::new(at, Kind::ControlCharacter(b))),
                b'}' if in_comment => in_comment = false,
                _ if in_comment => {}
                b'\n' if in_line_comment => in_line_comment = false,
                _ if in_line_comment => {}
                b'{' => in_comment = true,
                b'%' | b';' => in_line_comment = true,
                b'(' if just_opened => return Err(PdnError::new(at, Kind::VariationWithoutMove)),
                b'(' => {
                    depth += 1;
                    if depth > MAX_DEPTH {
                        return Err(PdnError::new(at, Kind::TooDeep { limit: MAX_DEPTH }));
                    }
                }
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        break at;
                    }
                }
                _ => {}
            }
            if !in_comment && !in_line_comment {
                just_opened = b == b'(' || (just_opened && b.is_ascii_whitespace());
            }
            if bytes.len() >= MAX_COMMENT {
                return Err(PdnError::new(
                    start,
                    Kind::CommentTooLong { limit: MAX_COMMENT },
                ));
            }
            bytes.push(b);
        };
        let mut sub = Lexer::at(&bytes[..], inside);
        let mut tokens = vec![(Token::Open, start)];
        loop {
            match sub.next_tokens() {
                Ok(t) if t.is_empty() => break,
                Ok(t) => {
                    let prose = t.iter().any(|(token, _)| {
                        matches!(token, Token::Text(_) | Token::Prose(_) | Token::Tag { .. })
                    });
                    if prose {
                        return Ok(vec![(Token::Prose(bytes), start)]);
                    }
                    tokens.extend(t);
                }
                // An error a variation cannot have (a too deep one) stands; other text that
                // does not read is prose.
                Err(e) if matches!(e.kind, Kind::TooDeep { .. } | Kind::VariationWithoutMove) => {
                    return Err(e);
                }
                Err(_) => return Ok(vec![(Token::Prose(bytes), start)]),
            }
        }
        tokens.push((Token::Close, close));
        Ok(tokens)
    }

    /// The next tokens (a word may hold a move number and a move), or an empty vector at the end.
    ///
    /// # Errors
    /// Unterminated tags, values and comments, over-long text, unexpected characters, and read
    /// errors, each with the position where it starts.
    pub fn next_tokens(&mut self) -> Result<Vec<(Token, TextPos)>, PdnError> {
        if self.at_start {
            self.skip_bom()?;
        }
        self.skip_space()?;
        let start = self.pos();
        self.token_offset = self.offset;
        self.token_pos = start;
        self.token_first_on_line = self.blank_line;
        let Some(b) = self.peek()? else {
            self.token_start = None;
            return Ok(Vec::new());
        };
        self.token_start = Some(b);
        let token = match b {
            b'[' => {
                self.bump()?;
                self.tag(start)?
            }
            b'{' | b'%' | b';' => {
                self.bump()?;
                // `{…}`, or `%` and `;` to the end of the line.
                let end = if b == b'{' { b'}' } else { b'\n' };
                Token::Comment(self.until(
                    end,
                    MAX_COMMENT,
                    start,
                    Kind::UnterminatedComment,
                    Kind::CommentTooLong { limit: MAX_COMMENT },
                )?)
            }
            b'(' => return self.parenthesis(start),
            b')' => {
                self.bump()?;
                Token::Close
            }
            b'*' => {
                self.bump()?;
                Token::Result(ResultToken::Unknown)
            }
            b'$' => {
                self.bump()?;
                let mut n: u32 = 0;
                let mut any = false;
                while let Some(d) = self.peek()? {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    n = n.saturating_mul(10).saturating_add(u32::from(d - b'0'));
                    any = true;
                    self.bump()?;
                }
                if !any || n > u32::from(u16::MAX) {
                    return Err(PdnError::new(start, Kind::MissingNagNumber));
                }
                Token::Nag(n as u16)
            }
            b'!' | b'?' => {
                let mut s = String::new();
                while let Some(c @ (b'!' | b'?')) = self.peek()? {
                    if s.len() >= 2 {
                        return Err(PdnError::new(start, Kind::StrengthTooLong));
                    }
                    s.push(c as char);
                    self.bump()?;
                }
                Token::Strength(s)
            }
            b'/' => {
                self.bump()?;
                Token::Setup(self.until(
                    b'/',
                    MAX_SHORT,
                    start,
                    Kind::UnterminatedSetup,
                    Kind::SetupTooLong { limit: MAX_SHORT },
                )?)
            }
            b'\\' => {
                self.bump()?;
                match self.peek()? {
                    Some(b'r' | b'n') => {
                        self.bump()?;
                        Token::LiteralLineEnd
                    }
                    _ => return Err(PdnError::new(start, Kind::UnexpectedByte(b'\\'))),
                }
            }
            b if is_word_byte(b) => return self.word(start),
            other => return Err(PdnError::new(start, Kind::UnexpectedByte(other))),
        };
        Ok(vec![(token, start)])
    }
}
