//! Text encodings of PDN files: UTF-8, and Windows-1250 or ISO-8859-2 as older Czech programs
//! write them.

/// The encoding a file's text is decoded with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (also plain ASCII).
    #[default]
    Utf8,
    /// Windows-1250 (Central European).
    Windows1250,
    /// ISO-8859-2 (Latin-2).
    Iso8859_2,
}

/// Decodes the text of one file. Starts as UTF-8; the first text that is not valid UTF-8
/// decides between Windows-1250 (it has bytes 0x80–0x9F, which ISO-8859-2 leaves to control
/// codes) and ISO-8859-2, and that choice holds for the rest of the file.
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    encoding: Encoding,
}

impl Decoder {
    /// The encoding in use.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Decodes `bytes`; returns whether this call switched the file away from UTF-8.
    pub fn decode(&mut self, bytes: &[u8]) -> (String, bool) {
        let mut switched = false;
        if self.encoding == Encoding::Utf8 {
            match std::str::from_utf8(bytes) {
                Ok(s) => return (s.to_string(), false),
                Err(_) => {
                    switched = true;
                    self.encoding = if bytes.iter().any(|b| (0x80..0xA0).contains(b)) {
                        Encoding::Windows1250
                    } else {
                        Encoding::Iso8859_2
                    };
                }
            }
        }
        let enc = match self.encoding {
            Encoding::Windows1250 => encoding_rs::WINDOWS_1250,
            Encoding::Iso8859_2 => encoding_rs::ISO_8859_2,
            Encoding::Utf8 => unreachable!("switched above"),
        };
        let (text, _) = enc.decode_without_bom_handling(bytes);
        (text.into_owned(), switched)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn czech_names_in_three_encodings() {
        let mut d = Decoder::default();
        assert_eq!(d.decode("Šťastný".as_bytes()).0, "Šťastný");
        // "Šťastný" in Windows-1250: Š = 0x8A, ť = 0x9D, ý = 0xFD.
        let mut d = Decoder::default();
        assert_eq!(
            d.decode(&[0x8A, 0x9D, b'a', b's', b't', b'n', 0xFD]),
            ("Šťastný".to_string(), true)
        );
        assert_eq!(d.encoding(), Encoding::Windows1250);
        // In ISO-8859-2: Š = 0xA9, ť = 0xBB.
        let mut d = Decoder::default();
        assert_eq!(
            d.decode(&[0xA9, 0xBB, b'a', b's', b't', b'n', 0xFD]).0,
            "Šťastný"
        );
        assert_eq!(d.encoding(), Encoding::Iso8859_2);
    }
}
