//! The bytes the lexer reads: the file's own, or UTF-16 text turned into UTF-8 as it streams.
//!
//! Windows programs (Notepad's "Unicode", PowerShell's `>`) save text in UTF-16, two bytes a
//! character, most of them NUL for PDN's ASCII. The lexer reads bytes of UTF-8 or a single-byte
//! encoding; rather than a second lexer, a UTF-16 file is decoded to UTF-8 a buffer at a time,
//! in bounded memory, and the lexer reads that. Which one a file is, is told at its start
//! ([`Source::start`]).

use std::io::{self, BufRead, Read};

use encoding_rs::{CoderResult, UTF_16BE, UTF_16LE};

/// Bytes of UTF-8 decoded at a time.
const CHUNK: usize = 16 << 10;

/// What the lexer reads from.
pub(super) enum Source<R> {
    /// The file's bytes as they are.
    Bytes(R),
    /// UTF-16 decoded to UTF-8.
    Utf16(Utf16<R>),
    /// Only while one is changed into the other.
    Switching,
}

/// UTF-16 text of `inner`, as UTF-8.
pub(super) struct Utf16<R> {
    inner: R,
    decoder: encoding_rs::Decoder,
    /// UTF-8 decoded and not read yet: `buf[start..end]`.
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    /// The input is at its end and the decoder flushed.
    done: bool,
}

impl<R: BufRead> Source<R> {
    /// Looks at the start of the file (the first two bytes, which the first read of any buffered
    /// reader holds): a UTF-16 byte-order mark (`FF FE`, `FE FF`) is skipped and the rest
    /// decoded; so is UTF-16 without one ([`utf16_start`]: PDN starts with `[`, `{`, a digit
    /// or white space, never NUL). Anything else is read as it is.
    ///
    /// # Errors
    /// Those of reading.
    pub(super) fn start(&mut self) -> io::Result<()> {
        let Source::Bytes(inner) = self else {
            return Ok(());
        };
        let Some((big_endian, bom)) = utf16_start(inner.fill_buf()?) else {
            return Ok(());
        };
        inner.consume(bom);
        let Source::Bytes(inner) = std::mem::replace(self, Source::Switching) else {
            unreachable!("matched above")
        };
        let encoding = if big_endian { UTF_16BE } else { UTF_16LE };
        *self = Source::Utf16(Utf16 {
            inner,
            decoder: encoding.new_decoder_without_bom_handling(),
            buf: vec![0; CHUNK].into_boxed_slice(),
            start: 0,
            end: 0,
            done: false,
        });
        Ok(())
    }
}

/// Whether text that starts with `head` is UTF-16: whether big-endian, and the length of its
/// byte-order mark (0 without one). Without a mark, a NUL beside a character that can start
/// PDN (printable ASCII or white space) tells it.
pub fn utf16_start(head: &[u8]) -> Option<(bool, usize)> {
    let text = |b: &u8| b.is_ascii_graphic() || b.is_ascii_whitespace();
    match head {
        [0xFF, 0xFE, ..] => Some((false, 2)),
        [0xFE, 0xFF, ..] => Some((true, 2)),
        [a, 0, ..] if text(a) => Some((false, 0)),
        [0, a, ..] if text(a) => Some((true, 0)),
        _ => None,
    }
}

impl<R: BufRead> Utf16<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.start == self.end && !self.done {
            let src = self.inner.fill_buf()?;
            let last = src.is_empty();
            let (result, read, written, _) = self.decoder.decode_to_utf8(src, &mut self.buf, last);
            self.inner.consume(read);
            (self.start, self.end) = (0, written);
            self.done = last && result == CoderResult::InputEmpty;
        }
        Ok(&self.buf[self.start..self.end])
    }
}

impl<R: BufRead> Read for Source<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let buf = self.fill_buf()?;
        let n = buf.len().min(out.len());
        out[..n].copy_from_slice(&buf[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Source<R> {
    #[inline]
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self {
            Source::Bytes(r) => r.fill_buf(),
            Source::Utf16(u) => u.fill_buf(),
            Source::Switching => Ok(&[]),
        }
    }

    #[inline]
    fn consume(&mut self, n: usize) {
        match self {
            Source::Bytes(r) => r.consume(n),
            Source::Utf16(u) => u.start = (u.start + n).min(u.end),
            Source::Switching => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
        let mut out = Vec::new();
        if bom {
            out.extend(if big_endian {
                [0xFE, 0xFF]
            } else {
                [0xFF, 0xFE]
            });
        }
        for unit in text.encode_utf16() {
            out.extend(if big_endian {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            });
        }
        out
    }

    fn read_all(bytes: &[u8]) -> String {
        // Three bytes at a time from below: characters split across reads still decode.
        let mut source = Source::Bytes(io::BufReader::with_capacity(3, bytes));
        source.start().unwrap();
        let mut text = String::new();
        source.read_to_string(&mut text).unwrap();
        text
    }

    #[test]
    fn utf16_with_and_without_a_byte_order_mark() {
        let text = "[White \"Jiří Šťastný\"]\n1. 22-18 {𝄞} *\n";
        for big_endian in [false, true] {
            for bom in [false, true] {
                assert_eq!(read_all(&utf16(text, big_endian, bom)), text);
            }
        }
        // Other text is read as it is.
        assert_eq!(read_all(text.as_bytes()), text);
        assert_eq!(read_all(b""), "");
        assert_eq!(read_all(b"\xEF\xBB\xBF[a"), "\u{FEFF}[a");
        // NUL beside a control byte is binary junk, not text.
        assert_eq!(read_all(b"\0\x01junk"), "\0\x01junk");
    }
}
