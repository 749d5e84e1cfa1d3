//! Text encodings of PDN files: UTF-8, and the single-byte encodings older programs write:
//! Windows-1250 or ISO-8859-2 (Czech, Slovak and other Central European files) and
//! Windows-1252, which is ISO-8859-1 with letters and signs in 0x80–0x9F (French, Italian and
//! other Western files).
//!
//! Nothing in a file says which single-byte encoding it is in, and the reader decides as it
//! streams, text by text (tag values, comments). Most bytes 0xA0–0xFF mean the same letter in
//! all three (é í á ó ú ý ö ü ç ô…): a text made only of those reads alike whatever is chosen.
//! The others are told apart by what their readings look like: Czech writes č ř ě ů ň ď where
//! Latin-1 has è ø ì ù ò ï, and each language puts its letters in places of its own (French
//! writes è before a consonant and a mute e, "Hélène"; Italian ò at the end of a word,
//! "Niccolò"; Czech ě only after b p v f m d t n, and never before a vowel; a sign such as ©
//! or ¾ inside a word is no letter of any language). Henri Sivonen's `chardetng` (Firefox's
//! detector) was measured on single names and read one in eight of them wrong (Czech
//! "Petr Ďurčo" as Windows-1252, French "Hélène" as Windows-1250): it needs longer text than
//! a tag value, so this module scores the few candidates itself.

use std::fmt;

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
    /// Windows-1252 (Western European); its printable characters include all of ISO-8859-1
    /// (Latin-1), which it reads alike.
    Windows1252,
}

impl Encoding {
    /// The encoding's standard name, as users know it: "UTF-8", "Windows-1250", "ISO-8859-2",
    /// "Windows-1252". It is the same in every language.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Windows1250 => "Windows-1250",
            Encoding::Iso8859_2 => "ISO-8859-2",
            Encoding::Windows1252 => "Windows-1252",
        }
    }

    /// `text` in this encoding, for a game written back into a file that uses it.
    ///
    /// # Errors
    /// The first character the encoding has no byte for (a Chinese name in Windows-1250).
    pub fn encode(self, text: &str) -> Result<Vec<u8>, char> {
        if self == Encoding::Utf8 {
            return Ok(text.as_bytes().to_vec());
        }
        let mut out = Vec::with_capacity(text.len());
        for c in text.chars() {
            let mut buf = [0; 4];
            let (bytes, _, unmappable) = self.decoder().encode(c.encode_utf8(&mut buf));
            if unmappable {
                return Err(c);
            }
            out.extend_from_slice(&bytes);
        }
        Ok(out)
    }

    fn decoder(self) -> &'static encoding_rs::Encoding {
        match self {
            Encoding::Utf8 => encoding_rs::UTF_8,
            Encoding::Windows1250 => encoding_rs::WINDOWS_1250,
            Encoding::Iso8859_2 => encoding_rs::ISO_8859_2,
            Encoding::Windows1252 => encoding_rs::WINDOWS_1252,
        }
    }
}

/// The standard name ([`Encoding::name`]).
impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The single-byte encodings a file may be in, in the order preferred while the text read so
/// far does not tell them apart: Czech files first (this is a program for Czech players), and
/// of them Windows-1250, which Czech programs wrote most.
const CANDIDATES: [Encoding; 3] = [
    Encoding::Windows1250,
    Encoding::Iso8859_2,
    Encoding::Windows1252,
];

/// Candidates still possible, one bit per entry of [`CANDIDATES`].
type Set = u8;
const ALL: Set = 0b111;

fn bit(encoding: Encoding) -> Set {
    match CANDIDATES.iter().position(|&e| e == encoding) {
        Some(i) => 1 << i,
        None => 0,
    }
}

/// Decodes the text of one file. It starts as UTF-8; from the first text that is not valid
/// UTF-8 on, it reads single-byte text, keeping the candidates that the texts so far have not
/// ruled out:
///
/// - A text whose candidates read it differently is read as the one whose reading scores best
///   (see the module documentation); those that read it otherwise are ruled out for the rest of
///   the file. When readings that differ score the same, nothing is ruled out.
/// - A byte in 0x80–0x9F that Windows-1250 reads as a letter or sign but a candidate reads as a
///   control character (ISO-8859-2 has only control characters there; Windows-1252 has none at
///   0x8D, 0x8F and 0x9D, which are Ť, Ź and ť in Windows-1250) rules that candidate out: real
///   text has no control characters. When this rules out every candidate left, the choice
///   made earlier was wrong, and the candidates that this text allows take over: a file taken
///   as ISO-8859-2 whose later text has Windows-1250's Š (0x8A) and ť (0x9D) goes on in
///   Windows-1250.
/// - The encoding in use is the first candidate left (in the order Windows-1250, ISO-8859-2,
///   Windows-1252) unless the one in use is still left: while texts read alike, it stays.
///
/// A byte that even the chosen encoding leaves undefined (such as 0x81) is read as U+FFFD, the
/// replacement character, never as a control character.
#[derive(Clone, Debug)]
pub struct Decoder {
    encoding: Encoding,
    /// The candidates not ruled out yet.
    left: Set,
}

impl Default for Decoder {
    fn default() -> Decoder {
        Decoder {
            encoding: Encoding::Utf8,
            left: ALL,
        }
    }
}

impl Decoder {
    /// The encoding in use.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Decodes `bytes`; returns whether this call changed the encoding in use: the first text
    /// that is not UTF-8, or a later text that shows the single-byte encoding chosen before to
    /// be wrong. Text decoded before is not changed.
    pub fn decode(&mut self, bytes: &[u8]) -> (String, bool) {
        if bytes.is_ascii() {
            // ASCII reads alike in every encoding: it tells nothing.
            return (bytes.iter().map(|&b| b as char).collect(), false);
        }
        if self.encoding == Encoding::Utf8
            && let Ok(s) = std::str::from_utf8(bytes)
        {
            return (s.to_string(), false);
        }
        let before = self.encoding;
        let text = self.choose(bytes);
        (text, self.encoding != before)
    }

    /// Rules candidates out by `bytes`, picks the encoding to read them with, and returns its
    /// reading.
    fn choose(&mut self, bytes: &[u8]) -> String {
        let allowed = CANDIDATES
            .iter()
            .filter(|&&e| !has_foreign_control(e, bytes))
            .fold(0, |set, &e| set | bit(e));
        self.left = match self.left & allowed {
            0 => allowed,
            left => left,
        };
        let mut readings: Vec<(Encoding, String)> = CANDIDATES
            .iter()
            .filter(|&&e| self.left & bit(e) != 0)
            .map(|&e| (e, read(e, bytes)))
            .collect();
        if readings.iter().any(|(_, r)| *r != readings[0].1) {
            let scores: Vec<i32> = readings.iter().map(|(_, r)| plausibility(r)).collect();
            let best = scores.iter().copied().max().unwrap_or(0);
            let winners: Vec<&String> = readings
                .iter()
                .zip(&scores)
                .filter(|&(_, &s)| s == best)
                .map(|((_, r), _)| r)
                .collect();
            if winners.iter().all(|r| *r == winners[0]) {
                self.left = readings
                    .iter()
                    .filter(|(_, r)| r == winners[0])
                    .fold(0, |set, &(e, _)| set | bit(e));
            }
        }
        if self.left & bit(self.encoding) == 0 {
            self.encoding = CANDIDATES
                .into_iter()
                .find(|&e| self.left & bit(e) != 0)
                .unwrap_or(Encoding::Windows1250);
        }
        // The encoding in use is one of those left, which have all been read.
        match readings.iter().position(|&(e, _)| e == self.encoding) {
            Some(i) => readings.swap_remove(i).1,
            None => read(self.encoding, bytes),
        }
    }
}

/// Whether `bytes` have a byte that `encoding` reads as a control character although
/// Windows-1250 reads it as a letter or sign. Windows-1250 itself is never ruled out so: the
/// bytes it leaves undefined (0x81, 0x83, 0x88, 0x90, 0x98) are rare signs at most in the
/// others (ƒ ˆ ˜), not a reason to read the rest of a Czech file as something else.
fn has_foreign_control(encoding: Encoding, bytes: &[u8]) -> bool {
    let undefined: &[u8] = match encoding {
        Encoding::Iso8859_2 => &[
            0x80, 0x82, 0x84, 0x85, 0x86, 0x87, 0x89, 0x8A, 0x8B, 0x8C, 0x8D, 0x8E, 0x8F, 0x91,
            0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x99, 0x9A, 0x9B, 0x9C, 0x9D, 0x9E, 0x9F,
        ],
        Encoding::Windows1252 => &[0x8D, 0x8F, 0x9D],
        Encoding::Windows1250 | Encoding::Utf8 => &[],
    };
    bytes.iter().any(|b| undefined.contains(b))
}

/// `bytes` read in the single-byte `encoding`, with U+FFFD for the bytes it leaves undefined
/// (the WHATWG tables that `encoding_rs` follows give them C1 control characters).
fn read(encoding: Encoding, bytes: &[u8]) -> String {
    let (text, _) = encoding.decoder().decode_without_bom_handling(bytes);
    text.chars()
        .map(|c| {
            if ('\u{80}'..'\u{A0}').contains(&c) {
                char::REPLACEMENT_CHARACTER
            } else {
                c
            }
        })
        .collect()
}

/// Vowels, with the accented ones of the three encodings.
const VOWELS: &str = "aeiouyAEIOUYáéíóúýěůÁÉÍÓÚÝĚŮàèìòùÀÈÌÒÙâêîôûÂÊÎÔÛäëïöüÿÄËÏÖÜŸãõÃÕåÅæÆøØœŒ\
                      ąęĄĘőűŐŰăĂ";

fn is_vowel(c: Option<char>) -> bool {
    c.is_some_and(|c| VOWELS.contains(c))
}

fn is_letter(c: Option<char>) -> bool {
    c.is_some_and(char::is_alphabetic)
}

fn is_consonant(c: Option<char>) -> bool {
    is_letter(c) && !is_vowel(c)
}

/// How much `text` looks like the names and words of real text: the sum over its non-ASCII
/// characters of [`letter_score`] or [`sign_score`]. Only differences between the readings of
/// one text matter.
fn plausibility(text: &str) -> i32 {
    let chars: Vec<char> = text.chars().collect();
    chars
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_ascii())
        .map(|(i, &c)| {
            let prev = i.checked_sub(1).map(|j| chars[j]);
            if c.is_alphabetic() {
                letter_score(c, prev, &chars[i + 1..])
            } else {
                sign_score(c, prev, chars.get(i + 1).copied())
            }
        })
        .sum()
}

/// A sign (not a letter): nothing on its own, but one inside a word is mojibake ("©»astný" is
/// "Šťastný" read in the wrong encoding), except apostrophes and hyphens ("D’Artagnan").
fn sign_score(c: char, prev: Option<char>, next: Option<char>) -> i32 {
    if matches!(c, '’' | '‘' | '‐' | '\u{AD}') {
        return 0;
    }
    match (is_letter(prev), is_letter(next)) {
        (true, true) => -5,
        (true, false) | (false, true) => -2,
        (false, false) => 0,
    }
}

/// A letter `c` after `prev` and before `rest`: how common it is in the languages of the
/// encodings that have it, and whether it stands where those languages put it.
fn letter_score(c: char, prev: Option<char>, rest: &[char]) -> i32 {
    let next = rest.first().copied();
    let at_end = !is_letter(next);
    let mut score = match c {
        // The letters of most of Czech non-ASCII text.
        'č' | 'ř' | 'ě' | 'ů' | 'š' | 'ž' | 'Č' | 'Ř' | 'Ě' | 'Ů' | 'Š' | 'Ž' => 3,
        // Rarer Czech letters, and Slovak ľ.
        'ň' | 'ť' | 'ď' | 'Ň' | 'Ť' | 'Ď' | 'ľ' | 'Ľ' => 2,
        // French and Italian accented vowels, Spanish ñ, French œ.
        'à' | 'è' | 'ì' | 'ò' | 'ù' | 'À' | 'È' | 'Ì' | 'Ò' | 'Ù' | 'ê' | 'û' | 'Ê' | 'Û' | 'ï'
        | 'ë' | 'Ï' | 'Ë' | 'ñ' | 'Ñ' | 'œ' | 'Œ' => 2,
        // Slovak syllabic ŕ ĺ (rare), Icelandic ð þ.
        'ŕ' | 'ĺ' | 'Ŕ' | 'Ĺ' | 'ð' | 'þ' | 'Ð' | 'Þ' => 0,
        // Any other: Polish, Hungarian, Romanian letters of Latin-2, Portuguese and Nordic ones
        // of Latin-1, and those all three have (á é í ó ú ý ä ö ü ç â î ô ß).
        _ => 1,
    };
    // An upper-case letter inside a lower-case word.
    if c.is_uppercase() && prev.is_some_and(char::is_lowercase) {
        score -= 5;
    }
    let lower = c.to_lowercase().next().unwrap_or(c);
    match lower {
        // Grave accents end Italian words ("città", "Niccolò", "Caffè") and stand before
        // consonants in French ("Hélène") and Catalan ("Tomàs"); never before a vowel.
        'à' | 'è' | 'ì' | 'ò' | 'ù' => {
            if is_vowel(next) {
                score -= 4;
            }
            if matches!(lower, 'à' | 'è' | 'ò') && at_end && is_consonant(prev) {
                score += 1;
            }
            if matches!(lower, 'ì' | 'ò' | 'ù') && is_letter(prev) && !at_end {
                score -= 1;
            }
            if lower == 'è' && french_grave_e(rest) {
                score += 2;
            }
        }
        // A diaeresis follows a vowel ("Noël", "Loïc", "Anaïs") and comes before a consonant.
        'ï' | 'ë' => {
            if !is_vowel(prev) {
                score -= 4;
            }
            if is_vowel(next) {
                score -= 3;
            } else if is_vowel(prev) && !at_end {
                score += 1;
            }
        }
        // Romanian ă comes before consonants, Portuguese ã before a vowel ("São", "João").
        'ă' if is_vowel(next) => score -= 3,
        // Czech ends words in č after a vowel ("klíč") or l ("Telč"), not after another
        // consonant as Italian è does ("Caffè").
        'č' if at_end && is_consonant(prev) && prev != Some('l') => score -= 3,
        // Czech writes ě only after b p v f m d t n, and never before a vowel (Italian "-ìa").
        'ě' => {
            if !prev.is_some_and(|p| "bpvfmdtnBPVFMDTN".contains(p)) {
                score -= 4;
            }
            if is_vowel(next) {
                score -= 4;
            }
        }
        // Czech ů follows a consonant ("Růžena", "tahů"), never a vowel (Italian "più").
        'ů' if !is_consonant(prev) => score -= 4,
        // Czech ň ends words after a vowel ("Plzeň", "kůň"), and after a consonant it comes
        // before a vowel ("Mňuk") – not between consonants as ò does in "Mònica" read as
        // Latin-2.
        'ň' => {
            if at_end && is_vowel(prev) {
                score += 1;
            }
            if is_consonant(prev) && !is_vowel(next) {
                score -= 4;
            }
        }
        // Slovak ŕ ĺ are syllables of their own, between consonants ("vŕba", "dĺžka").
        'ŕ' | 'ĺ' if is_vowel(prev) || is_vowel(next) => score -= 4,
        _ => {}
    }
    score
}

/// Whether the French è stands where French puts it: before one to three consonants and a mute
/// e ("Hélène", "Lefèvre", "Lefèbvre"), or before a final s ("Agnès").
fn french_grave_e(rest: &[char]) -> bool {
    let consonants = rest
        .iter()
        .take(3)
        .take_while(|&&c| is_consonant(Some(c)))
        .count();
    if consonants > 0 && rest.get(consonants) == Some(&'e') {
        return true;
    }
    rest.first() == Some(&'s') && !is_letter(rest.get(1).copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    const W1250: Encoding = Encoding::Windows1250;
    const L2: Encoding = Encoding::Iso8859_2;
    const W1252: Encoding = Encoding::Windows1252;

    #[test]
    fn czech_names_in_three_encodings() {
        let mut d = Decoder::default();
        assert_eq!(d.decode("Šťastný".as_bytes()).0, "Šťastný");
        assert_eq!(d.encoding(), Encoding::Utf8);
        // "Šťastný" in Windows-1250: Š = 0x8A, ť = 0x9D, ý = 0xFD.
        let mut d = Decoder::default();
        assert_eq!(
            d.decode(&[0x8A, 0x9D, b'a', b's', b't', b'n', 0xFD]),
            ("Šťastný".to_string(), true)
        );
        assert_eq!(d.encoding(), W1250);
        // In ISO-8859-2: Š = 0xA9, ť = 0xBB.
        let mut d = Decoder::default();
        assert_eq!(
            d.decode(&[0xA9, 0xBB, b'a', b's', b't', b'n', 0xFD]).0,
            "Šťastný"
        );
        assert_eq!(d.encoding(), L2);
    }

    /// `text` encoded by the single-byte `encoding` (its characters must all be in it).
    fn encode(encoding: Encoding, text: &str) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding.decoder().encode(text);
        assert!(!unmappable, "{text} in {encoding}");
        bytes.into_owned()
    }

    #[test]
    fn one_name_decides_the_family() {
        for (encoding, name) in [
            (W1250, "Petr Ďurčo"),
            (W1250, "Jiří Novák"),
            (W1250, "Jan Kůň"),
            (W1250, "Telč"),
            (W1252, "Jérôme Moreàu"),
            (W1252, "Niccolò Brambilla"),
            (W1252, "François Lefèvre"),
            (W1252, "Hélène Cazaux"),
            (W1252, "Jean-Loïc"),
        ] {
            let mut d = Decoder::default();
            assert_eq!(d.decode(&encode(encoding, name)), (name.to_string(), true));
            assert_eq!(d.encoding(), encoding, "{name}");
        }
    }

    #[test]
    fn text_that_reads_alike_decides_nothing() {
        let mut d = Decoder::default();
        // á í é: the same bytes in all three.
        assert_eq!(
            d.decode(&encode(W1252, "Émile Dubois, Zlín")).0,
            "Émile Dubois, Zlín"
        );
        assert_eq!(d.encoding(), W1250);
        // A later French name still reads right, and says that the encoding changed.
        let name = "Thérèse Lefèvre";
        assert_eq!(d.decode(&encode(W1252, name)), (name.to_string(), true));
        assert_eq!(d.encoding(), W1252);
        // And that choice holds.
        assert_eq!(d.decode(&[0xE8]), ("è".to_string(), false));
    }

    #[test]
    fn a_wrong_choice_is_corrected_by_control_bytes_only() {
        // ISO-8859-2, then Windows-1250's Š (0x8A).
        let mut d = Decoder::default();
        d.decode(&encode(L2, "Šťastný"));
        assert_eq!(d.encoding(), L2);
        assert_eq!(d.decode(&encode(L2, "Černý")), ("Černý".to_string(), false));
        let name = "Šimon Šťastný";
        assert_eq!(d.decode(&encode(W1250, name)), (name.to_string(), true));
        assert_eq!(d.encoding(), W1250);
        // Windows-1252, then Windows-1250's ť (0x9D).
        let mut d = Decoder::default();
        d.decode(&encode(W1252, "François Lefèvre"));
        assert_eq!(d.encoding(), W1252);
        let name = "Věra Ťuková, ťukat";
        assert_eq!(d.decode(&encode(W1250, name)), (name.to_string(), true));
        assert_eq!(d.encoding(), W1250);
        // The new choice holds in turn: 0xE8 is now č, no longer è.
        assert_eq!(d.decode(&[0xE8]), ("č".to_string(), false));
    }

    #[test]
    fn no_control_characters() {
        let mut d = Decoder::default();
        d.decode(&encode(W1250, "Dvořák"));
        // 0x81 is undefined in Windows-1250 (and the others); 0x83 is ƒ only in Windows-1252.
        let (text, switched) = d.decode(&[b'a', 0x81, b'b', 0x83]);
        assert_eq!(text, "a\u{FFFD}b\u{FFFD}");
        assert!(!switched);
        assert_eq!(d.encoding(), W1250);
    }

    #[test]
    fn names() {
        let all = [Encoding::Utf8, W1250, L2, W1252];
        let names: Vec<String> = all.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            names,
            ["UTF-8", "Windows-1250", "ISO-8859-2", "Windows-1252"]
        );
    }
}
